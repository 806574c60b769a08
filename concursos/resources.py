"""Formatos de importação e exportação de inscrições (django-import-export).

Contrato usado por ``admin.py``: ``InscricaoResource``, ``FORMATOS_DE_IMPORTACAO`` e
``FORMATOS_DE_EXPORTACAO``. (Implementação completa em andamento.)
"""

from import_export import resources
from import_export.formats.base_formats import CSV, XLSX

from .models import Inscricao


class InscricaoResource(resources.ModelResource):
    class Meta:
        model = Inscricao


FORMATOS_DE_IMPORTACAO = [CSV, XLSX]
FORMATOS_DE_EXPORTACAO = [XLSX, CSV]
