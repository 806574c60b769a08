"""Os números das vagas reservadas e das chamadas de cada cargo, para a prestação de contas do edital
(docs/PRESTACAO-DE-CONTAS.md): lidos da saída do motor gravada na **última versão publicada** do
resultado de cada cargo, sem recalcular nada e sem nenhum dado de pessoa — só contagens.

O registro dos atos publicados (docs/ATOS-PUBLICADOS.md) também conta: cada chamada diz os editais de
convocação registrados que chamaram quem ela convocou, e a versão lida é a mais nova entre a última
publicada e as que esses editais citam (um edital registrado a partir de uma versão que ficou sem
publicação, antes de a tela exigi-la, ainda conta a sua chamada).

Cada posição da ordem de convocação vigente (``ordem_vigente``) tem o tipo que a alternância lhe dá
(``tipo``: ampla ou um grupo; ``None`` além das vagas) e o rótulo de quem a ocupa (``vaga``). É o
mesmo par que ``cotas/motivos.py`` usa para escrever o motivo de cada chamada: posição de um grupo
com rótulo do grupo é a vaga reservada provida pelo grupo; com rótulo ``ampla``, a vaga "revertida à
ampla concorrência por falta de candidatos" (Art. 3º, §3º). Não relemos o texto do motivo: lemos os
dois campos de onde ele sai.
"""

from dataclasses import dataclass
from datetime import date
from statistics import median

from cotas.eventos import TIPOS_DE_EVENTO
from cotas.modelo import AMPLA
from cotas.regimes import rotulo_do_grupo

from ..models import AtoPublicado, Cargo, Edital, Resultado
from ..tipos_de_ato import EDITAL_DE_CONVOCACAO


@dataclass(frozen=True)
class VagasDoGrupo:
    """As vagas de um grupo num cargo, pela ordem de convocação vigente (docs/PRESTACAO-DE-CONTAS.md)."""

    grupo: str
    reservadas: int  # posições 1..N do tipo do grupo (as do edital e as surgidas na validade)
    pelo_grupo: int  # posição do grupo ocupada por convocado do grupo
    compensacao: int  # convocado do grupo fora das posições do grupo (outra posição ou além das vagas)
    outro_grupo: int  # posição do grupo ocupada por convocado de outro grupo (regra 3 das posições)
    revertidas: int  # posição do grupo ocupada pela ampla concorrência (Art. 3º, §3º)
    nao_providas: int  # posição do grupo ainda sem ocupante

    @property
    def rotulo(self) -> str:
        return rotulo_do_grupo(self.grupo)


@dataclass(frozen=True)
class Chamada:
    """Um ato de convocação do cargo: o resultado inicial (evento 0) ou um evento posterior."""

    evento: int
    tipo: str  # rótulo do tipo de evento ("Resultado publicado" no evento 0)
    data: date | None
    dias: int | None  # da primeira publicação do resultado até a data do ato
    convocados: int
    editais: tuple[str, ...] = ()  # os números dos editais de convocação registrados que os chamaram


@dataclass(frozen=True)
class CargoNaPrestacao:
    cargo: str
    vagas: int
    versao: int | None  # a versão publicada lida; ``None``: sem resultado publicado
    publicado_em: date | None  # a primeira publicação do resultado do cargo
    grupos: tuple[VagasDoGrupo, ...] = ()
    chamadas: tuple[Chamada, ...] = ()
    editais_de_convocacao: int = 0  # quantos o registro dos atos publicados guarda para o cargo

    @property
    def publicado(self) -> bool:
        return self.versao is not None

    @property
    def dias_depois_da_publicacao(self) -> list[int]:
        return [c.dias for c in self.chamadas if c.evento > 0 and c.dias is not None]

    @property
    def mediana_de_dias(self):
        dias = self.dias_depois_da_publicacao
        return median(dias) if dias else None

    @property
    def maximo_de_dias(self):
        dias = self.dias_depois_da_publicacao
        return max(dias) if dias else None


def grupos_do_edital(edital: Edital) -> tuple[str, ...]:
    """Os grupos do regime congelado no edital, na ordem do regime."""
    return tuple(g.grupo for g in edital.regime_congelado().grupos)


def cargos_na_prestacao(edital: Edital) -> list[CargoNaPrestacao]:
    grupos = grupos_do_edital(edital)
    publicados = _publicados_por_cargo(edital)
    editais = _editais_de_convocacao(edital)
    return [
        _cargo(cargo, grupos, publicados.get(cargo.pk, []), editais.get(cargo.pk, []))
        for cargo in edital.cargos.order_by("nome", "pk")
    ]


@dataclass(frozen=True)
class _EditalRegistrado:
    numero: str  # o número do edital de convocação ("12/2025")
    inscricoes: frozenset[str]
    resultado_id: int | None  # a versão de que convocou


def _editais_de_convocacao(edital: Edital) -> dict[int, list[_EditalRegistrado]]:
    """Os editais de convocação do registro dos atos publicados, por cargo, na ordem do registro."""
    atos = (
        AtoPublicado.objects.filter(edital=edital, tipo=EDITAL_DE_CONVOCACAO, ato_de_convocacao__isnull=False)
        .order_by("confirmado_em", "pk")
        .values_list("cargo_id", "resultado_id", "ato_de_convocacao__numero", "ato_de_convocacao__inscricoes")
    )
    por_cargo: dict[int, list[_EditalRegistrado]] = {}
    for cargo, resultado, numero, inscricoes in atos:
        por_cargo.setdefault(cargo, []).append(_EditalRegistrado(numero, frozenset(inscricoes), resultado))
    return por_cargo


