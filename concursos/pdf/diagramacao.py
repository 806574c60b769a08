"""Diagramação das páginas dos PDFs longos (o resultado de cada cargo), em Python: colunas, linhas
da tabela, cabeçalho e rodapé, e o ``Diagramador``, que enche as páginas A4 sabendo a altura de
cada bloco. O WeasyPrint só desenha o que sai daqui (``desenho.py``); o porquê está em
``concursos/pdf/__init__.py``.

Os processos que desenham (``spawn``) importam este módulo sem ``django.setup()``: nada aqui
importa modelos.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field

from .medidas import ESTILOS, Estilo, alinhar, fonte_embutida, limpo

# mm: em cima, à direita, embaixo, à esquerda (A4). O cabeçalho e o rodapé ficam dentro da área
# útil, de modo que o texto começa e termina onde começa e termina nos outros PDFs (impressao.css).
MARGENS = (11, 14, 10, 14)
LARGURA_UTIL = 210 - MARGENS[1] - MARGENS[3]
ALTURA_UTIL = 297 - MARGENS[0] - MARGENS[2] - 2  # 2 mm de folga contra arredondamentos
ESPACO_ENTRE_COLUNAS = 2.5  # mm
LINHAS_POR_FAIXA = 5  # linhas de cada faixa sombreada, para o olho não pular de linha


@dataclass(frozen=True)
class Coluna:
    titulo: str
    largura: float = 0.0  # mm (no mínimo a maior palavra do título); 0 = o que sobra da linha
    direita: bool = False


@dataclass(frozen=True)
class _Grade:
    """Onde cada coluna começa e quanto mede; ``nota`` é um texto em linha própria, abaixo das
    colunas, a partir da coluna ``x_da_nota`` (o motivo de cada chamada)."""

    colunas: tuple[Coluna, ...]
    x: tuple[float, ...]
    larguras: tuple[float, ...]
    nota: str = ""
    x_da_nota: float = 0.0


@functools.cache
def grade(colunas: tuple[Coluna, ...], nota: str = "", coluna_da_nota: int = 0) -> _Grade:
    titulo = ESTILOS["colunas"]
    larguras = [
        max(c.largura, *(fonte_embutida(True).medir(p) * titulo.em for p in c.titulo.split())) if c.largura else 0.0
        for c in colunas
    ]
    sobra = LARGURA_UTIL - sum(larguras) - ESPACO_ENTRE_COLUNAS * (len(colunas) - 1)
    larguras = [largura or sobra for largura in larguras]
    x = [0.0]
    for largura in larguras[:-1]:
        x.append(x[-1] + largura + ESPACO_ENTRE_COLUNAS)
    return _Grade(tuple(colunas), tuple(x), tuple(larguras), nota, x[coluna_da_nota])


GERAL = (
    Coluna("Classificação", 12, direita=True),
    Coluna("Inscrição", 20),
    Coluna("Nome"),
    Coluna("CPF", 21),
    Coluna("Nota", 12, direita=True),
)
GRUPO = (
    Coluna("Classificação no grupo", 12, direita=True),
    Coluna("Classificação geral", 12, direita=True),
    Coluna("Inscrição", 20),
    Coluna("Nome"),
    Coluna("Nota", 12, direita=True),
)
CAPA = (Coluna("Cargo"), Coluna("Versão", 10, direita=True), Coluna("Situação", 42), Coluna("Gerado em", 27))


def _largura_dos_rotulos(rotulos: list[str]) -> float:
    linha = ESTILOS["linha"]
    return max(fonte_embutida(False).medir(r) for r in rotulos) * linha.em


def colunas_da_ordem(rotulos: list[str]) -> tuple[Coluna, ...]:
    largura = _largura_dos_rotulos(rotulos)
    return (
        Coluna("Posição", 10, direita=True),
        Coluna("Tipo da vaga", largura),
        Coluna("Inscrição", 20),
        Coluna("Nome"),
        Coluna("Vaga ocupada", largura),
    )


def colunas_das_reclassificacoes(rotulos: list[str]) -> tuple[Coluna, ...]:
    """Inscrição, nome, rótulo de antes e de agora, posições ("5ª → 3ª"), o evento por último (como
    no registro de chamadas) e o motivo embaixo."""
    largura = _largura_dos_rotulos(rotulos)
    return (
        Coluna("Inscrição", 20),
        Coluna("Nome"),
        Coluna("De", largura),
        Coluna("Para", largura),
        Coluna("Posição", 16),
        Coluna("Evento", 40),
    )


def colunas_das_chamadas(rotulos: list[str]) -> tuple[Coluna, ...]:
    """O evento por último (se não couber, continua embaixo sem trocar a ordem do texto) e o motivo
    numa linha própria, abaixo (``nota``)."""
    return (
        Coluna("Ordem", 8, direita=True),
        Coluna("Posição", 10, direita=True),
        Coluna("Inscrição", 20),
        Coluna("Nome"),
        Coluna("Vaga", _largura_dos_rotulos(rotulos)),
        Coluna("Evento", 40),
    )


@dataclass
class _Bloco:
    """Um bloco de altura conhecida: texto já quebrado em linhas, ou uma linha de células."""

    classe: str = ""
    altura: float = 0.0
    texto: str = ""
    tag: str = "div"
    celulas: list[dict] | None = None
    nota: str = ""  # texto abaixo das células, recuado ``recuo`` mm
    recuo: str = "0"
    sombra: bool = False
    classe_da_altura: str = ""  # dada ao escrever o HTML (``_html``)

    @property
    def css_altura(self) -> str:
        return f"{self.altura:.3f}"


def _linha_da_tabela(grade: _Grade, celulas, nota: str, classe: str) -> _Bloco:
    """Uma linha da tabela (cada célula é um texto ou uma tupla de parágrafos). Se só a última
    célula ocupa mais de uma linha, a linha inteira é texto corrido com as colunas alinhadas por
    espaços (rápido); senão, células ``inline-block``."""
    estilo = ESTILOS[classe]
    textos = ("\n".join(map(limpo, c)) if isinstance(c, tuple) else limpo(c) for c in celulas)
    quebradas = [estilo.quebrar(texto, largura) for texto, largura in zip(textos, grade.larguras, strict=True)]
    notas = estilo.quebrar(limpo(nota), LARGURA_UTIL - grade.x_da_nota) if nota else []
    altas = [i for i, linhas in enumerate(quebradas) if len(linhas) > 1]
    ultima = max((i for i, linhas in enumerate(quebradas) if linhas[0][0]), default=0)
    if not altas or altas == [ultima]:
        linhas = _compor(grade, quebradas, estilo) + [alinhar([(grade.x_da_nota, t, w)], estilo) for t, w in notas]
        return _Bloco(classe, estilo.altura(len(linhas)), texto="\n".join(linhas))
    fim = [x + largura for x, largura in zip(grade.x, grade.larguras, strict=True)]
    celulas = [
        _celula(x - anterior, largura, "\n".join(t for t, _ in linhas), direita=coluna.direita)
        for x, anterior, largura, coluna, linhas in zip(
            grade.x, [0.0, *fim], grade.larguras, grade.colunas, quebradas, strict=False
        )
    ]
    altura = max(len(linhas) for linhas in quebradas) + len(notas)
    nota = "\n".join(t for t, _ in notas)
    return _Bloco(classe, estilo.altura(altura), celulas=celulas, nota=nota, recuo=f"{grade.x_da_nota:.3f}")


def _celula(margem: float, largura: float, texto: str, *, direita=False, negrito=False) -> dict:
    """Célula em ``inline-block`` (desenhada na ordem do texto, ao contrário de uma posicionada)."""
    return {
        "estilo": f"margin-left: {margem:.3f}mm; width: {largura:.3f}mm",
        "texto": texto,
        "direita": direita,
        "negrito": negrito,
    }


def _compor(grade: _Grade, quebradas: list[list[tuple[str, float]]], estilo: Estilo) -> list[str]:
    linhas = []
    for k in range(max(len(celula) for celula in quebradas)):
        partes = []
        for x, largura, coluna, celula in zip(grade.x, grade.larguras, grade.colunas, quebradas, strict=True):
            if k < len(celula) and celula[k][0]:
                texto, medida = celula[k]
                partes.append((x + largura - medida * estilo.em if coluna.direita else x, texto, medida))
        linhas.append(alinhar(partes, estilo))
    return linhas


@dataclass(frozen=True)
class _Margens:
    """O que se repete no alto e no pé de cada página de uma seção (cabeçalho, aviso de provisório,
    rodapé), em blocos de texto no fluxo: mais barato que as caixas de margem do CSS."""

    cabecalho: str
    marca: str
    resto_do_cabecalho: str
    altura_do_cabecalho: float
    rodape: str

    @classmethod
    def de(cls, cabecalho: str, rodape: str, provisorio: bool) -> _Margens:
        estilo = ESTILOS["cabecalho"]
        marca = "PROVISÓRIO — NÃO PUBLICAR" if provisorio else ""
        largura_da_marca = fonte_embutida(True).medir(marca) * estilo.em + 4 if marca else 0.0
        linhas = estilo.quebrar(limpo(cabecalho), LARGURA_UTIL - largura_da_marca)
        primeira = linhas[0][0]
        if marca:
            primeira = alinhar([(0.0, *linhas[0]), (LARGURA_UTIL - largura_da_marca + 4, "", 0.0)], estilo)
        resto = "".join(f"\n{texto}" for texto, _ in linhas[1:])
        return cls(primeira, marca, resto, estilo.altura(len(linhas)), limpo(rodape))

    @property
    def altura(self) -> float:
        return self.altura_do_cabecalho + ESTILOS["rodape"].altura(1)


@dataclass
class Pagina:
    margens: _Margens
    blocos: list[_Bloco] = field(default_factory=list)
    livre: float = 0.0
    rodape: str = ""  # com "Página X de Y", escrito quando o documento inteiro está diagramado
    classe_do_cabecalho: str = ""  # classes de altura, dadas ao escrever o HTML (``_html``)
    classe_da_sobra: str = ""

    @property
    def css_altura_do_cabecalho(self) -> str:
        return f"{self.margens.altura_do_cabecalho:.3f}"

    @property
    def css_sobra(self) -> str:
        return f"{max(self.livre, 0):.3f}"


class Diagramador:
    """Põe os blocos em páginas A4, na ordem, abrindo outra quando o próximo não cabe; anota onde
    começa cada seção (``marcadores``, para o sumário do PDF)."""

    def __init__(self, cabecalho: str, rodape: str, provisorio: bool = False):
        self.margens = _Margens.de(cabecalho, rodape, provisorio)
        self.paginas: list[Pagina] = []
        self.marcadores: list[tuple[str, int, int]] = []
        self._faixa = None
        self.nova_pagina()

    @property
    def pagina(self) -> Pagina:
        return self.paginas[-1]

    def nova_pagina(self) -> None:
        self.paginas.append(Pagina(self.margens, livre=ALTURA_UTIL - self.margens.altura))

    def cabe(self, altura: float) -> bool:
        return altura <= self.pagina.livre + 1e-6

    def por(self, bloco: _Bloco) -> None:
        if not self.cabe(bloco.altura) and self.pagina.blocos:
            self.nova_pagina()
        self.pagina.blocos.append(bloco)
        self.pagina.livre -= bloco.altura

    def marcar(self, titulo: str, nivel: int) -> None:
        self.marcadores.append((titulo, len(self.paginas) - 1, nivel))

    @staticmethod
    def bloco_de_texto(texto: str, classe: str, tag: str = "div") -> _Bloco:
        estilo = ESTILOS[classe]
        linhas = [t for t, _ in estilo.quebrar(limpo(texto), LARGURA_UTIL)]
        return _Bloco(classe, estilo.altura(len(linhas)), texto="\n".join(linhas), tag=tag)

    def texto(self, texto: str, classe: str, tag: str = "div") -> None:
        """Um parágrafo; o que não couber continua na página seguinte."""
        estilo = ESTILOS[classe]
        linhas = [t for t, _ in estilo.quebrar(limpo(texto), LARGURA_UTIL)]
        while linhas:
            cabem = estilo.linhas_que_cabem(self.pagina.livre)
            if cabem < 1 and self.pagina.blocos:
                self.nova_pagina()
                continue
            agora, linhas = linhas[: max(cabem, 1)], linhas[max(cabem, 1) :]
            self.por(_Bloco(classe, estilo.altura(len(agora)), texto="\n".join(agora), tag=tag))

    def aviso(self, texto: str) -> None:
        self.texto(texto, "aviso")
        self.por(_Bloco("espaco", 3.0))

    def ficha(self, itens: list[tuple[str, str]]) -> None:
        """Rótulo em negrito e valor; valor comprido continua nas linhas de baixo (e na outra página)."""
        estilo = ESTILOS["ficha"]
        rotulo = max(fonte_embutida(True).medir(r) for r, _ in itens) * estilo.em + 4
        largura = LARGURA_UTIL - rotulo
        for nome, valor in itens:
            linhas = estilo.quebrar(limpo(valor), largura)
            celulas = [_celula(0, rotulo, nome, negrito=True), _celula(0, largura, linhas[0][0])]
            self.por(_Bloco("ficha", estilo.altura(1), celulas=celulas))
            for texto, medida in linhas[1:]:
                self.por(_Bloco("ficha", estilo.altura(1), texto=alinhar([(rotulo, texto, medida)], estilo)))

    def tabela(self, titulo: str, grade: _Grade, linhas, *, introducao: str = "", vazia: str = "") -> None:
        """Título, introdução, cabeçalho das colunas e as linhas, em faixas; em cada página nova o
        título "(continuação)" e o cabeçalho se repetem. O título nunca fica sozinho no pé da página."""
        n = len(grade.colunas)
        cabecalho = _linha_da_tabela(grade, [c.titulo for c in grade.colunas], grade.nota, "colunas")
        blocos = (_linha_da_tabela(grade, c[:n], c[n] if grade.nota else "", "linha") for c in linhas)
        primeiro = next(blocos, None) or self.bloco_de_texto(vazia, "linha")
        abertura = [self.bloco_de_texto(titulo, "lista", "h3")] if titulo else []
        abertura += [self.bloco_de_texto(introducao, "fino")] if introducao else []
        if not self.cabe(sum(b.altura for b in abertura) + cabecalho.altura + primeiro.altura) and self.pagina.blocos:
            self.nova_pagina()
        if titulo:
            self.marcar(titulo, 1)
        for bloco in [*abertura, cabecalho]:
            self.por(bloco)
        for i, bloco in enumerate(itertools.chain([primeiro], blocos)):
            if not self.cabe(bloco.altura):
                self.nova_pagina()
                if titulo:
                    self.por(self.bloco_de_texto(f"{titulo} (continuação)", "continuacao"))
                self.por(cabecalho)
            self._na_faixa(bloco, i // LINHAS_POR_FAIXA)
        self._faixa = None

    def _na_faixa(self, bloco: _Bloco, faixa: int) -> None:
        """Linhas da mesma faixa, seguidas na mesma página, viram um só bloco de texto."""
        bloco.sombra = faixa % 2 == 1
        anterior = self.pagina.blocos[-1]
        if self._faixa == (len(self.paginas), faixa) and bloco.celulas is None and anterior.celulas is None:
            anterior.texto += "\n" + bloco.texto
            anterior.altura += bloco.altura
            self.pagina.livre -= bloco.altura
        else:
            self.por(bloco)
        self._faixa = (len(self.paginas), faixa)
