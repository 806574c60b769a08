"""As listas do admin feitas para um milhão de inscrições (``comum/paginacao.py``,
``concursos/filtros.py``, ``BuscaPorIndice``): o que a busca acha, os filtros com caixa de busca,
a ordem da lista, a página pelas chaves e a contagem estimada ("cerca de") no PostgreSQL."""

import re
from html import unescape

import pytest
from django.contrib import admin
from django.db import connection
from django.urls import reverse

from comum.paginacao import PaginadorComContagemEstimada
from concursos.models import Candidato, Inscricao
from tests.concursos.fabricas import edital, inscricao

pytestmark = pytest.mark.django_db
so_no_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="estimativas do planejador só no PostgreSQL"
)
LISTA = "admin:concursos_inscricao_changelist"


@pytest.fixture
def guarda():
    return edital(cargos=(("GM", "Guarda Municipal", 5),)).cargos.get()


def texto(resposta) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", resposta.content.decode(), flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def achadas(client, termo, lista=LISTA) -> list[str]:
    resposta = client.get(reverse(lista), {"q": termo})
    assert resposta.status_code == 200
    return sorted(str(getattr(i, "numero", i)) for i in resposta.context["cl"].result_list)


# ---------------------------------------------------------------- busca


def test_busca_pelo_comeco_do_nome_civil_ou_social_sem_diferenca_de_maiusculas(client, chefe, guarda):
    inscricao(guarda, "1", 80, nome="Maria da Penha Souza")
    joana = inscricao(guarda, "2", 70, nome="João Carlos Lima")
    Candidato.objects.filter(pk=joana.candidato_id).update(nome_social="Joana Lima")
    inscricao(guarda, "3", 60, nome="Ana Maria Pereira")
    assert achadas(client, "maria da p") == ["1"]
    assert achadas(client, "  MARIA   DA  penha ") == ["1"]
    assert achadas(client, "Joana") == ["2"]
    assert achadas(client, "joão") == ["2"]


def test_busca_pelo_meio_do_nome_nao_acha_porque_so_o_comeco_usa_indice(client, chefe, guarda):
    inscricao(guarda, "1", 80, nome="Maria da Penha Souza")
    assert achadas(client, "Penha") == []


def test_busca_por_cpf_inteiro_com_ou_sem_mascara_e_nao_por_pedaco(client, chefe, guarda):
    cpf = inscricao(guarda, "1", 80).candidato.cpf
    inscricao(guarda, "2", 70)
    formatado = f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"
    assert achadas(client, formatado) == achadas(client, cpf) == ["1"]
    assert achadas(client, cpf[:6]) == []
    assert achadas(client, formatado, "admin:concursos_candidato_changelist") == ["Candidato 1"]


def test_numero_de_inscricao_de_11_algarismos_e_achado_como_numero_e_nao_so_como_cpf(client, chefe, guarda):
    inscricao(guarda, "20250000001", 80)
    outra = inscricao(guarda, "2", 70)
    assert achadas(client, "20250000001") == ["20250000001"]
    assert achadas(client, outra.candidato.cpf) == ["2"]


# ---------------------------------------------------------------- filtros e ordem


def test_filtro_de_cargo_e_uma_caixa_de_busca_e_nao_uma_lista_com_todos_os_cargos(client, chefe):
    cargos = [(f"C{n:03d}", f"Cargo número {n:03d}", 1) for n in range(40)]
    for cargo in edital(cargos=cargos).cargos.all():
        inscricao(cargo, cargo.codigo, 50)
    html = client.get(reverse(LISTA)).content.decode()
    filtros = html[html.index('id="changelist-filter"') :]
    filtros = filtros[: filtros.index("</nav>")]
    assert "Cargo número" not in filtros
    assert 'data-field-name="cargo"' in filtros and 'data-field-name="edital"' in filtros
    assert "select2" in html  # os scripts do autocomplete do admin vêm com a lista


def test_cargo_escolhido_aparece_com_o_edital_e_a_busca_continua_no_formulario_do_filtro(client, chefe, guarda):
    inscricao(guarda, "1", 80, nome="Maria")
    url = reverse(LISTA)
    resposta = client.get(url, {"cargo__id__exact": guarda.pk, "q": "maria", "edital__id__exact": guarda.edital_id})
    pagina = texto(resposta)
    assert "GM — Guarda Municipal (edital 1/2025)" in pagina and "Por edital 1/2025" in pagina.replace("Todos ", "")
    html = resposta.content.decode()
    assert '<input type="hidden" name="q" value="maria">' in html
    assert [i.numero for i in resposta.context["cl"].result_list] == ["1"]


