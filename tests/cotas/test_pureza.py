"""O motor (``cotas/*.py``) é Python puro: só biblioteca padrão, sem Django, sem ``float`` nem ``round()``.

docs/ESTILO.md §1: um teste prova que os módulos do motor não importam Django. docs/REGRAS.md: toda a aritmética é
exata; ``round()`` arredonda metades para o par (``round(2.5) == 2``), o contrário do Art. 1º, §2º.
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

RAIZ = Path(__file__).resolve().parents[2]
MODULOS_DO_MOTOR = sorted((RAIZ / "cotas").glob("*.py"))  # só os diretamente em cotas/, não management/


def arvore(modulo: Path) -> ast.Module:
    return ast.parse(modulo.read_text(encoding="utf-8"), filename=str(modulo))


def importacoes_absolutas(modulo: Path) -> set[str]:
    """Pacotes de primeiro nível importados de forma absoluta (``import x.y`` e ``from x import y``)."""
    nomes = set()
    for no in ast.walk(arvore(modulo)):
        if isinstance(no, ast.Import):
            nomes.update(alias.name.split(".")[0] for alias in no.names)
        elif isinstance(no, ast.ImportFrom) and no.level == 0:
            nomes.add(no.module.split(".")[0])
    return nomes


def chamadas_a(modulo: Path, funcao: str) -> list[int]:
    """Linhas onde ``funcao(...)`` é chamada pelo nome."""
    return [
        no.lineno
        for no in ast.walk(arvore(modulo))
        if isinstance(no, ast.Call) and isinstance(no.func, ast.Name) and no.func.id == funcao
    ]


def test_os_modulos_do_motor_foram_encontrados():
    nomes = {m.name for m in MODULOS_DO_MOTOR}
    assert {"modelo.py", "reserva.py", "classificacao.py", "convocacao.py", "motor.py", "cli.py"} <= nomes


@pytest.mark.parametrize("modulo", MODULOS_DO_MOTOR, ids=lambda p: p.name)
def test_modulo_do_motor_nao_importa_django(modulo):
    assert "django" not in importacoes_absolutas(modulo)


@pytest.mark.parametrize("modulo", MODULOS_DO_MOTOR, ids=lambda p: p.name)
def test_modulo_do_motor_so_importa_a_biblioteca_padrao(modulo):
    externos = importacoes_absolutas(modulo) - set(sys.stdlib_module_names)
    assert externos == set()


@pytest.mark.parametrize("modulo", MODULOS_DO_MOTOR, ids=lambda p: p.name)
def test_modulo_do_motor_nao_usa_float(modulo):
    assert chamadas_a(modulo, "float") == []


@pytest.mark.parametrize("modulo", MODULOS_DO_MOTOR, ids=lambda p: p.name)
def test_modulo_do_motor_nao_usa_round_que_arredonda_metade_para_o_par(modulo):
    assert chamadas_a(modulo, "round") == []


def test_importar_e_rodar_o_motor_nao_carrega_django():
    codigo = (
        "import sys, io, cotas, cotas.cli\n"
        "saida, erros = io.StringIO(), io.StringIO()\n"
        "assert cotas.cli.executar(sys.argv[1], saida=saida, erros=erros) == 0, erros.getvalue()\n"
        "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules), 'django carregado'\n"
    )
    exemplo = RAIZ / "tests" / "dados" / "cenarios" / "alternancia-5-vagas.json"
    processo = subprocess.run(
        [sys.executable, "-c", codigo, str(exemplo)], capture_output=True, text=True, cwd=RAIZ, timeout=60
    )
    assert processo.returncode == 0, processo.stderr
