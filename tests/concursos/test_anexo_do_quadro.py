"""O Anexo I (quadro de vagas) como um município o publica: cabeçalho institucional, colunas do cargo,
notas de cadastro de reserva, bloco de assinatura e o código de verificação do rodapé, conferido na
página pública. Os PDFs são lidos pelo texto extraído com pypdf, como em ``test_pdf.py``."""

import io
import logging
import re
import struct
import zlib
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from comum.exibicao import FUSO
from concursos.models import Instituicao
from concursos.pdf import textos
from concursos.pdf.quadro_de_vagas import codigo_do_quadro, codigo_legivel, quadro_de_vagas_pdf
from tests.imagens_dos_pdfs import DEITADA, EM_PE, conferir_documento
from tests.pdf_acessivel import conferir_pdf_acessivel

from .fabricas import edital, inscricao, usuario
from .test_admin import com_permissoes

pytestmark = pytest.mark.django_db

ESPACOS = re.compile(r"\s+")


@pytest.fixture(autouse=True)
def relogio_do_anexo(monkeypatch):
    monkeypatch.setattr(textos, "agora", lambda: datetime(2025, 3, 11, 1, 30, tzinfo=UTC).astimezone(FUSO))


def texto(conteudo: bytes) -> str:
    return ESPACOS.sub(" ", "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(conteudo)).pages))


def codigo_antigo(edital) -> str:
    """O código que os anexos impressos antes do registro dos atos traziam no rodapé: os 16 primeiros
    dígitos do SHA-256 dos dados do quadro (a verificação ainda os confere contra o quadro atual)."""
    return codigo_legivel(codigo_do_quadro(edital))


def png_de_um_pixel() -> bytes:
    def bloco(tipo: bytes, dados: bytes) -> bytes:
        return struct.pack(">I", len(dados)) + tipo + dados + struct.pack(">I", zlib.crc32(tipo + dados))

    cabecalho = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + bloco(b"IHDR", cabecalho)
        + bloco(b"IDAT", zlib.compress(b"\x00\x00\x66\xcc"))
        + bloco(b"IEND", b"")
    )


@pytest.fixture
def edital_da_guarda():
    """Guarda com 35 vagas e Veterinário com 1 (0 negros, 0 PcD), assinado pela secretária."""
    criado = edital(cargos=(("GM", "Guarda Municipal", 35), ("VET", "Veterinário", 1)))
    criado.signatario_nome = "Maria da Penha Souza"
    criado.signatario_funcao = "Secretária Municipal de Gestão"
    criado.save()
    return criado


# ---------------------------------------------------------------- o documento


def test_anexo_tem_o_titulo_o_edital_e_o_cabecalho_padrao_da_prefeitura(edital_da_guarda):
    conteudo = texto(quadro_de_vagas_pdf(edital_da_guarda))
    assert "ANEXO I — Quadro de vagas" in conteudo
    assert "Edital nº 1/2025 — Concurso público de teste" in conteudo
    # O nome do órgão sai em versais (folha de estilo): o texto extraído vem em maiúsculas.
    assert "PREFEITURA MUNICIPAL DE CARIACICA" in conteudo.upper()
    assert "ESTADO DO ESPÍRITO SANTO" in conteudo.upper()


def test_anexo_usa_o_cabecalho_institucional_configurado_com_o_brasao(edital_da_guarda):
    Instituicao.objects.create(
        orgao="Prefeitura Municipal de Viana",
        secretaria="Secretaria Municipal de Administração",
        local="Viana/ES",
        brasao=png_de_um_pixel(),
        brasao_tipo="image/png",
    )
    conteudo = quadro_de_vagas_pdf(edital_da_guarda)
    lido = texto(conteudo).upper()
    assert "PREFEITURA MUNICIPAL DE VIANA" in lido and "CARIACICA" not in lido.split("ANEXO I")[0]
    assert "SECRETARIA MUNICIPAL DE ADMINISTRAÇÃO" in lido
    assert "VIANA/ES, 10 DE MARÇO DE 2025." in lido
    assert len(PdfReader(io.BytesIO(conteudo)).pages[0].images) == 1


def test_bloco_de_assinatura_tem_nome_funcao_local_e_data_por_extenso(edital_da_guarda):
    conteudo = texto(quadro_de_vagas_pdf(edital_da_guarda))
    assert "Cariacica/ES, 10 de março de 2025. Maria da Penha Souza Secretária Municipal de Gestão" in conteudo


