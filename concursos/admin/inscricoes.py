"""Candidatos e inscrições no admin: listas feitas para um milhão de linhas, busca por índice e pelo
CPF com ou sem máscara, importação e exportação (django-import-export) e os dados sensíveis (cor/raça,
opções por grupo) só para quem tem a permissão, com cada acesso registrado.
"""

import re

from django.contrib import admin, messages
from django.db.models import Q
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from import_export.admin import ImportExportModelAdmin
from import_export.results import RowResult

from comum.admin import ParametrosConferidos
from comum.cpf import normalizar_cpf
from comum.exibicao import notas_parciais_em_tabela
from comum.exportacao import ExportacaoComFiltrosConferidos
from comum.filtros import FiltrosComBuscaNoAdmin
from comum.paginacao import ListaGrandeNoAdmin
from cotas.modelo import NOTA

from ..apresentacao import TIPOS_DE_EVENTO
from ..forms import AutocompleteSemValorInvalido, CandidatoForm, InscricaoForm
from ..importacao.formularios import ConfirmacaoDeImportacaoForm, ImportacaoDeInscricoesForm
from ..importacao.recurso import FORMATOS_DE_EXPORTACAO, FORMATOS_DE_IMPORTACAO, InscricaoResource
from ..importacao.tela import ImportacaoNoAdmin
from ..models import Candidato, Inscricao
from ..services.acessos import descrever_filtros, registrar_acesso
from .filtros import FiltroDeCargo, FiltroDeEdital, FiltroDeNumeros, rotulo_do_cargo
from .pecas import AcessoRegistradoNoAdmin, HistoricoNoAdmin
from .verificacoes import AtosDeVerificacaoNaFicha, OpcaoDeGrupoInline, publicada

DADOS_SENSIVEIS = "concursos.ver_dados_sensiveis"
_CPF_DIGITADO = re.compile(r"\d{3}\.\d{0,3}[\d.\-]*|\d{9}-\d{2}")


class BuscaPorCpf:
    """Busca pelo CPF com ou sem máscara: ``529.982.247-25`` acha o CPF guardado ``52998224725``."""

    def get_search_results(self, request, queryset, search_term):
        termos = (normalizar_cpf(t) if _CPF_DIGITADO.fullmatch(t) else t for t in search_term.split())
        return super().get_search_results(request, queryset, " ".join(termos))


class BuscaPorIndice:
    """Busca que o PostgreSQL responde por índice numa tabela de um milhão de linhas (docs/TECNICO.md §7.1),
    em vez do ``icontains`` em várias colunas (que percorre a tabela inteira):

    - termo com algarismos: o número de inscrição exato (sem diferença de maiúsculas) ou o CPF
      exato, quando o termo tem 11 algarismos (``BuscaPorCpf``, antes desta, tira a máscara);
    - termo só com letras: o começo do nome civil ou do nome social (``Maria da P``).

    ``caminho_do_candidato``: de onde vêm nome e CPF (``candidato__`` nas inscrições, vazio nos
    candidatos); ``busca_por_numero``: se o número de inscrição entra na busca.
    """

    caminho_do_candidato = ""
    busca_por_numero = False

    def get_search_results(self, request, queryset, search_term):
        termo = " ".join(search_term.split())
        if not termo:
            return queryset, False
        if not any(c.isdigit() for c in termo):
            nome = Q(**{f"{self.caminho_do_candidato}nome__istartswith": termo})
            social = Q(**{f"{self.caminho_do_candidato}nome_social__istartswith": termo})
            return queryset.filter(nome | social), False
        return queryset.filter(self._numero_ou_cpf(termo)), False

    def _numero_ou_cpf(self, termo: str) -> Q:
        por_numero = Q(numero__iexact=termo) if self.busca_por_numero else Q(pk__in=[])
        if not (termo.isdigit() and len(termo) == 11):
            return por_numero
        if not self.caminho_do_candidato:
            return por_numero | Q(cpf=termo)
        # A chave do candidato antes, numa consulta pelo índice único do CPF: um OR entre duas
        # tabelas (número OU cpf do candidato) não usaria índice nenhum.
        candidatos = list(Candidato.objects.filter(cpf=termo).values_list("pk", flat=True))
        return por_numero | Q(candidato_id__in=candidatos)


