"""Mede o ``simular_cotas`` no cenário de 100 mil classificados (não é teste: só imprime números).

Compara três coisas com o mesmo arquivo (``bench/saida/cenario-100k.json``, gerado se faltar):

1. o piso: só ler o JSON com ``json.load`` e ordenar os candidatos pela nota (``Decimal``), num
   ``python -c`` novo (com a partida do interpretador) e dentro deste processo;
2. o comando inteiro, ``python manage.py simular_cotas ARQUIVO > /dev/null`` (melhor de N,
   alternado com o piso, para os dois pegarem a mesma carga da máquina);
3. o motor dentro deste processo (``ler_json`` + ``simular`` + ``resultado_para_dict`` +
   ``formatar_json``), fase a fase com o coletor de ciclos desligado como no comando, e o perfil
   do cProfile (cumulativo e tempo próprio).

A meta da issue 6 é o comando inteiro custar no máximo 3 vezes o piso (tempo de parede); a da issue
25, no máximo 2 vezes pela CPU dos subprocessos, menos sensível a outros processos numa máquina
dividida. O script nunca falha por isso.

Uso: ``.venv/bin/python bench/bench_simular_cotas.py [--repeticoes 3] [--linhas 15] [--arquivo X]``;
``--candidatos 20000`` mede um cenário menor na mesma proporção (``saida/cenario-20k.json``; o do
``bench/escala.py --rapido``), em que a meta não vale.
"""

import argparse
import cProfile
import gc
import io
import json
import os
import pstats
import resource
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path

AQUI = Path(__file__).resolve().parent
RAIZ = AQUI.parent
for caminho in (str(RAIZ), str(AQUI)):
    if caminho not in sys.path:
        sys.path.insert(0, caminho)

import gerar_cenario  # noqa: E402
import tabela  # noqa: E402

import cotas  # noqa: E402
from cotas import classificacao, convocacao, motor, reserva, validacao  # noqa: E402
from cotas.cenario import ler_cenario  # noqa: E402

META = 3.0  # pela parede (issue 6)
META_CPU = 2.0  # pela CPU dos subprocessos (issue 25)
PISO = """
import json, sys
from decimal import Decimal
with open(sys.argv[1], "rb") as arquivo:
    dados = json.load(arquivo)
dados["candidatos"].sort(key=lambda c: Decimal(c["nota"]), reverse=True)
"""


def rodar(comando: list[str]) -> tuple[float, float, int]:
    """Tempo de parede, CPU (usuário + sistema) e pico de memória (KiB) de um processo filho."""
    inicio = time.perf_counter()
    processo = subprocess.Popen(comando, cwd=RAIZ, stdout=subprocess.DEVNULL)
    _, status, uso = os.wait4(processo.pid, 0)
    decorrido = time.perf_counter() - inicio
    processo.returncode = os.waitstatus_to_exitcode(status)
    if processo.returncode != 0:
        raise SystemExit(f"{' '.join(comando)} terminou com código {processo.returncode}")
    return decorrido, uso.ru_utime + uso.ru_stime, uso.ru_maxrss


def melhor(medidas: list[tuple[float, float, int]]) -> tuple[float, float, int]:
    """Menor parede, menor CPU e maior pico entre as repetições."""
    return min(m[0] for m in medidas), min(m[1] for m in medidas), max(m[2] for m in medidas)


def melhor_de(repeticoes: int, comando: list[str]) -> tuple[float, float, int]:
    return melhor([rodar(comando) for _ in range(repeticoes)])


def cronometrar(funcao, *argumentos):
    inicio = time.perf_counter()
    valor = funcao(*argumentos)
    return time.perf_counter() - inicio, valor


def piso_no_processo(arquivo: Path) -> float:
    inicio = time.perf_counter()
    with open(arquivo, "rb") as entrada:
        dados = json.load(entrada)
    dados["candidatos"].sort(key=lambda c: Decimal(c["nota"]), reverse=True)
    return time.perf_counter() - inicio


def fases_do_motor(arquivo: Path) -> dict[str, float]:
    """O mesmo caminho do ``simular_cotas``, fase a fase (espelha ``cotas.motor.simular``), com o
    coletor de ciclos desligado, como no comando (``cotas.cli``)."""
    gc.disable()
    try:
        return _fases_do_motor(arquivo)
    finally:
        gc.enable()


