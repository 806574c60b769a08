"""Todo documento que o código cita existe no repositório, e toda seção citada existe no documento.

Varre o código de produto, os templates, os estáticos, o bench, os scripts, a implantação, os testes
e ``docs/``. Três coisas fazem o teste falhar:

- um nome de documento em maiúsculas terminado em ``.md`` (``docs/REGRAS.md``, ``README.md``,
  ``bench/README-pdf.md``) que não existe, nem a partir da raiz nem da pasta de quem cita;
- uma citação solta, sem arquivo, dos documentos que antes moravam fora do repositório (o nome em
  maiúsculas sozinho, seguido de ``§`` ou de dois-pontos, por exemplo) ou um caminho para a pasta
  irmã ``shared``;
- ``ARQUIVO.md §N`` (ou ``§§ N, M e K``) com uma seção ``N`` que não é título do documento
  (``## N.`` ou ``### N.M``).
"""

import re
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
PASTAS = ("concursos", "cotas", "heteroidentificacao", "demo", "config", "templates", "static", "bench")
PASTAS += ("scripts", "deploy", "docs", "tests", ".ci")
ARQUIVOS_DA_RAIZ = ("README.md", "Makefile", "manage.py")
EXTENSOES = {".py", ".html", ".md", ".css", ".js", ".txt", ".sh", ".toml", ".ini", ".cfg", ".yml", ""}
IGNORADOS = {Path(__file__).resolve()}

DOCUMENTO = re.compile(r"(?<![\w.-])((?:\.{1,2}/)?(?:[\w.-]+/)*[A-Z][\w-]*\.md)\b")
SECAO = re.compile(r"((?:[\w.-]+/)*[A-Z][\w-]*\.md)`?\)?\s*(§§?\s*\d+(?:\.\d+)?(?:\s*(?:,|e)\s*\d+(?:\.\d+)?)*)")
CITACAO_SOLTA = re.compile(r"(?<![\w/.-])(REGRAS|TECNICO|ESTILO|FORMATO)(?=\s*(?:§|:|\s\d|\)|;))")
LINK_DO_MARKDOWN = re.compile(r"\[[^\]]*\]\(([^)]*)\)")
PASTA_DE_FORA = re.compile(r"\.\./shared\b|(?<![\w.-])shared/[A-Z]")
TITULO = re.compile(r"^#{2,4}\s+(\d+(?:\.\d+)?)\.?\s", re.MULTILINE)


def arquivos_varridos() -> list[Path]:
    arquivos = [RAIZ / nome for nome in ARQUIVOS_DA_RAIZ]
    for pasta in PASTAS:
        for caminho in (RAIZ / pasta).rglob("*"):
            if not caminho.is_file() or caminho.suffix not in EXTENSOES or caminho.resolve() in IGNORADOS:
                continue
            if ".min." in caminho.name or "__pycache__" in caminho.parts:
                continue
            arquivos.append(caminho)
    return sorted(arquivos)


def linhas(caminho: Path):
    texto = caminho.read_text(encoding="utf-8", errors="replace")
    if caminho.suffix == ".md":
        texto = LINK_DO_MARKDOWN.sub(r"(\1)", texto)  # o texto do link é rótulo; vale o destino
    for numero, linha in enumerate(texto.splitlines(), start=1):
        yield f"{caminho.relative_to(RAIZ)}:{numero}", linha


def documento_citado(nome: str, quem_cita: Path) -> Path | None:
    for base in (RAIZ, quem_cita.parent):
        candidato = (base / nome).resolve()
        if candidato.is_relative_to(RAIZ) and candidato.is_file():
            return candidato
    return None


def secoes(documento: Path) -> set[str]:
    return set(TITULO.findall(documento.read_text(encoding="utf-8")))


ARQUIVOS = arquivos_varridos()


def test_a_varredura_encontra_o_codigo_e_os_documentos():
    nomes = {str(a.relative_to(RAIZ)) for a in ARQUIVOS}
    assert {"cotas/convocacao.py", "docs/REGRAS.md", "README.md", "static/concursos/pdf/impressao.css"} <= nomes
    assert {"1", "5", "7"} <= secoes(RAIZ / "docs/REGRAS.md")
    assert {"1.5", "7.1"} <= secoes(RAIZ / "docs/TECNICO.md")


def test_todo_documento_citado_existe_no_repositorio():
    faltando = [
        f"{onde}: {nome}"
        for arquivo in ARQUIVOS
        for onde, linha in linhas(arquivo)
        for nome in DOCUMENTO.findall(linha)
        if documento_citado(nome, arquivo) is None
    ]
    assert not faltando, "documento citado que não existe no repositório:\n" + "\n".join(faltando)


def test_nenhuma_citacao_aponta_para_fora_do_repositorio():
    soltas = [
        f"{onde}: {linha.strip()}"
        for arquivo in ARQUIVOS
        for onde, linha in linhas(arquivo)
        if CITACAO_SOLTA.search(linha) or PASTA_DE_FORA.search(linha)
    ]
    assert not soltas, "citação sem o arquivo de docs/ (ou para fora do repositório):\n" + "\n".join(soltas)


def test_toda_secao_citada_existe_no_documento():
    faltando = []
    for arquivo in ARQUIVOS:
        for onde, linha in linhas(arquivo):
            for nome, trecho in SECAO.findall(linha):
                documento = documento_citado(nome, arquivo)
                if documento is None:
                    continue  # test_todo_documento_citado_existe_no_repositorio já aponta
                existentes = secoes(documento)
                numeros = re.findall(r"\d+(?:\.\d+)?", trecho)
                faltando += [f"{onde}: {nome} §{n}" for n in numeros if n not in existentes]
    assert not faltando, "seção citada que não existe no documento:\n" + "\n".join(faltando)
