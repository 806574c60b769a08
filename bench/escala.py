"""Todos os benchmarks de desempenho e escala (issue 6) de uma vez, com a tabela final de figura,
meta, medido e passou/falhou. Não é teste: mede e imprime, nunca falha por tempo.

    .venv/bin/python bench/escala.py            # tamanhos da issue (≈ 20 min nesta máquina)
    .venv/bin/python bench/escala.py --rapido   # tamanhos pequenos: confere que todos rodam (o CI)
    .venv/bin/python bench/escala.py --so pdf importacao

Cada benchmark roda no seu processo e, quando precisa, no seu PostgreSQL descartável
(``scripts/com-postgres``); a saída de cada um aparece inteira e fica também em
``bench/saida/escala-AAAAMMDD-HHMM.log``. As metas estão em cada script; o resumo junta as medidas
que eles registram por ``bench/tabela.py``. Meça com a máquina parada: o cabeçalho mostra a carga.

Sai com erro se algum benchmark **não rodou** (ver ``bench/tabela.py``): saiu com um código que não
seja 0 nem ``tabela.META_NAO_ATINGIDA`` (quebrou, ou a medida não vale: o login parou no segundo
fator, a página medida não era a pedida…), não registrou nenhuma medida, ou passou do limite de
tempo (``--limite``). Meta não atingida nunca é erro. Com ``--rapido`` (o CI) nenhuma meta é
julgada: os tamanhos são pequenos demais para as metas, que valem para os da issue; a tabela mostra o
medido e a meta, sem veredito.
"""

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path

import tabela  # bench/tabela.py, ao lado deste arquivo

AQUI = Path(__file__).resolve().parent
RAIZ = AQUI.parent
PY = str(RAIZ / ".venv" / "bin" / "python")
COM_POSTGRES = str(RAIZ / "scripts" / "com-postgres")
# A carga rápida: poucos usuários, pausas curtas (para haver votos em 10 s) e dados pequenos.
CARGA_RAPIDA = [
    "--duracao", "10", "--usuarios", "4", "--inscricoes", "2000", "--cargos", "10", "--chamados", "20",
    "--espera-rh", "1,3", "--espera-membro", "1,3",
]  # fmt: skip

# O portal rápido: 10 visitantes, pausas curtas, um edital pequeno.
PORTAL_RAPIDO = [
    "--duracao", "10", "--usuarios", "10", "--inscricoes", "2000", "--cargos", "5", "--espera-visitante", "1,3",
]  # fmt: skip

# nome → (comando completo, comando rápido)
BENCHMARKS = {
    "motor": (
        [PY, "bench/bench_simular_cotas.py", "--repeticoes", "3"],
        [PY, "bench/bench_simular_cotas.py", "--repeticoes", "1", "--candidatos", "20000"],
    ),
    "resultado": (
        [COM_POSTGRES, PY, "bench/bench_gerar_resultado.py", "--tamanhos", "100000", "1000000"],
        [COM_POSTGRES, PY, "bench/bench_gerar_resultado.py", "--tamanhos", "5000", "--cargos", "10", "--versoes", "2"],
    ),
    "importacao": (
        [COM_POSTGRES, PY, "bench/bench_importacao.py"],
        [COM_POSTGRES, PY, "bench/bench_importacao.py", "--linhas", "1000"],
    ),
    "pdf": (
        [PY, "bench/bench_pdf.py"],
        [PY, "bench/bench_pdf.py", "--classificados", "500"],
    ),
    "pdfs_do_edital": (
        [COM_POSTGRES, PY, "bench/bench_pdfs_do_edital.py", "--inscricoes", "100000", "--cargos", "200"],
        [COM_POSTGRES, PY, "bench/bench_pdfs_do_edital.py", "--inscricoes", "2000", "--cargos", "4"],
    ),
    "busca_e_previa": (
        [COM_POSTGRES, PY, "bench/bench_busca_de_inscricoes.py"],
        [
            COM_POSTGRES,
            PY,
            "bench/bench_busca_de_inscricoes.py",
            "--inscricoes",
            "5000",
            "--cargos",
            "5",
            "--alvo",
            "1500",
            "--alvo-da-previa",
            "1000",
            "--repeticoes",
            "3",
        ],
    ),  # fmt: skip
    "admin": (
        [COM_POSTGRES, PY, "bench/bench_changelist.py"],
        [
            COM_POSTGRES,
            PY,
            "bench/bench_changelist.py",
            "--inscricoes",
            "10000",
            "--cargos",
            "20",
            "--aquecimento",
            "1",
            "--repeticoes",
            "2",
        ],
    ),  # fmt: skip
    "carga": (
        ["bash", "bench/carga/rodar.sh"],
        ["bash", "bench/carga/rodar.sh", *CARGA_RAPIDA],
    ),
    "dois_servidores": (
        ["bash", "bench/carga/rodar.sh", "--dois-servidores"],
        ["bash", "bench/carga/rodar.sh", "--dois-servidores", *CARGA_RAPIDA],
    ),
    # O dia do resultado: visitantes anônimos no portal da transparência (README-carga.md).
    "portal": (
        ["bash", "bench/carga/rodar.sh", "--portal"],
        ["bash", "bench/carga/rodar.sh", "--portal", *PORTAL_RAPIDO],
    ),
}


def carga_media() -> str:
    return " ".join(f"{valor:.2f}" for valor in os.getloadavg())


