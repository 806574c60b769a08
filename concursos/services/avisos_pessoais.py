"""O aviso pessoal da convocação e da nomeação (issue 28; ``models/avisos_pessoais.py``).

- ``criar_avisos``: depois de publicado o edital de convocação ou registrada a nomeação, um aviso a
  cada pessoa do ato e um e-mail na fila para cada uma (sem e-mail cadastrado, o envio nasce como
  falho, para o RH avisar por outro meio); quem põe na fila é ``segundo_plano.avisos_pessoais``;
- ``enviar_por_email``: uma tentativa de entregar o e-mail ao servidor SMTP da Prefeitura. Recusa
  definitiva do destinatário (código 5xx) → falhou; falha passageira (servidor fora, 4xx) → de novo
  mais tarde, até ``AVISO_TENTATIVAS``;
- ``reenviar`` e ``registrar_por_outro_meio``: o RH, na página do cargo;
- ``envio_do_link`` e ``registrar_ciencia``: a página pública do link assinado (``django.core.signing``:
  só a chave do envio, com a data da assinatura; nenhum dado pessoal), que mostra o ato e, com o botão
  (POST), grava a ciência uma vez só. Quem só abre o link (um antivírus de e-mail) não grava nada.

Os prazos continuam contados da publicação do ato (o estatuto e o edital): o aviso informa, não os
muda, e as telas dizem isso.
"""

import smtplib
from dataclasses import dataclass
from datetime import date

from django.conf import settings
from django.core import signing
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse

from comum import relogio
from comum.exibicao import data as em_data
from comum.validacao import validar_texto

from ..models import AtoDeConvocacao, AvisoPessoal, EnvioDoAviso, Inscricao, Provimento
from ..pdf.quadro_de_vagas import codigo_legivel

PERMISSAO = "concursos.enviar_aviso_pessoal"
SAL_DO_LINK = "concursos.aviso_pessoal.link"
ENVIADO, RECUSADO, DE_NOVO = "enviado", "recusado", "de novo"
SEM_EMAIL = "Sem e-mail cadastrado: avise por outro meio (telegrama, AR ou em mãos)."


def _conferir_permissao(usuario) -> None:
    if usuario is None or not usuario.has_perm(PERMISSAO):
        raise PermissionDenied("Só o RH reenvia avisos pessoais e registra aviso por outro meio.")


# ---------------------------------------------------------------- criar os avisos de um ato


@dataclass(frozen=True)
class DoAto:
    """O que o aviso copia do ato: o que a pessoa lê no e-mail e na página do link."""

    ato: str
    descricao_do_ato: str
    codigo_de_verificacao: str
    data_do_ato: date
    local: str
    prazo: date | None


def _do_ato_de_convocacao(ato: AtoDeConvocacao) -> DoAto:
    cargo = ato.cargo
    return DoAto(
        ato=AvisoPessoal.CONVOCACAO,
        descricao_do_ato=f"Edital de convocação nº {ato.numero} — Edital {cargo.edital}, cargo {cargo.codigo} "
        f"({cargo.nome})"[:300],
        codigo_de_verificacao=ato.registro.codigo if ato.registro_id else codigo_legivel(ato.hash_do_pdf),
        data_do_ato=ato.data,
        local=ato.local,
        prazo=ato.prazo,
    )


def _da_nomeacao(provimento: Provimento) -> DoAto:
    inscricao = provimento.inscricao
    cargo = inscricao.cargo
    # Onde tomar posse: o do último edital de convocação que chamou a pessoa, se houver.
    atos = cargo.atos_de_convocacao.defer("pdf").order_by("-data", "-id")
    convocacao = next((ato for ato in atos if inscricao.numero in ato.inscricoes), None)
    return DoAto(
        ato=AvisoPessoal.NOMEACAO,
        descricao_do_ato=f"Nomeação — portaria {provimento.portaria} — Edital {cargo.edital}, cargo {cargo.codigo} "
        f"({cargo.nome})"[:300],
        codigo_de_verificacao=provimento.portaria[:80],
        data_do_ato=provimento.data_da_nomeacao,
        local=convocacao.local if convocacao else "",
        prazo=provimento.prazo_da_posse,
    )


def _inscricoes_do_ato(ato: AtoDeConvocacao | Provimento) -> tuple[DoAto, list[Inscricao]]:
    if isinstance(ato, AtoDeConvocacao):
        inscricoes = ato.cargo.inscricoes.filter(numero__in=ato.inscricoes).select_related("candidato")
        return _do_ato_de_convocacao(ato), list(inscricoes.order_by("numero"))
    return _da_nomeacao(ato), [ato.inscricao]


