"""Recusa, antes das views, o que nenhuma tela legítima envia e que viraria erro 500 mais adiante."""

from django.http import HttpResponseBadRequest


class RecusaCaractereNulo:
    """``%00`` no endereço: 400, com a explicação em português.

    O PostgreSQL não aceita o caractere NUL (0x00) em texto, nem para comparar: um filtro do admin
    (``?situacao__exact=%00``) ou a busca do autocomplete (``?term=%00``) virava ``DataError`` e
    erro 500. Nenhum link do sistema tem NUL. Nos formulários (POST) quem recusa é o próprio
    campo (``ProhibitNullCharactersValidator`` do Django), com a mensagem junto dele."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path or any(
            "\x00" in chave or any("\x00" in valor for valor in valores) for chave, valores in request.GET.lists()
        ):
            return HttpResponseBadRequest(
                "Endereço inválido: contém o caractere nulo (%00).", content_type="text/plain; charset=utf-8"
            )
        return self.get_response(request)
