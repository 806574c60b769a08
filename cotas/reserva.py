"""Quantas vagas cada grupo reserva e em que posições da convocação (docs/REGRAS.md §§ 1, 2 e 4).

Toda a aritmética é inteira: o percentual (``Decimal``) vira a razão exata ``a/b`` e cada
arredondamento é uma divisão inteira. Nunca ``float``, nunca ``round()``.
"""

from functools import lru_cache

from .erros import ErroDeCotas
from .modelo import (
    AMPLA,
    MAXIMO_DE_VAGAS,
    METADE_PARA_CIMA,
    PARA_BAIXO,
    PARA_CIMA,
    PROCESSO_SELETIVO_ACS_ACE,
    Edital,
    Grupo,
    Quadro,
    Regime,
)
from .regimes import ler_inteiro_nao_negativo


def arredondar(numerador: int, denominador: int, modo: str) -> int:
    """Arredonda a fração ``numerador/denominador`` (não negativa) pelo modo do grupo.

    ``metade_para_cima``: fração ≥ 0,5 sobe, < 0,5 desce (Art. 1º, §2º);
    ``para_cima``: qualquer fração sobe; ``para_baixo``: qualquer fração desce.
    """
    if modo == METADE_PARA_CIMA:
        return (2 * numerador + denominador) // (2 * denominador)
    if modo == PARA_CIMA:
        return -(-numerador // denominador)
    if modo == PARA_BAIXO:
        return numerador // denominador
    raise ErroDeCotas(f"Arredondamento desconhecido: {modo!r}.")


def _parte(percentual, vagas: int) -> tuple[int, int]:
    """``percentual · vagas / 100`` como fração exata (numerador, denominador)."""
    a, b = percentual.as_integer_ratio()
    return a * vagas, b * 100


def vagas_reservadas(vagas: int, grupo: Grupo) -> int:
    """R(n): vagas reservadas ao grupo para ``vagas`` vagas (Art. 1º, caput e §§ 1º e 2º).

    Abaixo do mínimo de vagas não há reserva (Art. 1º, §1º). Com teto (PcD), o resultado nunca
    passa de ``teto_percentual`` das vagas, arredondado para baixo (STF, MS 30.861).
    """
    if vagas < grupo.minimo_de_vagas:
        return 0
    reservadas = arredondar(*_parte(grupo.percentual, vagas), grupo.arredondamento)
    if grupo.teto_percentual is not None:
        reservadas = min(reservadas, arredondar(*_parte(grupo.teto_percentual, vagas), PARA_BAIXO))
    return reservadas


def grupos_aplicaveis(regime: Regime, edital: Edital) -> tuple[str, ...]:
    """Grupos cuja reserva se aplica ao edital.

    Art. 5º, parágrafo único: a lei de 2023 não se aplica aos processos seletivos de ACS/ACE cujo
    edital foi publicado antes da sua entrada em vigor; um edital publicado na data de vigência
    ou depois está coberto. A reserva PcD, de outra fonte, continua valendo.
    """
    fora = ()
    if (
        regime.vigencia is not None
        and edital.tipo == PROCESSO_SELETIVO_ACS_ACE
        and edital.publicado_em is not None
        and edital.publicado_em < regime.vigencia
    ):
        fora = regime.grupos_fora_acs_ace_anterior
    return tuple(g.grupo for g in regime.grupos if g.grupo not in fora)


def reservadas_por_grupo(vagas: int, regime: Regime, aplicaveis: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """R(vagas) de cada grupo do regime; recusa o regime que reservaria mais do que há (docs/REGRAS.md §2)."""
    reservadas = tuple((g.grupo, vagas_reservadas(vagas, g) if g.grupo in aplicaveis else 0) for g in regime.grupos)
    if sum(n for _, n in reservadas) > vagas:
        detalhe = ", ".join(f"{nome} {n}" for nome, n in reservadas)
        raise ErroDeCotas(
            f"O regime {regime.nome} reserva mais vagas ({detalhe}) do que as {vagas} vagas do cargo; "
            "revise os percentuais.",
            campo="vagas",
            valor=vagas,
        )
    return reservadas


def quadro_de_vagas(vagas: int, regime: Regime, aplicaveis: tuple[str, ...] | None = None) -> Quadro:
    """Quadro de vagas do cargo: reservadas por grupo e ampla concorrência (docs/REGRAS.md §2).

    A base é o total de vagas do cargo, nunca a parte não reservada a outro grupo.
    """
    if aplicaveis is None:
        aplicaveis = regime.nomes_dos_grupos
    ler_inteiro_nao_negativo(vagas, "vagas", MAXIMO_DE_VAGAS)
    reservadas = reservadas_por_grupo(vagas, regime, aplicaveis)
    ampla = vagas - sum(n for _, n in reservadas)
    cadastro = tuple(g.grupo for g in regime.grupos if g.grupo in aplicaveis and vagas < g.minimo_de_vagas)
    tipos = tipos_das_posicoes(regime, aplicaveis, vagas, vagas_do_edital=vagas)
    posicoes = tuple((g.grupo, tuple(i + 1 for i, t in enumerate(tipos) if t == g.grupo)) for g in regime.grupos)
    return Quadro(
        vagas=vagas, ampla=ampla, reservadas=reservadas, cadastro_de_reserva=cadastro, posicoes_reservadas=posicoes
    )


def tipos_das_posicoes(
    regime: Regime, aplicaveis: tuple[str, ...], total: int, vagas_do_edital: int | None = None
) -> tuple[str, ...]:
    """Tipo de cada posição 1..total da convocação: ``ampla`` ou o nome de um grupo (Art. 4º).

    Na posição n, o déficit de cada grupo é R(n) menos as posições que ele já ocupa antes de n.
    Se o maior déficit é ≥ 1, a posição é desse grupo (empate: o primeiro da ``prioridade``; o
    perdedor fica com a posição seguinte); senão é de ampla concorrência. Aumentar ``total`` só
    prolonga a sequência.

    Com ``vagas_do_edital`` (V), as V primeiras posições têm exatamente as vagas reservadas do
    quadro publicado (Art. 1º, §4º): se uma colisão bem na posição V empurraria o perdedor para
    V+1, ele fica com a última posição de ampla antes de V (ver docs/REGRAS-IMPLEMENTADAS.md).
    """
    tipos = _tipos(regime, aplicaveis, max(total, vagas_do_edital or 0))
    if vagas_do_edital:
        tipos = _garantir_quadro(regime, aplicaveis, tipos, vagas_do_edital)
    return tipos[:total]


@lru_cache(maxsize=64)
def _garantir_quadro(regime: Regime, aplicaveis: tuple[str, ...], tipos: tuple[str, ...], vagas: int):
    tipos = list(tipos)
    for nome in regime.prioridade:
        if nome not in aplicaveis:
            continue
        faltam = vagas_reservadas(vagas, regime.grupo(nome)) - tipos[:vagas].count(nome)
        for _ in range(faltam):
            antes = max(i for i in range(vagas) if tipos[i] == AMPLA)
            depois = tipos.index(nome, vagas) if nome in tipos[vagas:] else None
            tipos[antes] = nome
            if depois is not None:
                tipos[depois] = AMPLA
    return tuple(tipos)


@lru_cache(maxsize=64)
def _tipos(regime: Regime, aplicaveis: tuple[str, ...], total: int) -> tuple[str, ...]:
    grupos = [regime.grupo(nome) for nome in regime.prioridade if nome in aplicaveis]
    # R(n) de cada grupo para n = 1..total, de uma vez (``_reservadas_ate``).
    reservadas = [_reservadas_ate(total, grupo) for grupo in grupos]
    ocupadas = [0] * len(grupos)
    tipos = []
    for n in range(1, total + 1):
        melhor, maior_deficit = -1, 0
        for indice, do_grupo in enumerate(reservadas):
            deficit = do_grupo[n] - ocupadas[indice]
            if deficit > maior_deficit:
                melhor, maior_deficit = indice, deficit
        if melhor < 0:
            tipos.append(AMPLA)
        else:
            ocupadas[melhor] += 1
            tipos.append(grupos[melhor].grupo)
    return tuple(tipos)


def _reservadas_ate(total: int, grupo: Grupo) -> list[int]:
    """``vagas_reservadas(n, grupo)`` para n = 0..total (índice n), com a razão exata do percentual
    (e do teto) tirada uma vez: ``Decimal.as_integer_ratio`` a cada n, e o ``hash`` do ``Grupo`` a
    cada consulta a um cache, custavam ~10 ms nas 2 mil posições de um edital grande."""
    a, b = grupo.percentual.as_integer_ratio()
    b *= 100
    modo, minimo = grupo.arredondamento, grupo.minimo_de_vagas
    teto = None
    if grupo.teto_percentual is not None:
        ta, tb = grupo.teto_percentual.as_integer_ratio()
        teto = (ta, tb * 100)
    reservadas = []
    for vagas in range(total + 1):
        if vagas < minimo:
            reservadas.append(0)
            continue
        n = arredondar(a * vagas, b, modo)
        if teto is not None:
            n = min(n, arredondar(teto[0] * vagas, teto[1], PARA_BAIXO))
        reservadas.append(n)
    return reservadas
