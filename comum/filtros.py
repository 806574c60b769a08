"""Filtros do admin para chaves estrangeiras com muitas opções (um edital pode ter 500 cargos).

O filtro padrão do Django desenha um link por opção, e o ``RelatedOnlyFieldListFilter`` ainda
percorre a tabela inteira para saber quais opções aparecem (``SELECT DISTINCT``: um milhão de
inscrições). ``FiltroComBusca`` desenha uma caixa de busca (o autocomplete do próprio admin,
select2, pela mesma URL ``admin:autocomplete`` dos campos de autocompletar, com a permissão de ver
o modelo buscado) que pergunta ao servidor só o que se digitou; a página consulta no máximo o
rótulo da opção escolhida. Os parâmetros continuam os do Django (``edital__id__exact``), e um valor
inválido continua a cair no aviso de filtro inválido do admin.
"""

from django.contrib import admin
from django.contrib.admin.widgets import AutocompleteSelect
from django.urls import reverse


def chave_valida(valor) -> bool:
    """Uma chave primária plausível (o filtro recebe o que vier na URL)."""
    return isinstance(valor, str) and valor.isdigit() and len(valor) <= 18


class FiltroComBusca(admin.RelatedFieldListFilter):
    template = "admin/concursos/filtro_com_busca.html"
    dica = "Digite para buscar"

    def field_choices(self, field, request, model_admin):
        """Só a opção escolhida, para mostrar o seu rótulo; as outras vêm da busca, sob demanda."""
        chaves = [v for v in (self.lookup_val or []) if chave_valida(v)]
        if not chaves:
            return []
        return [(obj.pk, self.rotulo(obj)) for obj in self.escolhidos(field.related_model, chaves)]

    def escolhidos(self, modelo, chaves):
        return modelo._default_manager.filter(pk__in=chaves)

    def rotulo(self, obj) -> str:
        return str(obj)

    def has_output(self):
        return True

    def url_da_busca(self) -> str:
        return reverse("admin:autocomplete")

    def choices(self, changelist):
        self.mantidos = [
            (nome, valor)
            for nome, valores in sorted(changelist.filter_params.items())
            if nome not in (self.lookup_kwarg, self.lookup_kwarg_isnull)
            for valor in valores
        ]
        self.url = self.url_da_busca()
        self.origem = self.field.model._meta
        yield {
            "selected": self.lookup_val is None,
            "query_string": changelist.get_query_string(remove=[self.lookup_kwarg, self.lookup_kwarg_isnull]),
            "display": "Todos",
        }


class FiltrosComBuscaNoAdmin:
    """Para o ``ModelAdmin`` que usa ``FiltroComBusca``: os scripts e estilos do autocomplete do
    admin (select2, no idioma ativo) também na lista, não só na ficha."""

    @property
    def media(self):
        return super().media + AutocompleteSelect(None, None).media
