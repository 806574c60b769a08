"""Configuração única, guiada por variáveis de ambiente.

- ``DATABASE_URL``: banco de dados (padrão: SQLite em ``db.sqlite3`` na raiz do projeto);
  em produção, ``postgres://usuario:senha@host:5432/banco``.
- ``SECRET_KEY``: obrigatória quando ``DEBUG`` está desligado.
- ``DEBUG``: ``1``/``true`` liga o modo de desenvolvimento (padrão: ligado, para a demonstração local).
- ``ALLOWED_HOSTS``: lista separada por vírgulas (padrão: localhost).
- ``ADMINS``: quem recebe por e-mail os erros 500, ``"Nome <email>, outro@email"`` (padrão: ninguém);
  o servidor de e-mail vem de ``EMAIL_HOST``, ``EMAIL_PORT``, ``EMAIL_HOST_USER``,
  ``EMAIL_HOST_PASSWORD``, ``EMAIL_USE_TLS`` (ou ``EMAIL_USE_SSL``) e o remetente de ``SERVER_EMAIL``;
  o dos avisos pessoais aos candidatos, de ``EMAIL_REMETENTE``. Com ``DEBUG`` e sem ``EMAIL_HOST``
  (a demonstração), nada sai pela rede: as mensagens ficam na pasta ``CAIXA_DE_SAIDA``.
- ``LOG_LEVEL``: nível do registro no stderr (padrão: ``INFO``).
- ``ENDERECO_PUBLICO``: endereço do sistema na internet, sem a barra final
  (``https://concursos.cariacica.es.gov.br``), impresso no rodapé do anexo do quadro de vagas junto
  ao código de verificação e no rodapé de todo PDF (padrão: com ``DEBUG``, ``http://127.0.0.1:8000``;
  sem ele, ``https://`` e o primeiro nome de ``ALLOWED_HOSTS``); é também o
  começo do link dos avisos pessoais enviados por e-mail (obrigatório em produção para eles).
- ``SAUDE_TOKEN``, ``SAUDE_ENDERECOS``, ``SAUDE_FILA_MAXIMO_MINUTOS``, ``SAUDE_DISCO_MINIMO_MB``: quem
  lê ``/saude/`` (o monitoramento) e os limites das verificações; ver abaixo e ``comum/saude/``.
- ``PROXIES_REVERSOS``, ``PROXIES_CONFIAVEIS``: quantos proxies há na frente (1 atrás do nginx) e de
  que endereços o ``X-Forwarded-For`` é aceito (padrão: ``127.0.0.1,::1``).
- ``PRAZO_DE_GUARDA_EM_ANOS``: por quantos anos, depois do fim da validade do concurso, os dados
  pessoais dos não nomeados ficam guardados antes da eliminação (padrão: 5, Decreto 20.910/1932,
  art. 1º; ``manage.py eliminar_dados_pessoais``).
- ``VERIFICACAO_POR_MINUTO``: conferências do código de verificação por endereço e minuto na página
  pública (padrão: 30; ``comum/limites.py``).
- ``SELO_CERTIFICADO``, ``SELO_SENHA``: o certificado da Prefeitura (ICP-Brasil A1, arquivo PKCS#12
  ``.p12``/``.pfx``) e a sua senha; com ele, cada ato publicado é selado (PAdES) antes de guardado
  (``comum/selo.py``). Padrão: vazio, e os atos saem sem selo.
- ``PORTAL_DIAS_DEPOIS_DA_VALIDADE``, ``PORTAL_CACHE_SEGUNDOS``: dias em que um edital continua no
  portal da transparência depois do fim da validade (padrão: 90) — e a verificação pública ainda
  entrega o original dos seus atos; depois, só confirma o ato e o hash — e o ``max-age`` das páginas (300).
"""

import ipaddress
import os
from datetime import timedelta
from email.utils import getaddresses
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def _booleano(nome: str, padrao: bool) -> bool:
    valor = os.environ.get(nome)
    if valor is None:
        return padrao
    return valor.strip().lower() in {"1", "true", "sim", "yes", "on"}


