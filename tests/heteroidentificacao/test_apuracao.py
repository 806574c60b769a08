"""Apuração de declaração falsa (Art. 2º, §1º): processo com contraditório, nunca uma votação."""

from datetime import date

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from concursos.atos import Ato
from concursos.models import Evento, OpcaoDeGrupo
from concursos.services import gerar_resultado, registrar_desistencia, registrar_evento
from heteroidentificacao import services
from heteroidentificacao.models import RegistroDeAuditoria

from .fabricas import cargo_com_cotistas, comissao, encerrar, julgar, pessoa, rh, sessao_aberta, todos

DATA_DO_ATO = date(2025, 6, 2)  # dentro da validade e depois da publicação dos editais de teste

pytestmark = pytest.mark.django_db

FATOS = "Denúncia com documentos em que o candidato se declara branco em outro certame."
PROCESSO = "PA 2025/0042"


@pytest.fixture
def cargo(cargo):
    """O cargo com cotistas, com N1 e N2 confirmados pela comissão: N1 (85) fica com a vaga de negros;
    N2 (80) é o próximo."""
    sessao = sessao_aberta(comissao(cargo.edital))
    for numero in ("N1", "N2"):
        julgar(sessao, cargo.inscricoes.get(numero=numero), **todos("confirma"))
    encerrar(sessao)
    return cargo


def instaurado(cargo, numero="N1"):
    return services.instaurar_apuracao(
        cargo.inscricoes.get(numero=numero), numero=PROCESSO, fatos=FATOS, instaurado_em=date(2025, 6, 2), por=rh()
    )


def notificado(cargo, numero="N1"):
    return services.notificar(instaurado(cargo, numero), notificado_em=date(2025, 6, 3), dias_para_defesa=10, por=rh())


def procedente(processo, decidido_em=date(2025, 6, 14)):
    return services.decidir_apuracao(
        processo, decisao="procedente", fundamentacao="Má-fé comprovada.", decidido_em=decidido_em, por=rh()
    )


def verificacao(cargo, numero) -> str:
    return OpcaoDeGrupo.objects.get(inscricao__cargo=cargo, inscricao__numero=numero, grupo="negros").situacao


# — Contraditório e prazos —


def test_notificacao_abre_o_prazo_de_defesa_do_dia_seguinte(cargo):
    processo = notificado(cargo)
    assert processo.prazo_de_defesa == date(2025, 6, 13)


def test_nao_se_decide_sem_notificar_o_candidato(cargo):
    with pytest.raises(ValidationError, match="ainda não foi notificado"):
        procedente(instaurado(cargo))


def test_nao_se_decide_antes_do_fim_do_prazo_de_defesa_sem_defesa(cargo):
    processo = notificado(cargo)
    with pytest.raises(ValidationError, match="O prazo de defesa termina em 13/06/2025 e a defesa não foi apresentada"):
        procedente(processo, decidido_em=date(2025, 6, 13))
    assert procedente(processo, decidido_em=date(2025, 6, 14)).processo.decisao == "procedente"


def test_com_a_defesa_apresentada_pode_decidir_antes_do_fim_do_prazo(cargo):
    processo = services.registrar_defesa(
        notificado(cargo), texto="Sou pardo.", apresentada_em=date(2025, 6, 5), por=rh()
    )
    decidido = services.decidir_apuracao(
        processo, decisao="improcedente", fundamentacao="Sem prova de má-fé.", decidido_em=date(2025, 6, 6), por=rh()
    )
    assert decidido.processo.decisao == "improcedente" and decidido.evento is None
    assert verificacao(cargo, "N1") == "confirmado"


def test_defesa_fora_do_prazo_e_recusada(cargo):
    with pytest.raises(ValidationError, match="Defesa fora do prazo: o prazo terminou em 13/06/2025"):
        services.registrar_defesa(notificado(cargo), texto="Sou pardo.", apresentada_em=date(2025, 6, 14), por=rh())


def test_decisao_sem_fundamentacao_e_recusada_e_processo_decidido_nao_muda(cargo):
    processo = notificado(cargo)
    with pytest.raises(ValidationError, match="precisa de fundamentação"):
        services.decidir_apuracao(
            processo, decisao="procedente", fundamentacao="", decidido_em=date(2025, 7, 1), por=rh()
        )
    procedente(processo)
    with pytest.raises(ValidationError, match="já foi decidido"):
        services.registrar_defesa(processo, texto="tarde", apresentada_em=date(2025, 6, 10), por=rh())


