"""A retomada dos vencedores entre saídas (``listas_vigentes._Retomada``) não muda nenhum resultado.

Depois de uma desistência, não posse ou anulação, o motor retoma o cálculo do evento anterior de onde
ele parou em cada lista, em vez de refazê-lo do zero. É só um atalho: o resultado inteiro — cada
convocação, posição, motivo, mantido e pendência — tem de ser o mesmo, byte a byte, que o do cálculo
do zero a cada evento (docs/REGRAS.md §§ 4, 5 e 8). Os testes comparam as duas coisas no mesmo
cenário, com a retomada recusada à força no segundo.
"""

from unittest import mock

from hypothesis import given

from cotas import formatar_json, ler_cenario, resultado_para_dict, simular
from cotas.listas_vigentes import _Retomada

from .test_posicoes_e_revisoes import cenarios_com_revisoes
from .test_propriedades import COM_EVENTOS, cenarios_com_eventos


def _saidas(dados: dict) -> tuple[str, int]:
    """O resultado em JSON e quantas vezes a retomada cobriu o evento."""
    usos = []
    original = _Retomada.sem

    def contar(retomada, saiu):
        coberto = original(retomada, saiu)
        usos.append(coberto)
        return coberto

    cenario = ler_cenario(dados)
    with mock.patch.object(_Retomada, "sem", contar):
        texto = formatar_json(resultado_para_dict(simular(cenario), cenario))
    return texto, sum(usos)


def _do_zero(dados: dict) -> str:
    """O mesmo resultado com a retomada sempre recusada: cada evento recalcula os vencedores do zero."""
    cenario = ler_cenario(dados)
    with mock.patch.object(_Retomada, "sem", lambda retomada, saiu: False):
        return formatar_json(resultado_para_dict(simular(cenario), cenario))


def _cenario(eventos: list[dict]) -> dict:
    """Dez vagas (2 de negros, 1 de PcD), 30 classificados com notas distintas; um terço optou por
    negros (quase todos confirmados) e alguns por PcD."""
    candidatos = []
    for indice in range(30):
        candidato = {"inscricao": f"C{indice:02d}", "nota": f"{90 - indice}.00", "sorteio": indice + 1}
        grupos = {}
        if indice % 3 == 1:
            grupos["negros"] = "nao_confirmado" if indice == 13 else "confirmado"
        if indice % 7 == 3:
            grupos["pcd"] = "confirmado"
        if grupos:
            candidato["cor_raca"] = "preta" if "negros" in grupos else "branca"
            candidato["grupos"] = list(grupos)
            candidato["verificacao"] = grupos
        candidatos.append(candidato)
    return {
        "formato": "cotas-cenario/1",
        "regime": "cariacica-2023",
        "edital": {"tipo": "concurso_publico", "publicado_em": "2024-03-01", "desempate": ["sorteio"]},
        "vagas": 10,
        "candidatos": candidatos,
        "eventos": eventos,
    }


def test_saidas_seguidas_de_ampla_e_de_grupo_dao_o_mesmo_resultado_que_o_calculo_do_zero():
    # Saem, um a um: um vencedor da ampla (o próximo da lista geral entra, e ele era cotista), um
    # negro que vencia na vaga reservada (o próximo negro entra), um PcD, um convocado que não toma
    # posse e alguém que não vencia; depois as vagas aumentam e a retomada volta a valer.
    eventos = [
        {"tipo": "desistencia", "inscricao": "C00"},
        {"tipo": "desistencia", "inscricao": "C10"},
        {"tipo": "anulacao", "inscricao": "C03"},
        {"tipo": "nao_posse", "inscricao": "C05"},
        {"tipo": "desistencia", "inscricao": "C29"},
        {"tipo": "vagas_adicionais", "quantidade": 2},
        {"tipo": "desistencia", "inscricao": "C01"},
        {"tipo": "nao_posse", "inscricao": "C02"},
    ]
    dados = _cenario(eventos)
    texto, usos = _saidas(dados)
    assert usos == 7  # as sete saídas foram retomadas, nenhuma recalculada do zero
    assert texto == _do_zero(dados)


def test_recurso_deferido_e_saidas_depois_dele_dao_o_mesmo_resultado_que_o_calculo_do_zero():
    # A revisão confirma C13 (negro não confirmado): o cálculo volta a ser do zero nela; as saídas que
    # vêm depois, com o excedente a absorver, retomam o cálculo da revisão.
    eventos = [
        {"tipo": "verificacao", "inscricao": "C13", "grupo": "negros", "situacao": "confirmado"},
        {"tipo": "desistencia", "inscricao": "C04"},
        {"tipo": "desistencia", "inscricao": "C07"},
        {"tipo": "final_de_lista", "inscricao": "C06"},
        {"tipo": "nao_posse", "inscricao": "C08"},
    ]
    dados = _cenario(eventos)
    texto, usos = _saidas(dados)
    assert usos >= 2
    assert texto == _do_zero(dados)


@COM_EVENTOS
@given(dados=cenarios_com_eventos())
def test_com_saidas_finais_de_lista_e_vagas_novas_a_retomada_da_o_resultado_do_calculo_do_zero(dados):
    assert _saidas(dados)[0] == _do_zero(dados)


@COM_EVENTOS
@given(dados=cenarios_com_revisoes(adverso=True))
def test_com_revisoes_e_excedente_a_retomada_da_o_resultado_do_calculo_do_zero(dados):
    assert _saidas(dados)[0] == _do_zero(dados)
