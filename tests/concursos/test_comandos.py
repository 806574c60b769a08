"""Comandos do RH e do auditor: ``gerar_resultado`` e ``exportar_cenario`` (com a ida e volta pelo
``simular_cotas``), sobre os dados de demonstração."""

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command, execute_from_command_line
from django.core.management.base import CommandError
from django.db import connections
from django.utils import timezone

from concursos.models import Cargo, Resultado
from demo.plano import EDITAIS

from .fabricas import edital, inscricao

# A demonstração, carregada uma vez para o módulo (tests/conftest.py); cada teste a recebe intacta.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("demo_do_modulo")]

CHAVES_COMPARADAS = (
    "formato", "regime", "quadro", "listas", "convocacoes", "nomeados", "eliminados", "empates", "provisorio",
    "pendencias", "ordem_vigente", "mantidos", "sub_judice",
)  # fmt: skip


def diario_oficial() -> list[str]:
    """A referência da publicação, datada de hoje: o comando gera a versão agora."""
    return ["--diario-oficial", f"2.345;{timezone.localdate():%d/%m/%Y};7"]


def rodar(*argumentos) -> str:
    saida = StringIO()
    call_command(*argumentos, stdout=saida)
    return saida.getvalue()


def sem_motivo(saida: dict) -> dict:
    comparado = {chave: saida.get(chave) for chave in CHAVES_COMPARADAS}
    comparado["convocacoes"] = [{k: v for k, v in c.items() if k != "motivo"} for c in saida["convocacoes"]]
    return comparado


# ── gerar_resultado ──────────────────────────────────────────────────────────────────────────────


def test_gerar_resultado_em_json_tem_o_edital_e_o_resultado_de_cada_cargo():
    dados = json.loads(rodar("gerar_resultado", "1/2025", "--json"))
    assert set(dados) == {"edital", "cargos"} and dados["edital"] == "1/2025"
    cargos = Cargo.objects.filter(edital__numero=1, edital__ano=2025).order_by("codigo")
    assert [c["cargo"] for c in dados["cargos"]] == [c.nome for c in cargos]
    for item, cargo in zip(dados["cargos"], cargos, strict=True):
        assert set(item) == {"cargo", "resultado"}
        assert item["resultado"]["formato"] == "cotas-resultado/1"
        assert item["resultado"] == cargo.resultados.get(versao=2).saida


def test_gerar_resultado_resume_em_portugues_versao_provisorio_pendencias_e_empates():
    saida = rodar("gerar_resultado", "1/2025")
    guarda = next(linha for linha in saida.splitlines() if "Guarda Municipal" in linha)
    professor = next(linha for linha in saida.splitlines() if "Matemática" in linha)
    assert "versão 2" in guarda and "PROVISÓRIO" in guarda and "pendências: 2025" in guarda
    assert "empates: 2025" in professor and "PROVISÓRIO" in professor
    assert "empates: nenhum" in next(linha for linha in saida.splitlines() if "Arquiteto" in linha)


def test_gerar_resultado_registra_quem_gerou():
    rodar("gerar_resultado", "3/2020", "--usuario", "rh")
    assert Cargo.objects.get(edital__ano=2020).resultados.first().gerado_por.username == "rh"


def test_publicar_edital_com_cargo_provisorio_e_recusado_e_nada_e_gravado(capsys, monkeypatch):
    monkeypatch.setattr(connections, "close_all", lambda: None)  # run_from_argv fecharia a conexão do teste
    antes = list(Resultado.objects.values_list("pk", "status"))
    with pytest.raises(SystemExit) as saida:
        execute_from_command_line(["manage.py", "gerar_resultado", "1/2025", "--publicar", *diario_oficial()])
    assert saida.value.code != 0
    capturado = capsys.readouterr()
    assert capturado.out == ""
    assert "Guarda Municipal: pendências: 2025" in capturado.err
    assert "Professor PEB II – Matemática" in capturado.err and "empates: 2025" in capturado.err
    assert "Agente Administrativo" not in capturado.err
    assert list(Resultado.objects.values_list("pk", "status")) == antes


def test_publicar_edital_sem_pendencias_publica_todos_os_cargos():
    dados = json.loads(rodar("gerar_resultado", "2/2023", "--publicar", *diario_oficial(), "--json"))
    assert [c["cargo"] for c in dados["cargos"]] == ["Agente Comunitário de Saúde"]
    publicado = Cargo.objects.get(codigo="ACS").resultados.first()
    assert (publicado.versao, publicado.status, publicado.publicado_por.username) == (2, "publicado", "admin")
    hoje = timezone.localdate()
    assert (
        str(publicado.diario_oficial)
        == f"Publicado no Diário Oficial do Município, edição 2.345, de {hoje:%d/%m/%Y}, p. 7"
    )


@pytest.mark.parametrize(
    ("referencia", "mensagem"),
    [
        ([], "Publicar pede onde o resultado saiu"),
        (["--diario-oficial", "2.345;31/02/2025;7"], "Publicar pede onde o resultado saiu"),
        (["--diario-oficial", "2.345;01/01/2024;7"], "é anterior à geração da versão 2"),
    ],
    ids=["sem a referência", "data impossível", "antes da geração"],
)
def test_publicar_sem_o_diario_oficial_valido_e_recusado_e_nada_e_gravado(referencia, mensagem):
    antes = list(Resultado.objects.values_list("pk", "status"))
    with pytest.raises(CommandError, match=mensagem):
        rodar("gerar_resultado", "2/2023", "--publicar", *referencia)
    assert list(Resultado.objects.values_list("pk", "status")) == antes


