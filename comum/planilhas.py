"""Planilhas como a banca e o Excel brasileiro as fazem: leitura e conferência de CSV e XLSX enviados
e escrita segura para o Excel-BR. Não sabe nada de inscrições: as colunas e as células de uma
importação são lidas por quem importa (``concursos.importacao``).

- CSV com ``;`` ou ``,`` (o separador é descoberto pela linha do cabeçalho), em UTF-8 com ou sem
  BOM ou em Windows-1252. A decodificação fica aqui, no formato, porque o admin do
  django-import-export só sabe uma codificação (docs/TECNICO.md §1.5).
- Cada conjunto lido leva ``linhas``: o número de cada linha de dados na planilha, como o servidor
  a vê (o cabeçalho é a linha 1), para que os erros apontem a linha certa mesmo com linhas em branco.
- Na escrita, texto que começa com ``= + - @``, tabulação ou CR ganha um apóstrofo na frente, para
  que o Excel não o execute como fórmula (OWASP, "CSV injection"; docs/TECNICO.md §1.6). Números e datas
  continuam números e datas no XLSX; no CSV saem como o Excel-BR os lê (``1234,5``, ``31/12/1990``).
- Arquivo enviado (``conferir_arquivo``; ``ler_arquivo`` devolve o conjunto já lido): só ``.csv`` e
  ``.xlsx``, até ``LIMITE_DE_IMPORTACAO_MB``, e o conteúdo tem de ser o que a extensão diz — um XLSX
  é um zip com a estrutura OOXML (sem macros, sem "bomba" de descompressão), um CSV é texto.
  Qualquer falha de leitura vira ``ArquivoInvalido`` com a mensagem em português; nenhuma outra
  exceção sai daqui.
"""

import csv
import io
import unicodedata
import zipfile
from datetime import date, datetime
from decimal import Decimal
from pathlib import PurePath

import tablib
from django.conf import settings
from django.utils import timezone
from import_export.formats.base_formats import CSV, XLSX

PERIGOSOS = ("=", "+", "-", "@", "\t", "\r")


MAXIMO_DE_COLUNAS = 200
MAXIMO_DE_LINHAS = 100_000
MAXIMO_DESCOMPACTADO = 250 * 1024 * 1024  # um XLSX de 20 MB com texto comum descompacta para ~150 MB


class ArquivoInvalido(ValueError):
    """Arquivo que não pode ser importado (tipo, tamanho, estrutura); a mensagem diz por quê."""


# --------------------------------------------------------------------------- escrita segura


def neutralizar(valor):
    """Texto que o Excel tomaria por fórmula ganha um apóstrofo; números e datas passam intactos."""
    if isinstance(valor, str) and valor.startswith(PERIGOSOS):
        return "'" + valor
    return valor


def celula_em_texto(valor) -> str:
    """Valor como o Excel-BR o lê num CSV: ``1234,5``, ``31/12/1990``, ``sim``; texto neutralizado."""
    valor = neutralizar(valor)
    if valor is None:
        return ""
    if isinstance(valor, bool):
        return "sim" if valor else "não"
    if isinstance(valor, datetime):
        return f"{timezone.localtime(valor) if timezone.is_aware(valor) else valor:%d/%m/%Y %H:%M}"
    if isinstance(valor, date):
        return f"{valor:%d/%m/%Y}"
    if isinstance(valor, (Decimal, float, int)):
        return decimal_em_texto(Decimal(str(valor))).replace(".", ",")
    return str(valor)


def escrever_csv(cabecalho, linhas) -> bytes:
    """CSV para o Excel-BR: ``;``, UTF-8 com BOM, decimais com vírgula, datas dd/mm/aaaa."""
    saida = io.StringIO()
    escritor = csv.writer(saida, delimiter=";", lineterminator="\r\n")
    escritor.writerow([celula_em_texto(c) for c in cabecalho])
    for linha in linhas:
        escritor.writerow([celula_em_texto(c) for c in linha])
    return saida.getvalue().encode("utf-8-sig")


