"""O modelo de planilha de inscrições de um edital: o cabeçalho é o que a importação aceita, com as
notas, as listas de valores válidos e as instruções, e o arquivo baixado, preenchido e salvo com a
aba das instruções à vista, volta pela importação do admin."""

import io
from datetime import date
from decimal import Decimal

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import load_workbook

import cotas
from comum import planilhas
from comum.cpf import formatar_cpf
from concursos.importacao.cabecalho import ler_cabecalho
from concursos.importacao.campos import campos_da_planilha
from concursos.importacao.modelo_de_planilha import ULTIMA_LINHA, modelo_csv, modelo_xlsx
from concursos.models import Inscricao

from .fabricas import cpf_valido, edital, usuario

pytestmark = pytest.mark.django_db

CABECALHO = [
    "inscricao", "cpf", "nome", "nome_social", "nascimento", "email", "cor_raca", "negros", "pcd", "cargo",
    "nota", "nota_especificos", "nota_redacao", "jurado", "situacao", "sorteio",
]  # fmt: skip
DESEMPATE = ["idoso", "nota:especificos", "nota:redacao", "idade", "jurado", "sorteio"]


@pytest.fixture
def edital_gm():
    return edital(desempate=DESEMPATE, cargos=(("GM", "Guarda Municipal", 5), ("AGE", "Agente Administrativo", 3)))


def livro_de(conteudo: bytes):
    return load_workbook(io.BytesIO(conteudo))


def cabecalho_de(folha) -> list[str]:
    return [celula.value for celula in folha[1]]


def validacoes_de(folha) -> dict[str, str]:
    """Nome do campo → a fórmula da lista, pela coluna de cada faixa validada."""
    nomes = {celula.column_letter: celula.value for celula in folha[1]}
    return {
        nomes[str(v.sqref).split(":")[0].rstrip("0123456789")]: v.formula1
        for v in folha.data_validations.dataValidation
    }


# ------------------------------------------------------------------------------------ o XLSX


def test_cabecalho_do_xlsx_sao_os_campos_que_a_importacao_aceita_para_negros_pcd_e_notas_parciais(edital_gm):
    folha = livro_de(modelo_xlsx(edital_gm)).worksheets[0]

    assert folha.title == "Inscrições"
    assert cabecalho_de(folha) == CABECALHO == [c.nome for c in campos_da_planilha(edital_gm)]
    conjunto = planilhas.ler_xlsx(modelo_xlsx(edital_gm))
    assert ler_cabecalho(conjunto, edital_gm.regime_congelado()).problemas == []
    assert folha.freeze_panes == "A2"


def test_cabecalho_em_negrito_obrigatorios_em_destaque_e_nota_com_rotulo_e_explicacao(edital_gm):
    folha = livro_de(modelo_xlsx(edital_gm)).worksheets[0]
    celulas = {celula.value: celula for celula in folha[1]}

    assert all(celula.font.bold for celula in celulas.values())
    destacadas = {nome for nome, celula in celulas.items() if celula.fill.fill_type == "solid"}
    assert destacadas == {"inscricao", "cpf", "nome", "cargo", "nota"}
    assert celulas["cpf"].comment.text.startswith("CPF (obrigatório)\nCom ou sem pontos")
    assert celulas["negros"].comment.text.startswith("Concorre às vagas reservadas: Negros\nsim se")
    assert "Nota parcial “especificos”" in celulas["nota_especificos"].comment.text
    assert "obrigatório" not in celulas["email"].comment.text
    assert folha.column_dimensions["C"].width >= 40


def test_listas_de_valores_validos_incluem_os_codigos_dos_cargos_do_edital(edital_gm):
    folha = livro_de(modelo_xlsx(edital_gm)).worksheets[0]

    assert validacoes_de(folha) == {
        "cor_raca": '"branca,preta,parda,amarela,indígena"',
        "negros": '"sim,não"',
        "pcd": '"sim,não"',
        "cargo": '"AGE,GM"',
        "jurado": '"sim,não"',
        "situacao": '"classificado,eliminado"',
    }
    cargo = next(v for v in folha.data_validations.dataValidation if v.formula1 == '"AGE,GM"')
    assert str(cargo.sqref) == f"J2:J{ULTIMA_LINHA}" and cargo.type == "list" and cargo.allow_blank


def test_lista_de_cargos_que_nao_cabe_na_validacao_vai_para_a_aba_escondida():
    muitos = edital(cargos=[(f"CARGO-{n:03d}", f"Cargo {n}", 1) for n in range(60)])
    livro = livro_de(modelo_xlsx(muitos))
    folha = livro.worksheets[0]

    assert validacoes_de(folha)["cargo"] == "'Listas'!$A$2:$A$61"
    listas = livro["Listas"]
    assert listas.sheet_state == "hidden" and livro.sheetnames[0] == "Inscrições"
    assert [c.value for c in listas["A"]][:3] == ["cargo", "CARGO-000", "CARGO-001"]


