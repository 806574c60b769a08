"""Login em dois fatores (``comum/dois_fatores/``): a senha e um código do aplicativo autenticador
(TOTP) ou um dos códigos de recuperação.

Aqui ninguém usa ``force_login`` (que, nos testes, já passa pelo segundo fator — ver
``tests/conftest.py``): as pessoas entram pelos formulários de login, como no navegador, e os códigos
saem do ``django_otp.oath.totp`` com a chave do dispositivo que a tela cadastrou.

- sem o segundo fator, o RH não passa da barreira (admin) nem o membro da comissão
  (``/heteroidentificacao/``); a saída e as telas do segundo fator continuam livres;
- cadastro: antes, o código de cadastro que o administrador emitiu (``test_codigo_de_cadastro.py``);
  QR code em SVG e a chave em texto; código certo confirma e mostra 10 códigos de
  recuperação uma vez; código errado não confirma, diz por quê e conta na espera do django-otp;
- código de recuperação vale uma vez; novos códigos invalidam os anteriores;
- a isenção da demonstração vale só para os usuários dela, e a configuração com ``DEBUG`` desligado
  se recusa a subir quando alguém a liga.
"""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.utils import timezone
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from comum.convites import codigos
from comum.dois_fatores import QUANTIDADE_DE_CODIGOS, gerar_codigos_de_recuperacao
from tests.conftest import codigo_do_aplicativo
from tests.heteroidentificacao import fabricas
from tests.seguranca.test_configuracao_de_producao import ambiente, configuracao_de, producao, rodar

pytestmark = pytest.mark.django_db

SENHA = "senha-de-teste-Cariacica-2025"
CADASTRAR = "/contas/dois-fatores/cadastrar/"
VERIFICAR = "/contas/dois-fatores/verificar/"
NOVOS_CODIGOS = "/contas/dois-fatores/codigos-de-recuperacao/"


@pytest.fixture
def rh(django_user_model):
    pessoa = django_user_model.objects.create_user("rita.rh", "rita@cariacica.test", SENHA, is_staff=True)
    pessoa.user_permissions.set(Permission.objects.filter(content_type__app_label="concursos"))
    return pessoa


def entrar_com_a_senha(usuario, formulario="/admin/login/", proxima="/admin/") -> Client:
    cliente = Client()
    resposta = cliente.post(formulario, {"username": usuario.get_username(), "password": SENHA, "next": proxima})
    assert resposta.status_code == 302, resposta.content.decode()[:500]
    return cliente


def codigo_errado(dispositivo: TOTPDevice) -> str:
    return f"{(int(codigo_do_aplicativo(dispositivo)) + 500_000) % 1_000_000:06d}"


def cadastrado(usuario) -> tuple[TOTPDevice, list[str]]:
    """Um usuário que já cadastrou o autenticador (e recebeu os códigos de recuperação)."""
    dispositivo = TOTPDevice.objects.create(user=usuario, name="Aplicativo autenticador", confirmed=True)
    return dispositivo, gerar_codigos_de_recuperacao(usuario)


def texto(resposta) -> str:
    return resposta.content.decode()


def liberar_o_cadastro(cliente: Client, usuario) -> None:
    """O passo do código de cadastro que o administrador emitiu (``comum/convites/``), antes do QR code."""
    resposta = cliente.post(CADASTRAR, {"codigo_de_cadastro": codigos.emitir(usuario)})
    assert resposta.status_code == 302, texto(resposta)[:500]


# ----------------------------------------------------------------------------------------------
# A barreira


def test_rh_sem_o_segundo_fator_nao_entra_no_admin(rh):
    cliente = entrar_com_a_senha(rh)

    for url in ("/admin/", "/admin/concursos/inscricao/", "/admin/auth/user/", "/concursos/simulador/"):
        resposta = cliente.get(url)
        assert resposta.status_code == 302, url
        assert resposta["Location"].startswith(f"{CADASTRAR}?next="), (url, resposta["Location"])
    assert cliente.post("/admin/concursos/edital/add/", {"numero": "9/2025"}).status_code == 302


def test_quem_ja_tem_autenticador_e_levado_ao_codigo_e_nao_ao_cadastro(rh):
    cadastrado(rh)
    cliente = entrar_com_a_senha(rh)

    resposta = cliente.get("/admin/concursos/inscricao/")

    assert resposta.status_code == 302
    assert resposta["Location"] == f"{VERIFICAR}?next=%2Fadmin%2Fconcursos%2Finscricao%2F"
    # Quem só sabe a senha não troca o autenticador de outra pessoa pelo seu.
    assert cliente.get(CADASTRAR)["Location"].startswith(VERIFICAR)


