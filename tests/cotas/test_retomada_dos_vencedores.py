"""A retomada dos vencedores entre eventos (``listas_vigentes._Retomada``) não muda nenhum resultado.

Depois de uma desistência, não posse ou anulação, ou de vagas adicionais, o motor retoma o cálculo do
evento anterior de onde ele parou em cada lista, em vez de refazê-lo do zero. É só um atalho: o resultado inteiro — cada
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


def _saidas(dados: dict) -> tuple[str, dict[str, int]]:
    """O resultado em JSON e quantas vezes a retomada cobriu uma saída (``sem``) e vagas novas
    (``com_mais_vagas``)."""
    usos = {"sem": 0, "com_mais_vagas": 0}

    def contando(nome):
        original = getattr(_Retomada, nome)

        def contar(retomada, *argumentos):
            coberto = original(retomada, *argumentos)
            usos[nome] += coberto
            return coberto

        return contar

    cenario = ler_cenario(dados)
    with (
        mock.patch.object(_Retomada, "sem", contando("sem")),
        mock.patch.object(_Retomada, "com_mais_vagas", contando("com_mais_vagas")),
    ):
        texto = formatar_json(resultado_para_dict(simular(cenario), cenario))
    return texto, usos


def _do_zero(dados: dict) -> str:
    """O mesmo resultado com a retomada sempre recusada: cada evento recalcula os vencedores do zero."""
    cenario = ler_cenario(dados)
    with (
        mock.patch.object(_Retomada, "sem", lambda retomada, saiu: False),
        mock.patch.object(_Retomada, "com_mais_vagas", lambda retomada, total: False),
    ):
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
    # posse e alguém que não vencia; depois duas vagas novas de ampla e mais duas saídas.
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
    assert usos == {"sem": 7, "com_mais_vagas": 1}  # nenhum evento recalculado do zero
    assert texto == _do_zero(dados)


def test_vagas_novas_que_levam_cotistas_a_ampla_dao_o_mesmo_resultado_que_o_calculo_do_zero():
    # Cinco vagas novas: a ampla chama os próximos da lista geral, entre eles C07 e C10, que venciam nas
    # vagas de negros; os negros seguintes (C16, C19) ficam com elas, e a vaga nova de negro vai ao
    # próximo (C22). Depois, a saída de quem passou à ampla e mais três vagas.
    eventos = [
        {"tipo": "desistencia", "inscricao": "C29"},
        {"tipo": "vagas_adicionais", "quantidade": 5},
        {"tipo": "desistencia", "inscricao": "C07"},
        {"tipo": "vagas_adicionais", "quantidade": 3},
    ]
    dados = _cenario(eventos)
    texto, usos = _saidas(dados)
    assert usos == {"sem": 2, "com_mais_vagas": 2}
    assert texto == _do_zero(dados)


def test_recurso_deferido_e_saidas_depois_dele_dao_o_mesmo_resultado_que_o_calculo_do_zero():
    # A revisão confirma C13 (negro não confirmado): o cálculo volta a ser do zero nela; as saídas que
    # vêm depois, com o excedente a absorver, retomam o cálculo da revisão — o final de lista de C06
    # (excluído do cálculo do evento) e a não posse seguinte (em que ele volta a contar) inclusive.
    eventos = [
        {"tipo": "verificacao", "inscricao": "C13", "grupo": "negros", "situacao": "confirmado"},
        {"tipo": "desistencia", "inscricao": "C04"},
        {"tipo": "desistencia", "inscricao": "C07"},
        {"tipo": "final_de_lista", "inscricao": "C06"},
        {"tipo": "nao_posse", "inscricao": "C08"},
    ]
    dados = _cenario(eventos)
    texto, usos = _saidas(dados)
    assert usos == {"sem": 4, "com_mais_vagas": 0}  # o final de lista e a saída seguinte também
    assert texto == _do_zero(dados)


@COM_EVENTOS
@given(dados=cenarios_com_eventos())
def test_com_saidas_finais_de_lista_e_vagas_novas_a_retomada_da_o_resultado_do_calculo_do_zero(dados):
    assert _saidas(dados)[0] == _do_zero(dados)


@COM_EVENTOS
@given(dados=cenarios_com_revisoes(adverso=True))
def test_com_revisoes_e_excedente_a_retomada_da_o_resultado_do_calculo_do_zero(dados):
    assert _saidas(dados)[0] == _do_zero(dados)
