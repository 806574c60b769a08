"""A conferência de acessibilidade das jornadas: axe-core (o pacote axe-playwright-python o traz
pronto) roda na página como ela está e qualquer violação das regras WCAG 2.0/2.1, níveis A e AA,
falha o teste com a regra, o elemento e a página (docs/TECNICO.md §10).

``conferir_acessibilidade(pagina, "passo")`` é chamada depois de cada passo das jornadas: confere a
página como está (sem recarregar, então também as telas que só existem depois de um envio, como as
confirmações) na largura de um computador (1366 px) e na de um tablet (1024 px), e volta à largura
em que a jornada estava.
"""

from axe_playwright_python.sync_playwright import Axe

from tests.e2e.leiaute import conferir_leiaute

NIVEIS_WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
OPCOES = {"runOnly": {"type": "tag", "values": NIVEIS_WCAG}, "resultTypes": ["violations"]}

_axe = Axe()


def violacoes(pagina) -> list[dict]:
    return _axe.run(pagina, options=OPCOES).response["violations"]


def descrever(violacoes_: list[dict], pagina, passo: str) -> str:
    linhas = [f"{len(violacoes_)} regra(s) WCAG violada(s) em “{passo}” ({pagina.url}):"]
    for violacao in violacoes_:
        linhas.append(f"- {violacao['id']} ({violacao['impact']}): {violacao['help']}")
        for no in violacao["nodes"][:10]:
            linhas.append(f"    {' '.join(map(str, no['target']))}: {no['html'][:160]}")
    return "\n".join(linhas)


def descrever_leiaute(problemas: list[str], pagina, passo: str) -> str:
    linhas = [f"{len(problemas)} problema(s) de leiaute em “{passo}” ({pagina.url}):"]
    linhas += [f"- {problema}" for problema in problemas[:15]]
    return "\n".join(linhas)


LARGURAS = {"computador": 1366, "tablet": 1024}


def conferir_acessibilidade(pagina, passo: str) -> None:
    """Cada passo uma vez por página do navegador: o mesmo passo repetido (o voto de cada membro na
    mesma tela) não confere de novo."""
    conferidos = pagina.__dict__.setdefault("_passos_conferidos", set())
    if passo in conferidos:
        return
    conferidos.add(passo)
    tamanho = pagina.viewport_size
    problemas = []
    try:
        for aparelho, largura in LARGURAS.items():
            pagina.set_viewport_size({"width": largura, "height": tamanho["height"] if tamanho else 800})
            if achadas := violacoes(pagina):
                problemas.append(descrever(achadas, pagina, f"{passo}, {aparelho} ({largura} px)"))
            if leiaute := conferir_leiaute(pagina):
                problemas.append(descrever_leiaute(leiaute, pagina, f"{passo}, {aparelho} ({largura} px)"))
    finally:
        if tamanho:
            pagina.set_viewport_size(tamanho)
    assert not problemas, "\n".join(problemas)
