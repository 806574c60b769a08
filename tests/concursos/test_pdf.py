"""PDFs do edital: o anexo do quadro de vagas, o resultado de cada cargo, o buscador de recursos que
nega por padrão e o comando ``exportar_pdf``. Conferidos pelo texto extraído com pypdf."""

import io
import logging
import re
import subprocess
import sys
from datetime import UTC, date, datetime

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from pypdf import PdfReader

import cotas
from comum.cpf import formatar_cpf, mascarar_cpf
from comum.exibicao import FUSO
from comum.pdf import ENDERECO_BASE, PREFIXO_ESTATICO, RecursoRecusado, buscador
from concursos import services
from concursos.atos import Ato
from concursos.models import Candidato
from concursos.pdf import desenho, diagramacao, textos
from concursos.pdf.desenho import PaginacaoDivergente
from concursos.pdf.quadro_de_vagas import contexto_do_quadro, quadro_de_vagas_pdf
from concursos.pdf.resultado import contexto_do_resultado, resultado_do_cargo_pdf, resultado_pdf
from cotas.regimes import rotulo_do_grupo
from tests.pdf_acessivel import conferir_pdf_acessivel

from .fabricas import cargo_do_exemplo_da_alternancia, edital, inscricao, usuario
from .saidas import cenario_do_exemplo, saida_esperada

DATA_DO_ATO = date(2025, 6, 2)  # dentro da validade e depois da publicação dos editais de teste

pytestmark = pytest.mark.django_db

# 10/03/2025 22:30 em Brasília (já 11/03 em UTC): a data impressa é a de Brasília.
MOMENTO = datetime(2025, 3, 11, 1, 30, tzinfo=UTC)


@pytest.fixture(autouse=True)
def relogio(monkeypatch):
    monkeypatch.setattr(textos, "agora", lambda: MOMENTO.astimezone(FUSO))


# Nas páginas diagramadas as colunas são alinhadas com espaços tipográficos (U+2002…U+200A): o texto
# extraído os traz como estão. Para conferir o conteúdo, toda sequência de espaços vira um espaço.
ESPACOS = re.compile(r"[ \u00a0\u2000-\u200a\u202f]+")


def paginas(conteudo: bytes) -> list[str]:
    return [ESPACOS.sub(" ", pagina.extract_text()) for pagina in PdfReader(io.BytesIO(conteudo)).pages]


def texto(conteudo: bytes) -> str:
    return "\n".join(paginas(conteudo))


@pytest.fixture
def edital_de_tres_cargos():
    return edital(
        cargos=(("ADM", "Assistente administrativo", 35), ("GM", "Guarda Municipal", 13), ("VET", "Veterinário", 2))
    )


# ----------------------------------------------------------------------------------------------
# Quadro de vagas


def test_quadro_mostra_ampla_negros_e_pcd_de_cada_cargo(edital_de_tres_cargos):
    conteudo = texto(quadro_de_vagas_pdf(edital_de_tres_cargos))
    assert "Assistente administrativo 35 26 7 2" in conteudo
    assert "Guarda Municipal 13 9 3 1" in conteudo
    assert "Veterinário 2 2 0 0" in conteudo
    assert "Total 50 37 10 3" in conteudo


def test_quadro_tem_as_colunas_na_ordem_da_lei(edital_de_tres_cargos):
    conteudo = " ".join(texto(quadro_de_vagas_pdf(edital_de_tres_cargos)).split())
    assert "Cargo Vagas Ampla concorrência Negros PcD ADM — Assistente" in conteudo


def test_cargo_com_menos_de_tres_vagas_tem_nota_de_cadastro_de_reserva(edital_de_tres_cargos):
    conteudo = " ".join(texto(quadro_de_vagas_pdf(edital_de_tres_cargos)).split())
    assert re.search(r"Veterinário 2 2 0 0 Negros: cadastro de reserva .* \(Art\. 1º, §3º\)", conteudo)
    assert conteudo.count("Negros: cadastro de reserva") == 1


def test_quadro_mostra_as_posicoes_das_chamadas_reservadas(edital_de_tres_cargos):
    conteudo = texto(quadro_de_vagas_pdf(edital_de_tres_cargos))
    assert "Negros: 3ª, 8ª, 13ª, 18ª, 23ª, 28ª, 33ª; PcD: 5ª, 21ª." in conteudo
    assert "Negros: 3ª, 8ª, 13ª; PcD: 5ª." in conteudo


