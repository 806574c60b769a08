"""Comissões e membros (cada membro novo pelo serviço) e a tela do resultado da heteroidentificação."""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.forms.models import BaseInlineFormSet
from django.http import HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html

from comum.admin import ParametrosConferidos, RotulosNaTabela
from comum.mensagens import mensagem_de
from concursos.forms import AutocompleteSemValorInvalido
from concursos.services.acessos import descrever, registrar_acesso
from concursos.tipos_de_ato import RESULTADO_DA_HETEROIDENTIFICACAO, tipo_de_ato
from cotas.regimes import rotulo_do_grupo

from .. import consultas, pdf, services
from ..forms import DesligamentoForm
from ..models import Comissao, Membro
from ..resultado import comissoes_ordinarias, linhas_do_resultado
from ..services.resultado_definitivo import publicar_resultado_definitivo
from .pecas import (
    RECUSAS,
    InclusaoPeloServico,
    PdfNoAdmin,
    SemExclusao,
    anotar_erro,
    auditar_alteracao,
    ensaio,
    link,
    mensagem,
    rotulo_do_acesso,
)


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
            self.instance,
            dados["usuario"],
            por=self.por,
            **{campo: dados.get(campo) for campo in ("papel", "presidente", *CAMPOS_DA_COMPOSICAO)},
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


CAMPOS_DA_COMPOSICAO = ("genero", "cor_autodeclarada", "capacitado_em", "ato_de_designacao")


class MembroInline(RotulosNaTabela, admin.TabularInline):
    """Membros incluídos ficam só para leitura (não há serviço para alterá-los); novos entram pelo serviço."""

    model = Membro
    formset = MembrosPeloServico
    fields = ["usuario", "papel", "presidente", *CAMPOS_DA_COMPOSICAO, "situacao"]
    readonly_fields = ["situacao", "situacao_"]
    autocomplete_fields = ["usuario"]
    extra = 0
    can_delete = False

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        kwargs["widget"] = AutocompleteSemValorInvalido(db_field, self.admin_site, using=kwargs.get("using"))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def has_change_permission(self, request, obj=None):
        return False

    def get_fields(self, request, obj=None):
        """O link "desligar da comissão" só para quem pode desligar (o auditor recebia 403)."""
        if request.user.has_perm("heteroidentificacao.change_membro"):
            return self.fields
        return [campo if campo != "situacao" else "situacao_" for campo in self.fields]

    @admin.display(description="situação")
    def situacao(self, membro):
        if membro.pk is None or not membro.ativo:
            return self.situacao_(membro)
        desligar = reverse("admin:heteroidentificacao_membro_desligar", args=[membro.pk])
        return format_html("Ativo · {}", link(desligar, "desligar da comissão"))

    @admin.display(description="situação")
    def situacao_(self, membro):
        if membro.pk is None:
            return "—"
        if not membro.ativo:
            return f"Desligado em {membro.desligado_em:%d/%m/%Y} por {membro.desligado_por}: {membro.motivo_do_desligamento}"
        return "Ativo"

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        formset.por = request.user
        return formset


