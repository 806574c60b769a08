"""Recursos contra a não confirmação: o registro (pelo serviço) e a inclusão na sessão recursal."""

from django.contrib import admin, messages
from django.template.response import TemplateResponse

from comum import relogio
from comum.admin import ParametrosConferidos
from comum.exibicao import data
from comum.validacao import textos_longos_no_admin
from cotas import quorum

from .. import resultado, services
from ..forms import SessaoRecursalForm
from ..models import Chamado, Comissao, Sessao
from .pecas import RECUSAS, AcessoRegistrado, FichaSemEdicao, InclusaoPeloServico, SemExclusao, mensagem


class RecursoAdmin(
    ParametrosConferidos, InclusaoPeloServico, SemExclusao, FichaSemEdicao, AcessoRegistrado, admin.ModelAdmin
):
    formfield_overrides = textos_longos_no_admin()
    list_display = ["inscricao", "nome_de_uso", "decisao_recorrida", "apresentacao", "julgamento_"]
    list_filter = ["chamado__sessao__comissao__edital"]
    search_fields = ["chamado__inscricao__numero", "chamado__inscricao__candidato__nome"]
    list_select_related = ["chamado__inscricao__candidato", "chamado__sessao", "julgamento__sessao"]
    actions = ["incluir_na_sessao_recursal"]
    ficha = ["chamado", "texto", "apresentado_em", "registrado_por", "julgamento_"]
    acesso_o_que = acesso_na_lista = "recurso"  # razões do recurso e decisões recorridas

    def get_fields(self, request, obj=None):
        return ["chamado", "texto", "apresentado_em"] if obj is None else self.ficha

    def get_readonly_fields(self, request, obj=None):
        return [] if obj is None else self.ficha

    def get_changeform_initial_data(self, request):
        return {"apresentado_em": relogio.hoje(), **super().get_changeform_initial_data(request)}

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name != "chamado":
            return super().formfield_for_foreignkey(db_field, request, **kwargs)
        kwargs["queryset"] = Chamado.objects.filter(
            decisao=quorum.NAO_CONFIRMADO,
            sessao__status=Sessao.ENCERRADA,
            sessao__comissao__tipo=Comissao.ORDINARIA,
            recurso__isnull=True,
        ).select_related("inscricao__candidato", "sessao")
        kwargs["help_text"] = "Só não confirmações da comissão ordinária ainda sem recurso."
        campo = super().formfield_for_foreignkey(db_field, request, **kwargs)
        campo.label_from_instance = lambda chamado: (
            f"{chamado} — não confirmado por {resultado.placar(chamado)} na sessão de {data(chamado.sessao.inicio)}"
        )
        return campo

    def incluir(self, request, dados):
        return services.registrar_recurso(
            dados["chamado"], texto=dados["texto"], apresentado_em=dados["apresentado_em"], por=request.user
        )

    @admin.display(description="inscrição", ordering="chamado__inscricao__numero")
    def inscricao(self, recurso):
        return recurso.chamado.inscricao.numero

    @admin.display(description="nome")
    def nome_de_uso(self, recurso):
        return recurso.chamado.inscricao.candidato.nome_de_uso

    @admin.display(description="decisão recorrida")
    def decisao_recorrida(self, recurso):
        return f"{recurso.chamado.get_decisao_display()} ({resultado.placar(recurso.chamado)}), sessão de {data(recurso.chamado.sessao.inicio)}"

    @admin.display(description="apresentado em", ordering="apresentado_em")
    def apresentacao(self, recurso):
        return data(recurso.apresentado_em)

    @admin.display(description="julgamento")
    def julgamento_(self, recurso):
        julgamento = recurso.julgamento
        if julgamento is None:
            return "aguardando pauta da comissão recursal"
        if julgamento.sessao.status != Sessao.ENCERRADA:
            return f"em pauta na sessão de {data(julgamento.sessao.inicio)}"
        return f"{julgamento.get_decisao_display()} ({resultado.placar(julgamento)}), sessão de {data(julgamento.sessao.inicio)}"

    @admin.action(description="Incluir na sessão recursal", permissions=["change"])
    def incluir_na_sessao_recursal(self, request, queryset):
        form = SessaoRecursalForm(queryset, request.POST if "aplicar" in request.POST else None)
        if not form.is_valid():
            contexto = {
                **self.admin_site.each_context(request),
                "title": "Incluir recursos na sessão da comissão recursal",
                "opts": self.model._meta,
                "form": form,
                "recursos": queryset.select_related("chamado__inscricao__candidato"),
                "selecionados": request.POST.getlist(admin.helpers.ACTION_CHECKBOX_NAME),
            }
            return TemplateResponse(request, "admin/heteroidentificacao/recurso/incluir_na_sessao.html", contexto)
        for recurso in queryset.select_related("chamado__inscricao"):
            try:
                services.chamar_recurso(recurso, form.cleaned_data["sessao"], por=request.user)
            except RECUSAS as erro:
                self.message_user(request, f"{recurso}: {mensagem(erro)}", messages.ERROR)
            else:
                sessao = str(form.cleaned_data["sessao"])
                self.message_user(request, f"{recurso}: incluído na pauta da {sessao[0].lower()}{sessao[1:]}.")
