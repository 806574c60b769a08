"""O mapeamento das colunas do arquivo da banca (``concursos.importacao.mapeamento``) e o cargo pelo
nome (``concursos.importacao.cargos``): o RH importa o arquivo como a banca o manda, e os erros
continuam dizendo o cabeçalho e a letra do arquivo da banca."""

import pytest
import tablib

from comum import planilhas
from comum.cpf import completar_cpf, formatar_cpf
from concursos.importacao import mapeamento as mapa
from concursos.importacao.erros import agrupar
from concursos.importacao.massa import importar_inscricoes
from concursos.importacao.resultado import ImportacaoRecusada
from concursos.models import Inscricao, LeiauteDeImportacao
from tests.conftest import DADOS

from .fabricas import edital

pytestmark = pytest.mark.django_db

PROPRIOS = DADOS / "importacao" / "banca-cabecalhos-proprios-cp1252.csv"
ACEITOS = DADOS / "importacao" / "banca-ponto-e-virgula-cp1252.csv"
CARGOS = (("ASG", "Auxiliar de Serviços Gerais", 3), ("GM", "Guarda Municipal", 2))

SUGESTOES_DA_BANCA = {
    "Nº de Inscrição": "inscricao",
    "Nome do Candidato": "nome",
    "CPF": "cpf",
    "Data de Nascimento": "nascimento",
    "Cargo": "cargo",
    "Cor/Raça": "cor_raca",
    "Concorre às vagas reservadas a negros": "negros",
    "Pessoa com Deficiência": "pcd",
    "Conhecimentos Básicos": "nota_conhecimentos_basicos",
    "Conhecimentos Específicos": "nota_conhecimentos_especificos",
    "Nota Final": "nota",
}


def conjunto_da_banca():
    return planilhas.ler_arquivo(PROPRIOS.name, PROPRIOS.read_bytes())


def conjunto(cabecalhos, *linhas):
    dados = tablib.Dataset(headers=list(cabecalhos))
    for linha in linhas:
        dados.append(linha)
    return dados


# ------------------------------------------------------------------------------------ sugestões


def test_cabecalhos_da_banca_recebem_o_campo_certo_com_amostras(edital_asg):
    colunas = mapa.colunas_do_arquivo(conjunto_da_banca(), edital_asg)

    assert {c.cabecalho: c.sugestao for c in colunas} == SUGESTOES_DA_BANCA
    cargo = next(c for c in colunas if c.cabecalho == "Cargo")
    assert (cargo.indice, cargo.letra) == (4, "E")
    assert cargo.amostras == ("Auxiliar de Serviços Gerais", "auxiliar de servicos gerais", "Guarda Municipal")
    assert next(c for c in colunas if c.cabecalho == "CPF").amostras[0] == "447.712.782-02"


def test_nota_parcial_que_o_desempate_do_edital_nao_usa_nao_e_sugerida(rh):
    so_especificos = edital(criado_por=rh, cargos=CARGOS, desempate=["nota:conhecimentos_especificos", "idade"])

    sugestoes = mapa.sugestao(conjunto_da_banca(), so_especificos)

    assert sugestoes["Conhecimentos Específicos"] == "nota_conhecimentos_especificos"
    assert sugestoes["Conhecimentos Básicos"] == mapa.IGNORAR


def test_coluna_de_negros_nao_e_sugerida_num_regime_sem_esse_grupo(rh):
    federal = edital(criado_por=rh, cargos=CARGOS, regime="federal-15142-2025")

    sugestoes = mapa.sugestao(conjunto_da_banca(), federal)

    assert sugestoes["Concorre às vagas reservadas a negros"] == mapa.IGNORAR
    assert sugestoes["Pessoa com Deficiência"] == "pcd"


def test_um_campo_e_sugerido_para_uma_coluna_so(edital_asg):
    dados = conjunto(["Total", "Nota Final", "Negro", "Cotista negro"], ["70", "70", "Sim", "Sim"])

    sugestoes = mapa.sugestao(dados, edital_asg)

    # o nome usual mais forte ("nota final") vence, mesmo numa coluna à direita
    assert sugestoes == {"Total": mapa.IGNORAR, "Nota Final": "nota", "Negro": "negros", "Cotista negro": "ignorar"}


def test_leiaute_salvo_vence_as_sugestoes(edital_asg):
    dados = conjunto(["Total", "Nota Final"], ["70", "71"])

    sugestoes = mapa.sugestao(dados, edital_asg, {"Nota Final": "ignorar", "total": "nota"})

    assert sugestoes == {"Total": "nota", "Nota Final": mapa.IGNORAR}


