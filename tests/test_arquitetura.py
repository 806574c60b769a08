"""A casa em ordem: as dependências correm num sentido só (``heteroidentificacao → concursos →
cotas``, com ``comum`` por baixo dos apps e a ``demo`` por cima de todos), nenhum módulo importa
outro que o importe de volta (nem por dentro de uma função) e nenhum módulo de produto passa de
600 linhas (um módulo desse tamanho tem dois tópicos: divida-o por tópico)."""

import ast
from pathlib import Path

import pytest

RAIZ = Path(__file__).resolve().parent.parent
PACOTES = ("comum", "cotas", "concursos", "heteroidentificacao", "demo", "config")
# Quem não pode importar quem (a seta para cima).
PROIBIDOS = {
    "cotas": {"comum", "concursos", "heteroidentificacao", "demo", "config"},
    "comum": {"cotas", "concursos", "heteroidentificacao", "demo", "config"},
    "concursos": {"heteroidentificacao", "demo"},
    "heteroidentificacao": {"demo"},
}
MAXIMO_DE_LINHAS = 600


def _arquivos():
    for pacote in PACOTES:
        for arquivo in sorted((RAIZ / pacote).rglob("*.py")):
            if "migrations" not in arquivo.parts:
                yield arquivo


def _modulo(arquivo: Path) -> str:
    partes = list(arquivo.relative_to(RAIZ).with_suffix("").parts)
    return ".".join(partes[:-1] if partes[-1] == "__init__" else partes)


MODULOS = {_modulo(arquivo): arquivo for arquivo in _arquivos()}


def _base_relativa(modulo: str, arquivo: Path, nivel: int) -> str:
    partes = modulo.split(".") if arquivo.name == "__init__.py" else modulo.split(".")[:-1]
    return ".".join(partes[: len(partes) - (nivel - 1)])


def importados(modulo: str, arquivo: Path) -> set[str]:
    """Os módulos do projeto que ``modulo`` importa, em qualquer lugar do arquivo."""
    nomes = set()
    for no in ast.walk(ast.parse(arquivo.read_text(encoding="utf-8"))):
        if isinstance(no, ast.Import):
            nomes.update(alias.name for alias in no.names)
        elif isinstance(no, ast.ImportFrom):
            base = _base_relativa(modulo, arquivo, no.level) if no.level else ""
            alvo = ".".join(filter(None, [base, no.module or ""]))
            for alias in no.names:
                submodulo = f"{alvo}.{alias.name}"
                nomes.add(submodulo if submodulo in MODULOS else alvo)
    return {nome for nome in nomes if nome.split(".")[0] in PACOTES and nome != modulo}


GRAFO = {modulo: importados(modulo, arquivo) & set(MODULOS) for modulo, arquivo in MODULOS.items()}


def circulos(grafo: dict[str, set[str]]) -> list[list[str]]:
    """Os componentes fortemente conexos com mais de um módulo (Tarjan, iterativo)."""
    indice, baixo, pilha, na_pilha, achados, contador = {}, {}, [], set(), [], [0]

    def visitar(inicio):
        trabalho = [(inicio, iter(sorted(grafo[inicio])))]
        indice[inicio] = baixo[inicio] = contador[0]
        contador[0] += 1
        pilha.append(inicio)
        na_pilha.add(inicio)
        while trabalho:
            no, vizinhos = trabalho[-1]
            proximo = next((v for v in vizinhos if v not in indice or v in na_pilha), None)
            if proximo is None:
                trabalho.pop()
                if trabalho:
                    baixo[trabalho[-1][0]] = min(baixo[trabalho[-1][0]], baixo[no])
                if baixo[no] == indice[no]:
                    componente = []
                    while True:
                        membro = pilha.pop()
                        na_pilha.discard(membro)
                        componente.append(membro)
                        if membro == no:
                            break
                    if len(componente) > 1:
                        achados.append(sorted(componente))
            elif proximo not in indice:
                indice[proximo] = baixo[proximo] = contador[0]
                contador[0] += 1
                pilha.append(proximo)
                na_pilha.add(proximo)
                trabalho.append((proximo, iter(sorted(grafo[proximo]))))
            else:
                baixo[no] = min(baixo[no], indice[proximo])

    for modulo in sorted(grafo):
        if modulo not in indice:
            visitar(modulo)
    return achados


def test_nenhum_modulo_importa_outro_que_o_importa_de_volta():
    assert circulos(GRAFO) == []


@pytest.mark.parametrize("pacote", sorted(PROIBIDOS))
def test_as_dependencias_correm_num_sentido_so(pacote):
    para_cima = {
        f"{modulo} → {importado}"
        for modulo, importados_ in GRAFO.items()
        if modulo.split(".")[0] == pacote
        for importado in importados_
        if importado.split(".")[0] in PROIBIDOS[pacote]
    }
    assert para_cima == set()


def test_nenhum_modulo_de_produto_passa_de_600_linhas():
    grandes = {
        modulo: linhas
        for modulo, arquivo in MODULOS.items()
        if (linhas := len(arquivo.read_text(encoding="utf-8").splitlines())) > MAXIMO_DE_LINHAS
    }
    assert grandes == {}


def test_o_teste_acha_um_circulo_escondido_dentro_de_uma_funcao():
    assert circulos({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circulos({"a": {"b"}, "b": set()}) == []
