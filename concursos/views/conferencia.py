"""A única tela pública, sem login: a conferência do código de verificação impresso no rodapé do
Anexo I (quadro de vagas), com um limite de consultas por endereço (``comum/limites.py``)."""

from django.conf import settings
from django.shortcuts import render

from comum.limites import JANELA_EM_SEGUNDOS, passou_do_limite

from ..consultas.conferencia import conferir


def verificar_documento(request):
    """Página pública (sem login): confere o código de verificação impresso no rodapé do Anexo I."""
    digitado = request.GET.get("codigo", "")
    contexto = {"digitado": digitado[:80], "conferencia": None, "por_minuto": settings.VERIFICACAO_POR_MINUTO}
    if digitado.strip() and passou_do_limite("verificacao", request, por_minuto=settings.VERIFICACAO_POR_MINUTO):
        resposta = render(request, "concursos/verificar_documento.html", {**contexto, "limitado": True}, status=429)
        resposta["Retry-After"] = str(JANELA_EM_SEGUNDOS)
        return resposta
    contexto["conferencia"] = conferir(digitado) if digitado.strip() else None
    return render(request, "concursos/verificar_documento.html", contexto)