DEBUG = _booleano("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "").strip()
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Defina SECRET_KEY no ambiente quando DEBUG estiver desligado.")
    SECRET_KEY = "desenvolvimento-apenas-nao-use-em-producao"

ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1").split(",") if h.strip()]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "crispy_forms",
    "crispy_bootstrap5",
    "import_export",
    "axes",
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    "csp",
    "simple_history",
    "django_tasks",
    "django_tasks_db",
    "comum.convites",
    "cotas",
    "concursos",
    "heteroidentificacao",
    "demo",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "config.middleware.RecusaCaractereNulo",  # %00 na URL: 400 em vez de DataError no PostgreSQL
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django_otp.middleware.OTPMiddleware",  # request.user.is_verified(): passou pelo segundo fator
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Sem o segundo fator nesta sessão, só as telas dele, o login e a saída (depois do OTPMiddleware;
    # antes do axes, que pede para ser o último).
    "comum.dois_fatores.middleware.ExigeSegundoFator",
    "axes.middleware.AxesMiddleware",  # por último, como pede o django-axes
]

# Login: o django-axes vem antes do backend do Django para contar as tentativas.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Bloqueia a combinação usuário + IP (a prefeitura inteira sai por poucos IPs: bloquear só por IP
# trancaria todos os servidores pelo erro de digitação de um).
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("AXES_COOLOFF_MINUTOS", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
PROXIES_REVERSOS = int(os.environ.get("PROXIES_REVERSOS", "0"))  # 1 atrás do nginx
AXES_IPWARE_PROXY_COUNT = 0
if PROXIES_REVERSOS:
    # Atrás do proxy o REMOTE_ADDR é o do próprio proxy: o IP do computador vem no X-Forwarded-For,
    # que o nginx de deploy/ reescreve. O ipware conta só os proxies listados nesse cabeçalho, por
    # isso um a menos; sem isso o bloqueio viraria só por usuário (qualquer um trancaria um RH).
    AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR", "REMOTE_ADDR")
    AXES_IPWARE_PROXY_COUNT = PROXIES_REVERSOS - 1
AXES_LOCKOUT_TEMPLATE = "registration/bloqueado.html"
# De onde o X-Forwarded-For é aceito (o nginx de deploy/ na mesma máquina): uma conexão de outro
# endereço que traga o cabeçalho é contada pelo endereço da conexão (comum/limites.py).
PROXIES_CONFIAVEIS = [
    str(ipaddress.ip_network(rede.strip(), strict=False))
    for rede in os.environ.get("PROXIES_CONFIAVEIS", "127.0.0.1,::1").split(",")
    if rede.strip()
]
# Conferências do código de verificação por endereço e minuto, na página pública (comum/limites.py).
# Generoso para um endereço de operadora de celular, que muitas pessoas dividem.
VERIFICACAO_POR_MINUTO = int(os.environ.get("VERIFICACAO_POR_MINUTO", "30"))
# Portal da transparência (/transparencia/): quantos dias o edital continua no portal depois do fim da
# validade (ou da prorrogação) — a LGPD e o CNJ pedem que os dados dos candidatos não fiquem públicos
# depois do concurso; o registro dos atos não muda. E por quantos segundos um proxy pode guardar as páginas.
PORTAL_DIAS_DEPOIS_DA_VALIDADE = int(os.environ.get("PORTAL_DIAS_DEPOIS_DA_VALIDADE", "90"))
PORTAL_CACHE_SEGUNDOS = int(os.environ.get("PORTAL_CACHE_SEGUNDOS", "300"))

# Login em dois fatores (comum/dois_fatores/): obrigatório para todo usuário. A única exceção são
# os usuários da demonstração local (demo/usuarios.py, `make run`), e só com DEBUG ligado:
# DEMO_SEM_DOIS_FATORES=1 com DEBUG desligado faz a configuração se recusar a subir, para que um
# servidor nunca deixe "rh" ou "admin" entrarem só com a senha.
# O cadastro do autenticador pede antes um código de uso único que o administrador emite
# (comum/convites/): só a senha nunca cadastra um dispositivo.
VALIDADE_DO_CODIGO_DE_CADASTRO_HORAS = int(os.environ.get("VALIDADE_DO_CODIGO_DE_CADASTRO_HORAS", "72"))
DEMO_SEM_DOIS_FATORES = _booleano("DEMO_SEM_DOIS_FATORES", False)
if DEMO_SEM_DOIS_FATORES and not DEBUG:
    raise ImproperlyConfigured(
        "DEMO_SEM_DOIS_FATORES só vale na demonstração local (DEBUG ligado): em produção o login em dois "
        "fatores é obrigatório para todos. Tire DEMO_SEM_DOIS_FATORES do ambiente."
    )
# Os nomes de demo/usuarios.py (tests/demo confere que são os mesmos).
USUARIOS_DA_DEMONSTRACAO = (
    "admin",
    "rh",
    "membro1",
    "membro2",
    "membro3",
    "membro4",
    "presidente",
    "recursal",
    "recursal2",
    "recursal3",
    "auditor",
)
DOIS_FATORES_ISENTOS = frozenset(USUARIOS_DA_DEMONSTRACAO if DEMO_SEM_DOIS_FATORES else ())
# Nome que aparece no aplicativo autenticador ao lado do usuário.
OTP_TOTP_ISSUER = "Concursos e cotas — Cariacica"
# Espera entre tentativas erradas (django-otp): 1, 2, 4, 8… segundos, por dispositivo; o padrão da
# biblioteca, escrito aqui para que ninguém o zere sem ver.
OTP_TOTP_THROTTLE_FACTOR = 1
OTP_STATIC_THROTTLE_FACTOR = 1

# Sessão de um dia de trabalho; termina ao fechar o navegador (computadores compartilhados).
SESSION_COOKIE_AGE = int(os.environ.get("SESSAO_SEGUNDOS", str(8 * 60 * 60)))
SESSION_EXPIRE_AT_BROWSER_CLOSE = True
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp 4): nenhum script inline nem de fora; estilos só do próprio
# site, mais atributos style= que o admin do Django usa em alguns widgets.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, "'unsafe-inline'"],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # O servidor de desenvolvimento e o trabalhador (db_worker) escrevem no mesmo arquivo: com
    # transações IMMEDIATE e espera de 20 s, um espera o outro em vez de dar "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update({"timeout": 20, "transaction_mode": "IMMEDIATE"})

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "pt-br"
TIME_ZONE = "America/Sao_Paulo"
USE_I18N = True
USE_TZ = True
USE_THOUSAND_SEPARATOR = False

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Login dos membros das comissões (o RH continua entrando pelo admin).
LOGIN_URL = "/contas/entrar/"
LOGIN_REDIRECT_URL = "/heteroidentificacao/"

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# django-import-export: importação e exportação exigem permissões próprias.
IMPORT_EXPORT_USE_TRANSACTIONS = True
IMPORT_EXPORT_IMPORT_PERMISSION_CODE = "import"
IMPORT_EXPORT_EXPORT_PERMISSION_CODE = "export"
IMPORT_EXPORT_IMPORT_IGNORE_BLANK_LINES = True
IMPORT_EXPORT_SKIP_ADMIN_LOG = False

# Onde o público confere o código de verificação dos atos publicados (impresso em cada página).
ENDERECO_PUBLICO = os.environ.get("ENDERECO_PUBLICO", "").strip().rstrip("/")
# Sem ENDERECO_PUBLICO, os documentos imprimem ainda assim um endereço completo, nunca só o caminho:
# o do runserver na demonstração; em produção, o primeiro nome de ALLOWED_HOSTS, com HTTPS
# (comum.pdf.endereco_do_site).
ENDERECO_SEM_CONFIGURACAO = (
    "http://127.0.0.1:8000"
    if DEBUG
    else next((f"https://{h}" for h in ALLOWED_HOSTS if h != "*" and not h.startswith(".")), "")
)
# O selo dos atos publicados (PAdES), quando a Prefeitura configura o seu certificado A1.
SELO_CERTIFICADO = os.environ.get("SELO_CERTIFICADO", "").strip()
SELO_SENHA = os.environ.get("SELO_SENHA", "")
# Arquivos enviados. A importação guarda a planilha (CPF, nome, nascimento…) entre a prévia e a
# confirmação, que podem cair em workers diferentes do gunicorn: por isso em disco (MediaStorage),
# não num cache por processo, e nunca no /tmp compartilhado (o padrão da biblioteca). A pasta é
# privada: fora de static, permissões só do dono e SEM MEDIA_URL nem rota — nada dela é servido.
# Prévias abandonadas são apagadas por ``manage.py limpar_importacoes`` (agendar no cron, a cada hora).
MEDIA_ROOT = Path(os.environ.get("ARQUIVOS_PRIVADOS", BASE_DIR / "arquivos_privados"))
IMPORT_EXPORT_TMP_STORAGE_CLASS = "import_export.tmp_storages.MediaStorage"
FILE_UPLOAD_PERMISSIONS = 0o600
FILE_UPLOAD_DIRECTORY_PERMISSIONS = 0o700
# Planilha da banca: até 20 MB (~100 mil inscrições). Até esse tamanho o envio fica na memória e não
# passa pelo /tmp; acima, o formulário recusa (no nginx, ``client_max_body_size 25m``).
# Tarefas em segundo plano (django-tasks + backend no próprio banco, sem servidor extra): as filas
# ficam no mesmo PostgreSQL (e nos mesmos backups); `manage.py db_worker` é o trabalhador.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
# Acima deste número de linhas a importação vai para o segundo plano; o mesmo para gerar os
# resultados de um edital com mais inscrições que isto.
LIMITE_DE_LINHAS_NA_TELA = int(os.environ.get("LIMITE_DE_LINHAS_NA_TELA", "5000"))
LIMITE_DE_INSCRICOES_NA_TELA = int(os.environ.get("LIMITE_DE_INSCRICOES_NA_TELA", "20000"))
# Prazo da leitura de uma planilha (comum/planilhas.py, Prazo): na tela, bem abaixo dos 120 s do
# gunicorn (deploy/gunicorn.service); no segundo plano, o django-tasks-db não interrompe uma tarefa,
# e a importação inteira (leitura, conferência das linhas e gravação) se interrompe sozinha
# (concursos/importacao/massa.py, prazo_da_importacao).
PRAZO_DA_LEITURA_NA_TELA = int(os.environ.get("PRAZO_DA_LEITURA_NA_TELA", "60"))
PRAZO_DA_LEITURA_EM_SEGUNDO_PLANO = int(os.environ.get("PRAZO_DA_LEITURA_EM_SEGUNDO_PLANO", "600"))

LIMITE_DE_IMPORTACAO_MB = int(os.environ.get("LIMITE_DE_IMPORTACAO_MB", "20"))
FILE_UPLOAD_MAX_MEMORY_SIZE = LIMITE_DE_IMPORTACAO_MB * 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440  # o padrão do Django: campos de formulário, sem os arquivos


def _redes(nome: str) -> list[str]:
    """Lista de IPs ou redes (``10.0.0.5, 10.0.8.0/24``) de uma variável; recusa o que não for."""
    redes = []
    for item in filter(None, (parte.strip() for parte in os.environ.get(nome, "").split(","))):
        try:
            redes.append(str(ipaddress.ip_network(item, strict=False)))
        except ValueError:
            raise ImproperlyConfigured(
                f"{nome}: {item!r} não é um IP nem uma rede (10.0.0.5 ou 10.0.8.0/24)."
            ) from None
    return redes


# Saúde para o monitoramento (GET /saude/, comum/saude/): banco, migrações, fila do segundo plano e
# disco dos arquivos privados, em JSON, sem dado pessoal. Só para quem manda o token no cabeçalho
# (Authorization: Bearer …) ou chega de um endereço liberado (o IP como o django-axes o vê: atrás do
# nginx, com PROXIES_REVERSOS=1, o que ele põe no X-Forwarded-For). Sem nenhum dos dois, 404 a todos.
SAUDE_TOKEN = os.environ.get("SAUDE_TOKEN", "").strip()
if SAUDE_TOKEN and len(SAUDE_TOKEN) < 32:
    raise ImproperlyConfigured(
        "SAUDE_TOKEN curto demais: use 32 caracteres ou mais "
        '(python3 -c "import secrets; print(secrets.token_urlsafe(32))").'
    )
SAUDE_ENDERECOS = _redes("SAUDE_ENDERECOS")
# A tarefa mais antiga à espera de um trabalhador: acima disto, os trabalhadores pararam.
SAUDE_FILA_MAXIMO_MINUTOS = int(os.environ.get("SAUDE_FILA_MAXIMO_MINUTOS", "30"))
# Espaço livre mínimo no disco de MEDIA_ROOT (planilhas importadas, PDFs do segundo plano).
SAUDE_DISCO_MINIMO_MB = int(os.environ.get("SAUDE_DISCO_MINIMO_MB", "1024"))


def _usuario_para_o_axes(request, credentials=None):
    """O nome de usuário que o django-axes conta e grava: no máximo 150 caracteres (o do usuário do
    Django). O formulário de login não limita o tamanho antes de autenticar, a coluna do axes tem
    255 e o PostgreSQL recusaria um nome colado maior — o login daria erro 500."""
    dados = credentials or getattr(request, "POST", None) or {}
    nome = dados.get("username")
    return None if nome is None else str(nome)[:150]


AXES_USERNAME_CALLABLE = _usuario_para_o_axes

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    # Usado pelo MediaStorage do django-import-export; segue MEDIA_ROOT (sem "location" próprio).
    "import_export": {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"file_permissions_mode": 0o600, "directory_permissions_mode": 0o700},
    },
}

