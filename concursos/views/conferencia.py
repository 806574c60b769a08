"""A única tela pública, sem login: a conferência do código de verificação impresso no rodapé do
Anexo I (quadro de vagas)."""

from django.shortcuts import render

from ..consultas.conferencia import conferir


def verificar_documento(request):
    """Página pública (sem login): confere o código de verificação impresso no rodapé do Anexo I."""
    digitado = request.GET.get("codigo", "")
    conferencia = conferir(digitado) if digitado.strip() else None
    return render(
        request, "concursos/verificar_documento.html", {"digitado": digitado[:80], "conferencia": conferencia}
    )
