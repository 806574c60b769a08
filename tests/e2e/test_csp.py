"""Content-Security-Policy no navegador: nenhuma violação nas telas principais.

O cabeçalho e a ausência de ``<script>`` inline nos templates são conferidos sem navegador em
``tests/seguranca/test_configuracao_de_producao.py``; aqui o Chromium carrega as telas de verdade
(os scripts do admin, do Bootstrap e os nossos rodam) e qualquer coisa que a política bloqueie
aparece como evento ``securitypolicyviolation`` no documento e como erro no console. O teste
escuta os dois e exige zero.

Quem navega é um superusuário que também preside a comissão de heteroidentificação, para passar
pelas telas do RH no admin e pelas dos membros: admin, ficha do edital com o quadro de vagas,
inscrições, importação, resultado, simulador, resultado da heteroidentificação, minhas sessões, a
sessão e o formulário de parecer (que tem JavaScript próprio).
"""

from tests.e2e.conftest import entrar_na_comissao

try:
    from playwright.sync_api import expect
except ImportError:  # pulado (ou falha com EXIGIR_NAVEGADOR=1) por tests/conftest.py
    expect = None

# Avisa o Python de cada violação, em toda página e antes de qualquer script dela.
ESCUTAR_VIOLACOES = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.violacaoDeCsp({
    diretiva: e.violatedDirective,
    bloqueado: e.blockedURI,
    origem: e.sourceFile,
    linha: e.lineNumber,
    trecho: e.sample,
  });
});
"""


def telas(c) -> list[tuple[str, str]]:
    """(tela, caminho): as telas principais do RH e dos membros."""
    return [
        ("admin", "/admin/"),
        ("ficha do edital com o quadro de vagas", f"/admin/concursos/edital/{c['edital'].pk}/change/"),
        ("novo edital (inline de cargos)", "/admin/concursos/edital/add/"),
        ("ficha do cargo", f"/admin/concursos/cargo/{c['cargo'].pk}/change/"),
        ("inscrições", "/admin/concursos/inscricao/"),
        ("ficha da inscrição", f"/admin/concursos/inscricao/{c['inscricao'].pk}/change/"),
        ("importar inscrições", "/admin/concursos/inscricao/import/"),
        ("resultado", f"/admin/concursos/resultado/{c['resultado'].pk}/change/"),
        ("simulador", "/concursos/simulador/"),
        ("simulador com quadro", "/concursos/simulador/?vagas=13&regime=cariacica-2023&percentual_pcd=5"),
        ("registrar desistência", f"/concursos/cargos/{c['cargo'].pk}/eventos/desistencia/"),
        ("resultado da heteroidentificação", f"/admin/heteroidentificacao/comissao/{c['comissao'].pk}/resultado/"),
        ("sessão no admin", f"/admin/heteroidentificacao/sessao/{c['sessao'].pk}/change/"),
    ]


def telas_da_comissao(c) -> list[tuple[str, str]]:
    """(tela, caminho): as telas dos membros, vistas pela presidente."""
    return [
        ("minhas sessões", "/heteroidentificacao/"),
        ("sessão dos membros", f"/heteroidentificacao/sessoes/{c['sessao'].pk}/"),
        ("formulário de parecer", f"/heteroidentificacao/chamados/{c['chamado'].pk}/parecer/"),
    ]


def test_telas_principais_nao_tem_nenhuma_violacao_de_csp(pagina, entrar, cenario, live_server):
    violacoes: list[tuple[str, dict | str]] = []
    tela_atual = ["login do admin"]
    pagina.expose_function("violacaoDeCsp", lambda detalhe: violacoes.append((tela_atual[0], detalhe)))
    pagina.add_init_script(ESCUTAR_VIOLACOES)
    pagina.on(
        "console",
        lambda mensagem: (
            violacoes.append((tela_atual[0], mensagem.text))
            if "Content Security Policy" in mensagem.text or "Content-Security-Policy" in mensagem.text
            else None
        ),
    )

    entrar(cenario["chefe"])
    visitar(pagina, live_server, telas(cenario), tela_atual)
    entrar_na_comissao(pagina, live_server, cenario["presidente"])
    visitar(pagina, live_server, telas_da_comissao(cenario), tela_atual)

    # O JavaScript próprio rodou: no parecer, "não confirma" torna a fundamentação obrigatória.
    tela_atual[0] = "formulário de parecer (interação)"
    fundamentacao = pagina.locator("textarea[name='fundamentacao']")
    expect(fundamentacao).not_to_have_attribute("required", "")
    pagina.get_by_label("Não confirma a autodeclaração").check()
    expect(fundamentacao).to_have_attribute("required", "")

    assert violacoes == []
    conferir_que_a_escuta_pega_uma_violacao_de_verdade(pagina, violacoes)


def visitar(pagina, live_server, telas_, tela_atual):
    for tela, caminho in telas_:
        tela_atual[0] = tela
        resposta = pagina.goto(f"{live_server.url}{caminho}")
        assert resposta.ok, (tela, resposta.status)
        assert "script-src 'self'" in resposta.headers.get("content-security-policy", ""), tela
        pagina.wait_for_load_state("load")


def conferir_que_a_escuta_pega_uma_violacao_de_verdade(pagina, violacoes):
    """Contraprova: um script inline posto na página é bloqueado e chega às duas escutas."""
    pagina.evaluate(
        "() => { const s = document.createElement('script'); s.textContent = 'window.furou = 1'; document.body.append(s); }"
    )
    for _ in range(50):
        if len(violacoes) >= 2:
            break
        pagina.wait_for_timeout(100)
    assert pagina.evaluate("() => window.furou") is None
    assert any(isinstance(d, dict) and d["diretiva"].startswith("script-src") for _, d in violacoes), violacoes
    assert any(isinstance(d, str) for _, d in violacoes), violacoes
