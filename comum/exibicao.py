"""Datas como as telas e os documentos as escrevem (dd/mm/aaaa, na hora de Brasília) e as notas
parciais como tabela."""

from zoneinfo import ZoneInfo

from django.utils import timezone
from django.utils.dateformat import format as formatar_data
from django.utils.html import format_html, format_html_join

FUSO = ZoneInfo("America/Sao_Paulo")  # o de ``TIME_ZONE``: a hora impressa nos documentos


def data(valor) -> str:
    """dd/mm/aaaa; um momento (``datetime``) é lido na hora de Brasília; vazio é "—"."""
    if hasattr(valor, "tzinfo") and timezone.is_aware(valor):
        valor = timezone.localtime(valor)
    return formatar_data(valor, "d/m/Y") if valor else "—"


DIAS_DA_SEMANA = ("segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo")


def data_com_o_dia_da_semana(valor) -> str:
    """A data com o dia da semana ("segunda-feira, 26/05/2025"): o último dia de um prazo que passou um fim de semana."""
    return f"{DIAS_DA_SEMANA[valor.weekday()]}, {data(valor)}" if valor else "—"


def data_e_hora(valor) -> str:
    """dd/mm/aaaa hh:mm na hora de Brasília; vazio é "—"."""
    return formatar_data(timezone.localtime(valor), "d/m/Y H:i") if valor else "—"


def notas_parciais_em_tabela(notas: dict | None) -> str:
    """As notas parciais (``{"objetiva": "40.5", "redacao": "7"}``) como tabela de prova e nota, com
    vírgula decimal; sem notas, "—". Nunca o JSON cru."""
    if not notas:
        return "—"
    linhas = format_html_join(
        "",
        '<tr><th scope="row">{}</th><td class="numero">{}</td></tr>',
        ((prova, str(nota).replace(".", ",")) for prova, nota in notas.items()),
    )
    return format_html(
        '<table class="tabela notas-parciais"><thead><tr><th scope="col">Prova</th>'
        '<th scope="col" class="numero">Nota</th></tr></thead><tbody>{}</tbody></table>',
        linhas,
    )
