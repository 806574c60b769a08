"""Editais (com o quadro de vagas, os parâmetros congelados e a prorrogação) e cargos (com os
eventos, os convocados e o que falta para publicar) no admin.

O admin é fino: as ações chamam os serviços (pelas funções de ``avisos``, que dão as mensagens em
português) e nunca contêm regra; as tabelas das fichas vêm de ``apresentacao``.
"""

import re

from django.contrib import admin
from django.db.models import OuterRef, Q, Subquery
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from comum.admin import ParametrosConferidos, RotulosNaTabela
from comum.exibicao import data, data_e_hora
from cotas.modelo import ROTULOS_DOS_ARREDONDAMENTOS, VERIFICACAO
from cotas.regimes import rotulo_do_grupo

from .. import services
from ..apresentacao import TIPOS_DE_EVENTO, quadro_do_edital
from ..avisos import gerar_e_informar
from ..consultas.para_publicar import falta_no_cargo, falta_no_edital, versao_nao_publicada
from ..forms import CargoForm, EditalCriacaoForm, EditalForm
from ..models import PRAZOS_DO_PROVIMENTO, Cargo, Resultado
from ..pdf.quadro_de_vagas import codigo_do_quadro
from .avisos_pessoais import contexto_dos_avisos
from .pecas import HistoricoNoAdmin
from .provimentos import AJUDA_DOS_PRAZOS, contexto_dos_provimentos


class CargoInline(RotulosNaTabela, admin.TabularInline):
    model = Cargo
    form = CargoForm
    fields = ["codigo", "nome", "vagas", "requisitos", "carga_horaria", "vencimento"]
    extra = 1

    def get_queryset(self, request):
        return super().get_queryset(request).com_publicacao()  # vagas congeladas sem uma consulta por cargo


AJUDA_DA_ASSINATURA = (
    "Quem assina o anexo do quadro de vagas; o bloco sai com o local do cabeçalho institucional e a data de "
    "publicação do edital."
)


class EditalAdmin(ParametrosConferidos, HistoricoNoAdmin):
    form = EditalForm
    list_display = ["numero_e_ano", "titulo", "tipo", "regime", "publicacao"]
    list_display_links = ["numero_e_ano", "titulo"]
    list_filter = ["tipo", "regime", "ano"]
    search_fields = ["titulo"]
    search_help_text = "Título, número (1/2025) ou ano."
    inlines = [CargoInline]
    actions = ["gerar_resultado"]
    campos = ["numero", "ano", "titulo", "tipo", "publicado_em", "validade_ate", "data_referencia_idade", "desempate"]
    assinatura = ["signatario_nome", "signatario_funcao"]

    @admin.display(description="edital", ordering="-ano")
    def numero_e_ano(self, edital):
        return str(edital)

    @admin.display(description="publicação", ordering="publicado_em")
    def publicacao(self, edital):
        return data(edital.publicado_em)

    @admin.display(description="parâmetros congelados")
    def parametros_congelados(self, edital):
        grupos = edital.parametros_do_regime.get("grupos", [])
        linhas = format_html_join("", "<tr>" + "<td>{}</td>" * 6 + "</tr>", (_linha_do_parametro(g) for g in grupos))
        return format_html(
            '<table class="parametros"><thead><tr><th>Grupo</th><th>Percentual</th><th>Mínimo de vagas</th>'
            "<th>Arredondamento</th><th>Teto</th><th>Fonte legal</th></tr></thead><tbody>{}</tbody></table>"
            '<p class="help">{}. Cópia feita na criação do edital; não muda depois.</p>',
            linhas,
            edital.parametros_do_regime.get("referencia", ""),
        )

    @admin.display(description="criado")
    def criacao(self, edital):
        return f"por {edital.criado_por or '—'} em {data_e_hora(edital.criado_em)}"

    def get_fieldsets(self, request, obj=None):
        regime = ["regime", "percentual_pcd"] if obj is None else ["regime", "parametros_congelados", "criacao"]
        ajuda = "Escolhido na criação; os parâmetros são congelados e não mudam depois."
        # O link "Registrar a prorrogação" só para quem pode registrá-la (o auditor recebia 403).
        prorrogacao = "prorrogacao" if request.user.has_perm("concursos.change_edital") else "situacao_da_prorrogacao"
        campos = self.campos if obj is None else [*self.campos, prorrogacao]
        return [
            (None, {"fields": campos}),
            ("Regime de cotas", {"fields": regime, "description": ajuda}),
            ("Assinatura dos anexos", {"fields": self.assinatura, "description": AJUDA_DA_ASSINATURA}),
            ("Prazos da posse e do exercício", {"fields": PRAZOS_DO_PROVIMENTO, "description": AJUDA_DOS_PRAZOS}),
        ]

    @admin.display(description="prorrogação da validade")
    def prorrogacao(self, edital):
        if edital.prorrogada_ate is None:
            return format_html(
                '{} <a href="{}">Registrar a prorrogação</a>',
                self.situacao_da_prorrogacao(edital),
                reverse("concursos:prorrogar_validade", args=[edital.pk]),
            )
        return self.situacao_da_prorrogacao(edital)

    @admin.display(description="prorrogação da validade")
    def situacao_da_prorrogacao(self, edital):
        if edital.prorrogada_ate is None:
            return "Não prorrogada (uma só prorrogação, por igual período: CF art. 37, III)."
        return (
            f"Até {data(edital.prorrogada_ate)}, por {edital.prorrogacao_documento} de {data(edital.prorrogacao_data)}"
            f" (registrada por {edital.prorrogacao_registrada_por or '—'})."
        )

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        # Prorrogada a validade, o prazo original não muda mais: a prorrogação foi medida por ele.
        return ["regime", "parametros_congelados", "criacao", "prorrogacao", "situacao_da_prorrogacao"] + (
            ["validade_ate"] if obj.prorrogada_ate else []
        )

    def get_form(self, request, obj=None, **kwargs):
        if obj is None:
            kwargs["form"] = EditalCriacaoForm
        return super().get_form(request, obj, **kwargs)

    def save_model(self, request, obj, form, change):
        if not change:
            obj.criado_por = request.user
            services.congelar_parametros(obj, percentual_pcd=form.cleaned_data["percentual_pcd"])
        super().save_model(request, obj, form, change)

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None:
            context["quadro"] = quadro_do_edital(obj)
            context["faltas"] = falta_no_edital(obj, request.user)
            context["anexo_i"] = anexo = services.ultimo_anexo_i(obj)
            context["anexo_i_mudou"] = anexo is not None and anexo.hash_dos_dados != codigo_do_quadro(obj)
        return super().render_change_form(request, context, add, change, form_url, obj)

    def get_search_results(self, request, queryset, search_term):
        numero_e_ano = re.fullmatch(r"\s*(\d+)\s*/\s*(\d{4})\s*", search_term)
        if numero_e_ano:
            return queryset.filter(numero=numero_e_ano[1], ano=numero_e_ano[2]), False
        if search_term.strip().isdigit():
            return queryset.filter(Q(numero=search_term) | Q(ano=search_term)), False
        return super().get_search_results(request, queryset, search_term)

    @admin.action(description="Gerar resultado (prévia) dos editais selecionados", permissions=["gerar_resultado"])
    def gerar_resultado(self, request, queryset):
        for edital in queryset:
            gerar_e_informar(request, edital)

    def has_gerar_resultado_permission(self, request):
        return request.user.has_perm("concursos.gerar_resultado")


