"""``limpar_importacoes [--horas N]``: apaga as planilhas de importação abandonadas.

Entre a prévia e a confirmação, a importação de inscrições guarda o arquivo enviado (com CPF, nome
e nascimento dos candidatos) na pasta privada ``MEDIA_ROOT`` (nunca servida pela web). A
confirmação o apaga; uma prévia com erros ou que ninguém confirmou deixa o arquivo lá. Este comando
apaga os que têm mais de N horas (padrão: 24), e também os arquivos enviados para importar em
segundo plano que nenhum pedido na fila ou em andamento vai ler (importações que falharam). Agendar no cron, por exemplo a cada hora::

    0 * * * *  cd /srv/concursos && .venv/bin/python manage.py limpar_importacoes
"""

from django.core.management.base import BaseCommand, CommandError

from concursos.importacao.temporarios import limpar_importacoes_abandonadas
from concursos.segundo_plano.produtos import limpar_arquivos_de_importacao


class Command(BaseCommand):
    help = "Apaga os arquivos de importação (prévias não confirmadas) com mais de N horas."

    def add_arguments(self, parser):
        parser.add_argument("--horas", type=float, default=24, help="idade mínima dos arquivos apagados (padrão: 24)")

    def handle(self, *args, **options):
        horas = options["horas"]
        if not horas >= 0:
            raise CommandError("--horas deve ser um número não negativo.")
        apagados = limpar_importacoes_abandonadas(horas) + limpar_arquivos_de_importacao(horas)
        self.stdout.write(f"{len(apagados)} arquivo(s) de importação com mais de {horas:g} h apagado(s).")
