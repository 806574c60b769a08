"""Feriados locais (municipais e estaduais) que o RH mantém: entram na contagem dos prazos de recurso
publicados depois (``cotas.prazos``; os nacionais o sistema já conhece)."""

from django.contrib import admin

from comum.admin import ParametrosConferidos

from .. import services
from .pecas import SemExclusao, auditar_alteracao


class FeriadoAdmin(ParametrosConferidos, SemExclusao, admin.ModelAdmin):
    """Sem exclusão: um feriado lançado por engano se corrige na ficha, e a trilha guarda o antes."""

    list_display = ["data", "descricao"]
    fields = ["data", "descricao"]
    date_hierarchy = "data"

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change:
            auditar_alteracao(request, obj, form, "feriado_alterado")
        else:
            services.auditar(
                request.user,
                "feriado_incluido",
                f"feriado #{obj.pk}: {obj}",
                depois={"data": obj.data.isoformat(), "descricao": obj.descricao},
            )
