"""Medir e compor texto com as larguras de glifo da própria fonte embutida (DejaVu Sans, lidas com
fontTools; crenagem e ligaduras desligadas na folha, para que a largura desenhada seja a soma):
os estilos de cada tipo de bloco, a quebra de linhas e o alinhamento por espaços tipográficos
(U+2002…U+200A). O porquê está em ``concursos/pdf/__init__.py``.

Os processos que desenham (``spawn``) importam este módulo sem ``django.setup()``: nada aqui
importa modelos.
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from comum.pdf import PREFIXO_ESTATICO, arquivo_estatico

MM_POR_PT = 25.4 / 72
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
        fonte = fonte_embutida(self.negrito)
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
def fonte_embutida(negrito: bool) -> _Fonte:
    return _Fonte(arquivo_estatico(PREFIXO_ESTATICO + FONTES[negrito]))


def _largura_desconhecida(caractere: str) -> float:
    """Glifo que a DejaVu não tem: marcas e formatação não avançam; o resto vem de outra fonte,
    de largura desconhecida: conta-se 1 em (os ideogramas têm 1 em)."""
    return 0.0 if unicodedata.category(caractere) in ("Mn", "Me", "Cf") else 1.0


def limpo(texto) -> str:
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


def alinhar(partes: list[tuple[float, str, float]], estilo: Estilo) -> str:
    """Os textos, cada um começando em ``x`` mm, numa linha só: o vão é feito de espaços tipográficos."""
    fonte = fonte_embutida(estilo.negrito)
    saida, cursor = [], 0.0  # cursor em ems
    for x, texto, medida in partes:
        vao = x / estilo.em - cursor
        if saida:
            vao = max(vao, 0.25)  # texto que transbordou: ao menos um espaço entre as colunas
        espacos, feito = fonte.espacos(vao)
        saida += [espacos, _isolado(texto)]
        cursor += feito + medida
    return "".join(saida)
