"""A página do resultado (ficha do admin e simulador) com as posições estáveis e as revisões
(docs/REGRAS.md §§ 5 e 8): quem passou das vagas, quem foi mantido, quem está sub judice, a mudança
de posição de quem foi reclassificado e as vagas não preenchidas."""

import re

from django.template.loader import render_to_string

from concursos.apresentacao import contexto_do_resultado, revisoes_do_cenario
from concursos.saida_do_motor import ler_saida

from .saidas import cenario_do_exemplo, saida_esperada, saida_sintetica

CADEIA = (
    "5ª vaga, reservada a PcD (Art. 1º): a vaga de X, que passou à 3ª vaga (negros), deixada por N1, "
    "desistente (Art. 3º, §2º)"
)


def pagina(saida: dict, eventos=(), revistas=None) -> str:
    contexto = contexto_do_resultado(ler_saida(saida), eventos, revistas=revistas)
    html = render_to_string("concursos/_resultado.html", {**contexto, "com_nomes": False})
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def recurso_antes_da_desistencia() -> dict:
    """O exemplo do recurso deferido só até o recurso: Y chamado na 6ª vaga, além das 5; Z mantido."""
    return saida_esperada(
        "recurso-deferido-depois-da-convocacao",
        tipos=["ampla", "ampla", "negros", "ampla", "pcd"],
        ordem_vigente=[
            {"posicao": 1, "inscricao": "A", "vaga": "ampla"},
            {"posicao": 2, "inscricao": "B", "vaga": "ampla"},
            {"posicao": 3, "inscricao": "Z", "vaga": "negros"},
            {"posicao": 4, "inscricao": "C", "vaga": "ampla"},
            {"posicao": 5, "inscricao": "P", "vaga": "pcd"},
            {"posicao": 6, "inscricao": "Y", "vaga": "negros"},
        ],
        nomeados=[["A", "ampla"], ["B", "ampla"], ["C", "ampla"], ["P", "pcd"], ["Y", "negros"], ["Z", "negros"]],
    )


EVENTOS_DO_RECURSO = [("verificacao", "Y", None), ("desistencia", "C", None)]


def test_quem_a_revisao_convoca_alem_das_vagas_aparece_na_6a_posicao_com_a_anotacao():
    texto = pagina(recurso_antes_da_desistencia(), EVENTOS_DO_RECURSO)
    assert "6ª — Y Negros além das 5 vagas — convocado por revisão" in texto


def test_mantido_aparece_na_ordem_nos_nomeados_e_na_tabela_dos_mantidos_com_o_evento():
    texto = pagina(recurso_antes_da_desistencia(), EVENTOS_DO_RECURSO)
    assert "3ª Negros Z Negros mantido pelo evento 1" in texto
    assert "Z Negros mantido pelo evento 1" in texto.split("Nomeados")[1]
    mantidos = texto.split("Mantidos por revisão")[1].split("Nomeados")[0]
    assert "3ª Z Negros" in mantidos and "Evento 1" in mantidos


def test_sub_judice_marcado_na_ordem_e_em_cada_lista_em_que_esta():
    saida = saida_esperada("nota-corrigida-por-decisao-judicial", tipos=["ampla", "ampla", "negros"])
    texto = pagina(saida, [("nota", "D", None)])
    assert "4ª — D Ampla concorrência além das 3 vagas — convocado por revisão; sub judice" in texto
    assert "3ª Negros C Ampla concorrência mantido pelo evento 1" in texto
    assert "4º D sub judice" in texto.split("Listas de classificação")[1]
    assert "Sub judice (a última revisão veio de decisão judicial não definitiva): D." in texto


def test_reclassificado_mostra_a_mudanca_de_posicao():
    saida = saida_esperada(
        "posicoes-estaveis",
        motivos={"P1": CADEIA},
        reclassificacoes=[
            {
                "evento": 1,
                "inscricao": "X",
                "de": "pcd",
                "para": "negros",
                "motivo": "Art. 3º, §2º",
                "de_posicao": 5,
                "para_posicao": 3,
            }
        ],
    )
    texto = pagina(saida, [("desistencia", "N1", None)])
    assert "X PcD Negros 5ª → 3ª Art. 3º, §2º" in texto
    assert CADEIA in texto  # o motivo da cadeia sai inteiro no registro de chamadas


def test_vaga_nao_preenchida_vem_dos_tipos_das_posicoes():
    """Cinco vagas e só quatro convocados: a 5ª (PcD) aparece vazia, com o seu tipo."""
    base = saida_sintetica()
    saida = saida_sintetica(
        ordem_vigente=base["ordem_vigente"][:4], nomeados=[p for p in base["nomeados"] if p[0] != "P"]
    )
    assert "5ª PcD — (vaga não preenchida)" in pagina(saida)


def test_versao_gravada_antes_das_posicoes_estaveis_mostra_as_vagas_vazias_com_o_tipo_do_quadro():
    base = saida_sintetica()
    tipos = ["ampla", "ampla", "negros", "ampla", "pcd"]
    antiga = saida_sintetica(
        ordem_vigente=[
            {
                "posicao": i,
                "tipo": t,
                "inscricao": p["inscricao"] if i < 5 else None,
                "vaga": p["vaga"] if i < 5 else None,
            }
            for i, (p, t) in enumerate(zip(base["ordem_vigente"], tipos, strict=True), start=1)
        ],
        tipos_das_posicoes=[],
        posicoes_reservadas={"negros": [3], "pcd": [5]},
    )
    texto = pagina(antiga)
    assert "3ª Negros Z Negros" in texto and "5ª PcD — (vaga não preenchida)" in texto


def test_quem_uma_revisao_alcancou_leva_a_revisao_ao_lado_nas_listas():
    """As listas são as do primeiro resultado: a verificação revista de Y fica anotada ao lado dele."""
    revistas = revisoes_do_cenario(cenario_do_exemplo("recurso-deferido-depois-da-convocacao")["eventos"])
    texto = pagina(recurso_antes_da_desistencia(), EVENTOS_DO_RECURSO, revistas)
    geral = texto.split("Lista geral")[1].split("Lista reservada")[0]
    assert "5º Y verificação (Negros) revista pelo evento 1: confirmado" in geral
