"""Impedimento de um membro para um candidato (docs/REGRAS.md §10; Lei 9.784/1999, arts. 18–21): o
membro o declara com o motivo, antes de votar; um suplente vota no lugar dele só nesse candidato, e a
ata diz quem foi impedido, por quê e quem votou no lugar."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from heteroidentificacao import pdf, services
from heteroidentificacao.models import Parecer, RegistroDeAuditoria, Sessao

from .fabricas import FUNDAMENTACAO, chamar, encerrar, membro, motivar, pessoa, votar
from .test_pdf import texto

pytestmark = pytest.mark.django_db

MOTIVO = "Parente em segundo grau do candidato."


def impedir(chamado, nome="bruno", suplente="fabio", por=None):
    comissao = chamado.sessao.comissao
    return services.declarar_impedimento(
        chamado, membro=membro(comissao, nome), motivo=MOTIVO, suplente=membro(comissao, suplente),
        por=por or pessoa(nome),
    )  # fmt: skip


def test_suplente_vota_no_lugar_do_impedido_so_naquele_candidato(cargo, sessao):
    n1 = chamar(sessao, cargo.inscricoes.get(numero="N1"))
    n2 = chamar(sessao, cargo.inscricoes.get(numero="N2"))
    impedir(n1)
    with pytest.raises(PermissionDenied, match="Você declarou impedimento para este candidato"):
        services.registrar_parecer(n1, por=pessoa("bruno"), voto="confirma")
    votar(n1, ana="confirma", fabio="confirma", carla="confirma", davi="confirma", elisa="confirma")
    assert Parecer.objects.filter(chamado=n1, membro__usuario__username="fabio").exists()
    with pytest.raises(PermissionDenied):
        services.registrar_parecer(n2, por=pessoa("fabio"), voto="confirma")  # Fábio não compõe a sessão
    votar(n2, ana="confirma", bruno="confirma", carla="confirma", davi="confirma", elisa="confirma")
    encerrar(sessao)
    n1.refresh_from_db()
    assert (n1.decisao, n1.votos_confirma) == ("confirmado", 5)


def test_encerramento_cobra_o_voto_do_suplente_e_nao_o_do_impedido(cargo, sessao):
    n1 = chamar(sessao, cargo.inscricoes.get(numero="N1"))
    impedir(n1)
    votar(n1, ana="confirma", carla="confirma", davi="confirma", elisa="confirma")
    with pytest.raises(ValidationError, match="faltam pareceres — Fabio: inscrições N1"):
        encerrar(sessao)


def test_ata_diz_o_impedimento_o_motivo_e_quem_votou_no_lugar(cargo, sessao):
    n1 = chamar(sessao, cargo.inscricoes.get(numero="N1"))
    impedir(n1)
    votar(n1, ana="nao_confirma", fabio="nao_confirma", carla="nao_confirma", davi="confirma", elisa="confirma")
    motivar(n1)
    encerrar(sessao)
    conteudo = texto(pdf.ata_pdf(Sessao.objects.get(pk=sessao.pk)))
    assert f"Impedimento: Bruno declarou impedimento ({MOTIVO}); votou no lugar dele(a) o suplente Fabio." in conteudo
    registro = Sessao.objects.get(pk=sessao.pk).registro
    assert registro["candidatos"][0]["impedimentos"] == [{"membro": "Bruno", "motivo": MOTIVO, "suplente": "Fabio"}]
    assert RegistroDeAuditoria.objects.filter(acao="impedimento_declarado").count() == 1


def test_impedimento_so_antes_do_voto_com_motivo_e_suplente_que_nao_vota(cargo, sessao):
    n1 = chamar(sessao, cargo.inscricoes.get(numero="N1"))
    services.registrar_parecer(n1, por=pessoa("carla"), voto="nao_confirma", fundamentacao=FUNDAMENTACAO)
    with pytest.raises(ValidationError, match="Carla já registrou parecer sobre a inscrição N1"):
        impedir(n1, nome="carla")
    with pytest.raises(ValidationError, match="Informe o motivo do impedimento"):
        services.declarar_impedimento(
            n1, membro=membro(sessao.comissao, "bruno"), motivo=" ", suplente=membro(sessao.comissao, "fabio"),
            por=pessoa("bruno"),
        )  # fmt: skip
    with pytest.raises(ValidationError, match="Davi já compõe a sessão"):
        impedir(n1, suplente="davi")
    impedir(n1)
    with pytest.raises(ValidationError, match="Fabio já vota neste candidato"):
        impedir(n1, nome="elisa", suplente="fabio")


def test_so_o_proprio_membro_ou_o_presidente_registram_o_impedimento(cargo, sessao):
    n1 = chamar(sessao, cargo.inscricoes.get(numero="N1"))
    with pytest.raises(PermissionDenied, match="Só o presidente"):
        impedir(n1, por=pessoa("carla"))
    assert impedir(n1, por=pessoa("ana")).membro.usuario.username == "bruno"


def test_membro_declara_o_impedimento_pela_tela_do_parecer_e_o_suplente_vota(client, cargo, sessao):
    from django.urls import reverse

    n1 = chamar(sessao, cargo.inscricoes.get(numero="N1"))
    client.force_login(pessoa("bruno"))
    pagina = client.get(reverse("heteroidentificacao:parecer", args=[n1.pk])).content.decode()
    assert "Declarar impedimento para este candidato" in pagina
    fabio = membro(sessao.comissao, "fabio")
    resposta = client.post(
        reverse("heteroidentificacao:declarar_impedimento", args=[n1.pk]),
        {"motivo": MOTIVO, "suplente": fabio.pk},
        follow=True,
    )
    assert "Fabio vota no seu lugar neste candidato" in resposta.content.decode()
    assert "Declarar impedimento para este candidato" not in resposta.content.decode()
    client.force_login(pessoa("fabio"))
    client.post(reverse("heteroidentificacao:parecer", args=[n1.pk]), {"voto": "confirma", "fundamentacao": ""})
    assert Parecer.objects.filter(chamado=n1, membro=fabio).exists()
