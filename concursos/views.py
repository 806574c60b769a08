"""Telas do RH fora dos cadastros do admin (com a aparência do admin): eventos do cargo, reversão,
gerar e publicar resultado, PDFs e o simulador de cotas.

As views são cola: validam o formulário, chamam ``services`` e mostram a resposta. As funções de
apresentação (``contexto_*``) só traduzem a saída do motor para as tabelas: número de inscrição
→ nome de uso e CPF mascarado, grupo → rótulo, posição → "3ª". Nenhuma regra mora aqui.
"""

from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.views.decorators.http import require_POST

import cotas
from comum.cpf import mascarar_cpf
from comum.mensagens import mensagem_de

from . import services
from .acesso import descrever, registrar_acesso
from .adapters import listas_em_ordem
from .forms import EventoForm, ReversaoForm, SimuladorCenarioForm, SimuladorQuadroForm, rotulo_do_grupo
from .models import Cargo, Edital, Evento, Inscricao, Resultado
from .pdf import quadro_de_vagas
from .pdf import resultado as pdf_do_resultado
from .resources import exportar_lista

TIPOS_DE_EVENTO = {tipo: rotulo for tipo, rotulo in Evento.TIPOS if tipo != "reversao"}
LIMITE_DE_LINHAS_NO_SIMULADOR = 1000
LIMITE_DE_LINHAS_NA_FICHA = 500  # por lista, na ficha de um resultado gravado
LIMITE_DE_NUMEROS_NA_CONSULTA = 2000  # acima disso, ``pessoas_do_cargo`` lê o cargo todo
EXPLICACOES = {
    "vagas_adicionais": "Vagas que surgiram na validade do concurso (Art. 1º, §3º). Os novos vencedores são "
    "convocados pela alternância e proporcionalidade (Art. 4º).",
    "desistencia": "O candidato sai de todas as listas; a vaga continua contada e vai a quem a recomputação "
    "indicar — numa vaga reservada, o próximo candidato do mesmo grupo (Art. 3º, §2º).",
    "nao_posse": "Nomeado que não tomou posse no prazo legal: mesmo efeito da desistência.",
    "final_de_lista": "O candidato renuncia a esta convocação: sai das listas reservadas e vai para o final da "
    "lista geral, onde pode ser convocado de novo mais tarde, na ampla concorrência.",
    "anulacao": "Declaração falsa apurada em processo administrativo com contraditório e ampla defesa "
    "(Art. 2º, §1º): o candidato é eliminado e a nomeação, anulada.",
}


# ---------------------------------------------------------------- apresentação


def ordinais(posicoes) -> str:
    return ", ".join(f"{p}ª" for p in posicoes)


def descrever_quadro(vagas, ampla, reservadas, cadastro=(), posicoes=None, aplicaveis=None) -> dict:
    """Uma linha do quadro de vagas: ampla, reservadas por grupo e posições das chamadas reservadas."""
    posicoes = dict(posicoes or {})
    grupos = [
        {
            "rotulo": rotulo_do_grupo(grupo),
            "reservadas": quantidade,
            "cadastro_de_reserva": grupo in cadastro,
            "nao_se_aplica": aplicaveis is not None and grupo not in aplicaveis,
            "posicoes": ordinais(posicoes.get(grupo, ())),
        }
        for grupo, quantidade in dict(reservadas).items()
    ]
    return {"vagas": vagas, "ampla": ampla, "grupos": grupos}


def contexto_do_quadro(quadro: cotas.Quadro, aplicaveis=None) -> dict:
    return descrever_quadro(
        quadro.vagas,
        quadro.ampla,
        quadro.reservadas,
        quadro.cadastro_de_reserva,
        quadro.posicoes_reservadas,
        aplicaveis,
    )


def quadro_avulso(linha: dict) -> dict:
    """Quadro de uma linha só (simulador, resultado), no mesmo formato do quadro do edital."""
    return {"grupos": [g["rotulo"] for g in linha["grupos"]], "linhas": [linha]}