def _publicados_por_cargo(edital: Edital) -> dict[int, list[Resultado]]:
    """As versões publicadas de cada cargo, da mais antiga para a mais nova."""
    por_cargo: dict[int, list[Resultado]] = {}
    versoes = Resultado.objects.filter(cargo__edital=edital, status=Resultado.PUBLICADO).order_by("cargo", "versao")
    for resultado in versoes:
        por_cargo.setdefault(resultado.cargo_id, []).append(resultado)
    return por_cargo


def _versao_lida(publicados: list[Resultado], editais: list[_EditalRegistrado]) -> Resultado:
    """A última versão publicada, ou a que um edital de convocação registrado cita, se for mais nova."""
    ultima = publicados[-1]
    sem_publicacao = {e.resultado_id for e in editais if e.resultado_id} - {p.pk for p in publicados}
    if not sem_publicacao:  # o caso de sempre: nenhuma consulta a mais
        return ultima
    mais_nova = Resultado.objects.filter(pk__in=sem_publicacao, versao__gt=ultima.versao).order_by("-versao").first()
    return mais_nova or ultima


def _cargo(
    cargo: Cargo, grupos: tuple[str, ...], publicados: list[Resultado], editais: list[_EditalRegistrado]
) -> CargoNaPrestacao:
    if not publicados:
        return CargoNaPrestacao(cargo.nome, cargo.vagas, versao=None, publicado_em=None)
    publicado_em = data_da_publicacao(publicados[0])
    lida = _versao_lida(publicados, editais)
    saida = lida.saida_do_motor
    return CargoNaPrestacao(
        cargo.nome,
        cargo.vagas,
        versao=lida.versao,
        publicado_em=publicado_em,
        grupos=tuple(vagas_do_grupo(saida, grupo) for grupo in grupos),
        chamadas=tuple(chamadas(saida, lida.cenario.get("eventos", []), publicado_em, editais)),
        editais_de_convocacao=len(editais),
    )


def data_da_publicacao(resultado: Resultado) -> date | None:
    """A data da edição do Diário Oficial; sem ela (publicação anterior à exigência), o dia da publicação."""
    if resultado.diario_oficial_data:
        return resultado.diario_oficial_data
    return resultado.publicado_em.date() if resultado.publicado_em else None


def vagas_do_grupo(saida, grupo: str) -> VagasDoGrupo:
    posicoes = saida.ordem_vigente
    do_tipo = [p for p in posicoes if p.tipo == grupo]
    return VagasDoGrupo(
        grupo=grupo,
        reservadas=sum(1 for tipo in saida.tipos_das_posicoes if tipo == grupo),
        pelo_grupo=sum(1 for p in do_tipo if p.vaga == grupo),
        compensacao=sum(1 for p in posicoes if p.vaga == grupo and p.tipo != grupo),
        outro_grupo=sum(1 for p in do_tipo if p.inscricao and p.vaga not in (grupo, AMPLA)),
        revertidas=sum(1 for p in do_tipo if p.inscricao and p.vaga == AMPLA),
        nao_providas=sum(1 for p in do_tipo if not p.inscricao)
        + _posicoes_sem_ocupante(saida, grupo, {p.posicao for p in posicoes}),
    )


def _posicoes_sem_ocupante(saida, grupo: str, ocupadas: set[int]) -> int:
    """Posições do grupo que nem aparecem na ordem vigente (ninguém as ocupa)."""
    return sum(1 for n, tipo in enumerate(saida.tipos_das_posicoes, 1) if tipo == grupo and n not in ocupadas)


def chamadas(saida, eventos: list[dict], publicado_em: date | None, editais=()) -> list[Chamada]:
    """Uma linha por ato que convocou alguém: o número do evento é o índice em ``eventos`` (o cenário
    gravado), a partir de 1; o evento 0 é o resultado inicial, convocado na própria publicação.
    ``editais``: os editais de convocação registrados; cada linha diz os que chamaram alguém dela."""
    convocados: dict[int, list[str]] = {}
    for convocacao in saida.convocacoes:
        convocados.setdefault(convocacao.evento, []).append(convocacao.inscricao)
    linhas = []
    for numero in sorted(convocados):
        if numero == 0:
            tipo, quando = "Resultado publicado", publicado_em
        else:
            evento = eventos[numero - 1]
            tipo, quando = TIPOS_DE_EVENTO[evento["tipo"]].rotulo, _data(evento.get("data"))
        dias = (quando - publicado_em).days if quando and publicado_em else None
        chamaram = tuple(dict.fromkeys(e.numero for e in editais if e.inscricoes.intersection(convocados[numero])))
        linhas.append(Chamada(numero, tipo, quando, dias, len(convocados[numero]), chamaram))
    return linhas


def _data(iso: str | None) -> date | None:
    return date.fromisoformat(iso) if iso else None
