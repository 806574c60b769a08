"""O modelo de planilha para baixar, por edital: o arquivo que a banca ou o RH preenche no formato que
a importação aceita, feito do catálogo dos campos do edital (``campos.campos_da_planilha``).

- XLSX: a aba "Inscrições" tem o cabeçalho com os nomes exatos que a importação aceita (os
  obrigatórios em amarelo), uma nota em cada cabeçalho (rótulo, explicação, obrigatório), a lista
  dos valores válidos (sim/não, cor/raça, situação e os códigos dos cargos do edital) nas linhas 2 a
  ``ULTIMA_LINHA`` e as colunas de inscrição e CPF como texto, para que o Excel não coma os zeros à
  esquerda. A aba "Instruções" identifica o edital e explica cada campo. A importação lê a primeira
  aba, e não a ativa (``comum.planilhas.ler_xlsx``): o arquivo salvo com as instruções à vista
  continua importando as inscrições.
- CSV: só a linha do cabeçalho, com ``;`` e em UTF-8 com BOM (``comum.planilhas.escrever_csv``, o
  que o Excel-BR abre com os acentos certos). Nenhuma linha de exemplo: seria importada como
  inscrição.

Uma lista que não cabe na validação do Excel (255 caracteres, sem vírgulas nem aspas nos valores) vai
para uma aba escondida, "Listas", e a validação aponta para ela. As razões de cada escolha estão em
docs/TECNICO.md §1.7.
"""

import io

from comum.planilhas import escrever_csv, neutralizar

from .campos import campos_da_planilha

ABA_DAS_INSCRICOES = "Inscrições"
ABA_DAS_INSTRUCOES = "Instruções"
ABA_DAS_LISTAS = "Listas"
ULTIMA_LINHA = 5001  # as listas e o formato de texto valem da linha 2 até esta
EM_TEXTO = ("inscricao", "cpf")  # números que não são números: zeros à esquerda contam
AMARELO = "FFF2CC"
LIMITE_DA_LISTA = 255  # o Excel recusa uma lista escrita na validação com mais que isso
AUTOR = "Sistema de concursos"
LARGURAS = {"nome": 40, "nome_social": 30, "email": 30}  # as outras: o nome do campo e folga


def nome_do_arquivo(edital, formato: str) -> str:
    return f"modelo-inscricoes-edital-{edital.numero}-{edital.ano}.{formato}"


def modelo_csv(edital) -> bytes:
    """O cabeçalho do edital numa linha só, como a importação o lê."""
    return escrever_csv([campo.nome for campo in campos_da_planilha(edital)], [])


def modelo_xlsx(edital) -> bytes:
    """A pasta de trabalho com a aba das inscrições (primeira) e a das instruções."""
    from openpyxl import Workbook

    campos = campos_da_planilha(edital)
    cargos = list(edital.cargos.order_by("codigo").values_list("codigo", "nome"))
    listas = {campo.nome: campo.valores for campo in campos if campo.valores}
    if cargos:
        listas["cargo"] = tuple(codigo for codigo, _ in cargos)
    livro = Workbook()
    folha = livro.active
    folha.title = ABA_DAS_INSCRICOES
    _cabecalho(folha, campos)
    _validacoes(livro, folha, campos, listas)
    _instrucoes(livro.create_sheet(ABA_DAS_INSTRUCOES), edital, campos, cargos)
    saida = io.BytesIO()
    livro.save(saida)
    return saida.getvalue()


def _cabecalho(folha, campos) -> None:
    from openpyxl.comments import Comment
    from openpyxl.styles import Font, PatternFill
    from openpyxl.utils import get_column_letter

    obrigatorio = PatternFill("solid", fgColor=AMARELO)
    for coluna, campo in enumerate(campos, start=1):
        celula = folha.cell(row=1, column=coluna, value=campo.nome)
        celula.font = Font(bold=True)
        if campo.obrigatorio:
            celula.fill = obrigatorio
        nota = f"{campo.rotulo}{' (obrigatório)' if campo.obrigatorio else ''}\n{campo.ajuda}"
        celula.comment = Comment(nota, AUTOR, height=120, width=280)
        letra = get_column_letter(coluna)
        folha.column_dimensions[letra].width = LARGURAS.get(campo.nome, max(14, len(campo.nome) + 4))
        if campo.nome in EM_TEXTO:
            folha.column_dimensions[letra].number_format = "@"
            for linha in range(2, ULTIMA_LINHA + 1):
                folha.cell(row=linha, column=coluna).number_format = "@"
        elif campo.nome == "nascimento":
            folha.column_dimensions[letra].number_format = "dd/mm/yyyy"
    folha.freeze_panes = "A2"


