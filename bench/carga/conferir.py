"""Confere a carga e imprime a tabela: requisições, erros, p50, p95, votos postados e gravados.

Os tempos vêm do ``CARGA_TEMPOS`` do locustfile (um por requisição: percentis exatos, não os
arredondados do Locust). Os votos que a carga viu confirmados (``CARGA_VOTOS``) são conferidos no
banco de ``DATABASE_URL``, membro a membro e candidato a candidato:

- cada par (membro, candidato) confirmado tem o seu ``Parecer``, com o **último** voto confirmado;
- o histórico do parecer (``HistoricoDeParecer``, uma linha por registro ou alteração) tem pelo
  menos tantas versões quantos votos confirmados (menos = voto perdido; mais = o servidor gravou um
  voto cuja resposta o cliente não viu, o que já aparece como erro de requisição);
- a trilha de auditoria tem uma linha por versão, e nenhum candidato tem mais pareceres que membros.

Sai com 0 se passou (zero erros, p95 dentro da meta, nenhum voto perdido e, com ``--segundo-plano``,
todos os pedidos concluídos pelos dois trabalhadores), 1 se não.
"""

import argparse
import csv
import json
import math
import os
import sys
from collections import defaultdict
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[2]
for caminho in (str(RAIZ), str(RAIZ / "bench")):
    if caminho not in sys.path:
        sys.path.insert(0, caminho)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402
import tabela  # noqa: E402

django.setup()

from django.db.models import Count  # noqa: E402

from heteroidentificacao.models import Chamado, HistoricoDeParecer, Parecer, RegistroDeAuditoria  # noqa: E402


def percentil(valores: list[float], p: float) -> float:
    """Percentil pelo posto mais próximo (o valor abaixo do qual ficam p% das medidas)."""
    if not valores:
        return float("nan")
    ordenados = sorted(valores)
    return ordenados[max(0, math.ceil(p / 100 * len(ordenados)) - 1)]


def ler_tempos(caminho: Path) -> list[dict]:
    with caminho.open(encoding="utf-8") as arquivo:
        return [
            {
                "inicio": float(r["inicio"]),
                "nome": r["nome"],
                "ms": float(r["ms"]),
                "ok": r["ok"] == "True",
                "no_ar": r["fase"] == "carga",
            }
            for r in csv.DictReader(arquivo)
        ]


def conferir_votos(plano: dict, caminho: Path) -> dict:
    confirmados = [json.loads(linha) for linha in caminho.read_text(encoding="utf-8").splitlines() if linha.strip()]
    esperado: dict[tuple, list[str]] = defaultdict(list)
    for voto in confirmados:
        esperado[(voto["usuario"], voto["chamado"])].append(voto["voto"])
    sessoes = {m["sessao"] for m in plano["membros"]}
    pareceres = Parecer.objects.filter(chamado__sessao__in=sessoes).annotate(versoes=Count("historico"))
    gravado = {(p.membro.usuario.username, p.chamado_id): p for p in pareceres.select_related("membro__usuario")}
    perdidos, divergentes, a_mais = [], [], 0
    for chave, votos in esperado.items():
        parecer = gravado.get(chave)
        if parecer is None or parecer.versoes < len(votos):
            perdidos.append((chave, len(votos), parecer.versoes if parecer else 0))
        elif parecer.voto != votos[-1]:
            divergentes.append((chave, votos[-1], parecer.voto))
        else:
            a_mais += parecer.versoes - len(votos)
    sem_confirmacao = [chave for chave in gravado if chave not in esperado]
    versoes = HistoricoDeParecer.objects.filter(parecer__chamado__sessao__in=sessoes).count()
    auditoria = RegistroDeAuditoria.objects.filter(
        acao__in=["parecer_registrado", "parecer_alterado"],
        usuario__username__in=[m["usuario"] for m in plano["membros"]],
    ).count()
    excesso = (
        Chamado.objects.filter(sessao__in=sessoes)
        .annotate(n=Count("pareceres"))
        .filter(n__gt=5)  # a regra padrão da comissão ordinária: 5 membros
        .count()
    )
    return {
        "confirmados": len(confirmados),
        "registros": sum(1 for v in confirmados if v["tipo"] == "registro"),
        "alteracoes": sum(1 for v in confirmados if v["tipo"] == "alteracao"),
        "pareceres": len(gravado),
        "versoes": versoes,
        "auditoria": auditoria,
        "perdidos": perdidos,
        "divergentes": divergentes,
        "a_mais": a_mais + sum(gravado[c].versoes for c in sem_confirmacao),
        "candidatos_com_pareceres_demais": excesso,
    }


