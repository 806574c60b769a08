"""Configuração de produção e Content-Security-Policy.

Produção (``DEBUG=0``) é testada em subprocessos: ``config/settings.py`` decide tudo na importação,
a partir do ambiente, e o processo dos testes já o importou com ``DEBUG`` ligado.

- ``manage.py check --deploy --fail-level WARNING`` sai limpo com ``DEBUG=0``, uma ``SECRET_KEY``
  aleatória e ``ALLOWED_HOSTS`` do ambiente (o mesmo comando do ``.ci/run``);
- sem ``SECRET_KEY`` a configuração se recusa a subir (``ImproperlyConfigured``), em vez de cair
  numa chave conhecida;
- cookies só por HTTPS, redirecionamento para HTTPS, HSTS, estáticos do WhiteNoise com hash no
  nome, sessão de 8 horas que acaba ao fechar o navegador, validadores de senha.

CSP: toda resposta HTML leva o cabeçalho ``Content-Security-Policy`` com ``script-src 'self'``,
sem ``'unsafe-inline'``; e nenhum template do projeto tem ``<script>`` inline, atributo ``on…=``
ou link ``javascript:`` (que a política bloquearia). A verificação no navegador, com os eventos
``securitypolicyviolation``, está em ``tests/e2e/test_csp.py``.
"""

import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings as configuracao
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError

RAIZ = Path(__file__).resolve().parents[2]
HOST = "concursos.cariacica.es.gov.br"
ORIGEM = f"https://{HOST}"
# O que o processo dos testes herda e que mudaria o resultado dos subprocessos (o conftest liga
# DJANGO_ALLOW_ASYNC_UNSAFE quando há testes de navegador, e o check --deploy reclama dela).
VARIAVEIS_DO_PROJETO = {
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SESSAO_SEGUNDOS",
    "PROXIES_REVERSOS",
    "AXES_FAILURE_LIMIT",
    "AXES_COOLOFF_MINUTOS",
    "DJANGO_SETTINGS_MODULE",
    "DEMO_SEM_DOIS_FATORES",
}


def ambiente(**variaveis) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if k not in VARIAVEIS_DO_PROJETO}
    return {**base, "DJANGO_SETTINGS_MODULE": "config.settings", **variaveis}


def producao(**variaveis) -> dict[str, str]:
    """O ambiente de um servidor: DEBUG desligado, chave aleatória, host e origem do domínio."""
    return ambiente(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS=HOST,
        CSRF_TRUSTED_ORIGINS=ORIGEM,
        **variaveis,
    )


def rodar(*argumentos, env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *argumentos], cwd=RAIZ, env=env, capture_output=True, text=True, timeout=120)


LER_CONFIGURACAO = """
import json
import django
django.setup()
from django.conf import settings as s
print(json.dumps({
    "DEBUG": s.DEBUG,
    "ALLOWED_HOSTS": s.ALLOWED_HOSTS,
    "CSRF_TRUSTED_ORIGINS": s.CSRF_TRUSTED_ORIGINS,
    "SESSION_COOKIE_SECURE": s.SESSION_COOKIE_SECURE,
    "CSRF_COOKIE_SECURE": s.CSRF_COOKIE_SECURE,
    "SESSION_COOKIE_HTTPONLY": s.SESSION_COOKIE_HTTPONLY,
    "SESSION_COOKIE_AGE": s.SESSION_COOKIE_AGE,
    "SESSION_EXPIRE_AT_BROWSER_CLOSE": s.SESSION_EXPIRE_AT_BROWSER_CLOSE,
    "SECURE_SSL_REDIRECT": s.SECURE_SSL_REDIRECT,
    "SECURE_PROXY_SSL_HEADER": s.SECURE_PROXY_SSL_HEADER,
    "SECURE_HSTS_SECONDS": s.SECURE_HSTS_SECONDS,
    "X_FRAME_OPTIONS": s.X_FRAME_OPTIONS,
    "STATICFILES": s.STORAGES["staticfiles"]["BACKEND"],
    "MIDDLEWARE": s.MIDDLEWARE,
    "AUTH_PASSWORD_VALIDATORS": [v["NAME"] for v in s.AUTH_PASSWORD_VALIDATORS],
}))
"""


