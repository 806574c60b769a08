"""Telas do RH fora dos cadastros do admin (com a aparência do admin): eventos do cargo, reversão,
gerar e publicar resultado, PDFs e o simulador de cotas; e a única tela pública, a verificação do
código impresso no Anexo I (quadro de vagas).

As views são cola: validam o formulário, chamam os serviços e mostram a resposta. As tabelas vêm de
``apresentacao`` e as mensagens depois de gerar e publicar, de ``avisos``. Nenhuma regra mora aqui.
"""

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

import cotas
from comum.mensagens import mensagem_de
from cotas.eventos import tipo_de_evento
from cotas.modelo import VERIFICACAO
from cotas.regimes import rotulo_do_grupo

from .. import services
from ..apresentacao import (
    TIPOS_DE_EVENTO,
    contexto_admin,
    contexto_da_simulacao,
    contexto_do_quadro,
    efeito_do_evento,
    quadro_avulso,
)
from ..atos import PCD
from ..avisos import gerar_e_informar, publicar_e_informar
from ..consultas import busca as busca_de_inscricoes
from ..consultas.conferencia import conferir
from ..consultas.eventos import evento_registrado
from ..forms import (
    AvaliacaoPcdForm,
    DecisaoJudicialForm,
    EventoForm,
    ProrrogacaoForm,
    ReversaoForm,
    SimuladorCenarioForm,
    SimuladorQuadroForm,
)
from ..forms.atos import DiarioOficialForm
from ..models import COMO_MUDAR_A_VERIFICACAO, AtoDeVerificacao, Cargo, Edital, Evento, Inscricao, Resultado
from ..pdf import quadro_de_vagas
from ..pdf import resultado as pdf_do_resultado
from ..previsao import resumo_da_previsao, resumo_da_publicacao
from ..publicacao import exportar_lista
from ..services import verificacoes
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
        try:
            if "confirmar" not in request.POST:
                previsto, numero = services.prever(cargo, tipo=tipo, **form.cleaned_data)
                contexto = contexto_admin(request, f"Confirmar: {titulo}", cargo=cargo, form=form, tipo=tipo)
                if "inscricao" in form.cleaned_data:
                    contexto["inscricao_escolhida"] = form.fields["inscricao"].rotular(form.cleaned_data["inscricao"])
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
    situacoes = busca_de_inscricoes.situacoes_atuais(cargo) if encontradas.inscricoes else {}
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
    pode_reverter = evento.tipo != "reversao" and not Evento.objects.filter(reverte=evento).exists()
    titulo = f"Reversão de {evento.reverte}" if evento.reverte_id else str(evento)
    contexto = contexto_admin(request, titulo, evento=evento, resultado=resultado, pode_reverter=pode_reverter)
    if registrado is not None:
        mantidos = [
            {"inscricao": m.inscricao, "vaga": rotulo_do_grupo(m.vaga), "posicao": m.posicao}
            for m in registrado.mantidos_agora
        ]
        # O próximo passo de quem registrou o evento: o edital de convocação de quem ele chamou.
        pode_convocar = pode_reverter and bool(registrado.convocados_agora) and request.user.has_perm(PERMISSAO)
        contexto.update(efeito_do_evento(registrado), mantidos=mantidos, pode_convocar=pode_convocar)
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
    com ``confirmar`` e a referência no Diário Oficial (edição, data e página) publica."""
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


# ---------------------------------------------------------------- atos de verificação


@staff_member_required
@permission_required([verificacoes.PERMISSAO, "concursos.ver_dados_sensiveis"], raise_exception=True)
def registrar_avaliacao_pcd(request, pk: int):
    """A avaliação da equipe multiprofissional, registrada pelo RH com a equipe e o documento."""
    inscricao = _inscricao_do_ato(pk)
    if not inscricao.opcoes.filter(grupo=PCD).exists():
        messages.error(request, f"A inscrição {inscricao.numero} não optou pelas vagas de PcD.")
        return redirect("admin:concursos_inscricao_change", inscricao.pk)
    form = AvaliacaoPcdForm(request.POST if request.method == "POST" else None)
    return _registrar_ato(
        request,
        inscricao,
        form,
        origem=AtoDeVerificacao.AVALIACAO_PCD,
        titulo="Registrar avaliação PcD",
        explicacao="A avaliação da deficiência declarada é feita pela equipe multiprofissional (Decreto "
        "9.508/2018, art. 5º); aqui o RH registra o que ela decidiu, com a equipe, o parecer e a data.",
        registrar=lambda dados: verificacoes.registrar_avaliacao_pcd(inscricao, por=request.user, **dados),
    )


@staff_member_required
@permission_required([verificacoes.PERMISSAO, "concursos.ver_dados_sensiveis"], raise_exception=True)
def registrar_decisao_judicial(request, pk: int):
    """A decisão judicial sobre a verificação de um grupo, com o processo e o que ela determina."""
    inscricao = _inscricao_do_ato(pk)
    grupos = list(inscricao.opcoes.order_by("grupo").values_list("grupo", flat=True))
    if not grupos:
        messages.error(request, f"A inscrição {inscricao.numero} não optou por nenhum grupo reservado.")
        return redirect("admin:concursos_inscricao_change", inscricao.pk)
    form = DecisaoJudicialForm(grupos, request.POST if request.method == "POST" else None)
    return _registrar_ato(
        request,
        inscricao,
        form,
        origem=AtoDeVerificacao.JUDICIAL,
        titulo="Registrar decisão judicial",
        explicacao="Uma decisão judicial sobre a verificação (inclusive a de negros) é cumprida, não "
        "decidida, pelo RH: registre o processo, o documento da decisão e o que ela determina.",
        registrar=lambda dados: verificacoes.registrar_decisao_judicial(
            inscricao, dados.pop("grupo"), dados.pop("situacao"), por=request.user, **dados
        ),
    )


def _inscricao_do_ato(pk: int) -> Inscricao:
    return get_object_or_404(Inscricao.objects.select_related("edital", "cargo__edital", "candidato"), pk=pk)


def _registrar_ato(request, inscricao: Inscricao, form, *, origem: str, titulo: str, explicacao: str, registrar):
    """Antes da publicação do cargo, registra direto; depois, mostra antes o efeito (sem gravar) e
    só o envio com ``confirmar`` registra o ato e o evento de revisão."""
    cargo = inscricao.cargo
    if "corrigir" not in request.POST and form.is_valid():
        dados = dict(form.cleaned_data)
        try:
            if cargo.publicado and "confirmar" not in request.POST:
                return _confirmar_ato(request, inscricao, form, origem, titulo, dados)
            feita = registrar(dados)
        except (cotas.ErroDeCotas, ValidationError, PermissionDenied) as erro:
            form.add_error(None, mensagem_de(erro))
        else:
            messages.success(request, _resumo_do_ato(feita))
            if feita.evento is not None:  # cargo publicado: a página do evento mostra quem foi convocado
                return redirect("concursos:evento", feita.evento.evento.pk)
            return redirect("admin:concursos_inscricao_change", inscricao.pk)
    else:
        registrar_acesso(request, o_que="inscricao", objeto=descrever(inscricao, _rotulo_da_inscricao(inscricao)))
    contexto = contexto_admin(
        request,
        f"{titulo} — inscrição {inscricao.numero}",
        titulo_curto=titulo,
        inscricao=inscricao,
        form=form,
        explicacao=explicacao,
        publicado=cargo.publicado,
        opcoes=[
            {"rotulo": rotulo_do_grupo(o.grupo), "situacao": o.get_situacao_display()} for o in inscricao.opcoes.all()
        ],
    )
    return render(request, "concursos/registrar_ato_de_verificacao.html", contexto)


def _confirmar_ato(request, inscricao: Inscricao, form, origem: str, titulo: str, dados: dict):
    grupo = dados.pop("grupo", PCD)
    situacao = dados.pop("situacao")
    previsto = verificacoes.prever_verificacao(inscricao, grupo, situacao, origem=origem, **dados)
    contexto = contexto_admin(
        request,
        f"Confirmar: {titulo} — inscrição {inscricao.numero}",
        titulo_curto=titulo,
        inscricao=inscricao,
        form=form,
    )
    if previsto is None:
        contexto["sem_efeito"] = "a verificação vigente já é essa, ou o candidato já saiu do concurso"
    else:
        contexto.update(resumo_da_previsao(inscricao.cargo, *previsto))
    return render(request, "concursos/confirmar_ato_de_verificacao.html", contexto)


def _resumo_do_ato(feita) -> str:
    texto = f"Ato de verificação registrado: {feita.ato}."
    if feita.evento is not None:
        return f"{texto} Evento de revisão registrado. Versão {feita.evento.resultado.versao} do resultado gerada."
    return f"{texto} Sem efeito no resultado: {feita.ato.sem_efeito}." if feita.ato.sem_efeito else texto


def _rotulo_da_inscricao(inscricao: Inscricao) -> str:
    return f"nº {inscricao.numero}, edital {inscricao.edital}"


def verificar_documento(request):
    """Página pública (sem login): confere o código de verificação impresso no rodapé do Anexo I."""
    digitado = request.GET.get("codigo", "")
    conferencia = conferir(digitado) if digitado.strip() else None
    return render(
        request, "concursos/verificar_documento.html", {"digitado": digitado[:80], "conferencia": conferencia}
    )