def test_quadro_com_pcd_de_dez_por_cento_reserva_cinco_vagas_em_cinquenta():
    conteudo = texto(quadro_de_vagas_pdf(edital(percentual_pcd="10", cargos=(("GM", "Guarda", 50),))))
    assert "Guarda 50 35 10 5" in conteudo
    assert "Reserva de 10% das vagas" in conteudo


def test_quadro_traz_a_fundamentacao_legal(edital_de_tres_cargos):
    conteudo = " ".join(texto(quadro_de_vagas_pdf(edital_de_tres_cargos)).split())
    for citacao in (
        "Lei nº 6.508/2023",
        "Reserva de 20% das vagas — Art. 1º",
        "Art. 1º, §1º",
        "Art. 1º, §2º",
        "Art. 1º, §3º",
        "Art. 1º, §4º",
        "Art. 4º",
        "Decreto federal nº 9.508/2018",
        "Teto de 20% das vagas — Lei nº 8.112/1990, art. 5º, §2º",
    ):
        assert citacao in conteudo, citacao


def test_quadro_identifica_o_edital_com_data_de_brasilia_e_paginas(edital_de_tres_cargos):
    conteudo = quadro_de_vagas_pdf(edital_de_tres_cargos)
    primeira = paginas(conteudo)[0]
    assert "Edital nº 1/2025 — Concurso público de teste" in primeira
    assert "10/03/2025" in primeira and "11/03/2025" not in primeira
    assert "PRÉVIA — NÃO PUBLICAR" in primeira and "Código de verificação" not in primeira  # sem registro, sem código
    assert "Página 1 de 1" in primeira
    assert (
        PdfReader(io.BytesIO(conteudo)).metadata["/Title"]
        == "Anexo I — Quadro de vagas — Edital nº 1/2025 — Concurso público de teste"
    )


def test_hash_do_quadro_muda_com_as_vagas_e_nao_com_a_data(edital_de_tres_cargos, monkeypatch):
    antes = contexto_do_quadro(edital_de_tres_cargos)["hash"]
    monkeypatch.setattr(textos, "agora", lambda: datetime(2030, 1, 1, tzinfo=UTC))
    assert contexto_do_quadro(edital_de_tres_cargos)["hash"] == antes
    edital_de_tres_cargos.cargos.filter(codigo="VET").update(vagas=3)
    assert contexto_do_quadro(edital_de_tres_cargos)["hash"] != antes


def test_html_do_pdf_declara_portugues_do_brasil(edital_de_tres_cargos):
    from django.template.loader import render_to_string

    html = render_to_string("concursos/pdf/quadro_de_vagas.html", contexto_do_quadro(edital_de_tres_cargos))
    assert '<html lang="pt-BR">' in html


def test_cabecalhos_dos_grupos_do_regime_federal_sao_legiveis():
    rotulos = [rotulo_do_grupo(g.grupo) for g in cotas.REGIMES["federal-15142-2025"].grupos]
    assert rotulos == ["Pretos e pardos", "Indígenas", "Quilombolas", "PcD"]


# ----------------------------------------------------------------------------------------------
# Resultado


@pytest.fixture
def cargo_com_resultado():
    cargo = cargo_do_exemplo_da_alternancia()
    inscricao(cargo, "M", 55, nome="Maria Sensível", nascimento=date(1961, 7, 14))
    services.gerar_resultado(cargo, por=usuario("clerk"))
    return cargo


def test_resultado_lista_nomes_e_inscricoes_na_ordem_de_classificacao(cargo_com_resultado):
    conteudo = texto(resultado_pdf(cargo_com_resultado.edital))
    ordem = ["A", "B", "Y", "C", "D", "Z", "P", "Q", "M"]
    posicoes = [
        conteudo.index(f"{i} {numero} Candidato {numero}" if numero != "M" else "9 M Maria Sensível")
        for i, numero in enumerate(ordem, 1)
    ]
    assert posicoes == sorted(posicoes)


