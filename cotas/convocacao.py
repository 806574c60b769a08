"""Quem é convocado, em que posição e por quê, evento a evento (docs/REGRAS.md §§ 4, 5 e 8).

Para cada evento, as listas mudam (``listas_vigentes.py``) e os vencedores para o ``N`` do momento
são os do cálculo do zero sobre as listas do momento (depois de uma saída ou de vagas novas, o cálculo
do evento anterior é retomado de onde parou, com o mesmo resultado: ``listas_vigentes._Retomada``).
O registro de chamadas é uma linha do tempo:

- quem já foi convocado e continua vencedor com o mesmo rótulo guarda a posição (``posicoes.py``);
  quem muda de rótulo passa à vaga que o novo rótulo libera, e ninguém mais é renumerado (§5);
- depois de uma revisão (§8), o convocado que deixa de vencer por decisão que não é dele é
  **mantido** (fica com a vaga e o rótulo); quem a revisão faz vencer é chamado na hora, mesmo além
  de ``N``; o excedente é absorvido: depois de qualquer outro evento, só se chama até ``N`` menos os
  convocados ativos;
- o motivo de cada chamada descreve a cadeia inteira, com o artigo de cada elo (``motivos.py``).
"""

from dataclasses import dataclass

from .erros import ErroDeCotas
from .eventos import REVISA_NOTA, REVISA_VERIFICACAO, TIPOS_DE_EVENTO, VAI_AO_FINAL
from .listas_vigentes import ListasVigentes, Vencedores
from .modelo import AMPLA, PENDENTE, Convocacao, Evento, Mantido, Posicao, Reclassificacao, Saida
from .motivos import Motivos
from .posicoes import Posicoes
from .reserva import reservadas_por_grupo


@dataclass(frozen=True)
class Contexto:
    """O que o cálculo precisa do cenário além das listas."""

    regime: object
    edital: object
    aplicaveis: tuple[str, ...]
    candidatos: tuple = ()
    vagas_do_edital: int = 0
    empates: tuple = ()  # os da classificação inicial
    por_inscricao: dict | None = None  # os candidatos por inscrição, da validação
    maior_sorteio: int | None = None  # o de ``Classificacao``: poupa à ``Ordenacao`` recalculá-lo


@dataclass(frozen=True)
class Convocacoes:
    """O registro de chamadas depois do último evento, com o estado das listas que o resultado mostra."""

    convocacoes: tuple[Convocacao, ...]
    reclassificacoes: tuple[Reclassificacao, ...]
    saidas: tuple[Saida, ...]
    nomeados: tuple[tuple[str, str], ...]
    anulados: tuple[str, ...]
    inconsistencias: tuple[str, ...]
    vagas_totais: int
    ordem_vigente: tuple[Posicao, ...]
    mantidos: tuple[Mantido, ...] = ()
    sub_judice: tuple[str, ...] = ()
    reintegrados: tuple[str, ...] = ()
    # (inscrição, grupo) com verificação pendente nas listas, depois das revisões.
    pendentes: frozenset = frozenset()
    # Empates e avisos depois da última correção de nota; ``None``: os da classificação inicial.
    empates: tuple | None = None
    tipos_das_posicoes: tuple[str, ...] = ()


