"""O portal da transparência (``/transparencia/``, sem login): que editais estão nele e que atos
publicados cada um mostra (Lei 12.527/2011, art. 8º: transparência ativa).

O portal lê o registro dos atos publicados (``AtoPublicado``, docs/ATOS-PUBLICADOS.md) e só ele:
cada ato do edital — o Anexo I, cada versão publicada do resultado de um cargo, cada edital de
convocação, todo tipo da tabela ``TIPOS_DE_ATO`` — em ordem de data, com a referência do Diário
Oficial quando já acrescentada, e o documento como foi guardado (os mesmos bytes). Um tipo novo de
ato aparece aqui sem mudar nada. O que o portal mostra das listas de um resultado está pronto em
``PublicacaoNoPortal`` (``concursos.services.portal``); nada aqui lê a saída do motor.

A data de um ato no portal é a da edição do Diário Oficial em que saiu (a primeira referência
acrescentada); é dela que correm os prazos. Enquanto a referência não é acrescentada, o ato já está
no portal — confirmado, ele é público pelo código impresso — com a data da confirmação e o aviso
"aguardando a publicação no Diário Oficial" (docs/PORTAL.md).

Saída do portal: o edital sai (não o registro) quando termina a validade — a da prorrogação, se
houve — mais ``settings.PORTAL_DIAS_DEPOIS_DA_VALIDADE`` dias (a LGPD e o CNJ pedem que os dados
dos candidatos não fiquem públicos depois do concurso). Sem validade informada, fica no portal. A
verificação pública segue o mesmo prazo: depois dele confirma o ato e o SHA-256 sem entregar o
arquivo (``services.atos.original_disponivel``).
"""

from dataclasses import dataclass
from datetime import date, timedelta

from django.conf import settings
from django.db.models import OuterRef, Subquery
from django.urls import reverse

from comum import relogio

from ..diario_oficial import DiarioOficial
from ..models import AtoPublicado, Edital, PublicacaoNoDiario, Resultado
from ..tipos_de_ato import RESULTADO_PUBLICADO

AGUARDANDO_O_DIARIO = "aguardando a publicação no Diário Oficial"


@dataclass(frozen=True)
class AtoNoPortal:
    """Um ato do registro como o portal o mostra: o tipo (a chave da tabela), o título, a data (a do
    Diário Oficial, quando acrescentada; senão, a da confirmação), o cargo, a referência do Diário
    Oficial (ou o aviso de que ainda não saiu), o número no registro, o documento guardado e, de um
    resultado, a página das listas (``endereco``; dos outros, o próprio documento)."""

    tipo: str
    titulo: str
    data: date
    cargo: str
    diario_oficial: str
    endereco: str
    documento: str
    numero: str
    no_diario: bool
    resultado_id: int | None = None


def fim_no_portal(edital: Edital) -> date | None:
    """O último dia do edital no portal (``None``: sem validade informada, não sai)."""
    if edital.fim_da_validade is None:
        return None
    return edital.fim_da_validade + timedelta(days=settings.PORTAL_DIAS_DEPOIS_DA_VALIDADE)


def no_portal(edital: Edital, hoje: date | None = None) -> bool:
    fim = fim_no_portal(edital)
    return fim is None or (hoje or relogio.hoje()) <= fim


def editais_no_portal(hoje: date | None = None) -> list[Edital]:
    """Os editais com algum ato no registro e ainda no portal, o mais recente primeiro."""
    com_atos = Edital.objects.filter(atos_publicados__isnull=False).distinct()
    return [edital for edital in com_atos if no_portal(edital, hoje)]


def atos_do_registro(edital: Edital):
    """Os atos do edital sem os bytes, com a primeira referência do Diário Oficial anotada (uma consulta)."""
    primeira = PublicacaoNoDiario.objects.filter(ato=OuterRef("pk")).order_by("data", "id")
    return (
        AtoPublicado.objects.filter(edital=edital)
        .defer("conteudo", "editavel")
        .select_related("cargo")
        .annotate(
            diario_edicao=Subquery(primeira.values("edicao")[:1]),
            diario_data=Subquery(primeira.values("data")[:1]),
            diario_pagina=Subquery(primeira.values("pagina")[:1]),
        )
    )


def atos_do_edital(edital: Edital) -> list[AtoNoPortal]:
    """Os atos do registro do edital em ordem de data (o mais antigo primeiro)."""
    atos = sorted(atos_do_registro(edital), key=lambda a: (_data(a), a.confirmado_em, a.pk))
    return [_no_portal(ato) for ato in atos]


def _data(ato: AtoPublicado) -> date:
    return ato.diario_data or relogio.dia_de(ato.confirmado_em)


