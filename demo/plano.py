"""Dados de demonstração, a metade pura: editais, cargos e candidatos fictícios, sem banco.

``plano(editais, semente)`` gera, a partir de uma semente fixa (``random.Random(2025)``), pessoas,
inscrições, notas e verificações, sem tocar no banco. Serve também para gerar massas grandes (basta
passar editais com mais candidatos). Quem grava o plano é ``demo/concursos.py``.

Os CPFs saem de uma sequência determinística completada pelo dígito verificador
(``completar_cpf``); os nomes são combinações de listas comuns. Nenhum dado é de pessoa real.
"""

import itertools
import random
import unicodedata
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal

from comum.cpf import completar_cpf
from cotas.modelo import (
    AUSENTE,
    CONCURSO_PUBLICO,
    CONFIRMADO,
    NAO_CONFIRMADO,
    PENDENTE,
    PROCESSO_SELETIVO_ACS_ACE,
)

SEMENTE = 2025
PRIMEIRO_CPF = 700_000_001  # base de 9 dígitos da sequência; o DV vem de completar_cpf

NOMES_FEMININOS = (
    "Maria", "Ana", "Juliana", "Fernanda", "Patrícia", "Aline", "Camila", "Amanda", "Bruna", "Jéssica",
    "Letícia", "Larissa", "Mariana", "Gabriela", "Vanessa", "Priscila", "Renata", "Tatiane", "Daniela",
    "Luana", "Raquel", "Simone", "Sandra", "Adriana", "Cláudia", "Rosângela", "Eliane", "Luciana",
    "Beatriz", "Carolina", "Natália", "Thaís", "Kelly", "Débora", "Viviane", "Cristiane", "Rafaela",
    "Isabela", "Sabrina", "Elaine", "Marlene", "Francisca", "Antônia", "Joana", "Helena", "Lúcia",
    "Sueli", "Jaqueline", "Michele", "Maria da Penha", "Ana Paula", "Maria José", "Ana Carolina",
    "Maria Eduarda", "Kátia", "Edilene", "Rosilene", "Gislaine", "Lorena", "Valdirene",
)  # fmt: skip
NOMES_MASCULINOS = (
    "José", "João", "Antônio", "Francisco", "Carlos", "Paulo", "Pedro", "Lucas", "Luiz", "Marcos",
    "Gabriel", "Rafael", "Daniel", "Marcelo", "Bruno", "Eduardo", "Felipe", "Rodrigo", "Fernando",
    "Gustavo", "Leonardo", "Thiago", "Diego", "Leandro", "Anderson", "Fábio", "Alexandre", "Ricardo",
    "Sérgio", "Roberto", "Vinícius", "Matheus", "Wesley", "Wellington", "Jefferson", "Cleber", "Edson",
    "Geraldo", "Sebastião", "Raimundo", "Renato", "André", "Júlio", "Igor", "Caio", "Henrique", "Vítor",
    "Otávio", "Samuel", "Davi", "João Pedro", "José Carlos", "Luiz Fernando", "Carlos Eduardo",
    "Paulo Henrique", "Adriano", "Valdir", "Josias", "Reginaldo", "Elias",
)  # fmt: skip
SOBRENOMES = (
    "Silva", "Santos", "Oliveira", "Souza", "Pereira", "Costa", "Rodrigues", "Almeida", "Nascimento",
    "Lima", "Araújo", "Fernandes", "Carvalho", "Gomes", "Martins", "Rocha", "Ribeiro", "Alves",
    "Monteiro", "Mendes", "Barros", "Freitas", "Barbosa", "Pinto", "Moura", "Dias", "Castro", "Campos",
    "Cardoso", "Teixeira", "Vieira", "Correia", "Nunes", "Moreira", "Ramos", "Lopes", "Machado",
    "Soares", "Fonseca", "Batista", "Rezende", "Coutinho", "Loureiro", "Pimentel", "Zanotti",
    "Bragatto", "Scardua", "Venturini", "Falqueto", "Gava", "Merlo", "Schneider", "Krüger", "Neves",
    "Pires", "Siqueira", "Reis", "Miranda", "Andrade", "Bastos", "Sales", "Vargas", "Tavares", "Paiva",
    "Guimarães", "Conceição", "Jesus", "Penha", "Brito", "Sodré",
)  # fmt: skip
CONECTIVOS = {"Silva": "da", "Santos": "dos", "Oliveira": "de", "Souza": "de", "Costa": "da", "Rocha": "da",
              "Conceição": "da", "Jesus": "de", "Penha": "da", "Paiva": "de", "Freitas": "de"}  # fmt: skip