def _fases_do_motor(arquivo: Path) -> dict[str, float]:
    tempos = {}
    tempos["ler o arquivo (bytes)"], texto = cronometrar(arquivo.read_bytes)
    tempos["json.loads (parse_float=Decimal)"], dados = cronometrar(lambda: json.loads(texto, parse_float=Decimal))
    tempos["ler_cenario (dataclasses)"], cenario = cronometrar(ler_cenario, dados)
    tempos["validar"], _ = cronometrar(validacao.validar, cenario)
    regime, edital = cenario.regime, cenario.edital
    aplicaveis = reserva.grupos_aplicaveis(regime, edital)
    tempos["quadro_de_vagas"], _ = cronometrar(reserva.quadro_de_vagas, cenario.vagas, regime, aplicaveis)
    tempos["classificar (ordenar, empates)"], resultado_da_classificacao = cronometrar(
        classificacao.classificar, cenario.candidatos, edital, regime, aplicaveis
    )
    geral_ordenada = resultado_da_classificacao.geral
    # As inscrições como simular() as passa a convocar: cópias vizinhas na memória, na ordem da
    # lista geral (o que convocar percorre a cada evento), e as listas dos grupos.
    tempos["listas_em_ordem"], (geral, nomes, _) = cronometrar(
        motor.listas_em_ordem, geral_ordenada, regime, aplicaveis
    )
    contexto = convocacao.Contexto(regime, edital, aplicaveis, cenario.candidatos, cenario.vagas)
    tempos["convocar (evento 0 + eventos)"], _ = cronometrar(
        convocacao.convocar, contexto, geral, nomes, cenario.eventos
    )
    tempos["simular (inteiro, conferência)"], resultado = cronometrar(cotas.simular, cenario)
    tempos["resultado_para_dict"], saida = cronometrar(cotas.resultado_para_dict, resultado, cenario)
    tempos["formatar_json"], texto_saida = cronometrar(cotas.formatar_json, saida)
    tempos["_bytes_de_saida"] = len(texto_saida.encode())
    return tempos


def motor_inteiro(texto: bytes) -> str:
    cenario = cotas.ler_json(texto)
    return cotas.formatar_json(cotas.resultado_para_dict(cotas.simular(cenario), cenario))


def perfil(arquivo: Path, linhas: int) -> str:
    texto = arquivo.read_bytes()
    perfilador = cProfile.Profile()
    perfilador.runcall(motor_inteiro, texto)
    perfilador.dump_stats(AQUI / "saida" / "motor.prof")
    relatorio = io.StringIO()
    for ordem in ("cumulative", "tottime"):
        relatorio.write(f"\n--- cProfile, top {linhas} por {ordem} ---\n")
        pstats.Stats(perfilador, stream=relatorio).strip_dirs().sort_stats(ordem).print_stats(linhas)
    return relatorio.getvalue()


FASES = {
    "leitura": ("ler o arquivo (bytes)", "json.loads (parse_float=Decimal)", "ler_cenario (dataclasses)"),
    "validação e classificação": ("validar", "quadro_de_vagas", "classificar (ordenar, empates)", "listas_em_ordem"),
    "convocações e eventos": ("convocar (evento 0 + eventos)",),
    "serialização": ("resultado_para_dict", "formatar_json"),
}


def linha(rotulo: str, segundos: float, observacao: str = "") -> str:
    return f"  {rotulo:<62} {segundos * 1000:>8.0f} ms  {observacao}"


def pico(kib: int) -> str:
    return f"pico {kib / 1024:.0f} MiB"


def medir(arquivo: Path, repeticoes: int) -> dict:
    """Todas as medidas: subprocessos (piso, partida, comando inteiro) e o motor neste processo."""
    minimo = AQUI / "saida" / "cenario-minimo.json"
    minimo.write_text(
        '{"vagas": 1, "edital": {"desempate": []}, "candidatos": [{"inscricao": "1", "nota": "1"}]}\n', encoding="utf-8"
    )
    python, comando = sys.executable, [sys.executable, "manage.py", "simular_cotas"]
    # Piso e comando inteiro alternados: numa máquina dividida, os dois pegam a mesma carga.
    pares = [(rodar([python, "-c", PISO, str(arquivo)]), rodar([*comando, str(arquivo)])) for _ in range(repeticoes)]
    medidas = {
        "partida": melhor_de(repeticoes, [python, "-c", "pass"]),
        "piso": melhor([piso for piso, _ in pares]),
        "django": melhor_de(repeticoes, [*comando, str(minimo)]),
        "inteiro": melhor([inteiro for _, inteiro in pares]),
        "piso_local": min(piso_no_processo(arquivo) for _ in range(repeticoes)),
    }
    rodadas = [fases_do_motor(arquivo) for _ in range(repeticoes)]
    medidas["fases"] = {chave: min(r[chave] for r in rodadas) for chave in rodadas[0]}
    medidas["motor_local"] = min(sum(r[c] for chaves in FASES.values() for c in chaves) for r in rodadas)
    return medidas