def test_a_busca_do_filtro_de_cargo_e_o_autocomplete_do_admin(client, chefe, guarda):
    parametros = {"app_label": "concursos", "model_name": "inscricao", "field_name": "cargo", "term": "guarda"}
    resposta = client.get(reverse("admin:autocomplete"), parametros)
    assert [r["id"] for r in resposta.json()["results"]] == [str(guarda.pk)]


def test_lista_em_ordem_de_edital_mais_recente_e_numero_e_sem_colunas_ordenaveis(client, chefe, guarda):
    recente = edital(numero=2, ano=2026).cargos.get()
    for numero in ("B", "A", "C"):
        inscricao(guarda, numero, 50)
        inscricao(recente, numero, 50)
    resposta = client.get(reverse(LISTA))
    linhas = [(i.edital_id, i.numero) for i in resposta.context["cl"].result_list]
    assert linhas == [(recente.edital_id, n) for n in "ABC"] + [(guarda.edital_id, n) for n in "ABC"]
    assert "sortable" not in resposta.content.decode()


def test_pagina_funda_vem_pelas_chaves_na_ordem_certa(client, chefe, guarda):
    for n in range(1, 106):
        inscricao(guarda, f"{n:03d}", 50)
    resposta = client.get(reverse(LISTA), {"p": 2})
    assert [i.numero for i in resposta.context["cl"].result_list] == ["101", "102", "103", "104", "105"]


# ---------------------------------------------------------------- contagem


def test_sem_postgresql_a_contagem_e_exata_e_sem_cerca_de(client, chefe, guarda):
    for n in range(3):
        inscricao(guarda, str(n), 50)
    resposta = client.get(reverse(LISTA))
    if connection.vendor != "postgresql":
        assert not resposta.context["cl"].paginator.estimada
    assert "3 inscrições" in texto(resposta) and "cerca de" not in texto(resposta)


@pytest.mark.postgresql
@so_no_postgresql
def test_lista_sem_filtro_no_postgresql_usa_a_estimativa_da_tabela_e_diz_cerca_de(client, chefe, guarda, monkeypatch):
    for n in range(5):
        inscricao(guarda, str(n), 50)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE concursos_inscricao")
    monkeypatch.setattr(PaginadorComContagemEstimada, "limite_da_contagem_exata", 1)
    resposta = client.get(reverse(LISTA))
    assert resposta.context["cl"].paginator.estimada
    assert "cerca de 5 inscrições" in texto(resposta)
    assert resposta.context["selection_note_all"] == "Seleção completa: cerca de 5 inscrições"


@pytest.mark.postgresql
@so_no_postgresql
def test_tabela_pequena_no_postgresql_e_contada_de_verdade(guarda):
    for n in range(5):
        inscricao(guarda, str(n), 50)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE concursos_inscricao")
    paginador = PaginadorComContagemEstimada(Inscricao.objects.order_by("pk"), 2)
    assert (paginador.count, paginador.estimada) == (5, False)


def statement_timeout() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        return cursor.fetchone()[0]


@pytest.mark.postgresql
@so_no_postgresql
def test_contagem_filtrada_que_cabe_no_teto_e_exata_e_o_teto_nao_fica_valendo(guarda):
    for n in range(5):
        inscricao(guarda, str(n), 50, situacao=Inscricao.ELIMINADO if n < 2 else Inscricao.CLASSIFICADO)
    antes = statement_timeout()
    paginador = PaginadorComContagemEstimada(Inscricao.objects.filter(situacao=Inscricao.ELIMINADO), 10)
    assert (paginador.count, paginador.estimada) == (2, False)
    assert statement_timeout() == antes


@pytest.mark.postgresql
@so_no_postgresql
def test_contagem_filtrada_que_estoura_o_teto_vira_a_estimativa_do_planejador(guarda, monkeypatch):
    """Uma consulta que dorme 50 ms diante de um teto de 1 ms sempre estoura: a contagem vira a
    estimativa do EXPLAIN (que não executa a consulta), e a transação continua utilizável."""
    for n in range(5):
        inscricao(guarda, str(n), 50)
    monkeypatch.setattr(PaginadorComContagemEstimada, "tempo_maximo_da_contagem_ms", 1)
    lenta = Inscricao.objects.extra(where=["(SELECT 1 FROM pg_sleep(0.05)) = 1"])
    antes = statement_timeout()
    paginador = PaginadorComContagemEstimada(lenta, 10)
    assert paginador.estimada and paginador.count >= 0
    assert paginador.rotulo_da_contagem.startswith("cerca de ")
    assert statement_timeout() == antes and Inscricao.objects.count() == 5


def test_caixa_de_selecao_de_cada_linha_tem_o_mesmo_html_da_do_django(guarda):
    registro = inscricao(guarda, "GM-<1>", 50, nome='Zé "Aspas" & Cia')
    inscricoes = admin.site._registry[Inscricao]
    assert inscricoes.action_checkbox(registro) == admin.ModelAdmin.action_checkbox(inscricoes, registro)