def escrever_xlsx(cabecalho, linhas, *, titulo="Planilha") -> bytes:
    """XLSX com números numéricos, datas como datas (dd/mm/aaaa) e texto nunca executável."""
    from openpyxl import Workbook
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    from openpyxl.styles import Font

    livro = Workbook()
    folha = livro.active
    folha.title = titulo[:31]
    folha.append([neutralizar(str(c)) for c in cabecalho])
    for celula in folha[1]:
        celula.font = Font(bold=True)
    folha.freeze_panes = "A2"
    # A linha é contada aqui: ``folha.max_row`` percorre todas as células já escritas a cada chamada,
    # o que tornava quadrática a planilha de um cargo grande (15 mil linhas: 70 s de CPU).
    for numero, linha in enumerate(linhas, start=2):
        valores = []
        for valor in linha:
            valor = neutralizar(valor)
            if isinstance(valor, str):
                valor = ILLEGAL_CHARACTERS_RE.sub("\N{REPLACEMENT CHARACTER}", valor)
            elif isinstance(valor, datetime) and timezone.is_aware(valor):
                valor = timezone.localtime(valor).replace(tzinfo=None)
            valores.append(valor)
        folha.append(valores)
        for coluna, valor in enumerate(valores, start=1):
            if isinstance(valor, datetime):
                folha.cell(row=numero, column=coluna).number_format = "dd/mm/yyyy hh:mm"
            elif isinstance(valor, date):
                folha.cell(row=numero, column=coluna).number_format = "dd/mm/yyyy"
    saida = io.BytesIO()
    livro.save(saida)
    return saida.getvalue()


# --------------------------------------------------------------------------- leitura de arquivos


def linha_vazia(linha) -> bool:
    return all(v is None or (isinstance(v, str) and not v.strip()) for v in linha)


def _sem_vazias_no_fim(valores) -> list:
    valores = list(valores)
    while valores and (valores[-1] is None or valores[-1] == ""):
        valores.pop()
    return valores


def _conjunto(numeradas) -> tablib.Dataset:
    """Dataset a partir de (número da linha, valores); a primeira linha não vazia é o cabeçalho.

    Linhas em branco são puladas, mas contam na numeração, como no Excel. Células vazias no fim
    da linha não contam como colunas; mais de ``MAXIMO_DE_COLUNAS`` colunas ou de
    ``MAXIMO_DE_LINHAS`` linhas de dados é ``ArquivoInvalido`` (e não uma tabela de bilhões de células)."""
    cabecalho, corpo, linha_do_cabecalho = None, [], None
    for numero, valores in numeradas:
        if linha_vazia(valores):
            continue
        valores = _sem_vazias_no_fim(valores)
        if len(valores) > MAXIMO_DE_COLUNAS:
            raise ArquivoInvalido(
                f"A linha {numero} tem {len(valores)} colunas; uma planilha de inscrições tem no máximo "
                f"{MAXIMO_DE_COLUNAS}. Apague as colunas que sobram à direita."
            )
        if cabecalho is None:
            cabecalho, linha_do_cabecalho = ["" if c is None else texto(c) for c in valores], numero
            continue
        if len(corpo) == MAXIMO_DE_LINHAS:
            raise ArquivoInvalido(
                f"O arquivo tem mais de {MAXIMO_DE_LINHAS} linhas de dados; divida-o em arquivos menores."
            )
        corpo.append((numero, valores))
    if cabecalho is None:
        return tablib.Dataset()
    largura = max([len(cabecalho), *(len(v) for _, v in corpo)])
    cabecalho += [""] * (largura - len(cabecalho))
    conjunto = tablib.Dataset(headers=cabecalho)
    for _, valores in corpo:
        conjunto.append(valores + [None] * (largura - len(valores)))
    conjunto.linhas = [n for n, _ in corpo]
    conjunto.linha_do_cabecalho = linha_do_cabecalho
    return conjunto


