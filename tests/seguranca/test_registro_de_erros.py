"""Registro dos erros do servidor (issue 12, item 8: "no LOGGING").

Com ``DEBUG=0`` o padrão do Django manda os erros 500 só por e-mail aos ``ADMINS`` (que não havia):
o traceback se perdia. Agora vão para o stderr (o journal do systemd na implantação), com o
traceback, e por e-mail aos ``ADMINS`` da variável de ambiente, quando há. Testado em subprocessos,
como ``test_configuracao_de_producao``: a configuração é decidida na importação, pelo ambiente."""

import json

from .test_configuracao_de_producao import producao, rodar

UM_ERRO_500 = """
import sys, types
import django
django.setup()
from django.core import mail
from django.test import Client, override_settings
from django.test.utils import setup_test_environment
from django.urls import path

def quebra(request):
    raise RuntimeError("falha proposital do teste")

rotas = types.ModuleType("rotas_do_teste")
rotas.urlpatterns = [path("quebra/", quebra)]
sys.modules["rotas_do_teste"] = rotas
setup_test_environment()  # e-mail na caixa de saída da memória
with override_settings(ROOT_URLCONF="rotas_do_teste"):
    resposta = Client(raise_request_exception=False).get("/quebra/", secure=True, HTTP_HOST="concursos.cariacica.es.gov.br")
print("STATUS", resposta.status_code)
print("EMAILS", [(m.to, m.subject) for m in mail.outbox])
"""


def test_erro_500_com_debug_desligado_deixa_o_traceback_no_stderr():
    saida = rodar("-c", UM_ERRO_500, env=producao(DATABASE_URL="sqlite://:memory:"))
    assert "STATUS 500" in saida.stdout, saida.stderr
    assert "Traceback (most recent call last)" in saida.stderr
    assert "RuntimeError: falha proposital do teste" in saida.stderr
    assert "/quebra/" in saida.stderr
    assert "EMAILS []" in saida.stdout  # sem ADMINS, ninguém a avisar


def test_erro_500_vai_por_email_aos_admins_do_ambiente():
    admins = "Equipe de TI <ti@cariacica.es.gov.br>, Plantão <plantao@cariacica.es.gov.br>"
    saida = rodar("-c", UM_ERRO_500, env=producao(DATABASE_URL="sqlite://:memory:", ADMINS=admins))
    assert "STATUS 500" in saida.stdout, saida.stderr
    assert "['ti@cariacica.es.gov.br', 'plantao@cariacica.es.gov.br']" in saida.stdout
    assert "Traceback (most recent call last)" in saida.stderr


def test_admins_e_lido_da_variavel_de_ambiente():
    programa = "import json, django; django.setup(); from django.conf import settings as s; print(json.dumps(s.ADMINS))"
    admins = "Equipe de TI <ti@cariacica.es.gov.br>,plantao@cariacica.es.gov.br"
    saida = rodar("-c", programa, env=producao(ADMINS=admins))
    assert json.loads(saida.stdout) == [
        ["Equipe de TI", "ti@cariacica.es.gov.br"],
        ["plantao@cariacica.es.gov.br", "plantao@cariacica.es.gov.br"],
    ], saida.stderr
