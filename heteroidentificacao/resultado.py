"""O resultado da heteroidentificação (só leitura): quem a comissão ordinária julgou, a decisão
depois do recurso, a situação do recurso, o placar como telas e documentos o mostram, o cabimento
do recurso e quando o resultado definitivo pode sair.

A tela de resultado do admin e os PDFs (``pdf.py``) só desenham o que sai daqui.
"""

from dataclasses import dataclass
from datetime import date

from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.utils import timezone

from comum.exibicao import data
from concursos.models import Edital
from cotas import quorum

from . import consultas
from .models import Chamado, Comissao, Recurso, Sessao


def placar(chamado: Chamado) -> str:
    """ "3 a 2" (confirmação a não confirmação); "—" antes do encerramento e para o ausente."""
    if chamado.sessao.status != Sessao.ENCERRADA or chamado.decisao == quorum.AUSENTE:
        return "—"
    return chamado.decisao_colegiada.placar


def decisao_recorrida(julgamento: Chamado) -> Chamado | None:
    """Na comissão recursal: a decisão da ordinária que o julgamento revê (``None`` se não há)."""
    try:
        return julgamento.recurso_julgado.chamado
    except ObjectDoesNotExist:
        return None


def comissoes_ordinarias(alvo: Comissao | Edital) -> list[Comissao]:
    """As comissões ordinárias do edital, ou a ordinária do edital e grupo da comissão informada."""
    if isinstance(alvo, Edital):
        comissoes = list(alvo.comissoes.filter(tipo=Comissao.ORDINARIA).select_related("edital").order_by("grupo"))
    else:
        filtro = {"edital_id": alvo.edital_id, "grupo": alvo.grupo, "tipo": Comissao.ORDINARIA}
        comissoes = list(Comissao.objects.filter(**filtro).select_related("edital"))
    if not comissoes:
        raise ValidationError("O edital não tem comissão ordinária de heteroidentificação: não há resultado.")
    return comissoes


@dataclass(frozen=True)
class LinhaDoResultado:
    """Uma inscrição julgada pela comissão ordinária: a decisão dela (preliminar) e o recurso."""

    chamado: Chamado  # o último julgamento da inscrição pela comissão ordinária
    recurso: Recurso | None

    @property
    def julgamento(self) -> Chamado | None:
        """O recurso na pauta da comissão recursal, se já foi chamado."""
        return self.recurso.julgamento if self.recurso else None

    @property
    def julgado(self) -> bool:
        julgamento = self.julgamento
        return (
            julgamento is not None
            and julgamento.sessao.status == Sessao.ENCERRADA
            and julgamento.decisao != quorum.PENDENTE
        )

    @property
    def decisao_final(self) -> str:
        """A decisão depois do recurso: a da recursal, se julgou; senão, a da ordinária."""
        return self.julgamento.decisao if self.julgado else self.chamado.decisao

    @property
    def recurso_pendente(self) -> bool:
        return self.recurso is not None and not self.julgado

    @property
    def situacao_do_recurso(self) -> str:
        julgamento = self.julgamento
        if self.recurso is None:
            return "não"
        if self.julgado:
            provido = julgamento.decisao == quorum.CONFIRMADO
            return f"sim — {'provido' if provido else 'não provido'} ({placar(julgamento)})"
        if julgamento is None:
            return "sim — aguardando pauta da comissão recursal"
        if julgamento.sessao.status == Sessao.ENCERRADA:
            return "sim — sem quórum na comissão recursal; aguardando nova pauta"
        return f"sim — em pauta na sessão de {data(julgamento.sessao.inicio)}"


def linhas_do_resultado(comissao: Comissao) -> list[LinhaDoResultado]:
    """Uma linha por inscrição julgada pela comissão ordinária (sessões encerradas). Quem foi
    chamado de novo (pendente sem quórum) aparece pelo último julgamento."""
    chamados = (
        Chamado.objects.filter(sessao__comissao_id=comissao.pk, sessao__status=Sessao.ENCERRADA)
        .select_related("inscricao__candidato", "inscricao__cargo", "sessao", "recurso__julgamento__sessao")
        .order_by("inscricao__cargo__codigo", "inscricao__numero", "sessao__encerrada_em", "id")
    )
    ultimos = {}
    for chamado in chamados:
        ultimos[chamado.inscricao_id] = chamado
    return [LinhaDoResultado(chamado, getattr(chamado, "recurso", None)) for chamado in ultimos.values()]


def exigir_recursos_julgados(linhas: list[LinhaDoResultado]) -> None:
    """O resultado definitivo só sai sem recurso pendente e sem prazo de recurso aberto."""
    pendentes = [linha.chamado.inscricao.numero for linha in linhas if linha.recurso_pendente]
    if pendentes:
        raise ValidationError(
            f"Há recurso ainda não julgado (inscrições {', '.join(pendentes)}): o resultado definitivo sai "
            "depois do julgamento pela comissão recursal."
        )
    hoje = timezone.localdate()
    abertos = []
    for linha in linhas:
        chamado = linha.chamado
        if chamado.decisao == quorum.NAO_CONFIRMADO and linha.recurso is None:
            fim = consultas.prazo_de_recurso(chamado)[1]
            if fim >= hoje:
                abertos.append(f"{chamado.inscricao.numero} (até {fim:%d/%m/%Y})")
    if abertos:
        raise ValidationError(f"O prazo de recurso ainda está aberto para as inscrições {', '.join(abertos)}.")


def prazos_de_recurso(comissao: Comissao) -> list[tuple[Sessao, date, date]]:
    """Cada sessão encerrada da comissão com o dia do encerramento e o último dia do recurso."""
    sessoes = comissao.sessoes.filter(status=Sessao.ENCERRADA).order_by("encerrada_em", "id")
    return [
        (sessao, consultas.data_do_encerramento(sessao), consultas.prazo_de_recurso_da_sessao(sessao)[1])
        for sessao in sessoes
    ]


def cabimento_do_recurso(chamado: Chamado) -> str:
    """O que o candidato pode fazer contra a decisão (para o PDF dos pareceres dele)."""
    comissao = chamado.sessao.comissao
    if comissao.tipo == Comissao.RECURSAL:
        if chamado.decisao == quorum.PENDENTE:
            return "Recurso sem quórum na comissão recursal: vale a decisão recorrida até novo julgamento."
        return "Decisão da comissão recursal: não cabe novo recurso."
    if chamado.decisao == quorum.NAO_CONFIRMADO:
        inicio, fim = consultas.prazo_de_recurso(chamado)
        return (
            f"Cabe recurso à comissão recursal no prazo de {comissao.prazo_de_recurso_dias} dia(s) corrido(s), "
            f"de {inicio:%d/%m/%Y} a {fim:%d/%m/%Y}. A não confirmação, sem constatação de má-fé, não elimina do "
            "concurso: o candidato permanece na lista de ampla concorrência, de acordo com a sua classificação "
            "(Art. 2º, §2º)."
        )
    if chamado.decisao == quorum.CONFIRMADO:
        return "Autodeclaração confirmada: não há recurso a apresentar."
    if chamado.decisao == quorum.AUSENTE:
        return "O candidato não compareceu ao procedimento; a ausência não é juízo sobre o fenótipo e tem o efeito previsto no edital."
    return "Sem quórum: o candidato será chamado a uma nova sessão."
