from django.apps import AppConfig


class ConcursosConfig(AppConfig):
    name = "concursos"
    verbose_name = "Concursos"
