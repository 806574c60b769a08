"""Configuração comum dos testes.

Testes de navegador (``tests/e2e/``): Playwright dirigindo o Chromium do Debian contra o
``live_server``. Eles recebem o marcador ``navegador`` aqui, e a política é:

- com o Chromium (``/usr/bin/chromium``) e o Playwright presentes, rodam;
- sem um deles, são pulados com o motivo — a não ser que ``EXIGIR_NAVEGADOR=1`` (o CI exporta
  quando ``CI=true``): aí **falham**, para que o CI nunca fique verde sem ter aberto o navegador.
"""

import os
from io import StringIO
from pathlib import Path

import pytest

DADOS = Path(__file__).parent / "dados"
PASTA_DO_NAVEGADOR = Path(__file__).parent / "e2e"
CHROMIUM = Path("/usr/bin/chromium")
# Sem sandbox porque o CI roda como root; "disable-background-networking", "-component-update",
# "-sync" e "disable-quic" impedem o Chromium de procurar o Google (por TCP ou UDP) numa rede fechada.
ARGUMENTOS_DO_CHROMIUM = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def pytest_configure(config):
    # O pytest-playwright 0.10 declara o fixture de sessão ``base_url`` como método de instância,
    # o que o pytest 9 avisa em todo teste de navegador; o aviso é do plugin, não nosso.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:Session-scoped fixtures defined as instance methods:pytest.PytestRemovedIn10Warning",
    )


def _do_navegador(item) -> bool:
    return PASTA_DO_NAVEGADOR in Path(item.path).parents


def falta_para_o_navegador() -> str | None:
    """Por que os testes de navegador não podem rodar nesta máquina (``None`` quando podem)."""
    if not CHROMIUM.exists():
        return f"{CHROMIUM} não existe: instale o pacote chromium do Debian (nunca `playwright install`)"
    try:
        import playwright.sync_api  # noqa: F401
        import pytest_playwright  # noqa: F401
    except ImportError as erro:
        return f"Playwright indisponível ({erro}): rode `.venv/bin/pip install -r requirements.txt`"
    return None


def exigir_navegador() -> bool:
    return os.environ.get("EXIGIR_NAVEGADOR", "").strip().lower() in {"1", "true", "sim", "yes"}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Marca os testes de ``tests/e2e`` com ``navegador`` antes da seleção por ``-m`` e, em cada
    módulo, põe os testes que usam ``dados_do_modulo`` depois dos que não usam (ver a fixture)."""
    for item in items:
        if _do_navegador(item):
            item.add_marker(pytest.mark.navegador)
    primeiro_do_modulo = {}
    for posicao, item in enumerate(items):
        primeiro_do_modulo.setdefault(item.nodeid.split("::")[0], posicao)
    items.sort(key=lambda item: (primeiro_do_modulo[item.nodeid.split("::")[0]], _usa_dados_do_modulo(item)))


def _usa_dados_do_modulo(item) -> bool:
    return "dados_do_modulo" in getattr(item, "fixturenames", ())


def pytest_collection_finish(session):
    """Libera o ORM na thread do teste só quando algum teste de navegador vai rodar.

    A API síncrona do Playwright mantém um laço asyncio na thread principal desde o primeiro
    teste de navegador até o fim da sessão (o ``playwright`` é fixture de sessão). O Django vê o
    laço e recusa o ORM (``SynchronousOnlyOperation``) no corpo dos testes, nas fixtures e no
    ``flush`` do ``transactional_db`` — inclusive nos testes comuns que rodam depois, na mesma
    sessão. ``DJANGO_ALLOW_ASYNC_UNSAFE`` desliga essa checagem; não há código assíncrono neste
    projeto, então nada se perde. Fica restrito aos testes: nunca em settings nem em produção.
    """
    if any(_do_navegador(item) for item in session.items) and falta_para_o_navegador() is None:
        os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """Sem Chromium ou Playwright: falha com ``EXIGIR_NAVEGADOR=1``, senão pula com o motivo.

    Roda antes das fixtures, para que a falta do Playwright não vire "fixture 'page' not found"."""
    if not _do_navegador(item):
        return
    motivo = falta_para_o_navegador()
    if motivo is None:
        return
    if exigir_navegador():
        pytest.fail(f"EXIGIR_NAVEGADOR=1 e o teste de navegador não pode rodar: {motivo}.", pytrace=False)
    pytest.skip(f"teste de navegador pulado: {motivo}")


@pytest.fixture(scope="session", autouse=True)
def arquivos_privados_temporarios(tmp_path_factory):
    """Os arquivos enviados nos testes (prévias de importação) vão para uma pasta temporária, nunca
    para o ``arquivos_privados/`` do projeto. De sessão: o Hypothesis recusa fixtures por função."""
    from django.test import override_settings

    with override_settings(MEDIA_ROOT=tmp_path_factory.mktemp("arquivos_privados")):
        yield


# ------------------------------------------------------------------ dados de um módulo inteiro

_MODULOS_COM_DADOS = []  # o módulo cuja transação de ``dados_do_modulo`` está aberta agora


@pytest.fixture(scope="module")
def dados_do_modulo(request, django_db_setup, django_db_blocker):
    """Uma transação aberta durante o módulo inteiro e desfeita no fim dele, para o que custa caro
    montar e que os testes do módulo só leem ou mudam dentro de si (a demonstração, ≈ 1,5 s).

    As fixtures de módulo que pedem esta gravam dentro dela, uma vez. Cada teste roda, como sempre,
    na sua própria transação (um *savepoint* dentro desta), desfeita no fim dele: o teste vê os dados
    do módulo como foram montados, nunca o que o teste anterior gravou, e nada passa ao módulo
    seguinte. É o que o ``setUpTestData`` do ``TestCase`` do Django faz por classe.

    Testes que precisam do banco vazio não a pedem, e rodam antes dos que pedem
    (``pytest_collection_modifyitems``). ``isolamento_dos_dados_do_modulo`` falha o teste que rodaria
    com a transação aberta sem tê-la pedido, e o que a pede com ``transactional_db`` ou
    ``live_server`` (que esvaziam o banco no fim)."""
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        _MODULOS_COM_DADOS.append(request.node.nodeid)
        try:
            yield
        finally:
            _MODULOS_COM_DADOS.pop()
            transaction.set_rollback(True)


@pytest.fixture(autouse=True)
def isolamento_dos_dados_do_modulo(request):
    if not _MODULOS_COM_DADOS:
        return
    if "dados_do_modulo" not in request.fixturenames:
        pytest.fail(
            f"{request.node.nodeid} rodaria dentro da transação de dados_do_modulo de {_MODULOS_COM_DADOS[-1]} "
            "sem pedi-la (a ordem de pytest_collection_modifyitems foi desfeita?)."
        )
    if {"transactional_db", "live_server"} & set(request.fixturenames):
        pytest.fail(f"{request.node.nodeid}: dados_do_modulo não serve a testes com transactional_db/live_server.")


@pytest.fixture(autouse=True)
def cache_vazio():
    """Cada teste começa com o cache vazio: as contas do limite de consultas por endereço
    (``comum/limites.py``) de um teste não pesam no seguinte, que usa o mesmo 127.0.0.1."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(scope="module")
