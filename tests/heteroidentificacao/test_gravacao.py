"""A gravação do procedimento (docs/REGRAS.md §10): a sessão ordinária registra a referência do
arquivo e o SHA-256 dele antes de encerrar; quem recusa a filmagem é tratado como ausente; o
recurso é julgado com a gravação do primeiro procedimento à mão, e não sem ela."""

import re

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from concursos.models import OpcaoDeGrupo
from heteroidentificacao import pdf, services
from heteroidentificacao.models import RegistroDeAuditoria, Sessao

from .fabricas import (
    GRAVACAO,
    SHA256_DA_GRAVACAO,
    chamar,
    encerrar,
    gravar,
    julgar,
    pessoa,
    rh,
    sessao_aberta,
    todos,
    todos_na_recursal,
    votar,
)
from .test_pdf import texto

pytestmark = pytest.mark.django_db


@pytest.fixture
def sem_gravacao(ordinaria):
    """Sessão aberta em que o presidente ainda não registrou a gravação."""
    return sessao_aberta(ordinaria, gravada=False)


# — Registro da gravação —


def test_sessao_ordinaria_nao_encerra_sem_a_gravacao(cargo, sem_gravacao):
    chamado = julgar(sem_gravacao, cargo.inscricoes.get(numero="N1"), **todos("confirma"))
    with pytest.raises(ValidationError, match=r"Registre a gravação da sessão \(a referência e o SHA-256"):
        encerrar(sem_gravacao)
    assert Sessao.objects.get(pk=sem_gravacao.pk).status == Sessao.ABERTA
    # Só a referência, sem o SHA-256 (como o admin permite), também não basta.
    Sessao.objects.filter(pk=sem_gravacao.pk).update(gravacao=GRAVACAO)
    with pytest.raises(ValidationError, match="Registre a gravação da sessão"):
        encerrar(sem_gravacao)
    gravar(sem_gravacao)
    encerrar(sem_gravacao)
    chamado.refresh_from_db()
    assert chamado.decisao == "confirmado"


def test_so_o_presidente_registra_a_gravacao_e_so_antes_do_encerramento(cargo, sem_gravacao):
    with pytest.raises(PermissionDenied, match="registrar a gravação"):
        services.registrar_gravacao(sem_gravacao, referencia=GRAVACAO, sha256=SHA256_DA_GRAVACAO, por=pessoa("bruno"))
    gravar(sem_gravacao)
    encerrar(sem_gravacao)
    with pytest.raises(ValidationError, match="Sessão encerrada"):
        gravar(sem_gravacao, sha256="0" * 64)


@pytest.mark.parametrize(
    ("referencia", "sha256", "campo"),
    [
        ("", SHA256_DA_GRAVACAO, "gravacao"),
        ("javascript:alert(1)", SHA256_DA_GRAVACAO, "gravacao"),
        (GRAVACAO, "", "hash_da_gravacao"),
        (GRAVACAO, "abc123", "hash_da_gravacao"),
        (GRAVACAO, "g" * 64, "hash_da_gravacao"),
    ],
)
def test_gravacao_recusa_referencia_ou_sha256_invalidos(sem_gravacao, referencia, sha256, campo):
    with pytest.raises(ValidationError) as recusa:
        gravar(sem_gravacao, referencia=referencia, sha256=sha256)
    assert campo in recusa.value.error_dict
    sem_gravacao.refresh_from_db()
    assert (sem_gravacao.gravacao, sem_gravacao.hash_da_gravacao) == ("", "")


def test_gravacao_registrada_vai_para_a_auditoria_o_registro_congelado_e_a_ata(cargo, sem_gravacao):
    gravar(sem_gravacao, sha256=SHA256_DA_GRAVACAO.upper())  # o SHA-256 em maiúsculas é aceito e guardado em minúsculas
    auditoria = RegistroDeAuditoria.objects.get(acao="gravacao_registrada")
    assert auditoria.depois == {"gravacao": GRAVACAO, "hash_da_gravacao": SHA256_DA_GRAVACAO}
    julgar(sem_gravacao, cargo.inscricoes.get(numero="N1"), **todos("confirma"))
    sessao = encerrar(sem_gravacao)
    assert sessao.registro["sessao"]["hash_da_gravacao"] == SHA256_DA_GRAVACAO
    conteudo = texto(pdf.ata_pdf(sessao))
    assert GRAVACAO in conteudo and SHA256_DA_GRAVACAO in re.sub(r"\s+", "", conteudo)


def test_sessao_so_com_ausentes_encerra_sem_gravacao(cargo, sem_gravacao):
    """Ninguém foi avaliado: não há procedimento filmado a exigir."""
    chamar(sem_gravacao, cargo.inscricoes.get(numero="N1"), compareceu=False)
    encerrar(sem_gravacao)
    assert Sessao.objects.get(pk=sem_gravacao.pk).status == Sessao.ENCERRADA


# — Recusa da filmagem —


