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
