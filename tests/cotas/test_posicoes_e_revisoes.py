"""Posições estáveis, motivos em cadeia e revisões depois da convocação (docs/REGRAS.md §§ 5, 6 e 8).

O registro é uma linha do tempo: quem foi convocado guarda a vaga; quem a revisão desloca é
mantido; quem ela faz vencer é chamado na hora; o excedente é absorvido pelas vagas seguintes.
"""

import pytest

from cotas import ErroDeCotas, ler_cenario, resultado_para_dict, simular

from .test_convocacao import candidato, chamadas, desistencia, vagas_adicionais


def cenario(vagas, candidatos, eventos=(), regime="cariacica-2023", desempate=("sorteio",)):
    return {
        "formato": "cotas-cenario/1",
        "regime": regime,
        "edital": {"data_referencia_idade": "2024-03-31", "desempate": list(desempate)},
        "vagas": vagas,
        "candidatos": list(candidatos),
        "eventos": list(eventos),
    }


def resultado(vagas, candidatos, eventos=(), **opcoes) -> dict:
    return resultado_para_dict(simular(ler_cenario(cenario(vagas, candidatos, eventos, **opcoes))))


def posicoes(saida: dict) -> dict[str, int]:
    return {p["inscricao"]: p["posicao"] for p in saida["ordem_vigente"]}


def motivo(saida: dict, inscricao: str) -> str:
    (texto,) = [c["motivo"] for c in saida["convocacoes"] if c["inscricao"] == inscricao and c["evento"] > 0]
    return texto


def verificacao(inscricao, situacao, grupo="negros", **extra):
    return {"tipo": "verificacao", "inscricao": inscricao, "grupo": grupo, "situacao": situacao, **extra}


def nota(inscricao, valor, **extra):
    return {"tipo": "nota", "inscricao": inscricao, "nota": valor, **extra}


def edital_de_41_vagas():
    """41 vagas: 33 de ampla, negros em 3, 8, 13, …, 38 (8 vagas) e PcD em 5 e 21 (5% para cima, teto 20%)."""
    ampla = [candidato(f"G{i:02d}", str(200 - i)) for i in range(1, 40)]
    negros = [candidato(f"N{i:02d}", str(150 - i), "negros") for i in range(1, 13)]
    pcd = [candidato(f"P{i}", str(100 - i), "pcd") for i in range(1, 5)]
    return ampla + negros + pcd


# --- Posições estáveis (§5) ----------------------------------------------------------------------


def test_desistencia_de_negro_na_3a_vaga_nao_renumera_ninguem():
    candidatos = edital_de_41_vagas()
    antes = resultado(41, candidatos)
    assert posicoes(antes)["N01"] == 3
    depois = resultado(41, candidatos, [desistencia("N01")])
    esperadas = {i: p for i, p in posicoes(antes).items() if i != "N01"}
    assert {i: p for i, p in posicoes(depois).items() if i in esperadas} == esperadas
    # A vaga deixada vai ao próximo negro, na mesma 3ª vaga (Art. 3º, §2º).
    assert chamadas(depois, 1) == [(3, "N09", "negros")]
    assert "deixada por N01, desistente (Art. 3º, §2º)" in motivo(depois, "N09")


def test_vagas_adicionais_nao_movem_os_convocados_nem_repetem_posicao():
    candidatos = edital_de_41_vagas()
    antes = posicoes(resultado(41, candidatos))
    depois = resultado(41, candidatos, [vagas_adicionais(1), vagas_adicionais(1), vagas_adicionais(2)])
    vigente = posicoes(depois)
    assert len(set(vigente.values())) == len(vigente)
    assert all(vigente[i] == p for i, p in antes.items())
    assert sorted(c["posicao"] for c in depois["convocacoes"] if c["evento"] > 0) == [42, 43, 44, 45]


