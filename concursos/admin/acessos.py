"""O registro de acessos a dados sensíveis no admin, só para quem audita."""

from django.contrib import admin

from comum.admin import ParametrosConferidos, SoLeitura
from comum.exibicao import data_e_hora
from comum.filtros import FiltroComBusca, FiltrosComBuscaNoAdmin
from comum.paginacao import ListaGrandeNoAdmin


class AcessoADadosSensiveisAdmin(
    ParametrosConferidos, SoLeitura, ListaGrandeNoAdmin, FiltrosComBuscaNoAdmin, admin.ModelAdmin
):
    """Quem viu cor/raça, deficiência, pareceres e gravações (LGPD): só leitura, para o Auditor
    (``view_acessoadadossensiveis``). Nem o superusuário inclui, altera ou apaga.

    Cresce uma linha por página vista: contagem estimada, usuário por busca (não um
    ``SELECT DISTINCT`` da tabela inteira) e o período pelo filtro de datas (a hierarquia de datas
    percorreria a tabela para listar os anos). A busca por trecho do objeto continua percorrendo
    a tabela: é a ferramenta do auditor, usada raramente."""

    list_display = ["momento", "usuario", "o_que", "objeto", "quantidade", "ip"]
    list_filter = ["o_que", ("usuario", FiltroComBusca), "quando"]
    search_fields = ["objeto", "usuario__username", "usuario__first_name", "usuario__last_name"]
    search_help_text = "Objeto (número de inscrição, edital, sessão…) ou usuário."
    list_select_related = ["usuario"]
    fields = ["momento", "usuario", "o_que", "objeto", "quantidade", "ip", "caminho"]
    readonly_fields = fields

    @admin.display(description="quando", ordering="quando")
    def momento(self, acesso):
        return data_e_hora(acesso.quando)
