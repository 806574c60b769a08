"""Classificação, desempate e listas (docs/REGRAS.md §§ 3 e 6; Art. 2º da lei; Estatuto da Pessoa Idosa, art. 27).

Data de referência de todos os cenários: 31/03/2024 (último dia de inscrição).
"""

from cotas import ler_cenario, resultado_para_dict, simular

REFERENCIA = "2024-03-31"


def cenario(vagas, candidatos, eventos=(), parametros=None, **edital):
    edital.setdefault("data_referencia_idade", REFERENCIA)
    return {
        "formato": "cotas-cenario/1",
        "regime": "cariacica-2023",
        "parametros": parametros or {},
        "edital": edital,
        "vagas": vagas,
        "candidatos": list(candidatos),
        "eventos": list(eventos),
    }


def resultado(vagas, candidatos, eventos=(), parametros=None, **edital) -> dict:
    return resultado_para_dict(simular(ler_cenario(cenario(vagas, candidatos, eventos, parametros, **edital))))


def geral(candidatos, *desempate) -> list[str]:
    """Lista geral com a cadeia de desempate dada (em 1 vaga, para não depender da reserva)."""
    return resultado(1, candidatos, desempate=list(desempate))["listas"]["geral"]


def candidato(inscricao, nota="80", **campos):
    return {"inscricao": inscricao, "nota": nota, **campos}


def cotista(inscricao, nota="80", situacao="confirmado", grupo="negros"):
    campos = {"grupos": [grupo], "verificacao": {grupo: situacao}}
    if grupo == "negros":
        campos["cor_raca"] = "preta"
    return candidato(inscricao, nota, **campos)


def test_nota_maior_vem_primeiro():
    assert geral([candidato("1", "70"), candidato("2", "90.5"), candidato("3", "90.25")], "sorteio") == ["2", "3", "1"]


def test_quem_faz_60_anos_no_dia_de_referencia_ja_e_idoso():
    jovem, sessentao = candidato("1001", nascimento="1980-01-01"), candidato("2002", nascimento="1964-03-31")
    assert geral([jovem, sessentao], "idoso") == ["2002", "1001"]


def test_quem_faz_60_anos_no_dia_seguinte_ainda_nao_e_idoso():
    quase = candidato("1001", nascimento="1964-04-01", sorteio=2)
    jovem = candidato("2002", nascimento="1980-01-01", sorteio=1)
    assert geral([quase, jovem], "idoso", "sorteio") == ["2002", "1001"]


def test_entre_dois_idosos_o_mais_velho_vem_primeiro():
    assert geral([candidato("1001", nascimento="1960-01-01"), candidato("2002", nascimento="1950-01-01")], "idoso") == [
        "2002",
        "1001",
    ]


def test_menores_de_60_nao_sao_ordenados_pelo_criterio_idoso_e_caem_no_seguinte():
    mais_velho = candidato("1001", nascimento="1970-01-01", sorteio=2)
    mais_novo = candidato("2002", nascimento="1990-01-01", sorteio=1)
    assert geral([mais_velho, mais_novo], "idoso", "sorteio") == ["2002", "1001"]


def test_menores_de_60_so_com_o_criterio_idoso_continuam_empatados():
    menores = [candidato("1001", nascimento="1970-01-01"), candidato("2002", nascimento="1990-01-01")]
    assert resultado(1, menores, desempate=["idoso"])["empates"] == [["1001", "2002"]]


def test_idoso_vence_o_empate_mas_nao_a_nota():
    idoso = candidato("1001", "79.99", nascimento="1940-01-01")
    assert geral([idoso, candidato("2002", "80", nascimento="1990-01-01")], "idoso") == ["2002", "1001"]


def test_nota_parcial_maior_desempata():
    primeiro = candidato("1001", notas={"conhecimentos_especificos": "40"})
    segundo = candidato("2002", notas={"conhecimentos_especificos": "45"})
    assert geral([primeiro, segundo], "nota:conhecimentos_especificos") == ["2002", "1001"]


def test_idade_desempata_pelo_mais_velho_mesmo_por_um_dia():
    mais_novo = candidato("1001", nascimento="1990-05-02")
    mais_velho = candidato("2002", nascimento="1990-05-01")
    assert geral([mais_novo, mais_velho], "idade") == ["2002", "1001"]


def test_servico_de_jurado_desempata():
    assert geral([candidato("1001", jurado=False), candidato("2002", jurado=True)], "jurado") == ["2002", "1001"]


