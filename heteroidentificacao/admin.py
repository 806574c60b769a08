"""Admin do RH para a heteroidentificação: comissões e membros, sessões e candidatos chamados,
recursos, apuração de declaração falsa, auditoria, o resultado e os PDFs.

Fino: cada inclusão e cada ação chama ``services``. Nas inclusões o formulário ensaia o serviço
numa transação desfeita, para que a recusa (``ValidationError``, ``PermissionDenied``, erro do motor)
apareça nele, em português, e o ``save_model`` o executa de verdade; nas ações e nos PDFs a recusa
vira mensagem no topo da página. Nunca erro 500.

Conduzir a sessão (abrir, presença, pareceres, encerrar) é do presidente e dos membros, na área
deles: aqui o RH não cria nem altera pareceres, e só auditores (``view_parecer``) os leem.
"""

import functools
import json
from contextlib import contextmanager

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import models, transaction
from django.forms.models import BaseInlineFormSet
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.text import slugify

import cotas
from comum.admin import SoLeitura
from comum.exibicao import data, data_e_hora
from comum.mensagens import mensagem_de
from concursos.acesso import AcessoRegistradoNoAdmin, HistoricoNoAdmin, descrever, registrar_acesso
from concursos.forms import AutocompleteSemValorInvalido
from cotas import quorum
from cotas.regimes import rotulo_do_grupo

from . import pdf, services
from .forms import SessaoForm
from .models import (
    Chamado,
    Comissao,
    HistoricoDeParecer,
    Membro,
    Parecer,
    ProcessoDeApuracao,
    Recurso,
    RegistroDeAuditoria,
    Sessao,
)

RECUSAS = (ValidationError, PermissionDenied, cotas.ErroDeCotas)
VER_PARECERES = "heteroidentificacao.view_parecer"


# ---------------------------------------------------------------- apoio


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


def descrever_sessao(sessao) -> str:
    """Como ``str(sessao)``, mas com a hora de Brasília."""
    return f"Sessão de {data_e_hora(sessao.inicio)} — {sessao.comissao}"


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


# ---------------------------------------------------------------- comissões e membros


class MembrosPeloServico(BaseInlineFormSet):
    """Cada membro novo entra por ``services.adicionar_membro``, que recusa quem já integra a outra
    comissão (ordinária/recursal) do edital, titulares além da regra e um segundo presidente. O
    ``clean`` ensaia as inclusões; o ``save`` as faz."""

    por = None  # quem age; o admin o põe a cada pedido

    def novos(self):
        return [form for form in self.extra_forms if form.has_changed()]

    def incluir(self, form):
        dados = form.cleaned_data
        return services.adicionar_membro(
            self.instance, dados["usuario"], por=self.por, papel=dados["papel"], presidente=dados["presidente"]
        )

    def clean(self):
        super().clean()
        if any(self.errors):
            return
        with ensaio():
            for form in self.novos():
                try:
                    self.incluir(form)
                except RECUSAS as erro:
                    anotar_erro(form, erro)

    def save(self, commit=True):
        self.new_objects = [self.incluir(form) for form in self.novos()]
        self.changed_objects, self.deleted_objects = [], []
        return self.new_objects


class MembroInline(admin.TabularInline):
    """Membros incluídos ficam só para leitura (não há serviço para alterá-los); novos entram pelo serviço."""

    model = Membro
    formset = MembrosPeloServico
    fields = ["usuario", "papel", "presidente"]
    autocomplete_fields = ["usuario"]
    extra = 0
    can_delete = False

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        kwargs["widget"] = AutocompleteSemValorInvalido(db_field, self.admin_site, using=kwargs.get("using"))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def has_change_permission(self, request, obj=None):
        return False

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        formset.por = request.user
        return formset