class CandidatoAdmin(ParametrosConferidos, BuscaPorCpf, BuscaPorIndice, ListaGrandeNoAdmin, admin.ModelAdmin):
    form = CandidatoForm
    list_display = ["nome", "nome_social", "cpf_formatado"]
    search_fields = ["=cpf", "^nome", "^nome_social"]  # o que BuscaPorIndice faz (índices da migração 0008)
    search_help_text = "CPF completo (com ou sem máscara) ou o começo do nome civil ou social."
    ordering = ["nome", "id"]
    sortable_by = ["nome"]
    fields = ["nome", "nome_social", "cpf", "nascimento", "email"]

    @admin.display(description="CPF", ordering="cpf")
    def cpf_formatado(self, candidato):
        return candidato.cpf_formatado


class InscricaoAdmin(
    ParametrosConferidos,
    BuscaPorCpf,
    BuscaPorIndice,
    ListaGrandeNoAdmin,
    FiltrosComBuscaNoAdmin,
    AcessoRegistradoNoAdmin,
    HistoricoNoAdmin,
    ImportacaoNoAdmin,  # mapeamento das colunas, prévia com "lido como" e erros em tabela; cargo publicado: nota corrigida vira evento
    AtosDeVerificacaoNaFicha,  # a verificação das opções vem de atos registrados (issue 12)
    ExportacaoComFiltrosConferidos,  # ?foo=bar na exportação dava FieldError (500)
    ImportExportModelAdmin,
):
    form = InscricaoForm
    resource_classes = [InscricaoResource]
    import_formats = FORMATOS_DE_IMPORTACAO
    export_formats = FORMATOS_DE_EXPORTACAO
    # A importação é sempre para um edital escolhido pelo RH; a confirmação o carrega adiante.
    import_form_class = ImportacaoDeInscricoesForm
    confirm_form_class = ConfirmacaoDeImportacaoForm
    import_error_display = ("message", "row")  # nunca o traceback para o usuário
    import_template_name = "admin/concursos/inscricao/import.html"  # mostra o edital de destino

    def add_success_message(self, result, request):
        totais = result.totals
        messages.success(
            request,
            f"Importação concluída: {totais[RowResult.IMPORT_TYPE_NEW]} inscrições novas, "
            f"{totais[RowResult.IMPORT_TYPE_UPDATE]} atualizadas, {totais[RowResult.IMPORT_TYPE_SKIP]} sem mudança.",
        )

    # Lista feita para um milhão de inscrições (docs/TECNICO.md §7.1; índices da migração 0008): contagem
    # estimada (ListaGrandeNoAdmin), busca por índice (BuscaPorIndice), filtros de edital e cargo
    # com caixa de busca, e a ordem fixa do índice (edital mais recente, número): ordenar por nota
    # ou por nome seria ordenar a tabela inteira a cada página.
    list_display = ["numero", "nome_de_uso", "cargo", "nota", "situacao"]
    list_filter = [("edital", FiltroDeEdital), ("cargo", FiltroDeCargo), "situacao", FiltroDeNumeros]
    search_fields = ["=numero", "=candidato__cpf", "^candidato__nome", "^candidato__nome_social"]
    search_help_text = "Número de inscrição ou CPF completos (o CPF com ou sem máscara), ou o começo do nome."
    caminho_do_candidato = "candidato__"
    busca_por_numero = True
    ordering = ["-edital_id", "numero"]
    sortable_by = []
    autocomplete_fields = ["candidato", "cargo"]
    list_select_related = ["candidato", "cargo"]
    inlines = [OpcaoDeGrupoInline]
    campos = ["edital", "cargo", "candidato", "numero", "cor_raca", "nota", "notas_parciais", "jurado", "sorteio"]
    acesso_o_que = "inscricao"  # a ficha: cor/raça e opções por grupo
    acesso_no_historico = True  # o histórico: as mudanças de cor/raça

    @admin.display(description="candidato", ordering="candidato__nome")
    def nome_de_uso(self, inscricao):
        return inscricao.candidato.nome_de_uso

    def get_fields(self, request, obj=None):
        sensiveis = request.user.has_perm(DADOS_SENSIVEIS)
        campos = [c for c in self.campos if sensiveis or c != "cor_raca"] + ["situacao"]
        # Os botões de revisão (registrar correção de nota…) só para quem registra eventos.
        revisoes = "revisoes" if request.user.has_perm("concursos.registrar_evento") else "revisoes_"
        if publicada(obj):  # só leitura: as notas parciais em tabela, não o JSON do campo
            campos = [("notas_parciais_" if c == "notas_parciais" else c) for c in campos] + [revisoes]
        return campos + (self.campos_da_verificacao(request, obj) if sensiveis else [])

    def get_readonly_fields(self, request, obj=None):
        """Resultado do cargo publicado: nota, notas parciais e eliminação só mudam por evento
        (docs/REGRAS.md §9); a ficha mostra os botões para registrá-lo. Os atos de verificação são
        sempre só leitura."""
        atos = ["atos_de_verificacao", "registrar_ato_de_verificacao"]
        congelados = [*Inscricao.CAMPOS_CONGELADOS, "notas_parciais_", "revisoes", "revisoes_"]
        return [*congelados, *atos] if publicada(obj) else atos

    @admin.display(description="notas parciais")
    def notas_parciais_(self, inscricao):
        return notas_parciais_em_tabela(inscricao.notas_parciais)

    @admin.display(description="revisões (resultado publicado)")
    def revisoes(self, inscricao):
        botoes = format_html_join(
            " ",
            '<a class="button" href="{}?inscricao={}">Registrar {}</a>',
            (
                (reverse("concursos:registrar_evento", args=[inscricao.cargo_id, tipo]), inscricao.pk, rotulo.lower())
                for tipo, rotulo in TIPOS_DE_EVENTO.items()
                if tipo == NOTA
            ),
        )
        return format_html("{}{}", botoes, self.revisoes_(inscricao))

    @admin.display(description="revisões (resultado publicado)")
    def revisoes_(self, inscricao):
        return format_html(
            '<p class="help">O resultado do cargo já foi publicado: nota, notas parciais, eliminação e '
            "verificação não se editam mais aqui; mudam por evento, com documento e data do ato. A revisão de "
            "verificação vem de um ato de verificação (abaixo), que vira o evento.</p>"
        )

    def get_inlines(self, request, obj):
        """Opções por grupo revelam cor/raça e deficiência (LGPD): só com a permissão própria."""
        return self.inlines if request.user.has_perm(DADOS_SENSIVEIS) else []

    def revela_dados_sensiveis(self, request, obj):
        return request.user.has_perm(DADOS_SENSIVEIS)

    def rotulo_do_acesso(self, inscricao):
        return f"nº {inscricao.numero}, edital {inscricao.edital}"

    def campos_ocultos_no_historico(self, request):
        return () if request.user.has_perm(DADOS_SENSIVEIS) else ("cor_raca",)

    def get_import_resource_kwargs(self, request, **kwargs):
        dados = getattr(kwargs.get("form"), "cleaned_data", None) or {}
        return {**super().get_import_resource_kwargs(request, **kwargs), "edital": dados.get("edital")}

    def get_confirm_form_initial(self, request, import_form):
        inicial = super().get_confirm_form_initial(request, import_form)
        if import_form is not None:
            inicial["edital"] = import_form.cleaned_data["edital"].pk
        return inicial

    def get_export_resource_kwargs(self, request, **kwargs):
        """Sem a permissão de dados sensíveis, a exportação sai sem cor/raça e sem as opções (LGPD)."""
        sensiveis = request.user.has_perm(DADOS_SENSIVEIS)
        return {**super().get_export_resource_kwargs(request, **kwargs), "dados_sensiveis": sensiveis}

    def get_data_for_export(self, request, queryset, **kwargs):
        """Toda exportação fica registrada, com o número de linhas (CPF inteiro e, com a permissão, cor/raça)."""
        dados = super().get_data_for_export(request, queryset, **kwargs)
        sensiveis = request.user.has_perm(DADOS_SENSIVEIS)
        conteudo = "com cor/raça e opções por grupo" if sensiveis else "sem dados sensíveis"
        objeto = f"inscrições {conteudo}{descrever_filtros(request)}"
        registrar_acesso(request, o_que="exportacao_inscricoes", objeto=objeto, quantidade=len(dados))
        return dados

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name in self.autocomplete_fields:
            kwargs["widget"] = AutocompleteSemValorInvalido(db_field, self.admin_site, using=kwargs.get("using"))
        campo = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if db_field.name == "cargo":
            campo.queryset = campo.queryset.select_related("edital")
            campo.label_from_instance = rotulo_do_cargo
        return campo
