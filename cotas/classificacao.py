"""Classificação e listas (docs/REGRAS.md §§ 3 e 6).

A lista geral ordena os classificados não eliminados pela nota final e, entre empatados, pela
cadeia de desempate do edital. Quem continua empatado ao fim da cadeia é apontado (precisa de
sorteio) e fica provisoriamente na ordem do número de inscrição.
"""

from bisect import bisect_left
from dataclasses import dataclass
from datetime import date
from itertools import compress, count, islice, repeat
from operator import add, eq, is_, is_not, mul, not_, sub

from .erros import ErroDeCotas
from .modelo import (
    AUSENTE,
    CONFIRMADO,
    DECLARACAO_FALSA,
    ELIMINADO,
    IDADE,
    IDOSO,
    JURADO,
    PENDENTE,
    PREFIXO_NOTA,
    SORTEIO,
    Candidato,
    Edital,
    Regime,
)

IDADE_IDOSO = 60  # Estatuto da Pessoa Idosa (Lei nº 10.741/2003), art. 1º e art. 27, parágrafo único

# Como os documentos escrevem cada critério da cadeia de desempate, com a fonte de cada um
# (docs/REGRAS.md §6); ``nota:<campo>`` é escrito por ``descrever_desempate``.
DESCRICOES_DO_DESEMPATE = {
    IDOSO: (
        f"idade de {IDADE_IDOSO} anos ou mais na data de referência do edital, o mais velho primeiro "
        "(Estatuto da Pessoa Idosa, art. 27, parágrafo único)"
    ),
    IDADE: "maior idade, o mais velho primeiro",
    JURADO: "exercício efetivo da função de jurado (Código de Processo Penal, art. 440)",
    SORTEIO: "ordem do sorteio público",
}


def descrever_desempate(desempate) -> str:
    """Como os empates foram ordenados, critério por critério e na ordem da cadeia do edital: o que o
    resultado publicado diz ao candidato empatado na nota final."""
    criterios = [
        DESCRICOES_DO_DESEMPATE.get(c) or f"maior nota em {c[len(PREFIXO_NOTA) :].replace('_', ' ')}" for c in desempate
    ]
    cadeia = "; ".join(f"{n}º {criterio}" for n, criterio in enumerate(criterios, 1))
    return (
        f"Ordem pela nota final, a maior primeiro; entre empatados, {cadeia or 'nenhum critério'}. Quem continua "
        "empatado ao fim da cadeia fica, provisoriamente, na ordem do número de inscrição até o sorteio público."
    )


def idade_em(nascimento: date, referencia: date) -> int:
    """Idade completa na data de referência; quem faz aniversário nesse dia já conta o ano."""
    return referencia.year - nascimento.year - ((referencia.month, referencia.day) < (nascimento.month, nascimento.day))


def limite_de_nascimento_idoso(referencia: date) -> date:
    """Última data de nascimento de quem tem 60 anos ou mais na data de referência."""
    try:
        return referencia.replace(year=referencia.year - IDADE_IDOSO)
    except ValueError:  # referência em 29 de fevereiro e ano sem 29: quem nasceu em 28/02 já fez 60
        return date(referencia.year - IDADE_IDOSO, 2, 28)


# Maior que qualquer ``date.toordinal()``: quem não tem o critério (não é idoso, não informou a data)
# vem depois de todos os que têm, e empatado com os demais na mesma situação.
SEM_DATA = date.max.toordinal() + 1


