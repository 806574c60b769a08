"""O formulário de evento acha a inscrição por busca (número, nome sem acentos, CPF), não numa lista
de milhares: as sugestões, o que o envio aceita e o que a confirmação mostra antes de gravar."""

import pytest
from django.db import connection
from django.db.models.functions import Substr
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from comum.cpf import mascarar_cpf
from concursos import services
from concursos.consultas.busca import buscar
from concursos.models import Candidato, Evento

from .fabricas import edital, inscricao, usuario
from .test_admin import com_permissoes, texto

pytestmark = pytest.mark.django_db

CPF_DA_CONCEICAO = "52998224725"


@pytest.fixture
def cargo(cargo):
    """O exemplo de docs/REGRAS.md §4 com nomes de verdade para buscar e o primeiro resultado."""
    inscricao(cargo, "1006", 99, nome="Maria da Conceição Araújo", grupos={"negros": "confirmado"})
    inscricao(cargo, "10060", 40, nome="José Antônio Pereira")
    inscricao(cargo, "2001", 30, nome="Marta Souza")
    Candidato.objects.filter(nome="Maria da Conceição Araújo").update(cpf=CPF_DA_CONCEICAO)
    services.gerar_resultado(cargo, por=usuario("autor"))
    return cargo


def numeros(cargo, digitado, **kwargs):
    return [i.numero for i in buscar(cargo.inscricoes.all(), digitado, **kwargs).inscricoes]


def test_o_numero_exato_vem_antes_dos_que_comecam_por_ele(cargo):
    assert numeros(cargo, "1006")[:2] == ["1006", "10060"]
    assert numeros(cargo, "  2001 ") == ["2001"]


def test_o_nome_se_acha_sem_acentos_nem_maiusculas_e_em_qualquer_ordem(cargo):
    assert numeros(cargo, "conceicao") == ["1006"]
    assert numeros(cargo, "ARAUJO maria") == ["1006"]
    assert numeros(cargo, "jose antonio") == ["10060"]
    assert numeros(cargo, "mar") == ["1006", "2001"]  # Maria, Marta: pela ordem do nome
    assert numeros(cargo, "maria souza") == []


def test_o_nome_social_tambem_se_acha(cargo):
    Candidato.objects.filter(nome="Marta Souza").update(nome_social="Lúcia Souza")
    assert numeros(cargo, "lucia") == ["2001"]


def test_o_cpf_so_se_acha_inteiro_ou_pelos_digitos_que_as_telas_mostram(cargo):
    assert numeros(cargo, "529.982.247-25") == ["1006"]
    assert numeros(cargo, "982.247") == ["1006"]  # o meio, como em ***.982.247-**
    assert "1006" not in numeros(cargo, "529")  # os três primeiros ficam escondidos
    assert "1006" not in numeros(cargo, "4725")  # os dois últimos também


@pytest.mark.skipif(connection.vendor != "postgresql", reason="o índice de trigramas é só do PostgreSQL")
def test_no_postgresql_o_meio_do_cpf_se_acha_pelo_indice_de_trigramas(cargo):
    """Sem o índice (migração 0021), o trecho do CPF era calculado em cada candidato do banco (283 ms
    com um milhão). A condição que a busca escreve (a mesma ``Substr`` de ``consultas.busca``), com a
    varredura sequencial (e a do índice inteiro, que a ordem do nome usaria) desligada, é resolvida
    pelo índice: a expressão dele é a da consulta."""
    with CaptureQueriesContext(connection) as consultas:
        assert numeros(cargo, "982.247") == ["1006"]
    (pelo_meio,) = [c["sql"] for c in consultas.captured_queries if "SUBSTRING" in c["sql"]]
    assert 'SUBSTRING("concursos_candidato"."cpf", 4, 6)::text LIKE' in pelo_meio
    candidatos = Candidato.objects.annotate(_meio=Substr("cpf", 4, 6)).filter(_meio__contains="982247").order_by()
    with connection.cursor() as cursor:  # numa tabela de teste, ler tudo sairia mais barato que o índice
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_indexscan = off")
    assert "concursos_candidato_cpf_meio_trgm" in candidatos.explain()


def test_a_busca_para_no_limite_e_avisa_que_ha_mais(cargo):
    encontradas = buscar(cargo.inscricoes.all(), "candidato", limite=3)
    assert len(encontradas.inscricoes) == 3 and encontradas.mais
    assert not buscar(cargo.inscricoes.all(), "conceicao").mais


