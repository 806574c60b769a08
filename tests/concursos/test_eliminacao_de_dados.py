"""A eliminação dos dados pessoais de um concurso vencido (``manage.py eliminar_dados_pessoais``,
LGPD arts. 15 e 16): num cargo pequeno com sessão de heteroidentificação encerrada, um nomeado, um
recurso ainda não julgado e arquivos privados que citam os candidatos."""

import hashlib
import io
from datetime import date
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from pypdf import PdfReader

from comum.cpf import formatar_cpf
from concursos import services
from concursos.models import (
    AcessoADadosSensiveis,
    Candidato,
    Edital,
    Inscricao,
    OpcaoDeGrupo,
    Provimento,
    Resultado,
    TermoDeEliminacao,
)
from concursos.papeis import AUDITOR, RH
from concursos.services.eliminacao import MOTIVOS_PARA_MANTER, NOMEADO, RECURSO_ABERTO, eliminar_dados_pessoais
from heteroidentificacao.models import Recurso, Sessao
from tests.concursos.dados_pessoais import achados, de_quem_fica, retrato
from tests.concursos.fabricas import usuario
from tests.heteroidentificacao.fabricas import cargo_com_cotistas, comissao, encerrar, julgar, rh, sessao_aberta, todos

pytestmark = pytest.mark.django_db

HOJE = date(2026, 12, 4)


@pytest.fixture
def vencido():
    """O cargo de ``cargo_com_cotistas`` num edital cuja validade acabou em 2019 (guarda até 2024):
    N1 não confirmado numa sessão encerrada, com recurso ainda não julgado; N2 confirmado na mesma
    sessão; A nomeado; o resultado gerado; e-mails de todos; uma alteração no admin e um e-mail da
    caixa de saída que citam B."""
    cargo = cargo_com_cotistas()
    for candidato in Candidato.objects.all():
        Candidato.objects.filter(pk=candidato.pk).update(email=f"pessoa{candidato.pk}@exemplo.test")
    sessao = sessao_aberta(comissao(cargo.edital))
    n1 = julgar(sessao, cargo.inscricoes.get(numero="N1"), **todos("nao_confirma", ana="confirma"))
    julgar(sessao, cargo.inscricoes.get(numero="N2"), **todos())
    encerrar(sessao)
    Recurso.objects.create(chamado=n1, texto="Sou parda.", apresentado_em=date(2019, 3, 1), registrado_por=rh())
    services.gerar_resultado(cargo, por=rh())
    a = cargo.inscricoes.get(numero="A")
    Provimento.objects.create(
        inscricao=a, portaria="Portaria 7/2019", data_da_nomeacao=date(2019, 5, 2), registrado_por=rh()
    )
    b = cargo.inscricoes.get(numero="B")
    LogEntry.objects.log_actions(
        rh().pk, [b], CHANGE, change_message=f"Corrigido o e-mail de {b.candidato.nome}", single_object=True
    )
    caixa = Path(settings.MEDIA_ROOT) / "caixa_de_saida"
    caixa.mkdir(parents=True, exist_ok=True)
    (caixa / "aviso-b.log").write_text(f"To: {b.candidato.email}\n\nPrezado(a) {b.candidato.nome}")
    Edital.objects.filter(pk=cargo.edital_id).update(validade_ate=date(2019, 6, 30))
    return cargo


def usuario_do_papel(nome: str, papel: str):
    pessoa = usuario(nome)
    pessoa.groups.add(Group.objects.get(name=papel))
    return pessoa


def instantaneo() -> dict:
    return {m._meta.label: list(m._base_manager.order_by("pk").values()) for m in apps.get_models()}


def pessoas(cargo, *numeros):
    return list(Candidato.objects.filter(inscricoes__cargo=cargo, inscricoes__numero__in=numeros))


def test_a_simulacao_relata_e_nao_muda_nada(vencido):
    antes = instantaneo()
    saida = io.StringIO()
    call_command("eliminar_dados_pessoais", stdout=saida)
    assert "SIMULAÇÃO" in saida.getvalue()
    assert "6 pessoa(s) seriam anonimizadas" in saida.getvalue()
    assert instantaneo() == antes
    assert (Path(settings.MEDIA_ROOT) / "caixa_de_saida" / "aviso-b.log").exists()


def test_executada_nao_deixa_dado_pessoal_de_nao_nomeado_em_nenhuma_tabela(vencido, django_capture_on_commit_callbacks):
    saem = retrato(pessoas(vencido, "B", "C", "D", "E", "N2", "P"))
    ficam = pessoas(vencido, "A", "N1")
    with django_capture_on_commit_callbacks(execute=True):
        call_command("eliminar_dados_pessoais", "--executar", stdout=io.StringIO())
    assert achados(saem, de_quem_fica(ficam)) == []
    assert not Candidato.objects.filter(pk__in=saem, nascimento__isnull=False).exists()
    assert set(Inscricao.objects.filter(candidato__in=saem).values_list("cor_raca", flat=True)) == {""}
    assert not Inscricao.history.filter(candidato_id__in=saem).exclude(cor_raca="").exists()
    assert not OpcaoDeGrupo.objects.filter(inscricao__candidato__in=saem).exists()
    assert not (Path(settings.MEDIA_ROOT) / "caixa_de_saida" / "aviso-b.log").exists()


