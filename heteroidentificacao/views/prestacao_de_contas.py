"""O relatório de prestação de contas do edital: tela, PDF e planilha (docs/PRESTACAO-DE-CONTAS.md).

Quem entra: o RH e o auditor (``concursos.view_resultado`` e ``heteroidentificacao.view_comissao``).
Não pede ``ver_dados_sensiveis``: o relatório só tem contagens, nunca uma pessoa, e o auditor, que
não vê cor/raça de ninguém, precisa conferi-lo (menor privilégio; docs/PAPEIS.md).

``?versao=publica`` dá a versão para publicar (1 a 4 pessoas: "< 5"; a supressão complementar: "X");
``?versao=interna``, as contagens exatas. A tela abre na interna; o PDF e a planilha, que saem do sistema, na pública.
"""

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import permission_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from comum.pdf import renderizar
from concursos.apresentacao import contexto_admin
from concursos.models import Edital
from concursos.tipos_de_ato import PRESTACAO_DE_CONTAS, tipo_de_ato

from ..prestacao_de_contas import graficos, planilha, prestacao_de_contas, tabelas
from ..services.prestacao_de_contas import contexto_do_pdf, publicar_prestacao_de_contas

PERMISSOES = ("concursos.view_resultado", "heteroidentificacao.view_comissao")
PUBLICA, INTERNA = "publica", "interna"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _publica(request, padrao: str) -> bool:
    return request.GET.get("versao", padrao) != INTERNA


def titulo(edital: Edital, publica: bool) -> str:
    versao = "versão pública" if publica else "versão interna, com as contagens exatas"
    return f"Relatório de prestação de contas — {edital.identificacao} ({versao})"


@staff_member_required
@permission_required(PERMISSOES, raise_exception=True)
def prestacao_de_contas_tela(request, pk: int):
    edital = get_object_or_404(Edital, pk=pk)
    publica = _publica(request, INTERNA)
    prestacao = prestacao_de_contas(edital)
    # O SVG é nosso (matplotlib escapa o texto dos rótulos): vai embutido, sem script nem busca.
    contexto = contexto_admin(
        request,
        titulo(edital, publica),
        edital=edital,
        publica=publica,
        tabelas=tabelas(prestacao, publica),
        graficos=[mark_safe(svg) for svg in graficos(prestacao, publica)],
        pode_publicar=publica and request.user.has_perm(tipo_de_ato(PRESTACAO_DE_CONTAS).permissao),
        publicada=edital.atos_publicados.filter(tipo=PRESTACAO_DE_CONTAS).defer("conteudo", "editavel").first(),
    )
    return render(request, "heteroidentificacao/prestacao_de_contas.html", contexto)


@staff_member_required
@permission_required((*PERMISSOES, tipo_de_ato(PRESTACAO_DE_CONTAS).permissao), raise_exception=True)
@require_POST
def publicar_versao_publica(request, pk: int):
    """Publica a versão pública que a tela acabou de mostrar: um ato do registro, no portal."""
    ato = publicar_prestacao_de_contas(get_object_or_404(Edital, pk=pk), por=request.user)
    messages.success(request, f"{ato.titulo}: registro nº {ato.numero_no_ano}, código de verificação {ato.codigo}.")
    return redirect(reverse("heteroidentificacao:prestacao_de_contas", args=[pk]) + "?versao=publica")


@staff_member_required
@permission_required(PERMISSOES, raise_exception=True)
def prestacao_de_contas_pdf(request, pk: int):
    edital = get_object_or_404(Edital, pk=pk)
    publica = _publica(request, PUBLICA)
    conteudo = renderizar("heteroidentificacao/pdf/prestacao_de_contas.html", contexto_do_pdf(edital, publica))
    return _arquivo(conteudo, "application/pdf", edital, publica, "pdf")


@staff_member_required
@permission_required(PERMISSOES, raise_exception=True)
def prestacao_de_contas_xlsx(request, pk: int):
    edital = get_object_or_404(Edital, pk=pk)
    publica = _publica(request, PUBLICA)
    conteudo = planilha(prestacao_de_contas(edital), publica, titulo(edital, publica))
    return _arquivo(conteudo, XLSX, edital, publica, "xlsx")


def _arquivo(conteudo: bytes, tipo: str, edital: Edital, publica: bool, extensao: str) -> HttpResponse:
    resposta = HttpResponse(conteudo, content_type=tipo)
    versao = "publica" if publica else "interna"
    nome = f"prestacao-de-contas-edital-{edital.numero}-{edital.ano}-{versao}.{extensao}"
    resposta["Content-Disposition"] = f'attachment; filename="{nome}"'
    return resposta
