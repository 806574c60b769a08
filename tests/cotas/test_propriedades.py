"""Propriedades do motor de cotas que valem para qualquer cenário (Hypothesis).

Cada teste gera cenários aleatórios — regimes pré-definidos e regimes descritos no próprio cenário,
candidatos com notas empatadas, verificações em qualquer situação e sequências de eventos válidos —
e confere uma regra do contrato (``docs/REGRAS.md``). Os limites das reservas são calculados aqui
com ``Fraction``, sem usar as funções do motor.
"""

import math
from datetime import date
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from cotas import (
    REGIMES,
    ErroDeCotas,
    formatar_json,
    grupos_aplicaveis,
    ler_cenario,
    quadro_de_vagas,
    resultado_para_dict,
    simular,
    tipos_das_posicoes,
    vagas_reservadas,
)

AMPLA = "ampla"
ARREDONDAMENTOS = ("metade_para_cima", "para_cima", "para_baixo")
NOMES_DE_GRUPO = ("negros", "pcd", "indigenas", "quilombolas", "baixa_renda")
SITUACOES = ("confirmado", "nao_confirmado", "ausente", "pendente")
CORES_IBGE = ("branca", "preta", "parda", "amarela", "indigena")
SAIDAS = ("desistencia", "nao_posse", "anulacao")  # saem de todas as listas
EDITAL = {"data_referencia_idade": "2024-03-31", "desempate": ["idoso", "idade", "jurado", "sorteio"]}

