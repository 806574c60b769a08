"""O que cada membro vê nas telas: os pareceres dos outros só depois de registrar o seu (nem no
HTML antes disso), nomes só depois do encerramento, o presidente só a contagem enquanto a sessão
está aberta, e a comissão recursal vê as razões, a gravação e as fundamentações sem nomes."""

from datetime import date

import pytest
from django.urls import reverse

from heteroidentificacao import services
from heteroidentificacao.models import Comissao, Sessao
from tests.concursos.fabricas import inscricao

from .fabricas import cargo_com_cotistas, chamar, comissao, pessoa, rh, sessao_aberta, votar

pytestmark = pytest.mark.django_db

DO_BRUNO = "Bruno viu pele clara, cabelo liso e nariz afilado."
DO_CARLA = "Carla registrou traços que não são de pessoa negra."
RAZOES = "Sou pardo; peço a revisão pela gravação do procedimento."
GRAVACAO = "https://gravacoes.cariacica.test/sessao-ordinaria-1"


@pytest.fixture(autouse=True)
def hash_rapido(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def cargo():
    return cargo_com_cotistas()


@pytest.fixture
def sessao(cargo):
    return sessao_aberta(comissao(cargo.edital))


@pytest.fixture
def chamado(cargo, sessao):
    """N1 presente, com os pareceres de Bruno e Carla (não confirmam)."""
    chamado = chamar(sessao, cargo.inscricoes.get(numero="N1"))
    services.registrar_parecer(chamado, por=pessoa("bruno"), voto="nao_confirma", fundamentacao=DO_BRUNO)
    services.registrar_parecer(chamado, por=pessoa("carla"), voto="nao_confirma", fundamentacao=DO_CARLA)
    return chamado


def pagina_do_parecer(client, nome, chamado) -> str:
    client.force_login(pessoa(nome))
    return client.get(reverse("heteroidentificacao:parecer", args=[chamado.pk])).content.decode()


def test_antes_do_proprio_parecer_o_membro_nao_ve_a_fundamentacao_dos_outros(client, chamado):
    html = pagina_do_parecer(client, "davi", chamado)
    assert DO_BRUNO not in html and DO_CARLA not in html
    assert "Não confirma a autodeclaração" in html  # só como opção do formulário
    assert html.count("Não confirma a autodeclaração") == 1
    assert "aparecem aqui depois que você registrar o seu" in html


def test_depois_do_proprio_parecer_o_membro_ve_a_fundamentacao_dos_outros(client, chamado):
    client.force_login(pessoa("davi"))
    url = reverse("heteroidentificacao:parecer", args=[chamado.pk])
    html = client.post(url, {"voto": "confirma", "fundamentacao": ""}, follow=True).content.decode()
    assert DO_BRUNO in html and DO_CARLA in html


def test_enquanto_a_sessao_esta_aberta_os_pareceres_aparecem_sem_o_nome_do_autor(client, chamado):
    votar(chamado, davi="confirma")
    html = pagina_do_parecer(client, "davi", chamado)
    assert DO_BRUNO in html
    assert "Bruno" not in html.replace(DO_BRUNO, "")
    assert "Carla" not in html.replace(DO_CARLA, "")


def test_depois_do_encerramento_os_nomes_dos_autores_aparecem(client, cargo, sessao, chamado):
    votar(chamado, ana="confirma")
    services.encerrar_sessao(sessao, por=pessoa("ana"))
    html = pagina_do_parecer(client, "elisa", chamado)  # não votou, mas a sessão acabou
    assert DO_BRUNO in html and DO_CARLA in html
    assert "Bruno · " in html and "Carla · " in html


def test_na_sessao_aberta_o_presidente_ve_so_quantos_votaram(client, sessao, chamado):
    client.force_login(pessoa("ana"))
    resposta = client.get(reverse("heteroidentificacao:sessao", args=[sessao.pk]))
    (linha,) = resposta.context["candidatos"]
    assert linha["n_pareceres"] == 2 and linha["placar"] == ""
    candidato = resposta.content.decode().split('id="chamado-')[1]  # o cartão do candidato
    assert "Pareceres registrados: <strong>2</strong> de 5" in candidato
    assert "0 a 2" not in candidato and "Bruno" not in candidato and "Carla" not in candidato


def test_membro_que_nao_preside_nao_ve_a_contagem_de_votos(client, sessao, chamado):
    client.force_login(pessoa("davi"))
    (linha,) = client.get(reverse("heteroidentificacao:sessao", args=[sessao.pk])).context["candidatos"]
    assert linha["n_pareceres"] is None


def test_pagina_do_parecer_nao_mostra_nota_cpf_nem_nascimento(client, cargo, sessao):
    registro = inscricao(cargo, "N9", "91.237", nascimento=date(1979, 11, 5), grupos={"negros": "pendente"})
    chamado = chamar(sessao, registro)
    html = pagina_do_parecer(client, "bruno", chamado)
    candidato = registro.candidato
    for proibido in (candidato.cpf, candidato.cpf_formatado, candidato.cpf_mascarado, "91,237", "91.237", "91,24"):
        assert proibido not in html
    assert "05/11/1979" not in html and "1979-11-05" not in html


# — Comissão recursal —


@pytest.fixture
def julgamento_do_recurso(cargo, sessao, chamado):
    """N1 não confirmado (Bruno, Carla e Davi), recurso registrado e posto na pauta da recursal."""
    votar(chamado, davi="nao_confirma")
    Sessao.objects.filter(pk=sessao.pk).update(gravacao=GRAVACAO)
    services.encerrar_sessao(sessao, por=pessoa("ana"))
    recurso = services.registrar_recurso(chamado, texto=RAZOES, por=rh())
    recursal = sessao_aberta(comissao(cargo.edital, tipo=Comissao.RECURSAL))
    return services.chamar_recurso(recurso, recursal, por=rh())


def test_recursal_ve_razoes_gravacao_e_fundamentacoes_sem_os_nomes(client, julgamento_do_recurso):
    html = pagina_do_parecer(client, "igor", julgamento_do_recurso)
    assert RAZOES in html and GRAVACAO in html
    assert DO_BRUNO in html and DO_CARLA in html
    assert "Bruno" not in html.replace(DO_BRUNO, "")
    assert "Carla" not in html.replace(DO_CARLA, "")
    assert "Davi" not in html and "Ana" not in html
    assert "Não confirmado" in html  # a decisão recorrida


def test_recursal_nao_registra_presenca_e_vota_sem_ela(client, julgamento_do_recurso):
    client.force_login(pessoa("igor"))
    sessao = julgamento_do_recurso.sessao
    html = client.get(reverse("heteroidentificacao:sessao", args=[sessao.pk])).content.decode()
    assert "Recursos em pauta" in html and 'name="presenca"' not in html
    url = reverse("heteroidentificacao:parecer", args=[julgamento_do_recurso.pk])
    client.post(url, {"voto": "confirma", "fundamentacao": ""})
    assert julgamento_do_recurso.pareceres.get().membro.usuario.username == "igor"


def test_membro_da_ordinaria_nao_ve_o_julgamento_do_recurso(client, julgamento_do_recurso):
    client.force_login(pessoa("bruno"))
    url = reverse("heteroidentificacao:parecer", args=[julgamento_do_recurso.pk])
    assert client.get(url).status_code == 404
