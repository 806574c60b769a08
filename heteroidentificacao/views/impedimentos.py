"""Impedimento de membro para um candidato, pelas telas da comissão: o membro o declara e indica o
suplente que vota no lugar dele, ou o presidente transfere o candidato para outra sessão (docs/REGRAS.md
§10). Cola sobre ``services.declarar_impedimento`` e ``services.transferir_por_impedimento``."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from comum.mensagens import mensagem_de

from .. import consultas, services
from ..forms import ImpedimentoForm, TransferenciaForm
from ..models import Chamado, Comissao, Membro, Parecer, Sessao
from .acesso import chamado_do_membro, exigir_presidente


def formularios_do_impedimento(chamado: Chamado, membro: Membro, meu: Parecer | None) -> dict:
    """Os formulários que a página do parecer mostra a quem pode usá-los."""
    formularios = {}
    if _pode_transferir(chamado, membro):
        formularios["form_da_transferencia"] = TransferenciaForm(membros=_membros_para_transferir(chamado))
    if _pode_declarar_impedimento(chamado, membro, meu):
        formularios["form_do_impedimento"] = ImpedimentoForm(suplentes=consultas.suplentes_livres(chamado))
    return formularios


def _pode_declarar_impedimento(chamado: Chamado, membro: Membro, meu: Parecer | None) -> bool:
    """O membro que compõe a sessão aberta, ainda sem parecer e sem impedimento neste candidato."""
    sessao = chamado.sessao
    return (
        sessao.status == Sessao.ABERTA
        and meu is None
        and not consultas.transferido(chamado)
        and consultas.compoe_a_sessao(sessao, membro)
        and not chamado.impedimentos.filter(membro=membro).exists()
    )


@login_required
@require_POST
def declarar_impedimento(request, pk):
    chamado, membro = chamado_do_membro(request, pk)
    form = ImpedimentoForm(request.POST, suplentes=consultas.suplentes_livres(chamado))
    try:
        if not form.is_valid():
            raise ValidationError("Informe o motivo do impedimento e o suplente que vota no seu lugar.")
        services.declarar_impedimento(chamado, membro=membro, por=request.user, **form.cleaned_data)
    except (ValidationError, PermissionDenied) as erro:
        messages.error(request, mensagem_de(erro))
    else:
        messages.success(
            request,
            f"Impedimento registrado na inscrição {chamado.inscricao.numero}: "
            f"{form.cleaned_data['suplente'].nome} vota no seu lugar neste candidato.",
        )
    return redirect("heteroidentificacao:parecer", pk=chamado.pk)


def _membros_para_transferir(chamado: Chamado):
    """Quem compõe a sessão, para o presidente transferir o candidato ainda sem pareceres."""
    return chamado.sessao.comissao.membros.filter(
        presencas__sessao=chamado.sessao, presencas__votante=True
    ).select_related("usuario")


def _pode_transferir(chamado: Chamado, membro: Membro) -> bool:
    sessao = chamado.sessao
    return (
        membro.presidente
        and sessao.status == Sessao.ABERTA
        and sessao.comissao.tipo == Comissao.ORDINARIA
        and not consultas.transferido(chamado)
        and not chamado.pareceres.exists()
    )


@login_required
@require_POST
def transferir_por_impedimento(request, pk):
    chamado, membro = chamado_do_membro(request, pk)
    exigir_presidente(membro, "transferir o candidato para outra sessão")
    form = TransferenciaForm(request.POST, membros=_membros_para_transferir(chamado))
    try:
        if not form.is_valid():
            raise ValidationError("Escolha o membro impedido e informe o motivo do impedimento.")
        services.transferir_por_impedimento(chamado, por=request.user, **form.cleaned_data)
    except (ValidationError, PermissionDenied) as erro:
        messages.error(request, mensagem_de(erro))
        return redirect("heteroidentificacao:parecer", pk=chamado.pk)
    messages.success(
        request,
        f"Inscrição {chamado.inscricao.numero} transferida para outra sessão pelo impedimento de "
        f"{form.cleaned_data['membro'].nome}: chame-a a outra sessão da comissão.",
    )
    return redirect("heteroidentificacao:sessao", pk=chamado.sessao_id)
