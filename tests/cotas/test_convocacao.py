"""Quem é convocado e em que posição, e o que cada evento muda (docs/REGRAS.md §§ 4 e 5; Arts. 3º e 4º).

Notação dos exemplos de docs/REGRAS.md §4: lista geral A, B, Y, C, D…; negros Y, Z; PcD P.
"""

import pytest

from cotas import ErroDeCotas, ler_cenario, resultado_para_dict, simular


def cenario(vagas, candidatos, eventos=(), **edital):
    edital = {"data_referencia_idade": "2024-03-31", "desempate": ["sorteio"], **edital}
    return {
        "formato": "cotas-cenario/1",
        "regime": "cariacica-2023",
        "edital": edital,
        "vagas": vagas,
        "candidatos": list(candidatos),
        "eventos": list(eventos),
    }


def resultado(vagas, candidatos, eventos=(), **edital) -> dict:
    return resultado_para_dict(simular(ler_cenario(cenario(vagas, candidatos, eventos, **edital))))


def candidato(inscricao, nota, *grupos):
    campos = {"inscricao": inscricao, "nota": nota}
    if grupos:
        campos.update(grupos=list(grupos), verificacao=dict.fromkeys(grupos, "confirmado"))
    if "negros" in grupos:
        campos["cor_raca"] = "parda"
    return campos


def chamadas(saida: dict, evento: int) -> list[tuple[int, str, str]]:
    """(posição, inscrição, vaga) de quem foi convocado no evento, na ordem do registro."""
    return [(c["posicao"], c["inscricao"], c["vaga"]) for c in saida["convocacoes"] if c["evento"] == evento]


def desistencia(inscricao, tipo="desistencia"):
    return {"tipo": tipo, "inscricao": inscricao}


def vagas_adicionais(quantidade):
    return {"tipo": "vagas_adicionais", "quantidade": quantidade}


# A, B, Y (negro), C, D, Z (negro), P (PcD): o exemplo de docs/REGRAS.md §4.
EXEMPLO = [
    candidato("A", "95"),
    candidato("B", "94"),
    candidato("Y", "93", "negros"),
    candidato("C", "92"),
    candidato("D", "91"),
    candidato("Z", "80", "negros"),
    candidato("P", "70", "pcd"),
]

# Cinco vagas em que o negro da vaga reservada (N1) não está na ampla e há um próximo negro (N2).
COM_SUBSTITUTO = [
    candidato("A", "95"),
    candidato("B", "94"),
    candidato("C", "93"),
    candidato("D", "92"),
    candidato("N1", "85", "negros"),
    candidato("E", "84"),
    candidato("N2", "80", "negros"),
    candidato("P", "70", "pcd"),
]


def test_alternancia_chama_z_na_vaga_reservada_e_y_na_ampla():
    saida = resultado(5, EXEMPLO)
    assert chamadas(saida, 0) == [
        (1, "A", "ampla"),
        (2, "B", "ampla"),
        (3, "Z", "negros"),
        (4, "Y", "ampla"),
        (5, "P", "pcd"),
    ]


def test_negro_classificado_na_ampla_nao_ocupa_a_vaga_reservada_e_c_nao_e_convocado():
    saida = resultado(5, EXEMPLO)
    assert dict(saida["nomeados"])["Y"] == "ampla"
    assert "C" not in dict(saida["nomeados"])


def test_com_tres_vagas_y_ocupa_a_vaga_reservada():
    assert chamadas(resultado(3, EXEMPLO), 0) == [(1, "A", "ampla"), (2, "B", "ampla"), (3, "Y", "negros")]


def test_vaga_adicional_compensa_chamando_z_e_y_passa_a_ampla():
    saida = resultado(3, EXEMPLO, [vagas_adicionais(1)])
    assert chamadas(saida, 1) == [(3, "Z", "negros")]
    assert [(r["evento"], r["inscricao"], r["de"], r["para"]) for r in saida["reclassificacoes"]] == [
        (1, "Y", "negros", "ampla")
    ]
    assert saida["nomeados"] == [["A", "ampla"], ["B", "ampla"], ["Y", "ampla"], ["Z", "negros"]]


def test_desistente_em_vaga_reservada_chama_o_proximo_negro():
    saida = resultado(5, COM_SUBSTITUTO, [desistencia("N1")])
    assert chamadas(saida, 0)[2] == (3, "N1", "negros")
    assert chamadas(saida, 1) == [(3, "N2", "negros")]
    assert "D" not in dict(saida["nomeados"])


