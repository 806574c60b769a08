"""Nenhum parâmetro de URL filtra uma lista do admin além do que a página oferece a quem a abre
(issue 24, achados 1, 2 e 3): nem o voto nem a fundamentação nos registros da trilha de auditoria,
nem a hora de um parecer, nem a cor/raça de uma inscrição; e nada disso dá erro 500.

A recusa é a do próprio Django para um filtro que a lista não tem: o redirecionamento para ``?e=1``
("filtro inválido") ou a resposta 400; nunca a lista filtrada.
"""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from heteroidentificacao.models import RegistroDeAuditoria
from tests.heteroidentificacao.fabricas import FUNDAMENTACAO

pytestmark = pytest.mark.django_db

TRILHA = "admin:heteroidentificacao_registrodeauditoria_changelist"
INSCRICOES = "admin:concursos_inscricao_changelist"
SESSOES = "admin:heteroidentificacao_sessao_changelist"


def recusado(resposta) -> bool:
    """A recusa do admin a um filtro que a lista não oferece: 400, ou a volta à lista com ``?e=1``."""
    if resposta.status_code == 400:
        return True
    return resposta.status_code == 302 and resposta["Location"].endswith("e=1")


def cliente(usuario) -> Client:
    cliente = Client(raise_request_exception=False)
    cliente.force_login(usuario)
    return cliente


def momento_de_um_parecer(cenario) -> dict:
    registro = RegistroDeAuditoria.objects.filter(acao="parecer_registrado").latest("pk")
    quando = timezone.localtime(registro.quando)
    return {"quando__hour": quando.hour, "quando__minute": quando.minute, "quando__second": quando.second}


@pytest.mark.parametrize(
    "parametros",
    [
        {"depois__voto": "nao_confirma"},
        {"depois__icontains": "fenotípicas"},
        {"depois__fundamentacao__icontains": "cabelo"},
        {"antes__isnull": "True"},
        {"acao__startswith": "parecer"},
        {"objeto__icontains": "parecer"},
    ],
)
def test_o_rh_nao_filtra_a_trilha_pelo_conteudo_dos_pareceres(cenario_das_portas, parametros):
    assert recusado(cliente(cenario_das_portas.rh).get(reverse(TRILHA), parametros))


def test_o_rh_nao_recupera_a_hora_de_um_parecer_pelas_partes_da_data(cenario_das_portas):
    resposta = cliente(cenario_das_portas.rh).get(reverse(TRILHA), momento_de_um_parecer(cenario_das_portas))
    assert recusado(resposta)


def test_o_rh_nao_ve_linha_de_parecer_na_trilha_so_a_contagem_por_sessao_e_dia(cenario_das_portas):
    resposta = cliente(cenario_das_portas.rh).get(reverse(TRILHA))
    assert resposta.status_code == 200
    acoes = {registro.acao for registro in resposta.context["cl"].result_list}
    assert acoes and not any(acao.startswith("parecer_") for acao in acoes)
    html = resposta.content.decode()
    assert FUNDAMENTACAO not in html and "membro da comissão" not in html
    hoje = timezone.localdate().strftime("%d/%m/%Y")
    aberta, encerrada = cenario_das_portas.aberta, cenario_das_portas.encerrada
    assert f"2 pareceres registrados em {hoje} na sessão #{aberta.pk}" in html
    assert f"5 pareceres registrados em {hoje} na sessão #{encerrada.pk}" in html


def test_o_rh_nao_abre_a_ficha_de_uma_linha_de_parecer(cenario_das_portas):
    registro = RegistroDeAuditoria.objects.filter(acao="parecer_registrado").latest("pk")
    rh = cliente(cenario_das_portas.rh)
    for pagina in ("change", "history"):
        url = reverse(f"admin:heteroidentificacao_registrodeauditoria_{pagina}", args=[registro.pk])
        resposta = rh.get(url, follow=True)
        assert FUNDAMENTACAO not in resposta.content.decode() and "parecer_registrado" not in resposta.content.decode()


def test_o_auditor_ve_as_linhas_de_parecer_com_quem_e_a_hora(cenario_das_portas):
    resposta = cliente(cenario_das_portas.auditor).get(reverse(TRILHA), {"acao": "parecer_registrado"})
    # Os cinco de cada uma das duas sessões encerradas (todos os membros votam, docs/REGRAS.md §10) e
    # os dois da aberta.
    assert resposta.status_code == 200 and resposta.context["cl"].result_count == 12


@pytest.mark.parametrize("parametro", ["cor_raca", "cor_raca__exact", "cor_raca__in", "cor_raca__icontains"])
def test_o_auditor_nao_descobre_a_cor_raca_de_um_candidato_pelo_filtro(cenario_das_portas, parametro):
    parametros = {"numero": "N1", parametro: "parda"}
    assert recusado(cliente(cenario_das_portas.auditor).get(reverse(INSCRICOES), parametros))
    assert recusado(cliente(cenario_das_portas.auditor).get(reverse(INSCRICOES), {parametro: "parda"}))


@pytest.mark.parametrize(
    "url, parametros",
    [
        (TRILHA, {"quando__year": "9999", "quando__month": "12", "quando__day": "31"}),
        (TRILHA, {"quando__year": "9999"}),
        (TRILHA, {"quando__year": "1", "quando__month": "1", "quando__day": "1"}),
        (TRILHA, {"quando__year": "99999999999999999999"}),
        (TRILHA, {"quando__month": "12"}),
        (TRILHA, {"depois__contains": "a"}),
        (TRILHA, {"antes__contains": "a"}),
        (SESSOES, {"registro__contains": "a"}),
    ],
)
def test_parametros_que_davam_erro_500_sao_recusados(cenario_das_portas, url, parametros):
    for usuario in (cenario_das_portas.superusuario, cenario_das_portas.rh):
        resposta = cliente(usuario).get(reverse(url), parametros)
        assert resposta.status_code != 500 and recusado(resposta), (usuario, resposta.status_code)


def test_o_drill_down_de_data_da_trilha_continua_funcionando(cenario_das_portas):
    hoje = timezone.localdate()
    parametros = {"quando__year": hoje.year, "quando__month": hoje.month, "quando__day": hoje.day}
    resposta = cliente(cenario_das_portas.rh).get(reverse(TRILHA), parametros)
    assert resposta.status_code == 200 and resposta.context["cl"].result_count > 0
