"""Fotografia do uso de CPU (segundos) para o relatório da carga, lida de ``/proc``.

Numa máquina compartilhada o tempo de resposta depende de quem mais está usando os núcleos; o
tempo de CPU gasto por requisição, não. ``rodar.sh`` tira uma fotografia antes e outra depois do
Locust; ``conferir.py`` mostra a diferença: CPU do gunicorn (o processo principal e os workers,
vivos ou já reciclados), do PostgreSQL, do Locust e da máquina inteira (o que sobra é dos outros).

    cpu.py gunicorn=PID [gunicorn=PID …] postgres=PID locust=PID … > fotografia.json
"""

import json
import os
import sys
import time

TIQUES = os.sysconf("SC_CLK_TCK")


def processos() -> dict[int, tuple[int, float]]:
    """pid → (pid do pai, CPU em segundos: a própria e a dos filhos que já terminaram)."""
    tabela = {}
    for nome in os.listdir("/proc"):
        if not nome.isdigit():
            continue
        try:
            with open(f"/proc/{nome}/stat", encoding="ascii", errors="replace") as arquivo:
                campos = arquivo.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pai = int(campos[1])
        utime, stime, cutime, cstime = (int(c) for c in campos[11:15])
        tabela[int(nome)] = (pai, (utime + stime + cutime + cstime) / TIQUES)
    return tabela


def da_arvore(raiz: int, tabela: dict) -> float:
    filhos: dict[int, list[int]] = {}
    for pid, (pai, _) in tabela.items():
        filhos.setdefault(pai, []).append(pid)
    total, pendentes = 0.0, [raiz]
    while pendentes:
        pid = pendentes.pop()
        if pid in tabela:
            total += tabela[pid][1]
            pendentes.extend(filhos.get(pid, []))
    return total


def maquina() -> tuple[float, float]:
    """(segundos de CPU ocupados, segundos de CPU no total), somando os núcleos."""
    with open("/proc/stat", encoding="ascii") as arquivo:
        valores = [int(v) for v in arquivo.readline().split()[1:9]]
    ocioso = valores[3] + valores[4]  # idle + iowait
    return (sum(valores) - ocioso) / TIQUES, sum(valores) / TIQUES


def main() -> None:
    tabela = processos()
    fotografia = {"quando": time.time()}
    for argumento in sys.argv[1:]:
        nome, _, pid = argumento.partition("=")
        fotografia[nome] = fotografia.get(nome, 0.0) + da_arvore(int(pid), tabela)
    fotografia["maquina_ocupada"], fotografia["maquina_total"] = maquina()
    print(json.dumps(fotografia))


if __name__ == "__main__":
    main()
