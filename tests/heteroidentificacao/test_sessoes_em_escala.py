"""A sessão na escala de um concurso de verdade (issue 29): chamar pela regra da própria página da
sessão (vendo antes quantos), a presença em lote (o presidente marca só os ausentes; a ata diz que
foi assim e por quem), a tela paginada com pendentes e concluídos, o andamento de cada membro e o
caminho de um candidato ao seguinte — sem que ninguém veja o voto de outro, nem um membro quem votou."""

import re

import pytest
from django.urls import reverse

from heteroidentificacao import pdf, services
from heteroidentificacao.models import Chamado, RegistroDeAuditoria
from tests.concursos.fabricas import edital, inscricao

from .fabricas import comissao, encerrar, pessoa, presidente, rh, sessao_aberta, todos, votar

pytestmark = pytest.mark.django_db

DO_BRUNO = "Bruno viu pele clara e cabelo liso."


def cargo_com(quantos: int):
    """Um cargo com ``quantos`` optantes por negros com a verificação pendente: N001, N002…"""
    cargo = edital(criado_por=rh()).cargos.get()
    for n in range(1, quantos + 1):
        inscricao(cargo, f"N{n:03d}", 50 + n % 40, nome=f"Candidata {n:03d} Souza", grupos={"negros": "pendente"})
    return cargo


@pytest.fixture
def aberta():
    """Sessão aberta da ordinária (Ana preside), com 30 optantes a chamar pela regra."""
    return sessao_aberta(comissao(cargo_com(30).edital))


@pytest.fixture
def chamada(aberta):
    services.chamar_candidatos(aberta, por=rh())
    return aberta


def url(nome, sessao, **params):
    caminho = reverse(f"heteroidentificacao:{nome}", args=[sessao.pk])
    return caminho + ("?" + "&".join(f"{k}={v}" for k, v in params.items()) if params else "")


def mensagens(resposta) -> list[str]:
    return [str(m) for m in resposta.context["messages"]]


# ---------------------------------------------------------------- chamar pela regra


def test_o_presidente_ve_quantos_a_regra_chama_e_confirma_na_pagina_da_sessao(client, aberta):
    client.force_login(presidente(aberta.comissao))
    assert url("chamar_candidatos", aberta) in client.get(url("sessao", aberta)).content.decode()
    previa = client.get(url("chamar_candidatos", aberta))
    assert "serão chamados <strong>30 candidatos</strong>" in previa.content.decode()
    assert not aberta.chamados.exists()  # a prévia não chama ninguém

    resposta = client.post(url("chamar_candidatos", aberta), {"quantos": "30"}, follow=True)
    assert mensagens(resposta) == ["30 candidatos chamados à sessão."]
    assert aberta.chamados.count() == 30
    assert RegistroDeAuditoria.objects.filter(acao="candidatos_chamados", usuario=presidente(aberta.comissao)).exists()


def test_se_a_lista_mudou_desde_a_previa_ninguem_e_chamado(client, aberta):
    client.force_login(presidente(aberta.comissao))
    resposta = client.post(url("chamar_candidatos", aberta), {"quantos": "12"}, follow=True)
    assert mensagens(resposta) == ["A lista mudou desde a prévia: agora são 30. Confira e confirme de novo."]
    assert not aberta.chamados.exists()


def test_o_membro_nao_chama_candidatos(client, aberta):
    client.force_login(pessoa("bruno"))
    assert client.get(url("chamar_candidatos", aberta)).status_code == 403
    assert client.post(url("chamar_candidatos", aberta), {"quantos": "30"}).status_code == 403
    assert url("chamar_candidatos", aberta) not in client.get(url("sessao", aberta)).content.decode()
    assert not aberta.chamados.exists()


# ---------------------------------------------------------------- presença em lote


def marcar(client, sessao, busca):
    return client.post(url("presenca_em_lote", sessao), {"acao": "marcar", "busca": busca}, follow=True)


def test_presenca_em_lote_um_envio_por_ausente_e_um_para_confirmar(client, chamada):
    client.force_login(presidente(chamada.comissao))
    assert "30 sem presença" in client.get(url("sessao", chamada)).content.decode()
    pagina = client.get(url("presenca_em_lote", chamada)).content.decode()
    assert "ficarão <strong>30 presentes</strong> e <strong>0 ausentes</strong>" in pagina

    marcar(client, chamada, "N007 — Candidata 007 Souza")  # a opção da lista do navegador
    resposta = marcar(client, chamada, "candidata 012")  # pelo nome, sem maiúscula
    html = resposta.content.decode()
    assert "ficarão <strong>28 presentes</strong> e <strong>2 ausentes</strong>" in html
    assert "Inscrição N012 marcada como ausente." in mensagens(resposta)

    resposta = client.post(url("presenca_em_lote", chamada), {"acao": "confirmar"}, follow=True)
    assert mensagens(resposta)[-1] == "Presença registrada em lote: 28 presentes e 2 ausentes."
    ausentes = set(chamada.chamados.filter(compareceu=False).values_list("inscricao__numero", flat=True))
    assert ausentes == {"N007", "N012"}
    assert chamada.chamados.filter(compareceu=True, recusou_filmagem=False).count() == 28
    chamada.refresh_from_db()
    assert chamada.presenca_em_lote_por == presidente(chamada.comissao)
    registro = RegistroDeAuditoria.objects.get(acao="presenca_em_lote")
    assert registro.depois == {"presentes": 28, "ausentes": ["N007", "N012"]}


