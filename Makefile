# Comandos do dia a dia (ver README.md). O ambiente Python fica em .venv; o carimbo
# .venv/.instalado evita reinstalar enquanto o lock (requirements.txt) não muda.

VENV := .venv
PY := $(VENV)/bin/python
PYTHON ?= $(shell command -v python3.11 || command -v python3)
ARGS ?=

# Índice de onde vêm os pacotes e os hashes gravados nos locks: o PyPI, de onde o CI e o servidor
# instalam. Um espelho da Prefeitura só serve se publicar os mesmos arquivos (os mesmos hashes).
INDICE ?= https://pypi.org/simple

.PHONY: ajuda run trabalhador test bench bench-escala lint instalar lock auditar
.DEFAULT_GOAL := ajuda

## ajuda: lista os comandos
ajuda:
	@sed -n 's/^## //p' $(MAKEFILE_LIST)

## instalar: cria .venv (se faltar) e instala o lock requirements.txt, conferindo o hash de cada pacote
instalar: $(VENV)/.instalado

$(PY):
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); echo "Falha ao criar $(VENV): instale python3-venv." >&2; exit 1; }

# --require-hashes: pacote sem hash no lock, ou arquivo baixado com outro hash, e nada se instala.
$(VENV)/.instalado: requirements.txt | $(PY)
	$(PY) -m pip install -q --require-hashes -r requirements.txt
	touch $@

# As ferramentas da cadeia de dependências (requirements-ferramentas.txt, com hashes) num ambiente
# descartável, nunca no .venv: $(call com_ferramentas,COMANDO) cria o ambiente numa pasta
# temporária, instala as ferramentas, roda COMANDO com elas no PATH e apaga a pasta.
com_ferramentas = ferramentas=$$(mktemp -d) && trap 'rm -rf "$$ferramentas"' EXIT && \
	$(PYTHON) -m venv "$$ferramentas" && \
	"$$ferramentas/bin/pip" install -q --require-hashes -r requirements-ferramentas.txt && \
	PATH="$$ferramentas/bin:$$PATH" && $(1)

# Resolve para o servidor (Debian 12: x86-64, glibc 2.36, Python 3.11) em qualquer máquina; só o
# índice de INDICE, sem configuração local do pip ou do uv; os hashes são todos os que o índice
# publica para a versão escolhida (rodas de todas as plataformas e o código-fonte).
UV_COMPILE = uv pip compile --quiet --no-config --default-index $(INDICE) --generate-hashes \
	--python-version 3.11 --python-platform x86_64-manylinux_2_36 --custom-compile-command "make lock"

## lock: refaz os locks requirements*.txt (versão exata e hashes de cada pacote) dos requirements*.in, sem mudar versão já travada; subir uma indireta: make lock ARGS="--upgrade-package nome"
lock:
	@$(call com_ferramentas,for nome in requirements requirements-bench requirements-ferramentas; do \
	  $(UV_COMPILE) $(ARGS) $$nome.in -o $$nome.txt || exit 1; done)
	@echo "Locks refeitos. Confira 'git diff requirements*.txt' e faça commit junto com os requirements*.in."

## auditar: procura vulnerabilidades conhecidas nas versões travadas (pip-audit); precisa de internet, o CI não roda (README, "Auditoria de vulnerabilidades")
auditar:
	@$(call com_ferramentas,pip-audit --strict --require-hashes --disable-pip --desc on \
	  --progress-spinner off -r requirements.txt -r requirements-bench.txt $(ARGS))

## run: prepara tudo e sobe o sistema em http://127.0.0.1:8000 (SQLite, salvo DATABASE_URL); os usuários da demonstração entram sem o segundo fator
run: instalar
	$(PY) manage.py migrate
	@if $(PY) manage.py help carregar_demo >/dev/null 2>&1; then $(PY) manage.py carregar_demo; fi
	@echo "Trabalhador de segundo plano (db_worker) rodando junto; Ctrl+C para os dois."
	$(PY) manage.py db_worker --interval 2 & trabalhador=$$!; \
	  trap 'kill $$trabalhador 2>/dev/null' EXIT INT TERM; \
	  DEMO_SEM_DOIS_FATORES=1 $(PY) manage.py runserver 127.0.0.1:8000

## trabalhador: só o trabalhador de segundo plano (importações grandes, resultados e PDFs de editais grandes)
trabalhador: instalar
	$(PY) manage.py db_worker

## test: roda a suíte inteira; argumentos extras do pytest em ARGS (make test ARGS="-k desempate")
test: instalar
	$(VENV)/bin/pytest -q $(ARGS)

## bench: mede o motor de cotas
bench: instalar
	$(PY) bench/bench_simular_cotas.py

## bench-escala: todos os benchmarks de desempenho e escala, com a tabela final (≈ 20 min)
bench-escala: instalar
	$(PY) bench/escala.py $(ARGS)

## lint: ruff (regras e formatação)
lint: instalar
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