def test_inscricao_e_cpf_sao_texto_para_nao_perder_zeros_a_esquerda(edital_gm):
    folha = livro_de(modelo_xlsx(edital_gm)).worksheets[0]

    for coluna in ("A", "B"):
        assert folha[f"{coluna}2"].number_format == "@" and folha[f"{coluna}{ULTIMA_LINHA}"].number_format == "@"
    assert folha["C2"].number_format == "General"
    assert folha.max_row == ULTIMA_LINHA and all(c.value is None for c in folha[2])


def test_aba_de_instrucoes_identifica_o_edital_e_explica_cada_campo(edital_gm):
    instrucoes = livro_de(modelo_xlsx(edital_gm))["Instruções"]
    linhas = list(instrucoes.iter_rows(values_only=True))

    assert linhas[1][0] == edital_gm.identificacao
    assert "Regime de cotas" in linhas[2][0] and "primeira" in linhas[3][0]
    assert linhas[5] == ("Campo", "Rótulo", "Obrigatório", "Explicação", "Valores válidos")
    por_campo = {linha[0]: linha for linha in linhas[6:]}
    assert list(por_campo) == CABECALHO
    assert por_campo["cpf"][1:3] == ("CPF", "sim")
    assert por_campo["cargo"][4] == "AGE (Agente Administrativo); GM (Guarda Municipal)"
    assert por_campo["cor_raca"][4] == "branca, preta, parda, amarela, indígena"
    assert por_campo["email"][2] == "não" and por_campo["email"][4] is None


# ------------------------------------------------------------------------------------ o CSV


def test_csv_e_so_o_cabecalho_com_ponto_e_virgula_em_utf8_com_bom(edital_gm):
    conteudo = modelo_csv(edital_gm)

    assert conteudo == ("\ufeff" + ";".join(CABECALHO) + "\r\n").encode("utf-8")


# ------------------------------------------------------------------------------------ a tela


def url(edital_, formato):
    return reverse("concursos:modelo_de_planilha", args=[edital_.pk, formato])


def servidor(client, *permissoes):
    pessoa = usuario("servidor")
    pessoa.user_permissions.add(
        *Permission.objects.filter(
            codename__in=["view_edital", "view_inscricao", *permissoes], content_type__app_label="concursos"
        )
    )
    client.force_login(pessoa)


def test_quem_importa_baixa_o_modelo_com_o_nome_do_edital(client, edital_gm):
    servidor(client, "import_inscricao")

    xlsx, csv = client.get(url(edital_gm, "xlsx")), client.get(url(edital_gm, "csv"))

    assert xlsx.status_code == 200 and xlsx["Content-Type"].startswith("application/vnd.openxmlformats")
    assert xlsx["Content-Disposition"] == 'attachment; filename="modelo-inscricoes-edital-1-2025.xlsx"'
    assert csv["Content-Type"] == "text/csv; charset=utf-8"
    assert csv["Content-Disposition"] == 'attachment; filename="modelo-inscricoes-edital-1-2025.csv"'


def test_sem_a_permissao_de_importar_o_modelo_e_recusado_e_o_botao_nao_aparece(client, edital_gm):
    servidor(client)

    assert client.get(url(edital_gm, "xlsx")).status_code == 403
    ficha = client.get(reverse("admin:concursos_edital_change", args=[edital_gm.pk]))
    assert ficha.status_code == 200 and "Baixar modelo de planilha" not in ficha.text


def test_ficha_do_edital_tem_os_botoes_do_modelo_para_quem_importa(client, edital_gm):
    servidor(client, "import_inscricao")

    ficha = client.get(reverse("admin:concursos_edital_change", args=[edital_gm.pk]))

    assert f'href="{url(edital_gm, "xlsx")}"' in ficha.text and "Baixar modelo de planilha (XLSX)" in ficha.text
    assert f'href="{url(edital_gm, "csv")}"' in ficha.text and "Baixar modelo de planilha (CSV)" in ficha.text


def test_edital_inexistente_e_formato_desconhecido_sao_404(client, edital_gm):
    servidor(client, "import_inscricao")

    assert client.get(reverse("concursos:modelo_de_planilha", args=[edital_gm.pk + 1, "xlsx"])).status_code == 404
    assert client.get(f"/concursos/editais/{edital_gm.pk}/modelo-de-planilha.xls").status_code == 404


# ------------------------------------------------------------------------------------ ida e volta