def test_quem_recusa_a_filmagem_fica_ausente_sem_pareceres(cargo, sessao):
    recusou = chamar(sessao, cargo.inscricoes.get(numero="N1"))
    services.registrar_presenca(recusou, compareceu=True, recusou_filmagem=True, por=pessoa("ana"))
    with pytest.raises(ValidationError, match="recusou a filmagem: é tratado como ausente"):
        votar(recusou, ana="confirma")
    outro = julgar(sessao, cargo.inscricoes.get(numero="N2"), **todos("confirma"))
    encerrar(sessao)  # ninguém votou em N1, e o encerramento não cobra esses votos
    recusou.refresh_from_db()
    assert (recusou.decisao, recusou.votos_confirma, recusou.votos_nao_confirma) == ("ausente", 0, 0)
    assert "recusou a filmagem" in recusou.motivo_da_decisao
    # O efeito de ausência do regime vai para a opção, como o de quem não compareceu.
    opcao = OpcaoDeGrupo.objects.get(inscricao=recusou.inscricao, grupo="negros")
    assert opcao.situacao == "ausente"
    outro.refresh_from_db()
    assert outro.decisao == "confirmado"
    sessao.refresh_from_db()
    ata = texto(pdf.ata_pdf(sessao))
    assert "Sim Sim Ausente" in ata and "recusou a filmagem do procedimento: tratado como ausente" in ata
    parecer = texto(pdf.parecer_do_candidato_pdf(recusou))
    assert "Ausente" in parecer and "recusou a filmagem" in parecer


def test_recusa_da_filmagem_depois_de_pareceres_e_recusada(chamado):
    votar(chamado, ana="confirma")
    with pytest.raises(ValidationError, match="quem recusa a filmagem é tratado como ausente"):
        services.registrar_presenca(chamado, compareceu=True, recusou_filmagem=True, por=pessoa("ana"))
    chamado.refresh_from_db()
    assert chamado.recusou_filmagem is False


# — Recurso —


def test_recurso_nao_e_julgado_sem_a_gravacao_do_primeiro_procedimento(nao_confirmado, recursal):
    Sessao.objects.filter(pk=nao_confirmado.sessao_id).update(gravacao="", hash_da_gravacao="")
    recurso = services.registrar_recurso(nao_confirmado, texto="Sou pardo.", por=rh())
    sessao = sessao_aberta(recursal)
    julgamento = services.chamar_recurso(recurso, sessao, por=pessoa("helena"))
    votar(julgamento, **todos_na_recursal("confirma"))
    with pytest.raises(ValidationError, match=r"sem a gravação do primeiro procedimento.*inscrições N1"):
        encerrar(sessao)
    assert Sessao.objects.get(pk=sessao.pk).status == Sessao.ABERTA
    Sessao.objects.filter(pk=nao_confirmado.sessao_id).update(gravacao=GRAVACAO)  # referência posta pelo admin
    encerrar(sessao)
    julgamento.refresh_from_db()
    assert julgamento.decisao == "confirmado"


def test_tela_do_recurso_mostra_a_gravacao_do_primeiro_procedimento(client, nao_confirmado, recursal):
    recurso = services.registrar_recurso(nao_confirmado, texto="Sou pardo.", por=rh())
    julgamento = services.chamar_recurso(recurso, sessao_aberta(recursal), por=pessoa("helena"))
    client.force_login(pessoa("igor"))
    pagina = client.get(reverse("heteroidentificacao:parecer", args=[julgamento.pk])).content.decode()
    assert GRAVACAO in pagina and SHA256_DA_GRAVACAO in pagina


# — Telas —


def test_presidente_registra_a_gravacao_pela_tela_e_o_membro_nao(client, sem_gravacao):
    url = reverse("heteroidentificacao:registrar_gravacao", args=[sem_gravacao.pk])
    dados = {"gravacao": GRAVACAO, "hash_da_gravacao": SHA256_DA_GRAVACAO}
    client.force_login(pessoa("bruno"))
    assert client.post(url, dados).status_code == 403
    client.force_login(pessoa("ana"))
    encerrar_url = reverse("heteroidentificacao:encerrar_sessao", args=[sem_gravacao.pk])
    assert "A gravação da sessão ainda não foi registrada" in client.get(encerrar_url).content.decode()
    resposta = client.post(url, {**dados, "hash_da_gravacao": "123"}, follow=True)
    assert "O SHA-256 do arquivo tem 64 algarismos hexadecimais" in resposta.content.decode()
    resposta = client.post(url, dados, follow=True)
    assert "Gravação da sessão registrada" in resposta.content.decode()
    sem_gravacao.refresh_from_db()
    assert (sem_gravacao.gravacao, sem_gravacao.hash_da_gravacao) == (GRAVACAO, SHA256_DA_GRAVACAO)
    assert "A gravação da sessão ainda não foi registrada" not in client.get(encerrar_url).content.decode()
