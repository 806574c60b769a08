"""Relatório de prestação de contas do edital (docs/PRESTACAO-DE-CONTAS.md): os números conferem com
a saída do motor publicada, a versão pública suprime as contagens de 1 a 4, os gráficos trazem as
barras, e o PDF e a planilha trazem as tabelas."""

import re
from datetime import date
from io import BytesIO, StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from comum.graficos import barras_empilhadas
from comum.supressao import MENOS_DE_5, NAO_DIVULGADO
from concursos import services as servicos_de_concursos
from concursos.atos import Ato
from concursos.consultas.portal import atos_do_edital
from concursos.consultas.prestacao_de_contas import cargos_na_prestacao
from concursos.models import AtoPublicado, Edital, Resultado
from concursos.tipos_de_ato import PRESTACAO_DE_CONTAS
from heteroidentificacao import services
from heteroidentificacao.models import Comissao
from heteroidentificacao.prestacao_de_contas import SEM_RESULTADO, graficos, planilha, prestacao_de_contas, tabelas
from heteroidentificacao.services.prestacao_de_contas import contexto_do_pdf
from tests.concursos.fabricas import usuario

from .fabricas import cargo_com_cotistas, comissao, encerrar, julgar, pessoa, rh, sessao_aberta, votar

pytestmark = pytest.mark.django_db

CINCO_CONFIRMAM = {nome: "confirma" for nome in ("ana", "bruno", "carla", "davi", "elisa")}
QUATRO_NAO_CONFIRMAM = {"ana": "confirma"} | {nome: "nao_confirma" for nome in ("bruno", "carla", "davi", "elisa")}


# ---------------------------------------------------------------- a demonstração


@pytest.fixture(scope="module")
def demo_com_a_ultima_versao_de_2020_publicada(demo_do_modulo):
    """A demonstração, com a última versão do cargo de 2020 também publicada: a desistência, a não
    posse, as vagas adicionais e o recurso deferido passam a contar. Montada uma vez para o módulo
    (``dados_do_modulo``, em ``tests/conftest.py``)."""
    ultimo = Resultado.objects.filter(cargo__edital__ano=2020).order_by("-versao").first()
    if ultimo.status != Resultado.PUBLICADO:
        servicos_de_concursos.publicar_resultado(ultimo, por=ultimo.gerado_por)


@pytest.fixture
def demo(demo_com_a_ultima_versao_de_2020_publicada):
    return Edital.objects.get(ano=2020)


def test_vagas_do_cargo_de_2020_conferem_com_a_saida_do_motor_publicada(demo):
    (cargo,) = cargos_na_prestacao(demo)
    publicado = Resultado.objects.filter(cargo__edital=demo, status=Resultado.PUBLICADO).order_by("-versao").first()
    saida = publicado.saida_do_motor
    assert cargo.versao == publicado.versao > 1
    for vagas in cargo.grupos:
        # As posições do grupo pela alternância (as 50 do edital e as 5 adicionais).
        assert vagas.reservadas == saida.tipos_das_posicoes.count(vagas.grupo)
        # Quem a ordem vigente convoca com o rótulo do grupo: na posição do grupo ou por compensação.
        assert vagas.pelo_grupo + vagas.compensacao == sum(1 for _, vaga in saida.nomeados if vaga == vagas.grupo)
        ocupadas = vagas.pelo_grupo + vagas.outro_grupo + vagas.revertidas + vagas.nao_providas
        assert ocupadas == vagas.reservadas
    negros = next(g for g in cargo.grupos if g.grupo == "negros")
    assert (negros.reservadas, negros.pelo_grupo, negros.revertidas) == (11, 11, 0)


def test_cada_chamada_tem_a_data_do_ato_e_os_dias_desde_a_publicacao(demo):
    (cargo,) = cargos_na_prestacao(demo)
    publicado = Resultado.objects.filter(cargo__edital=demo, status=Resultado.PUBLICADO).order_by("-versao").first()
    saida, eventos = publicado.saida_do_motor, publicado.cenario["eventos"]
    por_evento = {}
    for convocacao in saida.convocacoes:
        por_evento[convocacao.evento] = por_evento.get(convocacao.evento, 0) + 1
    assert [(c.evento, c.convocados) for c in cargo.chamadas] == sorted(por_evento.items())
    for chamada in cargo.chamadas[1:]:
        assert chamada.data.isoformat() == eventos[chamada.evento - 1]["data"]
        assert chamada.dias == (chamada.data - cargo.publicado_em).days
    assert cargo.chamadas[0].tipo == "Resultado publicado" and cargo.chamadas[0].dias == 0
    assert cargo.maximo_de_dias == max(c.dias for c in cargo.chamadas[1:])


