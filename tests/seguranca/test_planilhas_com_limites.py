"""Planilhas lidas dentro de limites (issue 24, item 5): um XLSX de 806 KB que descompacta para
200 MB (abaixo do teto de então, 250 MB, somado pelo tamanho que o zip declara) prendeu um
trabalhador por mais de 180 s. Agora ``comum.planilhas`` conta os bytes que saem de verdade da
descompressão (teto de 100 MB), as células por linha no XML, as linhas, as colunas e o tamanho de
cada célula enquanto lê, e a leitura tem prazo (na tela e no segundo plano); a tela para de ler no
limite de linhas dela. Cada "bomba" é gerada aqui, pequena, e recusada depressa."""

import io
import time
import zipfile

import pytest

from comum import planilhas
from concursos.importacao.massa import importar_inscricoes
from concursos.importacao.resultado import ImportacaoRecusada
from tests.concursos.fabricas import edital, usuario
from tests.seguranca.test_uploads import CABECALHO, csv_valido, linhas, xlsx_valido

FOLHA = "xl/worksheets/sheet1.xml"
ABRE_A_FOLHA = b'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
FECHA_A_FOLHA = b"</sheetData></worksheet>"


def xlsx_com_a_folha(pedacos) -> bytes:
    """Um XLSX válido (o de ``xlsx_valido``) com a aba trocada pelos ``pedacos`` de XML, escritos aos
    poucos no zip (nada de 100 MB na memória)."""
    with zipfile.ZipFile(io.BytesIO(xlsx_valido())) as original:
        outros = {item: original.read(item) for item in original.namelist() if item != FOLHA}
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as pacote:
        for nome, conteudo in outros.items():
            pacote.writestr(nome, conteudo)
        with pacote.open(FOLHA, "w", force_zip64=True) as folha:
            folha.write(ABRE_A_FOLHA)
            for pedaco in pedacos:
                folha.write(pedaco)
            folha.write(FECHA_A_FOLHA)
    return saida.getvalue()


def linha_xml(numero: int, *valores: str) -> bytes:
    celulas = "".join(
        f'<c r="{planilhas.letra_da_coluna(i)}{numero}" t="inlineStr"><is><t>{v}</t></is></c>'
        for i, v in enumerate(valores)
    )
    return f'<row r="{numero}">{celulas}</row>'.encode()


def cabecalho_xml() -> bytes:
    return linha_xml(1, *CABECALHO)


def ler(dados: bytes, nome="banca.xlsx", **opcoes):
    inicio = time.monotonic()
    try:
        return planilhas.ler_arquivo(nome, dados, **opcoes)
    finally:
        assert time.monotonic() - inicio < 15, "a leitura deveria parar no limite, depressa"


def test_bomba_que_descompacta_para_120_mb_e_recusada_pelos_bytes_descompactados():
    espacos = b" " * (1024 * 1024)
    bomba = xlsx_com_a_folha([cabecalho_xml(), *([espacos] * 120)])
    assert len(bomba) < 1024 * 1024  # pequena: menos de 1 MB compactada

    with pytest.raises(planilhas.ArquivoInvalido) as recusa:
        ler(bomba)

    assert str(recusa.value).startswith("A planilha descompactada passa de 100 MB (o limite; o arquivo enviado tem")


def mentir_o_tamanho(dados: bytes, nome: str, tamanho: int) -> bytes:
    """O zip com o tamanho descompactado de ``nome`` trocado por ``tamanho`` no diretório central e
    no cabeçalho local (o que o ``zipfile`` e o ``infolist`` leem)."""
    dados = bytearray(dados)
    with zipfile.ZipFile(io.BytesIO(bytes(dados))) as pacote:
        local = pacote.getinfo(nome).header_offset
    dados[local + 22 : local + 26] = tamanho.to_bytes(4, "little")
    central = bytes(dados).find(b"PK\x01\x02")
    while bytes(dados[central + 46 : central + 46 + len(nome)]) != nome.encode():
        central = bytes(dados).find(b"PK\x01\x02", central + 4)
    dados[central + 24 : central + 28] = tamanho.to_bytes(4, "little")
    return bytes(dados)


def test_bomba_que_mente_o_tamanho_no_zip_nao_passa():
    """O zip declara 1 KB para uma aba de 5 MB: quem soma o tamanho declarado a deixaria passar."""
    with zipfile.ZipFile(io.BytesIO(xlsx_valido())) as original:
        conteudo = {item: original.read(item) for item in original.namelist()}
    conteudo[FOLHA] = ABRE_A_FOLHA + cabecalho_xml() + b" " * (5 * 1024 * 1024) + FECHA_A_FOLHA
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as pacote:
        for nome, dados in conteudo.items():
            pacote.writestr(nome, dados)
    bomba = mentir_o_tamanho(saida.getvalue(), FOLHA, 1024)
    with zipfile.ZipFile(io.BytesIO(bomba)) as pacote:
        assert pacote.getinfo(FOLHA).file_size == 1024

    with pytest.raises(planilhas.ArquivoInvalido, match="corrompido"):
        ler(bomba)


