"""Peças comuns do admin da heteroidentificação: a recusa do serviço no formulário, o ensaio numa
transação desfeita, a inclusão pelo serviço, a ficha sem edição nem exclusão, o PDF entregue com o
acesso registrado e a auditoria das alterações feitas no admin."""

import functools
from contextlib import contextmanager

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import path
from django.utils.html import format_html

import cotas
from comum.exibicao import data_e_hora
from comum.mensagens import mensagem_de
from concursos.admin.pecas import AcessoRegistradoNoAdmin
from concursos.services.acessos import descrever, registrar_acesso

from .. import services
from ..models import Chamado, Comissao, Parecer, ProcessoDeApuracao, Recurso, Sessao

RECUSAS = (ValidationError, PermissionDenied, cotas.ErroDeCotas)
VER_PARECERES = "heteroidentificacao.view_parecer"


def mensagem(erro: Exception) -> str:
    return mensagem_de(erro, padrao="Você não tem permissão para esta operação.")


def anotar_erro(form, erro: Exception) -> None:
    """Põe a recusa do serviço no campo a que ela se refere, ou no topo do formulário."""
    if isinstance(erro, ValidationError) and hasattr(erro, "error_dict"):
        for campo, erros in erro.error_dict.items():
            form.add_error(campo if campo in form.fields else None, erros)
    else:
        form.add_error(None, mensagem(erro))


class _Desfazer(Exception):
    pass


@contextmanager
def ensaio():
    """Transação desfeita ao fim: o serviço roda, confere tudo e não deixa rastro."""
    try:
        with transaction.atomic():
            yield
            raise _Desfazer
    except _Desfazer:
        pass


def rotulo_do_acesso(obj) -> str:
    """Como o registro de acesso identifica o que foi visto: números e datas, nunca o voto nem a cor."""
    if isinstance(obj, Comissao):
        return f"edital {obj.edital}, comissão {obj.get_tipo_display().lower()} ({obj.grupo})"
    if isinstance(obj, Sessao):
        return f"{data_e_hora(obj.inicio)}, edital {obj.comissao.edital}, comissão {obj.comissao.get_tipo_display().lower()}"
    if isinstance(obj, Chamado):
        return f"inscrição {obj.inscricao.numero}, sessão #{obj.sessao_id}"
    if isinstance(obj, Parecer | Recurso):
        return f"inscrição {obj.chamado.inscricao.numero}, sessão #{obj.chamado.sessao_id}"
    if isinstance(obj, ProcessoDeApuracao):
        return f"processo {obj.numero}, inscrição {obj.inscricao.numero}"
    return ""


class AcessoRegistrado(AcessoRegistradoNoAdmin):
    def rotulo_do_acesso(self, obj):
        return rotulo_do_acesso(obj)


def baixar_pdf(conteudo: bytes, nome_do_arquivo: str) -> HttpResponse:
    disposicao = f'attachment; filename="{nome_do_arquivo}"'
    return HttpResponse(conteudo, content_type="application/pdf", headers={"Content-Disposition": disposicao})


def link(url: str, texto: str):
    return format_html('<a href="{}">{}</a>', url, texto)


class InclusaoPeloServico:
    """A inclusão passa pelo serviço (``incluir``): o formulário o ensaia e o ``save_model`` o executa."""

    def incluir(self, request, dados: dict):
        raise NotImplementedError

    def get_form(self, request, obj=None, change=False, **kwargs):
        formulario = super().get_form(request, obj, change=change, **kwargs)
        if obj is not None:
            return formulario
        incluir = functools.partial(self.incluir, request)

        class FormularioDeInclusao(formulario):
            def clean(self):
                dados = super().clean()
                if not self.errors:
                    with ensaio():
                        try:
                            incluir(dados)
                        except RECUSAS as erro:
                            anotar_erro(self, erro)
                return dados

        return FormularioDeInclusao

    def save_model(self, request, obj, form, change):
        if change:
            return super().save_model(request, obj, form, change)
        obj.pk = self.incluir(request, form.cleaned_data).pk
        obj.refresh_from_db()


class SemExclusao:
    """Comissões, sessões, recursos e processos são parte da trilha de auditoria: não se apagam."""

    def has_delete_permission(self, request, obj=None):
        return False


class FichaSemEdicao:
    """Ficha só de leitura (tudo passa pelos serviços): sem os botões de salvar."""

    def change_view(self, request, object_id, form_url="", extra_context=None):
        sem_salvar = {"show_save": False, "show_save_and_continue": False, "show_save_and_add_another": False}
        return super().change_view(request, object_id, form_url, {**sem_salvar, **(extra_context or {})})


class PdfNoAdmin:
    """Entrega um PDF: 403 sem permissão; a recusa do documento vira mensagem e volta à ficha."""

    def entregar_pdf(self, request, *, permitido: bool, gerar, nome_do_arquivo: str, voltar: str, o_que: str, objeto):
        """``o_que`` e ``objeto``: o acesso a dados sensíveis que a entrega registra (LGPD)."""
        if not permitido:
            raise PermissionDenied
        try:
            conteudo = gerar()
        except RECUSAS as erro:
            self.message_user(request, f"Não foi possível gerar o PDF: {mensagem(erro)}", messages.ERROR)
            return redirect(voltar)
        registrar_acesso(request, o_que=o_que, objeto=descrever(objeto, rotulo_do_acesso(objeto)))
        return baixar_pdf(conteudo, nome_do_arquivo)

    def rota(self, caminho: str, view, nome: str):
        return path(caminho, self.admin_site.admin_view(view), name=f"heteroidentificacao_{nome}")


def auditar_alteracao(request, obj, form, acao: str) -> None:
    """Alteração feita no admin (campos que não têm serviço próprio): antes e depois na auditoria."""
    if not form.changed_data:
        return

    def como_json(valor):
        return valor.isoformat() if hasattr(valor, "isoformat") else valor

    antes = {campo: como_json(form.initial.get(campo)) for campo in form.changed_data}
    depois = {campo: como_json(form.cleaned_data.get(campo)) for campo in form.changed_data}
    services.auditar(request.user, acao, f"{obj._meta.verbose_name} #{obj.pk}: {obj}", antes=antes, depois=depois)