def test_quem_muda_de_rotulo_passa_a_vaga_que_o_novo_rotulo_libera_e_a_cadeia_e_contada():
    candidatos = [candidato(f"G{i:02d}", str(100 - i)) for i in range(1, 13)] + [
        candidato("N1", "85", "negros"),
        candidato("N2", "84", "negros"),
        candidato("N3", "83", "negros"),
        candidato("X", "82", "negros", "pcd"),
        candidato("N4", "81", "negros"),
        candidato("P1", "70", "pcd"),
    ]
    saida = resultado(13, candidatos, [desistencia("N1")])
    assert posicoes(saida)["X"] == 3 and posicoes(saida)["P1"] == 5
    texto = motivo(saida, "P1")
    assert "5ª vaga, reservada a pessoas com deficiência (Decreto" in texto
    assert "a vaga de X, que passou à 3ª vaga (negros), deixada por N1, desistente (Art. 3º, §2º)" in texto
    (mudanca,) = saida["reclassificacoes"]
    assert (mudanca["de"], mudanca["para"], mudanca["de_posicao"], mudanca["para_posicao"]) == ("pcd", "negros", 5, 3)
    assert "fora do número de vagas de ampla" not in mudanca["motivo"]
    assert "N4" not in dict(saida["nomeados"])


def test_vaga_adicional_cita_a_alternancia_e_o_cadastro_de_reserva_so_quando_e_o_caso():
    comum = resultado(3, [candidato(c, str(90 - i)) for i, c in enumerate("ABCDE")], [vagas_adicionais(1)])
    assert "Art. 4º" in motivo(comum, "D") and "Art. 1º, §3º" not in motivo(comum, "D")
    # Cargo de 2 vagas: só cadastro de reserva para negros; a 3ª vaga, surgida na validade, é deles.
    candidatos = [candidato("A", "95"), candidato("B", "94"), candidato("C", "93"), candidato("N", "80", "negros")]
    reserva = resultado(2, candidatos, [vagas_adicionais(1)])
    assert chamadas(reserva, 1) == [(3, "N", "negros")]
    assert "cadastro de reserva" in motivo(reserva, "N") and "Art. 1º, §3º" in motivo(reserva, "N")


# --- Revisões (§8) -------------------------------------------------------------------------------

RECURSO = [
    candidato("A", "95"),
    candidato("B", "94"),
    candidato("C", "93"),
    candidato("D", "92"),
    {**candidato("Y", "88", "negros"), "verificacao": {"negros": "nao_confirmado"}},
    candidato("E", "87"),
    candidato("Z", "80", "negros"),
    candidato("P", "70", "pcd"),
]


def test_recurso_deferido_chama_y_na_hora_alem_das_vagas_e_mantem_z():
    saida = resultado(5, RECURSO, [verificacao("Y", "confirmado", documento="Recurso 12/2025")])
    assert chamadas(saida, 1) == [(6, "Y", "negros")]
    assert saida["mantidos"] == [{"evento": 1, "inscricao": "Z", "vaga": "negros"}]
    assert "Recurso 12/2025" in motivo(saida, "Y") and "além das 5" in motivo(saida, "Y")
    assert {"Y", "Z"} <= set(dict(saida["nomeados"]))
    assert saida["inconsistencias"] == []


def test_o_excedente_e_absorvido_pelas_vagas_que_se_abrem():
    eventos = [verificacao("Y", "confirmado"), desistencia("C"), desistencia("A")]
    saida = resultado(5, RECURSO, eventos)
    assert chamadas(saida, 2) == []  # a desistência de C é absorvida: Y passa da 6ª à 4ª
    assert posicoes(saida)["Y"] == 4
    (absorcao,) = [r for r in saida["reclassificacoes"] if r["evento"] == 2]
    assert (absorcao["de_posicao"], absorcao["para_posicao"]) == (6, 4)
    # Com o excedente absorvido, a desistência seguinte volta a chamar, na vaga deixada.
    assert chamadas(saida, 3) == [(1, "D", "ampla")]
    assert max(posicoes(saida).values()) == 5


def test_revisao_contra_o_proprio_convocado_o_tira_e_a_vaga_vai_ao_proximo_do_grupo():
    candidatos = [*RECURSO[:4], candidato("Y", "88", "negros"), *RECURSO[5:]]
    saida = resultado(5, candidatos, [verificacao("Y", "declaracao_falsa", documento="PA 3/2025")])
    assert "Y" not in dict(saida["nomeados"]) and "Y" in saida["eliminados"]
    assert [s["inscricao"] for s in saida["saidas"]] == ["Y"]
    assert chamadas(saida, 1) == [(3, "Z", "negros")]
    assert saida["mantidos"] == []


