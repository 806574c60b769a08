"""``preparar_portal``: prepara a forma do portal da transparência de cada resultado publicado que
ainda não a tem (``concursos.services.portal``). Para rodar uma vez depois de instalar o portal num
banco que já tem resultados publicados, ou logo depois de publicar, antes do pico de visitas do dia
do resultado (a primeira visita também a prepara, mas faz esperar quem chega primeiro)::

    .venv/bin/python manage.py preparar_portal
"""

from django.core.management.base import BaseCommand

from concursos.models import Resultado
from concursos.services.portal import forma_do_portal


class Command(BaseCommand):
    help = "Prepara a forma do portal da transparência dos resultados publicados que ainda não a têm."

    def handle(self, *args, **options):
        pendentes = Resultado.objects.filter(status=Resultado.PUBLICADO, no_portal__isnull=True)
        quantos = 0
        for resultado in pendentes.defer("cenario", "saida", "diferencas").order_by("pk"):
            forma_do_portal(resultado)
            quantos += 1
        self.stdout.write(f"{quantos} resultado(s) publicado(s) preparado(s) para o portal.")