def test_colunas_de_requisitos_carga_e_vencimento_so_aparecem_quando_preenchidas(edital_da_guarda):
    sem = quadro_de_vagas_pdf(edital_da_guarda)
    assert "Requisitos" not in texto(sem) and "Carga horária" not in texto(sem) and "Vencimento" not in texto(sem)
    assert PdfReader(io.BytesIO(sem)).pages[0].mediabox.width < PdfReader(io.BytesIO(sem)).pages[0].mediabox.height

    edital_da_guarda.cargos.filter(codigo="GM").update(
        requisitos="Ensino médio completo e CNH categoria B.",
        carga_horaria="40 h semanais",
        vencimento=Decimal("3512.4"),
    )
    com = quadro_de_vagas_pdf(edital_da_guarda)
    conteudo = texto(com)
    assert "Cargo Requisitos Carga horária Vencimento Vagas Ampla concorrência Negros PcD" in conteudo
    assert "Ensino médio completo e CNH categoria B. 40 h semanais R$ 3.512,40 35 26 7 2" in conteudo
    pagina = PdfReader(io.BytesIO(com)).pages[0].mediabox
    assert pagina.width > pagina.height  # com os requisitos, A4 deitada: a tabela cabe na página


def test_regime_federal_com_todas_as_colunas_deixa_o_cargo_legivel():
    criado = edital(regime="federal-15142-2025", cargos=(("ADM", "Assistente administrativo", 40),))
    criado.cargos.update(requisitos="Ensino médio.", carga_horaria="40 h semanais", vencimento=Decimal("2100"))
    conteudo = texto(quadro_de_vagas_pdf(criado))
    assert "ADM — Assistente administrativo" in conteudo
    assert "Pretos e pardos Indígenas Quilombolas PcD" in conteudo


def test_so_carga_e_vencimento_cabem_na_folha_em_pe(edital_da_guarda):
    edital_da_guarda.cargos.filter(codigo="VET").update(carga_horaria="20 h semanais", vencimento=Decimal("7000"))
    conteudo = quadro_de_vagas_pdf(edital_da_guarda)
    assert "Cargo Carga horária Vencimento Vagas" in texto(conteudo)
    assert "20 h semanais R$ 7.000,00 1 1 0 0" in texto(conteudo)
    pagina = PdfReader(io.BytesIO(conteudo)).pages[0].mediabox
    assert pagina.width < pagina.height


def test_cargo_de_uma_vaga_tem_a_nota_de_cadastro_de_reserva_de_negros_e_de_pcd(edital_da_guarda):
    conteudo = texto(quadro_de_vagas_pdf(edital_da_guarda))
    veterinario = conteudo[conteudo.index("Veterinário 1 1 0 0") : conteudo.index("Total")]
    assert re.search(r"Negros: cadastro de reserva — com menos de 3 vagas ofertadas.* \(Art\. 1º, §3º\)", veterinario)
    assert re.search(
        r"PcD: cadastro de reserva — com 1 vaga ofertada, nenhuma reservada.* \(Art\. 1º, §3º\)", veterinario
    )
    # A guarda, com 7 vagas de negros e 2 de PcD, não é cadastro de reserva de grupo nenhum.
    assert conteudo.count(": cadastro de reserva —") == 2


def test_a_previa_nao_traz_codigo_de_verificacao_e_avisa_em_cada_pagina_que_nao_se_publica(edital_da_guarda):
    """Antes do registro, a ficha do edital oferece a prévia do quadro de hoje: sem código (o código é
    o do ato registrado; um código calculado dos dados deixaria de conferir quando o quadro mudasse)."""
    edital_da_guarda.cargos.update(requisitos="Ensino médio completo e carteira de habilitação. " * 30)
    folhas = [
        ESPACOS.sub(" ", p.extract_text()) for p in PdfReader(io.BytesIO(quadro_de_vagas_pdf(edital_da_guarda))).pages
    ]
    assert len(folhas) > 1
    for folha in folhas:
        assert "PRÉVIA — NÃO PUBLICAR" in folha
        assert "Prévia sem código de verificação: o código é emitido quando o Anexo I é registrado" in folha
        assert "Código de verificação:" not in folha and codigo_antigo(edital_da_guarda) not in folha
    assert "SHA-256" not in " ".join(folhas) and "JSON canônico" not in " ".join(folhas)


