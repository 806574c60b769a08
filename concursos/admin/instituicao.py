"""O cabeçalho institucional no admin (``Instituicao``): o RH altera, o auditor vê. Um registro só:
incluído uma vez (ou nunca, e valem os padrões), nunca apagado. O brasão é enviado como arquivo e
guardado no banco, conferido pelo conteúdo (assinatura do PNG, raiz ``<svg`` do SVG), não pelo nome."""

from django import forms
from django.contrib import admin

from comum.admin import ParametrosConferidos

from ..models.instituicao import LIMITE_DO_BRASAO, TIPOS_DO_BRASAO, Instituicao
from .pecas import HistoricoNoAdmin

ASSINATURA_DO_PNG = b"\x89PNG\r\n\x1a\n"


def tipo_do_brasao(conteudo: bytes) -> str:
    """``image/png`` ou ``image/svg+xml`` pelo conteúdo do arquivo; vazio se não for nenhum dos dois."""
    if conteudo.startswith(ASSINATURA_DO_PNG):
        return "image/png"
    inicio = conteudo[:2048].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if (inicio.startswith(b"<svg") or inicio.startswith(b"<?xml")) and b"<svg" in inicio:
        return "image/svg+xml"
    return ""


class InstituicaoForm(forms.ModelForm):
    arquivo_do_brasao = forms.FileField(
        label="brasão",
        required=False,
        help_text=f"PNG ou SVG, até {LIMITE_DO_BRASAO // 1024} KiB. Sai no alto do anexo do quadro de vagas.",
    )
    remover_brasao = forms.BooleanField(label="remover o brasão", required=False)

    class Meta:
        model = Instituicao
        fields = ["orgao", "estado", "secretaria", "local"]

    def clean_arquivo_do_brasao(self):
        arquivo = self.cleaned_data["arquivo_do_brasao"]
        if arquivo is None:
            return None
        if arquivo.size > LIMITE_DO_BRASAO:
            raise forms.ValidationError(f"O brasão passa de {LIMITE_DO_BRASAO // 1024} KiB; envie um arquivo menor.")
        conteudo = arquivo.read()
        tipo = tipo_do_brasao(conteudo)
        if not tipo:
            raise forms.ValidationError("O brasão tem de ser uma imagem PNG ou SVG.")
        return conteudo, tipo

    def save(self, commit=True):
        instituicao = super().save(commit=False)
        if self.cleaned_data.get("remover_brasao"):
            instituicao.brasao, instituicao.brasao_tipo = b"", ""
        elif self.cleaned_data.get("arquivo_do_brasao"):
            instituicao.brasao, instituicao.brasao_tipo = self.cleaned_data["arquivo_do_brasao"]
        if commit:
            instituicao.save()
        return instituicao


class InstituicaoAdmin(ParametrosConferidos, HistoricoNoAdmin):
    form = InstituicaoForm
    list_display = ["orgao", "estado", "secretaria", "local", "brasao_atual"]
    fields = ["orgao", "estado", "secretaria", "local", "brasao_atual", "arquivo_do_brasao", "remover_brasao"]
    readonly_fields = ["brasao_atual"]

    @admin.display(description="brasão atual")
    def brasao_atual(self, instituicao):
        if not instituicao.brasao:
            return "Sem brasão"
        return f"{TIPOS_DO_BRASAO.get(instituicao.brasao_tipo, '?')}, {len(instituicao.brasao) // 1024 or 1} KiB"

    def has_add_permission(self, request):
        return super().has_add_permission(request) and not Instituicao.objects.exists()

    def has_delete_permission(self, request, obj=None):
        return False
