"""Listas grandes do admin (um milhão de inscrições) sem ``COUNT(*)`` a cada página (docs/TECNICO.md §7.1).

O paginador do Django conta as linhas da lista a cada página; no PostgreSQL isso percorre a
tabela inteira. ``PaginadorComContagemEstimada`` conta assim:

- **SQLite** (desenvolvimento e testes): sempre a contagem exata;
- **PostgreSQL, lista sem filtro nem busca**: a estimativa que o planejador guarda em
  ``pg_class.reltuples`` (o ANALYZE e o autovacuum a mantêm); se a tabela é pequena (estimativa
  abaixo de ``limite_da_contagem_exata``, ou tabela nunca analisada), conta de verdade, na mesma
  consulta;
- **PostgreSQL, lista filtrada**: a contagem de verdade, com um teto de tempo
  (``statement_timeout`` local, desfeito em seguida); se ela estoura o teto, a estimativa do
  planejador para aquela consulta (``EXPLAIN``).

``estimada`` diz se o número é aproximado; as telas escrevem então "cerca de" (os modelos
``admin/concursos/pagination.html`` e ``search_form.html``, e a nota "todos selecionados").
O número de consultas não depende do tamanho da tabela: uma sem filtro; com filtro, a contagem
(e o ``EXPLAIN`` só quando ela estoura o teto).
"""

import json

from django.contrib import admin
from django.contrib.admin import helpers
from django.core.paginator import Paginator
from django.db import OperationalError, connections, transaction
from django.utils.functional import cached_property
from django.utils.html import format_html
from django.utils.translation import gettext as _

CONSULTA_CANCELADA = "57014"  # SQLSTATE query_canceled: o statement_timeout estourou


def por_extenso(numero: int) -> str:
    """``1234567`` → ``1.234.567`` (o separador de milhar brasileiro, sem depender do locale)."""
    return f"{numero:,}".replace(",", ".")


class PaginadorComContagemEstimada(Paginator):
    limite_da_contagem_exata = 10_000
    tempo_maximo_da_contagem_ms = 100

    _estimada = False

    @property
    def estimada(self) -> bool:
        """Se ``count`` é uma estimativa (e não a contagem exata)."""
        return self.count is not None and self._estimada

    @cached_property
    def count(self) -> int:
        consulta = self.object_list
        if connections[consulta.db].vendor != "postgresql":
            return super().count
        if _sem_filtro(consulta.query):
            return self._estimativa_da_tabela(consulta)
        return self._contagem_com_teto(consulta)

    def page(self, number):
        """A página pelas chaves: o OFFSET fica numa subconsulta só da tabela da lista, na ordem do
        índice, e os JOINs do ``list_select_related`` só nas linhas da página. Com o OFFSET na
        consulta de fora, uma página funda (a 2.000ª: 199.900 linhas puladas) faria os JOINs de
        todas as linhas puladas. Continua uma consulta só."""
        number = self.validate_number(number)
        inicio = (number - 1) * self.per_page
        fim = inicio + self.per_page
        if fim + self.orphans >= self.count:
            fim = self.count
        chaves = self.object_list.values("pk")[inicio:fim]
        return self._get_page(self.object_list.filter(pk__in=chaves), number, self)

    @property
    def rotulo_da_contagem(self) -> str:
        """``cerca de 1.000.000`` quando estimada; o número exato, senão."""
        numero = por_extenso(self.count)
        return f"cerca de {numero}" if self.estimada else numero

    def _estimativa_da_tabela(self, consulta) -> int:
        """``reltuples`` da tabela; abaixo do limite (ou nunca analisada, -1), a contagem exata,
        que o PostgreSQL só executa nesse caso (o ramo do CASE)."""
        tabela = connections[consulta.db].ops.quote_name(consulta.model._meta.db_table)
        with connections[consulta.db].cursor() as cursor:
            cursor.execute(
                f"SELECT CASE WHEN c.reltuples >= %s THEN c.reltuples::bigint"
                f" ELSE (SELECT COUNT(*) FROM {tabela}) END, c.reltuples >= %s"
                " FROM pg_class c WHERE c.oid = %s::regclass",
                [self.limite_da_contagem_exata, self.limite_da_contagem_exata, tabela],
            )
            total, self._estimada = cursor.fetchone()
        return int(total)

    def _contagem_com_teto(self, consulta) -> int:
        """A contagem exata se couber no teto de tempo; senão, a estimativa do ``EXPLAIN``.

        O ``statement_timeout`` vale só dentro do bloco: ``set_config(..., true)`` é local à
        transação, e o bloco é sempre desfeito (``set_rollback``), o que também desfaz a
        configuração quando já havia uma transação em volta (testes, ``ATOMIC_REQUESTS``)."""
        try:
            with transaction.atomic(using=consulta.db):
                with connections[consulta.db].cursor() as cursor:
                    cursor.execute(
                        "SELECT set_config('statement_timeout', %s, true)", [str(self.tempo_maximo_da_contagem_ms)]
                    )
                total = consulta.count()
                transaction.set_rollback(True, using=consulta.db)
            return total
        except OperationalError as erro:
            if getattr(erro.__cause__, "sqlstate", None) != CONSULTA_CANCELADA:
                raise
        self._estimada = True
        return _estimativa_do_planejador(consulta)


def _sem_filtro(query) -> bool:
    return not query.where and not query.distinct and not query.combinator and not query.is_sliced


def _estimativa_do_planejador(consulta) -> int:
    """As linhas que o planejador espera para a consulta (``EXPLAIN``, sem executá-la)."""
    sql, parametros = consulta.order_by().query.sql_with_params()
    with connections[consulta.db].cursor() as cursor:
        cursor.execute(f"EXPLAIN (FORMAT JSON) {sql}", parametros)
        plano = cursor.fetchone()[0]
    if isinstance(plano, str):
        plano = json.loads(plano)
    return int(plano[0]["Plan"]["Plan Rows"])


class ListaGrandeNoAdmin:
    """Para o ``ModelAdmin`` de uma tabela grande: a contagem estimada, nenhuma contagem por
    opção de filtro (``show_facets``) e nenhuma segunda contagem da tabela inteira
    (``show_full_result_count``). A nota "todos os N selecionados" diz "cerca de" quando for o caso,
    e a caixa de seleção de cada linha sai sem o modelo do widget."""

    paginator = PaginadorComContagemEstimada
    show_full_result_count = False
    show_facets = admin.ShowFacets.NEVER

    def changelist_view(self, request, extra_context=None):
        resposta = super().changelist_view(request, extra_context)
        contexto = getattr(resposta, "context_data", None) or {}
        lista = contexto.get("cl")
        if lista is not None and getattr(lista.paginator, "estimada", False):
            plural = self.model._meta.verbose_name_plural
            contexto["selection_note_all"] = f"Seleção completa: {lista.paginator.rotulo_da_contagem} {plural}"
        return resposta

    def action_checkbox(self, obj):
        """A caixa de seleção da linha, com o mesmo HTML do Django, sem desenhar um ``CheckboxInput``
        pelo modelo do widget: isso era metade do tempo de desenhar uma página de 100 linhas."""
        rotulo = format_html(_("Select this object for an action - {}"), str(obj))
        return format_html(
            '<input type="checkbox" name="{}" value="{}" class="action-select" aria-label="{}">',
            helpers.ACTION_CHECKBOX_NAME,
            str(obj.pk),
            rotulo,
        )
