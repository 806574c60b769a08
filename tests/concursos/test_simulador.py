"""Simulador de cotas para o RH: quadro de vagas (formulário A) e cenário completo (formulário B),
com o mesmo motor do comando ``simular_cotas``."""

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from tests.conftest import DADOS

from .fabricas import usuario
from .test_admin import texto

pytestmark = pytest.mark.django_db
URL = reverse("concursos:simulador")


@pytest.fixture
def cliente_do_rh(client):
    client.force_login(usuario("rh"))
    return client


def enviar(client, nome: str, conteudo: bytes):
    return client.post(URL, {"arquivo": SimpleUploadedFile(nome, conteudo, content_type="application/json")})


def test_simulador_exige_login_da_equipe(client):
    assert reverse("admin:login") in client.get(URL).url
    client.force_login(get_user_model().objects.create_user("publico", password="senha-de-teste-1"))
    assert reverse("admin:login") in client.get(URL).url


def test_quadro_de_35_vagas_no_simulador(cliente_do_rh):
    pagina = texto(cliente_do_rh.get(URL, {"vagas": 35, "regime": "cariacica-2023"}))
    assert "Vagas Ampla concorrência Negros PcD" in pagina
    assert "35 26 7 2 Negros: 3ª, 8ª, 13ª, 18ª, 23ª, 28ª, 33ª PcD: 5ª, 21ª" in pagina


def test_percentual_pcd_do_simulador_reproduz_a_guarda_de_2020(cliente_do_rh):
    pagina = texto(cliente_do_rh.get(URL, {"vagas": 50, "regime": "cariacica-2023", "percentual_pcd": "10"}))
    assert "50 35 10 5" in pagina


def test_cargo_com_duas_vagas_mostra_cadastro_de_reserva(cliente_do_rh):
    pagina = texto(cliente_do_rh.get(URL, {"vagas": 2, "regime": "cariacica-2023"}))
    assert "2 2 0 cadastro de reserva" in pagina


def test_formulario_do_quadro_com_vagas_invalidas_mostra_o_erro(cliente_do_rh):
    resposta = cliente_do_rh.get(URL, {"vagas": "-3", "regime": "cariacica-2023"})
    assert resposta.status_code == 200 and "maior ou igual a 0" in texto(resposta)


def test_cenario_enviado_mostra_o_mesmo_resultado_do_comando(cliente_do_rh):
    caminho = DADOS / "cenarios" / "desistencia-reservada.json"
    saida = io.StringIO()
    call_command("simular_cotas", str(caminho), stdout=saida)
    esperado = json.loads(saida.getvalue())
    resposta = enviar(cliente_do_rh, caminho.name, caminho.read_bytes())
    assert resposta.status_code == 200
    pagina = texto(resposta)
    for chamada in esperado["convocacoes"]:
        assert chamada["motivo"] in pagina
    assert "deixada por Z, desistente (Art. 3º, §2º)" in pagina
    assert "Evento 1: desistência (inscrição Z)" in pagina
    nomeados = pagina[pagina.index("Nomeados (situação") : pagina.index("Listas de classificação")]
    rotulos = {"ampla": "Ampla concorrência", "negros": "Negros", "pcd": "PcD"}
    assert nomeados.split("Vaga Observação ", 1)[1].strip() == " ".join(
        f"{n} {rotulos[v]}" for n, v in esperado["nomeados"]
    )


def test_cenario_com_verificacao_pendente_mostra_o_alerta_de_provisorio(cliente_do_rh):
    cenario = {
        "formato": "cotas-cenario/1",
        "vagas": 3,
        "edital": {"data_referencia_idade": "2025-04-10"},
        "candidatos": [
            {"inscricao": "1", "nota": "90"},
            {"inscricao": "2", "nota": "80", "cor_raca": "preta", "grupos": ["negros"]},
        ],
    }
    pagina = texto(enviar(cliente_do_rh, "c.json", json.dumps(cenario).encode()))
    assert (
        "Resultado PROVISÓRIO" in pagina
        and "Verificações pendentes (heteroidentificação ou avaliação PcD): 2" in pagina
    )


def test_json_invalido_mostra_a_mensagem_em_vermelho_sem_erro_500(cliente_do_rh):
    resposta = enviar(cliente_do_rh, "quebrado.json", b'{"vagas": 3,')
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert 'class="errornote"' in html and "JSON inválido na linha 1" in html


def test_cenario_recusado_pelo_motor_mostra_a_mensagem_do_motor(cliente_do_rh):
    cenario = {"formato": "cotas-cenario/1", "vagas": 5, "candidatos": [{"inscricao": "7", "nota": "dez"}]}
    resposta = enviar(cliente_do_rh, "c.json", json.dumps(cenario).encode())
    assert resposta.status_code == 200 and "Candidato 7: nota não numérica: 'dez'" in texto(resposta)


def test_arquivo_acima_de_5_mb_e_recusado(cliente_do_rh):
    resposta = enviar(cliente_do_rh, "grande.json", b" " * (5 * 1024 * 1024 + 1))
    assert resposta.status_code == 200 and "O arquivo passa de 5 MB" in texto(resposta)


def test_cenario_com_revisoes_mostra_o_mantido_o_sub_judice_e_quem_passou_das_vagas(cliente_do_rh):
    caminho = DADOS / "cenarios" / "nota-corrigida-por-decisao-judicial.json"
    pagina = texto(enviar(cliente_do_rh, caminho.name, caminho.read_bytes()))
    ordem = pagina[pagina.index("Ordem de convocação") : pagina.index("Registro de chamadas")]
    assert "3ª Negros C Ampla concorrência mantido pelo evento 1" in ordem
    assert "4ª — D Ampla concorrência além das 3 vagas — convocado por revisão; sub judice" in ordem
    listas = pagina[pagina.index("Listas de classificação") :]
    assert "4º D 92 sub judice; nota corrigida para 96 pelo evento 1" in listas
