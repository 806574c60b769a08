"""``exportar_pdf {quadro,resultado} EDITAL --saida ARQUIVO.pdf``: os PDFs do edital em arquivo.

    python manage.py exportar_pdf quadro 1/2025 --saida anexo-quadro-de-vagas.pdf
    python manage.py exportar_pdf resultado 1/2025 --saida resultado.pdf

O arquivo só é gravado depois de o PDF ficar pronto: um edital desconhecido ou um erro no desenho
não deixa arquivo pela metade.
"""

import re
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

import cotas
from concursos import pdf
from concursos.models import Edital

FORMATO_DO_EDITAL = re.compile(r"^\s*(\d+)\s*/\s*(\d{4})\s*$")
DOCUMENTOS = {"quadro": pdf.quadro_de_vagas_pdf, "resultado": pdf.resultado_pdf}


class Command(BaseCommand):
    help = "Grava em arquivo o PDF do quadro de vagas (anexo do edital) ou do resultado de cada cargo."

    def add_arguments(self, parser):
        parser.add_argument("documento", choices=sorted(DOCUMENTOS), help="quadro ou resultado")
        parser.add_argument("edital", help='número/ano do edital, por exemplo "1/2025"')
        parser.add_argument("--saida", required=True, type=Path, help="arquivo PDF a gravar")

    def handle(self, *args, **options):
        edital = _edital(options["edital"])
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


def _edital(texto: str) -> Edital:
    """O edital escrito como ``número/ano`` (``1/2025``)."""
    encontrado = FORMATO_DO_EDITAL.match(texto or "")
    if not encontrado:
        raise CommandError(f"Edital inválido: {texto!r}. Escreva número/ano, por exemplo 1/2025.")
    numero, ano = map(int, encontrado.groups())
    edital = Edital.objects.filter(numero=numero, ano=ano).first()
    if edital is None:
        existentes = ", ".join(str(e) for e in Edital.objects.all()) or "nenhum"
        raise CommandError(f"Edital {numero}/{ano} não encontrado. Editais cadastrados: {existentes}.")
    return edital
