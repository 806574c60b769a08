"""Mede a importação de inscrições: o modo padrão do django-import-export contra a importação em
massa (``concursos.importacao.massa.importar_inscricoes``), lado a lado, com o mesmo arquivo (não é
teste: só imprime números; ver ``bench/README-importacao.md``).

1. Gera ``bench/saida/importacao-<N>.csv``: N linhas com ``;``, em Windows-1252 (ou UTF-8), com as
   colunas do arquivo da banca (``tests/dados/importacao/banca-ponto-e-virgula-cp1252.csv``).
2. Migra um banco-modelo vazio, descartável: no PostgreSQL de ``DATABASE_URL`` cria bancos novos
   (``CREATE DATABASE … TEMPLATE``) e os apaga no fim; sem ``DATABASE_URL``, arquivos SQLite numa
   pasta temporária. O banco apontado por ``DATABASE_URL`` em si nunca é tocado.
3. Cada medida roda num processo novo, num banco novo copiado do modelo, num edital novo:
   (a) padrão: ``import_data(conjunto)`` de um resource do próprio bench (``recurso_linha_a_linha``),
       com a leitura e as conferências do ``InscricaoResource`` e a gravação de fábrica da biblioteca,
       um ``save()`` por linha (``use_bulk = False``), sem o ``Gravador`` em lotes;
   (b) em massa: ``importar_inscricoes(edital, conteudo, nome, por=…, progresso=…)``;
   (c) reimportação do mesmo arquivo pelo serviço, no banco de (b) (idempotência).
   O tempo vai de ter os bytes do arquivo na mão até a gravação terminada (inclui ler o CSV);
   a partida do Django e a criação do edital ficam de fora. Pico de memória: ``ru_maxrss`` do processo.

Com ``--cabecalhos-da-banca``, o arquivo vem como a banca o manda (``Nome do Candidato``, ``Concorre às
vagas reservadas a negros``, cargo pelo nome, uma coluna a ignorar) e as três medidas passam pelo
mapeamento (``concursos.importacao.mapeamento``): o sugerido para o cabeçalho, calculado fora do
tempo, como a tela faria, e aplicado dentro dele.

Uso::

    scripts/com-postgres .venv/bin/python bench/bench_importacao.py [--linhas 100000]
    .venv/bin/python bench/bench_importacao.py --linhas 2000          # SQLite, rodada curta
    .venv/bin/python bench/bench_importacao.py --linhas 100000 --cabecalhos-da-banca --sem-padrao
"""

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
from datetime import date, timedelta
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

AQUI = Path(__file__).resolve().parent
RAIZ = AQUI.parent
for caminho in (str(RAIZ), str(AQUI)):
    if caminho not in sys.path:
        sys.path.insert(0, caminho)

import tabela  # noqa: E402

META_SEGUNDOS = 40.0  # para 100 mil linhas, com o mapeamento (issue 13; a 6 pedia 90); proporcional em rodadas menores
META_RAZAO = 3.0
LINHAS_DA_META = 100_000
CABECALHO = [
    "Inscrição",
    "CPF",
    "Nome",
    "Nome Social",
    "Data de Nascimento",
    "E-mail",
    "Cargo",
    "Cor/Raça",
    "Negros",
    "PcD",
    "Nota",
    "Nota Conhecimentos Específicos",
    "Jurado",
    "Situação",
    "Sorteio",
]
# O mesmo arquivo com os cabeçalhos de uma banca (e "Conhecimentos Básicos", que o desempate não usa).
CABECALHO_DA_BANCA = [
    "Nº de Inscrição",
    "CPF",
    "Nome do Candidato",
    "Nome Social",
    "Data de Nascimento",
    "E-mail",
    "Cargo",
    "Cor/Raça",
    "Concorre às vagas reservadas a negros",
    "Pessoa com Deficiência",
    "Nota Final",
    "Conhecimentos Específicos",
    "Conhecimentos Básicos",
    "Jurado",
    "Situação",
    "Sorteio",
]
DESEMPATE_DA_BANCA = ["nota:conhecimentos_especificos", "idoso", "idade", "jurado", "sorteio"]
CARGOS = [
    ("GM", "Guarda Municipal", 120),
    ("AGE", "Agente Administrativo", 80),
    ("PEB", "Professor de Educação Básica", 300),
    ("ENF", "Enfermeiro", 40),
    ("MED", "Médico Clínico Geral", 25),
    ("ASS", "Assistente Social", 15),
    ("MOT", "Motorista", 30),
    ("TEC", "Técnico de Enfermagem", 60),
]
PRENOMES = [
    "José",
    "Maria",
    "Ana",
    "João",
    "Antônio",
    "Luíza",
    "Conceição",
    "Raimundo",
    "Fátima",
    "Sebastião",
    "Lúcia",
    "Gonçalo",
    "Tainá",
    "Irene",
    "Otávio",
    "Érica",
]
SOBRENOMES = [
    "da Silva",
    "Araújo",
    "Gonçalves",
    "Magalhães",
    "Brandão",
    "Peçanha",
    "Conceição",
    "Nogueira",
    "Fagundes",
    "Mendes",
    "Paiva",
    "Potiguara",
    "Simões",
    "Assunção",
]
CORES = [("Branca", 40), ("Parda", 45), ("Preta", 10), ("Amarela", 3), ("Indígena", 2)]


