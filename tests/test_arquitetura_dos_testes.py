"""A arquitetura dos próprios testes."""

from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent


def test_o_hash_rapido_das_senhas_e_so_dos_testes():
    """``tests/conftest.py`` troca o hash de senha pelo MD5 (rápido e fraco) na suíte; a configuração
    do sistema fica com o padrão do Django (PBKDF2), sem nomear hash nenhum."""
    from tests.conftest import HASH_RAPIDO

    configuracao = (RAIZ / "config" / "settings.py").read_text(encoding="utf-8")
    assert "PASSWORD_HASHERS" not in configuracao
    assert HASH_RAPIDO.rsplit(".", 1)[1] not in configuracao
