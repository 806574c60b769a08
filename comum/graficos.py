"""Gráficos de barras empilhadas em SVG, desenhados no servidor pelo matplotlib (docs/TECNICO.md §9).

O mesmo SVG vai à tela (embutido no HTML) e ao PDF (o WeasyPrint o desenha como imagem ``data:``,
pelo buscador que nega por padrão): a mesma figura nos dois. Só ``Figure`` e ``FigureCanvasSVG``,
sem ``pyplot`` e o seu estado global, para que duas requisições ao mesmo tempo não se misturem.

Saída determinística, para os testes compararem: o sal dos identificadores do SVG é fixo
(``svg.hashsalt``), o SVG não leva data, e o texto sai como contornos da DejaVu Sans que vem com o
matplotlib (``fname`` explícito: a mesma figura em qualquer máquina, com ou sem a fonte no sistema).
O texto de cada rótulo fica também num comentário do SVG (é o que o matplotlib faz), e cada
segmento de barra leva ``gid`` com a série e a barra.

Um valor ``Oculto`` é uma contagem que a versão pública não divulga ("< 5" ou o "X" da supressão
complementar): o segmento é desenhado hachurado, com a largura simbólica que o ``Oculto`` traz (nunca
o valor) e o rótulo dele, e a legenda ganha o hachurado como "não divulgado". Assim o gráfico não
mostra, nem pelo comprimento da barra, o que a tabela esconde.
"""

import textwrap
from dataclasses import dataclass
from io import StringIO
from pathlib import Path

import matplotlib
from matplotlib.backends.backend_svg import FigureCanvasSVG
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.patches import Patch

# Configuração de processo, fixa e gravada uma vez só na importação (nunca mudada depois).
matplotlib.rcParams["svg.hashsalt"] = "prestacao-de-contas"
matplotlib.rcParams["svg.fonttype"] = "path"

FONTE = FontProperties(fname=Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf", size=8)
FONTE_PEQUENA = FontProperties(fname=FONTE.get_file(), size=7)
# Paleta de Okabe e Ito, legível por quem não distingue vermelho e verde.
CORES = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#999999", "#D55E00", "#56B4E9")
CORES_CLARAS = ("#E69F00", "#999999", "#56B4E9", "#CC79A7")  # rótulo em preto; nas escuras, em branco


@dataclass(frozen=True)
class Oculto:
    """Um segmento não divulgado: ``rotulo`` (o marcador da tabela) e ``largura`` (simbólica)."""

    rotulo: str
    largura: int


def barras_empilhadas(barras: list[str], series: list[tuple[str, list]], *, titulo: str, eixo: str) -> str:
    """Barras horizontais, uma por rótulo de ``barras``, empilhando as ``series`` (nome, valores);
    devolve o SVG como texto. Sem barras, um SVG com o aviso "sem dados"."""
    rotulos = [_em_linhas(b) for b in barras]
    # Cada barra com a altura do seu rótulo: um nome de cargo longo quebra em linhas, nunca é cortado.
    linhas = sum(max(1, r.count("\n") + 1) for r in rotulos) if rotulos else 1
    altura = 1.3 + 0.36 * max(len(barras), 1) + 0.13 * (linhas - len(barras))
    figura = Figure(figsize=(7.0, altura), dpi=72, layout="constrained")
    eixos = figura.add_subplot()
    eixos.set_title(titulo, fontproperties=FONTE, loc="left")
    if not barras:
        eixos.set_axis_off()
        eixos.text(0.5, 0.5, "sem dados", ha="center", va="center", fontproperties=FONTE)
        return _svg(figura)
    posicoes = list(range(len(barras)))[::-1]
    inicio = [0] * len(barras)
    for numero_da_serie, (_, valores) in enumerate(series):
        cor = CORES[numero_da_serie % len(CORES)]
        _serie(eixos, posicoes, inicio, valores, cor=cor, numero=numero_da_serie)
    eixos.set_yticks(posicoes, rotulos, fontproperties=FONTE_PEQUENA)
    maior = max(inicio) or 1
    marcas = _marcas(maior)
    eixos.set_xticks(marcas, [str(m) for m in marcas], fontproperties=FONTE_PEQUENA)
    eixos.set_xlim(0, max(maior, marcas[-1]) * 1.05)
    eixos.set_xlabel(eixo, fontproperties=FONTE_PEQUENA)
    for lado in ("top", "right"):
        eixos.spines[lado].set_visible(False)
    # A legenda com a cor cheia de cada série (o primeiro segmento pode ser hachurado, ou nem existir)
    # e, se algum segmento não foi divulgado, o hachurado explicado.
    legenda = [Patch(facecolor=CORES[n % len(CORES)], label=nome) for n, (nome, _) in enumerate(series)]
    if any(isinstance(valor, Oculto) for _, valores in series for valor in valores):
        legenda.append(Patch(facecolor="white", edgecolor="#333333", hatch="///", label="não divulgado"))
    colunas = len(legenda) if len(legenda) <= 5 else -(-len(legenda) // 2)  # mais de 5: em duas linhas
    figura.legend(handles=legenda, prop=FONTE_PEQUENA, loc="outside lower center", ncol=colunas, frameon=False)
    return _svg(figura)


def _serie(eixos, posicoes, inicio, valores, *, cor, numero) -> None:
    for barra, (posicao, valor) in enumerate(zip(posicoes, valores, strict=True)):
        oculto = isinstance(valor, Oculto)
        altura = valor.largura if oculto else valor
        if not altura:
            continue
        retangulo = eixos.barh(
            posicao,
            altura,
            left=inicio[barra],
            height=0.6,
            color="white" if oculto else cor,
            edgecolor=cor,
            hatch="///" if oculto else None,
        )[0]
        retangulo.set_gid(f"barra-{numero}-{barra}")
        texto = valor.rotulo if oculto else str(valor)
        eixos.text(
            inicio[barra] + altura / 2,
            posicao,
            texto,
            ha="center",
            va="center",
            color="black" if oculto or cor in CORES_CLARAS else "white",
            fontproperties=FONTE_PEQUENA,
        )
        inicio[barra] += altura


def _marcas(maior: int) -> list[int]:
    passo = max(1, -(-maior // 5))
    return list(range(0, maior + passo, passo))


def _em_linhas(texto: str, largura: int = 40) -> str:
    """O rótulo inteiro, quebrado em linhas de até ``largura`` caracteres (uma palavra maior que isso
    fica inteira na sua linha): o gráfico nunca corta o nome de um cargo."""
    return "\n".join(textwrap.wrap(texto, largura, break_long_words=False, break_on_hyphens=False)) or texto


def _svg(figura: Figure) -> str:
    saida = StringIO()
    FigureCanvasSVG(figura).print_svg(saida, metadata={"Date": None})
    return saida.getvalue()
