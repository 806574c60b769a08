"""Supressão de células pequenas em tabelas de contagens, para a versão pública de um relatório
(docs/PRESTACAO-DE-CONTAS.md). Puro: sem Django, sem banco, sem relógio.

Como os institutos de estatística protegem uma tabela de frequências, em duas etapas:

- **primária**: toda contagem de pessoas de 1 a 4 sai como "< 5". O 0 continua 0: a ausência não
  identifica ninguém, e um zero nunca é escondido;
- **complementar**: uma soma publicada (um total e as suas partes) não pode devolver o que a primária
  escondeu. Onde ela devolveria, esconde-se também outra célula da soma, marcada "X" — que não é
  "< 5": pode ser qualquer número a partir de 1 (numa contagem de pessoas, 5 ou mais).

A regra que se cumpre, verificada depois de cada célula escondida:

1. nenhuma soma tem uma célula escondida sozinha (ela sairia da conta exata: total 12, partes 9 e
   "< 5" dão 3);
2. o que se deduz de cada célula escondida, juntando todas as somas publicadas, não é um valor só
   (nem um intervalo vazio), e de uma "< 5" não se deduz nada além do que ela já diz: que está entre
   1 e 4. É a auditoria da tabela: os limites de cada célula (``deduzido``) se propagam de soma em
   soma até nada mais mudar, sabendo o que o leitor sabe — uma "< 5" está entre 1 e 4, um "X" de
   pessoas é 5 ou mais, um "X" de outra contagem é 1 ou mais, o publicado é o que está escrito.

Qual célula se esconde, entre as que podem (publicadas, não zero, não já públicas por outro meio):
a que deixa a célula exposta protegida, depois a que custa menos (menos células escondidas, menor
valor: perde-se menos informação), depois a primeira na ordem de leitura. Na regra 1 procura-se na
soma da célula sozinha; na regra 2, em todas as somas ligadas a ela. Se nenhuma célula sozinha
adianta, o último recurso é esconder tudo o que se pode nas somas ligadas e devolver o que não faz
falta. A supressão é determinística: a mesma tabela dá sempre as mesmas células escondidas, seja
qual for a ordem em que as contagens e as somas chegam.

Quando não há o que esconder (as outras células da soma são zeros ou números já públicos, ou todas já
são "< 5") e a conta daria o valor exato da célula — uma vaga reservada, número público do Anexo I,
provida pelo grupo, e zeros nas outras colunas: 1 − 0 − 0 = 1 —, a soma inteira deixa de ser
publicada: todas as partes que se podem esconder, inclusive os zeros e os "< 5", saem "n.d." (não
divulgado, qualquer número a partir de 0). O leitor fica só com o total já público, sem saber qual
parte o compõe. Só quando nem assim há duas partes escondidas (as outras são todas números já
públicos) a célula continua exposta.

A propagação de limites é exata quando as somas não formam ciclo — as linhas de uma tabela, os totais
dentro de totais, a ligação entre duas tabelas do relatório. Numa tabela com totais de linha e de
coluna ao mesmo tempo (um ciclo), ela ainda garante as regras 1 e 2 como as calcula, mas um leitor
com programação linear pode, em casos raros, estreitar um pouco mais um intervalo; para tabelas
assim os institutos usam ferramentas próprias (o τ-ARGUS, por exemplo).
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

LIMITE = 5
MENOS_DE_5 = "< 5"  # supressão primária: de 1 a 4 pessoas
OMITIDO = "X"  # supressão complementar
NAO_DIVULGADO = "n.d."  # o último recurso: a soma que nada mais protege não se publica (inclusive os zeros)
# A propagação para quando nada muda; o teto só segura somas contraditórias entre si, que poderiam
# empurrar os limites um passo de cada vez.
RODADAS = 100

Coordenada = tuple[int, ...]
Limites = tuple[int, int | None]  # o menor e o maior valor possíveis; ``None``: sem teto


@dataclass(frozen=True)
class Contagem:
    """Uma célula que conta. ``pessoas``: de 1 a 4 sai "< 5"; as outras contagens (vagas) nunca são
    "< 5", mas podem ser escondidas como complementares. ``suprimivel=False``: um número já público
    por outro meio (as vagas reservadas do Anexo I), que escondido não protegeria nada."""

    valor: int
    pessoas: bool = True
    suprimivel: bool = True

    @property
    def pequena(self) -> bool:
        return self.pessoas and 0 < self.valor < LIMITE


@dataclass(frozen=True)
class Soma:
    """Uma soma que a tabela publica: a célula ``total`` é a soma das ``partes``."""

    total: Coordenada
    partes: tuple[Coordenada, ...]

    @property
    def celulas(self) -> tuple[Coordenada, ...]:
        return (self.total, *self.partes)


def suprimir(contagens: Mapping[Coordenada, Contagem], somas: Iterable[Soma]) -> dict[Coordenada, str]:
    """As células escondidas na versão pública, cada uma com o seu marcador ("< 5" ou "X"); as que
    não estão no resultado saem como estão."""
    marcas = {c: MENOS_DE_5 for c in sorted(contagens) if contagens[c].pequena}
    for ligadas in _componentes(somas):
        _proteger(contagens, ligadas, marcas)
    return dict(sorted(marcas.items()))


def _proteger(contagens, somas: Sequence[Soma], marcas: dict[Coordenada, str]) -> None:
    """Esconde complementares nas ``somas`` (ligadas entre si) até as duas regras valerem."""
    sem_saida: set[Coordenada] = set()
    celulas = sorted({c for soma in somas for c in soma.celulas})
    while True:
        _fechar_as_somas(contagens, somas, marcas)
        limites = deduzido(contagens, somas, marcas)
        exposta = next(
            (c for c in celulas if c in marcas and c not in sem_saida and _exposta(marcas[c], limites[c])), None
        )
        if exposta is None:
            return
        complementar = _complementar(exposta, somas, contagens, somas, marcas, na_auditoria=True)
        if complementar is not None:
            marcas[complementar] = OMITIDO
        elif _esconder_e_devolver(exposta, contagens, somas, marcas):
            continue
        elif _exata(limites[exposta]) and _nao_divulgar(exposta, contagens, somas, marcas):
            continue
        else:
            sem_saida.add(exposta)


def _exata(limites: Limites) -> bool:
    lo, hi = limites
    return hi is not None and lo >= hi


def _nao_divulgar(exposta, contagens, somas: Sequence[Soma], marcas: dict[Coordenada, str]) -> bool:
    """O último recurso, quando a conta daria o valor exato de ``exposta`` e não há complementar: as
    partes das somas de ``exposta`` que se podem esconder, os zeros e os "< 5" também, saem "n.d."
    (sem piso: podem ser 0). Diz se protegeu ``exposta``; se não, nada muda."""
    celulas = sorted({c for soma in somas if exposta in soma.celulas for c in soma.celulas})
    tentativa = dict(marcas)
    for celula in celulas:
        if contagens[celula].suprimivel and tentativa.get(celula) != NAO_DIVULGADO:
            tentativa[celula] = NAO_DIVULGADO
    if tentativa == marcas or _exata(deduzido(contagens, somas, tentativa)[exposta]):
        return False
    marcas.update(tentativa)
    return True


def _esconder_e_devolver(exposta, contagens, somas: Sequence[Soma], marcas: dict[Coordenada, str]) -> bool:
    """O último recurso, quando nenhuma célula sozinha adianta: esconde tudo o que pode ser escondido
    nas somas ligadas e devolve, uma a uma (a de maior valor primeiro, a que mais informa), cada
    célula cuja volta não expõe ninguém que estava protegido. Diz se protegeu ``exposta``."""
    candidatas = [
        c for c in sorted({c for soma in somas for c in soma.celulas}) if _pode_esconder(c, contagens, marcas)
    ]
    tentativa = {**marcas, **dict.fromkeys(candidatas, OMITIDO)}
    expostas = _expostas(contagens, somas, tentativa)
    if exposta in expostas:
        return False
    for celula in sorted(candidatas, key=lambda c: (-contagens[c].valor, c)):
        sem_ela = {c: marca for c, marca in tentativa.items() if c != celula}
        if _expostas(contagens, somas, sem_ela) <= expostas:
            tentativa = sem_ela
    marcas.update(tentativa)
    return True


def _expostas(contagens, somas: Sequence[Soma], marcas: Mapping[Coordenada, str]) -> set[Coordenada]:
    limites = deduzido(contagens, somas, marcas)
    return {c for c in limites if c in marcas and _exposta(marcas[c], limites[c])}


def _pode_esconder(celula: Coordenada, contagens, marcas) -> bool:
    """Ainda publicada, não zero, e não um número já público por outro meio."""
    contagem = contagens[celula]
    return celula not in marcas and contagem.suprimivel and contagem.valor > 0


def deduzido(
    contagens: Mapping[Coordenada, Contagem], somas: Sequence[Soma], marcas: Mapping[Coordenada, str]
) -> dict[Coordenada, Limites]:
    """O que um leitor deduz de cada célula das ``somas`` com o que se publica: o menor e o maior
    valor possíveis, propagando cada soma até nada mais mudar."""
    celulas = {c for soma in somas for c in soma.celulas}
    limites = {c: _o_que_se_publica(contagens[c], marcas.get(c)) for c in celulas}
    for _ in range(RODADAS):
        mudou = [_propagar(soma, limites) for soma in somas]
        if not any(mudou):
            break
    return limites


def _o_que_se_publica(contagem: Contagem, marca: str | None) -> Limites:
    if marca == MENOS_DE_5:
        return (1, LIMITE - 1)
    if marca == OMITIDO:
        return (LIMITE if contagem.pessoas else 1, None)
    if marca == NAO_DIVULGADO:
        return (0, None)
    return (contagem.valor, contagem.valor)


def _propagar(soma: Soma, limites: dict[Coordenada, Limites]) -> bool:
    """Aperta os limites do total e de cada parte pela soma; diz se algum mudou."""
    total, partes = limites[soma.total], [limites[p] for p in soma.partes]
    novos = {soma.total: _apertar(total, sum(lo for lo, _ in partes), _soma_dos_tetos(partes))}
    for i, parte in enumerate(soma.partes):
        outras = partes[:i] + partes[i + 1 :]
        teto_das_outras = _soma_dos_tetos(outras)
        piso = total[0] - teto_das_outras if teto_das_outras is not None else 0
        teto = total[1] - sum(lo for lo, _ in outras) if total[1] is not None else None
        novos[parte] = _apertar(limites[parte], piso, teto)
    mudou = any(limites[c] != novo for c, novo in novos.items())
    limites.update(novos)
    return mudou


def _soma_dos_tetos(limites: Sequence[Limites]) -> int | None:
    tetos = [hi for _, hi in limites]
    return None if None in tetos else sum(tetos)


def _apertar(limites: Limites, piso: int, teto: int | None) -> Limites:
    lo, hi = limites
    if teto is not None:
        hi = teto if hi is None else min(hi, teto)
    return (max(lo, piso), hi)


def _exposta(marca: str, limites: Limites) -> bool:
    """Sai da conta um valor só (ou nenhum: somas contraditórias), ou uma "< 5" sai mais estreita
    que de 1 a 4."""
    lo, hi = limites
    if hi is not None and lo >= hi:
        return True
    return marca == MENOS_DE_5 and limites != (1, LIMITE - 1)


def _fechar_as_somas(contagens, somas: Sequence[Soma], marcas: dict[Coordenada, str]) -> None:
    """Regra 1: nenhuma soma com uma célula escondida sozinha."""
    mudou = True
    while mudou:
        mudou = False
        for soma in somas:
            escondidas = [c for c in soma.celulas if c in marcas]
            if len(escondidas) != 1:
                continue
            complementar = _complementar(escondidas[0], [soma], contagens, somas, marcas, na_auditoria=False)
            if complementar is not None:
                marcas[complementar] = OMITIDO
                mudou = True


def _complementar(exposta, onde: Sequence[Soma], contagens, somas, marcas, *, na_auditoria: bool):
    """A célula a esconder para proteger ``exposta``, entre as das somas ``onde``: a que a protege,
    depois a que custa menos (menos células e menor valor escondidos), depois a primeira na ordem de
    leitura.

    Na regra 1, ``onde`` é a soma com a célula sozinha, que precisa de outra de todo jeito. Na
    auditoria (regra 2), são todas as somas ligadas a ``exposta``, e só serve a célula que alarga o
    que se deduz dela, contando também as que a regra 1 esconderá por causa dessa: numa tabela com
    totais de linha e de coluna, esconder uma célula da linha pode só adiantar junto com a da coluna
    que a fecha."""
    antes = deduzido(contagens, somas, marcas)[exposta]
    escolhas = []
    for candidata in sorted({c for soma in onde for c in soma.celulas}):
        if not _pode_esconder(candidata, contagens, marcas):
            continue
        depois = {**marcas, candidata: OMITIDO}
        if na_auditoria:
            _fechar_as_somas(contagens, somas, depois)
        limites = deduzido(contagens, somas, depois)[exposta]
        if na_auditoria and not _mais_largo(limites, antes):
            continue
        novas = [c for c in depois if c not in marcas]
        custo = (len(novas), sum(contagens[c].valor for c in novas))
        escolhas.append((_exposta(marcas[exposta], limites), custo, candidata))
    return min(escolhas)[2] if escolhas else None


def _mais_largo(depois: Limites, antes: Limites) -> bool:
    if depois[0] < antes[0]:
        return True
    return antes[1] is not None and (depois[1] is None or depois[1] > antes[1])


def _componentes(somas: Iterable[Soma]) -> list[list[Soma]]:
    """As somas em grupos ligados por células em comum: cada grupo se protege sozinho (o que se
    esconde num não muda o que se deduz no outro). Os grupos e as somas de cada um, em ordem."""
    grupos: list[tuple[set[Coordenada], list[Soma]]] = []
    for soma in sorted(set(somas), key=lambda s: (s.total, s.partes)):
        celulas, juntas = set(soma.celulas), [soma]
        for grupo in [g for g in grupos if g[0].intersection(soma.celulas)]:
            grupos.remove(grupo)
            celulas |= grupo[0]
            juntas += grupo[1]
        grupos.append((celulas, juntas))
    ordem = [sorted(juntas, key=lambda s: (s.total, s.partes)) for _, juntas in grupos]
    return sorted(ordem, key=lambda juntas: (juntas[0].total, juntas[0].partes))
