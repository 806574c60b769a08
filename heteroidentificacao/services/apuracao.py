"""Apuração de declaração falsa (Art. 2º, §1º): instaurar, notificar, a defesa e a decisão.

É procedimento administrativo, não votação da comissão. Procedente, o candidato sai de todas as
listas: pela anulação (evento do motor de cotas) ou pela opção marcada ``declaracao_falsa``.
"""

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction

import cotas
from comum import relogio
from comum.validacao import somar_dias, validar_data_de_ato, validar_texto
from concursos.atos import Ato
from concursos.models import AtoDeVerificacao, Edital, Inscricao, OpcaoDeGrupo
from concursos.services import EventoRegistrado, registrar_evento, registrar_verificacao
from cotas.modelo import ANULACAO, DECLARACAO_FALSA
from cotas.regimes import grupos_heteroidentificados

from .. import consultas
from ..models import Comissao, ProcessoDeApuracao
from .auditoria import auditar, exigir_permissao, obrigatorio


def _grupos_verificados(edital: Edital) -> set[str]:
    """Grupos cuja autodeclaração é verificada por heteroidentificação neste edital."""
    grupos = set(Comissao.objects.filter(edital=edital).values_list("grupo", flat=True))
    return grupos or set(grupos_heteroidentificados(edital.regime_congelado()))


def _travar_processo(processo: ProcessoDeApuracao) -> ProcessoDeApuracao:
    processo = (
        ProcessoDeApuracao.objects.select_for_update(of=("self",)).select_related("inscricao").get(pk=processo.pk)
    )
    if processo.decisao != ProcessoDeApuracao.EM_ANDAMENTO:
        raise ValidationError(
            f"O processo {processo.numero} já foi decidido ({processo.get_decisao_display().lower()})."
        )
    return processo


def _descrever_processo(processo: ProcessoDeApuracao) -> str:
    return f"processo de apuração #{processo.pk}: {processo.numero}, inscrição {processo.inscricao.numero}"


@transaction.atomic
def instaurar_apuracao(inscricao: Inscricao, *, numero: str, fatos: str, por, instaurado_em=None) -> ProcessoDeApuracao:
    """Instaura o procedimento administrativo; não é votação da comissão."""
    exigir_permissao(por, "heteroidentificacao.add_processodeapuracao", "instaurar apuração de declaração falsa")
    numero = obrigatorio(numero, "numero", "Informe o número do processo.")
    fatos = obrigatorio(fatos, "fatos", "Descreva os fatos apurados.")
    validar_texto(fatos, rotulo="fatos apurados", campo="fatos")
    validar_data_de_ato(instaurado_em, rotulo="instaurado em", campo="instaurado_em")
    if not inscricao.opcoes.filter(grupo__in=_grupos_verificados(inscricao.edital)).exists():
        raise ValidationError(f"A inscrição {inscricao.numero} não se autodeclarou para a reserva verificada.")
    if inscricao.apuracoes.filter(decisao=ProcessoDeApuracao.EM_ANDAMENTO).exists():
        raise ValidationError(f"Já há processo de apuração em andamento para a inscrição {inscricao.numero}.")
    processo = ProcessoDeApuracao.objects.create(
        inscricao=inscricao,
        numero=numero,
        fatos=fatos,
        instaurado_em=instaurado_em or relogio.hoje(),
        instaurado_por=por,
    )
    auditar(
        por,
        "apuracao_instaurada",
        _descrever_processo(processo),
        depois={"numero": numero, "fatos": fatos, "instaurado_em": processo.instaurado_em.isoformat()},
    )
    return processo


