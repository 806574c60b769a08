"""Quem é convocado e em que posição: alternância e proporcionalidade (Arts. 3º e 4º; docs/REGRAS.md §§ 4 e 5).

Para o total ``N`` de vagas a prover (as do edital mais as surgidas na validade), os vencedores são
calculados do zero, de forma "estática", sobre as listas vigentes:

1. as posições de ampla concorrência ficam com os primeiros da lista geral, quem quer que sejam
   (o cotista classificado dentro da ampla não conta para a reserva, Art. 3º, §1º);
2. cada grupo, do maior percentual para o menor, fica com os primeiros da sua lista que ainda não
   venceram;
3. as vagas que um grupo não preenche revertem à ampla concorrência (Art. 3º, §3º) e vão aos
   próximos da lista geral.

Depois de cada evento o cálculo é refeito; os já convocados que continuam ativos continuam
vencedores (só o rótulo pode mudar, e a mudança é registrada). Só os prefixos das listas são
percorridos, por isso o recálculo custa O(N), não O(candidatos).
"""

from bisect import bisect_right
from dataclasses import dataclass
from itertools import chain, filterfalse, islice
from typing import NamedTuple

from .erros import ErroDeCotas
from .eventos import TIPOS_DE_EVENTO, VAI_AO_FINAL
from .modelo import AMPLA, Convocacao, Evento, Posicao, Reclassificacao, Regime, Saida
from .reserva import reservadas_por_grupo, tipos_das_posicoes


class Vaga(NamedTuple):
    """Lugar de um vencedor na ordem de convocação para um dado ``N`` (tupla: é criada aos milhares)."""

    posicao: int
    vaga: str  # ``ampla`` (inclusive vaga revertida) ou o nome do grupo
    revertida_de: str | None = None


@dataclass(frozen=True)
class Convocacoes:
    convocacoes: tuple[Convocacao, ...]
    reclassificacoes: tuple[Reclassificacao, ...]
    saidas: tuple[Saida, ...]
    nomeados: tuple[tuple[str, str], ...]
    anulados: tuple[str, ...]
    inconsistencias: tuple[str, ...]
    vagas_totais: int
    ordem_vigente: tuple[Posicao, ...]


def ordem_de_alocacao(regime: Regime, aplicaveis: tuple[str, ...]) -> tuple[str, ...]:
    """Grupos do maior para o menor percentual; empate de percentual segue a ``prioridade``.

    Quem está em mais de um grupo é, assim, alocado primeiro ao de maior percentual.
    """
    prioridade = {nome: i for i, nome in enumerate(regime.prioridade)}
    grupos = [g for g in regime.grupos if g.grupo in aplicaveis]
    grupos.sort(key=lambda g: (-g.percentual, prioridade[g.grupo]))
    return tuple(g.grupo for g in grupos)


