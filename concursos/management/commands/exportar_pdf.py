"""``exportar_pdf {quadro,resultado} EDITAL --saida ARQUIVO.pdf``: os PDFs do edital em arquivo.

    python manage.py exportar_pdf quadro 1/2025 --saida anexo-quadro-de-vagas.pdf
    python manage.py exportar_pdf resultado 1/2025 --saida resultado.pdf

O arquivo só é gravado depois de o PDF ficar pronto: um edital desconhecido ou um erro no desenho
não deixa arquivo pela metade.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

import cotas
from concursos.pdf.quadro_de_vagas import quadro_de_vagas_pdf
from concursos.pdf.resultado import resultado_pdf

from .gerar_resultado import buscar_edital

DOCUMENTOS = {"quadro": quadro_de_vagas_pdf, "resultado": resultado_pdf}


class Command(BaseCommand):
    help = "Grava em arquivo o PDF do quadro de vagas (anexo do edital) ou do resultado de cada cargo."

    def add_arguments(self, parser):
        parser.add_argument("documento", choices=sorted(DOCUMENTOS), help="quadro ou resultado")
        parser.add_argument("edital", help='número/ano do edital, por exemplo "1/2025"')
        parser.add_argument("--saida", required=True, type=Path, help="arquivo PDF a gravar")

    def handle(self, *args, **options):
        edital = buscar_edital(options["edital"])
        try:
            conteudo = DOCUMENTOS[options["documento"]](edital)
        except cotas.ErroDeCotas as erro:
            raise CommandError(f"Não foi possível gerar o PDF do edital {edital}: {erro}") from erro
        saida = Path(options["saida"])
        try:
            saida.write_bytes(conteudo)
        except OSError as erro:
            raise CommandError(f"Não foi possível gravar {saida}: {erro.strerror or erro}.") from erro
        self.stdout.write(f"PDF gravado em {saida} ({len(conteudo)} bytes).")
