"""Peças do admin que não dependem de modelo nenhum."""


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
