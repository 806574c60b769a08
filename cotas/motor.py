"""A chamada única do motor: cenário em, resultado fora (docs/REGRAS.md inteiro)."""

from itertools import repeat
from operator import attrgetter

from .classificacao import classificar, listas_dos_grupos, pendentes_nas_listas
from .convocacao import Contexto, convocar
from .modelo import PROCESSO_SELETIVO_ACS_ACE, Cenario, Resultado
from .reserva import grupos_aplicaveis, quadro_de_vagas
from .validacao import validar


def simular(cenario: Cenario) -> Resultado:
    """Quadro, listas, convocações e eventos de um cargo. Levanta ``ErroDeCotas`` se a entrada é inválida."""
    por_inscricao = validar(cenario)
    regime, edital = cenario.regime, cenario.edital
    aplicaveis = grupos_aplicaveis(regime, edital)
    quadro = quadro_de_vagas(cenario.vagas, regime, aplicaveis)
    classificacao = classificar(cenario.candidatos, edital, regime, aplicaveis)
    listas = listas_dos_grupos(classificacao.geral, regime, aplicaveis)
    geral, inscricoes_das_listas = _inscricoes_em_ordem(classificacao.geral, listas)
    # Pendências: as verificações pendentes nas listas publicadas com o primeiro resultado, menos as
    # que uma revisão decidiu, mais as que uma revisão tornou pendentes (docs/REGRAS.md §8).
    pendentes = pendentes_nas_listas(listas)
    contexto = Contexto(
        regime, edital, aplicaveis, cenario.candidatos, cenario.vagas, classificacao.empates, por_inscricao
    )
    chamadas = convocar(contexto, geral, inscricoes_das_listas, cenario.eventos, pendentes)
    eliminados = set(classificacao.eliminados)
    empates, avisos_de_empate = classificacao.empates, classificacao.avisos
    if chamadas.empates is not None:  # houve correção de nota: os empates da classificação corrigida
        empates, avisos_de_empate = chamadas.empates
    return Resultado(
        regime=regime.nome,
        quadro=quadro,
        listas=(("geral", tuple(geral)), *((n, tuple(lista)) for n, lista in inscricoes_das_listas.items())),
        convocacoes=chamadas.convocacoes,
        nomeados=chamadas.nomeados,
        # Quem uma revisão reintegrou (eliminação por verificação desfeita) sai de ``eliminados``,
        # mesmo que outra revisão antes o tenha eliminado.
        eliminados=tuple(sorted((eliminados | set(chamadas.anulados)) - set(chamadas.reintegrados))),
        empates=empates,
        pendencias=tuple(sorted({inscricao for inscricao, _ in chamadas.pendentes})),
        inconsistencias=chamadas.inconsistencias,
        avisos=_avisos(regime, edital, aplicaveis) + avisos_de_empate,
        reclassificacoes=chamadas.reclassificacoes,
        saidas=chamadas.saidas,
        vagas_totais=chamadas.vagas_totais,
        ordem_vigente=chamadas.ordem_vigente,
        mantidos=chamadas.mantidos,
        sub_judice=chamadas.sub_judice,
        tipos_das_posicoes=chamadas.tipos_das_posicoes,
    )


def _inscricoes_em_ordem(geral, listas: dict) -> tuple[list[str], dict[str, list[str]]]:
    """As inscrições da lista geral e das listas dos grupos, em cópias novas dos textos, feitas na
    ordem da lista geral.

    Só a memória muda: cada cópia é igual ao texto do candidato (a saída é a mesma, e nada no motor
    compara inscrições por identidade), mas as cópias ficam vizinhas na memória na ordem da
    classificação. O texto lido do JSON está onde o candidato apareceu no arquivo, espalhado; a cada
    evento, ``convocar`` percorre e põe em conjuntos o começo das listas (os ~2 mil primeiros de 100
    mil), e ler textos espalhados custa faltas de cache. Uma lista de grupo usa a mesma cópia da
    lista geral (achada pelo ``id`` do candidato, sem ler o objeto de novo)."""
    copias = list(map(str.join, map(attrgetter("inscricao"), geral), repeat(("", ""))))
    da_copia = dict(zip(map(id, geral), copias, strict=True))
    por_candidato = da_copia.__getitem__
    return copias, {nome: list(map(por_candidato, map(id, lista))) for nome, lista in listas.items()}


def _avisos(regime, edital, aplicaveis) -> tuple[str, ...]:
    avisos = []
    for nome in regime.nomes_dos_grupos:
        if nome not in aplicaveis:
            avisos.append(
                f"Reserva a {regime.grupo(nome).rotulo} não se aplica: processo seletivo de ACS/ACE com edital "
                f"publicado antes da vigência da lei ({regime.referencia_transicao})."
            )
    if (
        regime.vigencia is not None
        and edital.publicado_em is not None
        and edital.publicado_em < regime.vigencia
        and edital.tipo != PROCESSO_SELETIVO_ACS_ACE
    ):
        avisos.append(
            f"Edital publicado em {edital.publicado_em:%d/%m/%Y}, antes da vigência do regime {regime.nome} "
            f"({regime.vigencia:%d/%m/%Y}): confira se o regime escolhido é o correto."
        )
    return tuple(avisos)
