"""A sessão na escala de um concurso de verdade (issue 29): centenas de candidatos numa sessão.

- a tela da sessão paginada, com filtro (pendentes / concluídos, os do próprio usuário) e busca
  por número ou nome, e o andamento de cada membro ("42 de 300 pareceres registrados");
- chamar os candidatos pela regra da comissão da própria sessão, vendo antes quantos serão chamados;
- a presença em lote: o presidente marca só os ausentes (pela inscrição ou pelo nome), vê quantos
  ficam presentes e ausentes e confirma de uma vez.

A seleção dos ausentes fica na sessão do navegador (``request.session``) até a confirmação: cada
ausente é um envio só, e a página não recarrega a lista de centenas de candidatos.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode

import cotas
from comum.mensagens import mensagem_de
from concursos.models import Inscricao

from .. import consultas, services
from ..models import Comissao, Sessao
from ..services.presenca import sem_presenca
from .acesso import exigir_presidente, sessao_do_membro

POR_PAGINA = 25


def contar(n: int, singular: str, plural: str) -> str:
    return f"{n} {singular if n == 1 else plural}"


# ---------------------------------------------------------------- a tela paginada


def pagina_da_sessao(request, sessao: Sessao, membro, compoe: bool) -> dict:
    """A página de candidatos pedida (``filtro``, ``q``, ``pagina``), os contadores das abas, o
    andamento do próprio usuário e quantos estão sem presença. Consultas fixas: não crescem com o
    número de candidatos."""
    filtro = request.GET.get("filtro", consultas.TODOS)
    if filtro not in consultas.FILTROS:
        filtro = consultas.TODOS
    busca = " ".join(request.GET.get("q", "").split())[: consultas.MAXIMO_DA_BUSCA]
    vistos = consultas.chamados_do_membro(sessao, membro, compoe)
    chamados = consultas.chamados_da_tela(sessao, vistos, request.user, filtro, busca)
    pagina = Paginator(chamados, POR_PAGINA).get_page(request.GET.get("pagina"))
    aberta = sessao.status == Sessao.ABERTA
    abas = []
    if aberta:
        for chave, rotulo in consultas.FILTROS.items():
            quantos = pagina.paginator.count if chave == filtro else None
            abas.append(
                {
                    "chave": chave,
                    "rotulo": rotulo,
                    "atual": chave == filtro,
                    "quantos": quantos,
                    "url": "?" + urlencode({"filtro": chave, **({"q": busca} if busca else {})}),
                }
            )
    progresso, sem_presenca = None, 0
    if aberta:
        numeros = consultas.andamento(sessao, vistos, request.user)
        meus, a_julgar, sem_presenca = numeros["meus"], numeros["a_julgar"], numeros["sem_presenca"]
        if a_julgar:
            progresso = {
                "meus": meus,
                "a_julgar": a_julgar,
                "texto": f"{meus} de {contar(a_julgar, 'parecer registrado', 'pareceres registrados')}",
            }
    base = {"filtro": filtro, **({"q": busca} if busca else {})}
    return {
        "pagina": pagina.object_list,
        "numero": pagina.number,
        "paginas": pagina.paginator.num_pages,
        "total": pagina.paginator.count,
        "anterior": "?" + urlencode({**base, "pagina": pagina.previous_page_number()}) if pagina.has_previous() else "",
        "seguinte": "?" + urlencode({**base, "pagina": pagina.next_page_number()}) if pagina.has_next() else "",
        "filtro": filtro,
        "busca": busca,
        "abas": abas,
        "progresso": progresso,
        "sem_presenca": sem_presenca,
    }


# ---------------------------------------------------------------- chamar pela regra


@login_required
def chamar_candidatos(request, pk):
    """Antes, quantos (e quais) a regra da comissão chama agora; depois da confirmação, chama
    (``services.chamar_candidatos``, o mesmo da ação "Chamar candidatos pela regra" do admin). Se
    a lista mudou entre a prévia e a confirmação, nada é chamado e a prévia volta com a lista nova."""
    sessao, membro = sessao_do_membro(request, pk)
    exigir_presidente(membro, "chamar candidatos")
    voltar = redirect("heteroidentificacao:sessao", pk=sessao.pk)
    if sessao.comissao.tipo == Comissao.RECURSAL or sessao.status == Sessao.ENCERRADA:
        messages.error(request, "Esta sessão não recebe candidatos pela regra (comissão recursal ou sessão encerrada).")
        return voltar
    try:
        a_chamar = consultas.candidatos_a_chamar(sessao.comissao)
    except cotas.ErroDeCotas as erro:
        messages.error(request, f"Não foi possível montar a lista do grupo: {erro}")
        return voltar
    if request.method == "POST":
        if request.POST.get("quantos") != str(len(a_chamar)):
            messages.warning(
                request, f"A lista mudou desde a prévia: agora são {len(a_chamar)}. Confira e confirme de novo."
            )
            return redirect("heteroidentificacao:chamar_candidatos", pk=sessao.pk)
        try:
            chamados = services.chamar_candidatos(sessao, por=request.user)
        except ValidationError as erro:
            messages.error(request, mensagem_de(erro))
        else:
            messages.success(request, f"{contar(len(chamados), 'candidato chamado', 'candidatos chamados')} à sessão.")
        return voltar
    contexto = {
        "sessao": sessao,
        "quantos": len(a_chamar),
        "rotulo": contar(len(a_chamar), "candidato", "candidatos"),
        "a_chamar": [{"numero": i.numero, "nome": i.candidato.nome_de_uso} for i in _com_candidato(a_chamar)],
        "limite": sessao.comissao.limite_de_chamados,
        "grupo": sessao.comissao.grupo,
    }
    return render(request, "heteroidentificacao/chamar_candidatos.html", contexto)


def _com_candidato(inscricoes):
    """Os nomes numa consulta só (a regra devolve as inscrições sem o candidato)."""
    nomes = Inscricao.objects.filter(pk__in=[i.pk for i in inscricoes]).select_related("candidato").in_bulk()
    return [nomes[i.pk] for i in inscricoes]


# ---------------------------------------------------------------- presença em lote

CHAVE_DOS_AUSENTES = "ausentes-da-sessao-{pk}"


@login_required
def presenca_em_lote(request, pk):
    """O presidente marca os ausentes (pela inscrição ou pelo nome) e confirma: os outros candidatos
    sem presença registrada ficam presentes. Um envio por ausente, um para confirmar."""
    sessao, membro = sessao_do_membro(request, pk)
    exigir_presidente(membro, "registrar a presença em lote")
    chave = CHAVE_DOS_AUSENTES.format(pk=sessao.pk)
    pendentes = sem_presenca(sessao).select_related("inscricao__candidato").order_by("inscricao__numero")
    if sessao.status != Sessao.ABERTA or sessao.comissao.tipo == Comissao.RECURSAL:
        messages.error(request, "A presença em lote é registrada com a sessão ordinária aberta.")
        return redirect("heteroidentificacao:sessao", pk=sessao.pk)
    marcados = set(request.session.get(chave, []))
    encontrados = []
    if request.method == "POST":
        acao = request.POST.get("acao")
        if acao == "confirmar":
            return _confirmar(request, sessao, chave, marcados)
        if acao == "retirar":
            marcados.discard(_inteiro(request.POST.get("chamado")))
        elif acao == "marcar" and request.POST.get("chamado"):
            escolhido = pendentes.filter(pk=_inteiro(request.POST.get("chamado"))).first()
            if escolhido is not None:
                marcados.add(escolhido.pk)
        elif acao == "marcar":
            encontrados = _marcar_pela_busca(request, pendentes, marcados)
        request.session[chave] = sorted(marcados)
        if not encontrados:
            return redirect("heteroidentificacao:presenca_em_lote", pk=sessao.pk)
    lista = list(pendentes)
    ausentes = [c for c in lista if c.pk in marcados]
    contexto = {
        "sessao": sessao,
        "pendentes": [_linha(c) for c in lista],
        "ausentes": [_linha(c) for c in ausentes],
        "encontrados": [_linha(c) for c in encontrados],
        "n_presentes": len(lista) - len(ausentes),
        "n_ausentes": len(ausentes),
        "rotulo_presentes": contar(len(lista) - len(ausentes), "presente", "presentes"),
        "rotulo_ausentes": contar(len(ausentes), "ausente", "ausentes"),
        "busca": request.POST.get("busca", "") if encontrados else "",
    }
    return render(request, "heteroidentificacao/presenca_em_lote.html", contexto)


def _inteiro(valor) -> int | None:
    try:
        return int(valor)
    except (TypeError, ValueError):
        return None


def _linha(chamado) -> dict:
    return {"pk": chamado.pk, "numero": chamado.inscricao.numero, "nome": chamado.inscricao.candidato.nome_de_uso}


def _marcar_pela_busca(request, pendentes, marcados: set) -> list:
    """Marca o único candidato sem presença que a busca acha (a opção da lista traz "número — nome":
    vale o número); se a busca acha vários, devolve-os para o presidente escolher; nenhum, avisa."""
    digitado = " ".join(request.POST.get("busca", "").split())
    numero = digitado.split(" — ")[0].strip()
    exato = list(pendentes.filter(inscricao__numero=numero)) if numero else []
    achados = exato or (list(consultas.buscar_chamados(pendentes, digitado)[:21]) if digitado else [])
    if len(achados) == 1:
        marcados.add(achados[0].pk)
        messages.success(request, f"Inscrição {achados[0].inscricao.numero} marcada como ausente.")
        return []
    if not achados:
        messages.error(
            request, f"Nenhum candidato sem presença registrada com a inscrição ou o nome “{digitado[:60]}”."
        )
        return []
    return achados[:20]


def _confirmar(request, sessao, chave: str, marcados: set):
    try:
        presentes, ausentes = services.registrar_presenca_em_lote(sessao, ausentes=marcados, por=request.user)
    except ValidationError as erro:
        messages.error(request, mensagem_de(erro))
        return redirect("heteroidentificacao:presenca_em_lote", pk=sessao.pk)
    request.session.pop(chave, None)
    messages.success(
        request,
        f"Presença registrada em lote: {contar(presentes, 'presente', 'presentes')} e "
        f"{contar(ausentes, 'ausente', 'ausentes')}.",
    )
    return redirect(reverse("heteroidentificacao:sessao", args=[sessao.pk]))
