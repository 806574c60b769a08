"""O que mudou entre duas versões do resultado de um cargo, e para quem.

Compara as saídas do motor (``cotas-resultado/1``) e descreve, por inscrição, as mudanças que
interessam ao candidato: entrou ou saiu de uma lista, foi convocado, mudou de vaga, saiu.

Num edital grande um cargo tem dezenas de milhares de inscrições e quase nenhuma muda de uma versão
para a outra: as que podem ter mudado saem de operações de conjunto (quem entrou ou saiu de cada
lista, quem está convocado, quem saiu ou foi eliminado em alguma das versões), e só elas são
descritas e comparadas. As demais têm, nas duas versões, a mesma descrição.
"""

import cotas
from cotas.eventos import TIPOS_DE_EVENTO


def _situacao(saida: cotas.Resultado) -> dict[str, str]:
    """Para cada inscrição convocada ao fim dos eventos: 'ampla, 4ª vaga' ou 'negros, 3ª vaga'."""
    posicoes = {p.inscricao: p.posicao for p in saida.ordem_vigente if p.inscricao}
    return {
        inscricao: f"convocado, {rotulo}" + (f", {posicoes[inscricao]}ª vaga" if inscricao in posicoes else "")
        for inscricao, rotulo in saida.nomeados
    }


class _Versao:
    """Uma versão do resultado pronta para a comparação: conjuntos por lista e por situação."""

    def __init__(self, saida: cotas.Resultado):
        self.situacao = _situacao(saida)
        self.membros = {nome: set(lista) for nome, lista in saida.listas}
        # Como a inscrição saiu da convocação nesta versão: o último evento que a tirou.
        self.saidas = {s.inscricao: s.tipo for s in saida.saidas}
        self.eliminados = set(saida.eliminados)
        self.presentes = set(self.situacao).union(*self.membros.values())

    def descricao(self, inscricao: str) -> str:
        listas = {nome for nome, membros in self.membros.items() if inscricao in membros}
        return self.situacao.get(inscricao) or _fora(listas, self.saidas.get(inscricao), inscricao in self.eliminados)


def diferencas(anterior: cotas.Resultado | None, atual: cotas.Resultado) -> list[dict]:
    """Lista de mudanças ``{"inscricao", "antes", "depois"}``, em ordem de inscrição."""
    if anterior is None:
        return [{"inscricao": "", "antes": "", "depois": "primeira versão do resultado"}]
    antes, depois = _Versao(anterior), _Versao(atual)
    mudancas = []
    for inscricao in sorted(_podem_ter_mudado(antes, depois)):
        de, para = antes.descricao(inscricao), depois.descricao(inscricao)
        if de != para:
            mudancas.append({"inscricao": inscricao, "antes": de, "depois": para})
    if anterior.vagas_totais != atual.vagas_totais:
        mudancas.append(
            {"inscricao": "", "antes": f"{anterior.vagas_totais} vagas", "depois": f"{atual.vagas_totais} vagas"}
        )
    return mudancas


def _podem_ter_mudado(antes: _Versao, depois: _Versao) -> set[str]:
    """As inscrições comparadas (convocadas ou em alguma lista, numa das versões) cuja descrição
    pode ser diferente: quem mudou de lista, está convocado, saiu ou foi eliminado."""
    vazio = frozenset()
    suspeitas = set().union(
        antes.situacao, depois.situacao, antes.saidas, depois.saidas, antes.eliminados, depois.eliminados
    )
    for nome in antes.membros.keys() | depois.membros.keys():
        suspeitas |= antes.membros.get(nome, vazio) ^ depois.membros.get(nome, vazio)
    return suspeitas & (antes.presentes | depois.presentes)


def _fora(listas: set[str] | None, saida: str | None = None, eliminado: bool = False) -> str:
    if saida:
        return TIPOS_DE_EVENTO[saida].situacao_de_quem_saiu
    if eliminado:
        return "eliminado"
    if not listas:
        return "fora das listas"
    return "classificado (" + ", ".join(sorted(listas)) + "), não convocado"
