"""Trilha de auditoria das alterações (django-simple-history): quem mudou o quê, e quando."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from .fabricas import cargo_do_exemplo_da_alternancia, usuario

pytestmark = pytest.mark.django_db


def test_alterar_a_nota_pelo_admin_guarda_a_versao_anterior_e_quem_alterou(client):
    cargo = cargo_do_exemplo_da_alternancia()
    inscricao = cargo.inscricoes.get(numero="A")
    rh = usuario("rh")
    rh.user_permissions.add(*Permission.objects.filter(codename__in=["change_inscricao", "view_inscricao"]))
    client.force_login(rh)
    url = reverse("admin:concursos_inscricao_change", args=[inscricao.pk])
    formulario = client.get(url).context["adminform"].form
    dados = {nome: valor for nome, valor in formulario.initial.items() if valor is not None}
    dados.update({"nota": "91.500", "notas_parciais": "{}", "edital": cargo.edital.pk, "cargo": cargo.pk})
    resposta = client.post(url, dados)
    assert resposta.status_code == 302, resposta.content.decode()[:500]
    versoes = list(inscricao.history.order_by("history_date"))
    assert [str(v.nota) for v in versoes] == ["95.000", "91.500"]
    assert versoes[-1].history_user == rh and versoes[-1].history_type == "~"
