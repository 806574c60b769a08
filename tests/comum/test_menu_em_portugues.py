"""O menu do admin todo em português, também os apps de fora (issue 29): o do auditor mostrava
"Axes" e "access logs"; o do superusuário, "Otp_Totp", "TOTP devices" e "Task Results"."""

import re

import pytest
from django.contrib import admin
from django.test import RequestFactory

from comum.admin import NOMES_DE_FORA
from comum.mensagens import FEMININO
from concursos.papeis import AUDITOR, configurar_papeis
from tests.concursos.fabricas import usuario

pytestmark = pytest.mark.django_db

# Palavras dos nomes de fora em inglês; nenhum nome do menu pode tê-las.
INGLES = re.compile(
    r"\b(axes|otp|access|attempts?|logs?|failures?|devices?|static|totp|tasks?|results?|database)\b", re.I
)


def menu(pessoa) -> list[str]:
    pedido = RequestFactory().get("/admin/")
    pedido.user = pessoa
    nomes = []
    for app in admin.site.get_app_list(pedido):
        nomes += [str(app["name"])] + [str(modelo["name"]) for modelo in app["models"]]
    return nomes


def test_o_menu_do_superusuario_nao_tem_nome_em_ingles():
    nomes = menu(usuario("chefe", superusuario=True))
    assert [nome for nome in nomes if INGLES.search(nome)] == []
    assert {"Entradas no sistema", "Tentativas de acesso", "Aplicativos autenticadores", "Tarefas"} <= set(nomes)


def test_o_menu_do_auditor_nao_tem_nome_em_ingles():
    auditora = usuario("celia")
    auditora.groups.add(configurar_papeis()[AUDITOR])
    nomes = menu(auditora)
    assert "Registros de acesso" in nomes
    assert [nome for nome in nomes if INGLES.search(nome)] == []


def test_todo_app_de_fora_registrado_no_admin_tem_nome_em_portugues():
    de_fora = {m._meta.app_label for m in admin.site._registry} - {
        "auth",
        "convites",
        "concursos",
        "heteroidentificacao",
    }
    assert de_fora == set(NOMES_DE_FORA)


def test_a_tentativa_de_acesso_fala_no_feminino():
    from axes.models import AccessAttempt

    assert admin.site._registry[AccessAttempt].genero == FEMININO


def test_o_botao_de_tema_do_admin_tem_nome_mesmo_antes_do_tema_marcado(client):
    """Os rótulos do botão de tema só aparecem quando o theme.js marcou o <html>; a verificação de
    acessibilidade do CI pegou uma vez a página antes disso (botão sem nome, WCAG 4.1.2). O title
    dá o nome em português em qualquer momento."""
    client.force_login(usuario("chefe", superusuario=True))
    pagina = client.get("/admin/").content.decode()
    assert '<button class="theme-toggle" type="button" title="Alternar o tema (claro, escuro ou automático)">' in pagina
