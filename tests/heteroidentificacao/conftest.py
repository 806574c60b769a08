"""Fixtures da heteroidentificação: o cargo com cotistas pendentes, as comissões das personas de
``fabricas.py``, a sessão aberta e o candidato chamado a ela."""

import pytest
from django.test import Client

from heteroidentificacao.models import Comissao

from .fabricas import SUPLENTES, cargo_com_cotistas, chamar, comissao, encerrar, julgar, sessao_aberta


@pytest.fixture
def cargo():
    """Cinco vagas (1 negros, 1 PcD): N1 e N2 optaram por negros, com a verificação pendente que a
    comissão vai fazer (``cargo_com_cotistas``)."""
    return cargo_com_cotistas()


@pytest.fixture
def ordinaria(cargo):
    """A comissão ordinária: Ana (presidente), Bruno, Carla, Davi e Elisa; Fábio e Gil, suplentes."""
    return comissao(cargo.edital, suplentes=SUPLENTES)


@pytest.fixture
def recursal(cargo):
    """A comissão recursal: Helena (presidente), Igor e Joana."""
    return comissao(cargo.edital, tipo=Comissao.RECURSAL)


@pytest.fixture
def sessao(ordinaria):
    return sessao_aberta(ordinaria)


@pytest.fixture
def chamado(cargo, sessao):
    """N1 chamado à sessão aberta, presente."""
    return chamar(sessao, cargo.inscricoes.get(numero="N1"))


@pytest.fixture
def secretaria(client: Client):
    """Servidora do RH na equipe do admin, com as permissões do RH na heteroidentificação, já dentro."""
    from .test_admin import PERMISSOES_DO_RH, equipe

    usuario = equipe("secretaria", *PERMISSOES_DO_RH)
    client.force_login(usuario)
    return usuario


@pytest.fixture
def nao_confirmado(cargo):
    """N1 não confirmado por 1 a 4 numa sessão encerrada da comissão ordinária."""
    sessao = sessao_aberta(comissao(cargo.edital))
    chamado = julgar(
        sessao,
        cargo.inscricoes.get(numero="N1"),
        ana="confirma",
        bruno="nao_confirma",
        carla="nao_confirma",
        davi="nao_confirma",
        elisa="nao_confirma",
    )
    encerrar(sessao)
    chamado.refresh_from_db()
    return chamado
