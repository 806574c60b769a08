"""Quadro de vagas de um cargo (docs/REGRAS.md §§ 1, 2 e 4; Art. 1º, Art. 4º e Art. 5º da lei de 2023).

Os números esperados foram calculados à mão a partir da lei, nunca pelo próprio motor.
"""

import pytest

from cotas import (
    REGIMES,
    ErroDeCotas,
    com_parametros,
    ler_cenario,
    quadro_de_vagas,
    resultado_para_dict,
    simular,
    tipos_das_posicoes,
)

CARIACICA = REGIMES["cariacica-2023"]
PCD_10 = {"pcd": {"percentual": "10"}}


def cenario(vagas, candidatos=(), eventos=(), regime="cariacica-2023", parametros=None, **edital):
    """Cenário mínimo no formato ``cotas-cenario/1``."""
    edital.setdefault("data_referencia_idade", "2024-03-31")
    dados = {"formato": "cotas-cenario/1", "regime": regime, "vagas": vagas, "edital": edital}
    dados.update(candidatos=list(candidatos), eventos=list(eventos), parametros=parametros or {})
    return dados


def quadro(vagas, regime=CARIACICA, parametros=None):
    """(ampla, negros, pcd) do quadro de vagas."""
    if parametros:
        regime, _ = com_parametros(regime, parametros)
    resultado = quadro_de_vagas(vagas, regime)
    return resultado.ampla, resultado.reservadas_do("negros"), resultado.reservadas_do("pcd")


def grupo_inline(nome, percentual, arredondamento="metade_para_cima", **outros):
    return {"grupo": nome, "percentual": percentual, "arredondamento": arredondamento, **outros}


def quadro_inline(vagas, *grupos):
    regime = ler_cenario(cenario(vagas, regime={"nome": "teste", "grupos": list(grupos)})).regime
    return quadro_de_vagas(vagas, regime)


def posicoes(vagas, regime=CARIACICA):
    return {grupo: list(p) for grupo, p in quadro_de_vagas(vagas, regime).posicoes_reservadas}


# Negros: 20% (Art. 1º), só a partir de 3 vagas (§1º), fração ≥ 0,5 sobe (§2º).
# PcD: 5%, qualquer fração sobe, mas nunca mais que 20% das vagas (a 1ª PcD só a partir da 5ª vaga).
# vagas: (ampla, negros, pcd)
QUADRO_CARIACICA_2023 = {
    0: (0, 0, 0),
    1: (1, 0, 0),  # 5% de 1 = 0,05 → 1, mas o teto de 20% de 1 = 0,2 → 0
    2: (2, 0, 0),  # abaixo de 3 vagas, negros só em cadastro de reserva
    3: (2, 1, 0),  # 20% de 3 = 0,6 → 1
    4: (3, 1, 0),  # PcD: 1/4 passaria do teto de 20%
    5: (3, 1, 1),
    6: (4, 1, 1),  # 1,2 → 1
    7: (5, 1, 1),  # 1,4 → 1
    8: (5, 2, 1),  # 1,6 → 2
    9: (6, 2, 1),
    10: (7, 2, 1),  # PcD 0,5 → 1
    11: (8, 2, 1),
    12: (9, 2, 1),  # 2,4 → 2
    13: (9, 3, 1),  # 2,6 → 3: a base é o total, não a parte sem PcD
    14: (10, 3, 1),
    15: (11, 3, 1),
    16: (12, 3, 1),
    17: (13, 3, 1),  # 3,4 → 3
    18: (13, 4, 1),  # 3,6 → 4
    19: (14, 4, 1),
    20: (15, 4, 1),  # PcD exatamente 1,0
    21: (15, 4, 2),  # PcD 1,05 → 2
    22: (16, 4, 2),
    23: (16, 5, 2),  # 4,6 → 5
    24: (17, 5, 2),
    25: (18, 5, 2),
    35: (26, 7, 2),  # Guarda Municipal 2023
    40: (30, 8, 2),
    41: (30, 8, 3),  # PcD 2,05 → 3
    50: (37, 10, 3),  # PcD 2,5 → 3
    100: (75, 20, 5),
    101: (75, 20, 6),  # negros 20,2 → 20; PcD 5,05 → 6
}


@pytest.mark.parametrize(("vagas", "esperado"), QUADRO_CARIACICA_2023.items())
def test_quadro_de_cariacica_2023_segue_a_lei(vagas, esperado):
    assert quadro(vagas) == esperado


@pytest.mark.parametrize(("vagas", "esperado"), QUADRO_CARIACICA_2023.items())
def test_reservadas_e_ampla_somam_as_vagas(vagas, esperado):
    resultado = quadro_de_vagas(vagas, CARIACICA)
    assert resultado.vagas == vagas
    assert resultado.ampla + sum(n for _, n in resultado.reservadas) == vagas


