"""Registro comum das medidas dos benchmarks, para a tabela final de ``bench/escala.py``.

Cada benchmark imprime a sua tabela como quiser e, para cada medida com meta, chama
``registrar(figura, medido, meta, passou)``. Com a variável ``BENCH_MEDIDAS`` apontando para um
arquivo (o ``escala.py`` a define), a medida vai também, como uma linha JSON, para esse arquivo.
Sem a variável, ``registrar`` não faz nada: cada benchmark continua valendo sozinho.

O código de saída de um benchmark diz se ele **rodou**, não se atingiu as metas:

- 0: rodou até o fim (com as metas atingidas ou não: benchmark não falha por tempo);
- ``META_NAO_ATINGIDA`` (3): rodou até o fim, a medida vale, e alguma meta não foi atingida — só
  quem quer o veredito no código de saída o usa (``bench/carga/rodar.sh``, que sozinho diz "passou"
  ou "não passou");
- qualquer outro: **não rodou** — quebrou (exceção, comando que falhou) ou a medida não vale (o
  login parou no segundo fator, a página medida não era a pedida, um voto se perdeu, um PDF saiu
  errado). O ``escala.py`` sai com erro, e o CI falha.
"""

import json
import os

META_NAO_ATINGIDA = 3


def registrar(figura: str, medido: str, meta: str, passou: bool | None) -> None:
    destino = os.environ.get("BENCH_MEDIDAS")
    if not destino:
        return
    with open(destino, "a", encoding="utf-8") as arquivo:
        linha = {"figura": figura, "medido": medido, "meta": meta, "passou": passou}
        arquivo.write(json.dumps(linha, ensure_ascii=False) + "\n")