def test_sair_e_as_telas_do_segundo_fator_ficam_livres(rh):
    cliente = entrar_com_a_senha(rh)

    assert cliente.get(CADASTRAR).status_code == 200
    assert cliente.get(VERIFICAR)["Location"].startswith(CADASTRAR)  # sem autenticador ainda
    resposta = cliente.post("/contas/sair/")
    assert resposta.status_code == 302 and resposta["Location"] == "/contas/entrar/"
    assert cliente.get("/admin/")["Location"].startswith("/admin/login/")


def test_membro_de_comissao_passa_pelo_segundo_fator_nas_telas_da_comissao():
    rh = fabricas.rh()
    tudo = fabricas.tudo_em_uso(rh)
    membro = get_user_model().objects.get(username="bruno")  # membro (não preside) da comissão da sessão
    membro.set_password(SENHA)
    membro.save()
    cliente = entrar_com_a_senha(membro, "/contas/entrar/", "/heteroidentificacao/")
    urls = [
        "/heteroidentificacao/",
        f"/heteroidentificacao/sessoes/{tudo['sessao'].pk}/",
        f"/heteroidentificacao/chamados/{tudo['chamado'].pk}/parecer/",
    ]

    for url in urls:
        resposta = cliente.get(url)
        assert resposta.status_code == 302 and resposta["Location"].startswith(CADASTRAR), url

    liberar_o_cadastro(cliente, membro)
    pagina = cliente.get(f"{CADASTRAR}?next=/heteroidentificacao/")
    dispositivo = TOTPDevice.objects.get(user=membro, confirmed=False)
    confirmado = cliente.post(CADASTRAR, {"codigo": codigo_do_aplicativo(dispositivo), "next": "/heteroidentificacao/"})
    assert pagina.status_code == confirmado.status_code == 200
    assert "não serão mostrados de novo" in texto(confirmado)
    assert cliente.get("/heteroidentificacao/").status_code == 200


# ----------------------------------------------------------------------------------------------
# Cadastro do autenticador


def test_cadastro_mostra_o_qr_code_em_svg_e_a_chave_em_texto(rh):
    cliente = entrar_com_a_senha(rh)
    liberar_o_cadastro(cliente, rh)

    resposta = cliente.get(f"{CADASTRAR}?next=/admin/")

    assert resposta.status_code == 200
    html = texto(resposta)
    dispositivo = TOTPDevice.objects.get(user=rh)
    assert dispositivo.confirmed is False
    assert "<svg" in html and "<img" not in html
    chave = re.search(r"data-chave>([A-Z2-7 ]+)<", html).group(1)
    assert chave.replace(" ", "") in dispositivo.config_url
    assert "Cadastrar o aplicativo autenticador" in html
    # Recarregar a página não troca a chave que o celular já leu.
    assert chave in texto(cliente.get(CADASTRAR))
    assert TOTPDevice.objects.filter(user=rh).count() == 1


def test_cadastro_com_o_codigo_certo_confirma_e_mostra_dez_codigos_de_recuperacao_uma_vez(rh):
    cliente = entrar_com_a_senha(rh)
    liberar_o_cadastro(cliente, rh)
    cliente.get(CADASTRAR)
    dispositivo = TOTPDevice.objects.get(user=rh)

    resposta = cliente.post(CADASTRAR, {"codigo": codigo_do_aplicativo(dispositivo), "next": "/admin/"})

    assert resposta.status_code == 200
    dispositivo.refresh_from_db()
    assert dispositivo.confirmed is True
    guardados = set(StaticToken.objects.filter(device__user=rh).values_list("token", flat=True))
    assert len(guardados) == QUANTIDADE_DE_CODIGOS
    html = texto(resposta)
    assert all(codigo in html for codigo in guardados)
    assert "não serão mostrados de novo" in html
    assert "no-store" in resposta["Cache-Control"]
    assert cliente.get("/admin/").status_code == 200
    assert cliente.get("/admin/concursos/inscricao/").status_code == 200
    # Depois de cadastrado, a tela de cadastro não mostra a chave nem os códigos de novo.
    assert cliente.get(CADASTRAR).status_code == 302
    assert not any(codigo in texto(cliente.get("/admin/")) for codigo in guardados)


def test_cadastro_com_o_codigo_errado_nao_confirma_e_diz_por_que(rh):
    cliente = entrar_com_a_senha(rh)
    liberar_o_cadastro(cliente, rh)
    cliente.get(CADASTRAR)
    dispositivo = TOTPDevice.objects.get(user=rh)

    resposta = cliente.post(CADASTRAR, {"codigo": codigo_errado(dispositivo), "next": "/admin/"})

    assert resposta.status_code == 200
    assert "Código incorreto ou vencido" in texto(resposta)
    dispositivo.refresh_from_db()
    assert dispositivo.confirmed is False
    assert dispositivo.throttling_failure_count == 1  # a tentativa ficou gravada
    assert not StaticDevice.objects.filter(user=rh).exists()
    assert cliente.get("/admin/")["Location"].startswith(CADASTRAR)


