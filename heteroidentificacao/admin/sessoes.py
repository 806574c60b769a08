"""Sessões e candidatos chamados: marcar a sessão, chamar pela regra, a convocação, a ata e os
pareceres do candidato em PDF. Conduzir a sessão é dos membros, fora do admin."""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db import models
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html_join
from django.utils.text import slugify

from comum.admin import ParametrosConferidos, RotulosNaTabela, SoLeitura
from comum.exibicao import data_e_hora

from .. import pdf, resultado, services
from ..forms import PublicacaoForm, SessaoForm
from ..models import Chamado, Comissao, Sessao
from .pecas import (
    RECUSAS,
    AcessoRegistrado,
    InclusaoPeloServico,
    PdfNoAdmin,
    SemExclusao,
    anotar_erro,
    auditar_alteracao,
    link,
    mensagem,
)


class ChamadoInline(SoLeitura, RotulosNaTabela, admin.TabularInline):
    """Candidatos chamados: presença, filmagem e decisão vêm da sessão conduzida pelos membros."""

    model = Chamado
    fields = ["numero", "nome_de_uso", "cargo", "compareceu_", "recusou_filmagem_", "decisao", "placar", "pareceres"]
    readonly_fields = fields
    extra = 0

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("inscricao__candidato", "inscricao__cargo", "sessao")

    @admin.display(description="inscrição")
    def numero(self, chamado):
        return chamado.inscricao.numero

    @admin.display(description="nome")
    def nome_de_uso(self, chamado):
        return chamado.inscricao.candidato.nome_de_uso

    @admin.display(description="cargo")
    def cargo(self, chamado):
        return chamado.inscricao.cargo

    @admin.display(description="compareceu")
    def compareceu_(self, chamado):
        return {None: "—", True: "Sim", False: "Não"}[chamado.compareceu]

    @admin.display(description="recusou filmagem")
    def recusou_filmagem_(self, chamado):
        return "Sim" if chamado.recusou_filmagem else "Não"

    @admin.display(description="placar")
    def placar(self, chamado):
        return resultado.placar(chamado)

    @admin.display(description="pareceres do candidato")
    def pareceres(self, chamado):
        if chamado.sessao.status != Sessao.ENCERRADA:
            return "—"
        return link(reverse("admin:heteroidentificacao_chamado_parecer_pdf", args=[chamado.pk]), "PDF para o candidato")


