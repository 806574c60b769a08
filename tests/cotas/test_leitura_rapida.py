"""O caminho rápido da leitura e da classificação (feito para editais de 100 mil candidatos) dá os
mesmos objetos e os mesmos empates que o caminho simples."""

import dataclasses
from datetime import date
from decimal import Decimal

import pytest

from cotas import Candidato, ler_cenario, resultado_para_dict, simular


def cenario(candidatos, desempate=()):
    return {
        "regime": "cariacica-2023",
        "vagas": 1,
        "edital": {"data_referencia_idade": "2024-03-31", "desempate": list(desempate)},
        "candidatos": candidatos,
    }


def test_candidato_lido_e_igual_ao_montado_pelo_construtor_e_continua_imutavel():
    item = {
        "inscricao": "1001",
        "nota": "80.50",
        "notas": {"especificos": "40.25"},
        "nascimento": "1990-05-17",
        "jurado": True,
        "sorteio": 7,
        "cor_raca": "parda",
        "grupos": ["negros"],
        "verificacao": {"negros": "confirmado"},
    }
    lido = ler_cenario(cenario([item])).candidatos[0]
    montado = Candidato(
        "1001",
        Decimal("80.50"),
        (("especificos", Decimal("40.25")),),
        date(1990, 5, 17),
        True,
        7,
        "parda",
        ("negros",),
        (("negros", "confirmado"),),
        False,
    )
    assert lido == montado and hash(lido) == hash(montado)
    assert vars(lido).keys() == {campo.name for campo in dataclasses.fields(Candidato)}
    with pytest.raises(dataclasses.FrozenInstanceError):
        lido.nota = Decimal("99")


def test_candidato_minimo_tem_os_valores_padrao_do_construtor():
    lido = ler_cenario(cenario([{"inscricao": "1", "nota": "70"}])).candidatos[0]
    assert lido == Candidato("1", Decimal("70"))


@pytest.mark.parametrize(
    ("notas", "empates"),
    [
        (["90", "80", "70"], []),
        (["90", "90", "90"], [["1", "2", "3"]]),
        (["90", "90", "80", "70", "70"], [["1", "2"], ["4", "5"]]),
        (["90", "80", "80", "80", "70"], [["2", "3", "4"]]),
        (["90", "90", "80", "80"], [["1", "2"], ["3", "4"]]),
    ],
)
def test_cada_grupo_de_empatados_e_apontado_uma_vez_em_ordem(notas, empates):
    candidatos = [{"inscricao": str(i), "nota": nota} for i, nota in enumerate(notas, start=1)]
    assert resultado_para_dict(simular(ler_cenario(cenario(candidatos))))["empates"] == empates


def test_quem_nao_tem_sorteio_fica_depois_de_quem_tem_e_empatado_entre_si():
    candidatos = [
        {"inscricao": "1", "nota": "80"},
        {"inscricao": "2", "nota": "80", "sorteio": 1_000_000},
        {"inscricao": "3", "nota": "80"},
        {"inscricao": "4", "nota": "80", "sorteio": -5},
    ]
    saida = resultado_para_dict(simular(ler_cenario(cenario(candidatos, ["sorteio"]))))
    assert saida["listas"]["geral"] == ["4", "2", "1", "3"]
    assert saida["empates"] == [["1", "3"]]
