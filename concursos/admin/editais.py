"""Cadastros do RH no admin: editais (com o quadro de vagas), cargos, candidatos, inscrições,
eventos e resultados.

O admin é fino: as ações chamam os serviços (pelas funções de ``avisos``, que dão as mensagens em
português) e nunca contêm regra; as tabelas das fichas vêm de ``apresentacao``. Eventos e
resultados são só leitura aqui: nascem pelos serviços. O admin dos processamentos em segundo plano
mora em ``segundo_plano/admin.py`` (registrado pelo ``ready()`` do app).
"""

import re

from django.contrib import admin, messages
from django.contrib.admin.views.main import ChangeList
from django.db.models import OuterRef, Q, Subquery
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from import_export.admin import ImportExportModelAdmin
from import_export.results import RowResult

from comum.admin import RotulosNaTabela, SoLeitura
from comum.cpf import normalizar_cpf
from comum.exibicao import data, data_e_hora
from comum.exportacao import ExportacaoComFiltrosConferidos
from comum.filtros import FiltroComBusca, FiltrosComBuscaNoAdmin
from comum.paginacao import ListaGrandeNoAdmin
from cotas.modelo import NOTA, ROTULOS_DOS_ARREDONDAMENTOS, VERIFICACAO
from cotas.regimes import rotulo_do_grupo

from .. import services
from ..apresentacao import TIPOS_DE_EVENTO, contexto_do_resultado_gravado, quadro_do_edital
from ..avisos import gerar_e_informar, publicar_em_lote
from ..consultas.para_publicar import falta_no_cargo, falta_no_edital
from ..forms import AutocompleteSemValorInvalido, CandidatoForm, CargoForm, EditalCriacaoForm, EditalForm, InscricaoForm
from ..importacao.formularios import ConfirmacaoDeImportacaoForm, ImportacaoDeInscricoesForm
from ..importacao.recurso import FORMATOS_DE_EXPORTACAO, FORMATOS_DE_IMPORTACAO, InscricaoResource
from ..importacao.tela import ImportacaoNoAdmin
from ..models import PRAZOS_DO_PROVIMENTO, AcessoADadosSensiveis, Candidato, Cargo, Edital, Evento, Inscricao, Resultado
from ..services.acessos import AcessoRegistradoNoAdmin, HistoricoNoAdmin, descrever_filtros, registrar_acesso
from . import instituicao  # noqa: F401 (registra o cabeçalho institucional no admin)
from .filtros import FiltroDeCargo, FiltroDeEdital, rotulo_do_cargo
from .importacao import LeiauteDeImportacaoAdmin  # noqa: F401 (registra os leiautes)
from .provimentos import AJUDA_DOS_PRAZOS, contexto_dos_provimentos
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


# ---------------------------------------------------------------- editais e cargos


class CargoInline(RotulosNaTabela, admin.TabularInline):
    model = Cargo
    form = CargoForm
    fields = ["codigo", "nome", "vagas", "requisitos", "carga_horaria", "vencimento"]
    extra = 1

    def get_queryset(self, request):
        return super().get_queryset(request).com_publicacao()  # vagas congeladas sem uma consulta por cargo


AJUDA_DA_ASSINATURA = (
    "Quem assina o anexo do quadro de vagas; o bloco sai com o local do cabeçalho institucional e a data de "
    "publicação do edital."
)