def test_um_processo_em_andamento_por_inscricao_e_so_com_permissao(cargo):
    instaurado(cargo)
    with pytest.raises(ValidationError, match="Já há processo de apuração em andamento"):
        instaurado(cargo)
    with pytest.raises(PermissionDenied, match="instaurar apuração"):
        services.instaurar_apuracao(cargo.inscricoes.get(numero="N2"), numero="PA 1", fatos=FATOS, por=pessoa("ana"))


def test_so_se_apura_quem_se_autodeclarou(cargo):
    with pytest.raises(ValidationError, match="A inscrição A não se autodeclarou"):
        instaurado(cargo, "A")


# — Efeitos da procedência —


def test_procedente_antes_da_nomeacao_elimina_de_todas_as_listas(cargo):
    procedente(notificado(cargo, "N2"))
    assert verificacao(cargo, "N2") == "declaracao_falsa"
    saida = gerar_resultado(cargo, por=rh()).saida
    assert all("N2" not in lista for lista in saida["listas"].values())
    assert "N2" in saida["eliminados"] and not Evento.objects.exists()


def test_procedente_com_o_candidato_nomeado_anula_a_nomeacao_e_convoca_o_proximo_negro(cargo):
    assert ["N1", "negros"] in gerar_resultado(cargo, por=rh()).saida["nomeados"]
    decidido = procedente(notificado(cargo, "N1"))
    evento = Evento.objects.get()
    assert (evento.tipo, evento.inscricao.numero, evento.documento) == ("anulacao", "N1", PROCESSO)
    assert [(c["inscricao"], c["vaga"]) for c in decidido.evento.convocados_agora] == [("N2", "negros")]
    assert (
        "deixada por N1, com nomeação anulada por declaração falsa (Art. 3º, §2º)"
        in decidido.evento.convocados_agora[0]["motivo"]
    )
    saida = decidido.evento.resultado.saida
    assert "N1" in saida["eliminados"] and "N1" not in dict(saida["nomeados"])
    # O cargo continua calculável depois da anulação (opção e evento não se contradizem).
    assert "N1" not in dict(gerar_resultado(cargo, por=rh()).saida["nomeados"])


def test_procedente_de_quem_ja_desistiu_nao_muda_as_listas(cargo):
    gerar_resultado(cargo, por=rh())
    registrar_desistencia(
        cargo.inscricoes.get(numero="N1"), ato=Ato(documento="Req. 7", data_do_ato=DATA_DO_ATO), por=rh()
    )
    decidido = procedente(notificado(cargo, "N1"))
    assert decidido.evento is None and Evento.objects.count() == 1
    assert gerar_resultado(cargo, por=rh()).saida["nomeados"]


def test_procedente_de_quem_pediu_final_de_lista_anula_porque_ele_ainda_esta_na_lista_geral(cargo):
    gerar_resultado(cargo, por=rh())
    n1 = cargo.inscricoes.get(numero="N1")
    registrar_evento(
        cargo, tipo="final_de_lista", inscricao=n1, ato=Ato(documento="Req. 8", data_do_ato=DATA_DO_ATO), por=rh()
    )
    decidido = procedente(notificado(cargo, "N1"))
    assert decidido.evento.evento.tipo == "anulacao"
    assert "N1" in decidido.evento.resultado.saida["eliminados"]


def test_improcedente_nao_muda_nada(cargo):
    processo = notificado(cargo)
    services.decidir_apuracao(
        processo, decisao="improcedente", fundamentacao="Sem prova.", decidido_em=date(2025, 6, 20), por=rh()
    )
    assert verificacao(cargo, "N1") == "confirmado" and not Evento.objects.exists()


def test_decisao_da_comissao_nao_sobrescreve_declaracao_falsa_apurada():
    cargo = cargo_com_cotistas()
    sessao = sessao_aberta(comissao(cargo.edital))
    chamado = julgar(sessao, cargo.inscricoes.get(numero="N1"), **todos("confirma"))
    procedente(notificado(cargo, "N1"))
    encerrar(sessao)
    chamado.refresh_from_db()
    assert chamado.decisao == "confirmado" and verificacao(cargo, "N1") == "declaracao_falsa"


def test_cada_passo_da_apuracao_fica_na_auditoria(cargo):
    processo = services.registrar_defesa(
        notificado(cargo), texto="Sou pardo.", apresentada_em=date(2025, 6, 5), por=rh()
    )
    procedente(processo)
    acoes = list(
        RegistroDeAuditoria.objects.filter(acao__startswith="apuracao").order_by("id").values_list("acao", flat=True)
    )
    assert acoes == ["apuracao_instaurada", "apuracao_notificada", "apuracao_defesa", "apuracao_decidida"]
    decisao = RegistroDeAuditoria.objects.get(acao="apuracao_decidida")
    assert decisao.depois["efeito"] == "declaracao_falsa" and decisao.usuario == rh()
