"""Telas da nomeação, da posse e do exercício de um convocado (docs/CONVOCACAO.md): cola sobre
``services.provimentos``, que confere as permissões, as datas e a ordem dos passos."""

from django import forms
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from comum.mensagens import mensagem_de

from ..apresentacao import contexto_admin
from ..consultas.avisos_pessoais import avisos_da_inscricao
from ..models import Inscricao, Provimento
from ..services import provimentos

AJUDA_DA_DATA = "dd/mm/aaaa."


class NomeacaoForm(forms.Form):
    portaria = forms.CharField(label="Portaria de nomeação", max_length=120, help_text="Número da portaria.")
    data_da_nomeacao = forms.DateField(
        label="Publicação da nomeação", help_text="dd/mm/aaaa: a data da publicação; dela conta o prazo da posse."
    )


class PosseForm(forms.Form):
    data_da_posse = forms.DateField(label="Data da posse", help_text=AJUDA_DA_DATA)


class ExercicioForm(forms.Form):
    data_do_exercicio = forms.DateField(label="Início do exercício", help_text=AJUDA_DA_DATA)


# O passo seguinte de cada situação: o formulário, o serviço e o que a mensagem diz.
PASSOS = {
    "nomeação": (NomeacaoForm, provimentos.registrar_nomeacao),
    "posse": (PosseForm, provimentos.registrar_posse),
    "exercício": (ExercicioForm, provimentos.registrar_exercicio),
}


def proximo_passo(provimento: Provimento | None) -> str | None:
    if provimento is None:
        return "nomeação"
    if provimento.data_da_posse is None:
        return "posse"
    return "exercício" if provimento.data_do_exercicio is None else None


@staff_member_required
@permission_required(provimentos.PERMISSAO, raise_exception=True)
def registrar_provimento(request, pk: int):
    inscricao = get_object_or_404(Inscricao.objects.select_related("cargo__edital", "candidato"), pk=pk)
    cargo = inscricao.cargo
    passo = proximo_passo(Provimento.objects.filter(inscricao=inscricao).first())
    if passo is None:
        messages.info(request, f"A inscrição {inscricao.numero} já está em exercício: não há passo a registrar.")
        return redirect(_pagina_do_cargo(cargo))
    classe, servico = PASSOS[passo]
    form = classe(request.POST if request.method == "POST" else None)
    if form.is_valid():
        try:
            servico(inscricao, por=request.user, **form.cleaned_data)
        except ValidationError as erro:
            form.add_error(None, mensagem_de(erro))
        else:
            messages.success(request, f"Registrada a {passo} da inscrição {inscricao.numero}.")
            return redirect(_pagina_do_cargo(cargo))
    titulo = f"Registrar {passo} — inscrição {inscricao.numero} ({inscricao.candidato.nome_de_uso})"
    contexto = contexto_admin(request, titulo, cargo=cargo, inscricao=inscricao, form=form, passo=passo)
    contexto["avisos"] = avisos_da_inscricao(inscricao)  # se a pessoa foi avisada (issue 28)
    return render(request, "concursos/registrar_provimento.html", contexto)


def _pagina_do_cargo(cargo) -> str:
    return reverse("admin:concursos_cargo_change", args=[cargo.pk]) + "#convocados"
