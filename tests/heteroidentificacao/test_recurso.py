"""Recurso contra a não confirmação: prazo, julgamento pela comissão recursal e substituição da decisão."""

from datetime import datetime, timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from concursos.models import OpcaoDeGrupo
from heteroidentificacao import consultas, services
from heteroidentificacao.models import Membro, RegistroDeAuditoria, Sessao

from .fabricas import chamar, comissao, encerrar, julgar, pessoa, rh, sessao_aberta, todos, votar

pytestmark = pytest.mark.django_db

RAZOES = "Sou pardo; peço a revisão pela gravação do procedimento."


def verificacao(chamado) -> str:
    return OpcaoDeGrupo.objects.get(inscricao=chamado.inscricao, grupo="negros").situacao


def encerrada_em(chamado, quando: datetime) -> None:
    Sessao.objects.filter(pk=chamado.sessao_id).update(encerrada_em=quando)
    chamado.sessao.refresh_from_db()


def local(ano, mes, dia, hora=17):
    return timezone.make_aware(datetime(ano, mes, dia, hora))


# — Prazo e cabimento —


def publicado_em(chamado, dia) -> None:
    """A sessão encerrada em ``dia`` (17h), com o resultado preliminar publicado no mesmo dia."""
    encerrada_em(chamado, local(dia.year, dia.month, dia.day))
    services.publicar_resultado_preliminar(chamado.sessao, em=dia, por=rh())
    chamado.sessao.refresh_from_db()


def test_prazo_conta_do_dia_seguinte_a_publicacao(nao_confirmado):
    publicado_em(nao_confirmado, local(2025, 3, 10).date())
    inicio, fim = consultas.prazo_de_recurso(nao_confirmado)
    assert (inicio.isoformat(), fim.isoformat()) == ("2025-03-11", "2025-03-12")


def test_recurso_no_ultimo_dia_do_prazo_e_aceito(nao_confirmado):
    publicado_em(nao_confirmado, local(2025, 3, 10).date())
    recurso = services.registrar_recurso(
        nao_confirmado, texto=RAZOES, apresentado_em=local(2025, 3, 12).date(), por=rh()
    )
    assert recurso.apresentado_em.isoformat() == "2025-03-12"


def test_recurso_fora_do_prazo_e_recusado_com_a_data_final(nao_confirmado):
    publicado_em(nao_confirmado, local(2025, 3, 10).date())
    with pytest.raises(
        ValidationError,
        match="Recurso fora do prazo: o prazo de 2 dias, contado a partir de 11/03/2025, terminou em 12/03/2025",
    ):
        services.registrar_recurso(nao_confirmado, texto=RAZOES, apresentado_em=local(2025, 3, 13).date(), por=rh())


def test_recurso_sem_razoes_ou_com_data_futura_e_recusado(nao_confirmado):
    with pytest.raises(ValidationError, match="Informe as razões do recurso"):
        services.registrar_recurso(nao_confirmado, texto=" ", por=rh())
    amanha = timezone.localdate() + timedelta(days=1)
    with pytest.raises(ValidationError, match="não pode ser futura"):
        services.registrar_recurso(nao_confirmado, texto=RAZOES, apresentado_em=amanha, por=rh())


def test_so_cabe_recurso_contra_a_nao_confirmacao(cargo):
    sessao = sessao_aberta(comissao(cargo.edital))
    confirmado = julgar(sessao, cargo.inscricoes.get(numero="N1"), **todos("confirma"))
    ausente = chamar(sessao, cargo.inscricoes.get(numero="N2"), compareceu=False)
    with pytest.raises(ValidationError, match="A sessão ainda não foi encerrada"):
        services.registrar_recurso(confirmado, texto=RAZOES, por=rh())
    encerrar(sessao)
    for chamado, decisao in ((confirmado, "confirmado"), (ausente, "ausente")):
        with pytest.raises(
            ValidationError, match=f"Só cabe recurso contra a não confirmação; a decisão foi: {decisao}"
        ):
            services.registrar_recurso(chamado, texto=RAZOES, por=rh())


def test_um_recurso_por_decisao_e_so_quem_tem_permissao_registra(nao_confirmado):
    with pytest.raises(PermissionDenied, match="registrar recursos"):
        services.registrar_recurso(nao_confirmado, texto=RAZOES, por=pessoa("bruno"))
    services.registrar_recurso(nao_confirmado, texto=RAZOES, por=rh())
    with pytest.raises(ValidationError, match="Já há recurso contra esta decisão"):
        services.registrar_recurso(nao_confirmado, texto=RAZOES, por=rh())


# — Julgamento pela comissão recursal —


def test_recurso_provido_por_2_de_3_substitui_a_decisao_da_ordinaria(nao_confirmado, recursal):
    recurso = services.registrar_recurso(nao_confirmado, texto=RAZOES, por=rh())
    sessao = sessao_aberta(recursal)
    julgamento = services.chamar_recurso(recurso, sessao, por=pessoa("helena"))
    votar(julgamento, helena="confirma", igor="confirma", joana="nao_confirma")
    encerrar(sessao)
    julgamento.refresh_from_db()
    assert (julgamento.decisao, julgamento.votos_confirma, julgamento.votos_nao_confirma) == ("confirmado", 2, 1)
    assert verificacao(nao_confirmado) == "confirmado"
    nao_confirmado.refresh_from_db()
    assert nao_confirmado.decisao == "nao_confirmado"  # a decisão recorrida fica registrada como foi