def imprimir(medidas: dict, repeticoes: int, candidatos: int) -> None:
    (partida, _, rss_partida), (piso, cpu_piso, rss_piso) = medidas["partida"], medidas["piso"]
    (django, _, rss_django), (inteiro, cpu_inteiro, rss_inteiro) = medidas["django"], medidas["inteiro"]
    fases, motor_local, piso_local = medidas["fases"], medidas["motor_local"], medidas["piso_local"]
    print("\n(1) Piso")
    print(linha("python -c 'pass' (só a partida do interpretador)", partida, pico(rss_partida)))
    print(linha("python -c: json.load + sort por Decimal(nota) [subprocesso]", piso, pico(rss_piso)))
    print(linha("json.load + sort por Decimal(nota) [neste processo]", piso_local))
    print(f"\n(2) Comando inteiro (subprocesso, melhor de {repeticoes})")
    print(linha("manage.py simular_cotas cenário de 1 candidato (partida Django)", django, pico(rss_django)))
    print(linha("manage.py simular_cotas ARQUIVO > /dev/null", inteiro, pico(rss_inteiro)))
    saida = fases["_bytes_de_saida"] / 1e6
    print(f"\n(3) Motor neste processo, por fase (melhor de {repeticoes}; resultado de {saida:.1f} MB)")
    for titulo, chaves in FASES.items():
        subtotal = sum(fases[c] for c in chaves)
        print(linha(f"[{titulo}]", subtotal, f"{subtotal / motor_local:4.0%}"))
        for chave in chaves:
            print(linha(f"    {chave}", fases[chave]))
    print(linha("total das fases (melhor rodada)", motor_local))
    print(linha("simular() medido de uma vez, para conferir", fases["simular (inteiro, conferência)"]))
    razao = inteiro / piso
    print(f"\nRazões (meta: comando inteiro ≤ {META:.0f} × piso)")
    veredito = "atingida" if razao <= META else "NÃO atingida"
    if candidatos != gerar_cenario.CANDIDATOS:
        veredito = f"(a meta vale para {gerar_cenario.CANDIDATOS // 1000} mil classificados)"
    print(f"  comando inteiro / piso (subprocessos)   {razao:5.2f} ×  {veredito}")
    razao_cpu = cpu_inteiro / cpu_piso
    veredito_cpu = "atingida" if razao_cpu <= META_CPU else "NÃO atingida"
    if candidatos != gerar_cenario.CANDIDATOS:
        veredito_cpu = veredito
    print(f"  o mesmo, pela CPU dos subprocessos      {razao_cpu:5.2f} ×  meta ≤ {META_CPU:.0f} ×: {veredito_cpu}")
    tabela.registrar(
        f"simular_cotas {candidatos // 1000} mil: comando inteiro / piso",
        f"{razao:.2f} ×",
        f"≤ {META:.0f} ×",
        razao <= META if candidatos == gerar_cenario.CANDIDATOS else None,  # a meta é a dos 100 mil
    )
    tabela.registrar(
        f"simular_cotas {candidatos // 1000} mil: comando inteiro / piso, pela CPU",
        f"{razao_cpu:.2f} ×",
        f"≤ {META_CPU:.0f} ×",
        razao_cpu <= META_CPU if candidatos == gerar_cenario.CANDIDATOS else None,
    )
    print(f"  motor no processo / piso no processo    {motor_local / piso_local:5.2f} ×")
    print(f"  para a meta, o comando inteiro deve levar ≤ {META * piso * 1000:.0f} ms (hoje {inteiro * 1000:.0f} ms)")
    filhos = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    proprio = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"\nPico de memória (getrusage): maior filho {filhos / 1024:.0f} MiB; este processo {proprio / 1024:.0f} MiB")


def carga() -> str:
    """A carga média de 1, 5 e 15 minutos: numa máquina dividida, a parede só vale com ela ao lado."""
    return "carga média (1, 5, 15 min) " + ", ".join(f"{c:.2f}" for c in os.getloadavg())


def versao_do_motor() -> str:
    """Commit do repositório e se ``cotas/`` tem alterações não registradas (os números valem para ele)."""
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=RAIZ, capture_output=True, text=True)
        sujo = subprocess.run(["git", "status", "--porcelain", "cotas"], cwd=RAIZ, capture_output=True, text=True)
    except OSError:
        return "commit desconhecido"
    return f"commit {commit.stdout.strip()}" + (" com cotas/ alterado" if sujo.stdout.strip() else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arquivo", type=Path, help="padrão: bench/saida/cenario-100k.json, gerado se faltar")
    parser.add_argument("--candidatos", type=int, default=gerar_cenario.CANDIDATOS, help="do cenário gerado")
    parser.add_argument("--repeticoes", type=int, default=3)
    parser.add_argument("--linhas", type=int, default=15, help="linhas de cada tabela do cProfile")
    argumentos = parser.parse_args()
    arquivo = argumentos.arquivo or gerar_cenario.saida_para(argumentos.candidatos)
    repeticoes = argumentos.repeticoes
    if not arquivo.exists():
        gerar_cenario.gerar(arquivo, candidatos=argumentos.candidatos)
    print(f"Arquivo: {arquivo} ({arquivo.stat().st_size / 1e6:.1f} MB); Python {sys.version.split()[0]}")
    print(f"Motor: {versao_do_motor()}; {os.cpu_count()} CPUs; {carga()}")
    candidatos = len(json.loads(arquivo.read_bytes())["candidatos"])
    imprimir(medir(arquivo, repeticoes), repeticoes, candidatos)
    print(perfil(arquivo, argumentos.linhas))
    print(f"Perfil completo em {AQUI / 'saida' / 'motor.prof'} (python -m pstats).")
    print(f"Ao fim: {carga()}")


if __name__ == "__main__":
    main()
