"""A prévia de um evento (``services.prever``, a tela de confirmação) num cargo publicado: os
candidatos congelados na primeira publicação (docs/REGRAS.md §9) são lidos pelo motor uma vez por
processo e reaproveitados; a prévia dá exatamente o que dava ler o cenário inteiro a cada vez, e
as consultas não crescem com o número de inscrições."""

from datetime import date

import pytest

import cotas
from concursos import previsao, services
from concursos.adapters import cenario_do_cargo, evento_do_cenario
from concursos.atos import Ato
from concursos.models import Cargo, Edital, Evento
from concursos.previsao import cenario_lido, esquecer_cenarios_lidos

from .fabricas import cargo_do_exemplo_da_alternancia, edital, inscricao

pytestmark = pytest.mark.django_db
ATO = Ato(documento="Req. 7/2025", data_do_ato=date(2025, 6, 2))


@pytest.fixture(autouse=True)
def nada_guardado():
    esquecer_cenarios_lidos()
    yield
    esquecer_cenarios_lidos()


def _publicar(cargo, rh) -> Cargo:
    Edital.objects.filter(pk=cargo.edital_id).update(validade_ate=date(2026, 6, 30))
    services.publicar_resultado(services.gerar_resultado(cargo, por=rh), por=rh)
    return Cargo.objects.select_related("edital").get(pk=cargo.pk)


@pytest.fixture
def variado(rh):
    """O exemplo de docs/REGRAS.md §4 com mais gente (um eliminado, uma nota com parciais, dois grupos
    na mesma inscrição), publicado, e depois dele uma desistência, vagas adicionais, uma correção de
    nota, um final de lista e uma reversão."""
    cargo = cargo_do_exemplo_da_alternancia()
    inscricao(cargo, "E", 89, notas_parciais={"especificos": "44.5"})
    inscricao(cargo, "F", 88, situacao="eliminado")
    inscricao(cargo, "W", 79, grupos={"negros": "confirmado", "pcd": "confirmado"})
    inscricao(cargo, "V", 78, grupos={"negros": "nao_confirmado"})
    cargo = _publicar(cargo, rh)
    numero = cargo.inscricoes.get

    def registrar(tipo, **campos):
        return services.registrar_evento(cargo, tipo=tipo, ato=ATO, por=rh, **campos).evento

    registrar("desistencia", inscricao=numero(numero="A"))
    vagas = registrar("vagas_adicionais", quantidade=2)
    registrar("nota", inscricao=numero(numero="D"), nota="96.5", notas_parciais={"especificos": "48"})
    registrar("final_de_lista", inscricao=numero(numero="Y"))
    services.reverter_evento(vagas, motivo="Registrado por engano.", ato=ATO, por=rh)
    return cargo


def _como_antes(cargo, tipo, **campos) -> cotas.Resultado:
    """A prévia como era feita: o cenário inteiro do banco, mais o evento, lido e simulado."""
    cenario = cenario_do_cargo(cargo)
    cenario["eventos"].append(evento_do_cenario(tipo, ato=ATO, **campos))
    return cotas.simular(cotas.ler_cenario(cenario))


PREVIAS = [
    ("desistencia", {"numero": "E"}),
    ("nao_posse", {"numero": "Z"}),
    ("anulacao", {"numero": "W"}),
    ("final_de_lista", {"numero": "B"}),
    ("vagas_adicionais", {"quantidade": 3}),
    ("nota", {"numero": "C", "nota": "97", "notas_parciais": {"especificos": "49.5"}}),
]


@pytest.mark.parametrize(("tipo", "campos"), PREVIAS, ids=[tipo for tipo, _ in PREVIAS])
def test_previa_com_os_candidatos_guardados_e_a_mesma_de_ler_o_cenario_inteiro(variado, tipo, campos):
    esperado = _como_antes(variado, tipo, **campos)
    argumentos = dict(campos)
    if "numero" in argumentos:
        argumentos["inscricao"] = variado.inscricoes.get(numero=argumentos.pop("numero"))
    for _ in range(2):  # a primeira lê e guarda; a segunda reaproveita
        previsto, numero = services.prever(variado, tipo=tipo, ato=ATO, **argumentos)
        assert previsto == esperado
        assert numero == Evento.objects.vigentes().filter(cargo=variado).count() + 1


