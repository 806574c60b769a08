"""A arquitetura dos próprios testes: cada fixture definida num lugar só.

Uma fixture que dois módulos precisam mora no ``conftest.py`` da pasta que os contém (ou numa
acima): copiada, ela diverge sem ninguém ver, e o próximo módulo copia a cópia. Um nome de fixture,
então, aparece uma vez na suíte, com uma exceção: a **sobrescrita** de verdade, em que um módulo (ou
o ``conftest.py`` de uma subpasta) redefine uma fixture de um ``conftest.py`` que ele enxerga, porque
os seus testes precisam de outra montagem com o mesmo papel — o ``cargo`` da heteroidentificação
tem candidatos que a comissão julga, o ``rh`` de uma tela tem as permissões que ela confere.
Cada sobrescrita está em ``SOBRESCRITAS`` com o motivo; qualquer outra repetição falha, e também
importar a fixture de outro módulo de teste (``from tests.x.test_y import fixture``), que a define
de novo no módulo que importa.

A leitura é pelo código-fonte (``ast``), sem importar os módulos: vale para os testes pulados.
"""

import ast
from collections import defaultdict
from pathlib import Path

import pytest

TESTES = Path(__file__).resolve().parent
RAIZ = TESTES.parent

# Nome da fixture → (motivo, arquivos que a sobrescrevem). O motivo vale para todos os arquivos da
# lista; um arquivo fora dela que redefina a fixture falha, e um da lista que deixe de sobrescrevê-la
# também (a lista não guarda exceções velhas).
SOBRESCRITAS = {
    "cargo": (
        "o cargo de tests/conftest.py é o exemplo de docs/REGRAS.md §4; a heteroidentificação parte do "
        "cargo com cotistas pendentes, que a comissão julga; cada módulo acrescenta ao seu as inscrições "
        "(ou a sessão julgada) que as suas regras pedem, ou o troca pelo cenário que confere",
        {
            "heteroidentificacao/conftest.py",
            "heteroidentificacao/test_apuracao.py",
            "concursos/test_atos_de_verificacao.py",
            "concursos/test_busca_de_inscricoes.py",
            "concursos/test_exportacao.py",
            "concursos/test_importacao_de_avaliacoes_pcd.py",
            "concursos/test_para_publicar.py",
        },
    ),
    "rh": (
        "quem age pelo RH tem o papel (grupo RH, de concursos/papeis.py) ou as permissões que as telas e "
        "os serviços do módulo conferem, e o nome que os registros e as telas mostram ('servidora_rh', "
        "'clerk', que não colide com o 'rh' que os testes criam)",
        {
            "concursos/test_atos_de_verificacao.py",
            "concursos/test_convocacao.py",
            "concursos/test_importacao_de_avaliacoes_pcd.py",
            "concursos/test_provimento.py",
            "concursos/test_registro.py",
            "concursos/test_reimportacao_publicada.py",
            "concursos/test_tela_da_importacao.py",
            "seguranca/test_dois_fatores.py",
        },
    ),
    "chefe": (
        "a publicação no Diário Oficial confere a permissão: o chefe dali só tem as de ver e publicar resultado",
        {"concursos/test_publicacao_no_diario_oficial.py"},
    ),
    "publicado": (
        "a reimportação de um cargo publicado precisa do cargo importado por arquivo e publicado",
        {"concursos/test_reimportacao_publicada.py"},
    ),
    "cargo_com_resultado": (
        "a inscrição a mais (Maria Sensível nos PDFs, a negra W nas telas) entra antes da geração do resultado",
        {"concursos/test_pdf.py", "concursos/test_telas.py"},
    ),
    "edital_gm": (
        "a importação em massa grava em nome de quem pediu (criado pelo rh); o modelo de planilha sai "
        "com as colunas do desempate do edital",
        {"concursos/test_importacao_em_massa.py", "concursos/test_modelo_de_planilha.py"},
    ),
    "edital_asg": (
        "o comando de importação roda como o superusuário admin; a tela da importação confere o arquivo "
        "da banca com o seu próprio quadro (5 e 3 vagas) e desempate",
        {"concursos/test_comando_importar.py", "concursos/test_tela_da_importacao.py"},
    ),
    "sessao": (
        "os PDFs imprimem a sessão julgada e encerrada de 10/03/2025; a visibilidade dos pareceres usa a "
        "comissão sem suplentes",
        {"heteroidentificacao/test_pdf.py", "heteroidentificacao/test_visibilidade.py"},
    ),
    "chamado": (
        "a visibilidade confere o chamado que já tem os pareceres de Bruno e Carla",
        {"heteroidentificacao/test_visibilidade.py"},
    ),
    "secretaria": (
        "as telas do admin da heteroidentificação incluem, alteram e excluem pareceres",
        {"heteroidentificacao/test_admin.py"},
    ),
    "rh_logado": (
        "os formulários hostis são enviados por outro superusuário, não pelo rh() que monta os cenários",
        {"seguranca/test_entradas_hostis.py"},
    ),
}


def definicoes_de_fixtures() -> dict[str, list[str]]:
    """Nome da fixture → arquivos (relativos a ``tests/``) que a definem."""
    definicoes = defaultdict(list)
    for arquivo in sorted(TESTES.rglob("*.py")):
        for no in ast.parse(arquivo.read_text(encoding="utf-8")).body:
            if isinstance(no, ast.FunctionDef) and (nome := nome_da_fixture(no)):
                definicoes[nome].append(arquivo.relative_to(TESTES).as_posix())
    return definicoes