def decodificar(dados: bytes | str) -> str:
    """UTF-8 (com ou sem BOM) ou, se não for UTF-8 válido, Windows-1252 (Excel-BR)."""
    if isinstance(dados, str):
        return dados.removeprefix("\ufeff")
    try:
        return dados.decode("utf-8-sig")
    except UnicodeDecodeError:
        return dados.decode("cp1252", errors="replace")


def separador(primeira_linha: str) -> str:
    """``;``, ``,`` ou tabulação: o que mais aparece no cabeçalho (nomes de coluna não os contêm)."""
    contagens = {s: primeira_linha.count(s) for s in (";", ",", "\t")}
    melhor = max(contagens, key=contagens.get)
    return melhor if contagens[melhor] else ";"


def ler_csv(dados: bytes | str) -> tablib.Dataset:
    """CSV lido inteiro; qualquer problema de leitura é ``ArquivoInvalido`` com a linha."""
    texto_ = decodificar(dados)
    primeira = next((linha for linha in texto_.splitlines() if linha.strip()), "")
    leitor = csv.reader(io.StringIO(texto_, newline=""), delimiter=separador(primeira))
    try:
        return _conjunto(enumerate(leitor, start=1))
    except csv.Error as erro:
        limite = csv.field_size_limit()
        motivo = f"uma célula passa de {limite} caracteres" if "field larger" in str(erro) else "CSV malformado"
        raise ArquivoInvalido(f"Não foi possível ler o CSV na linha {leitor.line_num}: {motivo}.") from None


def ler_xlsx(dados: bytes) -> tablib.Dataset:
    """Primeira aba do XLSX (a da esquerda, não a ativa), com os valores calculados das fórmulas.

    A ativa é a que estava aberta quando o arquivo foi salvo: o modelo para baixar salvo com a aba
    "Instruções" à vista importaria as instruções. As dimensões gravadas no arquivo são ignoradas (``reset_dimensions``): uma planilha que declara
    ``A1:XFD1048576`` faria o openpyxl devolver 16 mil colunas vazias em um milhão de linhas."""
    from openpyxl import load_workbook

    conferir_xlsx(dados)
    try:
        livro = load_workbook(io.BytesIO(dados), read_only=True, data_only=True)
    except Exception:  # o openpyxl levanta de tudo um pouco (KeyError, XML malformado, zip corrompido)
        raise ArquivoInvalido(
            "Não foi possível abrir a planilha XLSX: o arquivo está corrompido ou não foi salvo pelo Excel "
            "ou pelo LibreOffice como “Pasta de trabalho do Excel (.xlsx)”."
        ) from None
    try:
        folha = livro[livro.sheetnames[0]] if livro.sheetnames else None
        if folha is None or not hasattr(folha, "iter_rows"):
            raise ArquivoInvalido("A primeira aba do XLSX não é uma planilha de dados (é um gráfico?).")
        folha.reset_dimensions()
        return _conjunto(enumerate(folha.iter_rows(min_row=1, values_only=True), start=1))
    except ArquivoInvalido:
        raise
    except Exception:
        raise ArquivoInvalido(
            "Não foi possível ler a planilha XLSX: há células ou fórmulas que o leitor não entende. "
            "Salve o arquivo de novo como “Pasta de trabalho do Excel (.xlsx)”."
        ) from None
    finally:
        livro.close()


# --------------------------------------------------------------------------- arquivo enviado


ASSINATURAS_BINARIAS = {
    b"PK\x03\x04": "um arquivo compactado (zip, xlsx, docx…)",
    b"\xd0\xcf\x11\xe0": "uma planilha .xls antiga ou um arquivo protegido por senha",
    b"%PDF": "um PDF",
    b"MZ": "um programa do Windows",
    b"\x7fELF": "um programa",
    b"\x89PNG": "uma imagem",
    b"\xff\xd8\xff": "uma imagem",
    b"GIF8": "uma imagem",
    b"{\\rtf": "um documento RTF",
}
TIPO_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"


