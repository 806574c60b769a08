"""O portal da transparência (``/transparencia/``): público, sem login, servido do que foi guardado na
publicação, sem dado sensível, fora dos buscadores e fora do ar depois da validade."""

import csv
import io
import json
from datetime import date, timedelta

import pytest
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse
from pypdf import PdfReader

from comum.cpf import formatar_cpf
from concursos.consultas.portal import atos_do_edital, editais_no_portal
from concursos.models import (
    AtoPublicado,
    Candidato,
    Edital,
    PaginaDoPortal,
    PublicacaoNoDiario,
    PublicacaoNoPortal,
    Resultado,
)
from concursos.papeis import RH
from concursos.services.portal import forma_do_portal
from tests.concursos.fabricas import usuario
from tests.conftest import entrar_so_com_a_senha

from .test_convocacao import publicar

pytestmark = pytest.mark.django_db


def _resultado(cargo):
    return Resultado.objects.get(cargo=cargo, status=Resultado.PUBLICADO)


def _enderecos(cargo):
    resultado = _resultado(cargo)
    publicacao = forma_do_portal(resultado)
    enderecos = [
        reverse("transparencia:indice"),
        reverse("transparencia:dicionario"),
        reverse("transparencia:edital", args=[cargo.edital_id]),
        reverse("transparencia:resultado", args=[resultado.pk]),
    ]
    enderecos += [reverse("transparencia:lista", args=[resultado.pk, lista["nome"]]) for lista in publicacao.listas]
    enderecos += [
        reverse("transparencia:dados_abertos", args=[resultado.pk, arquivo, formato])
        for arquivo in ("classificacao-geral", "ordem-de-convocacao")
        for formato in ("csv", "json")
    ]
    return enderecos


@pytest.fixture(autouse=True)
def dentro_da_validade(monkeypatch):
    """O dia da consulta: dentro da validade do ``publicado`` (até 30/06/2026)."""
    monkeypatch.setattr("comum.relogio.hoje", lambda: date(2026, 5, 4))


@pytest.fixture
def anonimo(client):
    return client


def test_o_portal_abre_sem_login_e_lista_o_edital_com_o_resultado_publicado(anonimo, publicado):
    resposta = anonimo.get("/transparencia/")
    assert resposta.status_code == 200
    texto = resposta.content.decode()
    assert publicado.edital.identificacao in texto
    assert "Resultado — versão 1" in texto


def test_os_atos_do_edital_vem_do_registro_com_o_resultado_publicado(publicado):
    atos = atos_do_edital(publicado.edital)
    registrado = AtoPublicado.objects.get(tipo="resultado", resultado=_resultado(publicado))
    assert [ato.titulo for ato in atos] == [registrado.titulo]
    assert registrado.titulo.startswith("Resultado — versão 1")
    assert atos[0].resultado_id == _resultado(publicado).pk and atos[0].numero == registrado.numero_no_ano


def test_o_ato_sem_diario_oficial_aparece_com_o_aviso_e_com_ele_ganha_a_data_da_edicao(anonimo, publicado, rh):
    """Confirmado, o ato já está no portal (é público pelo código impresso), com a data da
    confirmação e o aviso; acrescentada a referência, a data é a da edição, de que correm os prazos."""
    registrado = AtoPublicado.objects.get(tipo="resultado")
    [ato] = atos_do_edital(publicado.edital)
    assert not ato.no_diario and ato.diario_oficial == "aguardando a publicação no Diário Oficial"
    assert "aguardando a publicação no Diário Oficial" in anonimo.get("/transparencia/").content.decode()
    edicao = registrado.confirmado_em.date()
    PublicacaoNoDiario.objects.create(ato=registrado, edicao="2.345", data=edicao, pagina="7", registrado_por=rh)
    [ato] = atos_do_edital(publicado.edital)
    assert ato.no_diario and ato.data == edicao and "edição 2.345" in ato.diario_oficial


