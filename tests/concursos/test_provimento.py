"""Nomeação, posse e exercício dos convocados (docs/CONVOCACAO.md): prazos contados com a data de
hoje fixada, a não posse só como pedido de confirmação ao RH, as validações e as permissões no
serviço (não só na tela)."""

from datetime import date

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from concursos import services
from concursos.atos import Ato
from concursos.consultas.provimentos import convocados, descrever_prazo, situacao_dos_convocados, vencido
from concursos.models import Edital, Evento, Provimento
from concursos.papeis import AUDITOR, MEMBRO, RH
from concursos.services import provimentos

from .fabricas import cargo_do_exemplo_da_alternancia
from .test_admin import texto

pytestmark = pytest.mark.django_db

NOMEACAO = date(2025, 6, 2)
PRAZO_DA_POSSE = date(2025, 7, 2)  # 30 dias depois da publicação da nomeação


@pytest.fixture
def rh(papeis):
    return papeis[RH]


def hoje_e(monkeypatch, dia: date):
    monkeypatch.setattr(timezone, "localdate", lambda *args: dia)


def nomear(cargo, numero, rh, **campos):
    campos = {"portaria": "Portaria 100/2025", "data_da_nomeacao": NOMEACAO, **campos}
    return provimentos.registrar_nomeacao(cargo.inscricoes.get(numero=numero), por=rh, **campos)


def pagina_do_cargo(cargo, quem) -> Client:
    cliente = Client()
    cliente.force_login(quem)
    return cliente.get(reverse("admin:concursos_cargo_change", args=[cargo.pk]))


# ── Prazos (funções puras) ───────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("hoje", "esperado", "venceu"),
    [
        (date(2025, 6, 29), "posse até 02/07/2025 — faltam 3 dias", False),
        (date(2025, 7, 1), "posse até 02/07/2025 — falta 1 dia", False),
        (date(2025, 7, 2), "posse até 02/07/2025 — vence hoje", False),
        (date(2025, 7, 3), "posse até 02/07/2025 — prazo vencido há 1 dia", True),
        (date(2025, 7, 12), "posse até 02/07/2025 — prazo vencido há 10 dias", True),
    ],
)
def test_o_prazo_vale_ate_o_ultimo_dia_inclusive(hoje, esperado, venceu):
    assert descrever_prazo("posse", PRAZO_DA_POSSE, hoje) == esperado
    assert vencido(PRAZO_DA_POSSE, hoje) is venceu


def test_prazos_padrao_sao_30_dias_para_a_posse_e_15_para_o_exercicio_e_o_edital_os_muda(publicado, rh):
    provimento = nomear(publicado, "A", rh)
    assert (publicado.edital.prazo_da_posse_em_dias, publicado.edital.prazo_do_exercicio_em_dias) == (30, 15)
    assert provimento.prazo_da_posse == PRAZO_DA_POSSE
    provimentos.registrar_posse(provimento.inscricao, data_da_posse=date(2025, 6, 10), por=rh)
    assert Provimento.objects.get(pk=provimento.pk).prazo_do_exercicio == date(2025, 6, 25)
    Edital.objects.filter(pk=publicado.edital_id).update(prazo_da_posse_em_dias=10)
    assert Provimento.objects.get(pk=provimento.pk).prazo_da_posse == date(2025, 6, 12)


# ── A página do cargo ────────────────────────────────────────────────────────────────────────────


def test_a_pagina_do_cargo_lista_os_convocados_com_o_prazo_da_posse_contado(publicado, rh, monkeypatch):
    nomear(publicado, "Z", rh)
    hoje_e(monkeypatch, date(2025, 6, 29))
    pagina = texto(pagina_do_cargo(publicado, rh))
    assert "Convocados: nomeação, posse e exercício" in pagina
    assert "3ª Negros Z" in pagina
    assert "nomeado pela portaria Portaria 100/2025, de 02/06/2025" in pagina
    assert "posse até 02/07/2025 — faltam 3 dias" in pagina
    assert "convocado, aguardando nomeação" in pagina  # A, B, Y e P


def test_no_ultimo_dia_do_prazo_a_pagina_nao_pede_a_nao_posse(publicado, rh, monkeypatch):
    z = nomear(publicado, "Z", rh).inscricao
    hoje_e(monkeypatch, PRAZO_DA_POSSE)
    resposta = pagina_do_cargo(publicado, rh)
    assert "posse até 02/07/2025 — vence hoje" in texto(resposta)
    assert "Confirmar não posse" not in texto(resposta)
    link = reverse("concursos:registrar_evento", args=[publicado.pk, "nao_posse"]) + f"?inscricao={z.pk}"
    assert link not in resposta.content.decode()


