"""Mede o ``manage.py gerar_resultado`` de um edital grande (não é teste: imprime uma tabela).

Para cada tamanho pedido, gera um edital novo no banco de ``DATABASE_URL`` com
``bench/dados_em_escala.py`` (100 mil inscrições em 200 cargos, 1 milhão em 500) e roda o comando
de verdade num subprocesso (``manage.py gerar_resultado N/ANO --usuario bench --tempos``),
medindo o tempo de parede, a CPU e o pico de memória do subprocesso (``os.wait4``: ``ru_utime``,
``ru_stime`` e ``ru_maxrss`` do filho). A CPU do processo não conta a do PostgreSQL; com a máquina
dividida, ela mostra quanto do tempo de parede é do comando e quanto é espera.
A divisão leitura / motor / gravação vem do próprio comando (``--tempos``, que liga
``concursos.fases.medir_fases``): leitura = montar o cenário do banco e ler a versão anterior; motor =
``ler_cenario`` + ``simular`` + ``resultado_para_dict``; gravação = hash, diferenças e INSERT;
outros = travas e consultas pequenas; confirmação = COMMIT; resumo = o texto impresso.

As metas (issue 6): 100 mil inscrições em ≤ 8 s; 1 milhão em ≤ 60 s e ≤ 2 GiB de pico.
Valem para o PostgreSQL; rode num PostgreSQL descartável::

    scripts/com-postgres .venv/bin/python bench/bench_gerar_resultado.py [--tamanhos 100000 1000000]

Opções: ``--cargos`` (um por tamanho; padrão 200 até 100 mil e 500 acima), ``--versoes 2`` (roda o
comando de novo no mesmo edital: a segunda versão compara com a primeira), ``--semente``.
"""

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

AQUI = Path(__file__).resolve().parent
RAIZ = AQUI.parent
for caminho in (str(RAIZ), str(AQUI)):
    if caminho not in sys.path:
        sys.path.insert(0, caminho)

import dados_em_escala  # noqa: E402  (configura o Django)
import tabela  # noqa: E402
from django.db import connection  # noqa: E402

from concursos.models import Edital, Resultado  # noqa: E402

GIB = 1024**3
METAS = {  # inscrições → (segundos, bytes de pico ou None)
    100_000: (8.0, None),
    1_000_000: (60.0, 2 * GIB),
}
TEMPOS = re.compile(r"Tempos: (.*)$", re.MULTILINE)
FASE = re.compile(r"(?P<nome>.+?) (?P<parede>[\d.]+) s(?: \(CPU (?P<cpu>[\d.]+) s\))?$")


def cargos_padrao(inscricoes: int) -> int:
    return 200 if inscricoes <= 100_000 else 500


