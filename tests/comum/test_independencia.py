"""O pacote ``comum`` fica por baixo de todos: nenhum módulo dele importa o motor, um app do domínio
ou a demonstração (nem dentro de uma função), para que os dois apps possam usá-lo sem círculo."""

import ast
from pathlib import Path

import pytest

import comum

PASTA = Path(comum.__file__).parent
PROIBIDOS = {"cotas", "concursos", "heteroidentificacao", "demo", "config"}


def _importados(arquivo: Path) -> set[str]:
    nomes = set()
    for no in ast.walk(ast.parse(arquivo.read_text(encoding="utf-8"))):
        if isinstance(no, ast.Import):
            nomes.update(alias.name for alias in no.names)
        elif isinstance(no, ast.ImportFrom) and no.level == 0 and no.module:
            nomes.add(no.module)
    return {nome.split(".")[0] for nome in nomes}


@pytest.mark.parametrize("arquivo", sorted(PASTA.rglob("*.py")), ids=lambda a: a.name)
def test_modulo_de_comum_nao_importa_o_dominio(arquivo):
    assert _importados(arquivo) & PROIBIDOS == set()


def test_o_teste_enxerga_um_import_do_dominio(tmp_path):
    escondido = tmp_path / "m.py"
    escondido.write_text("def f():\n    from concursos.models import Edital\n", encoding="utf-8")
    assert _importados(escondido) == {"concursos"}
