"""Importação em massa (``concursos.importacao.massa.importar_inscricoes``), a que o processamento em
segundo plano chama: confere tudo antes de gravar, grava em lotes numa transação, com histórico,
e é idempotente. Lotes pequenos (``lotes_de``) fazem arquivos de dezenas de linhas passarem por
vários lotes sem deixar o teste lento."""

import gc

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from comum.cpf import completar_cpf, formatar_cpf
from concursos.importacao.massa import InscricaoEmMassaResource, importar_inscricoes
from concursos.importacao.resultado import ImportacaoRecusada
from concursos.models import Candidato, Inscricao, OpcaoDeGrupo
from tests.conftest import DADOS

from .fabricas import edital, inscricao

pytestmark = pytest.mark.django_db

BANCA = DADOS / "importacao" / "banca-ponto-e-virgula-cp1252.csv"
CABECALHO = (
    "Inscrição;CPF;Nome;Nome Social;Data de Nascimento;E-mail;Cargo;Cor/Raça;Negros;PcD;Nota;"
    "Nota Conhecimentos Específicos;Jurado;Situação;Sorteio"
)


@pytest.fixture
def edital_gm(rh):
    return edital(criado_por=rh, cargos=(("GM", "Guarda Municipal", 5), ("AGE", "Agente Administrativo", 3)))


@pytest.fixture
def lotes_de(monkeypatch):
    def trocar(tamanho: int):
        monkeypatch.setattr(InscricaoEmMassaResource._meta, "batch_size", tamanho)

    return trocar


def linha(i: int, **troca) -> str:
    """Uma linha no formato da banca; a cada 3 uma negra optante, a cada 7 uma PcD."""
    celulas = {
        "inscricao": f"2025-{i:05d}",
        "cpf": formatar_cpf(completar_cpf(f"{300_000_000 + i:09d}")),
        "nome": f"Candidata Número {i}",
        "nome_social": "",
        "nascimento": "14/03/1980",
        "email": "",
        "cargo": "GM" if i % 2 else "AGE",
        "cor_raca": "Parda" if i % 3 == 0 else "Branca",
        "negros": "Sim" if i % 3 == 0 else "Não",
        "pcd": "Sim" if i % 7 == 0 else "Não",
        "nota": f"{50 + i % 40},{i % 10}",
        "parcial": "40,5",
        "jurado": "Não",
        "situacao": "Classificado",
        "sorteio": "",
    }
    celulas.update(troca)
    return ";".join(celulas.values())


def arquivo(quantidade: int, **trocas) -> bytes:
    """``quantidade`` linhas de dados; ``trocas={57: {"nota": "sete"}}`` muda a linha 57 da planilha."""
    linhas = [linha(i, **trocas.get(f"l{i + 1}", {})) for i in range(1, quantidade + 1)]
    return "\r\n".join([CABECALHO, *linhas]).encode("cp1252")


def contagens() -> tuple[int, ...]:
    return (
        Candidato.objects.count(),
        Inscricao.objects.count(),
        OpcaoDeGrupo.objects.count(),
        Inscricao.history.count(),
        OpcaoDeGrupo.history.count(),
    )


# ------------------------------------------------------------------------------------ sucesso


def test_arquivo_da_banca_entra_inteiro_com_historico_em_nome_de_quem_pediu(edital_gm, rh):
    resumo = importar_inscricoes(edital_gm, BANCA.read_bytes(), "banca.csv", por=rh)

    assert (resumo.linhas, resumo.novas, resumo.atualizadas, resumo.sem_mudanca) == (4, 4, 0, 0)
    assert (resumo.candidatos_novos, resumo.opcoes_criadas) == (4, 3)
    jose = Inscricao.objects.get(numero="2025-0001")
    assert jose.candidato.nome == "José da Conceição Araújo"
    assert jose.notas_parciais == {"conhecimentos_especificos": "40.5"}
    versao = jose.history.get()
    assert (versao.history_type, versao.history_user, versao.nota) == ("+", rh, jose.nota)
    assert versao.history_change_reason == "Importação do arquivo banca.csv"
    opcao = jose.opcoes.get()
    assert (opcao.grupo, opcao.situacao, opcao.history.get().history_user) == ("negros", "pendente", rh)
    assert Inscricao.history.count() == 4 and OpcaoDeGrupo.history.count() == 3