def test_cenario_lido_e_o_do_cenario_inteiro_e_segue_o_cabecalho_atual(variado):
    inteiro = cotas.ler_cenario(cenario_do_cargo(variado))
    assert cenario_lido(variado) == inteiro
    assert cenario_lido(variado) == inteiro  # guardado
    Cargo.objects.filter(pk=variado.pk).update(nome="Guarda Municipal de 2ª classe")
    renomeado = Cargo.objects.select_related("edital").get(pk=variado.pk)
    assert cenario_lido(renomeado) == cotas.ler_cenario(cenario_do_cargo(renomeado))
    assert "Guarda Municipal de 2ª classe" in cenario_lido(renomeado).descricao


def test_antes_da_publicacao_a_previa_le_o_que_esta_no_banco(rh):
    cargo = cargo_do_exemplo_da_alternancia()
    services.gerar_resultado(cargo, por=rh)
    desistente = cargo.inscricoes.get(numero="A")
    antes, _ = services.prever(cargo, tipo="desistencia", inscricao=desistente, ato=ATO)
    inscricao(cargo, "G", 99)  # antes da publicação, as entradas ainda mudam
    depois, _ = services.prever(cargo, tipo="desistencia", inscricao=desistente, ato=ATO)
    assert depois == _como_antes(cargo, "desistencia", numero="A") != antes


def _cargo_publicado_com(inscricoes: int, rh) -> Cargo:
    cargo = edital(numero=inscricoes, cargos=(("GM", "Guarda Municipal", 3),)).cargos.get()
    for indice in range(inscricoes):
        grupos = {"negros": "confirmado"} if indice % 3 == 0 else {}
        inscricao(cargo, f"{indice:04d}", 90 - indice, grupos=grupos)
    return _publicar(cargo, rh)


@pytest.mark.parametrize("inscricoes", [3, 30])
def test_previa_custa_as_mesmas_consultas_com_3_ou_30_inscricoes(inscricoes, rh, django_assert_num_queries):
    cargo = _cargo_publicado_com(inscricoes, rh)
    desistente = cargo.inscricoes.get(numero="0000")
    # Existe o cargo e a inscrição (full_clean); versão publicada (chave e hash); a entrada dela
    # (só na primeira prévia do processo); eventos.
    with django_assert_num_queries(5):
        services.prever(cargo, tipo="desistencia", inscricao=desistente, ato=ATO)
    with django_assert_num_queries(4):
        services.prever(cargo, tipo="desistencia", inscricao=desistente, ato=ATO)


def test_a_segunda_previa_do_cargo_publicado_nao_le_os_candidatos_de_novo(variado, monkeypatch):
    """O custo que sumiu: montar e ler pelo motor os milhares de candidatos congelados a cada prévia."""
    lidos = []
    ler_candidato = cotas.cenario._candidato
    monkeypatch.setattr(
        cotas.cenario, "_candidato", lambda item, *resto: lidos.append(1) or ler_candidato(item, *resto)
    )
    desistente = variado.inscricoes.get(numero="E")
    services.prever(variado, tipo="desistencia", inscricao=desistente, ato=ATO)
    assert len(lidos) == variado.inscricoes.count()
    lidos.clear()
    services.prever(variado, tipo="desistencia", inscricao=desistente, ato=ATO)
    assert lidos == []


def test_o_que_se_guarda_tem_limite_de_candidatos_e_fica_o_cargo_mais_recente(variado, rh, monkeypatch):
    monkeypatch.setattr(previsao, "CANDIDATOS_GUARDADOS", 1)
    outro = _cargo_publicado_com(3, rh)
    cenario_lido(variado)
    cenario_lido(outro)
    assert [len(c.candidatos) for c in previsao._congelados.values()] == [3]
    assert cenario_lido(variado) == cotas.ler_cenario(cenario_do_cargo(variado))
    assert [len(c.candidatos) for c in previsao._congelados.values()] == [variado.inscricoes.count()]
