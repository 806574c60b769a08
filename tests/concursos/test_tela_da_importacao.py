"""A importação pelo admin como o RH a faz com o arquivo que a banca manda: cabeçalhos próprios,
Windows-1252, ``;``, vírgula decimal, cargo pelo nome, cor/raça e sim/não em várias grafias.

O caminho inteiro pelo cliente de teste: envio → tela de mapeamento (sugestões já escolhidas) →
prévia (contagens, "lido como", linhas que mudam) → confirmação; o leiaute salvo volta escolhido no
próximo arquivo da banca; a mesma planilha de novo não muda nada e diz isso; os erros são uma
tabela agrupada, paginada e em CSV, por uma ficha assinada que não se troca.
"""

import io

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from comum.cpf import completar_cpf
from concursos.models import Inscricao, LeiauteDeImportacao

from .fabricas import edital, usuario

pytestmark = pytest.mark.django_db

IMPORTAR = "admin:concursos_inscricao_import"
MAPEAR = "admin:concursos_inscricao_importar_mapeado"
CONFIRMAR = "admin:concursos_inscricao_process_import"
CABECALHO_DA_BANCA = (
    "Nº de Inscrição;CPF;Nome do Candidato;Data de Nascimento;Cargo;Cor/Raça;"
    "Concorre às vagas reservadas a negros;Pessoa com Deficiência;Conhecimentos Específicos;Nota Final;Sala"
)


def cpf(indice: int) -> str:
    numero = completar_cpf(f"{300000000 + indice:09d}")
    return f"{numero[:3]}.{numero[3:6]}.{numero[6:9]}-{numero[9:]}"


LINHAS_DA_BANCA = (
    f"1001;{cpf(1)};José da Conceição Araújo;05/03/1988;Auxiliar de Serviços Gerais;PRETA;Sim;N;40,5;78,25;12",
    f"1002;{cpf(2)};Maria Lúcia Simões;17/11/1992;auxiliar de servicos gerais;Parda;S;não;38;80,5;12",
    f"1003;{cpf(3)};Antônio Brandão;01/01/1979;ASG;Branca;não;;35,75;69;13",
)


def arquivo_da_banca(*linhas, cabecalho=CABECALHO_DA_BANCA, nome="resultado-banca.csv"):
    conteudo = "\r\n".join([cabecalho, *linhas]).encode("cp1252")
    arquivo = io.BytesIO(conteudo)
    arquivo.name = nome
    return arquivo


@pytest.fixture
def edital_asg():
    return edital(
        cargos=(("ASG", "Auxiliar de Serviços Gerais", 5), ("GM", "Guarda Municipal", 3)),
        desempate=["idoso", "nota:conhecimentos_especificos", "idade", "jurado", "sorteio"],
    )


@pytest.fixture
def rh(client):
    pessoa = usuario("rh_importa")
    codigos = ["view_inscricao", "import_inscricao", "add_leiautedeimportacao", "change_leiautedeimportacao"]
    pessoa.user_permissions.add(*Permission.objects.filter(codename__in=codigos, content_type__app_label="concursos"))
    client.force_login(pessoa)
    return pessoa


def enviar(client, edital_, arquivo):
    return client.post(
        reverse(IMPORTAR), {"edital": edital_.pk, "resource": "0", "format": "0", "import_file": arquivo}
    )


def escolhas(tela) -> dict:
    """Os campos da tela de mapeamento com a escolha já marcada (a sugestão), prontos para o POST."""
    formulario = tela.context["formulario"]
    dados = {"ficha": tela.context["ficha"]}
    for _coluna, campo in formulario.linhas():
        dados[campo.html_name] = campo.value()
    return dados