def _colunas_de_ordem(
    candidatos,
    desempate: tuple[str, ...],
    limite_idoso: date | None,
    faltam: dict | None = None,
    maiores: dict | None = None,
) -> list[list[int]]:
    """Uma coluna de inteiros por critério, na ordem da cadeia: a nota final (maior primeiro) e
    depois cada critério do edital. A chave de ordenação de um candidato é a sua linha.

    As notas viram postos inteiros (0 = a maior) antes da ordenação: a ordem é a mesma das notas
    exatas, e comparar inteiros é bem mais rápido do que comparar ``Decimal``. Cada critério vira um
    inteiro só, na mesma ordem e com os mesmos empates: o idoso é a data de nascimento (o mais
    velho antes) e os demais ficam todos com ``SEM_DATA``; ``idade`` e ``sorteio``, sem o dado, vêm
    depois de todos; ``jurado`` é 0 (serviu) ou 1. Montar coluna a coluna evita percorrer a cadeia
    uma vez por candidato.
    """
    notas = [c.nota for c in candidatos]
    colunas = [list(map(_postos(notas).__getitem__, notas))]
    nascimentos = [c.nascimento for c in candidatos]
    for criterio in desempate:
        if criterio == IDOSO:
            colunas.append([n.toordinal() if n is not None and n <= limite_idoso else SEM_DATA for n in nascimentos])
        elif criterio == IDADE:
            colunas.append([SEM_DATA if n is None else n.toordinal() for n in nascimentos])
        elif criterio == JURADO:
            colunas.append([0 if c.jurado else 1 for c in candidatos])
        elif criterio == SORTEIO:
            sorteios = [c.sorteio for c in candidatos]
            maior = max(compress(sorteios, map(is_not, sorteios, repeat(None))), default=None)
            if maiores is not None:
                maiores[SORTEIO] = maior
            sem_sorteio = (0 if maior is None else maior) + 1
            colunas.append([sem_sorteio if s is None else s for s in sorteios])
        else:
            campo = criterio[len(PREFIXO_NOTA) :]
            parciais = _parciais(candidatos, campo)
            # Sem a nota parcial, o posto fica depois de todos; só é erro se o candidato ainda
            # estiver empatado quando a cadeia chega a este critério (``_exigir_parciais``). Quem
            # falta se procura por identidade (``is_``): ``None in parciais`` compararia cada
            # ``Decimal`` com ``None``, e essa comparação passa por ``isinstance`` de uma ABC.
            if faltam is not None:
                sem_parcial = list(compress(count(), map(is_, parciais, repeat(None))))
                if sem_parcial:
                    faltam[len(colunas)] = sem_parcial
            colunas.append(list(map(_postos(parciais).__getitem__, parciais)))
    return colunas


def _maior_informado(valores: list) -> int:
    """O maior dos valores que não são ``None`` (0 se nenhum), com o laço em C."""
    return max(compress(valores, map(is_not, valores, repeat(None))), default=0)


def _parciais(candidatos, campo: str) -> list:
    """A nota parcial ``campo`` de cada candidato (``Candidato.nota_parcial``), sem uma chamada de
    método por candidato."""
    parciais = []
    novo = parciais.append
    for candidato in candidatos:
        for nome, valor in candidato.notas:
            if nome == campo:
                novo(valor)
                break
        else:
            novo(None)
    return parciais


def _postos(notas) -> dict:
    """Posto de cada nota distinta, da maior (0) para a menor; ``None`` (nota que falta) por último."""
    distintas = set(notas)  # em C; as notas são ``Decimal`` imutáveis, com o hash guardado
    distintas.discard(None)
    postos = {nota: posto for posto, nota in enumerate(sorted(distintas, reverse=True))}
    postos[None] = len(postos)
    return postos