def test_linha_com_mais_celulas_que_as_colunas_do_excel_e_recusada_antes_de_ser_montada():
    celulas = b"<c/>" * 100_000
    with pytest.raises(planilhas.ArquivoInvalido, match=r"uma linha com mais de 16\.384 células"):
        ler(xlsx_com_a_folha([cabecalho_xml(), b'<row r="2">', celulas, b"</row>"]))


def test_celula_vazia_na_ultima_coluna_do_excel_nao_vira_16_mil_colunas_por_linha():
    corpo = [
        linha_xml(n, *dados)[: -len("</row>")] + f'<c r="XFD{n}" t="inlineStr"><is><t></t></is></c></row>'.encode()
        for n, dados in enumerate(linhas(3000), start=2)
    ]
    conjunto = ler(xlsx_com_a_folha([cabecalho_xml(), *corpo]))
    assert len(conjunto) == 3000 and conjunto.headers == CABECALHO


def test_celula_preenchida_alem_da_coluna_200_e_recusada_nomeando_a_linha():
    corpo = linha_xml(2, *linhas(1)[0])[: -len("</row>")] + b'<c r="XFD2"><v>1</v></c></row>'
    with pytest.raises(planilhas.ArquivoInvalido, match="A linha 2 tem 16384 colunas; .* no máximo 200"):
        ler(xlsx_com_a_folha([cabecalho_xml(), corpo]))


@pytest.mark.parametrize("formato", ["xlsx", "csv"])
def test_celula_com_mais_caracteres_que_o_excel_aceita_e_recusada_com_a_celula_e_o_limite(formato):
    dados = linhas(2)
    dados[1][2] = "x" * 40_000
    if formato == "xlsx":  # o openpyxl corta em 32.767 ao escrever: a aba é escrita à mão
        conteudo = xlsx_com_a_folha([cabecalho_xml(), linha_xml(2, *dados[0]), linha_xml(3, *dados[1])])
    else:
        conteudo = planilhas.escrever_csv(CABECALHO, dados)
    with pytest.raises(planilhas.ArquivoInvalido) as recusa:
        ler(conteudo, nome=f"banca.{formato}")
    assert str(recusa.value) == ("A célula C3 tem 40.000 caracteres; o limite é 32.767 (o de uma célula do Excel).")


@pytest.mark.parametrize("formato", ["xlsx", "csv"])
def test_a_tela_para_de_ler_no_limite_de_linhas_dela(formato):
    conteudo = xlsx_valido(3000) if formato == "xlsx" else csv_valido(3000)
    lidas = []
    original = planilhas._conferir_celulas

    def contar(numero, valores):
        lidas.append(numero)
        original(numero, valores)

    with pytest.MonkeyPatch.context() as troca:
        troca.setattr(planilhas, "_conferir_celulas", contar)
        with pytest.raises(planilhas.ArquivoGrandeParaATela) as recusa:
            ler(conteudo, nome=f"banca.{formato}", maximo_de_linhas=100)
    assert recusa.value.maximo == 100
    assert len(lidas) == 102  # o cabeçalho, as 100 linhas e a que passou do limite: o resto nem foi lido


@pytest.mark.parametrize("formato", ["xlsx", "csv"])
def test_leitura_que_passa_do_prazo_e_interrompida_com_o_limite_na_mensagem(formato):
    conteudo = xlsx_valido(2500) if formato == "xlsx" else csv_valido(2500)
    with pytest.raises(planilhas.ArquivoInvalido, match="A leitura do arquivo passou de 0 segundos"):
        ler(conteudo, nome=f"banca.{formato}", prazo_em_segundos=0)


PASSOU_DO_PRAZO = "A importação passou de {} segundos, o limite de uma importação em segundo plano"


@pytest.mark.django_db
def test_a_importacao_em_segundo_plano_tem_prazo_e_termina_com_a_mensagem(settings):
    settings.PRAZO_DA_LEITURA_EM_SEGUNDO_PLANO = 0
    edital_ = edital(cargos=(("GM", "Guarda Municipal", 5),))
    with pytest.raises(ImportacaoRecusada) as recusa:
        importar_inscricoes(edital_, csv_valido(2500), "banca.csv", por=usuario("rh_prazo"))
    assert recusa.value.mensagens[0].startswith(PASSOU_DO_PRAZO.format(0))
    assert "nada foi gravado" in recusa.value.mensagens[0]


