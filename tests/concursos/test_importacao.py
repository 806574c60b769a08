"""Importação de inscrições a partir dos arquivos da banca, com as manias das planilhas brasileiras:
``;`` e Windows-1252, vírgula decimal, BOM, CPF com e sem máscara, XLSX com números de verdade.

Os arquivos de exemplo ficam em ``tests/dados/importacao/`` (CPFs gerados por ``completar_cpf``,
nomes inventados). No fim, o admin montado como ``admin.py`` deve montá-lo (trecho do relatório),
para provar pelo cliente de teste a escolha do edital, a confirmação e as permissões.
"""

import io
from datetime import date, datetime
from decimal import Decimal

import pytest
import tablib
from django.contrib.auth.models import Permission
from django.urls import reverse
from openpyxl import Workbook

from comum import planilhas
from comum.cpf import completar_cpf, formatar_cpf
from concursos.importacao import leitores
from concursos.importacao.recurso import InscricaoResource
from concursos.importacao.resultado import mensagens_de_erro
from concursos.models import Candidato, Inscricao, OpcaoDeGrupo
from tests.conftest import DADOS

from .fabricas import edital, inscricao, usuario

pytestmark = pytest.mark.django_db

PASTA = DADOS / "importacao"
CABECALHO = "inscricao;cpf;nome;nascimento;cargo;cor_raca;negros;pcd;nota"


def importar(edital_, conteudo, formato=planilhas.CSVBrasil, **opcoes):
    conjunto = formato().create_dataset(conteudo)
    return InscricaoResource(edital=edital_).import_data(conjunto, **opcoes)


def csv(*linhas, cabecalho=CABECALHO) -> bytes:
    return "\r\n".join([cabecalho, *linhas]).encode("cp1252")


def cpf(base: str) -> str:
    return completar_cpf(base)


# ------------------------------------------------------------------------------------ arquivos


def test_arquivo_da_banca_com_ponto_e_virgula_em_windows_1252_traz_acentos_e_virgula_decimal(edital_gm):
    resultado = importar(edital_gm, (PASTA / "banca-ponto-e-virgula-cp1252.csv").read_bytes())

    assert mensagens_de_erro(resultado) == []
    assert resultado.totals["new"] == 4
    jose = Inscricao.objects.get(numero="2025-0001")
    assert jose.candidato.nome == "José da Conceição Araújo"
    assert jose.candidato.nascimento == date(1961, 3, 14)
    assert (jose.nota, jose.notas_parciais) == (Decimal("78.5"), {"conhecimentos_especificos": "40.5"})
    assert (jose.cor_raca, jose.jurado, jose.cargo.codigo) == ("parda", True, "GM")
    assert [(o.grupo, o.situacao) for o in jose.opcoes.all()] == [("negros", "pendente")]
    luiza = Inscricao.objects.get(numero="2025-0003")
    assert luiza.nota == Decimal("1234.56")
    assert luiza.candidato.nome_de_uso == "Léo Magalhães"
    assert list(luiza.opcoes.values_list("grupo", flat=True)) == ["pcd"]
    raimundo = Inscricao.objects.get(numero="2025-0004")
    assert (raimundo.cor_raca, raimundo.situacao, raimundo.cargo.codigo) == ("indigena", "eliminado", "AGE")


def test_csv_com_virgula_em_utf8_com_bom(edital_gm):
    resultado = importar(edital_gm, (PASTA / "virgula-utf8-bom.csv").read_bytes())

    assert mensagens_de_erro(resultado) == []
    conceicao = Inscricao.objects.get(numero="3001")
    assert conceicao.candidato.nome == "Conceição Aparecida Fagundes"
    assert conceicao.candidato.nascimento == date(1982, 5, 9)
    assert conceicao.nota == Decimal("72.5")
    assert Inscricao.objects.get(numero="3002").nota == Decimal("69.75")


