"""O relógio do sistema: o único módulo do código de produto que lê o "agora"
(``tests/test_arquitetura.py`` confere). Os serviços recebem o momento do ato (``em=``) ou usam este
relógio; assim a demonstração registra cada ato histórico no dia dele chamando os serviços com a data,
sem trocar o relógio do processo, e os testes que precisam fixar o dia trocam este módulo (ou o
``django.utils.timezone`` que ele lê)."""

from django.utils import timezone

from .exibicao import FUSO


def agora():
    """O momento de agora, no fuso de Brasília (America/Sao_Paulo)."""
    return timezone.now().astimezone(FUSO)


def hoje():
    """A data de hoje no fuso do sistema (America/Sao_Paulo)."""
    return timezone.localdate()


def dia_de(momento=None):
    """O dia de ``momento`` no fuso do sistema; sem ele, hoje (o "hoje" de um ato registrado com data)."""
    return timezone.localdate(momento) if momento is not None else hoje()
