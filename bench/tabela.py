"""Registro comum das medidas dos benchmarks, para a tabela final de ``bench/escala.py``.

Cada benchmark imprime a sua tabela como quiser e, para cada medida com meta, chama
``registrar(figura, medido, meta, passou)``. Com a variável ``BENCH_MEDIDAS`` apontando para um
arquivo (o ``escala.py`` a define), a medida vai também, como uma linha JSON, para esse arquivo.
Sem a variável, ``registrar`` não faz nada: cada benchmark continua valendo sozinho.
"""

import json
import os


def registrar(figura: str, medido: str, meta: str, passou: bool | None) -> None:
    destino = os.environ.get("BENCH_MEDIDAS")
    if not destino:
        return
    with open(destino, "a", encoding="utf-8") as arquivo:
        linha = {"figura": figura, "medido": medido, "meta": meta, "passou": passou}
        arquivo.write(json.dumps(linha, ensure_ascii=False) + "\n")
