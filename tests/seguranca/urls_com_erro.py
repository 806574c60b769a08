"""As URLs do sistema e mais uma que falha, para ver a página de erro 500 (``test_paginas_de_erro``)."""

from django.urls import path

from config.urls import handler400, handler403, handler404, handler500, urlpatterns  # noqa: F401


def falha(request):
    raise RuntimeError("falha de propósito")


urlpatterns = [*urlpatterns, path("falha/", falha)]
