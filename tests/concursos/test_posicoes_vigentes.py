"""Quem a última versão convoca e onde (``PosicaoVigente``), gravado com cada versão para a busca do
formulário de evento: continua igual à ordem vigente da última versão depois de gerar, registrar e
reverter um evento e publicar; e a busca não lê mais a versão do resultado."""

from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from concursos import services
from concursos.atos import Ato
from concursos.consultas.busca import situacoes_atuais
from concursos.models import PosicaoVigente

from .test_admin import com_permissoes

pytestmark = pytest.mark.django_db
ATO = Ato(documento="Req. 7/2025", data_do_ato=date(2025, 6, 2))


def gravadas(cargo) -> list[tuple[str, int, str]]:
    return sorted(PosicaoVigente.objects.filter(cargo=cargo).values_list("inscricao", "posicao", "vaga"))


def da_ultima_versao(cargo) -> list[tuple[str, int, str]]:
    ultima = cargo.resultados.order_by("-versao").first()
    assert all(p.resultado_id == ultima.pk for p in PosicaoVigente.objects.filter(cargo=cargo))
    return sorted((p.inscricao, p.posicao, p.vaga) for p in ultima.saida_do_motor.ordem_vigente if p.inscricao)


@pytest.fixture
def primeira_versao(cargo, rh):
    """O exemplo de docs/REGRAS.md §4 (o ``cargo`` de tests/conftest.py) com a primeira versão gerada."""
    return services.gerar_resultado(cargo, por=rh)


def test_gerar_o_resultado_grava_quem_esta_convocado_e_onde(cargo, primeira_versao, rh):
    assert gravadas(cargo) == da_ultima_versao(cargo)
    assert [(i, p) for i, p, _ in sorted(gravadas(cargo), key=lambda linha: linha[1])] == [
        ("A", 1), ("B", 2), ("Z", 3), ("Y", 4), ("P", 5)
    ]  # fmt: skip


def test_registrar_um_evento_troca_as_posicoes_pelas_da_versao_nova(cargo, primeira_versao, rh):
    services.registrar_desistencia(cargo.inscricoes.get(numero="A"), por=rh, ato=ATO)
    assert gravadas(cargo) == da_ultima_versao(cargo)
    assert "A" not in {i for i, _, _ in gravadas(cargo)} and ("C", 1, "ampla") in gravadas(cargo)


def test_reverter_o_evento_devolve_as_posicoes_de_antes(cargo, primeira_versao, rh):
    antes = gravadas(cargo)
    registrado = services.registrar_desistencia(cargo.inscricoes.get(numero="A"), por=rh, ato=ATO)
    services.reverter_evento(
        registrado.evento, ato=Ato(documento="Of. 2", data_do_ato=None), motivo="Registrado por engano.", por=rh
    )
    assert gravadas(cargo) == da_ultima_versao(cargo) == antes


def test_publicar_nao_muda_as_posicoes(cargo, primeira_versao, rh):
    antes = gravadas(cargo)
    services.publicar_resultado(cargo.resultados.get(), por=rh)
    assert gravadas(cargo) == da_ultima_versao(cargo) == antes


def test_gerar_o_edital_inteiro_grava_as_posicoes_de_cada_cargo(cargo, primeira_versao, rh):
    services.registrar_desistencia(cargo.inscricoes.get(numero="A"), por=rh, ato=ATO)
    services.gerar_resultados_do_edital(cargo.edital, por=rh)
    assert gravadas(cargo) == da_ultima_versao(cargo)


def test_as_situacoes_da_busca_vem_das_posicoes_sem_ler_a_versao_do_resultado(cargo, primeira_versao, rh):
    with CaptureQueriesContext(connection) as consultas:
        situacoes = situacoes_atuais(cargo, ["Z", "D"])
    assert situacoes == {"Z": "convocada: 3ª vaga, negros"}
    assert len(consultas) == 1 and "concursos_resultado" not in consultas[0]["sql"]


def test_a_busca_do_formulario_nao_le_a_versao_do_resultado(client, cargo, primeira_versao):
    client.force_login(com_permissoes("secretaria", "registrar_evento"))
    with CaptureQueriesContext(connection) as consultas:
        resposta = client.get(reverse("concursos:buscar_inscricoes", args=[cargo.pk]), {"q": "Z"})
    assert [r["numero"] for r in resposta.json()["resultados"]] == ["Z"]
    assert "convocada: 3ª vaga" in resposta.json()["resultados"][0]["rotulo"]
    assert not [c for c in consultas if "concursos_resultado" in c["sql"]]