def demo_do_modulo(dados_do_modulo):
    """A demonstração (``manage.py carregar_demo``) carregada uma vez para os testes do módulo que a
    pedem, dentro de ``dados_do_modulo``: cada teste a recebe como o comando a deixa."""
    from django.core.management import call_command

    call_command("carregar_demo", stdout=StringIO())


# ------------------------------------------------------------------ personas e cargos de toda a suíte
# Sobrescritas por módulos (ou por conftest.py de subpastas) que precisam de outra montagem com o
# mesmo papel: cada uma, com o motivo, em tests/test_arquitetura_dos_testes.py.


@pytest.fixture
def cargo():
    """O exemplo de docs/REGRAS.md §4 (``cargo_do_exemplo_da_alternancia``): 5 vagas; geral A, B, Y,
    C, D, Z, P, Q; negros Y e Z; PcD P e Q, todos verificados."""
    from tests.concursos.fabricas import cargo_do_exemplo_da_alternancia

    return cargo_do_exemplo_da_alternancia()


@pytest.fixture
def rh():
    """Servidor do RH, da equipe do admin, sem papel e só com a permissão de publicar resultados (que
    o serviço confere): quem age nos serviços (``por=``)."""
    from tests.concursos.fabricas import pode_publicar, usuario

    return pode_publicar(usuario("rh"))


@pytest.fixture
def chefe(client):
    """Superusuário, já dentro do sistema pelo ``client``."""
    from tests.concursos.fabricas import usuario

    quem = usuario("chefe", superusuario=True)
    client.force_login(quem)
    return quem


# ------------------------------------------------------------------ senhas

HASH_RAPIDO = "django.contrib.auth.hashers.MD5PasswordHasher"