def _exigir_parciais(ativos, ordem: list[int], semelhantes: list[tuple], faltam: dict, desempate) -> None:
    """Nota parcial que falta é entrada inválida só para quem ainda está empatado quando a cadeia
    chega a ela (docs/REGRAS.md §6): numa lista já ordenada, quem divide com ele os critérios
    anteriores é um vizinho. ``ordem`` é a lista ordenada (índices de ``ativos``)."""
    lugar = {indice: posicao for posicao, indice in enumerate(ordem)}
    for coluna, indices in faltam.items():
        for indice in sorted(indices, key=lugar.__getitem__):
            posicao, prefixo = lugar[indice], semelhantes[indice][:coluna]
            vizinhos = (posicao - 1, posicao + 1)
            if any(0 <= v < len(ordem) and semelhantes[ordem[v]][:coluna] == prefixo for v in vizinhos):
                candidato, criterio = ativos[indice], desempate[coluna - 1]
                campo = criterio[len(PREFIXO_NOTA) :]
                raise ErroDeCotas(
                    f"Candidato {candidato.inscricao}: notas.{campo} ausente: empatado com outro candidato, precisa "
                    f"da nota parcial, critério de desempate do edital ({criterio}).",
                    inscricao=candidato.inscricao,
                    campo=f"notas.{campo}",
                    valor=None,
                )


@dataclass(frozen=True)
class Classificacao:
    """A lista geral em ordem de classificação, os empates não resolvidos e os eliminados."""

    geral: tuple[Candidato, ...]
    empates: tuple[tuple[str, ...], ...]
    avisos: tuple[str, ...]
    # Inscrições fora de todas as listas (``eliminado_de_tudo``), na ordem do cenário.
    eliminados: tuple[str, ...] = ()
    # Com o sorteio na cadeia: o maior sorteio informado entre todos os candidatos, eliminados
    # inclusive (0 se nenhum), o que ``Ordenacao`` usaria; ``None`` sem o sorteio na cadeia.
    maior_sorteio: int | None = None


def eliminado_de_tudo(candidato: Candidato, regime: Regime, aplicaveis: tuple[str, ...]) -> bool:
    """Fora de todas as listas: eliminado pela banca, declaração falsa apurada (Art. 2º, §1º) ou
    ausente à verificação de um grupo cuja ausência elimina."""
    return candidato.eliminado or _verificacao_elimina(candidato.verificacao, regime, aplicaveis)


def _verificacao_elimina(verificacao: tuple, regime: Regime, aplicaveis: tuple[str, ...]) -> bool:
    for nome, situacao in verificacao:
        if situacao == DECLARACAO_FALSA:
            return True
        if situacao == AUSENTE and nome in aplicaveis and regime.grupo(nome).ausencia == ELIMINADO:
            return True
    return False


def classificar(candidatos, edital: Edital, regime: Regime, aplicaveis: tuple[str, ...]) -> Classificacao:
    """Lista geral (ampla concorrência) em ordem de classificação, com os empates não resolvidos."""
    desempate = edital.desempate
    referencia = edital.data_referencia_idade
    limite = limite_de_nascimento_idoso(referencia) if referencia is not None else None
    # ``eliminado_de_tudo`` de cada candidato, com a verificação decidida uma vez por combinação
    # distinta (um edital nacional tem 100 mil candidatos e poucas combinações).
    elimina = {v: _verificacao_elimina(v, regime, aplicaveis) for v in {c.verificacao for c in candidatos}}
    fora = [c.eliminado or elimina[c.verificacao] for c in candidatos]
    ativos = list(compress(candidatos, map(not_, fora)))
    eliminados = tuple(c.inscricao for c in compress(candidatos, fora))
    # Os critérios de cada candidato num inteiro só (iguais entre empatados); entre empatados, o
    # número de inscrição ordena provisoriamente.
    faltam = {}  # coluna do critério nota:<campo> → candidatos sem a parcial
    maiores = {}  # sorteio → o maior informado entre os ativos (``None`` se nenhum)
    colunas = _colunas_de_ordem(ativos, desempate, limite, faltam, maiores)
    chaves, distintas = _chave_unica(colunas, len(ativos))
    ordem = sorted(range(len(ativos)), key=chaves.__getitem__)
    trechos = [] if distintas else _trechos_empatados(list(map(chaves.__getitem__, ordem)))
    for inicio, fim in trechos:
        ordem[inicio:fim] = sorted(ordem[inicio:fim], key=lambda i: ativos[i].inscricao)
    geral = tuple(map(ativos.__getitem__, ordem))
    if faltam:
        _exigir_parciais(ativos, ordem, list(zip(*colunas, strict=True)), faltam, desempate)
    empates, avisos = [], []
    for inicio, fim in trechos:
        empatados = geral[inicio:fim]
        empates.append(tuple(c.inscricao for c in empatados))
        avisos.append(_aviso_de_empate(empatados, desempate))
    return Classificacao(
        geral=geral,
        empates=tuple(empates),
        avisos=tuple(avisos),
        eliminados=eliminados,
        maior_sorteio=_maior_sorteio(maiores, candidatos, fora) if SORTEIO in desempate else None,
    )


