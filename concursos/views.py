"""Telas do RH fora dos cadastros do admin (com a aparência do admin): eventos do cargo, reversão,
gerar e publicar resultado, PDFs e o simulador de cotas.

As views são cola: validam o formulário, chamam os serviços e mostram a resposta. As tabelas vêm de
``apresentacao`` e as mensagens depois de gerar e publicar, de ``avisos``. Nenhuma regra mora aqui.
"""

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

import cotas
from comum.mensagens import mensagem_de
from cotas.eventos import tipo_de_evento
from cotas.regimes import rotulo_do_grupo

from . import services
from .acesso import descrever, registrar_acesso
from .apresentacao import (
    TIPOS_DE_EVENTO,
    contexto_admin,
    contexto_da_simulacao,
    contexto_do_quadro,
    efeito_do_evento,
    quadro_avulso,
)
from .avisos import gerar_e_informar, publicar_e_informar
from .forms import EventoForm, ProrrogacaoForm, ReversaoForm, SimuladorCenarioForm, SimuladorQuadroForm
from .models import Cargo, Edital, Evento, Resultado
from .pdf import quadro_de_vagas
from .pdf import resultado as pdf_do_resultado
from .previsao import resumo_da_previsao, resumo_da_publicacao
from .publicacao import exportar_lista


@staff_member_required
@permission_required("concursos.registrar_evento", raise_exception=True)
def registrar_evento(request, pk: int, tipo: str):
    """Em dois passos: o formulário mostra primeiro o que o evento faria (``services.prever``, sem
    gravar); só o envio com ``confirmar`` registra o evento e gera a nova versão."""
    cargo = get_object_or_404(Cargo.objects.select_related("edital"), pk=pk)
    if tipo not in TIPOS_DE_EVENTO:
        raise Http404("Tipo de evento desconhecido.")
    inicial = {"inscricao": request.GET.get("inscricao")} if request.GET.get("inscricao", "").isdigit() else None
    form = EventoForm(cargo, tipo, request.POST if request.method == "POST" else None, initial=inicial)
    titulo = f"Registrar {TIPOS_DE_EVENTO[tipo].lower()} — {cargo.nome}"
    if "corrigir" not in request.POST and form.is_valid():
        try:
            if "confirmar" not in request.POST:
                previsto, numero = services.prever(cargo, tipo=tipo, **form.cleaned_data)
                contexto = contexto_admin(request, f"Confirmar: {titulo}", cargo=cargo, form=form, tipo=tipo)
                contexto.update(resumo_da_previsao(cargo, previsto, numero))
                return render(request, "concursos/confirmar_evento.html", contexto)
            registrado = services.registrar_evento(cargo, tipo=tipo, registrado_por=request.user, **form.cleaned_data)
        except (cotas.ErroDeCotas, ValidationError) as erro:
            form.add_error(None, mensagem_de(erro))
        else:
            versao = registrado.resultado.versao
            messages.success(request, f"Evento registrado: {registrado.evento}. Versão {versao} do resultado gerada.")
            return redirect("concursos:evento", registrado.evento.pk)
    contexto = contexto_admin(request, titulo, cargo=cargo, form=form, explicacao=tipo_de_evento(tipo).explicacao)
    return render(request, "concursos/registrar_evento.html", contexto)


@staff_member_required
def evento(request, pk: int):
    if not request.user.has_perm("concursos.view_evento") and not request.user.has_perm("concursos.registrar_evento"):
        raise PermissionDenied
    evento = get_object_or_404(Evento.objects.select_related("cargo__edital", "registrado_por", "reverte"), pk=pk)
    registrado = services.evento_registrado(evento)
    resultado = registrado.resultado if registrado else None
    pode_reverter = evento.tipo != "reversao" and not Evento.objects.filter(reverte=evento).exists()
    titulo = f"Reversão de {evento.reverte}" if evento.reverte_id else str(evento)
    contexto = contexto_admin(request, titulo, evento=evento, resultado=resultado, pode_reverter=pode_reverter)
    if registrado is not None:
        mantidos = [
            {"inscricao": m.inscricao, "vaga": rotulo_do_grupo(m.vaga), "posicao": m.posicao}
            for m in registrado.mantidos_agora
        ]
        contexto.update(efeito_do_evento(registrado), mantidos=mantidos)
        registrar_acesso(request, o_que="evento", objeto=descrever(evento, _rotulo_do_cargo(evento.cargo)))
    return render(request, "concursos/evento.html", contexto)


