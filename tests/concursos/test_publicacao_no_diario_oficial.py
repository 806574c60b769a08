"""Publicar um resultado com a referência no Diário Oficial do Município (edição, data e página):
pedida pela tela e pela ação em lote quando o jornal já saiu (os três campos ou nenhum), conferida
(nem antes da geração, nem no futuro), gravada na mesma transação e citada no PDF, nas planilhas da
lista publicada e na ficha do admin; sem ela, acrescentada depois no ato registrado, que a passa à versão."""

import io
import re
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone
from openpyxl import load_workbook
from pypdf import PdfReader

from concursos import services
from concursos.diario_oficial import DiarioOficial
from concursos.models import AtoPublicado, Cargo, Resultado
from concursos.pdf.resultado import resultado_do_cargo_pdf
from concursos.publicacao import exportar_lista
from concursos.tipos_de_ato import RESULTADO_PUBLICADO

from .fabricas import cargo_do_exemplo_da_alternancia, edital, inscricao, pode_publicar, usuario
from .test_admin import com_permissoes, mensagens, texto

pytestmark = pytest.mark.django_db

HOJE = timezone.localdate


def referencia(**extra) -> dict:
    return {"edicao": "2.345", "data": f"{HOJE():%d/%m/%Y}", "pagina": "7", **extra}


def frase() -> str:
    return f"Publicado no Diário Oficial do Município, edição 2.345, de {HOJE():%d/%m/%Y}, p. 7"


@pytest.fixture
def final():
    return services.gerar_resultado(cargo_do_exemplo_da_alternancia(), por=pode_publicar(usuario("autor")))


@pytest.fixture
def chefe(client):
    pessoa = com_permissoes("chefe", "view_resultado", "publicar_resultado")
    client.force_login(pessoa)
    return pessoa


def publicar_pela_tela(client, resultado, dados):
    return client.post(reverse("concursos:publicar_resultado", args=[resultado.pk]), {"confirmar": "1", **dados})


def test_a_confirmacao_pede_edicao_data_e_pagina_e_diz_o_que_fica_publico(client, chefe, final):
    pagina = texto(client.get(reverse("concursos:publicar_resultado", args=[final.pk])))
    assert "Publicação no Diário Oficial do Município" in pagina
    for rotulo in ("Edição do Diário Oficial", "Data da edição", "Página"):
        assert rotulo in pagina
    assert "Ao confirmar, fica público" in pagina and "CPF mascarado" in pagina
    assert "nunca a data de nascimento nem a cor/raça declarada" in pagina


def test_a_referencia_pela_metade_e_recusada_no_proprio_formulario_e_nada_e_publicado(client, chefe, final):
    resposta = publicar_pela_tela(client, final, {"edicao": "2.345", "data": "", "pagina": ""})
    assert resposta.status_code == 200
    erros = resposta.context["form"].errors
    assert set(erros) == {"data", "pagina"} and "Informe também a página" in erros["pagina"][0]
    assert "Nada foi publicado ainda" in texto(resposta) and "Corrija os campos indicados" in texto(resposta)
    final.refresh_from_db()
    assert final.status == Resultado.FINAL and final.diario_oficial is None and final.publicado_em is None


