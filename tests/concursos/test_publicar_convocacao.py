"""Publicar na ordem em que acontece (docs/ATOS-PUBLICADOS.md): depois de um evento, o cargo diz
“versão N ainda não publicada” com o caminho para publicá-la; o edital de convocação exige a versão
de que convoca publicada, mostra antes o que fica público e só registra o ato confirmado, se nada
mudou desde a conferência; publicar passa pelo modelo, e o histórico diz quem publicou e quando; a
prestação de contas conta os editais de convocação que o registro guarda."""

from datetime import date

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from comum.cpf import formatar_cpf
from comum.supressao import MENOS_DE_5
from concursos import services
from concursos.atos import Ato
from concursos.consultas.prestacao_de_contas import cargos_na_prestacao
from concursos.consultas.provimentos import versao_vigente
from concursos.models import AtoDeConvocacao, AtoPublicado, Resultado
from concursos.papeis import AUDITOR, RH
from concursos.services import convocacoes
from concursos.tipos_de_ato import EDITAL_DE_CONVOCACAO
from heteroidentificacao.prestacao_de_contas import prestacao_de_contas, tabelas

from .test_admin import texto


def editais_de_convocacao():
    """Os editais de convocação do registro (o resultado publicado também é ato do registro)."""
    return AtoPublicado.objects.filter(tipo=EDITAL_DE_CONVOCACAO)


pytestmark = pytest.mark.django_db

ATO = date(2025, 6, 2)
CAMPOS = {"numero": "12/2025", "data": "02/06/2025", "local": "Secretaria de Administração, Rua X, 100"}


def cliente(usuario) -> Client:
    novo = Client()
    novo.force_login(usuario)
    return novo


def desistencia(cargo, numero, quem):
    return services.registrar_evento(
        cargo, tipo="desistencia", inscricao=cargo.inscricoes.get(numero=numero),
        ato=Ato(documento="Req. 1/2025", data_do_ato=ATO), por=quem,
    )  # fmt: skip


def pks(cargo, *numeros) -> list[int]:
    return [cargo.inscricoes.get(numero=n).pk for n in numeros]


def test_depois_da_desistencia_o_cargo_diz_versao_2_ainda_nao_publicada_e_o_rh_ve_o_botao(publicado, papeis):
    versao = desistencia(publicado, "Z", papeis[RH]).resultado
    publicar = reverse("concursos:publicar_resultado", args=[versao.pk])
    pagina_do_cargo = reverse("admin:concursos_cargo_change", args=[publicado.pk])
    do_rh = cliente(papeis[RH]).get(pagina_do_cargo)
    assert "Versão 2 ainda não publicada" in texto(do_rh)
    assert f'href="{publicar}"' in do_rh.content.decode()
    do_auditor = cliente(papeis[AUDITOR]).get(pagina_do_cargo)
    assert "Versão 2 ainda não publicada" in texto(do_auditor)
    assert f'href="{publicar}"' not in do_auditor.content.decode()  # o auditor não publica (daria 403)


def test_quem_registra_o_evento_cai_na_pagina_que_diz_a_versao_nao_publicada(publicado, papeis):
    rh = cliente(papeis[RH])
    url = reverse("concursos:registrar_evento", args=[publicado.pk, "desistencia"])
    dados = {"inscricao": "Z", "documento": "Req. 1/2025", "data_do_ato": "02/06/2025", "confirmar": "1"}
    resposta = rh.post(url, dados, follow=True)
    assert "Versão 2 do resultado gerada (ainda não publicada)" in texto(resposta)
    assert "Versão 2 ainda não publicada" in texto(resposta)
    versao = publicado.resultados.get(versao=2)
    assert reverse("concursos:publicar_resultado", args=[versao.pk]) in resposta.content.decode()


