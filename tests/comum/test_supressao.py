"""Supressão de células pequenas (``comum.supressao``; docs/PRESTACAO-DE-CONTAS.md): a primária
("< 5"), a complementar ("X") e a auditoria do que se deduz pelas somas publicadas, em tabelas
pequenas escritas à mão."""

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from comum.supressao import MENOS_DE_5, NAO_DIVULGADO, OMITIDO, Contagem, Soma, deduzido, suprimir

X, P, N = OMITIDO, MENOS_DE_5, NAO_DIVULGADO


def tabela(linhas: list[list[int]], *, totais_de_linha=True, totais_de_coluna=False):
    """Contagens de pessoas; a última coluna é o total da linha, a última linha o da coluna."""
    contagens = {(i, j): Contagem(v) for i, linha in enumerate(linhas) for j, v in enumerate(linha)}
    n_linhas, n_colunas = len(linhas), len(linhas[0])
    somas = []
    if totais_de_linha:
        somas += [Soma((i, n_colunas - 1), tuple((i, j) for j in range(n_colunas - 1))) for i in range(n_linhas)]
    if totais_de_coluna:
        somas += [Soma((n_linhas - 1, j), tuple((i, j) for i in range(n_linhas - 1))) for j in range(n_colunas)]
    return contagens, somas


def linha_com_total(*partes: int):
    return tabela([[*partes, sum(partes)]])


def test_linha_com_um_menor_que_5_e_o_total_esconde_outra_celula():
    # Total 12, partes 9 e 3: sem a complementar, 12 − 9 = 3.
    assert suprimir(*linha_com_total(9, 3)) == {(0, 0): X, (0, 1): P}


def test_coluna_com_um_menor_que_5_e_o_total_esconde_outra_celula():
    contagens, somas = tabela([[3], [10], [12], [25]], totais_de_linha=False, totais_de_coluna=True)
    assert suprimir(contagens, somas) == {(0, 0): P, (1, 0): X}


def test_nada_e_escondido_quando_nenhuma_celula_e_pequena():
    assert suprimir(*linha_com_total(10, 9, 5, 0)) == {}


def test_zero_continua_zero_e_nunca_e_a_complementar():
    assert suprimir(*linha_com_total(0, 3, 0, 7)) == {(0, 1): P, (0, 3): X}


def test_complementar_prefere_a_que_protege_a_mais_barata_que_nao_protege():
    # Esconder o 5 não basta: 3 + X = 8, e X ≥ 5 daria o "< 5" como no máximo 3. Esconde-se o 6.
    assert suprimir(*linha_com_total(3, 5, 6)) == {(0, 0): P, (0, 2): X}


def test_dois_menores_que_5_que_a_conta_revelaria_escondem_o_total():
    # 7 − 5 = 2, e dois "< 5" que somam 2 são 1 e 1: esconder o 5 não muda a conta; o total, sim.
    assert suprimir(*linha_com_total(5, 1, 1)) == {(0, 1): P, (0, 2): P, (0, 3): X}


def test_total_pequeno_sai_como_menor_que_5_e_protege_as_partes():
    assert suprimir(*linha_com_total(2, 1, 0)) == {(0, 0): P, (0, 1): P, (0, 3): P}


def test_contagem_que_nao_e_de_pessoas_nunca_e_menor_que_5_mas_pode_ser_a_complementar():
    contagens = {
        (0, 0): Contagem(8, pessoas=False, suprimivel=False),  # as vagas reservadas, do Anexo I
        (0, 1): Contagem(3),
        (0, 2): Contagem(2, pessoas=False),  # vagas não providas
        (0, 3): Contagem(3, pessoas=False),
    }
    somas = [Soma((0, 0), ((0, 1), (0, 2), (0, 3)))]
    assert suprimir(contagens, somas) == {(0, 1): P, (0, 2): X}


def test_sem_complementar_a_soma_com_o_total_publico_nao_se_divulga_nem_os_zeros():
    # Uma vaga reservada (número público do Anexo I), provida pelo grupo, e zeros: "< 5" com o resto
    # publicado daria 1 − 0 = 1. Não há complementar que não seja zero: as partes saem "n.d.".
    contagens = {(0, 0): Contagem(1, pessoas=False, suprimivel=False), (0, 1): Contagem(1), (0, 2): Contagem(0)}
    somas = [Soma((0, 0), ((0, 1), (0, 2)))]
    marcas = suprimir(contagens, somas)
    assert marcas == {(0, 1): N, (0, 2): N}
    assert deduzido(contagens, somas, marcas)[(0, 1)] == (0, 1)  # 0 ou 1: o leitor não sabe qual


def test_sem_duas_partes_que_se_possam_esconder_a_celula_continua_menor_que_5():
    # As outras partes são números já públicos: nem o "n.d." protege, e nada é escondido à toa.
    contagens = {
        (0, 0): Contagem(3, pessoas=False, suprimivel=False),
        (0, 1): Contagem(2),
        (0, 2): Contagem(1, pessoas=False, suprimivel=False),
    }
    assert suprimir(contagens, [Soma((0, 0), ((0, 1), (0, 2)))]) == {(0, 1): P}


