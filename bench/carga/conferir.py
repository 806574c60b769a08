"""Confere a carga e imprime a tabela: requisições, erros, p50, p95, votos postados e gravados.

Os tempos vêm do ``CARGA_TEMPOS`` do locustfile (um por requisição: percentis exatos, não os
arredondados do Locust). Os votos que a carga viu confirmados (``CARGA_VOTOS``) são conferidos no
banco de ``DATABASE_URL``, membro a membro e candidato a candidato:

- cada par (membro, candidato) confirmado tem o seu ``Parecer``, com o **último** voto confirmado;
- o histórico do parecer (``HistoricoDeParecer``, uma linha por registro ou alteração) tem pelo
  menos tantas versões quantos votos confirmados (menos = voto perdido; mais = o servidor gravou um
  voto cuja resposta o cliente não viu, o que já aparece como erro de requisição);
- a trilha de auditoria tem uma linha por versão, e nenhum candidato tem mais pareceres que membros.

Cada linha da tabela com veredito é de um de dois tipos:

- **validade** — sem ela a medida não vale, e não é questão de tempo: todos os usuários entraram
  com o segundo fator (``CARGA_LOGINS``; o login que para na tela do código quer dizer que a carga
  mediu a barreira, não o sistema), houve requisições com todos no ar, nenhum erro de requisição
  (página que quebrou ou mudou), votos confirmados, **votos mantidos** (nenhum perdido ou trocado),
  a auditoria de cada versão, nenhum candidato com pareceres demais, nenhum pedido em segundo plano
  que falhou;
- **meta** — figura de tempo ou de capacidade: o p95 com todos no ar e, com ``--segundo-plano``,
  todos os pedidos concluídos pelos dois trabalhadores dentro da espera.

Sai com 0 se tudo passou, 1 se a medida não vale (alguma validade falhou) e 3
(``tabela.META_NAO_ATINGIDA``) se a medida vale mas alguma meta não foi atingida — o
``bench/escala.py`` distingue assim o benchmark que quebrou do que só não atingiu a meta.
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
    perdidos, divergentes, a_mais, mantidos = [], [], 0, 0
    for chave, votos in esperado.items():
        parecer = gravado.get(chave)
        if parecer is None or parecer.versoes < len(votos):
            perdidos.append((chave, len(votos), parecer.versoes if parecer else 0))
        elif parecer.voto != votos[-1]:
            divergentes.append((chave, votos[-1], parecer.voto))
        else:
            mantidos += len(votos)
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
        "mantidos": mantidos,
        "versoes": versoes,
        "auditoria": auditoria,
        "perdidos": perdidos,
        "divergentes": divergentes,
        "a_mais": a_mais + sum(gravado[c].versoes for c in sem_confirmacao),
        "candidatos_com_pareceres_demais": excesso,
    }


def ler_logins(caminho: Path) -> list[dict]:
    if not caminho.exists():
        return []
    return [json.loads(linha) for linha in caminho.read_text(encoding="utf-8").splitlines() if linha.strip()]


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


VALIDADE, META = "validade", "meta"


def linhas_da_tabela(args, tempos: list[dict], votos: dict, logins: list[dict], excecoes: int) -> list[tuple]:
    """(medida, valor, meta, passou ou None, tipo): ``tipo`` diz se a linha decide a validade da
    medida ou uma meta (ver o começo do arquivo)."""
    # A meta vale para a carga com todos os usuários no ar; a subida (os logins, ~0,4 s de CPU cada
    # pelo PBKDF2) aparece à parte. Erros contam na rodada inteira.
    no_ar = [t for t in tempos if t["no_ar"]]
    valores = [t["ms"] for t in no_ar]
    erros = sum(not t["ok"] for t in tempos) + excecoes
    duracao = (max(t["inicio"] for t in no_ar) - min(t["inicio"] for t in no_ar)) if len(no_ar) > 1 else 0
    p50, p95 = percentil(valores, 50), percentil(valores, 95)
    senha = [t["ms"] for t in tempos if t["nome"] == "login (senha)"]
    codigo = [t["ms"] for t in tempos if t["nome"] == "login (código)"]
    com_o_codigo = {login["usuario"] for login in logins if login["segundo_fator"]}
    sem_o_codigo = [login for login in logins if not login["segundo_fator"]]
    esperaram = [login["espera"] for login in logins if login["segundo_fator"] and login["espera"] > 0]
    trocados = len(votos["perdidos"]) + len(votos["divergentes"])
    linhas = [
        ("login com o segundo fator (senha e código)", f"{len(com_o_codigo)} de {args.usuarios} usuários"
         + (f", {len(sem_o_codigo)} recusado(s)" if sem_o_codigo else "")
         + (f"; {len(esperaram)} esperou(aram) o próximo código (até {max(esperaram):.0f} s)" if esperaram else ""),
         "todos", len(com_o_codigo) >= args.usuarios and not sem_o_codigo, VALIDADE),
        ("requisições com todos no ar", f"{len(no_ar)} ({len(no_ar) / duracao:.1f}/s)" if duracao else "0", "> 0",
         bool(no_ar), VALIDADE),
        ("erros (rodada inteira)", f"{erros} de {len(tempos)} ({100 * erros / max(1, len(tempos)):.2f}%)"
         + (f", {excecoes} exceções no roteiro" if excecoes else ""), "0",
         erros == 0 and bool(tempos), VALIDADE),
        ("p50 com todos no ar", ms(p50), "—", None, None),
        ("p95 com todos no ar", ms(p95), f"≤ {ms(args.meta_p95)}", p95 <= args.meta_p95, META),
        ("p99 / máximo com todos no ar", f"{ms(percentil(valores, 99))} / {ms(max(valores, default=math.nan))}", "—",
         None, None),
        ("p95 da rodada inteira (com a subida)", ms(percentil([t["ms"] for t in tempos], 95)), "—", None, None),
        ("login, senha: p50 / p95 (na subida)", f"{ms(percentil(senha, 50))} / {ms(percentil(senha, 95))}", "—",
         None, None),
        ("login, código: p50 / p95 (na subida)", f"{ms(percentil(codigo, 50))} / {ms(percentil(codigo, 95))}", "—",
         None, None),
    ]  # fmt: skip
    if args.membros > 0:
        linhas += [
            ("votos confirmados pela carga",
             f"{votos['confirmados']} ({votos['registros']} novos, {votos['alteracoes']} alterações)", "> 0",
             votos["confirmados"] > 0, VALIDADE),
            ("votos mantidos (gravados, com o último valor)",
             f"{votos['mantidos']} de {votos['confirmados']} ({trocados} perdido(s) ou trocado(s))", "todos",
             trocados == 0 and votos["mantidos"] == votos["confirmados"], VALIDADE),
            ("votos gravados (versões de parecer)", str(votos["versoes"]), "≥ confirmados",
             votos["versoes"] >= votos["confirmados"], VALIDADE),
            ("auditoria dos votos", f"{votos['auditoria']} registros", "= gravados",
             votos["auditoria"] == votos["versoes"], VALIDADE),
            ("candidatos com mais de 5 pareceres", str(votos["candidatos_com_pareceres_demais"]), "0",
             votos["candidatos_com_pareceres_demais"] == 0, VALIDADE),
        ]  # fmt: skip
    if args.segundo_plano:
        linhas += linhas_do_segundo_plano(ler_segundo_plano(Path(args.segundo_plano)))
    return linhas


def linhas_do_segundo_plano(fundo: dict | None) -> list[tuple]:
    if fundo is None:
        return [("trabalhos em segundo plano", "sem resumo", "concluídos", False, VALIDADE)]
    trabalhadores = ", ".join(f"{t}: {n}" for t, n in sorted(fundo["trabalhadores"].items()))
    return [
        ("pedidos em segundo plano que falharam", str(fundo["falharam"]), "0", fundo["falharam"] == 0, VALIDADE),
        (
            "trabalhos em segundo plano",
            f"{fundo['concluidos']}/{fundo['pedidos']} pedidos, {fundo['tarefas']} tarefas ({trabalhadores})",
            "todos, pelos 2 workers",
            fundo["concluidos"] == fundo["pedidos"] > 0 and len(fundo["trabalhadores"]) == 2,
            META,
        ),
    ]


def imprimir_tabela(args, linhas: list[tuple]) -> None:
    print()
    print(f"Carga: {args.descricao}")
    if args.carga:
        print(f"Máquina (2 núcleos, compartilhada): {args.carga}")
    largura = max(len(linha[0]) for linha in linhas)
    valor = max(len(linha[1]) for linha in linhas)
    print(f"  {'medida':<{largura}}  {'valor':<{valor}}  {'meta':<22}  resultado")
    for nome, medido, meta, ok, _tipo in linhas:
        veredito = "" if ok is None else ("passou" if ok else "FALHOU")
        print(f"  {nome:<{largura}}  {medido:<{valor}}  {meta:<22}  {veredito}")
        tabela.registrar(f"{args.rotulo}: {nome}", medido, meta, ok)


def imprimir_por_pagina(tempos: list[dict]) -> None:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plano", required=True)
    parser.add_argument("--votos", required=True)
    parser.add_argument("--tempos", required=True)
    parser.add_argument("--logins", required=True, help="CARGA_LOGINS: um login por linha, com o segundo fator")
    parser.add_argument("--usuarios", type=int, required=True, help="usuários simulados (todos têm de entrar)")
    parser.add_argument("--membros", type=int, required=True, help="dos quais, membros de comissão votando")
    parser.add_argument("--meta-p95", type=float, default=500)
    parser.add_argument("--descricao", default="")
    parser.add_argument("--rotulo", default="carga", help="começo do nome de cada medida na tabela do escala.py")
    parser.add_argument("--carga", default="", help="load average da máquina (uptime), para o registro")
    parser.add_argument("--segundo-plano", help="saída de segundo_plano.py esperar")
    parser.add_argument("--excecoes", help="locust_exceptions.csv: exceções dentro das tarefas também são erro")
    parser.add_argument("--cpu", nargs=2, metavar=("ANTES", "DEPOIS"), help="fotografias de cpu.py")
    parser.add_argument(
        "--anonimos", action="store_true", help="visitantes sem login (o portal): sem as linhas do login"
    )
    args = parser.parse_args()

    plano = json.loads(Path(args.plano).read_text(encoding="utf-8"))
    tempos = ler_tempos(Path(args.tempos)) if Path(args.tempos).exists() else []
    votos = conferir_votos(plano, Path(args.votos))
    logins = ler_logins(Path(args.logins))
    excecoes = 0
    if args.excecoes and Path(args.excecoes).exists():
        with open(args.excecoes, encoding="utf-8") as arquivo:
            excecoes = sum(int(linha["Count"]) for linha in csv.DictReader(arquivo))
    linhas = linhas_da_tabela(args, tempos, votos, logins, excecoes)
    if args.anonimos:  # ninguém entra: "todos no ar" é o último visitante criado
        linhas = [linha for linha in linhas if not linha[0].startswith("login")]
    imprimir_tabela(args, linhas)
    imprimir_por_pagina(tempos)
    for login in [login for login in logins if not login["segundo_fator"]][:10]:
        print(f"  LOGIN SEM O SEGUNDO FATOR: {login['usuario']}: {login['motivo']}")
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

    invalidas = [nome for nome, _, _, ok, tipo in linhas if tipo == VALIDADE and not ok]
    perdidas = [nome for nome, _, _, ok, tipo in linhas if tipo == META and not ok]
    print()
    if invalidas:
        print(f"Resultado: A MEDIDA NÃO VALE ({'; '.join(invalidas)})")
        sys.exit(1)
    if perdidas:
        print(f"Resultado: NÃO PASSOU (meta não atingida: {'; '.join(perdidas)})")
        sys.exit(tabela.META_NAO_ATINGIDA)
    print("Resultado: PASSOU")


if __name__ == "__main__":
    main()