def convocar(contexto: Contexto, geral, listas, eventos: tuple[Evento, ...], pendentes=frozenset()) -> Convocacoes:
    """Resultado inicial (evento 0) e cada evento, em ordem, com o registro de chamadas."""
    regime, aplicaveis, vagas = contexto.regime, contexto.aplicaveis, contexto.vagas_do_edital
    total_maximo = vagas + sum(e.quantidade for e in eventos if TIPOS_DE_EVENTO[e.tipo].carrega_quantidade)
    # Revisões podem chamar além de N: os tipos das posições vão até o maior N possível.
    estado = ListasVigentes(contexto, geral, listas, vagas, total_maximo)
    registro = _Registro(contexto, estado.tipos, pendentes)
    total = vagas
    registro.posicoes.ampliar(total)
    registro.inicial(estado.vencedores(total))
    for numero, evento in enumerate(eventos, start=1):
        tipo = TIPOS_DE_EVENTO[evento.tipo]
        excluidos, sujeito = frozenset(), None
        if tipo.carrega_quantidade:
            total += evento.quantidade
            reservadas_por_grupo(total, regime, aplicaveis)  # recusa regime que reserve mais do que há
            registro.ampliar(total)
        elif tipo.revisao:
            sujeito = evento.inscricao
            _exigir_revisavel(estado, evento, numero)
            if tipo.efeito == REVISA_VERIFICACAO:
                saiu_de_tudo = estado.revisar_verificacao(numero, evento)
                registro.revisar_pendencia(evento)
                if saiu_de_tudo:
                    registro.eliminar(sujeito)
            elif tipo.efeito == REVISA_NOTA:
                estado.revisar_nota(evento)
                registro.houve_nota = True
            registro.marcar_sub_judice(evento)
        else:
            _exigir_ativo(estado, registro, evento, numero)
            registro.sair(numero, evento.tipo, evento.inscricao)
            if tipo.efeito == VAI_AO_FINAL:
                # Sai das listas de grupo e vai para o fim da lista geral; não é chamado de novo
                # nesta mesma convocação, a que renunciou (docs/REGRAS.md §5).
                estado.mover_para_o_final(evento.inscricao)
                excluidos = frozenset((evento.inscricao,))
            else:
                estado.retirar(evento.inscricao)
        registro.depois_do_evento(numero, evento, estado.vencedores(total, excluidos), sujeito)
    return registro.concluir(estado, total)


def _exigir_revisavel(estado: ListasVigentes, evento: Evento, numero: int) -> None:
    """A revisão é de quem segue no concurso: não de quem saiu (desistência, não posse, anulação)
    nem de quem a banca eliminou. Quem uma verificação eliminou pode voltar por outra revisão."""
    inscricao = evento.inscricao
    candidato = estado.ordenacao.candidato(inscricao)
    if inscricao in estado.fora:
        problema = "já saiu das listas (desistência, não posse ou anulação); a revisão não o traz de volta"
    elif candidato.eliminado:
        problema = "foi eliminada pela banca e não está na lista geral"
    elif inscricao not in estado.ativos_na_geral and TIPOS_DE_EVENTO[evento.tipo].efeito == REVISA_NOTA:
        problema = "não está na lista geral (eliminada); corrija antes a verificação que a eliminou"
    else:
        return
    raise ErroDeCotas(
        f"Evento {numero} ({evento.tipo}): a inscrição {inscricao} {problema}.",
        inscricao=inscricao,
        campo=f"eventos[{numero}].inscricao",
        valor=inscricao,
    )


def _exigir_ativo(estado: ListasVigentes, registro: "_Registro", evento: Evento, numero: int) -> None:
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
    if TIPOS_DE_EVENTO[evento.tipo].exige_convocado and inscricao not in registro.rotulos:
        raise ErroDeCotas(
            f"Evento {numero} ({evento.tipo}): a inscrição {inscricao} não está convocada; "
            "só um convocado pode deixar de tomar posse ou pedir o final de lista.",
            inscricao=inscricao,
            campo=f"eventos[{numero}].inscricao",
            valor=inscricao,
        )