def _maior_sorteio(maiores: dict, candidatos, fora: list[bool]) -> int:
    """O maior sorteio informado entre todos os candidatos (0 se nenhum), como ``Ordenacao`` o
    calcularia: o dos ativos já saiu das colunas, e só os eliminados (poucos) são percorridos de
    novo. Poupa às revisões uma passada pelos 100 mil candidatos (uma falta de cache por candidato)."""
    informados = [c.sorteio for c in compress(candidatos, fora) if c.sorteio is not None]
    if maiores[SORTEIO] is not None:
        informados.append(maiores[SORTEIO])
    return max(informados, default=0)


def _chave_unica(colunas: list[list[int]], quantos: int) -> tuple[list[int], bool]:
    """As colunas de ``_colunas_de_ordem`` num inteiro por candidato, em base mista, e se as chaves
    são todas distintas (sem empate nenhum). Cada coluna é um algarismo (o valor, numa base maior
    que o maior valor da coluna; numa coluna com negativos, o valor menos o menor). Comparar os
    inteiros dá a mesma ordem e os mesmos empates que comparar as linhas coluna a coluna, e ordenar
    inteiros custa bem menos do que ordenar tuplas (tudo em C: ``map`` com ``operator``). A primeira
    coluna é o começo da chave, sem multiplicar zeros.

    Quando as chaves já são todas distintas, as colunas seguintes não mudam a ordem de ninguém (a
    cadeia de desempate só é consultada entre empatados, docs/REGRAS.md §6) e não entram na chave:
    com o sorteio na cadeia de um edital grande, a nota, o idoso, uma parcial e a idade costumam
    bastar, e as colunas que faltam custariam uma multiplicação de inteiros grandes por candidato.
    Contar as distintas (em C, na ordem em que estão na memória) também poupa à classificação
    procurar empates na ordem classificada, uma falta de cache por chave."""
    chaves = None
    distintas = False
    capacidade = 1  # quantas chaves distintas as colunas já vistas comportam
    for coluna in colunas:
        if not coluna:
            continue
        menor, maior = min(coluna), max(coluna)
        if menor < 0:
            coluna = list(map(sub, coluna, repeat(menor, quantos)))
            maior -= menor
        if chaves is None:
            chaves = coluna
        else:
            chaves = list(map(add, map(mul, chaves, repeat(maior + 1, quantos)), coluna))
        capacidade *= maior + 1
        # Só se contam as distintas quando elas podem ser todas (e a coluna não é constante, que
        # não desfaz empate nenhum).
        if maior > 0 and capacidade >= quantos and len(set(chaves)) == quantos:
            distintas = True
            break
    return ([0] * quantos if chaves is None else chaves), distintas or quantos <= 1


def _trechos_empatados(ordenados: list) -> list[tuple[int, int]]:
    """Trechos ``[inicio, fim)`` de dois ou mais vizinhos iguais numa lista já ordenada. Empates
    são raros: a comparação dos vizinhos roda em C (``map``) e só os iguais passam pelo laço."""
    iguais_ao_proximo = compress(count(), map(eq, ordenados, islice(ordenados, 1, None)))
    trechos = []
    for posicao in iguais_ao_proximo:
        if trechos and trechos[-1][1] == posicao + 1:
            trechos[-1][1] = posicao + 2
        else:
            trechos.append([posicao, posicao + 2])
    return [(inicio, fim) for inicio, fim in trechos]


