"""Os eventos de um cargo: registrar (em dois passos, com a confirmação do que o evento faria),
ver quem ele convocou e revertê-lo; e as sugestões do campo de inscrição do formulário.

As views são cola: validam o formulário, chamam os serviços e mostram a resposta; nenhuma regra mora aqui.
"""

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render

import cotas
from comum.mensagens import mensagem_de
from cotas.eventos import tipo_de_evento
from cotas.modelo import VERIFICACAO
from cotas.regimes import rotulo_do_grupo

from .. import services
from ..apresentacao import (
    TIPOS_DE_EVENTO,
    contexto_admin,
    efeito_do_evento,
)
from ..atos import Ato, sem_o_ato
from ..consultas import busca as busca_de_inscricoes
from ..consultas.eventos import evento_registrado
from ..consultas.para_publicar import versao_nao_publicada
from ..forms import (
    EventoForm,
    ReversaoForm,
)
from ..models import COMO_MUDAR_A_VERIFICACAO, Cargo, Evento
from ..previsao import resumo_da_previsao
from ..services.acessos import descrever, registrar_acesso
from ..services.convocacoes import PERMISSAO


@staff_member_required
@permission_required("concursos.registrar_evento", raise_exception=True)
def registrar_evento(request, pk: int, tipo: str):
    """Em dois passos: o formulário mostra primeiro o que o evento faria (``services.prever``, sem
    gravar); só o envio com ``confirmar`` registra o evento e gera a nova versão."""
    cargo = get_object_or_404(Cargo.objects.select_related("edital"), pk=pk)
    if tipo not in TIPOS_DE_EVENTO:
        raise Http404("Tipo de evento desconhecido.")
    if tipo == VERIFICACAO:
        # A revisão de verificação não se digita: vem de um ato de verificação (issue 12).
        messages.error(request, f"A revisão de verificação não é um evento digitado: {COMO_MUDAR_A_VERIFICACAO}")
        return redirect("admin:concursos_cargo_change", cargo.pk)
    inicial = _inscricao_escolhida(cargo, request.GET.get("inscricao", ""))
    form = EventoForm(cargo, tipo, request.POST if request.method == "POST" else None, initial=inicial)
    titulo = f"Registrar {TIPOS_DE_EVENTO[tipo].lower()} — {cargo.nome}"
    if "corrigir" not in request.POST and form.is_valid():
        ato, campos = Ato.do_formulario(form.cleaned_data), sem_o_ato(form.cleaned_data)
        try:
            if "confirmar" not in request.POST:
                previsto, numero = services.prever(cargo, tipo=tipo, ato=ato, **campos)
                contexto = contexto_admin(request, f"Confirmar: {titulo}", cargo=cargo, form=form, tipo=tipo)
                if "inscricao" in form.cleaned_data:
                    contexto["inscricao_escolhida"] = form.fields["inscricao"].rotular(form.cleaned_data["inscricao"])
                contexto.update(resumo_da_previsao(cargo, previsto, numero))
                return render(request, "concursos/confirmar_evento.html", contexto)
            registrado = services.registrar_evento(cargo, tipo=tipo, ato=ato, por=request.user, **campos)
        except (cotas.ErroDeCotas, ValidationError) as erro:
            form.add_error(None, mensagem_de(erro))
        else:
            versao = registrado.resultado.versao
            messages.success(
                request,
                f"Evento registrado: {registrado.evento}. Versão {versao} do resultado gerada (ainda não publicada).",
            )
            return redirect("concursos:evento", registrado.evento.pk)
    contexto = contexto_admin(request, titulo, cargo=cargo, form=form, explicacao=tipo_de_evento(tipo).explicacao)
    return render(request, "concursos/registrar_evento.html", contexto)


def _inscricao_escolhida(cargo: Cargo, chave: str) -> dict | None:
    """Os botões das páginas do cargo e da inscrição abrem o formulário com ``?inscricao=<chave>``."""
    numero = cargo.inscricoes.filter(pk=chave).values_list("numero", flat=True).first() if chave.isdigit() else None
    return {"inscricao": numero} if numero else None


@staff_member_required
@permission_required("concursos.registrar_evento", raise_exception=True)
def buscar_inscricoes(request, pk: int):
    """As sugestões do campo de inscrição do formulário de evento (número, nome ou CPF; CPF mascarado)."""
    cargo = get_object_or_404(Cargo, pk=pk)
    encontradas = busca_de_inscricoes.buscar(cargo.inscricoes.all(), request.GET.get("q", ""))
    numeros = [i.numero for i in encontradas.inscricoes]
    situacoes = busca_de_inscricoes.situacoes_atuais(cargo, numeros) if numeros else {}
    resultados = [
        {"numero": i.numero, "rotulo": busca_de_inscricoes.rotulo(i, situacoes)} for i in encontradas.inscricoes
    ]
    return JsonResponse({"resultados": resultados, "mais": encontradas.mais})


@staff_member_required
def evento(request, pk: int):
    if not request.user.has_perm("concursos.view_evento") and not request.user.has_perm("concursos.registrar_evento"):
        raise PermissionDenied
    evento = get_object_or_404(Evento.objects.select_related("cargo__edital", "registrado_por", "reverte"), pk=pk)
    registrado = evento_registrado(evento)
    resultado = registrado.resultado if registrado else None
    pode_reverter = evento.tipo != Evento.REVERSAO and not Evento.objects.filter(reverte=evento).exists()
    titulo = f"Reversão de {evento.reverte}" if evento.reverte_id else str(evento)
    contexto = contexto_admin(request, titulo, evento=evento, resultado=resultado, pode_reverter=pode_reverter)
    contexto["nao_publicada"] = versao_nao_publicada(evento.cargo)
    if registrado is not None:
        mantidos = [
            {"inscricao": m.inscricao, "vaga": rotulo_do_grupo(m.vaga), "posicao": m.posicao}
            for m in registrado.mantidos_agora
        ]
        # O próximo passo de quem registrou o evento: o edital de convocação de quem ele chamou.
        pode_convocar = pode_reverter and bool(registrado.convocados_agora) and request.user.has_perm(PERMISSAO)
        contexto.update(efeito_do_evento(registrado), mantidos=mantidos, pode_convocar=pode_convocar)
        registrar_acesso(request, o_que="evento", objeto=descrever(evento, rotulo_do_cargo(evento.cargo)))
    return render(request, "concursos/evento.html", contexto)


def rotulo_do_cargo(cargo: Cargo) -> str:
    return f"cargo {cargo.codigo}, edital {cargo.edital}"


@staff_member_required
@permission_required("concursos.registrar_evento", raise_exception=True)
def reverter_evento(request, pk: int):
    evento = get_object_or_404(Evento.objects.select_related("cargo__edital"), pk=pk)
    form = ReversaoForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        try:
            ato = Ato.do_formulario(form.cleaned_data)
            registrado = services.reverter_evento(evento, motivo=form.cleaned_data["motivo"], ato=ato, por=request.user)
        except (cotas.ErroDeCotas, ValidationError) as erro:
            form.add_error(None, mensagem_de(erro))
        else:
            versao = registrado.resultado.versao
            messages.success(request, f"Evento revertido: {evento}. Versão {versao} do resultado gerada.")
            return redirect("concursos:evento", registrado.evento.pk)
    titulo = f"Reverter evento: {evento}"
    return render(request, "concursos/reverter_evento.html", contexto_admin(request, titulo, evento=evento, form=form))
