"""Desenho das páginas diagramadas: o ``Documento`` (as páginas de uma ou mais seções, numeradas
no fim) é dividido em fatias desenhadas pelo WeasyPrint, em processos paralelos quando é grande, e
juntadas com pypdf, que também monta o sumário. O número de páginas de cada fatia é conferido
(``PaginacaoDivergente`` se não bater).

Os processos que desenham (``spawn``) importam este módulo sem ``django.setup()``: nada aqui
importa modelos.
"""

from __future__ import annotations

import functools
import io
import logging
import math
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from comum.pdf import ENDERECO_BASE, buscador

from .diagramacao import LARGURA_UTIL, MARGENS, Diagramador, Pagina
from .medidas import ESTILOS, alinhar, fonte_embutida

if TYPE_CHECKING:
    from concursos.models import Resultado

logger = logging.getLogger(__name__)

LINHAS_PARA_DESENHAR_EM_PARALELO = 3000  # abaixo disso (~45 páginas), subir processos custa mais que ganha
PAGINAS_POR_FATIA = 50  # no máximo; cada fatia é um documento do WeasyPrint, com a memória do seu tamanho


class PaginacaoDivergente(RuntimeError):
    """O WeasyPrint fez mais (ou menos) páginas do que a diagramação previu: "Página X de Y" sairia
    errado, então o documento não é entregue. É defeito do programa, não da entrada."""


class Documento:
    """As páginas de um PDF, de uma ou mais seções (capa, cargos), numeradas no fim."""

    def __init__(self, titulo: str, *, qr_code: str = ""):
        self.titulo = titulo
        self.qr_code = qr_code  # o do ato registrado (``pdf.registro``): na margem direita de cada página
        self.paginas: list[Pagina] = []
        self.marcadores: list[tuple[str, int, int]] = []

    def acrescentar(self, secao: Diagramador) -> None:
        inicio = len(self.paginas)
        self.paginas += secao.paginas
        self.marcadores += [(titulo, inicio + pagina, nivel) for titulo, pagina, nivel in secao.marcadores]

    def numerar(self) -> None:
        """Escreve o rodapé de cada página, com "Página X de Y" à direita."""
        estilo, fonte, total = ESTILOS["rodape"], fonte_embutida(False), len(self.paginas)
        for numero, pagina in enumerate(self.paginas, start=1):
            texto = f"Página {numero} de {total}"
            esquerda = (0.0, pagina.margens.rodape, fonte.medir(pagina.margens.rodape))
            direita = (LARGURA_UTIL - fonte.medir(texto) * estilo.em, texto, fonte.medir(texto))
            pagina.rodape = alinhar([esquerda, direita], estilo)


def linhas_previstas(resultado: Resultado) -> int:
    saida = resultado.saida_do_motor
    return sum(len(lista) for _, lista in saida.listas) + len(saida.convocacoes)


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
        trabalhos = [(_html(documento.titulo, fatia, documento.qr_code), len(fatia)) for fatia in fatias]
        return _juntar(self._em_pdf(trabalhos), documento.marcadores)

    def _em_pdf(self, trabalhos: list[tuple[str, int]]) -> list[bytes]:
        if self.fila is not None and len(trabalhos) > 1:
            try:
                return list(self.fila.map(desenhar_fatia, *zip(*trabalhos, strict=True)))
            except BrokenProcessPool:
                logger.warning("Processos do PDF indisponíveis; as %d fatias saem deste processo.", len(trabalhos))
        return [desenhar_fatia(html, paginas) for html, paginas in trabalhos]


def _html(titulo: str, paginas: list[Pagina], qr_code: str = "") -> str:
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
        {"titulo_do_documento": titulo, "medidas": mark_safe(medidas), "paginas": paginas, "qr_code": qr_code},
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
    from pypdf.generic import BooleanObject, DictionaryObject, NameObject

    leitores = [PdfReader(io.BytesIO(conteudo)) for conteudo in pdfs]
    escritor = PdfWriter()
    for leitor in leitores:
        escritor.append(leitor, import_outline=False)
    escritor.add_metadata(dict(leitores[0].metadata or {}))
    if "/Lang" in leitores[0].root_object:
        escritor.root_object[NameObject("/Lang")] = leitores[0].root_object["/Lang"]
    # O leitor de PDF mostra o título do documento, não o nome do arquivo (PDF/UA, 7.1).
    escritor.root_object[NameObject("/ViewerPreferences")] = DictionaryObject(
        {NameObject("/DisplayDocTitle"): BooleanObject(True)}
    )
    pais = {}
    for titulo, pagina, nivel in marcadores:
        pais[nivel] = escritor.add_outline_item(title=titulo, page_number=pagina, parent=pais.get(nivel - 1))
    saida = io.BytesIO()
    escritor.write(saida)
    return saida.getvalue()
