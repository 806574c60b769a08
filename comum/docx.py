"""O arquivo editável dos atos publicados (DOCX, pelo python-docx): o formato que o Diário Oficial do
Município recebe (Resolução AMUNES 01/2014: DOC/DOCX/ODT/RTF; PDF só por exceção).

``Editavel`` monta o documento: títulos, parágrafos, tabelas e a linha do registro do ato (número,
código de verificação e endereço completo da verificação, no texto e no rodapé de cada página);
``html`` converte o HTML de um modelo de PDF (títulos, parágrafos, tabelas, listas; estilo, imagens e
gráficos ficam de fora — os dados de um gráfico estão na tabela dele).

Uma tabela é montada de uma vez como texto XML (cada valor escapado) e só entra no ``document.xml`` ao
salvar, no lugar de uma marca: o python-docx célula a célula custa ~1 ms por célula, e mesmo montada
de uma vez, uma árvore do lxml de 100 mil linhas custa centenas de MiB (e movê-la para o documento,
segundos); uma lista de classificação chega a 100 mil linhas (bench/README-pdf.md).
"""

from __future__ import annotations

import io
import re
import secrets
import zipfile
from functools import cache
from types import SimpleNamespace
from typing import NamedTuple
from xml.sax.saxutils import escape

import lxml.html

CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
# O que não cabe num XML (o python-docx recusaria): os caracteres de controle, menos a tabulação.
_CONTROLE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_IGNORADOS = {"style", "script", "svg", "img", "head", "title", "meta", "link", "colgroup", "col"}
_TITULOS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 4, "h6": 4}
_QUEBRA = "\x01"  # o <br>, enquanto os espaços do HTML se juntam (não é espaço para o ``split``)
_PRESERVAR = ' xml:space="preserve"'
COLUNAS_PARA_DEITAR = 8  # a partir daí a página vai deitada (o relatório de prestação de contas)


class Juntas(NamedTuple):
    """Uma célula que ocupa ``colunas`` colunas (o ``colspan`` do HTML)."""

    texto: str
    colunas: int


def _texto(valor) -> str:
    return escape(_CONTROLE.sub("", str(valor if valor is not None else "")))


def _espacos(texto: str) -> bool:
    """Se o texto tem espaços que o Word juntaria (nas pontas ou em sequência): só então o
    ``xml:space="preserve"``, e o ``document.xml`` de 100 mil linhas não leva um por célula."""
    return texto != texto.strip() or "  " in texto or "\t" in texto


def _run(texto, negrito: bool = False) -> str:
    """O ``w:r`` de um texto: cada quebra de linha vira um ``w:br``."""
    propriedades = "<w:rPr><w:b/></w:rPr>" if negrito else ""
    linhas = str(texto if texto is not None else "").split("\n")
    conteudo = "<w:br/>".join(f"<w:t{_PRESERVAR if _espacos(linha) else ''}>{_texto(linha)}</w:t>" for linha in linhas)
    return f"<w:r>{propriedades}{conteudo}</w:r>"


def _celula(valor, negrito: bool = False) -> str:
    """Uma célula: um texto, ou uma tupla de textos (um parágrafo cada: o nome e a anotação embaixo),
    ou ``Juntas`` (o texto em várias colunas)."""
    propriedades = ""
    if isinstance(valor, Juntas):
        propriedades = f'<w:tcPr><w:gridSpan w:val="{valor.colunas}"/></w:tcPr>' if valor.colunas > 1 else ""
        valor = valor.texto
    partes = valor if isinstance(valor, tuple) else (valor,)
    paragrafos = "".join(f"<w:p>{_run(parte, negrito)}</w:p>" for parte in partes)
    return f"<w:tc>{propriedades}{paragrafos}</w:tc>"


def _colunas(linha) -> int:
    return sum(valor.colunas if isinstance(valor, Juntas) else 1 for valor in linha)


@cache
def _python_docx() -> SimpleNamespace:
    """O python-docx, carregado quando o primeiro documento é montado: importá-lo custa ~100 ms, que
    toda partida do Django pagaria (o registro dos tipos de ato importa este módulo), inclusive a de
    um ``manage.py`` que nunca monta um DOCX."""
    from docx import Document
    from docx.enum.section import WD_ORIENT
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls
    from docx.shared import Mm

    return SimpleNamespace(Document=Document, WD_ORIENT=WD_ORIENT, parse_xml=parse_xml, nsdecls=nsdecls, Mm=Mm)


