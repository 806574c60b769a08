"""As listas como estão num dado evento e os vencedores estáticos para ``N`` vagas (docs/REGRAS.md
§§ 4, 5 e 8).

As listas publicadas com o primeiro resultado mudam só por evento: saídas (desistência, não posse,
anulação), o final de lista e as revisões (``verificacao`` e ``nota``, seção 8). Os vencedores para
``N`` vagas são calculados do zero sobre as listas do momento:

1. as posições de ampla concorrência ficam com os primeiros da lista geral, quem quer que sejam
   (o cotista classificado dentro da ampla não conta para a reserva, Art. 3º, §1º);
2. cada grupo, do maior percentual para o menor, fica com os primeiros da sua lista que ainda não
   venceram;
3. as vagas que um grupo não preenche revertem à ampla concorrência (Art. 3º, §3º) e vão aos
   próximos da lista geral.

Só os prefixos das listas são percorridos: o recálculo custa O(N), não O(candidatos).
"""

from bisect import bisect_right
from collections import namedtuple
from dataclasses import replace
from itertools import chain, filterfalse, islice

from .classificacao import Ordenacao, eliminado_de_tudo
from .erros import ErroDeCotas
from .modelo import AMPLA, CONFIRMADO, PENDENTE, Evento, Regime
from .reserva import tipos_das_posicoes

# Lugar de um vencedor na ordem de convocação estática para um dado ``N``: a posição, a vaga
# (``ampla``, inclusive vaga revertida, ou o nome do grupo) e o grupo de que a vaga foi revertida.
# A ``namedtuple`` de ``collections``, não a de ``typing``: importar ``typing`` custaria ~6 ms de CPU
# a cada execução do comando ``simular_cotas``, e nada mais no motor o usa.
Vaga = namedtuple("Vaga", ("posicao", "vaga", "revertida_de"), defaults=(None,))


def ordem_de_alocacao(regime: Regime, aplicaveis: tuple[str, ...]) -> tuple[str, ...]:
    """Grupos do maior para o menor percentual; empate de percentual segue a ``prioridade``.

    Quem está em mais de um grupo é, assim, alocado primeiro ao de maior percentual.
    """
    prioridade = {nome: i for i, nome in enumerate(regime.prioridade)}
    grupos = [g for g in regime.grupos if g.grupo in aplicaveis]
    grupos.sort(key=lambda g: (-g.percentual, prioridade[g.grupo]))
    return tuple(g.grupo for g in grupos)


