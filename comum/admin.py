"""Peças do admin que não dependem de modelo nenhum."""


class SoLeitura:
    """Registro que nasce nos serviços: o admin só mostra."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
