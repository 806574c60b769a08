"""Cada documento que os editais da demonstração produzem, baixado pelas telas como o RH e o auditor
o baixam, com cada página desenhada em PNG (``test-results/documentos/``) e conferida
como imagem por ``tests/imagens_dos_pdfs.py``: A4 em pé ou deitada, sem página em branco, com o
cabeçalho e o rodapé em toda página, nada passando da margem e nenhum texto por cima de outro. O
conteúdo de cada documento é conferido pelo texto nos testes de cada um (``tests/concursos/test_pdf.py``
e vizinhos); aqui, só o bastante para saber que a página desenhada é a do documento certo."""

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from concursos import services as servicos_de_concursos
from concursos.consultas.provimentos import convocados
from concursos.diario_oficial import DiarioOficial
from concursos.models import AtoDeConvocacao, Cargo, Edital, Resultado
from heteroidentificacao import services as servicos_da_comissao
from heteroidentificacao.models import Chamado, Comissao, ProcessoDeApuracao, Sessao
from tests.imagens_dos_pdfs import DEITADA, EM_PE, conferir_documento

pytestmark = pytest.mark.django_db

EDICAO_DO_DIARIO_OFICIAL = "2.345"
FUNDAMENTACAO = "Pele clara e cabelo liso observados no procedimento, sem os traços do fenótipo negro."
GRAVACAO = "https://arquivos.cariacica.test/heteroidentificacao/demo-sessao.mp4"
SHA256_DA_GRAVACAO = "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae"


@pytest.fixture(scope="module")
def demo_com_a_guarda_de_2020_publicada(demo_do_modulo):
    """A demonstração, com a última versão do Guarda Municipal de 2020 (depois da desistência, da não
    posse, das vagas adicionais e do recurso) publicada no Diário Oficial; montada uma vez para o
    módulo (``dados_do_modulo``, em ``tests/conftest.py``)."""
    ultimo = Resultado.objects.filter(cargo__edital__ano=2020).order_by("-versao").first()
    if ultimo.status != Resultado.PUBLICADO:
        diario_oficial = DiarioOficial(EDICAO_DO_DIARIO_OFICIAL, timezone.localdate(), "7")
        servicos_de_concursos.publicar_resultado(ultimo, por=ultimo.gerado_por, diario_oficial=diario_oficial)


@pytest.fixture
def editais_da_demo(demo_com_a_guarda_de_2020_publicada):
    return Edital.objects.order_by("ano", "numero")


def quem(username: str) -> Client:
    cliente = Client()
    cliente.force_login(get_user_model().objects.get(username=username))
    return cliente


def baixar(cliente: Client, url: str) -> bytes:
    resposta = cliente.get(url)
    assert resposta.status_code == 200, f"{url}: {resposta.status_code} {resposta.get('Location', '')}"
    assert resposta["Content-Type"] == "application/pdf", url
    return resposta.content


def texto(conteudo: bytes) -> str:
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(io.BytesIO(conteudo)).pages))


def sigla(edital: Edital) -> str:
    return f"edital-{edital.numero}-{edital.ano}"


# ---------------------------------------------------------------- concursos


def test_o_anexo_i_de_cada_edital_da_demo_sai_em_a4_em_pe(editais_da_demo):
    rh = quem("rh")
    for edital in editais_da_demo:
        conteudo = baixar(rh, reverse("concursos:quadro_de_vagas_pdf", args=[edital.pk]))
        conferir_documento(conteudo, f"anexo-i-{sigla(edital)}", orientacao=EM_PE)
        assert "ANEXO I — Quadro de vagas" in texto(conteudo)


def test_com_os_requisitos_dos_cargos_o_anexo_i_sai_em_a4_deitada(editais_da_demo):
    edital = editais_da_demo.get(numero=1, ano=2025)
    requisitos = (
        "Ensino superior completo na área do cargo, com diploma registrado no MEC, registro ativo no conselho "
        "de classe e carteira nacional de habilitação categoria B.\nDisponibilidade para trabalho em escala."
    )
    edital.cargos.update(requisitos=requisitos, carga_horaria="40 horas semanais", vencimento="4321.09")
    conteudo = baixar(quem("rh"), reverse("concursos:quadro_de_vagas_pdf", args=[edital.pk]))
    conferir_documento(conteudo, f"anexo-i-{sigla(edital)}-com-requisitos", orientacao=DEITADA)
    assert "Requisitos" in texto(conteudo)


def test_o_resultado_de_cada_edital_da_demo_sai_em_a4_em_pe_e_o_publicado_cita_o_diario_oficial(editais_da_demo):
    rh = quem("rh")
    textos = {}
    for edital in editais_da_demo:
        conteudo = baixar(rh, reverse("concursos:resultado_pdf", args=[edital.pk]))
        conferir_documento(conteudo, f"resultado-{sigla(edital)}", orientacao=EM_PE)
        textos[edital.ano] = texto(conteudo)
    assert f"Publicado no Diário Oficial do Município, edição {EDICAO_DO_DIARIO_OFICIAL}, de" in textos[2020]
    assert "PROVISÓRIO" in textos[2025]


