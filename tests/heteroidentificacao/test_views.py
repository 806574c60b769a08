"""Telas da comissão pelo cliente de teste: minhas sessões, sessão, parecer, presença, abertura e
encerramento, com quem pode o quê (404 para quem não é da comissão, 403 para quem não preside)."""

import re
from datetime import date

import pytest
from django.urls import reverse

from concursos.models import OpcaoDeGrupo
from heteroidentificacao import services
from heteroidentificacao.models import Chamado, HistoricoDeParecer, Parecer, Sessao
from tests.concursos.fabricas import inscricao

from .fabricas import FUNDAMENTACAO, chamar, pessoa, rh, sessao_aberta, todos, votar

pytestmark = pytest.mark.django_db

TABLET = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"


def entrar(client, nome):
    client.force_login(pessoa(nome))
    return client


def url_da_sessao(sessao, acao="sessao"):
    return reverse(f"heteroidentificacao:{acao}", args=[sessao.pk])


def url_do_parecer(chamado):
    return reverse("heteroidentificacao:parecer", args=[chamado.pk])


def votar_pela_tela(client, chamado, voto="confirma", fundamentacao=""):
    return client.post(url_do_parecer(chamado), {"voto": voto, "fundamentacao": fundamentacao}, follow=True)


def mensagens(resposta) -> list[str]:
    return [str(m) for m in resposta.context["messages"]]


def planejada(comissao_):
    return services.criar_sessao(comissao_, inicio=comissao_.edital.criado_em, por=rh(), local="Sala 3")


# — Minhas sessões —


def test_minhas_sessoes_exige_login(client):
    resposta = client.get(reverse("heteroidentificacao:minhas_sessoes"))
    assert resposta.status_code == 302
    assert resposta.url.startswith("/contas/entrar/?next=")


def test_minhas_sessoes_mostra_so_as_sessoes_das_comissoes_do_usuario(client, sessao, recursal):
    da_recursal = sessao_aberta(recursal)
    resposta = entrar(client, "bruno").get(reverse("heteroidentificacao:minhas_sessoes"))
    assert [s["pk"] for s in resposta.context["sessoes"]] == [sessao.pk]
    assert url_da_sessao(sessao) in resposta.content.decode()
    assert url_da_sessao(da_recursal) not in resposta.content.decode()


def test_suplente_tambem_ve_as_sessoes_da_comissao(client, sessao):
    resposta = entrar(client, "fabio").get(reverse("heteroidentificacao:minhas_sessoes"))
    assert [s["pk"] for s in resposta.context["sessoes"]] == [sessao.pk]


def test_quem_nao_e_membro_de_comissao_ve_a_lista_vazia_e_nao_um_erro(client, sessao):
    resposta = entrar(client, "visitante").get(reverse("heteroidentificacao:minhas_sessoes"))
    assert resposta.status_code == 200
    assert resposta.context["sessoes"] == []
    assert "Nenhuma sessão para você" in resposta.content.decode()


def test_minhas_sessoes_conta_nao_julgados_meus_pareceres_e_decididos(client, cargo, sessao, chamado):
    chamar(sessao, cargo.inscricoes.get(numero="N2"))
    votar(chamado, bruno="confirma")
    (linha,) = entrar(client, "bruno").get(reverse("heteroidentificacao:minhas_sessoes")).context["sessoes"]
    assert (linha["nao_julgados"], linha["meus"], linha["decididos"]) == (1, 1, 0)


def test_sessao_encerrada_conta_todos_como_decididos(client, cargo, sessao, chamado):
    chamar(sessao, cargo.inscricoes.get(numero="N2"), compareceu=False)
    votar(chamado, **todos("confirma"))
    services.encerrar_sessao(sessao, por=pessoa("ana"))
    (linha,) = entrar(client, "bruno").get(reverse("heteroidentificacao:minhas_sessoes")).context["sessoes"]
    assert (linha["nao_julgados"], linha["meus"], linha["decididos"]) == (0, 0, 2)


# — Quem não é da comissão: 404 em tudo —


