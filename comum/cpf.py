"""CPF: normalização (11 dígitos), validação (django-localflavor), formatação e máscara.

Guardamos só os 11 dígitos, para que ``529.982.247-25`` e ``52998224725`` sejam o mesmo CPF
diante da restrição de unicidade. Em material publicado o CPF aparece apenas mascarado
(``***.982.247-**``), como recomendam a AGE-MG e a ANPD.
"""

import re

from django.core.exceptions import ValidationError
from localflavor.br.validators import BRCPFValidator, dv_maker

_validador = BRCPFValidator()


def normalizar_cpf(valor) -> str:
    """Só os dígitos ASCII; ``'529.982.247-25'`` → ``'52998224725'``. Algarismos de outras escritas
    (``'٥٢٩…'``) não contam: o mesmo CPF escapa da unicidade se for guardado com eles."""
    return re.sub(r"[^0-9]", "", str(valor or ""))


def validar_cpf(valor) -> None:
    digitos = normalizar_cpf(valor)
    try:
        _validador(digitos)
    except ValidationError:
        raise ValidationError(f"CPF inválido: {valor!r}.", code="invalid") from None


def formatar_cpf(digitos: str) -> str:
    d = normalizar_cpf(digitos)
    return f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}" if len(d) == 11 else d


def mascarar_cpf(digitos: str) -> str:
    """Esconde os três primeiros e os dois últimos dígitos: ``***.456.789-**``."""
    d = normalizar_cpf(digitos)
    return f"***.{d[3:6]}.{d[6:9]}-**" if len(d) == 11 else "***"


def completar_cpf(base: str) -> str:
    """CPF válido a partir de 9 dígitos (para dados de demonstração e testes, nunca de pessoas reais)."""
    digitos = [int(c) for c in base]
    for pesos in (range(10, 1, -1), range(11, 1, -1)):
        digitos.append(dv_maker(sum(p * d for p, d in zip(pesos, digitos, strict=False)) % 11))
    return "".join(map(str, digitos))