RAPIDO = settings(max_examples=200, deadline=None)
COM_EVENTOS = settings(
    max_examples=int(__import__("os").environ.get("EXEMPLOS", 40)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


# --- Estratégias ---------------------------------------------------------------------------------


def _percentual_em_texto(decimos: int) -> str:
    inteiro, decimo = divmod(decimos, 10)
    return f"{inteiro}.{decimo}" if decimo else str(inteiro)


def percentuais(maximo: int = 30):
    """Percentual de 0 a ``maximo`` como texto decimal com até uma casa ("12", "12.5")."""
    return st.integers(0, maximo * 10).map(_percentual_em_texto)


@st.composite
def grupos_inline(draw, nome: str) -> dict:
    grupo = {
        "grupo": nome,
        "percentual": draw(percentuais()),
        "arredondamento": draw(st.sampled_from(ARREDONDAMENTOS)),
        "minimo_de_vagas": draw(st.integers(1, 5)),
        "ausencia": draw(st.sampled_from(("perde_reserva", "eliminado"))),
    }
    teto = draw(st.none() | percentuais(100))
    if teto is not None:
        grupo["teto_percentual"] = teto
    return grupo


@st.composite
def regimes_inline(draw, maximo_de_grupos: int = 4) -> dict:
    nomes = draw(st.lists(st.sampled_from(NOMES_DE_GRUPO), min_size=1, max_size=maximo_de_grupos, unique=True))
    grupos = [draw(grupos_inline(nome)) for nome in nomes]
    return {"nome": "regime-aleatorio", "grupos": grupos, "prioridade": list(draw(st.permutations(nomes)))}


regimes = st.sampled_from(sorted(REGIMES)) | regimes_inline()


def regime_lido(regime):
    """O ``Regime`` do motor para um nome pré-definido ou um regime descrito no cenário."""
    return ler_cenario({"regime": regime, "vagas": 0}).regime


todos_os_grupos = st.sampled_from([g for r in REGIMES.values() for g in r.grupos]) | regimes_inline(1).map(
    lambda regime: regime_lido(regime).grupos[0]
)


@st.composite
def candidatos(draw, cores_por_grupo: dict, sorteio_para_todos: bool) -> list[dict]:
    """10 a 60 classificados com notas em meios pontos entre 60 e 72 (empates frequentes)."""
    quantidade = draw(st.integers(10, 60))
    sorteios = draw(st.permutations(range(1, quantidade + 1)))
    return [draw(candidato(str(1001 + i), sorteios[i], cores_por_grupo, sorteio_para_todos)) for i in range(quantidade)]


@st.composite
def candidato(draw, inscricao: str, sorteio: int, cores_por_grupo: dict, sorteio_para_todos: bool) -> dict:
    meios_pontos = draw(st.integers(0, 24))
    dados = {"inscricao": inscricao, "nota": f"{60 + meios_pontos // 2}.{5 if meios_pontos % 2 else 0}"}
    cores = set(CORES_IBGE)
    grupos = []
    for nome, admitidas in cores_por_grupo.items():
        if draw(st.sampled_from((False, False, True))) and (not admitidas or cores & set(admitidas)):
            grupos.append(nome)
            if admitidas:
                cores &= set(admitidas)
    restritas = cores != set(CORES_IBGE)
    cor = draw(st.sampled_from(sorted(cores)) if restritas else st.none() | st.sampled_from(CORES_IBGE))
    if cor is not None:
        dados["cor_raca"] = cor
    if grupos:
        dados["grupos"] = grupos
        situacoes = {nome: draw(st.sampled_from((*SITUACOES, None))) for nome in grupos}
        dados["verificacao"] = {nome: s for nome, s in situacoes.items() if s is not None}
    nascimento = draw(st.none() | st.dates(min_value=date(1950, 1, 1), max_value=date(2005, 12, 31)))
    if nascimento is not None:
        dados["nascimento"] = nascimento.isoformat()
    if draw(st.booleans()):
        dados["jurado"] = True
    if sorteio_para_todos or draw(st.booleans()):
        dados["sorteio"] = sorteio
    if draw(st.sampled_from((False,) * 9 + (True,))):
        dados["eliminado"] = True
    return dados


@st.composite
def cenarios_iniciais(draw, sorteio_para_todos: bool = True) -> dict:
    """Um cargo com regime, edital, 0 a 15 vagas aceitas pelo quadro e 10 a 60 classificados."""
    dados = {"formato": "cotas-cenario/1"}
    if draw(st.sampled_from((True, True, False))):
        dados["regime"] = draw(st.sampled_from(sorted(REGIMES)))
        pcd = draw(st.sampled_from((None, "5", "10", "20")))
        if pcd is not None:
            dados["parametros"] = {"pcd": {"percentual": pcd}}
    else:
        dados["regime"] = draw(regimes_inline(3))
    dados["edital"] = {
        **EDITAL,
        "tipo": draw(st.sampled_from(("concurso_publico", "processo_seletivo_acs_ace"))),
        "publicado_em": draw(st.sampled_from(("2024-03-01", "2023-08-30", "2023-08-29"))),
    }
    regime = ler_cenario(dados).regime
    aceitas = [v for v in range(16) if sum(vagas_reservadas(v, g) for g in regime.grupos) <= v]
    dados["vagas"] = draw(st.sampled_from(aceitas))
    cores_por_grupo = {g.grupo: g.cores_admitidas for g in regime.grupos}
    dados["candidatos"] = draw(candidatos(cores_por_grupo, sorteio_para_todos))
    return dados


@st.composite
def cenarios_com_eventos(draw, sorteio_para_todos: bool = True) -> dict:
    """Cenário com 0 a 12 eventos válidos, escolhidos um a um sobre o resultado do prefixo.

    ``desistencia``/``anulacao`` atingem um ativo da lista geral; ``nao_posse``/``final_de_lista``,
    um convocado no momento (lido em ``nomeados`` do prefixo). Vagas adicionais que o quadro
    recusa são descartadas; qualquer outra recusa do motor fica no cenário, para o teste acusar.
    """
    dados = draw(cenarios_iniciais(sorteio_para_todos))
    resultado = simular(ler_cenario(dados))
    eventos, saidos = [], set()
    for _ in range(draw(st.integers(0, 12))):
        ativos = [i for i in resultado.lista("geral") if i not in saidos]
        convocados = [i for i, _ in resultado.nomeados]
        tipos = ["vagas_adicionais"] + ["desistencia", "anulacao"] * bool(ativos)
        tipos += ["nao_posse", "final_de_lista"] * bool(convocados)
        tipo = draw(st.sampled_from(tipos))
        if tipo == "vagas_adicionais":
            evento = {"tipo": tipo, "quantidade": draw(st.integers(1, 3))}
        else:
            evento = {
                "tipo": tipo,
                "inscricao": draw(st.sampled_from(ativos if tipo in ("desistencia", "anulacao") else convocados)),
            }
        try:
            resultado = simular(ler_cenario({**dados, "eventos": [*eventos, evento]}))
        except ErroDeCotas:
            if tipo == "vagas_adicionais":
                continue
            eventos.append(evento)
            break
        eventos.append(evento)
        if tipo in SAIDAS:
            saidos.add(evento["inscricao"])
    return {**dados, "eventos": eventos}


def simular_dados(dados: dict):
    cenario = ler_cenario(dados)
    return cenario, simular(cenario)


def inscricoes_nomeadas(resultado) -> set[str]:
    return {inscricao for inscricao, _ in resultado.nomeados}


# --- a. Quadro de vagas --------------------------------------------------------------------------


@RAPIDO
@given(regime=regimes, vagas=st.integers(0, 300))
def test_ampla_mais_reservadas_e_igual_ao_total_de_vagas(regime, vagas):
    cenario = ler_cenario({"regime": regime, "vagas": vagas})
    reservadas = {g.grupo: vagas_reservadas(vagas, g) for g in cenario.regime.grupos}
    if sum(reservadas.values()) > vagas:
        with pytest.raises(ErroDeCotas):
            quadro_de_vagas(vagas, cenario.regime)
        with pytest.raises(ErroDeCotas):
            simular(cenario)
        return
    quadro = simular(cenario).quadro
    assert dict(quadro.reservadas) == reservadas
    assert quadro.ampla >= 0
    assert quadro.ampla + sum(reservadas.values()) == vagas == quadro.vagas


@RAPIDO
@given(regime=regimes, vagas=st.integers(0, 300))
@example(regime="federal-15142-2025", vagas=50)  # pretos e pardos e indígenas colidem na 50ª
@example(
    regime={"grupos": [{"grupo": "a", "percentual": "30", "arredondamento": "para_cima", "minimo_de_vagas": 4}]},
    vagas=4,
)
@example(
    regime={"grupos": [{"grupo": g, "percentual": "20", "arredondamento": "metade_para_cima"} for g in "ab"]}, vagas=3
)
def test_posicoes_reservadas_dentro_do_quadro_sao_tantas_quanto_as_vagas_reservadas(regime, vagas):
    """As ``vagas`` do edital têm, para cada grupo, exatamente as posições do quadro publicado
    (decisão 2 de ``docs/REGRAS-IMPLEMENTADAS.md``)."""
    regime = regime_lido(regime)
    try:
        quadro = quadro_de_vagas(vagas, regime)
    except ErroDeCotas:
        assume(False)
    posicoes = dict(quadro.posicoes_reservadas)
    assert {nome: len(posicoes[nome]) for nome, _ in quadro.reservadas} == dict(quadro.reservadas)
    # Vagas surgidas depois (N > V) nunca dão a um grupo mais posições do que R(N).
    tipos = tipos_das_posicoes(regime, regime.nomes_dos_grupos, vagas + 30, vagas)
    for total in range(vagas, vagas + 31):
        for grupo in regime.grupos:
            assert tipos[:total].count(grupo.grupo) <= vagas_reservadas(total, grupo)


# --- b. Limites da reserva -----------------------------------------------------------------------


@RAPIDO
@given(grupo=todos_os_grupos, vagas=st.integers(0, 300))
def test_reserva_nunca_passa_da_fracao_arredondada(grupo, vagas):
    reservadas = vagas_reservadas(vagas, grupo)
    parte = Fraction(grupo.percentual) * vagas / 100
    assert 0 <= reservadas <= math.ceil(parte)
    if grupo.arredondamento == "para_baixo":
        assert reservadas <= math.floor(parte)
    if grupo.arredondamento == "metade_para_cima":
        assert reservadas <= math.floor(parte + Fraction(1, 2))
    if grupo.teto_percentual is not None:
        assert reservadas <= math.floor(Fraction(grupo.teto_percentual) * vagas / 100)
    if vagas < grupo.minimo_de_vagas:
        assert reservadas == 0


@RAPIDO
@given(grupo=todos_os_grupos, vagas=st.integers(0, 300))
def test_reserva_segue_a_formula_do_contrato(grupo, vagas):
    parte = Fraction(grupo.percentual) * vagas / 100
    arredondada = {
        "para_cima": math.ceil(parte),
        "para_baixo": math.floor(parte),
        "metade_para_cima": math.floor(parte + Fraction(1, 2)),
    }[grupo.arredondamento]
    if grupo.teto_percentual is not None:
        arredondada = min(arredondada, math.floor(Fraction(grupo.teto_percentual) * vagas / 100))
    assert vagas_reservadas(vagas, grupo) == (0 if vagas < grupo.minimo_de_vagas else arredondada)


# --- c. Eventos não dispensam convocados ---------------------------------------------------------


@COM_EVENTOS
@given(dados=cenarios_com_eventos())
def test_nenhum_convocado_ativo_e_dispensado_por_evento(dados):
    eventos = dados["eventos"]
    anteriores = None
    for k in range(len(eventos) + 1):
        _, resultado = simular_dados({**dados, "eventos": eventos[:k]})
        assert resultado.inconsistencias == ()
        atuais = inscricoes_nomeadas(resultado)
        if anteriores is not None:
            quem_saiu = {eventos[k - 1].get("inscricao")}
            assert anteriores - quem_saiu <= atuais, f"evento {k}: {eventos[k - 1]}"
        anteriores = atuais


@COM_EVENTOS
@given(dados=cenarios_com_eventos())
def test_evento_novo_nao_reescreve_o_registro_de_chamadas(dados):
    eventos = dados["eventos"]
    anterior = ()
    for k in range(len(eventos) + 1):
        _, resultado = simular_dados({**dados, "eventos": eventos[:k]})
        assert resultado.convocacoes[: len(anterior)] == anterior
        anterior = resultado.convocacoes


# --- d. Ordem da entrada -------------------------------------------------------------------------


@COM_EVENTOS
@given(dados=cenarios_com_eventos(sorteio_para_todos=False), data=st.data())
def test_resultado_nao_depende_da_ordem_dos_candidatos(dados, data):
    embaralhados = {**dados, "candidatos": data.draw(st.permutations(dados["candidatos"]))}
    cenario, resultado = simular_dados(dados)
    cenario_embaralhado, resultado_embaralhado = simular_dados(embaralhados)
    assert resultado_para_dict(resultado_embaralhado, cenario_embaralhado) == resultado_para_dict(resultado, cenario)


# --- e. Cada vaga do registro vai à lista certa ---------------------------------------------------


def _vagas_por_evento(dados: dict) -> list[int]:
    totais = [dados["vagas"]]
    for evento in dados["eventos"]:
        totais.append(totais[-1] + (evento.get("quantidade") or 0) * (evento["tipo"] == "vagas_adicionais"))
    return totais


def _lista_vigente(dados: dict, lista: tuple[str, ...], numero: int) -> set[str]:
    """A lista de um grupo depois do evento ``numero``: sem quem saiu nem quem foi ao final da lista."""
    fora = {e["inscricao"] for e in dados["eventos"][:numero] if e["tipo"] != "vagas_adicionais"}
    return set(lista) - fora


@COM_EVENTOS
@given(dados=cenarios_com_eventos())
def test_cada_vaga_do_registro_vai_a_lista_certa_ou_foi_revertida(dados):
    cenario, resultado = simular_dados(dados)
    totais = _vagas_por_evento(dados)
    tipos = list(resultado.tipos_das_posicoes)
    aplicaveis = grupos_aplicaveis(cenario.regime, cenario.edital)
    assert tuple(tipos) == tipos_das_posicoes(cenario.regime, aplicaveis, totais[-1], dados["vagas"])
    listas = dict(resultado.listas)
    for convocacao in resultado.convocacoes:
        assert 1 <= convocacao.posicao <= totais[convocacao.evento]
        assert convocacao.inscricao in listas["geral"]
        tipo = tipos[convocacao.posicao - 1]
        if convocacao.vaga != AMPLA:
            assert tipo == convocacao.vaga
            assert convocacao.inscricao in _lista_vigente(dados, listas[tipo], convocacao.evento)
        elif tipo == AMPLA:
            assert convocacao.revertida_de is None
        else:
            # Vaga reservada revertida (Art. 3º, §3º): todos os que restam na lista do grupo já são
            # convocados depois daquele evento.
            assert convocacao.revertida_de == tipo
            _, naquele_momento = simular_dados({**dados, "eventos": dados["eventos"][: convocacao.evento]})
            assert _lista_vigente(dados, listas[tipo], convocacao.evento) <= inscricoes_nomeadas(naquele_momento)


@COM_EVENTOS
@given(dados=cenarios_com_eventos())
def test_posicoes_do_resultado_sao_distintas_e_dentro_das_vagas(dados):
    _, resultado = simular_dados(dados)
    totais = _vagas_por_evento(dados)
    iniciais = [c for c in resultado.convocacoes if c.evento == 0]
    assert len(iniciais) == min(dados["vagas"], len(resultado.lista("geral")))
    assert len({c.posicao for c in iniciais}) == len(iniciais)
    assert all(1 <= c.posicao <= dados["vagas"] for c in iniciais)
    for numero in range(len(totais)):
        posicoes = [c.posicao for c in resultado.convocacoes if c.evento == numero]
        assert len(set(posicoes)) == len(posicoes)
    # Posições estáveis (docs/REGRAS.md §5): cada convocado ativo numa posição só, sem revisão
    # nunca além das vagas do momento.
    vigente = resultado.ordem_vigente
    posicoes = [p.posicao for p in vigente]
    assert posicoes == sorted(set(posicoes))
    assert all(1 <= p <= totais[-1] for p in posicoes)
    assert sorted((p.inscricao, p.vaga) for p in vigente) == sorted(resultado.nomeados)


# --- f. Determinismo -----------------------------------------------------------------------------


@COM_EVENTOS
@given(dados=cenarios_com_eventos(sorteio_para_todos=False))
def test_mesmo_cenario_da_sempre_o_mesmo_resultado(dados):
    cenario, primeiro = simular_dados(dados)
    segundo = simular(cenario)
    outro_cenario, terceiro = simular_dados(dados)
    assert primeiro == segundo == terceiro
    texto = formatar_json(resultado_para_dict(primeiro, cenario))
    assert formatar_json(resultado_para_dict(terceiro, outro_cenario)) == texto