CPFS = [cpf_valido() for _ in range(3)]
LINHAS = [
    {"inscricao": "0001", "cpf": formatar_cpf(CPFS[0]), "nome": "Irene Paiva", "nascimento": date(1961, 3, 14),
     "cor_raca": "parda", "negros": "sim", "pcd": "não", "cargo": "GM", "nota": 78.5, "nota_especificos": 40.5,
     "nota_redacao": 8, "jurado": "sim"},
    {"inscricao": "0002", "cpf": CPFS[1], "nome": "Tainá Potiguara", "nome_social": "Tai Potiguara",
     "cor_raca": "indígena", "pcd": "sim", "cargo": "AGE", "nota": "81,25", "situacao": "classificado"},
    {"inscricao": "0003", "cpf": CPFS[2], "nome": "Otto Reis", "email": "otto@exemplo.test", "cargo": "GM",
     "nota": "69", "situacao": "eliminado", "sorteio": 2},
]  # fmt: skip


def importar_pelo_admin(client, edital_, nome, conteudo):
    arquivo = SimpleUploadedFile(nome, conteudo)
    previa = client.post(reverse("admin:concursos_inscricao_import"), {"edital": edital_.pk, "import_file": arquivo})
    assert previa.status_code == 200 and "confirm_form" in previa.context, previa.text
    assert previa.context["result"].totals["new"] == 3 and Inscricao.objects.count() == 0
    confirmacao = previa.context["confirm_form"].initial
    return client.post(reverse("admin:concursos_inscricao_process_import"), confirmacao, follow=True)


def conferir_as_tres(edital_, resposta):
    assert "Importação concluída: 3 inscrições novas, 0 atualizadas, 0 sem mudança." in resposta.text
    assert Inscricao.objects.filter(edital=edital_).count() == 3
    irene = Inscricao.objects.get(numero="0001")
    assert (irene.candidato.cpf, irene.candidato.nascimento) == (CPFS[0], date(1961, 3, 14))
    assert (irene.cargo.codigo, irene.nota, irene.cor_raca, irene.jurado) == ("GM", Decimal("78.5"), "parda", True)
    assert irene.notas_parciais == {"especificos": "40.5", "redacao": "8"}
    assert list(irene.opcoes.values_list("grupo", flat=True)) == ["negros"]
    taina = Inscricao.objects.get(numero="0002")
    assert (taina.candidato.nome_de_uso, taina.cargo.codigo, taina.nota) == ("Tai Potiguara", "AGE", Decimal("81.25"))
    assert (taina.cor_raca, list(taina.opcoes.values_list("grupo", flat=True))) == ("indigena", ["pcd"])
    otto = Inscricao.objects.get(numero="0003")
    assert (otto.situacao, otto.sorteio, otto.candidato.email) == ("eliminado", 2, "otto@exemplo.test")
    assert not otto.opcoes.exists()


def test_modelo_xlsx_baixado_preenchido_e_salvo_com_as_instrucoes_a_vista_volta_pela_importacao(client, edital_gm):
    servidor(client, "import_inscricao", "add_inscricao", "change_inscricao")
    livro = livro_de(client.get(url(edital_gm, "xlsx")).content)
    folha = livro["Inscrições"]
    colunas = {celula.value: celula.column for celula in folha[1]}
    for numero, linha in enumerate(LINHAS, start=2):
        for campo, valor in linha.items():
            folha.cell(row=numero, column=colunas[campo], value=valor)
    livro.active = livro["Instruções"]
    arquivo = io.BytesIO()
    livro.save(arquivo)

    resposta = importar_pelo_admin(client, edital_gm, "modelo-preenchido.xlsx", arquivo.getvalue())

    conferir_as_tres(edital_gm, resposta)


def test_modelo_csv_baixado_e_preenchido_volta_pela_importacao(client, edital_gm):
    servidor(client, "import_inscricao", "add_inscricao", "change_inscricao")
    texto = client.get(url(edital_gm, "csv")).content.decode("utf-8-sig")
    cabecalho = texto.strip().split(";")
    linhas = [";".join(planilhas.celula_em_texto(linha.get(campo)) for campo in cabecalho) for linha in LINHAS]

    resposta = importar_pelo_admin(client, edital_gm, "modelo.csv", ("\ufeff" + texto + "\r\n".join(linhas)).encode())

    conferir_as_tres(edital_gm, resposta)


def test_o_regime_do_edital_decide_as_colunas_dos_grupos():
    federal = edital(regime="federal-15142-2025")
    grupos = cotas.REGIMES["federal-15142-2025"].nomes_dos_grupos

    cabecalho = cabecalho_de(livro_de(modelo_xlsx(federal)).worksheets[0])

    assert cabecalho[cabecalho.index("cor_raca") + 1 : cabecalho.index("cargo")] == list(grupos)
    assert "negros" not in cabecalho
