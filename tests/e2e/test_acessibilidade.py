"""As telas principais do RH e dos membros sem violação das regras WCAG 2.0/2.1 A e AA (axe-core),
no computador (1366 px) e no tablet (1024 px) — as mesmas telas da conferência da CSP, com o mesmo
cenário; as jornadas conferem também as telas que só existem depois de um envio.

A contraprova mostra que a conferência pega o que havia antes: a ficha do edital com o inline dos
cargos sem nome acessível nos campos (como o admin os desenha) falha com a regra ``label``; a ficha do
edital sem as regras de leiaute de concursos.css falha na conferência do leiaute (tests/e2e/leiaute.py).
"""

import pytest

from tests.e2e.acessibilidade import conferir_acessibilidade, violacoes
from tests.e2e.conftest import entrar_na_comissao
from tests.e2e.leiaute import conferir_leiaute
from tests.e2e.test_csp import telas, telas_da_comissao


def telas_a_mais(c) -> list[tuple[str, str]]:
    """Além das da CSP: as do auditor, dos recursos e da prestação de contas."""
    return [
        ("acessos a dados sensíveis", "/admin/concursos/acessoadadossensiveis/"),
        ("editais", "/admin/concursos/edital/"),
        ("resultados", "/admin/concursos/resultado/"),
        ("recursos", "/admin/heteroidentificacao/recurso/"),
        ("comissões", "/admin/heteroidentificacao/comissao/"),
        ("processos de apuração", "/admin/heteroidentificacao/processodeapuracao/"),
        ("prestação de contas", f"/heteroidentificacao/editais/{c['edital'].pk}/prestacao-de-contas/"),
        ("conferência do Anexo I", f"/concursos/editais/{c['edital'].pk}/registrar-anexo-i/"),
    ]


def test_telas_principais_sem_violacao_wcag(pagina, entrar, cenario, live_server):
    entrar(cenario["chefe"])
    for tela, caminho in telas(cenario) + telas_a_mais(cenario):
        assert pagina.goto(f"{live_server.url}{caminho}").ok, tela
        conferir_acessibilidade(pagina, tela)
    entrar_na_comissao(pagina, live_server, cenario["presidente"])
    for tela, caminho in telas_da_comissao(cenario):
        assert pagina.goto(f"{live_server.url}{caminho}").ok, tela
        conferir_acessibilidade(pagina, tela)


def test_a_conferencia_falha_com_os_campos_do_inline_sem_nome(pagina, entrar, cenario, live_server):
    entrar(cenario["chefe"])
    pagina.goto(f"{live_server.url}/admin/concursos/edital/{cenario['edital'].pk}/change/")
    assert violacoes(pagina) == []
    # Como o admin desenha o inline em tabela sem comum.admin.RotulosNaTabela: sem aria-label.
    pagina.evaluate(
        "() => document.querySelectorAll('#cargos-group [aria-label]').forEach(e => e.removeAttribute('aria-label'))"
    )
    achadas = {v["id"]: v for v in violacoes(pagina)}
    assert "label" in achadas and achadas["label"]["impact"] == "critical"
    alvos = {" ".join(no["target"]) for no in achadas["label"]["nodes"]}
    assert "#id_cargos-0-codigo" in alvos and "#id_cargos-0-vagas" in alvos
    with pytest.raises(AssertionError, match=r"label \(critical\).*\n.*#id_cargos-0-codigo"):
        conferir_acessibilidade(pagina, "ficha do edital sem os nomes")


def test_a_conferencia_do_leiaute_falha_na_ficha_do_edital_sem_o_css_do_leiaute(pagina, entrar, cenario, live_server):
    """Contraprova da conferência do leiaute: a ficha do edital como o admin a desenha (sem as regras
    de concursos.css) rola 1.910 px numa tela de 1366 px e, em 1024 px, tem os botões das ferramentas
    um sobre o outro e sobre o primeiro campo."""
    entrar(cenario["chefe"])
    pagina.goto(f"{live_server.url}/admin/concursos/edital/{cenario['edital'].pk}/change/")
    pagina.set_viewport_size({"width": 1366, "height": 800})
    assert conferir_leiaute(pagina) == []
    pagina.evaluate("() => document.querySelector('link[href*=\"concursos/concursos.css\"]').remove()")
    problemas = conferir_leiaute(pagina)
    assert any(p.startswith("a página rola na horizontal") for p in problemas), problemas
    pagina.set_viewport_size({"width": 1024, "height": 800})
    problemas = conferir_leiaute(pagina)
    assert any("controles sobrepostos" in p and "#id_numero" in p for p in problemas), problemas
    with pytest.raises(AssertionError, match=r"problema\(s\) de leiaute.*tablet \(1024 px\)"):
        conferir_acessibilidade(pagina, "ficha do edital sem o CSS do leiaute")
