"""As telas do edital: prorrogar a validade, gerar os resultados e baixar os PDFs (o Anexo I e o
resultado de todos os cargos).

As views são cola: validam o formulário, chamam os serviços e mostram a resposta; nenhuma regra mora aqui.
"""

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

import cotas
from comum.mensagens import mensagem_de

from .. import services
from ..apresentacao import contexto_admin, quadro_do_edital
from ..atos import Ato
from ..avisos import gerar_e_informar
from ..forms import (
    ProrrogacaoForm,
)
from ..models import AtoPublicado, Edital
from ..pdf import quadro_de_vagas
from ..pdf import resultado as pdf_do_resultado
from ..pdf.quadro_de_vagas import codigo_do_quadro
from ..services.acessos import descrever, registrar_acesso


@staff_member_required
@permission_required("concursos.change_edital", raise_exception=True)
def prorrogar_validade(request, pk: int):
    """A prorrogação da validade do concurso, uma só (CF art. 37, III): um ato registrado."""
    edital = get_object_or_404(Edital, pk=pk)
    form = ProrrogacaoForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        try:
            ato = Ato.do_formulario(form.cleaned_data)
            services.prorrogar_validade(edital, ate=form.cleaned_data["ate"], ato=ato, por=request.user)
        except ValidationError as erro:
            form.add_error(None, mensagem_de(erro))
        else:
            messages.success(
                request, f"Validade do edital {edital} prorrogada até {form.cleaned_data['ate']:%d/%m/%Y}."
            )
            return redirect("admin:concursos_edital_change", edital.pk)
    contexto = contexto_admin(request, f"Prorrogar a validade — edital {edital}", edital=edital, form=form)
    return render(request, "concursos/prorrogar_validade.html", contexto)


@staff_member_required
@permission_required("concursos.gerar_resultado", raise_exception=True)
@require_POST
def gerar_resultado(request, pk: int):
    edital = get_object_or_404(Edital, pk=pk)
    gerar_e_informar(request, edital)
    return redirect("admin:concursos_edital_change", edital.pk)


@staff_member_required
@permission_required("concursos.view_edital", raise_exception=True)
def quadro_de_vagas_pdf(request, pk: int):
    """O Anexo I do registro: o último registrado, os bytes guardados (com o código do registro), mesmo
    que o quadro tenha mudado depois — o publicado é ele, até o ato que o retifica (a ficha do edital
    avisa). Antes do primeiro registro, a prévia do quadro de hoje, com o código antigo, calculado dos dados."""
    edital = get_object_or_404(Edital, pk=pk)
    nome = f"quadro-de-vagas-edital-{edital.numero}-{edital.ano}.pdf"
    if (registrado := services.ultimo_anexo_i(edital)) is not None:
        conteudo = AtoPublicado.objects.values_list("conteudo", flat=True).get(pk=registrado.pk)
        disposicao = f'attachment; filename="{nome}"'
        return HttpResponse(
            bytes(conteudo), content_type="application/pdf", headers={"Content-Disposition": disposicao}
        )
    return _pdf(request, edital, quadro_de_vagas.quadro_de_vagas_pdf, nome)


@staff_member_required
@permission_required("concursos.change_edital", raise_exception=True)
def registrar_anexo_i(request, pk: int):
    """Conferir e confirmar o Anexo I: a tela mostra o quadro que fica público (nada se grava); a
    confirmação leva os dados do quadro conferido e registra um ato novo só se o quadro mudou desde o
    último registrado (``services.registrar_anexo_i``)."""
    edital = get_object_or_404(Edital, pk=pk)
    ultimo = services.ultimo_anexo_i(edital)
    if request.method == "POST":
        try:
            ato = services.registrar_anexo_i(edital, por=request.user, conferido=request.POST.get("conferido", ""))
        except ValidationError as erro:
            messages.error(request, mensagem_de(erro))
            return redirect("concursos:registrar_anexo_i", edital.pk)
        novo = "" if ultimo is None or ato.pk != ultimo.pk else "o quadro não mudou, nenhum ato novo — "
        messages.success(
            request, f"{ato.titulo}: {novo}registro nº {ato.numero_no_ano}, código de verificação {ato.codigo}."
        )
        return redirect("admin:concursos_edital_change", edital.pk)
    conferido = codigo_do_quadro(edital)
    contexto = contexto_admin(
        request,
        f"Registrar o Anexo I — edital {edital}",
        edital=edital,
        quadro=quadro_do_edital(edital),
        ultimo=ultimo,
        sem_mudanca=ultimo is not None and ultimo.hash_dos_dados == conferido,
        conferido=conferido,
    )
    return render(request, "concursos/registrar_anexo_i.html", contexto)


@staff_member_required
@permission_required("concursos.view_resultado", raise_exception=True)
def resultado_pdf(request, pk: int):
    edital = get_object_or_404(Edital, pk=pk)
    nome = f"resultado-edital-{edital.numero}-{edital.ano}.pdf"
    return _pdf(request, edital, pdf_do_resultado.resultado_pdf, nome, o_que="pdf_resultado")


def _pdf(request, edital: Edital, gerar, nome_do_arquivo: str, *, o_que: str = ""):
    """O PDF para baixar; com ``o_que``, o documento traz dados sensíveis e a entrega fica registrada."""
    try:
        conteudo = gerar(edital)
    except NotImplementedError:
        messages.warning(request, "A geração deste PDF ainda não está disponível.")
        return redirect("admin:concursos_edital_change", edital.pk)
    except (cotas.ErroDeCotas, ValidationError) as erro:
        messages.error(request, f"Não foi possível gerar o PDF: {mensagem_de(erro)}")
        return redirect("admin:concursos_edital_change", edital.pk)
    if o_que:
        registrar_acesso(request, o_que=o_que, objeto=descrever(edital, str(edital)))
    disposicao = f'attachment; filename="{nome_do_arquivo}"'
    return HttpResponse(conteudo, content_type="application/pdf", headers={"Content-Disposition": disposicao})
