"""Quem, num cargo, ainda pode ter a verificação mudada por recurso (docs/REGRAS.md §10).

Enquanto corre o prazo de recurso da heteroidentificação de um candidato do cargo (ou o recurso dele
espera julgamento), o resultado do concurso pode ser publicado, mas só **sujeito a recurso**, com
essas inscrições anotadas no ato, na tela e no PDF; um recurso provido depois entra como revisão
(§8). O prazo e os recursos são da heteroidentificação, que depende de ``concursos`` e não o
contrário: ela registra aqui, ao carregar o app, a função que os conhece (``registrar_fonte``).
"""

from collections.abc import Callable
from datetime import date

_FONTES: list[Callable] = []


def registrar_fonte(fonte: Callable) -> Callable:
    """``fonte(cargo, hoje)`` devolve os números de inscrição do cargo com prazo de recurso aberto."""
    if fonte not in _FONTES:
        _FONTES.append(fonte)
    return fonte


def sujeitos_a_recurso(cargo, hoje: date) -> list[str]:
    """Os números de inscrição do cargo cuja verificação ainda pode mudar por recurso, em ordem."""
    return sorted({numero for fonte in _FONTES for numero in fonte(cargo, hoje)})


def anotacao(numeros) -> str:
    """A anotação da publicação sujeita a recurso, como sai no ato, na ficha do resultado e no PDF."""
    if not numeros:
        return ""
    inscricoes = "da inscrição" if len(numeros) == 1 else "das inscrições"
    return (
        f"Publicado sujeito a recurso quanto à verificação {inscricoes} {', '.join(numeros)}: o prazo de "
        "recurso da heteroidentificação estava aberto na publicação; um recurso provido entra como revisão."
    )
