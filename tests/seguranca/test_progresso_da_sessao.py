"""Com a sessão aberta, o membro vê só o próprio andamento (issue 24, achado 7): nada na tela dele
muda quando um colega registra parecer — nem um número, nem um nome, nem um botão que some. O
presidente vê quem já registrou (nunca como). Ver docs/PAPEIS.md e docs/HETEROIDENTIFICACAO.md."""

import re

import pytest
from django.urls import reverse

from tests.heteroidentificacao.fabricas import (
    cargo_com_cotistas,
    chamar,
    comissao,
    julgar,
    pessoa,
    presidente,
    sessao_aberta,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def sessao_com_pareceres():
    """N1 com os pareceres de Bruno e Carla; N2 presente, sem parecer nenhum."""
    cargo = cargo_com_cotistas()
    aberta = sessao_aberta(comissao(cargo.edital))
    julgar(aberta, cargo.inscricoes.get(numero="N1"), bruno="nao_confirma", carla="confirma")
    chamar(aberta, cargo.inscricoes.get(numero="N2"))
    return aberta


def cartoes(client, usuario, sessao_com_pareceres) -> dict[str, str]:
    """O HTML do cartão de cada candidato na tela da sessão, pelo número de inscrição, sem o que
    identifica o próprio cartão (número, nome, chaves)."""
    client.force_login(usuario)
    html = client.get(reverse("heteroidentificacao:sessao", args=[sessao_com_pareceres.pk])).content.decode()
    achados = {}
    for cartao in re.findall(r'<article class="card mb-3 candidato".*?</article>', html, flags=re.S):
        numero = re.search(r'Inscrição <span class="fw-semibold text-body">(\w+)</span>', cartao).group(1)
        # O token CSRF é aleatório e pode conter "N1": sai antes de apagar o número do cartão.
        sem_token = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", cartao)
        neutro = re.sub(r"\d+", "#", sem_token.replace(f"Candidato {numero}", "").replace(numero, ""))
        achados[numero] = neutro
    return achados


def test_o_membro_nao_percebe_que_colegas_ja_votaram_num_candidato(client, sessao_com_pareceres):
    vistos = cartoes(client, pessoa("davi"), sessao_com_pareceres)
    assert vistos["N1"] == vistos["N2"]
    assert "Bruno" not in vistos["N1"] and "Pareceres registrados" not in vistos["N1"]


def test_o_presidente_ve_quem_ja_registrou_parecer_e_nunca_como(client, sessao_com_pareceres):
    vistos = cartoes(client, presidente(sessao_com_pareceres.comissao), sessao_com_pareceres)
    assert "Já registraram: Bruno, Carla" in vistos["N1"]
    assert "confirma" not in vistos["N1"].lower().replace("não compareceu", "")


def sem_tokens(html: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


@pytest.mark.parametrize("presenca", ["ausente", "recusou_filmagem", "compareceu"])
def test_a_resposta_ao_membro_que_corrige_a_presenca_nao_diz_se_ha_pareceres(client, sessao_com_pareceres, presenca):
    """O POST de "Não compareceu" (ou de outra presença) sobre quem já tem a presença registrada:
    N1 tem pareceres, N2 não; para Davi, que compõe a sessão e não preside, a resposta é a mesma,
    byte a byte (sem o token CSRF), e nada muda: corrigir a presença é do presidente."""
    from heteroidentificacao.models import Chamado

    client.force_login(pessoa("davi"))
    respostas = {}
    for numero in ("N1", "N2"):
        chamado = Chamado.objects.get(sessao=sessao_com_pareceres, inscricao__numero=numero)
        url = reverse("heteroidentificacao:registrar_presenca", args=[chamado.pk])
        resposta = client.post(url, {"presenca": presenca}, follow=True)
        destinos = [destino.split("#")[0] for destino, _ in resposta.redirect_chain]
        respostas[numero] = (resposta.status_code, destinos, sem_tokens(resposta.content.decode()))
    assert respostas["N1"] == respostas["N2"]
    assert "só o presidente da comissão a corrige" in respostas["N1"][2]
    assert set(Chamado.objects.filter(sessao=sessao_com_pareceres).values_list("compareceu", "recusou_filmagem")) == {
        (True, False)
    }


def test_o_membro_nao_tem_botao_de_presenca_depois_de_registrada_e_o_presidente_corrige(client, sessao_com_pareceres):
    from heteroidentificacao.models import Chamado

    vistos = cartoes(client, pessoa("davi"), sessao_com_pareceres)
    assert all('name="presenca"' not in cartao for cartao in vistos.values())
    chefe = presidente(sessao_com_pareceres.comissao)
    assert 'value="ausente"' in cartoes(client, chefe, sessao_com_pareceres)["N2"]
    n2 = Chamado.objects.get(sessao=sessao_com_pareceres, inscricao__numero="N2")
    client.post(reverse("heteroidentificacao:registrar_presenca", args=[n2.pk]), {"presenca": "ausente"})
    n2.refresh_from_db()
    assert n2.compareceu is False