def test_sem_o_jornal_publica_e_registra_e_a_referencia_acrescentada_depois_chega_a_versao(client, chefe, final):
    """O Diário Oficial imprime depois da confirmação: publica-se sem a referência, e ela se acrescenta
    no ato registrado; a versão passa a citá-la (planilhas, PDF de conferência, prestação de contas)."""
    endereco = reverse("concursos:publicar_resultado", args=[final.pk])
    resposta = client.post(endereco, {"confirmar": "1", "edicao": "", "data": "", "pagina": ""}, follow=True)
    final.refresh_from_db()
    ato = AtoPublicado.objects.get(tipo=RESULTADO_PUBLICADO, resultado=final)
    assert final.status == Resultado.PUBLICADO and final.diario_oficial is None
    assert not ato.publicacoes_no_diario.exists()
    acrescentar = reverse("concursos:acrescentar_diario_oficial", args=[ato.pk])
    (aviso,) = mensagens(resposta)
    assert "ainda sem a referência do Diário Oficial" in aviso and ato.codigo in aviso and acrescentar in aviso
    quem_acrescenta = com_permissoes("clara", "add_publicacaonodiario", "view_atopublicado")
    client.force_login(quem_acrescenta)
    client.post(acrescentar, referencia())
    final.refresh_from_db()
    assert str(final.diario_oficial) == frase() and ato.publicacoes_no_diario.count() == 1
    assert frase() in exportar_lista(final, "csv").decode("utf-8-sig")
    client.post(acrescentar, referencia(edicao="2.346", pagina="3"))  # uma republicação: o ato ganha outra linha
    final.refresh_from_db()
    assert (
        str(final.diario_oficial) == frase() and ato.publicacoes_no_diario.count() == 2
    )  # a versão fica com a primeira


@pytest.mark.parametrize(
    ("dias", "trecho"),
    [(-1, "é anterior à geração da versão 1"), (1, "está no futuro")],
    ids=["antes da geração", "no futuro"],
)
def test_data_do_diario_oficial_antes_da_geracao_ou_no_futuro_e_recusada(client, chefe, final, dias, trecho):
    quando = HOJE() + timedelta(days=dias)
    resposta = publicar_pela_tela(client, final, referencia(data=f"{quando:%d/%m/%Y}"))
    (erro,) = resposta.context["form"].errors["data"]
    assert trecho in erro and f"{quando:%d/%m/%Y}" in erro
    assert trecho in texto(resposta)  # o erro aparece ao lado do campo
    final.refresh_from_db()
    assert final.status == Resultado.FINAL


def test_publicar_com_a_referencia_grava_edicao_data_e_pagina(client, chefe, final):
    resposta = publicar_pela_tela(client, final, referencia(edicao=" 2.345 "))
    assert resposta.status_code == 302
    final.refresh_from_db()
    assert final.status == Resultado.PUBLICADO and final.publicado_por == chefe
    assert (final.diario_oficial_edicao, final.diario_oficial_data, final.diario_oficial_pagina) == (
        "2.345",
        HOJE(),
        "7",
    )
    assert str(final.diario_oficial) == frase()
    ficha = texto(client.get(reverse("admin:concursos_resultado_change", args=[final.pk])))
    assert frase() in ficha


def test_pdf_do_resultado_publicado_cita_o_diario_oficial(final):
    publicado = services.publicar_resultado(
        final, por=final.gerado_por, diario_oficial=DiarioOficial("2.345", HOJE(), "7")
    )
    leitor = PdfReader(io.BytesIO(resultado_do_cargo_pdf(publicado)))
    conteudo = re.sub(r"[\s\u00a0\u2000-\u200a\u202f]+", " ", "\n".join(p.extract_text() for p in leitor.pages))
    assert frase() in conteudo


@pytest.mark.parametrize("formato", ["xlsx", "csv"])
def test_lista_publicada_cita_o_diario_oficial_depois_das_linhas(final, formato):
    publicado = services.publicar_resultado(
        final, por=final.gerado_por, diario_oficial=DiarioOficial("2.345", HOJE(), "7")
    )
    conteudo = exportar_lista(publicado, formato)
    if formato == "csv":
        linhas = conteudo.decode("utf-8-sig").splitlines()
        assert linhas[0].startswith("Classificação geral;") and linhas[-2] == "" and linhas[-1] == frase()
        return
    folha = load_workbook(io.BytesIO(conteudo)).active
    valores = [[c for c in linha if c is not None] for linha in folha.iter_rows(values_only=True)]
    assert valores[0][0] == "Classificação geral" and valores[-2:] == [[], [frase()]]