class SessaoAdmin(
    ParametrosConferidos, InclusaoPeloServico, SemExclusao, PdfNoAdmin, AcessoRegistrado, admin.ModelAdmin
):
    """A ficha mostra a referência da gravação e as decisões dos candidatos: cada abertura fica registrada."""

    form = SessaoForm

    list_display = ["quando", "comissao", "onde", "status", "documentos"]
    list_filter = [
        "status",
        "comissao__tipo",
        "comissao__edital",
        "comissao",
    ]  # "comissao": o link da ficha da comissão
    list_select_related = ["comissao__edital"]
    inlines = [ChamadoInline]
    actions = ["chamar_candidatos"]
    acesso_o_que = "sessao"
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}

    def get_inlines(self, request, obj):
        return self.inlines if obj is not None else []

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["comissao", "inicio", "local", "link"]
        inicio = "inicio" if obj.status == Sessao.PLANEJADA else "quando"
        return [
            *["comissao", inicio, "local", "link", "status", "abertura", "encerramento"],
            *["gravacao", "hash_da_gravacao", "prazo_de_recurso", "documentos"],
        ]

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        # Data, local e link mudam só enquanto a sessão está planejada; a gravação, a qualquer tempo.
        depois_de_aberta = [] if obj.status == Sessao.PLANEJADA else ["quando", "local", "link"]
        return [
            *["comissao", "status", "abertura", "encerramento", "hash_da_gravacao", "prazo_de_recurso", "documentos"],
            *depois_de_aberta,
        ]

    def incluir(self, request, dados):
        return services.criar_sessao(
            dados["comissao"], inicio=dados["inicio"], local=dados["local"], link=dados["link"], por=request.user
        )

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change:
            auditar_alteracao(request, obj, form, "sessao_alterada")

    @admin.display(description="data e hora", ordering="inicio")
    def quando(self, sessao):
        return data_e_hora(sessao.inicio)

    @admin.display(description="local ou link")
    def onde(self, sessao):
        return sessao.local or sessao.link or "—"

    @admin.display(description="abertura e composição")
    def abertura(self, sessao):
        if not sessao.aberta_em:
            return "—"
        composicao = "; ".join(str(p) for p in sessao.presencas.select_related("membro__usuario", "substitui__usuario"))
        return f"{data_e_hora(sessao.aberta_em)} por {sessao.aberta_por}. {composicao}"

    @admin.display(description="encerramento")
    def encerramento(self, sessao):
        return f"{data_e_hora(sessao.encerrada_em)} por {sessao.encerrada_por}" if sessao.encerrada_em else "—"

    @admin.display(description="resultado preliminar e prazo de recurso")
    def prazo_de_recurso(self, sessao):
        if sessao.comissao.tipo != Comissao.ORDINARIA or sessao.status != Sessao.ENCERRADA:
            return "—"
        if sessao.resultado_preliminar_publicado_em is None:
            return link(
                reverse("admin:heteroidentificacao_sessao_publicar_resultado_preliminar", args=[sessao.pk]),
                "Registrar a publicação do resultado preliminar",
            )
        return resultado.descrever_prazo(sessao)

    @admin.display(description="documentos")
    def documentos(self, sessao):
        links = []
        if sessao.comissao.tipo == Comissao.ORDINARIA:
            links.append(
                (reverse("admin:heteroidentificacao_sessao_convocacao_pdf", args=[sessao.pk]), "lista de convocação")
            )
        if sessao.status == Sessao.ENCERRADA:
            links.append((reverse("admin:heteroidentificacao_sessao_ata_pdf", args=[sessao.pk]), "ata"))
        return format_html_join(" · ", '<a href="{}">{} (PDF)</a>', links) or "—"

    @admin.action(description="Chamar candidatos pela regra", permissions=["chamar"])
    def chamar_candidatos(self, request, queryset):
        for sessao in queryset.select_related("comissao__edital"):
            try:
                chamados = services.chamar_candidatos(sessao, por=request.user)
            except RECUSAS as erro:
                self.message_user(request, f"{sessao}: {mensagem(erro)}", messages.ERROR)
                continue
            if not chamados:
                self.message_user(request, f"{sessao}: ninguém a chamar pela regra.", messages.WARNING)
                continue
            numeros = ", ".join(c.inscricao.numero for c in chamados)
            self.message_user(request, f"{sessao}: {len(chamados)} chamado(s): {numeros}.")

    def has_chamar_permission(self, request):
        return request.user.has_perm("heteroidentificacao.add_chamado")

    def get_urls(self):
        return [
            self.rota("<int:pk>/convocacao.pdf", self.convocacao_pdf, "sessao_convocacao_pdf"),
            self.rota("<int:pk>/ata.pdf", self.ata_pdf, "sessao_ata_pdf"),
            self.rota(
                "<int:pk>/publicar-resultado-preliminar/",
                self.publicar_resultado_preliminar,
                "sessao_publicar_resultado_preliminar",
            ),
            self.rota("chamado/<int:pk>/pareceres.pdf", self.parecer_pdf, "chamado_parecer_pdf"),
            *super().get_urls(),
        ]

    def publicar_resultado_preliminar(self, request, pk: int):
        """A data da publicação do resultado preliminar, de que corre o prazo de recurso (§10)."""
        sessao = get_object_or_404(Sessao.objects.select_related("comissao__edital"), pk=pk)
        if not self.has_change_permission(request, sessao):
            raise PermissionDenied
        form = PublicacaoForm(request.POST if request.method == "POST" else None)
        if form.is_valid():
            try:
                sessao = services.publicar_resultado_preliminar(sessao, em=form.cleaned_data["em"], por=request.user)
            except RECUSAS as erro:
                anotar_erro(form, erro)
            else:
                self.message_user(request, resultado.descrever_prazo(sessao), messages.SUCCESS)
                return redirect("admin:heteroidentificacao_sessao_change", sessao.pk)
        contexto = {
            **self.admin_site.each_context(request),
            "title": "Publicação do resultado preliminar",
            "opts": self.model._meta,
            "original": sessao,
            "form": form,
        }
        return TemplateResponse(
            request, "admin/heteroidentificacao/sessao/publicar_resultado_preliminar.html", contexto
        )

    def convocacao_pdf(self, request, pk: int):
        sessao = get_object_or_404(Sessao.objects.select_related("comissao__edital"), pk=pk)
        return self._pdf_da_sessao(request, sessao, pdf.lista_de_convocacao_pdf, "convocacao", "pdf_convocacao")

    def ata_pdf(self, request, pk: int):
        sessao = get_object_or_404(Sessao.objects.select_related("comissao__edital", "encerrada_por"), pk=pk)
        return self._pdf_da_sessao(request, sessao, pdf.ata_pdf, "ata", "ata")

    def _pdf_da_sessao(self, request, sessao, gerar, documento: str, o_que: str):
        return self.entregar_pdf(
            request,
            permitido=self.has_view_permission(request, sessao),
            gerar=lambda: gerar(sessao),
            nome_do_arquivo=f"{documento}-sessao-{timezone.localtime(sessao.inicio):%Y-%m-%d}-{sessao.pk}.pdf",
            voltar=reverse("admin:heteroidentificacao_sessao_change", args=[sessao.pk]),
            o_que=o_que,
            objeto=sessao,
        )

    def parecer_pdf(self, request, pk: int):
        """Os pareceres sobre o candidato, para entregar a ele (sem os nomes dos membros)."""
        chamado = get_object_or_404(Chamado.objects.select_related("sessao__comissao__edital", "inscricao"), pk=pk)
        return self.entregar_pdf(
            request,
            permitido=request.user.has_perm("heteroidentificacao.view_chamado"),
            gerar=lambda: pdf.parecer_do_candidato_pdf(chamado),
            nome_do_arquivo=f"pareceres-inscricao-{slugify(chamado.inscricao.numero)}.pdf",
            voltar=reverse("admin:heteroidentificacao_sessao_change", args=[chamado.sessao_id]),
            o_que="pdf_pareceres_do_candidato",
            objeto=chamado,
        )
