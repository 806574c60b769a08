"""Peças do admin que não dependem de modelo nenhum: a lista de parâmetros permitidos nas listas
(``ParametrosConferidos``), o registro só para leitura e os rótulos das tabelas."""

from django.apps import apps
from django.contrib import admin
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.admin.views.main import ChangeList
from django.contrib.admin.widgets import url_params_from_lookup_dict

from comum.mensagens import FEMININO, MASCULINO, no_genero

# O drill-down de datas: anos fora daqui não são de registro nenhum e, nos extremos do calendário,
# o dia seguinte não existe (``quando__year=9999&...&quando__day=31`` dava OverflowError, erro 500).
ANOS_DO_DRILL_DOWN = range(1900, 2201)
PARTES_DA_DATA = ("year", "month", "day")


class ListaConferida(ChangeList):
    """A lista do admin que só aceita, na URL, o que a página oferece a quem a abre (issue 24).

    O Django aceita em qualquer lista um filtro por qualquer campo do próprio modelo (``?cor_raca=parda``,
    ``?depois__voto=nao_confirma``, ``?quando__hour=15``), mesmo que a página não o mostre: basta o
    nome do campo. Aqui, depois que os filtros da página (``get_list_filter`` daquele usuário, cada um
    com os parâmetros que o seu ``FieldListFilter``/``SimpleListFilter`` espera) e o drill-down de
    datas (``date_hierarchy``) tiraram os seus parâmetros, **sobra nada**: qualquer outro é recusado
    como o Django recusa um filtro que não existe (``IncorrectLookupParameters``: a lista volta com
    ``?e=1``, sem filtrar). Os demais parâmetros já têm a sua regra no Django: ``q`` (a busca, pelos
    ``search_fields``), ``p`` e ``all`` (a página; "mostrar tudo" só quando a página o oferece), ``o``
    (a ordem; aqui, só pelas colunas ordenáveis daquele usuário, ``sortable_by``), ``_popup`` e
    ``_to_field`` (conferido por ``to_field_allowed``). Os filtros dos popups de ``raw_id_fields``
    com ``limit_choices_to`` continuam valendo, como no Django.
    """

    def get_filters(self, request):
        pedidos = self.get_filters_params()
        do_drill_down = self._conferir_drill_down(pedidos)
        especificacoes, tem_filtros, restantes, duplicatas, ativos = super().get_filters(request)
        sobrando = set(restantes) - do_drill_down - self._dos_popups(restantes)
        if sobrando:
            raise IncorrectLookupParameters(f"Filtro que esta lista não oferece: {', '.join(sorted(sobrando))}")
        return especificacoes, tem_filtros, restantes, duplicatas, ativos

    def get_ordering_field(self, field_name):
        """Só as colunas que a página deixa ordenar (``?o=3`` ordenava por qualquer coluna mostrada)."""
        if self.sortable_by is not None and field_name not in self.sortable_by:
            return None
        return super().get_ordering_field(field_name)

    def _conferir_drill_down(self, pedidos) -> set[str]:
        """Os parâmetros que o drill-down gera (``quando__gte`` e ``quando__lt``), se o ano veio e é
        plausível; o mês e o dia, sem o ano, sobram e são recusados adiante."""
        campo = self.date_hierarchy
        if not campo or f"{campo}__year" not in pedidos:
            return set()
        for parte, maximo in zip(PARTES_DA_DATA, (ANOS_DO_DRILL_DOWN.stop - 1, 12, 31), strict=True):
            valor = (pedidos.get(f"{campo}__{parte}") or ["1"])[-1]
            minimo = ANOS_DO_DRILL_DOWN.start if parte == "year" else 1
            if not (isinstance(valor, str) and valor.isdigit() and len(valor) <= 4 and minimo <= int(valor) <= maximo):
                raise IncorrectLookupParameters(f"Data fora do alcance: {campo}__{parte}")
        return {f"{campo}__gte", f"{campo}__lt"}

    def _dos_popups(self, restantes) -> set[str]:
        """Os filtros que o popup de um ``raw_id_fields`` com ``limit_choices_to`` põe na URL, com
        o valor exato que o Django pôs (a mesma exceção do ``ModelAdmin.lookup_allowed``)."""
        if not self.is_popup:
            return set()
        pares = set()
        for filtro in self.model._meta.related_fkey_lookups:
            pares |= set(url_params_from_lookup_dict(filtro() if callable(filtro) else filtro).items())
        return {chave for chave in restantes if (chave, self.params.get(chave)) in pares}


class MensagensNoGenero:
    """As mensagens de sucesso do admin ("A comissão … foi adicionada com sucesso.", "3 inscrições
    removidas com sucesso.") no gênero do nome do modelo: o ``genero`` do modelo (``comum.mensagens``)
    ou, para os modelos que vêm de fora, o do admin (``nomes_em_portugues``)."""

    genero = None

    def message_user(self, request, message, *args, **kwargs):
        if isinstance(message, str):
            genero = self.genero or getattr(self.model, "genero", MASCULINO)
            message = no_genero(message, nome=str(self.model._meta.verbose_name), genero=genero)
        return super().message_user(request, message, *args, **kwargs)