def test_publicada_a_versao_o_aviso_some(publicado, papeis):
    versao = desistencia(publicado, "Z", papeis[RH]).resultado
    services.publicar_resultado(versao, por=papeis[RH])
    pagina = cliente(papeis[RH]).get(reverse("admin:concursos_cargo_change", args=[publicado.pk]))
    assert "ainda não publicada" not in texto(pagina)


def test_o_edital_de_convocacao_recusa_a_versao_nao_publicada_e_diz_qual_publicar(publicado, papeis):
    versao = desistencia(publicado, "Z", papeis[RH]).resultado
    with pytest.raises(ValidationError, match="A versão 2 do resultado do cargo GM ainda não foi publicada"):
        convocacoes.publicar_ato_de_convocacao(
            publicado, inscricoes=[publicado.inscricoes.get(numero="C")], por=papeis[RH], **{**CAMPOS, "data": ATO}
        )
    tela = cliente(papeis[RH]).get(reverse("concursos:publicar_convocacao", args=[publicado.pk]))
    assert "a versão 2 do cargo GM ainda não foi publicada: publique-a antes" in texto(tela)
    assert reverse("concursos:publicar_resultado", args=[versao.pk]) in tela.content.decode()
    assert "form" not in tela.context and not editais_de_convocacao().exists()


def test_conferir_mostra_o_que_fica_publico_e_nao_grava_nada(publicado, papeis):
    url = reverse("concursos:publicar_convocacao", args=[publicado.pk])
    tela = cliente(papeis[RH]).post(url, {**CAMPOS, "inscricoes": pks(publicado, "Z", "P")})
    pagina = texto(tela)
    z = publicado.inscricoes.get(numero="Z").candidato
    assert "edital de convocação nº 12/2025" in pagina and "versão 1 do resultado" in pagina
    assert "Nada foi publicado ainda." in pagina and "2 convocados" in pagina
    assert f"3ª Negros Z {z.nome_de_uso} {z.cpf_mascarado}" in pagina
    assert formatar_cpf(z.cpf) not in pagina and "Candidato A" not in pagina  # só os escolhidos
    assert 'name="impressao"' in tela.content.decode() and 'value="Confirmar e publicar"' in tela.content.decode()
    assert not editais_de_convocacao().exists() and not AtoDeConvocacao.objects.exists()


def test_confirmar_registra_o_ato_com_numero_e_codigo(publicado, papeis):
    rh = cliente(papeis[RH])
    url = reverse("concursos:publicar_convocacao", args=[publicado.pk])
    dados = {**CAMPOS, "inscricoes": pks(publicado, "Z")}
    impressao = rh.post(url, dados).context["conferida"].impressao
    resposta = rh.post(url, {**dados, "impressao": impressao, "confirmar": "1"}, follow=True)
    registro = editais_de_convocacao().get()
    assert f"registro nº {registro.numero_no_ano}, código de verificação {registro.codigo}" in texto(resposta)
    assert registro.resultado == publicado.resultados.get(versao=1) and registro.confirmado_por == papeis[RH]


def test_uma_confirmacao_velha_e_recusada_quando_o_que_fica_publico_mudou(publicado, papeis):
    """Conferido o ato de A, outro servidor registra e publica a desistência de B: a versão de que o
    ato convocaria mudou, e confirmar a tela antiga não publica nada."""
    rh = cliente(papeis[RH])
    url = reverse("concursos:publicar_convocacao", args=[publicado.pk])
    dados = {**CAMPOS, "inscricoes": pks(publicado, "A")}
    impressao = rh.post(url, dados).context["conferida"].impressao
    services.publicar_resultado(desistencia(publicado, "B", papeis[RH]).resultado, por=papeis[RH])
    resposta = rh.post(url, {**dados, "impressao": impressao, "confirmar": "1"})
    assert resposta.status_code == 200 and "mudou desde a conferência" in texto(resposta)
    assert not editais_de_convocacao().exists()


