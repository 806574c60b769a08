"""As telas do aviso pessoal (issue 28): a página pública do link (abrir não grava; o botão grava a
ciência uma vez), o quadro na página do cargo (endereço mascarado; o RH reenvia e registra outro
meio, o auditor só vê, a comissão não entra), a tela da posse que diz se a pessoa foi avisada e a
caixa de saída da demonstração, com o acesso registrado."""

import re
from datetime import date

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from concursos.models import AcessoADadosSensiveis, AvisoPessoal, Candidato, EnvioDoAviso
from concursos.papeis import AUDITOR, MEMBRO, RH
from concursos.services import avisos_pessoais, convocacoes

pytestmark = pytest.mark.django_db

ATO = date(2025, 6, 2)
ENDERECO = "zacarias.souza@exemplo.com.br"


@pytest.fixture
def avisado(publicado, papeis):
    """O edital de convocação 12/2025 de Z (com e-mail) e Y (sem), com os avisos criados e o de Z enviado."""
    Candidato.objects.filter(inscricoes__numero="Z", inscricoes__cargo=publicado).update(email=ENDERECO)
    ato = convocacoes.publicar_ato_de_convocacao(
        publicado, numero="12/2025", data=ATO, local="Secretaria de Administração",
        inscricoes=[publicado.inscricoes.get(numero=n) for n in ("Z", "Y")], por=papeis[RH],
    )  # fmt: skip
    (envio,) = avisos_pessoais.criar_avisos(ato, por=papeis[RH])
    assert avisos_pessoais.enviar_por_email(envio.pk) == avisos_pessoais.ENVIADO
    return envio


def cliente(usuario=None) -> Client:
    novo = Client()
    if usuario is not None:
        novo.force_login(usuario)
    return novo


def link(envio) -> str:
    return avisos_pessoais.link_do_envio(envio).removeprefix("http://127.0.0.1:8000")


def link_da_mensagem(corpo: str) -> str:
    (endereco,) = set(re.findall(r"http://127\.0\.0\.1:8000(/concursos/aviso/[\w:-]+/)", corpo))
    return endereco


def pagina_do_cargo(cargo, usuario) -> str:
    return cliente(usuario).get(reverse("admin:concursos_cargo_change", args=[cargo.pk])).content.decode()


def test_o_link_do_email_chega_na_mensagem_e_abre_o_ato_sem_gravar_nada(avisado):
    (mensagem,) = mail.outbox
    resposta = cliente().get(link_da_mensagem(mensagem.body))
    pagina = resposta.content.decode()
    assert resposta.status_code == 200
    assert "Edital de convocação nº 12/2025" in pagina and "Secretaria de Administração" in pagina
    assert "Os prazos contam da publicação do ato no Diário Oficial" in pagina
    assert "Estou ciente" in pagina
    avisado.aviso.refresh_from_db()
    assert avisado.aviso.ciente_em is None  # um antivírus que abre o link não declara ciência


def test_o_botao_grava_a_ciencia_uma_vez_so(avisado):
    primeira = cliente().post(link(avisado)).content.decode()
    assert "Ciência registrada." in primeira
    avisado.aviso.refresh_from_db()
    momento = avisado.aviso.ciente_em
    assert momento is not None
    segunda = cliente().post(link(avisado)).content.decode()
    avisado.aviso.refresh_from_db()
    assert avisado.aviso.ciente_em == momento and "Ciência registrada." not in segunda
    assert "Você declarou ciência deste ato em" in segunda


def test_link_adulterado_da_404_e_vencido_da_410(avisado, settings):
    assert cliente().post(link(avisado)[:-3] + "xx/").status_code == 404
    settings.AVISO_VALIDADE_DO_LINK_DIAS = -1
    resposta = cliente().post(link(avisado))
    assert resposta.status_code == 410 and "Este link venceu" in resposta.content.decode()
    avisado.aviso.refresh_from_db()
    assert avisado.aviso.ciente_em is None


def test_a_pagina_do_cargo_mostra_a_cada_pessoa_avisado_ciente_ou_falhou_com_o_endereco_mascarado(
    avisado, publicado, papeis
):
    pagina = pagina_do_cargo(publicado, papeis[RH])
    assert 'id="avisos-pessoais"' in pagina
    assert "z***@e***.com.br" in pagina and ENDERECO not in pagina
    assert "avisado(a)" in pagina and "falhou" in pagina and avisos_pessoais.SEM_EMAIL in pagina
    assert "Os prazos continuam contando da publicação do ato" in pagina
    assert reverse("concursos:aviso_por_outro_meio", args=[avisado.aviso.pk]) in pagina
    cliente().post(link(avisado))
    assert "<strong>ciente</strong> em" in pagina_do_cargo(publicado, papeis[RH])