class _Estado:
    """Estado mutável interno do cálculo (as entradas e as saídas continuam imutáveis)."""

    def __init__(self, regime, aplicaveis, geral, listas, vagas_do_edital, total_maximo):
        self.regime = regime
        self.aplicaveis = aplicaveis
        self.geral = list(geral)
        self.listas = {nome: list(lista) for nome, lista in listas.items()}
        self.ativos_na_geral = set(self.geral)
        self.alocacao = ordem_de_alocacao(regime, aplicaveis)
        self.tipos = tipos_das_posicoes(regime, aplicaveis, total_maximo, vagas_do_edital)
        self.posicoes = {t: [] for t in (AMPLA, *regime.nomes_dos_grupos)}
        for indice, tipo in enumerate(self.tipos, start=1):
            self.posicoes[tipo].append(indice)
        self.fora = set()  # desistência, não posse, anulação: saem de todas as listas
        self.fora_dos_grupos = set()  # final de lista: saem das listas de grupo
        self.movidos = []  # final de lista, na ordem dos pedidos, ao fim da lista geral
        self.fora_da_base = set()  # ``fora`` mais os movidos: pulados na parte original da lista

    def retirar(self, inscricao: str) -> None:
        self.fora.add(inscricao)
        self.fora_da_base.add(inscricao)
        self.ativos_na_geral.discard(inscricao)

    def mover_para_o_final(self, inscricao: str) -> None:
        self.fora_dos_grupos.add(inscricao)
        self.fora_da_base.add(inscricao)
        if inscricao in self.movidos:
            self.movidos.remove(inscricao)
        self.movidos.append(inscricao)

    def lista_geral_vigente(self):
        base = filterfalse(self.fora_da_base.__contains__, self.geral)
        return chain(base, filterfalse(self.fora.__contains__, self.movidos))

    def vencedores(self, total: int, excluidos=frozenset()) -> "_Vencedores":
        """Vencedores estáticos para ``total`` vagas e a vaga (posição e rótulo) de cada um."""
        geral = self.lista_geral_vigente()
        if excluidos:
            geral = filterfalse(excluidos.__contains__, geral)
        vagas_ampla = self.posicoes[AMPLA][: bisect_right(self.posicoes[AMPLA], total)]
        da_ampla = list(islice(geral, len(vagas_ampla)))
        vencedores = set(da_ampla)
        bloqueados = vencedores | self.fora | self.fora_dos_grupos | excluidos
        por_grupo, revertidas = {}, {}
        for nome in self.alocacao:
            posicoes = self.posicoes[nome][: bisect_right(self.posicoes[nome], total)]
            if not posicoes:
                continue
            escolhidos = list(islice(filterfalse(bloqueados.__contains__, self.listas[nome]), len(posicoes)))
            bloqueados.update(escolhidos)
            vencedores.update(escolhidos)
            por_grupo[nome] = (escolhidos, posicoes)
            # As vagas não preenchidas do grupo são as suas últimas (Art. 3º, §3º).
            for posicao in posicoes[len(escolhidos) :]:
                revertidas[posicao] = nome
        if revertidas:
            da_ampla += islice(filterfalse(vencedores.__contains__, geral), len(revertidas))
        # Ampla e revertidas juntas, em ordem de posição, recebem os vencedores "ampla" na ordem
        # da lista geral: uma vaga revertida nunca faz alguém passar à frente de quem tem nota maior.
        posicoes_ampla = sorted(vagas_ampla + list(revertidas)) if revertidas else vagas_ampla
        por_grupo[AMPLA] = (da_ampla, posicoes_ampla)
        return _Vencedores(por_grupo, revertidas)


class _Vencedores:
    """Vencedores de um recálculo: por rótulo, a lista na ordem de chamada e as posições.

    Os conjuntos permitem comparar dois recálculos com operações de conjunto; a posição de cada
    um só é montada para quem precisa dela (os novos convocados e a ordem final).
    """

    def __init__(self, por_rotulo: dict, revertidas: dict[int, str]):
        self.por_rotulo = por_rotulo
        self.revertidas = revertidas
        self.conjuntos = {rotulo: set(lista) for rotulo, (lista, _) in por_rotulo.items()}
        self.todos = set().union(*self.conjuntos.values())

    def vaga(self, inscricao: str) -> Vaga | None:
        for rotulo, conjunto in self.conjuntos.items():
            if inscricao in conjunto:
                lista, posicoes = self.por_rotulo[rotulo]
                return self._vaga(rotulo, posicoes[lista.index(inscricao)])
        return None

    def _vaga(self, rotulo: str, posicao: int) -> Vaga:
        return Vaga(posicao, rotulo, self.revertidas.get(posicao) if rotulo == AMPLA else None)

    def todas(self) -> dict[str, Vaga]:
        return {
            inscricao: self._vaga(rotulo, posicao)
            for rotulo, (lista, posicoes) in self.por_rotulo.items()
            for posicao, inscricao in zip(posicoes, lista, strict=False)
        }