class ListasVigentes:
    """Estado mutável interno do cálculo (as entradas e as saídas continuam imutáveis)."""

    def __init__(self, contexto, geral, listas, vagas_do_edital, total_maximo):
        self.contexto = contexto  # regime, edital, grupos aplicáveis e candidatos do cenário
        regime, aplicaveis = contexto.regime, contexto.aplicaveis
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
        self.reintegrados: set[str] = set()
        self._ordenacao: Ordenacao | None = None  # montada na primeira revisão
        self._membros: dict[str, set[str]] | None = None  # quem está em cada lista, montado quando preciso
        # O último cálculo dos vencedores, para o próximo evento reaproveitá-lo (``_Retomada``), e
        # quem saiu (``retirar``) desde então.
        self._retomada: _Retomada | None = None
        self._saidas: list[str] = []

    # -- saídas ---------------------------------------------------------------------------------

    def retirar(self, inscricao: str) -> None:
        self._saidas.append(inscricao)
        self.fora.add(inscricao)
        self.fora_da_base.add(inscricao)
        self.ativos_na_geral.discard(inscricao)

    def mover_para_o_final(self, inscricao: str) -> None:
        # Para a retomada, como uma saída: o pedido é excluído do cálculo deste evento e vai ao fim da
        # lista geral, além do ponto em que a ampla parou (``_Retomada.sem``).
        self._saidas.append(inscricao)
        self.fora_dos_grupos.add(inscricao)
        self.fora_da_base.add(inscricao)
        if inscricao in self.movidos:
            self.movidos.remove(inscricao)
        self.movidos.append(inscricao)

    # -- revisões (docs/REGRAS.md §8) -------------------------------------------------------------

    @property
    def ordenacao(self) -> Ordenacao:
        if self._ordenacao is None:
            contexto = self.contexto
            self._ordenacao = Ordenacao(
                contexto.candidatos, contexto.edital, contexto.por_inscricao, contexto.maior_sorteio
            )
            self._ordenacao.empates_iniciais(self.contexto.empates)
        return self._ordenacao

    @property
    def membros(self) -> dict[str, set[str]]:
        """Quem está em cada lista de grupo, para não procurar numa lista de 100 mil a cada revisão."""
        if self._membros is None:
            self._membros = {nome: set(lista) for nome, lista in self.listas.items()}
        return self._membros

    def revisar_verificacao(self, numero: int, evento: Evento) -> bool:
        """Aplica a nova situação da opção; devolve se o candidato saiu de todas as listas."""
        self._retomada = None  # as listas podem mudar de ordem: o próximo cálculo é do zero
        ordenacao = self.ordenacao
        antes = ordenacao.candidato(evento.inscricao)
        _exigir_mudanca_de_verificacao(numero, evento, antes)
        depois = replace(antes, verificacao=_com(antes.verificacao, evento.grupo, evento.situacao))
        ordenacao.atualizar(depois)
        regime, aplicaveis = self.regime, self.aplicaveis
        eliminado_antes = eliminado_de_tudo(antes, regime, aplicaveis)
        eliminado_depois = eliminado_de_tudo(depois, regime, aplicaveis)
        if eliminado_depois:
            if not eliminado_antes:
                self._tirar_das_listas(depois.inscricao)
            return not eliminado_antes
        if eliminado_antes:
            # Decisão posterior desfaz a eliminação: volta à lista geral na sua posição.
            self.reintegrados.add(depois.inscricao)
            indice = ordenacao.onde_entra(self.geral, depois)
            self.geral.insert(indice, depois.inscricao)
            ordenacao.entrar_no_empate(self.geral, indice)
            self.ativos_na_geral.add(depois.inscricao)
            for nome in depois.grupos:
                self._acertar_grupo(depois, nome)
        else:
            self._acertar_grupo(depois, evento.grupo)
        return False

    def revisar_nota(self, evento: Evento) -> None:
        """Nova nota (e parciais): o candidato passa à sua nova posição em todas as listas."""
        self._retomada = None  # as listas mudam de ordem: o próximo cálculo é do zero
        ordenacao = self.ordenacao
        antes = ordenacao.candidato(evento.inscricao)
        depois = replace(antes, nota=evento.nota, notas=_com_notas(antes.notas, evento.notas))
        inscricao = depois.inscricao
        listas = [self.listas[nome] for nome, membros in self.membros.items() if inscricao in membros]
        for lista in (self.geral, *listas):
            lista.remove(inscricao)
        ordenacao.atualizar(depois)
        ordenacao.sair_do_empate(inscricao)
        for lista in listas:
            lista.insert(ordenacao.onde_entra(lista, depois), inscricao)
        indice = ordenacao.onde_entra(self.geral, depois)
        self.geral.insert(indice, inscricao)
        ordenacao.entrar_no_empate(self.geral, indice)

    def _tirar_das_listas(self, inscricao: str) -> None:
        self.ordenacao.sair_do_empate(inscricao)
        self.reintegrados.discard(inscricao)
        self.geral.remove(inscricao)
        self.ativos_na_geral.discard(inscricao)
        if inscricao in self.movidos:
            self.movidos.remove(inscricao)
        for nome, membros in self.membros.items():
            if inscricao in membros:
                membros.discard(inscricao)
                self.listas[nome].remove(inscricao)

    def _acertar_grupo(self, candidato, nome: str) -> None:
        """O candidato fica na lista do grupo se a situação o mantém (confirmado ou pendente) e ele
        não pediu o final de lista; sai dela, senão."""
        if nome not in self.listas:
            return
        lista = self.listas[nome]
        fica = (
            nome in self.aplicaveis
            and candidato.situacao(nome) in (CONFIRMADO, PENDENTE)
            and candidato.inscricao not in self.fora_dos_grupos
        )
        membros = self.membros[nome]
        esta = candidato.inscricao in membros
        if fica and not esta:
            lista.insert(self.ordenacao.onde_entra(lista, candidato), candidato.inscricao)
            membros.add(candidato.inscricao)
        elif esta and not fica:
            lista.remove(candidato.inscricao)
            membros.discard(candidato.inscricao)

    def esta_na_lista_do_grupo(self, inscricao: str, grupo: str) -> bool:
        """Se o candidato está agora na lista do grupo: segue na lista geral, não pediu o final de
        lista (que tira das listas de grupo, §5) e a sua verificação o mantém nela."""
        if inscricao not in self.ativos_na_geral or inscricao in self.fora_dos_grupos or grupo not in self.listas:
            return False
        return inscricao in self.membros[grupo]

    def empates(self):
        """Empates da classificação depois da última correção de nota (docs/REGRAS.md §8)."""
        return self.ordenacao.empates(self.geral)

    # -- vencedores estáticos ---------------------------------------------------------------------

    def lista_geral_vigente(self):
        base = filterfalse(self.fora_da_base.__contains__, self.geral)
        return chain(base, filterfalse(self.fora.__contains__, self.movidos))

    def vencedores(self, total: int, excluidos=frozenset()) -> "Vencedores":
        """Vencedores estáticos para ``total`` vagas e a vaga (posição e rótulo) de cada um.

        Depois de uma só saída (desistência, não posse, anulação, final de lista — este, o único
        excluído) desde o último cálculo, com o mesmo ``total``, ou de vagas adicionais sem saída
        nenhuma, o último cálculo é retomado de onde parou em cada lista (``_Retomada``); em qualquer
        outro caso, e quando a retomada não cobre o caso, é do zero."""
        retomada, self._retomada = self._retomada, None
        saidas, self._saidas = self._saidas, []
        if retomada is not None and excluidos <= frozenset(saidas[:1]):
            if len(saidas) == 1 and retomada.total == total:
                # Final de lista (o pedido excluído): só se a ampla ainda não chegou aos movidos, cuja
                # ordem o pedido acaba de mudar.
                coberto = (not excluidos or retomada.antes_dos_movidos()) and retomada.sem(saidas[0])
            else:
                coberto = not saidas and total > retomada.total and retomada.com_mais_vagas(total)
            if coberto:
                self._retomada = retomada
                return retomada.resultado
        resultado = self._calcular(total, excluidos)
        if not excluidos and not resultado.revertidas:
            self._retomada = _Retomada(self, total, resultado)
        return resultado

    def _calcular(self, total: int, excluidos) -> "Vencedores":
        """Os vencedores do zero, sobre as listas do momento."""
        geral = self.lista_geral_vigente()
        if excluidos:
            geral = filterfalse(excluidos.__contains__, geral)
        vagas_ampla = self.posicoes[AMPLA][: bisect_right(self.posicoes[AMPLA], total)]
        da_ampla = list(islice(geral, len(vagas_ampla)))
        # Cada conjunto é montado uma vez, da lista; os demais saem deles por operações de conjunto,
        # que reaproveitam os hashes já guardados.
        ampla = set(da_ampla)
        vencedores = set(ampla)
        bloqueados = vencedores.union(self.fora, self.fora_dos_grupos, excluidos)
        por_grupo, revertidas, conjuntos = {}, {}, {}
        for nome in self.alocacao:
            posicoes = self.posicoes[nome][: bisect_right(self.posicoes[nome], total)]
            if not posicoes:
                continue
            escolhidos = list(islice(filterfalse(bloqueados.__contains__, self.listas[nome]), len(posicoes)))
            conjunto = conjuntos[nome] = set(escolhidos)
            bloqueados |= conjunto
            vencedores |= conjunto
            por_grupo[nome] = (escolhidos, posicoes)
            # As vagas não preenchidas do grupo são as suas últimas (Art. 3º, §3º).
            for posicao in posicoes[len(escolhidos) :]:
                revertidas[posicao] = nome
        if revertidas:
            seguintes = list(islice(filterfalse(vencedores.__contains__, geral), len(revertidas)))
            da_ampla += seguintes
            seguintes = set(seguintes)
            ampla |= seguintes
            vencedores |= seguintes
        # Ampla e revertidas juntas, em ordem de posição, recebem os vencedores "ampla" na ordem
        # da lista geral: uma vaga revertida nunca faz alguém passar à frente de quem tem nota maior.
        posicoes_ampla = sorted(vagas_ampla + list(revertidas)) if revertidas else vagas_ampla
        por_grupo[AMPLA] = (da_ampla, posicoes_ampla)
        conjuntos[AMPLA] = ampla
        return Vencedores(por_grupo, revertidas, conjuntos, vencedores)


