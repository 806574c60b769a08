"""Admin dos processamentos em segundo plano: a lista com a barra de progresso, a ficha com o que
saiu (resultados, PDFs, resumo da importação, erros) e a ação "tentar de novo".

Nada aqui se edita: o pedido nasce das ações do edital e da tela de importação, e o trabalhador
(``manage.py db_worker``) o leva adiante (``pedidos``/``tarefas``). Registrado em ``concursos/admin``.
"""

from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from comum.admin import ParametrosConferidos, SoLeitura
from comum.exibicao import data_e_hora
from concursos.models import Processamento

from . import pedidos
from .produtos import resultados_gerados
from .progresso import barra_de_progresso, situacao_ao_vivo


class ProcessamentoAdmin(ParametrosConferidos, SoLeitura, admin.ModelAdmin):
    list_display = ["pk", "tipo", "edital", "situacao", "progresso", "solicitado_por", "pedido_em", "terminado"]
    list_display_links = ["pk", "tipo"]
    list_filter = ["estado", "tipo", ("edital", admin.RelatedOnlyFieldListFilter)]
    list_select_related = ["edital", "solicitado_por"]
    search_fields = ["=id"]
    show_full_result_count = False
    show_facets = admin.ShowFacets.NEVER
    actions = ["tentar_de_novo"]
    fields = [
        "tipo",
        "edital",
        "situacao",
        "progresso",
        "etapa",
        "tentativas",
        "solicitado_por",
        "pedido_em",
        "iniciado",
        "terminado",
        "o_que_saiu",
        "erros_encontrados",
    ]
    readonly_fields = fields

    class Media:
        js = ["concursos/processamentos.js"]

    @admin.display(description="progresso")
    def progresso(self, processamento):
        return barra_de_progresso(processamento)

    @admin.display(description="situação", ordering="estado")
    def situacao(self, processamento):
        """A situação que ``processamentos.js`` atualiza junto com a barra: "Em andamento" enquanto
        ela anda, não o "Na fila" da hora em que a página abriu."""
        return situacao_ao_vivo(processamento)

    @admin.display(description="pedido em", ordering="criado_em")
    def pedido_em(self, processamento):
        return data_e_hora(processamento.criado_em)

    @admin.display(description="iniciado em")
    def iniciado(self, processamento):
        return data_e_hora(processamento.iniciado_em)

    @admin.display(description="terminado em", ordering="terminado_em")
    def terminado(self, processamento):
        return data_e_hora(processamento.terminado_em)

    @admin.display(description="o que saiu")
    def o_que_saiu(self, processamento):
        if processamento.tipo == Processamento.RESULTADOS:
            return self._resultados(processamento)
        if processamento.tipo == Processamento.PDFS:
            return self._pdfs(processamento)
        return self._importacao(processamento)

    def _resultados(self, processamento):
        linhas = [
            (
                reverse("admin:concursos_resultado_change", args=[r.pk]),
                f"{r.cargo.codigo} — {r.cargo.nome}",
                r.versao,
                r.get_status_display(),
            )
            for r in resultados_gerados(processamento)
        ]
        if not linhas:
            return "—"
        return format_html("<ul>{}</ul>", format_html_join("", '<li><a href="{}">{}</a>: versão {} ({})</li>', linhas))

    def _pdfs(self, processamento):
        partes = processamento.saida.get("partes", {})
        linhas = [
            (
                reverse("concursos:pdf_do_processamento", args=[processamento.pk, int(cargo_id)]),
                parte["arquivo"],
                parte.get("bytes", 0) // 1024,
            )
            for cargo_id, parte in sorted(partes.items(), key=lambda item: item[1].get("cargo", ""))
            if "arquivo" in parte
        ]
        if not linhas:
            return "—"
        return format_html("<ul>{}</ul>", format_html_join("", '<li><a href="{}">{}</a> ({} kB)</li>', linhas))

    def _importacao(self, processamento):
        saida = processamento.saida
        if not saida:
            return "—"
        rotulos = {
            "arquivo": "Arquivo",
            "linhas": "Linhas lidas",
            "novas": "Inscrições novas",
            "atualizadas": "Inscrições atualizadas",
            "sem_mudanca": "Linhas iguais ao que já estava gravado",
            "candidatos_novos": "Candidatos novos",
            "candidatos_atualizados": "Candidatos atualizados",
            "opcoes_criadas": "Opções por grupo criadas",
            "opcoes_retiradas": "Opções por grupo retiradas",
        }
        itens = [(rotulos.get(chave, chave.replace("_", " ").capitalize()), valor) for chave, valor in saida.items()]
        inscricoes = reverse("admin:concursos_inscricao_changelist") + f"?edital__id__exact={processamento.edital_id}"
        return format_html(
            '<ul>{}</ul><p><a href="{}">Ver as inscrições do edital {}</a></p>',
            format_html_join("", "<li>{}: {}</li>", itens),
            inscricoes,
            processamento.edital,
        )

    @admin.display(description="erros")
    def erros_encontrados(self, processamento):
        if not processamento.erros:
            return "—"
        itens = [
            (f"Cargo {erro['cargo']}: " if erro.get("cargo") else "", erro["mensagem"]) for erro in processamento.erros
        ]
        return format_html('<ul class="errorlist">{}</ul>', format_html_join("", "<li>{}{}</li>", itens))

    @admin.action(description="Tentar de novo (só o que faltou)", permissions=["tentar_de_novo"])
    def tentar_de_novo(self, request, queryset):
        for processamento in queryset:
            try:
                pedidos.tentar_de_novo(processamento, por=request.user)
            except pedidos.PedidoRecusado as recusa:
                messages.warning(request, f"Nº {processamento.pk}: {' '.join(recusa.messages)}")
            else:
                messages.success(request, f"Nº {processamento.pk}: de volta à fila.")

    def has_tentar_de_novo_permission(self, request):
        return request.user.has_perm("concursos.add_processamento")
