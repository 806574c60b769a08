from django.apps import AppConfig


class ConcursosConfig(AppConfig):
    name = "concursos"
    verbose_name = "Concursos"

    def ready(self):
        # O admin dos processamentos mora no pacote segundo_plano; o autodiscover do admin só
        # importa concursos/admin.py.
        from .segundo_plano import admin  # noqa: F401
