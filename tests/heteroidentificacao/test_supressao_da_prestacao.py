"""A supressão complementar no relatório de prestação de contas (docs/PRESTACAO-DE-CONTAS.md): o "X"
nas tabelas da versão pública, a legenda embaixo de cada uma, a planilha e os gráficos com o mesmo
marcador, e a versão interna sem nada escondido. Um relatório escrito à mão, sem banco."""

from dataclasses import replace
from io import BytesIO

from django.template.loader import render_to_string
from openpyxl import load_workbook

from comum.supressao import MENOS_DE_5, OMITIDO
from concursos.consultas.prestacao_de_contas import CargoNaPrestacao, VagasDoGrupo
from cotas.modelo import AUSENTE, CONFIRMADO, DECLARACAO_FALSA, NAO_CONFIRMADO, PENDENTE
from heteroidentificacao.prestacao_de_contas import Apuracoes, Autodeclaracoes, Prestacao
from heteroidentificacao.prestacao_de_contas.contagens import SAIU_ANTES
from heteroidentificacao.prestacao_de_contas.tabelas import (
    APURACOES,
    AUTODECLARACOES,
    LEGENDAS,
    VAGAS,
    graficos,
    planilha,
    tabelas,
)

X = OMITIDO


def relatorio() -> Prestacao:
    """Negros: 40 autodeclarações (30 confirmadas, 8 não confirmadas, 2 declarações falsas); 19
    apurações (10 em andamento, 2 procedentes, 7 improcedentes); uma Guarda com 16 vagas de negros,
    3 providas pelo grupo e 13 não providas."""
    guarda = CargoNaPrestacao(
        "Guarda Municipal",
        vagas=60,
        versao=1,
        publicado_em=None,
        grupos=(VagasDoGrupo("negros", 16, 3, 0, 0, 0, 13),),
    )
    por_situacao = {CONFIRMADO: 30, NAO_CONFIRMADO: 8, AUSENTE: 0, PENDENTE: 0, DECLARACAO_FALSA: 2}
    return Prestacao(
        edital=None,
        cargos=[guarda],
        autodeclaracoes=[Autodeclaracoes("negros", 40, por_situacao, 0, 0, 0, 0)],
        apuracoes=Apuracoes(instauradas=19, em_andamento=10, procedentes=2, improcedentes=7),
        sessoes=[],
    )


def por_titulo(publica: bool) -> dict:
    return {tabela.titulo: tabela for tabela in tabelas(relatorio(), publica)}


def test_versao_publica_esconde_com_x_a_celula_que_revelaria_o_menor_que_5():
    publica = por_titulo(True)
    # 40 − 30 − 0 − 0 − 2 daria as 8 não confirmadas; com elas escondidas, a conta não fecha.
    assert publica[AUTODECLARACOES].linhas == [["Negros", 40, 30, X, 0, 0, 0, MENOS_DE_5, 0, 0, 0, 0]]
    # Decididos 9 = procedentes + improcedentes: as 7 improcedentes escondem os 2 procedentes.
    assert publica[APURACOES].linhas == [[19, 10, 9, MENOS_DE_5, X]]
    # Reservadas 16 (o número público do Anexo I) = 3 + 13 não providas: as não providas saem X.
    assert publica[VAGAS].linhas == [["Guarda Municipal", "Negros", 16, MENOS_DE_5, 0, 0, 0, X, 1]]


def test_cada_tabela_com_marcador_tem_a_legenda_dele_embaixo():
    publica = por_titulo(True)
    assert publica[APURACOES].legenda == [LEGENDAS[MENOS_DE_5], LEGENDAS[X]]
    assert all(
        not tabela.legenda for tabela in publica.values() if tabela.titulo not in (APURACOES, AUTODECLARACOES, VAGAS)
    )
    html = render_to_string("heteroidentificacao/_tabelas_da_prestacao.html", {"tabelas": list(publica.values())})
    assert "X: número não divulgado" in html and "supressão complementar" in html


def test_versao_interna_nao_esconde_nada_nem_tem_legenda():
    interna = por_titulo(False)
    assert interna[AUTODECLARACOES].linhas == [["Negros", 40, 30, 8, 0, 0, 0, 2, 0, 0, 0, 0]]
    assert interna[APURACOES].linhas == [[19, 10, 9, 2, 7]]
    assert interna[VAGAS].linhas == [["Guarda Municipal", "Negros", 16, 3, 0, 0, 0, 13, 1]]
    assert all(not tabela.legenda for tabela in interna.values())


def test_planilha_publica_traz_o_x_como_texto_e_a_legenda():
    livro = load_workbook(BytesIO(planilha(relatorio(), True, "Prestação de contas")))
    (aba,) = [livro[nome] for nome in livro.sheetnames if nome.startswith("5 ")]
    linhas = [list(linha) for linha in aba.iter_rows(values_only=True)]
    assert [19, 10, 9, MENOS_DE_5, X] in linhas
    assert [LEGENDAS[X]] in [[valor for valor in linha if valor is not None] for linha in linhas]


def test_grafico_publico_desenha_o_x_hachurado_sem_o_valor_nem_o_comprimento():
    publico, _ = graficos(relatorio(), publica=True)
    interno, _ = graficos(relatorio(), publica=False)
    assert "<!-- X -->" in publico and "<!-- 13 -->" not in publico  # as 13 não providas
    assert "<!-- 13 -->" in interno
    # A barra pública tem a largura simbólica (4 do "< 5" e 5 do X), não os 16 de verdade: o eixo vai a 10.
    assert "<!-- 16 -->" not in publico and "<!-- 10 -->" in publico


def test_sem_verificacao_de_quem_saiu_antes_tambem_e_suprimida_e_entra_na_soma():
    """3 das 40 pendentes saíram antes da decisão: "< 5", e a soma das autodeclarações não a devolve."""
    por_situacao = {CONFIRMADO: 30, NAO_CONFIRMADO: 7, AUSENTE: 0, PENDENTE: 0, SAIU_ANTES: 3, DECLARACAO_FALSA: 0}
    relatorio_ = replace(relatorio(), autodeclaracoes=[Autodeclaracoes("negros", 40, por_situacao, 0, 0, 0, 0)])
    publica = {tabela.titulo: tabela for tabela in tabelas(relatorio_, True)}
    (linha,) = publica[AUTODECLARACOES].linhas
    cabecalho = publica[AUTODECLARACOES].cabecalho
    assert linha[cabecalho.index("Sem verificação: saíram antes")] == MENOS_DE_5
    assert linha[cabecalho.index("Não confirmadas")] == X  # 40 − 30 − 3 devolveria o "< 5"
