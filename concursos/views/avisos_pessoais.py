"""Telas do aviso pessoal (issue 28): a página pública do link do e-mail (mostra o ato; o botão grava
a ciência), o reenvio e o registro de aviso por outro meio pelo RH, e a caixa de saída da
demonstração. Cola sobre ``services.avisos_pessoais`` e ``segundo_plano.avisos_pessoais``."""

import email
from email import policy
from pathlib import Path

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from comum.mensagens import mensagem_de

from ..apresentacao import contexto_admin
from ..models import AvisoPessoal, EnvioDoAviso
from ..segundo_plano import avisos_pessoais as fila
from ..services import avisos_pessoais
from ..services.acessos import registrar_acesso

SEPARADOR_DA_CAIXA = "\n" + "-" * 79 + "\n"  # o que o backend de arquivo põe entre as mensagens
LIMITE_DA_CAIXA = 200


def aviso_pessoal(request, token: str):
    """Pública, sem login: o ato do aviso; o botão (POST) grava a ciência. Abrir (GET) não grava nada."""
    try:
        envio = avisos_pessoais.envio_do_link(token)
    except avisos_pessoais.LinkVencido:
        return render(request, "concursos/avisos/aviso.html", {"vencido": True}, status=410)
    if envio is None:
        return render(request, "concursos/avisos/aviso.html", {"invalido": True}, status=404)
    aviso, registrada_agora = envio.aviso, False
    if request.method == "POST":
        aviso, registrada_agora = avisos_pessoais.registrar_ciencia(envio)
    contexto = {"aviso": aviso, "inscricao": envio.aviso.inscricao, "registrada_agora": registrada_agora}
    return render(request, "concursos/avisos/aviso.html", contexto)


def _pagina_do_cargo(aviso: AvisoPessoal) -> str:
    return reverse("admin:concursos_cargo_change", args=[aviso.inscricao.cargo_id]) + "#avisos-pessoais"


@staff_member_required
@permission_required(avisos_pessoais.PERMISSAO, raise_exception=True)
@require_POST
def reenviar_aviso(request, pk: int):
    aviso = get_object_or_404(AvisoPessoal.objects.select_related("inscricao"), pk=pk)
    try:
        envio = fila.reenviar(aviso, por=request.user)
    except ValidationError as erro:
        messages.error(request, f"Inscrição {aviso.inscricao.numero}: {mensagem_de(erro)}")
    else:
        messages.success(
            request, f"Inscrição {aviso.inscricao.numero}: e-mail na fila para {envio.endereco_mascarado}."
        )
    return redirect(_pagina_do_cargo(aviso))


class OutroMeioForm(forms.Form):
    meio = forms.ChoiceField(label="Meio", choices=[m for m in EnvioDoAviso.MEIOS if m[0] != EnvioDoAviso.EMAIL])
    documento = forms.CharField(
        label="Comprovante",
        max_length=200,
        help_text="Nº do AR ou do telegrama, ou o termo de ciência assinado (nº do processo, folha).",
    )
    data_da_entrega = forms.DateField(label="Entregue em", help_text="dd/mm/aaaa.")


@staff_member_required
@permission_required(avisos_pessoais.PERMISSAO, raise_exception=True)
def registrar_por_outro_meio(request, pk: int):
    aviso = get_object_or_404(
        AvisoPessoal.objects.select_related("inscricao__cargo__edital", "inscricao__candidato"), pk=pk
    )
    form = OutroMeioForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        try:
            avisos_pessoais.registrar_por_outro_meio(aviso, por=request.user, **form.cleaned_data)
        except ValidationError as erro:
            form.add_error(None, mensagem_de(erro))
        else:
            messages.success(request, f"Inscrição {aviso.inscricao.numero}: aviso por outro meio registrado.")
            return redirect(_pagina_do_cargo(aviso))
    inscricao = aviso.inscricao
    titulo = f"Aviso por outro meio — inscrição {inscricao.numero} ({inscricao.candidato.nome_de_uso})"
    contexto = contexto_admin(
        request, titulo, aviso=aviso, cargo=inscricao.cargo, form=form, titulo_curto="Aviso por outro meio"
    )
    return render(request, "concursos/avisos/outro_meio.html", contexto)


@staff_member_required
@permission_required(avisos_pessoais.PERMISSAO, raise_exception=True)
def caixa_de_saida(request):
    """A demonstração: as mensagens que o sistema "enviou", guardadas em arquivo em vez de ir à rede."""
    local = getattr(settings, "EMAIL_BACKEND", "").endswith("filebased.EmailBackend")
    mensagens = _mensagens_da_caixa(Path(settings.EMAIL_FILE_PATH)) if local else []
    registrar_acesso(request, o_que="caixa_de_saida", objeto="caixa de saída dos avisos", quantidade=len(mensagens))
    contexto = contexto_admin(request, "Caixa de saída dos avisos pessoais", local=local, mensagens=mensagens)
    return render(request, "concursos/avisos/caixa_de_saida.html", contexto)


def _mensagens_da_caixa(pasta: Path) -> list[dict]:
    arquivos = sorted(pasta.glob("*.log"), reverse=True) if pasta.is_dir() else []
    mensagens = []
    for arquivo in arquivos:
        for bruta in reversed(arquivo.read_text(encoding="utf-8", errors="replace").split(SEPARADOR_DA_CAIXA)):
            if bruta.strip():
                mensagens.append(_ler(bruta))
            if len(mensagens) >= LIMITE_DA_CAIXA:
                return mensagens
    return mensagens


def _ler(bruta: str) -> dict:
    mensagem = email.message_from_string(bruta.strip(), policy=policy.default)
    corpo = mensagem.get_body(preferencelist=("plain",))
    return {
        "para": mensagem["To"],
        "assunto": mensagem["Subject"],
        "data": mensagem["Date"],
        "corpo": corpo.get_content() if corpo is not None else "",
    }
