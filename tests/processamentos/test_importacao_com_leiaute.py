"""O arquivo da banca, com os cabeçalhos dela, importado em segundo plano com um leiaute salvo: o
mapeamento vai com o pedido, o trabalhador o aplica antes de conferir o cabeçalho, e o resultado é
o mesmo da prévia da tela com o mesmo mapeamento."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from comum import planilhas
from concursos.importacao import mapeamento as mapa
from concursos.importacao.recurso import InscricaoResource
from concursos.models import Inscricao, Processamento
from concursos.papeis import RH, configurar_papeis
from concursos.segundo_plano import pedidos
from tests.concursos import fabricas
from tests.conftest import DADOS

pytestmark = pytest.mark.django_db(transaction=True)

PROPRIOS = DADOS / "importacao" / "banca-cabecalhos-proprios-cp1252.csv"
CARGOS = (("ASG", "Auxiliar de Serviços Gerais", 3), ("GM", "Guarda Municipal", 2))


def trabalhar():
    call_command("db_worker", "--batch", "--interval", "0", verbosity=0)


def conjunto():
    return planilhas.ler_arquivo(PROPRIOS.name, PROPRIOS.read_bytes())


def test_leiaute_da_banca_no_segundo_plano_conta_o_mesmo_que_a_previa_da_tela():
    rh = fabricas.usuario("rita")
    edital = fabricas.edital(criado_por=rh, cargos=CARGOS, desempate=["nota:conhecimentos_especificos", "idade"])
    leiaute = mapa.salvar_leiaute("Instituto Exemplo", "inscrições", mapa.sugestao(conjunto(), edital), rh)
    escolha = mapa.sugestao(conjunto(), edital, leiaute.colunas)
    previa = conjunto()
    mapa.aplicar(previa, escolha)
    na_tela = InscricaoResource(edital=edital).import_data(previa, dry_run=True)
    assert not na_tela.has_errors() and not na_tela.has_validation_errors()

    pedido = pedidos.pedir_importacao(
        edital, SimpleUploadedFile(PROPRIOS.name, PROPRIOS.read_bytes()), por=rh, mapeamento=escolha
    )
    trabalhar()

    pedido.refresh_from_db()
    assert pedido.estado == Processamento.CONCLUIDO, pedido.erros
    assert pedido.saida["novas"] == na_tela.totals["new"] == 7
    assert Inscricao.objects.get(numero="2025-0104").cargo.codigo == "GM"  # "GUARDA MUNICIPAL", pelo nome


def test_erro_no_segundo_plano_cita_o_cabecalho_da_banca():
    rh = fabricas.usuario("rita")
    edital = fabricas.edital(criado_por=rh, cargos=CARGOS, desempate=["nota:conhecimentos_especificos", "idade"])
    conteudo = PROPRIOS.read_bytes().replace(b"14/03/1961", b"31/02/1961")

    pedido = pedidos.pedir_importacao(
        edital,
        SimpleUploadedFile(PROPRIOS.name, conteudo),
        por=rh,
        mapeamento=mapa.sugestao(conjunto(), edital),
    )
    trabalhar()

    pedido.refresh_from_db()
    assert pedido.estado == Processamento.FALHOU
    assert pedido.erros[0]["mensagem"].startswith("Linha 2, coluna “Data de Nascimento” (D), valor “31/02/1961”:")
    assert not Inscricao.objects.exists()


def test_tela_do_segundo_plano_pede_o_leiaute_para_o_arquivo_da_banca_e_o_manda_com_o_pedido(client):
    rh = fabricas.usuario("rita")
    rh.groups.add(configurar_papeis()[RH])
    client.force_login(rh)
    edital = fabricas.edital(criado_por=rh, cargos=CARGOS, desempate=["nota:conhecimentos_especificos", "idade"])
    url = reverse("concursos:importar_em_segundo_plano")

    def enviar(**extra):
        return client.post(
            url, {"edital": edital.pk, "arquivo": SimpleUploadedFile(PROPRIOS.name, PROPRIOS.read_bytes()), **extra}
        )

    sem_leiaute = enviar()
    assert "não são os do modelo de planilha: escolha o leiaute da banca" in sem_leiaute.content.decode()
    assert not Processamento.objects.exists()

    # Um leiaute antigo: as sugestões completam os campos, mas a coluna que ninguém reconhece não é
    # ignorada em silêncio; e um leiaute que tira o CPF não serve.
    antigo = mapa.salvar_leiaute("Instituto Exemplo", "antigo", {"Nome do Candidato": "nome", "CPF": "ignorar"}, rh)
    recusado = enviar(leiaute=antigo.pk).content.decode()
    assert "não serve a este arquivo: coluna I “Conhecimentos Básicos”: escolha um campo ou “ignorar”" in recusado
    assert "faltam os campos obrigatórios: “CPF” (cpf)" in recusado
    assert not Processamento.objects.exists()

    completo = mapa.salvar_leiaute("Instituto Exemplo", "inscrições", mapa.sugestao(conjunto(), edital), rh)
    enviar(leiaute=completo.pk)
    trabalhar()

    pedido = Processamento.objects.get()
    assert pedido.parametros["mapeamento"]["Nome do Candidato"] == "nome"
    assert pedido.estado == Processamento.CONCLUIDO and pedido.saida["novas"] == 7
