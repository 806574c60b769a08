"""Gera no banco de ``DATABASE_URL`` um edital em escala, para medir o ``gerar_resultado``.

Um edital com N inscrições em C cargos, realista como a demonstração (``demo/plano.py``):
nomes comuns, CPF válido e único (sequência determinística completada pelo dígito verificador),
cerca de 30% de optantes por ``negros`` com heteroidentificação quase sempre ``confirmado`` e 5% por
``pcd``, notas com centavos (a final e as parciais de conhecimentos gerais e específicos), cerca de
3% eliminados, datas de nascimento (2,5% idosos), jurados, e ``sorteio`` distinto dentro de cada
cargo, para que nenhum empate fique sem solução e o resultado não saia provisório.

Os cargos têm tamanhos desiguais (lei de Zipf, expoente 0,8: com 1 milhão em 500 cargos, o maior
tem cerca de 77 mil inscrições e o menor cerca de 500) e de 0,5% a 4% de vagas (de 1 a 1.500).

Rápido: no PostgreSQL grava com ``COPY`` (psycopg 3), em lotes de cargos, com as chaves primárias
de candidatos e inscrições atribuídas aqui (e as sequências acertadas no fim); em outros bancos
(SQLite, para tamanhos pequenos), com ``executemany``. O histórico (simple-history) não é gravado
para essas linhas, como numa importação em lote. Determinístico: a mesma semente, no mesmo banco,
gera as mesmas linhas (o número do edital e a faixa de CPF dependem do que já existe no banco).

Uso::

    .venv/bin/python bench/dados_em_escala.py --inscricoes 1000000 --cargos 500 [--semente N]
    scripts/com-postgres .venv/bin/python bench/dados_em_escala.py --inscricoes 100000 --cargos 200

Como função: ``gerar(inscricoes, cargos, semente) -> id do edital`` (roda ``migrate`` antes e cria o
usuário ``bench``, superusuário sem senha utilizável, se faltar).
"""

import argparse
import io
import json
import os
import random
import sys
import time
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal

RAIZ = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if RAIZ not in sys.path:
    sys.path.insert(0, RAIZ)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.db.models import Max  # noqa: E402

from comum.cpf import completar_cpf  # noqa: E402
from concursos import services  # noqa: E402
from concursos.models import Candidato, Cargo, Edital, Inscricao, OpcaoDeGrupo, nome_normalizado  # noqa: E402
from cotas.modelo import AUSENTE, CONCURSO_PUBLICO, CONFIRMADO, NAO_CONFIRMADO  # noqa: E402
from demo.plano import CONECTIVOS, NOMES_FEMININOS, NOMES_MASCULINOS, SOBRENOMES  # noqa: E402

SEMENTE = 2026
ANO = 2026
PRIMEIRO_NUMERO = 101  # números de edital da escala começam aqui (a demonstração usa 1 a 3)
USUARIO = "bench"
PRIMEIRO_CPF = 100_000_001  # base de 9 dígitos; a demonstração usa a partir de 700_000_001
LINHAS_POR_LOTE = 50_000  # inscrições por COPY (um lote junta cargos inteiros)
PUBLICADO_EM = date(ANO, 3, 2)
REFERENCIA_IDADE = date(ANO, 4, 10)
DESEMPATE = ["idoso", "nota:conhecimentos_especificos", "idade", "jurado", "sorteio"]
EXPOENTE_ZIPF = 0.8
CARGOS_TIPICOS = (
    "Agente Administrativo", "Professor PEB II", "Guarda Municipal", "Técnico de Enfermagem",
    "Enfermeiro", "Médico Clínico Geral", "Auxiliar de Serviços Gerais", "Motorista", "Assistente Social",
    "Engenheiro Civil", "Agente Comunitário de Saúde", "Cuidador Escolar", "Fiscal de Obras",
    "Analista de Sistemas", "Procurador Municipal", "Psicólogo", "Nutricionista", "Contador",
)  # fmt: skip


@dataclass
class Tempos:
    """Onde foi o tempo da carga: gerar as linhas em Python ou gravá-las no banco."""

    gerar: float = 0.0
    gravar: float = 0.0
    linhas: dict = field(default_factory=lambda: {"candidatos": 0, "inscricoes": 0, "opcoes": 0})


# ── O plano (puro): tamanhos, vagas e linhas de cada cargo ──────────────────────────────────────


