"""Pareceres e trilha de auditoria, só para leitura (o texto dos pareceres, só para auditores)."""

import json

from django.contrib import admin
from django.utils.html import format_html

from comum.admin import SoLeitura
from comum.exibicao import data_e_hora
from concursos.acesso import HistoricoNoAdmin

from ..models import HistoricoDeParecer, Parecer, RegistroDeAuditoria
from .pecas import VER_PARECERES, AcessoRegistrado


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