def ler_segundo_plano(caminho: Path) -> dict | None:
    for linha in reversed(caminho.read_text(encoding="utf-8").splitlines()):
        if linha.startswith("SEGUNDO_PLANO "):
            return json.loads(linha.removeprefix("SEGUNDO_PLANO "))
    return None


def imprimir_cpu(antes: dict, depois: dict, requisicoes: int, locust: float | None) -> None:
    """CPU gasta durante o Locust: por papel, por requisição e a da máquina (o resto é de outros
    processos da máquina, que é compartilhada)."""
    segundos = depois["quando"] - antes["quando"]
    nucleos = (depois["maquina_total"] - antes["maquina_total"]) / segundos
    papeis = [p for p in depois if p not in ("quando", "maquina_ocupada", "maquina_total")]
    gasto = {p: depois[p] - antes.get(p, 0.0) for p in papeis}
    maquina = depois["maquina_ocupada"] - antes["maquina_ocupada"]
    print()
    print(f"  CPU durante a carga ({segundos:.0f} s, {nucleos:.0f} núcleos = {segundos * nucleos:.0f} s de CPU)")
    for papel, valor in gasto.items():
        por_requisicao = f"{1000 * valor / requisicoes:.0f} ms por requisição" if requisicoes else ""
        print(f"    {papel:<22} {valor:7.1f} s  {100 * valor / (segundos * nucleos):5.1f}%  {por_requisicao}")
    if locust is not None:
        gasto["locust (o cliente)"] = locust
        print(f"    {'locust (o cliente)':<22} {locust:7.1f} s  {100 * locust / (segundos * nucleos):5.1f}%")
    outros = maquina - sum(gasto.values())
    print(f"    {'outros processos':<22} {outros:7.1f} s  {100 * outros / (segundos * nucleos):5.1f}%")
    print(f"    {'máquina ocupada':<22} {maquina:7.1f} s  {100 * maquina / (segundos * nucleos):5.1f}%")