@pytest.mark.parametrize("nome", ["helena", "visitante"])
def test_quem_nao_e_da_comissao_recebe_404_na_sessao_no_parecer_e_nos_posts(client, recursal, sessao, chamado, nome):
    entrar(client, nome)
    assert client.get(url_da_sessao(sessao)).status_code == 404
    assert client.get(url_do_parecer(chamado)).status_code == 404
    assert client.get(url_da_sessao(sessao, "encerrar_sessao")).status_code == 404
    assert client.post(url_do_parecer(chamado), {"voto": "confirma"}).status_code == 404
    assert client.post(url_da_sessao(sessao, "abrir_sessao")).status_code == 404
    assert client.post(url_da_sessao(sessao, "encerrar_sessao")).status_code == 404
    presenca = reverse("heteroidentificacao:registrar_presenca", args=[chamado.pk])
    assert client.post(presenca, {"presenca": "ausente"}).status_code == 404
    assert not Parecer.objects.exists()
    assert Sessao.objects.get(pk=sessao.pk).status == Sessao.ABERTA


def test_sessao_inexistente_e_404_como_a_de_outra_comissao(client, sessao):
    assert entrar(client, "ana").get(reverse("heteroidentificacao:sessao", args=[sessao.pk + 99])).status_code == 404


def test_anonimo_vai_para_o_login_e_nao_ve_a_sessao(client, sessao):
    resposta = client.get(url_da_sessao(sessao))
    assert resposta.status_code == 302 and resposta.url.startswith("/contas/entrar/")


# — Página da sessão —


def test_sessao_mostra_so_numero_e_nome_de_uso_sem_nota_cpf_nem_nascimento(client, cargo, sessao, chamado):
    mara = inscricao(
        cargo, "N3", "87.654", nome="Maria Civil da Silva", nascimento=date(1987, 6, 23), grupos={"negros": "pendente"}
    )
    mara.candidato.nome_social = "Mara Social"
    mara.candidato.save()
    chamar(sessao, mara)
    html = entrar(client, "ana").get(url_da_sessao(sessao)).content.decode()
    assert "N3" in html and "Mara Social" in html
    assert "Maria Civil" not in html
    for registro in (mara, chamado.inscricao):
        candidato = registro.candidato
        for proibido in (candidato.cpf, candidato.cpf_formatado, candidato.cpf_mascarado, str(registro.nota)):
            assert proibido not in html
        assert str(registro.nota).replace(".", ",") not in html
    for proibido in ("87,65", "87.65", "23/06/1987", "1987-06-23", "01/01/1990", "1990-01-01", "CPF", "nota"):
        assert proibido not in html


def test_sessao_mostra_o_estado_de_cada_candidato_para_o_membro(client, cargo, sessao, chamado):
    outro = chamar(sessao, cargo.inscricoes.get(numero="N2"))
    votar(chamado, bruno="confirma")
    linhas = {
        c["numero"]: c["estado"] for c in entrar(client, "bruno").get(url_da_sessao(sessao)).context["candidatos"]
    }
    assert linhas == {"N1": "Meu parecer registrado", outro.inscricao.numero: "Não julgado por mim"}


def test_sessao_encerrada_mostra_a_decisao_de_cada_candidato(client, cargo, sessao, chamado):
    chamar(sessao, cargo.inscricoes.get(numero="N2"), compareceu=False)
    votar(chamado, **todos("nao_confirma", carla="confirma"))
    services.encerrar_sessao(sessao, por=pessoa("ana"))
    html = entrar(client, "davi").get(url_da_sessao(sessao)).content.decode()
    assert "Decidido: Não confirmado" in html
    assert "Decidido: Ausente" in html


def test_membro_que_nao_preside_nao_ve_os_botoes_do_presidente(client, ordinaria):
    planejada_ = planejada(ordinaria)
    html = entrar(client, "bruno").get(url_da_sessao(planejada_)).content.decode()
    assert "Abrir sessão" not in html and url_da_sessao(planejada_, "abrir_sessao") not in html
    assert "ainda não foi aberta pelo presidente" in html


# — Abrir e encerrar: só o presidente —


def test_so_o_presidente_abre_a_sessao(client, ordinaria):
    sessao = planejada(ordinaria)
    assert entrar(client, "bruno").post(url_da_sessao(sessao, "abrir_sessao")).status_code == 403
    assert Sessao.objects.get(pk=sessao.pk).status == Sessao.PLANEJADA
    resposta = entrar(client, "ana").post(url_da_sessao(sessao, "abrir_sessao"), follow=True)
    assert Sessao.objects.get(pk=sessao.pk).status == Sessao.ABERTA
    assert "Sessão aberta" in mensagens(resposta)[0]