def tamanhos_dos_cargos(inscricoes: int, cargos: int, rng: random.Random) -> list[int]:
    """Inscrições por cargo pela lei de Zipf (soma exata), em ordem embaralhada de código."""
    pesos = [1 / (posto**EXPOENTE_ZIPF) for posto in range(1, cargos + 1)]
    total = sum(pesos)
    tamanhos = [max(1, int(inscricoes * peso / total)) for peso in pesos]
    tamanhos[0] += inscricoes - sum(tamanhos)
    if tamanhos[0] < 1:
        raise ValueError(f"{inscricoes} inscrições não bastam para {cargos} cargos.")
    rng.shuffle(tamanhos)
    return tamanhos


def vagas_do_cargo(tamanho: int, rng: random.Random) -> int:
    return min(1500, max(1, round(tamanho * rng.uniform(0.005, 0.04))))


def _nome(rng: random.Random) -> tuple[str, str, str]:
    """Nome civil, nome social (2%, prenome do outro gênero) e e-mail (70%)."""
    feminino = rng.random() < 0.5
    primeiro = rng.choice(NOMES_FEMININOS if feminino else NOMES_MASCULINOS)
    sobrenomes = []
    for _ in range(rng.choice((1, 2, 2, 2))):
        sobrenome = rng.choice(SOBRENOMES)
        sobrenomes.append(
            f"{CONECTIVOS[sobrenome]} {sobrenome}" if sobrenome in CONECTIVOS and rng.random() < 0.4 else sobrenome
        )
    nome = " ".join([primeiro, *sobrenomes])
    social = ""
    if rng.random() < 0.02:
        social = f"{rng.choice(NOMES_MASCULINOS if feminino else NOMES_FEMININOS)} {sobrenomes[-1]}"
    return nome, social, primeiro.split()[0]


def _verificacao(rng: random.Random) -> str:
    sorteado = rng.random()
    return CONFIRMADO if sorteado < 0.90 else NAO_CONFIRMADO if sorteado < 0.96 else AUSENTE


def _centavos(valor: int) -> str:
    return f"{valor // 100}.{valor % 100:02d}"


