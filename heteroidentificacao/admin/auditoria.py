"""Pareceres e trilha de auditoria, só para leitura (os pareceres, só para auditores).

Sigilo do voto na trilha: quem não lê pareceres (o RH) não vê as linhas de parecer, só quantos
pareceres foram registrados e alterados por sessão e por dia. Com a linha, mesmo sem o usuário e
sem a hora, a posição dela na ordem do tempo (e o seu número) a casava com as linhas vizinhas, que
trazem o nome de quem agiu; e os filtros da URL liam o voto (``?depois__voto=``) e a hora
(``?quando__hour=``), o que ``comum.admin.ListaConferida`` agora recusa. O auditor vê tudo.
"""

import json

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.utils.html import format_html

from comum.admin import ParametrosConferidos, RotulosNaTabela, SoLeitura
from comum.exibicao import data_e_hora
from concursos.admin.pecas import HistoricoNoAdmin

from .. import consultas
from ..models import HistoricoDeParecer
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


def le_pareceres(request) -> bool:
    return request.user.has_perm(VER_PARECERES)


def resumo_dos_pareceres(linha: dict) -> str:
    """``2 pareceres registrados e 1 alterado em 10/03/2025 na sessão #7 (edital 1/2025, …)``."""
    partes = []
    if linha["registrados"]:
        partes.append(plural(linha["registrados"], "parecer registrado", "pareceres registrados"))
    if linha["alterados"]:
        partes.append(plural(linha["alterados"], "parecer alterado", "pareceres alterados"))
    sessao = linha["sessao"]
    comissao = sessao.comissao
    return (
        f"{' e '.join(partes)} em {linha['dia']:%d/%m/%Y} na sessão #{sessao.pk} "
        f"(edital {comissao.edital}, comissão {comissao.get_tipo_display().lower()}, {comissao.grupo})"
    )


def plural(numero: int, singular: str, plural_: str) -> str:
    return f"{numero} {singular if numero == 1 else plural_}"


class FiltroDeUsuario(admin.SimpleListFilter):
    """Quem agiu, entre os usuários das linhas que a pessoa vê (para quem não lê pareceres, a trilha
    não tem as linhas de parecer, e o filtro não oferece quem só aparece nelas)."""

    title = "usuário"
    parameter_name = "usuario__id__exact"

    def lookups(self, request, model_admin):
        registros = model_admin.get_queryset(request).exclude(usuario=None)
        usuarios = get_user_model().objects.filter(pk__in=registros.values("usuario")).order_by("username")
        return [(str(u.pk), u.get_full_name() or u.get_username()) for u in usuarios]

    def queryset(self, request, queryset):
        valor = self.value()
        if valor is None:
            return queryset
        return queryset.filter(usuario_id=int(valor)) if valor.isdigit() and len(valor) <= 18 else queryset.none()


class RegistroDeAuditoriaAdmin(ParametrosConferidos, SoLeitura, AcessoRegistrado, admin.ModelAdmin):
    """A trilha em ordem de tempo. Quem não lê pareceres (o RH) não vê linha nenhuma de parecer —
    nem na lista, nem na ficha, nem no histórico, nem nos filtros —, só quantos pareceres houve
    por sessão e dia, acima da lista (``consultas.pareceres_por_sessao_e_dia``). Uma linha de
    parecer, mesmo sem o usuário e sem a hora, ficava entre as linhas vizinhas com o nome de quem
    agiu antes e depois (a presença registrada por um membro, o parecer seguinte de outro), e o
    número da linha seguia a mesma ordem. O auditor vê tudo."""

    list_display = ["momento", "quem", "acao", "objeto"]
    list_filter = ["acao", FiltroDeUsuario, "quando"]
    search_fields = ["objeto"]
    date_hierarchy = "quando"
    list_select_related = ["usuario"]
    fields = ["momento", "quem", "acao", "objeto", "antes_", "depois_"]
    readonly_fields = fields
    acesso_o_que = "parecer"  # quando a ficha mostra o voto ou a decisão (antes e depois)

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        return queryset if le_pareceres(request) else queryset.exclude(acao__startswith="parecer_")

    def changelist_view(self, request, extra_context=None):
        if not le_pareceres(request):
            resumo = [resumo_dos_pareceres(linha) for linha in consultas.pareceres_por_sessao_e_dia()]
            extra_context = {**(extra_context or {}), "pareceres_por_sessao_e_dia": resumo}
        return super().changelist_view(request, extra_context)

    def revela_dados_sensiveis(self, request, registro):
        return registro.acao.startswith("parecer_") or registro.acao == "decisao"

    @admin.display(description="quando", ordering="quando")
    def momento(self, registro):
        return data_e_hora(registro.quando)

    @admin.display(description="usuário")
    def quem(self, registro):
        return registro.usuario or "—"

    @admin.display(description="antes")
    def antes_(self, registro):
        return self._conteudo(registro.antes)

    @admin.display(description="depois")
    def depois_(self, registro):
        return self._conteudo(registro.depois)

    def _conteudo(self, valor):
        return format_html("<pre>{}</pre>", json.dumps(valor, ensure_ascii=False, indent=2)) if valor else "—"