class Editavel:
    """Um documento DOCX em construção; ``em_bytes()`` o entrega."""

    def __init__(self, titulo: str):
        self._docx = _python_docx()
        self.documento = self._docx.Document()
        self._tabelas: list[str] = []  # o XML de cada tabela, posto no lugar da sua marca ao salvar
        self._sal = secrets.token_hex(8)  # a marca não se confunde com um texto digitado
        self.documento.core_properties.title = titulo[:255]
        self.documento.core_properties.language = "pt-BR"
        secao = self.documento.sections[0]
        mm = self._docx.Mm
        secao.page_width, secao.page_height = mm(210), mm(297)  # A4, como os PDFs
        for margem in ("left_margin", "right_margin", "top_margin", "bottom_margin"):
            setattr(secao, margem, mm(20))

    def deitar(self) -> None:
        secao = self.documento.sections[0]
        deitada = self._docx.WD_ORIENT.LANDSCAPE
        if secao.orientation != deitada:
            secao.orientation = deitada
            secao.page_width, secao.page_height = secao.page_height, secao.page_width

    def titulo(self, texto: str, nivel: int = 1) -> None:
        if texto.strip():
            self.documento.add_heading(_CONTROLE.sub("", texto), level=nivel)

    def paragrafo(self, texto: str, estilo: str | None = None, negrito: bool = False) -> None:
        if texto.strip():
            paragrafo = self.documento.add_paragraph(style=estilo)
            run = _run(texto, negrito).replace("<w:r>", f"<w:r {self._docx.nsdecls('w')}>", 1)
            paragrafo._p.append(self._docx.parse_xml(run))

    def tabela(self, cabecalho, linhas, larguras: list[float] | None = None, vazia: str = "") -> None:
        """``cabecalho`` (repetido no alto de cada página; vazio: sem cabeçalho) e ``linhas`` (um
        iterável de sequências de valores); ``larguras`` em mm, 0 para "o que sobra"; sem linhas,
        o parágrafo ``vazia`` no lugar da tabela, se houver."""
        corpo = []
        colunas = _colunas(cabecalho) if cabecalho else 0
        for linha in linhas:
            colunas = max(colunas, _colunas(linha))
            corpo.append(f"<w:tr>{''.join(_celula(valor) for valor in linha)}</w:tr>")
        if not corpo and vazia:
            self.paragrafo(vazia)
            return
        if not colunas:
            return
        topo = ""
        if cabecalho:
            celulas = "".join(_celula(valor, negrito=True) for valor in cabecalho)
            topo = f"<w:tr><w:trPr><w:tblHeader/><w:cantSplit/></w:trPr>{celulas}</w:tr>"
        grade = "".join(f'<w:gridCol w:w="{w}"/>' for w in self._larguras_em_twips(colunas, larguras))
        self._tabelas.append(
            '<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="5000" w:type="pct"/>'
            '<w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="0" w:lastColumn="0" '
            f'w:noHBand="0" w:noVBand="1"/></w:tblPr><w:tblGrid>{grade}</w:tblGrid>{topo}{"".join(corpo)}</w:tbl>'
        )
        # O lugar da tabela: um parágrafo com a marca, trocado pelo XML dela ao salvar (``em_bytes``).
        self.documento.add_paragraph(self._marca(len(self._tabelas) - 1))

    def _marca(self, indice: int) -> str:
        return f"@@tabela-{indice}-{self._sal}@@"

    def _larguras_em_twips(self, colunas: int, larguras: list[float] | None) -> list[int]:
        secao = self.documento.sections[0]
        util_mm = (secao.page_width - secao.left_margin - secao.right_margin) / self._docx.Mm(1)
        if not larguras or len(larguras) != colunas:
            larguras = [util_mm / colunas] * colunas
        fixas = sum(larguras)
        resto = max(util_mm - fixas, 30.0) / max(1, larguras.count(0))
        return [round((largura or resto) * 1440 / 25.4) for largura in larguras]

    def registro(self, registro: dict | None, *, no_inicio: bool = False) -> None:
        """O ato registrado no rodapé de cada página e no texto (se o texto ainda não traz o código;
        ``no_inicio``: antes de tudo): o tipo, o número, o código de verificação e o endereço completo
        da verificação (``concursos.pdf.registro.contexto_do_registro``)."""
        if not registro:
            return
        corpo = self.documento.element.body
        if registro["codigo"] not in "".join(corpo.itertext()):
            self.paragrafo(linha_do_registro(registro))
            if no_inicio:
                corpo.insert(0, self.documento.paragraphs[-1]._p)
        self.documento.sections[0].footer.paragraphs[0].text = (
            f"{registro['tipo']} — registro nº {registro['numero']} · Código de verificação {registro['codigo']} "
            f"· original em {registro['endereco']}"
        )

    def html(self, html: str) -> None:
        """O corpo de um HTML (o de um modelo de PDF) neste documento; página deitada se uma tabela tem
        ``COLUNAS_PARA_DEITAR`` colunas ou mais."""
        raiz = lxml.html.document_fromstring(html)
        corpo = raiz.find("body")
        corpo = corpo if corpo is not None else raiz
        tabelas = [_linhas_do_html(tabela) for tabela in corpo.iter("table")]
        if any(_colunas(linha) >= COLUNAS_PARA_DEITAR for linhas in tabelas for linha in linhas):
            self.deitar()
        self._bloco(corpo)

    def _bloco(self, elemento) -> None:
        if (elemento.text or "").strip():
            self.paragrafo(" ".join(elemento.text.split()))
        for filho in elemento:
            tag = filho.tag if isinstance(filho.tag, str) else ""  # comentários e instruções: fora
            if not tag or tag in _IGNORADOS:
                pass
            elif tag in _TITULOS:
                self.titulo(texto_do_html(filho), _TITULOS[tag])
            elif tag == "table":
                self._tabela_do_html(filho)
            elif tag in ("ul", "ol"):
                estilo = "List Bullet" if tag == "ul" else "List Number"
                for item in filho.iter("li"):
                    self.paragrafo(texto_do_html(item), estilo)
            elif tag == "dl":
                for item in filho:
                    if isinstance(item.tag, str):
                        self.paragrafo(texto_do_html(item), negrito=item.tag == "dt")
            elif tag in ("div", "header", "footer", "section", "main", "article", "body"):
                self._bloco(filho)
            else:  # p e o texto solto (span, strong, a...)
                self.paragrafo(texto_do_html(filho))
            if tag and (filho.tail or "").strip():
                self.paragrafo(" ".join(filho.tail.split()))

    def _tabela_do_html(self, tabela) -> None:
        linhas = _linhas_do_html(tabela)
        cabecalho = []
        primeira = next(iter(tabela.iter("tr")), None)
        if primeira is not None and all(c.tag == "th" for c in primeira if isinstance(c.tag, str)):
            cabecalho, linhas = linhas[0], linhas[1:]
        self.tabela(cabecalho, linhas)

    def em_bytes(self) -> bytes:
        """O DOCX: o python-docx salva o documento com as marcas; o ``word/document.xml`` é reescrito
        com o XML de cada tabela no lugar da sua marca, e o resto do pacote vai como saiu."""
        bruto = io.BytesIO()
        self.documento.save(bruto)
        if not self._tabelas:
            return bruto.getvalue()
        saida = io.BytesIO()
        with zipfile.ZipFile(bruto) as origem, zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as destino:
            for item in origem.infolist():
                conteudo = origem.read(item.filename)
                if item.filename == "word/document.xml":
                    conteudo = self._com_as_tabelas(conteudo.decode("utf-8"))
                destino.writestr(item, conteudo)
        return saida.getvalue()

    def _com_as_tabelas(self, xml: str) -> bytes:
        partes = re.split(f"<w:p><w:r><w:t>@@tabela-(\\d+)-{self._sal}@@</w:t></w:r></w:p>", xml)
        if len(partes) != 2 * len(self._tabelas) + 1:
            raise RuntimeError("O DOCX não tem o lugar de cada tabela.")
        for i in range(1, len(partes), 2):
            partes[i] = self._tabelas[int(partes[i])]
        return "".join(partes).encode("utf-8")


