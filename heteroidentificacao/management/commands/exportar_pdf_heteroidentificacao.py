"""``exportar_pdf_heteroidentificacao DOCUMENTO ID --saida ARQUIVO.pdf``: os PDFs da heteroidentificação em arquivo.

    python manage.py exportar_pdf_heteroidentificacao convocacao 12 --saida convocacao.pdf   # ID da sessão
    python manage.py exportar_pdf_heteroidentificacao ata 12 --saida ata.pdf                 # ID da sessão
    python manage.py exportar_pdf_heteroidentificacao resultado 3 --saida preliminar.pdf     # ID da comissão
    python manage.py exportar_pdf_heteroidentificacao resultado-definitivo 3 --saida final.pdf
    python manage.py exportar_pdf_heteroidentificacao pareceres 40 --saida pareceres.pdf     # ID do chamado
    python manage.py exportar_pdf_heteroidentificacao oficio 5 --saida oficio.pdf            # ID do processo

O arquivo só é gravado depois de o PDF ficar pronto: uma recusa (ata de sessão aberta, ofício de
processo não procedente…) não deixa arquivo pela metade.
"""

from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

import cotas
from heteroidentificacao import pdf
from heteroidentificacao.models import Chamado, Comissao, ProcessoDeApuracao, Sessao

DOCUMENTOS = {
    "convocacao": (Sessao, pdf.lista_de_convocacao_pdf),
    "ata": (Sessao, pdf.ata_pdf),
    "resultado": (Comissao, lambda comissao: pdf.resultado_pdf(comissao, definitivo=False)),
    "resultado-definitivo": (Comissao, lambda comissao: pdf.resultado_pdf(comissao, definitivo=True)),
    "pareceres": (Chamado, pdf.parecer_do_candidato_pdf),
    "oficio": (ProcessoDeApuracao, pdf.oficio_ministerio_publico_pdf),
}


class Command(BaseCommand):
    help = "Grava em arquivo um PDF da heteroidentificação (convocação, ata, resultado, pareceres, ofício)."

    def add_arguments(self, parser):
        parser.add_argument("documento", choices=sorted(DOCUMENTOS))
        parser.add_argument("id", type=int, help="ID da sessão, comissão, chamado ou processo, conforme o documento")
        parser.add_argument("--saida", required=True, type=Path, help="arquivo PDF a gravar")

    def handle(self, *args, **options):
        modelo, gerar = DOCUMENTOS[options["documento"]]
        objeto = modelo.objects.filter(pk=options["id"]).first()
        if objeto is None:
            raise CommandError(f"{modelo._meta.verbose_name.capitalize()} {options['id']} não encontrado(a).")
        try:
            conteudo = gerar(objeto)
        except (ValidationError, cotas.ErroDeCotas) as erro:
            texto = "; ".join(erro.messages) if isinstance(erro, ValidationError) else str(erro)
            raise CommandError(f"PDF não gerado: {texto}") from erro
        saida = options["saida"]
        try:
            saida.write_bytes(conteudo)
        except OSError as erro:
            raise CommandError(f"Não foi possível gravar {saida}: {erro.strerror or erro}.") from erro
        self.stdout.write(f"PDF gravado em {saida} ({len(conteudo)} bytes).")
