"""Telas de um ato publicado: a do Diário Oficial, a edição, a data e a página em que o jornal o
imprimiu, acrescentadas depois (``services.atos.acrescentar_diario_oficial``), nunca editadas; e o
arquivo editável (DOCX) guardado com o ato, para mandar ao jornal."""

from django import forms
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from comum.docx import CONTENT_TYPE
from comum.mensagens import mensagem_de

from ..apresentacao import contexto_admin
from ..models import AtoPublicado
from ..services import atos
from ..services.acessos import descrever, registrar_acesso
from ..tipos_de_ato import TIPOS_DE_ATO


class DiarioOficialForm(forms.Form):
    edicao = forms.CharField(label="Edição", max_length=40)
    data = forms.DateField(label="Data da edição", help_text="dd/mm/aaaa")
    pagina = forms.CharField(label="Página", max_length=40)


@staff_member_required
@permission_required("concursos.add_publicacaonodiario", raise_exception=True)
def acrescentar_diario_oficial(request, pk: int):
    ato = get_object_or_404(AtoPublicado.objects.defer("conteudo").select_related("edital"), pk=pk)
    form = DiarioOficialForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        try:
            publicacao = atos.acrescentar_diario_oficial(ato, por=request.user, **form.cleaned_data)
        except ValidationError as erro:
            form.add_error(None, mensagem_de(erro))
        else:
            messages.success(request, f"{ato.titulo}: {publicacao}.")
            return redirect("admin:concursos_atopublicado_change", ato.pk)
    contexto = contexto_admin(request, f"Diário Oficial — {ato.titulo}", ato=ato, form=form)
    return render(request, "concursos/acrescentar_diario_oficial.html", contexto)


@staff_member_required
@permission_required("concursos.view_atopublicado", raise_exception=True)
def editavel_do_ato(request, pk: int):
    """O DOCX guardado ao registrar o ato (os mesmos bytes, não um novo), para quem lê o registro: ele
    não traz nada além do original em PDF. Baixar o de um ato com dados de pessoas fica registrado."""
    ato = get_object_or_404(AtoPublicado.objects.defer("conteudo").select_related("edital"), pk=pk)
    if not ato.editavel:
        raise Http404("Este ato foi registrado sem o arquivo editável.")
    if acesso := getattr(TIPOS_DE_ATO.get(ato.tipo), "acesso", ""):
        registrar_acesso(request, o_que=acesso, objeto=descrever(ato, f"{ato.titulo} (DOCX)"))
    nome = f"ato-{ato.tipo.replace('_', '-')}-{ato.numero}-{ato.ano}.docx"
    return HttpResponse(
        bytes(ato.editavel),
        content_type=CONTENT_TYPE,
        headers={"Content-Disposition": f'attachment; filename="{nome}"'},
    )