@pytest.mark.parametrize("codigo", ["", "12345", "abcdef", "1234567", "x" * 500])
def test_codigo_em_formato_errado_e_recusado_com_mensagem_sem_erro(rh, codigo):
    cliente = entrar_com_a_senha(rh)
    liberar_o_cadastro(cliente, rh)
    cliente.get(CADASTRAR)

    resposta = cliente.post(CADASTRAR, {"codigo": codigo})

    assert resposta.status_code == 200
    assert "errorlist" in texto(resposta) or "invalid-feedback" in texto(resposta)
    assert not TOTPDevice.objects.filter(user=rh, confirmed=True).exists()


def test_tentativas_erradas_seguidas_impoem_espera_mesmo_ao_codigo_certo(rh, settings):
    settings.OTP_TOTP_THROTTLE_FACTOR = 60  # um minuto depois do primeiro erro: o teste não depende do relógio
    dispositivo, _ = cadastrado(rh)
    cliente = entrar_com_a_senha(rh)

    errada = cliente.post(VERIFICAR, {"codigo": codigo_errado(dispositivo)})
    certa_cedo_demais = cliente.post(VERIFICAR, {"codigo": codigo_do_aplicativo(dispositivo)})

    assert "Código incorreto ou vencido" in texto(errada)
    assert "tentativa(s) errada(s) seguida(s)" in texto(certa_cedo_demais)
    assert "aguarde" in texto(certa_cedo_demais)
    assert cliente.get("/admin/")["Location"].startswith(VERIFICAR)
    # Passada a espera, o código certo entra e a contagem recomeça.
    TOTPDevice.objects.filter(pk=dispositivo.pk).update(
        throttling_failure_timestamp=timezone.now() - timedelta(minutes=2)
    )
    assert cliente.post(VERIFICAR, {"codigo": codigo_do_aplicativo(dispositivo)}).status_code == 302
    dispositivo.refresh_from_db()
    assert dispositivo.throttling_failure_count == 0
    assert cliente.get("/admin/").status_code == 200


# ----------------------------------------------------------------------------------------------
# Código do aplicativo e códigos de recuperação


def test_codigo_do_aplicativo_libera_o_admin_e_nao_vale_de_novo(rh):
    dispositivo, _ = cadastrado(rh)
    cliente = entrar_com_a_senha(rh)
    codigo = codigo_do_aplicativo(dispositivo)

    resposta = cliente.post(VERIFICAR, {"codigo": codigo, "next": "/admin/concursos/inscricao/"})

    assert resposta.status_code == 302 and resposta["Location"] == "/admin/concursos/inscricao/"
    assert cliente.get("/admin/concursos/inscricao/").status_code == 200
    outro = entrar_com_a_senha(rh)
    assert "Código incorreto" in texto(outro.post(VERIFICAR, {"codigo": codigo}))


def test_codigo_de_recuperacao_vale_uma_vez(rh):
    _, codigos = cadastrado(rh)
    primeiro = entrar_com_a_senha(rh)

    resposta = primeiro.post(VERIFICAR, {"codigo": codigos[0].upper()[:4] + "-" + codigos[0][4:], "next": "/admin/"})

    assert resposta.status_code == 302 and resposta["Location"] == "/admin/"
    assert "restam 9" in texto(primeiro.get("/admin/")).lower()
    segundo = entrar_com_a_senha(rh)
    repetido = segundo.post(VERIFICAR, {"codigo": codigos[0]})
    assert "Código incorreto" in texto(repetido)
    assert segundo.get("/admin/")["Location"].startswith(VERIFICAR)
    StaticDevice.objects.filter(user=rh).update(throttling_failure_count=0, throttling_failure_timestamp=None)
    assert segundo.post(VERIFICAR, {"codigo": codigos[1]}).status_code == 302
    assert StaticToken.objects.filter(device__user=rh).count() == QUANTIDADE_DE_CODIGOS - 2