def test_xlsx_com_numeros_datas_e_cpf_que_perdeu_o_zero_a_esquerda(edital_gm):
    livro = Workbook()
    folha = livro.active
    folha.append(["Número de Inscrição", "CPF", "Nome", "Data de Nascimento", "Cargo", "Cor/Raça", "PcD", "Nota"])
    folha.append([5001, int(cpf("011235813")), "Doralice Mendes", datetime(1970, 1, 31), "gm", "Indígena", "Sim", 88.5])
    folha.append([5002, formatar_cpf(cpf("223606797")), "Ezequiel Nogueira", "15/05/1985", "GM", None, "não", 71])
    arquivo = io.BytesIO()
    livro.save(arquivo)

    resultado = importar(edital_gm, arquivo.getvalue(), formato=planilhas.XLSXBrasil)

    assert mensagens_de_erro(resultado) == []
    doralice = Inscricao.objects.get(numero="5001")
    assert doralice.candidato.cpf == "01123581363"
    assert (doralice.nota, doralice.cor_raca, doralice.cargo.codigo) == (Decimal("88.5"), "indigena", "GM")
    assert doralice.candidato.nascimento == date(1970, 1, 31)
    assert list(doralice.opcoes.values_list("grupo", flat=True)) == ["pcd"]
    assert Inscricao.objects.get(numero="5002").nota == Decimal("71")


def test_xlsx_e_lido_pela_primeira_aba_mesmo_salvo_com_outra_ativa():
    livro = Workbook()
    livro.active.append(["inscricao", "nome"])
    livro.active.append(["1", "Irene Paiva"])
    outra = livro.create_sheet("Instruções")
    outra.append(["Campo", "Explicação"])
    livro.active = outra
    arquivo = io.BytesIO()
    livro.save(arquivo)

    conjunto = planilhas.ler_xlsx(arquivo.getvalue())

    assert conjunto.headers == ["inscricao", "nome"] and list(conjunto) == [("1", "Irene Paiva")]


# ------------------------------------------------------------------------------------ erros


ERROS_ESPERADOS = [
    (3, "“cpf” (B)", "“123.456.789-00”", "dígitos verificadores"),
    (4, "“nascimento” (D)", "“31/02/1985”", "data inválida"),
    (5, "“cargo” (E)", "“XYZ”", "cargo desconhecido"),
    (6, "“nota” (I)", "“sete”", "não é um número"),
    (7, "“cor_raca” (F)", "“roxa”", "quesito cor/raça do IBGE"),
    (8, "“negros” (G)", "“sim”", "exige autodeclaração preta ou parda"),
    (9, "“inscricao” (A)", "“4001”", "repetido no arquivo (já está na linha 2)"),
    (10, "“cpf” (B)", "“057.721.566-32”", "CPF repetido no mesmo cargo (já está na linha 2)"),
    (11, "“negros” (G)", "“talvez”", "use sim ou não"),
]


def test_arquivo_com_erros_aponta_linha_coluna_e_valor_e_nao_grava_nada(edital_gm):
    resultado = importar(edital_gm, (PASTA / "com-erros.csv").read_bytes(), dry_run=False)

    mensagens = mensagens_de_erro(resultado)
    assert len(mensagens) == len(ERROS_ESPERADOS)
    for mensagem, (linha, coluna, valor, motivo) in zip(mensagens, ERROS_ESPERADOS, strict=True):
        assert mensagem.startswith(f"Linha {linha}, coluna {coluna}, valor {valor}: ")
        assert motivo in mensagem
    assert [r.number for r in resultado.invalid_rows] == list(range(3, 12))
    assert not resultado.has_errors()  # só erros de validação, por célula: nada de exceção genérica
    assert (Inscricao.objects.count(), Candidato.objects.count(), OpcaoDeGrupo.objects.count()) == (0, 0, 0)


def test_erros_sao_por_coluna_para_a_previa_do_admin(edital_gm):
    resultado = importar(edital_gm, csv(f"6001;{cpf('100000001')};Irene Paiva;1/1/1980;GM;;sim;x;abc"))

    assert set(resultado.invalid_rows[0].field_specific_errors) == {"nota"}


def test_linha_em_branco_conta_na_numeracao_como_no_excel(edital_gm):
    conteudo = csv(f"6001;{cpf('100000001')};Irene Paiva;;GM;;;;70", "", "", "6002;000;Otto Reis;;GM;;;;70")

    assert mensagens_de_erro(importar(edital_gm, conteudo))[0].startswith("Linha 5, coluna “cpf” (B)")


