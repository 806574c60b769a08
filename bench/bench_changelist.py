"""Mede a lista de inscrições do admin com um milhão de linhas (não é teste: imprime uma tabela).

Garante no banco de ``DATABASE_URL`` pelo menos ``--inscricoes`` inscrições (gerando o que faltar
com ``bench/dados_em_escala.py``, num edital novo) e pede a lista do admin pelo cliente de teste do
Django, com o superusuário ``bench`` autenticado e o segundo fator passado na tela do código
(``bench/segundo_fator.py``): o tempo é o do servidor (middlewares, consultas, modelo), sem rede.
Para cada figura, ``--aquecimento`` pedidos descartados e ``--repeticoes`` medidos; a tabela mostra
a mediana, a meta, se passou, as consultas de um pedido a mais (contadas à parte, para a contagem
não pesar no tempo) e como a lista contou as linhas (exata ou estimada). Uma resposta que não seja a
lista (o login, a tela do segundo fator, um erro) derruba o benchmark: nada é medido no lugar dela.

A meta (issue 6): mediana ≤ 300 ms e no máximo 12 consultas, com busca e filtro, sem ``COUNT(*)``
da tabela inteira a cada página. Vale para o PostgreSQL; rode num PostgreSQL descartável::

    scripts/com-postgres .venv/bin/python bench/bench_changelist.py [--inscricoes 1000000 --cargos 500]

Para desenvolver, tamanhos menores (``--inscricoes 100000 --cargos 200``). Descrito em
``bench/README-admin.md``.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

AQUI = Path(__file__).resolve().parent
RAIZ = AQUI.parent
for caminho in (str(RAIZ), str(AQUI)):
    if caminho not in sys.path:
        sys.path.insert(0, caminho)

import dados_em_escala  # noqa: E402  (configura o Django)
import segundo_fator  # noqa: E402
import tabela  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402

from concursos.models import Candidato, Cargo, Inscricao  # noqa: E402

META_MS = 300.0
META_CONSULTAS = 12


def garantir_inscricoes(minimo: int, cargos: int, semente: int) -> None:
    call_command("migrate", interactive=False, verbosity=0)  # banco novo (scripts/com-postgres)
    existentes = Inscricao.objects.count()
    if existentes >= minimo:
        print(f"Banco com {milhar(existentes)} inscrições: nada a gerar.")
    else:
        faltam = minimo - existentes
        print(f"Gerando {milhar(faltam)} inscrições em {cargos} cargos (bench/dados_em_escala.py)…", flush=True)
        inicio = time.perf_counter()
        dados_em_escala.gerar(faltam, cargos, semente)
        print(f"  pronto em {time.perf_counter() - inicio:.0f} s", flush=True)
    aspirar()


def aspirar() -> None:
    """``VACUUM (ANALYZE)`` nas tabelas da lista: o estado de regime, que o autovacuum alcança
    minutos depois de uma carga (estatísticas e mapa de visibilidade, que deixa a página funda sair
    só do índice). Sem ele, as primeiras medidas depois da carga leem a tabela à toa."""
    if connection.vendor != "postgresql":
        return
    inicio = time.perf_counter()
    with connection.cursor() as cursor:
        for modelo in (Inscricao, Candidato):
            cursor.execute(f"VACUUM (ANALYZE) {modelo._meta.db_table}")
    print(f"VACUUM (ANALYZE) de inscrições e candidatos: {time.perf_counter() - inicio:.0f} s", flush=True)


def milhar(numero: int) -> str:
    return f"{numero:,}".replace(",", ".")


def figuras() -> list[tuple[str, dict]]:
    """Os pedidos medidos, com valores tirados do próprio banco (um candidato do meio da tabela, o
    maior cargo, o edital mais recente)."""
    meio = Inscricao.objects.select_related("candidato").order_by("pk")[Inscricao.objects.count() // 2]
    cargo = Cargo.objects.order_by("-pk").first()
    maior = max(Cargo.objects.filter(edital_id=cargo.edital_id), key=lambda c: c.inscricoes.count())
    prefixo = " ".join(meio.candidato.nome.split()[:2])
    prenome = meio.candidato.nome.split()[0]
    edital = {"edital__id__exact": maior.edital_id}
    return [
        ("lista, sem filtro", {}),
        ("busca por CPF (com máscara)", {"q": meio.candidato.cpf_formatado}),
        ("busca por número de inscrição", {"q": meio.numero}),
        (f"busca pelo nome inteiro ({meio.candidato.nome!r})", {"q": meio.candidato.nome}),
        (f"busca pelo começo do nome ({prefixo!r})", {"q": prefixo}),
        (f"busca pelo prenome ({prenome!r})", {"q": prenome}),
        ("filtro por edital", edital),
        (f"filtro pelo maior cargo ({milhar(maior.inscricoes.count())} inscr.)", {"cargo__id__exact": maior.pk}),
        ("filtro por situação (eliminado)", {"situacao__exact": Inscricao.ELIMINADO}),
        (
            "edital + situação + busca pelo começo do nome",
            {**edital, "situacao__exact": Inscricao.CLASSIFICADO, "q": prefixo},
        ),
        ("página 2.000", {"p": 2000}),
        ("página 2.000 do edital", {**edital, "p": 2000}),
        ("página 2.000 do maior cargo, se houver", {"cargo__id__exact": maior.pk, "p": 2000}),
    ]


def medir(cliente: Client, url: str, parametros: dict, aquecimento: int, repeticoes: int) -> dict:
    for _ in range(aquecimento):
        pedir(cliente, url, parametros)
    tempos = []
    for _ in range(repeticoes):
        inicio = time.perf_counter()
        resposta = pedir(cliente, url, parametros)
        tempos.append((time.perf_counter() - inicio) * 1000)
    with CaptureQueriesContext(connection) as consultas:
        resposta = pedir(cliente, url, parametros)
    return {
        "mediana": statistics.median(tempos),
        "maximo": max(tempos),
        "consultas": len(consultas.captured_queries),
        "contagem": contagem_mostrada(resposta),
    }


def pedir(cliente: Client, url: str, parametros: dict):
    resposta = cliente.get(url, parametros)
    if resposta.status_code == 200:
        return resposta
    # O admin responde a uma página além da última (ou a um filtro sem sentido) levando à lista com
    # "?e=1"; qualquer outra resposta (o login, a tela do segundo fator, um erro) quebra a medida.
    destino = resposta.get("Location", "") if resposta.status_code == 302 else ""
    if urlsplit(destino).path == url and "e=1" in urlsplit(destino).query.split("&"):
        raise PaginaInexistente(f"{url} {parametros}")
    raise RuntimeError(f"{url} {parametros}: HTTP {resposta.status_code} {destino}: a lista não foi medida")


class PaginaInexistente(Exception):
    """A página pedida não existe neste banco (a 2.000ª de um cargo com menos de 200 mil linhas)."""


def contagem_mostrada(resposta) -> str:
    """O total que a página mostra (o texto do paginador): "cerca de 1.000.000" quando estimado."""
    paginador = re.search(r'<p class="paginator">(.*?)</p>', resposta.content.decode(), re.S)
    total = re.search(r"((?:cerca de )?[\d.]+) inscriç", paginador[1] if paginador else "")
    return total[1] if total else "?"


def carga() -> str:
    return ", ".join(f"{valor:.2f}" for valor in os.getloadavg())


def commit() -> str:
    resultado = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=RAIZ, capture_output=True, text=True)
    return resultado.stdout.strip() or "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inscricoes", type=int, default=1_000_000)
    parser.add_argument("--cargos", type=int, default=500)
    parser.add_argument("--semente", type=int, default=dados_em_escala.SEMENTE)
    parser.add_argument("--aquecimento", type=int, default=2)
    parser.add_argument("--repeticoes", type=int, default=7)
    argumentos = parser.parse_args()

    garantir_inscricoes(argumentos.inscricoes, argumentos.cargos, argumentos.semente)
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    cliente = Client()
    segundo_fator.entrar_no_cliente(cliente, dados_em_escala.usuario_do_bench())  # a senha e o código
    url = reverse("admin:concursos_inscricao_changelist")

    total = Inscricao.objects.count()
    print()
    print(f"Lista de inscrições do admin — {milhar(total)} inscrições")
    print(
        f"banco {connection.vendor} {connection.cursor().connection.info.server_version if connection.vendor == 'postgresql' else ''}; "
        f"commit {commit()}; carga (uptime: 1, 5, 15 min) {carga()}; DEBUG={settings.DEBUG}"
    )
    print(f"mediana de {argumentos.repeticoes} pedidos depois de {argumentos.aquecimento} de aquecimento")
    print()
    cabecalho = f"{'figura':<52} {'mediana':>9} {'máx.':>8} {'meta':>8}  {'ok':<5} {'consultas':>9}  total mostrado"
    print(cabecalho)
    print("-" * len(cabecalho))
    falhas = medidas = 0
    for nome, parametros in figuras():
        try:
            medida = medir(cliente, url, parametros, argumentos.aquecimento, argumentos.repeticoes)
        except PaginaInexistente:
            print(f"{nome[:52]:<52} {'—':>9} {'—':>8} {'':>8}  {'—':<5} {'':>9}  (página não existe neste banco)")
            continue
        passou = medida["mediana"] <= META_MS and medida["consultas"] <= META_CONSULTAS
        falhas += not passou
        medidas += 1
        tabela.registrar(
            f"admin, {milhar(total)} inscrições: {nome}",
            f"{medida['mediana']:.0f} ms, {medida['consultas']} consultas",
            f"≤ {META_MS:.0f} ms",
            passou,
        )
        print(
            f"{nome[:52]:<52} {medida['mediana']:>6.0f} ms {medida['maximo']:>5.0f} ms {'≤' + str(int(META_MS)) + ' ms':>8}"
            f"  {'sim' if passou else 'NÃO':<5} {medida['consultas']:>9}  {medida['contagem']}",
            flush=True,
        )
    if not medidas:
        raise SystemExit("Nenhuma figura foi medida: a lista não existe neste banco?")
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_total_relation_size('concursos_inscricao') + pg_total_relation_size('concursos_candidato')"
                " + pg_total_relation_size('concursos_opcaodegrupo'), pg_database_size(current_database())"
            )
            tabelas, banco = cursor.fetchone()
        espaco = (
            f"inscrições + candidatos + opções, com índices: {tabelas / 2**20:.0f} MiB; banco: {banco / 2**20:.0f} MiB"
        )
        print(f"\nEspaço no disco: {espaco}")
        tabela.registrar(f"espaço de {milhar(total)} inscrições no PostgreSQL", f"{tabelas / 2**20:.0f} MiB", "—", None)
    print()
    print(
        f"Metas: mediana ≤ {META_MS:.0f} ms e ≤ {META_CONSULTAS} consultas. {'Todas cumpridas.' if not falhas else f'{falhas} figura(s) fora da meta.'}"
    )


if __name__ == "__main__":
    main()
