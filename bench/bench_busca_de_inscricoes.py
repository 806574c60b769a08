"""Mede a busca do formulário de evento (``concursos:buscar_inscricoes``) e a prévia de um evento num
cargo grande, com um milhão de inscrições no banco (issue 25). Não é teste: imprime a tabela, nunca
falha por tempo.

Uso (PostgreSQL descartável)::

    scripts/com-postgres .venv/bin/python bench/bench_busca_de_inscricoes.py
    scripts/com-postgres .venv/bin/python bench/bench_busca_de_inscricoes.py --inscricoes 100000 --cargos 50 --alvo 5000

Gera o edital com ``dados_em_escala.py`` (ou usa o maior já gravado, com ``--reusar``), escolhe o
cargo de tamanho mais próximo de ``--alvo``, gera a versão do resultado dele e mede, ``--repeticoes``
vezes cada, a view da busca (chamada direto, com o usuário do bench: o que o navegador pede a cada
tecla) por número, prefixo de número, nome, duas palavras do nome, o meio do CPF (os seis algarismos
que as telas mostram, e só três deles); e a prévia de uma
desistência num cargo publicado (perto de ``--alvo-da-previa``): a do serviço
(``services.prever_evento``) e a da tela de confirmação inteira (a view ``registrar_evento`` sem
``confirmar``: formulário, prévia, resumo e o HTML), cada uma na primeira vez do processo (o cenário
publicado ainda não lido) e nas seguintes. Imprime a mediana da parede e da CPU deste processo (a do
PostgreSQL não entra) e a carga média da máquina.
"""

import argparse
import os
import statistics
import sys
import time
from datetime import date

RAIZ = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if RAIZ not in sys.path:
    sys.path.insert(0, RAIZ)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.contrib.messages.storage.fallback import FallbackStorage  # noqa: E402
from django.contrib.sessions.backends.db import SessionStore  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models import Count  # noqa: E402
from django.test import RequestFactory  # noqa: E402

from bench import dados_em_escala  # noqa: E402
from bench.tabela import registrar  # noqa: E402
from concursos import services  # noqa: E402
from concursos.atos import Ato  # noqa: E402
from concursos.models import Cargo, Edital, Inscricao, Resultado  # noqa: E402
from concursos.previsao import esquecer_cenarios_lidos  # noqa: E402
from concursos.views.eventos import buscar_inscricoes, registrar_evento  # noqa: E402

META_DA_BUSCA = 0.100  # s, cargo de 20 mil com 1 milhão de inscrições no banco
META_DA_PREVIA = 0.500  # s, cargo de 12 mil


def medir(funcao, repeticoes: int) -> tuple[float, float]:
    """Mediana da parede e da CPU deste processo, depois de uma rodada de aquecimento."""
    funcao()
    paredes, cpus = [], []
    for _ in range(repeticoes):
        parede, cpu = time.perf_counter(), time.process_time()
        funcao()
        cpus.append(time.process_time() - cpu)
        paredes.append(time.perf_counter() - parede)
    return statistics.median(paredes), statistics.median(cpus)


def _registrar(medida: str, parede: float, cpu: float, meta: float) -> None:
    registrar(medida, f"{parede * 1000:.0f} ms (CPU {cpu * 1000:.0f} ms)", f"≤ {meta * 1000:.0f} ms", parede <= meta)


def cargo_mais_proximo(edital: Edital, alvo: int) -> Cargo:
    tamanhos = Cargo.objects.filter(edital=edital).annotate(n=Count("inscricoes")).values_list("pk", "n")
    pk, _ = min(tamanhos, key=lambda linha: abs(linha[1] - alvo))
    return Cargo.objects.select_related("edital").get(pk=pk)


def edital_do_bench(inscricoes: int, cargos: int, reusar: bool) -> Edital:
    if reusar:
        maior = Edital.objects.annotate(n=Count("inscricoes")).order_by("-n").first()
        if maior is not None and maior.n >= inscricoes:
            return maior
    return Edital.objects.get(pk=dados_em_escala.gerar(inscricoes, cargos, verboso=True))


def busca(cargo: Cargo, usuario, digitado: str):
    pedido = RequestFactory().get(f"/cargos/{cargo.pk}/inscricoes/busca.json", {"q": digitado})
    pedido.user = usuario

    def chamar():
        resposta = buscar_inscricoes(pedido, cargo.pk)
        assert resposta.status_code == 200, resposta.status_code
        return resposta

    return chamar


