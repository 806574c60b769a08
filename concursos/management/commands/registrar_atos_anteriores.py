"""``registrar_atos_anteriores [--usuario U]``: põe no registro dos atos publicados
(docs/ATOS-PUBLICADOS.md) as versões de resultado publicadas antes de ele existir, que não têm o seu
ato (``services.registrar_resultados_sem_ato``): todas numa transação, com a referência do Diário
Oficial gravada na versão. Para rodar uma vez, ao atualizar um banco que já tinha resultados
publicados; rodar de novo não registra nada duas vezes::

    .venv/bin/python manage.py registrar_atos_anteriores --usuario rita
"""

from django.core.management.base import BaseCommand

from concursos import services
from concursos.management.usuarios import usuario_do_comando


class Command(BaseCommand):
    help = "Registra os resultados publicados antes do registro dos atos publicados, que ainda não têm o ato."

    def add_arguments(self, parser):
        parser.add_argument("--usuario", help="quem registra (padrão: o primeiro superusuário)")

    def handle(self, *args, **options):
        usuario = usuario_do_comando(options["usuario"], ["concursos.publicar_resultado"])
        registrados = services.registrar_resultados_sem_ato(por=usuario)
        for ato in registrados:
            self.stdout.write(f"{ato.titulo}: registro nº {ato.numero_no_ano}, código {ato.codigo}")
        self.stdout.write(f"{len(registrados)} resultado(s) publicado(s) posto(s) no registro dos atos.")
