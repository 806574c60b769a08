"""Mede o PDF do resultado de um cargo com 10 mil classificados (não é teste: imprime uma tabela).

1. Gera, num SQLite descartável (``bench/saida/pdf/bench-pdf.sqlite3``), um edital com um cargo pelo
   ``bench/dados_em_escala.py`` (nomes comuns, ~30% optantes por negros, ~5% PcD), acerta a
   situação das inscrições para que exatamente N fiquem classificadas, alonga alguns nomes até 200
   caracteres, registra duas desistências (anotação "Saiu" e registro de chamadas) e gera o
   resultado com ``services.gerar_resultado`` — o caminho de verdade.
2. Mede, num processo novo (com ``django.setup()`` e a leitura do banco), a chamada
   ``concursos.pdf.resultado.resultado_do_cargo_pdf(resultado)``: tempo de parede da chamada e pico de
   memória da árvore de processos (soma do RSS do processo e de todos os descendentes, amostrada a
   cada 20 ms a partir de ``/proc``; conta em dobro as páginas compartilhadas, portanto é um teto).
3. Mede do mesmo jeito a referência: as mesmas linhas numa tabela simples do WeasyPrint (modelo
   embutido aqui, ``thead`` repetido, "Página X de Y" pela margem), como o PDF era antes.
4. Confere o PDF novo (número de páginas, "Página N de N" na última, uma linha perto do fim da lista
   geral, nenhum CPF inteiro) e imprime a tabela: figura, valor, meta, passou/falhou. Tempo e memória
   fora da meta só aparecem na tabela; o PDF que não passa na conferência faz o script sair com erro.

Uso::

    .venv/bin/python bench/bench_pdf.py [--classificados 10000] [--processos 2] [--sem-referencia]

Os números dependem da máquina e da carga: o cabeçalho mostra a carga média antes e depois.
"""

import argparse
import json
import logging
import os
import re
import resource
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

import tabela  # bench/tabela.py, ao lado deste arquivo

AQUI = Path(__file__).resolve().parent
RAIZ = AQUI.parent
PASTA = AQUI / "saida" / "pdf"
BANCO = PASTA / "bench-pdf.sqlite3"
META_SEGUNDOS = 10.0
META_MIB = 600
MIB = 1024 * 1024
PAGINA = os.sysconf("SC_PAGE_SIZE")

REFERENCIA = """<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8"><title>Referência</title><style>
@page { size: A4; margin: 18mm 14mm 20mm; @bottom-right { content: "Página " counter(page) " de " counter(pages);
  font-size: 7.5pt } }
html { font-family: "DejaVu Sans", sans-serif; font-size: 8pt; }
table { width: 100%; table-layout: fixed; border-collapse: collapse; margin-bottom: 4mm; }
th, td { border: 0.5pt solid #777; padding: 0.6mm 1.2mm; text-align: left; vertical-align: top; }
thead th { background: #e8e8e8; } tr { break-inside: avoid; } h3 { break-after: avoid; }
</style></head><body>
{% for titulo, cabecalho, linhas in listas %}<h3>{{ titulo }}</h3><table>
<thead><tr>{% for c in cabecalho %}<th>{{ c }}</th>{% endfor %}</tr></thead><tbody>
{% for linha in linhas %}<tr>{% for c in linha %}<td>{{ c }}</td>{% endfor %}</tr>{% endfor %}
</tbody></table>{% endfor %}</body></html>"""


# ── Medida: tempo e pico de memória da árvore de processos ───────────────────────────────────────