def _validacoes(livro, folha, campos, listas) -> None:
    """Uma lista de valores válidos por campo que a tem; aviso (e não bloqueio) fora dela, porque a
    importação aceita mais do que a lista mostra (``Sim``, ``S``, o nome do cargo…)."""
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.datavalidation import DataValidation

    for coluna, campo in enumerate(campos, start=1):
        valores = listas.get(campo.nome)
        if not valores:
            continue
        validacao = DataValidation(
            type="list",
            formula1=_formula_da_lista(livro, campo.nome, valores),
            allow_blank=True,
            showErrorMessage=True,
            errorStyle="warning",
            errorTitle="Valor fora da lista",
            error=f"{campo.rotulo}: use um dos valores da lista.",
        )
        letra = get_column_letter(coluna)
        validacao.add(f"{letra}2:{letra}{ULTIMA_LINHA}")
        folha.add_data_validation(validacao)


def _formula_da_lista(livro, nome: str, valores) -> str:
    """A lista escrita na validação (``"sim,não"``) ou, se não couber, a faixa da aba "Listas"."""
    from openpyxl.utils import get_column_letter, quote_sheetname

    escrita = ",".join(valores)
    if len(escrita) + 2 <= LIMITE_DA_LISTA and not any("," in v or '"' in v for v in valores):
        return f'"{escrita}"'
    abas = livro.sheetnames
    listas = livro[ABA_DAS_LISTAS] if ABA_DAS_LISTAS in abas else livro.create_sheet(ABA_DAS_LISTAS)
    listas.sheet_state = "hidden"
    coluna = listas.max_column + 1 if listas["A1"].value is not None else 1
    listas.cell(row=1, column=coluna, value=nome)
    for linha, valor in enumerate(valores, start=2):
        listas.cell(row=linha, column=coluna, value=neutralizar(valor))
    letra = get_column_letter(coluna)
    return f"{quote_sheetname(ABA_DAS_LISTAS)}!${letra}$2:${letra}${len(valores) + 1}"


def _instrucoes(folha, edital, campos, cargos) -> None:
    from openpyxl.styles import Alignment, Font, PatternFill

    regime = edital.regime_congelado()
    folha.append(["Modelo de planilha de inscrições"])
    folha.append([neutralizar(edital.identificacao)])
    folha.append([neutralizar(f"Regime de cotas: {regime.nome}")])
    folha.append([COMO_PREENCHER])
    folha.append([])
    folha.append(["Campo", "Rótulo", "Obrigatório", "Explicação", "Valores válidos"])
    folha["A1"].font = Font(bold=True, size=14)
    for celula in folha[6]:
        celula.font = Font(bold=True)
    dos_cargos = "; ".join(f"{codigo} ({nome})" for codigo, nome in cargos)
    for campo in campos:
        valores = dos_cargos if campo.nome == "cargo" else ", ".join(campo.valores)
        obrigatorio = "sim" if campo.obrigatorio else "não"
        folha.append([campo.nome, campo.rotulo, obrigatorio, campo.ajuda, neutralizar(valores)])
        if campo.obrigatorio:
            folha.cell(row=folha.max_row, column=1).fill = PatternFill("solid", fgColor=AMARELO)
    for letra, largura in zip("ABCDE", (26, 40, 12, 70, 50), strict=True):
        folha.column_dimensions[letra].width = largura
    for linha in folha.iter_rows(min_row=7):
        for celula in linha:
            celula.alignment = Alignment(wrap_text=True, vertical="top")


COMO_PREENCHER = (
    "Preencha a aba “Inscrições”: uma inscrição por linha, a partir da linha 2, sem mudar os nomes do "
    "cabeçalho (os obrigatórios estão em amarelo; a nota de cada cabeçalho explica o campo). Colunas "
    "opcionais podem ser apagadas. Deixe a aba “Inscrições” como a primeira. Salve como .xlsx ou como "
    "CSV UTF-8 e importe no admin em Inscrições › Importar, escolhendo este edital."
)
