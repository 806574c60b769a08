"""Validadores de texto digitado ou importado."""

import re

from django.core.exceptions import ValidationError

# Caracteres que ninguém digita num nome ou num número de inscrição: controles (C0/C1, DEL) e os
# que invertem ou isolam a direção do texto (U+202E mostra "gpj.exe" como "exe.jpg").
_CONTROLES = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def tem_caracteres_de_controle(texto_: str) -> bool:
    return bool(_CONTROLES.search(texto_))


def validar_texto_limpo(valor: str) -> None:
    """Recusa caracteres de controle e de inversão de direção (U+202E), que ninguém digita."""
    if valor and tem_caracteres_de_controle(valor):
        raise ValidationError(
            "O texto tem caracteres de controle ou invisíveis (copiados de outro sistema?); digite-o de novo.",
            code="controle",
        )