@transaction.atomic
def notificar(processo: ProcessoDeApuracao, *, por, notificado_em=None, dias_para_defesa: int = 10):
    """Registra a notificação do candidato e abre o prazo de defesa, em dias corridos contados do
    dia seguinte à notificação (padrão: 10 dias, como o art. 44 da Lei 9.784/1999)."""
    exigir_permissao(por, "heteroidentificacao.change_processodeapuracao", "conduzir a apuração")
    processo = _travar_processo(processo)
    if processo.defesa_apresentada_em:
        raise ValidationError("A defesa já foi apresentada: não há nova notificação neste processo.")
    if dias_para_defesa < 1:
        raise ValidationError({"dias_para_defesa": "O prazo de defesa deve ser de ao menos 1 dia."})
    notificado_em = validar_data_de_ato(notificado_em or relogio.hoje(), rotulo="notificado em", campo="notificado_em")
    if notificado_em < processo.instaurado_em:
        raise ValidationError({"notificado_em": "A notificação não pode ser anterior à instauração."})
    antes = _datas_do_processo(processo)
    processo.notificado_em = notificado_em
    processo.prazo_de_defesa = somar_dias(
        notificado_em, dias_para_defesa, rotulo="prazo de defesa", campo="dias_para_defesa"
    )
    processo.save(update_fields=["notificado_em", "prazo_de_defesa"])
    auditar(por, "apuracao_notificada", _descrever_processo(processo), antes=antes, depois=_datas_do_processo(processo))
    return processo


def _datas_do_processo(processo: ProcessoDeApuracao) -> dict:
    return {
        campo: valor.isoformat() if valor else None
        for campo, valor in (
            ("notificado_em", processo.notificado_em),
            ("prazo_de_defesa", processo.prazo_de_defesa),
            ("defesa_apresentada_em", processo.defesa_apresentada_em),
        )
    }


@transaction.atomic
def registrar_defesa(processo: ProcessoDeApuracao, *, texto: str, por, apresentada_em=None):
    exigir_permissao(por, "heteroidentificacao.change_processodeapuracao", "conduzir a apuração")
    processo = _travar_processo(processo)
    if processo.prazo_de_defesa is None:
        raise ValidationError("O candidato ainda não foi notificado: não há prazo de defesa aberto.")
    if processo.defesa_apresentada_em:
        raise ValidationError("A defesa já foi registrada neste processo.")
    texto = validar_texto(obrigatorio(texto, "defesa", "Informe o texto da defesa."), rotulo="defesa", campo="texto")
    apresentada_em = validar_data_de_ato(
        apresentada_em or relogio.hoje(), rotulo="apresentada em", campo="defesa_apresentada_em"
    )
    if apresentada_em < processo.notificado_em:
        raise ValidationError({"defesa_apresentada_em": "A defesa não pode ser anterior à notificação."})
    if apresentada_em > processo.prazo_de_defesa:
        raise ValidationError(
            {"defesa_apresentada_em": f"Defesa fora do prazo: o prazo terminou em {processo.prazo_de_defesa:%d/%m/%Y}."}
        )
    antes = _datas_do_processo(processo)
    processo.defesa, processo.defesa_apresentada_em = texto, apresentada_em
    processo.save(update_fields=["defesa", "defesa_apresentada_em"])
    depois = {**_datas_do_processo(processo), "defesa": texto}
    auditar(por, "apuracao_defesa", _descrever_processo(processo), antes=antes, depois=depois)
    return processo


@dataclass(frozen=True)
class DecisaoDaApuracao:
    processo: ProcessoDeApuracao
    evento: EventoRegistrado | None  # a anulação registrada, quando houve


