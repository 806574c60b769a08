"""Arquivos enviados: só os tipos e tamanhos esperados, guardados fora de static, nunca servidos.

- Importação de inscrições: só ``.csv`` e ``.xlsx``, até ``LIMITE_DE_IMPORTACAO_MB``, com o conteúdo
  conferido (um XLSX é um zip OOXML sem macros nem "bomba" de descompressão; um CSV é texto), e a
  mensagem em português no formulário antes de qualquer gravação.
- Entre a prévia e a confirmação a planilha fica na pasta privada ``MEDIA_ROOT`` (``MediaStorage``,
  docs/TECNICO.md §1.1), com permissão só do dono, e nenhuma URL a serve; a confirmação a apaga, e
  ``manage.py limpar_importacoes`` apaga as prévias abandonadas.
- Os campos escondidos da confirmação voltam do navegador: formato, recurso e nome do arquivo
  adulterados dão erro no formulário, nunca 500 nem leitura de outro arquivo.
- Simulador: só ``.json`` até 5 MB.
"""

import io
import os
import re
import stat
import time
import zipfile
from html import unescape
from pathlib import Path

import pytest
from django.conf import settings as configuracao
from django.contrib.auth.models import Permission
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from comum import planilhas
from comum.cpf import completar_cpf
from concursos.importacao.temporarios import armazenamento_temporario, limpar_importacoes_abandonadas
from concursos.models import Inscricao
from tests.concursos.fabricas import edital, usuario

pytestmark = pytest.mark.django_db

CABECALHO = ["inscricao", "cpf", "nome", "cargo", "nota"]


def linhas(quantas=2):
    return [[f"U-{i}", completar_cpf(f"{200000000 + i:09d}"), f"Candidata {i}", "GM", "70,5"] for i in range(quantas)]


def csv_valido(quantas=2) -> bytes:
    return planilhas.escrever_csv(CABECALHO, linhas(quantas))


def xlsx_valido(quantas=2) -> bytes:
    return planilhas.escrever_xlsx(CABECALHO, linhas(quantas))


def zip_com(arquivos: dict[str, bytes]) -> bytes:
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as pacote:
        for nome, conteudo in arquivos.items():
            pacote.writestr(nome, conteudo)
    return saida.getvalue()


def trocar_no_xlsx(dados: bytes, nome: str, trocar) -> bytes:
    """O mesmo XLSX com o arquivo ``nome`` de dentro do zip alterado por ``trocar``."""
    with zipfile.ZipFile(io.BytesIO(dados)) as original:
        conteudo = {item: original.read(item) for item in original.namelist()}
    conteudo[nome] = trocar(conteudo[nome])
    return zip_com(conteudo)


