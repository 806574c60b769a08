"""Os prazos da posse e do exercício, contados e escritos como a página do cargo os mostra
(docs/CONVOCACAO.md). Funções puras: ``hoje`` vem de quem chama (``timezone.localdate()`` nas telas),
para que os testes fixem a data.

O prazo é o último dia: no próprio dia ainda não venceu; no dia seguinte, venceu há 1 dia.
"""

from datetime import date


def _dias(n: int) -> str:
    return "1 dia" if n == 1 else f"{n} dias"


def vencido(ate: date, hoje: date) -> bool:
    return hoje > ate


def descrever_prazo(o_que: str, ate: date, hoje: date) -> str:
    """ "posse até 02/07/2025 — faltam 3 dias", "… — vence hoje" ou "… — prazo vencido há 2 dias"."""
    restam = (ate - hoje).days
    inicio = f"{o_que} até {ate:%d/%m/%Y}"
    if restam > 0:
        return f"{inicio} — {'falta' if restam == 1 else 'faltam'} {_dias(restam)}"
    if restam == 0:
        return f"{inicio} — vence hoje"
    return f"{inicio} — prazo vencido há {_dias(-restam)}"