@admin.register(Edital)
class EditalAdmin(HistoricoNoAdmin):
    form = EditalForm
    list_display = ["numero_e_ano", "titulo", "tipo", "regime", "publicacao"]
    list_display_links = ["numero_e_ano", "titulo"]
    list_filter = ["tipo", "regime", "ano"]
    search_fields = ["titulo"]
    search_help_text = "Título, número (1/2025) ou ano."
    inlines = [CargoInline]
    actions = ["gerar_resultado"]
    campos = ["numero", "ano", "titulo", "tipo", "publicado_em", "validade_ate", "data_referencia_idade", "desempate"]
    assinatura = ["signatario_nome", "signatario_funcao"]

    @admin.display(description="edital", ordering="-ano")
    def numero_e_ano(self, edital):
        return str(edital)

    @admin.display(description="publicação", ordering="publicado_em")
    def publicacao(self, edital):
        return data(edital.publicado_em)

    @admin.display(description="parâmetros congelados")
    def parametros_congelados(self, edital):
        grupos = edital.parametros_do_regime.get("grupos", [])
        linhas = format_html_join("", "<tr>" + "<td>{}</td>" * 6 + "</tr>", (_linha_do_parametro(g) for g in grupos))
        return format_html(
            '<table class="parametros"><thead><tr><th>Grupo</th><th>Percentual</th><th>Mínimo de vagas</th>'
            "<th>Arredondamento</th><th>Teto</th><th>Fonte legal</th></tr></thead><tbody>{}</tbody></table>"
            '<p class="help">{}. Cópia feita na criação do edital; não muda depois.</p>',
            linhas,
            edital.parametros_do_regime.get("referencia", ""),
        )

    @admin.display(description="criado")
    def criacao(self, edital):
        return f"por {edital.criado_por or '—'} em {data_e_hora(edital.criado_em)}"

    def get_fieldsets(self, request, obj=None):
        regime = ["regime", "percentual_pcd"] if obj is None else ["regime", "parametros_congelados", "criacao"]
        ajuda = "Escolhido na criação; os parâmetros são congelados e não mudam depois."
        campos = self.campos if obj is None else [*self.campos, "prorrogacao"]
        return [
            (None, {"fields": campos}),
            ("Regime de cotas", {"fields": regime, "description": ajuda}),
            ("Assinatura dos anexos", {"fields": self.assinatura, "description": AJUDA_DA_ASSINATURA}),
            ("Prazos da posse e do exercício", {"fields": PRAZOS_DO_PROVIMENTO, "description": AJUDA_DOS_PRAZOS}),
        ]

    @admin.display(description="prorrogação da validade")
    def prorrogacao(self, edital):
        if edital.prorrogada_ate is None:
            return format_html(
                'Não prorrogada (uma só prorrogação, por igual período: CF art. 37, III). <a href="{}">Registrar a '
                "prorrogação</a>",
                reverse("concursos:prorrogar_validade", args=[edital.pk]),
            )
        return (
            f"Até {data(edital.prorrogada_ate)}, por {edital.prorrogacao_documento} de {data(edital.prorrogacao_data)}"
            f" (registrada por {edital.prorrogacao_registrada_por or '—'})."
        )

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        # Prorrogada a validade, o prazo original não muda mais: a prorrogação foi medida por ele.
        return ["regime", "parametros_congelados", "criacao", "prorrogacao"] + (
            ["validade_ate"] if obj.prorrogada_ate else []
        )

    def get_form(self, request, obj=None, **kwargs):
        if obj is None:
            kwargs["form"] = EditalCriacaoForm
        return super().get_form(request, obj, **kwargs)

    def save_model(self, request, obj, form, change):
        if not change:
            obj.criado_por = request.user
            services.congelar_parametros(obj, percentual_pcd=form.cleaned_data["percentual_pcd"])
        super().save_model(request, obj, form, change)

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None:
            context["quadro"] = quadro_do_edital(obj)
            context["faltas"] = falta_no_edital(obj, request.user)
        return super().render_change_form(request, context, add, change, form_url, obj)

    def get_search_results(self, request, queryset, search_term):
        numero_e_ano = re.fullmatch(r"\s*(\d+)\s*/\s*(\d{4})\s*", search_term)
        if numero_e_ano:
            return queryset.filter(numero=numero_e_ano[1], ano=numero_e_ano[2]), False
        if search_term.strip().isdigit():
            return queryset.filter(Q(numero=search_term) | Q(ano=search_term)), False
        return super().get_search_results(request, queryset, search_term)

    @admin.action(description="Gerar resultado (prévia) dos editais selecionados", permissions=["gerar_resultado"])
    def gerar_resultado(self, request, queryset):
        for edital in queryset:
            gerar_e_informar(request, edital)

    def has_gerar_resultado_permission(self, request):
        return request.user.has_perm("concursos.gerar_resultado")


def _linha_do_parametro(grupo: dict) -> tuple:
    teto = f"{grupo['teto_percentual']}%" if grupo.get("teto_percentual") else "—"
    return (
        rotulo_do_grupo(grupo["grupo"]),
        f"{grupo['percentual']}%",
        grupo["minimo_de_vagas"],
        ROTULOS_DOS_ARREDONDAMENTOS.get(grupo["arredondamento"], grupo["arredondamento"]),
        teto,
        grupo.get("referencias", {}).get("percentual", ""),
    )


