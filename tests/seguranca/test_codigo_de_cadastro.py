"""Primeiro login (issue 24, item 6): quem tinha a senha de um usuário sem autenticador — um membro
novo de comissão — cadastrava o seu próprio. Agora o cadastro pede antes um código de uso único que
o administrador emite para a pessoa (``comum/convites/``): vale 72 h, uma vez só, fica guardado só
como hash, com quem emitiu, quando e quando foi usado. Sem ele, nem o QR code aparece."""

import io
import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import Permission
from django.core.management import call_command
from django_otp.plugins.otp_totp.models import TOTPDevice

from comum import relogio
from comum.convites import codigos
from comum.convites.models import CodigoDeCadastro
from tests.conftest import codigo_do_aplicativo
from tests.seguranca.test_dois_fatores import CADASTRAR, SENHA, entrar_com_a_senha, texto

pytestmark = pytest.mark.django_db


@pytest.fixture
def membro_novo(django_user_model):
    return django_user_model.objects.create_user("bruno.novo", "bruno@cariacica.test", SENHA)


@pytest.fixture
def administrador(django_user_model, client):
    chefe = django_user_model.objects.create_superuser("chefe.ti", "ti@cariacica.test", SENHA)
    client.force_login(chefe)
    return chefe


def informar(cliente, codigo: str, proxima="/heteroidentificacao/"):
    return cliente.post(CADASTRAR, {"codigo_de_cadastro": codigo, "next": proxima})


def test_so_com_a_senha_o_cadastro_pede_o_codigo_e_nao_mostra_o_qr_code(membro_novo):
    cliente = entrar_com_a_senha(membro_novo, "/contas/entrar/", "/heteroidentificacao/")

    resposta = cliente.get(f"{CADASTRAR}?next=/heteroidentificacao/")

    assert resposta.status_code == 200
    assert "Código de cadastro do segundo fator" in texto(resposta)
    assert "<svg" not in texto(resposta) and "data-chave" not in texto(resposta)
    assert not TOTPDevice.objects.filter(user=membro_novo).exists()


def test_so_com_a_senha_um_codigo_do_aplicativo_nao_cadastra_nada(membro_novo):
    """Mesmo quem forjasse um dispositivo em cadastro não o confirma sem o código de cadastro."""
    dispositivo = TOTPDevice.objects.create(user=membro_novo, name="Aplicativo autenticador", confirmed=False)
    cliente = entrar_com_a_senha(membro_novo, "/contas/entrar/", "/heteroidentificacao/")

    cliente.post(CADASTRAR, {"codigo": codigo_do_aplicativo(dispositivo), "next": "/heteroidentificacao/"})

    dispositivo.refresh_from_db()
    assert dispositivo.confirmed is False
    assert cliente.get("/heteroidentificacao/")["Location"].startswith(CADASTRAR)


def test_com_o_codigo_de_cadastro_a_pessoa_ve_o_qr_code_e_cadastra(membro_novo, administrador):
    codigo = codigos.emitir(membro_novo, por=administrador)
    cliente = entrar_com_a_senha(membro_novo, "/contas/entrar/", "/heteroidentificacao/")

    resposta = informar(cliente, codigo.lower().replace("-", " "))  # como a pessoa digitar
    assert resposta.status_code == 302 and resposta["Location"].startswith(CADASTRAR)
    pagina = cliente.get(resposta["Location"])
    assert "<svg" in texto(pagina) and "data-chave" in texto(pagina)
    dispositivo = TOTPDevice.objects.get(user=membro_novo, confirmed=False)
    confirmado = cliente.post(CADASTRAR, {"codigo": codigo_do_aplicativo(dispositivo), "next": "/heteroidentificacao/"})

    assert "não serão mostrados de novo" in texto(confirmado)
    registro = CodigoDeCadastro.objects.get(usuario=membro_novo)
    assert registro.emitido_por == administrador and registro.usado_em is not None