def test_decisao_que_afasta_a_declaracao_falsa_devolve_o_candidato_a_lista_geral():
    eliminado = {**candidato("Y", "99", "negros"), "verificacao": {"negros": "declaracao_falsa"}}
    candidatos = [eliminado, candidato("A", "95"), candidato("B", "94"), candidato("C", "93")]
    antes = resultado(3, candidatos)
    assert "Y" in antes["eliminados"]
    saida = resultado(3, candidatos, [verificacao("Y", "nao_confirmado", sub_judice=True, documento="Liminar")])
    assert "Y" not in saida["eliminados"]
    assert chamadas(saida, 1) == [(4, "Y", "ampla")]
    assert saida["sub_judice"] == ["Y"]
    assert [m["inscricao"] for m in saida["mantidos"]] == ["C"]


def test_eliminado_por_revisao_e_reintegrado_por_outra_sai_dos_eliminados():
    candidatos = [candidato("A", "95"), candidato("B", "94"), candidato("N", "93", "negros"), candidato("C", "90")]
    eventos = [verificacao("N", "declaracao_falsa"), verificacao("N", "nao_confirmado", documento="Sentença")]
    saida = resultado(3, candidatos, eventos)
    assert "N" not in saida["eliminados"]
    # Volta à lista geral (não confirmado: fora da lista de negros) e, com nota para a ampla, é
    # chamado na hora, além das 3 vagas; C, que o substituíra, é mantido.
    assert chamadas(saida, 2) == [(4, "N", "ampla")]
    assert saida["mantidos"] == [{"evento": 2, "inscricao": "C", "vaga": "ampla"}]


def test_nota_corrigida_sub_judice_e_a_decisao_final_tira_a_marca():
    candidatos = [candidato(c, str(95 - i)) for i, c in enumerate("ABCDE")]
    liminar = nota("D", "96", sub_judice=True, documento="Processo 1")
    assert resultado(3, candidatos, [liminar])["sub_judice"] == ["D"]
    final = resultado(3, candidatos, [liminar, nota("D", "96.5", documento="Trânsito em julgado")])
    assert final["sub_judice"] == []
    assert final["listas"]["geral"] == ["A", "B", "C", "D", "E"]  # as listas publicadas não mudam


def test_nota_corrigida_que_cria_empate_o_aponta_e_o_resultado_fica_provisorio():
    candidatos = [candidato(c, str(95 - i)) for i, c in enumerate("ABCDE")]
    saida = resultado(3, candidatos, [nota("E", "94")], desempate=())
    assert saida["empates"] == [["B", "E"]]
    assert saida["provisorio"] is True


def test_verificacao_decidida_tira_a_pendencia_e_a_que_volta_a_pendente_a_repoe():
    pendente = {**candidato("N", "80", "negros"), "verificacao": {"negros": "pendente"}}
    candidatos = [candidato("A", "95"), candidato("B", "94"), pendente]
    assert resultado(3, candidatos)["pendencias"] == ["N"]
    decidida = resultado(3, candidatos, [verificacao("N", "confirmado")])
    assert decidida["pendencias"] == [] and decidida["provisorio"] is False
    reaberta = resultado(3, candidatos, [verificacao("N", "confirmado"), verificacao("N", "pendente")])
    assert reaberta["pendencias"] == ["N"]


# --- O excedente absorvido depois de qualquer evento (§8) -----------------------------------------

# 5 vagas: A, B, C na ampla; N1 na 3ª (negros); P na 5ª (PcD); Q (PcD, não confirmada) à espera.
EXCEDENTE = [
    candidato("A", "95"),
    candidato("B", "94"),
    candidato("C", "93"),
    candidato("N1", "92", "negros"),
    {**candidato("Q", "91", "pcd"), "verificacao": {"pcd": "nao_confirmado"}},
    candidato("N2", "85", "negros"),
    candidato("P", "70", "pcd"),
]


