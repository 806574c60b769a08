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
import re
import time
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
# Um XLSX de 100 mil inscrições com 15 colunas descompacta para ~80 MB (medido com ``escrever_xlsx``,
# que grava o texto na própria célula; o Excel, com as palavras repetidas à parte, fica bem abaixo).
MAXIMO_DESCOMPACTADO = 100 * 1024 * 1024
MAXIMO_DE_CELULAS_POR_LINHA = 16_384  # as colunas que o Excel tem (A a XFD)
MAXIMO_DE_CARACTERES_POR_CELULA = 32_767  # o que cabe numa célula do Excel
_PRAZO_CONFERIDO_A_CADA = 1000  # linhas


class ArquivoInvalido(ValueError):
    """Arquivo que não pode ser importado (tipo, tamanho, estrutura); a mensagem diz por quê."""


class ArquivoGrandeParaATela(ArquivoInvalido):
    """Arquivo com mais linhas do que a importação pela tela aceita: vai para o segundo plano."""

    def __init__(self, maximo: int):
        self.maximo = maximo
        super().__init__(f"O arquivo tem mais de {_milhar(maximo)} linhas de dados.")


def _milhar(numero: int) -> str:
    return f"{numero:,}".replace(",", ".")


def _bytes(tamanho: int) -> str:
    if tamanho >= 1024 * 1024:
        return f"{tamanho / 1024 / 1024:.0f} MB"
    return f"{tamanho / 1024:.0f} KB"


class Prazo:
    """Prazo cooperativo: quem trabalha chama ``conferir()`` a cada tantas linhas; passado o tempo,
    ``ArquivoInvalido`` dizendo o limite (o django-tasks-db não interrompe uma tarefa). ``relogio``:
    os segundos de agora (``time.monotonic``; os testes passam o seu); ``mensagem``: o texto da
    recusa, com ``{segundos}`` (sem ela, a da leitura do arquivo)."""

    def __init__(self, segundos: float | None, *, relogio=time.monotonic, mensagem: str | None = None):
        self.segundos = segundos
        self.relogio = relogio
        self.mensagem = mensagem or (
            "A leitura do arquivo passou de {segundos} segundos (o limite) e foi interrompida: apague as linhas "
            "e colunas vazias, salve de novo como .xlsx ou .csv, ou divida o arquivo."
        )
        self.fim = None if segundos is None else relogio() + segundos

    def conferir(self) -> None:
        if self.fim is not None and self.relogio() > self.fim:
            raise ArquivoInvalido(self.mensagem.format(segundos=f"{self.segundos:.0f}"))


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


