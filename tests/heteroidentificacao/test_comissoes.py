"""Comissões por edital: regra de quórum congelada, membros, presidente e comissões disjuntas."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from cotas import quorum
from heteroidentificacao import services
from heteroidentificacao.models import Comissao, RegistroDeAuditoria
from tests.concursos.fabricas import edital

from .fabricas import comissao, pessoa, rh

pytestmark = pytest.mark.django_db


@pytest.fixture
def o_edital():
    return edital(criado_por=rh())


def test_comissoes_congelam_a_regra_padrao_do_seu_tipo(o_edital):
    ordinaria = comissao(o_edital)
    recursal = comissao(o_edital, tipo=Comissao.RECURSAL)
    assert ordinaria.regra_de_quorum == {"membros": 5, "maioria_para_nao_confirmar": 3}
    assert recursal.regra_de_quorum == {"membros": 3, "maioria_para_nao_confirmar": 2}


def test_regra_congelada_nao_muda_quando_o_padrao_do_codigo_muda(o_edital, monkeypatch):
    criada = comissao(o_edital)
    monkeypatch.setitem(quorum.REGRA_ORDINARIA_PADRAO, "maioria_para_nao_confirmar", 4)
    criada.refresh_from_db()
    assert criada.regra_de_quorum["maioria_para_nao_confirmar"] == 3


def test_edital_pode_fixar_outra_regra_e_regra_incoerente_e_recusada(o_edital):
    assert comissao(o_edital, titulares=(), regra_de_quorum={"membros": 7}).regra_de_quorum == {
        "membros": 7,
        "maioria_para_nao_confirmar": 4,
    }
    with pytest.raises(ValidationError, match="maioria_para_nao_confirmar = 4 é maior que o número de membros"):
        services.criar_comissao(
            o_edital, tipo=Comissao.RECURSAL, regra_de_quorum={"membros": 3, "maioria_para_nao_confirmar": 4}, por=rh()
        )


@pytest.mark.parametrize(
    ("regra", "recusa"),
    [
        (
            {"membros": 5, "maioria_para_nao_confirmar": 2},
            "maioria_para_nao_confirmar = 2 deixaria menos que a maioria",
        ),
        ({"membros": 1}, "membros = 1"),
        ({"membros": 5, "quorum": 3, "minimo_para_confirmar": 5}, "quorum = 3 é da regra anterior"),
    ],
)
def test_regra_que_deixa_menos_que_a_maioria_dos_membros_decidir_contra_e_recusada(o_edital, regra, recusa):
    with pytest.raises(ValidationError, match=recusa):
        services.criar_comissao(o_edital, regra_de_quorum=regra, por=rh())


def test_membro_da_ordinaria_nao_pode_integrar_a_recursal_do_mesmo_edital(o_edital):
    comissao(o_edital)
    recursal = comissao(o_edital, tipo=Comissao.RECURSAL)
    with pytest.raises(ValidationError, match="quem julgou não pode julgar o recurso"):
        services.adicionar_membro(recursal, pessoa("bruno"), papel="suplente", por=rh())


def test_membro_da_recursal_nao_pode_entrar_na_ordinaria_depois(o_edital):
    comissao(o_edital, tipo=Comissao.RECURSAL)
    ordinaria = comissao(o_edital, titulares=("ana",))
    with pytest.raises(ValidationError, match="outra comissão"):
        services.adicionar_membro(ordinaria, pessoa("igor"), por=rh())


def test_a_mesma_pessoa_pode_julgar_em_editais_diferentes(o_edital):
    comissao(o_edital)
    outro = edital(criado_por=rh(), numero=2)
    recursal_do_outro = comissao(outro, tipo=Comissao.RECURSAL)
    assert services.adicionar_membro(recursal_do_outro, pessoa("bruno"), papel="suplente", por=rh())


def test_um_presidente_por_comissao(o_edital):
    criada = comissao(o_edital)
    with pytest.raises(ValidationError, match="já tem presidente: Ana"):
        services.adicionar_membro(criada, pessoa("fabio"), papel="suplente", presidente=True, por=rh())


def test_titulares_alem_da_regra_entram_como_suplentes(o_edital):
    criada = comissao(o_edital)
    with pytest.raises(ValidationError, match="inclua a pessoa como suplente"):
        services.adicionar_membro(criada, pessoa("fabio"), por=rh())
    assert services.adicionar_membro(criada, pessoa("fabio"), papel="suplente", por=rh()).papel == "suplente"


def test_sem_permissao_nao_cria_comissao_nem_inclui_membro(o_edital):
    curioso = pessoa("curioso")
    with pytest.raises(PermissionDenied, match="criar comissões"):
        services.criar_comissao(o_edital, por=curioso)
    with pytest.raises(PermissionDenied, match="incluir membros"):
        services.adicionar_membro(comissao(o_edital, titulares=()), curioso, por=curioso)


def test_criacao_e_inclusao_de_membros_ficam_na_auditoria(o_edital):
    comissao(o_edital, titulares=("ana", "bruno"))
    acoes = list(RegistroDeAuditoria.objects.order_by("id").values_list("acao", flat=True))
    assert acoes == ["comissao_criada", "membro_incluido", "membro_incluido"]


@pytest.mark.parametrize(("regime", "grupo"), [("cariacica-2023", "negros"), ("federal-15142-2025", "pretos_pardos")])
def test_comissao_sem_grupo_verifica_o_grupo_de_pretos_e_pardos_do_regime_do_edital(regime, grupo):
    assert comissao(edital(criado_por=rh(), regime=regime)).grupo == grupo
