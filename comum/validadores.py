"""Validadores de texto digitado ou importado."""

import re

from django.core.exceptions import ValidationError
from django.core.validators import URLValidator

# Caracteres que ninguém digita num nome ou num número de inscrição: controles (C0/C1, DEL), os que
# invertem ou isolam a direção do texto (U+202E mostra "gpj.exe" como "exe.jpg") e os invisíveis de
# largura zero (U+200B a U+200D, U+2060 e U+FEFF), que escondem diferenças entre dois textos iguais
# na tela. Quebra de linha e tabulação valem só nos textos de várias linhas.
_PROIBIDOS = "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff"
_CONTROLES = re.compile(f"[{_PROIBIDOS}]")
_CONTROLES_NUMA_LINHA = re.compile(f"[\t\n\r{_PROIBIDOS}]")
_NOMES = {"\t": "tabulação", "\n": "quebra de linha", "\r": "retorno de carro"}


def tem_caracteres_de_controle(texto_: str) -> bool:
    return bool(_CONTROLES.search(texto_))


def primeiro_caractere_proibido(texto_: str, *, multilinha: bool = True) -> tuple[int, str] | None:
    """A posição (a partir de 1) e a descrição (``U+202E``, ``quebra de linha (U+000A)``) do
    primeiro caractere recusado; ``None`` se não há nenhum."""
    achado = (_CONTROLES if multilinha else _CONTROLES_NUMA_LINHA).search(texto_)
    if achado is None:
        return None
    caractere = achado.group()
    codigo = f"U+{ord(caractere):04X}"
    return achado.start() + 1, f"{_NOMES[caractere]} ({codigo})" if caractere in _NOMES else codigo


def validar_texto_limpo(valor: str) -> None:
    """Recusa caracteres de controle e de inversão de direção (U+202E), que ninguém digita."""
    if valor and tem_caracteres_de_controle(valor):
        raise ValidationError(
            "O texto tem caracteres de controle ou invisíveis (copiados de outro sistema?); digite-o de novo.",
            code="controle",
        )


CODIGO_DE_GRAVACAO = re.compile(r"[0-9A-Za-zÀ-ÿ][0-9A-Za-zÀ-ÿ ,;._/#:()ºª-]*")
OUTRO_ESQUEMA = re.compile(r"([a-z][a-z0-9+.-]*://|(javascript|data|vbscript|file):)", re.IGNORECASE)


def validar_referencia_de_gravacao(valor: str) -> None:
    """A gravação é citada, nunca enviada: um link ``http(s)`` para o vídeo ou um código de
    referência (letras, números, espaços e ``, ; . _ - / # : ( )``). Nada de ``javascript:``,
    ``file:`` ou caracteres de controle — a referência aparece como link na tela da recursal."""
    if not valor:
        return
    validar_texto_limpo(valor)
    if re.match(r"https?://", valor, re.IGNORECASE):
        try:
            URLValidator(schemes=["http", "https"])(valor)
        except ValidationError:
            raise ValidationError("Link inválido: confira o endereço da gravação.", code="link") from None
    elif OUTRO_ESQUEMA.match(valor):
        raise ValidationError("Só links http:// ou https://, ou um código de referência.", code="esquema")
    elif not CODIGO_DE_GRAVACAO.fullmatch(valor):
        raise ValidationError(
            "Use um link http(s) para o vídeo ou um código de referência (letras, números, espaços e . _ - / # :).",
            code="codigo",
        )