def _aviso_de_empate(empatados: list[Candidato], desempate: tuple[str, ...]) -> str:
    inscricoes = ", ".join(c.inscricao for c in empatados)
    texto = (
        f"Empate não resolvido pela cadeia de desempate ({', '.join(desempate) or 'vazia'}) entre as inscrições "
        f"{inscricoes} (nota {empatados[0].nota}): é preciso sorteio público; até lá a ordem por número de "
        "inscrição é provisória."
    )
    sem_nascimento = [c.inscricao for c in empatados if c.nascimento is None]
    if sem_nascimento and (IDOSO in desempate or IDADE in desempate):
        texto += f" Sem data de nascimento: {', '.join(sem_nascimento)}."
    return texto


def listas_em_que_entra(candidato: Candidato, aplicaveis: tuple[str, ...]) -> tuple[tuple[str, bool], ...]:
    """As listas de grupo em que o candidato entra, cada uma com a verificação ainda pendente ou não:
    quem optou, é elegível e segue na reserva.

    ``confirmado`` e ``pendente`` (provisoriamente) ficam; ``nao_confirmado`` e ``ausente`` com
    ``perde_reserva`` saem só da lista do grupo e continuam na geral pela nota (Art. 2º, §2º).
    Grupo que não se aplica ao edital (Art. 5º, parágrafo único) tem lista vazia.
    """
    entradas = []
    for nome in candidato.grupos:
        situacao = candidato.situacao(nome)
        if nome in aplicaveis and situacao in (CONFIRMADO, PENDENTE):
            entradas.append((nome, situacao == PENDENTE))
    return tuple(entradas)


class _Falta:
    """A nota parcial que falta, na chave de ordenação de uma revisão: compará-la é sinal de que o
    candidato está empatado quando a cadeia chega ao critério, e aí a falta é entrada inválida
    (docs/REGRAS.md §6). A comparação de tuplas só chega a este elemento se os anteriores forem
    iguais."""

    __slots__ = ("inscricao", "campo")
    __hash__ = None

    def __init__(self, inscricao: str, campo: str):
        self.inscricao, self.campo = inscricao, campo

    def _erro(self, _outro):
        raise ErroDeCotas(
            f"Candidato {self.inscricao}: notas.{self.campo} ausente: empatado com outro candidato, precisa da "
            f"nota parcial, critério de desempate do edital (nota:{self.campo}).",
            inscricao=self.inscricao,
            campo=f"notas.{self.campo}",
            valor=None,
        )

    __eq__ = __lt__ = __gt__ = __le__ = __ge__ = _erro


