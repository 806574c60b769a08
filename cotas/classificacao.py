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


def limite_de_nascimento_idoso(referencia: date) -> date:
    """Última data de nascimento de quem tem 60 anos ou mais na data de referência."""
    try:
        return referencia.replace(year=referencia.year - IDADE_IDOSO)
    except ValueError:  # referência em 29 de fevereiro e ano sem 29: quem nasceu em 28/02 já fez 60
        return date(referencia.year - IDADE_IDOSO, 2, 28)


def _funcao_de_chave(candidatos, desempate: tuple[str, ...], limite_idoso: date | None):
    """Função de chave de ordenação: nota maior primeiro e depois cada critério do edital, em ordem.

    As notas viram postos inteiros (0 = a maior) antes da ordenação: a ordem é a mesma das
    notas exatas, e comparar inteiros é bem mais rápido do que comparar ``Decimal``.
    """
    posto_da_nota = _postos(c.nota for c in candidatos)
    campos = [c[len(PREFIXO_NOTA) :] for c in desempate if c.startswith(PREFIXO_NOTA)]
    postos_parciais = {campo: _postos(c.nota_parcial(campo) for c in candidatos) for campo in campos}

    def chave(candidato: Candidato) -> tuple:
        partes = [posto_da_nota[candidato.nota]]
        nascimento = candidato.nascimento
        parciais = dict(candidato.notas) if campos else None
        for criterio in desempate:
            if criterio == IDOSO:
                # Só quem tem 60 anos ou mais na data de referência vem primeiro, o mais velho
                # antes; os demais não são ordenados por este critério.
                idoso = nascimento is not None and nascimento <= limite_idoso
                partes += (0, nascimento.toordinal()) if idoso else (1, 0)
            elif criterio == IDADE:
                partes += (0, nascimento.toordinal()) if nascimento is not None else (1, 0)
            elif criterio == JURADO:
                partes.append(0 if candidato.jurado else 1)
            elif criterio == SORTEIO:
                partes += (0, candidato.sorteio) if candidato.sorteio is not None else (1, 0)
            else:
                campo = criterio[len(PREFIXO_NOTA) :]
                partes.append(postos_parciais[campo][parciais[campo]])
        partes.append(candidato.inscricao)  # só ordena provisoriamente quem segue empatado
        return tuple(partes)

    return chave


def _postos(notas) -> dict:
    """Posto de cada nota distinta, da maior (0) para a menor."""
    return {nota: posto for posto, nota in enumerate(sorted(set(notas), reverse=True))}


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
    desempate = edital.desempate
    referencia = edital.data_referencia_idade
    limite = limite_de_nascimento_idoso(referencia) if referencia is not None else None
    ativos = [
        c for c in candidatos if not (c.eliminado or c.verificacao) or not eliminado_de_tudo(c, regime, aplicaveis)
    ]
    chave = _funcao_de_chave(ativos, desempate, limite)
    chaves = sorted(map(chave, ativos))
    por_inscricao = {c.inscricao: c for c in ativos}
    geral = tuple(por_inscricao[k[-1]] for k in chaves)
    empates, avisos = [], []
    inicio = 0
    for fim in range(1, len(chaves) + 1):
        if fim == len(chaves) or chaves[fim][:-1] != chaves[inicio][:-1]:
            if fim - inicio > 1:
                empatados = geral[inicio:fim]
                empates.append(tuple(c.inscricao for c in empatados))
                avisos.append(_aviso_de_empate(empatados, desempate))
            inicio = fim
    return Classificacao(geral=geral, empates=tuple(empates), avisos=tuple(avisos))


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
    listas = {g.grupo: [] for g in regime.grupos}
    ficam = (CONFIRMADO, PENDENTE)
    for candidato in geral:
        for nome in candidato.grupos:
            if nome in aplicaveis and candidato.situacao(nome) in ficam:
                listas[nome].append(candidato)
    return {nome: tuple(lista) for nome, lista in listas.items()}


def pendencias(listas: dict[str, tuple[Candidato, ...]]) -> tuple[str, ...]:
    """Inscrições que estão em alguma lista de grupo com a verificação ainda pendente."""
    pendentes = {c.inscricao for nome, lista in listas.items() for c in lista if c.situacao(nome) == PENDENTE}
    return tuple(sorted(pendentes))