def _rotulo_do_cargo(cargo: Cargo) -> str:
    return f"cargo {cargo.codigo}, edital {cargo.edital}"


@staff_member_required
@permission_required("concursos.registrar_evento", raise_exception=True)
def reverter_evento(request, pk: int):
    evento = get_object_or_404(Evento.objects.select_related("cargo__edital"), pk=pk)
    form = ReversaoForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        try:
            registrado = services.reverter_evento(evento, registrado_por=request.user, **form.cleaned_data)
        except (cotas.ErroDeCotas, ValidationError) as erro:
            form.add_error(None, mensagem_de(erro))
        else:
            versao = registrado.resultado.versao
            messages.success(request, f"Evento revertido: {evento}. Versão {versao} do resultado gerada.")
            return redirect("concursos:evento", registrado.evento.pk)
    titulo = f"Reverter evento: {evento}"
    return render(request, "concursos/reverter_evento.html", contexto_admin(request, titulo, evento=evento, form=form))


@staff_member_required
@permission_required("concursos.change_edital", raise_exception=True)
def prorrogar_validade(request, pk: int):
    """A prorrogação da validade do concurso, uma só (CF art. 37, III): um ato registrado."""
    edital = get_object_or_404(Edital, pk=pk)
    form = ProrrogacaoForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        try:
            services.prorrogar_validade(edital, registrado_por=request.user, **form.cleaned_data)
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
@permission_required("concursos.publicar_resultado", raise_exception=True)
def publicar_resultado(request, pk: int):
    """Publicar é um ato: a tela mostra antes o que fica público (docs/REGRAS.md §9) e só o envio
    com ``confirmar`` publica."""
    resultado = get_object_or_404(Resultado.objects.select_related("cargo__edital"), pk=pk)
    if request.method == "POST" and "confirmar" in request.POST:
        publicar_e_informar(request, resultado)
        return redirect("admin:concursos_resultado_change", resultado.pk)
    titulo = f"Confirmar a publicação: {resultado.cargo.nome}, versão {resultado.versao}"
    contexto = contexto_admin(request, titulo, resultado=resultado, cargo=resultado.cargo)
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
    rotulo = f"{_rotulo_do_cargo(resultado.cargo)}, versão {resultado.versao}, {formato}"
    registrar_acesso(request, o_que="lista_publicada", objeto=descrever(resultado, rotulo))
    return HttpResponse(
        conteudo, content_type=tipo, headers={"Content-Disposition": f'attachment; filename="{nome}.{formato}"'}
    )


TIPOS_DE_PLANILHA = {
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "csv": "text/csv; charset=utf-8",
}


@staff_member_required
@permission_required("concursos.view_edital", raise_exception=True)
def quadro_de_vagas_pdf(request, pk: int):
    edital = get_object_or_404(Edital, pk=pk)
    return _pdf(
        request, edital, quadro_de_vagas.quadro_de_vagas_pdf, f"quadro-de-vagas-edital-{edital.numero}-{edital.ano}.pdf"
    )


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


@staff_member_required
def simulador(request):
    quadro_form = SimuladorQuadroForm(request.GET if "vagas" in request.GET else None)
    cenario_form = SimuladorCenarioForm(*((request.POST, request.FILES) if request.method == "POST" else ()))
    contexto = contexto_admin(request, "Simulador de cotas", quadro_form=quadro_form, cenario_form=cenario_form)
    if quadro_form.is_valid():
        try:
            contexto["quadro"] = quadro_avulso(contexto_do_quadro(quadro_form.quadro()))
        except cotas.ErroDeCotas as erro:
            quadro_form.add_error(None, str(erro))
    if cenario_form.is_valid():
        try:
            contexto["resultado"] = contexto_da_simulacao(*cenario_form.simular())
        except cotas.ErroDeCotas as erro:
            cenario_form.add_error(None, str(erro))
    return render(request, "concursos/simulador.html", contexto)