def test_o_pdf_do_resultado_no_portal_sao_os_bytes_do_registro(anonimo, publicado):
    registrado = AtoPublicado.objects.get(tipo="resultado")
    pagina = anonimo.get(reverse("transparencia:resultado", args=[_resultado(publicado).pk])).content.decode()
    assert reverse("transparencia:ato", args=[registrado.pk]) in pagina and registrado.codigo in pagina
    resposta = anonimo.get(atos_do_edital(publicado.edital)[0].documento)
    assert resposta.status_code == 200 and resposta["Content-Type"] == "application/pdf"
    assert resposta.content == bytes(registrado.conteudo)
    assert resposta["ETag"] == f'"{registrado.hash_sha256[:32]}"' and resposta["X-Robots-Tag"] == "noindex, nofollow"


def test_versao_publicada_fora_do_registro_nao_abre_no_portal(anonimo, publicado):
    """O portal lê o registro: uma versão marcada publicada sem o seu ato não aparece."""
    outra = Resultado.objects.create(
        cargo=publicado, versao=9, status=Resultado.PUBLICADO, cenario={}, saida={}, hash_das_entradas="x",
        diferencas={}, gerado_por=_resultado(publicado).gerado_por, gerado_em=_resultado(publicado).gerado_em,
    )  # fmt: skip
    assert anonimo.get(reverse("transparencia:resultado", args=[outra.pk])).status_code == 404


def test_edital_sem_ato_publicado_nao_esta_no_portal(anonimo, cargo_com_resultado):
    assert editais_no_portal() == []
    assert anonimo.get(reverse("transparencia:edital", args=[cargo_com_resultado.edital_id])).status_code == 404


def test_versao_nao_publicada_nao_abre_no_portal(anonimo, cargo_com_resultado):
    resultado = Resultado.objects.get(cargo=cargo_com_resultado)
    assert anonimo.get(reverse("transparencia:resultado", args=[resultado.pk])).status_code == 404


def test_a_pagina_do_edital_mostra_o_quadro_e_as_listas_publicadas(anonimo, publicado):
    texto = anonimo.get(reverse("transparencia:edital", args=[publicado.edital_id])).content.decode()
    assert "Quadro de vagas" in texto
    for titulo in ("Classificação geral", "Lista de negros", "Lista de pessoas com deficiência", "Ordem de convocação"):
        assert titulo in texto


def test_a_classificacao_geral_traz_nome_e_cpf_mascarado(anonimo, publicado):
    resultado = _resultado(publicado)
    texto = anonimo.get(reverse("transparencia:lista", args=[resultado.pk, "geral"])).content.decode()
    candidato = Candidato.objects.get(inscricoes__numero="A", inscricoes__cargo=publicado)
    assert "Candidato A" in texto
    assert f"***.{candidato.cpf[3:6]}.{candidato.cpf[6:9]}-**" in texto


def test_nenhuma_pagina_ou_arquivo_traz_cpf_inteiro_cor_ou_nascimento(anonimo, publicado):
    proibidos = []
    for candidato in Candidato.objects.all():
        proibidos += [candidato.cpf, formatar_cpf(candidato.cpf)]
        if candidato.nascimento:
            proibidos += [f"{candidato.nascimento:%d/%m/%Y}", candidato.nascimento.isoformat()]
    proibidos += ["parda", "Parda", "01/01/1990", "1990-01-01", "declaracao_falsa", "deficiência auditiva"]
    documentos = [ato.documento for ato in atos_do_edital(publicado.edital)]
    assert documentos  # o PDF do resultado publicado, servido do registro
    for endereco in _enderecos(publicado) + documentos:
        resposta = anonimo.get(endereco)
        assert resposta.status_code == 200, endereco
        conteudo = resposta.content
        if resposta["Content-Type"] == "application/pdf":  # o texto do PDF vem comprimido: extraído
            conteudo = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(conteudo)).pages).encode()
            assert b"Candidato A" in conteudo  # o texto foi mesmo extraído
        for proibido in proibidos:
            assert proibido.encode() not in conteudo, (endereco, proibido)


def test_todo_o_portal_pede_aos_buscadores_que_nao_indexem(anonimo, publicado):
    for endereco in _enderecos(publicado):
        resposta = anonimo.get(endereco)
        assert resposta["X-Robots-Tag"] == "noindex, nofollow", endereco
        if resposta["Content-Type"].startswith("text/html"):
            assert b'<meta name="robots" content="noindex, nofollow">' in resposta.content


