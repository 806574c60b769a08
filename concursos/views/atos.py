"""A tela curta do Diário Oficial de um ato publicado: a edição, a data e a página em que o jornal o
imprimiu, acrescentadas depois (``services.atos.acrescentar_diario_oficial``); nunca editadas."""

from django import forms
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render

from comum.mensagens import mensagem_de

from ..apresentacao import contexto_admin
from ..models import AtoPublicado
from ..services import atos


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