def nome_da_fixture(funcao: ast.FunctionDef) -> str | None:
    for decorador in funcao.decorator_list:
        chamada = decorador if isinstance(decorador, ast.Call) else None
        alvo = ast.unparse(chamada.func if chamada else decorador)
        if alvo in {"pytest.fixture", "fixture"}:
            nomeada = [k.value for k in (chamada.keywords if chamada else []) if k.arg == "name"]
            return nomeada[0].value if nomeada else funcao.name
    return None


def sobrescreve(arquivo: str, outro: str) -> bool:
    """``arquivo`` enxerga a fixture de ``outro``, e a redefine: ``outro`` é um conftest.py de uma
    pasta acima (ou da mesma pasta, se ``arquivo`` é um módulo de teste)."""
    if arquivo == outro or Path(outro).name != "conftest.py":
        return False
    pasta, pasta_do_outro = Path(arquivo).parent, Path(outro).parent
    if Path(arquivo).name == "conftest.py" and pasta == pasta_do_outro:
        return False
    return pasta == pasta_do_outro or pasta_do_outro in pasta.parents


def test_cada_fixture_e_definida_num_lugar_so_salvo_as_sobrescritas_com_motivo():
    problemas = []
    for nome, arquivos in sorted(definicoes_de_fixtures().items()):
        permitidas = SOBRESCRITAS.get(nome, ("", set()))[1]
        sobrescritas = {a for a in arquivos if any(sobrescreve(a, outro) for outro in arquivos)}
        originais = [a for a in arquivos if a not in sobrescritas]
        if len(originais) > 1:
            problemas.append(f"{nome}: definida em {', '.join(originais)} (leve-a a um conftest.py que os enxergue)")
        problemas += [
            f"{nome}: {a} sobrescreve a de {originais[0]} sem estar em SOBRESCRITAS"
            for a in sorted(sobrescritas - permitidas)
        ]
        problemas += [
            f"{nome}: {a} está em SOBRESCRITAS mas não a sobrescreve" for a in sorted(permitidas - sobrescritas)
        ]
    problemas += [
        f"{nome}: está em SOBRESCRITAS mas não é fixture"
        for nome in SOBRESCRITAS
        if nome not in definicoes_de_fixtures()
    ]
    assert not problemas, "\n".join(problemas)


def modulo_importado(arquivo: Path, no: ast.ImportFrom) -> str:
    """O nome completo do módulo de ``from ... import``, resolvendo os relativos (``from .x import``)."""
    if not no.level:
        return no.module or ""
    pacote = ["tests", *arquivo.relative_to(TESTES).parent.parts]
    pacote = pacote[: len(pacote) - (no.level - 1)]
    return ".".join([*pacote, no.module] if no.module else pacote)


def test_nenhum_modulo_de_teste_importa_fixture_de_outro():
    """Nem ``from tests.x.test_y import fixture``, nem ``from . import test_y`` e ``test_y.fixture``:
    as duas formas definem a fixture de novo no módulo que importa."""
    fixtures_por_modulo = defaultdict(set)
    for nome, arquivos in definicoes_de_fixtures().items():
        for arquivo in arquivos:
            fixtures_por_modulo["tests." + arquivo.removesuffix(".py").replace("/", ".")].add(nome)
    problemas = []
    for arquivo in sorted(TESTES.rglob("*.py")):
        arvore = ast.parse(arquivo.read_text(encoding="utf-8"))
        apelidos = {}  # nome local → módulo de teste importado inteiro
        for no in ast.walk(arvore):
            if isinstance(no, ast.ImportFrom):
                origem = modulo_importado(arquivo, no)
                for alias in no.names:
                    if alias.name in fixtures_por_modulo[origem]:
                        problemas.append(f"{arquivo.relative_to(TESTES)}: importa a fixture {alias.name} de {origem}")
                    elif f"{origem}.{alias.name}" in fixtures_por_modulo:
                        apelidos[alias.asname or alias.name] = f"{origem}.{alias.name}"
            elif isinstance(no, ast.Import):
                apelidos |= {a.asname: a.name for a in no.names if a.asname and a.name in fixtures_por_modulo}
        for no in ast.walk(arvore):
            if (
                isinstance(no, ast.Attribute)
                and isinstance(no.value, ast.Name)
                and no.attr in fixtures_por_modulo[apelidos.get(no.value.id, "")]
            ):
                problemas.append(f"{arquivo.relative_to(TESTES)}: usa a fixture {no.attr} de {apelidos[no.value.id]}")
    assert not problemas, "\n".join(problemas)


@pytest.mark.parametrize(
    ("arquivo", "outro", "esperado"),
    [
        ("concursos/test_x.py", "conftest.py", True),
        ("concursos/test_x.py", "concursos/conftest.py", True),
        ("heteroidentificacao/conftest.py", "conftest.py", True),
        ("concursos/test_x.py", "heteroidentificacao/conftest.py", False),
        ("concursos/test_x.py", "concursos/test_y.py", False),
        ("conftest.py", "concursos/conftest.py", False),
        ("concursos/conftest.py", "concursos/conftest.py", False),
    ],
)
def test_sobrescrita_e_a_de_um_conftest_que_o_arquivo_enxerga(arquivo, outro, esperado):
    assert sobrescreve(arquivo, outro) is esperado


def test_o_hash_rapido_das_senhas_e_so_dos_testes():
    """``tests/conftest.py`` troca o hash de senha pelo MD5 (rápido e fraco) na suíte; a configuração
    do sistema fica com o padrão do Django (PBKDF2), sem nomear hash nenhum."""
    from tests.conftest import HASH_RAPIDO

    configuracao = (RAIZ / "config" / "settings.py").read_text(encoding="utf-8")
    assert "PASSWORD_HASHERS" not in configuracao
    assert HASH_RAPIDO.rsplit(".", 1)[1] not in configuracao
