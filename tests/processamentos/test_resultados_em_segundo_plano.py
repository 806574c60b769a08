"""Resultados de um edital gerados em segundo plano: uma tarefa por cargo, progresso, idempotência,
"tentar de novo" só do que faltou e dois trabalhadores que nunca pegam a mesma tarefa."""

import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

import cotas
from concursos import services
from concursos.models import Processamento, Resultado
from concursos.segundo_plano import andamento, pedidos, tarefas
from tests.concursos import fabricas

pytestmark = pytest.mark.django_db(transaction=True)
RAIZ = Path(__file__).resolve().parents[2]


def rodar_trabalhador():
    """O trabalhador de verdade (``manage.py db_worker``), até a fila esvaziar."""
    call_command("db_worker", "--batch", "--interval", "0", verbosity=0)


def edital_com_cargos(quantidade=3, inscritos=2):
    edital = fabricas.edital(cargos=[(f"C{i:02d}", f"Cargo {i}", 2) for i in range(quantidade)])
    for cargo in edital.cargos.all():
        for n in range(inscritos):
            fabricas.inscricao(cargo, f"{cargo.codigo}-{n}", 90 - n)
    return edital


def test_o_pedido_poe_uma_tarefa_por_cargo_e_o_trabalhador_gera_uma_versao_de_cada():
    rh = fabricas.usuario()
    edital = edital_com_cargos(3)
    pedido = pedidos.pedir_resultados(edital, por=rh, motivo="Resultado preliminar")

    assert pedido.estado == Processamento.NA_FILA
    assert (pedido.feitos, pedido.total, pedido.unidade) == (0, 3, "cargos")
    assert DBTaskResult.objects.count() == 3
    assert not Resultado.objects.exists()  # nada roda sem o trabalhador

    rodar_trabalhador()

    pedido.refresh_from_db()
    assert pedido.estado == Processamento.CONCLUIDO
    assert (pedido.feitos, pedido.total) == (3, 3)
    assert pedido.iniciado_em is not None and pedido.terminado_em is not None
    gerados = Resultado.objects.filter(processamento=pedido)
    assert sorted(gerados.values_list("cargo__codigo", "versao")) == [("C00", 1), ("C01", 1), ("C02", 1)]
    assert set(gerados.values_list("motivo", flat=True)) == {"Resultado preliminar"}
    assert set(gerados.values_list("gerado_por", flat=True)) == {rh.pk}
    assert {p["versao"] for p in pedido.saida["partes"].values()} == {1}


def test_uma_parte_repetida_nao_gera_outra_versao():
    edital = edital_com_cargos(1)
    cargo = edital.cargos.get()
    pedido = pedidos.pedir_resultados(edital, por=fabricas.usuario())
    rodar_trabalhador()

    # A mesma tarefa entregue de novo (por exemplo, um trabalhador que caiu antes de dar baixa).
    assert tarefas.gerar_resultado_do_cargo.call(pedido.pk, cargo.pk) == "nada a fazer"
    assert cargo.resultados.count() == 1


def test_um_cargo_recusado_nao_impede_os_outros_e_tentar_de_novo_refaz_so_ele(monkeypatch):
    rh = fabricas.usuario()
    edital = edital_com_cargos(3)
    original = services.gerar_resultado

    def recusa_o_c01(cargo, **kwargs):
        if cargo.codigo == "C01":
            raise cotas.ErroDeCotas("vagas: valor inválido para o teste")
        return original(cargo, **kwargs)

    monkeypatch.setattr(services, "gerar_resultado", recusa_o_c01)
    pedido = pedidos.pedir_resultados(edital, por=rh)
    rodar_trabalhador()

    pedido.refresh_from_db()
    assert pedido.estado == Processamento.FALHOU
    assert pedido.feitos == 3
    assert [(e["cargo"], e["mensagem"]) for e in pedido.erros] == [("C01", "vagas: valor inválido para o teste")]
    assert sorted(Resultado.objects.values_list("cargo__codigo", flat=True)) == ["C00", "C02"]

    monkeypatch.setattr(services, "gerar_resultado", original)
    pedidos.tentar_de_novo(pedido, por=rh)
    pedido.refresh_from_db()
    assert (pedido.estado, pedido.feitos, pedido.erros, pedido.tentativas) == (Processamento.NA_FILA, 2, [], 2)
    rodar_trabalhador()

    pedido.refresh_from_db()
    assert pedido.estado == Processamento.CONCLUIDO
    # Cada cargo com exatamente uma versão: os que já estavam feitos não foram refeitos.
    assert sorted(Resultado.objects.values_list("cargo__codigo", "versao")) == [("C00", 1), ("C01", 1), ("C02", 1)]


