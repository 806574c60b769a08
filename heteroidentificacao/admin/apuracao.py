"""Apuração de declaração falsa: instaurar (pelo serviço), os passos do procedimento e o ofício
ao Ministério Público."""

import functools

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.text import slugify

from comum import relogio
from comum.admin import ParametrosConferidos
from comum.exibicao import data
from comum.validacao import textos_longos_no_admin

from .. import pdf, services
from ..forms import DecisaoForm, DefesaForm, NotificacaoForm
from ..models import ProcessoDeApuracao
from .pecas import (
    RECUSAS,
    AcessoRegistrado,
    FichaSemEdicao,
    InclusaoPeloServico,
    PdfNoAdmin,
    SemExclusao,
    anotar_erro,
)


class ProcessoDeApuracaoAdmin(
    ParametrosConferidos,
    InclusaoPeloServico,
    SemExclusao,
    FichaSemEdicao,
    PdfNoAdmin,
    AcessoRegistrado,
    admin.ModelAdmin,
):
    formfield_overrides = textos_longos_no_admin()
    list_display = ["numero", "inscricao", "decisao", "instauracao", "prazo", "proximos_passos"]
    list_filter = ["decisao"]
    search_fields = ["numero", "inscricao__numero", "inscricao__candidato__nome"]
    list_select_related = ["inscricao__candidato"]
    raw_id_fields = ["inscricao"]
    ficha = [
        "numero", "inscricao", "proximos_passos", "fatos", "instaurado_em", "instaurado_por", "notificado_em",
        "prazo_de_defesa", "defesa", "defesa_apresentada_em", "decisao", "fundamentacao", "decidido_em", "decidido_por",
    ]  # fmt: skip
    acesso_o_que = acesso_na_lista = "apuracao"  # fatos, defesa e decisão sobre a autodeclaração
    passos = {
        "notificar": ("Notificar o candidato", NotificacaoForm, services.notificar),
        "defesa": ("Registrar a defesa", DefesaForm, services.registrar_defesa),
        "decidir": ("Decidir", DecisaoForm, services.decidir_apuracao),
    }

    def get_fields(self, request, obj=None):
        return ["inscricao", "numero", "fatos", "instaurado_em"] if obj is None else self.ficha

    def get_readonly_fields(self, request, obj=None):
        return [] if obj is None else self.ficha

    def get_changeform_initial_data(self, request):
        return {"instaurado_em": relogio.hoje(), **super().get_changeform_initial_data(request)}

    def incluir(self, request, dados):
        return services.instaurar_apuracao(
            dados["inscricao"],
            numero=dados["numero"],
            fatos=dados["fatos"],
            instaurado_em=dados["instaurado_em"],
            por=request.user,
        )

    @admin.display(description="instaurado em", ordering="instaurado_em")
    def instauracao(self, processo):
        return data(processo.instaurado_em)

    @admin.display(description="prazo de defesa", ordering="prazo_de_defesa")
    def prazo(self, processo):
        return data(processo.prazo_de_defesa)

    @admin.display(description="próximos passos")
    def proximos_passos(self, processo):
        links = []
        if processo.decisao == ProcessoDeApuracao.EM_ANDAMENTO:
            if not processo.defesa_apresentada_em:
                links.append(("notificar", "renotificar" if processo.notificado_em else "notificar o candidato"))
            if processo.notificado_em and not processo.defesa_apresentada_em:
                links.append(("defesa", "registrar a defesa"))
            if processo.notificado_em:
                links.append(("decidir", "decidir"))
        urls = [
            (reverse(f"admin:heteroidentificacao_processo_{passo}", args=[processo.pk]), texto)
            for passo, texto in links
        ]
        if processo.decisao == ProcessoDeApuracao.PROCEDENTE:
            oficio = reverse("admin:heteroidentificacao_processo_oficio_pdf", args=[processo.pk])
            urls.append((oficio, "ofício ao Ministério Público (PDF)"))
        return format_html_join(" · ", '<a href="{}">{}</a>', urls) or "—"

    def get_urls(self):
        return [
            *(
                self.rota(f"<int:pk>/{passo}/", functools.partial(self.passo, passo=passo), f"processo_{passo}")
                for passo in self.passos
            ),
            self.rota("<int:pk>/oficio.pdf", self.oficio_pdf, "processo_oficio_pdf"),
            *super().get_urls(),
        ]

    def passo(self, request, pk: int, passo: str):
        """Um passo do procedimento (notificar, defesa, decidir): formulário simples → serviço."""
        processo = get_object_or_404(ProcessoDeApuracao.objects.select_related("inscricao__candidato"), pk=pk)
        if not self.has_change_permission(request, processo):
            raise PermissionDenied
        titulo, formulario, servico = self.passos[passo]
        form = formulario(request.POST if request.method == "POST" else None)
        if form.is_valid():
            try:
                servico(processo, por=request.user, **form.cleaned_data)
            except RECUSAS as erro:
                anotar_erro(form, erro)
            else:
                self.message_user(request, f"{processo}: {titulo.lower()} — registrado.", messages.SUCCESS)
                return redirect("admin:heteroidentificacao_processodeapuracao_change", processo.pk)
        contexto = {
            **self.admin_site.each_context(request),
            "title": f"{titulo} — processo {processo.numero}",
            "opts": self.model._meta,
            "original": processo,
            "form": form,
        }
        return TemplateResponse(request, "admin/heteroidentificacao/passo.html", contexto)

    def oficio_pdf(self, request, pk: int):
        processo = get_object_or_404(ProcessoDeApuracao.objects.select_related("inscricao__candidato"), pk=pk)
        return self.entregar_pdf(
            request,
            permitido=self.has_view_permission(request, processo),
            gerar=lambda: pdf.oficio_ministerio_publico_pdf(processo),
            nome_do_arquivo=f"oficio-ministerio-publico-processo-{slugify(processo.numero)}.pdf",
            voltar=reverse("admin:heteroidentificacao_processodeapuracao_change", args=[processo.pk]),
            o_que="oficio",
            objeto=processo,
        )
