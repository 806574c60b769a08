"""Decisão da heteroidentificação depois da publicação do resultado (docs/REGRAS.md §§ 8 e 9): não
reescreve a opção publicada; vira um evento de revisão de verificação, com a ata da sessão como
documento, a data do encerramento e quem encerrou, e gera a nova versão do resultado."""

from datetime import date

import pytest
from django.urls import reverse
from django.utils import timezone

from concursos import services as servicos_de_concursos
from concursos.atos import Ato
from concursos.models import Evento, OpcaoDeGrupo, PosicaoVigente
from heteroidentificacao import services
from heteroidentificacao.models import Comissao

from .fabricas import cargo_com_cotistas, comissao, encerrar, julgar, pessoa, rh, sessao_aberta, todos, votar

pytestmark = pytest.mark.django_db
RAZOES = "Sou pardo; peço a revisão pela gravação do procedimento."


@pytest.fixture
def publicado_e_n1():
    """N1 (85) não confirmado e N2 (80) confirmado pela comissão ordinária; o resultado publicado
    chama A, B, N2 (3ª vaga, negros), C e P."""
    cargo = cargo_com_cotistas()
    sessao = sessao_aberta(comissao(cargo.edital))
    nao = {"ana": "confirma", "bruno": "nao_confirma", "carla": "nao_confirma", "davi": "nao_confirma"}
    chamado_n1 = julgar(sessao, cargo.inscricoes.get(numero="N1"), **nao, elisa="nao_confirma")
    julgar(sessao, cargo.inscricoes.get(numero="N2"), **todos("confirma"))
    encerrar(sessao)
    resultado = servicos_de_concursos.gerar_resultado(cargo, por=rh())
    servicos_de_concursos.publicar_resultado(resultado, por=rh())
    assert [p.inscricao for p in resultado.saida_do_motor.ordem_vigente] == ["A", "B", "N2", "C", "P"]
    chamado_n1.refresh_from_db()
    return cargo, chamado_n1


def test_recurso_provido_depois_da_publicacao_vira_evento_de_verificacao_e_convoca_na_hora(publicado_e_n1):
    cargo, chamado_n1 = publicado_e_n1
    recurso = services.registrar_recurso(chamado_n1, texto=RAZOES, por=rh())
    sessao = sessao_aberta(comissao(cargo.edital, tipo=Comissao.RECURSAL))
    votar(services.chamar_recurso(recurso, sessao, por=rh()), helena="confirma", igor="confirma", joana="nao_confirma")
    encerrar(sessao)

    evento = Evento.objects.get(cargo=cargo)
    assert (evento.tipo, evento.inscricao.numero, evento.grupo, evento.situacao) == (
        "verificacao", "N1", "negros", "confirmado"
    )  # fmt: skip
    assert evento.documento == f"Ata da sessão nº {sessao.pk} da comissão recursal"
    assert (evento.data_do_ato, evento.registrado_por) == (timezone.localdate(), pessoa("helena"))
    # A opção publicada não muda: a revisão vale a partir do evento.
    assert OpcaoDeGrupo.objects.get(inscricao__numero="N1", grupo="negros").situacao == "nao_confirmado"
    versao = cargo.resultados.order_by("-versao").first()
    assert versao.versao == 2 and versao.evento == evento
    saida = versao.saida_do_motor
    # N1 passa à frente de N2 na lista de negros e é convocado na hora, além das 5 vagas (Súmula 15
    # do STF); N2, já convocado, é mantido na vaga (docs/REGRAS.md §8).
    assert [(c.inscricao, c.vaga, c.posicao) for c in saida.convocacoes if c.evento == 1] == [("N1", "negros", 6)]
    assert [(m.inscricao, m.vaga) for m in saida.mantidos] == [("N2", "negros")]


def test_recurso_negado_depois_da_publicacao_nao_registra_evento(publicado_e_n1):
    cargo, chamado_n1 = publicado_e_n1
    recurso = services.registrar_recurso(chamado_n1, texto=RAZOES, por=rh())
    sessao = sessao_aberta(comissao(cargo.edital, tipo=Comissao.RECURSAL))
    votar(
        services.chamar_recurso(recurso, sessao, por=rh()), helena="confirma", igor="nao_confirma", joana="nao_confirma"
    )
    encerrar(sessao)
    assert not Evento.objects.filter(cargo=cargo).exists() and cargo.resultados.count() == 1


