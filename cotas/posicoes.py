"""Posições estáveis: quem foi convocado guarda a vaga que ocupa (docs/REGRAS.md §5).

A convocação é um ato publicado: depois de cada evento, os vencedores são recalculados (seção 4),
mas o convocado que continua vencedor com o mesmo rótulo fica na mesma posição. Só recebem posição
nova os recém-vencedores e os convocados cujo rótulo mudou, na vaga que ficou livre:

1. quem guarda o rótulo guarda a posição;
2. quem ocupa uma posição além de ``N`` (só depois de uma revisão, seção 8) passa à menor posição
   livre dentro de ``N`` do tipo do seu rótulo (senão, à menor livre) assim que uma se abre;
3. os demais, grupo a grupo na ordem de alocação e na ordem da lista do grupo, ficam com a menor
   posição livre do tipo do grupo (senão, a menor livre); depois os de ampla, na ordem da lista
   geral, com as menores livres que sobram; sem nenhuma, ``N+1``, ``N+2``…

Este módulo só guarda quem ocupa o quê e escolhe as posições livres; quem é chamado e por quê fica
em ``convocacao.py`` e ``motivos.py``.
"""

from bisect import insort

from .modelo import AMPLA


class Posicoes:
    """Ocupação das posições: livres dentro de ``N`` por tipo, ocupadas por inscrição."""

    def __init__(self, tipos: tuple[str, ...]):
        self.tipos = tipos  # tipo de cada posição 1.. (índice 0 = posição 1), até o maior N possível
        self.total = 0
        self.da_inscricao: dict[str, int] = {}
        self.ocupante: dict[int, str] = {}
        self.livres: dict[str, list[int]] = {}
        self._alem: set[int] = set()  # posições ocupadas além de N (só depois de revisões)

    def tipo(self, posicao: int) -> str | None:
        return self.tipos[posicao - 1] if posicao <= self.total else None

    def ampliar(self, total: int) -> list[int]:
        """``N`` passa a ``total``; devolve as posições novas que ficaram livres."""
        novas = [p for p in range(self.total + 1, total + 1) if p not in self.ocupante]
        self.total = total
        self._alem = {p for p in self._alem if p > total}
        for posicao in novas:
            self.livres.setdefault(self.tipos[posicao - 1], []).append(posicao)
        return novas

    def ocupar(self, inscricao: str, posicao: int) -> None:
        if posicao <= self.total:
            self.livres[self.tipos[posicao - 1]].remove(posicao)
        else:
            self._alem.add(posicao)
        self.da_inscricao[inscricao] = posicao
        self.ocupante[posicao] = inscricao

    def liberar(self, inscricao: str) -> int | None:
        posicao = self.da_inscricao.pop(inscricao, None)
        if posicao is not None:
            del self.ocupante[posicao]
            self._alem.discard(posicao)
            if posicao <= self.total:
                insort(self.livres.setdefault(self.tipos[posicao - 1], []), posicao)
        return posicao

    def quantas_livres(self) -> int:
        """Quantas posições estão livres dentro de ``N``."""
        return sum(map(len, self.livres.values()))

    def menor_livre(self, tipo: str | None = None, *, alem_de_n: bool = False) -> int | None:
        """A menor posição livre do ``tipo`` (``None``: de qualquer tipo) dentro de ``N``; sem
        nenhuma e com ``alem_de_n``, a primeira desocupada depois de ``N``."""
        if tipo is not None and self.livres.get(tipo):
            return self.livres[tipo][0]
        cabecas = [lista[0] for lista in self.livres.values() if lista]
        if cabecas:
            return min(cabecas)
        if not alem_de_n:
            return None
        posicao = self.total + 1
        while posicao in self.ocupante:
            posicao += 1
        return posicao

    def para_o_rotulo(self, rotulo: str, *, alem_de_n: bool) -> int | None:
        """Onde entra um vencedor sem posição (regra 3): a do tipo do grupo; a ampla, a menor livre."""
        return self.menor_livre(None if rotulo == AMPLA else rotulo, alem_de_n=alem_de_n)

    def alem_de_n(self) -> list[tuple[int, str]]:
        """Quem ocupa posição além de ``N``, em ordem de posição (regra 2)."""
        return sorted((p, self.ocupante[p]) for p in self._alem)
