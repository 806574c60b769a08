"""O nome para busca guardado na inscrição (``Inscricao.nome_para_busca``, issue 25): a busca por nome
do formulário de evento lê essa cópia, minúscula e sem acentos, só nas linhas do cargo. Ela tem de
continuar igual ao nome do candidato venha a mudança de onde vier: a importação (em lotes, sem
``save()``), o admin, o ``update()`` e a migração que a preencheu."""

import importlib

import pytest
from django.apps import apps
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from comum.cpf import completar_cpf, formatar_cpf
from concursos.consultas.busca import buscar
from concursos.importacao.massa import importar_inscricoes
from concursos.models import Candidato, Inscricao, nome_normalizado

from .fabricas import edital, inscricao, usuario
from .test_importacao_em_massa import CABECALHO, linha

pytestmark = pytest.mark.django_db


def guardados() -> dict[str, str]:
    return dict(Inscricao.objects.values_list("numero", "nome_para_busca"))


def esperados() -> dict[str, str]:
    return {
        i.numero: nome_normalizado(i.candidato.nome, i.candidato.nome_social)
        for i in Inscricao.objects.select_related("candidato")
    }


def test_o_nome_normalizado_junta_o_civil_e_o_social_sem_acentos_nem_maiusculas():
    assert nome_normalizado("JOSÉ  da Conceição", "Lúcia Araújo") == "jose da conceicao lucia araujo"
    assert nome_normalizado("Ana Souza") == "ana souza"


def test_a_importacao_grava_o_nome_para_busca_e_a_reimportacao_o_acompanha(rh):
    edital_gm = edital(criado_por=rh, cargos=(("GM", "Guarda Municipal", 5), ("AGE", "Agente Administrativo", 3)))
    cpf_2 = formatar_cpf(completar_cpf(f"{300_000_000 + 2:09d}"))
    primeira = [linha(1, nome="ÁLVARO Conceição"), linha(2, nome="Bia Antônia", nome_social="Bê Araújo")]
    importar_inscricoes(edital_gm, "\r\n".join([CABECALHO, *primeira]).encode("cp1252"), "a.csv", por=rh)
    assert guardados() == {"2025-00001": "alvaro conceicao", "2025-00002": "bia antonia be araujo"}

    # O candidato muda de nome (bulk_update dos candidatos; o nome social vazio não o apaga) e a
    # inscrição 1 passa a ser de outro CPF
    # (bulk_update das inscrições com o campo candidato).
    segunda = [linha(1, cpf=cpf_2, nome="Beatriz Antônia"), linha(2, nome="Beatriz Antônia", nome_social="")]
    importar_inscricoes(edital_gm, "\r\n".join([CABECALHO, *segunda]).encode("cp1252"), "b.csv", por=rh)
    assert guardados() == dict.fromkeys(("2025-00001", "2025-00002"), "beatriz antonia be araujo") == esperados()
    cargo = edital_gm.cargos.get(codigo="GM")
    assert [i.numero for i in buscar(cargo.inscricoes.all(), "BEATRIZ antônia").inscricoes] == ["2025-00001"]
    # O campo derivado não entra no histórico da inscrição.
    assert "nome_para_busca" not in {f.name for f in Inscricao.history.model._meta.fields}


def test_editar_o_candidato_no_admin_regrava_o_nome_das_suas_inscricoes(client, cargo):
    outro = edital(numero=2, cargos=(("AG", "Agente", 2),)).cargos.get()
    a = inscricao(cargo, "1006", 60, nome="Maria da Penha")
    Inscricao.objects.create(edital=outro.edital, cargo=outro, candidato=a.candidato, numero="9001", nota=50)
    client.force_login(usuario("chefe", superusuario=True))
    dados = {"nome": "Maria Conceição", "nome_social": "Lúcia Ésther", "cpf": a.candidato.cpf, "nascimento": ""}
    resposta = client.post(reverse("admin:concursos_candidato_change", args=[a.candidato.pk]), {**dados, "email": ""})
    assert resposta.status_code == 302
    assert {n: guardados()[n] for n in ("1006", "9001")} == dict.fromkeys(
        ("1006", "9001"), "maria conceicao lucia esther"
    )
    assert guardados() == esperados()
    assert [i.numero for i in buscar(cargo.inscricoes.all(), "esther").inscricoes] == ["1006"]
    assert buscar(cargo.inscricoes.all(), "penha").inscricoes == []


def test_update_e_bulk_update_do_candidato_e_da_inscricao_regravam_o_nome(cargo):
    a = inscricao(cargo, "1006", 60, nome="Ana")
    b = inscricao(cargo, "1007", 59, nome="Bia")
    Candidato.objects.filter(pk=a.candidato_id).update(nome="Ângela Dóris")
    b.candidato.nome_social = "Bárbara"
    Candidato.objects.bulk_update([b.candidato], ["nome_social"])
    assert (guardados()["1006"], guardados()["1007"]) == ("angela doris", "bia barbara")
    Inscricao.objects.filter(pk=a.pk).update(candidato=b.candidato)
    assert guardados()["1006"] == "bia barbara"
    assert guardados() == esperados()


def test_criada_em_lote_so_com_o_id_do_candidato_ja_nasce_com_o_nome(cargo):
    pessoa = Candidato.objects.create(nome="Çélia Núñez", cpf=completar_cpf("123456780"))
    Inscricao.objects.bulk_create(
        [Inscricao(edital=cargo.edital, cargo=cargo, candidato_id=pessoa.pk, numero="L1", nota=1)]
    )
    assert guardados()["L1"] == "celia nunez"


def test_a_migracao_preenche_as_inscricoes_que_ja_existiam(cargo):
    inscricao(cargo, "1006", 60, nome="Zé Cândido")
    Inscricao.objects.update(nome_para_busca="")
    migracao = importlib.import_module("concursos.migrations.0020_nome_para_busca")
    migracao.preencher(apps, None)
    assert guardados() == esperados() and guardados()["1006"] == "ze candido"


def test_a_busca_por_nome_acha_sem_acentos_e_nao_calcula_o_nome_linha_a_linha(cargo):
    inscricao(cargo, "1006", 60, nome="JOÃO Estêvão")
    Candidato.objects.filter(nome="JOÃO Estêvão").update(nome_social="Joana Ísis")
    for digitado in ("joao", "ESTEVAO joao", "isis", "Ísis Joãna"):
        assert [i.numero for i in buscar(cargo.inscricoes.all(), digitado).inscricoes] == ["1006"], digitado
    with CaptureQueriesContext(connection) as consultas:
        buscar(cargo.inscricoes.all(), "isis")
    sql = " ".join(c["sql"] for c in consultas.captured_queries).lower()
    assert len(consultas.captured_queries) == 3  # número exato, prefixo do número, nome
    assert "nome_para_busca" in sql and "translate(" not in sql and "sem_acentos(" not in sql