def test_servico_recusa_a_referencia_incompleta_sem_publicar(final):
    with pytest.raises(ValidationError) as erro:
        services.publicar_resultado(final, por=final.gerado_por, diario_oficial=DiarioOficial(" ", HOJE(), ""))
    assert set(erro.value.message_dict) == {"edicao", "pagina"}
    final.refresh_from_db()
    assert final.status == Resultado.FINAL


def test_acao_em_lote_pede_a_referencia_uma_vez_e_grava_a_mesma_edicao_em_todas(client, chefe):
    base = edital(cargos=(("GM", "Guarda Municipal", 2), ("AG", "Agente", 1)))
    for cargo in base.cargos.all():
        for numero, nota in ((f"{cargo.codigo}1", 90), (f"{cargo.codigo}2", 80)):
            inscricao(cargo, numero, nota)
    resultados = services.gerar_resultados_do_edital(base, por=chefe)
    acao = {"action": "publicar", "_selected_action": [r.pk for r in resultados]}
    lista = reverse("admin:concursos_resultado_changelist")

    recusa = client.post(lista, {**acao, "confirmar_publicacao": "1", "edicao": "2.345", "data": "", "pagina": "7"})
    assert recusa.status_code == 200 and "data" in recusa.context["form"].errors
    assert "Publicação no Diário Oficial do Município" in texto(recusa)
    assert not Resultado.objects.filter(status=Resultado.PUBLICADO).exists()

    resposta = client.post(lista, {**acao, "confirmar_publicacao": "1", **referencia()}, follow=True)
    assert sum("resultado publicado" in m for m in mensagens(resposta)) == 2
    publicados = Resultado.objects.filter(pk__in=acao["_selected_action"], status=Resultado.PUBLICADO)
    assert {str(r.diario_oficial) for r in publicados} == {frase()} and publicados.count() == 2


def test_data_da_referencia_no_lote_e_conferida_contra_cada_versao(client, chefe, final, monkeypatch):
    """A versão gerada depois (hoje) recusa a edição de ontem, mesmo que a outra a aceitasse."""
    outro_cargo = Cargo.objects.create(edital=final.cargo.edital, codigo="AG", nome="Agente", vagas=1)
    antiga = services.gerar_resultado(outro_cargo, por=chefe)
    Resultado.objects.filter(pk=antiga.pk).update(gerado_em=timezone.now() - timedelta(days=3))
    ontem = HOJE() - timedelta(days=1)
    acao = {"action": "publicar", "_selected_action": [antiga.pk, final.pk], "confirmar_publicacao": "1"}
    resposta = client.post(
        reverse("admin:concursos_resultado_changelist"), {**acao, **referencia(data=f"{ontem:%d/%m/%Y}")}
    )
    (erro,) = resposta.context["form"].errors["data"]
    assert "Guarda Municipal" in erro and "anterior à geração" in erro
    assert not Resultado.objects.filter(status=Resultado.PUBLICADO).exists()


def test_referencia_sem_data_plausivel_nao_passa_do_formulario(client, chefe, final):
    resposta = publicar_pela_tela(client, final, referencia(data="31/02/2025"))
    assert "data" in resposta.context["form"].errors
    assert Resultado.objects.get(pk=final.pk).status == Resultado.FINAL


def test_a_acao_em_lote_recusa_versoes_de_editais_diferentes_sem_publicar_nada(client, chefe, final):
    """Uma publicação no Diário Oficial é de um edital: a ação não põe dois editais sob uma referência."""
    outra = services.gerar_resultado(edital(numero=2, cargos=(("AG", "Agente", 1),)).cargos.get(), por=chefe)
    acao = {"action": "publicar", "_selected_action": [outra.pk, final.pk], "confirmar_publicacao": "1"}
    resposta = client.post(reverse("admin:concursos_resultado_changelist"), {**acao, **referencia()}, follow=True)
    (mensagem,) = mensagens(resposta)
    assert "Publique um edital de cada vez" in mensagem and "2/2025" in mensagem and "Nada foi publicado" in mensagem
    assert not Resultado.objects.filter(status=Resultado.PUBLICADO).exists()