# ── O que se quer demonstrar ─────────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class CargoDemo:
    """Um cargo e os casos plantados nele. ``empates``: pares com a mesma nota, resolvidos pelo
    critério nomeado (``idade``, ``idoso``, ``jurado``, ``sorteio``) ou ``sem_solucao``."""

    codigo: str
    nome: str
    vagas: int
    candidatos: int
    empates: tuple[str, ...] = ("idade",)
    pendentes: int = 0  # verificações ainda pendentes: o resultado sai provisório
    eliminados: int = 0  # eliminados pela banca (por exemplo, na investigação social)
    reinscritos: int = 0  # candidatos que já concorreram no edital anterior do mesmo cargo


@dataclass(frozen=True)
class EditalDemo:
    numero: int
    ano: int
    titulo: str
    tipo: str
    publicado_em: date
    data_referencia_idade: date
    regime: str
    percentual_pcd: Decimal | None
    cargos: tuple[CargoDemo, ...]
    validade_ate: date | None = None  # prazo de validade do concurso (CF art. 37, III)

    @property
    def chave(self) -> str:
        return f"{self.numero}/{self.ano}"


EDITAIS = (
    EditalDemo(
        numero=3,
        ano=2020,
        titulo="Concurso Público — Guarda Municipal",
        tipo=CONCURSO_PUBLICO,
        publicado_em=date(2020, 2, 3),
        data_referencia_idade=date(2020, 3, 6),
        regime="cariacica-2018",
        percentual_pcd=Decimal("10"),
        cargos=(CargoDemo("GM", "Guarda Municipal", 50, 205, empates=("idade", "jurado", "sorteio"), eliminados=1),),
        validade_ate=date(2022, 6, 30),
    ),
    EditalDemo(
        numero=2,
        ano=2023,
        titulo="Processo Seletivo — Agente Comunitário de Saúde",
        tipo=PROCESSO_SELETIVO_ACS_ACE,
        publicado_em=date(2023, 7, 15),
        data_referencia_idade=date(2023, 8, 4),
        regime="cariacica-2023",
        percentual_pcd=None,
        cargos=(CargoDemo("ACS", "Agente Comunitário de Saúde", 20, 90, empates=("idade", "sorteio")),),
    ),
    EditalDemo(
        numero=1,
        ano=2025,
        titulo="Concurso Público — Quadro Geral",
        tipo=CONCURSO_PUBLICO,
        publicado_em=date(2025, 3, 10),
        data_referencia_idade=date(2025, 4, 10),
        regime="cariacica-2023",
        percentual_pcd=Decimal("5"),
        cargos=(
            CargoDemo("GM", "Guarda Municipal", 35, 160, empates=("idade", "idoso"), pendentes=3, eliminados=2,
                      reinscritos=12),
            CargoDemo("PEB-MAT", "Professor PEB II – Matemática", 13, 55, empates=("sem_solucao", "idade")),
            CargoDemo("ADM", "Agente Administrativo", 8, 40, empates=("idade", "jurado")),
            CargoDemo("MED-CG", "Médico Clínico Geral", 5, 20, empates=("idoso",)),
            CargoDemo("ENG-CIV", "Engenheiro Civil", 3, 14),
            CargoDemo("PROC", "Procurador Municipal", 2, 10),
            CargoDemo("ARQ", "Arquiteto", 1, 6, empates=()),
        ),
    ),
    # O concurso vencido (validade até 31/03/2021, guarda de 5 anos até 31/03/2026): os dados pessoais
    # de quem não foi nomeado saem com ``eliminar_dados_pessoais``. Por último, para não mudar o sorteio
    # dos outros editais.
    EditalDemo(
        numero=1,
        ano=2019,
        titulo="Concurso Público — Vigia",
        tipo=CONCURSO_PUBLICO,
        publicado_em=date(2019, 2, 11),
        data_referencia_idade=date(2019, 3, 15),
        regime="cariacica-2018",
        percentual_pcd=Decimal("10"),
        cargos=(CargoDemo("VIG", "Vigia", 3, 12, empates=()),),
        validade_ate=date(2021, 3, 31),
    ),
)  # fmt: skip


# ── O plano (puro, sem banco) ────────────────────────────────────────────────────────────────────


