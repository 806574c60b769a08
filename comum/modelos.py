"""Peças comuns dos modelos."""

from django.core.exceptions import ValidationError


class SoInclusao:
    """Registro que só se inclui: alterar ou apagar é recusado com a mensagem do modelo (um erro se
    corrige com outro registro). Vem antes de ``models.Model`` nas bases."""

    ALTERACAO_RECUSADA = "Este registro não pode ser alterado."
    EXCLUSAO_RECUSADA = "Este registro não pode ser apagado."

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValidationError(self.ALTERACAO_RECUSADA)
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValidationError(self.EXCLUSAO_RECUSADA)