def dias_da_prestacao() -> list:
    """Os dias desde a publicação de cada chamada e a mediana e o máximo de cada cargo, em todos os
    editais, como a tabela os mostra."""
    dias = []
    for edital in Edital.objects.all():
        resumo, chamadas = tabelas(prestacao_de_contas(edital), publica=False)[1:3]
        dias += [linha[4] for linha in chamadas.linhas] + [n for linha in resumo.linhas for n in linha[3:5]]
    return [n for n in dias if isinstance(n, int | float)]


def test_na_demonstracao_nenhuma_chamada_conta_dias_negativos():
    """A história da Guarda de 2020 entra nas datas dela (demo/relogio.py): a publicação no Diário
    Oficial (17/04/2020) vem antes de cada ato, com só a primeira versão publicada ou também a última."""
    call_command("carregar_demo", stdout=StringIO())
    assert dias_da_prestacao() and min(dias_da_prestacao()) == 0
    ultimo = Resultado.objects.filter(cargo__edital__ano=2020).order_by("-versao").first()
    servicos_de_concursos.publicar_resultado(ultimo, por=ultimo.gerado_por)
    assert min(dias_da_prestacao()) == 0
    (guarda,) = cargos_na_prestacao(Edital.objects.get(ano=2020))
    assert guarda.publicado_em == date(2020, 4, 17)
    # Desistência em 04/05/2020, não posse em 15/06/2020, vagas adicionais em 01/02/2021.
    assert [c.dias for c in guarda.chamadas] == [0, 17, 59, 290]


def test_cargos_sem_resultado_publicado_aparecem_como_tal(demo):
    edital = Edital.objects.get(numero=1, ano=2025)
    (vagas, resumo, *_) = tabelas(prestacao_de_contas(edital), publica=True)
    assert {linha[1] for linha in vagas.linhas} == {SEM_RESULTADO}
    assert len(vagas.linhas) == edital.cargos.count() == 7
    assert {linha[1] for linha in resumo.linhas} == {SEM_RESULTADO}


def test_autodeclaracoes_de_2020_contam_a_verificacao_vigente_e_o_recurso_deferido(demo):
    (negros,) = prestacao_de_contas(demo).autodeclaracoes
    opcoes = demo.inscricoes.filter(opcoes__grupo="negros").count()
    assert negros.total == opcoes == sum(negros.por_situacao.values())
    assert negros.providos_em_recurso == 1  # o recurso nº 17/2021 (ato da recursal, depois da publicação)
    assert negros.recursos_apresentados == 0  # registrado como ato, sem o recurso no sistema


# ---------------------------------------------------------------- um edital pequeno, com sessão


@pytest.fixture
def pequeno():
    """Cinco vagas (uma de negros, na 3ª): N1 confirmado e N2 não confirmado em sessão encerrada, N2
    recorre e a recursal confirma (2 a 1); resultado gerado e publicado."""
    cargo = cargo_com_cotistas()
    ordinaria = comissao(cargo.edital)
    sessao = sessao_aberta(ordinaria)
    julgar(sessao, cargo.inscricoes.get(numero="N1"), **CINCO_CONFIRMAM)
    nao_confirmado = julgar(sessao, cargo.inscricoes.get(numero="N2"), **QUATRO_NAO_CONFIRMAM)
    encerrar(sessao)
    recurso = services.registrar_recurso(nao_confirmado, texto="Peço a revisão.", por=rh())
    recursal = sessao_aberta(comissao(cargo.edital, tipo=Comissao.RECURSAL))
    votar(
        services.chamar_recurso(recurso, recursal, por=pessoa("helena")),
        helena="confirma",
        igor="confirma",
        joana="nao_confirma",
    )
    encerrar(recursal)
    servicos_de_concursos.publicar_resultado(servicos_de_concursos.gerar_resultado(cargo, por=rh()), por=rh())
    return cargo.edital