@dataclass
class PessoaDemo:
    cpf: str
    nome: str
    nome_social: str
    nascimento: date
    email: str


@dataclass
class InscricaoDemo:
    edital: str  # "número/ano"
    cargo: str  # código
    numero: str
    pessoa: PessoaDemo
    nota: Decimal
    cor_raca: str = ""
    notas_parciais: dict = field(default_factory=dict)
    jurado: bool = False
    sorteio: int | None = None
    eliminado: bool = False
    grupos: dict = field(default_factory=dict)  # grupo → situação da verificação
    nova: bool = True  # pessoa criada para esta inscrição (não reinscrita)


@dataclass
class Plano:
    pessoas: list[PessoaDemo]
    inscricoes: list[InscricaoDemo]


def plano(editais=EDITAIS, semente: int = SEMENTE) -> Plano:
    """Pessoas e inscrições de todos os editais, sempre as mesmas para a mesma semente."""
    rng = random.Random(semente)
    sequencia = itertools.count(PRIMEIRO_CPF)
    pessoas, inscricoes, anteriores = [], [], {}
    for edital in editais:
        numeros = (f"{edital.ano}{n:05d}" for n in itertools.count(1))
        for cargo in edital.cargos:
            reinscritos = [i.pessoa for i in anteriores.get(cargo.nome, [])][: cargo.reinscritos]
            do_cargo = []
            for indice in range(cargo.candidatos):
                if indice < len(reinscritos):
                    pessoa, nova = reinscritos[indice], False
                else:
                    pessoa, nova = _pessoa(rng, next(sequencia), edital.data_referencia_idade), True
                    pessoas.append(pessoa)
                do_cargo.append(_inscricao(rng, edital, cargo, next(numeros), pessoa, nova))
            _plantar_casos(rng, edital, cargo, do_cargo)
            anteriores[cargo.nome] = do_cargo
            inscricoes.extend(do_cargo)
    return Plano(pessoas, inscricoes)