@admin.register(Cargo)
class CargoAdmin(HistoricoNoAdmin):
    form = CargoForm
    list_display = ["codigo", "nome", "edital", "vagas", "ultimo_resultado", "eventos"]
    list_filter = ["edital"]
    search_fields = ["nome", "codigo"]
    list_select_related = ["edital"]
    fields = ["edital", "codigo", "nome", "vagas", "requisitos", "carga_horaria", "vencimento"]

    def get_queryset(self, request):
        ultimo = Resultado.objects.filter(cargo=OuterRef("pk")).order_by("-versao")
        return (
            super()
            .get_queryset(request)
            .annotate(
                ultimo_resultado_id=Subquery(ultimo.values("pk")[:1]),
                ultima_versao=Subquery(ultimo.values("versao")[:1]),
            )
        )

    @admin.display(description="último resultado")
    def ultimo_resultado(self, cargo):
        if cargo.ultimo_resultado_id is None:
            return "—"
        link = reverse("admin:concursos_resultado_change", args=[cargo.ultimo_resultado_id])
        return format_html('<a href="{}">versão {}</a>', link, cargo.ultima_versao)

    @admin.display(description="eventos")
    def eventos(self, cargo):
        link = reverse("admin:concursos_cargo_change", args=[cargo.pk])
        return format_html('<a href="{}#eventos">registrar / ver</a>', link)

    def get_readonly_fields(self, request, obj=None):
        return ["edital"] if obj is not None else []

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None:
            # A revisão de verificação não se digita: vem de um ato de verificação (issue 12).
            context["tipos_de_evento"] = [(t, r) for t, r in TIPOS_DE_EVENTO.items() if t != VERIFICACAO]
            context["eventos_do_cargo"] = obj.eventos.select_related(
                "inscricao", "registrado_por", "revertido_por", "reverte__inscricao"
            )
            context["pode_registrar"] = request.user.has_perm("concursos.registrar_evento")
            context["faltas"] = [f for f in [falta_no_cargo(obj, request.user)] if f is not None]
            context.update(contexto_dos_provimentos(request, obj))  # nomeação, posse e exercício
        return super().render_change_form(request, context, add, change, form_url, obj)


# ---------------------------------------------------------------- candidatos e inscrições


@admin.register(Candidato)
class CandidatoAdmin(BuscaPorCpf, BuscaPorIndice, ListaGrandeNoAdmin, admin.ModelAdmin):
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


