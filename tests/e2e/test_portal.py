"""Jornada do cidadão no portal da transparência, sem login: o portal, o edital, a classificação
geral e o CSV dos dados abertos, com a conferência de acessibilidade e de leiaute em cada página."""

import re
from datetime import timedelta

from comum import relogio
from concursos import services
from concursos.models import Edital
from tests.concursos.fabricas import cargo_do_exemplo_da_alternancia, pode_publicar, usuario
from tests.e2e.acessibilidade import conferir_acessibilidade

try:
    from playwright.sync_api import expect
except ImportError:  # pulado (ou falha com EXIGIR_NAVEGADOR=1) por tests/conftest.py
    expect = None


def test_o_cidadao_abre_o_portal_o_edital_a_classificacao_e_baixa_o_csv(pagina, live_server):
    cargo = cargo_do_exemplo_da_alternancia()
    Edital.objects.filter(pk=cargo.edital_id).update(validade_ate=relogio.hoje() + timedelta(days=365))
    rh = pode_publicar(usuario("rh.portal"))
    services.publicar_resultado(services.gerar_resultado(cargo, por=rh), por=rh)

    pagina.goto(f"{live_server.url}/transparencia/")
    expect(pagina.get_by_role("heading", name="Portal da transparência dos concursos")).to_be_visible()
    conferir_acessibilidade(pagina, "portal")

    pagina.get_by_role("link", name=re.compile("Concurso público de teste")).click()
    expect(pagina.get_by_role("heading", name="Atos publicados")).to_be_visible()
    expect(pagina.get_by_role("table", name="Quadro de vagas de GM — Guarda Municipal")).to_be_visible()
    conferir_acessibilidade(pagina, "edital no portal")

    pagina.get_by_role("link", name="Classificação geral").first.click()
    tabela = pagina.get_by_role("table", name="Classificação geral")
    expect(tabela.get_by_role("row")).to_have_count(9)  # o cabeçalho e os 8 classificados
    expect(tabela).to_contain_text("Candidato A")
    expect(tabela).to_contain_text("***.")
    conferir_acessibilidade(pagina, "classificação geral no portal")

    pagina.get_by_role("link", name="Guarda Municipal, versão 1").click()
    expect(pagina.get_by_role("heading", name="Dados abertos")).to_be_visible()
    conferir_acessibilidade(pagina, "resultado no portal")
    with pagina.expect_download() as baixando:
        pagina.get_by_role("link", name="CSV da classificação geral").click()
    conteudo = open(baixando.value.path(), encoding="utf-8-sig").read()
    assert conteudo.splitlines()[0] == "classificacao;inscricao;nome;cpf_mascarado;nota"
    assert "Candidato A" in conteudo

    pagina.get_by_role("link", name="Dicionário de dados", exact=True).click()
    expect(pagina.get_by_role("heading", name="O que não é dado aberto, e por quê")).to_be_visible()
    conferir_acessibilidade(pagina, "dicionário de dados")
