"""O resultado da heteroidentificação (só leitura): quem a comissão ordinária julgou, a decisão
depois do recurso, a situação do recurso, o placar como telas e documentos o mostram, o cabimento
do recurso e quando o resultado definitivo pode sair.

A tela de resultado do admin e os PDFs (``pdf.py``) só desenham o que sai daqui.
"""

from dataclasses import dataclass
from datetime import timedelta

from django.core.exceptions import ValidationError

from comum import relogio
from comum.exibicao import data, data_com_o_dia_da_semana
from comum.mensagens import quantos
from concursos.models import Edital, Inscricao
from cotas import quorum
from cotas.modelo import DECLARACAO_FALSA

from . import consultas
from .models import Chamado, Comissao, ProcessoDeApuracao, Recurso, Sessao


def placar(chamado: Chamado) -> str:
    """ "3 a 2" (confirmação a não confirmação); "—" antes do encerramento e para o ausente."""
    if chamado.sessao.status != Sessao.ENCERRADA or chamado.decisao == quorum.AUSENTE:
        return "—"
    return chamado.decisao_colegiada.placar


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
    """Uma inscrição do resultado: o último julgamento pela comissão ordinária (preliminar), o
    recurso e, se houve, o processo que constatou a declaração falsa (Art. 2º, §1º)."""

    chamado: Chamado | None  # o último julgamento da inscrição pela comissão ordinária (None: nunca julgada)
    recurso: Recurso | None
    apuracao: ProcessoDeApuracao | None = None  # processo procedente
    inscricao_sem_julgamento: Inscricao | None = None  # só quando ``chamado`` é None

    @property
    def inscricao(self) -> Inscricao:
        return self.chamado.inscricao if self.chamado else self.inscricao_sem_julgamento

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
        """A declaração falsa constatada em processo, se houve; senão a decisão depois do recurso:
        a da recursal, se julgou; senão, a da ordinária."""
        if self.apuracao is not None:
            return DECLARACAO_FALSA
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
    """Uma linha por inscrição julgada pela comissão ordinária (sessões encerradas) — quem foi
    chamado de novo (pendente sem quórum) aparece pelo último julgamento — e uma por inscrição com
    declaração falsa constatada em processo que a comissão não chegou a julgar."""
    chamados = (
        Chamado.objects.filter(sessao__comissao_id=comissao.pk, sessao__status=Sessao.ENCERRADA)
        .select_related("inscricao__candidato", "inscricao__cargo", "sessao", "recurso__julgamento__sessao")
        .order_by("inscricao__cargo__codigo", "inscricao__numero", "sessao__encerrada_em", "id")
    )
    ultimos = {}
    for chamado in chamados:
        ultimos[chamado.inscricao_id] = chamado
    apuracoes = {
        p.inscricao_id: p
        for p in ProcessoDeApuracao.objects.filter(
            decisao=ProcessoDeApuracao.PROCEDENTE,
            inscricao__edital_id=comissao.edital_id,
            inscricao__opcoes__grupo=comissao.grupo,
        )
        .select_related("inscricao__candidato", "inscricao__cargo")
        .order_by("decidido_em", "id")
    }
    linhas = [
        LinhaDoResultado(chamado, getattr(chamado, "recurso", None), apuracoes.get(inscricao_id))
        for inscricao_id, chamado in ultimos.items()
    ]
    linhas += [
        LinhaDoResultado(None, None, processo, processo.inscricao)
        for inscricao_id, processo in apuracoes.items()
        if inscricao_id not in ultimos
    ]
    return sorted(linhas, key=lambda linha: (linha.inscricao.cargo.codigo, linha.inscricao.numero))


