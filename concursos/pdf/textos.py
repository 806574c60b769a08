"""O que os documentos do edital escrevem do mesmo jeito: o rótulo de cada vaga (o de cada grupo vem de
``cotas.regimes.rotulo_do_grupo``), o momento em que o documento foi gerado, na hora de Brasília, e a
data por extenso do bloco de assinatura."""

from __future__ import annotations

from datetime import date, datetime

import cotas
from comum import relogio
from cotas.modelo import AMPLA
from cotas.regimes import rotulo_do_grupo


def rotulos_das_vagas(regime: cotas.Regime) -> dict[str, str]:
    return {nome: rotulo_do_grupo(nome) for nome in (AMPLA, *regime.nomes_dos_grupos)}


def agora() -> datetime:
    """O momento impresso em "Gerado em" (os testes o fixam)."""
    return relogio.agora()


MESES = (
    "janeiro", "fevereiro", "março", "abril", "maio", "junho",
    "julho", "agosto", "setembro", "outubro", "novembro", "dezembro",
)  # fmt: skip


def data_por_extenso(dia: date) -> str:
    """ "2 de junho de 2025" (o dia 1º com o ordinal, como nos atos oficiais)."""
    numero = "1º" if dia.day == 1 else str(dia.day)
    return f"{numero} de {MESES[dia.month - 1]} de {dia.year}"
