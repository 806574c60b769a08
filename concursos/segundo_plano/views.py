"""Telas dos processamentos em segundo plano: pedir (resultados, PDFs, importação de arquivo
grande), acompanhar o progresso (JSON consultado pela barra) e baixar os PDFs desenhados."""

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import permission_required
from django.http import FileResponse, Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from concursos.apresentacao import contexto_admin
from concursos.importacao.formularios import ImportacaoEmSegundoPlanoForm
from concursos.models import Edital, Processamento
from concursos.services.acessos import descrever, registrar_acesso

from . import pedidos
from .produtos import arquivo_do_pdf
from .progresso import texto_do_progresso


def _ficha(processamento: Processamento):
    return redirect("admin:concursos_processamento_change", processamento.pk)


def _pedir(request, pedir, edital: Edital, descricao: str):
    try:
        processamento = pedir(edital, por=request.user)
    except pedidos.PedidoRecusado as recusa:
        messages.error(request, " ".join(recusa.messages))
        return redirect("admin:concursos_edital_change", edital.pk)
    messages.success(
        request, f"{descricao} do edital {edital}: pedido nº {processamento.pk} na fila. Acompanhe o progresso aqui."
    )
    return _ficha(processamento)


@staff_member_required
@permission_required("concursos.gerar_resultado", raise_exception=True)
@require_POST
def pedir_resultados(request, pk: int):
    edital = get_object_or_404(Edital, pk=pk)
    return _pedir(request, pedidos.pedir_resultados, edital, "Geração dos resultados")


@staff_member_required
@permission_required("concursos.view_resultado", raise_exception=True)
@permission_required("concursos.add_processamento", raise_exception=True)
@require_POST
def pedir_pdfs(request, pk: int):
    edital = get_object_or_404(Edital, pk=pk)
    return _pedir(request, pedidos.pedir_pdfs, edital, "PDFs dos resultados")


@staff_member_required
@permission_required("concursos.import_inscricao", raise_exception=True)
@permission_required("concursos.add_processamento", raise_exception=True)
def importar_em_segundo_plano(request):
    pk = request.GET.get("edital", "")  # o edital de onde se veio (a importação pela tela, a página do edital)
    inicial = {"edital": int(pk)} if pk.isdigit() and Edital.objects.filter(pk=pk).exists() else {}
    form = ImportacaoEmSegundoPlanoForm(request.POST or None, request.FILES or None, initial=inicial)
    if request.method == "POST" and form.is_valid():
        edital = form.cleaned_data["edital"]
        return _pedir(
            request,
            lambda e, **kw: pedidos.pedir_importacao(
                e, form.cleaned_data["arquivo"], mapeamento=form.cleaned_data.get("mapeamento"), **kw
            ),
            edital,
            "Importação de inscrições",
        )
    contexto = contexto_admin(request, "Importar inscrições em segundo plano", form=form)
    return render(request, "concursos/importar_em_segundo_plano.html", contexto)


@staff_member_required
@permission_required("concursos.view_processamento", raise_exception=True)
def progresso(request, pk: int):
    processamento = get_object_or_404(Processamento, pk=pk)
    return JsonResponse(
        {
            "estado": processamento.estado,
            "situacao": processamento.get_estado_display(),
            "feitos": processamento.feitos,
            "total": processamento.total,
            "percentual": processamento.percentual,
            "terminado": processamento.terminado,
            "erros": len(processamento.erros),
            "texto": texto_do_progresso(processamento),
        }
    )


@staff_member_required
@permission_required("concursos.view_processamento", raise_exception=True)
@permission_required("concursos.view_resultado", raise_exception=True)
def pdf_do_processamento(request, pk: int, cargo_id: int):
    """Um PDF desenhado em segundo plano. O documento traz as listas de negros e PcD: a entrega fica
    registrada como a do PDF desenhado na hora."""
    processamento = get_object_or_404(Processamento, pk=pk, tipo=Processamento.PDFS)
    caminho = arquivo_do_pdf(processamento, cargo_id)
    if caminho is None:
        raise Http404("Este PDF não foi desenhado (ou foi apagado).")
    registrar_acesso(
        request,
        o_que="pdf_resultado",
        objeto=descrever(processamento, f"PDF {caminho.name} do edital {processamento.edital}"),
    )
    return FileResponse(caminho.open("rb"), content_type="application/pdf", filename=caminho.name)