def test_varios_lotes_gravam_todas_as_linhas_com_uma_versao_no_historico_cada(edital_gm, rh, lotes_de):
    lotes_de(10)

    resumo = importar_inscricoes(edital_gm, arquivo(95), "banca.csv", por=rh)

    optantes = sum(1 for i in range(1, 96) if i % 3 == 0) + sum(1 for i in range(1, 96) if i % 7 == 0)
    assert (resumo.novas, resumo.opcoes_criadas) == (95, optantes)
    assert contagens() == (95, 95, optantes, 95, optantes)
    assert set(Inscricao.history.values_list("id", flat=True)) == set(Inscricao.objects.values_list("id", flat=True))


def test_gravacao_e_em_lotes_e_nao_linha_a_linha(edital_gm, rh, lotes_de):
    lotes_de(1000)

    with CaptureQueriesContext(connection) as consultas:
        importar_inscricoes(edital_gm, arquivo(300), "banca.csv", por=rh)

    insercoes = [c["sql"] for c in consultas.captured_queries if c["sql"].lstrip().upper().startswith("INSERT")]
    assert Inscricao.objects.count() == 300
    # Um INSERT por tabela e lote (candidatos, inscrições, histórico delas, opções, histórico delas);
    # o SQLite ainda parte cada lote em pedaços de até 999 parâmetros. Linha a linha seriam ~800.
    assert len(insercoes) < 30


def test_mesmo_cpf_em_dois_cargos_e_um_candidato_so(edital_gm, rh):
    mesmo = formatar_cpf(completar_cpf("300000001"))
    conteudo = arquivo(2, l2={"cpf": mesmo}, l3={"cpf": mesmo, "nome": "Candidata Número 1"})

    resumo = importar_inscricoes(edital_gm, conteudo, "banca.csv", por=rh)

    assert (resumo.novas, resumo.candidatos_novos) == (2, 1)
    assert Candidato.objects.get().inscricoes.count() == 2


# ------------------------------------------------------------------------------------ erros


def test_erro_na_linha_57_nao_grava_nada_e_diz_linha_coluna_e_valor(edital_gm, rh, lotes_de):
    lotes_de(10)

    with pytest.raises(ImportacaoRecusada) as recusa:
        importar_inscricoes(edital_gm, arquivo(80, l57={"nota": "sete"}), "banca.csv", por=rh)

    assert recusa.value.mensagens == [
        "Linha 57, coluna “Nota” (K), valor “sete”: não é um número (use, por exemplo, 78,5 ou 1.234,56)."
    ]
    assert contagens() == (0, 0, 0, 0, 0)


def test_todos_os_erros_vem_juntos_na_ordem_das_linhas(edital_gm, rh):
    conteudo = arquivo(30, l5={"cpf": "123.456.789-00"}, l20={"cargo": "XYZ"}, l21={"inscricao": "2025-00001"})

    with pytest.raises(ImportacaoRecusada) as recusa:
        importar_inscricoes(edital_gm, conteudo, "banca.csv", por=rh)

    mensagens = recusa.value.mensagens
    assert [m.split(",")[0] for m in mensagens] == ["Linha 5", "Linha 20", "Linha 21"]
    assert "cargo desconhecido neste edital" in mensagens[1]
    assert "repetido no arquivo (já está na linha 2)" in mensagens[2]
    assert Inscricao.objects.count() == 0


