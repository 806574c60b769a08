"""Fixtures da segurança. O ``cargo`` e o ``rh`` de toda a suíte estão em ``tests/conftest.py``."""

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone


@pytest.fixture
def rh_logado(client):
    """O ``client`` já dentro como o RH das fábricas da heteroidentificação (superusuário)."""
    from tests.heteroidentificacao.fabricas import rh

    client.force_login(rh())
    return client


@pytest.fixture(scope="module")
def cenario_das_portas(dados_do_modulo):
    """Um edital com inscrições de cor/raça e deficiência declaradas, uma sessão encerrada e uma
    aberta com pareceres (Bruno não confirma, com fundamentação; Carla confirma), e um usuário por
    papel da equipe (pelos grupos de ``concursos/papeis.py``): Rita (RH), Célia (auditora) e o
    superusuário. Montado uma vez por módulo (``dados_do_modulo``): os testes só leem."""
    from concursos.papeis import AUDITOR, RH, configurar_papeis
    from tests.concursos.fabricas import inscricao
    from tests.heteroidentificacao import fabricas

    grupos = configurar_papeis()
    modelo = get_user_model()
    rita = modelo.objects.create_user("rita", "rita@cariacica.test", is_staff=True, first_name="Rita")
    rita.groups.add(grupos[RH])
    celia = modelo.objects.create_user("celia", "celia@cariacica.test", is_staff=True, first_name="Célia")
    celia.groups.add(grupos[AUDITOR])
    raiz = modelo.objects.create_user("raiz", "raiz@cariacica.test", is_staff=True, is_superuser=True)

    cargo = fabricas.cargo_com_cotistas()
    inscricao(cargo, "B2", 60, cor_raca="branca")
    comissao = fabricas.comissao(cargo.edital)
    encerrada = fabricas.sessao_aberta(comissao, inicio=timezone.now() - timedelta(hours=5))
    fabricas.julgar(encerrada, cargo.inscricoes.get(numero="N2"), ana="confirma", bruno="confirma", carla="confirma")
    fabricas.encerrar(encerrada)
    aberta = fabricas.sessao_aberta(comissao)
    chamado = fabricas.julgar(aberta, cargo.inscricoes.get(numero="N1"), bruno="nao_confirma", carla="confirma")
    return SimpleNamespace(
        rh=rita, auditor=celia, superusuario=raiz, cargo=cargo, comissao=comissao, aberta=aberta,
        encerrada=encerrada, chamado=chamado,
    )  # fmt: skip
