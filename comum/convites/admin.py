"""No admin: a ação "Emitir código de cadastro do segundo fator" na lista de usuários (quem pode
alterar usuários: o superusuário e quem os administra), que mostra cada código uma vez só; e a lista
dos códigos emitidos (quem emitiu, quando, até quando vale, quando foi usado), só para ler. Os dois
são registrados com os demais, em ``concursos/admin/__init__.py``."""

from django.conf import settings
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.template.response import TemplateResponse

from . import codigos


class UsuarioComCodigoDeCadastro(UserAdmin):
    actions = ["emitir_codigo_de_cadastro"]

    @admin.action(description="Emitir código de cadastro do segundo fator", permissions=["change"])
    def emitir_codigo_de_cadastro(self, request, queryset):
        emitidos = [(pessoa, codigos.emitir(pessoa, por=request.user)) for pessoa in queryset.order_by("username")]
        resposta = TemplateResponse(
            request,
            "admin/convites/codigos_emitidos.html",
            {
                **self.admin_site.each_context(request),
                "title": "Códigos de cadastro do segundo fator",
                "opts": self.model._meta,
                "emitidos": emitidos,
                "validade": settings.VALIDADE_DO_CODIGO_DE_CADASTRO_HORAS,
            },
        )
        resposta["Cache-Control"] = "no-store"  # o código só nesta resposta, nada no cache
        return resposta


class CodigoDeCadastroAdmin(admin.ModelAdmin):
    list_display = ["usuario", "emitido_por", "emitido_em", "valido_ate", "usado_em"]
    fields = list_display

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
