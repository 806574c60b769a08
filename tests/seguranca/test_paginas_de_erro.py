"""As páginas de erro (issue 24, achado 7): em português, no leiaute de quem as vê — o do admin para
a equipe, o das telas da comissão para os demais — e com o caminho de volta; nunca o "403 Forbidden"
cru, em inglês. Com ``DEBUG`` desligado, como em produção (o pytest-django o desliga)."""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

ADMIN = 'id="site-name"'  # o cabeçalho do admin
SITE = "navbar-brand"  # o cabeçalho das telas da comissão


def cliente(usuario=None) -> Client:
    cliente = Client(raise_request_exception=False)
    if usuario is not None:
        cliente.force_login(usuario)
    return cliente


def test_debug_desligado():
    assert settings.DEBUG is False


def test_403_da_equipe_em_portugues_no_admin_com_o_caminho_de_volta(cenario_das_portas):
    resposta = cliente(cenario_das_portas.auditor).get(
        reverse("concursos:registrar_evento", args=[cenario_das_portas.cargo.pk, "desistencia"])
    )
    html = resposta.content.decode()
    assert resposta.status_code == 403
    assert "Acesso negado" in html and ADMIN in html and f'href="{reverse("admin:index")}"' in html
    assert "Forbidden" not in html


def test_403_de_membro_de_comissao_no_leiaute_da_comissao(cenario_das_portas):
    from tests.heteroidentificacao.fabricas import pessoa

    resposta = cliente(pessoa("bruno")).get(
        reverse("heteroidentificacao:encerrar_sessao", args=[cenario_das_portas.aberta.pk])
    )
    html = resposta.content.decode()
    assert resposta.status_code == 403 and "Acesso negado" in html and SITE in html and ADMIN not in html
    assert f'href="{reverse("heteroidentificacao:minhas_sessoes")}"' in html


def test_404_em_portugues_para_quem_nao_entrou_e_para_a_equipe(cenario_das_portas):
    anonimo = cliente().get("/nao-existe/")
    assert anonimo.status_code == 404
    assert "Página não encontrada" in anonimo.content.decode() and SITE in anonimo.content.decode()
    da_equipe = cliente(cenario_das_portas.rh).get("/concursos/nao-existe/")
    assert da_equipe.status_code == 404
    assert "Página não encontrada" in da_equipe.content.decode() and ADMIN in da_equipe.content.decode()


def test_400_em_portugues(cenario_das_portas):
    lista = reverse("admin:concursos_inscricao_changelist")
    resposta = cliente(cenario_das_portas.rh).get(lista, {"candidato__cpf__startswith": "1"})
    assert resposta.status_code == 400 and "Pedido inválido" in resposta.content.decode()


@pytest.mark.urls("tests.seguranca.urls_com_erro")
def test_500_em_portugues_sem_consultar_o_banco(cenario_das_portas, django_assert_max_num_queries):
    visitante = cliente(cenario_das_portas.rh)
    with django_assert_max_num_queries(12):  # a sessão e o segundo fator; a página, nenhuma
        resposta = visitante.get("/falha/")
    html = resposta.content.decode()
    assert resposta.status_code == 500 and "Erro no sistema" in html and 'lang="pt-BR"' in html
    assert 'href="/"' in html and "Server Error" not in html