def test_o_codigo_vale_uma_vez_so(membro_novo, administrador):
    codigo = codigos.emitir(membro_novo, por=administrador)
    primeira = entrar_com_a_senha(membro_novo, "/contas/entrar/", "/heteroidentificacao/")
    assert informar(primeira, codigo).status_code == 302

    outra = entrar_com_a_senha(membro_novo, "/contas/entrar/", "/heteroidentificacao/")
    resposta = informar(outra, codigo)

    assert resposta.status_code == 200 and "incorreto, vencido ou já usado" in texto(resposta)
    assert "<svg" not in texto(outra.get(CADASTRAR))


def test_o_codigo_vence_em_72_horas(membro_novo, administrador, settings):
    assert settings.VALIDADE_DO_CODIGO_DE_CADASTRO_HORAS == 72
    codigo = codigos.emitir(membro_novo, por=administrador, em=relogio.agora() - timedelta(hours=72, minutes=1))
    cliente = entrar_com_a_senha(membro_novo, "/contas/entrar/", "/heteroidentificacao/")

    assert "incorreto, vencido ou já usado" in texto(informar(cliente, codigo))


def test_o_codigo_de_outra_pessoa_nao_serve(membro_novo, administrador, django_user_model):
    outra = django_user_model.objects.create_user("carla.nova", "carla@cariacica.test", SENHA)
    codigo_da_carla = codigos.emitir(outra, por=administrador)
    cliente = entrar_com_a_senha(membro_novo, "/contas/entrar/", "/heteroidentificacao/")

    assert "incorreto, vencido ou já usado" in texto(informar(cliente, codigo_da_carla))


def test_emitir_outro_vence_o_anterior_e_o_banco_guarda_so_o_hash(membro_novo, administrador):
    antigo = codigos.emitir(membro_novo, por=administrador)
    novo = codigos.emitir(membro_novo, por=administrador)
    cliente = entrar_com_a_senha(membro_novo, "/contas/entrar/", "/heteroidentificacao/")

    assert "incorreto, vencido ou já usado" in texto(informar(cliente, antigo))
    assert informar(cliente, novo).status_code == 302
    guardados = list(CodigoDeCadastro.objects.values_list("hash_do_codigo", flat=True))
    assert all(re.fullmatch(r"[0-9a-f]{64}", h) for h in guardados)
    assert not any(codigo.replace("-", "") in h.upper() for h in guardados for codigo in (antigo, novo))


def test_o_administrador_emite_o_codigo_pela_acao_na_lista_de_usuarios_e_ve_uma_vez(client, administrador, membro_novo):
    resposta = client.post(
        "/admin/auth/user/", {"action": "emitir_codigo_de_cadastro", "_selected_action": [membro_novo.pk]}
    )

    assert resposta.status_code == 200 and "no-store" in resposta["Cache-Control"]
    codigo = re.search(r'class="codigo-de-cadastro">([A-Z2-7-]{14})<', texto(resposta)).group(1)
    cliente = entrar_com_a_senha(membro_novo, "/contas/entrar/", "/heteroidentificacao/")
    assert informar(cliente, codigo).status_code == 302
    assert CodigoDeCadastro.objects.get().emitido_por == administrador
    assert codigo not in texto(client.get("/admin/convites/codigodecadastro/"))


def test_quem_nao_administra_usuarios_nao_emite_codigo(client, django_user_model, membro_novo):
    rh = django_user_model.objects.create_user("rita.rh", "rita@cariacica.test", SENHA, is_staff=True)
    rh.user_permissions.set(Permission.objects.filter(codename="view_user"))
    client.force_login(rh)

    client.post("/admin/auth/user/", {"action": "emitir_codigo_de_cadastro", "_selected_action": [membro_novo.pk]})

    assert not CodigoDeCadastro.objects.exists()


def test_o_comando_emite_o_codigo_do_primeiro_superusuario(membro_novo):
    saida = io.StringIO()
    call_command("emitir_codigo_de_cadastro", "bruno.novo", stdout=saida)

    codigo = re.search(r"([A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4})", saida.getvalue()).group(1)
    registro = CodigoDeCadastro.objects.get(usuario=membro_novo)
    assert registro.emitido_por is None and registro.usado_em is None
    assert (
        informar(entrar_com_a_senha(membro_novo, "/contas/entrar/", "/heteroidentificacao/"), codigo).status_code == 302
    )
