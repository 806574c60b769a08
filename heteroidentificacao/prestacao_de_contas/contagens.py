"""Relatório de prestação de contas do edital (docs/PRESTACAO-DE-CONTAS.md): as vagas reservadas de
cada cargo (``concursos.consultas.prestacao_de_contas``, da saída do motor publicada), os desfechos da
heteroidentificação, os processos de declaração falsa e as sessões — só contagens, nenhum dado de
pessoa.

Mora na heteroidentificação porque junta os dois apps (as dependências correm
``heteroidentificacao → concursos``; docs/ESTILO.md §6).

Duas versões: a **interna** (RH e auditor, na tela) com as contagens exatas, e a **pública** (a que se
publica ou se entrega ao Ministério Público, à Defensoria, ao TCE-ES e ao conselho), em que toda
contagem de pessoas de 1 a 4 sai como "< 5" e o que permitiria calculá-la pelos totais sai como "X"
(LGPD, art. 11: cor/raça e deficiência são dados sensíveis, e uma contagem de 1 numa sessão aponta a
pessoa). O 0 continua 0. Aqui só se contam os números; a supressão é das tabelas
(``tabelas``, com ``comum.supressao``).
"""

from dataclasses import dataclass, field

from django.db.models import Count

from comum.exibicao import data
from concursos.consultas.prestacao_de_contas import CargoNaPrestacao, cargos_na_prestacao
from concursos.models import AtoDeVerificacao, Edital, Evento, OpcaoDeGrupo
from cotas import quorum
from cotas.eventos import SAI_DAS_LISTAS, TIPOS_DE_EVENTO, VAI_AO_FINAL
from cotas.modelo import AUSENTE, CONFIRMADO, DECLARACAO_FALSA, NAO_CONFIRMADO, PENDENTE
from cotas.regimes import grupos_heteroidentificados, rotulo_do_grupo

from ..models import Chamado, Comissao, ProcessoDeApuracao, Recurso, Sessao

# A verificação pendente de quem já saiu de todas as listas (desistência, não posse, anulação,
# declaração falsa) ou das listas dos grupos (final de lista): não muda mais lista nenhuma nem pode ser
# decidida (a revisão de quem saiu é recusada; docs/REGRAS.md §8), e não é uma pendência.
SAIU_ANTES = "saiu_antes"
SITUACOES = (CONFIRMADO, NAO_CONFIRMADO, AUSENTE, PENDENTE, SAIU_ANTES, DECLARACAO_FALSA)
DECISOES_DA_SESSAO = (quorum.CONFIRMADO, quorum.NAO_CONFIRMADO, quorum.AUSENTE, quorum.PENDENTE)


@dataclass(frozen=True)
class Autodeclaracoes:
    """As opções de um grupo heteroidentificado no edital, pela verificação vigente de cada uma."""

    grupo: str
    total: int
    por_situacao: dict  # situação → contagem (as pendentes de quem saiu das listas em ``SAIU_ANTES``)
    recursos_apresentados: int
    recursos_aguardando: int
    providos_em_recurso: int
    nao_providos_em_recurso: int

    @property
    def rotulo(self) -> str:
        return rotulo_do_grupo(self.grupo)


@dataclass(frozen=True)
class Apuracoes:
    instauradas: int
    em_andamento: int
    procedentes: int
    improcedentes: int

    @property
    def decididas(self) -> int:
        return self.procedentes + self.improcedentes


@dataclass(frozen=True)
class SessaoNaPrestacao:
    data: str
    comissao: str
    grupo: str
    situacao: str
    chamados: int
    encerrada: bool
    por_decisao: dict = field(default_factory=dict)  # só nas encerradas


@dataclass(frozen=True)
class Prestacao:
    edital: Edital
    cargos: list[CargoNaPrestacao]
    autodeclaracoes: list[Autodeclaracoes]
    apuracoes: Apuracoes
    sessoes: list[SessaoNaPrestacao]


def prestacao_de_contas(edital: Edital) -> Prestacao:
    grupos = grupos_heteroidentificados(edital.regime_congelado())
    fora = fora_das_listas(edital)
    return Prestacao(
        edital=edital,
        cargos=cargos_na_prestacao(edital),
        autodeclaracoes=[autodeclaracoes(edital, grupo, fora) for grupo in grupos],
        apuracoes=apuracoes(edital),
        sessoes=sessoes(edital),
    )


def situacoes_vigentes(edital: Edital, grupo: str | None = None) -> dict:
    """Inscrição → a verificação vigente da opção pelo grupo: a do último ato de verificação (que,
    depois da publicação do cargo, vira evento de revisão e não muda a opção; docs/REGRAS.md §8),
    ou a da opção, sem ato. Sem ``grupo``: (inscrição, grupo) → verificação, de todas as opções."""
    opcoes = OpcaoDeGrupo.objects.filter(inscricao__edital=edital)
    atos = AtoDeVerificacao.objects.filter(inscricao__edital=edital).order_by("registrado_em", "id")
    if grupo is not None:
        opcoes, atos = opcoes.filter(grupo=grupo), atos.filter(grupo=grupo)
    vigentes = {(i, g): situacao for i, g, situacao in opcoes.values_list("inscricao_id", "grupo", "situacao")}
    for chave in atos.values_list("inscricao_id", "grupo", "situacao"):
        if chave[:2] in vigentes:
            vigentes[chave[:2]] = chave[2]
    if grupo is not None:
        return {inscricao: situacao for (inscricao, _), situacao in vigentes.items()}
    return vigentes