def imprimir_plano(cargo: Cargo, palavra: str) -> None:
    """O plano da consulta por nome, como a busca a monta (``nome_para_busca`` do cargo, pela ordem do nome)."""
    consulta = cargo.inscricoes.select_related("candidato").filter(nome_para_busca__contains=palavra)
    consulta = consulta.order_by("candidato__nome", "numero")[:21]
    analisar = {"analyze": True} if connection.vendor == "postgresql" else {}
    print(f"plano da busca por nome ({palavra!r}):")
    print(consulta.explain(**analisar))


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--inscricoes", type=int, default=1_000_000)
    argumentos.add_argument("--cargos", type=int, default=500)
    argumentos.add_argument("--alvo", type=int, default=20_000, help="tamanho do cargo da busca")
    argumentos.add_argument("--alvo-da-previa", type=int, default=12_000, help="tamanho do cargo da prévia")
    argumentos.add_argument("--repeticoes", type=int, default=9)
    argumentos.add_argument("--reusar", action="store_true", help="usa o maior edital já gravado, se bastar")
    argumentos.add_argument("--plano", action="store_true", help="imprime o plano da consulta por nome (EXPLAIN)")
    opcoes = argumentos.parse_args()

    edital = edital_do_bench(opcoes.inscricoes, opcoes.cargos, opcoes.reusar)
    usuario = dados_em_escala.usuario_do_bench()
    no_banco = Inscricao.objects.count()
    cargo = cargo_mais_proximo(edital, opcoes.alvo)
    tamanho = cargo.inscricoes.count()
    if not cargo.resultados.exists():
        services.gerar_resultado(cargo, por=usuario)
    amostra = cargo.inscricoes.select_related("candidato").order_by("numero")[tamanho // 2]
    nome = amostra.candidato.nome.split()
    digitados = {
        "número exato": amostra.numero,
        "prefixo do número": amostra.numero[:-2],
        "uma palavra do nome": nome[0][:4].lower(),
        "duas palavras do nome": f"{nome[0]} {nome[-1]}".lower(),
        "meio do CPF": amostra.candidato.cpf[3:9],
        "três algarismos do meio do CPF": amostra.candidato.cpf[4:7],
    }
    print(f"{no_banco} inscrições no banco; cargo {cargo.codigo} com {tamanho} inscrições")
    print(f"carga média da máquina no início: {os.getloadavg()[0]:.2f} em {os.cpu_count()} CPUs")
    print(f"{'medida':<62} {'parede':>9} {'CPU':>9}  meta")
    for rotulo, digitado in digitados.items():
        parede, cpu = medir(busca(cargo, usuario, digitado), opcoes.repeticoes)
        medida = f"busca ({rotulo}), cargo de {tamanho}"
        print(f"{medida:<62} {parede * 1000:7.1f} ms {cpu * 1000:6.1f} ms  ≤ {META_DA_BUSCA * 1000:.0f} ms")
        _registrar(medida, parede, cpu, META_DA_BUSCA)
    if opcoes.plano:
        imprimir_plano(cargo, digitados["uma palavra do nome"])

    medir_previas(cargo_publicado(edital, opcoes.alvo_da_previa, usuario), usuario, opcoes.repeticoes)
    print(f"carga média da máquina no fim: {os.getloadavg()[0]:.2f}")


def cargo_publicado(edital: Edital, alvo: int, usuario) -> Cargo:
    """O cargo da prévia, com a versão gerada e publicada: eventos vêm depois da publicação
    (docs/REGRAS.md §9), e é dela que a prévia lê os candidatos congelados."""
    cargo = cargo_mais_proximo(edital, alvo)
    if not cargo.resultados.filter(status=Resultado.PUBLICADO).exists():
        versao = cargo.resultados.order_by("-versao").first() or services.gerar_resultado(cargo, por=usuario)
        services.publicar_resultado(versao, por=usuario)
    return cargo


def medir_previas(cargo: Cargo, usuario, repeticoes: int) -> None:
    """A prévia de uma desistência (do primeiro convocado): o serviço e a tela, na primeira vez do
    processo (``esquecer_cenarios_lidos`` antes de cada uma) e nas seguintes."""
    convocada = cargo.posicoes_vigentes.order_by("posicao").values_list("inscricao", flat=True).first()
    desistente = cargo.inscricoes.get(numero=convocada)
    ato = Ato(documento="Req. 1/2026", data_do_ato=max(date.today(), cargo.edital.publicado_em))
    tamanho = cargo.inscricoes.count()

    def servico():
        return services.prever_evento(cargo, tipo="desistencia", inscricao=desistente, ato=ato)

    def tela():
        dados = {
            "inscricao": convocada,
            "documento": ato.documento,
            "data_do_ato": ato.data_do_ato.strftime("%d/%m/%Y"),
        }
        pedido = RequestFactory().post(f"/cargos/{cargo.pk}/eventos/desistencia/", dados)
        pedido.user, pedido.session = usuario, SessionStore()
        pedido._messages = FallbackStorage(pedido)
        resposta = registrar_evento(pedido, cargo.pk, "desistencia")
        assert resposta.status_code == 200 and b"Nada foi gravado ainda" in resposta.content, "não é a prévia"

    def primeira(funcao):
        def chamar():
            esquecer_cenarios_lidos()
            funcao()

        return chamar

    vezes = max(3, repeticoes // 3)
    for rotulo, funcao in (
        ("prévia de uma desistência (serviço)", servico),
        ("prévia, primeira do processo (serviço)", primeira(servico)),
        ("tela da prévia de uma desistência", tela),
        ("tela da prévia, primeira do processo", primeira(tela)),
    ):
        parede, cpu = medir(funcao, vezes)
        medida = f"{rotulo}, cargo publicado de {tamanho}"
        print(f"{medida:<62} {parede * 1000:7.1f} ms {cpu * 1000:6.1f} ms  ≤ {META_DA_PREVIA * 1000:.0f} ms")
        _registrar(medida, parede, cpu, META_DA_PREVIA)


if __name__ == "__main__":
    main()
