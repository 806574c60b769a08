"""Prazos em dias e o calendário dos dias úteis (Python puro, sem Django, sem relógio).

O prazo de recurso da heteroidentificação (docs/REGRAS.md §10) corre da publicação do resultado
preliminar, pelos dias que o edital fixa, **excluído o dia da publicação**; o prazo que termina em dia
sem expediente termina no primeiro dia útil seguinte (Lei 9.784/1999, art. 66). Dias sem expediente:
sábados, domingos, os feriados nacionais (os de data fixa e os móveis, calculados da Páscoa) e os
feriados locais que o município informa (o modelo ``Feriado`` da heteroidentificação, mantido no admin).
"""

from collections.abc import Collection
from datetime import date, timedelta

SABADO = 5


def pascoa(ano: int) -> date:
    """Domingo de Páscoa do calendário gregoriano (o cômputo de Meeus/Jones/Butcher)."""
    a, b, c = ano % 19, ano // 100, ano % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l = (32 + 2 * e + 2 * i - h - k) % 7  # noqa: E741 — o nome do algoritmo
    m = (a + 11 * h + 22 * l) // 451
    mes, dia = divmod(h + l - 7 * m + 114, 31)
    return date(ano, mes, dia + 1)


# Feriados nacionais de data fixa: (mês, dia, nome, primeiro ano em que vale).
FERIADOS_FIXOS = (
    (1, 1, "Confraternização Universal", None),
    (4, 21, "Tiradentes", None),
    (5, 1, "Dia do Trabalho", None),
    (9, 7, "Independência do Brasil", None),
    (10, 12, "Nossa Senhora Aparecida", None),
    (11, 2, "Finados", None),
    (11, 15, "Proclamação da República", None),
    (11, 20, "Dia Nacional de Zumbi e da Consciência Negra", 2024),
    (12, 25, "Natal", None),
)

# Feriados móveis: dias contados da Páscoa.
FERIADOS_MOVEIS = (
    (-48, "Carnaval (segunda-feira)"),
    (-47, "Carnaval (terça-feira)"),
    (-2, "Sexta-feira Santa"),
    (60, "Corpus Christi"),
)


def feriados_nacionais(ano: int) -> dict[date, str]:
    """Os feriados nacionais do ano (os fixos e os móveis), data → nome."""
    feriados = {date(ano, mes, dia): nome for mes, dia, nome, desde in FERIADOS_FIXOS if desde is None or ano >= desde}
    domingo = pascoa(ano)
    feriados.update({domingo + timedelta(days=dias): nome for dias, nome in FERIADOS_MOVEIS})
    return feriados


def dia_util(dia: date, feriados_locais: Collection[date] = ()) -> bool:
    """Há expediente: não é sábado, domingo, feriado nacional nem feriado local informado."""
    return dia.weekday() < SABADO and dia not in feriados_nacionais(dia.year) and dia not in feriados_locais


def fim_do_prazo(inicio: date, dias: int, feriados_locais: Collection[date] = ()) -> date:
    """Último dia do prazo de ``dias`` dias contado de ``inicio`` (o dia da publicação, excluído):
    os dias correm seguidos e, se o último cai em dia sem expediente, o prazo termina no primeiro dia
    útil seguinte (Lei 9.784/1999, art. 66)."""
    if dias < 1:
        raise ValueError("O prazo tem ao menos 1 dia.")
    fim = inicio + timedelta(days=dias)
    while not dia_util(fim, feriados_locais):
        fim += timedelta(days=1)
    return fim