def test_resultado_diz_como_os_empates_foram_ordenados_na_ordem_da_cadeia_do_edital():
    cargo = cargo_do_exemplo_da_alternancia()
    cargo.edital.desempate = ["nota:conhecimentos_especificos", "idoso", "sorteio"]
    cargo.edital.save()
    services.gerar_resultado(cargo, por=usuario("clerk"))
    conteudo = " ".join(texto(resultado_pdf(cargo.edital)).split())
    cadeia = (
        "entre empatados, 1º maior nota em conhecimentos especificos; 2º idade de 60 anos ou mais na data de "
        "referência do edital, o mais velho primeiro (Estatuto da Pessoa Idosa, art. 27, parágrafo único); "
        "3º ordem do sorteio público."
    )
    assert cadeia in conteudo
    assert "ao fim da cadeia fica, provisoriamente, na ordem do número de inscrição" in conteudo


def test_rodape_de_cada_pagina_do_resultado_traz_o_endereco_completo_do_site(cargo_com_resultado, settings):
    settings.ENDERECO_PUBLICO = "https://concursos.cariacica.es.gov.br"
    for pagina in paginas(resultado_pdf(cargo_com_resultado.edital)):
        assert "https://concursos.cariacica.es.gov.br" in pagina
    settings.ENDERECO_PUBLICO = ""  # sem a configuração, um endereço ainda completo, nunca só o caminho
    assert all(
        settings.ENDERECO_SEM_CONFIGURACAO in pagina for pagina in paginas(resultado_pdf(cargo_com_resultado.edital))
    )
    assert settings.ENDERECO_SEM_CONFIGURACAO.startswith("http")


def test_resultado_mostra_listas_dos_grupos_e_ordem_de_convocacao(cargo_com_resultado):
    conteudo = texto(resultado_pdf(cargo_com_resultado.edital))
    assert "Lista de vagas reservadas — Negros" in conteudo and "1 3 Y Candidato Y 93,000" in conteudo
    assert "Lista de vagas reservadas — PcD" in conteudo and "1 7 P Candidato P 70,000" in conteudo
    assert "3ª Negros Z Candidato Z Negros" in conteudo
    assert "5ª PcD P Candidato P PcD" in conteudo
    assert "reservada a negros (Art. 1º)" in " ".join(conteudo.split())


def test_resultado_mostra_cpf_so_mascarado_e_nunca_nascimento_nem_cor(cargo_com_resultado):
    conteudo = texto(resultado_pdf(cargo_com_resultado.edital))
    candidato = cargo_com_resultado.inscricoes.get(numero="M").candidato
    assert candidato.cpf_mascarado in conteudo
    assert candidato.cpf not in conteudo and formatar_cpf(candidato.cpf) not in conteudo
    assert "14/07/1961" not in conteudo and "1961-07-14" not in conteudo and "1961" not in conteudo
    assert "parda" not in conteudo.lower() and "preta" not in conteudo.lower()


def test_resultado_provisorio_tem_a_faixa_de_nao_publicar():
    cargo = cargo_do_exemplo_da_alternancia()
    inscricao(cargo, "W", 50, grupos={"negros": "pendente"})
    services.gerar_resultado(cargo, por=usuario("clerk"))
    conteudo = texto(resultado_pdf(cargo.edital))
    assert "PROVISÓRIO — NÃO PUBLICAR" in conteudo
    assert "1 verificação(ões) de opção por vaga reservada pendente(s)" in conteudo


def test_resultado_final_nao_tem_a_faixa_de_provisorio(cargo_com_resultado):
    conteudo = texto(resultado_pdf(cargo_com_resultado.edital))
    assert "PROVISÓRIO" not in conteudo and "Final (não publicado)" in conteudo


def test_resultado_usa_a_ultima_versao_e_avisa_cargo_sem_resultado():
    criado = edital(cargos=(("GM", "Guarda Municipal", 5), ("VET", "Veterinário", 2)))
    guarda = criado.cargos.get(codigo="GM")
    inscricao(guarda, "A", 90, nome="Primeira Versão")
    services.gerar_resultado(guarda, por=usuario("clerk"))
    inscricao(guarda, "B", 95, nome="Segunda Versão")
    resultado = services.gerar_resultado(guarda, por=usuario("chefe"))
    conteudo = texto(resultado_pdf(criado))
    assert "Versão 2" in conteudo and "Gerado por chefe" in conteudo
    assert "1 B Segunda Versão" in conteudo and "2 A Primeira Versão" in conteudo
    assert resultado.hash_das_entradas in conteudo
    assert "VET — Veterinário — resultado ainda não gerado" in conteudo


