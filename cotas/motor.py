"""A chamada única do motor: cenário em, resultado fora (docs/REGRAS.md inteiro)."""

from .classificacao import classificar, listas_em_que_entra
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
    # Pendências: as verificações pendentes nas listas publicadas com o primeiro resultado, menos as
    # que uma revisão decidiu, mais as que uma revisão tornou pendentes (docs/REGRAS.md §8).
    geral, inscricoes_das_listas, pendentes = listas_em_ordem(classificacao.geral, regime, aplicaveis)
    contexto = Contexto(
        regime,
        edital,
        aplicaveis,
        cenario.candidatos,
        cenario.vagas,
        classificacao.empates,
        por_inscricao,
        classificacao.maior_sorteio,
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


def listas_em_ordem(geral, regime, aplicaveis) -> tuple[list[str], dict[str, list[str]], set[tuple[str, str]]]:
    """As inscrições da lista geral e das listas dos grupos (``listas_em_que_entra``: Art. 2º, §2º;
    Art. 5º, parágrafo único), e as (inscrição, grupo) com a verificação pendente numa lista de grupo.

    Uma passada só pela lista geral: ela está na ordem da classificação, e os candidatos, na do
    arquivo; cada passada por ela é uma falta de cache por candidato. Cada combinação distinta de
    opções e verificações é decidida uma vez (um edital nacional tem 100 mil candidatos e poucas).

    As inscrições são cópias novas dos textos (``"".join``), feitas na ordem da lista geral: cada
    cópia é igual ao texto do candidato (a saída é a mesma, e nada no motor compara inscrições por
    identidade), mas as cópias ficam vizinhas na memória na ordem da classificação. A cada evento,
    ``convocar`` percorre e põe em conjuntos o começo das listas (os ~2 mil primeiros de 100 mil), e
    ler os textos do JSON, espalhados na ordem do arquivo, custaria faltas de cache. Uma lista de
    grupo usa a mesma cópia da lista geral."""
    inscricoes, listas, pendentes = [], {nome: [] for nome in regime.nomes_dos_grupos}, set()
    entradas = {}
    copiar, nova = "".join, inscricoes.append
    for candidato in geral:
        inscricao = copiar(("", candidato.inscricao))
        nova(inscricao)
        if candidato.grupos:  # só quem optou por algum grupo
            chave = (candidato.grupos, candidato.verificacao)
            das_listas = entradas.get(chave)
            if das_listas is None:
                das_listas = entradas[chave] = listas_em_que_entra(candidato, aplicaveis)
            for nome, pendente in das_listas:
                listas[nome].append(inscricao)
                if pendente:
                    pendentes.add((inscricao, nome))
    return inscricoes, listas, pendentes


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
