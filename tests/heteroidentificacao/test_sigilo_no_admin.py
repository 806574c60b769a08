"""O RH não liga membro a voto pelo admin: a trilha de auditoria dele não tem as linhas de parecer
(nem na lista, nem no filtro por usuário, nem na ficha, nem no histórico), só quantos pareceres houve
por sessão e dia (issue 24: mesmo sem o usuário e a hora, a linha ficava, na ordem do tempo, entre as
linhas com o nome de quem agiu antes e depois); o auditor continua vendo tudo."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from heteroidentificacao.models import RegistroDeAuditoria

from .test_admin import equipe, texto, url
from .test_pdf import SOBRENOMES, sessao_julgada

pytestmark = pytest.mark.django_db

HORA = re.compile(r"\d{2}/\d{2}/\d{4} \d{2}:\d{2}")


@pytest.fixture
def julgada():
    return sessao_julgada()


def usuario(nome):
    return get_user_model().objects.get(username=nome)


def so_os_votantes():
    """Sobrenomes de quem só votou (a presidente Ana também registra presença e encerra)."""
    return [sobrenome for nome, sobrenome in SOBRENOMES.items() if nome in ("bruno", "carla", "davi", "elisa")]


def test_a_trilha_do_rh_nao_tem_linhas_de_parecer_so_quantos_por_sessao_e_dia(client, secretaria, julgada):
    resposta = client.get(url("registrodeauditoria_changelist"))
    assert resposta.status_code == 200
    assert not [r for r in resposta.context["cl"].result_list if r.acao.startswith("parecer_")]
    html = texto(resposta)
    for sobrenome in so_os_votantes():  # Ana aparece: abriu a sessão e registrou presenças
        assert sobrenome not in html
    assert "membro da comissão" not in html
    dia = RegistroDeAuditoria.objects.filter(acao="parecer_registrado").first().quando
    assert f"10 pareceres registrados em {timezone.localtime(dia):%d/%m/%Y} na sessão #{julgada.pk}" in html
    filtrada = client.get(url("registrodeauditoria_changelist"), {"acao": "parecer_registrado"})
    assert filtrada.status_code == 200 and filtrada.context["cl"].result_count == 0


def test_filtrar_a_trilha_por_usuario_nao_lista_os_pareceres_dele_para_o_rh(client, secretaria, julgada):
    ana = usuario("ana")
    resposta = client.get(url("registrodeauditoria_changelist"), {"usuario__id__exact": ana.pk})
    acoes = {r.acao for r in resposta.context["cl"].result_list}
    assert acoes and not any(acao.startswith("parecer_") for acao in acoes)
    assert "Valadares" not in texto(client.get(url("registrodeauditoria_changelist")))  # Bruno só votou
    bruno = usuario("bruno")
    for parametros in ({"usuario__id__exact": bruno.pk}, {"usuario__username": "bruno"}, {"usuario": bruno.pk}):
        resposta = client.get(url("registrodeauditoria_changelist"), parametros, follow=True)
        assert resposta.status_code in (200, 400)
        if resposta.status_code == 200:
            assert not [r for r in resposta.context["cl"].result_list if r.acao.startswith("parecer_")]


def test_ficha_e_historico_da_linha_de_parecer_nao_abrem_para_o_rh(client, secretaria, julgada):
    registro = RegistroDeAuditoria.objects.filter(acao="parecer_registrado", usuario=usuario("bruno")).first()
    for pagina in ("registrodeauditoria_change", "registrodeauditoria_history"):
        resposta = client.get(url(pagina, registro.pk))
        assert resposta.status_code == 302  # o admin diz que o registro não existe (para ele, não existe)
        html = client.get(resposta["Location"]).content.decode()
        assert "Valadares" not in html and "bruno" not in html.lower() and "parecer_registrado" not in html


def test_auditor_ve_quem_registrou_cada_parecer_e_a_hora(client, julgada):
    client.force_login(equipe("auditora", "view_registrodeauditoria", "view_parecer"))
    resposta = client.get(url("registrodeauditoria_changelist"), {"acao": "parecer_registrado"})
    html = texto(resposta)
    assert resposta.context["cl"].result_count == 10 and "pareceres registrados em" not in html
    assert "membro da comissão" not in html and HORA.search(html)
    assert " bruno " in html or "Bruno Valadares" in html
    bruno = usuario("bruno")
    resposta = client.get(url("registrodeauditoria_changelist"), {"usuario__id__exact": bruno.pk})
    assert {r.acao for r in resposta.context["cl"].result_list} == {"parecer_registrado"}