def test_arquivo_da_banca_passa_pelo_mapeamento_com_as_sugestoes_e_salva_o_leiaute(client, rh, edital_asg):
    tela = enviar(client, edital_asg, arquivo_da_banca(*LINHAS_DA_BANCA))

    assert tela.templates[0].name == "admin/concursos/inscricao/mapeamento.html"
    sugeridos = {coluna.cabecalho: campo.value() for coluna, campo in tela.context["formulario"].linhas()}
    assert sugeridos == {
        "Nº de Inscrição": "inscricao",
        "CPF": "cpf",
        "Nome do Candidato": "nome",
        "Data de Nascimento": "nascimento",
        "Cargo": "cargo",
        "Cor/Raça": "cor_raca",
        "Concorre às vagas reservadas a negros": "negros",
        "Pessoa com Deficiência": "pcd",
        "Conhecimentos Específicos": "nota_conhecimentos_especificos",
        "Nota Final": "nota",
        "Sala": "ignorar",
    }
    assert "“José da Conceição Araújo”" in tela.text  # exemplos de valores por coluna
    assert Inscricao.objects.count() == 0

    dados = {**escolhas(tela), "salvar": "on", "banca": "Instituto Avalia", "nome_do_leiaute": "Resultado final"}
    previa = client.post(reverse(MAPEAR), dados)

    assert previa.context["previa"].contagens["nova"] == 3 and Inscricao.objects.count() == 0
    lido = {(g.coluna, g.valor): g.lido_como for g in previa.context["variantes"]}
    assert lido[("Cor/Raça", "PRETA")] == "preta" and lido[("Concorre às vagas reservadas a negros", "S")] == "sim"
    assert lido[("Pessoa com Deficiência", "")] == "não" and lido[("Pessoa com Deficiência", "N")] == "não"
    assert "<strong>3</strong> inscrições novas" in previa.text
    leiaute = LeiauteDeImportacao.objects.get(banca="Instituto Avalia", nome="Resultado final")

    resposta = client.post(reverse(CONFIRMAR), previa.context["confirm_form"].initial, follow=True)

    assert "Importação concluída: 3 inscrições novas, 0 atualizadas, 0 sem mudança." in resposta.text
    jose = Inscricao.objects.select_related("cargo", "candidato").get(numero="1001")
    assert (jose.cargo.codigo, jose.cor_raca, str(jose.nota)) == ("ASG", "preta", "78.250")
    assert jose.notas_parciais == {"conhecimentos_especificos": "40.5"}
    assert sorted(jose.opcoes.values_list("grupo", flat=True)) == ["negros"]
    assert Inscricao.objects.get(numero="1002").cargo.codigo == "ASG"  # nome sem acento e em minúsculas

    # O próximo arquivo da banca: o leiaute salvo já vem escolhido; nada muda e a tela diz isso.
    de_novo = enviar(client, edital_asg, arquivo_da_banca(*LINHAS_DA_BANCA))
    assert de_novo.context["formulario"].leiaute == leiaute
    previa = client.post(reverse(MAPEAR), escolhas(de_novo))
    assert dict(previa.context["previa"].contagens) == {"sem_mudanca": 3}
    assert "confirmar não muda nada" in previa.text
    historico = Inscricao.history.count()
    client.post(reverse(CONFIRMAR), previa.context["confirm_form"].initial)
    assert Inscricao.history.count() == historico == 3


def test_mapeamento_que_nao_serve_volta_com_o_problema_e_sem_previa(client, rh, edital_asg):
    tela = enviar(client, edital_asg, arquivo_da_banca(*LINHAS_DA_BANCA))
    dados = escolhas(tela)
    campo_da_sala = next(c.html_name for coluna, c in tela.context["formulario"].linhas() if coluna.cabecalho == "Sala")
    campo_do_cpf = next(c.html_name for coluna, c in tela.context["formulario"].linhas() if coluna.cabecalho == "CPF")
    dados.update({campo_da_sala: "nome", campo_do_cpf: "ignorar"})

    resposta = client.post(reverse(MAPEAR), dados)

    assert resposta.templates[0].name == "admin/concursos/inscricao/mapeamento.html"
    erros = " ".join(resposta.context["formulario"].non_field_errors())
    assert "foi escolhido para as colunas" in erros and "Faltam os campos obrigatórios: “CPF” (cpf)" in erros
    assert "previa" not in resposta.context and Inscricao.objects.count() == 0


def test_confirmacao_com_o_mapeamento_alterado_no_navegador_nao_grava_nada(client, rh, edital_asg):
    tela = enviar(client, edital_asg, arquivo_da_banca(*LINHAS_DA_BANCA))
    previa = client.post(reverse(MAPEAR), escolhas(tela))
    confirmacao = {**previa.context["confirm_form"].initial, "mapeamento": "{não é json"}

    resposta = client.post(reverse(CONFIRMAR), confirmacao)

    assert "O mapeamento das colunas voltou alterado" in resposta.text and Inscricao.objects.count() == 0