def test_abrir_sessao_ja_aberta_e_recusado_com_mensagem(client, sessao):
    resposta = entrar(client, "ana").post(url_da_sessao(sessao, "abrir_sessao"), follow=True)
    assert mensagens(resposta) == ["A sessão não pode ser aberta: está aberta."]


def test_abrir_e_encerrar_so_por_post(client, sessao):
    entrar(client, "ana")
    assert client.get(url_da_sessao(sessao, "abrir_sessao")).status_code == 405
    assert client.get(url_da_sessao(sessao, "encerrar_sessao")).status_code == 200
    assert Sessao.objects.get(pk=sessao.pk).status == Sessao.ABERTA


def test_so_o_presidente_encerra_a_sessao(client, sessao, chamado):
    entrar(client, "bruno")
    assert client.get(url_da_sessao(sessao, "encerrar_sessao")).status_code == 403
    assert client.post(url_da_sessao(sessao, "encerrar_sessao")).status_code == 403
    assert Sessao.objects.get(pk=sessao.pk).status == Sessao.ABERTA


def test_confirmacao_do_encerramento_diz_a_consequencia_e_mostra_a_previa(client, cargo, sessao, chamado):
    ausente = chamar(sessao, cargo.inscricoes.get(numero="N2"), compareceu=False)
    votar(chamado, ana="confirma", bruno="confirma", carla="confirma", davi="nao_confirma")
    resposta = entrar(client, "ana").get(url_da_sessao(sessao, "encerrar_sessao"))
    html = resposta.content.decode()
    assert (
        "Depois de encerrar, nenhum parecer poderá ser registrado ou alterado; as decisões serão gravadas como "
        "resultado da heteroidentificação e só poderão ser revistas em recurso." in html
    )
    previa = {c["numero"]: (c["presenca"], c["votantes"], c["completo"]) for c in resposta.context["previa"]}
    assert previa == {
        "N1": ("Compareceu", ["Ana", "Bruno", "Carla", "Davi"], False),  # falta Elisa
        ausente.inscricao.numero: ("Não compareceu", [], False),
    }
    assert "4 de 5 (faltam 1)" in html and "Faltam pareceres" in html
    assert Sessao.objects.get(pk=sessao.pk).status == Sessao.ABERTA


def test_previa_do_encerramento_nao_mostra_placar_nem_decisao_provisoria(client, cargo, sessao, chamado):
    """O presidente que já votou abre a prévia: vê quem votou, nunca o placar nem a decisão."""
    pouco = chamar(sessao, cargo.inscricoes.get(numero="N2"))
    votar(chamado, ana="confirma", bruno="nao_confirma", carla="nao_confirma")
    votar(pouco, ana="confirma")
    resposta = entrar(client, "ana").get(url_da_sessao(sessao, "encerrar_sessao"))
    html = resposta.content.decode()
    for proibido in ("1 a 2", "2 a 1", "1 a 0", "Não confirmado", "Confirmado", "Pendente", "sem quórum", "Placar"):
        assert proibido not in html
    for linha in resposta.context["previa"]:
        assert not {"decisao", "placar", "motivo"} & set(linha)
    assert "Faltam pareceres" in html and "1 de 5 (faltam 4)" in html


def test_previa_avisa_quem_ainda_esta_sem_presenca(client, cargo, sessao):
    (sem_presenca,) = services.chamar_candidatos(sessao, [cargo.inscricoes.get(numero="N2")], por=rh())
    html = entrar(client, "ana").get(url_da_sessao(sessao, "encerrar_sessao")).content.decode()
    assert "Ainda falta registrar a presença de: inscrição N2" in html


def test_encerrar_grava_as_decisoes_na_opcao_do_grupo(client, cargo, sessao, chamado):
    ausente = chamar(sessao, cargo.inscricoes.get(numero="N2"), compareceu=False)
    votar(chamado, **todos("confirma"))
    resposta = entrar(client, "ana").post(url_da_sessao(sessao, "encerrar_sessao"), follow=True)
    assert "Sessão encerrada" in mensagens(resposta)[0]
    assert Sessao.objects.get(pk=sessao.pk).status == Sessao.ENCERRADA
    situacoes = dict(OpcaoDeGrupo.objects.filter(grupo="negros").values_list("inscricao__numero", "situacao"))
    assert situacoes == {"N1": "confirmado", ausente.inscricao.numero: "ausente"}