def test_arquivo_com_os_cabecalhos_aceitos_nao_precisa_de_mapeamento(edital_asg):
    aceito = planilhas.ler_arquivo(ACEITOS.name, ACEITOS.read_bytes())

    assert not mapa.precisa_mapear(aceito, edital_asg)
    assert mapa.precisa_mapear(conjunto_da_banca(), edital_asg)


# ------------------------------------------------------------------------------------ conferência


def test_mapeamento_sugerido_para_o_arquivo_da_banca_serve(edital_asg):
    dados = conjunto_da_banca()

    assert mapa.conferir(mapa.sugestao(dados, edital_asg), edital_asg, mapa.cabecalhos_do_arquivo(dados)) == []


def test_campo_escolhido_para_duas_colunas_nomeia_as_duas(edital_asg):
    cabecalhos = list(SUGESTOES_DA_BANCA)
    escolha = SUGESTOES_DA_BANCA | {"Conhecimentos Básicos": "nota"}

    problemas = mapa.conferir(escolha, edital_asg, cabecalhos)

    assert problemas == [
        "o campo “Nota final” (nota) foi escolhido para as colunas I “Conhecimentos Básicos” e "
        "K “Nota Final”; escolha uma só"
    ]


def test_mapeamento_sem_campo_obrigatorio_sem_coluna_e_com_campo_estranho(edital_asg):
    cabecalhos = [*SUGESTOES_DA_BANCA, "Observações"]
    escolha = SUGESTOES_DA_BANCA | {"CPF": "ignorar", "Cor/Raça": "raca"}

    problemas = mapa.conferir(escolha, edital_asg, cabecalhos)

    assert problemas == [
        "coluna F “Cor/Raça”: “raca” não é campo deste edital",
        "coluna L “Observações”: escolha um campo ou “ignorar”",
        "faltam os campos obrigatórios: “CPF” (cpf)",
    ]


def test_duas_colunas_com_o_mesmo_cabecalho_sao_apontadas(edital_asg):
    problemas = mapa.conferir({"Nota": "nota"}, edital_asg, ["Nota", "Nota "])

    assert problemas[0] == (
        "as colunas A e B têm o mesmo cabeçalho “Nota”; renomeie uma delas no arquivo para poder mapeá-las"
    )


def test_json_do_mapeamento_vai_e_volta_e_lixo_e_recusado():
    mapeamento = {"Nome do Candidato": "nome", "Observações": mapa.IGNORAR}

    assert mapa.de_json(mapa.para_json(mapeamento)) == mapeamento
    for lixo in ("{", "[1, 2]", '{"Nome": 3}', None):
        with pytest.raises(ValueError, match="mapeamento das colunas"):
            mapa.de_json(lixo)


# ------------------------------------------------------------------------------------ aplicação


def test_aplicar_renomeia_tira_as_ignoradas_e_guarda_cabecalho_e_letra_originais(edital_asg):
    dados = conjunto(["Obs", "Nome do Candidato", "Nota Final"], ["x", "Ana", "70"])

    mapa.aplicar(dados, {"Obs": "ignorar", "Nome do Candidato": "nome", "Nota Final": "nota"})

    assert dados.headers == ["nome", "nota"]
    assert dados[0] == ("Ana", "70")
    assert dados.rotulos_originais == {"nome": ("Nome do Candidato", "B"), "nota": ("Nota Final", "C")}


def test_arquivo_da_banca_mapeado_entra_com_cargo_pelo_nome_e_notas_parciais(edital_asg, rh):
    dados = conjunto_da_banca()

    resumo = importar_inscricoes(
        edital_asg, PROPRIOS.read_bytes(), PROPRIOS.name, por=rh, mapeamento=mapa.sugestao(dados, edital_asg)
    )

    assert (resumo.novas, resumo.opcoes_criadas) == (7, 6)  # 4 negros e 2 PcD
    ana = Inscricao.objects.select_related("cargo", "candidato").get(numero="2025-0102")
    assert (ana.cargo.codigo, ana.cor_raca, ana.candidato.nome) == ("ASG", "preta", "Ana Lúcia Gonçalves")
    assert ana.notas_parciais == {"conhecimentos_basicos": "30", "conhecimentos_especificos": "42"}
    assert set(ana.opcoes.values_list("grupo", flat=True)) == {"negros"}
    assert Inscricao.objects.get(numero="2025-0104").cargo.codigo == "GM"