# --------------------------------------------------------------------------------- o arquivo


def sem_acentos(texto: str) -> str:
    return unicodedata.normalize("NFKD", texto).encode("ascii", "ignore").decode()


def gerar_arquivo(linhas: int, codificacao: str, banca: bool = False) -> Path:
    """CSV determinístico (semente 2023) como o da banca; reaproveitado se já existe. Com ``banca``,
    os cabeçalhos da banca, o cargo pelo nome, "N" no PcD e uma coluna a mais (mesmos sorteios)."""
    from comum.cpf import completar_cpf, formatar_cpf

    destino = AQUI / "saida" / f"importacao-{linhas}-{codificacao}{'-banca' if banca else ''}.csv"
    if destino.exists():
        return destino
    destino.parent.mkdir(exist_ok=True)
    sorteio = random.Random(2023)
    cores, pesos = zip(*CORES, strict=True)
    corpo = [";".join(CABECALHO_DA_BANCA if banca else CABECALHO)]
    for i in range(1, linhas + 1):
        prenome, sobrenome = sorteio.choice(PRENOMES), sorteio.choice(SOBRENOMES)
        cpf = completar_cpf(f"{200_000_000 + i:09d}")
        cor = sorteio.choices(cores, pesos)[0]
        negro = cor in ("Preta", "Parda") and sorteio.random() < 0.6
        nascimento = date(1960, 1, 1) + timedelta(days=sorteio.randrange(16_000))
        email = f"{sem_acentos(sobrenome.split()[-1].lower())}.{i}@exemplo.test" if sorteio.random() < 0.6 else ""
        celulas = [
            f"2025-{i:06d}",
            formatar_cpf(cpf) if sorteio.random() < 0.7 else cpf,
            f"{prenome} {sobrenome} {i}",
            f"{prenome} Social {i}" if sorteio.random() < 0.01 else "",
            f"{nascimento:%d/%m/%Y}",
            email,
            CARGOS[i % len(CARGOS)][0],
            cor,
            "Sim" if negro else "Não",
            "Sim" if sorteio.random() < 0.05 else "Não",
            f"{sorteio.uniform(0, 100):.2f}".replace(".", ","),
            f"{sorteio.uniform(0, 50):.1f}".replace(".", ","),
            "Sim" if sorteio.random() < 0.02 else "Não",
            "Eliminado" if sorteio.random() < 0.05 else "Classificado",
            "",
        ]
        if banca:
            celulas[6] = CARGOS[i % len(CARGOS)][1]
            celulas[9] = "Sim" if celulas[9] == "Sim" else "N"
            celulas.insert(12, f"{i * 7 % 50},{i % 10}")
        corpo.append(";".join(celulas))
    destino.write_bytes("\r\n".join(corpo).encode(codificacao))
    return destino


# --------------------------------------------------------------------------------- os bancos


