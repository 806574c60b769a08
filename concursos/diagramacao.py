"""Diagramação e desenho das páginas dos PDFs longos (o resultado de cada cargo), e o desenho
de documentos pequenos com o buscador de recursos que nega por padrão.

Separado de ``pdf.py`` (que monta o conteúdo de cada documento) porque é outro assunto: medir texto
com as larguras da fonte embutida, quebrar linhas, alinhar colunas, encher páginas e desenhá-las
com o WeasyPrint em fatias, em processos paralelos, juntadas com pypdf. O porquê de cada escolha
está no cabeçalho de ``pdf.py``.

Os processos que desenham (``spawn``) importam este módulo sem ``django.setup()``: nada aqui
importa modelos.
"""

from __future__ import annotations

import functools
import io
import itertools
import logging
import math
import mimetypes
import multiprocessing
import os
import unicodedata
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

if TYPE_CHECKING:
    from .models import Resultado

logger = logging.getLogger(__name__)

ENDERECO_BASE = "https://pdf.invalid/"
PREFIXO_ESTATICO = ENDERECO_BASE + "static/"


class RecursoRecusado(ValueError):
    """URL que o PDF não pode buscar: fora de ``data:`` e dos arquivos estáticos do projeto."""


class PaginacaoDivergente(RuntimeError):
    """O WeasyPrint fez mais (ou menos) páginas do que a diagramação previu: "Página X de Y" sairia
    errado, então o documento não é entregue. É defeito do programa, não da entrada."""


# ----------------------------------------------------------------------------------------------
# Diagramação: estilos, medidas de texto, colunas e páginas

