"""Corridas de verdade (docs/TECNICO.md §5.3): duas transações ao mesmo tempo, cada uma na sua thread e na
sua conexão. Só no PostgreSQL: no SQLite ``select_for_update`` não trava nada e a corrida não é
reproduzível. O CI roda esta suíte contra o PostgreSQL (``scripts/com-postgres``)."""

import threading
import time

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from cotas import quorum
from heteroidentificacao import services
from heteroidentificacao.models import Chamado, HistoricoDeParecer, Parecer
from heteroidentificacao.services import sessoes
from tests.concursos.fabricas import inscricao

from .fabricas import SUPLENTES, cargo_com_cotistas, comissao, julgar, pessoa, presidente, sessao_aberta

pytestmark = [
    pytest.mark.postgresql,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="travas de linha só existem no PostgreSQL"),
    pytest.mark.django_db(transaction=True),
]


def ao_mesmo_tempo(*acoes):
    """Roda as ações em threads soltas juntas por uma barreira; devolve o retorno ou a exceção de cada uma."""
    barreira = threading.Barrier(len(acoes))
    saidas = [None] * len(acoes)

    def rodar(indice, acao):
        try:
            barreira.wait(timeout=10)
            saidas[indice] = acao()
        except Exception as erro:  # a exceção é o resultado a conferir
            saidas[indice] = erro
        finally:
            connection.close()  # cada thread tem a sua conexão

    threads = [threading.Thread(target=rodar, args=item) for item in enumerate(acoes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not any(t.is_alive() for t in threads), "uma transação ficou presa (impasse?)"
    return saidas


def voto(chamado, nome, valor="confirma"):
    return lambda: services.registrar_parecer(chamado, por=pessoa(nome), voto=valor)


def encerramento(sessao):
    return lambda: services.encerrar_sessao(sessao, por=presidente(sessao.comissao))


def candidato(sessao, numero):
    return sessao.comissao.edital.inscricoes.get(numero=numero)


def test_dois_membros_votando_ao_mesmo_tempo_gravam_os_dois_pareceres(sessao):
    chamado = julgar(sessao, candidato(sessao, "N1"))
    saidas = ao_mesmo_tempo(voto(chamado, "ana"), voto(chamado, "bruno"))
    assert all(isinstance(s, Parecer) for s in saidas), saidas
    assert sorted(Parecer.objects.values_list("membro__usuario__username", flat=True)) == ["ana", "bruno"]
    assert HistoricoDeParecer.objects.count() == 2


def test_suplente_no_lugar_do_ausente_e_suplente_fora_da_composicao_votando_juntos(monkeypatch):
    """Elisa ausente, Fábio no lugar dela; Gil não compõe a sessão. Votando ao mesmo tempo, o voto
    de Fábio entra e o de Gil é recusado: a composição é a da abertura, conferida dentro da trava."""
    cargo = cargo_com_cotistas()
    aberta = sessao_aberta(
        comissao(cargo.edital, suplentes=SUPLENTES), ausentes=("elisa",), substitutos={"elisa": "fabio"}
    )
    chamado = julgar(aberta, candidato(aberta, "N1"), ana="confirma", bruno="confirma", carla="confirma")
    auditar = sessoes.auditar

    def auditar_devagar(*args, **kwargs):
        time.sleep(0.3)  # segura a transação aberta depois do INSERT do parecer
        return auditar(*args, **kwargs)

    monkeypatch.setattr(sessoes, "auditar", auditar_devagar)
    saidas = ao_mesmo_tempo(voto(chamado, "fabio"), voto(chamado, "gil"))
    assert sorted(type(s).__name__ for s in saidas) == ["Parecer", "PermissionDenied"]
    assert sorted(Parecer.objects.filter(chamado=chamado).values_list("membro__usuario__username", flat=True)) == [
        "ana",
        "bruno",
        "carla",
        "fabio",
    ]


QUATRO_VOTOS = {"ana": "confirma", "bruno": "confirma", "carla": "confirma", "elisa": "confirma"}


def test_ultimo_voto_disputando_com_o_encerramento_ou_entra_no_placar_ou_o_encerramento_espera(sessao):
    """Todos votam (docs/REGRAS.md §10): se o encerramento pega a trava antes do último voto, é recusado
    por faltar o parecer e a sessão continua aberta; se pega depois, conta o voto. Nunca se encerra
    com um voto gravado fora do placar."""
    comissao_ = sessao.comissao
    for rodada in range(5):
        atual = sessao if rodada == 0 else sessao_aberta(comissao_)
        cotista = inscricao(comissao_.edital.cargos.get(), f"R{rodada}", 70 - rodada, grupos={"negros": "pendente"})
        chamado = julgar(atual, cotista, **QUATRO_VOTOS)
        votou, encerrou = ao_mesmo_tempo(voto(chamado, "davi", "confirma"), encerramento(atual))
        assert isinstance(votou, Parecer), votou
        chamado = Chamado.objects.select_related("sessao").get(pk=chamado.pk)
        if isinstance(encerrou, ValidationError):
            assert "faltam pareceres — Davi" in str(encerrou) and chamado.sessao.status == "aberta"
        else:
            assert chamado.votos_confirma + chamado.votos_nao_confirma == chamado.pareceres.count() == 5


def test_voto_alterado_durante_o_encerramento_e_recusado(sessao, monkeypatch):
    """O presidente já está encerrando (com a trava) quando um membro tenta mudar o voto: a mudança
    espera e é recusada; o placar é o dos votos que havia."""
    chamado = julgar(sessao, candidato(sessao, "N1"), davi="confirma", **QUATRO_VOTOS)
    encerrando = threading.Event()
    decidir = quorum.decidir

    def decidir_devagar(*args, **kwargs):
        encerrando.set()
        time.sleep(0.5)
        return decidir(*args, **kwargs)

    monkeypatch.setattr(quorum, "decidir", decidir_devagar)
    mudar_depois = voto(chamado, "davi", "nao_confirma")
    votou, _ = ao_mesmo_tempo(lambda: encerrando.wait(10) and mudar_depois(), encerramento(sessao))
    assert isinstance(votou, ValidationError) and "Sessão encerrada" in str(votou)
    assert Chamado.objects.get(pk=chamado.pk).votos_confirma == 5


def test_encerramento_que_chega_durante_um_voto_conta_o_voto(sessao, monkeypatch):
    """O membro está gravando o último parecer (com a trava) quando o presidente encerra: o
    encerramento espera e conta o voto."""
    chamado = julgar(sessao, candidato(sessao, "N1"), **QUATRO_VOTOS)
    votando = threading.Event()
    auditar = sessoes.auditar

    def auditar_devagar(usuario, acao, *args, **kwargs):
        if acao == "parecer_registrado":
            votando.set()
            time.sleep(0.5)
        return auditar(usuario, acao, *args, **kwargs)

    monkeypatch.setattr(sessoes, "auditar", auditar_devagar)
    encerrar = encerramento(sessao)
    votou, encerrou = ao_mesmo_tempo(voto(chamado, "davi"), lambda: votando.wait(10) and encerrar())
    assert isinstance(votou, Parecer) and not isinstance(encerrou, Exception), encerrou
    assert Chamado.objects.get(pk=chamado.pk).votos_confirma == 5