def test_versao_interna_mostra_as_contagens_exatas_e_a_publica_suprime_de_1_a_4(pequeno):
    prestacao = prestacao_de_contas(pequeno)
    interna = {t.titulo: t for t in tabelas(prestacao, publica=False)}
    publica = {t.titulo: t for t in tabelas(prestacao, publica=True)}
    vagas = "Vagas reservadas por cargo e grupo"
    negros_interna = next(linha for linha in interna[vagas].linhas if linha[1] == "Negros")
    negros_publica = next(linha for linha in publica[vagas].linhas if linha[1] == "Negros")
    assert negros_interna[2:8] == [1, 1, 0, 0, 0, 0]
    # Reservadas: o número do Anexo I, público. Com ele, "< 5" e zeros dariam 1 − 0 − 0 − 0 = 1: as
    # partes da soma saem "n.d." (a compensação, fora da soma, continua 0).
    nd = NAO_DIVULGADO
    assert negros_publica[2:8] == [1, nd, 0, nd, nd, nd]
    autodeclaracoes = "Heteroidentificação: autodeclarações e recursos"
    (linha_interna,) = interna[autodeclaracoes].linhas
    (linha_publica,) = publica[autodeclaracoes].linhas
    # Grupo, total 2, confirmadas 2 (N2 pelo recurso), não confirmadas 0, …, 1 recurso, 0 aguardando, 1 provido.
    assert linha_interna == ["Negros", 2, 2, 0, 0, 0, 0, 0, 1, 0, 1, 0]
    assert linha_publica == ["Negros", *(MENOS_DE_5 if n else 0 for n in linha_interna[1:])]
    sessoes = "Desfechos por sessão"
    ordinaria, recursal = interna[sessoes].linhas
    assert ordinaria[1:] == ["Ordinária", "Negros", "Encerrada", 2, 1, 1, 0, 0]
    assert recursal[1:] == ["Recursal", "Negros", "Encerrada", 1, 1, 0, 0, 0]
    assert publica[sessoes].linhas[0][4:] == [MENOS_DE_5, MENOS_DE_5, MENOS_DE_5, 0, 0]


def test_grafico_tem_uma_barra_por_segmento_com_os_rotulos_e_sai_sempre_igual(pequeno):
    prestacao = prestacao_de_contas(pequeno)
    vagas, sessoes = graficos(prestacao, publica=False)
    assert graficos(prestacao, publica=False) == [vagas, sessoes]  # determinístico
    assert "Guarda Municipal — Negros" in vagas and "Guarda Municipal — PcD" in vagas
    # Providas pelo grupo: um segmento por barra (negros e PcD, cada um com 1).
    assert set(re.findall(r'id="(barra-\d+-\d+)"', vagas)) == {"barra-0-0", "barra-0-1"}
    # Sessões: a ordinária com 1 confirmado e 1 não confirmado; a recursal com 1 confirmado.
    assert set(re.findall(r'id="(barra-\d+-\d+)"', sessoes)) == {"barra-0-0", "barra-0-1", "barra-1-0"}
    assert "Não confirmados" in sessoes
    assert "dc:date" not in vagas and "<dc:date" not in sessoes


def test_grafico_da_versao_publica_desenha_o_suprimido_hachurado_com_o_rotulo(pequeno):
    vagas, _ = graficos(prestacao_de_contas(pequeno), publica=True)
    # Uma vaga reservada provida pelo grupo, e zeros: a linha sai "n.d." (o "< 5" sairia da subtração).
    assert "n.d." in vagas
    assert 'id="barra-0-0"' in vagas and "<pattern" in vagas  # o hachurado


def test_grafico_nao_corta_o_nome_longo_de_um_cargo_quebra_em_linhas():
    longo = "Professor de Educação Básica II — Séries Iniciais do Ensino Fundamental (Zona Rural) — Negros"
    svg = barras_empilhadas([longo, "Guarda — PcD"], [("Providas", [3, 1])], titulo="Vagas", eixo="vagas")
    assert "…" not in svg
    # O matplotlib guarda o texto de cada rótulo num comentário do SVG: todas as palavras, em linhas.
    comentarios = re.findall(r"<!-- (.*?) -->", svg)
    inicio = next(i for i, c in enumerate(comentarios) if c.startswith("Professor"))
    linhas = comentarios[inicio : inicio + 3]
    assert " ".join(linhas).split() == longo.split() and all(len(linha) <= 40 for linha in linhas)


