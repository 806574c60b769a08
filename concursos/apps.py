from django.apps import AppConfig
from django.db.backends.signals import connection_created
from django.db.models.signals import post_migrate

from comum.busca import registrar_no_sqlite


class ConcursosConfig(AppConfig):
    name = "concursos"
    verbose_name = "Concursos"

    def ready(self):
        from .papeis import configurar_papeis_depois_do_migrate

        # Os papéis (grupos e permissões) saem de concursos/papeis.py no fim de todo migrate.
        post_migrate.connect(configurar_papeis_depois_do_migrate, sender=self, dispatch_uid="concursos.papeis")
        # A busca sem acentos (comum/busca.py) precisa da função sem_acentos em cada conexão do SQLite.
        connection_created.connect(registrar_no_sqlite, dispatch_uid="comum.busca.sem_acentos")
