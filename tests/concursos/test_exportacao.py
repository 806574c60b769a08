"""Exportação de inscrições (uso interno, com permissão) e das listas de um resultado publicado
(para publicação): números continuam números, nenhum texto vira fórmula no Excel e a lista
publicada nunca traz CPF inteiro nem data de nascimento."""

import io
import re
from datetime import date
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from openpyxl import load_workbook

from comum import planilhas
from comum.cpf import formatar_cpf
from concursos import services
from concursos.importacao.recurso import InscricaoResource
from concursos.importacao.resultado import mensagens_de_erro
from concursos.models import Candidato, Inscricao
from concursos.publicacao import exportar_lista

from .fabricas import cargo_do_exemplo_da_alternancia, edital, inscricao, pode_publicar, usuario
from .saidas import cenario_do_exemplo, saida_esperada

pytestmark = pytest.mark.django_db

NOMES_PERIGOSOS = ['=HYPERLINK("http://exemplo.test/golpe","Clique")', "+55 27 99999-0000", "@x"]


def planilha(conteudo: bytes):
    return load_workbook(io.BytesIO(conteudo)).active


def exportar(formato, consulta=None):
    return formato().export_data(InscricaoResource().export(consulta or Inscricao.objects.all()))


@pytest.fixture
def cargo():
    return edital().cargos.get()


def coluna(folha, nome):
    cabecalho = [c.value for c in folha[1]]
    return [linha[cabecalho.index(nome)] for linha in folha.iter_rows(min_row=2)]


def test_xlsx_mantem_a_nota_numerica_e_neutraliza_nomes_que_seriam_formulas(cargo):
    for numero, nome in enumerate(NOMES_PERIGOSOS, start=1):
        inscricao(cargo, str(numero), "78.5", nome=nome)

    folha = planilha(exportar(planilhas.XLSXBrasil))

    notas = coluna(folha, "nota")
    assert [c.data_type for c in notas] == ["n"] * 3 and notas[0].value == 78.5
    nomes = coluna(folha, "nome")
    assert [c.value for c in nomes] == ["'" + nome for nome in NOMES_PERIGOSOS]
    assert all(c.data_type != "f" for linha in folha.iter_rows() for c in linha)


def test_xlsx_tem_cpf_formatado_cor_raca_grupos_com_verificacao_e_nascimento_como_data(cargo):
    feita = inscricao(cargo, "1", 80, grupos={"negros": "confirmado"}, cor_raca="preta", nascimento=date(1961, 3, 14))
    inscricao(cargo, "2", 70, grupos={"pcd": "pendente"}, notas_parciais={"conhecimentos_especificos": "40.5"})

    folha = planilha(exportar(planilhas.XLSXBrasil))

    linha = {c.value: v for c, v in zip(folha[1], folha[2], strict=True)}
    assert linha["cpf"].value == formatar_cpf(feita.candidato.cpf)
    assert (linha["cor_raca"].value, linha["negros"].value, linha["pcd"].value) == ("Preta", "sim", "não")
    assert linha["verificacao_negros"].value == "Confirmado"
    assert linha["nascimento"].is_date and linha["nascimento"].number_format == "dd/mm/yyyy"
    assert coluna(folha, "nota_conhecimentos_especificos")[1].value == 40.5


def test_sem_a_permissao_de_dados_sensiveis_a_exportacao_nao_traz_cor_raca_nem_grupos(cargo):
    inscricao(cargo, "1", 80, grupos={"negros": "confirmado"}, cor_raca="preta")

    cabecalho = InscricaoResource(dados_sensiveis=False).export(Inscricao.objects.all()).headers

    assert not {"cor_raca", "negros", "pcd", "verificacao_negros"} & set(cabecalho)
    assert {"inscricao", "cpf", "nota"} <= set(cabecalho)


def test_csv_para_o_excel_brasileiro_tem_bom_ponto_e_virgula_e_virgula_decimal(cargo):
    inscricao(cargo, "1", "78.5", nome="-Ana", nascimento=date(1990, 12, 31))

    conteudo = exportar(planilhas.CSVBrasil)

    assert conteudo.startswith(b"\xef\xbb\xbf")
    cabecalho, linha = conteudo.decode("utf-8-sig").splitlines()
    celulas = dict(zip(cabecalho.split(";"), linha.split(";"), strict=True))
    assert (celulas["nota"], celulas["nascimento"], celulas["nome"]) == ("78,5", "31/12/1990", "'-Ana")


def test_planilha_exportada_volta_pela_importacao_sem_mudar_nada(cargo):
    inscricao(cargo, "1", "78.5", grupos={"negros": "confirmado"}, cor_raca="parda", jurado=True, sorteio=2)
    inscricao(cargo, "2", 70, grupos={"pcd": "pendente"}, notas_parciais={"redacao": "9.25"})
    antes = list(Inscricao.objects.values())

    conjunto = planilhas.XLSXBrasil().create_dataset(exportar(planilhas.XLSXBrasil))
    resultado = InscricaoResource(edital=cargo.edital).import_data(conjunto)

    assert mensagens_de_erro(resultado) == [] and resultado.totals["skip"] == 2 and resultado.totals["update"] == 0
    assert list(Inscricao.objects.values()) == antes


