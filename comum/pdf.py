"""O desenho seguro do WeasyPrint que os dois apps usam: ``renderizar(modelo, contexto)`` e o
buscador de recursos que nega por padrão (docs/TECNICO.md §2.3): os modelos são nossos, mas levam nomes
digitados pelos candidatos. Só passam ``data:`` e os arquivos estáticos do próprio projeto, por
``https://pdf.invalid/static/<caminho>``; qualquer outra URL é ``RecursoRecusado``.

O WeasyPrint só é importado dentro das funções que desenham (custa ~0,35 s), para que o
``manage.py`` não pague esse preço ao iniciar. Importável sem ``django.setup()`` (só lê as
configurações): os processos que desenham os PDFs longos em paralelo usam o buscador.
"""

from __future__ import annotations

import functools
import mimetypes
from pathlib import Path
from urllib.parse import unquote

from django.conf import settings
from django.template.loader import render_to_string

ENDERECO_BASE = "https://pdf.invalid/"
PREFIXO_ESTATICO = ENDERECO_BASE + "static/"


def endereco_do_site() -> str:
    """O endereço completo do sistema, sem a barra final, que todo rodapé de PDF imprime: o
    ``ENDERECO_PUBLICO`` ou, sem ele, ``ENDERECO_SEM_CONFIGURACAO`` (config/settings.py). Lido a cada
    documento, não na importação: os testes trocam a configuração."""
    return settings.ENDERECO_PUBLICO or settings.ENDERECO_SEM_CONFIGURACAO


def texto_css(texto: str) -> str:
    """O texto entre aspas de um ``content`` do CSS, sem aspas nem barras que o quebrem."""
    return '"' + texto.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ").replace("<", "\\3c ") + '"'


class RecursoRecusado(ValueError):
    """URL que o PDF não pode buscar: fora de ``data:`` e dos arquivos estáticos do projeto."""


def renderizar(modelo: str, contexto: dict) -> bytes:
    """O PDF de um modelo do Django, desenhado inteiro pelo WeasyPrint (documentos pequenos)."""
    from weasyprint import HTML

    # O rodapé de toda página termina no endereço do site (``base.html``); o ato registrado troca o
    # rodapé pelo código de verificação e o endereço completo da página que o confere.
    html = render_to_string(modelo, {"rodape_do_site": texto_css(" · " + endereco_do_site()), **contexto})
    # PDF marcado (pdf_tags): a árvore de estrutura dá a ordem de leitura e os títulos e tabelas ao
    # leitor de tela; o título do documento (o <title>) aparece na janela; o idioma vem do lang.
    return HTML(string=html, base_url=ENDERECO_BASE, url_fetcher=buscador()).write_pdf(pdf_tags=True)


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
