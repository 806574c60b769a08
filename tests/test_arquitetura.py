"""A casa em ordem: as dependências correm num sentido só (``heteroidentificacao → concursos →
cotas``, com ``comum`` por baixo dos apps e a ``demo`` por cima de todos), nenhum módulo importa
outro que o importe de volta (nem por dentro de uma função) e nenhum módulo de produto passa de
600 linhas (um módulo desse tamanho tem dois tópicos: divida-o por tópico).

E o leiaute (docs/ESTILO.md, "The shape", itens 3 e 6): cada camada de um app é um pacote com um
módulo por tópico (``models/``, ``admin/``, ``views/``, ``services/``, e ``consultas/`` para o que só
lê); nenhum módulo tem no nome a camada e o tópico ao mesmo tempo (``provimento_no_admin.py``); o topo
de ``concursos/`` tem no máximo 20 módulos; o admin de cada app é registrado num lugar só; nenhum
módulo de um subpacote importa as camadas de cima do app; e nenhum import do projeto se esconde
dentro de uma função sem um motivo escrito aqui.

E o relógio: só ``comum/relogio.py`` lê o "agora" (os serviços recebem o momento do ato), e nenhum
módulo de produto troca peças em tempo de execução com ``unittest.mock``."""

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


# ---------------------------------------------------------------- o leiaute

APPS = ("concursos", "heteroidentificacao")
# As camadas e os pacotes de tópico de cada app, e o que cada um NÃO importa do próprio app (a seta
# para cima). De baixo para cima: models → consultas (só lê) → services (muda o estado) → admin e
# views (as telas). O PDF é desenhado pelos serviços; a importação e o segundo plano têm telas
# próprias, mas não importam as dos outros.
ACIMA = {
    "models": {"consultas", "services", "forms", "admin", "views"},
    "consultas": {"services", "forms", "admin", "views"},
    "services": {"forms", "admin", "views"},
    "forms": {"services", "admin", "views"},
    "pdf": {"services", "forms", "admin", "views"},
    "prestacao_de_contas": {"services", "admin", "views"},
    "importacao": {"admin", "views"},
    "segundo_plano": {"admin", "views"},
}
PALAVRAS_DE_CAMADA = {"models", "model", "modelo", "modelos", "admin", "views", "view", "services", "servicos"}
# Nomes que parecem de camada mas são do domínio, cada um com o motivo.
NOMES_DO_DOMINIO = {
    "concursos/importacao/modelo_de_planilha.py": "o modelo de planilha para baixar, não a camada de modelos",
}
MAXIMO_NO_TOPO_DE_CONCURSOS = 20
FORA_DA_CONTA = {"__init__.py", "migrations", "management", "models", "admin", "views", "services"}
# Imports do projeto dentro de uma função, cada um com o motivo (os que só evitavam um círculo saíram).
IMPORTS_EM_FUNCAO = {
    ("concursos.apps", "concursos.papeis"): "AppConfig.ready: o receptor do post_migrate, depois do registro dos apps",
    ("concursos.segundo_plano.tarefas", "concursos.pdf.resultado"): "se o desenho nem carregar, a parte fica anotada",
    (
        "heteroidentificacao.prestacao_de_contas.tabelas",
        "comum.graficos",
    ): "o matplotlib custa ~1,4 s (docs/TECNICO.md §9)",
    # AppConfig.ready(): os modelos só podem ser importados depois de os apps carregarem.
    ("heteroidentificacao.apps", "concursos.consultas.sujeitos_a_recurso"): "AppConfig.ready, apps carregados",
    ("heteroidentificacao.apps", "heteroidentificacao.consultas"): "AppConfig.ready, apps carregados",
    # Os processos que desenham os PDFs importam o pacote sem django.setup() (concursos/pdf/__init__.py).
    ("concursos.pdf.convocacao", "concursos.models"): "importável sem django.setup()",
    ("concursos.pdf.quadro_de_vagas", "concursos.models"): "importável sem django.setup()",
    ("concursos.pdf.resultado", "concursos.models"): "importável sem django.setup()",
}


def _produto(arquivo: Path) -> str:
    return arquivo.relative_to(RAIZ).as_posix()


def nome_de_camada_e_topico(nome: str) -> bool:
    """``provimento_no_admin``, ``views_da_prestacao``, ``modelo_da_verificacao``: uma palavra de camada
    e um tópico no mesmo nome (``admin``, ``views`` sozinhos não)."""
    palavras = nome.removesuffix(".py").split("_")
    return len(palavras) > 1 and any(palavra in PALAVRAS_DE_CAMADA for palavra in palavras)


def test_nenhum_modulo_tem_no_nome_a_camada_e_o_topico():
    nomes = {_produto(arquivo) for arquivo in MODULOS.values()}
    nomes |= {_produto(arquivo.parent) for arquivo in MODULOS.values() if arquivo.name == "__init__.py"}
    misturados = {nome for nome in nomes if nome_de_camada_e_topico(Path(nome).name)}
    assert misturados - set(NOMES_DO_DOMINIO) == set()


def test_o_teste_dos_nomes_acha_camada_e_topico():
    assert all(map(nome_de_camada_e_topico, ["provimento_no_admin.py", "views_da_prestacao", "modelo_da_verificacao"]))
    assert not any(map(nome_de_camada_e_topico, ["admin.py", "views", "provimentos.py", "tela_das_avaliacoes.py"]))