def test_confirmar_sem_a_impressao_da_conferencia_nao_publica(publicado, papeis):
    url = reverse("concursos:publicar_convocacao", args=[publicado.pk])
    resposta = cliente(papeis[RH]).post(url, {**CAMPOS, "inscricoes": pks(publicado, "A"), "confirmar": "1"})
    assert "mudou desde a conferência" in texto(resposta) and not editais_de_convocacao().exists()


def test_voltar_e_corrigir_devolve_o_formulario_preenchido(publicado, papeis):
    url = reverse("concursos:publicar_convocacao", args=[publicado.pk])
    resposta = cliente(papeis[RH]).post(url, {**CAMPOS, "inscricoes": pks(publicado, "A"), "corrigir": "1"})
    assert resposta.context["form"]["numero"].value() == "12/2025" and "conferida" not in resposta.context


def test_publicar_passa_pelo_modelo_e_o_historico_diz_quem_publicou_e_quando(publicado, papeis):
    rh = papeis[RH]
    versao = desistencia(publicado, "Z", rh).resultado
    services.publicar_resultado(versao, por=rh)
    ultima = Resultado.history.filter(id=versao.pk).latest("history_date")
    assert (ultima.history_user, ultima.history_type, ultima.status) == (rh, "~", Resultado.PUBLICADO)
    assert ultima.publicado_por == rh and ultima.publicado_em is not None
    ato = convocacoes.publicar_ato_de_convocacao(
        publicado, inscricoes=[publicado.inscricoes.get(numero="C")], por=rh, **{**CAMPOS, "data": ATO}
    )
    assert (ato.registrado_por, ato.registro.confirmado_por) == (rh, rh)
    assert ato.registro.confirmado_em is not None and ato.registro.resultado == versao


# ------------------------------------------------- a prestação de contas conta o que o registro guarda


def chamada_do_evento(cargo, evento: int):
    (no_relatorio,) = [c for c in cargos_na_prestacao(cargo.edital) if c.cargo == cargo.nome]
    return no_relatorio, next(c for c in no_relatorio.chamadas if c.evento == evento)


def test_a_prestacao_de_contas_conta_o_edital_de_convocacao_registrado_na_chamada(publicado, papeis):
    rh = papeis[RH]
    services.publicar_resultado(desistencia(publicado, "Z", rh).resultado, por=rh)
    convocado = publicado.inscricoes.get(numero="C")
    convocacoes.publicar_ato_de_convocacao(publicado, inscricoes=[convocado], por=rh, **{**CAMPOS, "data": ATO})
    cargo, chamada = chamada_do_evento(publicado, 1)
    assert (cargo.editais_de_convocacao, chamada.tipo, chamada.convocados) == (1, "Desistência", 1)
    assert chamada.editais == ("12/2025",)
    assert cargo.chamadas[0].editais == ()  # o resultado inicial: nenhum edital registrado o chamou
    (linha,) = [
        linha for linha in tabelas(prestacao_de_contas(publicado.edital), publica=True)[2].linhas if linha[1] == 1
    ]
    assert linha[-1] == "nº 12/2025" and linha[5] == MENOS_DE_5  # o número do ato é público; a contagem, suprimida


def test_um_edital_registrado_de_uma_versao_sem_publicacao_ainda_conta_a_chamada(publicado, papeis, monkeypatch):
    """Antes de a tela exigir a versão publicada, um edital podia convocar da versão que um evento
    gerou e ninguém publicou: o relatório, que lia só a última publicada, mostrava 0 chamadas."""
    rh = papeis[RH]
    desistencia(publicado, "Z", rh)
    monkeypatch.setattr(convocacoes, "versao_publicada_para_convocar", versao_vigente)  # a regra de antes
    convocado = publicado.inscricoes.get(numero="C")
    convocacoes.publicar_ato_de_convocacao(publicado, inscricoes=[convocado], por=rh, **{**CAMPOS, "data": ATO})
    cargo, chamada = chamada_do_evento(publicado, 1)
    assert cargo.versao == 2 and chamada.editais == ("12/2025",) and chamada.convocados == 1