def test_recurso_com_1_de_3_e_negado_e_a_nao_confirmacao_fica(nao_confirmado, recursal):
    recurso = services.registrar_recurso(nao_confirmado, texto=RAZOES, por=rh())
    sessao = sessao_aberta(recursal)
    julgamento = services.chamar_recurso(recurso, sessao, por=rh())
    votar(julgamento, helena="confirma", igor="nao_confirma", joana="nao_confirma")
    encerrar(sessao)
    assert verificacao(nao_confirmado) == "nao_confirmado"


def test_recurso_nao_e_julgado_sem_o_voto_dos_3_membros(nao_confirmado, recursal):
    """Antes, o recurso com 2 votos ficava "sem quórum"; agora a recursal só encerra com os 3 (§10)."""
    recurso = services.registrar_recurso(nao_confirmado, texto=RAZOES, por=rh())
    sessao = sessao_aberta(recursal)
    julgamento = services.chamar_recurso(recurso, sessao, por=rh())
    votar(julgamento, helena="confirma", igor="confirma")
    with pytest.raises(ValidationError, match="faltam pareceres — Joana: inscrições N1"):
        encerrar(sessao)
    assert verificacao(nao_confirmado) == "nao_confirmado"
    votar(julgamento, joana="nao_confirma")
    encerrar(sessao)
    assert verificacao(nao_confirmado) == "confirmado"


def test_recurso_julgado_nao_volta_a_pauta(nao_confirmado, recursal):
    recurso = services.registrar_recurso(nao_confirmado, texto=RAZOES, por=rh())
    sessao = sessao_aberta(recursal)
    votar(services.chamar_recurso(recurso, sessao, por=rh()), helena="confirma", igor="confirma", joana="confirma")
    with pytest.raises(ValidationError, match="O recurso já está na pauta de outra sessão"):
        services.chamar_recurso(recurso, sessao_aberta(recursal), por=rh())
    encerrar(sessao)
    with pytest.raises(ValidationError, match="O recurso já foi julgado"):
        services.chamar_recurso(recurso, sessao_aberta(recursal), por=rh())


def test_recurso_nao_e_julgado_pela_comissao_ordinaria(nao_confirmado):
    recurso = services.registrar_recurso(nao_confirmado, texto=RAZOES, por=rh())
    ordinaria = nao_confirmado.sessao.comissao
    with pytest.raises(ValidationError, match="julgado pela comissão recursal"):
        services.chamar_recurso(recurso, sessao_aberta(ordinaria), por=rh())


def test_comissao_recursal_nao_chama_candidatos_nem_registra_presenca(nao_confirmado, recursal):
    sessao = sessao_aberta(recursal)
    with pytest.raises(ValidationError, match="A comissão recursal só julga recursos"):
        services.chamar_candidatos(sessao, por=rh())
    recurso = services.registrar_recurso(nao_confirmado, texto=RAZOES, por=rh())
    julgamento = services.chamar_recurso(recurso, sessao, por=rh())
    with pytest.raises(ValidationError, match="julgado pela gravação"):
        services.registrar_presenca(julgamento, compareceu=True, por=pessoa("helena"))


def test_membro_da_ordinaria_nao_vota_no_recurso(nao_confirmado, recursal):
    recurso = services.registrar_recurso(nao_confirmado, texto=RAZOES, por=rh())
    julgamento = services.chamar_recurso(recurso, sessao_aberta(recursal), por=rh())
    with pytest.raises(PermissionDenied, match="não é membro"):
        services.registrar_parecer(julgamento, por=pessoa("bruno"), voto="confirma")


def test_recurso_e_seu_julgamento_ficam_na_auditoria(nao_confirmado, recursal):
    recurso = services.registrar_recurso(nao_confirmado, texto=RAZOES, por=rh())
    sessao = sessao_aberta(recursal)
    votar(services.chamar_recurso(recurso, sessao, por=rh()), helena="confirma", igor="confirma", joana="confirma")
    encerrar(sessao)
    registro = RegistroDeAuditoria.objects.get(acao="recurso_registrado")
    assert registro.usuario == rh() and registro.depois["texto"] == RAZOES
    assert RegistroDeAuditoria.objects.filter(acao="recurso_chamado").exists()
    decisao = RegistroDeAuditoria.objects.filter(acao="decisao").latest("id")
    assert decisao.antes["verificacao"] == "nao_confirmado" and decisao.depois["verificacao"] == "confirmado"


def test_membro_da_ordinaria_incluido_por_fora_na_recursal_ainda_assim_nao_vota(nao_confirmado, recursal):
    """Defesa em profundidade: mesmo que alguém grave o membro sem passar pelo ``clean()``."""
    Membro.objects.create(comissao=recursal, usuario=pessoa("bruno"), papel="suplente")
    recurso = services.registrar_recurso(nao_confirmado, texto=RAZOES, por=rh())
    julgamento = services.chamar_recurso(recurso, sessao_aberta(recursal), por=rh())
    with pytest.raises(PermissionDenied, match="Quem integra a comissão ordinária deste edital não julga o recurso"):
        services.registrar_parecer(julgamento, por=pessoa("bruno"), voto="confirma")