def test_busca_com_varios_candidatos_pede_qual_e_nao_marca_ninguem(client, chamada):
    client.force_login(presidente(chamada.comissao))
    resposta = marcar(client, chamada, "souza")
    html = resposta.content.decode()
    assert "Vários candidatos com “souza”" in html
    assert "ficarão <strong>30 presentes</strong> e <strong>0 ausentes</strong>" in html
    escolhido = chamada.chamados.get(inscricao__numero="N003")
    client.post(url("presenca_em_lote", chamada), {"acao": "marcar", "chamado": escolhido.pk})
    client.post(url("presenca_em_lote", chamada), {"acao": "confirmar"})
    assert list(chamada.chamados.filter(compareceu=False)) == [escolhido]


def test_busca_sem_resultado_diz_o_que_foi_digitado(client, chamada):
    client.force_login(presidente(chamada.comissao))
    resposta = marcar(client, chamada, "Zuleica")
    assert mensagens(resposta) == ["Nenhum candidato sem presença registrada com a inscrição ou o nome “Zuleica”."]


def test_presenca_em_lote_nao_muda_quem_ja_tem_presenca_registrada(client, chamada):
    ana = presidente(chamada.comissao)
    primeiro = chamada.chamados.get(inscricao__numero="N001")
    services.registrar_presenca(primeiro, compareceu=True, recusou_filmagem=True, por=ana)
    presentes, ausentes = services.registrar_presenca_em_lote(chamada, ausentes=[], por=ana)
    assert (presentes, ausentes) == (29, 0)
    primeiro.refresh_from_db()
    assert primeiro.recusou_filmagem  # a recusa registrada antes continua


def test_o_membro_nao_registra_a_presenca_em_lote(client, chamada):
    client.force_login(pessoa("bruno"))
    assert client.get(url("presenca_em_lote", chamada)).status_code == 403
    assert client.post(url("presenca_em_lote", chamada), {"acao": "confirmar"}).status_code == 403
    assert not chamada.chamados.exclude(compareceu=None).exists()


def test_a_ata_diz_que_a_presenca_foi_registrada_em_lote_e_por_quem():
    sessao = sessao_aberta(comissao(cargo_com(2).edital))
    services.chamar_candidatos(sessao, por=rh())
    ana = presidente(sessao.comissao)
    ausente = sessao.chamados.get(inscricao__numero="N002")
    services.registrar_presenca_em_lote(sessao, ausentes=[ausente.pk], por=ana)
    votar(sessao.chamados.get(inscricao__numero="N001"), **todos())
    encerrar(sessao)
    sessao.refresh_from_db()
    assert sessao.registro["sessao"]["presenca_em_lote"]["por"] == "Ana"
    ata = pdf.contexto_da_ata(sessao)
    assert ata["presenca_em_lote"].startswith("registrada em lote em ")
    assert ata["presenca_em_lote"].endswith(
        "por Ana: marcados os ausentes, os demais candidatos chamados registrados como presentes"
    )


# ---------------------------------------------------------------- a tela paginada e o próximo


def votar_pela_tela(client, chamado, voto="confirma", fundamentacao=""):
    endereco = reverse("heteroidentificacao:parecer", args=[chamado.pk])
    return client.post(endereco, {"voto": voto, "fundamentacao": fundamentacao})


@pytest.fixture
def presentes(chamada):
    services.registrar_presenca_em_lote(chamada, ausentes=[], por=presidente(chamada.comissao))
    return chamada


def numeros(resposta) -> list[str]:
    return [linha["numero"] for linha in resposta.context["candidatos"]]


def test_a_tela_pagina_os_candidatos_e_filtra_pendentes_e_concluidos_do_proprio_membro(client, presentes):
    client.force_login(pessoa("bruno"))
    primeira = client.get(url("sessao", presentes))
    assert numeros(primeira) == [f"N{n:03d}" for n in range(1, 26)]
    assert "Página 1 de 2" in primeira.content.decode()
    assert numeros(client.get(url("sessao", presentes, pagina=2))) == [f"N{n:03d}" for n in range(26, 31)]
    assert "Meu andamento: <strong>0 de 30 pareceres registrados</strong>" in primeira.content.decode()

    for chamado in presentes.chamados.filter(inscricao__numero__in=["N001", "N002"]):
        votar_pela_tela(client, chamado)
    pendentes = client.get(url("sessao", presentes, filtro="pendentes"))
    assert numeros(pendentes)[0] == "N003" and pendentes.context["tela"]["total"] == 28
    assert numeros(client.get(url("sessao", presentes, filtro="concluidos"))) == ["N001", "N002"]
    assert "Meu andamento: <strong>2 de 30 pareceres registrados</strong>" in pendentes.content.decode()
    assert numeros(client.get(url("sessao", presentes, q="candidata 017"))) == ["N017"]


