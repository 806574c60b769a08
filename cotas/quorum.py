"""Regra de quórum da comissão de heteroidentificação: do voto de cada membro à decisão colegiada.

Padrão (congelado no edital): comissão ordinária de 5 membros; a autodeclaração é confirmada pela
maioria dos membros que votaram, com no mínimo 3 votos de confirmação; com menos de 3 votantes
não há quórum e a decisão fica pendente com o motivo. Comissão recursal de 3 membros: o recurso é
provido (autodeclaração confirmada) com 2 de 3 votos. Ver docs/HETEROIDENTIFICACAO.md.
"""

from dataclasses import dataclass

# A decisão é uma situação de verificação do motor (docs/REGRAS.md §3): CONFIRMADO, NAO_CONFIRMADO…
from .modelo import AUSENTE, CONFIRMADO, NAO_CONFIRMADO, PENDENTE

CONFIRMA = "confirma"
NAO_CONFIRMA = "nao_confirma"

REGRA_ORDINARIA_PADRAO = {"membros": 5, "quorum": 3, "minimo_para_confirmar": 3}
REGRA_RECURSAL_PADRAO = {"membros": 3, "quorum": 3, "minimo_para_confirmar": 2}


@dataclass(frozen=True)
class Decisao:
    situacao: str
    confirma: int
    nao_confirma: int
    motivo: str

    @property
    def placar(self) -> str:
        return f"{self.confirma} a {self.nao_confirma}"


def decidir(votos, regra: dict, *, compareceu: bool = True) -> Decisao:
    """Decisão colegiada a partir dos votos (``confirma``/``nao_confirma``) dos membros que votaram."""
    votos = list(votos)
    confirma = votos.count(CONFIRMA)
    nao_confirma = votos.count(NAO_CONFIRMA)
    if not compareceu:
        return Decisao(AUSENTE, confirma, nao_confirma, "candidato não compareceu ao procedimento")
    votantes = confirma + nao_confirma
    if votantes < regra["quorum"]:
        return Decisao(PENDENTE, confirma, nao_confirma, f"sem quórum: {votantes} voto(s), mínimo de {regra['quorum']}")
    maioria = confirma * 2 > votantes and confirma >= regra["minimo_para_confirmar"]
    if maioria:
        return Decisao(CONFIRMADO, confirma, nao_confirma, f"confirmada por {confirma} a {nao_confirma}")
    return Decisao(
        NAO_CONFIRMADO,
        confirma,
        nao_confirma,
        f"não confirmada: {confirma} a {nao_confirma}, exigidos maioria dos votantes e ao menos "
        f"{regra['minimo_para_confirmar']} votos de confirmação",
    )