def test_encerrar_sem_presenca_registrada_e_recusado_com_mensagem(client, cargo, sessao):
    services.chamar_candidatos(sessao, [cargo.inscricoes.get(numero="N2")], por=rh())
    resposta = entrar(client, "ana").post(url_da_sessao(sessao, "encerrar_sessao"), follow=True)
    assert mensagens(resposta) == ["Registre a presença antes de encerrar: inscrições N2."]
    assert Sessao.objects.get(pk=sessao.pk).status == Sessao.ABERTA


# — Presença —


def test_qualquer_membro_registra_a_presenca_como_no_servico(client, cargo, sessao):
    (chamado,) = services.chamar_candidatos(sessao, [cargo.inscricoes.get(numero="N2")], por=rh())
    url = reverse("heteroidentificacao:registrar_presenca", args=[chamado.pk])
    resposta = entrar(client, "carla").post(url, {"presenca": "recusou_filmagem"})
    assert resposta.status_code == 302 and resposta.url.endswith(f"#chamado-{chamado.pk}")
    chamado.refresh_from_db()
    assert (chamado.compareceu, chamado.recusou_filmagem) == (True, True)


def test_ausencia_de_quem_ja_tem_parecer_e_recusada_com_mensagem(client, chamado):
    votar(chamado, ana="confirma")
    url = reverse("heteroidentificacao:registrar_presenca", args=[chamado.pk])
    resposta = entrar(client, "ana").post(url, {"presenca": "ausente"}, follow=True)
    assert mensagens(resposta) == ["Já há pareceres para este candidato: não é possível registrá-lo como ausente."]
    assert Chamado.objects.get(pk=chamado.pk).compareceu is True


# — Parecer —


def test_membro_registra_o_parecer_pela_tela(client, chamado):
    resposta = votar_pela_tela(entrar(client, "bruno"), chamado, "confirma")
    assert resposta.redirect_chain[-1][0] == url_do_parecer(chamado)
    assert Parecer.objects.get(chamado=chamado, membro__usuario__username="bruno").voto == "confirma"
    assert "Parecer registrado" in mensagens(resposta)[0]


def test_nao_confirma_sem_fundamentacao_e_recusado_com_a_mensagem(client, chamado):
    resposta = votar_pela_tela(entrar(client, "bruno"), chamado, "nao_confirma", "   ")
    assert resposta.status_code == 200
    assert "A fundamentação é obrigatória quando o parecer não confirma." in resposta.content.decode()
    assert resposta.context["form"].errors["fundamentacao"]
    assert not Parecer.objects.exists()


def test_parecer_em_sessao_encerrada_e_recusado_com_mensagem(client, sessao, chamado):
    votar(chamado, **todos("confirma"))
    services.encerrar_sessao(sessao, por=pessoa("ana"))
    resposta = votar_pela_tela(entrar(client, "davi"), chamado, "nao_confirma", FUNDAMENTACAO)
    assert mensagens(resposta) == [services.SESSAO_ENCERRADA]
    assert Parecer.objects.get(membro__usuario__username="davi").voto == "confirma"
    assert 'id="form-parecer"' not in resposta.content.decode()


def test_alterar_parecer_em_sessao_encerrada_e_recusado_com_mensagem(client, sessao, chamado):
    votar(chamado, **todos("confirma"))
    services.encerrar_sessao(sessao, por=pessoa("ana"))
    resposta = votar_pela_tela(entrar(client, "bruno"), chamado, "nao_confirma", FUNDAMENTACAO)
    assert mensagens(resposta) == [services.SESSAO_ENCERRADA]
    assert Parecer.objects.get(membro__usuario__username="bruno").voto == "confirma"


def test_parecer_em_sessao_planejada_e_recusado_com_mensagem(client, cargo, ordinaria):
    sessao = planejada(ordinaria)
    (chamado,) = services.chamar_candidatos(sessao, [cargo.inscricoes.get(numero="N1")], por=rh())
    resposta = votar_pela_tela(entrar(client, "bruno"), chamado, "confirma")
    assert mensagens(resposta) == ["A sessão ainda não foi aberta pelo presidente."]
    assert not Parecer.objects.exists()