def test_erro_no_arquivo_mapeado_cita_o_cabecalho_e_a_letra_da_banca(edital_asg, rh):
    conteudo = PROPRIOS.read_bytes().replace(b";72,5\r\n", b";setenta\r\n")
    escolha = mapa.sugestao(conjunto_da_banca(), edital_asg) | {"Conhecimentos Básicos": "ignorar"}

    with pytest.raises(ImportacaoRecusada) as recusa:
        importar_inscricoes(edital_asg, conteudo, PROPRIOS.name, por=rh, mapeamento=escolha)

    # a coluna I foi tirada; a nota continua sendo a K do arquivo da banca
    assert recusa.value.mensagens[0].startswith("Linha 5, coluna “Nota Final” (K), valor “setenta”:")
    assert not Inscricao.objects.exists()


def test_mapeamento_que_nao_serve_recusa_o_arquivo_sem_gravar(edital_asg, rh):
    escolha = mapa.sugestao(conjunto_da_banca(), edital_asg) | {"CPF": "ignorar"}

    with pytest.raises(ImportacaoRecusada) as recusa:
        importar_inscricoes(edital_asg, PROPRIOS.read_bytes(), PROPRIOS.name, por=rh, mapeamento=escolha)

    assert recusa.value.mensagens == ["Linha 1 (cabeçalho): faltam os campos obrigatórios: “CPF” (cpf)."]
    assert not Inscricao.objects.exists()


# ------------------------------------------------------------------------------------ cargo pelo nome


def arquivo_aceito(cargos: list[str]) -> bytes:
    linhas = ["inscricao;cpf;nome;cargo;nota"]
    for i, cargo in enumerate(cargos, start=1):
        linhas.append(f"{i};{formatar_cpf(completar_cpf(f'{400_000_000 + i:09d}'))};Pessoa {i};{cargo};70")
    return "\n".join(linhas).encode()


def test_nome_de_dois_cargos_e_recusado_pedindo_o_codigo(rh):
    professores = edital(criado_por=rh, cargos=(("PEB1", "Professor", 2), ("PEB2", "Professor", 2)))

    with pytest.raises(ImportacaoRecusada) as recusa:
        importar_inscricoes(professores, arquivo_aceito(["professor", "PEB2"]), "a.csv", por=rh)

    assert recusa.value.mensagens == [
        "Linha 2, coluna “cargo” (D), valor “professor”: “professor” é o nome de mais de um cargo deste edital "
        "(PEB1 e PEB2); informe o código."
    ]


def test_cargo_quase_certo_em_300_linhas_e_um_grupo_so_com_a_sugestao(edital_asg, rh):
    with pytest.raises(ImportacaoRecusada) as recusa:
        importar_inscricoes(edital_asg, arquivo_aceito(["Auxiliar de Servicos Gerai"] * 300), "a.csv", por=rh)

    grupos = agrupar(recusa.value.erros)
    assert len(grupos) == 1
    assert (grupos[0].linhas_em_texto, grupos[0].coluna, grupos[0].letra) == ("2–301", "cargo", "D")
    assert grupos[0].motivo == (
        "cargo “Auxiliar de Servicos Gerai” não existe neste edital — quis dizer ASG (Auxiliar de Serviços Gerais)?"
    )


def test_cargo_sem_parecido_lista_os_cargos_do_edital(edital_asg, rh):
    with pytest.raises(ImportacaoRecusada) as recusa:
        importar_inscricoes(edital_asg, arquivo_aceito(["Engenheiro Civil"]), "a.csv", por=rh)

    assert recusa.value.mensagens[0].endswith("cargo desconhecido neste edital (cargos do edital: ASG, GM).")


# ------------------------------------------------------------------------------------ leiautes salvos


def test_leiaute_salvo_guarda_os_cabecalhos_normalizados_e_atualiza_pelo_nome(rh):
    primeiro = mapa.salvar_leiaute("Instituto Exemplo", "inscrições", {"Nome do Candidato": "nome"}, rh)
    mesmo = mapa.salvar_leiaute("Instituto Exemplo", "inscrições", {"Nº de Inscrição": "inscricao"}, rh)

    assert mesmo.pk == primeiro.pk and str(mesmo) == "Instituto Exemplo — inscrições"
    assert LeiauteDeImportacao.objects.get().colunas == {"no_de_inscricao": "inscricao"}


def test_leiautes_sugeridos_trazem_primeiro_o_que_reconhece_mais_colunas(rh):
    pouco = mapa.salvar_leiaute("Banca A", "curto", {"Nome do Candidato": "nome"}, rh)
    muito = mapa.salvar_leiaute("Banca B", "completo", dict(SUGESTOES_DA_BANCA), rh)
    mapa.salvar_leiaute("Banca C", "outro", {"Matrícula": "inscricao"}, rh)

    assert mapa.leiautes_sugeridos(list(SUGESTOES_DA_BANCA)) == [muito, pouco]
