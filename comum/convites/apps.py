from django.apps import AppConfig


class ConvitesConfig(AppConfig):
    name = "comum.convites"
    label = "convites"
    verbose_name = "Segundo fator"
    default_auto_field = "django.db.models.BigAutoField"