def _rss_da_arvore(raiz: int) -> int:
    """Soma do RSS (bytes) de ``raiz`` e de todos os seus descendentes, lida de ``/proc``."""
    pais = {}
    for entrada in os.listdir("/proc"):
        if entrada.isdigit():
            try:
                with open(f"/proc/{entrada}/stat") as arquivo:
                    pais[int(entrada)] = int(arquivo.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    arvore, fila = {raiz}, [raiz]
    while fila:
        pai = fila.pop()
        filhos = [pid for pid, ppid in pais.items() if ppid == pai and pid not in arvore]
        arvore.update(filhos)
        fila += filhos
    total = 0
    for pid in arvore:
        try:
            with open(f"/proc/{pid}/statm") as arquivo:
                total += int(arquivo.read().split()[1]) * PAGINA
        except (OSError, IndexError, ValueError):
            continue
    return total


def medir_processo(argumentos: list[str]) -> tuple[dict, int]:
    """Roda ``bench_pdf.py --medir ...`` num processo novo; devolve o que ele imprimiu (JSON) e o
    pico de memória da árvore de processos dele."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{BANCO}"}
    filho = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), *argumentos], cwd=RAIZ, env=env, stdout=subprocess.PIPE
    )
    pico = 0

    def amostrar():
        nonlocal pico
        while filho.poll() is None:
            pico = max(pico, _rss_da_arvore(filho.pid))
            time.sleep(0.02)

    amostrador = threading.Thread(target=amostrar)
    amostrador.start()
    saida, _ = filho.communicate()
    amostrador.join()
    if filho.returncode != 0:
        raise SystemExit(f"a medida {argumentos} terminou com código {filho.returncode}")
    return json.loads(saida.decode().strip().splitlines()[-1]), pico


# ── Dados: o edital com um cargo de N classificados ──────────────────────────────────────────────


def preparar(classificados: int) -> int:
    """Cria o banco descartável e devolve o id do resultado a desenhar."""
    PASTA.mkdir(parents=True, exist_ok=True)
    BANCO.unlink(missing_ok=True)
    os.environ["DATABASE_URL"] = f"sqlite:///{BANCO}"
    sys.path.insert(0, str(AQUI))
    import dados_em_escala  # configura o Django com o banco acima
    from django.utils import timezone

    from concursos import services
    from concursos.atos import Ato
    from concursos.models import Candidato, Cargo, Inscricao

    edital_id = dados_em_escala.gerar(int(classificados * 1.04) + 10, 1)
    cargo = Cargo.objects.get(edital_id=edital_id)
    inscricoes = Inscricao.objects.filter(cargo=cargo).order_by("id")
    ids = list(inscricoes.values_list("id", flat=True))
    inscricoes.filter(id__in=ids[:classificados]).update(situacao=Inscricao.CLASSIFICADO)
    inscricoes.filter(id__in=ids[classificados:]).update(situacao=Inscricao.ELIMINADO)
    longos = Candidato.objects.filter(inscricoes__cargo=cargo).order_by("id")[::97]
    for candidato in longos:  # 1% de nomes longos, até 200 caracteres
        candidato.nome = (candidato.nome + " Albuquerque de Vasconcellos Cavalcanti") * 5
        candidato.nome = candidato.nome[:200].strip()
        candidato.save(update_fields=["nome"])
    usuario = dados_em_escala.usuario_do_bench()
    resultado = services.gerar_resultado(cargo, por=usuario, motivo="Benchmark do PDF")
    # A data do ato (o requerimento de desistência): depois da publicação do edital, nunca no futuro.
    data_do_ato = min(cargo.edital.publicado_em + timedelta(days=90), timezone.localdate())
    for numero in resultado.saida["listas"]["geral"][:2]:
        inscricao = Inscricao.objects.get(cargo=cargo, numero=numero)
        ato = Ato(documento="Bench 1/2026", data_do_ato=data_do_ato)
        resultado = services.registrar_desistencia(inscricao, ato=ato, por=usuario).resultado
    return resultado.pk


def reaproveitar() -> int:
    os.environ["DATABASE_URL"] = f"sqlite:///{BANCO}"
    sys.path.insert(0, str(AQUI))
    import dados_em_escala  # noqa: F401  (configura o Django com o banco acima)

    from concursos.models import Resultado

    return Resultado.objects.order_by("-pk").values_list("pk", flat=True).first()


# ── O que roda no processo medido ────────────────────────────────────────────────────────────────


def medir_no_filho(modo: str, resultado_id: int, processos: int | None) -> dict:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(RAIZ))
    import django

    django.setup()
    from concursos.models import Resultado
    from concursos.pdf.resultado import resultado_do_cargo_pdf

    resultado = Resultado.objects.select_related("cargo__edital", "gerado_por").get(pk=resultado_id)
    cpu_antes, inicio = _cpu(), time.perf_counter()
    # O progresso do WeasyPrint (INFO, uma linha por página) não é medida: fica fora da saída.
    logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)
    if modo == "novo":
        conteudo = resultado_do_cargo_pdf(resultado, processos=processos)
    else:
        conteudo = _referencia(resultado)
    segundos, cpu = time.perf_counter() - inicio, _cpu() - cpu_antes
    arquivo = PASTA / f"resultado-{modo}.pdf"
    arquivo.write_bytes(conteudo)
    return {"segundos": segundos, "cpu": cpu, "arquivo": str(arquivo), "bytes": len(conteudo)}


def _cpu() -> float:
    """Tempo de CPU (usuário + sistema) deste processo e dos filhos que ele já esperou."""
    proprio, filhos = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return proprio.ru_utime + proprio.ru_stime + filhos.ru_utime + filhos.ru_stime


def _referencia(resultado) -> bytes:
    """As mesmas linhas numa tabela simples do WeasyPrint, como o PDF era desenhado antes."""
    from django.template import Context, Template
    from weasyprint import HTML

    from comum.pdf import ENDERECO_BASE, buscador
    from concursos.pdf.resultado import secao_do_resultado
    from concursos.pdf.textos import rotulos_das_vagas

    edital = resultado.cargo.edital
    secao = secao_do_resultado(
        resultado, rotulos_das_vagas(edital.regime_congelado()), resultado.cargo.inscricoes.pessoas()
    )
    html = Template(REFERENCIA).render(Context({"listas": listas_da_referencia(secao)}))
    return HTML(string=html, base_url=ENDERECO_BASE, url_fetcher=buscador()).write_pdf()


def listas_da_referencia(secao: dict) -> list[tuple[str, list[str], list[tuple]]]:
    """Título, cabeçalho e linhas de cada tabela da referência, cada linha com uma célula por coluna
    do cabeçalho (a anotação de cada inscrição vai junto do nome, como no PDF). Uma linha de outro
    tamanho faz o WeasyPrint avisar "more columns than the table" e desenhar outra coisa: recusada."""

    def nome(nome, anotacao):
        return f"{nome} {anotacao}".strip()

    listas = [
        ("Lista geral", ["Classificação", "Inscrição", "Nome", "CPF", "Nota"], [
            (c, n, nome(pessoa, obs), cpf, nota) for c, n, pessoa, obs, cpf, nota in secao["geral"]
        ]),
        *(
            (rotulo, ["No grupo", "Geral", "Inscrição", "Nome", "Nota"], [
                (c, g, n, nome(pessoa, obs), nota) for c, g, n, pessoa, obs, nota in linhas
            ])
            for rotulo, linhas in secao["grupos"]
        ),
        ("Ordem de convocação", ["Posição", "Tipo", "Inscrição", "Nome", "Vaga"], [
            (p, tipo, n, nome(pessoa, anotacao), vaga) for p, tipo, n, pessoa, anotacao, vaga in secao["ordem"]
        ]),
        ("Registro de chamadas", ["Ordem", "Evento", "Posição", "Inscrição", "Nome", "Vaga", "Motivo"],
         secao["convocacoes"]),
    ]  # fmt: skip
    for titulo, cabecalho, linhas in listas:
        tortas = [linha for linha in linhas if len(linha) != len(cabecalho)]
        if tortas:
            raise ValueError(
                f"referência, {titulo}: {len(tortas)} linha(s) com outro número de células que as "
                f"{len(cabecalho)} colunas (a primeira: {tortas[0]!r}); acerte listas_da_referencia."
            )
    return listas


# ── Conferência e tabela ─────────────────────────────────────────────────────────────────────────


def conferir(arquivo: str) -> dict:
    from pypdf import PdfReader

    leitor = PdfReader(arquivo)
    espacos = re.compile(r"[ \u00a0\u2000-\u200a\u202f]+")
    ultima = espacos.sub(" ", leitor.pages[-1].extract_text())
    total = len(leitor.pages)
    textos = [espacos.sub(" ", p.extract_text()) for p in leitor.pages]
    cpf_inteiro = any(re.search(r"\d{3}\.\d{3}\.\d{3}-\d{2}", t) for t in textos)
    return {
        "paginas": total,
        "numeracao": f"Página {total} de {total}" in ultima,
        "cpf_inteiro": cpf_inteiro,
        "textos": textos,
    }


def linha_perto_do_fim(resultado_id: int) -> str:
    from concursos.models import Resultado

    resultado = Resultado.objects.select_related("cargo").get(pk=resultado_id)
    pessoas = resultado.cargo.inscricoes.pessoas()
    geral = resultado.saida["listas"]["geral"]
    numero = geral[-3]
    return f"{len(geral) - 2} {numero} {pessoas[numero][0][:30]}"


def imprimir(linhas: list[tuple[str, str, str, str]]) -> None:
    larguras = [max(len(linha[i]) for linha in linhas) for i in range(4)]
    for i, linha in enumerate(linhas):
        print("  ".join(c.ljust(larguras[j]) if j == 0 else c.rjust(larguras[j]) for j, c in enumerate(linha)))
        if i == 0:
            print("  ".join("-" * largura for largura in larguras))
        elif linha[3] in ("passou", "falhou"):
            tabela.registrar(linha[0], linha[1], linha[2], linha[3] == "passou")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--classificados", type=int, default=10_000)
    parser.add_argument("--processos", type=int, default=None, help="processos que desenham (padrão: automático)")
    parser.add_argument("--sem-referencia", action="store_true", help="não mede a tabela simples (~35 s)")
    parser.add_argument("--reaproveitar", action="store_true", help="usa o banco da rodada anterior, se houver")
    parser.add_argument("--medir", choices=["novo", "tabela"], help=argparse.SUPPRESS)
    parser.add_argument("--resultado", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.medir:
        print(json.dumps(medir_no_filho(args.medir, args.resultado, args.processos)))
        return

    carga_antes = os.getloadavg()
    marca = time.perf_counter()
    resultado_id = reaproveitar() if args.reaproveitar and BANCO.exists() else preparar(args.classificados)
    from concursos.models import Resultado

    resultado = Resultado.objects.get(pk=resultado_id)
    listas = resultado.saida["listas"]
    linhas_das_listas = sum(len(lista) for lista in listas.values())
    print(
        f"Dados prontos em {time.perf_counter() - marca:.1f} s: {len(listas['geral'])} classificados, "
        f"{linhas_das_listas} linhas nas listas, {len(resultado.saida['ordem_vigente'])} posições na ordem, "
        f"{len(resultado.saida['convocacoes'])} chamadas (versão {resultado.versao})."
    )
    extra = ["--processos", str(args.processos)] if args.processos is not None else []
    novo, pico_novo = medir_processo(["--medir", "novo", "--resultado", str(resultado_id), *extra])
    conferencia = conferir(novo["arquivo"])
    procurada = linha_perto_do_fim(resultado_id)
    achou = any(procurada in texto for texto in conferencia["textos"])
    referencia = pico_ref = None
    if not args.sem_referencia:
        referencia, pico_ref = medir_processo(["--medir", "tabela", "--resultado", str(resultado_id)])
    carga_depois = os.getloadavg()

    print(f"\nCarga média (1/5/15 min) antes: {carga_antes[0]:.2f} {carga_antes[1]:.2f} {carga_antes[2]:.2f}; "
          f"depois: {carga_depois[0]:.2f} {carga_depois[1]:.2f} {carga_depois[2]:.2f}; núcleos: {os.cpu_count()}")  # fmt: skip
    print(f"PDF novo: {novo['arquivo']} ({conferencia['paginas']} páginas, {novo['bytes'] // 1024} KiB)\n")
    linhas = [
        ("figura", "valor", "meta", "resultado"),
        ("PDF do cargo: tempo da chamada", f"{novo['segundos']:.1f} s", f"≤ {META_SEGUNDOS:.0f} s",
         "passou" if novo["segundos"] <= META_SEGUNDOS else "falhou"),
        ("PDF do cargo: CPU somada dos processos", f"{novo['cpu']:.1f} s", "—", "—"),
        ("PDF do cargo: pico de memória (árvore)", f"{pico_novo / MIB:.0f} MiB", f"≤ {META_MIB} MiB",
         "passou" if pico_novo / MIB <= META_MIB else "falhou"),
        ("'Página N de N' na última página", "sim" if conferencia["numeracao"] else "não", "sim",
         "passou" if conferencia["numeracao"] else "falhou"),
        (f"linha perto do fim ({procurada[:28]}…)", "achada" if achou else "ausente", "achada",
         "passou" if achou else "falhou"),
        ("CPF inteiro no texto", "sim" if conferencia["cpf_inteiro"] else "não", "não",
         "falhou" if conferencia["cpf_inteiro"] else "passou"),
    ]  # fmt: skip
    if referencia:
        linhas += [
            ("referência (tabela simples): tempo", f"{referencia['segundos']:.1f} s", "—", "—"),
            ("referência (tabela simples): CPU", f"{referencia['cpu']:.1f} s", "—", "—"),
            ("referência (tabela simples): pico de memória", f"{pico_ref / MIB:.0f} MiB", "—", "—"),
            ("ganho de tempo (referência / novo)", f"{referencia['segundos'] / novo['segundos']:.1f}×", "—", "—"),
        ]
    imprimir(linhas)
    if not (conferencia["numeracao"] and achou) or conferencia["cpf_inteiro"]:
        # O PDF saiu errado: não é questão de tempo, e o benchmark não vale (bench/tabela.py).
        raise SystemExit("A conferência do PDF novo falhou (numeração, linha perto do fim ou CPF inteiro).")


if __name__ == "__main__":
    main()
