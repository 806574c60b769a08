"""Fixtures da segurança. O ``cargo`` e o ``rh`` de toda a suíte estão em ``tests/conftest.py``."""

import pytest


@pytest.fixture
def rh_logado(client):
    """O ``client`` já dentro como o RH das fábricas da heteroidentificação (superusuário)."""
    from tests.heteroidentificacao.fabricas import rh

    client.force_login(rh())
    return client