def test_os_dados_do_quadro_mudam_com_as_condicoes_do_cargo_e_nao_com_cabecalho_nem_assinatura(edital_da_guarda):
    """É o que decide se o Anexo I precisa de um ato novo (``services.registrar_anexo_i``)."""
    antes = codigo_do_quadro(edital_da_guarda)
    Instituicao.objects.create(orgao="Outro órgão")
    edital_da_guarda.signatario_nome = "Outra pessoa"
    edital_da_guarda.save()
    assert codigo_do_quadro(edital_da_guarda) == antes
    edital_da_guarda.cargos.filter(codigo="GM").update(vencimento=Decimal("3000"))
    assert codigo_do_quadro(edital_da_guarda) != antes


# ---------------------------------------------------------------- a página pública de verificação


def verificar(codigo: str):
    return Client().get(reverse("concursos:verificar_documento"), {"codigo": codigo})


def test_verificacao_sem_login_acha_o_edital_do_codigo_impresso(edital_da_guarda):
    inscricao(edital_da_guarda.cargos.get(codigo="GM"), "N1", 80, nome="Joana Candidata")
    edital(numero=2, cargos=(("ADM", "Assistente", 10),))
    codigo = codigo_antigo(edital_da_guarda)
    resposta = verificar(codigo)
    pagina = resposta.content.decode()
    assert resposta.status_code == 200
    assert "O código confere" in pagina
    assert "Anexo I — Quadro de vagas" in pagina and "Edital nº 1/2025 — Concurso público de teste" in pagina
    assert "publicado em 10/03/2025" in pagina
    assert "GM — Guarda Municipal" in pagina and "Edital nº 2/2025" not in pagina
    assert "Joana Candidata" not in pagina  # nenhum dado pessoal


def test_verificacao_aceita_o_codigo_em_maiusculas_e_sem_hifens(edital_da_guarda):
    codigo = codigo_antigo(edital_da_guarda)
    assert "O código confere" in verificar(codigo.replace("-", " ").upper()).content.decode()


@pytest.mark.parametrize("codigo", ["0000-0000-0000-0000", "abc", "'; drop table x; --", "g" * 16])
def test_verificacao_recusa_codigo_errado(edital_da_guarda, codigo):
    resposta = verificar(codigo)
    assert resposta.status_code == 200
    assert "O código não confere" in resposta.content.decode()
    assert "Guarda Municipal" not in resposta.content.decode()


def test_codigo_de_um_anexo_antigo_nao_confere_depois_de_mudarem_as_vagas(edital_da_guarda):
    codigo = codigo_antigo(edital_da_guarda)
    edital_da_guarda.cargos.filter(codigo="VET").update(vagas=2)
    assert "O código não confere" in verificar(codigo).content.decode()


def test_pagina_de_verificacao_sem_codigo_so_mostra_o_formulario():
    pagina = verificar("").content.decode()
    assert 'name="codigo"' in pagina and "confere" not in pagina


# ---------------------------------------------------------------- o admin


def test_rh_edita_requisitos_carga_e_vencimento_na_linha_do_cargo_e_no_cargo(client, edital_da_guarda):
    client.force_login(usuario("chefe", superusuario=True))
    ficha = client.get(reverse("admin:concursos_edital_change", args=[edital_da_guarda.pk])).content.decode()
    for campo in ("requisitos", "carga_horaria", "vencimento"):
        assert f'name="cargos-0-{campo}"' in ficha
    assert 'name="signatario_nome"' in ficha and 'name="signatario_funcao"' in ficha
    cargo = edital_da_guarda.cargos.get(codigo="VET")
    resposta = client.post(
        reverse("admin:concursos_cargo_change", args=[cargo.pk]),
        {"codigo": "VET", "nome": "Veterinário", "vagas": "1", "requisitos": "Medicina veterinária e CRMV.",
         "carga_horaria": "20 h semanais", "vencimento": "8500,00"},
    )  # fmt: skip
    assert resposta.status_code == 302
    cargo.refresh_from_db()
    assert (cargo.requisitos, cargo.carga_horaria, cargo.vencimento) == (
        "Medicina veterinária e CRMV.",
        "20 h semanais",
        Decimal("8500.00"),
    )


def dados_da_instituicao(**campos):
    return {"orgao": "Prefeitura Municipal de Cariacica", "estado": "Estado do Espírito Santo", "secretaria": "",
            "local": "Cariacica/ES"} | campos  # fmt: skip