def test_sorteio_publico_define_a_ordem():
    sorteados = [candidato("1001", sorteio=3), candidato("2002", sorteio=1), candidato("3003", sorteio=2)]
    assert geral(sorteados, "sorteio") == ["2002", "3003", "1001"]


def test_criterios_sao_aplicados_na_ordem_da_cadeia_do_edital():
    jurado_novo = candidato("1001", jurado=True, nascimento="1990-01-01")
    velho = candidato("2002", jurado=False, nascimento="1980-01-01")
    assert geral([jurado_novo, velho], "jurado", "idade") == ["1001", "2002"]
    assert geral([jurado_novo, velho], "idade", "jurado") == ["2002", "1001"]


def test_empate_nao_resolvido_e_apontado_e_o_resultado_e_provisorio():
    saida = resultado(1, [candidato("1002"), candidato("1001")], desempate=["jurado"])
    assert saida["empates"] == [["1001", "1002"]]
    assert saida["provisorio"] is True


def test_empate_nao_resolvido_fica_provisoriamente_na_ordem_de_inscricao():
    saida = resultado(1, [candidato("1002"), candidato("1001"), candidato("0999", "99")], desempate=["jurado"])
    assert saida["listas"]["geral"] == ["0999", "1001", "1002"]


def test_sem_empates_nem_pendencias_o_resultado_e_final():
    saida = resultado(3, [candidato("1", "90"), cotista("2", "80"), candidato("3", "70")], desempate=["sorteio"])
    assert saida["empates"] == [] and saida["pendencias"] == []
    assert saida["provisorio"] is False


def test_verificacao_pendente_fica_na_lista_e_torna_o_resultado_provisorio():
    saida = resultado(3, [candidato("1", "90"), cotista("2", "80", "pendente")], desempate=["sorteio"])
    assert saida["listas"]["negros"] == ["2"]
    assert saida["pendencias"] == ["2"]
    assert saida["provisorio"] is True


def test_verificacao_nao_informada_conta_como_pendente():
    sem_verificacao = candidato("2", "80", cor_raca="parda", grupos=["negros"])
    saida = resultado(3, [candidato("1", "90"), sem_verificacao], desempate=["sorteio"])
    assert saida["pendencias"] == ["2"]
    assert saida["provisorio"] is True


def test_nao_confirmado_sai_da_lista_de_negros_e_fica_na_geral_pela_nota():
    candidatos = [candidato("1", "95"), cotista("2", "90", "nao_confirmado"), candidato("3", "85"), cotista("4", "60")]
    saida = resultado(3, candidatos, desempate=["sorteio"])
    assert saida["listas"]["geral"] == ["1", "2", "3", "4"]
    assert saida["listas"]["negros"] == ["4"]
    assert saida["eliminados"] == []


def test_nao_confirmado_na_pericia_sai_da_lista_pcd_e_fica_na_geral():
    candidatos = [candidato("1", "95"), cotista("2", "90", "nao_confirmado", "pcd"), cotista("3", "60", grupo="pcd")]
    saida = resultado(5, candidatos, desempate=["sorteio"])
    assert saida["listas"]["geral"] == ["1", "2", "3"]
    assert saida["listas"]["pcd"] == ["3"]


def test_ausente_na_heteroidentificacao_perde_a_reserva_e_fica_na_geral():
    candidatos = [candidato("1", "95"), cotista("2", "90", "ausente"), cotista("3", "60")]
    saida = resultado(3, candidatos, desempate=["sorteio"])
    assert saida["listas"]["geral"] == ["1", "2", "3"]
    assert saida["listas"]["negros"] == ["3"]
    assert saida["eliminados"] == []


def test_ausente_quando_o_edital_diz_que_a_ausencia_elimina_sai_de_todas_as_listas():
    candidatos = [candidato("1", "95"), cotista("2", "90", "ausente"), cotista("3", "60")]
    saida = resultado(3, candidatos, parametros={"negros": {"ausencia": "eliminado"}}, desempate=["sorteio"])
    assert saida["listas"]["geral"] == ["1", "3"]
    assert saida["listas"]["negros"] == ["3"]
    assert saida["eliminados"] == ["2"]


def test_declaracao_falsa_elimina_de_todas_as_listas():
    candidatos = [candidato("1", "95"), cotista("2", "90", "declaracao_falsa"), cotista("3", "60")]
    saida = resultado(3, candidatos, desempate=["sorteio"])
    assert saida["listas"]["geral"] == ["1", "3"]
    assert saida["listas"]["negros"] == ["3"]
    assert saida["eliminados"] == ["2"]
    assert "2" not in dict(saida["nomeados"])