def test_parecer_antes_da_presenca_e_recusado_com_mensagem(client, cargo, sessao):
    (chamado,) = services.chamar_candidatos(sessao, [cargo.inscricoes.get(numero="N2")], por=rh())
    resposta = votar_pela_tela(entrar(client, "bruno"), chamado, "confirma")
    assert "Registre a presença do candidato antes dos pareceres" in mensagens(resposta)[0]
    assert not Parecer.objects.exists()


def test_alterar_o_proprio_parecer_guarda_o_historico(client, chamado):
    entrar(client, "bruno")
    votar_pela_tela(client, chamado, "confirma")
    resposta = votar_pela_tela(client, chamado, "nao_confirma", "Pele clara e cabelo liso observados na sessão.")
    assert "Parecer alterado" in mensagens(resposta)[0]
    parecer = Parecer.objects.get(membro__usuario__username="bruno")
    assert parecer.voto == "nao_confirma"
    versoes = list(HistoricoDeParecer.objects.filter(parecer=parecer).values_list("voto", flat=True))
    assert versoes == ["confirma", "nao_confirma"]
    html = resposta.content.decode()
    assert "Histórico do meu parecer" in html
    assert html.count("Confirma a autodeclaração") >= 2  # a versão antiga no histórico e a opção do formulário


def test_repetir_o_mesmo_parecer_nao_cria_versao(client, chamado):
    entrar(client, "bruno")
    votar_pela_tela(client, chamado, "confirma")
    resposta = votar_pela_tela(client, chamado, "confirma")
    assert mensagens(resposta) == ["Nada mudou: o seu parecer continua o mesmo."]
    assert HistoricoDeParecer.objects.count() == 1


def test_formulario_traz_a_nota_do_fenotipo_e_a_fundamentacao(client, chamado):
    html = entrar(client, "bruno").get(url_do_parecer(chamado)).content.decode()
    assert "Análise só pelo fenótipo" in html
    assert "cor da pele, textura do cabelo e traços faciais" in html
    assert "Não se consideram documentos, fotos, certidões nem ascendência" in html
    assert 'name="fundamentacao"' in html and 'data-obrigatoria-se="nao_confirma"' in html
    assert "Confirma a autodeclaração" in html and "Não confirma a autodeclaração" in html


# — Tablet, login e saída —


def test_paginas_respondem_200_num_tablet(client, sessao, chamado):
    entrar(client, "ana")
    for url in (
        reverse("heteroidentificacao:minhas_sessoes"),
        url_da_sessao(sessao),
        url_do_parecer(chamado),
        url_da_sessao(sessao, "encerrar_sessao"),
    ):
        resposta = client.get(url, HTTP_USER_AGENT=TABLET)
        assert resposta.status_code == 200, url
        html = resposta.content.decode()
        assert 'name="viewport"' in html
        assert "/static/vendor/bootstrap/css/bootstrap.min.css" in html
        # Nada de fora (CDN): todo src/href é do próprio site. (Procurar "cdn" no HTML falhava quando
        # o token CSRF sorteado continha essas letras.)
        assert not re.search(r'(?:src|href)="(?:https?:)?//', html), url
        assert "<script>" not in html  # nada de script inline


def test_login_leva_o_membro_as_suas_sessoes(client, sessao):
    usuario = pessoa("bruno")
    usuario.set_password("senha-de-teste-1")
    usuario.save()
    assert client.get("/contas/entrar/").status_code == 200
    resposta = client.post("/contas/entrar/", {"username": "bruno", "password": "senha-de-teste-1"})
    assert resposta.status_code == 302 and resposta.url == "/heteroidentificacao/"


def test_sair_e_por_post_e_volta_ao_login(client, sessao):
    html = entrar(client, "bruno").get(reverse("heteroidentificacao:minhas_sessoes")).content.decode()
    assert 'action="/contas/sair/"' in html
    resposta = client.post("/contas/sair/")
    assert resposta.status_code == 302 and resposta.url == "/contas/entrar/"
    assert client.get(reverse("heteroidentificacao:minhas_sessoes")).status_code == 302
