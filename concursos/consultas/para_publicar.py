"""O que falta para publicar o resultado de um cargo, onde o servidor está: depois de *Gerar
resultado*, na página do edital e na do cargo (a caixa “Para publicar falta”); e a versão final
ainda não publicada (``versao_nao_publicada``: a caixa “Versão N ainda não publicada”).

Contagens, nunca nomes: quantas verificações de cada grupo estão pendentes e quantos empates estão
sem sorteio na última versão gerada de cada cargo, cada uma com o link para o lugar em que se
resolve. A heteroidentificação (negros, e os demais grupos de verificação coletiva) se resolve nas
sessões da comissão; a avaliação PcD, na planilha da equipe multiprofissional (*Avaliações PcD em
lote*) ou na própria inscrição; o empate, com a ordem do sorteio público gravada na inscrição de
cada empatado. Nenhuma lista de quem é negro ou PcD sai daqui: só os números por grupo.
"""

from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from urllib.parse import urlencode

from django.db.models import OuterRef, Subquery
from django.db.models.fields.json import KeyTransform
from django.urls import reverse

from cotas.modelo import AVALIACAO_PCD, HETEROIDENTIFICACAO, PENDENTE
from cotas.regimes import rotulo_do_grupo

from ..atos import verificacao_do_grupo
from ..models import REGISTRAR_AVALIACOES_PCD, Cargo, Edital, OpcaoDeGrupo, Resultado


@dataclass(frozen=True)
class Passo:
    """Uma contagem do que bloqueia a publicação e onde se resolve (``link``, se quem vê pode abrir)."""

    texto: str
    acao: str
    link: str
    permissoes: tuple[str, ...]


@dataclass(frozen=True)
class FaltaNoCargo:
    cargo: Cargo
    versao: int
    resultado_id: int
    passos: tuple[Passo, ...]


def versao_nao_publicada(cargo: Cargo) -> Resultado | None:
    """A última versão do cargo, se é final e ainda não foi publicada (a primeira, ou a que um evento
    gerou depois da publicação): a página do cargo e a do evento dizem “versão N ainda não publicada”
    com o caminho para publicá-la; o edital de convocação a exige publicada."""
    ultima = cargo.resultados.order_by("-versao").only("pk", "versao", "status", "cargo_id").first()
    return ultima if ultima is not None and ultima.status == Resultado.FINAL else None


def falta_no_edital(edital: Edital, usuario=None) -> list[FaltaNoCargo]:
    """Os cargos do edital cuja última versão é provisória, em ordem de código."""
    return _faltas(_ultimas(edital.cargos.all()), usuario)


def falta_no_cargo(cargo: Cargo, usuario=None) -> FaltaNoCargo | None:
    faltas = _faltas(_ultimas(Cargo.objects.filter(pk=cargo.pk)), usuario)
    return faltas[0] if faltas else None


def falta_na_versao(resultado: Resultado, usuario=None) -> FaltaNoCargo | None:
    """O que falta na versão recém-gerada (a mensagem de *Gerar resultado*)."""
    faltas = _faltas(Resultado.objects.filter(pk=resultado.pk), usuario)
    return faltas[0] if faltas else None


def _ultimas(cargos):
    ultima = Resultado.objects.filter(cargo=OuterRef("pk")).order_by("-versao").values("pk")[:1]
    return Resultado.objects.filter(pk__in=cargos.annotate(ultima=Subquery(ultima)).values("ultima"))


def _faltas(versoes, usuario) -> list[FaltaNoCargo]:
    """Duas consultas, com 1 ou 50 cargos: as versões provisórias (só as duas chaves da saída: num
    cargo de dezenas de milhares de inscritos, o JSON inteiro pesa) e as opções pendentes delas."""
    versoes = list(
        versoes.filter(provisorio=True)
        .annotate(pendencias=KeyTransform("pendencias", "saida"), empates=KeyTransform("empates", "saida"))
        .select_related("cargo__edital")
        .only("pk", "versao", "cargo__codigo", "cargo__nome", "cargo__edital_id", "cargo__edital__parametros_do_regime")
        .order_by("cargo__codigo")
    )
    pendentes = _grupos_pendentes({v.cargo_id: v.pendencias or () for v in versoes})
    faltas = (
        FaltaNoCargo(v.cargo, v.versao, v.pk, (*_verificacoes(v, pendentes), *_empates(v.cargo, v.empates or ())))
        for v in versoes
    )
    return [_com_permissoes(falta, usuario) for falta in faltas]


