"""A ajuda dentro do sistema (issue 29): as regras e os guias de docs/ como páginas do admin, e
nenhum texto de ajuda, mensagem ou tela mandando o RH para um caminho do repositório ("docs/REGRAS.md
§9"), que ele não abre."""

import ast
import re
from pathlib import Path

import pytest
from django.urls import reverse

from comum.ajuda import PAGINAS
from comum.ajuda.markdown import em_html
from tests.concursos.fabricas import usuario

RAIZ = Path(__file__).resolve().parents[2]
CAMINHO_DO_REPOSITORIO = re.compile(r"docs/|\b[A-Z][A-Z-]+\.md\b")
# O Python cujos textos chegam às telas. heteroidentificacao/ (services/sessoes.py e pdf.py ainda citam
# "docs/REGRAS.md §10") é da outra frente desta sessão: entra aqui quando as duas se juntarem.
PACOTES = ("concursos", "comum", "cotas")
ARQUIVOS_DA_AJUDA = {RAIZ / "comum" / "ajuda" / "__init__.py"}  # a tabela página → arquivo de docs/


@pytest.mark.django_db
def test_a_equipe_le_as_regras_como_pagina_com_ancora_por_secao(client):
    client.force_login(usuario("rita"))
    indice = client.get(reverse("ajuda:indice")).content.decode()
    for pagina, (titulo, _) in PAGINAS.items():
        assert f'href="{reverse("ajuda:pagina", args=[pagina])}"' in indice and titulo in indice
    regras = client.get(reverse("ajuda:pagina", args=["regras"])).content.decode()
    assert '<h3 id="secao-9">9. O que o sistema garante em torno do motor</h3>' in regras
    assert f'<a href="{reverse("ajuda:pagina", args=["decisoes"])}"><code>' in regras  # o link entre documentos


@pytest.mark.django_db
def test_a_ajuda_e_so_da_equipe_e_pagina_que_nao_existe_e_404(client):
    assert client.get(reverse("ajuda:pagina", args=["regras"])).status_code == 302  # para o login
    client.force_login(usuario("rita"))
    assert client.get(reverse("ajuda:pagina", args=["tecnico"])).status_code == 404


def test_o_conversor_escapa_o_texto_e_so_liga_para_a_web_ou_para_a_ajuda():
    html = em_html(
        "Texto <script>x</script> e [a regra](docs/REGRAS.md#secao-8), [código](../cotas/x.py), "
        "[perigo](javascript:alert(1)) e [lei](https://www.planalto.gov.br/).",
        url_da_pagina=lambda pagina: f"/ajuda/{pagina}/",
    )
    assert "&lt;script&gt;" in html and "<script>" not in html
    assert '<a href="/ajuda/regras/#secao-8">a regra</a>' in html
    assert "código," in html and "x.py" not in html and "javascript" not in html
    assert '<a href="https://www.planalto.gov.br/">lei</a>' in html


def textos_das_telas(caminho: Path) -> list[tuple[int, str]]:
    """As strings de um módulo que não são docstring (as docstrings e os comentários citam docs/ à
    vontade: são para quem lê o código)."""
    arvore = ast.parse(caminho.read_text(encoding="utf-8"))
    docstrings = {
        id(no.body[0].value)
        for no in ast.walk(arvore)
        if isinstance(no, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and no.body
        and isinstance(no.body[0], ast.Expr)
        and isinstance(no.body[0].value, ast.Constant)
    }
    return [
        (no.lineno, no.value)
        for no in ast.walk(arvore)
        if isinstance(no, ast.Constant) and isinstance(no.value, str) and id(no) not in docstrings
    ]


def test_nenhum_texto_de_ajuda_ou_mensagem_aponta_um_caminho_do_repositorio():
    achados = [
        f"{caminho.relative_to(RAIZ)}:{linha}: {texto[:80]!r}"
        for pacote in PACOTES
        for caminho in sorted((RAIZ / pacote).rglob("*.py"))
        if "migrations" not in caminho.parts and caminho not in ARQUIVOS_DA_AJUDA
        for linha, texto in textos_das_telas(caminho)
        if CAMINHO_DO_REPOSITORIO.search(texto)
    ]
    assert achados == []


def test_nenhuma_tela_aponta_um_caminho_do_repositorio():
    achados = []
    for caminho in sorted((RAIZ / "templates").rglob("*.html")):
        texto = caminho.read_text(encoding="utf-8")
        texto = re.sub(r"{% comment %}.*?{% endcomment %}|{#.*?#}", "", texto, flags=re.S)
        achados += [f"{caminho.relative_to(RAIZ)}: {m[0]}" for m in CAMINHO_DO_REPOSITORIO.finditer(texto)]
    assert achados == []