class _Registro:
    """Registro de chamadas: quem ocupa cada posição, quem é chamado, quem muda e quem sai."""

    def __init__(self, contexto: Contexto, tipos: tuple[str, ...], pendentes):
        self.contexto = contexto
        self.posicoes = Posicoes(tipos)
        self.motivos = Motivos(contexto, self.posicoes)
        self.rotulos: dict[str, str] = {}  # convocados ativos → rótulo
        self.por_rotulo: dict[str, set[str]] = {}
        self.mantidos: dict[str, int] = {}  # convocado mantido → evento que o deixou fora
        self.convocacoes: list[Convocacao] = []
        self.reclassificacoes: list[Reclassificacao] = []
        self.saidas: list[Saida] = []
        self.anulados: list[str] = []
        self.inconsistencias: dict[str, None] = {}
        self.ultima_revisao: dict[str, bool] = {}  # inscrição → a última revisão dela é sub judice
        self.pendentes = set(pendentes)
        self.houve_nota = False
        self.vencedores_antes: set[str] = set()
        self.a_chamar: set[str] = set()  # vencedores ainda não convocados, no fim de cada evento

    # -- primeiro resultado ------------------------------------------------------------------------

    def inicial(self, atual: Vencedores) -> None:
        """Evento 0: a ordem de convocação estática da seção 4, posição por posição."""
        for inscricao, vaga in sorted(atual.todas().items(), key=lambda par: par[1].posicao):
            self.posicoes.ocupar(inscricao, vaga.posicao)
            self._rotular(inscricao, vaga.vaga)
            motivo = f"{self.motivos.vaga(vaga.posicao, vaga.vaga)}; {self.motivos.inicial()}"
            self._chamar(0, inscricao, vaga.posicao, vaga.vaga, motivo)
        self.vencedores_antes = atual.todos
        self.a_chamar = atual.todos.difference(self.rotulos)

    # -- efeitos de cada evento ---------------------------------------------------------------------

    def ampliar(self, total: int) -> None:
        for posicao in self.posicoes.ampliar(total):
            self.motivos.liberada_por_vaga_nova(posicao)

    def sair(self, numero: int, tipo: str, inscricao: str) -> None:
        rotulo = self.rotulos.pop(inscricao, None)
        posicao = None
        if rotulo is not None:
            self.por_rotulo[rotulo].discard(inscricao)
            posicao = self.posicoes.liberar(inscricao)
            self.motivos.liberada_por_saida(posicao, inscricao, rotulo, tipo)
        self.mantidos.pop(inscricao, None)
        self.inconsistencias.pop(inscricao, None)
        self.saidas.append(Saida(numero, tipo, inscricao, rotulo, posicao))
        if TIPOS_DE_EVENTO[tipo].elimina:
            self.anulados.append(inscricao)

    def eliminar(self, inscricao: str) -> None:
        """Revisão que elimina (declaração falsa, ausência que elimina): fora de todas as listas."""
        self.anulados.append(inscricao)

    def revisar_pendencia(self, evento: Evento) -> None:
        chave = (evento.inscricao, evento.grupo)
        if evento.situacao == PENDENTE:
            self.pendentes.add(chave)
        else:
            self.pendentes.discard(chave)

    def marcar_sub_judice(self, evento: Evento) -> None:
        self.ultima_revisao[evento.inscricao] = evento.sub_judice

    def depois_do_evento(self, numero: int, evento: Evento, atual: Vencedores, sujeito: str | None) -> None:
        revisao = sujeito is not None
        self.motivos.comecar_evento(numero, evento)
        self._chamados, self._movidos = [], []
        # O próprio revisado que deixa de vencer sai da convocação: a vaga dele é preenchida como
        # depois de uma desistência (docs/REGRAS.md §8).
        if revisao and sujeito in self.rotulos and sujeito not in atual.todos:
            self.sair(numero, evento.tipo, sujeito)
        if revisao or atual.entraram is None:
            mudaram = self._fora_e_mudancas(numero, atual, revisao)
            novos = atual.todos.difference(self.rotulos)  # o dicionário direto: os hashes guardados nele
        else:
            mudaram, novos = self._mudancas_na_retomada(atual)
        # Quem mudou de rótulo já é convocado e tem lugar garantido: o excedente além de N só ocupa as
        # vagas que sobram dentro de N.
        self._absorver_alem_de_n(reservadas=len(mudaram))
        # Primeiro quem é chamado, dentro do limite; depois as posições (docs/REGRAS.md §8).
        devidos = (atual.todos - self.vencedores_antes) if revisao else set()
        chamados = self._chamados_no_evento(atual, devidos, novos)
        for inscricao, rotulo in self._em_ordem_de_chamada(atual, chamados | mudaram):
            if inscricao in mudaram:
                de_posicao = self.motivos.posicao_anterior(inscricao)
                posicao = self.posicoes.para_o_rotulo(rotulo, alem_de_n=True)
                self._movidos.append((inscricao, de_posicao, posicao, self.rotulos[inscricao], rotulo))
            else:
                posicao = self.posicoes.para_o_rotulo(rotulo, alem_de_n=inscricao in devidos)
                if posicao is None:
                    continue
                self._chamados.append((posicao, inscricao, rotulo))
            self.posicoes.ocupar(inscricao, posicao)
            self.motivos.ocupada(posicao, inscricao, rotulo)
            self._rotular(inscricao, rotulo)
        self.vencedores_antes = atual.todos
        self.a_chamar = novos.difference([chamado[1] for chamado in self._chamados])
        self._registrar_textos(numero)

    def _registrar_textos(self, numero: int) -> None:
        """Os motivos saem no fim do evento, quando já se sabe para onde foi cada um (a cadeia)."""
        motivos = self.motivos
        for inscricao, de, para, anterior, rotulo in sorted(self._movidos, key=lambda m: m[2]):
            if anterior == rotulo:
                motivo = motivos.absorcao(inscricao, de, para, rotulo)
            else:
                motivo = motivos.reclassificacao(inscricao, de, para, anterior, rotulo)
            self.reclassificacoes.append(Reclassificacao(numero, inscricao, anterior, rotulo, motivo, de, para))
        for posicao, inscricao, rotulo in sorted(self._chamados):
            self._chamar(numero, inscricao, posicao, rotulo, motivos.chamada(posicao, rotulo))
        motivos.esquecer([m[2] for m in self._movidos] + [c[0] for c in self._chamados])

    def _fora_e_mudancas(self, numero: int, atual: Vencedores, revisao: bool) -> set[str]:
        """Regra 1: quem vence com o mesmo rótulo fica. Quem mudou de rótulo libera a posição (e
        volta entre os que recebem posição). Quem deixou de vencer é mantido (revisão) ou apontado
        como inconsistência (qualquer outro evento; não deve acontecer)."""
        convocados = self.rotulos
        for inscricao in convocados.keys() - atual.todos:
            if inscricao in self.mantidos:
                continue
            if revisao:
                self.mantidos[inscricao] = numero
            else:
                self.inconsistencias[inscricao] = None
        mudaram = set()
        for rotulo, conjunto in atual.conjuntos.items():
            mudaram.update(filter(convocados.__contains__, conjunto - self.por_rotulo.get(rotulo, set())))
        if self.mantidos:
            for inscricao in self.mantidos.keys() & atual.todos:
                del self.mantidos[inscricao]  # voltou a vencer: não é mais excedente
        for inscricao in mudaram:
            posicao = self.posicoes.liberar(inscricao)
            self.motivos.liberada_por_mudanca(posicao, inscricao)
        return mudaram

    def _mudancas_na_retomada(self, atual: Vencedores) -> tuple[set[str], set[str]]:
        """``_fora_e_mudancas`` e os vencedores ainda não convocados quando os vencedores vêm da
        retomada do evento anterior (``listas_vigentes._Retomada``: uma saída ou vagas adicionais,
        nada mais mudou), sem percorrer os vencedores todos. No fim de cada evento, todo convocado que
        vence tem o rótulo com que vence, os que não vencem já são mantidos ou inconsistências, nenhum
        mantido vence e ``a_chamar`` são os vencedores não convocados. A saída só tira quem saiu (das
        convocações também, em ``sair``), e vagas adicionais não tiram ninguém; quem vence agora e não
        vencia, ou vence com outro rótulo, está em ``entraram`` (com o novo rótulo): só eles podem
        mudar de rótulo, voltar a vencer ou ser novos."""
        convocados, mantidos = self.rotulos, self.mantidos
        mudaram = set()
        entraram = atual.entraram
        novos = self.a_chamar.intersection(atual.todos)  # menos quem saiu
        for inscricao, rotulo in entraram.items():
            anterior = convocados.get(inscricao)
            if anterior is None:
                novos.add(inscricao)
            elif anterior != rotulo:
                mudaram.add(inscricao)
        for inscricao in mantidos.keys() & entraram.keys():
            del mantidos[inscricao]  # voltou a vencer: não é mais excedente
        for inscricao in mudaram:
            posicao = self.posicoes.liberar(inscricao)
            self.motivos.liberada_por_mudanca(posicao, inscricao)
        return mudaram, novos

    def _chamados_no_evento(self, atual: Vencedores, devidos: set[str], novos: set[str]) -> set[str]:
        """Quem é chamado neste evento (docs/REGRAS.md §8): quem a revisão faz vencer, na hora, mesmo
        além de N (Súmula 15 do STF); os demais vencedores ainda não convocados, só até N menos os
        convocados ativos (mantidos inclusive) — o excedente é absorvido pelas vagas que se abrem.
        Quando o limite não dá para todos, vão primeiro os de posição menor na ordem de convocação
        estática de N (seção 4: a alternância diz quem a lei chamaria antes)."""
        devidos = devidos & novos
        esperando = novos - devidos
        vagas = self.posicoes.total - len(self.rotulos) - len(devidos)
        if vagas >= len(esperando):
            return novos
        if vagas <= 0:
            return devidos
        primeiros = sorted(esperando, key=atual.posicoes_estaticas().__getitem__)[:vagas]
        return devidos | set(primeiros)

    def _absorver_alem_de_n(self, reservadas: int = 0) -> None:
        """Regra 2: quem está além de N passa a uma posição que se abriu dentro de N, a do tipo do
        seu rótulo se houver (senão a menor livre) — deixando ``reservadas`` posições livres para os
        convocados que mudaram de rótulo neste evento, que já ocupavam uma vaga."""
        livres = self.posicoes.quantas_livres()
        for posicao, inscricao in self.posicoes.alem_de_n():
            if livres <= reservadas:
                return
            livres -= 1
            rotulo = self.rotulos[inscricao]
            destino = self.posicoes.menor_livre(rotulo)
            if destino is None:
                return
            self.posicoes.liberar(inscricao)
            self.posicoes.ocupar(inscricao, destino)
            self.motivos.ocupada(destino, inscricao, rotulo)
            self._movidos.append((inscricao, posicao, destino, rotulo, rotulo))

    def _em_ordem_de_chamada(self, atual: Vencedores, sem_posicao: set[str]):
        """Regra 3: grupo a grupo na ordem de alocação e na ordem da lista; depois a ampla."""
        if not sem_posicao:
            return
        for rotulo in (*self.motivos.alocacao, AMPLA):
            if rotulo not in atual.por_rotulo or not (deste := sem_posicao & atual.conjuntos[rotulo]):
                continue
            lista, _ = atual.por_rotulo[rotulo]
            if len(deste) <= 2:  # o caso comum: achar um ou dois na lista custa menos do que filtrá-la
                for inscricao in sorted(deste, key=lista.index):
                    yield inscricao, rotulo
                continue
            for inscricao in filter(sem_posicao.__contains__, lista):
                yield inscricao, rotulo

    def _chamar(self, numero: int, inscricao: str, posicao: int, rotulo: str, motivo: str) -> None:
        tipo = self.posicoes.tipo(posicao)
        revertida = tipo if rotulo == AMPLA and tipo not in (None, AMPLA) else None
        self.convocacoes.append(
            Convocacao(len(self.convocacoes) + 1, numero, posicao, inscricao, rotulo, motivo, revertida)
        )

    def _rotular(self, inscricao: str, rotulo: str) -> None:
        anterior = self.rotulos.get(inscricao)
        if anterior is not None:
            self.por_rotulo[anterior].discard(inscricao)
        self.rotulos[inscricao] = rotulo
        self.por_rotulo.setdefault(rotulo, set()).add(inscricao)

    # -- fim ------------------------------------------------------------------------------------

    def concluir(self, estado: ListasVigentes, total: int) -> Convocacoes:
        posicoes = self.posicoes
        vigente = tuple(Posicao(p, posicoes.tipo(p), i, self.rotulos[i]) for p, i in sorted(posicoes.ocupante.items()))
        nas_listas = estado.ativos_na_geral
        return Convocacoes(
            convocacoes=tuple(self.convocacoes),
            reclassificacoes=tuple(self.reclassificacoes),
            saidas=tuple(self.saidas),
            nomeados=tuple(sorted(self.rotulos.items())),
            anulados=tuple(self.anulados),
            inconsistencias=tuple(sorted(self.inconsistencias)),
            vagas_totais=total,
            ordem_vigente=vigente,
            mantidos=tuple(
                sorted(
                    (Mantido(e, i, self.rotulos[i], posicoes.da_inscricao.get(i)) for i, e in self.mantidos.items()),
                    key=lambda m: (m.evento, m.inscricao),
                )
            ),
            sub_judice=tuple(sorted(i for i, sj in self.ultima_revisao.items() if sj and i in nas_listas)),
            reintegrados=tuple(sorted(estado.reintegrados)),
            # Pendências são de quem, depois do último evento, está pendente numa lista de grupo: a de
            # quem saiu das listas (ou das de grupo) não muda nada e não deixa o resultado provisório
            # (docs/REGRAS.md §8).
            pendentes=frozenset(par for par in self.pendentes if estado.esta_na_lista_do_grupo(*par)),
            empates=estado.empates() if self.houve_nota else None,
            tipos_das_posicoes=tuple(estado.tipos[:total]),
        )
