"""O portal da transparência (``/transparencia/``): páginas públicas, sem login, dos atos publicados
(docs/PORTAL.md). Tudo é lido do que foi guardado na publicação (o registro dos atos publicados, por
``concursos.consultas.portal``, e ``PublicacaoNoPortal``): nada se recalcula por pedido; o documento
de um ato são os bytes guardados no registro. Toda resposta leva ``noindex`` (os dados dos
candidatos não vão para buscadores) e os cabeçalhos de cache que deixam um proxy ajudar no dia do
resultado (``Cache-Control: public``, ``ETag``, ``Last-Modified``)."""

import hashlib
from functools import wraps

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import path, re_path
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date
from django.views.decorators.http import require_safe

from ..consultas.portal import (
    DICIONARIO,
    atos_do_edital,
    editais_no_portal,
    no_portal,
    resultados_no_portal,
    ultimos_resultados,
)
from ..models import ArquivoDoPortal, AtoPublicado, Edital, PaginaDoPortal, Resultado
from ..services.portal import forma_do_portal, formas_do_portal
from ..tipos_de_ato import RESULTADO_PUBLICADO

TIPOS = {"csv": "text/csv; charset=utf-8", "json": "application/json"}


def do_portal(view):
    """Só GET/HEAD; ``noindex`` no cabeçalho; ``Cache-Control: public`` e a ETag do conteúdo (o
    pedido com ``If-None-Match`` igual recebe 304, sem corpo)."""

    @require_safe
    @wraps(view)
    def portal(request, *args, **kwargs):
        resposta = view(request, *args, **kwargs)
        resposta["X-Robots-Tag"] = "noindex, nofollow"
        if resposta.status_code != 200:
            return resposta
        patch_cache_control(resposta, public=True, max_age=settings.PORTAL_CACHE_SEGUNDOS)
        if not resposta.has_header("ETag"):
            resposta["ETag"] = f'"{hashlib.sha256(resposta.content).hexdigest()[:32]}"'
        condicional = get_conditional_response(request, etag=resposta["ETag"], response=resposta)
        if condicional is not resposta:
            condicional["X-Robots-Tag"] = "noindex, nofollow"
        return condicional

    return portal


def _resultado_no_portal(pk) -> Resultado:
    """A versão do resultado que o registro tem como publicada, se o edital ainda está no portal."""
    resultado = get_object_or_404(resultados_no_portal().select_related("cargo__edital"), pk=pk)
    if not no_portal(resultado.cargo.edital):
        raise Http404("Este edital já saiu do portal.")
    return resultado


def _ultima_modificacao(resposta, momento):
    if momento is not None:
        resposta["Last-Modified"] = http_date(momento.timestamp())
    return resposta


@do_portal
def indice(request):
    editais = [(edital, atos_do_edital(edital)) for edital in editais_no_portal()]
    return render(request, "transparencia/indice.html", {"editais": editais})


@do_portal
def edital(request, pk):
    edital = get_object_or_404(Edital, pk=pk)
    atos = atos_do_edital(edital)
    if not atos or not no_portal(edital):
        raise Http404("Este edital não está no portal.")
    cargos = formas_do_portal(ultimos_resultados(edital))
    return render(request, "transparencia/edital.html", {"edital": edital, "atos": atos, "cargos": cargos})


@do_portal
def resultado(request, pk):
    resultado = _resultado_no_portal(pk)
    publicacao = forma_do_portal(resultado)
    ato = resultado.atos_publicados.filter(tipo=RESULTADO_PUBLICADO).defer("conteudo", "editavel").first()
    contexto = {"resultado": resultado, "edital": resultado.cargo.edital, "publicacao": publicacao, "ato": ato}
    return _ultima_modificacao(render(request, "transparencia/resultado.html", contexto), publicacao.preparada_em)


@do_portal
def lista(request, pk, nome):
    resultado = _resultado_no_portal(pk)
    publicacao = forma_do_portal(resultado)
    indice_da_lista = publicacao.lista(nome)
    if indice_da_lista is None:
        raise Http404("Lista desconhecida.")
    numero = _numero_da_pagina(request, indice_da_lista["paginas"])
    pagina = get_object_or_404(PaginaDoPortal, publicacao=publicacao, lista=nome, numero=numero)
    contexto = {
        "resultado": resultado,
        "edital": resultado.cargo.edital,
        "lista": indice_da_lista,
        "linhas": pagina.linhas,
        "numero": numero,
        "convocacao": nome == "convocacao",
    }
    resposta = render(request, "transparencia/lista.html", contexto)
    return _ultima_modificacao(resposta, publicacao.preparada_em)


def _numero_da_pagina(request, paginas: int) -> int:
    try:
        numero = int(request.GET.get("pagina", "1"))
    except ValueError:
        raise Http404("Página inválida.") from None
    if not 1 <= numero <= paginas:
        raise Http404("Página inexistente.")
    return numero


@do_portal
def dados_abertos(request, pk, arquivo, formato):
    resultado = _resultado_no_portal(pk)
    publicacao = forma_do_portal(resultado)
    guardado = get_object_or_404(ArquivoDoPortal, publicacao=publicacao, nome=f"{arquivo}.{formato}")
    nome = f"{arquivo}-{resultado.cargo.codigo}-v{resultado.versao}.{formato}"
    resposta = HttpResponse(bytes(guardado.conteudo), content_type=TIPOS[formato])
    resposta["Content-Disposition"] = f'attachment; filename="{nome}"'
    resposta["ETag"] = f'"{guardado.hash[:32]}"'
    return _ultima_modificacao(resposta, publicacao.preparada_em)


@do_portal
def dicionario(request):
    return render(request, "transparencia/dicionario.html", {"dicionario": DICIONARIO})


@do_portal
def ato(request, pk):
    """O documento de um ato do registro: os bytes guardados na confirmação, enquanto o edital está no portal."""
    ato = get_object_or_404(AtoPublicado.objects.select_related("edital"), pk=pk)
    if not no_portal(ato.edital):
        raise Http404("Este edital já saiu do portal.")
    resposta = HttpResponse(bytes(ato.conteudo), content_type=ato.tipo_do_conteudo)
    resposta["Content-Disposition"] = f'inline; filename="ato-{ato.tipo}-{ato.numero}-{ato.ano}.pdf"'
    resposta["ETag"] = f'"{ato.hash_sha256[:32]}"'
    return _ultima_modificacao(resposta, ato.confirmado_em)


app_name = "transparencia"
urlpatterns = [
    path("", indice, name="indice"),
    path("dados-abertos/", dicionario, name="dicionario"),
    path("editais/<int:pk>/", edital, name="edital"),
    path("resultados/<int:pk>/", resultado, name="resultado"),
    path("resultados/<int:pk>/listas/<slug:nome>/", lista, name="lista"),
    re_path(
        r"^resultados/(?P<pk>[0-9]+)/(?P<arquivo>classificacao-geral|ordem-de-convocacao)\.(?P<formato>csv|json)$",
        dados_abertos,
        name="dados_abertos",
    ),
    path("atos/<int:pk>.pdf", ato, name="ato"),
]
