"""O caminho rápido da leitura e da classificação (feito para editais de 100 mil candidatos) dá os
mesmos objetos e os mesmos empates que o caminho simples."""

import dataclasses
from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cotas.cenario
import cotas.leitura_em_lote
from cotas import Candidato, ErroDeCotas, ler_cenario, resultado_para_dict, simular


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


# O caminho rápido da leitura (``_candidatos_comuns``, para listas grandes) contra a leitura um a um
# (``_candidato``): linhas no formato comum e linhas que fogem dele de todos os jeitos.
VALORES_ESTRANHOS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.just(""), st.just(" "), st.just([]), st.just({}), st.just(["x"])
)
TEXTOS_DE_NOTA = st.sampled_from(["80.50", "80.5", "0", "0.00", "70", "7,5", "1e2", "NaN", "abc", " 90 ", "-1"])
DATAS = st.sampled_from(["1990-05-17", "17/05/1990", "2024-02-29", "2023-02-29", "1990-5-17", "20240301", "x"])


def _talvez(estrategia):
    return st.one_of(estrategia, VALORES_ESTRANHOS)


LINHA = st.fixed_dictionaries(
    {"inscricao": _talvez(st.sampled_from(["1", "2", "3", "10"]))},
    optional={
        "nota": _talvez(TEXTOS_DE_NOTA),
        "notas": _talvez(st.dictionaries(st.sampled_from(["especificos", "gerais"]), _talvez(TEXTOS_DE_NOTA))),
        "nascimento": _talvez(DATAS),
        "jurado": VALORES_ESTRANHOS,
        "sorteio": _talvez(st.integers(-5, 5)),
        "cor_raca": _talvez(st.sampled_from(["parda", "preta", "branca", "roxa"])),
        "grupos": _talvez(st.lists(_talvez(st.sampled_from(["negros", "pcd"])), max_size=3)),
        "verificacao": _talvez(st.dictionaries(st.sampled_from(["negros", "pcd"]), st.sampled_from(["confirmado"]))),
        "eliminado": VALORES_ESTRANHOS,
        "desconhecido": st.just(1),
    },
)


LINHA_COMUM = st.fixed_dictionaries(
    {"inscricao": st.sampled_from(["1", "2", "3", "10"]), "nota": st.sampled_from(["80.50", "80.5", "0.00", "70"])},
    optional={
        "notas": st.dictionaries(st.sampled_from(["especificos", "gerais"]), st.sampled_from(["1.5", "0", "2"])),
        "nascimento": st.sampled_from(["1990-05-17", "2024-02-29", None]),
        "jurado": st.booleans(),
        "sorteio": st.one_of(st.none(), st.integers(-5, 5)),
        "cor_raca": st.sampled_from(["parda", "preta", "branca", "roxa", None]),
        "grupos": st.lists(st.sampled_from(["negros", "pcd", "outro"]), max_size=2, unique=True),
        "verificacao": st.dictionaries(st.sampled_from(["negros", "pcd"]), st.sampled_from(["confirmado"])),
        "eliminado": st.booleans(),
    },
)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(LINHA_COMUM, min_size=1, max_size=6),
    st.one_of(st.none(), LINHA, VALORES_ESTRANHOS),
    st.integers(0, 6),
)
def test_a_leitura_rapida_da_o_mesmo_que_a_leitura_um_a_um_ou_cede_a_ela(linhas, estranha, onde):
    if estranha is not None:
        linhas.insert(onde, estranha)
    try:
        um_a_um = tuple(cotas.cenario._candidato(item, i, {}) for i, item in enumerate(linhas, start=1))
    except ErroDeCotas:
        um_a_um = None
    rapida = cotas.leitura_em_lote.candidatos_comuns(linhas, {})
    if rapida is not None:
        assert rapida == um_a_um
        assert [dataclasses.astuple(c) for c in rapida] == [dataclasses.astuple(c) for c in um_a_um]
        assert [[type(v) for v in dataclasses.astuple(c)] for c in rapida] == [
            [type(v) for v in dataclasses.astuple(c)] for c in um_a_um
        ]
    # ``None``: a leitura um a um decide (o erro, ou as linhas válidas fora do formato comum).


def test_lista_grande_no_formato_comum_vai_pelo_caminho_rapido_e_da_o_mesmo(monkeypatch):
    linhas = [
        {
            "inscricao": str(i),
            "nota": f"{i % 97}.{i % 10}",
            "notas": {"especificos": str(i % 7)},
            "nascimento": "1990-05-17",
        }
        for i in range(cotas.leitura_em_lote.MINIMO_PARA_O_CAMINHO_RAPIDO)
    ]
    um_a_um = tuple(cotas.cenario._candidato(item, i, {}) for i, item in enumerate(linhas, start=1))
    chamadas = []
    monkeypatch.setattr(cotas.cenario, "_candidato", lambda *argumentos: chamadas.append(1))
    assert ler_cenario(cenario(linhas)).candidatos == um_a_um
    assert chamadas == []


def test_lista_grande_com_uma_linha_errada_da_o_erro_da_leitura_um_a_um():
    linhas = [{"inscricao": str(i), "nota": "70"} for i in range(cotas.leitura_em_lote.MINIMO_PARA_O_CAMINHO_RAPIDO)]
    linhas[100] = {"inscricao": "100", "nota": "70", "grupos": ["negros", "negros"]}
    with pytest.raises(ErroDeCotas, match="Candidato 100: grupo repetido"):
        ler_cenario(cenario(linhas))