@admin.register(Comissao)
class ComissaoAdmin(InclusaoPeloServico, SemExclusao, PdfNoAdmin, admin.ModelAdmin):
    list_display = ["__str__", "tipo", "grupo", "regra", "limite_de_chamados", "prazo_de_recurso_dias", "atalhos"]
    list_filter = ["tipo", "grupo", "edital"]
    list_select_related = ["edital"]
    inlines = [MembroInline]
    ficha = ["edital", "tipo", "grupo", "regra", "limite_de_chamados", "prazo_de_recurso_dias", "atalhos"]

    def get_fields(self, request, obj=None):
        return ["edital", "tipo", "grupo", "limite_de_chamados", "prazo_de_recurso_dias"] if obj is None else self.ficha

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        # Com sessão marcada, limite e prazo já valem para candidatos chamados: congelam como a regra.
        editaveis = [] if obj.sessoes.exists() else ["limite_de_chamados", "prazo_de_recurso_dias"]
        return [campo for campo in self.ficha if campo not in editaveis]

    def get_inlines(self, request, obj):
        return self.inlines if obj is not None else []  # membros só depois de a regra ficar congelada

    def incluir(self, request, dados):
        campos = ("tipo", "grupo", "limite_de_chamados", "prazo_de_recurso_dias")
        return services.criar_comissao(dados["edital"], por=request.user, **{c: dados[c] for c in campos})

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change:
            auditar_alteracao(request, obj, form, "comissao_alterada")

    @admin.display(description="regra de quórum (congelada)")
    def regra(self, comissao):
        return pdf.descrever_regra(comissao.regra_de_quorum)

    @admin.display(description="atalhos")
    def atalhos(self, comissao):
        sessoes = reverse("admin:heteroidentificacao_sessao_changelist") + f"?comissao__id__exact={comissao.pk}"
        resultado = reverse("admin:heteroidentificacao_comissao_resultado", args=[comissao.pk])
        return format_html("{} · {}", link(sessoes, "sessões"), link(resultado, "resultado da heteroidentificação"))

    def get_urls(self):
        return [
            self.rota("<int:pk>/resultado/", self.resultado, "comissao_resultado"),
            self.rota("<int:pk>/resultado.pdf", self.resultado_pdf, "comissao_resultado_pdf"),
            *super().get_urls(),
        ]

    def resultado(self, request, pk: int):
        """Resultado do edital e grupo: a decisão da ordinária (preliminar) e a final, depois dos recursos."""
        comissao = get_object_or_404(Comissao.objects.select_related("edital"), pk=pk)
        if not self.has_view_permission(request, comissao):
            raise PermissionDenied
        try:
            (ordinaria,) = pdf.comissoes_ordinarias(comissao)
        except ValidationError as erro:
            self.message_user(request, mensagem(erro), messages.ERROR)
            return redirect("admin:heteroidentificacao_comissao_changelist")
        grupo = rotulo_do_grupo(ordinaria.grupo)
        contexto = {
            **self.admin_site.each_context(request),
            "title": f"Resultado da heteroidentificação — edital {ordinaria.edital} ({grupo})",
            "opts": self.model._meta,
            "comissao": ordinaria,
            "linhas": pdf.linhas_do_resultado(ordinaria),
            "pdf": reverse("admin:heteroidentificacao_comissao_resultado_pdf", args=[ordinaria.pk]),
        }
        objeto = descrever(ordinaria, rotulo_do_acesso(ordinaria))
        registrar_acesso(request, o_que="resultado_heteroidentificacao", objeto=objeto)
        return TemplateResponse(request, "admin/heteroidentificacao/comissao/resultado.html", contexto)

    def resultado_pdf(self, request, pk: int):
        comissao = get_object_or_404(Comissao.objects.select_related("edital"), pk=pk)
        definitivo = request.GET.get("definitivo") == "1"
        tipo = "definitivo" if definitivo else "preliminar"
        return self.entregar_pdf(
            request,
            permitido=self.has_view_permission(request, comissao),
            gerar=lambda: pdf.resultado_pdf(comissao, definitivo),
            nome_do_arquivo=f"resultado-{tipo}-heteroidentificacao-edital-{comissao.edital.numero}-{comissao.edital.ano}.pdf",
            voltar=reverse("admin:heteroidentificacao_comissao_resultado", args=[comissao.pk]),
            o_que="pdf_resultado_heteroidentificacao",
            objeto=comissao,
        )


# ---------------------------------------------------------------- sessões e candidatos chamados


class ChamadoInline(SoLeitura, admin.TabularInline):
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
        return pdf.placar(chamado)

    @admin.display(description="pareceres do candidato")
    def pareceres(self, chamado):
        if chamado.sessao.status != Sessao.ENCERRADA:
            return "—"
        return link(reverse("admin:heteroidentificacao_chamado_parecer_pdf", args=[chamado.pk]), "PDF para o candidato")