def test_desistencia_depois_da_revisao_e_absorvida_pelo_excedente_sem_passar_de_n():
    """docs/REGRAS.md §8: depois de qualquer outro evento, só se chama até N menos os convocados ativos; os
    mantidos ocupam as próximas vagas que se abrem. O recurso de Q a faz vencer (6ª vaga, P mantido);
    a desistência de A não chama ninguém: Q passa à vaga de A e N1 fica na 3ª, agora pela ampla."""
    eventos = [verificacao("Q", "confirmado", grupo="pcd", documento="Recurso 7/2025"), desistencia("A")]
    saida = resultado(5, EXCEDENTE, eventos)
    assert chamadas(saida, 1) == [(6, "Q", "pcd")]
    assert chamadas(saida, 2) == []
    assert len(saida["nomeados"]) == 5
    assert posicoes(saida) == {"Q": 1, "B": 2, "N1": 3, "C": 4, "P": 5}
    assert "N2" not in dict(saida["nomeados"])
    (mudanca,) = [r for r in saida["reclassificacoes"] if r["inscricao"] == "N1"]
    assert (mudanca["para"], mudanca["de_posicao"], mudanca["para_posicao"]) == ("ampla", 3, 3)
    assert "Súmula 15" not in mudanca["motivo"]


def test_absorvido_o_excedente_a_vaga_seguinte_volta_a_chamar_quem_esperava():
    eventos = [verificacao("Q", "confirmado", grupo="pcd"), desistencia("A"), desistencia("B")]
    saida = resultado(5, EXCEDENTE, eventos)
    # B sai com o excedente já absorvido: 4 convocados ativos para 5 vagas, uma chamada. Q passa à
    # ampla (entra nas vagas de ampla) e à vaga de B; N2, o negro que esperava, fica com a de Q
    # (regra 3 do §5: os grupos antes da ampla). P deixa de ser excedente. Nenhum motivo cita revisão.
    assert chamadas(saida, 3) == [(1, "N2", "negros")]
    assert posicoes(saida) == {"N2": 1, "Q": 2, "N1": 3, "C": 4, "P": 5}
    assert saida["mantidos"] == []
    assert all("Súmula 15" not in c["motivo"] for c in saida["convocacoes"] if c["evento"] == 3)


# --- Pendências só de quem está numa lista de grupo (§8) -------------------------------------------

DUPLA = {**candidato("X", "90", "negros", "pcd"), "verificacao": {"negros": "confirmado", "pcd": "pendente"}}
COM_PENDENCIA = [
    candidato("A", "95"),
    candidato("B", "94"),
    DUPLA,
    candidato("C", "80"),
    candidato("N", "79", "negros"),
]


@pytest.mark.parametrize(
    "eventos",
    [
        [desistencia("X")],
        [desistencia("X", "anulacao")],
        [verificacao("X", "declaracao_falsa")],
        [desistencia("X", "final_de_lista")],
    ],
    ids=["desistencia", "anulacao", "declaracao-falsa-no-outro-grupo", "final-de-lista"],
)
def test_pendencia_de_quem_nao_esta_em_lista_de_grupo_nao_deixa_o_resultado_provisorio(eventos):
    """docs/REGRAS.md §8: pendências são os que, depois do último evento, estão pendentes numa lista de grupo;
    a verificação pendente de quem saiu de todas as listas (ou das de grupo) não muda nada."""
    assert resultado(5, COM_PENDENCIA)["pendencias"] == ["X"]
    saida = resultado(5, COM_PENDENCIA, eventos)
    assert saida["pendencias"] == [] and saida["provisorio"] is False


def test_quem_volta_as_listas_volta_com_a_verificacao_pendente():
    eventos = [verificacao("X", "declaracao_falsa"), verificacao("X", "confirmado", documento="Sentença")]
    saida = resultado(5, COM_PENDENCIA, eventos)
    assert saida["pendencias"] == ["X"] and saida["provisorio"] is True


