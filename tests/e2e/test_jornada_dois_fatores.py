"""O segundo fator no navegador: a servidora do RH entra pela primeira vez, informa o código de
cadastro que o administrador lhe entregou, cadastra o aplicativo
autenticador lendo a chave em texto da tela (o QR code é SVG), guarda os códigos de recuperação e
chega ao admin; na entrada seguinte, sem o celular, usa um código de recuperação, que não vale de
novo. O código do "celular" sai da chave mostrada, com ``django_otp.oath.totp``."""

import re
from base64 import b32decode

from django_otp.oath import totp

from comum.convites import codigos as codigos_de_cadastro
from tests.e2e.acessibilidade import conferir_acessibilidade
from tests.e2e.conftest import SENHA_DO_RH

try:
    from playwright.sync_api import expect
except ImportError:  # sem Playwright os testes daqui são pulados (ou falham no CI) pelo conftest de cima
    expect = None


def entrar_com_a_senha(pagina, url, usuario):
    pagina.goto(f"{url}/admin/login/")
    pagina.get_by_label("Usuário").fill(usuario.get_username())
    pagina.get_by_label("Senha").fill(SENHA_DO_RH)
    pagina.get_by_role("button", name="Acessar").click()


def codigo_do_celular(chave_em_texto: str) -> str:
    chave = chave_em_texto.replace(" ", "")
    return f"{totp(b32decode(chave + '=' * (-len(chave) % 8))):06d}"


def test_rh_cadastra_o_autenticador_e_depois_entra_com_um_codigo_de_recuperacao(pagina, servidor_do_rh, live_server):
    codigo_de_cadastro = codigos_de_cadastro.emitir(servidor_do_rh)  # o que o administrador entregou a ela
    entrar_com_a_senha(pagina, live_server.url, servidor_do_rh)

    expect(pagina.get_by_role("heading", name="Código de cadastro do segundo fator")).to_be_visible()
    expect(pagina.locator("figure.qr-code svg")).to_have_count(0)  # só a senha não mostra o QR code
    conferir_acessibilidade(pagina, "código de cadastro")
    pagina.get_by_label("Código de cadastro").fill(codigo_de_cadastro)
    pagina.get_by_role("button", name="Continuar").click()

    expect(pagina.get_by_role("heading", name="Cadastrar o aplicativo autenticador")).to_be_visible()
    expect(pagina.locator("figure.qr-code svg")).to_be_visible()
    chave = pagina.locator("[data-chave]").inner_text()
    pagina.goto(f"{live_server.url}/admin/concursos/inscricao/")  # sem o segundo fator, o admin não abre
    expect(pagina.get_by_role("heading", name="Cadastrar o aplicativo autenticador")).to_be_visible()
    assert pagina.locator("[data-chave]").inner_text() == chave  # a mesma chave a cada visita
    conferir_acessibilidade(pagina, "cadastrar o autenticador")

    pagina.get_by_label("Código").fill("000000" if codigo_do_celular(chave) != "000000" else "111111")
    pagina.get_by_role("button", name="Confirmar").click()
    expect(pagina.get_by_text("Código incorreto ou vencido")).to_be_visible()
    conferir_acessibilidade(pagina, "código errado no cadastro")
    pagina.wait_for_timeout(1100)  # a espera do django-otp depois de um erro: 1 segundo
    pagina.get_by_label("Código").fill(codigo_do_celular(chave))
    pagina.get_by_role("button", name="Confirmar").click()

    expect(pagina.get_by_role("heading", name="Autenticador cadastrado")).to_be_visible()
    codigos = pagina.locator("ol.codigos-de-recuperacao li").all_inner_texts()
    assert len(codigos) == 10
    conferir_acessibilidade(pagina, "códigos de recuperação")
    pagina.get_by_role("link", name="Já guardei os códigos, continuar").click()
    expect(pagina).to_have_url(re.compile(r"/admin/concursos/inscricao/$"))

    pagina.get_by_role("button", name="Encerrar sessão").click()
    entrar_com_a_senha(pagina, live_server.url, servidor_do_rh)
    expect(pagina.get_by_role("heading", name="Código do aplicativo autenticador")).to_be_visible()
    conferir_acessibilidade(pagina, "código do segundo fator")
    pagina.get_by_label("Código").fill(codigos[0])
    pagina.get_by_role("button", name="Entrar").click()
    expect(pagina.get_by_role("heading", name="Administração")).to_be_visible()
    expect(pagina.get_by_text("Restam 9")).to_be_visible()

    pagina.get_by_role("button", name="Encerrar sessão").click()
    entrar_com_a_senha(pagina, live_server.url, servidor_do_rh)
    pagina.get_by_label("Código").fill(codigos[0])
    pagina.get_by_role("button", name="Entrar").click()
    expect(pagina.get_by_text("Código incorreto ou vencido")).to_be_visible()