def test_grafico_sem_barras_diz_sem_dados():
    assert "sem dados" in barras_empilhadas([], [("Série", [])], titulo="Vazio", eixo="n")


def test_pdf_traz_as_tabelas_e_os_graficos(pequeno):
    from comum.pdf import renderizar

    conteudo = renderizar("heteroidentificacao/pdf/prestacao_de_contas.html", contexto_do_pdf(pequeno, True))
    texto = " ".join(pagina.extract_text() for pagina in PdfReader(BytesIO(conteudo)).pages)
    texto = " ".join(texto.split())
    for titulo in (
        "Vagas reservadas por cargo e grupo",
        "Desfechos por sessão",
        "Cada chamada",
        "Apuração de declaração falsa",
        "Versão pública",
    ):
        assert titulo in texto
    assert "< 5" in texto


def test_planilha_traz_os_numeros(pequeno):
    conteudo = planilha(prestacao_de_contas(pequeno), False, "Prestação de contas")
    livro = load_workbook(BytesIO(conteudo))
    aba = livro[livro.sheetnames[0]]
    linhas = [list(linha) for linha in aba.iter_rows(min_row=4, values_only=True) if linha[0] == "Guarda Municipal"]
    assert ["Guarda Municipal", "Negros", 1, 1, 0, 0, 0, 0, 1] in linhas
    publica = load_workbook(BytesIO(planilha(prestacao_de_contas(pequeno), True, "Prestação de contas")))
    valores = {c for linha in publica[publica.sheetnames[0]].iter_rows(values_only=True) for c in linha}
    providas = {linha[3] for linha in publica[publica.sheetnames[0]].iter_rows(min_row=4, values_only=True)}
    assert NAO_DIVULGADO in valores and 1 not in providas  # a vaga provida pelo grupo não sai da subtração


# ---------------------------------------------------------------- telas


@pytest.fixture
def auditor():
    from django.contrib.auth.models import Group

    from concursos.papeis import AUDITOR, configurar_papeis

    configurar_papeis()
    pessoa_ = usuario("auditora")
    pessoa_.groups.add(Group.objects.get(name=AUDITOR))
    return pessoa_


def test_auditor_abre_a_tela_e_baixa_as_duas_versoes(client, pequeno, auditor):
    client.force_login(auditor)
    url = reverse("heteroidentificacao:prestacao_de_contas", args=[pequeno.pk])
    interna = client.get(url).content.decode()
    assert "<svg" in interna and "Versão interna" in interna and MENOS_DE_5 not in interna.replace("&lt;", "<")
    publica = client.get(url + "?versao=publica").content.decode()
    assert "&lt; 5" in publica
    pdf = client.get(reverse("heteroidentificacao:prestacao_de_contas_pdf", args=[pequeno.pk]))
    assert pdf["Content-Type"] == "application/pdf" and "publica" in pdf["Content-Disposition"]
    xlsx = client.get(reverse("heteroidentificacao:prestacao_de_contas_xlsx", args=[pequeno.pk]) + "?versao=interna")
    assert "interna" in xlsx["Content-Disposition"]


def test_o_rh_publica_a_versao_publica_como_ato_do_registro_e_ela_vai_ao_portal(client, pequeno, auditor, settings):
    settings.PORTAL_DIAS_DEPOIS_DA_VALIDADE = 36500  # o portal, não a validade do edital de teste, está em questão
    tela = reverse("heteroidentificacao:prestacao_de_contas", args=[pequeno.pk]) + "?versao=publica"
    publicar = reverse("heteroidentificacao:publicar_prestacao_de_contas", args=[pequeno.pk])
    client.force_login(auditor)
    assert publicar not in client.get(tela).content.decode()  # o auditor confere, não publica
    assert client.post(publicar).status_code == 403
    client.force_login(rh())
    assert "Confirmar e publicar a versão pública" in client.get(tela).content.decode()
    client.post(publicar)
    primeiro = AtoPublicado.objects.get(tipo=PRESTACAO_DE_CONTAS)
    texto = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(BytesIO(bytes(primeiro.conteudo))).pages)
    assert f"Código de verificação {primeiro.codigo}" in texto and "< 5" in texto  # a versão pública
    client.post(publicar)
    segundo = AtoPublicado.objects.filter(tipo=PRESTACAO_DE_CONTAS).exclude(pk=primeiro.pk).get()
    assert segundo.retifica == primeiro and segundo.numero == primeiro.numero + 1
    client.logout()
    [no_portal] = [a for a in atos_do_edital(pequeno) if a.documento.endswith(f"/{primeiro.pk}.pdf")]
    assert client.get(no_portal.documento).content == bytes(primeiro.conteudo)