def _pessoa(rng: random.Random, numero: int, referencia: date) -> PessoaDemo:
    feminino = rng.random() < 0.5
    primeiro = rng.choice(NOMES_FEMININOS if feminino else NOMES_MASCULINOS)
    sorteados = [_sobrenome(rng) for _ in range(rng.choice((1, 2, 2, 2)))]
    # O mesmo sobrenome sorteado duas vezes ("dos Santos dos Santos"), ou já no prenome ("Maria da Penha
    # da Penha"), fica uma vez só; os sorteios seguintes não mudam, nem o resto da demonstração.
    vistos = set(primeiro.split())
    sobrenomes = []
    for sobrenome in sorteados:
        if sobrenome.split()[-1] not in vistos:
            sobrenomes.append(sobrenome)
            vistos.add(sobrenome.split()[-1])
    sobrenomes = sobrenomes or sorteados[-1:]
    nome = " ".join([primeiro, *sobrenomes])
    nome_social = ""
    if rng.random() < 0.02:  # nome social (Decreto 8.727/2016): prenome do outro gênero
        nome_social = " ".join([rng.choice(NOMES_MASCULINOS if feminino else NOMES_FEMININOS), sobrenomes[-1]])
    idade = rng.randint(61, 67) if rng.random() < 0.025 else rng.randint(19, 57)
    nascimento = referencia - timedelta(days=idade * 365 + idade // 4 + rng.randrange(1, 360))
    usuario_de_email = _sem_acento(f"{primeiro.split()[0]}.{sobrenomes[-1].split()[-1]}").lower()
    email = f"{usuario_de_email}{numero % 1000}@exemplo.test" if rng.random() < 0.7 else ""
    return PessoaDemo(completar_cpf(f"{numero:09d}"), nome, nome_social, nascimento, email)


def _sobrenome(rng: random.Random) -> str:
    sobrenome = rng.choice(SOBRENOMES)
    if sobrenome in CONECTIVOS and rng.random() < 0.4:
        return f"{CONECTIVOS[sobrenome]} {sobrenome}"
    return sobrenome


def _sem_acento(texto: str) -> str:
    return unicodedata.normalize("NFKD", texto).encode("ascii", "ignore").decode()


def _inscricao(rng, edital: EditalDemo, cargo: CargoDemo, numero: str, pessoa, nova: bool) -> InscricaoDemo:
    negro = rng.random() < 0.30
    grupos = {}
    if negro:
        grupos["negros"] = _verificacao(rng)
    if rng.random() < 0.08:
        grupos["pcd"] = _verificacao(rng)
    return InscricaoDemo(
        edital=edital.chave,
        cargo=cargo.codigo,
        numero=numero,
        pessoa=pessoa,
        nota=Decimal(0),
        cor_raca=rng.choice(("preta", "parda", "parda")) if negro else _cor_sem_opcao(rng),
        jurado=rng.random() < 0.04,
        grupos=grupos,
        nova=nova,
    )


def _verificacao(rng: random.Random) -> str:
    sorteado = rng.random()
    return CONFIRMADO if sorteado < 0.84 else NAO_CONFIRMADO if sorteado < 0.95 else AUSENTE


def _cor_sem_opcao(rng: random.Random) -> str:
    return rng.choices(("branca", "parda", "preta", "amarela", "indigena", ""), (70, 17, 5, 3, 1, 4))[0]


def _plantar_casos(rng, edital: EditalDemo, cargo: CargoDemo, inscricoes: list[InscricaoDemo]) -> None:
    """Notas distintas (centésimos) e depois os casos do cargo: empates, pendências, eliminados."""
    usadas = set()
    for inscricao in inscricoes:
        centesimos = _nota_nova(rng, usadas)
        inscricao.nota = Decimal(centesimos).scaleb(-2)
        if rng.random() < 0.12:
            especificos = Decimal(rng.randint(centesimos // 3, centesimos * 2 // 3)).scaleb(-2)
            inscricao.notas_parciais = {
                "conhecimentos_gerais": str(inscricao.nota - especificos),
                "conhecimentos_especificos": str(especificos),
            }
    por_nota = sorted(inscricoes, key=lambda i: i.nota, reverse=True)
    livres = [i for i in por_nota if i.nova and not _idoso(i, edital)]
    empatados = set()
    for ordem, tipo in enumerate(cargo.empates):
        posicao = min(cargo.vagas - 1 + 3 * ordem, len(livres) - 2)  # perto da linha de corte
        primeiro, segundo = livres.pop(posicao), livres.pop(posicao)
        _empatar(primeiro, segundo, tipo, edital)
        empatados |= {primeiro.numero, segundo.numero}
    optantes = [i for i in por_nota if i.grupos]
    for inscricao in optantes[: cargo.pendentes]:
        inscricao.grupos[min(inscricao.grupos)] = PENDENTE
    sem_opcao = [i for i in por_nota[cargo.vagas // 2 :] if not i.grupos and i.numero not in empatados]
    for inscricao in sem_opcao[: cargo.eliminados]:
        inscricao.eliminado = True


def _nota_nova(rng: random.Random, usadas: set) -> int:
    """Nota em centésimos, de 30,00 a 98,50, concentrada no meio; evita repetir uma nota do cargo
    (os empates são plantados de propósito), mas desiste depois de algumas tentativas: numa massa
    grande, com mais candidatos do que notas possíveis, repetições são inevitáveis."""
    for _ in range(50):
        centesimos = (rng.randint(3000, 9850) + rng.randint(3000, 9850)) // 2
        if centesimos not in usadas:
            break
    usadas.add(centesimos)
    return centesimos


def _idoso(inscricao: InscricaoDemo, edital: EditalDemo) -> bool:
    referencia = edital.data_referencia_idade
    return inscricao.pessoa.nascimento <= referencia.replace(year=referencia.year - 60)


def _empatar(primeiro: InscricaoDemo, segundo: InscricaoDemo, tipo: str, edital: EditalDemo) -> None:
    """Dá ao segundo a nota do primeiro; o critério ``tipo`` da cadeia é o que desfaz o empate."""
    segundo.nota = primeiro.nota
    segundo.notas_parciais = dict(primeiro.notas_parciais)
    if tipo == "idade":
        if segundo.pessoa.nascimento == primeiro.pessoa.nascimento:
            segundo.pessoa.nascimento -= timedelta(days=40)
        return
    if tipo == "idoso":
        referencia = edital.data_referencia_idade
        segundo.pessoa.nascimento = referencia.replace(year=referencia.year - 63) - timedelta(days=75)
        return
    segundo.pessoa.nascimento = primeiro.pessoa.nascimento
    primeiro.jurado = tipo == "jurado"
    segundo.jurado = False
    if tipo == "sorteio":
        primeiro.sorteio, segundo.sorteio = 2, 1