@pytest.mark.parametrize(
    ("edital", "vagas", "parametros", "esperado"),
    [
        ("Guarda Municipal 2020, PcD 10%", 50, PCD_10, (35, 10, 5)),
        ("Guarda Municipal 2023, PcD 5%", 35, None, (26, 7, 2)),
    ],
)
def test_quadros_publicados_da_guarda_municipal(edital, vagas, parametros, esperado):
    assert quadro(vagas, parametros=parametros) == esperado


def test_quadro_da_guarda_2020_pelo_cenario_completo():
    resultado = simular(ler_cenario(cenario(50, parametros=PCD_10)))
    assert resultado.quadro.ampla == 35
    assert dict(resultado.quadro.reservadas) == {"negros": 10, "pcd": 5}


# Fração exatamente igual a 0,5: "aumentado para o primeiro número inteiro subsequente" (Art. 1º, §2º).
# (percentual, vagas, com metade_para_cima, com para_baixo)
METADES_EXATAS = [
    ("25", 2, 1, 0),  # 0,5
    ("10", 25, 3, 2),  # 2,5
    ("30", 5, 2, 1),  # 1,5
]


@pytest.mark.parametrize(("percentual", "vagas", "metade_para_cima", "para_baixo"), METADES_EXATAS)
def test_fracao_de_meio_arredonda_para_cima(percentual, vagas, metade_para_cima, para_baixo):
    resultado = quadro_inline(vagas, grupo_inline("negros", percentual))
    assert resultado.reservadas_do("negros") == metade_para_cima
    assert resultado.ampla == vagas - metade_para_cima


@pytest.mark.parametrize(("percentual", "vagas", "metade_para_cima", "para_baixo"), METADES_EXATAS)
def test_fracao_de_meio_para_baixo_desce(percentual, vagas, metade_para_cima, para_baixo):
    resultado = quadro_inline(vagas, grupo_inline("negros", percentual, "para_baixo"))
    assert resultado.reservadas_do("negros") == para_baixo


def test_fracao_menor_que_meio_desce_e_para_cima_sobe():
    assert quadro_inline(7, grupo_inline("g", "20")).reservadas_do("g") == 1  # 1,4 → 1
    assert quadro_inline(7, grupo_inline("g", "20", "para_cima")).reservadas_do("g") == 2  # 1,4 → 2


def test_regime_inline_aceita_qualquer_numero_de_grupos():
    resultado = quadro_inline(
        10, grupo_inline("negros", "20"), grupo_inline("indigenas", "10"), grupo_inline("baixa_renda", "10")
    )
    assert dict(resultado.reservadas) == {"negros": 2, "indigenas": 1, "baixa_renda": 1}
    assert resultado.ampla == 6


def test_negros_sao_chamados_na_terceira_vaga_e_a_cada_cinco():
    assert posicoes(65)["negros"] == [3, 8, 13, 18, 23, 28, 33, 38, 43, 48, 53, 58, 63]


def test_pcd_a_cinco_por_cento_e_chamada_na_5a_21a_41a_e_61a_vagas():
    assert posicoes(65)["pcd"] == [5, 21, 41, 61]


def test_pcd_a_dez_por_cento_e_chamada_na_5a_11a_21a_31a_e_41a_vagas():
    regime, _ = com_parametros(CARIACICA, PCD_10)
    assert posicoes(45, regime)["pcd"] == [5, 11, 21, 31, 41]


def test_primeiras_vagas_de_cariacica_alternam_ampla_negros_e_pcd():
    tipos = tipos_das_posicoes(CARIACICA, ("negros", "pcd"), 8)
    assert tipos == ("ampla", "ampla", "negros", "ampla", "pcd", "ampla", "ampla", "negros")


def test_com_40_vagas_a_38a_e_do_8o_negro_e_a_proxima_pcd_so_na_41a():
    tipos = tipos_das_posicoes(CARIACICA, ("negros", "pcd"), 41)
    assert tipos[38 - 1] == "negros"
    assert tipos[: 38 - 1].count("negros") == 7
    assert "pcd" not in tipos[21 : 41 - 1]
    assert tipos[41 - 1] == "pcd"


def test_aumentar_as_vagas_so_prolonga_a_sequencia_de_posicoes():
    assert (
        tipos_das_posicoes(CARIACICA, ("negros", "pcd"), 40)
        == tipos_das_posicoes(CARIACICA, ("negros", "pcd"), 41)[:40]
    )


