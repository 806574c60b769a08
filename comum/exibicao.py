"""Datas como as telas e os documentos as escrevem: dd/mm/aaaa, na hora de Brasília."""

from zoneinfo import ZoneInfo

from django.utils import timezone
from django.utils.dateformat import format as formatar_data

FUSO = ZoneInfo("America/Sao_Paulo")  # o de ``TIME_ZONE``: a hora impressa nos documentos


def data(valor) -> str:
    """dd/mm/aaaa; um momento (``datetime``) é lido na hora de Brasília; vazio é "—"."""
    if hasattr(valor, "tzinfo") and timezone.is_aware(valor):
        valor = timezone.localtime(valor)
    return formatar_data(valor, "d/m/Y") if valor else "—"


def data_e_hora(valor) -> str:
    """dd/mm/aaaa hh:mm na hora de Brasília; vazio é "—"."""
    return formatar_data(timezone.localtime(valor), "d/m/Y H:i") if valor else "—"
