"""Sessão da comissão ordinária: quem é chamado, presença, pareceres, encerramento e imutabilidade."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from concursos.models import Inscricao, OpcaoDeGrupo
from concursos.services import gerar_resultado
from heteroidentificacao import consultas, services
from heteroidentificacao.models import HistoricoDeParecer, Parecer, RegistroDeAuditoria
from tests.concursos.fabricas import edital, inscricao

from .fabricas import (
    FUNDAMENTACAO,
    chamar,
    comissao,
    encerrar,
    julgar,
    pessoa,
    presidente,
    rh,
    sessao_aberta,
    todos,
    votar,
)

pytestmark = pytest.mark.django_db


def da(cargo, numero) -> Inscricao:
    return cargo.inscricoes.get(numero=numero)


def verificacao(cargo, numero, grupo="negros") -> str:
    return OpcaoDeGrupo.objects.get(inscricao__cargo=cargo, inscricao__numero=numero, grupo=grupo).situacao


def numeros(chamados) -> list[str]:
    return [c.inscricao.numero for c in chamados]


# — Ciclo da sessão —


def test_so_o_presidente_abre_e_encerra_a_sessao(ordinaria):
    planejada = services.criar_sessao(ordinaria, inicio=ordinaria.edital.criado_em, por=rh())
    with pytest.raises(PermissionDenied, match="Só o presidente da comissão pode abrir a sessão"):
        services.abrir_sessao(planejada, por=pessoa("bruno"))
    aberta = services.abrir_sessao(planejada, por=pessoa("ana"))
    with pytest.raises(PermissionDenied, match="Só o presidente da comissão pode encerrar a sessão"):
        services.encerrar_sessao(aberta, por=pessoa("bruno"))


def test_comissao_sem_todos_os_membros_nao_abre_sessao(cargo):
    """Todos os membros votam (docs/REGRAS.md §10): a sessão não abre com a composição incompleta."""
    pequena = comissao(cargo.edital, titulares=("ana", "bruno", "carla", "davi"))
    planejada = services.criar_sessao(pequena, inicio=cargo.edital.criado_em, por=rh())
    with pytest.raises(ValidationError, match="Compõem a sessão 4 membro\\(s\\).*decide com os seus 5 membros"):
        services.abrir_sessao(planejada, por=pessoa("ana"))


# — Quem é chamado —


def test_chamada_automatica_chama_quem_optou_pelo_grupo_e_esta_pendente(cargo, sessao):
    inscricao(cargo, "Y", 90, grupos={"negros": "confirmado"})
    inscricao(cargo, "X", 75, grupos={"negros": "pendente"}, situacao=Inscricao.ELIMINADO)
    assert numeros(services.chamar_candidatos(sessao, por=rh())) == ["N1", "N2"]


def test_com_limite_chama_os_primeiros_n_da_lista_do_grupo_de_cada_cargo():
    cargos = edital(criado_por=rh(), cargos=(("GM", "Guarda Municipal", 5), ("AG", "Agente", 5))).cargos
    guarda, agente = cargos.get(codigo="GM"), cargos.get(codigo="AG")
    inscricao(guarda, "Y", 90, grupos={"negros": "confirmado"})
    for numero, nota in (("N1", 85), ("N2", 80), ("N3", 70)):
        inscricao(guarda, numero, nota, grupos={"negros": "pendente"})
    for numero, nota in (("M2", 50), ("M1", 60)):
        inscricao(agente, numero, nota, grupos={"negros": "pendente"})
    ordinaria = comissao(guarda.edital, limite_de_chamados=2)
    primeira = sessao_aberta(ordinaria)
    # Lista de negros do GM: Y (já confirmado), N1, N2, N3 → os 2 primeiros são Y e N1.
    assert numeros(services.chamar_candidatos(primeira, por=rh())) == ["M1", "M2", "N1"]
    chamado = primeira.chamados.get(inscricao__numero="N1")
    services.registrar_presenca(chamado, compareceu=True, por=pessoa("ana"))
    votar(chamado, **todos("nao_confirma", davi="confirma", elisa="confirma"))
    for outro in primeira.chamados.exclude(pk=chamado.pk):
        services.registrar_presenca(outro, compareceu=False, por=pessoa("ana"))
    encerrar(primeira)
    # N1 saiu da lista do grupo (Art. 2º, §2º): N2 passa a estar entre os 2 primeiros.
    assert numeros(services.chamar_candidatos(sessao_aberta(ordinaria), por=rh())) == ["N2"]


def test_chamada_manual_recusa_quem_nao_optou_e_quem_ja_foi_chamado(cargo, sessao):
    with pytest.raises(ValidationError, match="A inscrição A não optou pela reserva a negros"):
        services.chamar_candidatos(sessao, [da(cargo, "A")], por=rh())
    services.chamar_candidatos(sessao, [da(cargo, "N1")], por=rh())
    with pytest.raises(ValidationError, match="A inscrição N1 já está chamada para a sessão de"):
        services.chamar_candidatos(sessao, [da(cargo, "N1")], por=rh())


def test_o_ja_julgado_nao_volta_a_ser_chamado(cargo, ordinaria, sessao):
    julgar(sessao, da(cargo, "N2"), **todos("confirma"))
    encerrar(sessao)
    segunda = sessao_aberta(ordinaria)
    assert numeros(services.chamar_candidatos(segunda, por=rh())) == ["N1"]
    with pytest.raises(ValidationError, match="N2 já foi julgada na sessão de .*; a revisão é pelo recurso"):
        services.chamar_candidatos(segunda, [da(cargo, "N2")], por=rh())


def test_membro_comum_nao_chama_candidatos(sessao):
    with pytest.raises(PermissionDenied, match="chamar candidatos"):
        services.chamar_candidatos(sessao, por=pessoa("bruno"))


# — Pareceres —


def test_nao_confirmacao_sem_fundamentacao_e_recusada(cargo, sessao):
    chamado = chamar(sessao, da(cargo, "N1"))
    with pytest.raises(ValidationError, match="A fundamentação é obrigatória"):
        services.registrar_parecer(chamado, por=pessoa("bruno"), voto="nao_confirma", fundamentacao="  ")
    assert not Parecer.objects.exists()


def test_membro_nao_altera_o_parecer_de_outro(cargo, sessao):
    chamado = julgar(sessao, da(cargo, "N1"), ana="confirma")
    da_ana = Parecer.objects.get(membro__usuario__username="ana")
    with pytest.raises(PermissionDenied, match="Só o autor do parecer pode alterá-lo"):
        services.alterar_parecer(da_ana, por=pessoa("bruno"), voto="nao_confirma", fundamentacao=FUNDAMENTACAO)
    services.registrar_parecer(chamado, por=pessoa("bruno"), voto="nao_confirma", fundamentacao=FUNDAMENTACAO)
    assert Parecer.objects.get(pk=da_ana.pk).voto == "confirma"


def test_quem_nao_e_membro_da_comissao_da_sessao_nao_vota(cargo, sessao):
    chamado = chamar(sessao, da(cargo, "N1"))
    for intruso in (pessoa("helena"), rh()):
        with pytest.raises(PermissionDenied, match="Você não é membro da comissão desta sessão"):
            services.registrar_parecer(chamado, por=intruso, voto="confirma")


def test_nao_se_vota_antes_de_a_sessao_abrir(cargo, ordinaria):
    planejada = services.criar_sessao(ordinaria, inicio=cargo.edital.criado_em, por=rh())
    (chamado,) = services.chamar_candidatos(planejada, [da(cargo, "N1")], por=rh())
    with pytest.raises(ValidationError, match="A sessão ainda não foi aberta"):
        services.registrar_parecer(chamado, por=pessoa("bruno"), voto="confirma")


def test_so_se_vota_em_quem_compareceu(cargo, sessao):
    (chamado,) = services.chamar_candidatos(sessao, [da(cargo, "N1")], por=rh())
    with pytest.raises(ValidationError, match="Registre a presença do candidato antes dos pareceres"):
        services.registrar_parecer(chamado, por=pessoa("bruno"), voto="confirma")
    services.registrar_presenca(chamado, compareceu=False, por=pessoa("bruno"))
    with pytest.raises(ValidationError, match="só se avalia quem compareceu"):
        services.registrar_parecer(chamado, por=pessoa("bruno"), voto="confirma")


def test_membro_muda_o_proprio_parecer_e_cada_versao_fica_no_historico(cargo, sessao):
    chamado = julgar(sessao, da(cargo, "N1"), carla="confirma")
    services.registrar_parecer(chamado, por=pessoa("carla"), voto="nao_confirma", fundamentacao=FUNDAMENTACAO)
    parecer = Parecer.objects.get()
    services.alterar_parecer(parecer, por=pessoa("carla"), voto="confirma")
    assert list(HistoricoDeParecer.objects.filter(parecer=parecer).values_list("voto", flat=True)) == [
        "confirma",
        "nao_confirma",
        "confirma",
    ]
    alteracao = RegistroDeAuditoria.objects.filter(acao="parecer_alterado").order_by("id").first()
    assert alteracao.usuario.username == "carla"
    assert (alteracao.antes["voto"], alteracao.depois) == (
        "confirma",
        {"voto": "nao_confirma", "fundamentacao": FUNDAMENTACAO},
    )


def test_parecer_repetido_sem_mudanca_nao_cria_versao(cargo, sessao):
    chamado = julgar(sessao, da(cargo, "N1"), davi="confirma")
    votar(chamado, davi="confirma")
    assert HistoricoDeParecer.objects.count() == 1


def test_ate_o_encerramento_o_membro_ve_so_o_proprio_parecer_mesmo_depois_de_votar(cargo, sessao):
    chamado = julgar(sessao, da(cargo, "N1"), bruno="confirma", carla="nao_confirma")
    assert consultas.pareceres_visiveis(chamado, pessoa("ana")) == []
    assert consultas.meu_parecer(chamado, pessoa("ana")) is None
    votar(chamado, ana="confirma")
    visiveis = consultas.pareceres_visiveis(chamado, pessoa("ana"))
    assert [p.membro.usuario.username for p in visiveis] == ["ana"]
    assert consultas.pareceres_visiveis(chamado, pessoa("davi")) == []
    assert consultas.pareceres_visiveis(chamado, rh()) == []


def test_encerrada_a_sessao_os_membros_veem_todos_os_pareceres(cargo, sessao):
    chamado = julgar(sessao, da(cargo, "N1"), **todos("confirma"))
    encerrar(sessao)
    assert len(consultas.pareceres_visiveis(chamado, pessoa("davi"))) == 5
    assert consultas.pareceres_visiveis(chamado, pessoa("helena")) == []


def test_minhas_sessoes_lista_as_sessoes_das_comissoes_do_membro(ordinaria, sessao):
    assert list(consultas.minhas_sessoes(pessoa("bruno"))) == [sessao]
    assert list(consultas.minhas_sessoes(pessoa("helena"))) == []


# — Encerramento —


def test_encerramento_decide_cada_candidato_e_grava_na_opcao_do_grupo(cargo, sessao):
    inscricao(cargo, "X", 60, grupos={"negros": "pendente"})
    inscricao(cargo, "W", 55, grupos={"negros": "pendente"})
    julgar(sessao, da(cargo, "N1"), **todos("confirma", davi="nao_confirma", elisa="nao_confirma"))
    julgar(sessao, da(cargo, "N2"), **todos("nao_confirma", ana="confirma", elisa="confirma"))
    chamar(sessao, da(cargo, "X"), compareceu=False)
    julgar(sessao, da(cargo, "W"), **todos("confirma"))
    encerrar(sessao)
    decisoes = {
        c.inscricao.numero: (c.decisao, c.votos_confirma, c.votos_nao_confirma, c.motivo_da_decisao)
        for c in sessao.chamados.all()
    }
    assert decisoes["N1"][:3] == ("confirmado", 3, 2)
    assert decisoes["N2"][:3] == ("nao_confirmado", 2, 3)
    assert decisoes["X"] == ("ausente", 0, 0, "candidato não compareceu ao procedimento")
    assert decisoes["W"][:3] == ("confirmado", 5, 0)
    assert {n: verificacao(cargo, n) for n in decisoes} == {
        "N1": "confirmado",
        "N2": "nao_confirmado",
        "X": "ausente",
        "W": "confirmado",
    }


def test_dois_a_um_com_dois_membros_calados_e_recusado_no_encerramento(cargo, sessao):
    """Antes, 2 a 1 com dois membros calados saía "não confirmado"; todo membro vota (§10)."""
    julgar(sessao, da(cargo, "N1"), ana="confirma", bruno="confirma", carla="nao_confirma")
    with pytest.raises(ValidationError, match="faltam pareceres — Davi: inscrições N1; Elisa: inscrições N1"):
        encerrar(sessao)
    assert verificacao(cargo, "N1") == "pendente"


def test_dois_contra_de_cinco_confirmam_a_autodeclaracao(cargo, sessao):
    """Antes, 2 a 2 com um membro impedido saía "não confirmado"; só a maioria dos membros não confirma."""
    julgar(sessao, da(cargo, "N1"), **todos("confirma", carla="nao_confirma", davi="nao_confirma"))
    encerrar(sessao)
    assert verificacao(cargo, "N1") == "confirmado"


def test_quatro_a_zero_confirma_mesmo_com_a_regra_antiga_congelada_na_comissao(cargo, ordinaria):
    """A regra antiga "5 para confirmar" de uma comissão existente transformava 4 a 0 em não confirmado."""
    ordinaria.regra_de_quorum = {"membros": 5, "quorum": 3, "minimo_para_confirmar": 5}
    ordinaria.save()
    sessao = sessao_aberta(ordinaria)
    julgar(sessao, da(cargo, "N1"), **todos("confirma", elisa="nao_confirma"))
    encerrar(sessao)
    assert verificacao(cargo, "N1") == "confirmado"


def test_o_encerramento_diz_quem_falta_votar_e_em_quem_sem_dizer_o_voto(cargo, sessao):
    julgar(sessao, da(cargo, "N1"), **todos("nao_confirma", bruno=None, elisa=None))
    julgar(sessao, da(cargo, "N2"), **todos("confirma", bruno=None))
    with pytest.raises(ValidationError) as recusa:
        encerrar(sessao)
    mensagem = recusa.value.messages[0]
    assert "Bruno: inscrições N1, N2; Elisa: inscrições N1" in mensagem
    assert "confirma" not in mensagem.replace("confirmada", "")


def test_nao_confirmado_fica_so_na_lista_geral_e_o_confirmado_na_de_negros(cargo, sessao):
    """Art. 2º, §2º: reprovado na heteroidentificação sem má-fé, segue na ampla pela nota."""
    julgar(sessao, da(cargo, "N1"), **todos("nao_confirma"))
    julgar(sessao, da(cargo, "N2"), **todos("confirma"))
    encerrar(sessao)
    saida = gerar_resultado(cargo, por=rh()).saida
    assert saida["listas"]["negros"] == ["N2"]
    assert "N1" in saida["listas"]["geral"] and "N1" not in saida["eliminados"]
    assert ["N2", "negros"] in saida["nomeados"]
    assert saida["pendencias"] == [] and saida["provisorio"] is False


def test_nao_encerra_sem_a_presenca_de_todos_os_chamados(cargo, sessao):
    services.chamar_candidatos(sessao, [da(cargo, "N1")], por=rh())
    with pytest.raises(ValidationError, match="Registre a presença antes de encerrar: inscrições N1"):
        encerrar(sessao)


def test_depois_de_encerrada_nada_mais_se_registra_nem_se_altera(cargo, ordinaria, sessao):
    chamado = julgar(sessao, da(cargo, "N1"), **todos("confirma"))
    encerrar(sessao)
    parecer = Parecer.objects.get(membro__usuario__username="ana")
    tentativas = [
        lambda: services.registrar_parecer(chamado, por=pessoa("davi"), voto="confirma"),
        lambda: services.registrar_parecer(chamado, por=pessoa("ana"), voto="nao_confirma", fundamentacao="x"),
        lambda: services.alterar_parecer(parecer, por=pessoa("ana"), voto="nao_confirma", fundamentacao="x"),
        lambda: services.registrar_presenca(chamado, compareceu=False, por=pessoa("ana")),
        lambda: services.chamar_candidatos(sessao, [da(cargo, "N2")], por=rh()),
        lambda: encerrar(sessao),
    ]
    for tentativa in tentativas:
        with pytest.raises(ValidationError, match="Sessão encerrada"):
            tentativa()
    with pytest.raises(ValidationError, match="não pode ser aberta: está encerrada"):
        services.abrir_sessao(sessao, por=presidente(ordinaria))
    assert Parecer.objects.count() == 5 and HistoricoDeParecer.objects.count() == 5
    assert verificacao(cargo, "N1") == "confirmado"


def test_pareceres_presenca_e_decisoes_ficam_na_auditoria(cargo, sessao):
    julgar(sessao, da(cargo, "N1"), **todos("nao_confirma", ana="confirma", bruno="confirma"))
    encerrar(sessao)
    registros = RegistroDeAuditoria.objects.order_by("id")
    pareceres_dos_membros = registros.filter(acao__in=["parecer_registrado", "parecer_alterado"])
    assert [r.acao for r in pareceres_dos_membros] == ["parecer_registrado"] * 5
    assert registros.filter(acao="parecer_da_comissao_registrado", usuario__username="ana").count() == 1
    assert registros.filter(acao="presenca_registrada", usuario__username="ana").count() == 1
    decisao = registros.get(acao="decisao")
    assert decisao.usuario.username == "ana"
    assert decisao.antes == {"decisao": "pendente", "verificacao": "pendente"}
    assert decisao.depois["decisao"] == "nao_confirmado" and decisao.depois["placar"] == "2 a 3"
    assert registros.get(acao="sessao_encerrada").depois["decisoes"] == {"N1": "nao_confirmado"}
