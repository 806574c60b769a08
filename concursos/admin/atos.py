"""O registro dos atos publicados no admin (docs/ATOS-PUBLICADOS.md): só leitura, como nasce dos
serviços; na ficha, o código, o SHA-256, o original e o arquivo editável (DOCX) para baixar e as
referências do Diário Oficial, com o link para acrescentar uma
(``concursos:acrescentar_diario_oficial``), nunca para editar."""

from django.contrib import admin
from django.db.models.functions import Length
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from comum.admin import ParametrosConferidos, SoLeitura


class AtoPublicadoAdmin(ParametrosConferidos, SoLeitura, admin.ModelAdmin):
    list_display = ["titulo", "numero_no_ano", "codigo", "edital", "confirmado_em", "confirmado_por"]
    list_select_related = ["edital", "confirmado_por"]
    search_fields = ["codigo", "titulo"]
    fields = [
        "titulo",
        "tipo",
        "numero_no_ano",
        "codigo",
        "hash_sha256",
        "original",
        "editavel_docx",
        "edital",
        "cargo",
        "resultado",
        "retifica",
        "confirmado_por",
        "confirmado_em",
        "diario_oficial",
    ]
    readonly_fields = ["numero_no_ano", "original", "editavel_docx", "diario_oficial"]

    def get_queryset(self, request):
        # Os bytes ficam no banco; a ficha só precisa saber se há o editável (o resultado tem megabytes).
        return (
            super().get_queryset(request).defer("conteudo", "editavel").annotate(tamanho_do_editavel=Length("editavel"))
        )

    @admin.display(description="número do registro")
    def numero_no_ano(self, ato):
        return ato.numero_no_ano

    @admin.display(description="original")
    def original(self, ato):
        endereco = reverse("concursos:original_do_ato", args=[ato.codigo])
        return format_html('<a href="{}">Baixar o original</a> (a página pública da verificação o entrega)', endereco)

    @admin.display(description="arquivo editável")
    def editavel_docx(self, ato):
        # Quem vê a ficha lê o registro (``view_atopublicado``), a permissão de baixar: o link nunca dá 403.
        if not getattr(ato, "tamanho_do_editavel", 0):
            return "Registrado sem o arquivo editável."
        endereco = reverse("concursos:editavel_do_ato", args=[ato.pk])
        return format_html('<a href="{}">Baixar o arquivo editável (DOCX)</a> para o Diário Oficial', endereco)

    def get_fields(self, request, obj=None):
        # Quem não pode acrescentar a referência (o auditor) vê as publicações sem o link que lhe daria 403.
        if request.user.has_perm("concursos.add_publicacaonodiario"):
            return self.fields
        return [campo if campo != "diario_oficial" else "diario_oficial_so_leitura" for campo in self.fields]

    def get_readonly_fields(self, request, obj=None):
        return [*self.readonly_fields, "diario_oficial_so_leitura"]

    @admin.display(description="Diário Oficial")
    def diario_oficial_so_leitura(self, ato):
        publicacoes = format_html_join("", "<li>{}</li>", ((str(p),) for p in ato.publicacoes_no_diario.all()))
        return format_html(
            "<ul>{}</ul>", publicacoes or format_html("<li>{}</li>", "Ainda sem a referência da edição.")
        )

    @admin.display(description="Diário Oficial")
    def diario_oficial(self, ato):
        acrescentar = reverse("concursos:acrescentar_diario_oficial", args=[ato.pk])
        return format_html(
            '{}<a href="{}">Acrescentar a publicação no Diário Oficial</a>',
            self.diario_oficial_so_leitura(ato),
            acrescentar,
        )
