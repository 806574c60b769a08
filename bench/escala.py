"""Todos os benchmarks de desempenho e escala (issue 6) de uma vez, com a tabela final de figura,
meta, medido e passou/falhou. Não é teste: mede e imprime, nunca falha por tempo.

    .venv/bin/python bench/escala.py            # tamanhos da issue (≈ 20 min nesta máquina)
    .venv/bin/python bench/escala.py --rapido   # tamanhos pequenos, só para conferir o encadeamento
    .venv/bin/python bench/escala.py --so pdf importacao

Cada benchmark roda no seu processo e, quando precisa, no seu PostgreSQL descartável
(``scripts/com-postgres``); a saída de cada um aparece inteira e fica também em
``bench/saida/escala-AAAAMMDD-HHMM.log``. As metas estão em cada script; o resumo junta as medidas
que eles registram por ``bench/tabela.py``. Meça com a máquina parada: o cabeçalho mostra a carga.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

AQUI = Path(__file__).resolve().parent
RAIZ = AQUI.parent
PY = str(RAIZ / ".venv" / "bin" / "python")
COM_POSTGRES = str(RAIZ / "scripts" / "com-postgres")

# nome → (comando completo, comando rápido)
BENCHMARKS = {
    "motor": (
        [PY, "bench/bench_simular_cotas.py", "--repeticoes", "3"],
        [PY, "bench/bench_simular_cotas.py", "--repeticoes", "1"],
    ),
    "resultado": (
        [COM_POSTGRES, PY, "bench/bench_gerar_resultado.py", "--tamanhos", "100000", "1000000"],
        [COM_POSTGRES, PY, "bench/bench_gerar_resultado.py", "--tamanhos", "20000", "--cargos", "40"],
    ),
    "importacao": (
        [COM_POSTGRES, PY, "bench/bench_importacao.py"],
        [COM_POSTGRES, PY, "bench/bench_importacao.py", "--linhas", "5000"],
    ),
    "pdf": (
        [PY, "bench/bench_pdf.py"],
        [PY, "bench/bench_pdf.py", "--classificados", "2000", "--sem-referencia"],
    ),
    "pdfs_do_edital": (
        [COM_POSTGRES, PY, "bench/bench_pdfs_do_edital.py", "--inscricoes", "100000", "--cargos", "200"],
        [COM_POSTGRES, PY, "bench/bench_pdfs_do_edital.py", "--inscricoes", "5000", "--cargos", "10"],
    ),
    "admin": (
        [COM_POSTGRES, PY, "bench/bench_changelist.py"],
        [COM_POSTGRES, PY, "bench/bench_changelist.py", "--inscricoes", "20000", "--cargos", "40"],
    ),
    "carga": (
        ["bash", "bench/carga/rodar.sh"],
        ["bash", "bench/carga/rodar.sh", "--duracao", "15", "--usuarios", "5", "--inscricoes", "5000"],
    ),
    "dois_servidores": (
        ["bash", "bench/carga/rodar.sh", "--dois-servidores"],
        [
            "bash",
            "bench/carga/rodar.sh",
            "--dois-servidores",
            "--duracao",
            "15",
            "--usuarios",
            "5",
            "--inscricoes",
            "5000",
        ],
    ),
}


def carga_media() -> str:
    return " ".join(f"{valor:.2f}" for valor in os.getloadavg())


def rodar(nome: str, comando: list[str], medidas: Path, log) -> tuple[int, float]:
    cabecalho = f"\n{'=' * 20} {nome}: {' '.join(comando)} (carga {carga_media()}) {'=' * 20}\n"
    print(cabecalho, flush=True)
    log.write(cabecalho)
    inicio = time.perf_counter()
    processo = subprocess.Popen(
        comando,
        cwd=RAIZ,
        env={**os.environ, "BENCH_MEDIDAS": str(medidas)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    for linha in processo.stdout:
        sys.stdout.write(linha)
        log.write(linha)
    processo.wait()
    return processo.returncode, time.perf_counter() - inicio


def resumo(medidas: Path, codigos: dict[str, tuple[int, float]]) -> str:
    linhas = [json.loads(linha) for linha in medidas.read_text(encoding="utf-8").splitlines() if linha.strip()]
    largura = max([len(m["figura"]) for m in linhas] + [20])
    saida = [f"\n{'figura':<{largura}}  {'meta':>16}  {'medido':>22}  resultado", "-" * (largura + 54)]
    for m in linhas:
        veredito = {True: "passou", False: "FALHOU", None: "—"}[m["passou"]]
        saida.append(f"{m['figura']:<{largura}}  {m['meta']:>16}  {m['medido']:>22}  {veredito}")
    saida.append("")
    for nome, (codigo, segundos) in codigos.items():
        situacao = "ok" if codigo == 0 else f"saiu com {codigo}"
        saida.append(f"benchmark {nome}: {situacao} em {segundos / 60:.1f} min")
    return "\n".join(saida)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rapido", action="store_true", help="tamanhos pequenos (confere o encadeamento)")
    parser.add_argument("--so", nargs="+", choices=sorted(BENCHMARKS), help="só estes benchmarks")
    args = parser.parse_args()

    (AQUI / "saida").mkdir(exist_ok=True)
    registro = AQUI / "saida" / f"escala-{datetime.now():%Y%m%d-%H%M}.log"
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=RAIZ, capture_output=True, text=True).stdout
    with tempfile.TemporaryDirectory() as pasta, registro.open("w", encoding="utf-8") as log:
        medidas = Path(pasta) / "medidas.jsonl"
        medidas.touch()
        inicio = f"Commit {commit.strip()}, {os.cpu_count()} núcleos, carga média {carga_media()}"
        print(inicio)
        log.write(inicio + "\n")
        codigos = {}
        for nome, (completo, rapido) in BENCHMARKS.items():
            if args.so and nome not in args.so:
                continue
            codigos[nome] = rodar(nome, rapido if args.rapido else completo, medidas, log)
        texto = resumo(medidas, codigos)
        print(texto)
        log.write(texto + "\n")
    print(f"\nSaída completa em {registro.relative_to(RAIZ)}")


if __name__ == "__main__":
    main()