def test_ficha_do_edital_tem_o_link_da_prestacao_de_contas(client, pequeno):
    client.force_login(rh())
    ficha = client.get(reverse("admin:concursos_edital_change", args=[pequeno.pk])).content.decode()
    assert reverse("heteroidentificacao:prestacao_de_contas", args=[pequeno.pk]) in ficha


def test_sem_resultado_publicado_ocupa_o_resto_da_linha_e_o_pdf_tem_as_larguras():
    from django.template.loader import render_to_string

    from heteroidentificacao.prestacao_de_contas import Tabela, larguras_das_colunas

    tabela = Tabela("Vagas", ["Cargo", "Grupo", "Reservadas", "Não providas"])
    tabela.linha(["Arquiteto", SEM_RESULTADO, "", ""])
    tela = render_to_string("heteroidentificacao/_tabelas_da_prestacao.html", {"tabelas": [tabela]})
    assert f'<td colspan="3">{SEM_RESULTADO}</td>' in tela and "<colgroup>" not in tela
    pdf = render_to_string("heteroidentificacao/_tabelas_da_prestacao.html", {"tabelas": [tabela], "pdf": True})
    assert pdf.count("<col style=") == 4
    larguras = larguras_das_colunas(tabela.cabecalho)
    assert abs(sum(larguras) - 100) < 0.1 and larguras[0] > larguras[2]


def test_pendente_de_quem_saiu_das_listas_conta_a_parte_e_nao_como_pendente():
    """N1 pediu final de lista e N2 desistiu com a verificação ainda pendente: ninguém pode mais decidi-la
    (a revisão de quem saiu é recusada) e ela não muda lista nenhuma (docs/REGRAS.md §8): conta como
    "sem verificação: saíram antes", nunca como pendente."""
    cargo = cargo_com_cotistas()
    servicos_de_concursos.gerar_resultado(cargo, por=rh())
    n1, n2 = cargo.inscricoes.get(numero="N1"), cargo.inscricoes.get(numero="N2")
    servicos_de_concursos.registrar_evento(
        cargo, tipo="final_de_lista", inscricao=n1, ato=Ato(documento="Req. 8", data_do_ato=date.today()), por=rh()
    )
    registrado = servicos_de_concursos.registrar_desistencia(
        n2, ato=Ato(documento="Req. 9", data_do_ato=date.today()), por=rh()
    )
    assert registrado.resultado.saida["pendencias"] == []
    (negros,) = prestacao_de_contas(cargo.edital).autodeclaracoes
    assert negros.por_situacao["pendente"] == 0
    assert negros.por_situacao["saiu_antes"] == 2 == negros.total
    interna = {t.titulo: t for t in tabelas(prestacao_de_contas(cargo.edital), publica=False)}
    cabecalho = interna["Heteroidentificação: autodeclarações e recursos"].cabecalho
    (linha,) = interna["Heteroidentificação: autodeclarações e recursos"].linhas
    assert linha[cabecalho.index("Pendentes")] == 0
    assert linha[cabecalho.index("Sem verificação: saíram antes")] == 2


def test_revertida_a_desistencia_a_verificacao_volta_a_ser_pendente():
    cargo = cargo_com_cotistas()
    servicos_de_concursos.gerar_resultado(cargo, por=rh())
    n2 = cargo.inscricoes.get(numero="N2")
    desistencia = servicos_de_concursos.registrar_desistencia(
        n2, ato=Ato(documento="Req. 9", data_do_ato=date.today()), por=rh()
    )
    servicos_de_concursos.reverter_evento(
        desistencia.evento, ato=Ato(documento="Of. 1", data_do_ato=None), motivo="Engano.", por=rh()
    )
    (negros,) = prestacao_de_contas(cargo.edital).autodeclaracoes
    assert (negros.por_situacao["pendente"], negros.por_situacao["saiu_antes"]) == (2, 0)
