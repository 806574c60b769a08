"""Bloqueio de login por tentativas (django-axes), pelos formulários de verdade.

A Prefeitura sai para a internet por poucos IPs: bloquear só pelo IP trancaria todos os servidores
pelo erro de digitação de um. Por isso o bloqueio é da combinação usuário + IP: 5 senhas erradas
de Ana a partir do computador X bloqueiam Ana em X (mesmo com a senha certa), mas Bruno continua
entrando de X e Ana continua entrando de outro IP. Uma entrada bem-sucedida zera a contagem, o
bloqueio acaba sozinho depois do tempo de espera e a informática desbloqueia antes, se preciso,
com ``manage.py axes_reset_username``.

Os logins passam pelo ``Client.post`` nos formulários (``/admin/login/`` do RH e ``/contas/entrar/``
das comissões), com ``REMOTE_ADDR``: o ``Client.login()`` chamaria ``authenticate()`` sem a
requisição, e o backend do axes recusa isso.
"""

import json
import os
import re
import subprocess
import sys
from datetime import timedelta

import pytest
from axes.helpers import get_client_ip_address
from axes.models import AccessAttempt
from django.conf import settings as configuracao
from django.contrib.auth import SESSION_KEY
from django.core.management import call_command
from django.utils import timezone

pytestmark = pytest.mark.django_db

SENHA = "senha-certa-de-Cariacica-2025"
ERRADA = "senha-errada"
IP_X = "10.20.0.15"  # a rede da Prefeitura
IP_Y = "187.45.10.200"  # outro lugar

FORMULARIOS = {"admin": "/admin/login/", "comissões": "/contas/entrar/"}


@pytest.fixture
def ana(django_user_model):
    return django_user_model.objects.create_user("ana", "ana@cariacica.test", SENHA, is_staff=True)


@pytest.fixture
def bruno(django_user_model):
    return django_user_model.objects.create_user("bruno", "bruno@cariacica.test", SENHA, is_staff=True)


@pytest.fixture(params=list(FORMULARIOS), ids=list(FORMULARIOS))
def formulario(request):
    return FORMULARIOS[request.param]


def entrar(client, url, usuario, senha, ip):
    """Posta o formulário de login como o navegador faria; devolve a resposta."""
    client.cookies.clear()
    return client.post(url, {"username": usuario, "password": senha}, REMOTE_ADDR=ip)


def entrou(client, resposta) -> bool:
    return resposta.status_code == 302 and SESSION_KEY in client.session


def errar(client, url, usuario, ip, vezes):
    """Erra a senha ``vezes`` vezes; antes do limite o formulário volta com o erro, no limite bloqueia."""
    for _ in range(vezes):
        resposta = entrar(client, url, usuario, ERRADA, ip)
        assert resposta.status_code in (200, 429)
    return resposta


def bloqueado(resposta) -> bool:
    return resposta.status_code == 429 and "Acesso temporariamente bloqueado" in resposta.content.decode()


def test_configuracao_bloqueia_usuario_mais_ip_depois_de_5_erros_por_15_minutos():
    assert configuracao.AXES_FAILURE_LIMIT == 5
    assert configuracao.AXES_COOLOFF_TIME == timedelta(minutes=15)
    assert configuracao.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"]]
    assert configuracao.AXES_RESET_ON_SUCCESS is True
    assert configuracao.AUTHENTICATION_BACKENDS[0] == "axes.backends.AxesStandaloneBackend"
    assert configuracao.MIDDLEWARE[-1] == "axes.middleware.AxesMiddleware"


def test_cinco_senhas_erradas_bloqueiam_o_usuario_naquele_ip_mesmo_com_a_senha_certa(client, ana, formulario):
    assert errar(client, formulario, "ana", IP_X, 4).status_code == 200
    assert bloqueado(errar(client, formulario, "ana", IP_X, 1))  # a 5ª já responde com o bloqueio

    resposta = entrar(client, formulario, "ana", SENHA, IP_X)

    assert bloqueado(resposta)
    assert SESSION_KEY not in client.session
    assert configuracao.AXES_LOCKOUT_TEMPLATE in [t.name for t in resposta.templates]


def test_quatro_senhas_erradas_ainda_nao_bloqueiam(client, ana, formulario):
    errar(client, formulario, "ana", IP_X, 4)

    assert entrou(client, entrar(client, formulario, "ana", SENHA, IP_X))


def test_outro_usuario_no_mesmo_ip_continua_entrando(client, ana, bruno, formulario):
    errar(client, formulario, "ana", IP_X, 5)

    assert entrou(client, entrar(client, formulario, "bruno", SENHA, IP_X))
    assert bloqueado(entrar(client, formulario, "ana", SENHA, IP_X))