def test_nomeado_e_quem_tem_recurso_aberto_ficam_como_estavam(vencido):
    ficam = {c.pk: (c.nome, c.cpf, c.email, c.nascimento) for c in pessoas(vencido, "A", "N1")}
    relatorio = eliminar_dados_pessoais(Edital.objects.get(cargos=vencido), por=rh(), hoje=HOJE, executar=True)
    assert {c.pk: (c.nome, c.cpf, c.email, c.nascimento) for c in pessoas(vencido, "A", "N1")} == ficam
    assert relatorio.mantidas == [
        {"inscricao": "A", "motivo": MOTIVOS_PARA_MANTER[NOMEADO]},
        {"inscricao": "N1", "motivo": MOTIVOS_PARA_MANTER[RECURSO_ABERTO]},
    ]
    assert Inscricao.objects.get(cargo=vencido, numero="N1").opcoes.exists()


def test_o_termo_guarda_e_imprime_o_hash_original_de_cada_registro_congelado(vencido):
    resultado = Resultado.objects.get(cargo=vencido)
    sessao = Sessao.objects.get(comissao__edital=vencido.edital)
    originais = {resultado.hash_das_entradas, sessao.hash_do_registro}
    eliminar_dados_pessoais(Edital.objects.get(cargos=vencido), por=rh(), hoje=HOJE, executar=True)
    termo = TermoDeEliminacao.objects.get()
    assert {r["hash_original"] for r in termo.registros_congelados} == originais
    texto = "".join(p.extract_text() for p in PdfReader(io.BytesIO(bytes(termo.pdf))).pages).replace("\n", "")
    assert all(h in texto for h in originais)
    assert hashlib.sha256(bytes(termo.pdf)).hexdigest() == termo.hash_do_pdf
    sessao.refresh_from_db()
    assert sessao.hash_do_registro not in originais  # o registro anonimizado confere com o hash novo


def test_edital_ainda_na_guarda_e_recusado(vencido):
    Edital.objects.filter(pk=vencido.edital_id).update(validade_ate=date(2024, 6, 30))
    with pytest.raises(CommandError, match="ainda está no prazo de guarda"):
        call_command("eliminar_dados_pessoais", "1/2025", stdout=io.StringIO())


def test_a_varredura_acha_os_dados_antes_da_eliminacao(vencido):
    encontrados = achados(retrato(pessoas(vencido, "B")), de_quem_fica(pessoas(vencido, "A", "N1")))
    tabelas = {achado.split(":")[0] for achado in encontrados}
    assert {"concursos.Candidato", "admin.LogEntry"} <= tabelas


def test_relatorio_do_titular_mostra_o_que_se_guarda_e_fica_no_registro_de_acessos(vencido):
    b = Inscricao.objects.get(cargo=vencido, numero="B").candidato
    call_command("relatorio_do_titular", b.cpf, stdout=io.StringIO())
    saida = io.StringIO()
    call_command("relatorio_do_titular", formatar_cpf(b.cpf), stdout=saida)
    texto = saida.getvalue()
    assert b.nome in texto and b.email in texto and "== Inscrições (1)" in texto
    assert "== Registro de acessos (1)" in texto and "relatorio_do_titular" in texto
    assert AcessoADadosSensiveis.objects.filter(o_que="relatorio_do_titular", objeto=f"candidato #{b.pk}").count() == 2


def test_o_superusuario_baixa_o_pdf_do_termo_o_auditor_le_e_o_rh_nao_ve(vencido, client):
    eliminar_dados_pessoais(Edital.objects.get(cargos=vencido), por=rh(), hoje=HOJE, executar=True)
    termo = TermoDeEliminacao.objects.get()
    lista = reverse("admin:concursos_termodeeliminacao_changelist")
    client.force_login(usuario("administradora", superusuario=True))
    resposta = client.post(lista, {"action": "baixar_pdf", "_selected_action": [termo.pk]})
    assert resposta["Content-Type"] == "application/pdf" and resposta.content == bytes(termo.pdf)
    client.force_login(usuario_do_papel("auditora", AUDITOR))
    ficha = client.get(reverse("admin:concursos_termodeeliminacao_change", args=[termo.pk]))
    assert termo.registros_congelados[0]["hash_original"] in ficha.content.decode()
    client.force_login(usuario_do_papel("servidora", RH))
    assert client.get(lista).status_code == 403