@pytest.fixture
def pasta_privada(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "arquivos_privados"
    return settings.MEDIA_ROOT


@pytest.fixture
def edital_de_um_cargo():
    return edital(cargos=(("GM", "Guarda Municipal", 5),))


@pytest.fixture
def cliente_de_quem_importa(client):
    pessoa = usuario("rh_uploads")
    codigos = ["view_inscricao", "import_inscricao"]
    pessoa.user_permissions.add(*Permission.objects.filter(codename__in=codigos, content_type__app_label="concursos"))
    client.force_login(pessoa)
    return client


def enviar(client, edital_, nome, conteudo, formato="0"):
    arquivo = SimpleUploadedFile(nome, conteudo, content_type="application/octet-stream")
    dados = {"edital": edital_.pk, "resource": "0", "format": formato, "import_file": arquivo}
    return client.post(reverse("admin:concursos_inscricao_import"), dados)


def erros_do_arquivo(resposta) -> list[str]:
    form = resposta.context["form"]
    return [unescape(str(e)) for e in form.errors.get("import_file", [])]


def arquivos_guardados(pasta) -> list[Path]:
    return sorted(p for p in Path(pasta).rglob("*") if p.is_file())


# ------------------------------------------------------------------ configuração


def test_pasta_privada_fica_fora_de_static_e_nao_tem_url():
    privada = Path(configuracao.MEDIA_ROOT).resolve()
    publicas = [Path(configuracao.STATIC_ROOT), *map(Path, configuracao.STATICFILES_DIRS)]
    for publica in publicas:
        publica = publica.resolve()
        assert publica != privada and publica not in privada.parents and privada not in publica.parents
    assert configuracao.MEDIA_URL in ("", "/")  # sem MEDIA_URL: nenhuma rota serve a pasta
    assert configuracao.IMPORT_EXPORT_TMP_STORAGE_CLASS == "import_export.tmp_storages.MediaStorage"
    assert "arquivos_privados/" in (Path(configuracao.BASE_DIR) / ".gitignore").read_text().splitlines()


def test_limites_de_envio_sao_os_configurados():
    assert configuracao.LIMITE_DE_IMPORTACAO_MB == 20
    assert configuracao.FILE_UPLOAD_MAX_MEMORY_SIZE == 20 * 1024 * 1024  # nada da planilha passa pelo /tmp
    assert configuracao.DATA_UPLOAD_MAX_MEMORY_SIZE <= 2_621_440
    assert configuracao.FILE_UPLOAD_PERMISSIONS == 0o600


# ------------------------------------------------------------------ armazenamento privado


def test_previa_guarda_a_planilha_na_pasta_privada_so_para_o_dono_e_a_confirmacao_apaga(
    cliente_de_quem_importa, edital_de_um_cargo, pasta_privada
):
    previa = enviar(cliente_de_quem_importa, edital_de_um_cargo, "banca.csv", csv_valido())

    assert previa.status_code == 200 and "confirm_form" in previa.context
    (guardado,) = arquivos_guardados(pasta_privada)
    assert guardado.parent.name == "django-import-export" and re.fullmatch(r"[0-9a-f]{32}", guardado.name)
    assert stat.S_IMODE(guardado.stat().st_mode) == 0o600
    assert stat.S_IMODE(guardado.parent.stat().st_mode) == 0o700
    assert b"Candidata 1" in guardado.read_bytes()

    confirmacao = previa.context["confirm_form"].initial
    resposta = cliente_de_quem_importa.post(reverse("admin:concursos_inscricao_process_import"), confirmacao)

    assert resposta.status_code == 302 and Inscricao.objects.count() == 2
    assert arquivos_guardados(pasta_privada) == []


def test_previa_e_confirmacao_em_processos_diferentes_leem_o_mesmo_arquivo(
    cliente_de_quem_importa, edital_de_um_cargo, pasta_privada
):
    """O MediaStorage guarda em disco, não no cache do processo: outro worker do gunicorn (com o
    cache vazio) confirma a prévia feita neste."""
    previa = enviar(cliente_de_quem_importa, edital_de_um_cargo, "banca.xlsx", xlsx_valido())
    cache.clear()
    confirmacao = previa.context["confirm_form"].initial
    cliente_de_quem_importa.post(reverse("admin:concursos_inscricao_process_import"), confirmacao)
    assert Inscricao.objects.count() == 2


def test_a_pasta_privada_nao_e_servida_por_nenhuma_url(
    cliente_de_quem_importa, edital_de_um_cargo, pasta_privada, client
):
    enviar(cliente_de_quem_importa, edital_de_um_cargo, "banca.csv", csv_valido())
    (guardado,) = arquivos_guardados(pasta_privada)
    relativo = guardado.relative_to(pasta_privada).as_posix()
    client.force_login(usuario("superusuario_curioso", superusuario=True))
    for url in (
        f"/{relativo}",
        f"/media/{relativo}",
        f"/arquivos_privados/{relativo}",
        f"/static/{relativo}",
        f"/static/../arquivos_privados/{relativo}",
        f"/admin/{relativo}",
    ):
        resposta = client.get(url, follow=True)
        assert b"Candidata 1" not in b"".join(getattr(resposta, "streaming_content", [resposta.content])), url


def test_previa_com_erros_deixa_o_arquivo_e_o_comando_o_apaga_depois_de_n_horas(
    cliente_de_quem_importa, edital_de_um_cargo, pasta_privada
):
    com_erro = planilhas.escrever_csv(CABECALHO, [["1", "123", "Ana", "GM", "sete"]])
    resposta = enviar(cliente_de_quem_importa, edital_de_um_cargo, "banca.csv", com_erro)
    assert "confirm_form" not in resposta.context
    (abandonado,) = arquivos_guardados(pasta_privada)
    enviar(cliente_de_quem_importa, edital_de_um_cargo, "outra.csv", csv_valido())
    recente = next(p for p in arquivos_guardados(pasta_privada) if p != abandonado)
    ha_dois_dias = time.time() - 48 * 3600
    os.utime(abandonado, (ha_dois_dias, ha_dois_dias))

    saida = io.StringIO()
    call_command("limpar_importacoes", "--horas", "24", stdout=saida)

    assert "1 arquivo(s) de importação com mais de 24 h apagado(s)." in saida.getvalue()
    assert arquivos_guardados(pasta_privada) == [recente]
    assert limpar_importacoes_abandonadas(0) == [recente.name]


def test_limpar_importacoes_sem_pasta_nao_falha(pasta_privada):
    saida = io.StringIO()
    call_command("limpar_importacoes", stdout=saida)
    assert "0 arquivo(s)" in saida.getvalue()


def test_confirmacao_com_campos_escondidos_adulterados_da_erro_no_formulario(
    cliente_de_quem_importa, edital_de_um_cargo, pasta_privada
):
    previa = enviar(cliente_de_quem_importa, edital_de_um_cargo, "banca.csv", csv_valido())
    confirmacao = previa.context["confirm_form"].initial
    outro = armazenamento_temporario()[1]
    adulteracoes = {
        "import_file_name": ["../../config/settings.py", "/etc/passwd", "0" * 32, "", "\x00", outro],
        "format": ["abc", "99", "-1", ""],
        "resource": ["7", "x"],
        "edital": ["0", "abc", "9" * 400],
    }
    for campo, valores in adulteracoes.items():
        for valor in valores:
            resposta = cliente_de_quem_importa.post(
                reverse("admin:concursos_inscricao_process_import"), {**confirmacao, campo: valor}
            )
            assert resposta.status_code == 200, (campo, valor)
            assert resposta.context["confirm_form"].errors, (campo, valor)
    assert Inscricao.objects.count() == 0
    assert len(arquivos_guardados(pasta_privada)) == 1


def test_confirmacao_depois_da_limpeza_pede_para_enviar_de_novo(
    cliente_de_quem_importa, edital_de_um_cargo, pasta_privada
):
    previa = enviar(cliente_de_quem_importa, edital_de_um_cargo, "banca.csv", csv_valido())
    limpar_importacoes_abandonadas(0)
    resposta = cliente_de_quem_importa.post(
        reverse("admin:concursos_inscricao_process_import"), previa.context["confirm_form"].initial
    )
    assert resposta.status_code == 200
    assert "A prévia desta importação expirou ou já foi confirmada" in unescape(resposta.content.decode())


# ------------------------------------------------------------------ tipo e tamanho


XLSX_COM_MACROS = trocar_no_xlsx(
    xlsx_valido(), "[Content_Types].xml", lambda xml: xml.replace(b"sheet.main+xml", b"sheet.macroEnabled.main+xml")
)
RECUSADOS = {
    "extensão .xls": (
        "banca.xls",
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 512,
        "Envie um arquivo .csv ou .xlsx",
    ),
    "extensão .txt": ("banca.txt", b"a;b\n1;2\n", "Envie um arquivo .csv ou .xlsx"),
    "sem extensão": ("banca", b"a;b\n1;2\n", "sem extensão"),
    "programa renomeado": ("banca.exe", b"MZ\x90\x00", "Envie um arquivo .csv ou .xlsx"),
    "xlsm renomeado": ("banca.xlsx", XLSX_COM_MACROS, "Planilhas com macros não são aceitas"),
    "xls antigo renomeado": ("banca.xlsx", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 512, ".xls antiga"),
    "CSV chamado de xlsx": ("banca.xlsx", csv_valido(), "não é uma planilha XLSX"),
    "docx renomeado": (
        "banca.xlsx",
        zip_com({"[Content_Types].xml": b"<Types/>", "word/document.xml": b"<w/>"}),
        "xl/workbook.xml",
    ),
    "zip corrompido": ("banca.xlsx", xlsx_valido()[:200], "corrompido"),
    "XLSX chamado de csv": ("banca.csv", xlsx_valido(), "é um arquivo compactado"),
    "PDF chamado de csv": ("banca.csv", b"%PDF-1.7\n...", "é um PDF"),
    "imagem chamada de csv": ("banca.csv", b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "é uma imagem"),
    "texto com bytes nulos": ("banca.csv", b"inscricao;cpf\n1;\x002\n", "UTF-16 ou não é texto"),
    "CSV em UTF-16": ("banca.csv", "inscricao;cpf\n1;2\n".encode("utf-16"), "UTF-16"),
    "binário qualquer": ("banca.csv", bytes(range(1, 32)) * 100, "não parece texto"),
    "vazio": ("banca.csv", b"", "vazio"),
    "só espaços": ("banca.csv", b"  \r\n \r\n", "O arquivo está vazio"),
    "só o cabeçalho": ("banca.csv", ";".join(CABECALHO).encode(), "só tem o cabeçalho"),
    "coluna demais": ("banca.csv", b"inscricao;cpf\n" + b";" * 100_000 + b"x\n", "colunas"),
    "célula gigante": ("banca.csv", b'inscricao;nome\n1;"' + b"x" * 200_000 + b'"\n', "passa de 131072 caracteres"),
}


@pytest.mark.parametrize(("nome", "conteudo", "mensagem"), RECUSADOS.values(), ids=RECUSADOS.keys())
def test_arquivo_que_nao_e_csv_nem_xlsx_de_verdade_e_recusado_antes_de_ser_guardado(
    cliente_de_quem_importa, edital_de_um_cargo, pasta_privada, nome, conteudo, mensagem
):
    resposta = enviar(cliente_de_quem_importa, edital_de_um_cargo, nome, conteudo)

    assert resposta.status_code == 200
    erros = erros_do_arquivo(resposta)
    assert any(mensagem in erro for erro in erros), erros
    assert arquivos_guardados(pasta_privada) == []


def test_arquivo_acima_do_limite_e_recusado_com_o_tamanho_e_o_limite(
    cliente_de_quem_importa, edital_de_um_cargo, pasta_privada, settings
):
    settings.LIMITE_DE_IMPORTACAO_MB = 1
    grande = csv_valido() + b"\r\n" * (1024 * 1024)

    resposta = enviar(cliente_de_quem_importa, edital_de_um_cargo, "banca.csv", grande)

    assert erros_do_arquivo(resposta) == ["O arquivo tem 2,0 MB; o limite é 1 MB. Divida-o em arquivos menores."]
    assert arquivos_guardados(pasta_privada) == []


def test_xlsx_que_descompacta_demais_e_recusado(
    cliente_de_quem_importa, edital_de_um_cargo, pasta_privada, monkeypatch
):
    monkeypatch.setattr(planilhas, "MAXIMO_DESCOMPACTADO", 10_000)
    bomba = trocar_no_xlsx(xlsx_valido(), "xl/workbook.xml", lambda xml: xml + b" " * 50_000)

    resposta = enviar(cliente_de_quem_importa, edital_de_um_cargo, "banca.xlsx", bomba)

    assert any("descompactada passa de" in erro for erro in erros_do_arquivo(resposta))


def test_xlsx_que_declara_um_milhao_de_linhas_e_16_mil_colunas_e_lido_pelo_que_tem(
    cliente_de_quem_importa, edital_de_um_cargo, pasta_privada
):
    declarado = trocar_no_xlsx(
        xlsx_valido(),
        "xl/worksheets/sheet1.xml",
        lambda xml: re.sub(rb'<dimension ref="[^"]*"\s*/>', b'<dimension ref="A1:XFD1048576"/>', xml),
    )
    inicio = time.monotonic()
    resposta = enviar(cliente_de_quem_importa, edital_de_um_cargo, "banca.xlsx", declarado)
    assert time.monotonic() - inicio < 10
    assert "confirm_form" in resposta.context


def test_formato_e_o_do_conteudo_mesmo_com_a_escolha_errada_na_lista(
    cliente_de_quem_importa, edital_de_um_cargo, pasta_privada
):
    previa = enviar(
        cliente_de_quem_importa, edital_de_um_cargo, "banca.xlsx", xlsx_valido(), formato="0"
    )  # 0 = CSV na lista
    assert "confirm_form" in previa.context
    cliente_de_quem_importa.post(
        reverse("admin:concursos_inscricao_process_import"), previa.context["confirm_form"].initial
    )
    assert Inscricao.objects.count() == 2


def test_nenhuma_leitura_de_arquivo_deixa_escapar_excecao_que_nao_seja_arquivo_invalido():
    for nome, conteudo, _ in RECUSADOS.values():
        with pytest.raises(planilhas.ArquivoInvalido):
            planilhas.conferir_arquivo(nome, conteudo)
    assert planilhas.conferir_arquivo("BANCA.XLSX", xlsx_valido()) is planilhas.XLSXBrasil
    assert planilhas.conferir_arquivo("banca.csv", csv_valido()) is planilhas.CSVBrasil


# ------------------------------------------------------------------ simulador


def simular(client, nome, conteudo):
    client.force_login(usuario("rh_simulador"))
    arquivo = SimpleUploadedFile(nome, conteudo, content_type="application/json")
    return client.post(reverse("concursos:simulador"), {"arquivo": arquivo})


@pytest.mark.parametrize("nome", ["cenario.txt", "cenario.json.exe", "cenario", "cenario.xlsx"])
def test_simulador_so_aceita_json(client, nome):
    resposta = simular(client, nome, b'{"vagas": 1}')
    assert resposta.status_code == 200
    assert "Envie o cenário como um arquivo .json" in unescape(resposta.content.decode())


def test_simulador_aceita_json_com_extensao_maiuscula(client):
    cenario = b'{"vagas": 1, "edital": {"desempate": []}, "candidatos": [{"inscricao": "1", "nota": "9"}]}'
    resposta = simular(client, "CENARIO.JSON", cenario)
    assert resposta.status_code == 200 and "resultado" in resposta.context
