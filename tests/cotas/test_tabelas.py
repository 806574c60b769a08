"""As tabelas de regra de ``cotas`` (tipos de evento, regimes, grupos) estão completas: cada
entrada traz tudo o que os lugares derivados pedem. Os lugares derivados no Django são conferidos
em ``tests/concursos/test_tabelas_derivadas.py``."""

import pytest

import cotas
from cotas import ler_cenario, resultado_para_dict, simular
from cotas.eventos import EFEITOS, TIPOS_DE_EVENTO
from cotas.regimes import ROTULOS_DOS_GRUPOS, grupos_heteroidentificados, regime_inline, rotulo_do_grupo

TIPOS = list(TIPOS_DE_EVENTO.values())
REGIMES = list(cotas.REGIMES.values())
REGRAS_COMUNS = ("concorrencia", "ampla_nao_computa", "reversao", "alternancia", "declaracao_falsa", "quadro")


@pytest.mark.parametrize("tipo", TIPOS, ids=lambda t: t.tipo)
def test_cada_tipo_de_evento_tem_rotulo_explicacao_e_efeito_conhecido(tipo):
    assert tipo.rotulo and tipo.explicacao
    assert tipo.efeito in EFEITOS


@pytest.mark.parametrize("tipo", [t for t in TIPOS if t.tira_alguem], ids=lambda t: t.tipo)
def test_cada_tipo_que_tira_alguem_diz_como_descrever_quem_saiu(tipo):
    assert tipo.motivo_da_saida and tipo.situacao_de_quem_saiu
    assert not tipo.carrega_quantidade


def cenario_com_evento(tipo) -> dict:
    """Três vagas, A e B convocados na ampla e Y na de negros; o evento atinge A (ou traz 1 vaga)."""
    if tipo.carrega_quantidade:
        evento = {"tipo": tipo.tipo, "quantidade": 1}
    elif tipo.tipo == "verificacao":  # Y, convocado na vaga de negros, não é confirmado
        evento = {"tipo": tipo.tipo, "inscricao": "Y", "grupo": "negros", "situacao": "nao_confirmado"}
    elif tipo.tipo == "nota":  # C passa à frente de todos
        evento = {"tipo": tipo.tipo, "inscricao": "C", "nota": "99"}
    else:
        evento = {"tipo": tipo.tipo, "inscricao": "A"}
    return {
        "formato": "cotas-cenario/1",
        "regime": "cariacica-2023",
        "edital": {"desempate": []},
        "vagas": 3,
        "candidatos": [
            {"inscricao": "A", "nota": "95"},
            {"inscricao": "B", "nota": "94"},
            {"inscricao": "C", "nota": "92"},
            {"inscricao": "Y", "nota": "93", "cor_raca": "preta", "grupos": ["negros"]},
            {"inscricao": "Z", "nota": "80", "cor_raca": "parda", "grupos": ["negros"]},
        ],
        "eventos": [evento],
    }


@pytest.mark.parametrize("tipo", TIPOS, ids=lambda t: t.tipo)
def test_o_motor_aceita_cada_tipo_de_evento_e_o_motivo_descreve_quem_saiu(tipo):
    saida = resultado_para_dict(simular(ler_cenario(cenario_com_evento(tipo))))
    chamadas = [c for c in saida["convocacoes"] if c["evento"] == 1]
    assert chamadas, "o evento deve convocar alguém"
    if tipo.carrega_quantidade:
        assert saida["vagas_totais"] == 4
    elif tipo.tipo == "verificacao":
        # A revisão é ato do próprio Y: ele sai da convocação e a vaga vai ao próximo negro.
        assert [s["inscricao"] for s in saida["saidas"]] == ["Y"]
        assert [(c["posicao"], c["inscricao"]) for c in chamadas] == [(3, "Z")]
        assert f"deixada por Y, {tipo.motivo_da_saida}" in chamadas[0]["motivo"]
    elif tipo.tipo == "nota":
        # C passa à frente: é chamado na hora, além das 3 vagas; B, deslocado, é mantido.
        assert [(c["posicao"], c["inscricao"]) for c in chamadas] == [(4, "C")]
        assert "revisão do evento 1" in chamadas[0]["motivo"]
        assert saida["mantidos"] == [{"evento": 1, "inscricao": "B", "vaga": "ampla"}]
    else:
        assert [s["inscricao"] for s in saida["saidas"]] == ["A"]
        assert f"deixada por A, {tipo.motivo_da_saida}" in chamadas[0]["motivo"]
        assert ("A" in saida["eliminados"]) == tipo.elimina