def quadro_do_edital(edital: Edital) -> dict:
    """O quadro de vagas ao vivo, cargo a cargo, pelos parâmetros congelados do edital."""
    regime = edital.regime_congelado()
    aplicaveis = cotas.grupos_aplicaveis(regime, edital.edital_do_motor())
    linhas = []
    for cargo in edital.cargos.order_by("codigo"):
        try:
            linhas.append({"cargo": cargo, **contexto_do_quadro(services.quadro_do_cargo(cargo), aplicaveis)})
        except cotas.ErroDeCotas as erro:
            linhas.append({"cargo": cargo, "erro": str(erro)})
    return {"grupos": [rotulo_do_grupo(g.grupo) for g in regime.grupos], "linhas": linhas}


def pessoas_do_cargo(cargo, numeros=None) -> dict[str, dict]:
    """Inscrição → nome de uso, CPF mascarado e nota, do banco (nunca o CPF inteiro nem a data de nascimento).

    Uma consulta só, de tuplas (um cargo pode ter dezenas de milhares de inscrições). Com ``numeros``,
    só essas inscrições: quem o evento convoca, quem está pendente (se forem muitas, o cargo todo)."""
    linhas = Inscricao.objects.filter(cargo=cargo)
    if numeros is not None and len(numeros := set(numeros)) <= LIMITE_DE_NUMEROS_NA_CONSULTA:
        linhas = linhas.filter(numero__in=numeros)
    colunas = ("numero", "candidato__nome", "candidato__nome_social", "candidato__cpf", "nota")
    return {
        numero: {"nome": social or nome, "cpf": mascarar_cpf(cpf), "nota": nota}
        for numero, nome, social, cpf, nota in linhas.values_list(*colunas)
    }


def descrever_evento(numero: int, eventos) -> str:
    if numero == 0:
        return "Resultado inicial"
    if not 0 < numero <= len(eventos):
        return f"Evento {numero}"
    tipo, inscricao, quantidade = eventos[numero - 1]
    alvo = f"inscrição {inscricao}" if inscricao else f"{quantidade} vaga(s)"
    return f"Evento {numero}: {TIPOS_DE_EVENTO.get(tipo, tipo).lower()} ({alvo})"


def contexto_do_resultado(saida: dict, eventos=(), pessoas=None, limite=None) -> dict:
    """As tabelas de um resultado ``cotas-resultado/1``: quadro, listas, ordem, chamadas, alertas."""
    pessoas = pessoas or {}

    def pessoa(numero, **extra):
        return {"inscricao": numero, **pessoas.get(numero, {}), **extra}

    def lista(numeros):
        linhas = [pessoa(n, posicao=i) for i, n in enumerate(numeros[:limite], start=1)]
        return {"linhas": linhas, "omitidas": len(numeros) - len(linhas)}

    listas = [{"titulo": _titulo_da_lista(nome), **lista(numeros)} for nome, numeros in listas_em_ordem(saida)]
    quadro = saida["quadro"]
    linha_do_quadro = descrever_quadro(
        quadro["vagas"],
        quadro["ampla"],
        quadro["reservadas"],
        saida.get("cadastro_de_reserva", ()),
        saida.get("posicoes_reservadas"),
    )
    return {
        "quadro": quadro_avulso(linha_do_quadro),
        "vagas_totais": saida.get("vagas_totais", quadro["vagas"]),
        "listas": listas,
        "ordem": [
            pessoa(p["inscricao"], posicao=p["posicao"], tipo=rotulo_do_grupo(p["tipo"]), vaga=_vaga(p["vaga"]))
            for p in saida.get("ordem_vigente", [])[:limite]
        ],
        "ordem_omitidas": max(0, len(saida.get("ordem_vigente", [])) - (limite or 0)) if limite else 0,
        "chamadas_omitidas": max(0, len(saida["convocacoes"]) - limite) if limite else 0,
        "nomeados_omitidos": max(0, len(saida["nomeados"]) - limite) if limite else 0,
        "chamadas": [
            pessoa(c["inscricao"], **c, evento_descrito=descrever_evento(c["evento"], eventos), rotulo=_vaga(c["vaga"]))
            for c in saida["convocacoes"][:limite]
        ],
        "reclassificacoes": [_reclassificacao(r, pessoa, eventos) for r in saida.get("reclassificacoes", [])],
        "saidas": [
            pessoa(s["inscricao"], evento=descrever_evento(s["evento"], eventos), tipo=TIPOS_DE_EVENTO.get(s["tipo"]))
            for s in saida.get("saidas", [])
        ],
        "nomeados": [pessoa(n, vaga=_vaga(v)) for n, v in saida["nomeados"][:limite]],
        "pendencias": [pessoa(n) for n in saida["pendencias"]],
        "empates": [[pessoa(n) for n in grupo] for grupo in saida["empates"]],
        "eliminados": [pessoa(n) for n in saida["eliminados"]],
        "avisos": saida.get("avisos", []),
        "inconsistencias": saida.get("inconsistencias", []),
        "provisorio": saida["provisorio"],
    }


