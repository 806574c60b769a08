"""Configuração comum dos testes."""

from pathlib import Path

DADOS = Path(__file__).parent / "dados"