@transaction.atomic
def criar_avisos(ato: AtoDeConvocacao | Provimento, *, por) -> list[EnvioDoAviso]:
    """Um aviso a cada pessoa do ato (uma vez só: chamar de novo não duplica) e o primeiro e-mail de
    cada um; devolve os envios a pôr na fila (os que têm endereço)."""
    do_ato, inscricoes = _inscricoes_do_ato(ato)
    vinculo = {"ato_de_convocacao": ato} if isinstance(ato, AtoDeConvocacao) else {"provimento": ato}
    envios = []
    for inscricao in inscricoes:
        aviso, criado = AvisoPessoal.objects.get_or_create(
            inscricao=inscricao,
            **vinculo,
            defaults={campo: getattr(do_ato, campo) for campo in DoAto.__dataclass_fields__},
        )
        if criado:
            envios.append(_novo_email(aviso, por=por))
    return [envio for envio in envios if envio.situacao == EnvioDoAviso.NA_FILA]


def _novo_email(aviso: AvisoPessoal, *, por) -> EnvioDoAviso:
    endereco = aviso.inscricao.candidato.email.strip()
    if not endereco:
        return EnvioDoAviso.objects.create(
            aviso=aviso, meio=EnvioDoAviso.EMAIL, situacao=EnvioDoAviso.FALHOU, erro=SEM_EMAIL, registrado_por=por
        )
    return EnvioDoAviso.objects.create(
        aviso=aviso, meio=EnvioDoAviso.EMAIL, endereco=endereco, situacao=EnvioDoAviso.NA_FILA, registrado_por=por
    )


# ---------------------------------------------------------------- enviar o e-mail


def enviar_por_email(envio_id: int) -> str:
    """Uma tentativa: ``ENVIADO``, ``RECUSADO`` (definitivo, ou acabaram as tentativas) ou ``DE_NOVO``
    (quem chamou põe outra tentativa na fila, mais tarde). Um envio que não está na fila não é
    tentado de novo (tarefa repetida)."""
    envio = _comecar_tentativa(envio_id)
    if envio is None:
        return "nada a fazer"
    try:
        mensagem(envio).send()
    except smtplib.SMTPRecipientsRefused as recusa:
        codigo, resposta = next(iter(recusa.recipients.values()))
        return _falha(envio, codigo, resposta)
    except smtplib.SMTPResponseException as erro:
        return _falha(envio, erro.smtp_code, erro.smtp_error)
    except (smtplib.SMTPException, OSError) as erro:
        return _falha(envio, None, f"{type(erro).__name__}: {erro}")
    _anotar(envio, situacao=EnvioDoAviso.ENVIADO, enviado_em=relogio.agora(), erro="")
    return ENVIADO


@transaction.atomic
def _comecar_tentativa(envio_id: int) -> EnvioDoAviso | None:
    envio = (
        EnvioDoAviso.objects.select_for_update()
        .select_related("aviso__inscricao__candidato", "aviso__inscricao__cargo__edital")
        .filter(pk=envio_id, situacao=EnvioDoAviso.NA_FILA)
        .first()
    )
    if envio is not None:
        envio.tentativas += 1
        envio.save(update_fields=["tentativas"])
    return envio


def _falha(envio: EnvioDoAviso, codigo: int | None, resposta) -> str:
    texto = resposta.decode(errors="replace") if isinstance(resposta, bytes) else str(resposta)
    texto = " ".join(f"{codigo or ''} {texto}".split())[:500]
    if (codigo is not None and codigo >= 500) or envio.tentativas >= settings.AVISO_TENTATIVAS:
        _anotar(envio, situacao=EnvioDoAviso.FALHOU, erro=texto)
        return RECUSADO
    _anotar(envio, erro=texto)
    return DE_NOVO


def _anotar(envio: EnvioDoAviso, **campos) -> None:
    EnvioDoAviso.objects.filter(pk=envio.pk).update(**campos)


def mensagem(envio: EnvioDoAviso) -> EmailMessage:
    """O e-mail: o ato, o código de verificação, onde e até quando, e o link para declarar ciência."""
    aviso = envio.aviso
    contexto = {"aviso": aviso, "nome": aviso.inscricao.candidato.nome_de_uso, "link": link_do_envio(envio)}
    assunto = f"{aviso.get_ato_display().capitalize()} — {aviso.descricao_do_ato}"
    corpo = render_to_string("concursos/avisos/email.txt", contexto)
    return EmailMessage(
        subject=" ".join(assunto.split())[:200], body=corpo, from_email=settings.DEFAULT_FROM_EMAIL, to=[envio.endereco]
    )


