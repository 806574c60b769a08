"""O modelo de planilha de inscrições de um edital, para baixar (``importacao.modelo_de_planilha``).

Quem baixa é quem importa (``concursos.import_inscricao``, docs/PAPEIS.md): o modelo não tem dado
pessoal nenhum, mas só serve a quem vai preencher e importar o arquivo.
"""

from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import permission_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404

from ..importacao.modelo_de_planilha import modelo_csv, modelo_xlsx, nome_do_arquivo
from ..models import Edital
from .resultados import TIPOS_DE_PLANILHA

MODELOS = {"xlsx": modelo_xlsx, "csv": modelo_csv}


@staff_member_required
@permission_required("concursos.import_inscricao", raise_exception=True)
def modelo_de_planilha(request, pk: int, formato: str):
    edital = get_object_or_404(Edital, pk=pk)
    return HttpResponse(
        MODELOS[formato](edital),
        content_type=TIPOS_DE_PLANILHA[formato],
        headers={"Content-Disposition": f'attachment; filename="{nome_do_arquivo(edital, formato)}"'},
    )
