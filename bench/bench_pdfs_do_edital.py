"""Mede os PDFs do resultado de um edital inteiro desenhados por trabalhadores em segundo plano
(não é teste: imprime uma tabela).

Gera um edital com ``bench/dados_em_escala.py``, gera os resultados de todos os cargos (o comando
``gerar_resultado``), pede os PDFs como o RH pede na ficha do edital (``segundo_plano.pedidos.pedir_pdfs``:
uma tarefa por cargo) e sobe N trabalhadores de verdade (``manage.py db_worker --batch``) até a
fila esvaziar. Imprime o tempo de parede, o pico de memória de cada trabalhador, quantos cargos cada
um fez e o tamanho dos PDFs; sai com erro se algum PDF não saiu. Só no PostgreSQL (no SQLite os trabalhadores se revezam na escrita)::

    scripts/com-postgres .venv/bin/python bench/bench_pdfs_do_edital.py [--inscricoes 1000000 --cargos 500]
"""

import argparse
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

AQUI = Path(__file__).resolve().parent
RAIZ = AQUI.parent
for caminho in (str(RAIZ), str(AQUI)):
    if caminho not in sys.path:
        sys.path.insert(0, caminho)

import dados_em_escala  # noqa: E402  (configura o Django)
import tabela  # noqa: E402
from django.db import connection  # noqa: E402
from django_tasks_db.models import DBTaskResult  # noqa: E402

from concursos.models import Edital, Processamento  # noqa: E402
from concursos.segundo_plano import pedidos  # noqa: E402

MIB = 1024 * 1024


def gerar_resultados(edital: Edital) -> float:
    inicio = time.perf_counter()
    subprocess.run(
        [sys.executable, "manage.py", "gerar_resultado", str(edital), "--usuario", "bench"],
        cwd=RAIZ,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - inicio


def rodar_trabalhadores(quantos: int) -> tuple[float, list[int]]:
    """Sobe ``quantos`` trabalhadores e espera todos saírem; devolve a parede e o pico (bytes) de cada."""
    inicio = time.perf_counter()
    filhos = [
        subprocess.Popen(
            [sys.executable, "manage.py", "db_worker", "--batch", "--interval", "0", "--worker-id", f"bench-{i + 1}"],
            cwd=RAIZ,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for i in range(quantos)
    ]
    picos = []
    for filho in filhos:
        _, status, uso = os.wait4(filho.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"O trabalhador {filho.pid} saiu com erro.")
        picos.append(uso.ru_maxrss * 1024)
    return time.perf_counter() - inicio, picos


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inscricoes", type=int, default=100_000)
    parser.add_argument("--cargos", type=int, default=200)
    parser.add_argument("--trabalhadores", type=int, default=2)
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        raise SystemExit("Rode num PostgreSQL: scripts/com-postgres .venv/bin/python bench/bench_pdfs_do_edital.py")

    print(f"Gerando {args.inscricoes:,} inscrições em {args.cargos} cargos…".replace(",", "."), flush=True)
    edital = Edital.objects.get(pk=dados_em_escala.gerar(args.inscricoes, args.cargos))
    print(f"Resultados dos cargos: {gerar_resultados(edital):.1f} s", flush=True)

    pedido = pedidos.pedir_pdfs(edital, por=dados_em_escala.usuario_do_bench())
    print(f"PDFs pedidos (nº {pedido.pk}, {pedido.total} tarefas); {args.trabalhadores} trabalhadores…", flush=True)
    parede, picos = rodar_trabalhadores(args.trabalhadores)

    pedido.refresh_from_db()
    partes = pedido.saida.get("partes", {}).values()
    tamanhos = sorted(parte["bytes"] for parte in partes)
    por_trabalhador = Counter(
        quem[0] for quem in DBTaskResult.objects.filter(status="SUCCESSFUL").values_list("worker_ids", flat=True)
    )
    maior = max(partes, key=lambda parte: parte["bytes"]) if tamanhos else None

    print()
    print("| figura | valor | meta | |\n|---|---|---|---|")
    situacao = "ok" if pedido.estado == Processamento.CONCLUIDO else "FALHOU"
    print(f"| PDFs do edital ({pedido.total} cargos) | {parede:.1f} s, {len(tamanhos)} arquivos | todos | {situacao} |")
    tabela.registrar(
        f"PDFs de {pedido.total} cargos ({args.inscricoes} inscrições), {args.trabalhadores} trabalhadores",
        f"{parede:.0f} s, pico {max(picos) / MIB:.0f} MiB",
        "todos os cargos",
        pedido.estado == Processamento.CONCLUIDO,
    )
    for i, pico in enumerate(picos, start=1):
        feitos = por_trabalhador.get(f"bench-{i}", 0)
        print(f"| trabalhador {i}: pico de memória | {pico / MIB:.0f} MiB ({feitos} cargos) | — | |")
    if tamanhos:
        print(f"| maior PDF (cargo {maior['cargo']}) | {maior['bytes'] / MIB:.1f} MiB | — | |")
        print(f"| soma dos PDFs | {sum(tamanhos) / MIB:.1f} MiB | — | |")
    if pedido.erros:
        print("\nErros:", *(f"  {erro}" for erro in pedido.erros[:10]), sep="\n")
    if pedido.estado != Processamento.CONCLUIDO or len(tamanhos) != pedido.total:
        # Não é questão de tempo: um PDF que não saiu é um erro (tabela.py: o benchmark não rodou).
        raise SystemExit(f"O pedido terminou {pedido.get_estado_display()} com {len(tamanhos)} de {pedido.total} PDFs.")


if __name__ == "__main__":
    main()