def test_coluna_desconhecida_e_coluna_obrigatoria_ausente_sao_erros_do_cabecalho(edital_gm):
    conteudo = csv(f"6001;{cpf('100000001')};Irene Paiva;GM;sim", cabecalho="inscricao;cpf;nome;cargo;negro")

    mensagens = mensagens_de_erro(importar(edital_gm, conteudo))

    assert mensagens[0].startswith("Linha 1 (cabeçalho): coluna E “negro” desconhecida")
    assert mensagens[-1] == "Linha 1 (cabeçalho): faltam as colunas obrigatórias: nota."
    assert Inscricao.objects.count() == 0


def test_regime_federal_de_2025_usa_as_colunas_dos_seus_grupos():
    federal = edital(regime="federal-15142-2025")
    conteudo = csv(
        f"7001;{cpf('100000001')};Irene Paiva;GM;parda;sim;não;80",
        f"7002;{cpf('100000002')};Tainá Potiguara;GM;indígena;não;sim;79",
        cabecalho="inscricao;cpf;nome;cargo;cor_raca;pretos_pardos;indigenas;nota",
    )

    assert mensagens_de_erro(importar(federal, conteudo)) == []
    assert list(OpcaoDeGrupo.objects.order_by("grupo").values_list("grupo", flat=True)) == [
        "indigenas",
        "pretos_pardos",
    ]
    mensagens = mensagens_de_erro(importar(federal, csv(cabecalho="inscricao;cpf;nome;cargo;negros;nota")))
    assert "“negros” não é grupo do regime deste edital (federal-15142-2025)" in mensagens[0]


def test_dry_run_confere_tudo_e_nao_grava(edital_gm):
    resultado = importar(edital_gm, (PASTA / "banca-ponto-e-virgula-cp1252.csv").read_bytes(), dry_run=True)

    assert resultado.totals["new"] == 4 and not resultado.has_validation_errors()
    assert Inscricao.objects.count() == Candidato.objects.count() == 0


def test_cpf_ja_inscrito_no_cargo_com_outro_numero_e_recusado(edital_gm):
    existente = inscricao(edital_gm.cargos.get(codigo="GM"), "8001", 70)
    conteudo = csv(f"8002;{existente.candidato.cpf};Outro Nome;;GM;;;;70")

    assert "este CPF já tem a inscrição 8001 neste cargo" in mensagens_de_erro(importar(edital_gm, conteudo))[0]


@pytest.mark.parametrize(
    ("celula", "esperado"),
    [
        ("78,5", "78.5"),
        ("1.234,56", "1234.56"),
        ("1,234.56", "1234.56"),
        ("40", "40"),
        ("1.234", "1.234"),
        (40.5, "40.5"),
    ],
)
def test_nota_aceita_virgula_ponto_e_milhar(celula, esperado):
    assert leitores.ler_decimal(celula) == Decimal(esperado)


@pytest.mark.parametrize("celula", ["sete", "1,2,3", "-5", "40,1234", "1.23,4"])
def test_nota_invalida_nunca_e_arredondada_nem_adivinhada(celula):
    with pytest.raises(leitores.ValorInvalido):
        leitores.ler_decimal(celula)


@pytest.mark.parametrize(
    ("celula", "esperado"),
    [
        ("31/12/1990", date(1990, 12, 31)),
        ("1/2/1980", date(1980, 2, 1)),
        ("1990-12-31", date(1990, 12, 31)),
        ("29/02/1988 00:00:00", date(1988, 2, 29)),
        ("", None),
    ],
)
def test_data_de_nascimento_aceita_dia_mes_ano_e_iso(celula, esperado):
    assert leitores.ler_data(celula) == esperado


@pytest.mark.parametrize("celula", ["31/02/1985", "00/01/1980", "1/13/1980", "1990-13-01", "31/12/1899", "01/01/2999"])
def test_data_de_nascimento_impossivel_e_recusada(celula):
    with pytest.raises(leitores.ValorInvalido):
        leitores.ler_data(celula)


# ------------------------------------------------------------------------------------ atualização


