"""As diferenças entre duas versões do resultado (docs/REGRAS.md §§ 5 e 8): o que mudou para cada
inscrição nunca some atrás de um "Nenhuma mudança"."""

import json

from concursos.diferencas import diferencas
from cotas import ler_cenario, resultado_para_dict, simular
from cotas.cenario import resultado_de_dict

from .saidas import CENARIOS, saida_esperada, saida_sintetica


def mudancas(antes: dict, depois: dict) -> dict[str, tuple[str, str]]:
    return {
        d["inscricao"]: (d["antes"], d["depois"])
        for d in diferencas(resultado_de_dict(antes), resultado_de_dict(depois))
    }


def test_mesma_saida_nao_tem_diferenca():
    assert mudancas(saida_sintetica(), saida_sintetica()) == {}


def test_so_o_rotulo_de_um_convocado_muda_e_a_diferenca_diz():
    base = saida_sintetica()
    depois = saida_sintetica(nomeados=[[n, "negros" if n == "Y" else v] for n, v in base["nomeados"]])
    assert mudancas(base, depois) == {"Y": ("convocado, ampla, 4ª vaga", "convocado, negros, 4ª vaga")}


def test_so_a_presenca_de_um_convocado_numa_lista_de_grupo_muda_e_a_diferenca_diz():
    """Y continua convocado na 4ª vaga, ampla: o texto curto seria igual; as listas vão ao texto."""
    base = saida_sintetica()
    depois = saida_sintetica(listas={**base["listas"], "negros": ["Z"]})
    assert mudancas(base, depois) == {
        "Y": ("convocado, ampla, 4ª vaga; listas: geral, negros", "convocado, ampla, 4ª vaga; listas: geral")
    }


def test_quem_nao_esta_convocado_e_entra_numa_lista_de_grupo_aparece():
    base = saida_sintetica()
    depois = saida_sintetica(listas={**base["listas"], "pcd": ["P", "C"]})
    assert mudancas(base, depois) == {
        "C": ("classificado (geral), não convocado", "classificado (geral, pcd), não convocado")
    }


def test_convocado_que_passa_a_mantido_aparece_com_o_evento():
    base = saida_sintetica()
    depois = saida_sintetica(mantidos=[{"evento": 1, "inscricao": "Z", "vaga": "negros"}])
    assert mudancas(base, depois) == {
        "Z": ("convocado, negros, 3ª vaga", "convocado, negros, 3ª vaga, mantido pelo evento 1")
    }


def test_quem_fica_sub_judice_aparece():
    base = saida_sintetica()
    depois = saida_sintetica(sub_judice=["C"])
    assert mudancas(base, depois) == {
        "C": ("classificado (geral), não convocado", "classificado (geral), não convocado, sub judice")
    }


def test_verificacao_pendente_que_a_comissao_decide_aparece_mesmo_sem_mudar_de_lista():
    base = saida_sintetica(pendencias=["Y"])
    assert mudancas(base, saida_sintetica()) == {
        "Y": ("convocado, ampla, 4ª vaga, verificação pendente", "convocado, ampla, 4ª vaga")
    }


def test_so_a_posicao_na_ordem_vigente_muda_e_a_diferenca_diz():
    base = saida_sintetica()
    ordem = [{**p, "posicao": {"A": 2, "B": 1}.get(p["inscricao"], p["posicao"])} for p in base["ordem_vigente"]]
    depois = saida_sintetica(ordem_vigente=sorted(ordem, key=lambda p: p["posicao"]))
    assert mudancas(base, depois) == {
        "A": ("convocado, ampla, 1ª vaga", "convocado, ampla, 2ª vaga"),
        "B": ("convocado, ampla, 2ª vaga", "convocado, ampla, 1ª vaga"),
    }