def test_vencido_o_prazo_a_pagina_pede_a_confirmacao_da_nao_posse_e_nao_registra_nada(publicado, rh, monkeypatch):
    z = nomear(publicado, "Z", rh).inscricao
    hoje_e(monkeypatch, date(2025, 7, 3))
    resposta = pagina_do_cargo(publicado, rh)
    assert "posse até 02/07/2025 — prazo vencido há 1 dia" in texto(resposta)
    assert "Prazo da posse vencido sem posse registrada: confirme a não posse" in texto(resposta)
    link = reverse("concursos:registrar_evento", args=[publicado.pk, "nao_posse"]) + f"?inscricao={z.pk}"
    assert f'href="{link}"' in resposta.content.decode()
    assert resposta.content.decode().count(">Confirmar não posse</a>") == 1  # só Z foi nomeado
    assert f'aria-label="Confirmar não posse de {z.numero} — ' in resposta.content.decode()
    assert not Evento.objects.exists()
    assert list(publicado.resultados.values_list("versao", flat=True)) == [1]
    # O botão leva ao formulário do evento com a inscrição já escolhida; só a confirmação o grava.
    cliente = Client()
    cliente.force_login(rh)
    formulario = cliente.get(link).context["form"]
    assert formulario["inscricao"].value() == z.numero
    assert not Evento.objects.exists()


def test_cada_convocado_tem_o_botao_de_desistencia_com_a_inscricao_escolhida(publicado, rh):
    html = pagina_do_cargo(publicado, rh).content.decode()
    base = reverse("concursos:registrar_evento", args=[publicado.pk, "desistencia"])
    for numero in "ABZYP":
        assert f'href="{base}?inscricao={publicado.inscricoes.get(numero=numero).pk}"' in html
    assert f"?inscricao={publicado.inscricoes.get(numero='C').pk}" not in html  # C não foi convocado


def test_o_auditor_ve_os_convocados_sem_os_botoes(publicado, papeis):
    resposta = pagina_do_cargo(publicado, papeis[AUDITOR])
    assert "convocado, aguardando nomeação" in texto(resposta)
    assert reverse("concursos:registrar_provimento", args=[publicado.inscricoes.get(numero="A").pk]) not in (
        resposta.content.decode()
    )


def test_antes_da_publicacao_ninguem_esta_convocado(rh):
    cargo = cargo_do_exemplo_da_alternancia()
    services.gerar_resultado(cargo, por=rh)
    assert convocados(cargo) == []
    with pytest.raises(ValidationError, match="não está convocada"):
        nomear(cargo, "A", rh)


# ── O serviço: validações ────────────────────────────────────────────────────────────────────────


def test_quem_nao_esta_convocado_nao_e_nomeado(publicado, rh):
    with pytest.raises(ValidationError, match="A inscrição C não está convocada"):
        nomear(publicado, "C", rh)
    assert not Provimento.objects.exists()


def test_nomeacao_nao_se_registra_duas_vezes(publicado, rh):
    nomear(publicado, "A", rh)
    with pytest.raises(ValidationError, match="já foi nomeada pela portaria Portaria 100/2025"):
        nomear(publicado, "A", rh, portaria="Portaria 101/2025")


def test_nomeacao_exige_portaria_e_data_dentro_da_validade(publicado, rh):
    with pytest.raises(ValidationError, match="portaria"):
        nomear(publicado, "A", rh, portaria="  ")
    with pytest.raises(ValidationError, match="anterior à publicação do edital"):
        nomear(publicado, "A", rh, data_da_nomeacao=date(2025, 1, 2))
    with pytest.raises(ValidationError, match="posterior ao prazo de validade"):
        nomear(publicado, "A", rh, data_da_nomeacao=date(2026, 7, 1))
    assert not Provimento.objects.exists()


def test_posse_so_depois_da_nomeacao_e_nunca_antes_dela_nem_no_futuro(publicado, rh, monkeypatch):
    a = publicado.inscricoes.get(numero="A")
    with pytest.raises(ValidationError, match="ainda não foi nomeada"):
        provimentos.registrar_posse(a, data_da_posse=NOMEACAO, por=rh)
    nomear(publicado, "A", rh)
    with pytest.raises(ValidationError, match="não pode ser anterior à publicação da nomeação"):
        provimentos.registrar_posse(a, data_da_posse=date(2025, 6, 1), por=rh)
    hoje_e(monkeypatch, date(2025, 6, 20))
    with pytest.raises(ValidationError, match="está no futuro"):
        provimentos.registrar_posse(a, data_da_posse=date(2025, 6, 21), por=rh)
    provimentos.registrar_posse(a, data_da_posse=NOMEACAO, por=rh)  # no mesmo dia vale
    with pytest.raises(ValidationError, match="já foi registrada"):
        provimentos.registrar_posse(a, data_da_posse=NOMEACAO, por=rh)
    provimento = Provimento.objects.get()
    assert (provimento.data_da_posse, provimento.posse_registrada_por) == (NOMEACAO, rh)
    assert provimento.history.count() == 2 and provimento.history.first().history_user == rh


