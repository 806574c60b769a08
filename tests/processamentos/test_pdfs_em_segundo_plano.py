"""PDFs do resultado de cada cargo desenhados pelos trabalhadores, guardados na pasta privada e
entregues pelo admin a quem vê resultados, com o registro de acesso."""

import io

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from concursos import services
from concursos.models import AcessoADadosSensiveis, Processamento
from concursos.papeis import RH, configurar_papeis
from concursos.segundo_plano import pedidos, tarefas
from tests.concursos import fabricas

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def edital_com_resultados():
    rh = fabricas.usuario("autor")
    edital = fabricas.edital(cargos=(("A", "Agente", 1), ("B", "Bombeiro", 1)))
    for cargo in edital.cargos.all():
        fabricas.inscricao(cargo, f"{cargo.codigo}-1", "80", nome=f"Pessoa do cargo {cargo.codigo}")
    services.gerar_resultados_do_edital(edital, por=rh)
    return edital


def test_um_pdf_por_cargo_na_pasta_privada_entregue_a_quem_ve_resultados(edital_com_resultados):
    edital = edital_com_resultados
    pedido = pedidos.pedir_pdfs(edital, por=fabricas.usuario("rh"))
    call_command("db_worker", "--batch", "--interval", "0", verbosity=0)

    pedido.refresh_from_db()
    assert pedido.estado == Processamento.CONCLUIDO
    assert sorted(p["arquivo"] for p in pedido.saida["partes"].values()) == ["A-v1.pdf", "B-v1.pdf"]

    usuario = fabricas.usuario("rita")
    usuario.groups.add(configurar_papeis()[RH])
    cliente = Client()
    cliente.force_login(usuario)
    ficha = cliente.get(reverse("admin:concursos_processamento_change", args=[pedido.pk])).content.decode()
    cargo_a = edital.cargos.get(codigo="A")
    endereco = reverse("concursos:pdf_do_processamento", args=[pedido.pk, cargo_a.pk])
    assert endereco in ficha

    resposta = cliente.get(endereco)
    assert resposta["Content-Type"] == "application/pdf"
    texto = "".join(
        pagina.extract_text() for pagina in PdfReader(io.BytesIO(b"".join(resposta.streaming_content))).pages
    )
    assert "Pessoa do cargo A" in texto and "Pessoa do cargo B" not in texto
    assert AcessoADadosSensiveis.objects.filter(usuario=usuario, o_que="pdf_resultado").count() == 1


def test_pdf_de_outro_cargo_ou_de_parte_nao_feita_e_404(edital_com_resultados):
    edital = edital_com_resultados
    pedido = pedidos.pedir_pdfs(edital, por=fabricas.usuario("rh"))
    cliente = Client()
    cliente.force_login(fabricas.usuario("raiz", superusuario=True))
    cargo = edital.cargos.first()
    assert cliente.get(reverse("concursos:pdf_do_processamento", args=[pedido.pk, cargo.pk])).status_code == 404
    assert cliente.get(reverse("concursos:pdf_do_processamento", args=[pedido.pk, 999999])).status_code == 404


def test_parte_repetida_nao_desenha_de_novo(edital_com_resultados):
    edital = edital_com_resultados
    pedido = pedidos.pedir_pdfs(edital, por=fabricas.usuario("rh"))
    call_command("db_worker", "--batch", "--interval", "0", verbosity=0)
    cargo = edital.cargos.get(codigo="A")
    assert tarefas.pdf_do_cargo.call(pedido.pk, cargo.pk) == "nada a fazer"


def test_pdfs_sem_resultado_gerado_sao_recusados_antes_de_ir_para_a_fila():
    edital = fabricas.edital(cargos=(("A", "Agente", 1),))
    with pytest.raises(pedidos.PedidoRecusado, match="Gere o resultado antes: os cargos A"):
        pedidos.pedir_pdfs(edital, por=fabricas.usuario("rh"))
    assert not Processamento.objects.exists()
