"""Arquivo grande da banca importado em segundo plano: o RH envia, o trabalhador confere e grava
(tudo ou nada), a ficha mostra o resumo ou os erros por linha, coluna e valor."""

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from concursos.models import Inscricao, Processamento
from concursos.papeis import RH, configurar_papeis
from concursos.segundo_plano import produtos
from tests.concursos import fabricas

pytestmark = pytest.mark.django_db(transaction=True)

CABECALHO = "Inscrição;CPF;Nome;Data de Nascimento;Cargo;Cor/Raça;Negros;PcD;Nota;Situação"


@pytest.fixture
def cliente_da_rita():
    usuario = fabricas.usuario("rita")
    usuario.groups.add(configurar_papeis()[RH])
    cliente = Client()
    cliente.force_login(usuario)
    return cliente


def arquivo_da_banca(quantidade: int, *, nota_da_linha=None) -> bytes:
    linhas = [CABECALHO]
    for i in range(1, quantidade + 1):
        nota = (nota_da_linha or {}).get(i, f"{50 + i % 50},5")
        linhas.append(
            f"2025-{i:05d};{fabricas.cpf_valido()};Pessoa {i};01/02/1990;GM;Parda;Sim;Não;{nota};Classificado"
        )
    return "\n".join(linhas).encode("cp1252")


def enviar(cliente, edital, conteudo: bytes, nome="banca.csv"):
    return cliente.post(
        reverse("concursos:importar_em_segundo_plano"),
        {"edital": edital.pk, "arquivo": SimpleUploadedFile(nome, conteudo)},
        follow=True,
    )


def trabalhar():
    call_command("db_worker", "--batch", "--interval", "0", verbosity=0)


def test_arquivo_enviado_e_importado_pelo_trabalhador_e_o_arquivo_sai_da_pasta(cliente_da_rita):
    edital = fabricas.edital(cargos=(("GM", "Guarda Municipal", 5),))
    resposta = enviar(cliente_da_rita, edital, arquivo_da_banca(2500))
    pedido = Processamento.objects.get()
    assert "Importação de inscrições do edital" in resposta.content.decode()
    assert (pedido.tipo, pedido.estado, pedido.unidade) == (Processamento.IMPORTACAO, Processamento.NA_FILA, "linhas")
    guardado = pedido.parametros["arquivo"]
    assert guardado.startswith(produtos.PASTA_DAS_IMPORTACOES + "/") and default_storage.exists(guardado)
    assert not Inscricao.objects.exists()

    trabalhar()

    pedido.refresh_from_db()
    assert pedido.estado == Processamento.CONCLUIDO
    assert (pedido.feitos, pedido.total) == (2500, 2500)
    assert pedido.saida["novas"] == 2500 and pedido.saida["arquivo"] == "banca.csv"
    assert Inscricao.objects.filter(edital=edital).count() == 2500
    assert not default_storage.exists(guardado)  # planilha com CPF não fica guardada à toa
    pagina = cliente_da_rita.get(reverse("admin:concursos_processamento_change", args=[pedido.pk])).content.decode()
    assert "Inscrições novas: 2500" in pagina


def test_erro_numa_linha_nao_grava_nada_e_a_ficha_diz_linha_coluna_e_valor(cliente_da_rita):
    edital = fabricas.edital(cargos=(("GM", "Guarda Municipal", 5),))
    enviar(cliente_da_rita, edital, arquivo_da_banca(1200, nota_da_linha={1057: "oitenta"}))
    trabalhar()

    pedido = Processamento.objects.get()
    assert pedido.estado == Processamento.FALHOU
    assert not Inscricao.objects.exists()
    assert len(pedido.erros) == 1
    mensagem = pedido.erros[0]["mensagem"]
    # A linha 1 é o cabeçalho: a inscrição 1057 está na linha 1058.
    assert "1058" in mensagem and "Nota" in mensagem and "oitenta" in mensagem
    pagina = cliente_da_rita.get(reverse("admin:concursos_processamento_change", args=[pedido.pk])).content.decode()
    assert "oitenta" in pagina
    assert default_storage.exists(pedido.parametros["arquivo"])  # guardado para tentar de novo


