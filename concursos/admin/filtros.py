"""Filtros do admin por cargo e por edital, sobre o ``FiltroComBusca`` de ``comum.filtros``, e pelos
números de inscrição que as caixas "Para publicar falta" escolhem."""

from django.contrib import admin

from comum.filtros import FiltroComBusca

MAXIMO_DE_NUMEROS = 200


class FiltroDeCargo(FiltroComBusca):
    """Cargo, buscado pelo código ou pelo nome (a busca do admin de cargos, que os lista do edital
    mais recente para o mais antigo). O rótulo do escolhido diz o edital: o mesmo código se repete
    de um edital para outro."""

    dica = "Código ou nome do cargo"

    def escolhidos(self, modelo, chaves):
        return super().escolhidos(modelo, chaves).select_related("edital")

    def rotulo(self, cargo) -> str:
        return rotulo_do_cargo(cargo)


class FiltroDeEdital(FiltroComBusca):
    dica = "Número (1/2025), ano ou título"


def rotulo_do_cargo(cargo) -> str:
    return f"{cargo} (edital {cargo.edital})"


class FiltroDeNumeros(admin.SimpleListFilter):
    """As inscrições de uma lista de números (``?numero__in=E1,E2``), o link da caixa "Para publicar
    falta" para os empatados sem sorteio (``consultas.para_publicar``). Fica sempre na barra lateral
    (um filtro que filtrasse sem aparecer seria o que ``comum.admin.ListaConferida`` recusa), com os
    números escolhidos e a opção de voltar a todas. Os números são públicos na lista."""

    title = "números de inscrição"
    parameter_name = "numero__in"

    def numeros(self) -> list[str]:
        return [n.strip() for n in (self.value() or "").split(",") if n.strip()][:MAXIMO_DE_NUMEROS]

    def lookups(self, request, model_admin):
        return [(self.value(), ", ".join(self.numeros()))] if self.numeros() else []

    def has_output(self):
        return True

    def queryset(self, request, queryset):
        return queryset.filter(numero__in=self.numeros()) if self.value() is not None else queryset
