"""Peças comuns dos modelos."""

from django.core.exceptions import ValidationError

from .validacao import validar_textos


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


class TextosDigitados:
    """Os textos digitados conferidos em todo ``save()`` (``comum.validacao.validar_textos``: o limite
    e os caracteres de cada ``ValidadorDeTexto`` do campo): o admin, os serviços, a importação linha a
    linha e os comandos seguem a mesma regra, venha a gravação de onde vier. Vem antes de
    ``models.Model`` nas bases."""

    def save(self, *args, **kwargs):
        validar_textos(self, kwargs.get("update_fields"))
        super().save(*args, **kwargs)