def test_rh_envia_o_brasao_em_png_e_o_admin_recusa_o_que_nao_e_imagem(client):
    client.force_login(com_permissoes("rh", "add_instituicao", "change_instituicao", "view_instituicao"))
    url = reverse("admin:concursos_instituicao_add")
    falso = SimpleUploadedFile("brasao.png", b"MZ\x90\x00 executavel", content_type="image/png")
    resposta = client.post(url, dados_da_instituicao(arquivo_do_brasao=falso))
    assert resposta.status_code == 200 and "O brasão tem de ser uma imagem PNG ou SVG." in resposta.content.decode()
    assert not Instituicao.objects.exists()

    png = SimpleUploadedFile("brasao.png", png_de_um_pixel(), content_type="image/png")
    assert client.post(url, dados_da_instituicao(arquivo_do_brasao=png)).status_code == 302
    instituicao = Instituicao.objects.get()
    assert bytes(instituicao.brasao) == png_de_um_pixel() and instituicao.brasao_tipo == "image/png"
    # Um registro só: incluído uma vez, depois só se altera.
    assert client.get(url).status_code == 403


def test_brasao_svg_com_recurso_externo_nao_faz_o_pdf_buscar_nada(edital_da_guarda, caplog):
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="http://exemplo.invalid/x.png"/></svg>'
    Instituicao.objects.create(brasao=svg, brasao_tipo="image/svg+xml")
    with caplog.at_level(logging.WARNING, logger="weasyprint"):
        conteudo = quadro_de_vagas_pdf(edital_da_guarda)
    assert "ANEXO I" in texto(conteudo)
    assert "Recurso recusado no PDF: http://exemplo.invalid/x.png" in caplog.text


def test_anexo_e_um_pdf_marcado_com_titulo_e_idioma_para_o_leitor_de_tela(edital_da_guarda):
    conferir_pdf_acessivel(quadro_de_vagas_pdf(edital_da_guarda), "Anexo I — Quadro de vagas — ")


def _palavras(pagina) -> list[tuple[str, float, float, float]]:
    """(palavra, esquerda, direita, topo) de cada palavra impressa, pela ordem do texto da página."""
    palavras, atual = [], []
    for caractere in pagina.caracteres:
        if atual and caractere.indice != atual[-1].indice + 1:
            palavras.append(atual)
            atual = []
        atual.append(caractere)
    palavras.append(atual)
    return [("".join(c.texto for c in p), p[0].esquerda, max(c.direita for c in p), p[0].topo) for p in palavras if p]


@pytest.mark.parametrize(
    ("regime", "campos", "orientacao", "titulos"),
    [
        (
            "federal-15142-2025",
            {"requisitos": "Ensino médio.", "carga_horaria": "40 h semanais", "vencimento": Decimal("2100")},
            DEITADA,
            ["Vagas", "concorrência", "pardos", "Indígenas", "Quilombolas", "PcD"],
        ),
        ("cariacica-2023", {"carga_horaria": "40 h semanais", "vencimento": Decimal("2100")}, EM_PE, ["Vencimento"]),
    ],
)
def test_titulos_das_colunas_cabem_na_coluna_com_todas_as_colunas_opcionais(regime, campos, orientacao, titulos):
    """Com quatro grupos e as três colunas opcionais, cada título cabe na sua coluna: a palavra não
    passa da borda direita da coluna (onde termina o número alinhado à direita embaixo dela) nem
    quebra no meio; e a página passa nas conferências da imagem (docs/TECNICO.md §2.6)."""
    criado = edital(regime=regime, cargos=(("ADM", "Assistente administrativo", 40),))
    criado.cargos.update(**campos)
    conteudo = quadro_de_vagas_pdf(criado)
    pagina = conferir_documento(conteudo, f"anexo-i-{regime}-colunas-opcionais", orientacao=orientacao)[0]
    palavras = _palavras(pagina)
    total = next(p for p in palavras if p[0] == "Total")
    numeros_do_total = [p for p in palavras if p[3] == pytest.approx(total[3], abs=0.5) and p[0].isdigit()]
    cabecalho = {p[0]: p for p in palavras if p[3] < total[3] and p[0] in titulos}
    assert set(cabecalho) == set(titulos), cabecalho  # nenhum título quebrado no meio
    for titulo in titulos:
        if titulo == "Vencimento":  # coluna de texto: a borda é o início da coluna seguinte (Vagas)
            borda = cabecalho["Vencimento"][2] < next(p for p in palavras if p[0] == "Vagas")[1]
            assert borda, titulo
            continue
        # O número do total embaixo do título: o que termina mais perto à direita do começo do título.
        abaixo = min((n for n in numeros_do_total if n[2] > cabecalho[titulo][1]), key=lambda n: n[2])
        assert cabecalho[titulo][2] <= abaixo[2] + 0.3, (titulo, cabecalho[titulo], abaixo)
    assert "40 h semanais" in texto(conteudo)  # o valor da carga horária também não quebra
