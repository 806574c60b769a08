"""Fixtures da segurança. O ``cargo`` e o ``rh`` de toda a suíte estão em ``tests/conftest.py``."""

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
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
    from concursos import services as servicos_de_concursos
    from concursos.models import LeiauteDeImportacao
    from concursos.papeis import AUDITOR, RH, configurar_papeis
    from heteroidentificacao import services
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
    apurada = inscricao(cargo, "N3", 75, grupos={"negros": "pendente"}, cor_raca="preta")
    comissao = fabricas.comissao(cargo.edital)
    encerrada = fabricas.sessao_aberta(comissao, inicio=timezone.now() - timedelta(hours=5))
    julgado = fabricas.julgar(
        encerrada,
        cargo.inscricoes.get(numero="N2"),
        **fabricas.todos(ana="nao_confirma", bruno="nao_confirma", carla="nao_confirma"),
    )
    fabricas.encerrar(encerrada)
    services.registrar_recurso(julgado, texto="Peço a revisão pela gravação.", por=fabricas.rh())
    aberta = fabricas.sessao_aberta(comissao)
    chamado = fabricas.julgar(aberta, cargo.inscricoes.get(numero="N1"), bruno="nao_confirma", carla="confirma")
    services.instaurar_apuracao(apurada, numero="PA 1/2025", fatos="Denúncia.", por=rita)
    servicos_de_concursos.gerar_resultado(cargo, por=rita)
    LeiauteDeImportacao.objects.create(banca="Instituto Exemplo", nome="inscrições", colunas={"nome": "nome"})
    visita = Client()
    visita.force_login(rita)
    visita.get(reverse("admin:concursos_inscricao_change", args=[cargo.inscricoes.get(numero="N1").pk]))
    return SimpleNamespace(
        rh=rita, auditor=celia, superusuario=raiz, cargo=cargo, comissao=comissao, aberta=aberta,
        encerrada=encerrada, chamado=chamado,
    )  # fmt: skip
