"""Eventos no admin: só leitura (nascem nas telas de registro e se corrigem por reversão)."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from comum.admin import ParametrosConferidos, SoLeitura
from comum.exibicao import data, data_e_hora, notas_parciais_em_tabela

from .pecas import HistoricoNoAdmin


class EventoAdmin(ParametrosConferidos, SoLeitura, HistoricoNoAdmin):
    """Só leitura: eventos nascem nas telas de registro e se corrigem por reversão."""

    list_display = ["registrado", "ato", "cargo", "tipo", "alvo", "documento", "registrado_por", "efeito"]
    list_filter = ["tipo", "cargo__edital"]
    search_fields = ["documento", "inscricao__numero", "cargo__nome", "cargo__codigo"]
    list_select_related = ["cargo", "inscricao", "registrado_por", "revertido_por", "reverte__inscricao"]
    fields = [
        "cargo", "tipo", "inscricao", "quantidade", "grupo", "situacao", "nota", "notas_parciais_", "sub_judice",
        "processo", "documento", "data_do_ato", "diario_oficial", "motivo", "reverte", "registrado_por",
    ]  # fmt: skip
    readonly_fields = ["registrado", "efeito", "notas_parciais_"]

    def get_fields(self, request, obj=None):
        return self.fields + ["registrado", "efeito"]

    @admin.display(description="notas parciais")
    def notas_parciais_(self, evento):
        return notas_parciais_em_tabela(evento.notas_parciais)

    @admin.display(description="registrado em", ordering="registrado_em")
    def registrado(self, evento):
        return data_e_hora(evento.registrado_em)

    @admin.display(description="data do ato", ordering="data_do_ato")
    def ato(self, evento):
        return data(evento.data_do_ato)

    @admin.display(description="inscrição / vagas")
    def alvo(self, evento):
        if evento.inscricao_id:
            return evento.inscricao.numero
        return f"+{evento.quantidade}" if evento.quantidade else f"reverte: {evento.reverte}"

    @admin.display(description="efeito")
    def efeito(self, evento):
        link = reverse("concursos:evento", args=[evento.pk])
        revertido = " (revertido)" if hasattr(evento, "revertido_por") else ""
        return format_html('<a href="{}">ver quem foi convocado{}</a>', link, revertido)