class ComissaoAdmin(ParametrosConferidos, InclusaoPeloServico, SemExclusao, PdfNoAdmin, admin.ModelAdmin):
    list_display = ["__str__", "tipo", "grupo", "regra", "limite_de_chamados", "prazo_de_recurso_dias", "atalhos"]
    list_filter = ["tipo", "grupo", "edital"]
    list_select_related = ["edital"]
    inlines = [MembroInline]
    ficha = [
        *["edital", "tipo", "grupo", "regra", "limite_de_chamados", "prazo_de_recurso_dias"],
        *["avisos_da_composicao", "atalhos"],
    ]

    def get_fields(self, request, obj=None):
        return ["edital", "tipo", "grupo", "limite_de_chamados", "prazo_de_recurso_dias"] if obj is None else self.ficha

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        campo = super().formfield_for_dbfield(db_field, request, **kwargs)
        if db_field.name == "grupo":  # só na inclusão: na ficha o grupo é só leitura
            # O padrão não é o do modelo (o do regime padrão), e sim o do regime do edital escolhido,
            # que ``criar_comissao`` acha quando o grupo vem em branco.
            campo.required = False
            campo.initial = None
            campo.help_text = "Em branco, o grupo da autodeclaração preta ou parda no regime do edital."
        return campo

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        # Com sessão marcada, limite e prazo já valem para candidatos chamados: congelam como a regra.
        editaveis = [] if obj.sessoes.exists() else ["limite_de_chamados", "prazo_de_recurso_dias"]
        return [campo for campo in self.ficha if campo not in editaveis]

    def get_inlines(self, request, obj):
        return self.inlines if obj is not None else []  # membros só depois de a regra ficar congelada

    def incluir(self, request, dados):
        campos = ("tipo", "limite_de_chamados", "prazo_de_recurso_dias")
        return services.criar_comissao(
            dados["edital"], por=request.user, grupo=dados["grupo"] or None, **{c: dados[c] for c in campos}
        )

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change:
            auditar_alteracao(request, obj, form, "comissao_alterada")

    @admin.display(description="regra de quórum (congelada)")
    def regra(self, comissao):
        return pdf.descrever_regra(comissao.regra_de_quorum)

    @admin.display(description="composição (avisos, docs/REGRAS.md §10)")
    def avisos_da_composicao(self, comissao):
        titulares = comissao.membros.ativos().filter(papel=Membro.TITULAR).select_related("usuario")
        return " ".join(consultas.avisos_da_composicao(titulares)) or "Sem avisos."

    @admin.display(description="atalhos")
    def atalhos(self, comissao):
        sessoes = reverse("admin:heteroidentificacao_sessao_changelist") + f"?comissao__id__exact={comissao.pk}"
        resultado = reverse("admin:heteroidentificacao_comissao_resultado", args=[comissao.pk])
        return format_html("{} · {}", link(sessoes, "sessões"), link(resultado, "resultado da heteroidentificação"))

    def get_urls(self):
        return [
            self.rota("<int:pk>/resultado/", self.resultado, "comissao_resultado"),
            self.rota("<int:pk>/resultado.pdf", self.resultado_pdf, "comissao_resultado_pdf"),
            self.rota("<int:pk>/resultado/publicar/", self.publicar_definitivo, "comissao_publicar_definitivo"),
            self.rota("membro/<int:pk>/desligar/", self.desligar_membro, "membro_desligar"),
            *super().get_urls(),
        ]

    def resultado(self, request, pk: int):
        """Resultado do edital e grupo: a decisão da ordinária (preliminar) e a final, depois dos recursos."""
        comissao = get_object_or_404(Comissao.objects.select_related("edital"), pk=pk)
        if not self.has_view_permission(request, comissao):
            raise PermissionDenied
        try:
            (ordinaria,) = comissoes_ordinarias(comissao)
        except ValidationError as erro:
            self.message_user(request, mensagem(erro), messages.ERROR)
            return redirect("admin:heteroidentificacao_comissao_changelist")
        grupo = rotulo_do_grupo(ordinaria.grupo)
        contexto = {
            **self.admin_site.each_context(request),
            "title": f"Resultado da heteroidentificação — edital {ordinaria.edital} ({grupo})",
            "opts": self.model._meta,
            "comissao": ordinaria,
            "linhas": [pdf.linha_do_resultado(linha) for linha in linhas_do_resultado(ordinaria)],
            "pdf": reverse("admin:heteroidentificacao_comissao_resultado_pdf", args=[ordinaria.pk]),
            "pode_publicar": request.user.has_perm(tipo_de_ato(RESULTADO_DA_HETEROIDENTIFICACAO).permissao),
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

    def publicar_definitivo(self, request, pk: int):
        """Publica o resultado definitivo da comissão como ato do registro (só pelo número de inscrição)."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if not request.user.has_perm(tipo_de_ato(RESULTADO_DA_HETEROIDENTIFICACAO).permissao):
            raise PermissionDenied
        comissao = get_object_or_404(Comissao, pk=pk)
        try:
            ato = publicar_resultado_definitivo(comissao, por=request.user)
        except ValidationError as erro:
            messages.error(request, f"O resultado definitivo não foi publicado. {mensagem_de(erro)}")
        else:
            messages.success(
                request, f"{ato.titulo}: registro nº {ato.numero_no_ano}, código de verificação {ato.codigo}."
            )
        return redirect("admin:heteroidentificacao_comissao_resultado", comissao.pk)

    def desligar_membro(self, request, pk: int):
        """O membro sai da comissão com a data e o motivo (``services.desligar_membro``); a
        participação fica no histórico e nas atas."""
        membro = get_object_or_404(Membro.objects.select_related("comissao__edital", "usuario"), pk=pk)
        if not request.user.has_perm("heteroidentificacao.change_membro"):
            raise PermissionDenied
        form = DesligamentoForm(request.POST or None)
        voltar = reverse("admin:heteroidentificacao_comissao_change", args=[membro.comissao_id])
        if request.method == "POST" and form.is_valid():
            try:
                services.desligar_membro(membro, por=request.user, **form.cleaned_data)
            except RECUSAS as erro:
                anotar_erro(form, erro)
            else:
                self.message_user(
                    request, f"{membro.nome} foi desligado da comissão; a participação fica no histórico."
                )
                return redirect(voltar)
        contexto = {
            **self.admin_site.each_context(request),
            "title": f"Desligar {membro.nome} da {membro.comissao}",
            "opts": self.model._meta,
            "membro": membro,
            "form": form,
            "voltar": voltar,
        }
        return TemplateResponse(request, "admin/heteroidentificacao/comissao/desligar_membro.html", contexto)