def ms(valor: float) -> str:
    return "—" if math.isnan(valor) else f"{valor:,.0f} ms".replace(",", ".")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plano", required=True)
    parser.add_argument("--votos", required=True)
    parser.add_argument("--tempos", required=True)
    parser.add_argument("--meta-p95", type=float, default=500)
    parser.add_argument("--descricao", default="")
    parser.add_argument("--carga", default="", help="load average da máquina (uptime), para o registro")
    parser.add_argument("--segundo-plano", help="saída de segundo_plano.py esperar")
    parser.add_argument("--excecoes", help="locust_exceptions.csv: exceções dentro das tarefas também são erro")
    parser.add_argument("--cpu", nargs=2, metavar=("ANTES", "DEPOIS"), help="fotografias de cpu.py")
    args = parser.parse_args()

    plano = json.loads(Path(args.plano).read_text(encoding="utf-8"))
    tempos = ler_tempos(Path(args.tempos)) if Path(args.tempos).exists() else []
    votos = conferir_votos(plano, Path(args.votos))
    # A meta vale para a carga com todos os usuários no ar; a subida (os logins, ~0,4 s de CPU cada
    # pelo PBKDF2) aparece à parte. Erros contam na rodada inteira.
    no_ar = [t for t in tempos if t["no_ar"]]
    valores = [t["ms"] for t in no_ar]
    excecoes = 0
    if args.excecoes and Path(args.excecoes).exists():
        with open(args.excecoes, encoding="utf-8") as arquivo:
            excecoes = sum(int(linha["Count"]) for linha in csv.DictReader(arquivo))
    erros = sum(not t["ok"] for t in tempos) + excecoes
    duracao = (max(t["inicio"] for t in no_ar) - min(t["inicio"] for t in no_ar)) if len(no_ar) > 1 else 0
    p50, p95 = percentil(valores, 50), percentil(valores, 95)
    logins = [t["ms"] for t in tempos if t["nome"] == "login (entrar)"]
    perdidos = len(votos["perdidos"]) + len(votos["divergentes"])

    linhas = [
        ("requisições com todos no ar", f"{len(no_ar)} ({len(no_ar) / duracao:.1f}/s)" if duracao else "0", "> 0",
         bool(no_ar)),
        ("erros (rodada inteira)", f"{erros} de {len(tempos)} ({100 * erros / max(1, len(tempos)):.2f}%)"
         + (f", {excecoes} exceções no roteiro" if excecoes else ""), "0",
         erros == 0 and bool(tempos)),
        ("p50 com todos no ar", ms(p50), "—", None),
        ("p95 com todos no ar", ms(p95), f"≤ {ms(args.meta_p95)}", p95 <= args.meta_p95),
        ("p99 / máximo com todos no ar", f"{ms(percentil(valores, 99))} / {ms(max(valores, default=math.nan))}", "—",
         None),
        ("p95 da rodada inteira (com a subida)", ms(percentil([t["ms"] for t in tempos], 95)), "—", None),
        ("login: p50 / p95 (na subida)", f"{ms(percentil(logins, 50))} / {ms(percentil(logins, 95))}", "—", None),
        (
            "votos confirmados pela carga",
            f"{votos['confirmados']} ({votos['registros']} novos, {votos['alteracoes']} alterações)",
            "> 0",
            votos["confirmados"] > 0,
        ),
        ("votos gravados (versões de parecer)", str(votos["versoes"]), "≥ confirmados", votos["versoes"] >= votos["confirmados"]),
        ("votos perdidos ou trocados", str(perdidos), "0", perdidos == 0),
        ("auditoria dos votos", f"{votos['auditoria']} registros", "= gravados", votos["auditoria"] == votos["versoes"]),
        ("candidatos com mais de 5 pareceres", str(votos["candidatos_com_pareceres_demais"]), "0",
         votos["candidatos_com_pareceres_demais"] == 0),
    ]  # fmt: skip
    if args.segundo_plano:
        fundo = ler_segundo_plano(Path(args.segundo_plano))
        if fundo is None:
            linhas.append(("trabalhos em segundo plano", "sem resumo", "concluídos", False))
        else:
            trabalhadores = ", ".join(f"{t}: {n}" for t, n in sorted(fundo["trabalhadores"].items()))
            linhas.append(
                (
                    "trabalhos em segundo plano",
                    f"{fundo['concluidos']}/{fundo['pedidos']} pedidos, {fundo['tarefas']} tarefas ({trabalhadores})",
                    "todos, pelos 2 workers",
                    fundo["concluidos"] == fundo["pedidos"] > 0 and len(fundo["trabalhadores"]) == 2,
                )
            )
    passou = all(ok for *_, ok in linhas if ok is not None)

    print()
    print(f"Carga: {args.descricao}")
    if args.carga:
        print(f"Máquina (2 núcleos, compartilhada): {args.carga}")
    largura = max(len(linha[0]) for linha in linhas)
    valor = max(len(linha[1]) for linha in linhas)
    print(f"  {'medida':<{largura}}  {'valor':<{valor}}  {'meta':<22}  resultado")
    for nome, medido, meta, ok in linhas:
        veredito = "" if ok is None else ("passou" if ok else "FALHOU")
        print(f"  {nome:<{largura}}  {medido:<{valor}}  {meta:<22}  {veredito}")
        if ok is not None:
            tabela.registrar(f"carga ({args.descricao}): {nome}", medido, meta, ok)

    por_nome = defaultdict(list)
    for t in tempos:
        por_nome[t["nome"]].append(t)
    print()
    print(f"  {'página / ação (rodada inteira)':<42} {'n':>5} {'erros':>5} {'p50':>9} {'p95':>9} {'máximo':>9}"
          f" {'p95 no ar':>10}")  # fmt: skip
    for nome, medidas in sorted(por_nome.items(), key=lambda item: -percentil([m["ms"] for m in item[1]], 95)):
        todos = [m["ms"] for m in medidas]
        falhas = sum(not m["ok"] for m in medidas)
        print(
            f"  {nome:<42} {len(medidas):>5} {falhas:>5} {ms(percentil(todos, 50)):>9} "
            f"{ms(percentil(todos, 95)):>9} {ms(max(todos)):>9} {ms(percentil([m['ms'] for m in medidas if m['no_ar']], 95)):>10}"
        )
    for chave, confirmados, gravados in votos["perdidos"][:10]:
        print(f"  VOTO PERDIDO: {chave[0]} no chamado {chave[1]}: {confirmados} confirmado(s), {gravados} gravado(s)")
    for chave, esperado, gravado in votos["divergentes"][:10]:
        print(f"  VOTO TROCADO: {chave[0]} no chamado {chave[1]}: confirmado {esperado}, gravado {gravado}")
    if votos["a_mais"]:
        print(f"  ({votos['a_mais']} versão(ões) gravada(s) sem confirmação vista pelo cliente: ver os erros)")
    if args.cpu:
        do_locust = Path(args.tempos + ".cpu-do-locust")
        locust = float(do_locust.read_text()) if do_locust.exists() else None
        imprimir_cpu(*(json.loads(Path(c).read_text(encoding="utf-8")) for c in args.cpu), len(tempos), locust)
    print()
    print(f"Resultado: {'PASSOU' if passou else 'NÃO PASSOU'}")
    sys.exit(0 if passou else 1)


if __name__ == "__main__":
    main()
