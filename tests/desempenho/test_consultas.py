"""Número de consultas das páginas que crescem com o concurso (issue 6): a lista de inscrições
(com busca e filtro), a ficha do edital, a sessão do membro da comissão com 300 candidatos e o
resultado. Cada página faz no máximo ``LIMITE`` consultas, e o MESMO número com poucas e com
muitas linhas: nenhuma consulta por linha (N+1).

O tempo não se testa aqui (a máquina varia); ele é medido por ``bench/bench_changelist.py``.
Antes de contar, a página é pedida uma vez, para que caches do processo (tipos de conteúdo) não
contem só na primeira.
"""

from datetime import date

import pytest
from django.urls import reverse

from comum.paginacao import PaginadorComContagemEstimada
from concursos import services
from concursos.atos import Ato
from concursos.models import Inscricao
from heteroidentificacao import services as servicos_da_comissao
from heteroidentificacao.models import Parecer
from tests.concursos.fabricas import edital, inscricao
from tests.heteroidentificacao.fabricas import comissao, pessoa, presidente, rh, sessao_aberta

DATA_DO_ATO = date(2025, 6, 2)  # dentro da validade e depois da publicação dos editais de teste

pytestmark = pytest.mark.django_db

# +1 desde o impedimento com transferência e a página do suplente (a consulta dos impedimentos da sessão);
# +1 desde a tela paginada (issue 29: a contagem da página; o andamento do membro e os sem presença numa só).
LIMITE = 14
MUITAS = 300


@pytest.fixture(autouse=True)
def contagem_sem_teto_de_tempo(monkeypatch):
    """No PostgreSQL a contagem de uma lista filtrada tem um teto de 100 ms; numa máquina carregada
    ela o estoura e a estimativa do ``EXPLAIN`` soma uma consulta que não vem do tamanho da lista.
    O teto tem os seus testes (tests/desempenho/test_listas_grandes.py); aqui conta-se o N+1."""
    monkeypatch.setattr(PaginadorComContagemEstimada, "tempo_maximo_da_contagem_ms", 60_000)


@pytest.fixture
def contar(client, django_assert_max_num_queries):
    """``contar(url, dados)``: pede a página (200) e devolve quantas consultas ela fez (≤ LIMITE)."""

    def contar(url, dados=None):
        with django_assert_max_num_queries(LIMITE) as capturadas:
            resposta = client.get(url, dados or {})
        assert resposta.status_code == 200, resposta.status_code
        return len(capturadas.captured_queries)

    return contar


def inscrever(cargo, quantas, *, primeira=1, prefixo="Maria da Silva", **campos):
    for n in range(primeira, primeira + quantas):
        inscricao(cargo, f"{cargo.codigo}-{n:04d}", 50 + n % 50, nome=f"{prefixo} {n:04d}", **campos)


# ---------------------------------------------------------------- lista de inscrições


def test_lista_de_inscricoes_com_busca_e_filtros_faz_as_mesmas_consultas_com_3_ou_300_linhas(chefe, contar):
    concurso = edital(cargos=(("GM", "Guarda Municipal", 5), ("AUX", "Auxiliar", 5)))
    guarda, auxiliar = concurso.cargos.order_by("codigo").reverse()
    inscrever(guarda, 3)
    url = reverse("admin:concursos_inscricao_changelist")
    busca = {"q": "maria da s", "edital__id__exact": concurso.pk, "situacao__exact": Inscricao.CLASSIFICADO}
    por_cargo = {**busca, "cargo__id__exact": guarda.pk}
    contar(url, busca)
    poucas = [contar(url, busca), contar(url, por_cargo), contar(url)]

    inscrever(guarda, MUITAS, primeira=4)
    inscrever(auxiliar, 50, prefixo="Mariana Souza")
    muitas = [contar(url, busca), contar(url, por_cargo), contar(url), contar(url, {**busca, "p": 3})]

    assert muitas[:3] == poucas and muitas[3] == poucas[0]


def test_busca_por_cpf_faz_as_mesmas_consultas_com_3_ou_300_linhas(chefe, contar):
    guarda = edital().cargos.get()
    inscrever(guarda, 3)
    alvo = Inscricao.objects.select_related("candidato").first().candidato
    url = reverse("admin:concursos_inscricao_changelist")
    contar(url, {"q": alvo.cpf_formatado})
    poucas = contar(url, {"q": alvo.cpf_formatado})
    inscrever(guarda, MUITAS, primeira=4)
    assert contar(url, {"q": alvo.cpf_formatado}) == poucas


def test_lista_de_candidatos_faz_as_mesmas_consultas_com_3_ou_300_linhas(chefe, contar):
    guarda = edital().cargos.get()
    inscrever(guarda, 3)
    url = reverse("admin:concursos_candidato_changelist")
    contar(url)
    poucas = [contar(url), contar(url, {"q": "maria"})]
    inscrever(guarda, MUITAS, primeira=4)
    assert [contar(url), contar(url, {"q": "maria"})] == poucas


# ---------------------------------------------------------------- ficha do edital


def test_ficha_do_edital_faz_as_mesmas_consultas_com_poucas_e_muitas_inscricoes_e_cargos(chefe, contar):
    concurso = edital(cargos=(("GM", "Guarda Municipal", 35),))
    inscrever(concurso.cargos.get(), 3)
    url = reverse("admin:concursos_edital_change", args=[concurso.pk])
    contar(url)
    poucas = contar(url)

    inscrever(concurso.cargos.get(), MUITAS, primeira=4)
    for n in range(30):
        concurso.cargos.create(codigo=f"C{n:02d}", nome=f"Cargo {n}", vagas=n + 1)
    assert contar(url) == poucas


# ---------------------------------------------------------------- sessão da comissão


