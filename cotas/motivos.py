"""O motivo de cada chamada e de cada mudança de vaga, com a cadeia inteira (docs/REGRAS.md §5).

Cada posição que fica livre guarda por quê: a saída de alguém, a mudança de rótulo de um convocado
(que passou a outra vaga), uma vaga surgida na validade. Quem ocupa a posição herda a cadeia, e cada
elo cita o seu artigo: Art. 3º, §2º para negro que substitui negro; Art. 3º, §1º para quem passa à
ampla; Art. 3º, §3º para a vaga revertida; a regra PcD para a vaga PcD; Art. 1º, §3º só para a vaga
surgida na validade num cargo de cadastro de reserva; Art. 3º, caput para a chamada de ampla.
Exemplo: "5ª vaga, reservada a pessoas com deficiência (...): a vaga de X, que passou à 3ª vaga
(negros), deixada por N1, desistente (Art. 3º, §2º)".

Os textos são montados no fim de cada evento, quando já se sabe para onde foi cada um.
"""

from .eventos import TIPOS_DE_EVENTO
from .listas_vigentes import ordem_de_alocacao
from .modelo import AMPLA
from .reserva import vagas_reservadas

_SAIDA, _MUDANCA, _NOVA = "saida", "mudanca", "nova"


class Motivos:
    def __init__(self, contexto, posicoes):
        self.regime = contexto.regime
        self.posicoes = posicoes
        self.alocacao = ordem_de_alocacao(contexto.regime, contexto.aplicaveis)
        # Grupos que o tamanho do cargo deixa só em cadastro de reserva (Art. 1º, §3º).
        self.cadastro = {
            g.grupo
            for g in contexto.regime.grupos
            if g.grupo in contexto.aplicaveis and vagas_reservadas(contexto.vagas_do_edital, g) == 0
        }
        self.liberada: dict[int, tuple] = {}
        self.destino: dict[str, tuple[int, str]] = {}
        self.anterior: dict[str, int] = {}
        self.numero, self.evento = 0, None
        # As citações do regime (imutável), cada uma lida uma vez: ``Regime.referencia_de`` monta dois
        # dicionários a cada chamada, e o primeiro resultado de 2 mil vagas a chamava duas por vaga.
        self.citacoes: dict[str, str] = {}

    # -- o que aconteceu com cada posição ------------------------------------------------------------

    def comecar_evento(self, numero: int, evento) -> None:
        self.numero, self.evento = numero, evento
        self.destino.clear()

    def liberada_por_saida(self, posicao, inscricao: str, rotulo: str, tipo: str) -> None:
        if posicao is not None:
            self.liberada[posicao] = (_SAIDA, inscricao, rotulo, tipo)

    def liberada_por_mudanca(self, posicao, inscricao: str) -> None:
        self.anterior[inscricao] = posicao
        if posicao is not None:
            self.liberada[posicao] = (_MUDANCA, inscricao)

    def liberada_por_vaga_nova(self, posicao: int) -> None:
        self.liberada[posicao] = (_NOVA,)

    def posicao_anterior(self, inscricao: str) -> int | None:
        return self.anterior.pop(inscricao, None)

    def ocupada(self, posicao: int, inscricao: str, rotulo: str) -> None:
        """Para onde o convocado foi neste evento: o elo seguinte da cadeia de quem ocupa a vaga dele."""
        self.destino[inscricao] = (posicao, rotulo)

    def esquecer(self, posicoes) -> None:
        """Fim do evento: as posições ocupadas agora não estão mais livres."""
        for posicao in posicoes:
            self.liberada.pop(posicao, None)

    # -- textos ------------------------------------------------------------------------------------

    def _referencia(self, regra: str) -> str:
        citacao = self.citacoes.get(regra)
        if citacao is None:
            citacao = self.citacoes[regra] = self.regime.referencia_de(regra)
        return citacao

    def inicial(self) -> str:
        return f"resultado inicial ({self._referencia('alternancia')})"

    def vaga(self, posicao: int, rotulo: str) -> str:
        """A vaga que o candidato ocupa, com a regra que a define."""
        total = self.posicoes.total
        if posicao > total:
            alem = f"{posicao}ª vaga, além das {total} do cargo"
            if rotulo == AMPLA:
                return f"{alem}, ampla concorrência"
            return f"{alem}, reservada a {self.regime.grupo(rotulo).rotulo}"
        tipo = self.posicoes.tipo(posicao)
        if rotulo == AMPLA and tipo != AMPLA:
            grupo = self.regime.grupo(tipo)
            return (
                f"{posicao}ª vaga, reservada a {grupo.rotulo} e revertida à ampla concorrência por falta de "
                f"candidatos ({self._referencia('reversao')})"
            )
        if rotulo == AMPLA:
            return f"{posicao}ª vaga, ampla concorrência ({self._referencia('concorrencia')})"
        grupo = self.regime.grupo(rotulo)
        referencia = grupo.referencia("reserva") or grupo.referencia("percentual") or self.regime.referencia
        return f"{posicao}ª vaga, reservada a {grupo.rotulo} ({referencia})"

    def chamada(self, posicao: int, rotulo: str) -> str:
        return f"{self.vaga(posicao, rotulo)}: {self.cadeia(posicao, rotulo)}"

    def reclassificacao(self, inscricao: str, de, para: int, anterior: str, rotulo: str) -> str:
        trajeto = f"da {de}ª à {para}ª vaga" if de is not None and de != para else f"na {para}ª vaga"
        if rotulo == AMPLA:
            texto = (
                f"{inscricao} passa à ampla concorrência, {trajeto}: dentro do número de vagas de ampla "
                f"({self._referencia('ampla_nao_computa')})"
            )
            return texto if de == para else f"{texto}; {self.cadeia(para, rotulo)}"
        else:
            texto = f"{inscricao} passa à vaga reservada a {self.regime.grupo(rotulo).rotulo}, {trajeto}"
        if de == para:
            return texto
        return f"{texto}: {self.cadeia(para, rotulo)}"

    def absorcao(self, inscricao: str, de: int, para: int, rotulo: str) -> str:
        return (
            f"{inscricao} passa da {de}ª vaga (além das vagas do cargo) à {para}ª: o excedente deixado por uma "
            f"revisão é absorvido pela vaga que se abriu, {self.cadeia(para, None)}"
        )

    def cadeia(self, posicao: int, rotulo: str | None, vistos=None) -> str:
        """Por que a posição estava livre, elo a elo, com o artigo de cada um (sem artigo quando
        ``rotulo`` é ``None``: o excedente que ocupa a vaga não substitui ninguém)."""
        vistos = vistos or set()
        if posicao in vistos:
            return "troca de vagas entre convocados que mudaram de rótulo"
        vistos.add(posicao)
        if posicao > self.posicoes.total:
            return self._alem_das_vagas()
        causa = self.liberada.get(posicao)
        if causa is None:
            return self._causa_do_evento(rotulo)
        if causa[0] == _NOVA:
            return self._vaga_nova(posicao)
        if causa[0] == _SAIDA:
            _, quem, rotulo_dele, tipo = causa
            texto = f"deixada por {quem}, {TIPOS_DE_EVENTO[tipo].motivo_da_saida}"
            artigo = self._artigo_do_substituto(rotulo, rotulo_dele) if rotulo is not None else ""
            return f"{texto} ({artigo})" if artigo else texto
        quem = causa[1]
        destino = self.destino.get(quem)
        if destino is None:
            return f"a vaga de {quem}, que mudou de rótulo"
        if destino[0] == posicao:  # o próprio convocado, que mudou de rótulo e ficou na mesma vaga
            return "a vaga continua a mesma"
        para, rotulo_dele = destino
        nome = "ampla" if rotulo_dele == AMPLA else self.regime.grupo(rotulo_dele).rotulo
        elo = f"a vaga de {quem}, que passou à {para}ª vaga ({nome}"
        if rotulo_dele == AMPLA:
            elo += f", {self._referencia('ampla_nao_computa')}"
        return f"{elo}), {self.cadeia(para, rotulo_dele, vistos)}"

    def _artigo_do_substituto(self, rotulo: str, rotulo_de_quem_saiu: str | None) -> str:
        if rotulo == AMPLA:  # a descrição da vaga já cita a ampla concorrência
            return ""
        grupo = self.regime.grupo(rotulo)
        if rotulo == rotulo_de_quem_saiu:
            return grupo.referencia("substituicao") or grupo.referencia("reserva") or self.regime.referencia
        return grupo.referencia("reserva") or self.regime.referencia

    def _vaga_nova(self, posicao: int) -> str:
        tipo = self.posicoes.tipo(posicao)
        if tipo in self.cadastro:
            grupo = self.regime.grupo(tipo)
            referencia = grupo.referencia("cadastro_de_reserva") or self._referencia("vagas_na_validade")
            return f"vaga surgida na validade do concurso, num cargo de cadastro de reserva para {grupo.rotulo} ({referencia})"
        return f"vaga surgida na validade do concurso ({self._referencia('alternancia')})"

    def _alem_das_vagas(self) -> str:
        if self.evento is None or not TIPOS_DE_EVENTO[self.evento.tipo].revisao:
            # Só o excedente de uma revisão anterior fica além de N depois de outro evento.
            return "excedente de revisão anterior, além das vagas do cargo, até que se abra uma vaga"
        return (
            f"convocação devida pela revisão do evento {self.numero}{self._documento()}, chamada na hora, além das "
            "vagas (Súmula 15 do STF: preterição); o excedente é absorvido pelas próximas vagas que se abrirem"
        )

    def _causa_do_evento(self, rotulo: str) -> str:
        evento = self.evento
        if evento is None:
            return self.inicial()
        tipo = TIPOS_DE_EVENTO[evento.tipo]
        if tipo.revisao:
            return f"vaga aberta pela revisão do evento {self.numero}{self._documento()}"
        if tipo.carrega_quantidade:
            return f"vaga ainda não provida, chamada com as vagas surgidas no evento {self.numero}"
        artigo = self._artigo_do_substituto(rotulo, None)
        return f"vaga ainda não provida, chamada depois do evento {self.numero}" + (f" ({artigo})" if artigo else "")

    def _documento(self) -> str:
        evento = self.evento
        return f" ({evento.documento})" if evento is not None and evento.documento else ""
