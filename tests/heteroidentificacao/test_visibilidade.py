"""O que cada membro vê nas telas: até o encerramento, só o próprio parecer (nem no HTML os dos
outros, nem depois de votar, nem o presidente); o presidente acompanha quem votou, nunca como;
encerrada a sessão, os pareceres com os nomes; e a comissão recursal vê as razões, a gravação e as
fundamentações sem nomes e fora da ordem de registro."""

from datetime import date

import pytest
from django.urls import reverse

from heteroidentificacao import consultas, services
from heteroidentificacao.models import Comissao, Sessao
from tests.concursos.fabricas import inscricao

from .fabricas import chamar, comissao, motivar, pessoa, rh, sessao_aberta, votar

pytestmark = pytest.mark.django_db

DO_BRUNO = "Bruno viu pele clara, cabelo liso e nariz afilado."
DO_CARLA = "Carla registrou traços que não são de pessoa negra."
RAZOES = "Sou pardo; peço a revisão pela gravação do procedimento."
GRAVACAO = "https://gravacoes.cariacica.test/sessao-ordinaria-1"


@pytest.fixture
def sessao(cargo):
    """A sessão aberta da comissão ordinária sem suplentes."""
    return sessao_aberta(comissao(cargo.edital))


@pytest.fixture
def chamado(chamado):
    """N1 presente, com os pareceres de Bruno e Carla (não confirmam)."""
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
    assert "só aparecem depois do encerramento da sessão" in html


def test_depois_do_proprio_parecer_o_membro_continua_sem_ver_os_dos_outros(client, chamado):
    client.force_login(pessoa("davi"))
    url = reverse("heteroidentificacao:parecer", args=[chamado.pk])
    resposta = client.post(url, {"voto": "confirma", "fundamentacao": ""}, follow=True)
    html = resposta.content.decode()
    assert DO_BRUNO not in html and DO_CARLA not in html
    assert resposta.context["outros"] == []
    assert "só aparecem depois do encerramento da sessão" in html
    assert "Agora você vê os pareceres dos outros" not in html
    assert [str(m) for m in resposta.context["messages"]] == [
        "Parecer registrado. Você pode alterá-lo enquanto a sessão estiver aberta; os pareceres dos outros "
        "membros só aparecem depois do encerramento."
    ]


def test_quem_ja_votou_altera_o_proprio_parecer_sem_ter_visto_os_dos_outros(client, chamado):
    votar(chamado, davi="confirma")
    html = pagina_do_parecer(client, "davi", chamado)
    assert "Alterar meu parecer" in html and DO_BRUNO not in html
    url = reverse("heteroidentificacao:parecer", args=[chamado.pk])
    client.post(url, {"voto": "nao_confirma", "fundamentacao": "Pele clara."})
    assert chamado.pareceres.get(membro__usuario__username="davi").voto == "nao_confirma"


def test_o_presidente_que_ja_votou_tambem_nao_ve_os_pareceres_dos_outros(client, chamado):
    votar(chamado, ana="confirma")
    html = pagina_do_parecer(client, "ana", chamado)
    assert DO_BRUNO not in html and DO_CARLA not in html
    assert html.count("Não confirma a autodeclaração") == 1  # só como opção do formulário de alteração


def test_pareceres_visiveis_antes_do_encerramento_sao_so_o_proprio(chamado):
    votar(chamado, davi="confirma")
    assert [p.membro.usuario.username for p in consultas.pareceres_visiveis(chamado, pessoa("davi"))] == ["davi"]
    assert consultas.pareceres_visiveis(chamado, pessoa("elisa")) == []


def test_depois_do_encerramento_os_nomes_dos_autores_aparecem(client, cargo, sessao, chamado):
    votar(chamado, ana="confirma", davi="confirma", elisa="confirma")
    services.encerrar_sessao(sessao, por=pessoa("ana"))
    html = pagina_do_parecer(client, "elisa", chamado)  # a sessão acabou: os nomes dos outros aparecem
    assert DO_BRUNO in html and DO_CARLA in html
    assert "Bruno · " in html and "Carla · " in html