def test_substituto_negro_cita_o_art_3o_paragrafo_2o():
    saida = resultado(5, COM_SUBSTITUTO, [desistencia("N1")])
    (chamada,) = [c for c in saida["convocacoes"] if c["evento"] == 1]
    assert "Art. 3º, §2º" in chamada["motivo"]


def test_nao_posse_em_vaga_reservada_chama_o_proximo_negro():
    saida = resultado(5, COM_SUBSTITUTO, [desistencia("N1", "nao_posse")])
    assert chamadas(saida, 1) == [(3, "N2", "negros")]
    assert "N1" not in dict(saida["nomeados"])


def test_desistente_da_ampla_chama_o_proximo_da_lista_geral():
    saida = resultado(5, COM_SUBSTITUTO, [desistencia("B")])
    # Posições estáveis: D fica com a 2ª vaga, a que B deixou; C continua na 4ª.
    assert chamadas(saida, 1) == [(2, "D", "ampla")]


def test_anulacao_elimina_e_chama_o_proximo_negro():
    saida = resultado(5, COM_SUBSTITUTO, [desistencia("N1", "anulacao")])
    assert chamadas(saida, 1) == [(3, "N2", "negros")]
    assert saida["eliminados"] == ["N1"]
    assert "N1" not in dict(saida["nomeados"])


def test_final_de_lista_chama_o_proximo_negro_e_tira_x_dos_convocados():
    candidatos = [
        candidato("A", "95"),
        candidato("B", "94"),
        candidato("X", "90", "negros"),
        candidato("N2", "80", "negros"),
    ]
    saida = resultado(3, candidatos, [desistencia("X", "final_de_lista")])
    assert chamadas(saida, 0)[2] == (3, "X", "negros")
    assert chamadas(saida, 1) == [(3, "N2", "negros")]
    assert "X" not in dict(saida["nomeados"])


def test_final_de_lista_nao_chama_x_de_novo_no_mesmo_evento():
    # Só X restaria para a vaga, que reverte à ampla sem negros: X não é reconvocado.
    candidatos = [candidato("A", "95"), candidato("B", "94"), candidato("X", "90", "negros")]
    saida = resultado(3, candidatos, [desistencia("X", "final_de_lista")])
    assert chamadas(saida, 1) == []
    assert "X" not in dict(saida["nomeados"])


def test_final_de_lista_vai_para_depois_dos_demais_da_lista_geral():
    candidatos = [candidato("A", "95"), candidato("B", "94"), candidato("X", "90", "negros"), candidato("C", "70")]
    saida = resultado(3, candidatos, [desistencia("X", "final_de_lista")])
    assert chamadas(saida, 1) == [(3, "C", "ampla")]


def test_quem_pediu_final_de_lista_pode_ser_convocado_depois_pela_ampla():
    candidatos = [
        candidato("A", "95"),
        candidato("B", "94"),
        candidato("X", "90", "negros"),
        candidato("N2", "80", "negros"),
    ]
    eventos = [desistencia("X", "final_de_lista"), vagas_adicionais(1)]
    saida = resultado(3, candidatos, eventos)
    assert [(inscricao, vaga) for _, inscricao, vaga in chamadas(saida, 2)] == [("X", "ampla")]
    assert dict(saida["nomeados"])["X"] == "ampla"


@pytest.mark.parametrize("tipo", ["nao_posse", "final_de_lista"])
def test_evento_de_convocado_sobre_quem_nao_foi_convocado_e_recusado(tipo):
    with pytest.raises(ErroDeCotas, match="convocad") as erro:
        resultado(5, EXEMPLO, [desistencia("C", tipo)])
    assert erro.value.inscricao == "C"


def test_desistencia_de_quem_ainda_nao_foi_convocado_o_tira_das_chamadas_futuras():
    saida = resultado(5, EXEMPLO, [desistencia("C"), vagas_adicionais(1)])
    assert chamadas(saida, 1) == []
    assert chamadas(saida, 2) == [(6, "D", "ampla")]


def test_sem_negros_a_vaga_reservada_reverte_a_ampla_na_ordem_da_lista_geral():
    candidatos = [candidato(i, nota) for i, nota in zip("ABCDE", ("95", "94", "93", "92", "91"), strict=True)]
    saida = resultado(5, [*candidatos, candidato("P", "70", "pcd")])
    assert chamadas(saida, 0) == [
        (1, "A", "ampla"),
        (2, "B", "ampla"),
        (3, "C", "ampla"),
        (4, "D", "ampla"),
        (5, "P", "pcd"),
    ]