def test_muitos_erros_sao_resumidos_no_fim_da_lista(edital_gm, rh, monkeypatch):
    monkeypatch.setattr("concursos.importacao.resultado.MAXIMO_DE_MENSAGENS", 3)
    conteudo = arquivo(10, **{f"l{n}": {"nota": "x"} for n in range(2, 12)})

    with pytest.raises(ImportacaoRecusada) as recusa:
        importar_inscricoes(edital_gm, conteudo, "banca.csv", por=rh)

    assert recusa.value.quantidade == 10
    assert len(recusa.value.mensagens) == 4
    assert recusa.value.mensagens[-1] == "… e mais 7 erros. Corrija os de cima e importe de novo."


def test_cabecalho_com_coluna_desconhecida_e_recusado(edital_gm, rh):
    conteudo = f"inscricao;cpf;nome;cargo;nota;negro\r\n{linha(1)}".encode()

    with pytest.raises(ImportacaoRecusada) as recusa:
        importar_inscricoes(edital_gm, conteudo, "banca.csv", por=rh)

    assert recusa.value.mensagens[0].startswith("Linha 1 (cabeçalho): coluna F “negro” desconhecida")


@pytest.mark.parametrize(
    ("nome", "conteudo", "mensagem"),
    [
        ("banca.pdf", b"%PDF-1.4", "Envie um arquivo .csv ou .xlsx"),
        ("banca.csv", b"", "O arquivo está vazio."),
        ("banca.csv", CABECALHO.encode("cp1252"), "O arquivo só tem o cabeçalho"),
    ],
)
def test_arquivo_que_nao_serve_e_recusado_com_uma_mensagem(edital_gm, rh, nome, conteudo, mensagem):
    with pytest.raises(ImportacaoRecusada) as recusa:
        importar_inscricoes(edital_gm, conteudo, nome, por=rh)

    assert len(recusa.value.mensagens) == 1 and recusa.value.mensagens[0].startswith(mensagem)


# ------------------------------------------------------------------------------------ reimportação


def test_reimportar_o_mesmo_arquivo_nao_duplica_nem_cria_historico(edital_gm, rh, lotes_de):
    lotes_de(10)
    conteudo = arquivo(45)
    importar_inscricoes(edital_gm, conteudo, "banca.csv", por=rh)
    antes = contagens()

    resumo = importar_inscricoes(edital_gm, conteudo, "banca.csv", por=rh)

    assert (resumo.novas, resumo.atualizadas, resumo.sem_mudanca) == (0, 0, 45)
    assert contagens() == antes


def test_reimportacao_corrigida_atualiza_so_o_que_mudou_com_historico(edital_gm, rh):
    importar_inscricoes(edital_gm, arquivo(6), "banca.csv", por=rh)
    corrigido = arquivo(6, l3={"nota": "99,5"}, l4={"nome": "Nome Corrigido"}, l5={"pcd": "Sim"})

    resumo = importar_inscricoes(edital_gm, corrigido, "corrigido.csv", por=rh)

    assert (resumo.novas, resumo.atualizadas, resumo.sem_mudanca) == (0, 3, 3)
    nota = Inscricao.objects.get(numero="2025-00002")
    assert [(v.history_type, str(v.nota)) for v in nota.history.order_by("history_date")] == [
        ("+", "52.200"),
        ("~", "99.500"),
    ]
    assert nota.history.latest("history_date").history_change_reason == "Importação do arquivo corrigido.csv"
    assert Inscricao.objects.get(numero="2025-00003").candidato.nome == "Nome Corrigido"
    assert Inscricao.objects.get(numero="2025-00003").history.count() == 1  # só o candidato mudou
    assert list(Inscricao.objects.get(numero="2025-00004").opcoes.values_list("grupo", flat=True)) == ["pcd"]


