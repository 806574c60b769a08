"""``/saude/`` para o monitoramento (``comum/saude/``): 200 com tudo bom e 503 dizendo qual
verificação falhou (migração pendente, tarefa parada na fila, pouco disco, banco fora do ar); só
lê quem manda o token ou chega de um endereço liberado, e o endereço só vem do ``X-Forwarded-For``
quando há proxy reverso configurado; os outros recebem 404, sem detalhe. Nenhum dado pessoal na
resposta, e os cabeçalhos de segurança de toda página."""

import json
import re
import secrets
from datetime import timedelta

import pytest
from django.db import OperationalError, connection
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from comum.saude import _protegida
from concursos.segundo_plano import pedidos, tarefas
from tests.concursos import fabricas
from tests.conftest import entrar_so_com_a_senha
from tests.seguranca.test_configuracao_de_producao import ambiente, rodar

pytestmark = pytest.mark.django_db

URL = "/saude/"
TOKEN = secrets.token_urlsafe(32)
MONITORAMENTO = "10.20.0.15"  # o servidor de monitoramento da Prefeitura
DE_FORA = "187.45.10.200"
VERIFICACOES = {"banco", "migracoes", "fila", "disco"}


@pytest.fixture(autouse=True)
def configurado(settings):
    settings.SAUDE_TOKEN = TOKEN
    settings.SAUDE_ENDERECOS = ["10.20.0.0/24"]
    settings.SAUDE_FILA_MAXIMO_MINUTOS = 30
    settings.SAUDE_DISCO_MINIMO_MB = 1


def com_o_token(client, token=TOKEN, **extra):
    return client.get(URL, HTTP_AUTHORIZATION=f"Bearer {token}", **extra)


def falhas(resposta) -> set[str]:
    return {nome for nome, verificacao in resposta.json()["verificacoes"].items() if not verificacao["ok"]}


# ---------------------------------------------------------------- as verificações


def test_com_tudo_bom_responde_200_com_cada_verificacao(client):
    resposta = com_o_token(client)

    assert resposta.status_code == 200
    assert resposta["Content-Type"] == "application/json"
    corpo = resposta.json()
    assert corpo["situacao"] == "ok"
    assert set(corpo["verificacoes"]) == VERIFICACOES
    assert corpo["verificacoes"]["migracoes"] == {"ok": True, "pendentes": []}
    assert corpo["verificacoes"]["fila"] == {
        "ok": True,
        "na_fila": 0,
        "mais_antiga_segundos": 0,
        "limite_segundos": 1800,
    }
    assert corpo["verificacoes"]["disco"]["livre_mb"] >= 1


def test_migracao_nao_aplicada_da_503_e_diz_qual(client):
    ultima = MigrationLoader(connection).graph.leaf_nodes("concursos")[0]
    MigrationRecorder(connection).record_unapplied(*ultima)

    resposta = com_o_token(client)

    assert resposta.status_code == 503
    assert resposta.json()["situacao"] == "falha"
    assert falhas(resposta) == {"migracoes"}
    assert resposta.json()["verificacoes"]["migracoes"]["pendentes"] == [".".join(ultima)]


def tarefa_na_fila_ha(espera: timedelta) -> DBTaskResult:
    """Uma tarefa de verdade posta na fila (nenhum trabalhador a pega aqui), há ``espera``."""
    tarefa = tarefas.importar_arquivo.enqueue(1)
    DBTaskResult.objects.filter(pk=tarefa.id).update(enqueued_at=timezone.now() - espera)
    return tarefa


def test_tarefa_esperando_alem_do_limite_da_503(client):
    tarefa_na_fila_ha(timedelta(minutes=5))
    tarefa_na_fila_ha(timedelta(minutes=45))

    resposta = com_o_token(client)

    assert resposta.status_code == 503
    assert falhas(resposta) == {"fila"}
    fila = resposta.json()["verificacoes"]["fila"]
    assert fila["na_fila"] == 2
    assert 45 * 60 <= fila["mais_antiga_segundos"] < 46 * 60


def test_tarefa_na_fila_dentro_do_limite_nao_e_falha(client):
    tarefa_na_fila_ha(timedelta(minutes=29))

    resposta = com_o_token(client)

    assert resposta.status_code == 200
    assert resposta.json()["verificacoes"]["fila"]["na_fila"] == 1


