"""A página "Histórico" (django-simple-history) nas fichas do admin: editais, cargos, inscrições,
eventos, resultados e pareceres mostram cada versão e quem a fez; o histórico é só para ver (sem
"reverter") e não mostra a quem não pode a mudança de cor/raça."""

import re
from datetime import date
from html import unescape

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from concursos import services
from concursos.atos import Ato
from concursos.models import Edital, Inscricao
from tests.concursos.fabricas import usuario
from tests.heteroidentificacao.test_pdf import chamado_de, sessao_julgada

DATA_DO_ATO = date(2025, 6, 2)  # dentro da validade e depois da publicação dos editais de teste

pytestmark = pytest.mark.django_db


def com_permissoes(nome, *codigos, **extra):
    pessoa = usuario(nome, **extra)
    pessoa.user_permissions.add(*Permission.objects.filter(codename__in=codigos))
    return pessoa


def texto(resposta) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", resposta.content.decode(), flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def dados_da_ficha(resposta) -> dict:
    """O POST que a ficha do admin mandaria sem mudar nada: o formulário e os inlines."""
    contexto = resposta.context
    formularios = [contexto["adminform"].form]
    dados = {}
    for inline in contexto.get("inline_admin_formsets", []):
        gestao = inline.formset.management_form
        dados.update({gestao.add_prefix(c): v for c, v in gestao.initial.items()})
        formularios += inline.formset.initial_forms
    for formulario in formularios:
        for campo in formulario:
            valor = campo.field.prepare_value(campo.value())
            dados[campo.html_name] = campo.field.widget.format_value(valor) if valor is not False else None
    return {k: v for k, v in dados.items() if v is not None}


def test_historico_do_edital_mostra_a_versao_anterior_e_quem_alterou(client, cargo):
    edital = cargo.edital
    rita = com_permissoes("rita", "view_edital", "change_edital", "view_cargo", "change_cargo")
    client.force_login(rita)
    ficha = reverse("admin:concursos_edital_change", args=[edital.pk])
    dados = {**dados_da_ficha(client.get(ficha)), "titulo": "Concurso público 1/2025 — retificado"}
    assert client.post(ficha, dados).status_code == 302
    historico = client.get(reverse("admin:concursos_edital_history", args=[edital.pk]))
    pagina = texto(historico)
    assert "Título: Concurso público de teste → Concurso público 1/2025 — retificado" in pagina
    assert "rita" in pagina
    anterior, atual = edital.history.order_by("history_date")
    assert atual.history_user == rita
    versao = client.get(reverse("admin:concursos_edital_simple_history", args=[edital.pk, anterior.history_id]))
    assert versao.status_code == 200 and 'value="Concurso público de teste"' in versao.content.decode()
    assert 'value="Reverter"' not in versao.content.decode()


def test_historico_e_so_para_ver_nem_quem_pode_alterar_reverte(client, cargo):
    edital = cargo.edital
    anterior = edital.history.get()
    Edital.objects.filter(pk=edital.pk).update(titulo="Título novo")
    client.force_login(usuario("chefe", superusuario=True))
    url = reverse("admin:concursos_edital_simple_history", args=[edital.pk, anterior.history_id])
    dados = dados_da_ficha(client.get(url))
    assert client.post(url, dados).status_code == 403
    edital.refresh_from_db()
    assert edital.titulo == "Título novo"


def test_cada_ficha_com_historico_tem_a_pagina_historico(client, cargo):
    resultado = services.gerar_resultado(cargo, por=usuario("autor"))
    evento = services.registrar_desistencia(
        cargo.inscricoes.get(numero="A"),
        ato=Ato(documento="Requerimento 1/2025", data_do_ato=DATA_DO_ATO),
        por=resultado.gerado_por,
    ).evento
    fichas = {
        "concursos_edital": cargo.edital,
        "concursos_cargo": cargo,
        "concursos_inscricao": cargo.inscricoes.get(numero="A"),
        "concursos_evento": evento,
        "concursos_resultado": resultado,
    }
    client.force_login(usuario("chefe", superusuario=True))
    for nome, obj in fichas.items():
        resposta = client.get(reverse(f"admin:{nome}_history", args=[obj.pk]))
        assert resposta.status_code == 200, nome
        assert "simple_history/object_history.html" in [t.name for t in resposta.templates], nome
        versao = obj.history.latest("history_date")
        detalhe = client.get(reverse(f"admin:{nome}_simple_history", args=[obj.pk, versao.history_id]))
        assert detalhe.status_code == 200, nome


def test_historico_do_resultado_e_do_evento_continua_so_leitura(client, cargo):
    resultado = services.gerar_resultado(cargo, por=usuario("autor"))
    client.force_login(com_permissoes("celia", "view_resultado"))
    versao = resultado.history.get()
    url = reverse("admin:concursos_resultado_simple_history", args=[resultado.pk, versao.history_id])
    assert client.get(url).status_code == 200
    assert client.post(url, {"motivo": "x"}).status_code == 403
    assert client.get(reverse("admin:concursos_resultado_change", args=[resultado.pk])).status_code == 200
    assert client.post(reverse("admin:concursos_resultado_change", args=[resultado.pk]), {}).status_code == 403


def test_historico_de_pareceres_so_para_quem_le_pareceres(client):
    parecer = chamado_de(sessao_julgada(), "N1").pareceres.first()
    url = reverse("admin:heteroidentificacao_parecer_history", args=[parecer.pk])
    client.force_login(com_permissoes("rita", "change_parecer"))
    assert client.get(url).status_code == 403
    client.force_login(com_permissoes("celia", "view_parecer"))
    assert client.get(url).status_code == 200
    versao = parecer.history.latest("history_date")
    detalhe = reverse("admin:heteroidentificacao_parecer_simple_history", args=[parecer.pk, versao.history_id])
    assert client.get(detalhe).status_code == 200 and client.post(detalhe, {"voto": "confirma"}).status_code == 403


def test_historico_da_inscricao_esconde_a_cor_raca_de_quem_nao_tem_a_permissao(client, cargo):
    yara = cargo.inscricoes.get(numero="Y")
    yara.cor_raca = "preta"
    yara.nota = 93.5
    yara.save()
    url = reverse("admin:concursos_inscricao_history", args=[yara.pk])
    client.force_login(com_permissoes("estagiario", "view_inscricao"))
    pagina = texto(client.get(url))
    assert "Nota final: 93.000 → 93.5" in pagina
    assert "Parda" not in pagina and "Preta" not in pagina and "parda" not in pagina and "cor/raça" not in pagina
    client.force_login(com_permissoes("rita", "view_inscricao", "ver_dados_sensiveis"))
    assert "Cor/raça (IBGE): parda → preta" in texto(client.get(url))


def test_versao_antiga_da_inscricao_sem_a_permissao_nao_mostra_a_cor_raca(client, cargo):
    yara = cargo.inscricoes.get(numero="Y")
    versao = yara.history.get()
    client.force_login(com_permissoes("estagiario", "view_inscricao"))
    resposta = client.get(reverse("admin:concursos_inscricao_simple_history", args=[yara.pk, versao.history_id]))
    assert resposta.status_code == 200 and 'name="cor_raca"' not in resposta.content.decode()
    assert Inscricao.objects.get(pk=yara.pk).cor_raca == "parda"