# ------------------------------------------------------------------------------ lista publicada


@pytest.fixture
def resultado_publicado():
    cargo = cargo_do_exemplo_da_alternancia()
    responsavel = pode_publicar(usuario("publicador"))
    return services.publicar_resultado(services.gerar_resultado(cargo, por=responsavel), por=responsavel)


def test_lista_publicada_segue_a_classificacao_e_mostra_a_convocacao(resultado_publicado):
    folha = planilha(exportar_lista(resultado_publicado, "xlsx"))

    linhas = [[c.value for c in linha] for linha in folha.iter_rows(min_row=2)]
    assert [linha[1] for linha in linhas] == ["A", "B", "Y", "C", "D", "Z", "P", "Q"]
    assert [c.value for c in folha[1]][-6:] == [
        "Posição na lista de negros",
        "Posição na lista de pessoas com deficiência",
        "Posição na convocação",
        "Vaga",
        "Sub judice",
        "Observação",
    ]
    z = linhas[5]
    assert (z[0], z[4], z[5], z[7], z[8]) == (6, 80, 2, 3, "negros")
    assert folha["E2"].data_type == "n"


def test_lista_publicada_marca_sub_judice_mantido_e_quem_passou_das_vagas():
    """O exemplo da nota corrigida por liminar: D, sub judice, convocado na 4ª de 3 vagas; C mantido."""
    cargo = edital(cargos=(("GM", "Guarda Municipal", 3),)).cargos.get()
    for numero, nota in (("A", 95), ("B", 94), ("C", 93), ("D", 92), ("E", 91)):
        inscricao(cargo, numero, nota)
    responsavel = pode_publicar(usuario("publicador"))
    resultado = services.publicar_resultado(services.gerar_resultado(cargo, por=responsavel), por=responsavel)
    resultado.saida = saida_esperada("nota-corrigida-por-decisao-judicial")  # a versão depois da liminar
    resultado.cenario["eventos"] = cenario_do_exemplo("nota-corrigida-por-decisao-judicial")["eventos"]
    resultado.__dict__.pop("saida_do_motor", None)
    folha = planilha(exportar_lista(resultado, "xlsx"))
    cabecalho = [c.value for c in folha[1]]
    linhas = {
        linha[1]: dict(zip(cabecalho, linha, strict=True)) for linha in folha.iter_rows(min_row=2, values_only=True)
    }
    assert (linhas["D"]["Posição na convocação"], linhas["D"]["Sub judice"]) == (4, "sim")
    assert linhas["D"]["Observação"] == (
        "além das 3 vagas — convocado por revisão; nota corrigida para 96 pelo evento 1"
    )
    assert (linhas["C"]["Sub judice"], linhas["C"]["Observação"]) == (None, "mantido pelo evento 1")
    assert linhas["E"]["Posição na convocação"] is None and linhas["E"]["Observação"] is None


def test_lista_publicada_mascara_o_cpf_e_nao_tem_data_de_nascimento(resultado_publicado):
    cpfs = list(Inscricao.objects.values_list("candidato__cpf", flat=True))
    texto_csv = exportar_lista(resultado_publicado, "csv").decode("utf-8-sig")
    folha = planilha(exportar_lista(resultado_publicado, "xlsx"))

    mascarados = [c.value for c in folha["D"][1:]]
    assert all(re.fullmatch(r"\*\*\*\.\d{3}\.\d{3}-\*\*", m) for m in mascarados) and len(mascarados) == 8
    for cpf in cpfs:
        assert cpf not in texto_csv and formatar_cpf(cpf) not in texto_csv
    assert "01/01/1990" not in texto_csv and "1990" not in texto_csv
    assert not any(c.is_date for linha in folha.iter_rows() for c in linha)


def test_lista_publicada_neutraliza_nome_que_seria_formula(resultado_publicado):
    Candidato.objects.filter(inscricoes__numero="A").update(nome=NOMES_PERIGOSOS[0])

    folha = planilha(exportar_lista(resultado_publicado, "xlsx"))

    assert folha["C2"].value == "'" + NOMES_PERIGOSOS[0] and folha["C2"].data_type == "s"


def test_lista_usa_a_nota_gravada_no_resultado_e_nao_a_atual(resultado_publicado):
    Inscricao.objects.filter(numero="A").update(nota=Decimal("10"))

    assert planilha(exportar_lista(resultado_publicado, "xlsx"))["E2"].value == 95


def test_resultado_nao_publicado_nao_sai_como_lista_para_publicacao():
    cargo = cargo_do_exemplo_da_alternancia()
    previa = services.gerar_resultado(cargo, por=usuario("rh"))

    with pytest.raises(ValidationError, match="Só um resultado publicado"):
        exportar_lista(previa, "csv")
