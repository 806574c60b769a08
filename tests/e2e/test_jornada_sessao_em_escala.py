"""Jornada da sessão em escala (issue 29): centenas de candidatos numa sessão, num tablet (1024 px).

A presidente chama os candidatos pela regra da própria página da sessão (vendo antes quantos), registra
a presença em lote — marca só os dois ausentes, um pelo número e outro pelo nome, e confirma: no
máximo 3 ações mais uma por ausente — e cada um dos três membros registra todos os pareceres indo de
um candidato ao seguinte, sem voltar à lista. No caminho: o andamento de cada membro, a presidente vê
quem já votou (nunca como), o membro não vê nem isso; no fim a presidente encerra e a ata diz que a
presença foi registrada em lote, e por quem.

A comissão é de 3 membros (a regra que um edital pode fixar, docs/REGRAS.md §10: maioria de 2 para
não confirmar), para a jornada caber no orçamento do CI (ver ``CANDIDATOS``). Edital, inscrições,
comissão e a abertura da sessão são montados pelos serviços e fábricas (a abertura pela tela está em
test_jornada_comissao.py); esta jornada é a da escala.
"""

import math
import os
import re
import time
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from heteroidentificacao import pdf, services
from heteroidentificacao.models import Sessao
from tests.concursos.fabricas import edital, inscricao
from tests.e2e.acessibilidade import conferir_acessibilidade
from tests.e2e.conftest import ESPERA_MAXIMA_MS
from tests.e2e.conftest import entrar_na_comissao as entrar_pela_tela_da_comissao
from tests.heteroidentificacao.fabricas import SHA256_DA_GRAVACAO, rh

try:
    from playwright.sync_api import expect
except ImportError:  # pulado (ou falha com EXIGIR_NAVEGADOR=1) por tests/conftest.py
    expect = None

SENHA = "comissao-de-teste-Cariacica-2025"
# O tamanho da sessão: 300, o da issue 29 (3 × 298 envios de parecer pela tela, de 5 a 13 minutos
# conforme a carga da máquina). Para uma volta rápida na máquina do desenvolvedor,
# JORNADA_ESCALA_CANDIDATOS=60 (três páginas de 25); o CI roda 300 no SQLite e 60 no PostgreSQL (.ci/run).
CANDIDATOS = max(int(os.environ.get("JORNADA_ESCALA_CANDIDATOS", "300")), 30)
POR_PAGINA = 25
AUSENTE_PELO_NUMERO = "5017"
DO_MEIO = CANDIDATOS // 2
AUSENTE_PELO_NOME = f"Vitória Regina {DO_MEIO:04d}"  # inscrição 5000 + DO_MEIO
PRESENTES = CANDIDATOS - 2
TABLET = {"width": 1024, "height": 768}
# usuário, nome, sobrenome, presidente
MEMBROS = [
    ("marta.presidente", "Marta", "Gonçalves", True),
    ("bruno.membro", "Bruno", "Almeida", False),
    ("carla.membro", "Carla", "Pimentel", False),
]


def nome_da(n: int) -> str:
    return f"Vitória Regina {n:04d}" if n == DO_MEIO else f"Candidata Souza {n:04d}"


@pytest.fixture
def sessao_de_centenas(django_user_model):
    """Edital com ``CANDIDATOS`` optantes por negros pendentes (inscrições 5001 em diante), a comissão de 3 e a
    sessão aberta pela presidente, com a gravação registrada; ninguém chamado ainda."""
    quem_cria = rh()
    cargo = edital(criado_por=quem_cria, numero=29, cargos=(("AGE", "Agente Administrativo", 40),)).cargos.get()
    for n in range(1, CANDIDATOS + 1):
        inscricao(cargo, f"{5000 + n}", 40 + n % 60, nome=nome_da(n), grupos={"negros": "pendente"})
    comissao = services.criar_comissao(cargo.edital, por=quem_cria, regra_de_quorum={"membros": 3})
    for usuario, nome, sobrenome, presidente in MEMBROS:
        pessoa = django_user_model.objects.create_user(
            usuario, f"{usuario}@cariacica.test", SENHA, first_name=nome, last_name=sobrenome
        )
        services.adicionar_membro(comissao, pessoa, presidente=presidente, por=quem_cria)
    sessao = services.criar_sessao(comissao, inicio=timezone.now() - timedelta(hours=1), local="SEMAD", por=quem_cria)
    marta = django_user_model.objects.get(username="marta.presidente")
    services.abrir_sessao(sessao, por=marta)
    return services.registrar_gravacao(sessao, referencia="SEMAD-2026-0029", sha256=SHA256_DA_GRAVACAO, por=marta)


