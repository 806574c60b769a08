"""As telas do segundo fator: o código de cadastro (``comum/convites/``), cadastrar o aplicativo
autenticador, informar o código e gerar novos códigos de recuperação. Finas: as regras estão em ``comum/dois_fatores/__init__.py``."""

from urllib.parse import urlencode

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from comum import dois_fatores
from comum.convites import codigos
from comum.limites import passou_do_limite
from comum.mensagens import mensagem_de

TENTATIVAS_POR_MINUTO = 10  # do código de cadastro, por endereço (60 bits: o limite é contra o ruído)


class FormularioDoCodigo(forms.Form):
    codigo = forms.CharField(
        label="Código",
        max_length=32,
        strip=True,
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code", "autofocus": True, "spellcheck": "false"}),
    )


class FormularioDoCodigoDeCadastro(forms.Form):
    codigo_de_cadastro = forms.CharField(
        label="Código de cadastro",
        max_length=32,
        strip=True,
        help_text="O código que o administrador do sistema entregou a você (por exemplo ABCD-EFGH-JKLM).",
        widget=forms.TextInput(attrs={"autocomplete": "off", "autofocus": True, "spellcheck": "false"}),
    )


LIBERADO_PARA = "dois_fatores_cadastro_liberado_para"


def _cadastro_liberado(request) -> bool:
    """A pessoa informou nesta sessão o código de cadastro emitido para ela (``comum/convites/``)."""
    return request.session.get(LIBERADO_PARA) == request.user.pk


def _pedir_o_codigo_de_cadastro(request, proxima):
    """Antes do QR code, o código de cadastro: só a senha nunca cadastra um dispositivo."""
    formulario = FormularioDoCodigoDeCadastro(request.POST if "codigo_de_cadastro" in request.POST else None)
    if formulario.is_bound and formulario.is_valid():
        if passou_do_limite("codigo_de_cadastro", request, por_minuto=TENTATIVAS_POR_MINUTO):
            formulario.add_error("codigo_de_cadastro", "Muitas tentativas seguidas: aguarde um minuto.")
        else:
            try:
                codigos.usar(request.user, formulario.cleaned_data["codigo_de_cadastro"])
            except ValidationError as erro:
                formulario.add_error("codigo_de_cadastro", mensagem_de(erro))
            else:
                request.session[LIBERADO_PARA] = request.user.pk
                return _para("dois_fatores:cadastrar", proxima)
    return render(
        request,
        "registration/dois_fatores_codigo_de_cadastro.html",
        {"form": formulario, "next": proxima, "validade": settings.VALIDADE_DO_CODIGO_DE_CADASTRO_HORAS},
    )


def _proxima(request) -> str:
    """O ``next`` pedido, se for deste site; senão, a página inicial de quem entrou."""
    proxima = request.POST.get("next") or request.GET.get("next") or ""
    if proxima and url_has_allowed_host_and_scheme(
        proxima, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return proxima
    return "/admin/" if request.user.is_staff else settings.LOGIN_REDIRECT_URL


def _para(nome: str, proxima: str):
    return redirect(f"{reverse(nome)}?{urlencode({'next': proxima})}")


def _com_o_erro(formulario, erro: ValidationError):
    formulario.add_error("codigo", mensagem_de(erro))
    return formulario


def _mostrar_codigos(request, codigos, proxima, *, titulo):
    """Os códigos aparecem só nesta resposta (as views são ``never_cache``: nada fica no cache)."""
    return render(
        request,
        "registration/dois_fatores_codigos.html",
        {"codigos": codigos, "next": proxima, "titulo": titulo},
    )


@never_cache
@sensitive_post_parameters("codigo")
@login_required
@require_http_methods(["GET", "POST"])
def cadastrar(request):
    """Cadastra o aplicativo autenticador (QR code e a chave em texto), confirmado por um código; antes,
    pede o código de cadastro que o administrador emitiu para a pessoa."""
    proxima = _proxima(request)
    if dois_fatores.tem_autenticador(request.user):
        return _para("dois_fatores:verificar", proxima)
    if not _cadastro_liberado(request):
        return _pedir_o_codigo_de_cadastro(request, proxima)
    dispositivo = dois_fatores.autenticador_em_cadastro(request.user)
    formulario = FormularioDoCodigo(request.POST or None)
    if request.method == "POST" and formulario.is_valid():
        try:
            dispositivo, de_recuperacao = dois_fatores.confirmar_cadastro(
                request.user, formulario.cleaned_data["codigo"]
            )
        except ValidationError as erro:
            _com_o_erro(formulario, erro)
        else:
            dois_fatores.entrar_com(request, dispositivo)
            request.session.pop(LIBERADO_PARA, None)
            return _mostrar_codigos(request, de_recuperacao, proxima, titulo="Autenticador cadastrado")
    return render(
        request,
        "registration/dois_fatores_cadastrar.html",
        {
            "form": formulario,
            "next": proxima,
            "qr_code": mark_safe(dois_fatores.qr_code_svg(dispositivo)),  # SVG gerado pelo qrcode, sem dado do usuário
            "chave": dois_fatores.chave_em_texto(dispositivo),
        },
    )


@never_cache
@sensitive_post_parameters("codigo")
@login_required
@require_http_methods(["GET", "POST"])
def verificar(request):
    """Pede o código do aplicativo (ou um de recuperação) a quem entrou com a senha."""
    proxima = _proxima(request)
    if dois_fatores.verificado(request.user):
        return redirect(proxima)
    if not dois_fatores.tem_autenticador(request.user):
        return _para("dois_fatores:cadastrar", proxima)
    formulario = FormularioDoCodigo(request.POST or None)
    if request.method == "POST" and formulario.is_valid():
        try:
            verificacao = dois_fatores.verificar_codigo(request.user, formulario.cleaned_data["codigo"])
        except ValidationError as erro:
            _com_o_erro(formulario, erro)
        else:
            dois_fatores.entrar_com(request, verificacao.dispositivo)
            if verificacao.codigos_restantes is not None:
                messages.warning(
                    request,
                    f"Você entrou com um código de recuperação, que não vale mais. Restam "
                    f"{verificacao.codigos_restantes}; gere novos em “Códigos de recuperação”.",
                )
            return redirect(proxima)
    return render(request, "registration/dois_fatores_verificar.html", {"form": formulario, "next": proxima})


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def novos_codigos(request):
    """Gera dez códigos de recuperação novos (os anteriores deixam de valer)."""
    if not dois_fatores.verificado(request.user):
        messages.info(request, "Para gerar códigos de recuperação, entre antes com o código do aplicativo.")
        destino = "dois_fatores:verificar" if dois_fatores.tem_autenticador(request.user) else "dois_fatores:cadastrar"
        return _para(destino, request.path)
    if request.method == "POST":
        codigos = dois_fatores.gerar_codigos_de_recuperacao(request.user)
        return _mostrar_codigos(request, codigos, _proxima(request), titulo="Novos códigos de recuperação")
    return render(request, "registration/dois_fatores_novos_codigos.html", {"next": _proxima(request)})