class _Retomada:
    """O último cálculo dos vencedores e onde ele parou em cada lista, para o evento seguinte.

    Vale só enquanto as listas não mudam de ordem (``ListasVigentes`` a descarta nas revisões) e para
    um cálculo sem vagas revertidas. Vagas adicionais: ``com_mais_vagas``. Depois da saída de ``x``,
    com o mesmo ``total`` (``sem``) — desistência, não posse e anulação só o acrescentam a ``fora``;
    o final de lista o tira das listas dos grupos e da parte original da lista geral e o põe no fim
    dela, além do ponto em que a ampla parou (``antes_dos_movidos``), excluído do cálculo do evento:

    - se ``x`` não vencia, nada muda: ele estava além do ponto em que cada lista foi lida (quem não é
      pulado antes desse ponto vence) ou era pulado nela;
    - se vencia na ampla, entra o próximo da lista geral; se vencia num grupo (ou se quem entra na
      ampla vencia num grupo), o grupo fica com o próximo da sua lista que não está bloqueado, e, se
      este vencia num grupo seguinte na ordem de alocação, o mesmo se repete nele. Quem sai de um
      grupo vai para um lugar que continua bloqueado para os seguintes; quem passa a ser bloqueado
      para um grupo não vencia nele nem era pulado antes do ponto em que ele parou: as demais listas
      dão os mesmos vencedores, na mesma ordem.

    Se um grupo não tem o próximo (a vaga reverteria) ou a lista geral acabou, ``sem`` devolve falso sem
    mudar nada, e o cálculo é do zero. No evento seguinte ao final de lista, ``x`` deixa de ser excluído:
    o cálculo guardado continua valendo, porque nenhuma lista o pulou antes do ponto em que parou (ele
    está no fim da lista geral, e a ampla não passou dele).
    """

    def __init__(self, listas: ListasVigentes, total: int, resultado: "Vencedores"):
        self.listas = listas
        self.total = total
        self.resultado = resultado
        self._pontos: dict[str, int] | None = None  # rótulo → índice logo depois do último vencedor

    def pontos(self) -> dict[str, int]:
        """Onde o cálculo parou em cada lista (a lista geral seguida dos movidos, para a ampla)."""
        if self._pontos is None:
            listas, pontos = self.listas, {}
            for rotulo, (escolhidos, _) in self.resultado.por_rotulo.items():
                if not escolhidos:
                    pontos[rotulo] = 0
                elif rotulo != AMPLA:
                    pontos[rotulo] = listas.listas[rotulo].index(escolhidos[-1]) + 1
                elif escolhidos[-1] in listas.movidos:  # a lista geral acabou antes: veio dos movidos
                    pontos[rotulo] = len(listas.geral) + listas.movidos.index(escolhidos[-1]) + 1
                else:
                    pontos[rotulo] = listas.geral.index(escolhidos[-1]) + 1
            self._pontos = pontos
        return self._pontos

    def antes_dos_movidos(self) -> bool:
        """Se a ampla parou na parte original da lista geral (ou no fim dela), sem ler os movidos ao
        final."""
        return self.pontos()[AMPLA] <= len(self.listas.geral)

    def _proximo_na_geral(self, ponto: int, pular: str) -> tuple[str | None, int]:
        listas = self.listas
        geral, movidos, fora_da_base, fora = listas.geral, listas.movidos, listas.fora_da_base, listas.fora
        quantos = len(geral)
        while ponto < quantos:
            inscricao = geral[ponto]
            ponto += 1
            if inscricao not in fora_da_base:
                return inscricao, ponto
        while ponto - quantos < len(movidos):
            inscricao = movidos[ponto - quantos]
            ponto += 1
            if inscricao not in fora and inscricao != pular:  # ``pular``: o pedido de final de lista
                return inscricao, ponto
        return None, ponto

    def _proximos_no_grupo(self, grupos: list, indice: int, entraram: dict, quantos: int):
        """Os ``quantos`` próximos da lista do grupo ``grupos[indice]`` depois do ponto em que ela parou
        que não estão bloqueados — fora das listas, na ampla, num grupo anterior na ordem de alocação ou
        entre os que ``entraram`` num rótulo neste evento — e o novo ponto; ``None`` se a lista acaba
        antes (o grupo não preenche as vagas: elas reverteriam, Art. 3º, §3º)."""
        listas, conjuntos = self.listas, self.resultado.conjuntos
        bloqueios = (
            listas.fora,
            listas.fora_dos_grupos,
            conjuntos[AMPLA],
            entraram,
            *(conjuntos[anterior] for anterior in grupos[:indice]),
        )
        lista, ponto = listas.listas[grupos[indice]], self.pontos()[grupos[indice]]
        proximos = []
        while len(proximos) < quantos:
            if ponto >= len(lista):
                return None
            entra = lista[ponto]
            ponto += 1
            if not any(entra in bloqueio for bloqueio in bloqueios):
                proximos.append(entra)
        return proximos, ponto

    def sem(self, saiu: str) -> bool:
        """Atualiza o resultado depois da saída de ``saiu``; falso (nada mudado) se não cobre o caso."""
        resultado = self.resultado
        if saiu not in resultado.todos:
            resultado.entraram = {}
            return True
        listas, conjuntos, pontos = self.listas, resultado.conjuntos, self.pontos()
        trocas = []  # (rótulo, quem sai, quem entra, onde a lista parou)
        entraram = {}  # quem entra em cada rótulo (a ampla, um grupo) → o rótulo
        saindo = saiu
        if saiu in conjuntos[AMPLA]:
            entra, ponto = self._proximo_na_geral(pontos[AMPLA], saiu)
            if entra is None:
                return False
            trocas.append((AMPLA, saiu, entra, ponto))
            entraram[entra] = AMPLA
            saindo = entra
        grupos = [nome for nome in listas.alocacao if nome in conjuntos]
        for indice, nome in enumerate(grupos):
            if saindo not in conjuntos[nome]:
                continue
            proximos = self._proximos_no_grupo(grupos, indice, entraram, 1)
            if proximos is None:
                return False
            (entra,), ponto = proximos
            trocas.append((nome, saindo, entra, ponto))
            entraram[entra] = nome
            saindo = entra
        for rotulo, sai, entra, ponto in trocas:
            escolhidos = resultado.por_rotulo[rotulo][0]
            escolhidos.remove(sai)
            escolhidos.append(entra)
            conjuntos[rotulo].discard(sai)
            conjuntos[rotulo].add(entra)
            pontos[rotulo] = ponto
        resultado.todos.discard(saiu)
        resultado.todos.update(entraram)
        resultado.entraram = entraram
        return True

    def com_mais_vagas(self, total: int) -> bool:
        """Atualiza o resultado para ``total`` vagas (mais do que antes, sem saída desde o último
        cálculo); falso (nada mudado) se não cobre o caso.

        Com mais vagas de cada tipo e as mesmas listas, ninguém deixa de vencer: cada lista bloqueia
        agora tudo o que bloqueava (quem vencia continua vencendo, na ampla ou num grupo anterior na
        ordem de alocação), e quem vencia num grupo sem ser bloqueado tinha, entre os não bloqueados da
        lista, um lugar que só pode ter subido. Então a ampla fica com os seus e mais os próximos da
        lista geral; cada grupo, na ordem de alocação, com os seus menos os que passaram à ampla ou a
        um grupo anterior (``entraram``), e mais os próximos não bloqueados depois do ponto em que a
        lista parou (antes dele, quem não vencia estava bloqueado e continua). Quem entra num grupo
        vindo de um grupo seguinte sai deste quando a vez dele chega. Um grupo que não teria quem
        chamar (a vaga reverteria, Art. 3º, §3º), a lista geral que acaba ou um rótulo que passa a ter
        a sua primeira vaga: falso, e o cálculo é do zero."""
        listas, resultado = self.listas, self.resultado
        por_rotulo, conjuntos = resultado.por_rotulo, resultado.conjuntos
        posicoes = {}
        for rotulo in (*listas.alocacao, AMPLA):
            do_tipo = listas.posicoes[rotulo]
            posicoes[rotulo] = do_tipo[: bisect_right(do_tipo, total)]
            if posicoes[rotulo] and rotulo not in por_rotulo:
                return False
        pontos = self.pontos()
        entraram = {}  # quem entra em cada rótulo → o rótulo
        acrescimos = {}  # rótulo → (quem sai dele, quem entra, onde a lista parou)
        novos, ponto = [], pontos[AMPLA]
        for _ in range(len(posicoes[AMPLA]) - len(por_rotulo[AMPLA][0])):
            entra, ponto = self._proximo_na_geral(ponto, None)
            if entra is None:
                return False
            novos.append(entra)
            entraram[entra] = AMPLA
        acrescimos[AMPLA] = ((), novos, ponto)
        grupos = [nome for nome in listas.alocacao if nome in conjuntos]
        for indice, nome in enumerate(grupos):
            conjunto = conjuntos[nome]
            saem = [inscricao for inscricao in entraram if inscricao in conjunto]
            faltam = len(posicoes[nome]) - len(por_rotulo[nome][0]) + len(saem)
            proximos = self._proximos_no_grupo(grupos, indice, entraram, faltam)
            if proximos is None:
                return False
            novos, ponto = proximos
            entraram.update(dict.fromkeys(novos, nome))
            acrescimos[nome] = (saem, novos, ponto)
        for rotulo, (saem, novos, ponto) in acrescimos.items():
            escolhidos = por_rotulo[rotulo][0]
            for inscricao in saem:
                escolhidos.remove(inscricao)
                conjuntos[rotulo].discard(inscricao)
            escolhidos.extend(novos)
            conjuntos[rotulo].update(novos)
            por_rotulo[rotulo] = (escolhidos, posicoes[rotulo])
            pontos[rotulo] = ponto
        resultado.todos.update(entraram)
        resultado.entraram = entraram
        self.total = total
        return True


