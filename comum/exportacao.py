"""Exportação do django-import-export com filtros da URL conferidos.

A exportação refaz a lista do admin com os parâmetros da URL (os filtros e a busca escolhidos na
lista). Um parâmetro que não é filtro da lista (``?foo=bar``) ou um valor inválido
(``?edital__id__exact=abc``) dava ``FieldError``/``ValueError`` — erro 500; a lista do admin, com
os mesmos parâmetros, só mostra o aviso. Aqui, os parâmetros que não servem são tirados da URL, e a
tela da exportação volta sem eles, dizendo quais foram ignorados: nada é exportado sem o RH ver.
"""

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.admin.options import IncorrectLookupParameters
from django.core.exceptions import FieldError, ValidationError
from django.http import QueryDict
from django.shortcuts import redirect

RECUSAS_DE_FILTRO = (IncorrectLookupParameters, FieldError, ValueError, TypeError, ValidationError)


class ExportacaoComFiltrosConferidos:
    def export_action(self, request):
        try:
            self.get_export_queryset(request)
        except RECUSAS_DE_FILTRO:
            return self._sem_os_filtros_invalidos(request)
        return super().export_action(request)

    def _sem_os_filtros_invalidos(self, request):
        validos, ignorados = [], []
        original = request.GET
        try:
            for chave, valores in original.lists():
                for valor in valores:
                    request.GET = QueryDict(urlencode([(chave, valor)]))
                    try:
                        self.get_export_queryset(request)
                    except RECUSAS_DE_FILTRO:
                        ignorados.append(f"{chave}={valor}"[:80])
                    else:
                        validos.append((chave, valor))
        finally:
            request.GET = original
        messages.warning(
            request,
            "Filtros da exportação ignorados (não são filtros desta lista ou têm valor inválido): "
            f"{', '.join(ignorados) or 'a combinação deles'}. Confira os filtros antes de exportar.",
        )
        if not ignorados:  # cada um vale sozinho, mas não juntos: volta sem nenhum
            validos = []
        return redirect(f"{request.path}?{urlencode(validos)}" if validos else request.path)
