"""Trabalho em segundo plano durante a carga com dois servidores (``rodar.sh --dois-servidores``).

``enfileirar`` pede, pelos serviços do RH (``concursos.segundo_plano.pedidos``), o que um servidor do RH
pediria no meio do expediente: os resultados de todos os cargos do edital em escala (uma tarefa por
cargo) e os PDFs dos resultados dos editais da demonstração. ``esperar`` aguarda os dois
``db_worker`` terminarem tudo (ou o limite) e imprime cada pedido e quantas tarefas cada trabalhador
fez; a última linha (``SEGUNDO_PLANO {json}``) é lida por ``conferir.py``.
"""

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[2]
if str(RAIZ) not in sys.path:
    sys.path.insert(0, str(RAIZ))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db.models import Q  # noqa: E402
from django_tasks_db.models import DBTaskResult  # noqa: E402

from concursos.models import Edital, Processamento  # noqa: E402
from concursos.segundo_plano.pedidos import pedir_pdfs, pedir_resultados  # noqa: E402


def enfileirar(plano: dict, atraso: float) -> None:
    time.sleep(atraso)
    rh = get_user_model().objects.get(username=plano["rh"]["usuarios"][0])
    pedidos = []
    if plano["edital_em_escala"]:
        edital = Edital.objects.get(pk=plano["edital_em_escala"])
        pedidos.append(pedir_resultados(edital, por=rh, motivo="Carga: nova versão"))
    for edital in Edital.objects.filter(Q(numero=1, ano=2025) | Q(numero=3, ano=2020)).order_by("ano"):
        pedidos.append(pedir_pdfs(edital, por=rh))
    for pedido in pedidos:
        print(f"segundo plano: pedido nº {pedido.pk} na fila: {pedido} ({pedido.total} tarefas)", flush=True)


def esperar(limite: float) -> None:
    inicio = time.monotonic()
    while time.monotonic() - inicio < limite:
        abertos = Processamento.objects.exclude(estado__in=[Processamento.CONCLUIDO, Processamento.FALHOU])
        # Fila vazia também encerra a espera: uma tarefa que quebra antes de anotar a parte deixa o
        # pedido "na fila" para sempre (aparece abaixo como não terminado).
        if not abertos.exists() or not DBTaskResult.objects.filter(status__in=["READY", "RUNNING"]).exists():
            break
        time.sleep(1)
    print("segundo plano: pedidos")
    for pedido in Processamento.objects.order_by("pk"):
        duracao = (pedido.terminado_em - pedido.iniciado_em).total_seconds() if pedido.terminado_em else None
        tempo = f"{duracao:.0f} s" if duracao is not None else "não terminou"
        print(
            f"  nº {pedido.pk:<3} {pedido.get_tipo_display():<36} edital {str(pedido.edital):<9} "
            f"{pedido.get_estado_display():<13} {pedido.feitos}/{pedido.total} {pedido.unidade}, {tempo}"
        )
    por_trabalhador = Counter()
    situacoes = Counter()
    for ids, situacao in DBTaskResult.objects.values_list("worker_ids", "status"):
        situacoes[situacao] += 1
        for trabalhador in ids or ["(nenhum)"]:
            por_trabalhador[trabalhador] += 1
    print("segundo plano: tarefas por trabalhador (db_worker)")
    for trabalhador, quantidade in sorted(por_trabalhador.items()):
        print(f"  {trabalhador:<20} {quantidade}")
    pedidos = list(Processamento.objects.values_list("estado", flat=True))
    resumo = {
        "pedidos": len(pedidos),
        "concluidos": pedidos.count(Processamento.CONCLUIDO),
        "falharam": pedidos.count(Processamento.FALHOU),
        "tarefas": sum(situacoes.values()),
        "situacoes": dict(situacoes),
        "trabalhadores": {t: n for t, n in por_trabalhador.items() if t != "(nenhum)"},
    }
    print("SEGUNDO_PLANO " + json.dumps(resumo, ensure_ascii=False), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("acao", choices=["enfileirar", "esperar"])
    parser.add_argument("--plano", required=True)
    parser.add_argument("--atraso", type=float, default=0, help="segundos antes de pedir (enfileirar)")
    parser.add_argument("--limite", type=float, default=300, help="segundos de espera, no máximo (esperar)")
    args = parser.parse_args()
    if args.acao == "enfileirar":
        enfileirar(json.loads(Path(args.plano).read_text(encoding="utf-8")), args.atraso)
    else:
        esperar(args.limite)


if __name__ == "__main__":
    main()