def test_opcao_verificada_continua_e_pendente_desmarcada_e_apagada_com_historico(edital_gm, rh):
    gm = edital_gm.cargos.get(codigo="GM")
    verificada = inscricao(gm, "2025-00001", 70, grupos={"negros": "confirmado"}, cor_raca="parda")
    pendente = inscricao(gm, "2025-00003", 70, grupos={"pcd": "pendente"})
    conteudo = arquivo(
        3,
        l2={"cpf": verificada.candidato.cpf, "nome": verificada.candidato.nome, "negros": "Sim", "cor_raca": "Parda"},
        l4={
            "cpf": pendente.candidato.cpf,
            "nome": pendente.candidato.nome,
            "cargo": "GM",
            "negros": "Não",
            "pcd": "Não",
        },
    )

    importar_inscricoes(edital_gm, conteudo, "banca.csv", por=rh)

    assert dict(verificada.opcoes.values_list("grupo", "situacao")) == {"negros": "confirmado"}
    assert not pendente.opcoes.exists()
    apagada = OpcaoDeGrupo.history.get(inscricao_id=pendente.pk, history_type="-")
    assert (apagada.grupo, apagada.history_user) == ("pcd", rh)


def test_verificacao_registrada_durante_a_leitura_impede_a_gravacao(edital_gm, rh):
    pendente = inscricao(edital_gm.cargos.get(codigo="GM"), "2025-00001", 70, grupos={"pcd": "pendente"})
    conteudo = arquivo(1, l2={"cpf": pendente.candidato.cpf, "nome": pendente.candidato.nome, "pcd": "Não"})

    def comissao_confirma_no_meio(feitos, total):
        OpcaoDeGrupo.objects.filter(inscricao=pendente).update(situacao="confirmado")

    with pytest.raises(ImportacaoRecusada) as recusa:
        importar_inscricoes(edital_gm, conteudo, "banca.csv", por=rh, progresso=comissao_confirma_no_meio)

    assert "inscrições 2025-00001 foi registrada durante a importação" in recusa.value.mensagens[0]
    assert pendente.opcoes.get().situacao == "confirmado"


def test_inscricao_gravada_por_outra_operacao_durante_a_leitura_impede_a_gravacao(edital_gm, rh):
    def outra_importacao_grava_a_mesma_inscricao(feitos, total):
        inscricao(edital_gm.cargos.get(codigo="GM"), "2025-00003", 70)

    with pytest.raises(ImportacaoRecusada) as recusa:
        importar_inscricoes(
            edital_gm, arquivo(4), "banca.csv", por=rh, progresso=outra_importacao_grava_a_mesma_inscricao
        )

    assert recusa.value.mensagens[0].startswith("Outra operação gravou, ao mesmo tempo, inscrições ou candidatos")
    assert Inscricao.objects.count() == 1 and Inscricao.history.count() == 1  # só a da outra operação


# ------------------------------------------------------------------------------------ progresso


def test_progresso_a_cada_lote_crescente_ate_o_total(edital_gm, rh, lotes_de):
    lotes_de(10)
    chamadas = []

    importar_inscricoes(edital_gm, arquivo(35), "banca.csv", por=rh, progresso=lambda *a: chamadas.append(a))

    assert chamadas == [(10, 35), (20, 35), (30, 35), (35, 35)]


def test_progresso_sem_chamada_repetida_quando_o_total_fecha_um_lote(edital_gm, rh, lotes_de):
    lotes_de(10)
    chamadas = []

    importar_inscricoes(edital_gm, arquivo(20), "banca.csv", por=rh, progresso=lambda *a: chamadas.append(a))

    assert chamadas == [(10, 20), (20, 20)]


def test_progresso_vem_antes_da_gravacao(edital_gm, rh):
    gravadas = []

    importar_inscricoes(
        edital_gm, arquivo(5), "banca.csv", por=rh, progresso=lambda *a: gravadas.append(Inscricao.objects.count())
    )

    assert gravadas == [0] and Inscricao.objects.count() == 5


def test_coleta_de_ciclos_volta_ligada_depois_da_importacao_aceita_ou_recusada(edital_gm, rh):
    importar_inscricoes(edital_gm, arquivo(3), "banca.csv", por=rh)
    assert gc.isenabled()

    with pytest.raises(ImportacaoRecusada):
        importar_inscricoes(edital_gm, arquivo(3, l2={"nota": "x"}), "banca.csv", por=rh)
    assert gc.isenabled()