def linhas_do_cargo(rng: random.Random, cargo_id: int, tamanho: int, ids: dict, edital_id: int) -> tuple:
    """Linhas (tuplas, na ordem de ``COLUNAS``) de candidatos, inscrições e opções de um cargo."""
    candidatos, inscricoes, opcoes = [], [], []
    sorteios = list(range(1, tamanho + 1))
    rng.shuffle(sorteios)
    for sorteio in sorteios:
        candidato_id, inscricao_id = ids["candidato"], ids["inscricao"]
        ids["candidato"] += 1
        ids["inscricao"] += 1
        nome, social, prenome = _nome(rng)
        idade = rng.randint(61, 67) if rng.random() < 0.025 else rng.randint(19, 57)
        nascimento = REFERENCIA_IDADE - timedelta(days=idade * 365 + idade // 4 + rng.randrange(1, 360))
        cpf = completar_cpf(f"{ids['cpf']:09d}")
        ids["cpf"] += 1
        email = f"{prenome.lower()}.{candidato_id}@exemplo.test" if rng.random() < 0.7 else ""
        candidatos.append((candidato_id, nome, social, cpf, nascimento, email))
        nota = (rng.randint(3000, 9850) + rng.randint(3000, 9850)) // 2
        especificos = rng.randint(nota // 3, nota * 2 // 3)
        parciais = {
            "conhecimentos_gerais": _centavos(nota - especificos),
            "conhecimentos_especificos": _centavos(especificos),
        }
        negro, pcd = rng.random() < 0.30, rng.random() < 0.05
        if negro:
            cor = rng.choice(("preta", "parda", "parda"))
            opcoes.append((inscricao_id, "negros", _verificacao(rng)))
        else:
            cor = rng.choices(("branca", "parda", "preta", "amarela", "indigena", ""), (70, 17, 5, 3, 1, 4))[0]
        if pcd:
            opcoes.append((inscricao_id, "pcd", _verificacao(rng)))
        situacao = Inscricao.ELIMINADO if rng.random() < 0.03 else Inscricao.CLASSIFICADO
        jurado = rng.random() < 0.04
        numero = f"{ANO}{inscricao_id - ids['primeira_inscricao'] + 1:07d}"
        inscricoes.append(
            (
                inscricao_id,
                edital_id,
                cargo_id,
                candidato_id,
                numero,
                cor,
                _centavos(nota),
                parciais,
                jurado,
                sorteio,
                situacao,
                nome_normalizado(nome, social),
            )
        )
    return candidatos, inscricoes, opcoes


# ── A gravação ───────────────────────────────────────────────────────────────────────────────────

COLUNAS = {
    Candidato: ("id", "nome", "nome_social", "cpf", "nascimento", "email"),
    Inscricao: (
        "id", "edital", "cargo", "candidato", "numero", "cor_raca", "nota", "notas_parciais", "jurado", "sorteio",
        "situacao", "nome_para_busca",
    ),
    OpcaoDeGrupo: ("inscricao", "grupo", "situacao"),
}  # fmt: skip


def _tabela_e_colunas(modelo) -> tuple[str, list[str]]:
    colunas = [modelo._meta.get_field(nome).column for nome in COLUNAS[modelo]]
    return modelo._meta.db_table, colunas


def _texto_copy(valor) -> str:
    """Um campo no formato de texto do COPY (os dados gerados não têm tabulação nem barra)."""
    if valor is None:
        return "\\N"
    if valor is True or valor is False:
        return "t" if valor else "f"
    if isinstance(valor, dict):
        return json.dumps(valor, ensure_ascii=False)
    return str(valor)


def gravar(cursor, modelo, linhas: list[tuple]) -> None:
    tabela, colunas = _tabela_e_colunas(modelo)
    if not linhas:
        return
    if connection.vendor == "postgresql":
        buffer = io.StringIO()
        for linha in linhas:
            buffer.write("\t".join(map(_texto_copy, linha)))
            buffer.write("\n")
        with cursor.cursor.copy(f"COPY {tabela} ({', '.join(colunas)}) FROM STDIN") as copia:
            copia.write(buffer.getvalue())
        return
    lista = ", ".join(colunas)
    marcas = ", ".join(["%s"] * len(colunas))
    valores = [tuple(json.dumps(v) if isinstance(v, dict) else v for v in linha) for linha in linhas]
    cursor.executemany(f"INSERT INTO {tabela} ({lista}) VALUES ({marcas})", valores)


def _acertar_sequencias(cursor) -> None:
    if connection.vendor != "postgresql":
        return  # o SQLite segue do maior id
    for modelo in (Candidato, Inscricao):
        tabela = modelo._meta.db_table
        cursor.execute(f"SELECT setval(pg_get_serial_sequence('{tabela}', 'id'), (SELECT max(id) FROM {tabela}))")


def _analisar(cursor) -> None:
    """Estatísticas do planejador depois da carga (como faria o autovacuum, mas já)."""
    if connection.vendor == "postgresql":
        for modelo in (Candidato, Inscricao, OpcaoDeGrupo, Cargo):
            cursor.execute(f"ANALYZE {modelo._meta.db_table}")


# ── Edital, cargos e usuário ─────────────────────────────────────────────────────────────────────


def usuario_do_bench():
    """O usuário ``bench`` (superusuário sem senha utilizável), criado se faltar."""
    modelo = get_user_model()
    usuario, criado = modelo.objects.get_or_create(
        username=USUARIO, defaults={"is_staff": True, "is_superuser": True, "first_name": "Benchmark"}
    )
    if criado:
        usuario.set_unusable_password()
        usuario.save(update_fields=["password"])
    return usuario


def _proximo_numero() -> int:
    maior = Edital.objects.filter(ano=ANO, numero__gte=PRIMEIRO_NUMERO).aggregate(m=Max("numero"))["m"]
    return (maior or PRIMEIRO_NUMERO - 1) + 1


def _proximos_ids() -> dict:
    faixa = Candidato.objects.filter(cpf__gte=f"{PRIMEIRO_CPF:09d}00", cpf__lt="70000000000")
    maior_cpf = faixa.aggregate(m=Max("cpf"))["m"]
    ids = {
        "candidato": (Candidato.objects.aggregate(m=Max("id"))["m"] or 0) + 1,
        "inscricao": (Inscricao.objects.aggregate(m=Max("id"))["m"] or 0) + 1,
        "cpf": int(maior_cpf[:9]) + 1 if maior_cpf else PRIMEIRO_CPF,
    }
    ids["primeira_inscricao"] = ids["inscricao"]
    return ids


def _criar_edital_e_cargos(inscricoes: int, cargos: int, semente: int, rng: random.Random, usuario) -> tuple:
    edital = services.criar_edital(
        por=usuario,
        percentual_pcd=Decimal("5"),
        numero=_proximo_numero(),
        ano=ANO,
        titulo=f"Concurso em escala — {inscricoes} inscrições em {cargos} cargos (semente {semente})",
        tipo=CONCURSO_PUBLICO,
        publicado_em=PUBLICADO_EM,
        data_referencia_idade=REFERENCIA_IDADE,
        regime="cariacica-2023",
        desempate=DESEMPATE,
    )
    tamanhos = tamanhos_dos_cargos(inscricoes, cargos, rng)
    registros = [
        Cargo(
            edital=edital,
            codigo=f"C{indice:03d}",
            nome=f"{CARGOS_TIPICOS[indice % len(CARGOS_TIPICOS)]} {indice:03d}",
            vagas=vagas_do_cargo(tamanho, rng),
        )
        for indice, tamanho in enumerate(tamanhos, start=1)
    ]
    Cargo.objects.bulk_create(registros)
    ids = dict(Cargo.objects.filter(edital=edital).values_list("codigo", "id"))
    return edital, [(ids[c.codigo], t) for c, t in zip(registros, tamanhos, strict=True)]


def gerar(inscricoes: int, cargos: int, semente: int = SEMENTE, *, verboso: bool = False) -> int:
    """Cria o edital com as inscrições e devolve o seu id."""
    call_command("migrate", interactive=False, verbosity=0)
    usuario = usuario_do_bench()
    rng = random.Random(semente)
    tempos, inicio = Tempos(), time.perf_counter()
    with transaction.atomic():
        edital, plano = _criar_edital_e_cargos(inscricoes, cargos, semente, rng, usuario)
        ids = _proximos_ids()
    lote = ([], [], [])
    with connection.cursor() as cursor:
        for indice, (cargo_id, tamanho) in enumerate(plano, start=1):
            marca = time.perf_counter()
            for acumulado, novas in zip(lote, linhas_do_cargo(rng, cargo_id, tamanho, ids, edital.pk), strict=True):
                acumulado.extend(novas)
            tempos.gerar += time.perf_counter() - marca
            if len(lote[1]) >= LINHAS_POR_LOTE or indice == len(plano):
                _gravar_lote(cursor, lote, tempos)
                if verboso:
                    print(f"  {tempos.linhas['inscricoes']:>9} inscrições gravadas", file=sys.stderr, flush=True)
                lote = ([], [], [])
        marca = time.perf_counter()
        _acertar_sequencias(cursor)
        _analisar(cursor)
        tempos.gravar += time.perf_counter() - marca
    if verboso:
        _relatorio(edital, plano, tempos, time.perf_counter() - inicio)
    return edital.pk


def _gravar_lote(cursor, lote: tuple, tempos: Tempos) -> None:
    marca = time.perf_counter()
    with transaction.atomic():
        for modelo, nome, linhas in zip((Candidato, Inscricao, OpcaoDeGrupo), tempos.linhas, lote, strict=True):
            gravar(cursor, modelo, linhas)
            tempos.linhas[nome] += len(linhas)
    tempos.gravar += time.perf_counter() - marca


def _relatorio(edital: Edital, plano: list, tempos: Tempos, total: float) -> None:
    tamanhos = sorted(t for _, t in plano)
    linhas = tempos.linhas
    print(f"Edital {edital} (id {edital.pk}): {edital.titulo}")
    print(
        f"  banco {connection.vendor}; {len(plano)} cargos (de {tamanhos[0]} a {tamanhos[-1]} inscrições, "
        f"mediana {tamanhos[len(tamanhos) // 2]})"
    )
    print(
        f"  {linhas['candidatos']} candidatos, {linhas['inscricoes']} inscrições, {linhas['opcoes']} opções por grupo"
    )
    print(f"  gerar as linhas (Python)  {tempos.gerar:7.1f} s")
    print(f"  gravar no banco           {tempos.gravar:7.1f} s")
    print(f"  total                     {total:7.1f} s ({linhas['inscricoes'] / total:,.0f} inscrições/s)")
    print(f"  gere o resultado com: manage.py gerar_resultado {edital} --usuario {USUARIO}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inscricoes", type=int, default=100_000)
    parser.add_argument("--cargos", type=int, default=200)
    parser.add_argument("--semente", type=int, default=SEMENTE)
    argumentos = parser.parse_args()
    gerar(argumentos.inscricoes, argumentos.cargos, argumentos.semente, verboso=True)


if __name__ == "__main__":
    main()