def test_reimportacao_atualiza_a_inscricao_e_mantem_a_verificacao_feita(edital_gm):
    gm = edital_gm.cargos.get(codigo="GM")
    antiga = inscricao(gm, "9001", 70, grupos={"negros": "confirmado"}, cor_raca="parda")
    mascarado = formatar_cpf(antiga.candidato.cpf)

    resultado = importar(edital_gm, csv(f"9001;{mascarado};Nome Corrigido;;GM;parda;sim;sim;75,5"))

    assert resultado.totals["update"] == 1 and mensagens_de_erro(resultado) == []
    antiga.refresh_from_db()
    assert (antiga.nota, antiga.candidato.nome) == (Decimal("75.5"), "Nome Corrigido")
    assert dict(antiga.opcoes.values_list("grupo", "situacao")) == {"negros": "confirmado", "pcd": "pendente"}
    assert Inscricao.objects.count() == Candidato.objects.count() == 1


def test_opcao_pendente_desmarcada_e_apagada(edital_gm):
    antiga = inscricao(edital_gm.cargos.get(codigo="GM"), "9001", 70, grupos={"pcd": "pendente"})

    importar(edital_gm, csv(f"9001;{antiga.candidato.cpf};{antiga.candidato.nome};;GM;;não;não;70"))

    assert not antiga.opcoes.exists()


def test_opcao_ja_verificada_nao_pode_ser_retirada_por_importacao(edital_gm):
    antiga = inscricao(edital_gm.cargos.get(codigo="GM"), "9001", 70, grupos={"negros": "nao_confirmado"})

    resultado = importar(edital_gm, csv(f"9001;{antiga.candidato.cpf};{antiga.candidato.nome};;GM;;não;não;70"))

    assert "já tem verificação “Não confirmado” e não pode ser retirada" in mensagens_de_erro(resultado)[0]
    assert antiga.opcoes.get().situacao == "nao_confirmado"


def test_coluna_ausente_nao_muda_a_inscricao_existente(edital_gm):
    antiga = inscricao(edital_gm.cargos.get(codigo="GM"), "9001", 70, grupos={"pcd": "confirmado"}, jurado=True)

    importar(edital_gm, csv(f"9001;{antiga.candidato.cpf};Maria;GM;80", cabecalho="inscricao;cpf;nome;cargo;nota"))

    antiga.refresh_from_db()
    assert (antiga.nota, antiga.jurado, antiga.candidato.nascimento) == (Decimal("80"), True, date(1990, 1, 1))
    assert antiga.opcoes.get().situacao == "confirmado"


def test_candidato_de_outro_edital_e_reaproveitado_pelo_cpf(edital_gm):
    outro = inscricao(edital(numero=2).cargos.get(), "1", 50)

    importar(edital_gm, csv(f"9001;{formatar_cpf(outro.candidato.cpf)};{outro.candidato.nome};;GM;;;;70"))

    assert Candidato.objects.count() == 1
    assert Inscricao.objects.get(numero="9001").candidato == outro.candidato


# ------------------------------------------------------------------------------------ admin


def servidor(client, *permissoes):
    pessoa = usuario("servidor")
    pessoa.user_permissions.add(
        *Permission.objects.filter(codename__in=["view_inscricao", *permissoes], content_type__app_label="concursos")
    )
    client.force_login(pessoa)
    return pessoa


def enviar(client, edital_, caminho):
    with open(caminho, "rb") as arquivo:
        return client.post(
            reverse("admin:concursos_inscricao_import"),
            {"edital": edital_.pk, "resource": "0", "format": "0", "import_file": arquivo},
        )


def test_admin_importa_arquivo_cp1252_no_edital_escolhido_depois_da_confirmacao(client, edital_gm):
    servidor(client, "import_inscricao")

    previa = enviar(client, edital_gm, PASTA / "banca-ponto-e-virgula-cp1252.csv")
    assert previa.status_code == 200 and "José da Conceição Araújo" in previa.text
    assert f"Edital de destino:</strong> {edital_gm.identificacao}" in previa.text
    assert Inscricao.objects.count() == 0
    confirmacao = previa.context["confirm_form"].initial
    resposta = client.post(reverse("admin:concursos_inscricao_process_import"), confirmacao, follow=True)

    assert Inscricao.objects.filter(edital=edital_gm).count() == 4
    assert "Importação concluída: 4 inscrições novas, 0 atualizadas, 0 sem mudança." in resposta.text