def test_candidato_eliminado_pela_banca_fica_fora_de_todas_as_listas():
    candidatos = [candidato("1", "95"), candidato("2", "90", eliminado=True), cotista("3", "60")]
    candidatos[1].update(cor_raca="parda", grupos=["negros"], verificacao={"negros": "confirmado"})
    saida = resultado(3, candidatos, desempate=["sorteio"])
    assert saida["listas"]["geral"] == ["1", "3"]
    assert saida["listas"]["negros"] == ["3"]
    assert "2" not in dict(saida["nomeados"])


def test_lista_de_negros_segue_a_ordem_da_lista_geral():
    candidatos = [cotista("4", "60"), candidato("1", "95"), cotista("2", "90"), cotista("3", "70")]
    saida = resultado(3, candidatos, desempate=["sorteio"])
    assert saida["listas"]["negros"] == ["2", "3", "4"]


# --- A cadeia inteira contra uma ordenação de referência (Hypothesis) -------------------------------

from datetime import date  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

IDOSO_ATE = date(1964, 3, 31)  # 60 anos completos em 31/03/2024
NASCIMENTOS = (None, "1950-07-01", "1964-03-31", "1964-04-01", "1980-01-01", "1980-01-02", "1999-12-31")


def _chave_de_referencia(linha: dict, desempate: list[str]) -> tuple:
    """A posição de um candidato pela letra da cadeia (docs/REGRAS.md §6), critério a critério, em
    tuplas: nota maior; idoso (60 anos na referência) antes, o mais velho primeiro, os demais empatados;
    parcial maior; idade, o mais velho primeiro (sem data: depois de todos); quem serviu como jurado;
    o menor número do sorteio (sem número: depois de todos)."""
    nascimento = date.fromisoformat(linha["nascimento"]) if linha.get("nascimento") else None
    chave = [-float(linha["nota"])]
    for criterio in desempate:
        if criterio == "idoso":
            chave.append((0, nascimento) if nascimento is not None and nascimento <= IDOSO_ATE else (1, None))
        elif criterio == "idade":
            chave.append((0, nascimento) if nascimento is not None else (1, None))
        elif criterio == "jurado":
            chave.append(not linha.get("jurado", False))
        elif criterio == "sorteio":
            chave.append((0, linha["sorteio"]) if "sorteio" in linha else (1, 0))
        else:
            chave.append(-float(linha["notas"][criterio.removeprefix("nota:")]))
    return tuple(chave)


@st.composite
def candidatos_quase_empatados(draw) -> list[dict]:
    """Até 40 candidatos com poucas notas, datas, parciais e sorteios distintos: a cadeia ora desfaz
    todos os empates num critério do meio, ora só no último, ora deixa empates."""
    quantos = draw(st.integers(2, 40))
    sorteios = draw(st.permutations(range(1, quantos + 1)))
    linhas = []
    for indice in range(quantos):
        linha = {
            "inscricao": f"{draw(st.integers(1000, 1099))}-{indice}",
            "nota": draw(st.sampled_from(("70", "80", "80.5", "90"))),
            "notas": {"especificos": draw(st.sampled_from(("10", "20", "30")))},
            "jurado": draw(st.booleans()),
        }
        if (nascimento := draw(st.sampled_from(NASCIMENTOS))) is not None:
            linha["nascimento"] = nascimento
        if draw(st.booleans()):
            linha["sorteio"] = sorteios[indice]
        linhas.append(linha)
    return linhas


@settings(max_examples=300, deadline=None)
@given(
    linhas=candidatos_quase_empatados(),
    desempate=st.lists(
        st.sampled_from(("idoso", "nota:especificos", "idade", "jurado", "sorteio")), unique=True, max_size=5
    ),
)
def test_a_ordem_e_os_empates_sao_os_da_cadeia_aplicada_criterio_a_criterio(linhas, desempate):
    saida = resultado(1, linhas, desempate=desempate)
    chaves = {linha["inscricao"]: _chave_de_referencia(linha, desempate) for linha in linhas}
    esperada = sorted(chaves, key=lambda inscricao: (chaves[inscricao], inscricao))
    assert saida["listas"]["geral"] == esperada
    empates = {}
    for inscricao in esperada:
        empates.setdefault(chaves[inscricao], []).append(inscricao)
    assert saida["empates"] == [grupo for grupo in empates.values() if len(grupo) > 1]
