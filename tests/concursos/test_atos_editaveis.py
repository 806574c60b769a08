"""O arquivo editável de cada tipo de ato publicado (docs/ATOS-PUBLICADOS.md §3): o DOCX que o Diário
Oficial do Município recebe, guardado com o ato, do mesmo conteúdo do PDF, as listas como tabelas,
com o número do registro, o código de verificação e o endereço da verificação no texto e no rodapé;
nunca mais dado pessoal do que o PDF (CPF mascarado; nem o CPF inteiro, nem a cor/raça, nem a data
de nascimento). Baixa-o, com os mesmos bytes, quem lê o registro."""

import io

import pytest
from django.test import Client
from django.urls import reverse
from docx import Document
from docx.enum.section import WD_ORIENT

from comum.cpf import formatar_cpf
from comum.docx import Editavel
from concursos import services
from concursos.models import AcessoADadosSensiveis, AtoPublicado
from concursos.papeis import AUDITOR, MEMBRO, RH
from concursos.services import atos
from concursos.tipos_de_ato import (
    PRESTACAO_DE_CONTAS,
    RESULTADO_DA_HETEROIDENTIFICACAO,
    RESULTADO_PUBLICADO,
    TIPOS_DE_ATO,
)
from heteroidentificacao.services.prestacao_de_contas import publicar_prestacao_de_contas
from heteroidentificacao.services.resultado_definitivo import publicar_resultado_definitivo
from tests.heteroidentificacao.test_pdf import sessao_julgada

from .fabricas import usuario
from .test_convocacao import publicar

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def endereco_publico(settings):
    settings.ENDERECO_PUBLICO = "https://concursos.cariacica.es.gov.br"


VERIFICACAO = "https://concursos.cariacica.es.gov.br/concursos/verificar/"


def lido(ato: AtoPublicado):
    return Document(io.BytesIO(bytes(ato.editavel)))


def texto(documento) -> str:
    """Todo o texto do DOCX: parágrafos, células das tabelas e rodapé."""
    partes = [p.text for p in documento.paragraphs]
    partes += [celula.text for tabela in documento.tables for linha in tabela.rows for celula in linha.cells]
    partes += [p.text for secao in documento.sections for p in secao.footer.paragraphs]
    return "\n".join(partes)


def linhas(tabela) -> list[list[str]]:
    return [[celula.text for celula in linha.cells] for linha in tabela.rows]


def tabelas_com(documento, cabecalho: list[str]) -> list[list[list[str]]]:
    return [linhas(t) for t in documento.tables if linhas(t)[0] == cabecalho]


def tabela_com(documento, cabecalho: list[str]) -> list[list[str]]:
    [achada] = tabelas_com(documento, cabecalho)
    return achada


def registrado_no_texto_e_no_rodape(ato: AtoPublicado, documento) -> bool:
    corpo = "\n".join(p.text for p in documento.paragraphs)
    rodape = documento.sections[0].footer.paragraphs[0].text
    return all(
        ato.codigo in parte and VERIFICACAO in parte and f"nº {ato.numero_no_ano}" in parte for parte in (corpo, rodape)
    )


def sem_dado_pessoal_alem_do_pdf(conteudo: str, cargo) -> bool:
    """Nenhum CPF inteiro (com ou sem pontos), cor/raça ou data de nascimento de quem se inscreveu."""
    proibidos = set()
    for inscricao in cargo.inscricoes.select_related("candidato"):
        candidato = inscricao.candidato
        proibidos |= {candidato.cpf, formatar_cpf(candidato.cpf)}
        if candidato.nascimento:
            proibidos |= {candidato.nascimento.strftime("%d/%m/%Y"), candidato.nascimento.isoformat()}
        if inscricao.cor_raca:
            proibidos.add(inscricao.get_cor_raca_display())
    return not any(dado.lower() in conteudo.lower() for dado in proibidos)


def test_todo_tipo_de_ato_tem_o_seu_arquivo_editavel():
    assert [chave for chave, tipo in TIPOS_DE_ATO.items() if tipo.editavel is None] == []