def test_quem_saiu_por_evento_aparece_anotado_e_no_registro_de_chamadas(cargo_com_resultado):
    desistente = cargo_com_resultado.inscricoes.get(numero="Z")
    services.registrar_desistencia(
        desistente, ato=Ato(documento="Requerimento 7/2025", data_do_ato=DATA_DO_ATO), por=usuario("chefe")
    )
    conteudo = " ".join(texto(resultado_pdf(cargo_com_resultado.edital)).split())
    assert "Candidato Z Saiu: Desistência (evento 1)" in conteudo
    assert "1. Desistência (Z)" in conteudo


def test_cabecalho_da_tabela_se_repete_nas_paginas_seguintes():
    cargo = cargo_do_exemplo_da_alternancia()
    for i in range(80):
        inscricao(cargo, f"2025{i:04d}", 50 - i / 4, nome=f"Candidata Longa {i}")
    services.gerar_resultado(cargo, por=usuario("clerk"))
    com_a_lista = [p for p in paginas(resultado_pdf(cargo.edital)) if "Candidata Longa" in p]
    assert len(com_a_lista) >= 2
    assert all("Classificação Inscrição Nome CPF Nota" in p for p in com_a_lista)
    assert all("PROVISÓRIO" not in p for p in com_a_lista)


def test_nomes_do_resultado_vem_numa_consulta_por_cargo(cargo_com_resultado, django_assert_max_num_queries):
    for i in range(30):
        inscricao(cargo_com_resultado, f"X{i:03d}", 10 + i)
    services.gerar_resultado(cargo_com_resultado, por=usuario("chefe"))
    with django_assert_max_num_queries(4):
        contexto_do_resultado(cargo_com_resultado.edital)


# ----------------------------------------------------------------------------------------------
# Resultado de um cargo: documento próprio, com as páginas diagramadas em Python

NOME_LONGO = ("Maria Aparecida da Conceição dos Santos Albuquerque de Vasconcellos " * 3)[:200].strip()
SEM_ESPACOS = "W" * 200  # palavra maior que a coluna: é cortada onde couber, nunca perdida


def so_letras(texto: str) -> str:
    return re.sub(r"\s+", "", texto)


@pytest.fixture
def cargo_com_150():
    """O exemplo da alternância e mais 150 classificados (três páginas de lista geral), entre eles
    nomes de 200 caracteres perto das quebras de página."""
    cargo = cargo_do_exemplo_da_alternancia()
    for i in range(150):
        nome = NOME_LONGO if i in (40, 41, 95, 96) else SEM_ESPACOS if i == 97 else f"Candidata {i:03d}"
        inscricao(cargo, f"2025{i:06d}", 50 - i / 8, nome=nome)
    services.gerar_resultado(cargo, por=usuario("clerk"))
    return cargo


def ultimo(cargo):
    return cargo.resultados.order_by("-versao").first()


def test_pdf_do_cargo_traz_a_ficha_da_versao_e_nao_a_capa_do_edital(cargo_com_resultado):
    resultado = ultimo(cargo_com_resultado)
    conteudo = texto(resultado_do_cargo_pdf(resultado))
    assert "Edital nº 1/2025 — Concurso público de teste" in conteudo
    assert "Cargo GM — Guarda Municipal" in conteudo and "Versão 1" in conteudo
    assert "Situação Final (não publicado)" in conteudo and "Gerado por clerk" in conteudo
    assert f"SHA-256 {resultado.hash_das_entradas}" in conteudo
    assert "Lista geral de classificação" in conteudo and "Registro de chamadas" in conteudo
    assert "Resultado por cargo" not in conteudo


def test_pdf_do_cargo_numera_todas_as_paginas_em_sequencia(cargo_com_150):
    folhas = paginas(resultado_do_cargo_pdf(ultimo(cargo_com_150)))
    assert len(folhas) >= 4
    for numero, folha in enumerate(folhas, start=1):
        assert folha.rstrip().endswith(f"Página {numero} de {len(folhas)}"), numero


