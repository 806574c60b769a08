"""As telas públicas, sem login, da verificação: a conferência do código impresso num ato publicado
(o registro dos atos: o original guardado, byte a byte) ou, nos anexos anteriores ao registro, no
rodapé do Anexo I; e a entrega do original. Com um limite de consultas por endereço
(``comum/limites.py``)."""

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_cache_control

from comum.limites import JANELA_EM_SEGUNDOS, passou_do_limite

from ..consultas.conferencia import conferir
from ..services.atos import ato_do_codigo, original_disponivel

MODELO = "concursos/verificar_documento.html"


def verificar_documento(request):
    """Página pública (sem login): confere o código de verificação impresso num documento."""
    digitado = request.GET.get("codigo", "")
    contexto = {"digitado": digitado[:80], "conferencia": None, "por_minuto": settings.VERIFICACAO_POR_MINUTO}
    if digitado.strip() and passou_do_limite("verificacao", request, por_minuto=settings.VERIFICACAO_POR_MINUTO):
        return _limitado(request, contexto)
    if digitado.strip() and (ato := ato_do_codigo(digitado)) is not None:
        contexto["ato"] = ato
        contexto["retificacoes"] = list(ato.retificacoes.order_by("confirmado_em"))
        contexto["publicacoes"] = list(ato.publicacoes_no_diario.all())
        contexto["original_disponivel"] = original_disponivel(ato)
        return render(request, MODELO, contexto)
    contexto["conferencia"] = conferir(digitado) if digitado.strip() else None
    return render(request, MODELO, contexto)


def original_do_ato(request, codigo: str):
    """Pública: o arquivo do ato como foi guardado ao publicar (os mesmos bytes, o mesmo SHA-256),
    enquanto o ato está ao público (``original_disponivel``). Imutável: um proxy pode guardá-lo."""
    if passou_do_limite("verificacao", request, por_minuto=settings.VERIFICACAO_POR_MINUTO):
        return _limitado(request, {"digitado": "", "conferencia": None, "por_minuto": settings.VERIFICACAO_POR_MINUTO})
    ato = ato_do_codigo(codigo)
    if ato is None or not original_disponivel(ato):
        raise Http404("Nenhum original disponível com este código.")
    nome = f"ato-{ato.tipo.replace('_', '-')}-{ato.numero}-{ato.ano}.pdf"
    resposta = HttpResponse(bytes(ato.conteudo), content_type=ato.tipo_do_conteudo)
    resposta["Content-Disposition"] = f'inline; filename="{nome}"'
    resposta["X-Robots-Tag"] = "noindex, nofollow"
    patch_cache_control(resposta, public=True, max_age=3600)
    return resposta


def _limitado(request, contexto):
    resposta = render(request, MODELO, {**contexto, "limitado": True}, status=429)
    resposta["Retry-After"] = str(JANELA_EM_SEGUNDOS)
    return resposta