class Relogio:
    """Um relógio parado que o teste adianta (nenhum teste dorme); ``passo``: quanto anda a cada
    leitura, depois de adiantado."""

    def __init__(self):
        self.agora, self.passo, self.leituras = 0.0, 0.0, 0

    def __call__(self) -> float:
        self.agora += self.passo
        self.leituras += 1
        return self.agora


@pytest.mark.django_db
def test_o_prazo_da_importacao_vale_tambem_para_a_conferencia_das_linhas():
    """A leitura do arquivo acaba dentro do prazo; o prazo passa na conferência (depois da linha
    1 000): a importação para ali, sem conferir o resto nem gravar nada."""
    from concursos.importacao.massa import prazo_da_importacao
    from concursos.models import Candidato, Inscricao

    relogio, avisos = Relogio(), []

    def progresso(feitos, total):
        avisos.append(feitos)
        relogio.agora = 601.0  # o prazo (600 s) passa aqui, na conferência das linhas

    edital_ = edital(cargos=(("GM", "Guarda Municipal", 5),))
    with pytest.raises(ImportacaoRecusada) as recusa:
        importar_inscricoes(
            edital_, csv_valido(2500), "banca.csv", por=usuario("rh_prazo"), progresso=progresso,
            prazo=prazo_da_importacao(600, relogio=relogio),
        )  # fmt: skip
    assert recusa.value.mensagens == [
        "A importação passou de 600 segundos, o limite de uma importação em segundo plano (leitura, conferência e "
        "gravação), e foi interrompida: nada foi gravado. Divida o arquivo em partes menores e importe cada uma."
    ]
    assert avisos == [1000]  # parou na linha seguinte ao aviso, sem conferir as outras 1 499
    assert not Inscricao.objects.exists() and not Candidato.objects.exists()


@pytest.mark.django_db
def test_o_prazo_que_passa_no_meio_da_gravacao_desfaz_os_lotes_ja_gravados():
    """Conferência inteira dentro do prazo; na gravação (lotes de 1 000), o primeiro lote de
    candidatos entra e o prazo passa antes do segundo: a transação é desfeita, nada fica."""
    from concursos.importacao.massa import prazo_da_importacao
    from concursos.models import Candidato, Inscricao

    relogio, gravados = Relogio(), []

    def progresso(feitos, total):
        if feitos == total:  # "linhas conferidas; gravando tudo numa transação"
            relogio.agora, relogio.passo, relogio.leituras = 599.5, 0.4, 0  # 599,9 no 1º lote; 600,3 no 2º

    original = Candidato.objects.bulk_create

    def contar(novos, *args, **kwargs):
        feitos = original(novos, *args, **kwargs)
        gravados.append(Candidato.objects.count())
        return feitos

    edital_ = edital(cargos=(("GM", "Guarda Municipal", 5),))
    with pytest.MonkeyPatch.context() as troca:
        troca.setattr(Candidato.objects, "bulk_create", contar)
        with pytest.raises(ImportacaoRecusada) as recusa:
            importar_inscricoes(
                edital_, csv_valido(2500), "banca.csv", por=usuario("rh_prazo"), progresso=progresso,
                prazo=prazo_da_importacao(600, relogio=relogio),
            )  # fmt: skip
    assert recusa.value.mensagens[0].startswith(PASSOU_DO_PRAZO.format(600))
    assert gravados == [1000] and relogio.leituras == 2  # o 1º lote foi gravado; o 2º, recusado
    assert not Candidato.objects.exists() and not Inscricao.objects.exists()  # desfeito


@pytest.mark.django_db
def test_a_tarefa_conta_o_prazo_desde_o_comeco_e_a_ficha_do_pedido_mostra_a_mensagem(settings):
    """O trabalhador de verdade não é preciso: a tarefa roda aqui (``call``), com o prazo zerado."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from concursos.models import Inscricao, Processamento
    from concursos.segundo_plano import pedidos, tarefas

    settings.PRAZO_DA_LEITURA_EM_SEGUNDO_PLANO = 0
    edital_ = edital(cargos=(("GM", "Guarda Municipal", 5),))
    pedido = pedidos.pedir_importacao(edital_, SimpleUploadedFile("banca.csv", csv_valido(20)), por=usuario("rh"))
    assert tarefas.importar_arquivo.call(pedido.pk) == "arquivo recusado"
    pedido.refresh_from_db()
    assert pedido.estado == Processamento.FALHOU
    mensagem = pedido.erros[0]["mensagem"]
    assert mensagem.startswith(PASSOU_DO_PRAZO.format(0)) and "nada foi gravado" in mensagem
    assert not Inscricao.objects.exists()