def test_na_sessao_aberta_o_presidente_ve_quem_votou_e_nao_como(client, sessao, chamado):
    votar(chamado, ana="confirma")
    client.force_login(pessoa("ana"))
    resposta = client.get(reverse("heteroidentificacao:sessao", args=[sessao.pk]))
    (linha,) = resposta.context["candidatos"]
    assert linha["n_pareceres"] == 3 and linha["placar"] == ""
    assert linha["votantes"] == ["Ana", "Bruno", "Carla"]
    candidato = resposta.content.decode().split('id="chamado-')[1]  # o cartão do candidato
    assert "Pareceres registrados: <strong>3</strong> de 5" in candidato
    assert "Já registraram: Ana, Bruno, Carla" in candidato
    assert "1 a 2" not in candidato and "Não confirma" not in candidato and "Não confirmado" not in candidato


def test_membro_que_nao_preside_nao_ve_a_contagem_de_votos(client, sessao, chamado):
    client.force_login(pessoa("davi"))
    (linha,) = client.get(reverse("heteroidentificacao:sessao", args=[sessao.pk])).context["candidatos"]
    assert linha["n_pareceres"] is None and linha["votantes"] == []


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
    """N1 não confirmado (Bruno, Carla e Davi, 2 a 3), recurso registrado e posto na pauta da recursal."""
    votar(chamado, davi="nao_confirma", ana="confirma", elisa="confirma")
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


def test_ajuda_da_fundamentacao_na_recursal_fala_da_gravacao_e_nao_da_sessao(client, julgamento_do_recurso):
    html = pagina_do_parecer(client, "igor", julgamento_do_recurso)
    assert "observadas na sessão" not in html
    assert "observadas na gravação do procedimento, considerando os pareceres da comissão ordinária" in html


def test_ajuda_da_fundamentacao_na_ordinaria_continua_a_da_sessao(client, chamado):
    assert "fenotípicas observadas na sessão" in pagina_do_parecer(client, "davi", chamado)


def test_recursal_recebe_os_pareceres_da_ordinaria_pelo_voto_e_nao_pela_ordem_de_registro(client, cargo, sessao):
    """Registrados na ordem Bruno (confirma), Carla (não), Davi (confirma), Elisa (não), Ana (não): a
    recursal os recebe agrupados pelo voto, não na ordem da trilha de auditoria."""
    chamado = chamar(sessao, cargo.inscricoes.get(numero="N1"))
    services.registrar_parecer(chamado, por=pessoa("bruno"), voto="confirma", fundamentacao="")
    services.registrar_parecer(chamado, por=pessoa("carla"), voto="nao_confirma", fundamentacao=DO_CARLA)
    services.registrar_parecer(chamado, por=pessoa("davi"), voto="confirma", fundamentacao="")
    services.registrar_parecer(chamado, por=pessoa("elisa"), voto="nao_confirma", fundamentacao=DO_BRUNO)
    services.registrar_parecer(chamado, por=pessoa("ana"), voto="nao_confirma", fundamentacao=DO_CARLA + " Idem.")
    motivar(chamado)
    Sessao.objects.filter(pk=sessao.pk).update(gravacao=GRAVACAO)
    services.encerrar_sessao(sessao, por=pessoa("ana"))
    chamado.refresh_from_db()  # 2 a 3: não confirmado (a maioria dos membros)
    recurso = services.registrar_recurso(chamado, texto=RAZOES, por=rh())
    recursal = sessao_aberta(comissao(cargo.edital, tipo=Comissao.RECURSAL))
    julgamento = services.chamar_recurso(recurso, recursal, por=rh())
    client.force_login(pessoa("igor"))
    resposta = client.get(reverse("heteroidentificacao:parecer", args=[julgamento.pk]))
    votos = [p["voto"] for p in resposta.context["recurso"]["pareceres"]]
    assert votos == ["Confirma a autodeclaração"] * 2 + ["Não confirma a autodeclaração"] * 3
