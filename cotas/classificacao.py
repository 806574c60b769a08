"""Classificação e listas (REGRAS §§ 3 e 6).

A lista geral ordena os classificados não eliminados pela nota final e, entre empatados, pela
cadeia de desempate do edital. Quem continua empatado ao fim da cadeia é apontado (precisa de
sorteio) e fica provisoriamente na ordem do número de inscrição.
"""

from dataclasses import dataclass
from datetime import date

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


def idade_em(nascimento: date, referencia: date) -> int:
    """Idade completa na data de referência; quem faz aniversário nesse dia já conta o ano."""
    return referencia.year - nascimento.year - ((referencia.month, referencia.day) < (nascimento.month, nascimento.day))


def _chave(candidato: Candidato, desempate: tuple[str, ...], referencia: date | None) -> tuple:
    """Chave de ordenação: nota maior primeiro e depois cada critério do edital, em ordem."""
    chave = [-candidato.nota]
    nascimento = candidato.nascimento
    for criterio in desempate:
        if criterio == IDOSO:
            # Só os que têm 60 anos ou mais na data de referência vêm primeiro, o mais velho antes;
            # os demais não são ordenados por este critério.
            idoso = nascimento is not None and idade_em(nascimento, referencia) >= IDADE_IDOSO
            chave += (0, nascimento.toordinal()) if idoso else (1, 0)
        elif criterio == IDADE:
            chave += (0, nascimento.toordinal()) if nascimento is not None else (1, 0)
        elif criterio == JURADO:
            chave.append(0 if candidato.jurado else 1)
        elif criterio == SORTEIO:
            chave += (0, candidato.sorteio) if candidato.sorteio is not None else (1, 0)
        else:
            chave.append(-candidato.nota_parcial(criterio[len(PREFIXO_NOTA) :]))
    return tuple(chave)


@dataclass(frozen=True)
class Classificacao:
    geral: tuple[Candidato, ...]
    empates: tuple[tuple[str, ...], ...]
    avisos: tuple[str, ...]


def eliminado_de_tudo(candidato: Candidato, regime: Regime, aplicaveis: tuple[str, ...]) -> bool:
    """Fora de todas as listas: eliminado pela banca, declaração falsa apurada (Art. 2º, §1º) ou
    ausente à verificação de um grupo cuja ausência elimina."""
    if candidato.eliminado:
        return True
    for nome, situacao in candidato.verificacao:
        if situacao == DECLARACAO_FALSA:
            return True
        if situacao == AUSENTE and nome in aplicaveis and regime.grupo(nome).ausencia == ELIMINADO:
            return True
    return False


def classificar(candidatos, edital: Edital, regime: Regime, aplicaveis: tuple[str, ...]) -> Classificacao:
    """Lista geral (ampla concorrência) em ordem de classificação, com os empates não resolvidos."""
    ativos = [c for c in candidatos if not eliminado_de_tudo(c, regime, aplicaveis)]
    desempate, referencia = edital.desempate, edital.data_referencia_idade
    chaves = {c.inscricao: _chave(c, desempate, referencia) for c in ativos}
    ativos.sort(key=lambda c: (chaves[c.inscricao], c.inscricao))
    empates, avisos = [], []
    inicio = 0
    for fim in range(1, len(ativos) + 1):
        if fim == len(ativos) or chaves[ativos[fim].inscricao] != chaves[ativos[inicio].inscricao]:
            if fim - inicio > 1:
                empatados = ativos[inicio:fim]
                empates.append(tuple(c.inscricao for c in empatados))
                avisos.append(_aviso_de_empate(empatados, desempate))
            inicio = fim
    return Classificacao(geral=tuple(ativos), empates=tuple(empates), avisos=tuple(avisos))


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


def listas_dos_grupos(geral, regime: Regime, aplicaveis: tuple[str, ...]) -> dict[str, tuple[Candidato, ...]]:
    """Lista de cada grupo: quem optou, é elegível e segue na reserva, na ordem da lista geral.

    ``confirmado`` e ``pendente`` (provisoriamente) ficam; ``nao_confirmado`` e ``ausente`` com
    ``perde_reserva`` saem só da lista do grupo e continuam na geral pela nota (Art. 2º, §2º).
    Grupo que não se aplica ao edital (Art. 5º, parágrafo único) tem lista vazia.
    """
    listas = {}
    for grupo in regime.grupos:
        nome = grupo.grupo
        if nome not in aplicaveis:
            listas[nome] = ()
            continue
        listas[nome] = tuple(c for c in geral if nome in c.grupos and c.situacao(nome) in (CONFIRMADO, PENDENTE))
    return listas


def pendencias(listas: dict[str, tuple[Candidato, ...]]) -> tuple[str, ...]:
    """Inscrições que estão em alguma lista de grupo com a verificação ainda pendente."""
    pendentes = {c.inscricao for nome, lista in listas.items() for c in lista if c.situacao(nome) == PENDENTE}
    return tuple(sorted(pendentes))
