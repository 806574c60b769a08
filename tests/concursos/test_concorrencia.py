"""Corridas de verdade nos serviços do RH (docs/TECNICO.md §5.4): duas transações ao mesmo tempo,
cada uma na sua thread e conexão. Só no PostgreSQL (no SQLite ``select_for_update`` não trava);
os caminhos equivalentes no SQLite estão em ``test_robustez.py``."""

import time
from datetime import date

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from concursos import services
from concursos.atos import Ato
from concursos.models import Evento, Resultado
from concursos.services import atos
from concursos.tipos_de_ato import EDITAL_DE_CONVOCACAO
from tests.heteroidentificacao.test_concorrencia import ao_mesmo_tempo

from .fabricas import cargo_do_exemplo_da_alternancia, usuario
from .test_atos_publicados import contexto_de_uma_convocacao

pytestmark = [
    pytest.mark.postgresql,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="travas de linha só existem no PostgreSQL"),
    pytest.mark.django_db(transaction=True),
]


def test_duas_reversoes_do_mesmo_evento_ao_mesmo_tempo_uma_entra_e_a_outra_e_recusada(monkeypatch):
    cargo = cargo_do_exemplo_da_alternancia()
    rh = usuario("clerk")
    registrado = services.registrar_desistencia(
        cargo.inscricoes.get(numero="Z"), ato=Ato(documento="Req. 1", data_do_ato=date(2025, 6, 2)), por=rh
    )
    salvar = Evento.save

    def devagar(evento, *args, **kwargs):
        if evento.tipo == "reversao":  # as duas conferem "ainda não revertido" antes de uma gravar
            time.sleep(0.5)
        return salvar(evento, *args, **kwargs)

    monkeypatch.setattr(Evento, "save", devagar)
    evento = Evento.objects.get(pk=registrado.evento.pk)

    def reverter(documento):
        return lambda: services.reverter_evento(
            evento, ato=Ato(documento=documento, data_do_ato=None), motivo="engano", por=rh
        )

    saidas = ao_mesmo_tempo(reverter("Desp. 2"), reverter("Desp. 3"))
    recusas = [s for s in saidas if isinstance(s, Exception)]
    assert len(recusas) == 1, saidas
    assert isinstance(recusas[0], ValidationError) and "O evento já foi revertido" in str(recusas[0])
    assert Evento.objects.filter(tipo="reversao").count() == 1


def test_dois_gerar_resultado_ao_mesmo_tempo_dao_uma_versao_so():
    cargo = cargo_do_exemplo_da_alternancia()
    rh = usuario("clerk")
    saidas = ao_mesmo_tempo(*(lambda: services.gerar_resultado(cargo, por=rh) for _ in range(2)))
    assert not any(isinstance(s, Exception) for s in saidas), saidas
    assert saidas[0].pk == saidas[1].pk
    assert Resultado.objects.filter(cargo=cargo).count() == 1
    assert sorted(s.sem_mudanca for s in saidas) == [False, True]


def test_tres_atos_do_mesmo_tipo_registrados_ao_mesmo_tempo_ganham_numeros_seguidos_sem_repetir():
    """O primeiro ato do ano cria a linha do contador: os três disputam a criação e a trava da linha."""
    cargo = cargo_do_exemplo_da_alternancia()
    rh = usuario("clerk", superusuario=True)
    services.publicar_resultado(services.gerar_resultado(cargo, por=rh), por=rh)
    contexto = contexto_de_uma_convocacao(cargo)

    def registrar():
        return atos.registrar_ato(EDITAL_DE_CONVOCACAO, titulo="Edital", contexto=contexto, edital=cargo.edital, por=rh)

    saidas = ao_mesmo_tempo(registrar, registrar, registrar)
    assert not any(isinstance(s, Exception) for s in saidas), saidas
    assert sorted(s.numero for s in saidas) == [1, 2, 3]
    assert len({s.codigo for s in saidas}) == 3