def test_declaracao_falsa_de_quem_nao_foi_nomeado_depois_da_publicacao_vira_evento(rh_publicou_n1_e_n2):
    """Apuração procedente contra N2 (confirmado, ainda não convocado) num cargo publicado: a opção
    fica como foi publicada e a eliminação entra como revisão de verificação, datada da decisão."""
    cargo = rh_publicou_n1_e_n2
    processo = services.instaurar_apuracao(
        cargo.inscricoes.get(numero="N2"), numero="PA 2025/0042", fatos=RAZOES, instaurado_em=date(2025, 6, 2), por=rh()
    )
    processo = services.notificar(processo, notificado_em=date(2025, 6, 3), dias_para_defesa=10, por=rh())
    decidido = services.decidir_apuracao(
        processo, decisao="procedente", fundamentacao="Má-fé comprovada.", decidido_em=date(2025, 6, 14), por=rh()
    )
    evento = Evento.objects.get(cargo=cargo)
    assert (evento.tipo, evento.inscricao.numero, evento.situacao, evento.documento, evento.data_do_ato) == (
        "verificacao", "N2", "declaracao_falsa", "PA 2025/0042", date(2025, 6, 14)
    )  # fmt: skip
    assert decidido.evento.evento == evento and "N2" in decidido.evento.resultado.saida["eliminados"]
    assert OpcaoDeGrupo.objects.get(inscricao__numero="N2", grupo="negros").situacao == "confirmado"


@pytest.fixture
def rh_publicou_n1_e_n2():
    """N1 (85) e N2 (80) confirmados; publicado: N1 na 3ª vaga (negros), N2 esperando."""
    cargo = cargo_com_cotistas()
    sessao = sessao_aberta(comissao(cargo.edital))
    for numero in ("N1", "N2"):
        julgar(sessao, cargo.inscricoes.get(numero=numero), **todos("confirma"))
    encerrar(sessao)
    servicos_de_concursos.publicar_resultado(servicos_de_concursos.gerar_resultado(cargo, por=rh()), por=rh())
    return cargo


def test_recurso_de_quem_ja_desistiu_encerra_a_sessao_sem_evento_e_sem_mudar_o_resultado(publicado_e_n1):
    """Quem saiu do concurso não volta por uma revisão (docs/REGRAS.md §8): a decisão fica na ata e o
    encerramento da sessão não falha por causa dele."""
    cargo, chamado_n1 = publicado_e_n1
    n1 = cargo.inscricoes.get(numero="N1")
    servicos_de_concursos.registrar_desistencia(
        n1, ato=Ato(documento="Req. 3/2025", data_do_ato=date.today()), por=rh()
    )
    versoes = cargo.resultados.count()
    recurso = services.registrar_recurso(chamado_n1, texto=RAZOES, por=rh())
    sessao = sessao_aberta(comissao(cargo.edital, tipo=Comissao.RECURSAL))
    chamado = services.chamar_recurso(recurso, sessao, por=rh())
    votar(chamado, helena="confirma", igor="confirma", joana="nao_confirma")
    encerrar(sessao)

    sessao.refresh_from_db()
    assert sessao.encerrada_em is not None
    assert list(Evento.objects.filter(cargo=cargo).values_list("tipo", flat=True)) == ["desistencia"]
    assert cargo.resultados.count() == versoes


def test_encerrar_a_sessao_depois_da_publicacao_atualiza_quem_esta_convocado_e_onde(publicado_e_n1):
    """A busca do formulário de evento lê ``PosicaoVigente``: depois do encerramento, é a ordem vigente
    da versão nova (N1 convocado na 6ª vaga)."""
    cargo, chamado_n1 = publicado_e_n1
    recurso = services.registrar_recurso(chamado_n1, texto=RAZOES, por=rh())
    sessao = sessao_aberta(comissao(cargo.edital, tipo=Comissao.RECURSAL))
    votar(services.chamar_recurso(recurso, sessao, por=rh()), helena="confirma", igor="confirma", joana="nao_confirma")
    encerrar(sessao)
    ultima = cargo.resultados.order_by("-versao").first()
    gravadas = PosicaoVigente.objects.filter(cargo=cargo).values_list("inscricao", "posicao", "vaga", "resultado")
    assert sorted(gravadas) == sorted(
        (p.inscricao, p.posicao, p.vaga, ultima.pk) for p in ultima.saida_do_motor.ordem_vigente if p.inscricao
    )
    assert ("N1", 6, "negros", ultima.pk) in gravadas


