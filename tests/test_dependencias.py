"""Os locks (``requirements*.txt``, gerados por ``make lock``) acompanham os ``requirements*.in``: cada
versão pedida no ``.in`` é a travada no lock, e toda linha do lock tem hash — senão o
``pip install --require-hashes`` de ``make instalar`` e do servidor recusa. Quem muda um ``.in`` e
esquece o ``make lock`` fica sabendo aqui, sem internet."""

import re
from pathlib import Path

import pytest

RAIZ = Path(__file__).resolve().parent.parent
PARES = ["requirements", "requirements-bench", "requirements-ferramentas"]
FIXADO = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==([^\s;\\]+)", re.MULTILINE)


def normalizado(nome: str) -> str:
    return re.sub(r"[-_.]+", "-", nome).lower()


def fixados(arquivo: str) -> dict[str, str]:
    return {normalizado(nome): versao for nome, versao in FIXADO.findall((RAIZ / arquivo).read_text())}


def blocos_do_lock(arquivo: str) -> dict[str, str]:
    """Cada pacote do lock com o texto das suas linhas (a do nome e as de ``--hash`` que seguem)."""
    texto = (RAIZ / arquivo).read_text()
    inicios = list(FIXADO.finditer(texto))
    fins = [proximo.start() for proximo in inicios[1:]] + [len(texto)]
    return {normalizado(m[1]): texto[m.start() : fim] for m, fim in zip(inicios, fins, strict=True)}


@pytest.mark.parametrize("nome", PARES)
def test_cada_versao_pedida_no_in_e_a_travada_no_lock(nome):
    pedidas, travadas = fixados(f"{nome}.in"), fixados(f"{nome}.txt")

    diferentes = {p: (v, travadas.get(p)) for p, v in pedidas.items() if travadas.get(p) != v}

    assert not diferentes, f"{nome}.txt não acompanha {nome}.in (rode make lock): {diferentes}"


@pytest.mark.parametrize("nome", PARES)
def test_todo_pacote_do_lock_tem_hash(nome):
    sem_hash = [pacote for pacote, bloco in blocos_do_lock(f"{nome}.txt").items() if "--hash=sha256:" not in bloco]

    assert blocos_do_lock(f"{nome}.txt")
    assert not sem_hash


def test_o_locust_usa_as_versoes_do_sistema_no_mesmo_venv():
    sistema, bancada = fixados("requirements.txt"), fixados("requirements-bench.txt")

    divergentes = {p: (sistema[p], v) for p, v in bancada.items() if p in sistema and sistema[p] != v}

    assert not divergentes
