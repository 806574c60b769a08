"""``manage.py emitir_codigo_de_cadastro USUARIO``: emite no servidor o código de cadastro do
segundo fator (o do primeiro superusuário, que não tem quem o emita no admin, ou o de quem perdeu o
celular) e o mostra uma vez só."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from comum.convites import codigos


class Command(BaseCommand):
    help = "Emite um código de cadastro do segundo fator para o usuário (vale uma vez só)."

    def add_arguments(self, parser):
        parser.add_argument("usuario", help="nome de usuário (login)")

    def handle(self, *args, usuario, **opcoes):
        try:
            pessoa = get_user_model().objects.get_by_natural_key(usuario)
        except get_user_model().DoesNotExist:
            raise CommandError(f"Usuário “{usuario}” não existe.") from None
        codigo = codigos.emitir(pessoa)
        self.stdout.write(f"Código de cadastro do segundo fator de {usuario}: {codigo}")
        horas = settings.VALIDADE_DO_CODIGO_DE_CADASTRO_HORAS
        self.stdout.write(f"Entregue-o à pessoa; vale uma vez só e vence em {horas} horas.")
