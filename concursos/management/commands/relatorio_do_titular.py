"""``relatorio_do_titular CPF [--usuario U]``: tudo o que o sistema guarda sobre a pessoa do CPF
(LGPD, art. 18), para o encarregado pelo tratamento de dados (``consultas.titular``). A emissão fica
no registro de acesso a dados sensíveis, em nome de quem a pediu."""

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from concursos.consultas.titular import candidato_do_cpf, relatorio_do_titular
from concursos.management.usuarios import usuario_do_comando
from concursos.services.acessos import registrar_acesso_fora_da_tela


class Command(BaseCommand):
    help = "Relatório do titular (LGPD, art. 18): tudo o que se guarda sobre a pessoa do CPF."

    def add_arguments(self, parser):
        parser.add_argument("cpf", help="CPF da pessoa, com ou sem pontuação")
        parser.add_argument("--usuario", help="o encarregado que emite (padrão: o primeiro superusuário)")

    def handle(self, *args, **options):
        usuario = usuario_do_comando(options["usuario"], ["concursos.emitir_relatorio_do_titular"])
        candidato = candidato_do_cpf(options["cpf"])
        if candidato is None:
            raise CommandError("Nenhuma pessoa com este CPF no sistema (ou os dados dela já foram eliminados).")
        with transaction.atomic():
            relatorio = relatorio_do_titular(candidato)
            registrar_acesso_fora_da_tela(
                por=usuario,
                o_que="relatorio_do_titular",
                objeto=f"candidato #{candidato.pk}",
                caminho="manage.py relatorio_do_titular",
            )
        for secao, linhas in relatorio.items():
            self.stdout.write(f"\n== {secao} ({len(linhas)})")
            for linha in linhas:
                self.stdout.write("  " + "; ".join(f"{rotulo}: {valor}" for rotulo, valor in linha.items()))
