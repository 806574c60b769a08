"""As páginas da ajuda: o índice e cada documento, só para a equipe (quem entra no admin)."""

from django.contrib.admin.views.decorators import staff_member_required
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe

from . import PAGINAS, PASTA
from .markdown import em_html


def _url(pagina: str) -> str:
    return reverse("ajuda:pagina", args=[pagina])


@staff_member_required
def indice(request):
    paginas = [(_url(pagina), titulo) for pagina, (titulo, _) in PAGINAS.items()]
    return render(request, "ajuda/indice.html", {"title": "Ajuda", "paginas": paginas})


@staff_member_required
def pagina(request, pagina: str):
    if pagina not in PAGINAS:
        raise Http404("Esta página de ajuda não existe.")
    titulo, arquivo = PAGINAS[pagina]
    texto = (PASTA / arquivo).read_text(encoding="utf-8")
    # O primeiro título do documento é o da página (o h1 do admin).
    texto = "\n".join(texto.splitlines()[1:]) if texto.startswith("# ") else texto
    corpo = mark_safe(em_html(texto, url_da_pagina=_url))  # o conversor escapa todo o texto do documento
    return render(request, "ajuda/pagina.html", {"title": titulo, "corpo": corpo})