def test_exercicio_so_depois_da_posse(publicado, rh, monkeypatch):
    a = nomear(publicado, "A", rh).inscricao
    with pytest.raises(ValidationError, match="ainda não tomou posse"):
        provimentos.registrar_exercicio(a, data_do_exercicio=date(2025, 6, 10), por=rh)
    provimentos.registrar_posse(a, data_da_posse=date(2025, 6, 10), por=rh)
    with pytest.raises(ValidationError, match="não pode começar antes da posse"):
        provimentos.registrar_exercicio(a, data_do_exercicio=date(2025, 6, 9), por=rh)
    provimentos.registrar_exercicio(a, data_do_exercicio=date(2025, 6, 11), por=rh)
    hoje_e(monkeypatch, date(2025, 6, 12))
    linha = situacao_dos_convocados(publicado)[0]
    assert linha["situacao"].endswith("posse em 10/06/2025; em exercício desde 11/06/2025")
    assert linha["proximo_passo"] is None and not linha["confirmar_nao_posse"]


def test_exercicio_mostra_o_seu_prazo_contado_da_posse(publicado, rh, monkeypatch):
    a = nomear(publicado, "A", rh).inscricao
    provimentos.registrar_posse(a, data_da_posse=date(2025, 6, 10), por=rh)
    hoje_e(monkeypatch, date(2025, 6, 26))
    linha = situacao_dos_convocados(publicado)[0]
    assert linha["prazo"] == "exercício até 25/06/2025 — prazo vencido há 1 dia"
    assert not linha["confirmar_nao_posse"]


def test_depois_da_nao_posse_confirmada_nao_ha_posse_a_registrar(publicado, rh):
    z = nomear(publicado, "Z", rh).inscricao
    services.registrar_evento(
        publicado, tipo="nao_posse", inscricao=z, ato=Ato(documento="Termo 1/2025", data_do_ato=date(2025, 7, 3)),
        por=rh,
    )  # fmt: skip
    assert "Z" not in [c.inscricao.numero for c in convocados(publicado)]
    with pytest.raises(ValidationError, match="não está convocada"):
        provimentos.registrar_posse(z, data_da_posse=date(2025, 7, 3), por=rh)
    assert Provimento.objects.filter(inscricao=z).exists()  # a nomeação publicada continua registrada


# ── Permissões: no serviço, não só na tela ───────────────────────────────────────────────────────


@pytest.mark.parametrize("papel", [AUDITOR, MEMBRO])
def test_auditor_e_comissao_sao_recusados_no_servico(publicado, papeis, papel):
    with pytest.raises(PermissionDenied):
        nomear(publicado, "A", papeis[papel])
    nomear(publicado, "A", papeis[RH])
    a = publicado.inscricoes.get(numero="A")
    with pytest.raises(PermissionDenied):
        provimentos.registrar_posse(a, data_da_posse=NOMEACAO, por=papeis[papel])
    provimentos.registrar_posse(a, data_da_posse=NOMEACAO, por=papeis[RH])
    with pytest.raises(PermissionDenied):
        provimentos.registrar_exercicio(a, data_do_exercicio=NOMEACAO, por=papeis[papel])
    with pytest.raises(PermissionDenied):
        provimentos.registrar_nomeacao(a, portaria="X", data_da_nomeacao=NOMEACAO, por=None)


def test_o_rh_registra_os_tres_passos_pela_tela(publicado, rh):
    cliente = Client()
    cliente.force_login(rh)
    a = publicado.inscricoes.get(numero="A")
    url = reverse("concursos:registrar_provimento", args=[a.pk])
    assert "Registrar nomeação" in texto(cliente.get(url))
    resposta = cliente.post(url, {"portaria": "Portaria 7/2025", "data_da_nomeacao": "02/06/2025"})
    assert resposta.status_code == 302 and resposta["Location"].endswith("#convocados")
    erro = cliente.post(url, {"data_da_posse": "01/06/2025"})
    assert "não pode ser anterior à publicação da nomeação" in texto(erro)
    cliente.post(url, {"data_da_posse": "03/06/2025"})
    cliente.post(url, {"data_do_exercicio": "04/06/2025"})
    provimento = Provimento.objects.get(inscricao=a)
    assert (provimento.portaria, provimento.data_da_posse, provimento.data_do_exercicio) == (
        "Portaria 7/2025",
        date(2025, 6, 3),
        date(2025, 6, 4),
    )
    assert provimento.registrado_por == provimento.posse_registrada_por == provimento.exercicio_registrado_por == rh


def test_o_auditor_nao_abre_a_tela_do_provimento(publicado, papeis):
    cliente = Client()
    cliente.force_login(papeis[AUDITOR])
    url = reverse("concursos:registrar_provimento", args=[publicado.inscricoes.get(numero="A").pk])
    assert cliente.get(url).status_code == 403
    assert cliente.post(url, {"portaria": "P", "data_da_nomeacao": "02/06/2025"}).status_code == 403
    assert not Provimento.objects.exists()
