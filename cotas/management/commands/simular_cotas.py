import sys

from django.core.management.base import BaseCommand

from cotas.cli import executar


class _Saida:
    """Adapta o ``OutputWrapper`` do Django à interface ``write`` de um arquivo."""

    def __init__(self, wrapper):
        self.wrapper = wrapper

    def write(self, texto: str) -> None:
        self.wrapper.write(texto, ending="")


class Command(BaseCommand):
    help = "Simula a reserva de vagas de um cargo a partir de um arquivo de cenário (cotas-cenario/1)."
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("arquivo", help="caminho do cenário JSON, ou - para a entrada padrão")

    def handle(self, *args, **options):
        entrada = options.get("stdin") or sys.stdin
        codigo = executar(options["arquivo"], entrada, _Saida(self.stdout), _Saida(self.stderr))
        if codigo:
            raise SystemExit(codigo)