@pytest.fixture
def entrar_no_tablet(new_context, live_server):
    def entrar(usuario):
        pagina = new_context(viewport=TABLET).new_page()
        pagina.set_default_timeout(ESPERA_MAXIMA_MS)
        pagina.set_default_navigation_timeout(ESPERA_MAXIMA_MS)
        pessoa = get_user_model().objects.get(username=usuario)
        return entrar_pela_tela_da_comissao(pagina, live_server, pessoa, SENHA)

    return entrar


def test_sessao_de_centenas_de_candidatos_presenca_em_lote_e_pareceres_de_um_candidato_ao_seguinte(
    sessao_de_centenas, entrar_no_tablet
):
    inicio = time.monotonic()
    marta = entrar_no_tablet("marta.presidente")
    abrir_a_sessao(marta)
    chamar_pela_regra(marta)
    registrar_a_presenca_em_lote(marta)

    bruno = entrar_no_tablet("bruno.membro")
    abrir_a_sessao(bruno)
    julgar_todos(bruno, "Bruno")
    carla = entrar_no_tablet("carla.membro")
    abrir_a_sessao(carla)
    o_membro_nao_ve_quem_votou(carla)
    julgar_todos(carla, "Carla")

    marta.reload()  # a presidente está na página da sessão desde a presença em lote
    a_presidente_ve_quem_votou_e_nunca_como(marta)
    julgar_todos(marta, "Marta")
    encerrar(marta)
    a_ata_diz_que_a_presenca_foi_em_lote(sessao_de_centenas)
    print(f"\njornada da sessão de {CANDIDATOS} candidatos: {time.monotonic() - inicio:.0f} s")


# ---------------------------------------------------------------- passos


def mensagens(pagina):
    return pagina.locator(".mensagens")


def abrir_a_sessao(pagina):
    pagina.get_by_role("link", name=re.compile("Comissão ordinária")).click()
    expect(pagina.get_by_role("heading", name=re.compile("^Sessão de"), level=1)).to_be_visible()


def chamar_pela_regra(pagina):
    """Da página da sessão: a prévia diz quantos a regra chama; só a confirmação chama."""
    pagina.get_by_role("link", name="Chamar candidatos pela regra…").click()
    expect(pagina.locator(".previa-do-chamamento")).to_contain_text(f"serão chamados {CANDIDATOS} candidatos")
    conferir_acessibilidade(pagina, "prévia do chamamento pela regra")
    pagina.get_by_role("button", name=f"Chamar os {CANDIDATOS} candidatos").click()
    expect(mensagens(pagina)).to_contain_text(f"{CANDIDATOS} candidatos chamados à sessão.")
    # A lista paginada: 25 por página, não 300 cartões.
    expect(pagina.get_by_role("article")).to_have_count(POR_PAGINA)
    expect(pagina.get_by_text(f"Página 1 de {math.ceil(CANDIDATOS / POR_PAGINA)}")).to_be_visible()
    conferir_acessibilidade(pagina, f"sessão com {CANDIDATOS} candidatos chamados")


def registrar_a_presenca_em_lote(pagina):
    """No máximo 3 ações mais uma por ausente: abrir a presença em lote, marcar cada ausente (digitar e
    Enter), confirmar. Conta as navegações que a presidente dispara (o redirecionamento não conta)."""
    acoes = []

    def anotar(requisicao):
        if requisicao.is_navigation_request() and requisicao.redirected_from is None:
            acoes.append(f"{requisicao.method} {requisicao.url}")

    pagina.on("request", anotar)
    pagina.get_by_role("link", name=f"Registrar a presença em lote ({CANDIDATOS} sem presença)…").click()
    expect(pagina.locator(".contagem-da-presenca")).to_contain_text(f"ficarão {CANDIDATOS} presentes e 0 ausentes")
    busca = pagina.get_by_label("Inscrição ou nome de quem não compareceu")
    busca.fill(AUSENTE_PELO_NUMERO)
    busca.press("Enter")
    expect(mensagens(pagina)).to_contain_text(f"Inscrição {AUSENTE_PELO_NUMERO} marcada como ausente.")
    busca = pagina.get_by_label("Inscrição ou nome de quem não compareceu")
    busca.fill(AUSENTE_PELO_NOME.lower())
    busca.press("Enter")
    expect(mensagens(pagina)).to_contain_text(f"Inscrição {5000 + DO_MEIO} marcada como ausente.")
    expect(pagina.locator(".contagem-da-presenca")).to_contain_text(f"ficarão {PRESENTES} presentes e 2 ausentes")
    expect(pagina.get_by_role("region", name="Ausentes marcados (2)")).to_contain_text(AUSENTE_PELO_NOME)
    conferir_acessibilidade(pagina, "presença em lote, dois ausentes marcados")
    pagina.get_by_role("button", name=f"Confirmar a presença: {PRESENTES} presentes e 2 ausentes").click()
    expect(mensagens(pagina)).to_contain_text(f"Presença registrada em lote: {PRESENTES} presentes e 2 ausentes.")
    pagina.remove_listener("request", anotar)
    assert len(acoes) <= 3 + 2, acoes
    expect(pagina.get_by_role("link", name=re.compile("Registrar a presença em lote"))).to_have_count(0)


