"""O calendário dos prazos (docs/REGRAS.md §10; Lei 9.784/1999, art. 66): exclui o dia da publicação
e termina no primeiro dia útil quando o último cai em fim de semana ou feriado."""

from datetime import date

import pytest

from cotas.prazos import dia_util, feriados_nacionais, fim_do_prazo, pascoa

QUINTA = date(2025, 3, 13)


@pytest.mark.parametrize(
    ("ano", "domingo"),
    [(2000, date(2000, 4, 23)), (2019, date(2019, 4, 21)), (2024, date(2024, 3, 31)), (2025, date(2025, 4, 20))],
)
def test_pascoa_nas_datas_conhecidas(ano, domingo):
    assert pascoa(ano) == domingo


@pytest.mark.parametrize(
    ("ano", "carnaval", "sexta_santa", "corpus_christi"),
    [
        (2024, (date(2024, 2, 12), date(2024, 2, 13)), date(2024, 3, 29), date(2024, 5, 30)),
        (2025, (date(2025, 3, 3), date(2025, 3, 4)), date(2025, 4, 18), date(2025, 6, 19)),
        (2026, (date(2026, 2, 16), date(2026, 2, 17)), date(2026, 4, 3), date(2026, 6, 4)),
    ],
)
def test_feriados_moveis_calculados_da_pascoa(ano, carnaval, sexta_santa, corpus_christi):
    feriados = feriados_nacionais(ano)
    assert [feriados[dia] for dia in carnaval] == ["Carnaval (segunda-feira)", "Carnaval (terça-feira)"]
    assert feriados[sexta_santa] == "Sexta-feira Santa"
    assert feriados[corpus_christi] == "Corpus Christi"


def test_consciencia_negra_e_feriado_nacional_so_a_partir_de_2024():
    assert date(2024, 11, 20) in feriados_nacionais(2024)
    assert date(2023, 11, 20) not in feriados_nacionais(2023)


def test_publicacao_na_quinta_com_dois_dias_termina_na_segunda():
    assert fim_do_prazo(QUINTA, 2) == date(2025, 3, 17)


def test_com_feriado_municipal_na_segunda_termina_na_terca():
    assert fim_do_prazo(QUINTA, 2, {date(2025, 3, 17)}) == date(2025, 3, 18)


def test_dia_da_publicacao_fica_fora_da_contagem():
    assert fim_do_prazo(date(2025, 3, 10), 2) == date(2025, 3, 12)  # segunda → quarta


def test_prazo_que_termina_no_carnaval_vai_para_a_quarta_feira_de_cinzas():
    assert fim_do_prazo(date(2025, 2, 27), 2) == date(2025, 3, 5)  # quinta; sábado → seg e ter de Carnaval


def test_prazo_que_termina_na_sexta_feira_santa_vai_para_a_segunda():
    assert fim_do_prazo(date(2025, 4, 16), 2) == date(2025, 4, 22)  # 18 santa, 19-20 fim de semana, 21 Tiradentes


def test_dia_util_e_prazo_sem_dias():
    assert dia_util(date(2025, 3, 14)) and not dia_util(date(2025, 3, 15))
    assert not dia_util(date(2025, 12, 25)) and not dia_util(date(2025, 3, 14), {date(2025, 3, 14)})
    with pytest.raises(ValueError, match="ao menos 1 dia"):
        fim_do_prazo(QUINTA, 0)
