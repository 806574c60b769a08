"""Regra de decisão da comissão de heteroidentificação: do voto de cada membro à decisão colegiada
(docs/REGRAS.md §10).

A autodeclaração se presume verdadeira: ela só **não é confirmada** quando a maioria dos MEMBROS da
comissão (3 de 5 na ordinária; 2 de 3 na recursal) vota ``nao_confirma``; qualquer outra contagem a
confirma (na dúvida razoável, prevalece a autodeclaração). Todo membro que compõe a sessão vota em
cada candidato que compareceu: o serviço recusa o encerramento antes, e ``decidir`` recusa uma
contagem com menos votos que membros.

A regra é congelada na comissão (``membros`` e ``maioria_para_nao_confirmar``). O edital pode fixar
outros números, nunca uma regra que deixe menos que a maioria dos membros decidir contra o candidato.
Regras antigas (chaves ``quorum`` e ``minimo_para_confirmar``) de comissões já existentes são lidas
só pelo número de membros: as sessões encerradas antes desta regra guardam o seu registro congelado
e nunca são recalculadas; as abertas depois seguem a regra nova. Ver docs/HETEROIDENTIFICACAO.md.
"""

from dataclasses import dataclass

from .erros import ErroDeCotas, descrever_valor

# A decisão é uma situação de verificação do motor (docs/REGRAS.md §3): CONFIRMADO, NAO_CONFIRMADO…
from .modelo import AUSENTE, CONFIRMADO, NAO_CONFIRMADO, PENDENTE

CONFIRMA = "confirma"
NAO_CONFIRMA = "nao_confirma"
# Composição mínima de um colegiado: três membros (com menos, "maioria" é um voto só).
MINIMO_DE_MEMBROS = 3

REGRA_ORDINARIA_PADRAO = {"membros": 5, "maioria_para_nao_confirmar": 3}
REGRA_RECURSAL_PADRAO = {"membros": 3, "maioria_para_nao_confirmar": 2}
# Chaves da regra anterior (maioria dos votantes e mínimo de confirmações), só nas comissões antigas.
CHAVES_ANTIGAS = ("quorum", "minimo_para_confirmar")

__all__ = [
    "AUSENTE",
    "CONFIRMA",
    "CONFIRMADO",
    "NAO_CONFIRMA",
    "NAO_CONFIRMADO",
    "PENDENTE",
    "Decisao",
    "decidir",
    "ler_regra",
    "maioria_dos_membros",
]


@dataclass(frozen=True)
class Decisao:
    """A decisão colegiada de uma verificação e a contagem dos votos que a dão (docs/REGRAS.md §10)."""

    situacao: str
    confirma: int
    nao_confirma: int
    motivo: str

    @property
    def placar(self) -> str:
        return f"{self.confirma} a {self.nao_confirma}"


def maioria_dos_membros(membros: int) -> int:
    """A maioria absoluta dos membros: 3 de 5, 2 de 3, 3 de 4."""
    return membros // 2 + 1


def _inteiro(regra: dict, chave: str):
    valor = regra.get(chave)
    if isinstance(valor, bool) or not isinstance(valor, int):
        raise ErroDeCotas(
            f"regra de quórum: {chave} deve ser um número inteiro; recebido {descrever_valor(valor)}.",
            campo=chave,
            valor=valor,
        )
    return valor


def ler_regra(regra: dict) -> dict:
    """A regra de decisão em vigor: ``membros`` e ``maioria_para_nao_confirmar`` (padrão: a maioria
    dos membros). Recusa, com o campo e o valor, a regra que deixa menos que a maioria dos membros
    decidir contra o candidato, ou mais votos que membros. As chaves antigas (``quorum``,
    ``minimo_para_confirmar``) de uma comissão já existente são ignoradas: vale o número de membros."""
    if not isinstance(regra, dict):
        raise ErroDeCotas(f"regra de quórum: esperado um objeto; recebido {descrever_valor(regra)}.")
    membros = _inteiro(regra, "membros")
    if membros < MINIMO_DE_MEMBROS:
        raise ErroDeCotas(
            f"regra de quórum: membros = {membros}; a comissão é um colegiado de ao menos {MINIMO_DE_MEMBROS} "
            "membros (Ajuda › Regras, §10).",
            campo="membros",
            valor=membros,
        )
    maioria = maioria_dos_membros(membros)
    if "maioria_para_nao_confirmar" not in regra:
        return {"membros": membros, "maioria_para_nao_confirmar": maioria}
    exigidos = _inteiro(regra, "maioria_para_nao_confirmar")
    if exigidos < maioria:
        raise ErroDeCotas(
            f"regra de quórum: maioria_para_nao_confirmar = {exigidos} deixaria menos que a maioria dos "
            f"{membros} membros ({maioria}) decidir contra o candidato; a autodeclaração só deixa de ser "
            "confirmada pela maioria dos membros (Ajuda › Regras, §10).",
            campo="maioria_para_nao_confirmar",
            valor=exigidos,
        )
    if exigidos > membros:
        raise ErroDeCotas(
            f"regra de quórum: maioria_para_nao_confirmar = {exigidos} é maior que o número de membros ({membros}).",
            campo="maioria_para_nao_confirmar",
            valor=exigidos,
        )
    return {"membros": membros, "maioria_para_nao_confirmar": exigidos}


def decidir(votos, regra: dict, *, compareceu: bool = True, recusou_filmagem: bool = False) -> Decisao:
    """Decisão colegiada a partir dos votos (``confirma``/``nao_confirma``) de todos os membros que
    compõem a sessão. Quem não compareceu, ou recusou ser filmado, fica ``ausente`` (com o efeito de
    ausência do regime, docs/REGRAS.md §10)."""
    votos = list(votos)
    confirma = votos.count(CONFIRMA)
    nao_confirma = votos.count(NAO_CONFIRMA)
    if not compareceu:
        return Decisao(AUSENTE, confirma, nao_confirma, "candidato não compareceu ao procedimento")
    if recusou_filmagem:
        return Decisao(
            AUSENTE, confirma, nao_confirma, "candidato recusou a filmagem do procedimento: tratado como ausente"
        )
    regra = ler_regra(regra)
    membros, exigidos = regra["membros"], regra["maioria_para_nao_confirmar"]
    if confirma + nao_confirma != len(votos) or len(votos) != membros:
        raise ErroDeCotas(
            f"Decisão com {confirma + nao_confirma} voto(s) válido(s) de {len(votos)}: todos os {membros} membros "
            "que compõem a sessão votam antes do encerramento.",
            campo="votos",
            valor=len(votos),
        )
    if nao_confirma >= exigidos:
        return Decisao(
            NAO_CONFIRMADO,
            confirma,
            nao_confirma,
            f"não confirmada: {nao_confirma} dos {membros} membros votaram pela não confirmação "
            f"(exigidos {exigidos}, a maioria dos membros)",
        )
    return Decisao(
        CONFIRMADO,
        confirma,
        nao_confirma,
        f"confirmada por {confirma} a {nao_confirma}: a não confirmação exige {exigidos} dos {membros} membros",
    )
