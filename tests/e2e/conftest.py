"""Fixtures das jornadas no navegador: o servidor do RH e a entrada pelo formulário de login e pela
tela do segundo fator (o código sai da chave do autenticador da pessoa, como no celular).

O Chromium, os argumentos e a política ``EXIGIR_NAVEGADOR`` estão em ``tests/conftest.py``.
Os testes daqui usam ``live_server``, que impõe o ``transactional_db``: os dados criados no teste
são gravados de verdade (o servidor roda noutra thread) e o banco é esvaziado no fim de cada teste.
"""

import pytest
from django.contrib.auth.models import Permission

from tests.conftest import autenticador_confirmado, codigo_do_aplicativo

try:
    from playwright.sync_api import expect
except ImportError:  # sem Playwright os testes daqui são pulados (ou falham no CI) pelo conftest de cima
    expect = None

SENHA_DO_RH = "rh-de-teste-Cariacica-2025"
# As ações do RH além de ver/incluir/alterar/excluir cada modelo do app concursos.
PERMISSOES_PROPRIAS_DO_RH = {
    "import_inscricao",
    "export_inscricao",
    "gerar_resultado",
    "publicar_resultado",
    "registrar_evento",
    "ver_dados_sensiveis",
}
# Gerar resultado e baixar PDF passam pelo motor e pelo WeasyPrint, na thread do live_server:
# mais que os 5 s padrão do expect numa máquina de CI lenta.
ESPERA_MAXIMA_MS = 20_000

if expect is not None:
    expect.set_options(timeout=ESPERA_MAXIMA_MS)


@pytest.fixture
def servidor_do_rh(django_user_model):
    """Servidora do RH: equipe do admin, com todas as permissões do app concursos."""
    pessoa = django_user_model.objects.create_user(
        "rita.rh", "rita.rh@cariacica.test", SENHA_DO_RH, is_staff=True, first_name="Rita", last_name="Helena"
    )
    permissoes = Permission.objects.filter(content_type__app_label="concursos")
    assert PERMISSOES_PROPRIAS_DO_RH <= set(permissoes.values_list("codename", flat=True))
    pessoa.user_permissions.set(permissoes)
    return pessoa


@pytest.fixture
def cenario(django_user_model):
    """Superusuário (o RH); edital com resultado publicado; comissão presidida por outra pessoa (quem
    organiza não julga), com sessão aberta e um candidato presente aguardando parecer. As telas da
    conferência da CSP e da de acessibilidade."""
    from tests.heteroidentificacao.fabricas import tudo_em_uso

    chefe = django_user_model.objects.create_superuser(
        "chefe.rh", "chefe.rh@cariacica.test", SENHA_DO_RH, first_name="Célia", last_name="Chefe"
    )
    cenario = {"chefe": chefe, **tudo_em_uso(chefe)}
    cenario["presidente"].set_password(SENHA_DO_RH)
    cenario["presidente"].save(update_fields=["password"])
    return cenario


@pytest.fixture
def pagina(page):
    """A ``page`` do pytest-playwright com esperas maiores para as telas que geram PDF e resultado."""
    page.set_default_timeout(ESPERA_MAXIMA_MS)
    page.set_default_navigation_timeout(ESPERA_MAXIMA_MS)
    return page


def informar_o_segundo_fator(pagina, usuario):
    """A tela do código, depois da senha: digita o que o aplicativo autenticador mostraria agora.

    O autenticador da pessoa já está cadastrado (``autenticador_confirmado``, chamado antes do login);
    o cadastro pela tela, com o QR code e os códigos de recuperação, está em
    ``test_jornada_dois_fatores.py``."""
    dispositivo = autenticador_confirmado(usuario)
    expect(pagina.get_by_role("heading", name="Código do aplicativo autenticador")).to_be_visible()
    pagina.get_by_label("Código").fill(codigo_do_aplicativo(dispositivo))
    pagina.get_by_role("button", name="Entrar").click()


def entrar_na_comissao(pagina, live_server, usuario, senha=SENHA_DO_RH):
    """Entra pela tela de login dos membros (/contas/entrar/) e pelo segundo fator; o login deixa o
    membro em "Minhas sessões"."""
    autenticador_confirmado(usuario)
    pagina.goto(f"{live_server.url}/contas/entrar/")
    pagina.get_by_label("Usuário").fill(usuario.get_username())
    pagina.get_by_label("Senha").fill(senha)
    pagina.get_by_role("button", name="Entrar").click()
    informar_o_segundo_fator(pagina, usuario)
    expect(pagina.get_by_role("heading", name="Minhas sessões")).to_be_visible()
    return pagina


@pytest.fixture
def entrar(pagina, live_server):
    """Entra no admin pelo formulário de login e pelo segundo fator, como a pessoa faria."""

    def entrar(usuario, senha=SENHA_DO_RH):
        autenticador_confirmado(usuario)
        pagina.goto(f"{live_server.url}/admin/login/")
        pagina.get_by_label("Usuário").fill(usuario.get_username())
        pagina.get_by_label("Senha").fill(senha)
        pagina.get_by_role("button", name="Acessar").click()
        informar_o_segundo_fator(pagina, usuario)
        expect(pagina.get_by_role("heading", name="Administração")).to_be_visible()
        return pagina

    return entrar
