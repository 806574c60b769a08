# Comandos do dia a dia (ver README.md). O ambiente Python fica em .venv; o carimbo
# .venv/.instalado evita reinstalar enquanto requirements.txt não muda.

VENV := .venv
PY := $(VENV)/bin/python
PYTHON ?= $(shell command -v python3.11 || command -v python3)
ARGS ?=

.PHONY: ajuda run trabalhador test bench bench-escala lint instalar
.DEFAULT_GOAL := ajuda

## ajuda: lista os comandos
ajuda:
	@sed -n 's/^## //p' $(MAKEFILE_LIST)

## instalar: cria .venv (se faltar) e instala requirements.txt
instalar: $(VENV)/.instalado

$(PY):
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); echo "Falha ao criar $(VENV): instale python3-venv." >&2; exit 1; }

$(VENV)/.instalado: requirements.txt | $(PY)
	$(PY) -m pip install -q -r requirements.txt
	touch $@

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