class Ordenacao:
    """A ordem da classificação para as revisões (docs/REGRAS.md §8): a chave absoluta de cada
    candidato (a mesma ordem de ``classificar``, sem os postos relativos) e os candidatos com as
    entradas vigentes. Montada só quando há revisão: custa um dicionário dos candidatos."""

    def __init__(self, candidatos, edital: Edital, por_inscricao: dict | None = None, maior_sorteio=None):
        self.edital = edital
        # Os candidatos do cenário por inscrição (a validação já monta o dicionário; não se copia: as
        # entradas corrigidas ficam à parte, em ``corrigidos``).
        self.originais = por_inscricao if por_inscricao is not None else {c.inscricao: c for c in candidatos}
        self.corrigidos: dict[str, Candidato] = {}
        referencia = edital.data_referencia_idade
        self.limite_idoso = limite_de_nascimento_idoso(referencia) if referencia is not None else None
        self.sem_sorteio = 0
        if SORTEIO in edital.desempate:
            # ``maior_sorteio``: o mesmo valor, já calculado por ``classificar`` (``Classificacao``).
            if maior_sorteio is None:
                maior_sorteio = _maior_informado([c.sorteio for c in candidatos])
            self.sem_sorteio = maior_sorteio + 1

    def candidato(self, inscricao: str) -> Candidato:
        return self.corrigidos.get(inscricao) or self.originais[inscricao]

    def atualizar(self, candidato: Candidato) -> None:
        self.corrigidos[candidato.inscricao] = candidato

    def semelhanca(self, candidato: Candidato) -> tuple:
        """Nota e critérios da cadeia: iguais entre empatados."""
        chave = [-candidato.nota]
        nascimento = candidato.nascimento
        for criterio in self.edital.desempate:
            if criterio == IDOSO:
                idoso = nascimento is not None and self.limite_idoso is not None and nascimento <= self.limite_idoso
                chave.append(nascimento.toordinal() if idoso else SEM_DATA)
            elif criterio == IDADE:
                chave.append(SEM_DATA if nascimento is None else nascimento.toordinal())
            elif criterio == JURADO:
                chave.append(0 if candidato.jurado else 1)
            elif criterio == SORTEIO:
                chave.append(self.sem_sorteio if candidato.sorteio is None else candidato.sorteio)
            else:
                campo = criterio[len(PREFIXO_NOTA) :]
                parcial = candidato.nota_parcial(campo)
                chave.append(_Falta(candidato.inscricao, campo) if parcial is None else -parcial)
        return tuple(chave)

    def chave(self, inscricao: str) -> tuple:
        return (*self.semelhanca(self.candidato(inscricao)), inscricao)

    def onde_entra(self, lista: list, candidato: Candidato) -> int:
        """Índice em que o candidato entra numa lista em ordem de classificação."""
        return bisect_left(lista, (*self.semelhanca(candidato), candidato.inscricao), key=self.chave)

    def empates_iniciais(self, empates) -> None:
        """Os empates da classificação inicial, para manter a partir deles (``reposicionar``)."""
        self._grupo_de: dict[str, int] = {}
        self._grupos: dict[int, set[str]] = {}
        for numero, grupo in enumerate(empates):
            self._grupos[numero] = set(grupo)
            self._grupo_de.update(dict.fromkeys(grupo, numero))

    def sair_do_empate(self, inscricao: str) -> None:
        numero = self._grupo_de.pop(inscricao, None)
        if numero is None:
            return
        grupo = self._grupos[numero]
        grupo.discard(inscricao)
        if len(grupo) < 2:
            for resto in grupo:
                del self._grupo_de[resto]
            del self._grupos[numero]

    def entrar_no_empate(self, lista: list, indice: int) -> None:
        """Quem acabou de entrar em ``lista[indice]`` empata com um vizinho igual nos critérios?"""
        inscricao = lista[indice]
        semelhanca = self.semelhanca(self.candidato(inscricao))
        for vizinho in (indice - 1, indice + 1):
            if 0 <= vizinho < len(lista) and self.semelhanca(self.candidato(lista[vizinho])) == semelhanca:
                outro = lista[vizinho]
                numero = self._grupo_de.get(outro)
                if numero is None:
                    numero = max(self._grupos, default=-1) + 1
                    self._grupos[numero] = {outro}
                    self._grupo_de[outro] = numero
                self._grupos[numero].add(inscricao)
                self._grupo_de[inscricao] = numero
                return

    def empates(self, geral: list) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
        """Empates (e os avisos) da lista geral corrigida, na ordem dela."""
        membros = set(self._grupo_de)
        indice = {i: n for n, i in enumerate(geral) if i in membros} if membros else {}
        grupos = sorted((sorted(g, key=indice.__getitem__) for g in self._grupos.values()), key=lambda g: indice[g[0]])
        empates = tuple(tuple(g) for g in grupos)
        avisos = tuple(_aviso_de_empate([self.candidato(i) for i in g], self.edital.desempate) for g in grupos)
        return empates, avisos