@pytest.mark.parametrize(
    ("edital_escrito", "mensagem"),
    [
        ("9/2025", "Edital 9/2025 não encontrado"),
        ("2025", "Edital inválido: '2025'. Escreva número/ano"),
        ("1-2025", "Edital inválido"),
    ],
)
def test_edital_desconhecido_ou_mal_escrito_e_recusado_em_portugues(edital_escrito, mensagem):
    with pytest.raises(CommandError, match=mensagem):
        rodar("gerar_resultado", edital_escrito)
    with pytest.raises(CommandError, match=mensagem):
        rodar("exportar_cenario", edital_escrito, "GM")


def test_usuario_sem_permissao_nao_gera_nem_publica():
    with pytest.raises(CommandError, match="auditor não tem a permissão concursos.gerar_resultado"):
        rodar("gerar_resultado", "1/2025", "--usuario", "auditor")
    with pytest.raises(CommandError, match="não encontrado"):
        rodar("gerar_resultado", "1/2025", "--usuario", "ninguem")


def test_sem_superusuario_e_sem_usuario_informado_o_comando_recusa():
    get_user_model().objects.filter(is_superuser=True).update(is_superuser=False)
    with pytest.raises(CommandError, match="Nenhum superusuário"):
        rodar("gerar_resultado", "1/2025")


# ── exportar_cenario ─────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("edital_escrito", "cargo", "codigo"),
    [("1/2025", "Médico Clínico Geral", "MED-CG"), ("2/2023", "ACS", "ACS"), ("3/2020", "Guarda Municipal", "GM")],
)
def test_cenario_exportado_reproduz_pelo_simular_cotas_o_resultado_gravado(edital_escrito, cargo, codigo, tmp_path):
    arquivo = tmp_path / "cenario.json"
    arquivo.write_text(rodar("exportar_cenario", edital_escrito, cargo), encoding="utf-8")
    refeito = json.loads(rodar("simular_cotas", str(arquivo)))
    numero, ano = edital_escrito.split("/")
    cargo_salvo = Cargo.objects.get(edital__numero=numero, edital__ano=ano, codigo=codigo)
    assert sem_motivo(refeito) == sem_motivo(cargo_salvo.resultados.first().saida)


@pytest.mark.parametrize(
    ("edital_escrito", "codigo"), [(e.chave, c.codigo) for e in EDITAIS for c in e.cargos], ids=lambda v: v
)
def test_cada_cargo_da_demo_exportado_reproduz_pelo_simular_cotas_a_ultima_versao(edital_escrito, codigo, tmp_path):
    """O edital inteiro da demonstração, com os eventos e a revisão depois da publicação (Guarda
    2020: desistência, não posse, vagas adicionais e recurso deferido), se refaz fora do banco."""
    arquivo = tmp_path / "cenario.json"
    arquivo.write_text(rodar("exportar_cenario", edital_escrito, codigo), encoding="utf-8")
    refeito = json.loads(rodar("simular_cotas", str(arquivo)))
    numero, ano = edital_escrito.split("/")
    cargo = Cargo.objects.get(edital__numero=numero, edital__ano=ano, codigo=codigo)
    assert sem_motivo(refeito) == sem_motivo(cargo.resultados.first().saida)
    assert len(json.loads(arquivo.read_text(encoding="utf-8"))["eventos"]) == cargo.eventos.count()


def test_versao_exportada_reproduz_o_resultado_publicado_antes_dos_eventos(tmp_path):
    arquivo = tmp_path / "v1.json"
    arquivo.write_text(rodar("exportar_cenario", "3/2020", "GM", "--versao", "1"), encoding="utf-8")
    publicado = Cargo.objects.get(edital__ano=2020).resultados.get(versao=1)
    assert publicado.status == "publicado"
    assert sem_motivo(json.loads(rodar("simular_cotas", str(arquivo)))) == sem_motivo(publicado.saida)
    with pytest.raises(CommandError, match="não tem a versão 99"):
        rodar("exportar_cenario", "3/2020", "GM", "--versao", "99")


def test_cenario_exportado_e_json_cotas_cenario_com_as_inscricoes_do_cargo():
    cenario = json.loads(rodar("exportar_cenario", "2/2023", "Agente Comunitário de Saúde"))
    assert cenario["formato"] == "cotas-cenario/1" and cenario["vagas"] == 20
    assert len(cenario["candidatos"]) == Cargo.objects.get(codigo="ACS").inscricoes.count()


def test_cargo_desconhecido_lista_os_cargos_do_edital():
    with pytest.raises(CommandError, match=r"Cargo 'Bombeiro' não encontrado no edital 1/2025\. Cargos: ADM"):
        rodar("exportar_cenario", "1/2025", "Bombeiro")


def test_nome_de_cargo_repetido_no_edital_pede_o_codigo():
    cargos = (("A1", "Auxiliar", 3), ("A2", "Auxiliar", 3))
    criado = edital(numero=7, ano=2024, cargos=cargos)
    inscricao(criado.cargos.get(codigo="A1"), "1", 80)
    with pytest.raises(CommandError, match=r"mais de um cargo 'Auxiliar'.*A1, A2"):
        rodar("exportar_cenario", "7/2024", "Auxiliar")