# --- Entrada inválida (§7) -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("eventos", "trecho"),
    [
        ([desistencia("C"), verificacao("C", "nao_confirmado", grupo="pcd")], "já saiu das listas"),
        ([verificacao("Z", "confirmado")], "não muda nada"),
        ([verificacao("A", "confirmado")], "não optou pelo grupo"),
        ([desistencia("D"), nota("D", "99")], "já saiu das listas"),
        ([verificacao("Z", "talvez")], "situação 'talvez' inválida"),
        ([verificacao("Z", "confirmado", grupo="indios")], "grupo 'indios' desconhecido"),
    ],
    ids=[
        "revisao-de-quem-saiu",
        "verificacao-que-nao-muda",
        "grupo-nao-optado",
        "nota-de-quem-saiu",
        "situacao-invalida",
        "grupo-desconhecido",
    ],
)
def test_revisao_invalida_e_recusada_com_mensagem_que_nomeia_o_candidato(eventos, trecho):
    with pytest.raises(ErroDeCotas) as erro:
        resultado(5, RECURSO, eventos)
    assert trecho in str(erro.value)


def test_nota_que_nao_e_numero_e_recusada_na_leitura():
    with pytest.raises(ErroDeCotas) as erro:
        ler_cenario(cenario(5, RECURSO, [nota("C", "noventa")]))
    assert "eventos[1].nota" in str(erro.value) and "noventa" in str(erro.value)


# --- Desempate por nota parcial (§6) e indígenas (§1) --------------------------------------------


def com_parcial(inscricao, nota_final, parcial=None):
    dados = {"inscricao": inscricao, "nota": nota_final}
    if parcial is not None:
        dados["notas"] = {"especificos": parcial}
    return dados


def test_nota_parcial_so_e_exigida_de_quem_segue_empatado():
    desempate = ("nota:especificos", "sorteio")
    sem_empate = [com_parcial("A", "90", "40"), com_parcial("B", "90", "35"), com_parcial("C", "80")]
    assert resultado(2, sem_empate, desempate=desempate)["listas"]["geral"] == ["A", "B", "C"]
    empatado = [com_parcial("A", "90", "40"), com_parcial("B", "90"), com_parcial("C", "80")]
    with pytest.raises(ErroDeCotas) as erro:
        resultado(2, empatado, desempate=desempate)
    assert "Candidato B" in str(erro.value) and "notas.especificos" in str(erro.value)


def test_candidata_parda_pode_optar_por_pretos_e_pardos_e_por_indigenas():
    parda = {"inscricao": "I1", "nota": "80", "cor_raca": "parda", "grupos": ["pretos_pardos", "indigenas"]}
    saida = resultado(10, [parda], regime="federal-15142-2025")
    assert "I1" in saida["listas"]["indigenas"] and "I1" in saida["listas"]["pretos_pardos"]


# --- Propriedades com revisões no meio (Hypothesis) ---------------------------------------------

from hypothesis import example, given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from cotas import grupos_aplicaveis  # noqa: E402

from .test_propriedades import COM_EVENTOS, SAIDAS, SITUACOES, cenarios_iniciais  # noqa: E402