def test_pdf_do_cargo_tem_a_linha_perto_do_fim_da_lista_e_o_cabecalho_em_cada_pagina(cargo_com_150):
    folhas = paginas(resultado_do_cargo_pdf(ultimo(cargo_com_150)))
    candidata = cargo_com_150.inscricoes.get(numero="2025000148").candidato
    linha = f"157 2025000148 Candidata 148 {candidata.cpf_mascarado} 31,500"
    assert sum(linha in folha for folha in folhas) == 1
    com_a_lista = [f for f in folhas if "Candidata 0" in f or "Candidata 1" in f]
    assert len(com_a_lista) >= 3
    assert all("Classificação Inscrição Nome CPF Nota" in f for f in com_a_lista)


def test_nomes_de_200_caracteres_saem_inteiros_e_nao_desmancham_a_paginacao(cargo_com_150):
    conteudo = texto(resultado_do_cargo_pdf(ultimo(cargo_com_150)))  # PaginacaoDivergente se desmanchasse
    corrido = so_letras(conteudo)
    assert corrido.count(so_letras(NOME_LONGO)) >= 4
    assert so_letras(SEM_ESPACOS) in corrido
    for cpf in cargo_com_150.inscricoes.values_list("candidato__cpf", flat=True):  # nenhuma linha perdida
        assert mascarar_cpf(cpf) in conteudo


def test_pdf_do_cargo_nunca_mostra_cpf_inteiro(cargo_com_150):
    conteudo = texto(resultado_do_cargo_pdf(ultimo(cargo_com_150)))
    assert not re.search(r"\d{3}\.\d{3}\.\d{3}-\d{2}", conteudo)
    for cpf in cargo_com_150.inscricoes.values_list("candidato__cpf", flat=True):
        assert cpf not in conteudo and formatar_cpf(cpf) not in conteudo


def test_pdf_de_uma_versao_anterior_mostra_os_dados_dela():
    cargo = cargo_do_exemplo_da_alternancia()
    primeira = services.gerar_resultado(cargo, por=usuario("clerk"))
    inscricao(cargo, "N", 99, nome="Nova Inscrita")
    services.gerar_resultado(cargo, por=usuario("chefe"))
    conteudo = texto(resultado_do_cargo_pdf(primeira))
    assert "Versão 1" in conteudo and primeira.hash_das_entradas in conteudo
    assert "Nova Inscrita" not in conteudo and "1 A Candidato A" in conteudo


def versao_depois_da_revisao(nome_do_exemplo: str, vagas: int, notas: dict[str, int], **saida):
    """Um cargo com as inscrições do exemplo e uma versão cuja saída é a esperada do exemplo (o motor
    das revisões chega depois: a saída vem do arquivo ``.esperado.json``, completada por ``saida``)."""
    cargo = edital(cargos=(("GM", "Guarda Municipal", vagas),)).cargos.get()
    for numero, nota in notas.items():
        inscricao(cargo, numero, nota)
    resultado = services.gerar_resultado(cargo, por=usuario("clerk"))
    resultado.saida = saida_esperada(nome_do_exemplo, **saida)
    resultado.cenario["eventos"] = cenario_do_exemplo(nome_do_exemplo)["eventos"]
    resultado.__dict__.pop("saida_do_motor", None)
    return resultado


def test_pdf_marca_sub_judice_mantido_e_quem_passou_das_vagas_em_cada_lista_e_na_ordem():
    resultado = versao_depois_da_revisao(
        "nota-corrigida-por-decisao-judicial",
        3,
        {"A": 95, "B": 94, "C": 93, "D": 92, "E": 91},
        tipos=["ampla", "ampla", "negros"],
    )
    conteudo = " ".join(texto(resultado_do_cargo_pdf(resultado, processos=1)).split())
    geral = conteudo.split("Lista geral de classificação")[1].split("Ordem de convocação vigente")[0]
    assert "Candidato C Mantido pelo evento 1" in geral
    assert "Candidato D Sub judice; Nota corrigida para 96 pelo evento 1" in geral
    ordem = conteudo.split("Ordem de convocação vigente")[1].split("Registro de chamadas")[0]
    assert "3ª Negros C Candidato C Mantido pelo evento 1 Ampla concorrência" in ordem
    assert "4ª — D Candidato D Além das 3 vagas — convocado por revisão; sub judice Ampla concorrência" in ordem


