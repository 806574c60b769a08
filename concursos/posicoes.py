"""A ordem de convocação vigente como as telas, o PDF e a planilha a mostram (docs/REGRAS.md §§ 5 e 8).

O motor traz só os convocados ativos, cada um na posição em que foi chamado (posições estáveis; pode
haver posições além das ``N`` vagas depois de uma revisão) e, à parte, o tipo de cada posição 1..N
(``tipos_das_posicoes``). Aqui as duas coisas viram uma linha por posição: as ocupadas e, entre
1 e N, as vagas não preenchidas; e cada inscrição ganha as marcas que todas as listas publicadas
levam: mantido por uma revisão, sub judice.

Sem modelos nem Django: o PDF (que desenha em processos sem ``django.setup()``) usa este módulo.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import cotas
from cotas.modelo import AMPLA, NOTA, VERIFICACAO
from cotas.regimes import rotulo_do_grupo


@dataclass(frozen=True)
class LinhaDaOrdem:
    """Uma posição da ordem vigente; ``inscricao`` ``None`` é vaga não preenchida."""

    posicao: int
    tipo: str | None
    inscricao: str | None = None
    vaga: str | None = None
    alem_das_vagas: bool = False
    mantido_pelo_evento: int | None = None
    sub_judice: bool = False


def alem_das_vagas(vagas: int) -> str:
    """Como se escreve a posição de quem uma revisão convocou além das ``N`` vagas (docs/REGRAS.md §8)."""
    return f"além das {vagas} vagas — convocado por revisão"


def tipos_das_posicoes(saida: cotas.Resultado) -> dict[int, str]:
    """Tipo de cada posição 1..N. Versões gravadas antes das posições estáveis não trazem
    ``tipos_das_posicoes``: o tipo vem então das posições ocupadas (que o gravavam) e, nas vazias
    dentro do quadro, das posições reservadas do quadro (as demais são de ampla concorrência); as
    vazias além do quadro (vagas adicionais) ficam sem tipo."""
    if saida.tipos_das_posicoes:
        return dict(enumerate(saida.tipos_das_posicoes, start=1))
    tipos = dict.fromkeys(range(1, saida.quadro.vagas + 1), AMPLA)
    for grupo, posicoes in saida.quadro.posicoes_reservadas:
        tipos.update(dict.fromkeys((p for p in posicoes if p in tipos), grupo))
    tipos.update({p.posicao: p.tipo for p in saida.ordem_vigente if p.tipo})
    return tipos


def linhas_da_ordem(saida: cotas.Resultado) -> list[LinhaDaOrdem]:
    """As posições ocupadas e as vagas não preenchidas até ``N``, em ordem de posição."""
    tipos = tipos_das_posicoes(saida)
    mantidos = {m.inscricao: m.evento for m in saida.mantidos}
    sub_judice = set(saida.sub_judice)
    vagas = saida.vagas_totais
    linhas = [
        LinhaDaOrdem(
            p.posicao,
            tipos.get(p.posicao),
            p.inscricao,
            p.vaga,
            alem_das_vagas=p.posicao > vagas,
            mantido_pelo_evento=mantidos.get(p.inscricao),
            sub_judice=p.inscricao in sub_judice,
        )
        for p in saida.ordem_vigente
        if p.inscricao
    ]
    ocupadas = {linha.posicao for linha in linhas}
    linhas += [LinhaDaOrdem(n, tipos.get(n)) for n in range(1, vagas + 1) if n not in ocupadas]
    return sorted(linhas, key=lambda linha: linha.posicao)


def marcas(saida: cotas.Resultado) -> dict[str, list[str]]:
    """Inscrição → as marcas que toda lista publicada leva: "mantido pelo evento 1", "sub judice"."""
    resultado: dict[str, list[str]] = {}
    for mantido in saida.mantidos:
        resultado.setdefault(mantido.inscricao, []).append(f"mantido pelo evento {mantido.evento}")
    for inscricao in saida.sub_judice:
        resultado.setdefault(inscricao, []).append("sub judice")
    return resultado


def revisoes(eventos: Iterable[Mapping], situacoes: Mapping[str, str]) -> dict[str, list[str]]:
    """Inscrição → as revisões que a alcançaram (docs/REGRAS.md §8), na ordem dos eventos:
    "nota corrigida para 96 pelo evento 1", "verificação (Negros) revista pelo evento 2: confirmado".
    ``eventos`` são os do cenário (dicionários); ``situacoes``, o rótulo de cada situação de
    verificação."""
    resultado: dict[str, list[str]] = {}
    for numero, evento in enumerate(eventos, start=1):
        if evento.get("tipo") == NOTA:
            nota = str(evento.get("nota", "")).replace(".", ",")
            texto = f"nota corrigida para {nota} pelo evento {numero}"
        elif evento.get("tipo") == VERIFICACAO:
            situacao = situacoes.get(evento.get("situacao"), evento.get("situacao") or "").lower()
            texto = f"verificação ({rotulo_do_grupo(evento.get('grupo'))}) revista pelo evento {numero}: {situacao}"
        else:
            continue
        resultado.setdefault(evento["inscricao"], []).append(texto)
    return resultado


def observacoes_da_linha(linha: LinhaDaOrdem, vagas: int) -> list[str]:
    """O que a linha da ordem anota ao lado do convocado."""
    observacoes = [alem_das_vagas(vagas)] if linha.alem_das_vagas else []
    if linha.mantido_pelo_evento is not None:
        observacoes.append(f"mantido pelo evento {linha.mantido_pelo_evento}")
    if linha.sub_judice:
        observacoes.append("sub judice")
    return observacoes


def de_para(de: int | None, para: int | None) -> str:
    """A mudança de posição de quem foi reclassificado: "5ª → 3ª" (vazio se o motor não a deu)."""
    if de is None and para is None:
        return ""
    if de == para:
        return f"{de}ª"
    return " → ".join("—" if p is None else f"{p}ª" for p in (de, para))