def test_arquivo_que_nao_e_planilha_e_recusado_na_hora_sem_pedido(cliente_da_rita):
    edital = fabricas.edital(cargos=(("GM", "Guarda Municipal", 5),))
    resposta = enviar(cliente_da_rita, edital, b"%PDF-1.4 isto nao e planilha", nome="banca.csv")
    assert resposta.status_code == 200
    assert "errorlist" in resposta.content.decode()
    assert not Processamento.objects.exists()


def test_importacao_pela_tela_recusa_arquivo_grande_e_aponta_o_segundo_plano(cliente_da_rita, settings):
    settings.LIMITE_DE_LINHAS_NA_TELA = 100
    edital = fabricas.edital(cargos=(("GM", "Guarda Municipal", 5),))
    pagina = cliente_da_rita.get(reverse("admin:concursos_inscricao_import")).content.decode()
    assert reverse("concursos:importar_em_segundo_plano") in pagina

    resposta = cliente_da_rita.post(
        reverse("admin:concursos_inscricao_import"),
        {"edital": edital.pk, "resource": "0", "import_file": SimpleUploadedFile("banca.csv", arquivo_da_banca(101))},
    )
    assert (
        "O arquivo tem mais de 100 linhas; acima de 100 a importação é feita em segundo plano"
        in resposta.content.decode()
    )
    assert not Inscricao.objects.exists()

    resposta = cliente_da_rita.post(
        reverse("admin:concursos_inscricao_import"),
        {"edital": edital.pk, "resource": "0", "import_file": SimpleUploadedFile("banca.csv", arquivo_da_banca(100))},
    )
    assert "segundo plano:" not in resposta.content.decode()
    assert "confirm" in resposta.content.decode()  # a prévia, com o botão de confirmar


def test_limpar_importacoes_apaga_o_arquivo_de_importacao_que_falhou_mas_nao_o_da_fila(cliente_da_rita):
    edital = fabricas.edital(cargos=(("GM", "Guarda Municipal", 5),))
    enviar(cliente_da_rita, edital, arquivo_da_banca(3, nota_da_linha={2: "oitenta"}))
    trabalhar()  # falha: o arquivo fica guardado para tentar de novo
    falhou = Processamento.objects.get().parametros["arquivo"]
    outro = fabricas.edital(numero=2, cargos=(("GM", "Guarda Municipal", 5),))
    enviar(cliente_da_rita, outro, arquivo_da_banca(3))  # na fila, ainda não lido
    na_fila = Processamento.objects.get(edital=outro).parametros["arquivo"]

    call_command("limpar_importacoes", "--horas", "0")

    assert not default_storage.exists(falhou)
    assert default_storage.exists(na_fila)


def test_a_importacao_em_segundo_plano_vem_com_o_edital_de_onde_se_veio(cliente_da_rita):
    """Issue 29: da importação pela tela de um edital, o link leva o edital escolhido; a tela do
    segundo plano já o traz escolhido e, concluída a importação, a ficha leva às inscrições dele."""
    outro = fabricas.edital(numero=2, cargos=(("AG", "Agente", 1),))
    edital = fabricas.edital(cargos=(("GM", "Guarda Municipal", 5),))
    tela = cliente_da_rita.get(reverse("admin:concursos_inscricao_import") + f"?edital={edital.pk}").content.decode()
    assert f"{reverse('concursos:importar_em_segundo_plano')}?edital={edital.pk}" in tela
    resposta = cliente_da_rita.get(reverse("concursos:importar_em_segundo_plano") + f"?edital={edital.pk}")
    assert resposta.context["form"]["edital"].value() == edital.pk != outro.pk

    enviar(cliente_da_rita, edital, arquivo_da_banca(3))
    trabalhar()
    pedido = Processamento.objects.get()
    assert pedido.edital == edital
    ficha = cliente_da_rita.get(reverse("admin:concursos_processamento_change", args=[pedido.pk])).content.decode()
    assert f"{reverse('admin:concursos_inscricao_changelist')}?edital__id__exact={edital.pk}" in ficha