def convocar(regime, aplicaveis, vagas: int, geral, listas, eventos: tuple[Evento, ...]) -> Convocacoes:
    """Resultado inicial (evento 0) e cada evento, em ordem, com o registro de chamadas."""
    total_maximo = vagas + sum(e.quantidade for e in eventos if TIPOS_DE_EVENTO[e.tipo].carrega_quantidade)
    estado = _Estado(regime, aplicaveis, geral, listas, vagas, total_maximo)
    registro = _Registro(regime)
    total = vagas
    atual = estado.vencedores(total)
    registro.convocar_novos(0, atual, f"resultado inicial ({regime.referencia_de('alternancia')})")
    for numero, evento in enumerate(eventos, start=1):
        excluidos = frozenset()
        tipo = TIPOS_DE_EVENTO[evento.tipo]
        if tipo.carrega_quantidade:
            total += evento.quantidade
            reservadas_por_grupo(total, regime, aplicaveis)  # recusa regime que reserve mais do que há
            causa = (
                f"{evento.quantidade} vaga(s) surgida(s) na validade do concurso, total de {total} "
                f"({regime.referencia_de('vagas_na_validade')})"
            )
        else:
            inscricao = evento.inscricao
            _exigir_ativo(estado, registro, evento, numero)
            registro.sair(numero, evento.tipo, inscricao, atual.vaga(inscricao))
            if tipo.efeito == VAI_AO_FINAL:
                # Sai das listas de grupo e vai para o fim da lista geral; não é chamado de novo
                # nesta mesma convocação, a que renunciou (docs/REGRAS.md §5).
                estado.mover_para_o_final(inscricao)
                excluidos = frozenset((inscricao,))
            else:
                estado.retirar(inscricao)
            causa = f"substitui a inscrição {inscricao}, {tipo.motivo_da_saida}"
        atual = estado.vencedores(total, excluidos)
        registro.reclassificar(numero, atual)
        registro.convocar_novos(numero, atual, causa, evento)
    return registro.concluir(estado, atual, total)


def _exigir_ativo(estado: _Estado, registro: "_Registro", evento: Evento, numero: int) -> None:
    inscricao = evento.inscricao
    if inscricao not in estado.ativos_na_geral:
        situacao = (
            "já saiu das listas" if inscricao in estado.fora else "não está na lista geral (eliminada ou inexistente)"
        )
        raise ErroDeCotas(
            f"Evento {numero} ({evento.tipo}): a inscrição {inscricao} {situacao}.",
            inscricao=inscricao,
            campo=f"eventos[{numero}].inscricao",
            valor=inscricao,
        )
    if TIPOS_DE_EVENTO[evento.tipo].exige_convocado and inscricao not in registro.convocados:
        raise ErroDeCotas(
            f"Evento {numero} ({evento.tipo}): a inscrição {inscricao} não está convocada; "
            "só um convocado pode deixar de tomar posse ou pedir o final de lista.",
            inscricao=inscricao,
            campo=f"eventos[{numero}].inscricao",
            valor=inscricao,
        )