def test_novos_codigos_de_recuperacao_invalidam_os_anteriores(rh):
    dispositivo, antigos = cadastrado(rh)
    cliente = entrar_com_a_senha(rh)
    cliente.post(VERIFICAR, {"codigo": codigo_do_aplicativo(dispositivo)})

    assert cliente.get(NOVOS_CODIGOS).status_code == 200
    resposta = cliente.post(NOVOS_CODIGOS, {"next": "/admin/"})

    assert resposta.status_code == 200
    novos = set(StaticToken.objects.filter(device__user=rh).values_list("token", flat=True))
    assert len(novos) == QUANTIDADE_DE_CODIGOS and not novos & set(antigos)
    assert all(codigo in texto(resposta) for codigo in novos)
    assert "Códigos de recuperação" in texto(cliente.get("/admin/"))  # o link no admin
    outro = entrar_com_a_senha(rh)
    assert "Código incorreto" in texto(outro.post(VERIFICAR, {"codigo": antigos[1]}))


def test_novos_codigos_exigem_o_segundo_fator(rh):
    cadastrado(rh)
    cliente = entrar_com_a_senha(rh)

    resposta = cliente.post(NOVOS_CODIGOS)

    assert resposta.status_code == 302 and resposta["Location"].startswith(VERIFICAR)
    assert StaticToken.objects.filter(device__user=rh).count() == QUANTIDADE_DE_CODIGOS


def test_next_de_outro_site_e_ignorado(rh):
    dispositivo, _ = cadastrado(rh)
    cliente = entrar_com_a_senha(rh)

    resposta = cliente.post(VERIFICAR, {"codigo": codigo_do_aplicativo(dispositivo), "next": "https://golpe.test/"})

    assert resposta.status_code == 302 and resposta["Location"] == "/admin/"


# ----------------------------------------------------------------------------------------------
# Isenção da demonstração


def test_isencao_vale_so_para_os_usuarios_da_demonstracao(settings, django_user_model):
    settings.DOIS_FATORES_ISENTOS = frozenset(settings.USUARIOS_DA_DEMONSTRACAO)
    demo = django_user_model.objects.create_user("rh", password=SENHA, is_staff=True)
    outra = django_user_model.objects.create_user("rita.rh", password=SENHA, is_staff=True)

    assert entrar_com_a_senha(demo).get("/admin/").status_code == 200
    assert entrar_com_a_senha(outra).get("/admin/")["Location"].startswith(CADASTRAR)


def test_a_suite_roda_sem_usuario_isento(settings):
    """O segundo fator não fica desligado nos testes: ninguém está isento (tests/conftest.py)."""
    assert settings.DOIS_FATORES_ISENTOS == frozenset()


def test_os_isentos_sao_exatamente_os_usuarios_da_demonstracao(settings):
    from demo.usuarios import USUARIOS

    assert tuple(u.username for u in USUARIOS) == settings.USUARIOS_DA_DEMONSTRACAO


def test_isencao_da_demonstracao_e_recusada_com_debug_desligado():
    processo = rodar("manage.py", "check", env=producao(DEMO_SEM_DOIS_FATORES="1"))

    assert processo.returncode != 0
    assert "ImproperlyConfigured" in processo.stderr
    assert "DEMO_SEM_DOIS_FATORES só vale na demonstração local" in processo.stderr


LER_ISENTOS = """
import json
import django
django.setup()
from django.conf import settings as s
print(json.dumps({"ISENTOS": sorted(s.DOIS_FATORES_ISENTOS), "MIDDLEWARE": s.MIDDLEWARE}))
"""


def test_sem_a_variavel_ninguem_e_isento_nem_na_demonstracao():
    assert configuracao_de(producao())["MIDDLEWARE"]  # a produção sobe normalmente
    for env in (producao(), ambiente(DEBUG="1")):
        processo = rodar("-c", LER_ISENTOS, env=env)
        assert processo.returncode == 0, processo.stderr
        assert '"ISENTOS": []' in processo.stdout


def test_demonstracao_local_isenta_os_usuarios_dela():
    processo = rodar("-c", LER_ISENTOS, env=ambiente(DEBUG="1", DEMO_SEM_DOIS_FATORES="1"))

    assert processo.returncode == 0, processo.stderr
    assert '"rh"' in processo.stdout and '"admin"' in processo.stdout


def test_a_barreira_vem_depois_do_otp_middleware():
    meio = configuracao_de(producao())["MIDDLEWARE"]
    otp = meio.index("django_otp.middleware.OTPMiddleware")
    assert meio.index("django.contrib.auth.middleware.AuthenticationMiddleware") < otp
    assert otp < meio.index("comum.dois_fatores.middleware.ExigeSegundoFator")


def test_usuario_comum_criado_pelo_modelo_tambem_precisa():
    pessoa = get_user_model().objects.create_user("sem.papel", password=SENHA)
    cliente = entrar_com_a_senha(pessoa, "/contas/entrar/", "/heteroidentificacao/")
    assert cliente.get("/heteroidentificacao/")["Location"].startswith(CADASTRAR)