if not DEBUG:
    # Produção: HTTPS na frente (nginx ou similar), cookies só por HTTPS, HSTS, estáticos
    # comprimidos e com hash no nome (exige ``manage.py collectstatic``).
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = _booleano("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _booleano("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = _booleano("SECURE_HSTS_PRELOAD", False)
    CSRF_TRUSTED_ORIGINS = [o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()]
    STORAGES["staticfiles"] = {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"}

# Registro (LOGGING): tudo no stderr, que o systemd guarda no journal (deploy/), com o traceback
# dos erros 500 (logger ``django.request``); e por e-mail aos ADMINS, quando configurados. O padrão
# do Django, com DEBUG desligado, só mandaria o e-mail — sem ADMINS, o traceback se perdia.
ADMINS = [(nome or email, email) for nome, email in getaddresses([os.environ.get("ADMINS", "")]) if email]
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", "concursos@localhost")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _booleano("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = _booleano("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "30"))
EMAIL_SUBJECT_PREFIX = "[Concursos e cotas] "
# O remetente dos avisos pessoais aos candidatos (issue 28; deploy/ambiente.exemplo).
DEFAULT_FROM_EMAIL = os.environ.get("EMAIL_REMETENTE", SERVER_EMAIL)
# A demonstração (DEBUG sem EMAIL_HOST) não manda nada pela rede: cada mensagem vira um arquivo da
# caixa de saída, que o RH abre em /concursos/avisos/caixa-de-saida/.
CAIXA_DE_SAIDA = Path(os.environ.get("CAIXA_DE_SAIDA", MEDIA_ROOT / "caixa_de_saida"))
if DEBUG and not os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = CAIXA_DE_SAIDA
# O aviso pessoal: o endereço do link (o do sistema na internet; na demonstração, o do runserver),
# quantas tentativas de entrega ao servidor de e-mail, a espera entre elas (dobra a cada uma) e por
# quantos dias o link do e-mail vale.
ENDERECO_DOS_AVISOS = ENDERECO_PUBLICO or ("http://127.0.0.1:8000" if DEBUG else "")
AVISO_TENTATIVAS = int(os.environ.get("AVISO_TENTATIVAS", "5"))
AVISO_ESPERA_ENTRE_TENTATIVAS_MINUTOS = int(os.environ.get("AVISO_ESPERA_ENTRE_TENTATIVAS_MINUTOS", "5"))
AVISO_VALIDADE_DO_LINK_DIAS = int(os.environ.get("AVISO_VALIDADE_DO_LINK_DIAS", "60"))
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"sem_debug": {"()": "django.utils.log.RequireDebugFalse"}},
    "formatters": {"padrao": {"format": "{asctime} {levelname} {name} {process:d}: {message}", "style": "{"}},
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "formatter": "padrao"},  # stderr é o padrão
        "email_aos_admins": {
            "class": "django.utils.log.AdminEmailHandler",
            "level": "ERROR",
            "filters": ["sem_debug"],
        },
    },
    "root": {"handlers": ["stderr"], "level": os.environ.get("LOG_LEVEL", "INFO").upper()},
    "loggers": {
        # Sem os manipuladores do padrão do Django (console só com DEBUG e e-mail): tudo sobe à raiz.
        "django": {"handlers": [], "level": "INFO"},
        # Os 500 (ERROR, com o traceback) também por e-mail; os 4xx (WARNING) só no stderr.
        "django.request": {"handlers": ["email_aos_admins"], "level": "WARNING"},
        "django.security": {"handlers": ["email_aos_admins"], "level": "WARNING"},
    },
}

# A inclusão do domínio na lista de "preload" do HSTS dos navegadores é decisão da informática
# da Prefeitura (vale para todos os subdomínios e é difícil de desfazer): fica em
# SECURE_HSTS_PRELOAD, desligada por padrão, e o aviso correspondente do check --deploy é calado.
SILENCED_SYSTEM_CHECKS = ["security.W021"]

# Ciclo de vida dos dados (LGPD, arts. 15 e 16): anos de guarda depois do fim da validade do concurso
# (com a prorrogação) — o prazo para ações contra o Município (Decreto 20.910/1932, art. 1º). Fixado
# pela Prefeitura (Procuradoria e encarregado de dados); ``manage.py eliminar_dados_pessoais``.
PRAZO_DE_GUARDA_EM_ANOS = int(os.environ.get("PRAZO_DE_GUARDA_EM_ANOS", "5"))