def _linha_do_parametro(grupo: dict) -> tuple:
    teto = f"{grupo['teto_percentual']}%" if grupo.get("teto_percentual") else "—"
    return (
        rotulo_do_grupo(grupo["grupo"]),
        f"{grupo['percentual']}%",
        grupo["minimo_de_vagas"],
        ROTULOS_DOS_ARREDONDAMENTOS.get(grupo["arredondamento"], grupo["arredondamento"]),
        teto,
        grupo.get("referencias", {}).get("percentual", ""),
    )


class CargoAdmin(ParametrosConferidos, HistoricoNoAdmin):
    form = CargoForm
    list_display = ["codigo", "nome", "edital", "vagas", "ultimo_resultado", "eventos"]
    list_filter = ["edital"]
    search_fields = ["nome", "codigo"]
    list_select_related = ["edital"]
    fields = ["edital", "codigo", "nome", "vagas", "requisitos", "carga_horaria", "vencimento"]

    def get_queryset(self, request):
        ultimo = Resultado.objects.filter(cargo=OuterRef("pk")).order_by("-versao")
        return (
            super()
            .get_queryset(request)
            .annotate(
                ultimo_resultado_id=Subquery(ultimo.values("pk")[:1]),
                ultima_versao=Subquery(ultimo.values("versao")[:1]),
            )
        )

    @admin.display(description="último resultado")
    def ultimo_resultado(self, cargo):
        if cargo.ultimo_resultado_id is None:
            return "—"
        link = reverse("admin:concursos_resultado_change", args=[cargo.ultimo_resultado_id])
        return format_html('<a href="{}">versão {}</a>', link, cargo.ultima_versao)

    @admin.display(description="eventos")
    def eventos(self, cargo):
        link = reverse("admin:concursos_cargo_change", args=[cargo.pk])
        return format_html('<a href="{}#eventos">registrar / ver</a>', link)

    def get_readonly_fields(self, request, obj=None):
        return ["edital"] if obj is not None else []

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None:
            # A revisão de verificação não se digita: vem de um ato de verificação (issue 12).
            context["tipos_de_evento"] = [(t, r) for t, r in TIPOS_DE_EVENTO.items() if t != VERIFICACAO]
            context["eventos_do_cargo"] = obj.eventos.select_related(
                "inscricao", "registrado_por", "revertido_por", "reverte__inscricao"
            )
            context["pode_registrar"] = request.user.has_perm("concursos.registrar_evento")
            context["faltas"] = [f for f in [falta_no_cargo(obj, request.user)] if f is not None]
            context["nao_publicada"] = versao_nao_publicada(obj)
            context.update(contexto_dos_provimentos(request, obj))  # nomeação, posse e exercício
            context.update(contexto_dos_avisos(request, obj))  # o aviso pessoal de cada um (issue 28)
        return super().render_change_form(request, context, add, change, form_url, obj)