def _titulo_da_lista(nome: str) -> str:
    return "Lista geral (ampla concorrência)" if nome == "geral" else f"Lista reservada: {rotulo_do_grupo(nome)}"


def _vaga(vaga: str | None) -> str:
    return "—" if not vaga else rotulo_do_grupo(vaga)


def _reclassificacao(r: dict, pessoa, eventos) -> dict:
    return pessoa(
        r["inscricao"],
        evento=descrever_evento(r["evento"], eventos),
        de=_vaga(r["de"]),
        para=_vaga(r["para"]),
        motivo=r["motivo"],
    )


def eventos_do_cenario(cenario: dict) -> list[tuple]:
    return [(e.get("tipo"), e.get("inscricao"), e.get("quantidade")) for e in cenario.get("eventos", [])]


def contexto_do_resultado_gravado(resultado: Resultado) -> dict:
    """A ficha do resultado mostra até ``LIMITE_DE_LINHAS_NA_FICHA`` linhas de cada lista: num cargo de
    dezenas de milhares de inscritos a página inteira teria megabytes. A lista completa está no PDF e
    na planilha."""
    saida, limite = resultado.saida, LIMITE_DE_LINHAS_NA_FICHA
    pessoas = pessoas_do_cargo(resultado.cargo, _numeros_mostrados(saida, resultado.diferencas, limite))
    contexto = contexto_do_resultado(saida, eventos_do_cenario(resultado.cenario), pessoas, limite)
    contexto["diferencas"] = [{**pessoas.get(d["inscricao"], {}), **d} for d in resultado.diferencas]
    return contexto


def _numeros_mostrados(saida: dict, diferencas: list[dict], limite: int) -> set[str]:
    numeros = {n for _, lista in listas_em_ordem(saida) for n in lista[:limite]}
    numeros.update(p["inscricao"] for p in saida.get("ordem_vigente", [])[:limite] if p.get("inscricao"))
    numeros.update(c["inscricao"] for c in saida["convocacoes"][:limite])
    numeros.update(n for n, _ in saida["nomeados"][:limite])
    numeros.update(r["inscricao"] for r in (*saida.get("reclassificacoes", []), *saida.get("saidas", [])))
    numeros.update(saida["pendencias"], saida["eliminados"], (n for grupo in saida["empates"] for n in grupo))
    numeros.update(d["inscricao"] for d in diferencas)
    return numeros