def test_tarefa_ja_feita_nao_conta_como_fila(client):
    tarefa = tarefa_na_fila_ha(timedelta(hours=3))
    DBTaskResult.objects.filter(pk=tarefa.id).update(status="SUCCESSFUL")

    assert com_o_token(client).status_code == 200


def test_pouco_disco_na_pasta_dos_arquivos_privados_da_503(client, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "ainda-nao-criada"
    settings.SAUDE_DISCO_MINIMO_MB = 1024**3  # um petabyte: mais do que qualquer disco tem livre

    resposta = com_o_token(client)

    assert resposta.status_code == 503
    assert falhas(resposta) == {"disco"}
    assert resposta.json()["verificacoes"]["disco"]["minimo_mb"] == 1024**3


def test_erro_do_banco_vira_verificacao_ruim_sem_a_mensagem():
    def banco_recusa():
        raise OperationalError('FATAL: password authentication failed for user "concursos"')

    verificacao = _protegida(banco_recusa)

    assert verificacao.como_dict() == {"ok": False, "erro": "OperationalError"}


SAUDE_SEM_BANCO = """
import json
import django
django.setup()
from django.test import Client
resposta = Client(HTTP_HOST="localhost").get("/saude/", REMOTE_ADDR="127.0.0.1")
print(json.dumps([resposta.status_code, resposta.json()]))
"""


def test_banco_fora_do_ar_da_503_e_as_outras_verificacoes_respondem():
    # Porta 1 do próprio computador: ninguém escuta, a conexão é recusada na hora.
    env = ambiente(DATABASE_URL="postgres://concursos@127.0.0.1:1/concursos", SAUDE_ENDERECOS="127.0.0.1")

    processo = rodar("-c", SAUDE_SEM_BANCO, env=env)

    assert processo.returncode == 0, processo.stderr
    codigo, corpo = json.loads(processo.stdout.splitlines()[-1])
    assert codigo == 503
    assert corpo["verificacoes"]["banco"] == {"ok": False, "erro": "OperationalError"}
    assert {nome for nome, v in corpo["verificacoes"].items() if not v["ok"]} == {"banco", "migracoes", "fila"}
    assert "concursos@" not in json.dumps(corpo)


# ---------------------------------------------------------------- quem lê


@pytest.mark.parametrize(
    "autorizacao",
    [None, "Bearer token-errado-mas-comprido-o-bastante-0123456789", f"Token {TOKEN}", TOKEN, "Bearer "],
    ids=["sem token", "token errado", "outro esquema", "sem o esquema", "token vazio"],
)
def test_sem_o_token_certo_e_de_fora_a_pagina_nao_existe(client, autorizacao):
    extra = {"HTTP_AUTHORIZATION": autorizacao} if autorizacao is not None else {}

    resposta = client.get(URL, REMOTE_ADDR=DE_FORA, **extra)

    assert resposta.status_code == 404
    assert b"banco" not in resposta.content and b"migra" not in resposta.content


def test_sem_token_configurado_nenhum_token_entra(client, settings):
    settings.SAUDE_TOKEN = ""

    assert com_o_token(client, token="", REMOTE_ADDR=DE_FORA).status_code == 404


def test_sem_nada_configurado_ninguem_le_nem_o_superusuario(client, settings):
    settings.SAUDE_TOKEN, settings.SAUDE_ENDERECOS = "", []
    client.force_login(fabricas.usuario("raiz", superusuario=True))

    assert client.get(URL, REMOTE_ADDR=MONITORAMENTO).status_code == 404


def test_endereco_liberado_le_sem_token(client):
    resposta = client.get(URL, REMOTE_ADDR=MONITORAMENTO)

    assert resposta.status_code == 200
    assert set(resposta.json()["verificacoes"]) == VERIFICACOES


def test_sem_proxy_configurado_o_x_forwarded_for_nao_libera(client):
    """Sem proxy reverso (``PROXIES_REVERSOS=0``, o padrão), qualquer um escreveria o cabeçalho."""
    resposta = client.get(URL, REMOTE_ADDR=DE_FORA, HTTP_X_FORWARDED_FOR=MONITORAMENTO)

    assert resposta.status_code == 404


def test_atras_do_nginx_vale_o_endereco_que_ele_reescreve(client, atras_do_nginx):
    pelo_nginx = {"REMOTE_ADDR": "127.0.0.1"}

    liberado = client.get(URL, HTTP_X_FORWARDED_FOR=MONITORAMENTO, **pelo_nginx)
    de_fora = client.get(URL, HTTP_X_FORWARDED_FOR=DE_FORA, **pelo_nginx)

    assert liberado.status_code == 200
    assert de_fora.status_code == 404


ENDERECO_LIBERADO = """
import json
import django
django.setup()
from django.test import RequestFactory
from comum.saude.views import endereco_liberado

rf = RequestFactory()
print(json.dumps([
    endereco_liberado(rf.get("/saude/", REMOTE_ADDR=conexao, HTTP_X_FORWARDED_FOR=cabecalho))
    for conexao, cabecalho in (("127.0.0.1", "10.20.0.15"), ("127.0.0.1", "187.45.10.200"), ("10.20.0.15", "187.45.10.200"))
]))
"""


@pytest.mark.parametrize(
    "proxies, esperado",
    [("0", [False, False, True]), ("1", [True, False, False])],
    ids=["sem proxy: vale a conexão", "atrás do nginx: vale o cabeçalho"],
)
def test_o_endereco_vem_do_cabecalho_so_com_o_proxy_configurado(proxies, esperado):
    env = ambiente(PROXIES_REVERSOS=proxies, SAUDE_ENDERECOS="10.20.0.0/24")

    processo = rodar("-c", ENDERECO_LIBERADO, env=env)

    assert processo.returncode == 0, processo.stderr
    assert json.loads(processo.stdout.splitlines()[-1]) == esperado


def test_passa_pela_barreira_do_segundo_fator_sem_login(client):
    """Máquina a máquina: nem quem só digitou a senha é levado ao segundo fator aqui."""
    entrar_so_com_a_senha(client, fabricas.usuario("rh"))

    assert com_o_token(client).status_code == 200


def test_so_leitura(client):
    resposta = client.post(URL, HTTP_AUTHORIZATION=f"Bearer {TOKEN}")

    assert resposta.status_code == 405


@pytest.mark.parametrize(
    "variavel, valor",
    [("SAUDE_TOKEN", "curto"), ("SAUDE_ENDERECOS", "10.0.0.5, servidor-de-monitoramento")],
)
def test_configuracao_invalida_nao_sobe(variavel, valor):
    processo = rodar("-c", "import django; django.setup()", env=ambiente(**{variavel: valor}))

    assert processo.returncode != 0
    assert "ImproperlyConfigured" in processo.stderr and variavel in processo.stderr


# ---------------------------------------------------------------- o que sai


def test_a_resposta_tem_os_cabecalhos_de_seguranca_e_nao_fica_em_cache(client):
    resposta = com_o_token(client)

    assert "default-src 'self'" in resposta["Content-Security-Policy"]
    assert resposta["X-Frame-Options"] == "DENY"
    assert resposta["X-Content-Type-Options"] == "nosniff"
    assert "no-store" in resposta["Cache-Control"]


def folhas(valor):
    if isinstance(valor, dict):
        for item in valor.values():
            yield from folhas(item)
    elif isinstance(valor, list):
        for item in valor:
            yield from folhas(item)
    else:
        yield valor


def test_nenhum_dado_pessoal_na_resposta(client):
    rh = fabricas.usuario("maria.rh")
    edital = fabricas.edital(criado_por=rh, cargos=[("GM", "Guarda Municipal", 2), ("AG", "Agente", 1)])
    pessoas = [
        fabricas.inscricao(cargo, f"{cargo.codigo}-1", 80, nome=f"Joana Cardoso {cargo.codigo}")
        for cargo in edital.cargos.all()
    ]
    pedidos.pedir_resultados(edital, por=rh, motivo="Resultado de Joana")
    DBTaskResult.objects.update(enqueued_at=timezone.now() - timedelta(hours=2))  # falha: mostra a fila

    resposta = com_o_token(client)

    assert resposta.status_code == 503
    assert resposta.json()["verificacoes"]["fila"]["na_fila"] == 2
    texto = resposta.content.decode()
    cpfs = [p.candidato.cpf for p in pessoas]
    pessoais = ["Joana", "maria.rh", "Guarda", edital.titulo, *cpfs, *(re.sub(r"\D", "", cpf) for cpf in cpfs)]
    assert [dado for dado in pessoais if dado in texto] == []
    textos = {folha for folha in folhas(resposta.json()) if isinstance(folha, str)}
    assert textos <= {"ok", "falha"}
    assert all(isinstance(folha, bool | int | str) for folha in folhas(resposta.json()))