def test_menos_de_tres_vagas_deixa_negros_em_cadastro_de_reserva():
    resultado = quadro_de_vagas(2, CARIACICA)
    assert resultado.reservadas_do("negros") == 0
    assert "negros" in resultado.cadastro_de_reserva
    assert "pcd" not in resultado.cadastro_de_reserva  # o mínimo da PcD é 1 vaga


def test_tres_vagas_ja_nao_sao_cadastro_de_reserva():
    assert quadro_de_vagas(3, CARIACICA).cadastro_de_reserva == ()


def test_cadastro_de_reserva_aparece_no_resultado_do_cenario():
    saida = resultado_para_dict(simular(ler_cenario(cenario(2))))
    assert saida["quadro"] == {"vagas": 2, "ampla": 2, "reservadas": {"negros": 0, "pcd": 0}}
    assert "negros" in saida["cadastro_de_reserva"]


# Lei 15.142/2025 e Decreto 12.536/2025: 25% pretos e pardos, 3% indígenas, 2% quilombolas,
# mínimo de 2 vagas, fração ≥ 0,5 sobe; PcD 5% com teto de 20%.
# vagas: (ampla, pretos_pardos, indigenas, quilombolas, pcd)
QUADRO_FEDERAL_15142 = {
    1: (1, 0, 0, 0, 0),  # abaixo do mínimo de 2 vagas
    2: (1, 1, 0, 0, 0),  # 25% de 2 = 0,5 → 1
    4: (3, 1, 0, 0, 0),  # 1,0; PcD acima do teto
    10: (6, 3, 0, 0, 1),  # 2,5 → 3; indígenas 0,3 → 0
    17: (11, 4, 1, 0, 1),  # 4,25 → 4; indígenas 0,51 → 1; quilombolas 0,34 → 0
    25: (15, 6, 1, 1, 2),  # 6,25 → 6; 0,75 → 1; 0,5 → 1; PcD 1,25 → 2
    100: (65, 25, 3, 2, 5),
}


@pytest.mark.parametrize(("vagas", "esperado"), QUADRO_FEDERAL_15142.items())
def test_quadro_da_lei_federal_15142_de_2025(vagas, esperado):
    resultado = quadro_de_vagas(vagas, REGIMES["federal-15142-2025"])
    grupos = ("pretos_pardos", "indigenas", "quilombolas", "pcd")
    assert (resultado.ampla, *(resultado.reservadas_do(g) for g in grupos)) == esperado


# Lei 12.990/2014 (e a municipal de 2018, que lhe copia os parâmetros): iguais a Cariacica 2023.
@pytest.mark.parametrize("regime", ["federal-12990-2014", "cariacica-2018"])
@pytest.mark.parametrize(("vagas", "esperado"), [(2, (2, 0, 0)), (3, (2, 1, 0)), (13, (9, 3, 1)), (50, (37, 10, 3))])
def test_lei_federal_12990_reserva_negros_como_cariacica(regime, vagas, esperado):
    assert quadro(vagas, REGIMES[regime]) == esperado


# Art. 5º, parágrafo único: ACS/ACE com edital publicado antes da vigência (30/08/2023) fica sem
# a reserva a negros; a reserva PcD (de outra fonte) continua.
# (tipo, publicado_em, negros, pcd)
TRANSICAO = [
    ("processo_seletivo_acs_ace", "2023-08-29", 0, 1),
    ("processo_seletivo_acs_ace", "2023-08-30", 2, 1),
    ("processo_seletivo_acs_ace", "2024-01-15", 2, 1),
]


@pytest.mark.parametrize(("tipo", "publicado_em", "negros", "pcd"), TRANSICAO)
def test_acs_ace_publicado_antes_da_vigencia_fica_sem_reserva_a_negros(tipo, publicado_em, negros, pcd):
    resultado = simular(ler_cenario(cenario(10, tipo=tipo, publicado_em=publicado_em)))
    assert dict(resultado.quadro.reservadas) == {"negros": negros, "pcd": pcd}
    assert resultado.quadro.ampla == 10 - negros - pcd


def test_acs_ace_anterior_a_vigencia_tem_lista_de_negros_vazia():
    negro = {"inscricao": "1", "nota": "90", "cor_raca": "preta", "grupos": ["negros"]}
    dados = cenario(10, [negro], tipo="processo_seletivo_acs_ace", publicado_em="2023-08-01")
    assert simular(ler_cenario(dados)).lista("negros") == ()


def test_regime_que_reserva_mais_que_as_vagas_e_recusado():
    dados = cenario(1, regime={"grupos": [grupo_inline("a", "60"), grupo_inline("b", "60")]})
    with pytest.raises(ErroDeCotas, match="vagas"):
        simular(ler_cenario(dados))