def test_pdf_mostra_vaga_nao_preenchida_reclassificacao_de_posicao_e_o_motivo_inteiro():
    cadeia = (
        "5ª vaga, reservada a PcD (Art. 1º): a vaga de X, que passou à 3ª vaga (negros), deixada por N1, "
        "desistente (Art. 3º, §2º)"
    )
    resultado = versao_depois_da_revisao(
        "posicoes-estaveis",
        14,
        {
            "G01": 99,
            "G02": 98,
            "G03": 97,
            "G04": 96,
            "G05": 95,
            "G06": 94,
            "G07": 93,
            "G08": 92,
            "G09": 91,
            "N2": 84,
            "N3": 83,
            "X": 82,
            "P1": 70,
        },
        motivos={"P1": cadeia},
        tipos=["ampla", "ampla", "negros", "ampla", "pcd", "ampla", "ampla", "negros"]
        + ["ampla"] * 4
        + ["negros", "ampla"],
        vagas_totais=14,
        reclassificacoes=[
            {
                "evento": 1,
                "inscricao": "X",
                "de": "pcd",
                "para": "negros",
                "motivo": "Art. 3º, §2º",
                "de_posicao": 5,
                "para_posicao": 3,
            }
        ],
    )
    conteudo = " ".join(texto(resultado_do_cargo_pdf(resultado, processos=1)).split())
    assert "14ª Ampla concorrência — vaga não preenchida" in conteudo
    mudancas = conteudo.split("Mudanças de vaga de quem continua convocado")[1].split("Registro de chamadas")[0]
    assert "X Candidato X PcD Negros 5ª → 3ª" in mudancas and "Art. 3º, §2º" in mudancas
    assert cadeia in conteudo.split("Registro de chamadas")[1]


def test_pdf_do_cargo_provisorio_avisa_em_cada_pagina():
    cargo = cargo_do_exemplo_da_alternancia()
    for i in range(90):
        inscricao(cargo, f"X{i:03d}", 40 - i / 4)
    inscricao(cargo, "W", 50, grupos={"negros": "pendente"})
    folhas = paginas(resultado_do_cargo_pdf(services.gerar_resultado(cargo, por=usuario("clerk"))))
    assert len(folhas) >= 2 and all("PROVISÓRIO — NÃO PUBLICAR" in f for f in folhas)


def test_quebra_de_linha_tabulacao_e_controles_de_direcao_no_nome_nao_mudam_a_linha():
    cargo = cargo_do_exemplo_da_alternancia()
    # (Sem NUL: o PostgreSQL nem o guarda, e os formulários e a importação já o recusam.) O modelo
    # também recusa esses caracteres ao gravar (TextosDigitados): o nome entra como um dado antigo,
    # de antes da regra, que o PDF continua tendo de imprimir numa linha só.
    inscricao(cargo, "R", 99)
    Candidato.objects.filter(inscricoes__numero="R").update(nome="Ana\nMaria\tSouza\u202e Lima\u2028Fim")
    conteudo = texto(resultado_do_cargo_pdf(services.gerar_resultado(cargo, por=usuario("clerk"))))
    cpf = cargo.inscricoes.get(numero="R").candidato.cpf_mascarado
    assert f"1 R Ana Maria Souza Lima Fim {cpf} 99,000" in conteudo


def test_nome_em_arabe_nao_troca_as_colunas_de_lugar():
    cargo = cargo_do_exemplo_da_alternancia()
    inscricao(cargo, "R", 99, nome="محمد علي")
    conteudo = texto(resultado_do_cargo_pdf(services.gerar_resultado(cargo, por=usuario("clerk"))))
    linha = next(linha.strip() for linha in conteudo.splitlines() if "محمد" in linha)
    # Sem isolar o nome (FSI…PDI), a nota e o CPF iam parar no lugar do nome, de trás para a frente.
    assert linha.startswith("1 R ") and linha.endswith("-** 99,000")


def test_letras_que_a_fonte_nao_tem_e_titulos_longos_nao_desmancham_a_paginacao():
    titulo = "Concurso público para provimento de cargos efetivos " * 4
    cargo = edital(titulo=titulo[:200].strip(), cargos=(("GM", ("Guarda Municipal " * 12)[:200], 5),)).cargos.get()
    for i in range(70):
        inscricao(cargo, f"{i:020d}", 90 - i / 4, nome="Zoë 😀 Ærø Jose\u0301" if i % 7 == 0 else f"Pessoa {i}")
    folhas = paginas(resultado_do_cargo_pdf(services.gerar_resultado(cargo, por=usuario("clerk"))))
    assert len(folhas) >= 2 and folhas[-1].rstrip().endswith(f"Página {len(folhas)} de {len(folhas)}")
    assert "00000000000000000069" in so_letras("".join(folhas)) and "Zoë 😀 Ærø José" in "".join(folhas)


