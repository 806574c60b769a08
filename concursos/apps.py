from django.apps import AppConfig
from django.db.models.signals import post_migrate


class ConcursosConfig(AppConfig):
    name = "concursos"
    verbose_name = "Concursos"

    def ready(self):
        from .papeis import configurar_papeis_depois_do_migrate

        # Os papéis (grupos e permissões) saem de concursos/papeis.py no fim de todo migrate.
        post_migrate.connect(configurar_papeis_depois_do_migrate, sender=self, dispatch_uid="concursos.papeis")
