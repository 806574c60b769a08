"""A medição do tempo das fases de ``services.gerar_resultado`` (leitura, motor, gravação), para o
``gerar_resultado --tempos`` e os benchmarks. O serviço só marca onde cada fase começa e termina
(``with fase("motor"):``); fora de um bloco ``medir_fases()`` nada é medido e a marca não custa nada.
"""

import time
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field


@dataclass
class TemposDasFases:
    """Tempo somado de cada fase de ``gerar_resultado``: de parede e de CPU deste processo (a
    diferença é espera: pelo banco ou, numa máquina dividida, pela vez na CPU)."""

    parede: dict[str, float] = field(default_factory=lambda: dict.fromkeys(FASES, 0.0))
    cpu: dict[str, float] = field(default_factory=lambda: dict.fromkeys(FASES, 0.0))


FASES = ("leitura", "motor", "gravação")
_tempos_das_fases: ContextVar[TemposDasFases | None] = ContextVar("tempos_das_fases", default=None)


@contextmanager
def medir_fases():
    """Soma o tempo das fases de ``gerar_resultado`` (leitura, motor, gravação) dentro do bloco;
    usado pelo ``gerar_resultado --tempos`` e pelos benchmarks. Fora dele nada é medido."""
    tempos = TemposDasFases()
    marca = _tempos_das_fases.set(tempos)
    try:
        yield tempos
    finally:
        _tempos_das_fases.reset(marca)


@contextmanager
def fase(nome: str):
    """Soma o tempo do bloco à fase ``nome``, se houver uma medição em curso."""
    tempos = _tempos_das_fases.get()
    if tempos is None:
        yield
        return
    parede, cpu = time.perf_counter(), time.process_time()
    try:
        yield
    finally:
        tempos.parede[nome] += time.perf_counter() - parede
        tempos.cpu[nome] += time.process_time() - cpu
