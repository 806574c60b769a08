"""Regra de quórum (``quorum.decidir``) em tabelas, e a regra congelada na comissão."""

import pytest

from cotas import quorum
from cotas.quorum import CONFIRMA as C
from cotas.quorum import NAO_CONFIRMA as N

ORDINARIA = quorum.REGRA_ORDINARIA_PADRAO
RECURSAL = quorum.REGRA_RECURSAL_PADRAO


@pytest.mark.parametrize(
    ("votos", "situacao", "placar"),
    [
        ([C, C, C, C, C], quorum.CONFIRMADO, "5 a 0"),
        ([C, C, C, N, N], quorum.CONFIRMADO, "3 a 2"),
        ([C, C, N, N, N], quorum.NAO_CONFIRMADO, "2 a 3"),
        ([N, N, N, N, N], quorum.NAO_CONFIRMADO, "0 a 5"),
        ([C, C, C], quorum.CONFIRMADO, "3 a 0"),  # dois membros ausentes: 3 votantes bastam
        ([C, C, C, N], quorum.CONFIRMADO, "3 a 1"),
        ([C, C, N, N], quorum.NAO_CONFIRMADO, "2 a 2"),  # empate com um membro ausente
        ([C, C, N], quorum.NAO_CONFIRMADO, "2 a 1"),  # maioria, mas sem os 3 votos de confirmação
    ],
)
def test_comissao_ordinaria_confirma_pela_maioria_dos_votantes_com_ao_menos_3_votos(votos, situacao, placar):
    decisao = quorum.decidir(votos, ORDINARIA)
    assert (decisao.situacao, decisao.placar) == (situacao, placar)


def test_empate_de_2_a_2_com_um_membro_ausente_nao_confirma_e_diz_por_que():
    decisao = quorum.decidir([C, C, N, N], ORDINARIA)
    assert decisao.situacao == quorum.NAO_CONFIRMADO
    assert "ao menos 3 votos de confirmação" in decisao.motivo


@pytest.mark.parametrize("votos", [[], [C], [C, C], [C, N]])
def test_menos_de_3_votantes_deixa_pendente_sem_quorum(votos):
    decisao = quorum.decidir(votos, ORDINARIA)
    assert decisao.situacao == quorum.PENDENTE
    assert decisao.motivo == f"sem quórum: {len(votos)} voto(s), mínimo de 3"


@pytest.mark.parametrize(
    ("votos", "situacao"),
    [
        ([C, C, C], quorum.CONFIRMADO),
        ([C, C, N], quorum.CONFIRMADO),  # recurso provido por 2 de 3
        ([C, N, N], quorum.NAO_CONFIRMADO),  # 1 de 3: recurso negado
        ([N, N, N], quorum.NAO_CONFIRMADO),
        ([C, C], quorum.PENDENTE),  # a recursal julga com os 3
    ],
)
def test_comissao_recursal_de_3_confirma_com_2_votos(votos, situacao):
    assert quorum.decidir(votos, RECURSAL).situacao == situacao


def test_candidato_que_nao_compareceu_fica_ausente_sem_olhar_os_votos():
    decisao = quorum.decidir([], ORDINARIA, compareceu=False)
    assert decisao.situacao == quorum.AUSENTE
    assert decisao.motivo == "candidato não compareceu ao procedimento"