def julgar_todos(pagina, quem):
    """Dos pendentes, o primeiro; depois de cada parecer a tela já é a do candidato seguinte, até o último."""
    expect(pagina.locator(".meu-andamento")).to_contain_text(f"0 de {PRESENTES} pareceres registrados")
    pagina.get_by_role("link", name=re.compile("^Pendentes")).click()
    expect(pagina.get_by_role("link", name=re.compile("^Pendentes"))).to_have_attribute("aria-current", "page")
    conferir_acessibilidade(pagina, f"pendentes de {quem}")
    pagina.get_by_role("article").first.get_by_role("link", name="Registrar parecer").click()
    anterior = ""
    for i in range(PRESENTES):
        numero = pagina.locator("span.fw-semibold.text-body").first.inner_text()
        assert numero > anterior, f"{quem}: {numero} depois de {anterior}"
        assert numero not in (AUSENTE_PELO_NUMERO, f"{5000 + DO_MEIO}")
        anterior = numero
        if i == 0:
            conferir_acessibilidade(pagina, f"parecer de {quem} no tablet")
        pagina.get_by_role("radio", name="Confirma a autodeclaração", exact=True).check()
        with pagina.expect_navigation():
            pagina.get_by_role("button", name="Registrar parecer").click()
    expect(mensagens(pagina)).to_contain_text("Parecer registrado")
    expect(pagina.get_by_role("region", name="Meu parecer", exact=True)).to_contain_text("Registrado")
    expect(pagina.get_by_role("link", name=re.compile("Próximo a julgar"))).to_have_count(0)
    pagina.get_by_role("link", name="Voltar à sessão").click()
    expect(pagina.locator(".meu-andamento")).to_contain_text(f"{PRESENTES} de {PRESENTES} pareceres registrados")
    pagina.get_by_role("link", name=re.compile("^Pendentes")).click()
    expect(pagina.get_by_text("Nenhum candidato pendente para você")).to_be_visible()


def o_membro_nao_ve_quem_votou(pagina):
    """Bruno já votou em todos; para Carla, nada na lista diz isso."""
    expect(pagina.get_by_role("article")).to_have_count(POR_PAGINA)
    expect(pagina.get_by_role("article").filter(has_text="Bruno")).to_have_count(0)
    expect(pagina.get_by_text("Já registraram")).to_have_count(0)
    expect(pagina.get_by_text("Pareceres registrados:")).to_have_count(0)


def a_presidente_ve_quem_votou_e_nunca_como(pagina):
    primeiro = pagina.get_by_role("article").first
    expect(primeiro).to_contain_text("Já registraram: Bruno Almeida, Carla Pimentel")
    expect(primeiro).to_contain_text("Pareceres registrados: 2 de 3")
    expect(primeiro).not_to_contain_text("Confirma")
    conferir_acessibilidade(pagina, "sessão da presidente, com quem já votou")


def encerrar(pagina):
    pagina.get_by_role("link", name="Encerrar sessão…").click()
    pagina.get_by_role("button", name="Encerrar a sessão e gravar as decisões").click()
    expect(mensagens(pagina)).to_contain_text("Sessão encerrada: as decisões foram gravadas.")


def a_ata_diz_que_a_presenca_foi_em_lote(sessao):
    sessao.refresh_from_db()
    assert sessao.status == Sessao.ENCERRADA
    assert sessao.chamados.filter(compareceu=False).count() == 2
    assert sessao.chamados.filter(decisao="confirmado").count() == PRESENTES
    ata = pdf.contexto_da_ata(sessao)
    assert ata["presenca_em_lote"].startswith("registrada em lote em ")
    assert "por Marta Gonçalves: marcados os ausentes" in ata["presenca_em_lote"]