def test_ideogramas_sem_fonte_saem_como_caixas_sem_desmanchar_a_paginacao():
    """A DejaVu não tem ideogramas: o WeasyPrint desenha caixas (e o texto extraído da página sai
    estragado pelo pypdf), mas a diagramação conta 1 em por letra e a numeração fica certa."""
    cargo = cargo_do_exemplo_da_alternancia()
    for i in range(70):
        inscricao(cargo, f"J{i:03d}", 40 - i / 4, nome="山田 太郎" * (1 + i % 9))
    conteudo = resultado_do_cargo_pdf(services.gerar_resultado(cargo, por=usuario("clerk")))
    assert len(PdfReader(io.BytesIO(conteudo)).pages) >= 2  # sem PaginacaoDivergente


def test_desenho_em_varios_processos_da_o_mesmo_documento(cargo_com_150, monkeypatch):
    monkeypatch.setattr(desenho, "LINHAS_PARA_DESENHAR_EM_PARALELO", 0)
    monkeypatch.setattr(desenho, "PAGINAS_POR_FATIA", 2)
    resultado = ultimo(cargo_com_150)
    em_paralelo = paginas(resultado_do_cargo_pdf(resultado, processos=2))
    num_processo = paginas(resultado_do_cargo_pdf(resultado, processos=1))
    assert len(em_paralelo) >= 4 and em_paralelo == num_processo


def test_pagina_que_nao_coube_recusa_o_documento(cargo_com_150, monkeypatch):
    monkeypatch.setattr(diagramacao, "ALTURA_UTIL", 400)  # a diagramação acha que a folha é maior do que é
    with pytest.raises(PaginacaoDivergente, match="previu"):
        resultado_do_cargo_pdf(ultimo(cargo_com_150))


def test_pdf_do_cargo_tem_titulo_idioma_e_sumario(cargo_com_resultado):
    leitor = PdfReader(io.BytesIO(resultado_do_cargo_pdf(ultimo(cargo_com_resultado))))
    assert (
        leitor.metadata["/Title"]
        == "Resultado — Edital nº 1/2025 — Concurso público de teste — GM — Guarda Municipal — versão 1"
    )
    assert leitor.root_object["/Lang"] == "pt-BR"
    cargo, listas = leitor.outline
    assert cargo.title == "GM — Guarda Municipal — versão 1"
    assert [item.title for item in listas] == [
        "Lista geral de classificação",
        "Lista de vagas reservadas — Negros",
        "Lista de vagas reservadas — PcD",
        "Ordem de convocação vigente",
        "Registro de chamadas",
    ]


def test_resultado_do_edital_numera_capa_e_cargos_numa_sequencia_so(cargo_com_150):
    outro = cargo_com_150.edital.cargos.create(codigo="VET", nome="Veterinário", vagas=2)
    inscricao(outro, "V1", 80, nome="Vera Veterinária")
    services.gerar_resultado(outro, por=usuario("chefe"))
    folhas = paginas(resultado_pdf(cargo_com_150.edital))
    assert "Resultado por cargo" in folhas[0]
    assert [f.rstrip().rsplit("Página ", 1)[1] for f in folhas] == [
        f"{i} de {len(folhas)}" for i in range(1, len(folhas) + 1)
    ]
    assert sum("Cargo VET — Veterinário" in f for f in folhas) == 1


# ----------------------------------------------------------------------------------------------
# Buscador de recursos: nega por padrão


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/hostname",
        "http://169.254.169.254/latest/meta-data/",
        "https://169.254.169.254/",
        ENDERECO_BASE + "static/../../etc/passwd",
        ENDERECO_BASE + "static/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        ENDERECO_BASE + "etc/passwd",
        "https://pdf.invalid.exemplo.com/static/concursos/pdf/impressao.css",
        "file://" + str(settings.BASE_DIR / "static" / "concursos" / "pdf" / "impressao.css"),
    ],
)
def test_buscador_recusa_o_que_nao_e_estatico_do_projeto(url):
    with pytest.raises(RecursoRecusado):
        buscador().fetch(url)