MM_POR_PT = 25.4 / 72
# mm: em cima, à direita, embaixo, à esquerda (A4). O cabeçalho e o rodapé ficam dentro da área
# útil, de modo que o texto começa e termina onde começa e termina nos outros PDFs (impressao.css).
MARGENS = (11, 14, 10, 14)
LARGURA_UTIL = 210 - MARGENS[1] - MARGENS[3]
ALTURA_UTIL = 297 - MARGENS[0] - MARGENS[2] - 2  # 2 mm de folga contra arredondamentos
ESPACO_ENTRE_COLUNAS = 2.5  # mm
LINHAS_POR_FAIXA = 5  # linhas de cada faixa sombreada, para o olho não pular de linha
FONTES = {False: "concursos/pdf/fontes/DejaVuSans.ttf", True: "concursos/pdf/fontes/DejaVuSans-Bold.ttf"}
# Espaços tipográficos que as duas fontes têm, do mais largo (1 em) ao mais fino (~0,1 em).
ESPACOS = "\u2003\u2002\u2004\u2005\u2006\u2009\u200a"
ISOLAR, FIM_DO_ISOLAMENTO = "\u2068", "\u2069"  # FSI/PDI: texto da direita para a esquerda fica na sua célula
CONTROLES_BIDI = dict.fromkeys(map(ord, "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))


@dataclass(frozen=True)
class Estilo:
    """Corpo, entrelinha e espaços de um tipo de bloco; a folha do documento é gerada daqui (``css``),
    para que a altura calculada e a desenhada venham dos mesmos números."""

    classe: str
    tamanho: float  # pt
    entrelinha: float  # pt
    negrito: bool = False
    antes: float = 0.0  # mm
    depois: float = 0.0  # mm
    filete: float = 0.0  # pt, embaixo
    moldura: float = 0.0  # pt, nos quatro lados

    @property
    def em(self) -> float:
        """Um em, em milímetros."""
        return self.tamanho * MM_POR_PT

    def altura(self, linhas: int) -> float:
        bordas = (self.filete + 2 * self.moldura) * MM_POR_PT
        return linhas * self.entrelinha * MM_POR_PT + self.antes + self.depois + bordas

    def linhas_que_cabem(self, altura: float) -> int:
        return int((altura - self.altura(0)) / (self.entrelinha * MM_POR_PT) + 1e-6)

    def quebrar(self, texto: str, largura: float) -> list[tuple[str, float]]:
        """As linhas do texto (parágrafos separados por ``\\n``) em ``largura`` mm, com a largura de
        cada uma em ems. Quebra nos espaços; palavra maior que a linha é cortada onde couber."""
        fonte = _fonte(self.negrito)
        limite = largura / self.em
        return [linha for paragrafo in texto.split("\n") for linha in fonte.quebrar(paragrafo, limite)]

    def css(self) -> str:
        regras = [
            f"font-size: {self.tamanho}pt",
            f"line-height: {self.entrelinha}pt",
            f"font-weight: {'bold' if self.negrito else 'normal'}",
            f"padding: {self.antes}mm 0 {self.depois}mm",
        ]
        if self.filete:
            regras.append(f"border-bottom: {self.filete}pt solid #666")
        if self.moldura:
            regras.append(f"border: {self.moldura}pt solid")
        return f".{self.classe} {{ {'; '.join(regras)} }}"


ESTILOS = {
    estilo.classe: estilo
    for estilo in (
        Estilo("orgao", 8, 10),
        Estilo("titulo", 12.5, 15, negrito=True, antes=1, depois=1),
        Estilo("subtitulo", 9.5, 12, depois=3),
        Estilo("cargo", 10.5, 13, negrito=True, antes=1, depois=2),
        Estilo("aviso", 16, 20, negrito=True, antes=2, depois=2, moldura=2),
        Estilo("espaco", 8, 10),
        Estilo("ficha", 8, 10),
        Estilo("fino", 7, 9, antes=1, depois=1),
        Estilo("lista", 9, 11, negrito=True, antes=4, depois=1.5),
        Estilo("continuacao", 7, 9, depois=1),
        Estilo("colunas", 7.5, 9.5, negrito=True, antes=0.8, depois=0.8, filete=0.5),
        Estilo("linha", 8, 10),
        Estilo("cabecalho", 7.5, 9, depois=4),
        Estilo("rodape", 7, 9, antes=3),
    )
}


class _Fonte:
    """Larguras de glifo (em ems) da fonte embutida no PDF, lidas da tabela ``hmtx``."""

    def __init__(self, caminho: Path):
        from fontTools.ttLib import TTFont

        fonte = TTFont(caminho, lazy=True)
        unidades = fonte["head"].unitsPerEm
        metricas = fonte["hmtx"].metrics
        self.larguras = {chr(cp): metricas[glifo][0] / unidades for cp, glifo in fonte.getBestCmap().items()}
        self.larguras.update(dict.fromkeys(ISOLAR + FIM_DO_ISOLAMENTO, 0.0))
        self.tipos_de_espaco = sorted(((self.larguras[c], c) for c in ESPACOS), reverse=True)

    def medir(self, texto: str) -> float:
        try:
            return sum(map(self.larguras.__getitem__, texto))
        except KeyError:
            return sum(self.larguras.get(c, _largura_desconhecida(c)) for c in texto)

    def quebrar(self, texto: str, limite: float) -> list[tuple[str, float]]:
        largura = self.medir(texto)
        limite += 1e-6  # o que mede exatamente a coluna cabe nela
        if largura <= limite:
            return [(texto, largura)]
        linhas, atual, ocupado = [], "", 0.0
        espaco = self.larguras[" "]
        for palavra in texto.split(" "):
            largura = self.medir(palavra)
            if atual and ocupado + espaco + largura <= limite:
                atual, ocupado = f"{atual} {palavra}", ocupado + espaco + largura
                continue
            if atual:
                linhas.append((atual, ocupado))
            while largura > limite:
                pedaco = self._o_que_cabe(palavra, limite)
                linhas.append((pedaco, self.medir(pedaco)))
                palavra = palavra[len(pedaco) :]
                largura = self.medir(palavra)
            atual, ocupado = palavra, largura
        linhas.append((atual, ocupado))
        return linhas

    def _o_que_cabe(self, palavra: str, limite: float) -> str:
        soma = 0.0
        for i, caractere in enumerate(palavra):
            soma += self.medir(caractere)
            if soma > limite:
                return palavra[: max(i, 1)]
        return palavra

    def espacos(self, largura: float) -> tuple[str, float]:
        """Espaços que somam ``largura`` ems (erro menor que meio espaço fino) e a soma obtida."""
        partes, feito = [], 0.0
        for tamanho, caractere in self.tipos_de_espaco:
            quantos = int((largura - feito) / tamanho + 1e-9)
            if quantos > 0:
                partes.append(caractere * quantos)
                feito += quantos * tamanho
        menor, caractere = self.tipos_de_espaco[-1]
        if largura - feito > menor / 2:
            partes.append(caractere)
            feito += menor
        return "".join(partes), feito


@functools.cache
def _fonte(negrito: bool) -> _Fonte:
    return _Fonte(arquivo_estatico(PREFIXO_ESTATICO + FONTES[negrito]))


def _largura_desconhecida(caractere: str) -> float:
    """Glifo que a DejaVu não tem: marcas e formatação não avançam; o resto vem de outra fonte,
    de largura desconhecida: conta-se 1 em (os ideogramas têm 1 em)."""
    return 0.0 if unicodedata.category(caractere) in ("Mn", "Me", "Cf") else 1.0


def _limpo(texto) -> str:
    """Uma linha, com espaços simples, em NFC, sem caracteres de controle nem de direção: o texto vai
    para ``white-space: pre``, onde uma quebra de linha digitada mudaria a altura calculada."""
    texto = str(texto)
    if not texto.isprintable():
        texto = "".join(
            " " if caractere.isspace() else caractere
            for caractere in texto.translate(CONTROLES_BIDI)
            if caractere.isspace() or caractere.isprintable() or caractere in "\u200c\u200d"
        )
    if not unicodedata.is_normalized("NFC", texto):
        texto = unicodedata.normalize("NFC", texto)
    return " ".join(texto.split())


def _isolado(texto: str) -> str:
    """Texto com letras da direita para a esquerda (árabe, hebraico) isolado (FSI…PDI), para que o
    algoritmo bidirecional não o troque de lugar com as colunas vizinhas na mesma linha."""
    if texto and max(texto) >= "\u0590" and any(unicodedata.bidirectional(c) in ("R", "AL") for c in texto):
        return f"{ISOLAR}{texto}{FIM_DO_ISOLAMENTO}"
    return texto


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
        max(c.largura, *(_fonte(True).medir(p) * titulo.em for p in c.titulo.split())) if c.largura else 0.0
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
    return max(_fonte(False).medir(r) for r in rotulos) * linha.em


def colunas_da_ordem(rotulos: list[str]) -> tuple[Coluna, ...]:
    largura = _largura_dos_rotulos(rotulos)
    return (
        Coluna("Posição", 10, direita=True),
        Coluna("Tipo da vaga", largura),
        Coluna("Inscrição", 20),
        Coluna("Nome"),
        Coluna("Vaga ocupada", largura),
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
    textos = ("\n".join(map(_limpo, c)) if isinstance(c, tuple) else _limpo(c) for c in celulas)
    quebradas = [estilo.quebrar(texto, largura) for texto, largura in zip(textos, grade.larguras, strict=True)]
    notas = estilo.quebrar(_limpo(nota), LARGURA_UTIL - grade.x_da_nota) if nota else []
    altas = [i for i, linhas in enumerate(quebradas) if len(linhas) > 1]
    ultima = max((i for i, linhas in enumerate(quebradas) if linhas[0][0]), default=0)
    if not altas or altas == [ultima]:
        linhas = _compor(grade, quebradas, estilo) + [_alinhar([(grade.x_da_nota, t, w)], estilo) for t, w in notas]
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
        linhas.append(_alinhar(partes, estilo))
    return linhas


def _alinhar(partes: list[tuple[float, str, float]], estilo: Estilo) -> str:
    """Os textos, cada um começando em ``x`` mm, numa linha só: o vão é feito de espaços tipográficos."""
    fonte = _fonte(estilo.negrito)
    saida, cursor = [], 0.0  # cursor em ems
    for x, texto, medida in partes:
        vao = x / estilo.em - cursor
        if saida:
            vao = max(vao, 0.25)  # texto que transbordou: ao menos um espaço entre as colunas
        espacos, feito = fonte.espacos(vao)
        saida += [espacos, _isolado(texto)]
        cursor += feito + medida
    return "".join(saida)


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
        largura_da_marca = _fonte(True).medir(marca) * estilo.em + 4 if marca else 0.0
        linhas = estilo.quebrar(_limpo(cabecalho), LARGURA_UTIL - largura_da_marca)
        primeira = linhas[0][0]
        if marca:
            primeira = _alinhar([(0.0, *linhas[0]), (LARGURA_UTIL - largura_da_marca + 4, "", 0.0)], estilo)
        resto = "".join(f"\n{texto}" for texto, _ in linhas[1:])
        return cls(primeira, marca, resto, estilo.altura(len(linhas)), _limpo(rodape))

    @property
    def altura(self) -> float:
        return self.altura_do_cabecalho + ESTILOS["rodape"].altura(1)


@dataclass
class _Pagina:
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
        self.paginas: list[_Pagina] = []
        self.marcadores: list[tuple[str, int, int]] = []
        self._faixa = None
        self.nova_pagina()

    @property
    def pagina(self) -> _Pagina:
        return self.paginas[-1]

    def nova_pagina(self) -> None:
        self.paginas.append(_Pagina(self.margens, livre=ALTURA_UTIL - self.margens.altura))

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
        linhas = [t for t, _ in estilo.quebrar(_limpo(texto), LARGURA_UTIL)]
        return _Bloco(classe, estilo.altura(len(linhas)), texto="\n".join(linhas), tag=tag)

    def texto(self, texto: str, classe: str, tag: str = "div") -> None:
        """Um parágrafo; o que não couber continua na página seguinte."""
        estilo = ESTILOS[classe]
        linhas = [t for t, _ in estilo.quebrar(_limpo(texto), LARGURA_UTIL)]
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
        rotulo = max(_fonte(True).medir(r) for r, _ in itens) * estilo.em + 4
        largura = LARGURA_UTIL - rotulo
        for nome, valor in itens:
            linhas = estilo.quebrar(_limpo(valor), largura)
            celulas = [_celula(0, rotulo, nome, negrito=True), _celula(0, largura, linhas[0][0])]
            self.por(_Bloco("ficha", estilo.altura(1), celulas=celulas))
            for texto, medida in linhas[1:]:
                self.por(_Bloco("ficha", estilo.altura(1), texto=_alinhar([(rotulo, texto, medida)], estilo)))

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


# ----------------------------------------------------------------------------------------------
# Desenho das páginas diagramadas: fatias em processos paralelos, juntadas com pypdf

LINHAS_PARA_DESENHAR_EM_PARALELO = 3000  # abaixo disso (~45 páginas), subir processos custa mais que ganha
PAGINAS_POR_FATIA = 50  # no máximo; cada fatia é um documento do WeasyPrint, com a memória do seu tamanho


class Documento:
    """As páginas de um PDF, de uma ou mais seções (capa, cargos), numeradas no fim."""

    def __init__(self, titulo: str):
        self.titulo = titulo
        self.paginas: list[_Pagina] = []
        self.marcadores: list[tuple[str, int, int]] = []

    def acrescentar(self, secao: Diagramador) -> None:
        inicio = len(self.paginas)
        self.paginas += secao.paginas
        self.marcadores += [(titulo, inicio + pagina, nivel) for titulo, pagina, nivel in secao.marcadores]

    def numerar(self) -> None:
        """Escreve o rodapé de cada página, com "Página X de Y" à direita."""
        estilo, fonte, total = ESTILOS["rodape"], _fonte(False), len(self.paginas)
        for numero, pagina in enumerate(self.paginas, start=1):
            texto = f"Página {numero} de {total}"
            esquerda = (0.0, pagina.margens.rodape, fonte.medir(pagina.margens.rodape))
            direita = (LARGURA_UTIL - fonte.medir(texto) * estilo.em, texto, fonte.medir(texto))
            pagina.rodape = _alinhar([esquerda, direita], estilo)


def linhas_previstas(resultado: Resultado) -> int:
    saida = resultado.saida
    return sum(map(len, saida.get("listas", {}).values())) + len(saida.get("convocacoes", []))


class Desenho:
    """Quem desenha as páginas: este processo ou, para documentos grandes, ``processos`` processos
    novos (``spawn``: nada herdado do processo do Django, nem conexões nem linhas de execução; o
    filho lê só as configurações, pelo ``DJANGO_SETTINGS_MODULE`` herdado, para achar os estáticos).
    Os filhos sobem e se aquecem enquanto este processo lê o banco e diagrama; as fatias vão sendo
    entregues a quem estiver livre."""

    def __init__(self, processos: int | None, linhas_previstas: int):
        self.processos = min(2, os.cpu_count() or 1) if processos is None else processos
        self.paralelo = self.processos > 1 and linhas_previstas >= LINHAS_PARA_DESENHAR_EM_PARALELO
        self.fila = None

    def __enter__(self):
        if self.paralelo:
            contexto = multiprocessing.get_context("spawn")
            self.fila = ProcessPoolExecutor(self.processos, mp_context=contexto)
            for _ in range(self.processos):
                self.fila.submit(aquecer_processo)
        return self

    def __exit__(self, *erro):
        if self.fila is not None:
            self.fila.shutdown(cancel_futures=True)

    def desenhar(self, documento: Documento) -> bytes:
        documento.numerar()
        paginas = documento.paginas
        por_fatia = PAGINAS_POR_FATIA
        if self.fila is not None:  # duas fatias por processo: quem terminar antes pega a seguinte
            por_fatia = max(10, min(PAGINAS_POR_FATIA, math.ceil(len(paginas) / (2 * self.processos))))
        fatias = [paginas[i : i + por_fatia] for i in range(0, len(paginas), por_fatia)]
        trabalhos = [(_html(documento.titulo, fatia), len(fatia)) for fatia in fatias]
        return _juntar(self._em_pdf(trabalhos), documento.marcadores)

    def _em_pdf(self, trabalhos: list[tuple[str, int]]) -> list[bytes]:
        if self.fila is not None and len(trabalhos) > 1:
            try:
                return list(self.fila.map(desenhar_fatia, *zip(*trabalhos, strict=True)))
            except BrokenProcessPool:
                logger.warning("Processos do PDF indisponíveis; as %d fatias saem deste processo.", len(trabalhos))
        return [desenhar_fatia(html, paginas) for html, paginas in trabalhos]


def _html(titulo: str, paginas: list[_Pagina]) -> str:
    """O HTML de uma fatia. As alturas vão em classes (``.h3 { height: … }``), não em ``style``:
    o WeasyPrint analisaria um ``style`` por bloco, milhares por documento."""
    alturas = {}
    for pagina in paginas:
        pagina.classe_do_cabecalho = alturas.setdefault(pagina.css_altura_do_cabecalho, f"h{len(alturas)}")
        pagina.classe_da_sobra = alturas.setdefault(pagina.css_sobra, f"h{len(alturas)}")
        for bloco in pagina.blocos:
            bloco.classe_da_altura = alturas.setdefault(bloco.css_altura, f"h{len(alturas)}")
    medidas = "\n".join([_css_das_medidas(), *(f".{classe} {{ height: {a}mm }}" for a, classe in alturas.items())])
    return render_to_string(
        "concursos/pdf/paginas.html",
        {"titulo_do_documento": titulo, "medidas": mark_safe(medidas), "paginas": paginas},  # só números
    )


@functools.cache
def _css_das_medidas() -> str:
    margens = " ".join(f"{m}mm" for m in MARGENS)
    regras = [f"@page {{ size: A4; margin: {margens} }}", *(e.css() for e in ESTILOS.values())]
    regras.append(f".rodape {{ height: {ESTILOS['rodape'].altura(1):.3f}mm }}")
    return "\n".join(regras)


def aquecer_processo() -> None:
    """Primeira tarefa de cada processo de desenho: importa o WeasyPrint e carrega a folha e as fontes."""
    from weasyprint import HTML

    html = '<link rel="stylesheet" href="/static/concursos/pdf/paginas.css"><p class="t linha">Aquecimento 0123</p>'
    HTML(string=html, base_url=ENDERECO_BASE, url_fetcher=buscador()).render()


def desenhar_fatia(html: str, paginas: int) -> bytes:
    """O PDF de uma fatia; recusa se o WeasyPrint não fez exatamente as ``paginas`` previstas."""
    from weasyprint import HTML

    documento = HTML(string=html, base_url=ENDERECO_BASE, url_fetcher=buscador()).render()
    if len(documento.pages) != paginas:
        raise PaginacaoDivergente(
            f"A diagramação previu {paginas} página(s) e o WeasyPrint fez {len(documento.pages)}: "
            "a numeração sairia errada."
        )
    return documento.write_pdf()


def _juntar(pdfs: list[bytes], marcadores: list[tuple[str, int, int]]) -> bytes:
    """Um PDF com as fatias em ordem, os metadados (título, autor, idioma) da primeira e o sumário."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject

    leitores = [PdfReader(io.BytesIO(conteudo)) for conteudo in pdfs]
    escritor = PdfWriter()
    for leitor in leitores:
        escritor.append(leitor, import_outline=False)
    escritor.add_metadata(dict(leitores[0].metadata or {}))
    if "/Lang" in leitores[0].root_object:
        escritor.root_object[NameObject("/Lang")] = leitores[0].root_object["/Lang"]
    pais = {}
    for titulo, pagina, nivel in marcadores:
        pais[nivel] = escritor.add_outline_item(title=titulo, page_number=pagina, parent=pais.get(nivel - 1))
    saida = io.BytesIO()
    escritor.write(saida)
    return saida.getvalue()


# ----------------------------------------------------------------------------------------------
# Desenho de documentos pequenos e buscador de recursos


def renderizar(modelo: str, contexto: dict) -> bytes:
    from weasyprint import HTML

    html = render_to_string(modelo, contexto)
    return HTML(string=html, base_url=ENDERECO_BASE, url_fetcher=buscador()).write_pdf()


def buscador():
    """Buscador de URLs do WeasyPrint que nega por padrão (ver ``arquivo_estatico``)."""
    return _classe_do_buscador()(allowed_protocols=("data",), allow_redirects=False, timeout=2)


@functools.cache
def _classe_do_buscador():
    from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse

    class BuscadorDeEstaticos(URLFetcher):
        def fetch(self, url, headers=None):
            if url.startswith("data:"):
                return super().fetch(url, headers)
            try:
                caminho = arquivo_estatico(url)
            except FileNotFoundError as erro:
                # Sem a folha de estilo ou a fonte, o documento oficial sairia errado: pare.
                raise FatalURLFetchingError(str(erro)) from erro
            tipo = mimetypes.guess_type(caminho.name)[0] or "application/octet-stream"
            return URLFetcherResponse(url, caminho.read_bytes(), {"Content-Type": tipo})

    return BuscadorDeEstaticos


def raizes_estaticas() -> list[Path]:
    """As pastas de estáticos do projeto: ``STATICFILES_DIRS`` e ``STATIC_ROOT``, resolvidas."""
    raizes = [d[1] if isinstance(d, (tuple, list)) else d for d in getattr(settings, "STATICFILES_DIRS", [])]
    if getattr(settings, "STATIC_ROOT", None):
        raizes.append(settings.STATIC_ROOT)
    return [Path(r).resolve() for r in raizes]


def arquivo_estatico(url: str) -> Path:
    """O arquivo que ``https://pdf.invalid/static/<caminho>`` designa numa pasta de estáticos.

    Recusa (``RecursoRecusado``) qualquer outra URL (``http``, ``https`` de outro host,
    ``file://``) e todo caminho que, resolvido (``..``, ``%2e%2e``, links simbólicos), sai da pasta.
    Um caminho válido que não existe levanta ``FileNotFoundError``.
    """
    if not url.startswith(PREFIXO_ESTATICO):
        raise RecursoRecusado(f"Recurso recusado no PDF: {url}")
    relativo = unquote(url[len(PREFIXO_ESTATICO) :].split("?")[0].split("#")[0])
    if not relativo or "\x00" in relativo or "\\" in relativo or relativo.startswith("/"):
        raise RecursoRecusado(f"Recurso recusado no PDF: {url}")
    for raiz in raizes_estaticas():
        caminho = (raiz / relativo).resolve()
        if not caminho.is_relative_to(raiz):
            raise RecursoRecusado(f"Recurso recusado no PDF (fora dos estáticos): {url}")
        if caminho.is_file():
            return caminho
    raise FileNotFoundError(f"Arquivo estático do PDF não encontrado: {relativo}")