def test_o_edital_de_convocacao_de_todos_os_convocados_da_guarda_de_2020_sai_em_a4_em_pe(editais_da_demo):
    cargo = Cargo.objects.get(edital__ano=2020, codigo="GM")
    rh = quem("rh")
    url = reverse("concursos:publicar_convocacao", args=[cargo.pk])
    dados = {
        "numero": "7/2021",
        "data": "01/04/2021",
        "local": "Secretaria Municipal de Administração, Av. Mário Gurgel, 2502, Alto Lage, Cariacica/ES",
        "inscricoes": [str(c.inscricao.pk) for c in convocados(cargo)],
    }
    conferida = rh.post(url, dados).context["conferida"]  # o primeiro passo: conferir o que fica público
    resposta = rh.post(url, {**dados, "impressao": conferida.impressao, "confirmar": "1"})
    assert resposta.status_code == 302, resposta.content.decode()[:2000]
    ato = AtoDeConvocacao.objects.get(cargo=cargo, numero="7/2021")
    conteudo = baixar(rh, reverse("concursos:ato_de_convocacao_pdf", args=[ato.pk]))
    conferir_documento(conteudo, f"convocacao-7-2021-{sigla(cargo.edital)}-gm", orientacao=EM_PE)
    assert "EDITAL DE CONVOCAÇÃO Nº 7/2021" in texto(conteudo)


def test_o_relatorio_de_prestacao_de_contas_publico_de_cada_edital_sai_em_a4_deitada(editais_da_demo):
    """Deitada: as tabelas têm até 11 colunas, cada uma com a largura do seu título."""
    auditor = quem("auditor")
    for edital in editais_da_demo:
        conteudo = baixar(auditor, reverse("heteroidentificacao:prestacao_de_contas_pdf", args=[edital.pk]))
        nome = f"prestacao-de-contas-{sigla(edital)}-publica"
        conferir_documento(conteudo, nome, orientacao=DEITADA)
        assert "Versão pública" in texto(conteudo)


# ---------------------------------------------------------------- heteroidentificação


def julgar_a_sessao_da_demo() -> Sessao:
    """A presidente abre a sessão da demonstração; o primeiro chamado falta, o segundo não é
    confirmado (1 a 4) e os outros são confirmados (5 a 0); a presidente encerra."""
    sessao = Sessao.objects.get(comissao__edital__ano=2025, comissao__tipo=Comissao.ORDINARIA)
    presidente = get_user_model().objects.get(username="presidente")
    servicos_da_comissao.abrir_sessao(sessao, por=presidente)
    servicos_da_comissao.registrar_gravacao(sessao, referencia=GRAVACAO, sha256=SHA256_DA_GRAVACAO, por=presidente)
    votantes = get_user_model().objects.filter(username__in=["presidente", "membro1", "membro2", "membro3", "membro4"])
    for indice, chamado in enumerate(sessao.chamados.order_by("pk")):
        chamado = servicos_da_comissao.registrar_presenca(chamado, compareceu=indice != 0, por=presidente)
        if indice == 0:
            continue
        for votante in votantes:
            voto = "nao_confirma" if indice == 1 and votante.username != "presidente" else "confirma"
            fundamentacao = FUNDAMENTACAO if voto == "nao_confirma" else ""
            servicos_da_comissao.registrar_parecer(chamado, por=votante, voto=voto, fundamentacao=fundamentacao)
        if indice == 1:  # a não confirmação traz o parecer motivado da comissão (docs/REGRAS.md §10)
            servicos_da_comissao.registrar_parecer_da_comissao(chamado, texto=FUNDAMENTACAO, por=presidente)
    return servicos_da_comissao.encerrar_sessao(sessao, por=presidente)


def declaracao_falsa_constatada(chamado: Chamado, rh) -> ProcessoDeApuracao:
    processo = servicos_da_comissao.instaurar_apuracao(
        chamado.inscricao, numero="PA 2025/31", fatos="Denúncia de declaração falsa, com fotos.", por=rh
    )
    servicos_da_comissao.notificar(processo, por=rh)
    servicos_da_comissao.registrar_defesa(processo, texto="O candidato reafirma a autodeclaração.", por=rh)
    servicos_da_comissao.decidir_apuracao(processo, decisao="procedente", fundamentacao="Má-fé comprovada.", por=rh)
    return processo


def test_os_documentos_da_heteroidentificacao_da_demo_saem_em_a4_em_pe(editais_da_demo):
    sessao = julgar_a_sessao_da_demo()
    assert sessao.chamados.count() >= 3, "a demonstração chama ao menos três candidatos pendentes"
    rh = quem("rh")
    nao_confirmado, confirmado = sessao.chamados.order_by("pk")[1:3]
    processo = declaracao_falsa_constatada(confirmado, get_user_model().objects.get(username="rh"))
    documentos = {
        "lista-de-convocacao": reverse("admin:heteroidentificacao_sessao_convocacao_pdf", args=[sessao.pk]),
        "ata": reverse("admin:heteroidentificacao_sessao_ata_pdf", args=[sessao.pk]),
        "pareceres": reverse("admin:heteroidentificacao_chamado_parecer_pdf", args=[nao_confirmado.pk]),
        "resultado-preliminar": reverse("admin:heteroidentificacao_comissao_resultado_pdf", args=[sessao.comissao_id]),
        "oficio-ao-ministerio-publico": reverse("admin:heteroidentificacao_processo_oficio_pdf", args=[processo.pk]),
    }
    for nome, url in documentos.items():
        conferir_documento(baixar(rh, url), f"heteroidentificacao-{nome}-edital-1-2025", orientacao=EM_PE)