def linha_do_registro(registro: dict) -> str:
    texto = (
        f"{registro['tipo']} — registro nº {registro['numero']}. Código de verificação: {registro['codigo']}; "
        f"o original está em {registro['endereco']}."
    )
    if registro.get("retifica"):
        texto += f" Este ato retifica: {registro['retifica']}."
    return texto


def texto_do_html(elemento) -> str:
    """O texto de um elemento, com cada ``<br>`` como quebra de linha e os espaços do HTML juntados;
    imagens, gráficos e estilos ficam de fora."""
    partes: list[str] = []

    def juntar(no):
        tag = no.tag if isinstance(no.tag, str) else ""
        if tag == "br":
            partes.append(_QUEBRA)
        elif tag and tag not in _IGNORADOS:
            partes.append(no.text or "")
            for filho in no:
                juntar(filho)
        if no is not elemento:
            partes.append(no.tail or "")

    juntar(elemento)
    # Os espaços e as quebras de linha do código do HTML valem um espaço; só o <br> quebra a linha.
    return "\n".join(linha.strip() for linha in " ".join("".join(partes).split()).split(_QUEBRA)).strip()


def _linhas_do_html(tabela) -> list[list]:
    linhas = []
    for linha in tabela.iter("tr"):
        celulas = [c for c in linha if isinstance(c.tag, str) and c.tag in ("td", "th")]
        linhas.append([_celula_do_html(c) for c in celulas])
    return linhas


def _celula_do_html(celula):
    texto = texto_do_html(celula)
    try:
        colunas = max(1, int(celula.get("colspan", "1")))
    except ValueError:
        colunas = 1
    return Juntas(texto, colunas) if colunas > 1 else texto