def test_recurso_deferido_depois_da_convocacao_mostra_o_mantido_e_quem_passou_alem_das_vagas():
    """Entre a versão com o recurso (Y chamado na 6ª, além das 5; Z mantido) e a do exemplo inteiro
    (a desistência de C devolve Y à 4ª, absorvendo o excedente)."""
    final = saida_esperada("recurso-deferido-depois-da-convocacao")
    com_o_recurso = saida_esperada(
        "recurso-deferido-depois-da-convocacao",
        ordem_vigente=[
            {"posicao": 1, "inscricao": "A", "vaga": "ampla"},
            {"posicao": 2, "inscricao": "B", "vaga": "ampla"},
            {"posicao": 3, "inscricao": "Z", "vaga": "negros"},
            {"posicao": 4, "inscricao": "C", "vaga": "ampla"},
            {"posicao": 5, "inscricao": "P", "vaga": "pcd"},
            {"posicao": 6, "inscricao": "Y", "vaga": "negros"},
        ],
        nomeados=[["A", "ampla"], ["B", "ampla"], ["C", "ampla"], ["P", "pcd"], ["Y", "negros"], ["Z", "negros"]],
        convocacoes=saida_esperada("recurso-deferido-depois-da-convocacao")["convocacoes"],
    )
    inicial = saida_sintetica(
        listas=final["listas"],
        nomeados=[["A", "ampla"], ["B", "ampla"], ["C", "ampla"], ["P", "pcd"], ["Z", "negros"]],
        ordem_vigente=com_o_recurso["ordem_vigente"][:5],
    )
    assert mudancas(inicial, com_o_recurso) == {
        "Y": ("classificado (geral), não convocado", "convocado, negros, 6ª vaga (além das 5 vagas)"),
        "Z": ("convocado, negros, 3ª vaga", "convocado, negros, 3ª vaga, mantido pelo evento 1"),
    }
    saida_de_c = {"evento": 2, "tipo": "desistencia", "inscricao": "C", "vaga": "ampla", "posicao": 4}
    assert mudancas(com_o_recurso, {**final, "saidas": [saida_de_c]}) == {
        "C": ("convocado, ampla, 4ª vaga", "desistente"),
        "Y": ("convocado, negros, 6ª vaga (além das 5 vagas)", "convocado, negros, 4ª vaga"),
    }


def test_versao_antiga_com_posicoes_vazias_compara_com_a_nova():
    """Saídas gravadas antes das posições estáveis traziam cada posição 1..N, as vazias inclusive."""
    antiga = saida_sintetica(
        ordem_vigente=[
            {"posicao": p["posicao"], "tipo": t, "inscricao": p["inscricao"], "vaga": p["vaga"]}
            for p, t in zip(
                saida_sintetica()["ordem_vigente"], ["ampla", "ampla", "negros", "ampla", "pcd"], strict=True
            )
        ]
        + [{"posicao": 6, "tipo": "ampla", "inscricao": None, "vaga": None}],
        tipos_das_posicoes=[],
    )
    assert mudancas(antiga, saida_sintetica()) == {}


def test_versao_lida_do_banco_com_as_chaves_noutra_ordem_nao_aparece_como_mudanca():
    """O JSONB do PostgreSQL devolve as chaves de um objeto ordenadas pelo tamanho (``pcd``,
    ``geral``, ``negros``): a mesma saída, lida assim, não pode parecer diferente da calculada."""
    cenario = ler_cenario(json.loads((CENARIOS / "posicoes-estaveis.json").read_text(encoding="utf-8")))
    saida = resultado_para_dict(simular(cenario), cenario)
    como_no_jsonb = {
        **saida,
        "listas": dict(sorted(saida["listas"].items(), key=lambda item: (len(item[0]), item[0]))),
        "quadro": {**saida["quadro"], "reservadas": {"pcd": 1, "negros": 3}},
    }
    lida = resultado_de_dict(como_no_jsonb)
    assert [nome for nome, _ in lida.listas] == ["geral", "negros", "pcd"]
    assert [nome for nome, _ in lida.quadro.reservadas] == ["negros", "pcd"]
    assert diferencas(lida, resultado_de_dict(saida)) == []