def test_as_respostas_deixam_um_proxy_guardar_e_revalidar(anonimo, publicado):
    endereco = reverse("transparencia:lista", args=[_resultado(publicado).pk, "geral"])
    resposta = anonimo.get(endereco)
    assert "public" in resposta["Cache-Control"] and "max-age=300" in resposta["Cache-Control"]
    assert resposta["ETag"] and resposta["Last-Modified"]
    assert "Set-Cookie" not in resposta.headers
    revalidada = anonimo.get(endereco, HTTP_IF_NONE_MATCH=resposta["ETag"])
    assert revalidada.status_code == 304
    assert revalidada["X-Robots-Tag"] == "noindex, nofollow"


def test_o_arquivo_aberto_tem_a_etag_do_seu_hash(anonimo, publicado):
    endereco = reverse("transparencia:dados_abertos", args=[_resultado(publicado).pk, "classificacao-geral", "csv"])
    resposta = anonimo.get(endereco)
    publicacao = PublicacaoNoPortal.objects.get()
    assert resposta["ETag"] == f'"{publicacao.arquivos.get(nome="classificacao-geral.csv").hash[:32]}"'


def test_a_forma_do_portal_e_derivada_uma_vez_e_servida_sem_ler_a_saida(
    anonimo, publicado, django_assert_max_num_queries
):
    resultado = _resultado(publicado)
    anonimo.get(reverse("transparencia:resultado", args=[resultado.pk]))
    assert PublicacaoNoPortal.objects.count() == 1
    endereco = reverse("transparencia:lista", args=[resultado.pk, "geral"])
    with django_assert_max_num_queries(4):
        anonimo.get(endereco)
    anonimo.get(endereco)
    assert PublicacaoNoPortal.objects.count() == 1


def test_os_dados_abertos_sao_a_classificacao_geral_e_a_ordem_de_convocacao(anonimo, publicado):
    resultado = _resultado(publicado)
    geral = anonimo.get(reverse("transparencia:dados_abertos", args=[resultado.pk, "classificacao-geral", "csv"]))
    linhas = list(csv.reader(io.StringIO(geral.content.decode("utf-8-sig")), delimiter=";"))
    assert linhas[0] == ["classificacao", "inscricao", "nome", "cpf_mascarado", "nota"]
    assert [linha[1] for linha in linhas[1:]] == ["A", "B", "Y", "C", "D", "Z", "P", "Q"]
    assert "attachment" in geral["Content-Disposition"]
    ordem = json.loads(
        anonimo.get(reverse("transparencia:dados_abertos", args=[resultado.pk, "ordem-de-convocacao", "json"])).content
    )
    assert ordem["campos"] == ["posicao", "inscricao", "nome", "cpf_mascarado"]
    assert [linha["inscricao"] for linha in ordem["linhas"]] == ["A", "B", "Z", "Y", "P"]
    assert ordem["dicionario_de_dados"] == reverse("transparencia:dicionario")


def test_as_listas_por_reserva_nao_sao_dados_abertos(anonimo, publicado):
    resultado = _resultado(publicado)
    forma = forma_do_portal(resultado)
    nomes = {arquivo.nome for arquivo in forma.arquivos.all()}
    abertos = {"classificacao-geral", "ordem-de-convocacao"}
    assert nomes == {f"{arquivo}.{formato}" for arquivo in abertos for formato in ("csv", "json")}
    endereco = f"/transparencia/resultados/{resultado.pk}/lista-de-negros.csv"
    assert anonimo.get(endereco).status_code == 404


def test_o_dicionario_explica_por_que_as_reservas_nao_sao_dados_em_massa(anonimo):
    texto = anonimo.get(reverse("transparencia:dicionario")).content.decode()
    assert "cpf_mascarado" in texto and "classificacao" in texto
    assert "não serve à transparência" in texto