@admin.register(Sessao)
class SessaoAdmin(InclusaoPeloServico, SemExclusao, PdfNoAdmin, AcessoRegistrado, admin.ModelAdmin):
    """A ficha mostra a referência da gravação e as decisões dos candidatos: cada abertura fica registrada."""

    form = SessaoForm

    list_display = ["quando", "comissao", "onde", "status", "documentos"]
    list_filter = ["status", "comissao__tipo", "comissao__edital"]
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
        return ["comissao", inicio, "local", "link", "status", "encerramento", "gravacao", "documentos"]

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        # Data, local e link mudam só enquanto a sessão está planejada; a gravação, a qualquer tempo.
        depois_de_aberta = [] if obj.status == Sessao.PLANEJADA else ["quando", "local", "link"]
        return ["comissao", "status", "encerramento", "documentos", *depois_de_aberta]

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

    @admin.display(description="encerramento")
    def encerramento(self, sessao):
        return f"{data_e_hora(sessao.encerrada_em)} por {sessao.encerrada_por}" if sessao.encerrada_em else "—"

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
                self.message_user(request, f"{descrever_sessao(sessao)}: {mensagem(erro)}", messages.ERROR)
                continue
            if not chamados:
                self.message_user(
                    request, f"{descrever_sessao(sessao)}: ninguém a chamar pela regra.", messages.WARNING
                )
                continue
            numeros = ", ".join(c.inscricao.numero for c in chamados)
            self.message_user(request, f"{descrever_sessao(sessao)}: {len(chamados)} chamado(s): {numeros}.")

    def has_chamar_permission(self, request):
        return request.user.has_perm("heteroidentificacao.add_chamado")

    def get_urls(self):
        return [
            self.rota("<int:pk>/convocacao.pdf", self.convocacao_pdf, "sessao_convocacao_pdf"),
            self.rota("<int:pk>/ata.pdf", self.ata_pdf, "sessao_ata_pdf"),
            self.rota("chamado/<int:pk>/pareceres.pdf", self.parecer_pdf, "chamado_parecer_pdf"),
            *super().get_urls(),
        ]

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


# ---------------------------------------------------------------- recursos


class SessaoRecursalForm(forms.Form):
    sessao = forms.ModelChoiceField(label="Sessão da comissão recursal", queryset=Sessao.objects.none())

    def __init__(self, recursos, *args, **kwargs):
        super().__init__(*args, **kwargs)
        editais = recursos.values("chamado__sessao__comissao__edital")
        self.fields["sessao"].queryset = (
            Sessao.objects.filter(comissao__tipo=Comissao.RECURSAL, comissao__edital__in=editais)
            .exclude(status=Sessao.ENCERRADA)
            .select_related("comissao__edital")
        )
        self.fields["sessao"].label_from_instance = descrever_sessao


@admin.register(Recurso)
class RecursoAdmin(InclusaoPeloServico, SemExclusao, FichaSemEdicao, AcessoRegistrado, admin.ModelAdmin):
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
        return {"apresentado_em": timezone.localdate(), **super().get_changeform_initial_data(request)}

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
            f"{chamado} — não confirmado por {pdf.placar(chamado)} na sessão de {data(chamado.sessao.inicio)}"
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
        return f"{recurso.chamado.get_decisao_display()} ({pdf.placar(recurso.chamado)}), sessão de {data(recurso.chamado.sessao.inicio)}"

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
        return (
            f"{julgamento.get_decisao_display()} ({pdf.placar(julgamento)}), sessão de {data(julgamento.sessao.inicio)}"
        )

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
                sessao = descrever_sessao(form.cleaned_data["sessao"])
                self.message_user(request, f"{recurso}: incluído na pauta da {sessao[0].lower()}{sessao[1:]}.")


# ---------------------------------------------------------------- apuração de declaração falsa


class NotificacaoForm(forms.Form):
    notificado_em = forms.DateField(label="Candidato notificado em", initial=timezone.localdate)
    dias_para_defesa = forms.IntegerField(
        label="Prazo de defesa (dias corridos)",
        initial=10,
        min_value=1,
        max_value=365,
        help_text="Contados do dia seguinte à notificação.",
    )