def candidatos_pendentes(comissao: Comissao, linhas: list[LinhaDoResultado]) -> list[str]:
    """As inscrições ainda sem decisão da comissão ordinária, com o motivo, para a recusa do
    resultado definitivo. Pendente é quem (docs/HETEROIDENTIFICACAO.md, "Resultado definitivo"):

    - está chamado a uma sessão da comissão que ainda não foi encerrada (planejada ou aberta);
    - teve como último julgamento "pendente" (sem quórum) e não foi julgado de novo;
    - optou pelo grupo, está classificado, a verificação está pendente e a regra da comissão manda
      chamá-lo (``consultas.candidatos_a_chamar``: todos, ou os N primeiros da lista), mas nunca foi
      chamado.

    Quem teve a declaração falsa constatada não é pendente (a opção saiu de "pendente")."""
    motivos: dict[str, str] = {}
    em_sessao = (
        Chamado.objects.filter(sessao__comissao_id=comissao.pk)
        .exclude(sessao__status=Sessao.ENCERRADA)
        .select_related("inscricao", "sessao")
        .order_by("inscricao__numero")
    )
    for chamado in em_sessao:
        motivos[chamado.inscricao.numero] = f"chamada à sessão de {data(chamado.sessao.inicio)}, ainda não encerrada"
    for linha in linhas:
        numero = linha.inscricao.numero
        if linha.chamado is not None and linha.chamado.decisao == quorum.PENDENTE and linha.apuracao is None:
            motivos.setdefault(numero, "sem quórum, aguardando nova sessão")
    for inscricao in consultas.candidatos_a_chamar(comissao):
        motivos.setdefault(inscricao.numero, "ainda não chamada pela comissão")
    return [f"{numero} ({motivo})" for numero, motivo in sorted(motivos.items())]


def exigir_resultado_definitivo(comissao: Comissao, linhas: list[LinhaDoResultado]) -> None:
    """O resultado definitivo só sai sem candidato pendente, sem recurso pendente e sem prazo de
    recurso aberto. Recusa com todas as inscrições que faltam, nomeadas."""
    problemas = []
    pendentes = candidatos_pendentes(comissao, linhas)
    if pendentes:
        problemas.append(
            f"Há candidato ainda sem decisão da comissão (inscrições {', '.join(pendentes)}): o resultado "
            "definitivo sai depois que todos forem julgados."
        )
    try:
        exigir_recursos_julgados(linhas)
    except ValidationError as erro:
        problemas += erro.messages
    if problemas:
        raise ValidationError(" ".join(problemas))


def exigir_recursos_julgados(linhas: list[LinhaDoResultado]) -> None:
    """Sem recurso pendente e sem prazo de recurso aberto."""
    pendentes = [linha.inscricao.numero for linha in linhas if linha.recurso_pendente]
    if pendentes:
        raise ValidationError(
            f"Há recurso ainda não julgado (inscrições {', '.join(pendentes)}): o resultado definitivo sai "
            "depois do julgamento pela comissão recursal."
        )
    hoje = relogio.hoje()
    abertos, sem_publicacao = [], []
    for linha in linhas:
        chamado = linha.chamado
        if chamado is not None and chamado.decisao == quorum.NAO_CONFIRMADO and linha.recurso is None:
            if linha.apuracao is not None:
                continue  # a declaração falsa constatada decide, com ou sem recurso
            prazo = consultas.prazo_de_recurso(chamado)
            if prazo is None:
                sem_publicacao.append(chamado.inscricao.numero)
            elif prazo[1] >= hoje:
                abertos.append(f"{chamado.inscricao.numero} (até {prazo[1]:%d/%m/%Y})")
    problemas = []
    if sem_publicacao:
        problemas.append(
            f"O resultado preliminar ainda não foi publicado para as inscrições {', '.join(sem_publicacao)}: o "
            "prazo de recurso corre da publicação (registre-a na sessão, docs/REGRAS.md §10)."
        )
    if abertos:
        problemas.append(f"O prazo de recurso ainda está aberto para as inscrições {', '.join(abertos)}.")
    if problemas:
        raise ValidationError(" ".join(problemas))


def prazos_de_recurso(comissao: Comissao) -> list[str]:
    """O prazo de recurso de cada sessão encerrada da comissão, para o resultado preliminar."""
    sessoes = comissao.sessoes.filter(status=Sessao.ENCERRADA).order_by("encerrada_em", "id")
    return [descrever_prazo(sessao) for sessao in sessoes]


