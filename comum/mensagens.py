"""O texto em português de uma recusa: ``ValidationError`` dos serviços, ``ErroDeCotas`` do motor,
``PermissionDenied``."""

from django.core.exceptions import ValidationError


def mensagem_de(erro: Exception, *, separador: str = "; ", padrao: str = "") -> str:
    """As mensagens de um ``ValidationError`` juntas por ``separador``; de outro erro, o seu texto
    (ou ``padrao``, se o erro veio sem texto)."""
    if isinstance(erro, ValidationError):
        return separador.join(erro.messages)
    return str(erro) or padrao
