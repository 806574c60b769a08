"""A alternativa ao suplente (docs/REGRAS.md §10; Lei 9.784/1999, arts. 18–21): com um membro impedido
para o candidato, o presidente o transfere para outra sessão. Nesta ele fica pendente, sem presença nem
pareceres, o encerramento não o cobra, a ata diz o impedimento e a transferência, e ele pode ser
chamado a outra sessão já."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from heteroidentificacao import consultas, pdf, services
from heteroidentificacao.models import Chamado, Comissao, RegistroDeAuditoria, Sessao

from .fabricas import chamar, comissao, encerrar, membro, pessoa, presidente, sessao_aberta, todos, votar
from .test_pdf import texto

pytestmark = pytest.mark.django_db

MOTIVO = "Cônjuge do candidato."


def transferir(chamado, nome="bruno", por=None, motivo=MOTIVO):
    comissao_ = chamado.sessao.comissao
    return services.transferir_por_impedimento(
        chamado, membro=membro(comissao_, nome), motivo=motivo, por=por or presidente(comissao_)
    )


def test_transferido_fica_pendente_sem_ser_cobrado_e_a_ata_diz_por_que(cargo, sessao):
    n1 = chamar(sessao, cargo.inscricoes.get(numero="N1"), compareceu=None)
    n2 = chamar(sessao, cargo.inscricoes.get(numero="N2"))
    transferir(n1)
    votar(n2, **todos("confirma"))
    encerrar(sessao)  # N1 sem presença nem pareceres: não impede o encerramento
    n1.refresh_from_db()
    assert (n1.decisao, n1.motivo_da_decisao) == ("pendente", "transferido para outra sessão: impedimento de Bruno")
    assert n1.inscricao.opcoes.get(grupo="negros").situacao == "pendente"
    sessao = Sessao.objects.get(pk=sessao.pk)
    assert sessao.registro["candidatos"][0]["impedimentos"] == [{"membro": "Bruno", "motivo": MOTIVO, "suplente": None}]
    ata = texto(pdf.ata_pdf(sessao))
    assert f"Bruno declarou impedimento ({MOTIVO}); sem suplente no lugar, o candidato foi transferido" in ata
    assert RegistroDeAuditoria.objects.filter(acao="candidato_transferido_por_impedimento").count() == 1


def test_transferido_pode_ser_chamado_a_outra_sessao_ja_e_la_e_julgado(cargo, ordinaria, sessao):
    n1 = chamar(sessao, cargo.inscricoes.get(numero="N1"), compareceu=None)
    transferir(n1)
    assert n1.inscricao in consultas.candidatos_a_chamar(ordinaria)
    outra = services.criar_sessao(ordinaria, inicio=sessao.inicio, por=pessoa("rh"))
    (novo,) = services.chamar_candidatos(outra, [n1.inscricao], por=pessoa("rh"))
    assert novo.sessao == outra and Chamado.objects.filter(inscricao=n1.inscricao).count() == 2


def test_transferido_nao_recebe_presenca_nem_parecer_nesta_sessao(cargo, sessao):
    n1 = chamar(sessao, cargo.inscricoes.get(numero="N1"), compareceu=None)
    transferir(n1)
    with pytest.raises(ValidationError, match="transferido para outra sessão"):
        services.registrar_presenca(n1, compareceu=True, por=presidente(sessao.comissao))
    Chamado.objects.filter(pk=n1.pk).update(compareceu=True)
    with pytest.raises(ValidationError, match="transferido para outra sessão"):
        services.registrar_parecer(n1, por=pessoa("carla"), voto="confirma")


def test_so_o_presidente_transfere_e_so_antes_do_primeiro_parecer(cargo, sessao):
    n1 = chamar(sessao, cargo.inscricoes.get(numero="N1"))
    with pytest.raises(PermissionDenied, match="Só o presidente"):
        transferir(n1, por=pessoa("bruno"))
    with pytest.raises(ValidationError, match="Informe o motivo"):
        transferir(n1, motivo=" ")
    votar(n1, carla="confirma")
    with pytest.raises(ValidationError, match="Já há pareceres sobre a inscrição N1: o candidato fica nesta sessão"):
        transferir(n1)


def test_recursal_nao_transfere_o_recurso(cargo):
    recursal = sessao_aberta(comissao(cargo.edital, tipo=Comissao.RECURSAL))
    chamado = Chamado.objects.create(sessao=recursal, inscricao=cargo.inscricoes.get(numero="N1"))
    with pytest.raises(ValidationError, match="o recurso não muda de sessão"):
        transferir(chamado, nome="igor")


def test_presidente_transfere_pela_tela_curta_do_parecer(client, cargo, sessao):
    n1 = chamar(sessao, cargo.inscricoes.get(numero="N1"))
    client.force_login(pessoa("ana"))
    pagina = client.get(reverse("heteroidentificacao:parecer", args=[n1.pk])).content.decode()
    assert "Transferir o candidato para outra sessão" in pagina
    resposta = client.post(
        reverse("heteroidentificacao:transferir_por_impedimento", args=[n1.pk]),
        {"membro": membro(sessao.comissao, "bruno").pk, "motivo": MOTIVO},
        follow=True,
    )
    assert "Inscrição N1 transferida para outra sessão pelo impedimento de Bruno" in resposta.content.decode()
    (linha,) = resposta.context["candidatos"]
    assert (linha["estado"], linha["pode_votar"], linha["pode_marcar_presenca"]) == (
        "Transferido para outra sessão",
        False,
        False,
    )
    client.force_login(pessoa("carla"))
    url = reverse("heteroidentificacao:transferir_por_impedimento", args=[n1.pk])
    assert client.post(url, {"membro": membro(sessao.comissao, "davi").pk, "motivo": MOTIVO}).status_code == 403