class ParametrosConferidos(MensagensNoGenero):
    """Para todo ``ModelAdmin`` do sistema (``tests/test_arquitetura.py`` confere): a lista só aceita
    os parâmetros que oferece (``ListaConferida``) e nunca mostra a contagem de cada opção dos
    filtros (``show_facets``), que diria quantas linhas há de cada valor sem filtrar nada. A
    exportação (django-import-export) e o autocompletar do admin partem desta mesma lista e do mesmo
    ``get_queryset``: a regra vale para todas as portas. E as mensagens saem no gênero do modelo
    (``MensagensNoGenero``)."""

    show_facets = admin.ShowFacets.NEVER

    def get_changelist(self, request, **kwargs):
        return ListaConferida


class SemSenhaParaQuemSoVe:
    """Na ficha de um usuário, quem só vê (o RH, o auditor) não vê o campo da senha: o resumo do hash
    (algoritmo, iterações, começo do sal) não lhe serve, e o link "Redefinir a senha" lhe responderia 403."""

    def get_fieldsets(self, request, obj=None):
        grupos = super().get_fieldsets(request, obj)
        if obj is None or self.has_change_permission(request, obj):
            return grupos
        return [
            (nome, {**opcoes, "fields": [c for c in opcoes["fields"] if c != "password"]}) for nome, opcoes in grupos
        ]


def conferir_os_admins_de_fora(site, apps_do_sistema) -> None:
    """Os admins que vêm prontos de fora (usuários e grupos do Django, registros de login do
    django-axes, autenticadores do django-otp, fila do django-tasks) passam a usar a mesma lista
    conferida: o de usuários aceitava ``?password__startswith=pbkdf2_sha256$...``, que adivinha o
    hash da senha letra a letra. Os do sistema a declaram na classe (``apps_do_sistema``)."""
    for modelo, modelo_admin in list(site._registry.items()):
        if modelo._meta.app_label in apps_do_sistema or isinstance(modelo_admin, ParametrosConferidos):
            continue
        original = type(modelo_admin)
        bases = (ParametrosConferidos, SemSenhaParaQuemSoVe, original)
        conferido = type(original.__name__, bases, {"__module__": original.__module__})
        site._registry[modelo] = conferido(modelo, site)


# O menu do admin em português também para os apps de fora, que só falam inglês ("Axes", "access
# attempts", "TOTP devices", "Task Results"): app → (nome do app, {modelo: (singular, plural, gênero)}).
NOMES_DE_FORA = {
    "axes": (
        "Entradas no sistema",
        {
            "AccessAttempt": ("tentativa de acesso", "tentativas de acesso", FEMININO),
            "AccessLog": ("registro de acesso", "registros de acesso", MASCULINO),
            "AccessFailureLog": ("falha de acesso", "falhas de acesso", FEMININO),
        },
    ),
    "otp_totp": (
        "Aplicativos autenticadores",
        {"TOTPDevice": ("aplicativo autenticador", "aplicativos autenticadores", MASCULINO)},
    ),
    "otp_static": (
        "Códigos de recuperação",
        {"StaticDevice": ("lista de códigos de recuperação", "listas de códigos de recuperação", FEMININO)},
    ),
    "django_tasks_database": ("Fila de tarefas", {"DBTaskResult": ("tarefa", "tarefas", FEMININO)}),
}


def nomes_em_portugues(site) -> None:
    """Dá aos apps e modelos de fora registrados em ``site`` os nomes de ``NOMES_DE_FORA``. Muda só o
    nome mostrado (``verbose_name`` do app e do ``_meta``), não as opções declaradas no ``Meta``
    (``original_attrs``), que são as que as migrações leem: nenhuma migração nos apps de fora."""
    for modelo, modelo_admin in site._registry.items():
        if (app := NOMES_DE_FORA.get(modelo._meta.app_label)) is None:
            continue
        nome_do_app, modelos = app
        apps.get_app_config(modelo._meta.app_label).verbose_name = nome_do_app
        singular, plural, genero = modelos[modelo.__name__]
        modelo._meta.verbose_name, modelo._meta.verbose_name_plural = singular, plural
        modelo_admin.genero = genero


class SoLeitura:
    """Registro que nasce nos serviços: o admin só mostra."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class RotulosNaTabela:
    """Inline em tabela (``TabularInline``) com nome acessível em cada campo.

    O admin põe o rótulo só no cabeçalho da coluna; o campo de cada linha fica sem ``<label>`` e o
    leitor de tela diz apenas "caixa de texto" (WCAG 1.3.1 e 4.1.2). Cada campo ganha
    ``aria-label="<rótulo> — linha N"`` (na linha modelo, que o "Adicionar outro" copia, "nova linha").
    """

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)

        class ComRotulos(formset):
            def add_fields(self, form, index):
                super().add_fields(form, index)
                linha = "nova linha" if index is None else f"linha {index + 1}"
                for campo in form.fields.values():
                    campo.widget.attrs.setdefault("aria-label", f"{campo.label} — {linha}")

        ComRotulos.__name__ = formset.__name__
        return ComRotulos