def test_o_topo_de_concursos_tem_no_maximo_20_modulos():
    topo = sorted(
        item.name
        for item in (RAIZ / "concursos").iterdir()
        if item.name not in FORA_DA_CONTA
        and ((item.is_file() and item.suffix == ".py") or (item.is_dir() and (item / "__init__.py").exists()))
    )
    assert len(topo) <= MAXIMO_NO_TOPO_DE_CONCURSOS, topo


def _registros(arquivo: Path) -> int:
    """Quantas vezes o arquivo registra um ModelAdmin (``@admin.register`` ou ``admin.site.register``)."""
    return sum(
        1
        for no in ast.walk(ast.parse(arquivo.read_text(encoding="utf-8")))
        if isinstance(no, ast.Call)
        and isinstance(no.func, ast.Attribute)
        and no.func.attr == "register"
        and ast.unparse(no.func.value) in {"admin", "admin.site", "site"}
    )


def test_o_admin_de_cada_app_e_registrado_num_lugar_so():
    registram = {_produto(arquivo) for arquivo in MODULOS.values() if _registros(arquivo)}
    assert registram == {f"{app}/admin/__init__.py" for app in APPS}


def test_nenhum_modulo_de_um_subpacote_importa_as_camadas_de_cima_do_app():
    para_cima = set()
    for modulo, importados_ in GRAFO.items():
        app, *resto = modulo.split(".")
        if app not in APPS or not resto or resto[0] not in ACIMA:
            continue
        for importado in importados_:
            partes = importado.split(".")
            if partes[0] == app and len(partes) > 1 and partes[1] in ACIMA[resto[0]]:
                para_cima.add(f"{modulo} → {importado}")
    assert para_cima == set()


def _imports_em_funcao(modulo: str, arquivo: Path) -> set[tuple[str, str]]:
    """(módulo, pacote do projeto importado) de cada import feito dentro de uma função."""
    achados = set()
    for funcao in ast.walk(ast.parse(arquivo.read_text(encoding="utf-8"))):
        if not isinstance(funcao, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for no in ast.walk(funcao):
            if isinstance(no, ast.ImportFrom):
                base = _base_relativa(modulo, arquivo, no.level) if no.level else ""
                alvo = ".".join(filter(None, [base, no.module or ""]))
            elif isinstance(no, ast.Import):
                alvo = no.names[0].name
            else:
                continue
            if alvo.split(".")[0] in PACOTES:
                achados.add((modulo, alvo))
    return achados


def test_nenhum_import_do_projeto_se_esconde_numa_funcao_sem_motivo():
    escondidos = set().union(*(_imports_em_funcao(modulo, arquivo) for modulo, arquivo in MODULOS.items()))
    assert escondidos == set(IMPORTS_EM_FUNCAO)


# ---------------------------------------------------------------- o relógio

RELOGIO = "comum/relogio.py"
# Ler o "agora": chamar (ou passar adiante, como ``initial=timezone.localdate``) estas funções.
LEITURAS_DO_RELOGIO = {
    "timezone.now",
    "timezone.localdate",
    "timezone.localtime",
    "datetime.now",
    "datetime.utcnow",
    "datetime.today",
    "date.today",
}
# Com um argumento, ``localdate``/``localtime`` só convertem um momento dado: não leem o relógio.
CONVERTEM_COM_ARGUMENTO = {"timezone.localdate", "timezone.localtime"}


def leituras_do_relogio(codigo: str) -> list[str]:
    """Cada leitura do "agora" no código, como ``linha: expressão``."""
    arvore = ast.parse(codigo)
    com_argumento = {
        id(no.func)
        for no in ast.walk(arvore)
        if isinstance(no, ast.Call) and ast.unparse(no.func) in CONVERTEM_COM_ARGUMENTO and (no.args or no.keywords)
    }
    return [
        f"{no.lineno}: {ast.unparse(no)}"
        for no in ast.walk(arvore)
        if isinstance(no, ast.Attribute) and ast.unparse(no) in LEITURAS_DO_RELOGIO and id(no) not in com_argumento
    ]


def test_so_o_relogio_le_o_agora():
    leem = {
        _produto(arquivo): leituras
        for arquivo in MODULOS.values()
        if _produto(arquivo) != RELOGIO and (leituras := leituras_do_relogio(arquivo.read_text(encoding="utf-8")))
    }
    assert leem == {}


def test_o_teste_do_relogio_acha_cada_leitura():
    codigo = "timezone.now()\ntimezone.localdate()\ninitial = timezone.localdate\ndate.today()\ntimezone.localtime(x)"
    assert sorted(linha.split(":")[0] for linha in leituras_do_relogio(codigo)) == ["1", "2", "3", "4"]


def test_nenhum_modulo_de_produto_importa_unittest_mock():
    importam = {
        _produto(arquivo)
        for arquivo in MODULOS.values()
        for no in ast.walk(ast.parse(arquivo.read_text(encoding="utf-8")))
        if (isinstance(no, ast.Import) and any(a.name.startswith("unittest") for a in no.names))
        or (isinstance(no, ast.ImportFrom) and (no.module or "").startswith("unittest"))
    }
    assert importam == set()