def configuracao_de(env) -> dict:
    processo = rodar("-c", LER_CONFIGURACAO, env=env)
    assert processo.returncode == 0, processo.stderr
    return json.loads(processo.stdout)


@pytest.fixture(scope="module")
def de_producao():
    return configuracao_de(producao())


# ----------------------------------------------------------------------------------------------
# check --deploy e SECRET_KEY


def test_check_deploy_sai_limpo_com_a_configuracao_de_producao():
    processo = rodar("manage.py", "check", "--deploy", "--fail-level", "WARNING", env=producao())

    assert processo.returncode == 0, processo.stdout + processo.stderr
    assert "System check identified no issues" in processo.stdout


def test_check_deploy_acusa_o_que_falta_quando_debug_esta_ligado():
    """O contraponto: o mesmo comando, com a configuração de desenvolvimento, não passa."""
    processo = rodar("manage.py", "check", "--deploy", "--fail-level", "WARNING", env=ambiente(DEBUG="1"))

    assert processo.returncode != 0
    assert "security.W018" in processo.stderr  # DEBUG ligado
    assert "security.W009" in processo.stderr  # chave de desenvolvimento


@pytest.mark.parametrize(
    "chave",
    [
        None,
        "",
        "   ",
    ],
    ids=["sem-a-variavel", "vazia", "so-espacos"],
)
def test_sem_secret_key_a_configuracao_de_producao_se_recusa_a_subir(chave):
    env = producao()
    env.pop("SECRET_KEY")
    if chave is not None:
        env["SECRET_KEY"] = chave

    processo = rodar("manage.py", "check", env=env)

    assert processo.returncode != 0
    assert "ImproperlyConfigured" in processo.stderr
    assert "Defina SECRET_KEY no ambiente" in processo.stderr


# ----------------------------------------------------------------------------------------------
# Cookies, HTTPS, HSTS, estáticos, sessão


def test_producao_le_hosts_e_origens_do_ambiente(de_producao):
    assert de_producao["DEBUG"] is False
    assert de_producao["ALLOWED_HOSTS"] == [HOST]
    assert de_producao["CSRF_TRUSTED_ORIGINS"] == [ORIGEM]


def test_producao_so_manda_cookies_por_https(de_producao):
    assert de_producao["SESSION_COOKIE_SECURE"] is True
    assert de_producao["CSRF_COOKIE_SECURE"] is True
    assert de_producao["SESSION_COOKIE_HTTPONLY"] is True