def test_o_mesmo_erro_em_300_linhas_e_uma_linha_da_tabela_com_paginas_e_csv_pela_ficha(client, rh, edital_asg):
    linhas = [
        f"{2000 + i};{cpf(100 + i)};Candidato {i};01/01/1990;Auxiliar de Servicos Gerai;Parda;não;não;30;70;1"
        for i in range(300)
    ]
    linhas[149] = linhas[149].replace(";70;1", ";setenta;1")  # um erro diferente, na linha 151
    tela = enviar(client, edital_asg, arquivo_da_banca(*linhas))
    previa = client.post(reverse(MAPEAR), escolhas(tela))

    grupos = list(previa.context["pagina_de_erros"])
    do_cargo = next(g for g in grupos if g.coluna == "Cargo")
    assert do_cargo.linhas_em_texto == "2–301" and do_cargo.letra == "E" and "quis dizer ASG" in do_cargo.motivo
    assert previa.context["total_de_erros"] == 301 and "confirm_form" not in previa.context
    assert "2–301" in previa.text and "(300 linhas)" in previa.text

    url_do_csv = previa.context["url_dos_erros_em_csv"]
    em_csv = client.get(url_do_csv)
    linhas_do_csv = em_csv.content.decode("utf-8-sig").splitlines()
    assert len(linhas_do_csv) == 302 and linhas_do_csv[0] == "linha;coluna;letra;valor;erro"
    assert any(linha.startswith("151;Nota Final;J;setenta;") for linha in linhas_do_csv)

    ficha = url_do_csv.split("ficha=")[1]
    pagina = client.get(reverse("admin:concursos_inscricao_importar_erros"), {"ficha": ficha, "pagina": "1"})
    assert pagina.status_code == 200 and "2–301" in pagina.text
    trocada = client.get(reverse("admin:concursos_inscricao_importar_erros"), {"ficha": ficha[:-3] + "abc"})
    assert trocada.status_code == 404
    assert Inscricao.objects.count() == 0


def test_erros_da_previa_so_para_quem_pode_importar(client, rh, edital_asg):
    tela = enviar(client, edital_asg, arquivo_da_banca(*LINHAS_DA_BANCA))
    ficha = tela.context["ficha"]
    outro = usuario("so_ve")
    outro.user_permissions.add(Permission.objects.get(codename="view_inscricao"))
    client.force_login(outro)

    for nome in ("admin:concursos_inscricao_importar_erros", "admin:concursos_inscricao_importar_erros_csv", MAPEAR):
        assert client.get(reverse(nome), {"ficha": ficha}).status_code == 403


def test_arquivo_com_os_cabecalhos_do_modelo_vai_direto_para_a_previa_com_o_que_muda(client, rh, edital_asg):
    cabecalho = "inscricao;cpf;nome;cargo;cor_raca;negros;nota"
    primeiro = arquivo_da_banca(f"1;{cpf(7)};Rita Sá;ASG;preta;sim;70", cabecalho=cabecalho)
    client.post(reverse(CONFIRMAR), enviar(client, edital_asg, primeiro).context["confirm_form"].initial)

    corrigido = arquivo_da_banca(
        f"1;{cpf(7)};Rita Sá;ASG;preta;sim;72,5", f"2;{cpf(8)};Ivo Lima;GM;;não;60", cabecalho=cabecalho
    )
    previa = enviar(client, edital_asg, corrigido)

    assert previa.templates[0].name == "admin/concursos/inscricao/import.html"
    linhas = {(linha.linha, linha.rotulo_do_tipo, linha.muda) for linha in previa.context["previa"].linhas}
    assert linhas == {(2, "Atualizada", "nota"), (3, "Nova", "inscrição nova")}


def test_importar_pela_pagina_do_edital_ja_escolhe_o_edital_e_oferece_o_modelo(client, rh, edital_asg):
    pagina_do_edital = reverse("admin:concursos_edital_change", args=[edital_asg.pk])
    rh.user_permissions.add(Permission.objects.get(codename="view_edital"))
    importar = f"{reverse(IMPORTAR)}?edital={edital_asg.pk}"
    assert f'href="{importar}"' in client.get(pagina_do_edital).text

    tela = client.get(importar)

    assert tela.context["form"].initial["edital"] == edital_asg.pk
    assert reverse("concursos:modelo_de_planilha", args=[edital_asg.pk, "xlsx"]) in tela.text
    assert "edital" not in client.get(f"{reverse(IMPORTAR)}?edital=999999").context["form"].initial


def test_coluna_sem_cabecalho_e_ignorada_e_o_leiaute_salvo_sem_ela(client, rh, edital_asg):
    cabecalho = CABECALHO_DA_BANCA.replace(";Sala", ";")
    tela = enviar(client, edital_asg, arquivo_da_banca(*LINHAS_DA_BANCA, cabecalho=cabecalho))
    dados = {**escolhas(tela), "salvar": "on", "banca": "Instituto Avalia", "nome_do_leiaute": "Sem nome na K"}

    previa = client.post(reverse(MAPEAR), dados)

    assert previa.context["previa"].contagens["nova"] == 3
    leiaute = LeiauteDeImportacao.objects.get(nome="Sem nome na K")
    assert "" not in leiaute.colunas and leiaute.colunas["nome_do_candidato"] == "nome"