@st.composite
def cenarios_com_revisoes(draw, adverso: bool = False) -> dict:
    """Eventos da seção 5 e revisões da seção 8 misturados, cada um válido sobre o prefixo.

    ``adverso``: os eventos procuram o caso difícil do §8 — a revisão confirma uma opção não
    confirmada (o recurso deferido, que faz alguém vencer e deixa mantidos: o excedente) e as saídas
    atingem convocados, abrindo as vagas que o excedente tem de absorver."""
    dados = draw(cenarios_iniciais())
    opcoes = {c["inscricao"]: c.get("grupos", []) for c in dados["candidatos"]}
    situacoes = {c["inscricao"]: dict(c.get("verificacao", {})) for c in dados["candidatos"]}
    eventos, saidos = [], set()
    resultado_atual = simular(ler_cenario(dados))
    for _ in range(draw(st.integers(1, 10))):
        ativos = [i for i in resultado_atual.lista("geral") if i not in saidos]
        convocados = [i for i, _ in resultado_atual.nomeados]
        com_opcao = [i for i in ativos if opcoes[i]]
        if adverso:
            com_opcao = [i for i in com_opcao if any(situacoes[i].get(g) != "confirmado" for g in opcoes[i])]
        tipos = ["vagas_adicionais"] + ["desistencia", "anulacao", "nota"] * bool(ativos)
        tipos += ["nao_posse", "final_de_lista"] * bool(convocados) + ["verificacao"] * 3 * bool(com_opcao)
        tipo = draw(st.sampled_from(tipos))
        if tipo == "vagas_adicionais":
            evento = {"tipo": tipo, "quantidade": draw(st.integers(1, 3))}
        elif tipo == "verificacao":
            inscricao = draw(st.sampled_from(com_opcao))
            if adverso:
                grupo = draw(
                    st.sampled_from([g for g in opcoes[inscricao] if situacoes[inscricao].get(g) != "confirmado"])
                )
                situacao = "confirmado"
            else:
                grupo = draw(st.sampled_from(opcoes[inscricao]))
                situacao = draw(st.sampled_from((*SITUACOES, "declaracao_falsa")))
            evento = verificacao(inscricao, situacao, grupo=grupo)
            evento["sub_judice"] = draw(st.booleans())
        elif tipo == "nota":
            evento = nota(draw(st.sampled_from(ativos)), f"{draw(st.integers(55, 80))}.{draw(st.sampled_from('05'))}")
        else:
            alvos = ativos if tipo in ("desistencia", "anulacao") and not (adverso and convocados) else convocados
            evento = {"tipo": tipo, "inscricao": draw(st.sampled_from(alvos))}
        try:
            resultado_atual = simular(ler_cenario({**dados, "eventos": [*eventos, evento]}))
        except ErroDeCotas:
            continue  # verificação que não muda nada, vagas que o quadro recusa
        eventos.append(evento)
        if tipo == "verificacao":
            situacoes[evento["inscricao"]][evento["grupo"]] = evento["situacao"]
        if tipo in SAIDAS or (tipo == "verificacao" and evento["situacao"] == "declaracao_falsa"):
            saidos.add(evento["inscricao"])
    return {**dados, "eventos": eventos}


def _linha_do_tempo(dados: dict):
    """O resultado depois de cada prefixo dos eventos (0 = o primeiro resultado)."""
    return [simular(ler_cenario({**dados, "eventos": dados["eventos"][:k]})) for k in range(len(dados["eventos"]) + 1)]


@COM_EVENTOS
@given(dados=cenarios_com_revisoes())
def test_ninguem_convocado_some_e_ninguem_e_renumerado(dados):
    tempo = _linha_do_tempo(dados)
    for numero, (antes, depois) in enumerate(zip(tempo, tempo[1:], strict=False), start=1):
        evento = dados["eventos"][numero - 1]
        nomeados_antes, nomeados_depois = dict(antes.nomeados), dict(depois.nomeados)
        # Só sai da convocação quem é o próprio objeto do evento (docs/REGRAS.md §§ 5 e 8).
        assert set(nomeados_antes) - set(nomeados_depois) <= {evento.get("inscricao")}
        posicao_antes = {p.inscricao: p.posicao for p in antes.ordem_vigente}
        for p in depois.ordem_vigente:
            if nomeados_antes.get(p.inscricao) == p.vaga and posicao_antes[p.inscricao] <= antes.vagas_totais:
                assert p.posicao == posicao_antes[p.inscricao], (numero, p.inscricao)
        assert depois.inconsistencias == ()
        assert {m.inscricao for m in depois.mantidos} <= set(nomeados_depois)


@COM_EVENTOS
@given(dados=cenarios_com_revisoes())
def test_posicoes_distintas_e_o_excedente_so_vem_de_revisao(dados):
    final = simular(ler_cenario(dados))
    posicoes_ocupadas = [p.posicao for p in final.ordem_vigente]
    assert len(set(posicoes_ocupadas)) == len(posicoes_ocupadas)
    assert sorted((p.inscricao, p.vaga) for p in final.ordem_vigente) == sorted(final.nomeados)
    alem = [p for p in final.ordem_vigente if p.posicao > final.vagas_totais]
    if alem:
        assert any(e["tipo"] in ("verificacao", "nota") for e in dados["eventos"])
    # Excedente só enquanto houver mantidos ou gente além das vagas: nunca mais convocados que o
    # necessário sem uma revisão que os justifique.
    if not final.mantidos and not alem:
        assert len(final.nomeados) <= final.vagas_totais


REVISOES = ("verificacao", "nota")