def descrever_prazo(sessao: Sessao) -> str:
    dias = quantos(sessao.comissao.prazo_de_recurso_dias, "dia", "dias")
    prazo = consultas.prazo_de_recurso_da_sessao(sessao)
    if sessao.resultado_preliminar_publicado_em:
        publicado = sessao.resultado_preliminar_publicado_em
        return (
            f"Sessão de {data(sessao.inicio)}, resultado preliminar publicado em {publicado:%d/%m/%Y}: recurso até "
            f"{data_com_o_dia_da_semana(prazo[1])}{_prorrogado(sessao)}."
        )
    encerramento = consultas.data_do_encerramento(sessao)
    if prazo is None:
        return (
            f"Sessão de {data(sessao.inicio)}, encerrada em {encerramento:%d/%m/%Y}: recurso em {dias} "
            "contados da publicação deste resultado."
        )
    return f"Sessão de {data(sessao.inicio)}, encerrada em {encerramento:%d/%m/%Y}: recurso até {prazo[1]:%d/%m/%Y}."


def _prorrogado(sessao: Sessao) -> str:
    """Quando o último dia dos dias corridos caiu em dia sem expediente e o prazo foi ao dia útil seguinte."""
    corrido = sessao.resultado_preliminar_publicado_em + timedelta(days=sessao.comissao.prazo_de_recurso_dias)
    if sessao.prazo_de_recurso_ate == corrido:
        return ""
    return f" ({data_com_o_dia_da_semana(corrido)} é dia sem expediente: o prazo vai ao primeiro dia útil seguinte)"


def cabimento_do_recurso(chamado: Chamado) -> str:
    """O que o candidato pode fazer contra a decisão (para o PDF dos pareceres dele)."""
    comissao = chamado.sessao.comissao
    if comissao.tipo == Comissao.RECURSAL:
        if chamado.decisao == quorum.PENDENTE:
            return "Recurso sem quórum na comissão recursal: vale a decisão recorrida até novo julgamento."
        return "Decisão da comissão recursal: não cabe novo recurso."
    if chamado.decisao == quorum.NAO_CONFIRMADO:
        return (
            f"Cabe recurso à comissão recursal {_texto_do_prazo(chamado)}. A não confirmação, sem constatação de "
            "má-fé, não elimina do concurso: o candidato permanece na lista de ampla concorrência, de acordo com a "
            "sua classificação (Art. 2º, §2º)."
        )
    if chamado.decisao == quorum.CONFIRMADO:
        return "Autodeclaração confirmada: não há recurso a apresentar."
    if chamado.decisao == quorum.AUSENTE:
        return "O candidato não compareceu ao procedimento; a ausência não é juízo sobre o fenótipo e tem o efeito previsto no edital."
    return "Sem quórum: o candidato será chamado a uma nova sessão."


def _texto_do_prazo(chamado: Chamado) -> str:
    sessao = chamado.sessao
    dias = quantos(sessao.comissao.prazo_de_recurso_dias, "dia", "dias")
    prazo = consultas.prazo_de_recurso(chamado)
    if prazo is None:
        return (
            f"no prazo de {dias} contados da publicação do resultado preliminar, excluído o dia da "
            "publicação (se terminar em dia sem expediente, vai ao primeiro dia útil seguinte)"
        )
    inicio, fim = prazo
    if sessao.resultado_preliminar_publicado_em is None:
        return f"no prazo de {dias} corridos, de {inicio:%d/%m/%Y} a {fim:%d/%m/%Y}"
    publicado = sessao.resultado_preliminar_publicado_em
    return (
        f"no prazo de {dias} contados da publicação do resultado preliminar em {publicado:%d/%m/%Y}, "
        f"de {inicio:%d/%m/%Y} a {data_com_o_dia_da_semana(fim)} (prorrogado ao primeiro dia útil, se terminar em "
        "dia sem expediente)"
    )