def contexto_da_simulacao(cenario: cotas.Cenario, saida: dict) -> dict:
    eventos = [(e.tipo, e.inscricao, e.quantidade) for e in cenario.eventos]
    pessoas = {c.inscricao: {"nota": c.nota} for c in cenario.candidatos}
    return {
        "descricao": cenario.descricao,
        **contexto_do_resultado(saida, eventos, pessoas, LIMITE_DE_LINHAS_NO_SIMULADOR),
    }


def informar_resultado(request, resultado: Resultado) -> None:
    """Mensagem ao RH sobre a versão gerada; se provisória, quem está pendente e quem está empatado."""
    link = reverse("admin:concursos_resultado_change", args=[resultado.pk])
    cabecalho = format_html('<a href="{}">{} — versão {}</a>', link, resultado.cargo, resultado.versao)
    if not resultado.provisorio:
        messages.success(request, format_html("{}: resultado final gerado (ainda não publicado).", cabecalho))
        return
    numeros = [*resultado.saida["pendencias"], *(n for grupo in resultado.saida["empates"] for n in grupo)]
    pessoas = pessoas_do_cargo(resultado.cargo, numeros)
    pendentes = ", ".join(_quem(n, pessoas) for n in resultado.saida["pendencias"]) or "nenhuma"
    empates = "; ".join(" e ".join(_quem(n, pessoas) for n in g) for g in resultado.saida["empates"]) or "nenhum"
    messages.warning(
        request,
        format_html(
            "{}: PRÉVIA (provisória), não pode ser publicada. Verificações pendentes: {}. Empates sem sorteio: {}.",
            cabecalho,
            pendentes,
            empates,
        ),
    )


def _quem(numero: str, pessoas: dict) -> str:
    nome = pessoas.get(numero, {}).get("nome")
    return f"{numero} ({nome})" if nome else numero


def gerar_e_informar(request, edital: Edital) -> None:
    inscricoes = Inscricao.objects.filter(edital=edital).count()
    if inscricoes > settings.LIMITE_DE_INSCRICOES_NA_TELA:
        # Um edital grande prenderia a requisição por minutos: vai para os trabalhadores.
        from .processamentos import PedidoRecusado, pedir_resultados

        try:
            pedido = pedir_resultados(edital, solicitado_por=request.user, motivo="Gerado pelo RH")
        except PedidoRecusado as recusa:
            messages.error(request, f"Edital {edital}: {mensagem_de(recusa)}")
            return
        ficha = reverse("admin:concursos_processamento_change", args=[pedido.pk])
        messages.info(
            request,
            format_html(
                "Edital {} ({} inscrições): os resultados serão gerados em segundo plano, cargo a cargo. "
                '<a href="{}">Acompanhe o pedido nº {}</a>.',
                edital,
                inscricoes,
                ficha,
                pedido.pk,
            ),
        )
        return
    try:
        resultados = services.gerar_resultados_do_edital(edital, gerado_por=request.user, motivo="Gerado pelo RH")
    except (cotas.ErroDeCotas, ValidationError) as erro:
        messages.error(request, f"Edital {edital}: nada foi gerado. {mensagem_de(erro)}")
        return
    if not resultados:
        messages.warning(request, f"Edital {edital}: não há cargos cadastrados.")
    for resultado in resultados:
        informar_resultado(request, resultado)


def publicar_e_informar(request, resultado: Resultado) -> None:
    try:
        services.publicar_resultado(resultado, publicado_por=request.user)
    except ValidationError as erro:
        messages.error(request, f"{resultado}: não publicado. {mensagem_de(erro)}")
    else:
        messages.success(request, f"{resultado.cargo} — versão {resultado.versao}: resultado publicado.")


def contexto_admin(request, titulo: str, **extra) -> dict:
    """Contexto do admin (cabeçalho, barra lateral) para as telas fora dos cadastros."""
    return {**admin.site.each_context(request), "title": titulo, **extra}


# ---------------------------------------------------------------- views


