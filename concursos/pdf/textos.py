"""O que os documentos do edital escrevem do mesmo jeito: o rótulo de cada grupo e o momento em que
o documento foi gerado, na hora de Brasília."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

import cotas
from comum.exibicao import FUSO
from cotas.modelo import AMPLA


def rotulo_do_grupo(grupo: cotas.Grupo) -> str:
    """Nome do grupo para cabeçalhos: "Negros", "PcD", "Pretos e pardos", "Indígenas"…"""
    if grupo.grupo == "pcd":
        return "PcD"
    texto = (grupo.nome_legivel or grupo.grupo).replace("_", " ")
    return texto[:1].upper() + texto[1:]


def rotulos_das_vagas(regime: cotas.Regime) -> dict[str, str]:
    return {AMPLA: "Ampla concorrência", **{g.grupo: rotulo_do_grupo(g) for g in regime.grupos}}


def agora() -> datetime:
    """O momento impresso em "Gerado em" (os testes o fixam)."""
    return timezone.now().astimezone(FUSO)
