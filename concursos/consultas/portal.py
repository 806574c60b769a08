"""O portal da transparência (``/transparencia/``, sem login): que editais estão nele e que atos
publicados cada um mostra (Lei 12.527/2011, art. 8º: transparência ativa).

``atos_do_edital`` é a fachada por onde o portal lê os atos: hoje ela junta o que já existe
publicado — cada versão publicada do resultado de um cargo e cada edital de convocação guardado
(com o PDF como saiu); quando o registro único dos atos publicados existir, ela passa a lê-lo, e
o portal não muda. Nada aqui lê a saída do motor: o que o portal mostra das listas está pronto em
``PublicacaoNoPortal`` (``concursos.services.portal``).

Saída do portal: o edital sai (não o registro) quando termina a validade — a da prorrogação, se
houve — mais ``settings.PORTAL_DIAS_DEPOIS_DA_VALIDADE`` dias (a LGPD e o CNJ pedem que os dados
dos candidatos não fiquem públicos depois do concurso). Sem validade informada, fica no portal.
"""

from dataclasses import dataclass
from datetime import date, timedelta

from django.conf import settings
from django.db.models import Q
from django.urls import reverse

from comum import relogio

from ..models import AtoDeConvocacao, Edital, Resultado

RESULTADO = "resultado"
CONVOCACAO = "convocacao"


@dataclass(frozen=True)
class AtoNoPortal:
    """Um ato publicado como o portal o mostra: o tipo, o título, a data da publicação (a do Diário
    Oficial, quando informada), o cargo, a referência do Diário Oficial e onde vê-lo no portal (as
    listas de um resultado, o PDF de um edital de convocação)."""

    tipo: str
    titulo: str
    data: date
    cargo: str
    diario_oficial: str
    endereco: str
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
    """Os editais com algum ato publicado e ainda no portal, o mais recente primeiro."""
    com_atos = Edital.objects.filter(
        Q(cargos__resultados__status=Resultado.PUBLICADO) | Q(cargos__atos_de_convocacao__isnull=False)
    ).distinct()
    return [edital for edital in com_atos if no_portal(edital, hoje)]


def atos_do_edital(edital: Edital) -> list[AtoNoPortal]:
    """Os atos publicados do edital em ordem de data (o mais antigo primeiro)."""
    atos = [_do_resultado(r) for r in _resultados_publicados(edital)]
    atos += [_da_convocacao(a) for a in _atos_de_convocacao(edital)]
    return sorted(atos, key=lambda ato: (ato.data, ato.tipo != RESULTADO, ato.cargo, ato.titulo))


def _resultados_publicados(edital):
    # Sem as entradas nem a saída do motor (megabytes num cargo grande): o portal não as lê aqui.
    return (
        Resultado.objects.filter(cargo__edital=edital, status=Resultado.PUBLICADO)
        .defer("cenario", "saida", "diferencas")
        .select_related("cargo")
    )


def _atos_de_convocacao(edital):
    return AtoDeConvocacao.objects.filter(cargo__edital=edital).defer("pdf").select_related("cargo")


def _do_resultado(resultado: Resultado) -> AtoNoPortal:
    diario = resultado.diario_oficial
    return AtoNoPortal(
        tipo=RESULTADO,
        titulo=f"Resultado — versão {resultado.versao}",
        data=diario.data if diario is not None else relogio.dia_de(resultado.publicado_em),
        cargo=str(resultado.cargo),
        diario_oficial=str(diario) if diario is not None else "",
        endereco=reverse("transparencia:resultado", args=[resultado.pk]),
        resultado_id=resultado.pk,
    )


def _da_convocacao(ato: AtoDeConvocacao) -> AtoNoPortal:
    return AtoNoPortal(
        tipo=CONVOCACAO,
        titulo=f"Edital de convocação nº {ato.numero}",
        data=ato.data,
        cargo=str(ato.cargo),
        diario_oficial="",
        endereco=reverse("transparencia:convocacao_pdf", args=[ato.pk]),
    )


def ultimos_resultados(edital: Edital) -> list[Resultado]:
    """A última versão publicada do resultado de cada cargo do edital (sem a saída do motor), na
    ordem dos cargos: o que o portal mostra como as listas vigentes."""
    ultimos = {}
    for resultado in _resultados_publicados(edital).order_by("cargo__codigo", "-versao"):
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