def test_um_tipo_novo_so_com_o_modelo_ganha_o_editavel_do_mesmo_modelo(publicado, papeis, tipo_de_ato_ficticio):
    tipo = tipo_de_ato_ficticio(
        "<h1>Aviso</h1><table><tr><th>Inscrição</th><th>Situação</th></tr><tr><td>{{ numero }}</td><td>Apto</td></tr></table>"
    )
    ato = atos.registrar_ato(tipo, titulo="Aviso", contexto={"numero": "A"}, edital=publicado.edital, por=papeis[RH])
    documento = lido(ato)
    assert tabela_com(documento, ["Inscrição", "Situação"]) == [["Inscrição", "Situação"], ["A", "Apto"]]
    assert registrado_no_texto_e_no_rodape(ato, documento)  # o modelo não o tem no texto: vai no início


def test_o_resultado_publicado_guarda_as_listas_e_a_ordem_em_tabelas_com_o_cpf_mascarado(publicado):
    ato = AtoPublicado.objects.get(tipo=RESULTADO_PUBLICADO, cargo=publicado)
    documento = lido(ato)
    assert registrado_no_texto_e_no_rodape(ato, documento)
    a = publicado.inscricoes.get(numero="A").candidato
    geral = tabela_com(documento, ["Classificação", "Inscrição", "Nome", "CPF", "Nota"])
    assert geral[1] == ["1", "A", "Candidato A", a.cpf_mascarado, "95,000"] and len(geral) == 1 + 8
    negros, pcd = tabelas_com(documento, ["Classificação no grupo", "Classificação geral", "Inscrição", "Nome", "Nota"])
    assert negros[1:] == [["1", "3", "Y", "Candidato Y", "93,000"], ["2", "6", "Z", "Candidato Z", "80,000"]]
    assert [linha[2] for linha in pcd[1:]] == ["P", "Q"]
    ordem = tabela_com(documento, ["Posição", "Tipo da vaga", "Inscrição", "Nome", "Vaga ocupada"])
    assert ordem[3] == ["3ª", "Negros", "Z", "Candidato Z", "Negros"]
    chamadas = tabela_com(documento, ["Ordem", "Posição", "Inscrição", "Nome", "Vaga", "Evento", "Motivo"])
    assert chamadas[5][:6] == ["5", "5ª", "P", "Candidato P", "PcD", "Resultado inicial"]
    tudo = texto(documento)
    assert "Lista de vagas reservadas — PcD" in tudo and "Desempate" in tudo
    assert sem_dado_pessoal_alem_do_pdf(tudo, publicado)


def test_o_anexo_i_guarda_o_quadro_em_tabela(publicado, papeis):
    ato = services.registrar_anexo_i(publicado.edital, por=papeis[RH])
    documento = lido(ato)
    assert registrado_no_texto_e_no_rodape(ato, documento)
    quadro = tabela_com(documento, ["Cargo", "Vagas", "Ampla concorrência", "Negros", "PcD"])
    assert quadro[1] == ["GM — Guarda Municipal", "5", "3", "1", "1"] and quadro[-1][-4:] == ["5", "3", "1", "1"]
    assert "Fundamentação legal" in texto(documento)


def test_a_prestacao_de_contas_guarda_so_contagens_com_a_pagina_deitada(publicado, papeis):
    ato = publicar_prestacao_de_contas(publicado.edital, por=papeis[RH])
    assert ato.tipo == PRESTACAO_DE_CONTAS
    documento = lido(ato)
    assert registrado_no_texto_e_no_rodape(ato, documento)
    assert documento.sections[0].orientation == WD_ORIENT.LANDSCAPE  # tabelas de até 12 colunas
    vagas = tabela_com(
        documento,
        ["Cargo", "Grupo", "Reservadas", "Providas pelo grupo", "Por compensação", "Por outro grupo",
         "Revertidas à ampla", "Não providas", "Versão publicada"],
    )  # fmt: skip
    assert vagas[1][:3] == ["Guarda Municipal", "Negros", "1"]
    tudo = texto(documento)
    assert "< 5" in tudo and "Candidato" not in tudo and "***." not in tudo


def test_o_definitivo_da_heteroidentificacao_guarda_so_a_inscricao_e_a_conclusao(papeis):
    comissao = sessao_julgada().comissao
    ato = publicar_resultado_definitivo(comissao, por=usuario("superior", superusuario=True))
    assert ato.tipo == RESULTADO_DA_HETEROIDENTIFICACAO
    documento = lido(ato)
    assert registrado_no_texto_e_no_rodape(ato, documento)
    resultado = tabela_com(documento, ["Inscrição", "Cargo", "Resultado definitivo"])
    assert ["N2", "GM — Guarda Municipal", "Não confirmado"] in resultado
    tudo = texto(documento)
    assert "Candidato N2" not in tudo and "***." not in tudo
    assert sem_dado_pessoal_alem_do_pdf(tudo, comissao.edital.cargos.get())