def test_o_auditor_ve_o_quadro_sem_os_botoes_e_nao_reenvia(avisado, publicado, papeis):
    pagina = pagina_do_cargo(publicado, papeis[AUDITOR])
    assert 'id="avisos-pessoais"' in pagina and "Reenviar" not in pagina and "Outro meio" not in pagina
    resposta = cliente(papeis[AUDITOR]).post(reverse("concursos:reenviar_aviso", args=[avisado.aviso.pk]))
    assert resposta.status_code == 403
    assert cliente(papeis[MEMBRO]).get(reverse("admin:concursos_cargo_change", args=[publicado.pk])).status_code in (
        302,
        403,
    )


def test_o_rh_reenvia_pela_pagina_do_cargo(avisado, publicado, papeis):
    y = AvisoPessoal.objects.get(inscricao__numero="Y")
    Candidato.objects.filter(inscricoes=y.inscricao).update(email="yara@exemplo.com.br")
    endereco = reverse("concursos:reenviar_aviso", args=[y.pk])
    assert cliente(papeis[RH]).get(endereco).status_code == 405  # só POST
    resposta = cliente(papeis[RH]).post(endereco, follow=True)
    assert "e-mail na fila para y***@e***.com.br" in resposta.content.decode()
    assert y.envios.latest("id").situacao == EnvioDoAviso.NA_FILA


def test_o_rh_registra_o_aviso_por_outro_meio_com_o_comprovante(avisado, publicado, papeis):
    y = AvisoPessoal.objects.get(inscricao__numero="Y")
    endereco = reverse("concursos:aviso_por_outro_meio", args=[y.pk])
    assert "Comprovante" in cliente(papeis[RH]).get(endereco).content.decode()
    dados = {"meio": "telegrama", "documento": "Telegrama 77/2025", "data_da_entrega": "03/06/2025"}
    resposta = cliente(papeis[RH]).post(endereco, dados)
    assert resposta.status_code == 302
    envio = y.envios.latest("id")
    assert (envio.meio, envio.situacao, envio.documento) == ("telegrama", EnvioDoAviso.REGISTRADO, "Telegrama 77/2025")
    assert "Telegrama 77/2025" in pagina_do_cargo(publicado, papeis[RH])
    anterior = cliente(papeis[RH]).post(endereco, {**dados, "data_da_entrega": "01/06/2025"}).content.decode()
    assert "A entrega não pode ser anterior ao ato (02/06/2025)." in anterior


def test_a_tela_da_posse_diz_se_a_pessoa_foi_avisada(avisado, publicado, papeis):
    z = publicado.inscricoes.get(numero="Z")
    a = publicado.inscricoes.get(numero="A")
    endereco = reverse("concursos:registrar_provimento", args=[z.pk])
    assert "<strong>avisado(a)</strong>, sem ciência declarada" in cliente(papeis[RH]).get(endereco).content.decode()
    sem_aviso = cliente(papeis[RH]).get(reverse("concursos:registrar_provimento", args=[a.pk])).content.decode()
    assert "A pessoa ainda não recebeu aviso pessoal pelo sistema." in sem_aviso
    assert "O prazo da posse conta da publicação da nomeação" in sem_aviso


def test_a_caixa_de_saida_da_demonstracao_mostra_as_mensagens_e_registra_o_acesso(
    publicado, papeis, settings, tmp_path
):
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = tmp_path
    Candidato.objects.filter(inscricoes__numero="Z", inscricoes__cargo=publicado).update(email=ENDERECO)
    ato = convocacoes.publicar_ato_de_convocacao(
        publicado, numero="12/2025", data=ATO, local="Secretaria", inscricoes=[publicado.inscricoes.get(numero="Z")],
        por=papeis[RH],
    )  # fmt: skip
    (envio,) = avisos_pessoais.criar_avisos(ato, por=papeis[RH])
    avisos_pessoais.enviar_por_email(envio.pk)

    pagina = cliente(papeis[RH]).get(reverse("concursos:caixa_de_saida")).content.decode()
    assert "Edital de convocação nº 12/2025" in pagina and ENDERECO in pagina
    assert f'<a href="http://127.0.0.1:8000{link_da_mensagem(pagina)}"' in pagina
    acesso = AcessoADadosSensiveis.objects.get(o_que="caixa_de_saida")
    assert (acesso.usuario, acesso.quantidade) == (papeis[RH], 1)
    assert cliente(papeis[AUDITOR]).get(reverse("concursos:caixa_de_saida")).status_code == 403