@pytest.mark.parametrize("regime", REGIMES, ids=lambda r: r.nome)
def test_cada_regime_tem_titulo_e_cita_cada_regra_comum_inclusive_o_quadro(regime):
    assert regime.titulo
    for regra in REGRAS_COMUNS:
        assert regime.referencia_de(regra) != regime.referencia, regra


@pytest.mark.parametrize("regime", REGIMES, ids=lambda r: r.nome)
def test_a_copia_congelada_do_regime_cita_o_mesmo_que_o_pre_definido(regime):
    congelado = regime_inline(cotas.regime_para_dict(regime))
    assert congelado == regime
    assert [congelado.referencia_de(r) for r in REGRAS_COMUNS] == [regime.referencia_de(r) for r in REGRAS_COMUNS]


def test_regime_do_cenario_sem_citacoes_cita_a_si_mesmo_e_nao_a_lei_de_cariacica():
    regime = regime_inline({"grupos": [{"grupo": "a", "percentual": "20", "arredondamento": "para_cima"}]})
    assert regime.referencia_de("alternancia") == "regime do cenário"
    assert regime.referencia_de("quadro") == "regime do cenário"


@pytest.mark.parametrize("regime", REGIMES, ids=lambda r: r.nome)
def test_cada_grupo_dos_regimes_tem_um_rotulo_so(regime):
    for grupo in regime.grupos:
        assert grupo.titulo and rotulo_do_grupo(grupo.grupo) == grupo.titulo


def test_grupos_de_mesmo_nome_tem_o_mesmo_titulo_em_todos_os_regimes():
    titulos = {(g.grupo, g.titulo) for r in REGIMES for g in r.grupos}
    assert len(titulos) == len(ROTULOS_DOS_GRUPOS) - 1  # menos a ampla


@pytest.mark.parametrize(
    ("grupo", "rotulo"),
    [
        ("ampla", "Ampla concorrência"),
        ("negros", "Negros"),
        ("pcd", "PcD"),
        ("pretos_pardos", "Pretos e pardos"),
        ("indigenas", "Indígenas"),
        ("baixa_renda", "Baixa renda"),
        (None, "—"),
    ],
)
def test_rotulo_do_grupo(grupo, rotulo):
    assert rotulo_do_grupo(grupo) == rotulo


@pytest.mark.parametrize("regime", REGIMES, ids=lambda r: r.nome)
def test_cada_regime_tem_o_grupo_pcd_com_a_faixa_do_edital(regime):
    pcd = regime.grupo_de_percentual_do_edital
    minimo, maximo = pcd.faixa_do_edital
    assert minimo <= pcd.percentual <= maximo


@pytest.mark.parametrize(
    ("nome", "grupos"),
    [
        ("cariacica-2023", ("negros",)),
        ("cariacica-2018", ("negros",)),
        ("federal-12990-2014", ("negros",)),
        ("federal-15142-2025", ("pretos_pardos",)),
    ],
)
def test_o_grupo_verificado_por_heteroidentificacao_vem_do_regime(nome, grupos):
    assert grupos_heteroidentificados(cotas.REGIMES[nome]) == grupos


@pytest.mark.parametrize(
    ("nome", "verificacoes"),
    [
        ("cariacica-2023", {"negros": "heteroidentificacao", "pcd": "avaliacao_pcd"}),
        ("federal-12990-2014", {"negros": "heteroidentificacao", "pcd": "avaliacao_pcd"}),
        (
            "federal-15142-2025",
            {
                "pretos_pardos": "heteroidentificacao",
                "indigenas": "documental",
                "quilombolas": "documental",
                "pcd": "avaliacao_pcd",
            },
        ),
    ],
)
def test_cada_grupo_do_regime_diz_como_e_verificado_e_a_copia_congelada_o_guarda(nome, verificacoes):
    regime = cotas.REGIMES[nome]
    assert {g.grupo: g.verificacao for g in regime.grupos} == verificacoes
    copia = regime_inline(cotas.regime_para_dict(regime))
    assert {g.grupo: g.verificacao for g in copia.grupos} == verificacoes


def test_verificacao_desconhecida_no_regime_do_cenario_e_recusada():
    grupo = {"grupo": "baixa_renda", "percentual": "10", "arredondamento": "para_baixo", "verificacao": "sorteio"}
    with pytest.raises(cotas.ErroDeCotas, match="verificacao: valor 'sorteio' inválido"):
        regime_inline({"grupos": [grupo]})
