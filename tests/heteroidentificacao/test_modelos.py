"""Textos dos registros mostrados em títulos e trilhas de auditoria: sempre na hora de Brasília."""

from datetime import UTC, datetime

import pytest

from heteroidentificacao.models import Comissao, Sessao
from tests.concursos.fabricas import edital

pytestmark = pytest.mark.django_db


def test_sessao_se_apresenta_na_hora_de_brasilia():
    comissao = Comissao.objects.create(edital=edital())
    sessao = Sessao(comissao=comissao, inicio=datetime(2025, 5, 6, 12, 0, tzinfo=UTC))
    assert str(sessao).startswith("Sessão de 06/05/2025 09:00")