@staff_member_required
@permission_required("concursos.registrar_evento", raise_exception=True)
def registrar_evento(request, pk: int, tipo: str):
    cargo = get_object_or_404(Cargo.objects.select_related("edital"), pk=pk)
    if tipo not in TIPOS_DE_EVENTO:
        raise Http404("Tipo de evento desconhecido.")
    form = EventoForm(cargo, tipo, request.POST if request.method == "POST" else None)
    if form.is_valid():
        try:
            registrado = services.registrar_evento(cargo, tipo=tipo, registrado_por=request.user, **form.cleaned_data)
        except (cotas.ErroDeCotas, ValidationError) as erro:
            form.add_error(None, mensagem_de(erro))
        else:
            versao = registrado.resultado.versao
            messages.success(request, f"Evento registrado: {registrado.evento}. Versão {versao} do resultado gerada.")
            return redirect("concursos:evento", registrado.evento.pk)
    titulo = f"Registrar {TIPOS_DE_EVENTO[tipo].lower()} — {cargo.nome}"
    contexto = contexto_admin(request, titulo, cargo=cargo, form=form, explicacao=EXPLICACOES[tipo])
    return render(request, "concursos/registrar_evento.html", contexto)


@staff_member_required
def evento(request, pk: int):
    if not request.user.has_perm("concursos.view_evento") and not request.user.has_perm("concursos.registrar_evento"):
        raise PermissionDenied
    evento = get_object_or_404(Evento.objects.select_related("cargo__edital", "registrado_por", "reverte"), pk=pk)
    resultado = Resultado.objects.filter(evento=evento).first()
    pode_reverter = evento.tipo != "reversao" and not Evento.objects.filter(reverte=evento).exists()
    titulo = f"Reversão de {evento.reverte}" if evento.reverte_id else str(evento)
    contexto = contexto_admin(request, titulo, evento=evento, resultado=resultado, pode_reverter=pode_reverter)
    if resultado is not None:
        contexto.update(efeito_do_evento(services.EventoRegistrado(evento, resultado)))
        registrar_acesso(request, o_que="evento", objeto=descrever(evento, _rotulo_do_cargo(evento.cargo)))
    return render(request, "concursos/evento.html", contexto)


def _rotulo_do_cargo(cargo: Cargo) -> str:
    return f"cargo {cargo.codigo}, edital {cargo.edital}"


def efeito_do_evento(registrado: services.EventoRegistrado) -> dict:
    """Quem o evento convoca e reclassifica, e o que mudou para quem, com os nomes do banco."""
    mudancas = (*registrado.convocados_agora, *registrado.reclassificados_agora, *registrado.resultado.diferencas)
    pessoas = pessoas_do_cargo(registrado.evento.cargo, (m["inscricao"] for m in mudancas))
    return {
        "convocados": [
            {**pessoas.get(c["inscricao"], {}), **c, "rotulo": _vaga(c["vaga"])} for c in registrado.convocados_agora
        ],
        "reclassificados": [
            {**pessoas.get(r["inscricao"], {}), **r, "de": _vaga(r["de"]), "para": _vaga(r["para"])}
            for r in registrado.reclassificados_agora
        ],
        "diferencas": [{**pessoas.get(d["inscricao"], {}), **d} for d in registrado.resultado.diferencas],
    }


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
@permission_required("concursos.gerar_resultado", raise_exception=True)
@require_POST
def gerar_resultado(request, pk: int):
    edital = get_object_or_404(Edital, pk=pk)
    gerar_e_informar(request, edital)
    return redirect("admin:concursos_edital_change", edital.pk)


@staff_member_required
@permission_required("concursos.publicar_resultado", raise_exception=True)
@require_POST
def publicar_resultado(request, pk: int):
    resultado = get_object_or_404(Resultado.objects.select_related("cargo"), pk=pk)
    publicar_e_informar(request, resultado)
    return redirect("admin:concursos_resultado_change", resultado.pk)


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
