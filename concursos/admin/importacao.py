"""Os leiautes de importação no admin: o RH revê, renomeia e apaga os mapeamentos salvos das bancas
(``importacao.mapeamento``); quem os cria é a tela de mapeamento e o comando ``importar_inscricoes``."""

from django.contrib import admin

from comum.admin import ParametrosConferidos
from comum.exibicao import data_e_hora

from ..importacao.mapeamento import normalizar_colunas


class LeiauteDeImportacaoAdmin(ParametrosConferidos, admin.ModelAdmin):
    list_display = ["banca", "nome", "quantidade_de_colunas", "criado_por", "atualizacao"]
    search_fields = ["banca", "nome"]
    search_help_text = "Banca ou nome do leiaute."
    list_select_related = ["criado_por"]
    fields = ["banca", "nome", "colunas", "criado_por", "criado_em", "atualizado_em"]
    readonly_fields = ["criado_por", "criado_em", "atualizado_em"]

    @admin.display(description="colunas")
    def quantidade_de_colunas(self, leiaute):
        return len(leiaute.colunas or {})

    @admin.display(description="atualizado em", ordering="atualizado_em")
    def atualizacao(self, leiaute):
        return data_e_hora(leiaute.atualizado_em)

    def save_model(self, request, obj, form, change):
        """Cabeçalhos normalizados, como os salvos pela tela (``mapeamento.salvar_leiaute``)."""
        obj.colunas = normalizar_colunas(obj.colunas)
        if obj.criado_por_id is None:
            obj.criado_por = request.user
        super().save_model(request, obj, form, change)
