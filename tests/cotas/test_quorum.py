"""Regra de decisão da comissão (``quorum.decidir``, docs/REGRAS.md §10) em tabelas que leem como a
norma, e uma propriedade sobre toda contagem de votos."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cotas import quorum
from cotas.erros import ErroDeCotas
from cotas.quorum import CONFIRMA as C
from cotas.quorum import NAO_CONFIRMA as N

ORDINARIA = quorum.REGRA_ORDINARIA_PADRAO
RECURSAL = quorum.REGRA_RECURSAL_PADRAO


@pytest.mark.parametrize(
    ("votos", "situacao", "placar"),
    [
        ([C, C, C, C, C], quorum.CONFIRMADO, "5 a 0"),
        ([C, C, C, N, N], quorum.CONFIRMADO, "3 a 2"),  # 2 nao_confirma de 5: não é a maioria dos membros
        ([C, C, N, N, N], quorum.NAO_CONFIRMADO, "2 a 3"),  # 3 de 5: a maioria dos membros
        ([C, N, N, N, N], quorum.NAO_CONFIRMADO, "1 a 4"),
        ([N, N, N, N, N], quorum.NAO_CONFIRMADO, "0 a 5"),
        ([C, C, C, C, N], quorum.CONFIRMADO, "4 a 1"),
    ],
)
def test_autodeclaracao_so_nao_e_confirmada_pela_maioria_dos_membros(votos, situacao, placar):
    decisao = quorum.decidir(votos, ORDINARIA)
    assert (decisao.situacao, decisao.placar) == (situacao, placar)


def test_dois_votos_contra_de_cinco_confirmam_e_dizem_por_que():
    decisao = quorum.decidir([C, C, C, N, N], ORDINARIA)
    assert decisao.motivo == "confirmada por 3 a 2: a não confirmação exige 3 dos 5 membros"


def test_tres_votos_contra_de_cinco_nao_confirmam_e_dizem_por_que():
    decisao = quorum.decidir([C, C, N, N, N], ORDINARIA)
    assert (
        decisao.motivo
        == "não confirmada: 3 dos 5 membros votaram pela não confirmação (exigidos 3, a maioria dos membros)"
    )


@pytest.mark.parametrize("votos", [[C, C, N], [C, C, N, N], [C, C, C, C], [], [C, C, C, C, C, C]])
def test_contagem_sem_o_voto_de_cada_membro_e_recusada(votos):
    """2 a 1 com dois membros calados não decide nada: todo membro que compõe a sessão vota."""
    with pytest.raises(ErroDeCotas, match="todos os 5 membros que compõem a sessão votam"):
        quorum.decidir(votos, ORDINARIA)


@pytest.mark.parametrize(
    ("votos", "situacao"),
    [
        ([C, C, C], quorum.CONFIRMADO),
        ([C, C, N], quorum.CONFIRMADO),  # recurso provido: 1 de 3 não mantém a não confirmação
        ([C, N, N], quorum.NAO_CONFIRMADO),  # 2 de 3 mantêm a não confirmação
        ([N, N, N], quorum.NAO_CONFIRMADO),
    ],
)
def test_recursal_mantem_a_nao_confirmacao_so_com_2_de_3(votos, situacao):
    assert quorum.decidir(votos, RECURSAL).situacao == situacao


def test_candidato_que_nao_compareceu_fica_ausente_sem_olhar_os_votos():
    decisao = quorum.decidir([], ORDINARIA, compareceu=False)
    assert decisao.situacao == quorum.AUSENTE
    assert decisao.motivo == "candidato não compareceu ao procedimento"


def test_regra_do_edital_de_5_membros_confirma_4_a_0_mais_1():
    """A regra antiga "5 membros, quórum 3, 5 para confirmar" tornava um 4 a 0 não confirmado."""
    regra = {"membros": 5, "quorum": 3, "minimo_para_confirmar": 5}
    assert quorum.decidir([C, C, C, C, C], regra).situacao == quorum.CONFIRMADO
    assert quorum.decidir([C, C, C, C, N], regra).situacao == quorum.CONFIRMADO


def test_regra_antiga_guardada_na_comissao_e_lida_pela_maioria_dos_membros():
    assert quorum.ler_regra({"membros": 5, "quorum": 3, "minimo_para_confirmar": 3}) == ORDINARIA
    assert quorum.ler_regra({"membros": 3, "quorum": 3, "minimo_para_confirmar": 2}) == RECURSAL


@pytest.mark.parametrize(
    ("regra", "campo"),
    [
        ({"membros": 5, "maioria_para_nao_confirmar": 2}, "maioria_para_nao_confirmar = 2"),
        ({"membros": 3, "maioria_para_nao_confirmar": 1}, "maioria_para_nao_confirmar = 1"),
        ({"membros": 5, "maioria_para_nao_confirmar": 6}, "maioria_para_nao_confirmar = 6"),
        ({"membros": 1}, "membros = 1"),
        ({"membros": "5"}, "membros deve ser um número inteiro"),
    ],
)
def test_regra_que_deixa_menos_que_a_maioria_decidir_contra_e_recusada(regra, campo):
    with pytest.raises(ErroDeCotas, match=campo):
        quorum.ler_regra(regra)


def test_edital_pode_exigir_mais_que_a_maioria_para_nao_confirmar():
    regra = {"membros": 5, "maioria_para_nao_confirmar": 4}
    assert quorum.decidir([C, C, N, N, N], regra).situacao == quorum.CONFIRMADO
    assert quorum.decidir([C, N, N, N, N], regra).situacao == quorum.NAO_CONFIRMADO


@given(membros=st.integers(3, 9), data=st.data())
def test_propriedade_nao_confirma_exatamente_quando_a_maioria_dos_membros_vota_contra(membros, data):
    """Sobre toda contagem (0..membros de cada lado, somando os membros): não confirmado se e só se
    os votos contra são a maioria dos membros; nunca pendente; o placar soma os membros."""
    contra = data.draw(st.integers(0, membros))
    votos = [N] * contra + [C] * (membros - contra)
    decisao = quorum.decidir(data.draw(st.permutations(votos)), {"membros": membros})
    assert decisao.situacao == (quorum.NAO_CONFIRMADO if contra * 2 > membros else quorum.CONFIRMADO)
    assert (decisao.confirma, decisao.nao_confirma) == (membros - contra, contra)


@given(confirma=st.integers(0, 5), nao_confirma=st.integers(0, 5))
def test_propriedade_so_decide_com_o_voto_de_todos_os_membros(confirma, nao_confirma):
    votos = [C] * confirma + [N] * nao_confirma
    if confirma + nao_confirma != 5:
        with pytest.raises(ErroDeCotas):
            quorum.decidir(votos, ORDINARIA)
    else:
        assert quorum.decidir(votos, ORDINARIA).situacao in (quorum.CONFIRMADO, quorum.NAO_CONFIRMADO)