def test_o_mesmo_usuario_de_outro_ip_continua_entrando(client, ana, formulario):
    errar(client, formulario, "ana", IP_X, 5)

    assert entrou(client, entrar(client, formulario, "ana", SENHA, IP_Y))
    assert bloqueado(entrar(client, formulario, "ana", SENHA, IP_X))


def test_o_bloqueio_vale_para_os_dois_formularios(client, ana):
    """Errar no admin bloqueia também a entrada das comissões (e vice-versa): a contagem é uma só."""
    errar(client, FORMULARIOS["admin"], "ana", IP_X, 3)
    errar(client, FORMULARIOS["comissões"], "ana", IP_X, 2)

    assert bloqueado(entrar(client, FORMULARIOS["admin"], "ana", SENHA, IP_X))
    assert bloqueado(entrar(client, FORMULARIOS["comissões"], "ana", SENHA, IP_X))


def test_entrada_bem_sucedida_zera_a_contagem(client, ana, formulario):
    errar(client, formulario, "ana", IP_X, 4)
    assert entrou(client, entrar(client, formulario, "ana", SENHA, IP_X))

    errar(client, formulario, "ana", IP_X, 4)  # 8 erros no total, mas só 4 desde a última entrada

    assert entrou(client, entrar(client, formulario, "ana", SENHA, IP_X))


def test_o_bloqueio_acaba_sozinho_depois_do_tempo_de_espera(client, ana, formulario):
    errar(client, formulario, "ana", IP_X, 5)
    assert bloqueado(entrar(client, formulario, "ana", SENHA, IP_X))

    passado = timezone.now() - configuracao.AXES_COOLOFF_TIME - timedelta(seconds=1)
    AccessAttempt.objects.update(attempt_time=passado)

    assert entrou(client, entrar(client, formulario, "ana", SENHA, IP_X))


def test_axes_reset_username_desbloqueia(client, ana, formulario, capsys):
    errar(client, formulario, "ana", IP_X, 5)
    assert bloqueado(entrar(client, formulario, "ana", SENHA, IP_X))

    call_command("axes_reset_username", "ana")

    assert entrou(client, entrar(client, formulario, "ana", SENHA, IP_X))


def test_a_tentativa_registra_usuario_e_ip_mas_nunca_a_senha(client, ana):
    errar(client, FORMULARIOS["admin"], "ana", IP_X, 2)

    tentativa = AccessAttempt.objects.get()
    assert (tentativa.username, tentativa.ip_address, tentativa.failures_since_start) == ("ana", IP_X, 2)
    assert ERRADA not in tentativa.post_data and SENHA not in tentativa.post_data


def test_pagina_de_bloqueio_em_portugues_sem_dizer_se_a_senha_estava_certa(client, ana):
    errar(client, FORMULARIOS["comissões"], "ana", IP_X, 5)

    com_a_certa = entrar(client, FORMULARIOS["comissões"], "ana", SENHA, IP_X).content.decode()
    com_a_errada = entrar(client, FORMULARIOS["comissões"], "ana", ERRADA, IP_X).content.decode()

    assert "Houve muitas tentativas de entrada sem sucesso" in com_a_certa
    assert _sem_o_token(com_a_certa) == _sem_o_token(com_a_errada)


def _sem_o_token(html: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


# ----------------------------------------------------------------------------------------------
# De que IP veio a tentativa (o "IP" do bloqueio usuário + IP)


def test_sem_proxy_o_ip_e_o_da_conexao_e_x_forwarded_for_e_ignorado(rf):
    """Sem proxy reverso (``PROXIES_REVERSOS=0``), quem tenta não escapa do bloqueio inventando um
    cabeçalho ``X-Forwarded-For`` a cada tentativa."""
    assert configuracao.AXES_IPWARE_PROXY_COUNT == 0
    requisicao = rf.post("/contas/entrar/", REMOTE_ADDR=IP_X, HTTP_X_FORWARDED_FOR="6.6.6.6")

    assert get_client_ip_address(requisicao) == IP_X


IP_ATRAS_DO_NGINX = """
import json
import django
django.setup()
from axes.helpers import get_client_ip_address
from django.test import RequestFactory

rf = RequestFactory()
# O nginx de deploy/nginx.conf reescreve X-Forwarded-For com o IP de quem conectou nele.
print(json.dumps([
    get_client_ip_address(rf.post("/contas/entrar/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=ip))
    for ip in ("10.20.0.15", "187.45.10.200")
]))
"""


def test_atras_do_nginx_cada_computador_tem_o_seu_ip():
    env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "PROXIES_REVERSOS"}}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", PROXIES_REVERSOS="1")

    processo = subprocess.run([sys.executable, "-c", IP_ATRAS_DO_NGINX], env=env, capture_output=True, text=True)

    assert processo.returncode == 0, processo.stderr
    assert json.loads(processo.stdout) == ["10.20.0.15", "187.45.10.200"]