@transaction.atomic
def decidir_apuracao(processo: ProcessoDeApuracao, *, decisao: str, fundamentacao: str, por, decidido_em=None):
    """Decide o processo. Procedente: o candidato sai de todas as listas (Art. 2º, §1º) — ver
    ``_eliminar_por_declaracao_falsa``. Só depois do prazo de defesa, salvo se a defesa veio antes."""
    exigir_permissao(por, "heteroidentificacao.change_processodeapuracao", "decidir a apuração")
    processo = _travar_processo(processo)
    if decisao not in (ProcessoDeApuracao.PROCEDENTE, ProcessoDeApuracao.IMPROCEDENTE):
        raise ValidationError({"decisao": "A decisão deve ser procedente ou improcedente."})
    fundamentacao = obrigatorio(fundamentacao, "fundamentacao", "A decisão precisa de fundamentação.")
    validar_texto(fundamentacao, rotulo="fundamentação da decisão", campo="fundamentacao")
    if processo.prazo_de_defesa is None:
        raise ValidationError("O candidato ainda não foi notificado: sem contraditório e ampla defesa não há decisão.")
    decidido_em = validar_data_de_ato(decidido_em or relogio.hoje(), rotulo="decidido em", campo="decidido_em")
    if not processo.defesa_apresentada_em and decidido_em <= processo.prazo_de_defesa:
        raise ValidationError(
            f"O prazo de defesa termina em {processo.prazo_de_defesa:%d/%m/%Y} e a defesa não foi apresentada: "
            "a decisão só pode vir depois dele."
        )
    processo.decisao, processo.fundamentacao = decisao, fundamentacao
    processo.decidido_em, processo.decidido_por = decidido_em, por
    processo.save(update_fields=["decisao", "fundamentacao", "decidido_em", "decidido_por"])
    efeito, evento = ("nenhum", None)
    if decisao == ProcessoDeApuracao.PROCEDENTE:
        efeito, evento = _eliminar_por_declaracao_falsa(processo, por)
    auditar(
        por,
        "apuracao_decidida",
        _descrever_processo(processo),
        antes={"decisao": ProcessoDeApuracao.EM_ANDAMENTO},
        depois={
            "decisao": decisao,
            "fundamentacao": fundamentacao,
            "decidido_em": decidido_em.isoformat(),
            "efeito": efeito,
            "evento": evento.evento.pk if evento else None,
        },
    )
    return DecisaoDaApuracao(processo, evento)


def _eliminar_por_declaracao_falsa(processo: ProcessoDeApuracao, por) -> tuple[str, EventoRegistrado | None]:
    """Tira o candidato de todas as listas; devolve (efeito, evento).

    - Nomeado (na versão mais recente do resultado do cargo) ou já citado por um evento vigente:
      evento ``anulacao`` com o número do processo como documento; o motor o elimina e convoca o
      próximo. A opção não vira ``declaracao_falsa``: o motor exige que o anulado esteja na lista
      geral até o evento, e as duas coisas juntas o fariam recusar o cenário do cargo.
    - Citado por um evento mas já fora da lista geral (desistente, por exemplo): nada muda nas listas.
    - Nos demais casos: a opção pelo grupo vira ``declaracao_falsa`` e o motor o elimina de todas as listas.
    """
    inscricao = processo.inscricao
    cargo = inscricao.cargo
    ato = Ato(documento=processo.numero, data_do_ato=processo.decidido_em)
    if consultas.nomeada(inscricao) or inscricao.eventos.vigentes().exists():
        if not consultas.ativa_na_lista_geral(inscricao):
            return "ja_fora_das_listas", None
        try:
            evento = registrar_evento(
                cargo,
                tipo=ANULACAO,
                inscricao=inscricao,
                ato=ato,
                motivo=f"Declaração falsa constatada no processo {processo.numero} (Art. 2º, §1º).",
                por=por,
            )
        except cotas.ErroDeCotas as erro:
            raise ValidationError(f"O motor de cotas recusou a anulação: {erro}") from erro
        return ANULACAO, evento
    grupos = _grupos_verificados(inscricao.edital)
    feitas = [
        registrar_verificacao(
            inscricao,
            opcao.grupo,
            DECLARACAO_FALSA,
            origem=AtoDeVerificacao.APURACAO,
            por=por,
            ato=ato,
            motivo=f"Declaração falsa constatada no processo {processo.numero} (Art. 2º, §1º).",
        )
        for opcao in OpcaoDeGrupo.objects.select_for_update().filter(inscricao=inscricao, grupo__in=grupos)
    ]
    # Cargo já publicado: cada opção vira uma revisão de verificação (docs/REGRAS.md §8); a última traz a versão.
    eventos = [f.evento for f in feitas if f.evento is not None]
    return DECLARACAO_FALSA, eventos[-1] if eventos else None