class Vencedores:
    """Vencedores de um recálculo: por rótulo, a lista na ordem de chamada e as posições estáticas.

    Os conjuntos permitem comparar dois recálculos com operações de conjunto; a posição estática
    de cada um só é montada no primeiro resultado, em que ela é a ordem de convocação.
    """

    def __init__(self, por_rotulo: dict, revertidas: dict[int, str], conjuntos: dict | None = None, todos=None):
        self.por_rotulo = por_rotulo
        self.revertidas = revertidas
        if conjuntos is None:
            conjuntos = {rotulo: set(lista) for rotulo, (lista, _) in por_rotulo.items()}
        self.conjuntos = conjuntos
        self.todos = set().union(*conjuntos.values()) if todos is None else todos
        # Na retomada (``_Retomada.sem``), quem entrou em cada rótulo desde o evento anterior; ``None``
        # num cálculo do zero.
        self.entraram: dict[str, str] | None = None

    def rotulo(self, inscricao: str) -> str | None:
        for rotulo, conjunto in self.conjuntos.items():
            if inscricao in conjunto:
                return rotulo
        return None

    def posicoes_estaticas(self) -> dict[str, int]:
        """Só a posição de cada vencedor na ordem estática (a de ``todas``), sem montar as vagas."""
        posicoes = {}
        for lista, das_posicoes in self.por_rotulo.values():
            posicoes.update(zip(lista, das_posicoes, strict=False))
        return posicoes

    def todas(self) -> dict[str, Vaga]:
        """A ordem de convocação estática (seção 4): a do primeiro resultado."""
        return {
            inscricao: Vaga(posicao, rotulo, self.revertidas.get(posicao) if rotulo == AMPLA else None)
            for rotulo, (lista, posicoes) in self.por_rotulo.items()
            for posicao, inscricao in zip(posicoes, lista, strict=False)
        }


def _com(pares: tuple, chave: str, valor) -> tuple:
    return (*((k, v) for k, v in pares if k != chave), (chave, valor))


def _com_notas(notas: tuple, novas: tuple) -> tuple:
    substituidas = dict(novas)
    return (*((k, v) for k, v in notas if k not in substituidas), *novas)


def _exigir_mudanca_de_verificacao(numero: int, evento: Evento, candidato) -> None:
    campo = f"eventos[{numero}]"
    if evento.grupo not in candidato.grupos:
        raise ErroDeCotas(
            f"Evento {numero} (verificacao): a inscrição {evento.inscricao} não optou pelo grupo "
            f"{evento.grupo!r}; só se revê a verificação de uma opção feita na inscrição.",
            inscricao=evento.inscricao,
            campo=f"{campo}.grupo",
            valor=evento.grupo,
        )
    if candidato.situacao(evento.grupo) == evento.situacao:
        raise ErroDeCotas(
            f"Evento {numero} (verificacao): a verificação de {evento.inscricao} em {evento.grupo} já é "
            f"{evento.situacao!r}; a revisão não muda nada.",
            inscricao=evento.inscricao,
            campo=f"{campo}.situacao",
            valor=evento.situacao,
        )