@COM_EVENTOS
@given(dados=cenarios_com_revisoes(adverso=True))
@example(dados=cenario(5, EXCEDENTE, [verificacao("Q", "confirmado", grupo="pcd"), desistencia("A")]))
@example(dados=cenario(5, EXCEDENTE, [verificacao("Q", "confirmado", grupo="pcd"), vagas_adicionais(1)]))
def test_depois_de_evento_que_nao_e_revisao_ninguem_e_chamado_alem_de_n_menos_os_convocados(dados):
    """docs/REGRAS.md §8: o excedente é absorvido — depois de qualquer evento que não seja revisão, os novos
    chamados não passam de N menos os convocados ativos que ficaram (mantidos inclusive)."""
    tempo = _linha_do_tempo(dados)
    for numero, (antes, depois) in enumerate(zip(tempo, tempo[1:], strict=False), start=1):
        evento = dados["eventos"][numero - 1]
        if evento["tipo"] in REVISOES:
            continue
        ficaram = {i for i, _ in antes.nomeados} - {evento.get("inscricao")}
        chamados = [c for c in depois.convocacoes if c.evento == numero]
        assert len(chamados) <= max(0, depois.vagas_totais - len(ficaram)), (numero, chamados)
        assert all(c.posicao <= depois.vagas_totais for c in chamados), (numero, chamados)
        assert len(depois.nomeados) <= max(depois.vagas_totais, len(ficaram)), numero


def _pendentes_nas_listas_de_grupo(dados: dict) -> set[str]:
    """Quem, depois do último evento, está pendente numa lista de grupo — calculado à parte, das
    entradas e dos eventos, sem as estruturas do motor (docs/REGRAS.md §§ 3, 5 e 8)."""
    regime = ler_cenario(dados).regime
    aplicaveis = set(grupos_aplicaveis(regime, ler_cenario(dados).edital))
    situacao = {c["inscricao"]: dict(c.get("verificacao", {})) for c in dados["candidatos"]}
    saiu, foi_ao_final = set(), set()
    for evento in dados["eventos"]:
        if evento["tipo"] == "verificacao":
            situacao[evento["inscricao"]][evento["grupo"]] = evento["situacao"]
        elif evento["tipo"] in SAIDAS:
            saiu.add(evento["inscricao"])
        elif evento["tipo"] == "final_de_lista":
            foi_ao_final.add(evento["inscricao"])

    def eliminado(c) -> bool:
        return c.get("eliminado", False) or any(
            s == "declaracao_falsa" or (s == "ausente" and g in aplicaveis and regime.grupo(g).ausencia == "eliminado")
            for g, s in situacao[c["inscricao"]].items()
        )

    return {
        c["inscricao"]
        for c in dados["candidatos"]
        if c["inscricao"] not in saiu | foi_ao_final
        and not eliminado(c)
        and any(
            g in aplicaveis and situacao[c["inscricao"]].get(g, "pendente") == "pendente" for g in c.get("grupos", [])
        )
    }


@COM_EVENTOS
@given(dados=cenarios_com_revisoes())
def test_pendencias_sao_os_pendentes_das_listas_de_grupo_depois_do_ultimo_evento(dados):
    final = simular(ler_cenario(dados))
    assert set(final.pendencias) == _pendentes_nas_listas_de_grupo(dados)


@COM_EVENTOS
@given(dados=cenarios_iniciais(sorteio_para_todos=False), data=st.data())
def test_empates_depois_das_correcoes_sao_os_da_classificacao_com_as_notas_corrigidas(dados, data):
    ativos = list(simular(ler_cenario(dados)).lista("geral"))
    if not ativos:
        return
    corrigidas = {}
    for _ in range(data.draw(st.integers(1, 6))):
        inscricao = data.draw(st.sampled_from(ativos))
        corrigidas[inscricao] = f"{data.draw(st.integers(60, 72))}.{data.draw(st.sampled_from('05'))}"
        dados.setdefault("eventos", []).append(nota(inscricao, corrigidas[inscricao]))
    com_revisoes = simular(ler_cenario(dados))
    refeito = [{**c, "nota": corrigidas.get(c["inscricao"], c["nota"])} for c in dados["candidatos"]]
    do_zero = simular(ler_cenario({**dados, "candidatos": refeito, "eventos": []}))
    assert com_revisoes.empates == do_zero.empates