def sessao_com(quantos: int):
    """Sessão aberta da comissão ordinária com ``quantos`` candidatos chamados: metade compareceu
    e tem o parecer de cada um dos cinco membros (o da presidente pelo serviço, os outros gravados
    de uma vez, para o teste não levar minutos), a outra metade faltou."""
    guarda = edital(criado_por=rh(), numero=quantos).cargos.get()
    inscrever(guarda, quantos, grupos={"negros": "pendente"})
    sessao = sessao_aberta(comissao(guarda.edital))
    chamados = servicos_da_comissao.chamar_candidatos(sessao, list(guarda.inscricoes.all()), por=rh())
    ana = presidente(sessao.comissao)
    for chamado in chamados[: quantos // 2]:
        servicos_da_comissao.registrar_presenca(chamado, compareceu=True, por=ana)
        servicos_da_comissao.registrar_parecer(chamado, por=ana, voto="confirma")
    outros = sessao.comissao.membros.exclude(usuario=ana)
    Parecer.objects.bulk_create(
        Parecer(chamado=chamado, membro=membro, voto="confirma")
        for chamado in chamados[: quantos // 2]
        for membro in outros
    )
    for chamado in chamados[quantos // 2 :]:
        servicos_da_comissao.registrar_presenca(chamado, compareceu=False, por=ana)
    return sessao


@pytest.mark.parametrize("quem", ["ana", "bruno"], ids=["presidente", "membro"])
def test_sessao_do_membro_faz_as_mesmas_consultas_com_3_ou_300_candidatos(client, contar, quem):
    poucos, muitos = sessao_com(3), sessao_com(MUITAS)
    client.force_login(pessoa(quem))
    url = reverse("heteroidentificacao:sessao", args=[poucos.pk])
    contar(url)
    assert contar(reverse("heteroidentificacao:sessao", args=[muitos.pk])) == contar(url)


@pytest.mark.parametrize("filtro", ["todos", "pendentes", "concluidos"])
@pytest.mark.parametrize("quem", ["ana", "bruno"], ids=["presidente", "membro"])
def test_tela_paginada_da_sessao_faz_as_mesmas_consultas_com_3_ou_300_candidatos(client, contar, quem, filtro):
    """A tela da sessão numa página do meio (issue 29: 500 candidatos num tablet), por filtro e busca."""
    poucos, muitos = sessao_com(3), sessao_com(MUITAS)
    client.force_login(pessoa(quem))
    dados = {"filtro": filtro, "pagina": 2, "q": "maria"}
    url = reverse("heteroidentificacao:sessao", args=[poucos.pk])
    contar(url, dados)
    assert contar(reverse("heteroidentificacao:sessao", args=[muitos.pk]), dados) == contar(url, dados)


def test_previa_do_encerramento_faz_as_mesmas_consultas_com_3_ou_300_candidatos(client, contar):
    poucos, muitos = sessao_com(3), sessao_com(MUITAS)
    client.force_login(pessoa("ana"))
    url = reverse("heteroidentificacao:encerrar_sessao", args=[poucos.pk])
    contar(url)
    assert contar(reverse("heteroidentificacao:encerrar_sessao", args=[muitos.pk])) == contar(url)


def test_sessao_encerrada_com_300_candidatos_faz_as_mesmas_consultas(client, contar):
    poucos, muitos = sessao_com(3), sessao_com(MUITAS)
    for sessao in (poucos, muitos):
        servicos_da_comissao.encerrar_sessao(sessao, por=presidente(sessao.comissao))
    client.force_login(pessoa("bruno"))
    url = reverse("heteroidentificacao:sessao", args=[poucos.pk])
    contar(url)
    assert contar(reverse("heteroidentificacao:sessao", args=[muitos.pk])) == contar(url)


# ---------------------------------------------------------------- resultado


def resultado_com(quantos: int, chefe):
    guarda = edital(criado_por=chefe, numero=quantos, cargos=(("GM", "Guarda Municipal", 10),)).cargos.get()
    inscrever(guarda, quantos // 2, grupos={"negros": "confirmado"})
    inscrever(guarda, quantos - quantos // 2, primeira=quantos, prefixo="Jose Santos")
    return services.gerar_resultado(guarda, por=chefe)


def test_pagina_do_resultado_faz_as_mesmas_consultas_com_3_ou_300_candidatos(chefe, contar):
    pequeno, grande = resultado_com(3, chefe), resultado_com(MUITAS, chefe)
    url = reverse("admin:concursos_resultado_change", args=[pequeno.pk])
    contar(url)
    assert contar(reverse("admin:concursos_resultado_change", args=[grande.pk])) == contar(url)


def test_lista_de_resultados_faz_as_mesmas_consultas_com_poucos_e_muitos_cargos(chefe, contar):
    resultado_com(3, chefe)
    url = reverse("admin:concursos_resultado_changelist")
    contar(url)
    poucos = contar(url)
    for quantos in range(4, 12):
        resultado_com(quantos, chefe)
    assert contar(url) == poucos


def test_efeito_do_evento_faz_as_mesmas_consultas_com_3_ou_300_candidatos(chefe, contar):
    urls = []
    for quantos in (4, MUITAS):
        resultado = resultado_com(quantos, chefe)
        primeiro = resultado.saida["ordem_vigente"][0]["inscricao"]
        desistente = resultado.cargo.inscricoes.get(numero=primeiro)
        registrado = services.registrar_desistencia(
            desistente, ato=Ato(documento="Requerimento 1/2025", data_do_ato=DATA_DO_ATO), por=chefe
        )
        urls.append(reverse("concursos:evento", args=[registrado.evento.pk]))
    contar(urls[0])
    assert contar(urls[1]) == contar(urls[0])
