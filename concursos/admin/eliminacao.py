"""Os termos de eliminação dos dados pessoais no admin: só leitura, com o PDF guardado para baixar."""

from django.contrib import admin, messages
from django.http import HttpResponse

from comum.admin import ParametrosConferidos, SoLeitura


class TermoDeEliminacaoAdmin(ParametrosConferidos, SoLeitura, admin.ModelAdmin):
    """Gravados só por ``manage.py eliminar_dados_pessoais --executar``; nem o superusuário altera."""

    list_display = ["__str__", "fim_da_guarda", "anonimizadas", "inscricoes_anonimizadas", "executado_em"]
    list_select_related = ["edital", "executado_por"]
    fields = [
        "edital",
        "fim_da_guarda",
        "anonimizadas",
        "inscricoes_anonimizadas",
        "mantidas",
        "registros_congelados",
        "arquivos_apagados",
        "linhas_alteradas",
        "hash_do_pdf",
        "executado_por",
        "executado_em",
    ]
    readonly_fields = fields
    actions = ["baixar_pdf"]

    def has_eliminar_dados_pessoais_permission(self, request):
        return request.user.has_perm("concursos.eliminar_dados_pessoais")

    # De quem elimina (o superusuário, pelo encarregado); o auditor confere os hashes na ficha e não
    # usa ações das listas (docs/PAPEIS.md).
    @admin.action(description="Baixar o PDF do termo (um por vez)", permissions=["eliminar_dados_pessoais"])
    def baixar_pdf(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, "Escolha um termo só.", messages.WARNING)
            return None
        termo = queryset.get()
        resposta = HttpResponse(bytes(termo.pdf), content_type="application/pdf")
        resposta["Content-Disposition"] = f'attachment; filename="termo-de-eliminacao-{termo.pk}.pdf"'
        return resposta
