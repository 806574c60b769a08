"""As mensagens de sucesso do admin no gênero e no número do nome do modelo (issue 29): o Django em
pt-BR diz "O comissão … foi adicionado" e "Removido 3 editais"."""

import pytest
from django.urls import reverse
from django.utils.safestring import SafeData, mark_safe

from comum.mensagens import FEMININO, MASCULINO, no_genero, quantos
from concursos.models import Inscricao
from heteroidentificacao.models import Comissao, Sessao
from tests.concursos.fabricas import edital, inscricao


@pytest.mark.parametrize(
    ("mensagem", "esperada"),
    [
        ("O sessão “3ª sessão” foi adicionado com sucesso.", "A sessão “3ª sessão” foi adicionada com sucesso."),
        (
            "O sessão “3ª sessão” foi adicionado com sucesso. Você pode editá-lo novamente abaixo.",
            "A sessão “3ª sessão” foi adicionada com sucesso. Você pode editá-la novamente abaixo.",
        ),
        (
            "O sessão “3ª sessão” foi adicionado com sucesso. Você pode adicionar outro sessão abaixo.",
            "A sessão “3ª sessão” foi adicionada com sucesso. Você pode adicionar outra sessão abaixo.",
        ),
        (
            "O  sessão “3ª sessão” foi alterado com sucesso. Você talvez adicione outro sessão abaixo.",
            "A sessão “3ª sessão” foi alterada com sucesso. Você pode adicionar outra sessão abaixo.",
        ),
        ("O sessão “3ª sessão” foi removido com sucesso.", "A sessão “3ª sessão” foi removida com sucesso."),
        ("Removido 1 sessão com sucesso.", "1 sessão removida com sucesso."),
        ("Removido 3 sessões com sucesso.", "3 sessões removidas com sucesso."),
        ("2 sessões modificados com sucesso.", "2 sessões modificadas com sucesso."),
    ],
)
def test_mensagem_de_um_modelo_feminino_sai_no_feminino(mensagem, esperada):
    nome = "sessões" if "sessões" in mensagem else "sessão"
    assert no_genero(mensagem, nome=nome, genero=FEMININO) == esperada


@pytest.mark.parametrize(
    ("mensagem", "esperada"),
    [
        ("O edital “7/2025” foi adicionado com sucesso.", "O edital “7/2025” foi adicionado com sucesso."),
        ("Removido 1 edital com sucesso.", "1 edital removido com sucesso."),
        ("Removido 2 editais com sucesso.", "2 editais removidos com sucesso."),
        ("1 edital modificado com sucesso.", "1 edital modificado com sucesso."),
    ],
)
def test_mensagem_de_um_modelo_masculino_concorda_no_numero(mensagem, esperada):
    assert no_genero(mensagem, nome="edital", genero=MASCULINO) == esperada


def test_o_objeto_da_mensagem_nao_muda_nem_perde_o_link_seguro():
    mensagem = mark_safe('O sessão “<a href="/x/">Sessão foi removido outro sessão</a>” foi alterado com sucesso.')
    nova = no_genero(mensagem, nome="sessão", genero=FEMININO)
    assert isinstance(nova, SafeData)
    assert nova == 'A sessão “<a href="/x/">Sessão foi removido outro sessão</a>” foi alterada com sucesso.'


def test_outra_mensagem_volta_como_veio():
    assert no_genero("Resultado gerado.", nome="sessão", genero=FEMININO) == "Resultado gerado."


def test_os_modelos_de_nome_feminino_declaram_o_genero():
    assert Inscricao.genero == Comissao.genero == Sessao.genero == FEMININO


@pytest.mark.django_db
def test_excluir_uma_inscricao_no_admin_diz_a_inscricao_foi_removida(client, chefe):
    numero = edital()
    alvo = inscricao(numero.cargos.get(), "0042", 80)
    resposta = client.post(reverse("admin:concursos_inscricao_delete", args=[alvo.pk]), {"post": "yes"}, follow=True)
    ditas = [str(m) for m in resposta.context["messages"]]
    assert ditas == ["A inscrição “0042 — Candidato 0042” foi removida com sucesso."], ditas


@pytest.mark.parametrize(("quantidade", "texto"), [(0, "0 convocados"), (1, "1 convocado"), (3, "3 convocados")])
def test_quantos_concorda_a_palavra_com_o_numero(quantidade, texto):
    assert quantos(quantidade, "convocado", "convocados") == texto