class DefesaForm(forms.Form):
    texto = forms.CharField(label="Defesa", widget=forms.Textarea)
    apresentada_em = forms.DateField(label="Apresentada em", initial=timezone.localdate)


class DecisaoForm(forms.Form):
    decisao = forms.ChoiceField(
        label="Decisão",
        choices=[
            (ProcessoDeApuracao.PROCEDENTE, "Procedente: declaração falsa constatada"),
            (ProcessoDeApuracao.IMPROCEDENTE, "Improcedente"),
        ],
    )
    fundamentacao = forms.CharField(label="Fundamentação", widget=forms.Textarea)
    decidido_em = forms.DateField(label="Decidido em", initial=timezone.localdate)


@admin.register(ProcessoDeApuracao)
class ProcessoDeApuracaoAdmin(
    InclusaoPeloServico, SemExclusao, FichaSemEdicao, PdfNoAdmin, AcessoRegistrado, admin.ModelAdmin
):
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
        return {"instaurado_em": timezone.localdate(), **super().get_changeform_initial_data(request)}

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


# ---------------------------------------------------------------- pareceres e auditoria (só leitura)


class HistoricoDeParecerInline(SoLeitura, admin.TabularInline):
    model = HistoricoDeParecer
    fields = ["registrado_em", "voto", "fundamentacao"]
    readonly_fields = fields
    extra = 0


@admin.register(Parecer)
class ParecerAdmin(SoLeitura, AcessoRegistrado, HistoricoNoAdmin):
    """Pareceres são dos membros (criados e alterados só na área deles). Aqui, leitura para auditores:
    a lista, a ficha e o histórico ficam registrados como acesso."""

    list_display = ["chamado", "sessao", "membro", "voto", "registrado_em", "alterado_em"]
    list_filter = ["voto", "chamado__sessao__comissao__edital"]
    list_select_related = ["chamado__inscricao__candidato", "chamado__sessao", "membro__usuario"]
    fields = ["chamado", "membro", "voto", "fundamentacao", "registrado_em", "alterado_em"]
    readonly_fields = fields
    inlines = [HistoricoDeParecerInline]
    acesso_o_que = acesso_na_lista = "parecer"
    acesso_no_historico = True

    def has_view_permission(self, request, obj=None):
        return request.user.has_perm(VER_PARECERES)  # não basta ``change_parecer``: ler é de auditor

    @admin.display(description="sessão")
    def sessao(self, parecer):
        return data_e_hora(parecer.chamado.sessao.inicio)


@admin.register(RegistroDeAuditoria)
class RegistroDeAuditoriaAdmin(SoLeitura, AcessoRegistrado, admin.ModelAdmin):
    list_display = ["momento", "usuario", "acao", "objeto"]
    list_filter = ["acao", ("usuario", admin.RelatedOnlyFieldListFilter), "quando"]
    search_fields = ["objeto"]
    date_hierarchy = "quando"
    list_select_related = ["usuario"]
    fields = ["momento", "usuario", "acao", "objeto", "antes_", "depois_"]
    readonly_fields = [*fields, "conteudo_reservado"]
    acesso_o_que = "parecer"  # quando a ficha mostra o voto ou a decisão (antes e depois)

    def revela_dados_sensiveis(self, request, registro):
        if registro.acao.startswith("parecer_"):
            return request.user.has_perm(VER_PARECERES)
        return registro.acao == "decisao"

    @admin.display(description="quando", ordering="quando")
    def momento(self, registro):
        return data_e_hora(registro.quando)

    @admin.display(description="antes")
    def antes_(self, registro):
        return self._conteudo(registro.antes)

    @admin.display(description="depois")
    def depois_(self, registro):
        return self._conteudo(registro.depois)

    def get_fields(self, request, obj=None):
        # O texto dos pareceres fica na trilha; só quem pode ler pareceres o vê aqui também.
        if obj and obj.acao.startswith("parecer_") and not request.user.has_perm(VER_PARECERES):
            return ["momento", "usuario", "acao", "objeto", "conteudo_reservado"]
        return self.fields

    @admin.display(description="antes e depois")
    def conteudo_reservado(self, registro):
        return "Conteúdo do parecer: visível só para quem pode ler pareceres (auditoria)."

    def _conteudo(self, valor):
        return format_html("<pre>{}</pre>", json.dumps(valor, ensure_ascii=False, indent=2)) if valor else "—"
