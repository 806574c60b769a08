"""O aviso pessoal da convocação e da nomeação (issue 28), contra um servidor SMTP de verdade no
loopback (``servidor_smtp``, com o aiosmtpd) e o trabalhador de verdade (``manage.py db_worker``):
o e-mail com o ato, o código, o local e o prazo; o destinatário recusado (falhou, e o reenvio
funciona); a falha passageira (de novo mais tarde, até o limite); o link assinado que só grava a
ciência pelo botão, uma vez; o aviso por outro meio."""

import base64
from datetime import date, timedelta

import pytest
from django.core import signing
from django.core.management import call_command
from django_tasks_db.models import DBTaskResult

from concursos.models import AvisoPessoal, Candidato, EnvioDoAviso
from concursos.models.avisos_pessoais import mascarar_email
from concursos.papeis import RH
from concursos.segundo_plano import avisos_pessoais as fila
from concursos.services import avisos_pessoais, convocacoes, provimentos

pytestmark = pytest.mark.django_db(transaction=True)

ATO = date(2025, 6, 2)
LOCAL = "Secretaria de Administração, Rua X, 100"


@pytest.fixture
def rita(papeis):
    """A Rita, do RH pelo grupo (com a permissão de reenviar avisos)."""
    return papeis[RH]


def com_email(cargo, **enderecos):
    for numero, endereco in enderecos.items():
        Candidato.objects.filter(inscricoes__cargo=cargo, inscricoes__numero=numero).update(email=endereco)


def publicar(cargo, numeros, quem, numero="12/2025"):
    inscricoes = [cargo.inscricoes.get(numero=n) for n in numeros]
    return convocacoes.publicar_ato_de_convocacao(
        cargo, numero=numero, data=ATO, local=LOCAL, inscricoes=inscricoes, por=quem
    )


def trabalhar():
    """O trabalhador de verdade, até a fila (do que já pode rodar) esvaziar."""
    call_command("db_worker", "--batch", "--interval", "0", verbosity=0)


def envio_de(cargo, numero) -> EnvioDoAviso:
    return EnvioDoAviso.objects.filter(aviso__inscricao__cargo=cargo, aviso__inscricao__numero=numero).latest("id")


def test_cada_convocado_recebe_pelo_servidor_smtp_o_ato_o_codigo_o_local_o_prazo_e_o_link(
    publicado, rita, servidor_smtp
):
    com_email(publicado, Z="zacarias@exemplo.com.br", P="paula@exemplo.com.br")
    ato = publicar(publicado, ["Z", "P"], rita)
    trabalhar()

    (mensagem,) = servidor_smtp.para("zacarias@exemplo.com.br")
    corpo = mensagem.get_body().get_content()
    assert "Edital de convocação nº 12/2025" in mensagem["Subject"]
    assert "inscrição nº Z" in corpo and "Candidato Z" in corpo
    assert ato.registro.codigo in corpo  # o código de verificação do ato, o do registro (impresso nele)
    assert LOCAL in corpo and "até 02/07/2025" in corpo and "Publicado em: 02/06/2025" in corpo
    assert "Os prazos contam da publicação do ato no Diário Oficial" in corpo
    assert "/concursos/aviso/" in corpo
    assert len(servidor_smtp.para("paula@exemplo.com.br")) == 1
    envio = envio_de(publicado, "Z")
    assert (envio.situacao, envio.tentativas, envio.erro) == (EnvioDoAviso.ENVIADO, 1, "")
    assert envio.enviado_em is not None


def test_destinatario_recusado_fica_como_falhou_e_o_reenvio_ao_endereco_corrigido_chega(publicado, rita, servidor_smtp):
    servidor_smtp.recusados.add("nao.existe@exemplo.com.br")
    com_email(publicado, Z="nao.existe@exemplo.com.br")
    publicar(publicado, ["Z"], rita)
    trabalhar()

    envio = envio_de(publicado, "Z")
    assert (envio.situacao, envio.tentativas) == (EnvioDoAviso.FALHOU, 1)
    assert envio.erro.startswith("550") and "inexistente" in envio.erro
    assert servidor_smtp.mensagens == []

    com_email(publicado, Z="zacarias@exemplo.com.br")
    novo = fila.reenviar(envio.aviso, por=rita)
    trabalhar()
    novo.refresh_from_db()
    assert novo.situacao == EnvioDoAviso.ENVIADO and novo.registrado_por == rita
    assert len(servidor_smtp.para("zacarias@exemplo.com.br")) == 1
    assert envio.aviso.envios.count() == 2  # cada mensagem fica registrada