def _conjunto(
    numeradas, *, maximo_de_linhas: int = MAXIMO_DE_LINHAS, prazo: Prazo | None = None, so_o_comeco: int | None = None
) -> tablib.Dataset:
    """Dataset a partir de (número da linha, valores); a primeira linha não vazia é o cabeçalho.

    Linhas em branco são puladas, mas contam na numeração, como no Excel. Células vazias no fim
    da linha não contam como colunas; mais de ``MAXIMO_DE_COLUNAS`` colunas, de ``maximo_de_linhas``
    linhas de dados ou de ``MAXIMO_DE_CARACTERES_POR_CELULA`` caracteres numa célula é
    ``ArquivoInvalido``, conferido enquanto as linhas chegam (e não uma tabela de bilhões de
    células); ``prazo`` é conferido a cada mil linhas lidas. Com ``so_o_comeco``, para nesse número
    de linhas de dados, sem erro (o cabeçalho e as primeiras linhas, para conferir o envio)."""
    cabecalho, corpo, linha_do_cabecalho = None, [], None
    for lidas, (numero, valores) in enumerate(numeradas, start=1):
        if prazo is not None and lidas % _PRAZO_CONFERIDO_A_CADA == 0:
            prazo.conferir()
        if linha_vazia(valores):
            continue
        valores = _sem_vazias_no_fim(valores)
        if len(valores) > MAXIMO_DE_COLUNAS:
            raise ArquivoInvalido(
                f"A linha {numero} tem {len(valores)} colunas; uma planilha de inscrições tem no máximo "
                f"{MAXIMO_DE_COLUNAS}. Apague as colunas que sobram à direita."
            )
        _conferir_celulas(numero, valores)
        if cabecalho is None:
            cabecalho, linha_do_cabecalho = ["" if c is None else texto(c) for c in valores], numero
            continue
        if len(corpo) == so_o_comeco:
            break
        if len(corpo) == maximo_de_linhas:
            if maximo_de_linhas < MAXIMO_DE_LINHAS:
                raise ArquivoGrandeParaATela(maximo_de_linhas)
            raise ArquivoInvalido(
                f"O arquivo tem mais de {maximo_de_linhas} linhas de dados; divida-o em arquivos menores."
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


def _conferir_celulas(numero: int, valores) -> None:
    for coluna, valor in enumerate(valores):
        if isinstance(valor, str) and len(valor) > MAXIMO_DE_CARACTERES_POR_CELULA:
            raise ArquivoInvalido(
                f"A célula {letra_da_coluna(coluna)}{numero} tem {_milhar(len(valor))} caracteres; o limite é "
                f"{_milhar(MAXIMO_DE_CARACTERES_POR_CELULA)} (o de uma célula do Excel)."
            )


def letra_da_coluna(indice: int) -> str:
    """0 → A, 25 → Z, 26 → AA."""
    letras = ""
    indice += 1
    while indice:
        indice, resto = divmod(indice - 1, 26)
        letras = chr(65 + resto) + letras
    return letras


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


def ler_csv(dados: bytes | str, *, prazo: Prazo | None = None, **limites) -> tablib.Dataset:
    """CSV lido linha a linha, com os limites de ``_conjunto``; qualquer problema de leitura é
    ``ArquivoInvalido`` com a linha."""
    texto_ = decodificar(dados)
    primeira = next((linha for linha in texto_.splitlines() if linha.strip()), "")
    leitor = csv.reader(io.StringIO(texto_, newline=""), delimiter=separador(primeira))
    try:
        return _conjunto(enumerate(leitor, start=1), prazo=prazo, **limites)
    except csv.Error as erro:
        limite = csv.field_size_limit()
        motivo = f"uma célula passa de {limite} caracteres" if "field larger" in str(erro) else "CSV malformado"
        raise ArquivoInvalido(f"Não foi possível ler o CSV na linha {leitor.line_num}: {motivo}.") from None


def ler_xlsx(dados: bytes, *, prazo: Prazo | None = None, **limites) -> tablib.Dataset:
    """Primeira aba do XLSX (a da esquerda, não a ativa), com os valores calculados das fórmulas.

    A ativa é a que estava aberta quando o arquivo foi salvo: o modelo para baixar salvo com a aba
    "Instruções" à vista importaria as instruções. As linhas vêm do leitor de XML do openpyxl
    (``read_only``), célula por célula como estão no arquivo (``_linhas_da_folha``): as dimensões
    gravadas e as lacunas entre células não viram células vazias, e uma planilha que declara
    ``A1:XFD1048576`` ou tem uma célula solta em XFD não faz o openpyxl criar 16 mil colunas vazias
    por linha. Os limites de ``_conjunto`` e o ``prazo`` são conferidos enquanto as linhas chegam."""
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
        return _conjunto(_linhas_da_folha(livro, folha), prazo=prazo, **limites)
    except ArquivoInvalido:
        raise
    except Exception:
        raise ArquivoInvalido(
            "Não foi possível ler a planilha XLSX: há células ou fórmulas que o leitor não entende. "
            "Salve o arquivo de novo como “Pasta de trabalho do Excel (.xlsx)”."
        ) from None
    finally:
        livro.close()


def _linhas_da_folha(livro, folha):
    """(número da linha, valores até a última célula preenchida) de cada ``<row>`` do XML da aba,
    pelo ``WorkSheetParser`` do openpyxl — o mesmo que ``ReadOnlyWorksheet._cells_by_row`` usa, sem
    o preenchimento das lacunas (docs/TECNICO.md §1.8). Uma célula preenchida além de
    ``MAXIMO_DE_COLUNAS`` chega como uma linha longa e é recusada por ``_conjunto``."""
    from openpyxl.worksheet._reader import WorkSheetParser

    with folha._get_source() as fonte:
        leitor = WorkSheetParser(
            fonte,
            folha._shared_strings,
            data_only=True,
            epoch=livro.epoch,
            date_formats=livro._date_formats,
            timedelta_formats=livro._timedelta_formats,
        )
        for numero, celulas in leitor.parse():
            preenchidas = [c for c in celulas if not _vazia(c["value"])]
            if not preenchidas:
                yield numero, ()
                continue
            ultima = max(c["column"] for c in preenchidas)
            if ultima > MAXIMO_DE_COLUNAS:
                raise ArquivoInvalido(
                    f"A linha {numero} tem {ultima} colunas; uma planilha de inscrições tem no máximo "
                    f"{MAXIMO_DE_COLUNAS}. Apague as colunas que sobram à direita."
                )
            valores = [None] * ultima
            for celula in preenchidas:
                valores[celula["column"] - 1] = celula["value"]
            yield numero, valores


def _vazia(valor) -> bool:
    return valor is None or (isinstance(valor, str) and not valor.strip())


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
            if tipos and "xl/workbook.xml" in nomes:
                _conferir_descompactado(pacote, itens, compactado=len(dados))
    except ArquivoInvalido:
        raise
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


_LINHA_NO_XML = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?row[\s/>]")
_CELULA_NO_XML = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?c[\s/>]")
_BLOCO = 1024 * 1024


def _conferir_descompactado(pacote: zipfile.ZipFile, itens, *, compactado: int) -> None:
    """Descompacta cada arquivo de dentro do zip contando os bytes que saem de verdade (o tamanho
    declarado no zip é o que uma "bomba" falsifica), até ``MAXIMO_DESCOMPACTADO`` no total. Nas abas,
    conta também as células (``<c>``) e as linhas (``<row>``) de cada bloco de 1 MB: um bloco com mais
    de ``MAXIMO_DE_CELULAS_POR_LINHA`` células por linha que começa nele tem uma linha que não é de
    planilha do Excel — e que o leitor de XML montaria inteira na memória antes de entregá-la."""
    total = 0
    for item in itens:
        aba = item.filename.startswith("xl/worksheets/") and item.filename.endswith(".xml")
        with pacote.open(item) as membro:
            while bloco := membro.read(_BLOCO):
                total += len(bloco)
                if total > MAXIMO_DESCOMPACTADO:
                    raise ArquivoInvalido(
                        f"A planilha descompactada passa de {_bytes(MAXIMO_DESCOMPACTADO)} (o limite; o arquivo "
                        f"enviado tem {_bytes(compactado)} compactado): apague as linhas e colunas "
                        "vazias ou divida o arquivo."
                    )
                if aba:
                    celulas = len(_CELULA_NO_XML.findall(bloco))
                    if celulas > MAXIMO_DE_CELULAS_POR_LINHA * (len(_LINHA_NO_XML.findall(bloco)) + 1):
                        raise ArquivoInvalido(
                            f"A planilha tem uma linha com mais de {_milhar(MAXIMO_DE_CELULAS_POR_LINHA)} células "
                            "(as colunas de uma planilha do Excel): não é um arquivo salvo pelo Excel ou pelo "
                            "LibreOffice. Salve-o de novo como “Pasta de trabalho do Excel (.xlsx)”."
                        )


def formato_do_arquivo(nome: str):
    """``CSVBrasil`` ou ``XLSXBrasil`` pela extensão do nome; ``ArquivoInvalido`` para as outras."""
    extensao = PurePath(nome or "").suffix.lower()
    formatos = {".csv": CSVBrasil, ".xlsx": XLSXBrasil}
    if extensao not in formatos:
        raise ArquivoInvalido(f"Envie um arquivo .csv ou .xlsx (o arquivo enviado é {extensao or 'sem extensão'}).")
    return formatos[extensao]


def ler_arquivo(
    nome: str,
    dados: bytes,
    *,
    maximo_de_linhas: int = MAXIMO_DE_LINHAS,
    prazo_em_segundos: float | None = None,
    prazo: Prazo | None = None,
    so_o_comeco: int | None = None,
) -> tablib.Dataset:
    """O conjunto de um arquivo enviado, lido uma vez só, depois de conferir extensão, tamanho e
    conteúdo; ``ArquivoInvalido`` com a mensagem se algo não serve. A leitura para em
    ``maximo_de_linhas`` linhas de dados (``ArquivoGrandeParaATela`` abaixo do máximo geral) e em
    ``prazo_em_segundos`` (``Prazo``; ou no ``prazo`` dado, o de um trabalho maior que a leitura); com
    ``so_o_comeco``, lê só o cabeçalho e essas linhas."""
    formato = formato_do_arquivo(nome)
    conferir_tamanho(len(dados))
    if not dados.strip():
        raise ArquivoInvalido("O arquivo está vazio.")
    conjunto = formato().create_dataset(
        dados, prazo=prazo or Prazo(prazo_em_segundos), maximo_de_linhas=maximo_de_linhas, so_o_comeco=so_o_comeco
    )
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


def _prazo_na_tela() -> Prazo:
    """O prazo de quem lê sem dizer outro: as telas do admin (a prévia e a confirmação da biblioteca)."""
    return Prazo(settings.PRAZO_DA_LEITURA_NA_TELA)


class CSVBrasil(CSV):
    """CSV da banca (``;`` ou ``,``; UTF-8, UTF-8 com BOM ou Windows-1252) e CSV para o Excel-BR.

    Binário para o admin: ele guarda os bytes como vieram e a decodificação fica em ``ler_csv``.
    """

    def is_binary(self):
        return True

    def get_read_mode(self):
        return "rb"

    def create_dataset(self, in_stream, *, prazo=None, maximo_de_linhas=MAXIMO_DE_LINHAS, so_o_comeco=None, **kwargs):
        if isinstance(in_stream, bytes):
            conferir_csv(in_stream)
        limites = {"maximo_de_linhas": maximo_de_linhas, "so_o_comeco": so_o_comeco}
        return ler_csv(in_stream, prazo=prazo or _prazo_na_tela(), **limites)

    def export_data(self, dataset, **kwargs):
        return escrever_csv(dataset.headers or [], list(dataset))


class XLSXBrasil(XLSX):
    """XLSX lido com a numeração de linhas da planilha e escrito sem fórmulas executáveis."""

    def create_dataset(self, in_stream, *, prazo=None, maximo_de_linhas=MAXIMO_DE_LINHAS, so_o_comeco=None, **kwargs):
        limites = {"maximo_de_linhas": maximo_de_linhas, "so_o_comeco": so_o_comeco}
        return ler_xlsx(in_stream, prazo=prazo or _prazo_na_tela(), **limites)

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
