"""As telas de uma versão do resultado: a publicação (um ato, com a referência no Diário Oficial) e
as listas publicadas em planilha.

As views são cola: validam o formulário, chamam os serviços e mostram a resposta; nenhuma regra mora aqui.
"""

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from comum.mensagens import mensagem_de

from ..apresentacao import (
    contexto_admin,
)
from ..avisos import publicar_e_informar
from ..forms.atos import DiarioOficialForm
from ..models import Resultado
from ..previsao import resumo_da_publicacao
from ..publicacao import exportar_lista
from ..services.acessos import descrever, registrar_acesso
from .eventos import rotulo_do_cargo


@staff_member_required
@permission_required("concursos.publicar_resultado", raise_exception=True)
def publicar_resultado(request, pk: int):
    """Publicar é um ato: a tela mostra antes o que fica público (docs/REGRAS.md §9) e só o envio
    com ``confirmar`` publica, com a referência no Diário Oficial (edição, data e página) se o jornal
    já saiu, ou sem ela, para acrescentá-la depois no ato registrado."""
    resultado = get_object_or_404(Resultado.objects.select_related("cargo__edital"), pk=pk)
    confirmando = request.method == "POST" and "confirmar" in request.POST
    form = DiarioOficialForm([resultado], request.POST if confirmando else None)
    if form.is_valid():
        publicar_e_informar(request, resultado, form.diario_oficial)
        return redirect("admin:concursos_resultado_change", resultado.pk)
    titulo = f"Confirmar a publicação: {resultado.cargo.nome}, versão {resultado.versao}"
    contexto = contexto_admin(request, titulo, resultado=resultado, cargo=resultado.cargo, form=form)
    contexto.update(resumo_da_publicacao(resultado))
    return render(request, "concursos/confirmar_publicacao.html", contexto)


@staff_member_required
@permission_required("concursos.view_resultado", raise_exception=True)
def lista_publicada(request, pk: int, formato: str):
    """As listas de um resultado publicado em planilha, para publicação (CPF mascarado)."""
    resultado = get_object_or_404(Resultado.objects.select_related("cargo__edital"), pk=pk)
    try:
        conteudo = exportar_lista(resultado, formato)
    except ValidationError as erro:
        messages.error(request, mensagem_de(erro))
        return redirect("admin:concursos_resultado_change", resultado.pk)
    nome = f"resultado-{resultado.cargo.edital.numero}-{resultado.cargo.edital.ano}-{resultado.cargo.codigo}-v{resultado.versao}"
    tipo = TIPOS_DE_PLANILHA[formato]
    rotulo = f"{rotulo_do_cargo(resultado.cargo)}, versão {resultado.versao}, {formato}"
    registrar_acesso(request, o_que="lista_publicada", objeto=descrever(resultado, rotulo))
    return HttpResponse(
        conteudo, content_type=tipo, headers={"Content-Disposition": f'attachment; filename="{nome}.{formato}"'}
    )


TIPOS_DE_PLANILHA = {
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "csv": "text/csv; charset=utf-8",
}
