"""O que mudou entre duas versões do resultado de um cargo, e para quem.

Compara as saídas do motor (``cotas-resultado/1``) e descreve, por inscrição, as mudanças que
interessam ao candidato: entrou ou saiu de uma lista (a geral e a de cada grupo), foi convocado,
mudou de rótulo ou de posição na ordem vigente (docs/REGRAS.md §5), foi mantido por uma revisão,
passou a estar (ou deixou de estar) sub judice ou com a verificação pendente, saiu ou foi eliminado
(docs/REGRAS.md §8).

A comparação é feita sobre o estado de cada inscrição (``_Estado``), não sobre o texto: se o estado
mudou, a mudança aparece, mesmo quando a descrição curta seria a mesma nas duas versões (um convocado
que entrou numa lista de grupo continua "convocado, ampla, 4ª vaga": as listas vão então ao texto).

Num edital grande um cargo tem dezenas de milhares de inscrições e quase nenhuma muda de uma versão
para a outra: as que podem ter mudado saem de operações de conjunto (quem entrou ou saiu de cada
lista, quem está convocado, mantido, sub judice, quem saiu ou foi eliminado em alguma das versões,
quem teve a verificação pendente numa só delas),
e só elas são comparadas. As demais têm, nas duas versões, o mesmo estado.
"""

from dataclasses import dataclass

import cotas
from cotas.eventos import TIPOS_DE_EVENTO


@dataclass(frozen=True)
class _Estado:
    """O que uma versão diz de uma inscrição."""

    listas: tuple[str, ...]
    rotulo: str | None = None
    posicao: int | None = None
    mantido_pelo_evento: int | None = None
    sub_judice: bool = False
    pendente: bool = False
    saida: str | None = None
    eliminado: bool = False


class _Versao:
    """Uma versão do resultado pronta para a comparação: conjuntos por lista e por situação."""

    def __init__(self, saida: cotas.Resultado):
        self.vagas = saida.vagas_totais
        self.nomeados = dict(saida.nomeados)
        self.posicoes = {p.inscricao: p.posicao for p in saida.ordem_vigente if p.inscricao}
        self.membros = {nome: set(lista) for nome, lista in saida.listas}
        self.ordem_das_listas = [nome for nome, _ in saida.listas]
        self.mantidos = {m.inscricao: m.evento for m in saida.mantidos}
        self.sub_judice = set(saida.sub_judice)
        self.pendentes = set(saida.pendencias)
        # Como a inscrição saiu da convocação nesta versão: o último evento que a tirou.
        self.saidas = {s.inscricao: s.tipo for s in saida.saidas}
        self.eliminados = set(saida.eliminados)
        self.presentes = set(self.nomeados).union(*self.membros.values())

    def estado(self, inscricao: str) -> _Estado:
        return _Estado(
            listas=tuple(nome for nome in self.ordem_das_listas if inscricao in self.membros.get(nome, ())),
            rotulo=self.nomeados.get(inscricao),
            posicao=self.posicoes.get(inscricao),
            mantido_pelo_evento=self.mantidos.get(inscricao),
            sub_judice=inscricao in self.sub_judice,
            pendente=inscricao in self.pendentes,
            saida=None if inscricao in self.nomeados else self.saidas.get(inscricao),
            eliminado=inscricao in self.eliminados,
        )

    def descricao(self, estado: _Estado, com_listas: bool = False) -> str:
        if estado.rotulo is not None:
            texto = f"convocado, {estado.rotulo}"
            if estado.posicao is not None:
                texto += f", {estado.posicao}ª vaga"
                if estado.posicao > self.vagas:
                    texto += f" (além das {self.vagas} vagas)"
            if estado.mantido_pelo_evento is not None:
                texto += f", mantido pelo evento {estado.mantido_pelo_evento}"
        else:
            texto = _fora(estado)
        if estado.sub_judice:
            texto += ", sub judice"
        if estado.pendente:
            texto += ", verificação pendente"
        if com_listas and (estado.rotulo is not None or estado.saida or estado.eliminado):
            # Quem não está convocado já tem as listas no texto ("classificado (geral, negros)").
            texto += "; listas: " + (", ".join(estado.listas) or "nenhuma")
        return texto


def diferencas(anterior: cotas.Resultado | None, atual: cotas.Resultado) -> list[dict]:
    """Lista de mudanças ``{"inscricao", "antes", "depois"}``, em ordem de inscrição."""
    if anterior is None:
        return [{"inscricao": "", "antes": "", "depois": "primeira versão do resultado"}]
    antes, depois = _Versao(anterior), _Versao(atual)
    # A mesma ordem de listas nas duas versões: o JSONB do PostgreSQL devolve as chaves de um objeto
    # noutra ordem (por tamanho), e a versão lida do banco não pode parecer diferente da calculada.
    ordem = [*depois.ordem_das_listas, *(n for n in antes.ordem_das_listas if n not in depois.membros)]
    antes.ordem_das_listas = depois.ordem_das_listas = ordem
    mudancas = []
    for inscricao in sorted(_podem_ter_mudado(antes, depois)):
        de, para = antes.estado(inscricao), depois.estado(inscricao)
        if de == para:
            continue
        texto_de, texto_para = antes.descricao(de), depois.descricao(para)
        if texto_de == texto_para or (de.listas != para.listas and de.rotulo and para.rotulo):
            texto_de, texto_para = antes.descricao(de, com_listas=True), depois.descricao(para, com_listas=True)
        mudancas.append({"inscricao": inscricao, "antes": texto_de, "depois": texto_para})
    if anterior.vagas_totais != atual.vagas_totais:
        mudancas.append(
            {"inscricao": "", "antes": f"{anterior.vagas_totais} vagas", "depois": f"{atual.vagas_totais} vagas"}
        )
    return mudancas


def _podem_ter_mudado(antes: _Versao, depois: _Versao) -> set[str]:
    """As inscrições comparadas (convocadas ou em alguma lista, numa das versões) cujo estado pode
    ser diferente: quem mudou de lista, está convocado, mantido, sub judice, saiu ou foi eliminado."""
    vazio = frozenset()
    suspeitas = set().union(
        antes.nomeados,
        depois.nomeados,
        antes.saidas,
        depois.saidas,
        antes.eliminados,
        depois.eliminados,
        antes.mantidos,
        depois.mantidos,
        antes.sub_judice,
        depois.sub_judice,
        antes.pendentes ^ depois.pendentes,
    )
    for nome in antes.membros.keys() | depois.membros.keys():
        suspeitas |= antes.membros.get(nome, vazio) ^ depois.membros.get(nome, vazio)
    return suspeitas & (antes.presentes | depois.presentes)


def _fora(estado: _Estado) -> str:
    if estado.saida:
        return TIPOS_DE_EVENTO[estado.saida].situacao_de_quem_saiu
    if estado.eliminado:
        return "eliminado"
    if not estado.listas:
        return "fora das listas"
    return "classificado (" + ", ".join(sorted(estado.listas)) + "), não convocado"