def test_cotista_de_dois_grupos_vai_primeiro_para_negros_e_nao_ocupa_duas_vagas():
    candidatos = [candidato(i, nota) for i, nota in zip("ABCD", ("95", "94", "93", "92"), strict=True)]
    candidatos += [candidato("NP", "80", "negros", "pcd"), candidato("P", "70", "pcd")]
    saida = resultado(5, candidatos)
    assert chamadas(saida, 0) == [
        (1, "A", "ampla"),
        (2, "B", "ampla"),
        (3, "NP", "negros"),
        (4, "C", "ampla"),
        (5, "P", "pcd"),
    ]


def test_unico_cotista_de_dois_grupos_deixa_a_vaga_pcd_reverter_a_ampla():
    candidatos = [candidato(i, nota) for i, nota in zip("ABCD", ("95", "94", "93", "92"), strict=True)]
    saida = resultado(5, [*candidatos, candidato("NP", "80", "negros", "pcd")])
    assert [i for _, i, _ in chamadas(saida, 0)].count("NP") == 1
    assert chamadas(saida, 0) == [
        (1, "A", "ampla"),
        (2, "B", "ampla"),
        (3, "NP", "negros"),
        (4, "C", "ampla"),
        (5, "D", "ampla"),
    ]


def guarda_municipal():
    """45 candidatos da ampla, 10 negros e 3 PcD, os cotistas abaixo de todos os da ampla."""
    ampla = [candidato(f"G{i:02}", str(200 - i)) for i in range(1, 46)]
    negros = [candidato(f"N{i:02}", str(100 - i), "negros") for i in range(1, 11)]
    pcd = [candidato(f"P{i:02}", str(50 - i), "pcd") for i in range(1, 4)]
    return ampla + negros + pcd


def test_35_vagas_mais_5_a_38a_e_do_8o_negro_e_nao_ha_pcd_antes_da_41a():
    saida = resultado(35, guarda_municipal(), [vagas_adicionais(5)])
    assert chamadas(saida, 1) == [
        (36, "G27", "ampla"),
        (37, "G28", "ampla"),
        (38, "N08", "negros"),
        (39, "G29", "ampla"),
        (40, "G30", "ampla"),
    ]


def test_a_41a_vaga_e_da_terceira_pcd():
    saida = resultado(35, guarda_municipal(), [vagas_adicionais(5), vagas_adicionais(1)])
    assert chamadas(saida, 2) == [(41, "P03", "pcd")]


def test_35_vagas_da_guarda_chamam_negros_e_pcd_nas_posicoes_da_alternancia():
    reservadas = [(p, i, v) for p, i, v in chamadas(resultado(35, guarda_municipal()), 0) if v != "ampla"]
    assert reservadas == [
        (3, "N01", "negros"),
        (5, "P01", "pcd"),
        (8, "N02", "negros"),
        (13, "N03", "negros"),
        (18, "N04", "negros"),
        (21, "P02", "pcd"),
        (23, "N05", "negros"),
        (28, "N06", "negros"),
        (33, "N07", "negros"),
    ]


EVENTOS_POSTERIORES = {
    "desistencia": desistencia("N1"),
    "nao_posse": desistencia("N1", "nao_posse"),
    "anulacao": desistencia("N1", "anulacao"),
    "final_de_lista": desistencia("N1", "final_de_lista"),
    "desistencia_da_ampla": desistencia("A"),
    "vagas_adicionais": vagas_adicionais(3),
}


@pytest.mark.parametrize("evento", EVENTOS_POSTERIORES.values(), ids=EVENTOS_POSTERIORES.keys())
def test_motivo_de_cada_chamada_posterior_cita_o_artigo(evento):
    posteriores = [c for c in resultado(5, COM_SUBSTITUTO, [evento])["convocacoes"] if c["evento"] == 1]
    assert posteriores
    for chamada in posteriores:
        assert "Art." in chamada["motivo"] or "art." in chamada["motivo"], chamada


def test_motivo_da_reclassificacao_cita_o_artigo():
    (reclassificacao,) = resultado(3, EXEMPLO, [vagas_adicionais(1)])["reclassificacoes"]
    assert "Art. 3º, §1º" in reclassificacao["motivo"]


@pytest.mark.parametrize("evento", EVENTOS_POSTERIORES.values(), ids=EVENTOS_POSTERIORES.keys())
def test_nenhum_convocado_ativo_deixa_de_ser_convocado_por_evento_alheio(evento):
    saida = resultado(5, COM_SUBSTITUTO, [evento])
    saiu = evento.get("inscricao")
    antes = {i for _, i, _ in chamadas(saida, 0)} - {saiu}
    assert antes <= set(dict(saida["nomeados"]))
    assert saida["inconsistencias"] == []