def _no_portal(ato: AtoPublicado) -> AtoNoPortal:
    documento = reverse("transparencia:ato", args=[ato.pk])
    diario = None
    if ato.diario_data is not None:
        diario = DiarioOficial(ato.diario_edicao, ato.diario_data, ato.diario_pagina)
    de_resultado = ato.tipo == RESULTADO_PUBLICADO and ato.resultado_id is not None
    return AtoNoPortal(
        tipo=ato.tipo,
        titulo=ato.titulo,
        data=_data(ato),
        cargo=str(ato.cargo) if ato.cargo is not None else "",
        diario_oficial=str(diario) if diario is not None else AGUARDANDO_O_DIARIO,
        endereco=reverse("transparencia:resultado", args=[ato.resultado_id]) if de_resultado else documento,
        documento=documento,
        numero=ato.numero_no_ano,
        no_diario=diario is not None,
        resultado_id=ato.resultado_id if de_resultado else None,
    )


def resultados_no_portal():
    """As versões do resultado que o registro tem como publicadas (sem as entradas nem a saída do
    motor, megabytes num cargo grande): as únicas que o portal abre."""
    publicadas = AtoPublicado.objects.filter(tipo=RESULTADO_PUBLICADO).values("resultado_id")
    return (
        Resultado.objects.filter(pk__in=publicadas, status=Resultado.PUBLICADO)
        .defer("cenario", "saida", "diferencas")
        .select_related("cargo")
    )


def ultimos_resultados(edital: Edital) -> list[Resultado]:
    """A última versão publicada (no registro) do resultado de cada cargo do edital, na ordem dos
    cargos: o que o portal mostra como as listas vigentes."""
    ultimos = {}
    for resultado in resultados_no_portal().filter(cargo__edital=edital).order_by("cargo__codigo", "-versao"):
        ultimos.setdefault(resultado.cargo_id, resultado)
    return list(ultimos.values())


# O dicionário de dados abertos (a página ``/transparencia/dados-abertos/``): cada arquivo, cada campo
# e o porquê do que não é dado aberto.
DICIONARIO = {
    "arquivos": [
        {
            "nome": "classificacao-geral.csv / classificacao-geral.json",
            "descricao": "A classificação geral (ampla concorrência, com todos os classificados) de um cargo, como "
            "publicada na versão do resultado.",
            "campos": [
                ("classificacao", "número inteiro", "Posição na classificação geral (1 é o primeiro)."),
                ("inscricao", "texto", "Número de inscrição do candidato."),
                ("nome", "texto", "Nome de uso do candidato (o nome social, quando informado)."),
                (
                    "cpf_mascarado",
                    "texto",
                    "CPF com os três primeiros e os dois últimos dígitos escondidos (***.456.789-**).",
                ),
                (
                    "nota",
                    "número decimal",
                    "Nota final usada na classificação (no CSV com vírgula; no JSON "
                    "como texto com ponto, para não perder casas).",
                ),
            ],
        },
        {
            "nome": "ordem-de-convocacao.csv / ordem-de-convocacao.json",
            "descricao": "A ordem em que os candidatos do cargo são convocados para as vagas, na versão publicada "
            "do resultado.",
            "campos": [
                ("posicao", "número inteiro", "Posição na ordem de convocação (a vaga que o candidato ocupa)."),
                ("inscricao", "texto", "Número de inscrição do candidato."),
                ("nome", "texto", "Nome de uso do candidato."),
                ("cpf_mascarado", "texto", "CPF mascarado, como acima."),
            ],
        },
    ],
    "formato": "CSV separado por ponto e vírgula, UTF-8 com BOM (abre direto no Excel em português); JSON em "
    "UTF-8 com o edital, o cargo, a versão do resultado, a data e a referência do Diário Oficial, a lista "
    "dos campos e as linhas.",
    "fora": [
        "As listas de cada reserva (negros, indígenas, quilombolas, pessoas com deficiência) e a vaga de cada "
        "convocado não são dados abertos: estão publicadas no portal como documentos, página a página, como o "
        "município as publica. Um arquivo legível por máquina com quem é negro ou pessoa com deficiência não "
        "serve à transparência do concurso — a classificação geral e a ordem de convocação bastam para "
        "conferir o resultado — e facilitaria juntar esse dado sensível (LGPD, art. 5º, II, e art. 11) a "
        "outros cadastros.",
        "Nunca são publicados: o CPF inteiro, a cor declarada, o tipo de deficiência, a data de nascimento "
        "nem a conclusão de uma apuração de declaração falsa.",
        "Os arquivos saem do portal com o edital: ao fim da validade do concurso mais o período que o "
        "município configura.",
    ],
}