def _tamanho_em_mb(tamanho: int) -> str:
    return f"{tamanho / 1024 / 1024:.1f}".replace(".", ",")


def conferir_tamanho(tamanho: int) -> None:
    limite = settings.LIMITE_DE_IMPORTACAO_MB
    if tamanho > limite * 1024 * 1024:
        raise ArquivoInvalido(
            f"O arquivo tem {_tamanho_em_mb(tamanho)} MB; o limite é {limite} MB. Divida-o em arquivos menores."
        )


def conferir_csv(dados: bytes) -> None:
    """Um CSV é texto: nem binário disfarçado nem UTF-16 (que o leitor não entende)."""
    for assinatura, descricao in ASSINATURAS_BINARIAS.items():
        if dados.startswith(assinatura):
            raise ArquivoInvalido(f"O arquivo tem extensão .csv, mas é {descricao}, não um texto CSV.")
    if dados.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in dados[:4096]:
        raise ArquivoInvalido(
            "O arquivo está em UTF-16 ou não é texto. No Excel, salve como “CSV UTF-8 (delimitado por "
            "vírgulas)” ou “CSV (separado por vírgulas)”."
        )
    if b"\x00" in dados:
        raise ArquivoInvalido("O arquivo tem bytes nulos: não é um texto CSV.")
    amostra = decodificar(dados[:65536])
    controles = sum(1 for c in amostra if unicodedata.category(c) == "Cc" and c not in "\t\r\n")
    if controles > max(5, len(amostra) // 100):
        raise ArquivoInvalido("O arquivo não parece texto (muitos caracteres de controle): não é um CSV.")


def conferir_xlsx(dados: bytes) -> None:
    """Um XLSX é um zip com a estrutura OOXML de uma pasta de trabalho, sem macros, que descompacta
    para um tamanho razoável (nada de "bomba" de descompressão)."""
    if dados.startswith(b"\xd0\xcf\x11\xe0"):
        raise ArquivoInvalido(
            "O arquivo é uma planilha .xls antiga ou está protegido por senha. Abra-o no Excel ou no "
            "LibreOffice e salve como “Pasta de trabalho do Excel (.xlsx)”, sem senha."
        )
    if not dados.startswith(b"PK\x03\x04"):
        raise ArquivoInvalido("O arquivo tem extensão .xlsx, mas não é uma planilha XLSX (não é um zip OOXML).")
    try:
        with zipfile.ZipFile(io.BytesIO(dados)) as pacote:
            itens = pacote.infolist()
            nomes = {item.filename for item in itens}
            tipos = pacote.read("[Content_Types].xml") if "[Content_Types].xml" in nomes else b""
    except Exception:  # BadZipFile, zlib.error, NotImplementedError (compressão exótica), EOFError…
        raise ArquivoInvalido("O arquivo .xlsx está corrompido (o zip não abre).") from None
    if not tipos or "xl/workbook.xml" not in nomes:
        raise ArquivoInvalido(
            "O arquivo .xlsx não tem a estrutura de uma pasta de trabalho do Excel (falta o xl/workbook.xml)."
        )
    if b"macroEnabled" in tipos or "xl/vbaProject.bin" in nomes:
        raise ArquivoInvalido("Planilhas com macros não são aceitas: salve como .xlsx comum, sem macros.")
    if TIPO_XLSX.encode() not in tipos:
        raise ArquivoInvalido("O arquivo .xlsx não é uma pasta de trabalho do Excel (é um modelo ou outro tipo).")
    if sum(item.file_size for item in itens) > MAXIMO_DESCOMPACTADO:
        raise ArquivoInvalido(
            "A planilha descompactada passa de 250 MB: apague as linhas e colunas vazias ou divida o arquivo."
        )


def formato_do_arquivo(nome: str):
    """``CSVBrasil`` ou ``XLSXBrasil`` pela extensão do nome; ``ArquivoInvalido`` para as outras."""
    extensao = PurePath(nome or "").suffix.lower()
    formatos = {".csv": CSVBrasil, ".xlsx": XLSXBrasil}
    if extensao not in formatos:
        raise ArquivoInvalido(f"Envie um arquivo .csv ou .xlsx (o arquivo enviado é {extensao or 'sem extensão'}).")
    return formatos[extensao]


def ler_arquivo(nome: str, dados: bytes) -> tablib.Dataset:
    """O conjunto de um arquivo enviado, lido uma vez só, depois de conferir extensão, tamanho e
    conteúdo; ``ArquivoInvalido`` com a mensagem se algo não serve."""
    formato = formato_do_arquivo(nome)
    conferir_tamanho(len(dados))
    if not dados.strip():
        raise ArquivoInvalido("O arquivo está vazio.")
    conjunto = formato().create_dataset(dados)
    if not conjunto.headers:
        raise ArquivoInvalido("O arquivo não tem nenhuma linha preenchida (nem o cabeçalho).")
    if not len(conjunto):
        raise ArquivoInvalido("O arquivo só tem o cabeçalho: não há nenhuma inscrição para importar.")
    return conjunto


def conferir_arquivo(nome: str, dados: bytes):
    """O formato (``CSVBrasil`` ou ``XLSXBrasil``) de um arquivo enviado, depois de conferir extensão,
    tamanho e conteúdo e de lê-lo inteiro (``ler_arquivo``)."""
    ler_arquivo(nome, dados)
    return formato_do_arquivo(nome)


class CSVBrasil(CSV):
    """CSV da banca (``;`` ou ``,``; UTF-8, UTF-8 com BOM ou Windows-1252) e CSV para o Excel-BR.

    Binário para o admin: ele guarda os bytes como vieram e a decodificação fica em ``ler_csv``.
    """

    def is_binary(self):
        return True

    def get_read_mode(self):
        return "rb"

    def create_dataset(self, in_stream, **kwargs):
        if isinstance(in_stream, bytes):
            conferir_csv(in_stream)
        return ler_csv(in_stream)

    def export_data(self, dataset, **kwargs):
        return escrever_csv(dataset.headers or [], list(dataset))


class XLSXBrasil(XLSX):
    """XLSX lido com a numeração de linhas da planilha e escrito sem fórmulas executáveis."""

    def create_dataset(self, in_stream, **kwargs):
        return ler_xlsx(in_stream)

    def export_data(self, dataset, **kwargs):
        return escrever_xlsx(dataset.headers or [], list(dataset), titulo=dataset.title or "Planilha")


# --------------------------------------------------------------------------- células


def texto(valor) -> str:
    """A célula como texto, com espaços aparados e ``123.0`` (número do Excel) como ``123``."""
    if isinstance(valor, str):  # o caso de quase toda célula de CSV: primeiro
        return " ".join(valor.split())
    if valor is None:
        return ""
    if isinstance(valor, float) and valor.is_integer():
        valor = int(valor)
    if isinstance(valor, int) and not isinstance(valor, bool) and abs(valor) >= 10**100:
        return f"número de {len(str(abs(valor))) if abs(valor) < 10**4000 else 'mais de 4000'} algarismos"
    if isinstance(valor, datetime):
        return f"{valor:%d/%m/%Y}" if valor.time() == datetime.min.time() else f"{valor:%d/%m/%Y %H:%M}"
    if isinstance(valor, date):
        return f"{valor:%d/%m/%Y}"
    return " ".join(str(valor).split())


def decimal_em_texto(numero: Decimal) -> str:
    """``Decimal('40.500')`` → ``'40.5'``; ``Decimal('40')`` → ``'40'`` (sem notação científica)."""
    texto_ = format(numero, "f")
    return texto_.rstrip("0").rstrip(".") if "." in texto_ else texto_