class Bancos:
    """Bancos descartáveis: um modelo migrado e uma cópia nova dele para cada medida."""

    def __init__(self, url: str | None):
        self.url = url
        self.postgres = bool(url) and urlsplit(url).scheme.startswith("postgres")
        if url and not self.postgres:
            raise SystemExit("Use um PostgreSQL descartável (scripts/com-postgres) ou nenhum DATABASE_URL (SQLite).")
        self.pasta = Path(tempfile.mkdtemp(prefix="bench-importacao-"))
        self.criados = []

    def _url(self, nome: str) -> str:
        if not self.postgres:
            return f"sqlite:///{self.pasta / nome}.sqlite3"
        partes = urlsplit(self.url)
        return urlunsplit(partes._replace(path=f"/{nome}"))

    def _sql(self, comando: str) -> None:
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conexao:
            conexao.execute(comando)

    def preparar_modelo(self) -> None:
        nome = f"bench_importacao_modelo_{os.getpid()}"
        if self.postgres:
            self._sql(f'CREATE DATABASE "{nome}"')
            self.criados.append(nome)
        self.modelo = nome
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--verbosity", "0"],
            cwd=RAIZ,
            env=ambiente(self._url(nome)),
            check=True,
        )

    def novo(self, rotulo: str) -> str:
        nome = f"bench_importacao_{rotulo}_{os.getpid()}"
        if self.postgres:
            self._sql(f'CREATE DATABASE "{nome}" TEMPLATE "{self.modelo}"')
            self.criados.append(nome)
        else:
            shutil.copyfile(self.pasta / f"{self.modelo}.sqlite3", self.pasta / f"{nome}.sqlite3")
        return self._url(nome)

    def versao(self) -> str:
        if not self.postgres:
            import sqlite3

            return f"SQLite {sqlite3.sqlite_version} (arquivo em {self.pasta})"
        import psycopg

        with psycopg.connect(self.url) as conexao:
            return "PostgreSQL " + conexao.execute("SHOW server_version").fetchone()[0]

    def apagar(self) -> None:
        for nome in reversed(self.criados):
            self._sql(f'DROP DATABASE IF EXISTS "{nome}"')
        shutil.rmtree(self.pasta, ignore_errors=True)


def ambiente(url: str) -> dict:
    """Produção, não desenvolvimento: DEBUG desligado (nada de guardar cada consulta)."""
    return {**os.environ, "DATABASE_URL": url, "DEBUG": "0", "SECRET_KEY": "bench-importacao-" + "x" * 40}


# --------------------------------------------------------------------------------- uma medida