def test_producao_redireciona_para_https_e_liga_o_hsts(de_producao):
    assert de_producao["SECURE_SSL_REDIRECT"] is True
    assert de_producao["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert de_producao["SECURE_HSTS_SECONDS"] > 0
    assert de_producao["X_FRAME_OPTIONS"] == "DENY"


def test_producao_serve_os_estaticos_pelo_whitenoise_com_hash_no_nome(de_producao):
    assert de_producao["STATICFILES"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"
    meio = de_producao["MIDDLEWARE"]
    assert (
        meio.index("whitenoise.middleware.WhiteNoiseMiddleware")
        == meio.index("django.middleware.security.SecurityMiddleware") + 1
    )


def test_sessao_de_8_horas_que_acaba_ao_fechar_o_navegador(de_producao):
    assert de_producao["SESSION_COOKIE_AGE"] == 8 * 60 * 60
    assert de_producao["SESSION_EXPIRE_AT_BROWSER_CLOSE"] is True


def test_hsts_e_sessao_podem_ser_ajustados_pelo_ambiente():
    lido = configuracao_de(producao(SECURE_HSTS_SECONDS="3600", SESSAO_SEGUNDOS="1800"))
    assert (lido["SECURE_HSTS_SECONDS"], lido["SESSION_COOKIE_AGE"]) == (3600, 1800)


def test_desenvolvimento_nao_exige_https():
    """Com DEBUG ligado (``make run``) o sistema abre em http://127.0.0.1:8000, sem SECRET_KEY."""
    lido = configuracao_de(ambiente(DEBUG="1"))
    assert lido["DEBUG"] is True
    assert (lido["SESSION_COOKIE_SECURE"], lido["CSRF_COOKIE_SECURE"], lido["SECURE_SSL_REDIRECT"]) == (
        False,
        False,
        False,
    )
    assert lido["STATICFILES"] == "django.contrib.staticfiles.storage.StaticFilesStorage"


# ----------------------------------------------------------------------------------------------
# Senhas


def test_validadores_de_senha_do_django_estao_configurados(de_producao):
    assert de_producao["AUTH_PASSWORD_VALIDATORS"] == [
        "django.contrib.auth.password_validation.UserAttributeSimilarityValidator",
        "django.contrib.auth.password_validation.MinimumLengthValidator",
        "django.contrib.auth.password_validation.CommonPasswordValidator",
        "django.contrib.auth.password_validation.NumericPasswordValidator",
    ]


@pytest.mark.parametrize("fraca", ["12345678", "senha", "password123", "qwertyuiop"])
def test_senha_fraca_e_recusada(fraca):
    with pytest.raises(ValidationError):
        validate_password(fraca)


def test_senha_parecida_com_o_usuario_e_recusada(django_user_model):
    pessoa = django_user_model(username="marta.goncalves", first_name="Marta", email="marta.goncalves@cariacica.test")
    with pytest.raises(ValidationError):
        validate_password("marta.goncalves1", user=pessoa)


def test_senha_forte_e_aceita():
    validate_password("Cavalo-Bateria-Grampo-2025")


# ----------------------------------------------------------------------------------------------
# Content-Security-Policy: o cabeçalho em toda resposta HTML

PADRAO_DE_TEMPLATES = ("templates/**/*.html", "*/templates/**/*.html")


def diretivas(cabecalho: str) -> dict[str, list[str]]:
    resultado = {}
    for parte in cabecalho.split(";"):
        nome, *valores = parte.split()
        resultado[nome] = valores
    return resultado


def conferir_csp(resposta, url):
    assert resposta["Content-Type"].startswith("text/html"), url
    assert "Content-Security-Policy" in resposta, f"{url} sem Content-Security-Policy"
    politica = diretivas(resposta["Content-Security-Policy"])
    scripts = politica.get("script-src", politica.get("default-src"))
    assert "'self'" in scripts, url
    assert not {"'unsafe-inline'", "'unsafe-eval'", "*", "http:", "https:", "data:"} & set(scripts), (url, scripts)
    assert politica["object-src"] == ["'none'"]
    assert politica["frame-ancestors"] == ["'none'"]
    assert politica["default-src"] == ["'self'"]
    html = resposta.content.decode()
    assert not scripts_inline(html), f"{url} tem <script> inline: {scripts_inline(html)[:1]}"
    assert not manipuladores_de_evento(html), f"{url} tem atributo on…=: {manipuladores_de_evento(html)[:1]}"


@pytest.fixture
def cenario_completo():
    """Um superusuário (o RH), um edital com resultado publicado e uma sessão aberta da comissão
    presidida por outra pessoa, com um candidato presente para dar parecer."""
    from tests.heteroidentificacao.fabricas import rh, tudo_em_uso

    chefe = rh()
    return {"rh": chefe, **tudo_em_uso(chefe)}


def paginas_do_rh(c) -> list[str]:
    return [
        "/admin/",
        "/admin/concursos/edital/",
        f"/admin/concursos/edital/{c['edital'].pk}/change/",
        "/admin/concursos/edital/add/",
        f"/admin/concursos/cargo/{c['cargo'].pk}/change/",
        "/admin/concursos/inscricao/",
        f"/admin/concursos/inscricao/{c['inscricao'].pk}/change/",
        "/admin/concursos/inscricao/import/",
        "/admin/concursos/resultado/",
        f"/admin/concursos/resultado/{c['resultado'].pk}/change/",
        "/concursos/simulador/",
        "/concursos/simulador/?vagas=13&percentual_pcd=5&regime=cariacica-2023",
        f"/concursos/cargos/{c['cargo'].pk}/eventos/desistencia/",
        "/admin/heteroidentificacao/comissao/",
        f"/admin/heteroidentificacao/comissao/{c['comissao'].pk}/resultado/",
        f"/admin/heteroidentificacao/sessao/{c['sessao'].pk}/change/",
        "/admin/auth/user/",
        "/admin/password_change/",
    ]


def paginas_da_comissao(c) -> list[str]:
    return [
        "/heteroidentificacao/",
        f"/heteroidentificacao/sessoes/{c['sessao'].pk}/",
        f"/heteroidentificacao/chamados/{c['chamado'].pk}/parecer/",
    ]


@pytest.mark.django_db
def test_toda_pagina_html_do_rh_e_da_comissao_tem_csp_sem_script_inline(client, cenario_completo):
    for quem, paginas in (("rh", paginas_do_rh), ("presidente", paginas_da_comissao)):
        client.force_login(cenario_completo[quem])
        for url in paginas(cenario_completo):
            resposta = client.get(url)
            assert resposta.status_code == 200, (quem, url, resposta.status_code)
            conferir_csp(resposta, url)


@pytest.mark.django_db
def test_paginas_de_quem_nao_entrou_e_de_erro_tambem_tem_csp(client):
    for url, status in [
        ("/admin/login/", 200),
        ("/contas/entrar/", 200),
        ("/pagina-que-nao-existe/", 404),
    ]:
        resposta = client.get(url)
        assert resposta.status_code == status, url
        conferir_csp(resposta, url)


@pytest.mark.django_db
def test_pagina_de_bloqueio_do_axes_tem_csp(client, django_user_model):
    django_user_model.objects.create_user("ana", password="senha-certa-de-Cariacica-2025")
    for _ in range(configuracao.AXES_FAILURE_LIMIT):
        resposta = client.post("/contas/entrar/", {"username": "ana", "password": "errada"}, REMOTE_ADDR="10.0.0.9")
    assert resposta.status_code == 429
    conferir_csp(resposta, "bloqueio")


# ----------------------------------------------------------------------------------------------
# Content-Security-Policy: nenhum script inline nos templates do projeto

SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.IGNORECASE | re.DOTALL)
ETIQUETA = re.compile(r"<[a-zA-Z][^<>]*>", re.DOTALL)
EVENTO = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
JAVASCRIPT = re.compile(r"""(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:""", re.IGNORECASE)


def scripts_inline(html: str) -> list[str]:
    """Blocos ``<script>`` sem ``src`` ou com código entre as etiquetas."""
    return [
        trecho.group(0)[:120]
        for trecho in SCRIPT.finditer(html)
        if not re.search(r"\bsrc\s*=", trecho.group(1), re.IGNORECASE) or trecho.group(2).strip()
    ]


def manipuladores_de_evento(html: str) -> list[str]:
    """Atributos ``onclick=``, ``onchange=``… em etiquetas, e links ``javascript:``."""
    achados = [etiqueta.group(0)[:120] for etiqueta in ETIQUETA.finditer(html) if EVENTO.search(etiqueta.group(0))]
    return achados + [m.group(0) for m in JAVASCRIPT.finditer(html)]


def templates_do_projeto() -> list[Path]:
    encontrados = set()
    for padrao in PADRAO_DE_TEMPLATES:
        encontrados.update(p for p in RAIZ.glob(padrao) if ".venv" not in p.parts and "staticfiles" not in p.parts)
    return sorted(encontrados)


def test_a_varredura_encontra_os_templates_do_projeto():
    nomes = {str(p.relative_to(RAIZ)) for p in templates_do_projeto()}
    assert {"templates/base.html", "templates/registration/login.html", "templates/admin/base_site.html"} <= nomes


def test_a_varredura_reconhece_script_inline_e_atributos_de_evento():
    assert scripts_inline("<script>alert(1)</script>")
    assert scripts_inline('<script type="module">import "x"</script>')
    assert scripts_inline('<script src="/static/a.js">alert(1)</script>')
    assert not scripts_inline("<script src=\"{% static 'a.js' %}\" defer></script>")
    assert manipuladores_de_evento('<button type="button" onclick="enviar()">')
    assert manipuladores_de_evento('<body\n  onload="x()">')
    assert manipuladores_de_evento('<a href="javascript:void(0)">')
    assert not manipuladores_de_evento('<input name="confirmacao" data-onclick="x">')
    assert not manipuladores_de_evento("<p>Clique on=2 vezes</p>")


def test_nenhum_template_do_projeto_tem_script_inline_nem_atributo_de_evento():
    problemas = []
    for caminho in templates_do_projeto():
        html = caminho.read_text(encoding="utf-8")
        relativo = caminho.relative_to(RAIZ)
        problemas += [f"{relativo}: {trecho}" for trecho in scripts_inline(html)]
        problemas += [f"{relativo}: {trecho}" for trecho in manipuladores_de_evento(html)]
    assert problemas == []