def test_as_sugestoes_sao_do_cargo_com_o_cpf_mascarado(client, cargo):
    outro = edital(numero=2, cargos=(("AG", "Agente", 2),)).cargos.get()
    inscricao(outro, "9001", 70, nome="Maria da Conceição Lima")
    client.force_login(com_permissoes("rh", "registrar_evento"))
    resposta = client.get(reverse("concursos:buscar_inscricoes", args=[cargo.pk]), {"q": "maria conceicao"})
    resultados = resposta.json()["resultados"]
    assert [r["numero"] for r in resultados] == ["1006"]
    assert (
        mascarar_cpf(CPF_DA_CONCEICAO) in resultados[0]["rotulo"] and CPF_DA_CONCEICAO not in resposta.content.decode()
    )
    assert "convocada" in resultados[0]["rotulo"]


def test_sugestoes_pedem_a_permissao_de_registrar_evento(client, cargo):
    client.force_login(com_permissoes("auditor", "view_cargo", "view_inscricao", "view_evento"))
    assert client.get(reverse("concursos:buscar_inscricoes", args=[cargo.pk]), {"q": "maria"}).status_code == 403


def dados_do_evento(inscricao_digitada):
    return {"inscricao": inscricao_digitada, "documento": "Req. 7/2025", "data_do_ato": "02/06/2025"}


def url_da_desistencia(cargo):
    return reverse("concursos:registrar_evento", args=[cargo.pk, "desistencia"])


def test_nome_que_acha_uma_so_inscricao_vale_e_a_confirmacao_mostra_quem_e(client, cargo):
    rh = com_permissoes("rh", "registrar_evento")
    client.force_login(rh)
    confirmacao = client.post(url_da_desistencia(cargo), dados_do_evento("conceicao"))
    pagina = texto(confirmacao)
    assert "Nada foi gravado ainda" in pagina
    assert "Inscrição: 1006 — Maria da Conceição Araújo — CPF ***.982.247-** (convocada:" in pagina
    # A confirmação reenvia o número achado, não o texto buscado.
    assert 'name="inscricao" value="1006"' in confirmacao.content.decode()
    assert not Evento.objects.exists()
    client.post(url_da_desistencia(cargo), {**dados_do_evento("1006"), "confirmar": "1"})
    evento = Evento.objects.get()
    assert evento.inscricao.numero == "1006" and evento.registrado_por == rh


def test_texto_que_acha_varias_inscricoes_lista_as_primeiras_e_nao_grava(client, cargo):
    client.force_login(com_permissoes("rh", "registrar_evento"))
    pagina = texto(client.post(url_da_desistencia(cargo), dados_do_evento("mar")))
    assert "“mar” corresponde a 2 inscrições deste cargo: 1006 — Maria da Conceição Araújo" in pagina
    assert "2001 — Marta Souza — CPF ***." in pagina and "Escolha uma na lista ou digite o número" in pagina
    assert "Nada foi gravado ainda" not in pagina and not Evento.objects.exists()


def test_texto_que_nao_acha_ninguem_diz_o_que_foi_digitado(client, cargo):
    client.force_login(com_permissoes("rh", "registrar_evento"))
    pagina = texto(client.post(url_da_desistencia(cargo), dados_do_evento("Xavier")))
    assert "Nenhuma inscrição deste cargo tem o número, o nome ou o CPF “Xavier”." in pagina
    assert not Evento.objects.exists()


def test_inscricao_de_outro_cargo_nao_se_escolhe_pelo_numero(client, cargo):
    outro = edital(numero=2, cargos=(("AG", "Agente", 2),)).cargos.get()
    alheia = inscricao(outro, "9001", 70, nome="Fora do Cargo")
    client.force_login(com_permissoes("rh", "registrar_evento"))
    assert client.get(url_da_desistencia(cargo), {"inscricao": alheia.pk}).context["form"]["inscricao"].value() is None
    pagina = texto(client.post(url_da_desistencia(cargo), dados_do_evento("9001")))
    assert "Nenhuma inscrição deste cargo tem o número, o nome ou o CPF “9001”." in pagina
    assert not Evento.objects.exists()


@pytest.mark.parametrize("digitado", ["x" * 100_000, "maria\x00", "1006\u202e"])
def test_busca_com_texto_hostil_nao_acha_nada_e_nao_quebra(client, cargo, digitado):
    client.force_login(com_permissoes("rh", "registrar_evento"))
    resposta = client.get(reverse("concursos:buscar_inscricoes", args=[cargo.pk]), {"q": digitado})
    if "\x00" in digitado:  # NUL na URL: recusado antes da view (config/middleware.py)
        assert resposta.status_code == 400
    else:
        assert resposta.status_code == 200 and resposta.json() == {"resultados": [], "mais": False}
    pagina = texto(client.post(url_da_desistencia(cargo), dados_do_evento(digitado)))
    assert "até 120 caracteres, sem caracteres de controle" in pagina and not Evento.objects.exists()