def test_buscador_entrega_os_estaticos_do_projeto_e_data():
    folha = buscador().fetch(PREFIXO_ESTATICO + "concursos/pdf/impressao.css")
    assert b"@font-face" in folha.read() and folha.content_type == "text/css"
    assert buscador().fetch("data:text/plain,ola").read() == b"ola"


def test_pdf_com_recurso_externo_sai_sem_buscar_o_recurso(caplog):
    from weasyprint import HTML

    html = '<link rel="stylesheet" href="http://169.254.169.254/x.css"><img src="/static/../../etc/hostname"><p>ok</p>'
    with caplog.at_level(logging.WARNING, logger="weasyprint"):
        conteudo = HTML(string=html, base_url=ENDERECO_BASE, url_fetcher=buscador()).write_pdf()
    assert texto(conteudo).strip() == "ok"
    assert caplog.text.count("Recurso recusado") == 2


def test_carregar_o_modulo_de_pdf_nao_importa_o_weasyprint():
    codigo = (
        "import django, sys; django.setup(); "
        "import concursos.pdf.quadro_de_vagas, concursos.pdf.resultado, concursos.management.commands.exportar_pdf; "
        "print('weasyprint' in sys.modules)"
    )
    saida = subprocess.run(
        [sys.executable, "-c", codigo],
        cwd=settings.BASE_DIR,
        env={"DJANGO_SETTINGS_MODULE": "config.settings", "PATH": ""},
        capture_output=True,
        text=True,
        check=True,
    )
    assert saida.stdout.strip() == "False"


def test_processo_que_desenha_importa_o_modulo_sem_django_setup():
    """Os processos de desenho (spawn) só têm as configurações: o módulo não pode exigir os modelos."""
    codigo = "import concursos.pdf.desenho as d; d.aquecer_processo(); print('ok')"
    saida = subprocess.run(
        [sys.executable, "-c", codigo],
        cwd=settings.BASE_DIR,
        env={"DJANGO_SETTINGS_MODULE": "config.settings", "PATH": ""},
        capture_output=True,
        text=True,
        check=True,
    )
    assert saida.stdout.strip() == "ok"


# ----------------------------------------------------------------------------------------------
# Comando exportar_pdf


@pytest.mark.parametrize("documento", ["quadro", "resultado"])
def test_comando_grava_um_pdf_valido(cargo_com_resultado, tmp_path, documento):
    arquivo = tmp_path / f"{documento}.pdf"
    call_command("exportar_pdf", documento, "1/2025", saida=str(arquivo), stdout=io.StringIO())
    assert arquivo.read_bytes().startswith(b"%PDF")


def test_comando_recusa_edital_desconhecido_sem_gravar_arquivo(tmp_path):
    arquivo = tmp_path / "nada.pdf"
    with pytest.raises(CommandError, match="Edital 9/2031 não encontrado"):
        call_command("exportar_pdf", "quadro", "9/2031", saida=str(arquivo))
    assert not arquivo.exists()


def test_comando_recusa_edital_mal_escrito(tmp_path):
    with pytest.raises(CommandError, match="Escreva número/ano, por exemplo 1/2025"):
        call_command("exportar_pdf", "quadro", "2025", saida=str(tmp_path / "x.pdf"))


def test_pdf_do_resultado_tem_titulo_e_idioma_para_o_leitor_de_tela(cargo_com_resultado):
    """Montado de fatias (docs/TECNICO.md §10), não é marcado; o título e o idioma vêm da primeira."""
    conteudo = resultado_pdf(cargo_com_resultado.edital)
    conferir_pdf_acessivel(conteudo, "Resultado — ", marcado=False)


def test_o_cabecalho_da_instituicao_mora_num_so_modelo():
    """O brasão, o órgão, o estado e a secretaria: um include (``_instituicao.html``) que os atos usam,
    em vez de uma cópia em cada modelo."""
    pasta = settings.BASE_DIR / "templates" / "concursos" / "pdf"
    com_o_bloco = sorted(p.name for p in pasta.glob("*.html") if 'class="instituicao"' in p.read_text())
    assert com_o_bloco == ["_instituicao.html"]
    for modelo in ("convocacao.html", "quadro_de_vagas.html", "termo_de_eliminacao.html"):
        assert '{% include "concursos/pdf/_instituicao.html" %}' in (pasta / modelo).read_text()