def test_falha_passageira_volta_para_a_fila_mais_tarde_e_para_no_limite_de_tentativas(
    publicado, rita, servidor_smtp, settings
):
    settings.AVISO_TENTATIVAS = 2
    servidor_smtp.adiados.add("zacarias@exemplo.com.br")
    com_email(publicado, Z="zacarias@exemplo.com.br")
    publicar(publicado, ["Z"], rita)
    trabalhar()

    envio = envio_de(publicado, "Z")
    assert (envio.situacao, envio.tentativas) == (EnvioDoAviso.NA_FILA, 1) and envio.erro.startswith("451")
    adiada = DBTaskResult.objects.get(status="READY")
    assert adiada.run_after > adiada.enqueued_at + timedelta(minutes=5)  # 5 min × 2¹: não agora

    assert avisos_pessoais.enviar_por_email(envio.pk) == avisos_pessoais.RECUSADO  # a segunda e última
    envio.refresh_from_db()
    assert (envio.situacao, envio.tentativas) == (EnvioDoAviso.FALHOU, 2)


def test_servidor_de_email_fora_do_ar_e_falha_passageira(publicado, rita, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 9, 2  # ninguém escuta
    com_email(publicado, Z="zacarias@exemplo.com.br")
    publicar(publicado, ["Z"], rita)
    trabalhar()
    envio = envio_de(publicado, "Z")
    assert (envio.situacao, envio.tentativas) == (EnvioDoAviso.NA_FILA, 1)
    assert "ConnectionRefusedError" in envio.erro


def test_sem_email_cadastrado_o_aviso_nasce_falho_para_o_rh_avisar_por_outro_meio(publicado, rita, servidor_smtp):
    publicar(publicado, ["Y"], rita)
    trabalhar()
    envio = envio_de(publicado, "Y")
    assert (envio.situacao, envio.erro) == (EnvioDoAviso.FALHOU, avisos_pessoais.SEM_EMAIL)
    assert not DBTaskResult.objects.exists() and servidor_smtp.mensagens == []

    avisos_pessoais.registrar_por_outro_meio(
        envio.aviso, meio=EnvioDoAviso.AR, documento="AR JT123456789BR", data_da_entrega=ATO, por=rita
    )
    assert envio.aviso.envios.latest("id").get_meio_display() == "carta com aviso de recebimento (AR)"


def test_a_nomeacao_avisa_com_a_portaria_o_prazo_da_posse_e_o_local_do_edital_de_convocacao(
    publicado, rita, servidor_smtp
):
    com_email(publicado, Z="zacarias@exemplo.com.br")
    publicar(publicado, ["Z"], rita)
    trabalhar()
    provimentos.registrar_nomeacao(
        publicado.inscricoes.get(numero="Z"), portaria="Portaria 45/2025", data_da_nomeacao=ATO, por=rita
    )
    trabalhar()

    aviso = AvisoPessoal.objects.get(ato=AvisoPessoal.NOMEACAO)
    assert (aviso.codigo_de_verificacao, aviso.local, aviso.prazo) == ("Portaria 45/2025", LOCAL, date(2025, 7, 2))
    (_, nomeacao) = servidor_smtp.para("zacarias@exemplo.com.br")
    assert "Nomeação — portaria Portaria 45/2025" in nomeacao["Subject"]
    assert "Prazo: até 02/07/2025" in nomeacao.get_body().get_content()


def test_o_aviso_de_um_ato_nao_se_duplica(publicado, rita):
    ato = publicar(publicado, ["Z"], rita)
    assert avisos_pessoais.criar_avisos(ato, por=rita) == []
    assert AvisoPessoal.objects.count() == 1 and EnvioDoAviso.objects.count() == 1


def test_o_token_do_link_leva_so_a_chave_do_envio(publicado, rita):
    com_email(publicado, Z="zacarias@exemplo.com.br")
    publicar(publicado, ["Z"], rita)
    envio = envio_de(publicado, "Z")
    token = avisos_pessoais.link_do_envio(envio).rstrip("/").rsplit("/", 1)[1]
    carga = token.split(":")[0]
    assert base64.urlsafe_b64decode(carga + "=" * (-len(carga) % 4)) == str(envio.pk).encode()
    assert signing.loads(token, salt=avisos_pessoais.SAL_DO_LINK) == envio.pk


def test_o_endereco_aparece_mascarado():
    assert mascarar_email("ana.souza@exemplo.com.br") == "a***@e***.com.br"
    assert mascarar_email("") == "—"