def test_totais_dentro_de_totais_protegem_os_dois_niveis():
    # Instaurados 12 = em andamento 10 + decididos 2; decididos 2 = procedentes 2 + improcedentes 0.
    contagens = {(0, j): Contagem(v) for j, v in enumerate([12, 10, 2, 2, 0])}
    somas = [Soma((0, 0), ((0, 1), (0, 2))), Soma((0, 2), ((0, 3), (0, 4)))]
    assert suprimir(contagens, somas) == {(0, 1): X, (0, 2): P, (0, 3): P}


def test_tabela_com_totais_de_linha_e_de_coluna_esconde_um_retangulo():
    contagens, somas = tabela([[2, 10, 8, 20], [7, 6, 9, 22], [9, 16, 17, 42]], totais_de_coluna=True)
    marcas = suprimir(contagens, somas)
    assert marcas == {(0, 0): P, (0, 2): X, (1, 0): X, (1, 2): X}
    assert deduzido(contagens, somas, marcas)[(0, 0)] == (1, 4)


def test_a_mesma_tabela_em_outra_ordem_esconde_as_mesmas_celulas():
    contagens, somas = tabela([[2, 10, 8, 20], [7, 6, 9, 22], [9, 16, 17, 42]], totais_de_coluna=True)
    embaralhadas = list(contagens.items())
    random.Random(7).shuffle(embaralhadas)
    assert suprimir(dict(embaralhadas), list(reversed(somas))) == suprimir(contagens, somas)


def test_auditoria_sabe_o_que_o_leitor_sabe_de_cada_marcador():
    contagens, somas = linha_com_total(9, 3)
    assert deduzido(contagens, somas, {(0, 1): P}) == {(0, 0): (9, 9), (0, 1): (3, 3), (0, 2): (12, 12)}
    assert deduzido(contagens, somas, {(0, 0): X, (0, 1): P}) == {(0, 0): (8, 11), (0, 1): (1, 4), (0, 2): (12, 12)}


CONTAGENS = st.sampled_from([0, 0, 1, 2, 3, 4, 5, 6, 7, 9, 12, 30])


@settings(max_examples=300, deadline=None)
@given(st.lists(CONTAGENS, min_size=1, max_size=6))
def test_numa_linha_com_total_de_5_ou_mais_nenhum_menor_que_5_sai_da_conta(partes):
    assume(sum(partes) >= 5)
    contagens, somas = linha_com_total(*partes)
    marcas = suprimir(contagens, somas)
    limites = deduzido(contagens, somas, marcas)
    for celula, marca in marcas.items():
        assert marca == (P if contagens[celula].valor < 5 else X)  # nunca um 5 ou mais como "< 5"
        if marca == P:
            assert limites[celula] == (1, 4)
        else:
            assert limites[celula][1] is None or limites[celula][0] < limites[celula][1]


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 3), st.integers(2, 3), st.data())
def test_tabela_com_totais_de_linha_e_de_coluna_nao_deixa_celula_escondida_exata(n_linhas, n_colunas, dados):
    miolo = [[dados.draw(CONTAGENS) for _ in range(n_colunas)] for _ in range(n_linhas)]
    com_totais = [[*linha, sum(linha)] for linha in miolo]
    com_totais.append([sum(coluna) for coluna in zip(*com_totais, strict=True)])
    assume(com_totais[-1][-1] >= 5)
    contagens, somas = tabela(com_totais, totais_de_coluna=True)
    marcas = suprimir(contagens, somas)
    limites = deduzido(contagens, somas, marcas)
    for celula in marcas:
        lo, hi = limites[celula]
        assert lo <= contagens[celula].valor and (hi is None or contagens[celula].valor <= hi)
        assert hi is None or lo < hi, (com_totais, marcas)
    assert all(sum(c in marcas for c in soma.celulas) != 1 for soma in somas)
    assert all(contagens[c].valor > 0 for c in marcas)


@settings(max_examples=300, deadline=None)
@given(st.lists(CONTAGENS, min_size=2, max_size=5), st.lists(st.booleans(), min_size=5, max_size=5))
def test_com_o_total_publico_no_anexo_i_nenhuma_celula_escondida_sai_da_subtracao(partes, de_pessoas):
    """As vagas reservadas de um cargo são públicas (Anexo I) e nunca se escondem: subtrair dele as
    partes publicadas não pode dar o valor exato de nenhuma célula escondida, seja qual for a linha."""
    contagens = {(0, 0): Contagem(sum(partes), pessoas=False, suprimivel=False)}
    contagens |= {(0, j): Contagem(v, pessoas=de_pessoas[j - 1]) for j, v in enumerate(partes, 1)}
    somas = [Soma((0, 0), tuple((0, j) for j in range(1, len(partes) + 1)))]
    marcas = suprimir(contagens, somas)
    limites = deduzido(contagens, somas, marcas)
    for celula in marcas:
        lo, hi = limites[celula]
        assert lo <= contagens[celula].valor and (hi is None or contagens[celula].valor <= hi)
        assert hi is None or lo < hi, (partes, de_pessoas, marcas)
    pequenas = {c for c, contagem in contagens.items() if contagem.pequena}
    assert pequenas <= set(marcas)  # de 1 a 4 pessoas nunca sai como número
