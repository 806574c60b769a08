"""Botões e links só para quem pode usá-los (issue 24, achado 7): o auditor, que só lê, não vê
"Registrar correção de nota", "Desistência de…", "Publicar…" nem "Gerar resultado". O teste abre,
como o auditor, na demonstração (resultados publicados, eventos, sessões, apurações), o início do
admin, cada lista e a ficha dos dois primeiros e dos dois últimos registros de cada modelo, e as
telas do sistema a que elas levam; cada link e cada formulário dessas páginas que leva ao próprio
sistema não pode responder 403 a ele, nem levar a uma lista com um filtro que ela não oferece
(``?e=1``). Os formulários são enviados como a página os enviaria (GET ou POST, vazio), numa
transação desfeita."""

import re
from html import unescape
from urllib.parse import urljoin, urlsplit

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.urls import reverse

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("demo_do_modulo")]

LINK = re.compile(r'<a\b[^>]*\bhref="([^"#]+)"', re.I)
FORMULARIO = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.I | re.S)
ENVIAR = re.compile(r'<button\b(?![^>]*type="button")|<input\b[^>]*type="(submit|image)"', re.I)
NAO_SEGUIR = ("/contas/sair/", "/contas/dois-fatores/", "/static/", "/admin/logout/", "/admin/jsi18n/")


def destinos(pagina: str, html: str) -> set[tuple[str, str]]:
    """(método, caminho) de cada link e formulário da página que leva ao próprio sistema."""
    achados = {("get", unescape(href)) for href in LINK.findall(html)}
    for atributos, conteudo in FORMULARIO.findall(html):
        if not ENVIAR.search(conteudo):
            continue  # a ficha só de leitura do admin fica num <form> sem botão de enviar
        metodo = re.search(r'method="(\w+)"', atributos, re.I)
        acao = re.search(r'action="([^"]*)"', atributos, re.I)
        achados.add(((metodo.group(1).lower() if metodo else "get"), unescape(acao.group(1)) if acao else pagina))
    internos = set()
    for metodo, destino in achados:
        url = urlsplit(urljoin(pagina, destino))
        if url.netloc not in ("", "testserver") or url.path.startswith(NAO_SEGUIR):
            continue
        internos.add((metodo, url.path + (f"?{url.query}" if url.query else "")))
    return internos


def paginas_de_partida() -> list[str]:
    paginas = [reverse("admin:index")]
    for modelo in admin.site._registry:
        prefixo = f"admin:{modelo._meta.app_label}_{modelo._meta.model_name}"
        paginas.append(reverse(f"{prefixo}_changelist"))
        chaves = modelo._default_manager.order_by("pk").values_list("pk", flat=True)
        for chave in dict.fromkeys([*chaves[:2], *chaves.reverse()[:2]]):
            paginas.append(reverse(f"{prefixo}_change", args=[chave]))
    return paginas


def abrir(cliente, metodo, url):
    with transaction.atomic():
        resposta = cliente.post(url, {}) if metodo == "post" else cliente.get(url)
        transaction.set_rollback(True)
    return resposta


def test_o_auditor_nao_ve_botao_nem_link_que_lhe_responderia_403():
    cliente = Client(raise_request_exception=False)
    cliente.force_login(get_user_model().objects.get(username="auditor"))
    vistas, conferidos, problemas = set(), {}, []
    fila = [("get", pagina) for pagina in paginas_de_partida()]
    while fila:
        metodo, pagina = fila.pop(0)
        resposta = abrir(cliente, "get", pagina)
        if resposta.status_code != 200 or "text/html" not in resposta.get("Content-Type", ""):
            continue
        vistas.add(pagina)
        for destino in destinos(pagina, resposta.content.decode()) - set(conferidos):
            aberto = abrir(cliente, *destino)
            conferidos[destino] = aberto.status_code
            if aberto.status_code == 403:
                problemas.append(f"{pagina} → {destino[0].upper()} {destino[1]}")
            elif aberto.status_code == 400 or aberto.get("Location", "").endswith("?e=1"):
                problemas.append(f"{pagina} → {destino[1]}: filtro que a lista não oferece")
            elif destino[0] == "get" and destino[1].startswith("/concursos/") and destino[1] not in vistas:
                fila.append(destino)  # as telas do sistema fora do admin (evento, resultado…), um nível
    assert not problemas, "\n".join(sorted(set(problemas)))
    assert len(vistas) > 50 and len(conferidos) > 300, (len(vistas), len(conferidos))
