"""A página pública de verificação do código do Anexo I (issue 24, item 7): respondia a qualquer
número de palpites (60 códigos em 0,3 s). Agora conta as consultas por endereço e minuto
(``VERIFICACAO_POR_MINUTO``, ``comum/limites.py``): a seguinte ao limite recebe 429 em português;
outro endereço não é afetado; o ``X-Forwarded-For`` só vale vindo do proxy confiável."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

URL = reverse("concursos:verificar_documento")
CELULAR = "187.45.10.200"  # um endereço de operadora, dividido por muita gente
OUTRO = "200.10.20.30"


@pytest.fixture(autouse=True)
def limite_de_cinco(settings):
    settings.VERIFICACAO_POR_MINUTO = 5


def consultar(client, **cabecalhos):
    return client.get(URL, {"codigo": "0000-0000-0000-0000"}, **cabecalhos)


def test_a_consulta_seguinte_ao_limite_recebe_429_em_portugues(client):
    respostas = [consultar(client, REMOTE_ADDR=CELULAR) for _ in range(6)]

    assert [r.status_code for r in respostas] == [200] * 5 + [429]
    pagina = respostas[-1].content.decode()
    assert "Muitas consultas seguidas" in pagina and "5 por minuto" in pagina
    assert "O código não confere" not in pagina
    assert respostas[-1]["Retry-After"] == "60"


def test_outro_endereco_nao_e_afetado(client):
    for _ in range(6):
        consultar(client, REMOTE_ADDR=CELULAR)

    assert consultar(client, REMOTE_ADDR=OUTRO).status_code == 200


def test_a_pagina_sem_codigo_nao_conta(client):
    for _ in range(10):
        assert client.get(URL, REMOTE_ADDR=CELULAR).status_code == 200
    assert consultar(client, REMOTE_ADDR=CELULAR).status_code == 200


def test_sem_proxy_configurado_o_x_forwarded_for_nao_muda_o_endereco(client, settings):
    settings.PROXIES_REVERSOS = 0
    respostas = [consultar(client, REMOTE_ADDR=CELULAR, HTTP_X_FORWARDED_FOR=f"10.0.0.{i}") for i in range(6)]
    assert respostas[-1].status_code == 429


def test_atras_do_nginx_conta_o_endereco_que_ele_reescreve_e_nunca_o_do_proxy(client, atras_do_nginx):
    pelo_nginx = {"REMOTE_ADDR": "127.0.0.1"}
    for _ in range(6):
        consultar(client, HTTP_X_FORWARDED_FOR=CELULAR, **pelo_nginx)

    assert consultar(client, HTTP_X_FORWARDED_FOR=CELULAR, **pelo_nginx).status_code == 429
    assert consultar(client, HTTP_X_FORWARDED_FOR=OUTRO, **pelo_nginx).status_code == 200


def test_o_cabecalho_de_quem_nao_e_o_proxy_e_ignorado(client, atras_do_nginx):
    """Quem chega ao gunicorn por fora do nginx não escapa do limite trocando o cabeçalho."""
    respostas = [consultar(client, REMOTE_ADDR=CELULAR, HTTP_X_FORWARDED_FOR=f"10.0.0.{i}") for i in range(6)]
    assert respostas[-1].status_code == 429


def test_o_limite_padrao_e_30_por_minuto():
    from config import settings as configuracao

    assert configuracao.VERIFICACAO_POR_MINUTO == 30
