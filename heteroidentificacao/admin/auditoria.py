"""Pareceres e trilha de auditoria, só para leitura (o texto dos pareceres, só para auditores).

Sigilo do voto na trilha: quem não lê pareceres (o RH) vê que um parecer foi registrado ou alterado,
sobre qual inscrição e em que dia, mas não por quem nem a que horas. Com o usuário e a hora, a ordem
das linhas casaria cada membro com o voto (a ordem de registro era a do PDF dos pareceres, e a hora
pode ser cruzada com o que cada membro faz na sessão). O auditor vê tudo.
"""

import json

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.db.models import BooleanField, Value
from django.utils.html import format_html

from comum.admin import ParametrosConferidos, RotulosNaTabela, SoLeitura
from comum.exibicao import data, data_e_hora
from concursos.admin.pecas import HistoricoNoAdmin

from ..models import HistoricoDeParecer, RegistroDeAuditoria
from .pecas import VER_PARECERES, AcessoRegistrado


class HistoricoDeParecerInline(SoLeitura, RotulosNaTabela, admin.TabularInline):
    model = HistoricoDeParecer
    fields = ["registrado_em", "voto", "fundamentacao"]
    readonly_fields = fields
    extra = 0


class ParecerAdmin(ParametrosConferidos, SoLeitura, AcessoRegistrado, HistoricoNoAdmin):
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


MEMBRO_DA_COMISSAO = "membro da comissão"


def le_pareceres(request) -> bool:
    return request.user.has_perm(VER_PARECERES)


def reservado(registro: RegistroDeAuditoria) -> bool:
    """Linha de parecer vista por quem não lê pareceres: sem o usuário e sem a hora."""
    return getattr(registro, "autoria_reservada", False) and registro.acao.startswith("parecer_")


def descrever_registro(registro: RegistroDeAuditoria) -> str:
    """O registro como título e migalha das páginas (o ``__str__`` do modelo traz usuário e hora)."""
    if reservado(registro):
        return f"{data(registro.quando)} {MEMBRO_DA_COMISSAO} {registro.acao} {registro.objeto}"
    return str(registro)


class FiltroDeUsuario(admin.SimpleListFilter):
    """Filtrar pelo usuário listaria os pareceres de um membro: para quem não lê pareceres, o filtro
    deixa de fora as linhas de parecer (e não oferece quem só aparece nelas)."""

    title = "usuário"
    parameter_name = "usuario__id__exact"

    def lookups(self, request, model_admin):
        registros = RegistroDeAuditoria.objects.exclude(usuario=None)
        if not le_pareceres(request):
            registros = registros.exclude(acao__startswith="parecer_")
        usuarios = get_user_model().objects.filter(pk__in=registros.values("usuario")).order_by("username")
        return [(str(u.pk), u.get_full_name() or u.get_username()) for u in usuarios]

    def queryset(self, request, queryset):
        valor = self.value()
        if valor is None:
            return queryset
        if not valor.isdigit():
            return queryset.none()
        queryset = queryset.filter(usuario_id=int(valor))
        return queryset if le_pareceres(request) else queryset.exclude(acao__startswith="parecer_")


class RegistroDeAuditoriaAdmin(ParametrosConferidos, SoLeitura, AcessoRegistrado, admin.ModelAdmin):
    list_display = ["momento", "quem", "acao", "objeto"]
    list_filter = ["acao", FiltroDeUsuario, "quando"]
    search_fields = ["objeto"]
    date_hierarchy = "quando"
    list_select_related = ["usuario"]
    fields = ["momento", "quem", "acao", "objeto", "antes_", "depois_"]
    readonly_fields = [*fields, "conteudo_reservado"]
    acesso_o_que = "parecer"  # quando a ficha mostra o voto ou a decisão (antes e depois)

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        return queryset.annotate(autoria_reservada=Value(not le_pareceres(request), output_field=BooleanField()))

    def lookup_allowed(self, lookup, value, request=None):
        # Só o filtro acima filtra por usuário (``?usuario__username=...`` listaria os pareceres dele).
        if lookup == FiltroDeUsuario.parameter_name:
            return True
        if lookup.startswith("usuario") and request is not None and not le_pareceres(request):
            return False
        return super().lookup_allowed(lookup, value, request)

    def revela_dados_sensiveis(self, request, registro):
        if registro.acao.startswith("parecer_"):
            return le_pareceres(request)
        return registro.acao == "decisao"

    @admin.display(description="quando", ordering="quando")
    def momento(self, registro):
        return data(registro.quando) if reservado(registro) else data_e_hora(registro.quando)

    @admin.display(description="usuário")
    def quem(self, registro):
        if reservado(registro):
            return MEMBRO_DA_COMISSAO
        return registro.usuario or "—"

    @admin.display(description="antes")
    def antes_(self, registro):
        return self._conteudo(registro.antes)

    @admin.display(description="depois")
    def depois_(self, registro):
        return self._conteudo(registro.depois)

    def get_fields(self, request, obj=None):
        # O texto dos pareceres fica na trilha; só quem pode ler pareceres o vê aqui também.
        if obj and obj.acao.startswith("parecer_") and not le_pareceres(request):
            return ["momento", "quem", "acao", "objeto", "conteudo_reservado"]
        return self.fields

    def change_view(self, request, object_id, form_url="", extra_context=None):
        registro = self.get_object(request, object_id)
        if registro is not None:
            extra_context = {**(extra_context or {}), "subtitle": descrever_registro(registro)}
            extra_context["rotulo_do_registro"] = descrever_registro(registro)
        return super().change_view(request, object_id, form_url, extra_context)

    def history_view(self, request, object_id, extra_context=None):
        registro = self.get_object(request, object_id)
        if registro is not None:
            rotulo = descrever_registro(registro)
            extra_context = {**(extra_context or {}), "title": f"Histórico: {rotulo}", "rotulo_do_registro": rotulo}
        return super().history_view(request, object_id, extra_context)

    @admin.display(description="antes e depois")
    def conteudo_reservado(self, registro):
        return "Conteúdo do parecer: visível só para quem pode ler pareceres (auditoria)."

    def _conteudo(self, valor):
        return format_html("<pre>{}</pre>", json.dumps(valor, ensure_ascii=False, indent=2)) if valor else "—"