def test_a_lista_grande_e_paginada(anonimo, publicado, monkeypatch):
    monkeypatch.setattr("concursos.services.portal.TAMANHO_DA_PAGINA", 3)
    resultado = _resultado(publicado)
    publicacao = forma_do_portal(resultado)
    assert publicacao.lista("geral")["paginas"] == 3
    assert PaginaDoPortal.objects.filter(publicacao=publicacao, lista="geral").count() == 3
    endereco = reverse("transparencia:lista", args=[resultado.pk, "geral"])
    segunda = anonimo.get(endereco, {"pagina": 2}).content.decode()
    assert "Candidato C" in segunda and "Candidato A" not in segunda
    assert anonimo.get(endereco, {"pagina": 4}).status_code == 404
    assert anonimo.get(endereco, {"pagina": "x"}).status_code == 404


@override_settings(PORTAL_DIAS_DEPOIS_DA_VALIDADE=30)
def test_o_edital_sai_do_portal_depois_da_validade_mais_o_periodo(anonimo, publicado, monkeypatch):
    fim = date(2026, 6, 30) + timedelta(days=30)
    enderecos = _enderecos(publicado)
    monkeypatch.setattr("comum.relogio.hoje", lambda: fim)
    assert anonimo.get(enderecos[2]).status_code == 200
    monkeypatch.setattr("comum.relogio.hoje", lambda: fim + timedelta(days=1))
    assert publicado.edital.identificacao not in anonimo.get("/transparencia/").content.decode()
    for endereco in enderecos[2:]:
        assert anonimo.get(endereco).status_code == 404, endereco
    assert Resultado.objects.filter(cargo=publicado, status=Resultado.PUBLICADO).exists()  # o registro fica


def test_a_prorrogacao_estende_a_permanencia_no_portal(publicado, monkeypatch):
    Edital.objects.filter(pk=publicado.edital_id).update(prorrogada_ate=date(2028, 6, 30))
    monkeypatch.setattr("comum.relogio.hoje", lambda: date(2027, 1, 1))
    assert [e.pk for e in editais_no_portal()] == [publicado.edital_id]


def test_o_portal_so_responde_a_leitura(anonimo, publicado):
    assert anonimo.post("/transparencia/").status_code == 405


def test_o_edital_de_convocacao_publicado_abre_no_portal(anonimo, publicado, papeis):
    ato = publicar(publicado, ["Z"], papeis[RH])
    atos = atos_do_edital(publicado.edital)
    assert [a.tipo for a in atos] == ["resultado", "edital_de_convocacao"]
    resposta = anonimo.get(atos[1].endereco)
    assert resposta.status_code == 200 and resposta["Content-Type"] == "application/pdf"
    assert bytes(resposta.content) == bytes(ato.registro.conteudo) == bytes(ato.pdf)


def test_a_pagina_do_edital_le_as_formas_guardadas_numa_consulta_so(anonimo, publicado, django_assert_max_num_queries):
    endereco = reverse("transparencia:edital", args=[publicado.edital_id])
    anonimo.get(endereco)  # a primeira visita deriva a forma do único cargo
    with django_assert_max_num_queries(5):
        assert anonimo.get(endereco).status_code == 200


def test_quem_so_digitou_a_senha_tambem_abre_o_portal_publico(client, publicado):
    entrar_so_com_a_senha(client, usuario("rita"))
    assert client.get("/transparencia/").status_code == 200
    assert client.get(reverse("transparencia:edital", args=[publicado.edital_id])).status_code == 200


def test_o_comando_prepara_os_resultados_publicados_uma_vez(publicado):
    saida = io.StringIO()
    call_command("preparar_portal", stdout=saida)
    assert "1 resultado(s)" in saida.getvalue()
    call_command("preparar_portal", stdout=saida)
    assert "0 resultado(s)" in saida.getvalue()
    assert PublicacaoNoPortal.objects.get().resultado == _resultado(publicado)


def test_a_pagina_mostra_a_nota_com_virgula_e_o_arquivo_com_ponto():
    from concursos.services.portal import _exibidas, _nota

    assert _nota("7.50") == "7.50"
    assert _exibidas("geral", [[1, "A", "Ana", "***.456.789-**", "7.50"]])[0][4] == "7,50"
    assert (
        _exibidas("convocacao", [[1, "A", "Ana", "***.456.789-**", "ampla concorrência"]])[0][4] == "ampla concorrência"
    )
