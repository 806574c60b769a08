"""``manage.py importar_inscricoes``: o ensaio não grava nada e conta; ``--confirmar`` grava pelo
caminho do segundo plano; reimportar não muda nada nem cria histórico; o mapeamento vem de um
leiaute salvo (``--layout``) ou de ``--coluna``; entrada ruim é recusada sem gravar."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from comum import planilhas
from concursos.importacao import mapeamento as mapa
from concursos.models import Inscricao
from tests.conftest import DADOS

from .fabricas import edital, usuario
from .test_importacao_em_massa import contagens

pytestmark = pytest.mark.django_db

PROPRIOS = DADOS / "importacao" / "banca-cabecalhos-proprios-cp1252.csv"
ACEITOS = DADOS / "importacao" / "banca-ponto-e-virgula-cp1252.csv"
CARGOS = (("ASG", "Auxiliar de Serviços Gerais", 3), ("GM", "Guarda Municipal", 2))
DESEMPATE = ["nota:conhecimentos_especificos", "nota:conhecimentos_basicos", "idoso", "idade"]
COLUNAS = [
    "Nº de Inscrição=inscricao",
    "Nome do Candidato=nome",
    "Concorre às vagas reservadas a negros=negros",
    "Pessoa com Deficiência=pcd",
    "Conhecimentos Básicos=ignorar",
]


@pytest.fixture
def admin_():
    return usuario("admin", superusuario=True)


@pytest.fixture
def edital_asg(admin_):
    return edital(criado_por=admin_, cargos=CARGOS, desempate=DESEMPATE)


def importar(*argumentos) -> tuple[str, str]:
    saida, erros = StringIO(), StringIO()
    call_command("importar_inscricoes", *map(str, argumentos), stdout=saida, stderr=erros)
    return saida.getvalue(), erros.getvalue()


def colunas(*escolhas) -> list[str]:
    return [parte for escolha in escolhas for parte in ("--coluna", escolha)]


def test_ensaio_conta_e_nao_grava_nada(edital_asg):
    saida, _ = importar("1/2025", PROPRIOS, *colunas(*COLUNAS))

    assert "ensaio: nada foi gravado" in saida
    assert "7 linhas: 7 novas, 0 atualizadas, 0 sem mudança" in saida
    assert contagens() == (0, 0, 0, 0, 0)


def test_confirmar_grava_e_reimportar_nao_muda_nada_nem_o_historico(edital_asg, admin_):
    saida, _ = importar(edital_asg.pk, PROPRIOS, *colunas(*COLUNAS), "--confirmar", "--usuario", "admin")
    assert "importado" in saida and "7 novas, 0 atualizadas, 0 sem mudança" in saida
    assert Inscricao.objects.filter(edital=edital_asg).count() == 7
    assert Inscricao.history.filter(history_user=admin_).count() == 7
    gravado = contagens()

    saida, _ = importar("1/2025", PROPRIOS, *colunas(*COLUNAS), "--confirmar")

    assert "0 novas, 0 atualizadas, 7 sem mudança" in saida
    assert contagens() == gravado


def mapa_do_arquivo():
    return planilhas.ler_arquivo(PROPRIOS.name, PROPRIOS.read_bytes())


def test_leiaute_salvo_mapeia_o_arquivo_da_banca(edital_asg, admin_):
    escolha = mapa.sugestao(mapa_do_arquivo(), edital_asg) | {"Conhecimentos Básicos": "ignorar"}
    mapa.salvar_leiaute("Instituto Exemplo", "inscrições", escolha, admin_)

    saida, _ = importar("1/2025", PROPRIOS, "--layout", "inscrições", "--confirmar")

    assert "7 novas" in saida
    assert Inscricao.objects.get(numero="2025-0101").notas_parciais == {"conhecimentos_especificos": "40.5"}


def test_leiaute_desconhecido_lista_os_salvos(edital_asg, admin_):
    mapa.salvar_leiaute("Instituto Exemplo", "inscrições", {"Nome do Candidato": "nome"}, admin_)

    with pytest.raises(
        CommandError, match="Leiaute “outro” não encontrado. Leiautes salvos: “Instituto Exemplo/inscrições”"
    ):
        importar("1/2025", PROPRIOS, "--layout", "outro")


def test_cabecalhos_da_banca_sem_mapeamento_sugerem_as_colunas(edital_asg):
    with pytest.raises(CommandError) as recusa:
        importar("1/2025", PROPRIOS)

    mensagem = str(recusa.value)
    assert '--coluna "Nome do Candidato=nome"' in mensagem
    assert '--coluna "Concorre às vagas reservadas a negros=negros"' in mensagem
    assert contagens() == (0, 0, 0, 0, 0)


def test_arquivo_com_os_cabecalhos_aceitos_entra_sem_mapeamento(admin_):
    edital(criado_por=admin_, cargos=(("GM", "Guarda Municipal", 5), ("AGE", "Agente Administrativo", 3)))

    saida, _ = importar("1", ACEITOS)

    assert "novas" in saida and Inscricao.objects.count() == 0


def test_erros_saem_em_tabela_agrupada_com_cabecalho_e_letra_da_banca_e_nada_e_gravado(edital_asg, tmp_path):
    caminho = tmp_path / "banca.csv"
    caminho.write_bytes(PROPRIOS.read_bytes().replace(b"Guarda Municipal;", b"Guarda Municipau;"))
    erros = StringIO()

    with pytest.raises(CommandError, match="recusado: 2 erros; nada foi gravado"):
        call_command(
            "importar_inscricoes",
            "1/2025",
            str(caminho),
            *colunas(*COLUNAS),
            "--confirmar",
            stdout=StringIO(),
            stderr=erros,
        )

    tabela = erros.getvalue().splitlines()
    assert tabela[0].split() == ["linha", "coluna", "valor", "mensagem"]
    # as linhas 4 e 7 têm o mesmo erro: uma linha da tabela, com a coluna E “Cargo” do arquivo da banca
    assert tabela[1].split("  ")[0] == "4, 7"
    assert "Cargo (E)" in tabela[1] and "Guarda Municipau" in tabela[1]
    assert "quis dizer GM (Guarda Municipal)?" in tabela[1]
    assert contagens() == (0, 0, 0, 0, 0)


@pytest.mark.parametrize(
    ("argumentos", "mensagem"),
    [
        (["9/2031", PROPRIOS], "Edital 9/2031 não encontrado"),
        (["1/2025", "/nao/existe.csv"], "Não foi possível ler o arquivo"),
        (["1/2025", PROPRIOS, "--coluna", "Nome do Candidato"], 'escreva "Cabeçalho=campo"'),
        (["1/2025", PROPRIOS, "--coluna", "Matrícula=inscricao"], "o arquivo não tem a coluna “Matrícula”"),
        (["1/2025", PROPRIOS, *colunas(*COLUNAS, "Cargo=cargo_pretendido")], "“cargo_pretendido” não é campo"),
        (["1/2025", PROPRIOS, *colunas(*COLUNAS), "--confirmar", "--usuario", "ninguem"], "Usuário 'ninguem'"),
    ],
)
def test_entrada_ruim_e_recusada_com_mensagem_e_nada_e_gravado(edital_asg, argumentos, mensagem):
    erros = StringIO()
    with pytest.raises(CommandError) as recusa:
        call_command("importar_inscricoes", *map(str, argumentos), stdout=StringIO(), stderr=erros)

    assert mensagem in str(recusa.value) + erros.getvalue()

    assert contagens() == (0, 0, 0, 0, 0)


def test_coluna_sem_sugestao_nem_escolha_nao_e_ignorada_em_silencio(edital_asg, tmp_path):
    caminho = tmp_path / "banca.csv"
    texto = PROPRIOS.read_bytes().decode("cp1252").replace("\r\n", ";Obs\r\n", 1).replace("\r\n2025", ";\r\n2025")
    caminho.write_bytes(texto.encode("cp1252"))
    erros = StringIO()

    with pytest.raises(CommandError, match="recusado: 1 erro;"):
        call_command("importar_inscricoes", "1/2025", str(caminho), *colunas(*COLUNAS), stdout=StringIO(), stderr=erros)

    assert "coluna L “Obs”: escolha um campo ou “ignorar”" in erros.getvalue()
    importar("1/2025", caminho, *colunas(*COLUNAS, "Obs=ignorar"))  # escolhida, passa


def test_usuario_sem_permissao_de_importar_e_recusado(edital_asg):
    usuario("estagiario")

    with pytest.raises(CommandError, match="não tem a permissão concursos.import_inscricao"):
        importar("1/2025", PROPRIOS, *colunas(*COLUNAS), "--confirmar", "--usuario", "estagiario")