def test_sessao_encerrada_depois_da_publicacao_faz_uma_versao_so_com_um_evento_por_decisao():
    """N1 e N2 não confirmados, resultado publicado; a recursal confirma os dois numa sessão: dois
    eventos de verificação (na ordem da lista geral publicada: N1, 85, antes de N2, 80) e UMA versão."""
    cargo = cargo_com_cotistas()
    sessao = sessao_aberta(comissao(cargo.edital))
    nao = {nome: "nao_confirma" for nome in ("ana", "bruno", "carla", "davi", "elisa")}
    chamados = [julgar(sessao, cargo.inscricoes.get(numero=n), **nao) for n in ("N2", "N1")]
    encerrar(sessao)
    servicos_de_concursos.publicar_resultado(servicos_de_concursos.gerar_resultado(cargo, por=rh()), por=rh())
    recursal = sessao_aberta(comissao(cargo.edital, tipo=Comissao.RECURSAL))
    for chamado in chamados:
        chamado.refresh_from_db()
        recurso = services.registrar_recurso(chamado, texto=RAZOES, por=rh())
        votar(
            services.chamar_recurso(recurso, recursal, por=rh()), helena="confirma", igor="confirma", joana="confirma"
        )
    encerrar(recursal)

    eventos = Evento.objects.filter(cargo=cargo).order_by("id")
    assert [(e.inscricao.numero, e.situacao) for e in eventos] == [("N1", "confirmado"), ("N2", "confirmado")]
    assert {e.documento for e in eventos} == {f"Ata da sessão nº {recursal.pk} da comissão recursal"}
    assert cargo.resultados.count() == 2
    versao = cargo.resultados.order_by("-versao").first()
    assert versao.evento == eventos.last()
    assert [e["inscricao"] for e in versao.cenario["eventos"]] == ["N1", "N2"]


# — Quem muda, na confirmação do encerramento —


def _encerrar_pela_tela(client, sessao, nome):
    client.force_login(pessoa(nome))
    return client.post(reverse("heteroidentificacao:encerrar_sessao", args=[sessao.pk]), follow=True)


def test_depois_de_encerrar_o_presidente_ve_quem_a_sessao_moveu_no_resultado(client, publicado_e_n1):
    """O recurso provido convoca N1 na hora (6ª posição, negros) e mantém N2: a página que segue o
    encerramento diz isso por cargo, com a versão nova e a decisão que causou cada mudança."""
    cargo, chamado_n1 = publicado_e_n1
    recurso = services.registrar_recurso(chamado_n1, texto=RAZOES, por=rh())
    sessao = sessao_aberta(comissao(cargo.edital, tipo=Comissao.RECURSAL))
    votar(services.chamar_recurso(recurso, sessao, por=rh()), helena="confirma", igor="confirma", joana="nao_confirma")

    resposta = _encerrar_pela_tela(client, sessao, "helena")
    assert resposta.redirect_chain == [(reverse("heteroidentificacao:encerrar_sessao", args=[sessao.pk]), 302)]
    (movido,) = resposta.context["cargos"]
    assert (movido["cargo"], movido["versao"]) == (cargo, 2)
    assert [(c["inscricao"], c["posicao"], c["vaga"], c["por"]) for c in movido["convocados"]] == [
        ("N1", 6, "Negros", "N1")
    ]
    assert [(m["inscricao"], m["vaga"], m["por"]) for m in movido["mantidos"]] == [("N2", "Negros", "N1")]
    assert movido["reclassificados"] == [] and movido["saem"] == []
    html = resposta.content.decode()
    assert "Quem muda no resultado" in html and "Quem passa a ser convocado" in html
    assert "Sessão encerrada: as decisões foram gravadas." in html


def test_quem_muda_nao_aparece_para_o_membro_que_nao_preside(client, publicado_e_n1):
    cargo, chamado_n1 = publicado_e_n1
    recurso = services.registrar_recurso(chamado_n1, texto=RAZOES, por=rh())
    sessao = sessao_aberta(comissao(cargo.edital, tipo=Comissao.RECURSAL))
    votar(services.chamar_recurso(recurso, sessao, por=rh()), helena="confirma", igor="confirma", joana="nao_confirma")
    encerrar(sessao)

    client.force_login(pessoa("igor"))
    assert client.get(reverse("heteroidentificacao:encerrar_sessao", args=[sessao.pk])).status_code == 403
    html = client.get(reverse("heteroidentificacao:sessao", args=[sessao.pk])).content.decode()
    assert "Quem muda no resultado" not in html and "Quem passa a ser convocado" not in html


def test_encerramento_antes_da_publicacao_diz_que_nenhum_cargo_muda(client):
    cargo = cargo_com_cotistas()
    sessao = sessao_aberta(comissao(cargo.edital))
    julgar(sessao, cargo.inscricoes.get(numero="N1"), **todos("confirma"))
    resposta = _encerrar_pela_tela(client, sessao, "ana")
    assert resposta.context["cargos"] == []
    assert "Nenhum cargo com resultado publicado muda por esta sessão" in resposta.content.decode()