class _Registro:
    """Registro de chamadas: quem é chamado, quem muda de rótulo e quem sai, com o motivo."""

    def __init__(self, regime: Regime):
        self.regime = regime
        self.convocados: dict[str, str] = {}
        self.por_rotulo: dict[str, set[str]] = {}
        self.convocacoes: list[Convocacao] = []
        self.reclassificacoes: list[Reclassificacao] = []
        self.saidas: list[Saida] = []
        self.anulados: list[str] = []
        self.inconsistencias: dict[str, None] = {}

    def _descrever(self, vaga: Vaga) -> str:
        if vaga.revertida_de:
            grupo = self.regime.grupo(vaga.revertida_de)
            return (
                f"{vaga.posicao}ª vaga, reservada a {grupo.rotulo} e revertida à ampla concorrência por "
                f"falta de candidatos ({self.regime.referencia_de('reversao')})"
            )
        if vaga.vaga == AMPLA:
            return f"{vaga.posicao}ª vaga, ampla concorrência"
        grupo = self.regime.grupo(vaga.vaga)
        referencia = grupo.referencia("reserva") or grupo.referencia("percentual") or self.regime.referencia
        return f"{vaga.posicao}ª vaga, reservada a {grupo.rotulo} ({referencia})"

    def convocar_novos(self, numero: int, atual: _Vencedores, causa: str, evento: Evento | None = None):
        novos = atual.todos - self.convocados.keys()
        if len(novos) > 32:
            todas = atual.todas()
            vagas = [todas[i] for i in novos]
        else:
            vagas = [atual.vaga(i) for i in novos]
        for vaga, inscricao in sorted(zip(vagas, novos, strict=True)):
            motivo = f"{self._descrever(vaga)}; {self._causa(vaga, causa, evento)}"
            self.convocacoes.append(
                Convocacao(
                    len(self.convocacoes) + 1, numero, vaga.posicao, inscricao, vaga.vaga, motivo, vaga.revertida_de
                )
            )
            self._rotular(inscricao, vaga.vaga)

    def _rotular(self, inscricao: str, rotulo: str) -> None:
        anterior = self.convocados.get(inscricao)
        if anterior is not None:
            self.por_rotulo[anterior].discard(inscricao)
        self.convocados[inscricao] = rotulo
        self.por_rotulo.setdefault(rotulo, set()).add(inscricao)

    def _causa(self, vaga: Vaga, causa: str, evento: Evento | None) -> str:
        if evento is None or not TIPOS_DE_EVENTO[evento.tipo].tira_alguem:
            return causa
        saida = self.saidas[-1]
        if vaga.vaga != AMPLA and vaga.vaga == saida.vaga:
            return f"{self.regime.grupo(vaga.vaga).referencia('substituicao')} — {causa}"
        return f"{causa} ({self.regime.referencia_de('concorrencia')})"

    def reclassificar(self, numero: int, atual: _Vencedores) -> None:
        convocados = self.convocados.keys()
        # Não deve acontecer (docs/REGRAS.md §5); se acontecer, o convocado é apontado, nunca descartado.
        for inscricao in convocados - atual.todos:
            self.inconsistencias[inscricao] = None
        for rotulo, conjunto in atual.conjuntos.items():
            # Quem já tinha este rótulo é quase todo o conjunto: tirá-lo primeiro deixa pouco a conferir.
            mudaram = [i for i in conjunto - self.por_rotulo.get(rotulo, set()) if i in convocados]
            for inscricao in sorted(mudaram):
                vaga = atual.vaga(inscricao)
                motivo = self._motivo_de(inscricao, vaga)
                self.reclassificacoes.append(
                    Reclassificacao(numero, inscricao, self.convocados[inscricao], rotulo, motivo)
                )
                self._rotular(inscricao, rotulo)

    def _motivo_de(self, inscricao: str, vaga: Vaga) -> str:
        artigo = self.regime.referencia_de("ampla_nao_computa")
        if vaga.vaga == AMPLA:
            return f"{inscricao} passa à ampla concorrência: dentro do número de vagas de ampla, {artigo}"
        grupo = self.regime.grupo(vaga.vaga)
        return f"{inscricao} passa à vaga reservada a {grupo.rotulo}: fora do número de vagas de ampla, {artigo}"

    def sair(self, numero: int, tipo: str, inscricao: str, vaga: Vaga | None) -> None:
        rotulo = self.convocados.pop(inscricao, None)
        if rotulo is not None:
            self.por_rotulo[rotulo].discard(inscricao)
        self.inconsistencias.pop(inscricao, None)
        self.saidas.append(Saida(numero, tipo, inscricao, rotulo, vaga.posicao if vaga else None))
        if TIPOS_DE_EVENTO[tipo].elimina:
            self.anulados.append(inscricao)

    def concluir(self, estado: _Estado, atual: _Vencedores, total: int) -> Convocacoes:
        ordem = {v.posicao: (i, v) for i, v in atual.todas().items()}
        vigente = tuple(
            Posicao(p, tipo, *((ordem[p][0], ordem[p][1].vaga) if p in ordem else (None, None)))
            for p, tipo in enumerate(estado.tipos[:total], start=1)
        )
        return Convocacoes(
            convocacoes=tuple(self.convocacoes),
            reclassificacoes=tuple(self.reclassificacoes),
            saidas=tuple(self.saidas),
            nomeados=tuple(sorted(self.convocados.items())),
            anulados=tuple(self.anulados),
            inconsistencias=tuple(sorted(self.inconsistencias)),
            vagas_totais=total,
            ordem_vigente=vigente,
        )
