"""O que os documentos do edital escrevem do mesmo jeito: o rótulo de cada vaga (o de cada grupo vem de
``cotas.regimes.rotulo_do_grupo``) e o momento em que o documento foi gerado, na hora de Brasília."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

import cotas
from comum.exibicao import FUSO
from cotas.modelo import AMPLA
from cotas.regimes import rotulo_do_grupo


def rotulos_das_vagas(regime: cotas.Regime) -> dict[str, str]:
    return {nome: rotulo_do_grupo(nome) for nome in (AMPLA, *regime.nomes_dos_grupos)}


def agora() -> datetime:
    """O momento impresso em "Gerado em" (os testes o fixam)."""
    return timezone.now().astimezone(FUSO)
