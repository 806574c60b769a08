"""O parecer motivado da comissão (docs/REGRAS.md §10): a não confirmação traz as características
fenotípicas que a fundamentam, redigidas pelo presidente; sem ele a sessão não encerra, e ele vai
ao registro congelado, à ata e ao parecer do candidato."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from heteroidentificacao import pdf, services
from heteroidentificacao.models import Chamado, RegistroDeAuditoria, Sessao
from heteroidentificacao.registro import codigo

from .fabricas import (
    FUNDAMENTACAO,
    PARECER_DA_COMISSAO,
    encerrar,
    julgar,
    motivar,
    pessoa,
    presidente,
    todos,
)
from .test_pdf import texto

pytestmark = pytest.mark.django_db

MOTIVACAO = "Pele clara, cabelo liso e nariz afilado observados pela comissão na sessão."


def nao_confirmar_sem_motivacao(chamado):
    """3 a 2 pela não confirmação, sem o parecer motivado da comissão (``votar`` o registraria)."""
    for nome, voto in todos("confirma", carla="nao_confirma", davi="nao_confirma", elisa="nao_confirma").items():
        fundamentacao = FUNDAMENTACAO if voto == "nao_confirma" else ""
        services.registrar_parecer(chamado, por=pessoa(nome), voto=voto, fundamentacao=fundamentacao)


def test_nao_confirmacao_sem_parecer_motivado_nao_encerra(cargo, sessao):
    chamado = julgar(sessao, cargo.inscricoes.get(numero="N1"))
    nao_confirmar_sem_motivacao(chamado)
    julgar(sessao, cargo.inscricoes.get(numero="N2"), **todos("confirma"))  # confirmado: não precisa
    with pytest.raises(ValidationError, match=r"parecer motivado da comissão.*falta o das inscrições N1\.") as recusa:
        encerrar(sessao)
    assert "N2" not in recusa.value.messages[0] and "3 a 2" not in recusa.value.messages[0]
    assert Sessao.objects.get(pk=sessao.pk).status == Sessao.ABERTA
    assert Chamado.objects.get(pk=chamado.pk).decisao == "pendente"
    motivar(chamado, texto="   ")  # espaços não são motivo
    with pytest.raises(ValidationError, match="falta o das inscrições N1"):
        encerrar(sessao)
    motivar(chamado, texto=MOTIVACAO)
    encerrar(sessao)
    chamado.refresh_from_db()
    assert (chamado.decisao, chamado.parecer_da_comissao) == ("nao_confirmado", MOTIVACAO)


def test_so_o_presidente_registra_e_so_com_a_sessao_aberta(cargo, sessao):
    chamado = julgar(sessao, cargo.inscricoes.get(numero="N1"), **todos("confirma"))
    with pytest.raises(PermissionDenied, match="parecer motivado"):
        services.registrar_parecer_da_comissao(chamado, texto=MOTIVACAO, por=pessoa("bruno"))
    motivar(chamado, texto=MOTIVACAO)
    auditoria = RegistroDeAuditoria.objects.get(acao="parecer_da_comissao_registrado")
    assert auditoria.depois == {"parecer_da_comissao": MOTIVACAO}
    encerrar(sessao)
    with pytest.raises(ValidationError, match="Sessão encerrada"):
        motivar(chamado, texto="Outro texto.")


def test_parecer_motivado_vai_ao_registro_congelado_a_ata_e_ao_parecer_do_candidato(cargo, sessao):
    chamado = julgar(sessao, cargo.inscricoes.get(numero="N1"))
    nao_confirmar_sem_motivacao(chamado)
    motivar(chamado, texto=MOTIVACAO)
    encerrar(sessao)
    sessao.refresh_from_db()
    (congelado,) = sessao.registro["candidatos"]
    assert congelado["parecer_da_comissao"] == MOTIVACAO
    # O registro congelado vale, não o dado de hoje.
    Chamado.objects.filter(pk=chamado.pk).update(parecer_da_comissao="Alterado depois.")
    chamado.refresh_from_db()
    ata = " ".join(texto(pdf.ata_pdf(sessao)).split())
    assert f"Parecer motivado da comissão: {MOTIVACAO}" in ata and "Alterado depois" not in ata
    parecer = " ".join(texto(pdf.parecer_do_candidato_pdf(chamado)).split())
    assert f"Parecer motivado da comissão {MOTIVACAO}" in parecer and "Alterado depois" not in parecer


def test_registro_congelado_antigo_sem_a_chave_ainda_gera_a_ata(cargo, sessao):
    chamado = julgar(sessao, cargo.inscricoes.get(numero="N1"), **todos("nao_confirma"))
    encerrar(sessao)
    sessao.refresh_from_db()
    registro = sessao.registro
    for candidato in registro["candidatos"]:
        del candidato["parecer_da_comissao"]
    del registro["sessao"]["hash_da_gravacao"]
    Sessao.objects.filter(pk=sessao.pk).update(registro=registro, hash_do_registro=codigo(registro))
    sessao.refresh_from_db()
    assert "Parecer motivado da comissão" not in texto(pdf.ata_pdf(sessao))
    assert PARECER_DA_COMISSAO not in texto(pdf.parecer_do_candidato_pdf(chamado))


def test_presidente_registra_o_parecer_motivado_pela_tela(client, cargo, sessao):
    chamado = julgar(sessao, cargo.inscricoes.get(numero="N1"))
    url = reverse("heteroidentificacao:registrar_parecer_da_comissao", args=[chamado.pk])
    client.force_login(pessoa("bruno"))
    assert client.post(url, {"parecer_da_comissao": MOTIVACAO}).status_code == 403
    assert (
        "form-parecer-da-comissao"
        not in client.get(reverse("heteroidentificacao:parecer", args=[chamado.pk])).content.decode()
    )
    client.force_login(presidente(sessao.comissao))
    assert (
        "form-parecer-da-comissao"
        in client.get(reverse("heteroidentificacao:parecer", args=[chamado.pk])).content.decode()
    )
    resposta = client.post(url, {"parecer_da_comissao": MOTIVACAO}, follow=True)
    assert "Inscrição N1: parecer motivado da comissão registrado." in resposta.content.decode()
    chamado.refresh_from_db()
    assert chamado.parecer_da_comissao == MOTIVACAO


def test_parecer_motivado_tem_limite_e_recusa_controle(cargo, sessao):
    chamado = julgar(sessao, cargo.inscricoes.get(numero="N1"))
    for texto_ruim in ("x" * 20_001, "Pele clara.\x00"):
        with pytest.raises(ValidationError):
            motivar(chamado, texto=texto_ruim)
    chamado.refresh_from_db()
    assert chamado.parecer_da_comissao == ""