def fora_das_listas(edital: Edital) -> set[int]:
    """As inscrições que uma verificação pendente não alcança mais: as que um evento vigente tirou de
    todas as listas ou das listas dos grupos (desistência, não posse, anulação, final de lista) e as
    eliminadas por declaração falsa em algum grupo (Art. 2º, §1º). Nenhuma está entre as
    ``pendencias`` do motor, que são as pendentes numa lista de grupo depois do último evento
    (docs/REGRAS.md §8)."""
    tipos = [tipo for tipo, t in TIPOS_DE_EVENTO.items() if t.efeito in (SAI_DAS_LISTAS, VAI_AO_FINAL)]
    saidas = Evento.objects.vigentes().filter(cargo__edital=edital, tipo__in=tipos, inscricao__isnull=False)
    fora = set(saidas.values_list("inscricao_id", flat=True))
    return fora | {i for (i, _), situacao in situacoes_vigentes(edital).items() if situacao == DECLARACAO_FALSA}


def autodeclaracoes(edital: Edital, grupo: str, fora: set[int] | None = None) -> Autodeclaracoes:
    """``fora``: ``fora_das_listas(edital)``, lido uma vez para todos os grupos."""
    vigentes = situacoes_vigentes(edital, grupo)
    fora = fora_das_listas(edital) if fora is None else fora
    por_situacao = {situacao: 0 for situacao in SITUACOES}
    for inscricao, situacao in vigentes.items():
        if situacao == PENDENTE and inscricao in fora:
            situacao = SAIU_ANTES
        por_situacao[situacao] = por_situacao.get(situacao, 0) + 1
    recursos = Recurso.objects.filter(chamado__sessao__comissao__edital=edital, chamado__sessao__comissao__grupo=grupo)
    decididos = recursos.filter(
        julgamento__sessao__status=Sessao.ENCERRADA, julgamento__decisao__in=(quorum.CONFIRMADO, quorum.NAO_CONFIRMADO)
    )
    do_recurso = AtoDeVerificacao.objects.filter(
        inscricao__edital=edital, grupo=grupo, origem=AtoDeVerificacao.RECURSO
    ).values("situacao")
    julgados = {linha["situacao"]: linha["n"] for linha in do_recurso.annotate(n=Count("inscricao", distinct=True))}
    return Autodeclaracoes(
        grupo=grupo,
        total=len(vigentes),
        por_situacao=por_situacao,
        recursos_apresentados=recursos.count(),
        recursos_aguardando=recursos.count() - decididos.count(),
        providos_em_recurso=julgados.get(CONFIRMADO, 0),
        nao_providos_em_recurso=julgados.get(NAO_CONFIRMADO, 0),
    )


def apuracoes(edital: Edital) -> Apuracoes:
    contagem = dict(
        ProcessoDeApuracao.objects.filter(inscricao__edital=edital)
        .values("decisao")
        .annotate(n=Count("pk"))
        .values_list("decisao", "n")
    )
    return Apuracoes(
        instauradas=sum(contagem.values()),
        em_andamento=contagem.get(ProcessoDeApuracao.EM_ANDAMENTO, 0),
        procedentes=contagem.get(ProcessoDeApuracao.PROCEDENTE, 0),
        improcedentes=contagem.get(ProcessoDeApuracao.IMPROCEDENTE, 0),
    )


def sessoes(edital: Edital) -> list[SessaoNaPrestacao]:
    """Cada sessão do edital, da mais antiga à mais nova; os desfechos só das encerradas (antes do
    encerramento não há decisão, e o sigilo dos pareceres vale; docs/HETEROIDENTIFICACAO.md)."""
    linhas = Sessao.objects.filter(comissao__edital=edital).select_related("comissao").order_by("inicio", "pk")
    contagens: dict[int, dict] = {}
    por_decisao = Chamado.objects.filter(sessao__comissao__edital=edital).values("sessao_id", "decisao")
    for linha in por_decisao.annotate(n=Count("pk")):
        contagens.setdefault(linha["sessao_id"], {})[linha["decisao"]] = linha["n"]
    return [_sessao(sessao, contagens.get(sessao.pk, {})) for sessao in linhas]


def _sessao(sessao: Sessao, contagem: dict) -> SessaoNaPrestacao:
    encerrada = sessao.status == Sessao.ENCERRADA
    return SessaoNaPrestacao(
        data=data(sessao.inicio),
        comissao=dict(Comissao.TIPOS)[sessao.comissao.tipo],
        grupo=rotulo_do_grupo(sessao.comissao.grupo),
        situacao=sessao.get_status_display(),
        chamados=sum(contagem.values()),
        encerrada=encerrada,
        por_decisao={d: contagem.get(d, 0) for d in DECISOES_DA_SESSAO} if encerrada else {},
    )
