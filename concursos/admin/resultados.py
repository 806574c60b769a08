"""Resultados no admin: versões imutáveis, a ficha com as listas, a ordem de convocação, as chamadas e
as diferenças, e a ação de publicar (em duas etapas, com a referência no Diário Oficial)."""

from django.contrib import admin
from django.utils.html import format_html

from comum.admin import ListaConferida, ParametrosConferidos, SoLeitura
from comum.exibicao import data_e_hora
from comum.filtros import FiltrosComBuscaNoAdmin
from comum.paginacao import ListaGrandeNoAdmin

from ..apresentacao import contexto_do_resultado_gravado
from ..avisos import publicar_em_lote
from ..consultas.sujeitos_a_recurso import anotacao
from .filtros import FiltroDeEdital
from .pecas import AcessoRegistradoNoAdmin, HistoricoNoAdmin


class ListaDeResultados(ListaConferida):
    """A lista não lê entradas, saída e diferenças (JSON de megabytes num cargo grande)."""

    def get_queryset(self, request, exclude_parameters=None):
        return super().get_queryset(request, exclude_parameters).defer("cenario", "saida", "diferencas")


class ResultadoAdmin(
    ParametrosConferidos,
    SoLeitura,
    ListaGrandeNoAdmin,
    FiltrosComBuscaNoAdmin,
    AcessoRegistradoNoAdmin,
    HistoricoNoAdmin,
):
    """Versões imutáveis; a página mostra listas, ordem de convocação, chamadas e diferenças (as
    listas reservadas revelam quem é negro ou PcD: cada abertura fica registrada)."""

    list_display = ["cargo", "edital", "versao", "status", "provisorio_na_lista", "gerado_por", "gerado", "hash_curto"]
    list_filter = ["status", "provisorio", ("cargo__edital", FiltroDeEdital)]
    search_fields = ["cargo__nome", "cargo__codigo"]
    list_select_related = ["cargo__edital", "gerado_por"]
    fields = [
        "cargo",
        "versao",
        "status",
        "provisorio_",
        "motivo",
        "gerado_por",
        "gerado",
        "publicado_por",
        "publicado",
        "diario_oficial",
        "sujeito_a_recurso_",
        "hash_das_entradas",
    ]
    readonly_fields = ["provisorio_", "gerado", "publicado", "diario_oficial", "sujeito_a_recurso_"]
    actions = ["publicar"]
    acesso_o_que = "resultado"

    def rotulo_do_acesso(self, resultado):
        return f"cargo {resultado.cargo.codigo}, versão {resultado.versao}, edital {resultado.cargo.edital}"

    def get_changelist(self, request, **kwargs):
        return ListaDeResultados

    @admin.display(description="provisório", ordering="provisorio")
    def provisorio_na_lista(self, resultado):
        return "Sim" if resultado.provisorio else "Não"

    @admin.display(description="provisório")
    def provisorio_(self, resultado):
        return "Sim — pendências ou empates" if resultado.provisorio else "Não"

    @admin.display(description="edital", ordering="cargo__edital")
    def edital(self, resultado):
        return resultado.cargo.edital

    @admin.display(description="gerado em", ordering="gerado_em")
    def gerado(self, resultado):
        return data_e_hora(resultado.gerado_em)

    @admin.display(description="publicado em", ordering="publicado_em")
    def publicado(self, resultado):
        return data_e_hora(resultado.publicado_em)

    @admin.display(description="Diário Oficial")
    def diario_oficial(self, resultado):
        return str(resultado.diario_oficial or "")

    @admin.display(description="sujeito a recurso")
    def sujeito_a_recurso_(self, resultado):
        return anotacao(resultado.sujeito_a_recurso) or "Não"

    @admin.display(description="hash")
    def hash_curto(self, resultado):
        return format_html('<code title="{}">{}…</code>', resultado.hash_das_entradas, resultado.hash_das_entradas[:8])

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None:
            context.update(contexto_do_resultado_gravado(obj))
            context["pode_publicar"] = request.user.has_perm("concursos.publicar_resultado")
        return super().render_change_form(request, context, add, change, form_url, obj)

    @admin.action(description="Publicar os resultados selecionados…", permissions=["publicar_resultado"])
    def publicar(self, request, queryset):
        return publicar_em_lote(self, request, queryset)

    def has_publicar_resultado_permission(self, request):
        return request.user.has_perm("concursos.publicar_resultado")