def rodar_comando(edital: Edital) -> dict:
    """Roda o comando num subprocesso; devolve parede, pico de memória e as fases que ele relatou."""
    comando = [sys.executable, "manage.py", "gerar_resultado", str(edital), "--usuario", "bench", "--tempos"]
    inicio = time.perf_counter()
    processo = subprocess.Popen(comando, cwd=RAIZ, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    erro = processo.stderr.read()
    _, status, uso = os.wait4(processo.pid, 0)
    parede = time.perf_counter() - inicio
    processo.returncode = os.waitstatus_to_exitcode(status)
    if processo.returncode != 0:
        raise SystemExit(f"{' '.join(comando)} terminou com código {processo.returncode}:\n{erro}")
    encontrado = TEMPOS.search(erro)
    fases = {}
    if encontrado:
        for parte in encontrado[1].split("; "):
            achado = FASE.match(parte)
            fases[achado["nome"]] = (float(achado["parede"]), achado["cpu"] and float(achado["cpu"]))
    return {"parede": parede, "cpu": uso.ru_utime + uso.ru_stime, "pico": uso.ru_maxrss * 1024, "fases": fases}


def partida_do_django() -> float:
    """Quanto custa só subir o Django e sair (``manage.py check``), para situar o tempo total."""
    inicio = time.perf_counter()
    subprocess.run([sys.executable, "manage.py", "check"], cwd=RAIZ, check=True, capture_output=True)
    return time.perf_counter() - inicio


def medir(inscricoes: int, cargos: int, semente: int, versoes: int) -> list[dict]:
    inicio = time.perf_counter()
    edital = Edital.objects.get(pk=dados_em_escala.gerar(inscricoes, cargos, semente))
    carga = time.perf_counter() - inicio
    print(f"  edital {edital}: {inscricoes} inscrições em {cargos} cargos, carregado em {carga:.1f} s", flush=True)
    medidas = []
    for versao in range(1, versoes + 1):
        medida = rodar_comando(edital)
        resultados = Resultado.objects.filter(cargo__edital=edital, versao=versao)
        medida.update(
            inscricoes=inscricoes,
            cargos=cargos,
            versao=versao,
            gerados=resultados.count(),
            provisorios=resultados.filter(provisorio=True).count(),
        )
        print(f"  versão {versao}: {medida['parede']:.1f} s, pico {medida['pico'] / 2**20:.0f} MiB", flush=True)
        medidas.append(medida)
    return medidas


def _mil(inscricoes: int) -> str:
    return f"{inscricoes // 1_000_000} mi" if inscricoes % 1_000_000 == 0 else f"{inscricoes // 1000} mil"


def linhas_da_tabela(medida: dict) -> list[tuple[str, str, str, str]]:
    rotulo = f"{_mil(medida['inscricoes'])}/{medida['cargos']} cargos, v{medida['versao']}"
    meta_tempo, meta_pico = METAS.get(medida["inscricoes"], (None, None))
    conta_meta = medida["versao"] == 1  # a meta é a do primeiro resultado; as versões seguintes informam
    linhas = [
        (
            f"{rotulo}: tempo total (subprocesso)",
            f"{medida['parede']:.1f} s",
            f"≤ {meta_tempo:.0f} s" if meta_tempo and conta_meta else "—",
            _veredito(medida["parede"], meta_tempo if conta_meta else None),
        ),
        (f"{rotulo}:   CPU do processo (usuário + sistema)", f"{medida['cpu']:.1f} s", "—", ""),
        (
            f"{rotulo}: pico de memória (RSS)",
            f"{medida['pico'] / 2**20:.0f} MiB",
            f"≤ {meta_pico / GIB:.0f} GiB" if meta_pico and conta_meta else "—",
            _veredito(medida["pico"], meta_pico if conta_meta else None),
        ),
    ]
    for nome, (parede, cpu) in medida["fases"].items():
        medido = f"{parede:.1f} s" + (f" (CPU {cpu:.1f})" if cpu is not None else "")
        linhas.append((f"{rotulo}:   {nome}", medido, "—", ""))
    situacao = f"{medida['gerados']} versões, {medida['provisorios']} provisórias"
    linhas.append((f"{rotulo}:   resultados gravados", situacao, f"{medida['cargos']}, 0", ""))
    return linhas


def _veredito(valor: float, meta: float | None) -> str:
    if meta is None:
        return ""
    return "passa" if valor <= meta else "NÃO PASSA"


def imprimir(medidas: list[dict], partida: float) -> None:
    linhas = [("partida do Django (manage.py check)", f"{partida:.1f} s", "—", "")]
    for medida in medidas:
        linhas += linhas_da_tabela(medida)
    largura = max(len(linha[0]) for linha in linhas)
    print(f"\n{'medida':<{largura}}  {'medido':>14}  {'meta':>10}  resultado")
    for nome, medido, meta, veredito in linhas:
        print(f"{nome:<{largura}}  {medido:>14}  {meta:>10}  {veredito}")
        if nome.endswith(("tempo total (subprocesso)", "pico de memória (RSS)")):  # para o bench/escala.py
            tabela.registrar(f"gerar_resultado {nome}", medido, meta, veredito == "passa" if veredito else None)


def cabecalho() -> str:
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=RAIZ, capture_output=True, text=True)
    sujo = subprocess.run(
        ["git", "status", "--porcelain", "cotas", "concursos"], cwd=RAIZ, capture_output=True, text=True
    )
    versao = commit.stdout.strip() + (" com alterações" if sujo.stdout.strip() else "")
    carga = ", ".join(f"{c:.2f}" for c in os.getloadavg())
    return (
        f"Banco {connection.vendor}; commit {versao}; Python {sys.version.split()[0]}; "
        f"{os.cpu_count()} CPUs; carga média (1, 5, 15 min) {carga}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tamanhos", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--cargos", type=int, nargs="+", help="cargos de cada tamanho, na mesma ordem")
    parser.add_argument("--versoes", type=int, default=1, help="quantas vezes gerar o resultado do mesmo edital")
    parser.add_argument("--semente", type=int, default=dados_em_escala.SEMENTE)
    argumentos = parser.parse_args()
    cargos = argumentos.cargos or [cargos_padrao(n) for n in argumentos.tamanhos]
    if len(cargos) != len(argumentos.tamanhos):
        parser.error("--cargos precisa de um número para cada tamanho")
    print(cabecalho())
    if connection.vendor != "postgresql":
        print("AVISO: as metas valem para o PostgreSQL; use scripts/com-postgres.")
    medidas = []
    for inscricoes, quantos in zip(argumentos.tamanhos, cargos, strict=True):
        medidas += medir(inscricoes, quantos, argumentos.semente, argumentos.versoes)
    imprimir(medidas, partida_do_django())
    print(f"\n{cabecalho()} (ao fim)")


if __name__ == "__main__":
    main()