def test_nao_aceita_dois_pedidos_iguais_ao_mesmo_tempo_nem_tentar_de_novo_o_que_anda():
    rh = fabricas.usuario()
    edital = edital_com_cargos(1)
    primeiro = pedidos.pedir_resultados(edital, por=rh)
    with pytest.raises(pedidos.PedidoRecusado, match=f"em andamento \\(nº {primeiro.pk}\\)"):
        pedidos.pedir_resultados(edital, por=rh)
    with pytest.raises(pedidos.PedidoRecusado):
        pedidos.tentar_de_novo(primeiro, por=rh)
    assert Processamento.objects.count() == 1
    assert DBTaskResult.objects.count() == 1


def test_pedido_parado_ha_mais_de_meia_hora_pode_ser_tentado_de_novo():
    rh = fabricas.usuario()
    edital = edital_com_cargos(2)
    pedido = pedidos.pedir_resultados(edital, por=rh)
    # O trabalhador pegou o pedido e caiu: "em andamento", sem notícia há 31 minutos.
    Processamento.objects.filter(pk=pedido.pk).update(
        estado=Processamento.EXECUTANDO, atualizado_em=timezone.now() - timedelta(minutes=31)
    )
    pedido.refresh_from_db()
    assert andamento.parado(pedido)
    DBTaskResult.objects.all().delete()  # as tarefas se perderam com ele

    pedidos.tentar_de_novo(pedido, por=rh)
    rodar_trabalhador()
    pedido.refresh_from_db()
    assert pedido.estado == Processamento.CONCLUIDO
    assert Resultado.objects.filter(processamento=pedido).count() == 2


def test_edital_sem_cargos_e_recusado_sem_gravar_nada():
    edital = fabricas.edital(cargos=())
    with pytest.raises(pedidos.PedidoRecusado, match="não tem cargos"):
        pedidos.pedir_resultados(edital, por=fabricas.usuario())
    assert not Processamento.objects.exists()
    assert not DBTaskResult.objects.exists()


@pytest.mark.postgresql
@pytest.mark.skipif(connection.vendor != "postgresql", reason="SKIP LOCKED entre processos só no PostgreSQL")
def test_dois_trabalhadores_dividem_a_fila_sem_pegar_a_mesma_tarefa():
    rh = fabricas.usuario()
    edital = edital_com_cargos(40, inscritos=20)
    pedido = pedidos.pedir_resultados(edital, por=rh)

    banco = connection.settings_dict
    ambiente = {
        **os.environ,
        "DATABASE_URL": f"postgres://{banco['USER']}@{banco['HOST']}:{banco['PORT']}/{banco['NAME']}",
    }
    comando = [sys.executable, "manage.py", "db_worker", "--batch", "--interval", "0", "--worker-id"]
    trabalhadores = [
        subprocess.Popen([*comando, nome], cwd=RAIZ, env=ambiente, stderr=subprocess.PIPE, text=True)
        for nome in ("trabalhador-1", "trabalhador-2")
    ]
    for trabalhador in trabalhadores:
        _, erros = trabalhador.communicate(timeout=240)
        assert trabalhador.returncode == 0, erros

    pedido.refresh_from_db()
    assert pedido.estado == Processamento.CONCLUIDO
    assert pedido.feitos == 40
    # Cada tarefa foi pega por um trabalhador só, e os dois trabalharam.
    tarefas_feitas = list(DBTaskResult.objects.values_list("status", "worker_ids"))
    assert len(tarefas_feitas) == 40
    assert all(status == "SUCCESSFUL" and len(quem) == 1 for status, quem in tarefas_feitas)
    assert {quem[0] for _, quem in tarefas_feitas} == {"trabalhador-1", "trabalhador-2"}
    # E cada cargo tem exatamente uma versão gerada por este pedido.
    assert Resultado.objects.filter(processamento=pedido).values("cargo").distinct().count() == 40
    assert Resultado.objects.count() == 40