@admin.register(Inscricao)
class InscricaoAdmin(
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
    list_filter = [("edital", FiltroDeEdital), ("cargo", FiltroDeCargo), "situacao"]
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
        campos += ["revisoes"] if publicada(obj) else []
        return campos + (self.campos_da_verificacao(request, obj) if sensiveis else [])

    def get_readonly_fields(self, request, obj=None):
        """Resultado do cargo publicado: nota, notas parciais e eliminação só mudam por evento
        (docs/REGRAS.md §9); a ficha mostra os botões para registrá-lo. Os atos de verificação são
        sempre só leitura."""
        atos = ["atos_de_verificacao", "registrar_ato_de_verificacao"]
        return [*Inscricao.CAMPOS_CONGELADOS, "revisoes", *atos] if publicada(obj) else atos

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
        return format_html(
            '{}<p class="help">O resultado do cargo já foi publicado: nota, notas parciais, eliminação e '
            "verificação não se editam mais aqui; mudam por evento, com documento e data do ato. A revisão de "
            "verificação vem de um ato de verificação (abaixo), que vira o evento.</p>",
            botoes,
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


# ---------------------------------------------------------------- eventos e resultados


@admin.register(Evento)
class EventoAdmin(SoLeitura, HistoricoNoAdmin):
    """Só leitura: eventos nascem nas telas de registro e se corrigem por reversão."""

    list_display = ["registrado", "ato", "cargo", "tipo", "alvo", "documento", "registrado_por", "efeito"]
    list_filter = ["tipo", "cargo__edital"]
    search_fields = ["documento", "inscricao__numero", "cargo__nome", "cargo__codigo"]
    list_select_related = ["cargo", "inscricao", "registrado_por", "revertido_por", "reverte__inscricao"]
    fields = [
        "cargo", "tipo", "inscricao", "quantidade", "grupo", "situacao", "nota", "notas_parciais", "sub_judice",
        "processo", "documento", "data_do_ato", "diario_oficial", "motivo", "reverte", "registrado_por",
    ]  # fmt: skip
    readonly_fields = ["registrado", "efeito"]

    def get_fields(self, request, obj=None):
        return self.fields + self.readonly_fields

    @admin.display(description="registrado em", ordering="registrado_em")
    def registrado(self, evento):
        return data_e_hora(evento.registrado_em)

    @admin.display(description="data do ato", ordering="data_do_ato")
    def ato(self, evento):
        return data(evento.data_do_ato)

    @admin.display(description="inscrição / vagas")
    def alvo(self, evento):
        if evento.inscricao_id:
            return evento.inscricao.numero
        return f"+{evento.quantidade}" if evento.quantidade else f"reverte: {evento.reverte}"

    @admin.display(description="efeito")
    def efeito(self, evento):
        link = reverse("concursos:evento", args=[evento.pk])
        revertido = " (revertido)" if hasattr(evento, "revertido_por") else ""
        return format_html('<a href="{}">ver quem foi convocado{}</a>', link, revertido)


class ListaDeResultados(ChangeList):
    """A lista não lê entradas, saída e diferenças (JSON de megabytes num cargo grande)."""

    def get_queryset(self, request, exclude_parameters=None):
        return super().get_queryset(request, exclude_parameters).defer("cenario", "saida", "diferencas")


@admin.register(Resultado)
class ResultadoAdmin(SoLeitura, ListaGrandeNoAdmin, FiltrosComBuscaNoAdmin, AcessoRegistradoNoAdmin, HistoricoNoAdmin):
    """Versões imutáveis; a página mostra listas, ordem de convocação, chamadas e diferenças (as
    listas reservadas revelam quem é negro ou PcD: cada abertura fica registrada)."""

    list_display = ["cargo", "edital", "versao", "status", "provisorio_na_lista", "gerado_por", "gerado", "hash_curto"]
    list_filter = ["status", "provisorio", ("cargo__edital", FiltroDeEdital)]
    search_fields = ["cargo__nome", "cargo__codigo"]
    list_select_related = ["cargo__edital", "gerado_por"]
    fields = [
        "cargo",
        "versao",
        "status",
        "provisorio_",
        "motivo",
        "gerado_por",
        "gerado",
        "publicado_por",
        "publicado",
        "diario_oficial",
        "hash_das_entradas",
    ]
    readonly_fields = ["provisorio_", "gerado", "publicado", "diario_oficial"]
    actions = ["publicar"]
    acesso_o_que = "resultado"

    def rotulo_do_acesso(self, resultado):
        return f"cargo {resultado.cargo.codigo}, versão {resultado.versao}, edital {resultado.cargo.edital}"

    def get_changelist(self, request, **kwargs):
        return ListaDeResultados

    @admin.display(description="provisório", ordering="provisorio")
    def provisorio_na_lista(self, resultado):
        return "Sim" if resultado.provisorio else "Não"

    @admin.display(description="provisório")
    def provisorio_(self, resultado):
        return "Sim — pendências ou empates" if resultado.provisorio else "Não"

    @admin.display(description="edital", ordering="cargo__edital")
    def edital(self, resultado):
        return resultado.cargo.edital

    @admin.display(description="gerado em", ordering="gerado_em")
    def gerado(self, resultado):
        return data_e_hora(resultado.gerado_em)

    @admin.display(description="publicado em", ordering="publicado_em")
    def publicado(self, resultado):
        return data_e_hora(resultado.publicado_em)

    @admin.display(description="Diário Oficial")
    def diario_oficial(self, resultado):
        return str(resultado.diario_oficial or "")

    @admin.display(description="hash")
    def hash_curto(self, resultado):
        return format_html('<code title="{}">{}…</code>', resultado.hash_das_entradas, resultado.hash_das_entradas[:8])

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None:
            context.update(contexto_do_resultado_gravado(obj))
            context["pode_publicar"] = request.user.has_perm("concursos.publicar_resultado")
        return super().render_change_form(request, context, add, change, form_url, obj)

    @admin.action(description="Publicar os resultados selecionados…", permissions=["publicar_resultado"])
    def publicar(self, request, queryset):
        return publicar_em_lote(self, request, queryset)

    def has_publicar_resultado_permission(self, request):
        return request.user.has_perm("concursos.publicar_resultado")


# ---------------------------------------------------------------- acessos a dados sensíveis


@admin.register(AcessoADadosSensiveis)
class AcessoADadosSensiveisAdmin(SoLeitura, ListaGrandeNoAdmin, FiltrosComBuscaNoAdmin, admin.ModelAdmin):
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
