"""A saída gravada volta em dataclasses (``resultado_de_dict``) e é o espelho exato de
``resultado_para_dict``: quem lê um resultado gravado usa campos, e nada se perde no caminho."""

import pytest
from hypothesis import given, settings

from cotas import ler_json, resultado_de_dict, resultado_para_dict, simular
from tests.cotas.test_exemplos import EXEMPLOS
from tests.cotas.test_propriedades import cenarios_com_eventos, simular_dados


def ida_e_volta(saida: dict) -> dict:
    return resultado_para_dict(resultado_de_dict(saida))


@pytest.mark.parametrize("exemplo", EXEMPLOS, ids=lambda p: p.stem)
def test_saida_de_cada_exemplo_volta_igual(exemplo):
    cenario = ler_json(exemplo.read_bytes())
    saida = resultado_para_dict(simular(cenario), cenario)
    del saida["parametros"]
    assert ida_e_volta(saida) == saida


@settings(max_examples=60, deadline=None)
@given(dados=cenarios_com_eventos())
def test_saida_com_eventos_volta_igual(dados):
    _, resultado = simular_dados(dados)
    saida = resultado_para_dict(resultado)
    assert ida_e_volta(saida) == saida
    assert resultado_de_dict(saida).ordem_vigente == resultado.ordem_vigente


def test_saida_gravada_por_versao_antiga_sem_as_chaves_novas_e_lida_com_elas_vazias():
    saida = {
        "regime": "cariacica-2023",
        "quadro": {"vagas": 2, "ampla": 2, "reservadas": {"negros": 0, "pcd": 0}},
        "listas": {"geral": ["1", "2"]},
        "convocacoes": [{"ordem": 1, "evento": 0, "posicao": 1, "inscricao": "1", "vaga": "ampla", "motivo": "m"}],
    }
    lido = resultado_de_dict(saida)
    assert lido.lista("geral") == ("1", "2") and lido.convocacoes[0].vaga == "ampla"
    assert (lido.saidas, lido.ordem_vigente, lido.vagas_totais) == ((), (), 2)