def link_do_envio(envio: EnvioDoAviso) -> str:
    """O endereço da página do aviso, com o token assinado: só a chave do envio e a hora da assinatura."""
    token = signing.dumps(envio.pk, salt=SAL_DO_LINK)
    return f"{settings.ENDERECO_DOS_AVISOS}{reverse('concursos:aviso_pessoal', args=[token])}"


# ---------------------------------------------------------------- o RH: reenviar, outro meio


@transaction.atomic
def reenviar(aviso: AvisoPessoal, *, por) -> EnvioDoAviso:
    """Um novo e-mail do mesmo aviso, ao endereço cadastrado agora (o RH pode tê-lo corrigido)."""
    _conferir_permissao(por)
    aviso = AvisoPessoal.objects.select_for_update().select_related("inscricao__candidato").get(pk=aviso.pk)
    if aviso.envios.filter(situacao=EnvioDoAviso.NA_FILA).exists():
        raise ValidationError("Já há um e-mail deste aviso na fila: aguarde o resultado antes de reenviar.")
    envio = _novo_email(aviso, por=por)
    if envio.situacao == EnvioDoAviso.FALHOU:
        raise ValidationError(SEM_EMAIL)
    return envio


@transaction.atomic
def registrar_por_outro_meio(aviso: AvisoPessoal, *, meio: str, documento: str, data_da_entrega, por) -> EnvioDoAviso:
    """O aviso entregue por telegrama, AR ou em mãos, com o comprovante (número, termo)."""
    _conferir_permissao(por)
    if meio not in dict(EnvioDoAviso.MEIOS) or meio == EnvioDoAviso.EMAIL:
        raise ValidationError({"meio": "Escolha telegrama, AR ou em mãos."})
    documento = validar_texto((documento or "").strip(), rotulo="documento", campo="documento", limite=200)
    if not documento:
        raise ValidationError({"documento": "Informe o comprovante (nº do AR, do telegrama ou o termo de ciência)."})
    if not isinstance(data_da_entrega, date) or data_da_entrega > relogio.hoje():
        raise ValidationError({"data_da_entrega": "Informe a data da entrega (dd/mm/aaaa), não no futuro."})
    if data_da_entrega < aviso.data_do_ato:
        raise ValidationError(
            {"data_da_entrega": f"A entrega não pode ser anterior ao ato ({em_data(aviso.data_do_ato)})."}
        )
    return EnvioDoAviso.objects.create(
        aviso=aviso,
        meio=meio,
        situacao=EnvioDoAviso.REGISTRADO,
        documento=documento,
        data_da_entrega=data_da_entrega,
        registrado_por=por,
    )


# ---------------------------------------------------------------- a pessoa: o link e a ciência


class LinkVencido(Exception):
    """O link é autêntico, mas passou do prazo (``AVISO_VALIDADE_DO_LINK_DIAS``)."""


def envio_do_link(token: str) -> EnvioDoAviso | None:
    """O envio do token; ``None`` se o token não é autêntico; ``LinkVencido`` se passou do prazo."""
    validade = settings.AVISO_VALIDADE_DO_LINK_DIAS * 24 * 60 * 60
    try:
        pk = signing.loads(token, salt=SAL_DO_LINK, max_age=validade)
    except signing.SignatureExpired as vencido:
        raise LinkVencido from vencido
    except signing.BadSignature:
        return None
    if not isinstance(pk, int):
        return None
    return (
        EnvioDoAviso.objects.select_related("aviso__inscricao__candidato", "aviso__inscricao__cargo__edital")
        .filter(pk=pk, meio=EnvioDoAviso.EMAIL)
        .first()
    )


@transaction.atomic
def registrar_ciencia(envio: EnvioDoAviso) -> tuple[AvisoPessoal, bool]:
    """Grava a data e a hora da ciência (uma vez só); devolve o aviso e se gravou agora."""
    aviso = AvisoPessoal.objects.select_for_update().get(pk=envio.aviso_id)
    if aviso.ciente_em is not None:
        return aviso, False
    aviso.ciente_em = relogio.agora()
    aviso.save(update_fields=["ciente_em"])
    return aviso, True