@pytest.fixture(scope="session", autouse=True)
def senhas_rapidas():
    """Na suíte inteira, o hash de senha MD5 no lugar do de produção (PBKDF2, ~0,3 s por senha): as
    fábricas, a demonstração e as jornadas criam usuários com senha em quase todo teste.

    Login, bloqueio do axes e as senhas dos usuários da demonstração continuam conferidos de verdade:
    ``authenticate()`` compara a senha digitada com o hash guardado, qualquer que seja o algoritmo.
    O algoritmo de produção é o padrão do Django (``config/settings.py`` não muda
    ``PASSWORD_HASHERS``), e ``tests/test_arquitetura_dos_testes.py`` confere que continua assim.
    De sessão porque o Hypothesis recusa fixtures por função."""
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=[HASH_RAPIDO]):
        yield


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """O Chromium do Debian, sem janela (a menos que se passe ``--headed``)."""
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": ARGUMENTOS_DO_CHROMIUM}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """Navegador em português: com o ``LocaleMiddleware``, o idioma vem do ``Accept-Language``."""
    return {**browser_context_args, "locale": "pt-BR", "timezone_id": "America/Sao_Paulo"}


@pytest.fixture(scope="session", autouse=True)
def segundo_fator_exigido_e_passado_no_force_login():
    """A suíte roda com o segundo fator EXIGIDO de todos (nenhum usuário isento, mesmo que o ambiente
    ligue ``DEMO_SEM_DOIS_FATORES``), como em produção.

    ``Client.force_login`` é o atalho dos testes para "esta pessoa já entrou": aqui ele faz também o
    que a tela do segundo fator faz depois de um código certo — dá à pessoa um autenticador confirmado
    e marca a sessão como verificada por ele (``django_otp.login``). Nada é desligado: quem entra pelo
    formulário de login (``Client.post`` em ``/contas/entrar/`` ou ``/admin/login/``, e o navegador
    dos ``tests/e2e``) cai na barreira e precisa informar o código, e é assim que
    ``tests/seguranca/test_dois_fatores.py`` e a matriz de permissões conferem a barreira.
    De sessão porque o Hypothesis recusa fixtures por função."""
    from django.test import Client, override_settings

    original = Client.force_login

    def force_login(self, user, backend=None):
        original(self, user, backend)
        passar_pelo_segundo_fator(self, user)

    FORCE_LOGIN_DO_DJANGO.append(original)

    Client.force_login = force_login
    try:
        with override_settings(DOIS_FATORES_ISENTOS=frozenset()):
            yield
    finally:
        Client.force_login = original
        FORCE_LOGIN_DO_DJANGO.clear()


FORCE_LOGIN_DO_DJANGO = []  # o original, enquanto a fixture acima o substitui


def entrar_so_com_a_senha(cliente, usuario):
    """Como quem acabou de digitar a senha: a sessão existe, o segundo fator ainda não foi passado."""
    from django.test import Client

    (FORCE_LOGIN_DO_DJANGO[0] if FORCE_LOGIN_DO_DJANGO else Client.force_login)(cliente, usuario)


def autenticador_confirmado(usuario):
    """O autenticador (TOTP) confirmado do usuário, criado se faltar — como depois do cadastro."""
    from django_otp.plugins.otp_totp.models import TOTPDevice

    existente = TOTPDevice.objects.filter(user=usuario, confirmed=True).first()
    return existente or TOTPDevice.objects.create(user=usuario, name="Autenticador dos testes", confirmed=True)


def codigo_do_aplicativo(dispositivo) -> str:
    """O código que o celular mostraria agora (o do passo seguinte, se o de agora já foi usado: o
    django-otp recusa repetir um código)."""
    from django_otp.oath import TOTP, totp

    dispositivo.refresh_from_db()
    passo = TOTP(dispositivo.bin_key, dispositivo.step, dispositivo.t0, dispositivo.digits, dispositivo.drift).t()
    adiante = 1 if dispositivo.last_t >= passo else 0
    numero = totp(
        dispositivo.bin_key, dispositivo.step, dispositivo.t0, dispositivo.digits, dispositivo.drift + adiante
    )
    return f"{numero:0{dispositivo.digits}d}"


def passar_pelo_segundo_fator(cliente, usuario):
    """Marca a sessão do ``cliente`` como verificada pelo autenticador do usuário."""
    from django_otp import DEVICE_ID_SESSION_KEY

    sessao = cliente.session
    sessao[DEVICE_ID_SESSION_KEY] = autenticador_confirmado(usuario).persistent_id
    sessao.save()


@pytest.fixture
def atras_do_nginx(settings):
    """O que ``PROXIES_REVERSOS=1`` põe em ``config/settings.py`` (um teste de tests/comum/test_saude.py
    confere, com um subprocesso, que a configuração de verdade dá o mesmo)."""
    settings.PROXIES_REVERSOS = 1
    settings.PROXIES_CONFIAVEIS = ["127.0.0.1/32", "::1/128"]
    settings.AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR", "REMOTE_ADDR")
    settings.AXES_IPWARE_PROXY_COUNT = 0


@pytest.fixture
def servidor_smtp(settings):
    """Um servidor SMTP de verdade no loopback (``tests/servidor_smtp.py``) e o Django apontado para
    ele, como em produção (``EMAIL_HOST``/``EMAIL_PORT``); devolve a caixa com as mensagens recebidas."""
    from tests.servidor_smtp import iniciar

    controle, caixa = iniciar()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = controle.hostname, controle.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    yield caixa
    controle.stop()
