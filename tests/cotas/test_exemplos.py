"""Os cenários de exemplo (``tests/dados/cenarios``) passam pelo comando e pela API do motor.

Cada ``NOME.json`` tem o seu ``NOME.esperado.json``, escrito à mão a partir da lei. Todas as
chaves do esperado são comparadas exatamente; de ``convocacoes`` só o ``motivo`` fica de fora
(texto livre, mas tem de existir), e ``avisos`` não é comparado (docs/FORMATO-CENARIO.md).
"""

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from cotas import ler_json, resultado_para_dict, simular
from tests.conftest import DADOS

RAIZ = Path(__file__).resolve().parents[2]
CENARIOS = DADOS / "cenarios"
EXEMPLOS = sorted(p for p in CENARIOS.glob("*.json") if not p.name.endswith(".esperado.json"))
CHAVES_OBRIGATORIAS = {
    "formato",
    "regime",
    "quadro",
    "listas",
    "convocacoes",
    "nomeados",
    "eliminados",
    "empates",
    "provisorio",
    "pendencias",
    "inconsistencias",
}


def esperado_de(cenario: Path) -> dict:
    return json.loads(cenario.with_name(cenario.stem + ".esperado.json").read_text(encoding="utf-8"))


def sem_motivo(convocacoes: list[dict]) -> list[dict]:
    return [{chave: valor for chave, valor in c.items() if chave != "motivo"} for c in convocacoes]


def conferir(obtido: dict, esperado: dict) -> None:
    for chave, valor in esperado.items():
        if chave == "avisos":
            continue
        if chave == "convocacoes":
            assert sem_motivo(obtido[chave]) == sem_motivo(valor)
            assert all(isinstance(c["motivo"], str) and c["motivo"].strip() for c in obtido[chave])
        else:
            assert obtido[chave] == valor, chave


def test_ha_pelo_menos_oito_exemplos_cada_um_com_o_seu_esperado():
    assert len(EXEMPLOS) >= 8
    for cenario in EXEMPLOS:
        assert CHAVES_OBRIGATORIAS <= esperado_de(cenario).keys(), cenario.name


@pytest.mark.parametrize("cenario", EXEMPLOS, ids=lambda p: p.stem)
def test_exemplo_passa_pelo_comando_simular_cotas(cenario):
    saida, erros = StringIO(), StringIO()
    call_command("simular_cotas", str(cenario), stdout=saida, stderr=erros)
    assert erros.getvalue() == ""
    conferir(json.loads(saida.getvalue()), esperado_de(cenario))


@pytest.mark.parametrize("cenario", EXEMPLOS, ids=lambda p: p.stem)
def test_exemplo_passa_pela_api_do_motor(cenario):
    dados = ler_json(cenario.read_text(encoding="utf-8"))
    conferir(resultado_para_dict(simular(dados), dados), esperado_de(cenario))


def test_exemplo_lido_da_entrada_padrao_com_hifen():
    cenario = CENARIOS / "desistencia-reservada.json"
    processo = subprocess.run(
        [sys.executable, "manage.py", "simular_cotas", "-"],
        input=cenario.read_bytes(),
        capture_output=True,
        cwd=RAIZ,
        timeout=60,
    )
    assert processo.returncode == 0, processo.stderr.decode()
    assert processo.stderr == b""
    conferir(json.loads(processo.stdout), esperado_de(cenario))