def _grupos_pendentes(pendencias_por_cargo: dict[int, list[str]]) -> dict[int, Counter]:
    """Cargo → grupo → quantas inscrições pendentes da versão ainda estão pendentes no banco (quem está
    pendente em dois grupos conta nos dois)."""
    numeros = {n for pendencias in pendencias_por_cargo.values() for n in pendencias}
    if not numeros:
        return {}
    opcoes = OpcaoDeGrupo.objects.filter(
        inscricao__cargo__in=list(pendencias_por_cargo), inscricao__numero__in=numeros, situacao=PENDENTE
    ).values_list("inscricao__cargo_id", "inscricao__numero", "grupo")
    por_cargo = {cargo: set(pendencias) for cargo, pendencias in pendencias_por_cargo.items()}
    contagem = defaultdict(Counter)
    for cargo, numero, grupo in opcoes:
        if numero in por_cargo[cargo]:
            contagem[cargo][grupo] += 1
    return contagem


def _verificacoes(versao: Resultado, pendentes: dict[int, Counter]) -> list[Passo]:
    if not versao.pendencias:
        return []
    por_grupo = pendentes.get(versao.cargo_id)
    if not por_grupo:  # verificadas depois da geração: falta só gerar de novo
        return [_gerar_de_novo(len(versao.pendencias))]
    modos = {grupo: verificacao_do_grupo(versao.cargo.edital, grupo) for grupo in por_grupo}
    # A avaliação PcD por último; os demais pelo nome do grupo (só a ordem de exibição).
    grupos = sorted(por_grupo.items(), key=lambda item: (modos[item[0]] == AVALIACAO_PCD, item[0]))
    return [_passo_da_verificacao(versao.cargo, grupo, quantas, modos[grupo]) for grupo, quantas in grupos]


def _passo_da_verificacao(cargo: Cargo, grupo: str, quantas: int, verificacao: str) -> Passo:
    """O que falta para a verificação pendente, conforme quem verifica o grupo na tabela do regime."""
    texto = f"{rotulo_do_grupo(grupo)}: {quantas} {_plural(quantas, 'verificação pendente', 'verificações pendentes')}"
    if verificacao == AVALIACAO_PCD:
        link = f"{reverse('concursos:importar_avaliacoes_pcd')}?{urlencode({'edital': cargo.edital_id})}"
        acao = "registre a avaliação da equipe multiprofissional (Avaliações PcD em lote, ou na inscrição)"
        return Passo(texto, acao, link, REGISTRAR_AVALIACOES_PCD)
    if verificacao != HETEROIDENTIFICACAO:
        inscricoes = reverse("admin:concursos_inscricao_changelist")
        link = f"{inscricoes}?{urlencode({'cargo__id__exact': cargo.pk})}"
        acao = "registre o ato de verificação na ficha de cada inscrição (o grupo não passa pela comissão)"
        return Passo(texto, acao, link, ("concursos.add_atodeverificacao",))
    sessoes = reverse("admin:heteroidentificacao_sessao_changelist")
    link = f"{sessoes}?{urlencode({'comissao__edital__id__exact': cargo.edital_id})}"
    acao = "resolvem-se nas sessões de heteroidentificação do edital"
    return Passo(texto, acao, link, ("heteroidentificacao.view_sessao",))


def _empates(cargo: Cargo, empates) -> list[Passo]:
    if not empates:
        return []
    numeros = [numero for grupo in empates for numero in grupo]
    texto = (
        f"{len(empates)} {_plural(len(empates), 'empate sem sorteio', 'empates sem sorteio')} "
        f"({len(numeros)} inscrições)"
    )
    inscricoes = reverse("admin:concursos_inscricao_changelist")
    link = f"{inscricoes}?{urlencode({'cargo__id__exact': cargo.pk, 'numero__in': ','.join(numeros)})}"
    acao = "registre a ordem do sorteio público na inscrição de cada empatado"
    return [Passo(texto, acao, link, ("concursos.change_inscricao",))]


def _gerar_de_novo(quantas: int) -> Passo:
    texto = (
        f"{quantas} {_plural(quantas, 'verificação pendente', 'verificações pendentes')} nesta versão, já registradas"
    )
    return Passo(texto, "gere o resultado de novo", "", ())


def _com_permissoes(falta: FaltaNoCargo, usuario) -> FaltaNoCargo:
    """Sem a permissão da página de destino, o passo fica sem link (só o texto do que fazer)."""
    if usuario is None:
        return falta
    passos = tuple(p if usuario.has_perms(p.permissoes) else replace(p, link="") for p in falta.passos)
    return replace(falta, passos=passos)


def _plural(quantidade: int, singular: str, plural: str) -> str:
    return singular if quantidade == 1 else plural