def executar(modo: str, arquivo: Path, banca: bool = False) -> dict:
    """Roda dentro do processo filho (``--executar``): importa e devolve tempos, pico e contagens."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.contrib.auth import get_user_model

    from comum import planilhas
    from concursos import services
    from concursos.importacao import mapeamento as mapa
    from concursos.importacao.massa import importar_inscricoes
    from concursos.importacao.resultado import mensagens_de_erro
    from concursos.models import Candidato, Edital, Inscricao, OpcaoDeGrupo

    usuario, _ = get_user_model().objects.get_or_create(username="bench-rh")
    if modo == "reimportacao":
        edital = Edital.objects.get(numero=1, ano=2025)
    else:
        edital = services.criar_edital(
            por=usuario,
            numero=1,
            ano=2025,
            titulo="Concurso público (medida de desempenho)",
            tipo="concurso_publico",
            publicado_em=date(2025, 3, 10),
            data_referencia_idade=date(2025, 4, 10),
            regime="cariacica-2023",
            cargos=CARGOS,
            **({"desempate": DESEMPATE_DA_BANCA} if banca else {}),
        )
    conteudo, avisos = arquivo.read_bytes(), []
    mapeamento = mapeamento_sugerido(edital, arquivo.name, conteudo) if banca else None
    processador, inicio = tempo_de_processador(), time.perf_counter()
    if modo == "padrao":
        conjunto = planilhas.ler_arquivo(arquivo.name, conteudo)
        if mapeamento:
            mapa.aplicar(conjunto, mapeamento)
        resultado = recurso_linha_a_linha(edital).import_data(conjunto)
        erros = mensagens_de_erro(resultado)
        if erros:
            raise SystemExit(f"(a) recusou o arquivo: {erros[:3]}")
        totais = dict(resultado.totals)
    else:
        resumo = importar_inscricoes(
            edital,
            conteudo,
            arquivo.name,
            por=usuario,
            progresso=lambda feitos, total: avisos.append((feitos, time.perf_counter() - inicio)),
            mapeamento=mapeamento,
        )
        totais = {"new": resumo.novas, "update": resumo.atualizadas, "skip": resumo.sem_mudanca}
    tempo = time.perf_counter() - inicio
    return {
        "tempo": tempo,
        "processador": tempo_de_processador() - processador,
        "leitura": avisos[-1][1] if avisos else None,
        "avisos": len(avisos),
        "pico_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        "totais": totais,
        "contagens": {
            "candidatos": Candidato.objects.count(),
            "inscricoes": Inscricao.objects.count(),
            "opcoes": OpcaoDeGrupo.objects.count(),
            "historico_inscricoes": Inscricao.history.count(),
            "historico_opcoes": OpcaoDeGrupo.history.count(),
        },
    }


def mapeamento_sugerido(edital, nome: str, conteudo: bytes) -> dict:
    """O mapeamento que a tela sugere para o cabeçalho do arquivo (só o cabeçalho e uma linha são lidos)."""
    from comum import planilhas
    from concursos.importacao import mapeamento as mapa

    cabecalho = planilhas.ler_arquivo(nome, b"\r\n".join(conteudo.split(b"\r\n", 2)[:2]))
    mapeamento = mapa.sugestao(cabecalho, edital)
    if problemas := mapa.conferir(mapeamento, edital, mapa.cabecalhos_do_arquivo(cabecalho)):
        raise SystemExit(f"o mapeamento sugerido não serve: {problemas}")
    return mapeamento


def recurso_linha_a_linha(edital):
    """O modo padrão do django-import-export para (a): a mesma leitura e as mesmas conferências do
    ``InscricaoResource``, mas a gravação de fábrica da biblioteca, linha a linha (``use_bulk =
    False``: um ``save()`` por inscrição, que dispara o histórico pelo sinal; um ``Candidato.save()``
    e um ``OpcaoDeGrupo.objects.create()`` por linha), em vez do ``Gravador`` em lotes que a
    confirmação do admin passou a usar. É o que a confirmação fazia quando a medida foi feita."""
    from import_export import resources

    from concursos.importacao.recurso import InscricaoResource
    from concursos.models import OpcaoDeGrupo

    class InscricaoLinhaALinhaResource(InscricaoResource):
        class Meta(InscricaoResource.Meta):
            use_bulk = False

        def save_instance(self, instance, is_create, row, **kwargs):
            # O da biblioteca (antes, depois e ``instance.save()``), não o do projeto (``Gravador``).
            resources.ModelResource.save_instance(self, instance, is_create, row, **kwargs)

        def before_save_instance(self, instance, row, **kwargs):
            candidato = instance.candidato
            if candidato.pk is None or candidato.cpf in self.gravador.candidatos_alterados:
                candidato.save()
            instance.candidato = candidato  # acerta candidato_id depois do save()

        def after_save_instance(self, instance, row, **kwargs):
            for grupo in instance._opcoes_novas:
                OpcaoDeGrupo.objects.create(inscricao=instance, grupo=grupo)
            for opcao in instance._opcoes_retiradas:
                opcao.delete()

        def after_import(self, dataset, result, **kwargs):
            """Nada em lotes: cada linha já foi gravada (e sem o ``setval`` da sequência)."""

    return InscricaoLinhaALinhaResource(edital=edital)


def tempo_de_processador() -> float:
    """Segundos de processador (usuário + sistema) deste processo; o do servidor PostgreSQL fica fora."""
    uso = resource.getrusage(resource.RUSAGE_SELF)
    return uso.ru_utime + uso.ru_stime


def medir(modo: str, url: str, arquivo: Path, banca: bool = False) -> dict:
    """Uma medida num processo novo (pico de memória só dela)."""
    print(f"  medindo {modo}…", file=sys.stderr, flush=True)
    processo = subprocess.run(
        [sys.executable, __file__, "--executar", modo, "--arquivo", str(arquivo)]
        + (["--cabecalhos-da-banca"] if banca else []),
        cwd=RAIZ,
        env=ambiente(url),
        capture_output=True,
        text=True,
    )
    if processo.returncode != 0:
        raise SystemExit(f"a medida {modo} falhou:\n{processo.stderr[-3000:]}")
    return json.loads(processo.stdout.strip().splitlines()[-1])


# --------------------------------------------------------------------------------- a tabela


def carga() -> str:
    um, cinco, quinze = os.getloadavg()
    return f"carga média {um:.2f} / {cinco:.2f} / {quinze:.2f} (1/5/15 min), {os.cpu_count()} núcleos"


def commit() -> str:
    saida = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=RAIZ, capture_output=True, text=True)
    sujo = subprocess.run(
        ["git", "status", "--porcelain", "concursos/importacao", "comum/planilhas.py"],
        cwd=RAIZ,
        capture_output=True,
        text=True,
    )
    return saida.stdout.strip() + (" (com alterações não registradas)" if sujo.stdout.strip() else "")


def situacao(passou: bool) -> str:
    return "passou" if passou else "NÃO PASSOU"


ROTULOS = {
    "padrao": "(a) padrão da biblioteca, linha a linha",
    "massa": "(b) em massa: importar_inscricoes",
    "reimportacao": "(c) reimportação do mesmo arquivo, em massa",
}


def celulas(rotulo: str, tempo="", cpu="", vazao="", pico="", meta="", resultado="") -> str:
    return f"{rotulo:<44} {tempo:>8} {cpu:>8} {vazao:>8} {pico:>8}  {meta:<7} {resultado}".rstrip()


def meta_de_tempo(linhas: int, tempo: float) -> str:
    """A meta vale para 100 mil linhas; numa rodada menor, só a projeção linear (indicativa: as partes
    fixas, como carregar o edital, pesam mais em arquivos pequenos)."""
    if linhas >= LINHAS_DA_META:
        return situacao(tempo <= META_SEGUNDOS)
    projecao = tempo * LINHAS_DA_META / linhas
    return f"projeção p/ 100 mil: {projecao:.0f} s (indicativo)"


def imprimir(linhas: int, medidas: dict, cabecalho: list[str]) -> None:
    print("\n".join(cabecalho) + "\n")
    print(celulas("medida", "tempo", "CPU", "linhas/s", "pico", "meta", "resultado"))
    for modo, rotulo in ROTULOS.items():
        if modo not in medidas:
            continue
        m = medidas[modo]
        alvo, resultado = ("", "")
        if modo == "massa":
            alvo, resultado = f"≤ {META_SEGUNDOS:.0f} s", meta_de_tempo(linhas, m["tempo"])
        tempos = f"{m['tempo']:.1f} s", f"{m['processador']:.1f} s", f"{linhas / m['tempo']:.0f}"
        print(celulas(rotulo, *tempos, f"{m['pico_kib'] / 1024:.0f} MiB", alvo, resultado))
        if modo == "massa":
            tabela.registrar(
                f"importação de {linhas} linhas em massa (segundo plano)",
                f"{m['tempo']:.1f} s",
                f"≤ {META_SEGUNDOS:.0f} s",
                m["tempo"] <= META_SEGUNDOS if linhas >= LINHAS_DA_META else None,
            )
        if m["leitura"] is not None:
            print(celulas("    leitura e conferência (sem transação)", f"{m['leitura']:.1f} s"))
            print(celulas("    gravação (uma transação)", f"{m['tempo'] - m['leitura']:.1f} s"))
    if "padrao" in medidas:
        razao = medidas["padrao"]["tempo"] / medidas["massa"]["tempo"]
        razao_cpu = medidas["padrao"]["processador"] / medidas["massa"]["processador"]
        meta, resultado = f"≥ {META_RAZAO:.0f} ×", situacao(razao >= META_RAZAO)
        print(celulas("razão (a) / (b)", f"{razao:.2f} ×", f"{razao_cpu:.2f} ×", meta=meta, resultado=resultado))
        tabela.registrar("importação: padrão ÷ em massa", f"{razao:.2f} ×", meta, razao >= META_RAZAO)
    print("\nCPU: processador do processo Python (usuário + sistema), sem o do servidor PostgreSQL.")
    print("\nGravado em cada banco; totais da biblioteca (new / update / skip)")
    for modo, m in medidas.items():
        contagens = ", ".join(f"{chave} {valor}" for chave, valor in m["contagens"].items())
        totais = m["totais"]
        print(f"  {modo:<13} {contagens}; {totais['new']} / {totais['update']} / {totais['skip']}")
    problemas = conferir(linhas, medidas)
    print("\nConferência: " + ("(a), (b) e (c) conferem" if not problemas else "; ".join(problemas)))
    if problemas:  # gravou errado: não é questão de tempo, o benchmark não vale (bench/tabela.py)
        raise SystemExit("A conferência da importação falhou.")


def conferir(linhas: int, medidas: dict) -> list[str]:
    """(a) e (b) gravaram a mesma coisa; (c) não mudou nada."""
    problemas = []
    massa = medidas["massa"]["contagens"]
    if massa["inscricoes"] != linhas or massa["historico_inscricoes"] != linhas:
        problemas.append(f"(b) gravou {massa['inscricoes']} inscrições, esperava {linhas}")
    if "padrao" in medidas and medidas["padrao"]["contagens"] != massa:
        problemas.append("(a) e (b) gravaram quantidades diferentes")
    if "reimportacao" in medidas:
        reimportacao = medidas["reimportacao"]
        if reimportacao["contagens"] != massa or reimportacao["totais"]["skip"] != linhas:
            problemas.append("(c) a reimportação mudou alguma coisa")
    if medidas["massa"]["avisos"] < 1:
        problemas.append("(b) o progresso nunca foi avisado")
    return problemas


def principal() -> None:
    argumentos = argparse.ArgumentParser(
        description="Importação de inscrições: padrão do django-import-export (a) contra a em massa (b), lado a lado."
    )
    argumentos.add_argument("--linhas", type=int, default=LINHAS_DA_META, help="linhas do CSV (padrão: 100000)")
    argumentos.add_argument(
        "--codificacao", choices=["cp1252", "utf-8"], default="cp1252", help="do CSV gerado (padrão: cp1252)"
    )
    argumentos.add_argument("--sem-padrao", action="store_true", help="pula (a), que é a medida demorada")
    argumentos.add_argument(
        "--cabecalhos-da-banca",
        action="store_true",
        help="arquivo com os cabeçalhos da banca, importado com mapeamento",
    )
    argumentos.add_argument("--executar", choices=["padrao", "massa", "reimportacao"], help=argparse.SUPPRESS)
    argumentos.add_argument("--arquivo", type=Path, help=argparse.SUPPRESS)
    opcoes = argumentos.parse_args()
    if opcoes.executar:
        print(json.dumps(executar(opcoes.executar, opcoes.arquivo, opcoes.cabecalhos_da_banca)))
        return
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    banca = opcoes.cabecalhos_da_banca
    arquivo = gerar_arquivo(opcoes.linhas, opcoes.codificacao, banca)
    bancos = Bancos(os.environ.get("DATABASE_URL"))
    cabecalho = [
        f"Importação de {opcoes.linhas} inscrições — commit {commit()}",
        f"arquivo {arquivo.relative_to(RAIZ)} ({arquivo.stat().st_size / 1e6:.1f} MB, {opcoes.codificacao}, ';')"
        + (", cabeçalhos da banca, com mapeamento" if banca else ""),
        f"banco {bancos.versao()}",
        f"antes:  {carga()}",
    ]
    medidas = {}
    try:
        bancos.preparar_modelo()
        if not opcoes.sem_padrao:
            medidas["padrao"] = medir("padrao", bancos.novo("padrao"), arquivo, banca)
        url_da_massa = bancos.novo("massa")
        medidas["massa"] = medir("massa", url_da_massa, arquivo, banca)
        medidas["reimportacao"] = medir("reimportacao", url_da_massa, arquivo, banca)
    finally:
        bancos.apagar()
    cabecalho.append(f"depois: {carga()}")
    imprimir(opcoes.linhas, medidas, cabecalho)


if __name__ == "__main__":
    principal()