def rodar(nome: str, comando: list[str], medidas: Path, log, limite: float | None) -> tuple[int | None, float]:
    """Roda um benchmark, com a saída aqui e no registro; devolve o código de saída (``None`` se
    passou do limite de minutos e foi parado) e a duração em segundos."""
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
        start_new_session=True,  # um grupo de processos só dele: o limite para a árvore inteira
    )
    estourou = threading.Event()
    relogio = threading.Timer(limite * 60, _parar, (processo, estourou)) if limite else None
    if relogio:
        relogio.start()
    try:
        for linha in processo.stdout:
            sys.stdout.write(linha)
            log.write(linha)
        processo.wait()
    except KeyboardInterrupt:  # Ctrl+C (ou TERM) aqui: o benchmark, noutro grupo, não o recebeu
        _parar(processo, threading.Event())
        raise
    finally:
        if relogio:
            relogio.cancel()
    return (None if estourou.is_set() else processo.returncode), time.perf_counter() - inicio


def _parar(processo: subprocess.Popen, estourou: threading.Event) -> None:
    """TERM ao grupo do benchmark (os scripts param os seus servidores ao recebê-lo) e, 60 s depois,
    KILL no que restar."""
    estourou.set()
    for sinal in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(processo.pid, sinal)
        except ProcessLookupError:
            return
        try:
            processo.wait(timeout=60)
            return
        except subprocess.TimeoutExpired:
            continue


def _interromper(_sinal, _quadro):
    raise KeyboardInterrupt


def situacao(codigo: int | None, registradas: int, limite: float | None) -> tuple[bool, str]:
    """(rodou, texto): rodou quem saiu com 0 ou com ``META_NAO_ATINGIDA`` e registrou medidas."""
    if codigo is None:
        return False, f"NÃO RODOU: passou do limite de {limite:g} min e foi parado"
    if codigo not in (0, tabela.META_NAO_ATINGIDA):
        return False, f"NÃO RODOU: saiu com {codigo}"
    if registradas == 0:
        return False, "NÃO RODOU: terminou sem registrar nenhuma medida"
    return True, "rodou" if codigo == 0 else "rodou; meta não atingida"


def resumo(medidas: dict[str, list[dict]], situacoes: dict[str, tuple], rapido: bool) -> str:
    linhas = [m for registradas in medidas.values() for m in registradas]
    largura = max([len(m["figura"]) for m in linhas] + [20])
    saida = [f"\n{'figura':<{largura}}  {'meta':>16}  {'medido':>22}  resultado", "-" * (largura + 54)]
    for m in linhas:
        veredito = "—" if rapido else {True: "passou", False: "FALHOU", None: "—"}[m["passou"]]
        saida.append(f"{m['figura']:<{largura}}  {m['meta']:>16}  {m['medido']:>22}  {veredito}")
    if rapido:
        saida.append("(--rapido: tamanhos pequenos, nenhuma meta julgada; as metas valem para os tamanhos da issue)")
    saida.append("")
    for nome, (_rodou, texto, segundos) in situacoes.items():
        saida.append(f"benchmark {nome}: {texto} em {segundos / 60:.1f} min")
    return "\n".join(saida)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rapido", action="store_true", help="tamanhos pequenos (confere que todos rodam)")
    parser.add_argument("--so", nargs="+", choices=sorted(BENCHMARKS), help="só estes benchmarks")
    parser.add_argument("--limite", type=float, help="minutos de cada benchmark, no máximo (padrão: 10 com --rapido)")
    args = parser.parse_args()
    limite = args.limite if args.limite is not None else (10 if args.rapido else None)
    signal.signal(signal.SIGTERM, _interromper)
    # Os registros INFO (o django-axes a cada login, o progresso do WeasyPrint) afogariam a saída.
    os.environ.setdefault("LOG_LEVEL", "WARNING")

    (AQUI / "saida").mkdir(exist_ok=True)
    registro = AQUI / "saida" / f"escala-{datetime.now():%Y%m%d-%H%M}.log"
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=RAIZ, capture_output=True, text=True).stdout
    inicio_de_tudo = time.perf_counter()
    with tempfile.TemporaryDirectory() as pasta, registro.open("w", encoding="utf-8") as log:
        inicio = f"Commit {commit.strip()}, {os.cpu_count()} núcleos, carga média {carga_media()}"
        print(inicio)
        log.write(inicio + "\n")
        medidas, situacoes = {}, {}
        for nome, (completo, rapido) in BENCHMARKS.items():
            if args.so and nome not in args.so:
                continue
            arquivo = Path(pasta) / f"{nome}.jsonl"
            arquivo.touch()
            codigo, segundos = rodar(nome, rapido if args.rapido else completo, arquivo, log, limite)
            medidas[nome] = [json.loads(linha) for linha in arquivo.read_text(encoding="utf-8").splitlines() if linha]
            situacoes[nome] = (*situacao(codigo, len(medidas[nome]), limite), segundos)
        texto = resumo(medidas, situacoes, args.rapido)
        quebrados = [nome for nome, (rodou, *_) in situacoes.items() if not rodou]
        total = time.perf_counter() - inicio_de_tudo
        if quebrados:
            texto += f"\n\nNÃO RODARAM: {', '.join(quebrados)} (em {total / 60:.1f} min)"
        else:
            texto += f"\n\nTodos os {len(situacoes)} benchmarks rodaram até o fim em {total / 60:.1f} min."
        print(texto)
        log.write(texto + "\n")
    print(f"\nSaída completa em {registro.relative_to(RAIZ)}")
    sys.exit(1 if quebrados else 0)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit("\nInterrompido: o benchmark em curso foi parado.")