def test_depois_do_parecer_o_membro_vai_ao_proximo_que_ainda_nao_julgou(client, presentes):
    client.force_login(pessoa("bruno"))
    n1, n2, n3 = presentes.chamados.filter(inscricao__numero__in=["N001", "N002", "N003"]).order_by("inscricao__numero")
    votar_pela_tela(client, n2)
    resposta = votar_pela_tela(client, n1)
    assert resposta["Location"] == reverse("heteroidentificacao:parecer", args=[n3.pk])  # N002 já é dele
    # Alterar o próprio parecer deixa o membro no mesmo candidato.
    resposta = votar_pela_tela(client, n1, "nao_confirma", DO_BRUNO)
    assert resposta["Location"] == reverse("heteroidentificacao:parecer", args=[n1.pk])


# ---------------------------------------------------------------- o sigilo na escala


def html_sem_token(resposta) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", resposta.content.decode())


def lista_de_candidatos(resposta) -> str:
    """Da tela da sessão, a lista dos candidatos (a composição, acima dela, traz os nomes dos membros)."""
    return html_sem_token(resposta).split('id="candidatos"')[1]


def test_o_membro_nao_ve_o_voto_nem_quem_votou_em_nenhum_filtro(client, presentes):
    """Bruno e Carla votaram em N001; Davi, que não votou, vê N001 como qualquer outro pendente:
    sem o nome dos colegas, sem "Já registraram", sem o voto, e N001 não está nos concluídos dele."""
    n1 = presentes.chamados.get(inscricao__numero="N001")
    services.registrar_parecer(n1, por=pessoa("bruno"), voto="nao_confirma", fundamentacao=DO_BRUNO)
    services.registrar_parecer(n1, por=pessoa("carla"), voto="confirma")
    client.force_login(pessoa("davi"))
    for filtro in ("todos", "pendentes", "concluidos"):
        html = lista_de_candidatos(client.get(url("sessao", presentes, filtro=filtro)))
        assert "Bruno" not in html and "Carla" not in html and "Já registraram" not in html
        assert DO_BRUNO not in html and "Não confirma" not in html and "nao_confirma" not in html
    assert "N001" in numeros(client.get(url("sessao", presentes, filtro="pendentes")))
    assert numeros(client.get(url("sessao", presentes, filtro="concluidos"))) == []
    parecer = html_sem_token(client.get(reverse("heteroidentificacao:parecer", args=[n1.pk])))
    assert DO_BRUNO not in parecer and "Bruno" not in parecer and "Carla" not in parecer


def test_o_presidente_ve_quem_votou_e_nunca_como(client, presentes):
    n1 = presentes.chamados.get(inscricao__numero="N001")
    services.registrar_parecer(n1, por=pessoa("bruno"), voto="nao_confirma", fundamentacao=DO_BRUNO)
    services.registrar_parecer(n1, por=pessoa("carla"), voto="confirma")
    client.force_login(presidente(presentes.comissao))
    for filtro in ("todos", "pendentes"):
        html = lista_de_candidatos(client.get(url("sessao", presentes, filtro=filtro)))
        assert "Já registraram: Bruno, Carla" in html
        assert DO_BRUNO not in html and "Não confirma" not in html and "nao_confirma" not in html
        assert "Confirma a autodeclaração" not in html
    parecer = html_sem_token(client.get(reverse("heteroidentificacao:parecer", args=[n1.pk])))
    assert DO_BRUNO not in parecer
    assert parecer.count("Não confirma a autodeclaração") == 1  # só a opção do formulário dela


def test_a_presenca_em_lote_e_a_tela_nao_levam_o_voto_a_url_nem_a_trilha(client, presentes):
    n1 = presentes.chamados.get(inscricao__numero="N001")
    client.force_login(pessoa("bruno"))
    resposta = votar_pela_tela(client, n1, "nao_confirma", DO_BRUNO)
    assert "confirma" not in resposta["Location"]
    client.force_login(presidente(presentes.comissao))
    html = html_sem_token(client.get(url("sessao", presentes)))
    for endereco in re.findall(r'href="([^"]*)"', html):
        assert "voto" not in endereco and "confirma" not in endereco
    lote = RegistroDeAuditoria.objects.get(acao="presenca_em_lote")
    assert "voto" not in str(lote.antes) + str(lote.depois)
    assert Chamado.objects.filter(sessao=presentes, compareceu=True).count() == 30