def test_o_editavel_de_qualquer_ato_se_baixa_com_os_bytes_guardados_por_quem_le_o_registro(publicado, papeis):
    ato = AtoPublicado.objects.get(tipo=RESULTADO_PUBLICADO, cargo=publicado)
    endereco = reverse("concursos:editavel_do_ato", args=[ato.pk])
    for papel in (RH, AUDITOR):
        cliente = Client()
        cliente.force_login(papeis[papel])
        baixado = cliente.get(endereco)
        assert baixado.status_code == 200 and baixado.content == bytes(ato.editavel)
        assert baixado["Content-Disposition"] == f'attachment; filename="ato-resultado-{ato.numero}-{ato.ano}.docx"'
    # O resultado tem nomes (e as listas de vagas reservadas): cada download fica no registro de acessos.
    acessos = AcessoADadosSensiveis.objects.filter(o_que="pdf_resultado", caminho=endereco)
    assert {a.usuario for a in acessos} == {papeis[RH], papeis[AUDITOR]}
    membro = Client()
    membro.force_login(papeis[MEMBRO])
    assert membro.get(endereco).status_code in (302, 403)
    sem_permissao = Client()
    sem_permissao.force_login(usuario("estagiario"))  # da equipe, sem permissão nenhuma
    assert sem_permissao.get(endereco).status_code == 403


def test_o_anexo_i_baixado_nao_entra_no_registro_de_acessos_a_dados_sensiveis(publicado, papeis):
    ato = services.registrar_anexo_i(publicado.edital, por=papeis[RH])
    cliente = Client()
    cliente.force_login(papeis[RH])
    endereco = reverse("concursos:editavel_do_ato", args=[ato.pk])
    assert cliente.get(endereco).content == bytes(ato.editavel)
    assert not AcessoADadosSensiveis.objects.filter(caminho=endereco).exists()


def test_o_edital_de_convocacao_traz_o_registro_e_os_convocados_com_o_cpf_mascarado(publicado, papeis):
    ato = publicar(publicado, ["Z", "P"], papeis[RH])
    documento = lido(ato.registro)
    assert registrado_no_texto_e_no_rodape(ato.registro, documento)
    z = publicado.inscricoes.get(numero="Z").candidato
    convocados = tabela_com(documento, ["Vaga", "Tipo da vaga", "Inscrição", "Nome", "CPF", "Motivo"])
    assert convocados[1][:5] == ["3ª", "Negros", "Z", "Candidato Z", z.cpf_mascarado]
    assert sem_dado_pessoal_alem_do_pdf(texto(documento), publicado)


def test_o_edital_de_convocacao_se_baixa_tambem_pelo_endereco_de_sempre(publicado, papeis):
    ato = publicar(publicado, ["Z", "P"], papeis[RH])
    cliente = Client()
    cliente.force_login(papeis[RH])
    antigo = cliente.get(reverse("concursos:ato_de_convocacao_docx", args=[ato.pk])).content
    novo = cliente.get(reverse("concursos:editavel_do_ato", args=[ato.registro.pk])).content
    assert antigo == novo == bytes(ato.registro.editavel)


def test_a_ficha_do_ato_leva_ao_editavel_inclusive_para_o_auditor(publicado, papeis):
    ato = AtoPublicado.objects.get(tipo=RESULTADO_PUBLICADO, cargo=publicado)
    cliente = Client()
    cliente.force_login(papeis[AUDITOR])
    ficha = cliente.get(reverse("admin:concursos_atopublicado_change", args=[ato.pk])).content.decode()
    assert "Baixar o arquivo editável (DOCX)" in ficha
    assert reverse("concursos:editavel_do_ato", args=[ato.pk]) in ficha


def test_o_texto_digitado_vai_escapado_e_sem_caracteres_de_controle():
    documento = Editavel("Teste")
    documento.tabela(["Nome"], [['Ana <b>&amp; "Bia"\x07'], [("Carlos", "Saiu: desistência")]])
    [tabela] = Document(io.BytesIO(documento.em_bytes())).tables
    assert linhas(tabela) == [["Nome"], ['Ana <b>&amp; "Bia"'], ["Carlos\nSaiu: desistência"]]
