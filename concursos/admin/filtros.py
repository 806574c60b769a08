"""Filtros do admin por cargo e por edital, sobre o ``FiltroComBusca`` de ``comum.filtros``."""

from comum.filtros import FiltroComBusca


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