def test_admin_mostra_os_erros_por_linha_sem_traceback_e_sem_botao_de_confirmar(client, edital_gm):
    servidor(client, "import_inscricao")

    resposta = enviar(client, edital_gm, PASTA / "com-erros.csv")

    grupos = {(g.linhas_em_texto, g.coluna, g.letra, g.valor) for g in resposta.context["pagina_de_erros"]}
    assert ("3", "cpf", "B", "123.456.789-00") in grupos  # linha, coluna (cabeçalho e letra) e valor
    assert '<td>cpf <span class="letra">(B)</span></td>' in resposta.text and "“123.456.789-00”" in resposta.text
    assert "confirm_form" not in resposta.context and "Traceback" not in resposta.text


def test_admin_exige_as_permissoes_de_importar_e_de_exportar(client, edital_gm):
    servidor(client)
    assert client.get(reverse("admin:concursos_inscricao_import")).status_code == 403
    assert client.get(reverse("admin:concursos_inscricao_export")).status_code == 403


def test_admin_exporta_xlsx_com_a_permissao_de_exportar(client, edital_gm):
    inscricao(edital_gm.cargos.get(codigo="GM"), "1", 70)
    servidor(client, "export_inscricao")

    resposta = client.post(
        reverse("admin:concursos_inscricao_export"),
        {"format": "0", "resource": "0", **{f"inscricaoresource_{c}": "on" for c in InscricaoResource().fields}},
    )

    assert resposta.status_code == 200
    conjunto = planilhas.ler_xlsx(resposta.content)
    assert conjunto.headers[:3] == ["edital", "inscricao", "cpf"] and conjunto[0][1] == "1"
    assert "cor_raca" not in conjunto.headers  # sem a permissão ver_dados_sensiveis


def test_conjunto_montado_a_mao_tambem_numera_a_partir_da_linha_2(edital_gm):
    conjunto = tablib.Dataset(headers=["inscricao", "cpf", "nome", "cargo", "nota"])
    conjunto.append(["1", cpf("100000001"), "Irene Paiva", "GM", "70"])
    conjunto.append(["2", "1", "Otto Reis", "GM", "70"])

    mensagens = mensagens_de_erro(InscricaoResource(edital=edital_gm).import_data(conjunto))

    assert mensagens[0].startswith("Linha 3, coluna “cpf” (B), valor “1”")


def test_contagens_e_historico_exatos_na_primeira_importacao_e_na_reimportacao_pelo_admin(client, edital_gm):
    """Primeira importação: 4 novas e um registro de histórico por inscrição. A mesma planilha de
    novo: a prévia diz 4 sem mudança, a confirmação não grava nada e não cria histórico."""
    servidor(client, "import_inscricao")
    caminho = PASTA / "banca-ponto-e-virgula-cp1252.csv"
    mensagens = []
    for _ in range(2):
        previa = enviar(client, edital_gm, caminho)
        totais = previa.context["result"].totals
        mensagens.append((totais["new"], totais["update"], totais["skip"]))
        client.post(reverse("admin:concursos_inscricao_process_import"), previa.context["confirm_form"].initial)
        mensagens.append(Inscricao.history.count())

    assert mensagens == [(4, 0, 0), 4, (0, 0, 4), 4]


def test_depois_da_importacao_o_rh_volta_as_inscricoes_do_edital_importado(client, edital_gm):
    """Issue 29: depois de importar, a lista das inscrições do edital que recebeu o arquivo, não a de
    todos os editais."""
    servidor(client, "import_inscricao")
    previa = enviar(client, edital_gm, PASTA / "banca-ponto-e-virgula-cp1252.csv")
    confirmacao = previa.context["confirm_form"].initial
    resposta = client.post(reverse("admin:concursos_inscricao_process_import"), confirmacao)
    assert resposta.status_code == 302
    assert resposta["Location"] == f"{reverse('admin:concursos_inscricao_changelist')}?edital__id__exact={edital_gm.pk}"
    assert client.get(resposta["Location"]).status_code == 200  # o filtro existe (senão, 302 para ?e=1)
