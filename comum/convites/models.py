"""O código de cadastro do segundo fator: guardado só como hash, com quem o emitiu, quando, até
quando vale e quando foi usado."""

from django.conf import settings
from django.db import models

from comum import relogio


class CodigoDeCadastro(models.Model):
    """Um código de uso único para ``usuario`` cadastrar o aplicativo autenticador."""

    usuario = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="usuário", on_delete=models.CASCADE, related_name="codigos_de_cadastro"
    )
    hash_do_codigo = models.CharField("hash do código (SHA-256)", max_length=64, unique=True, editable=False)
    emitido_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="emitido por",
        on_delete=models.PROTECT,
        null=True,
        related_name="+",
        help_text="Vazio quando emitido pelo comando emitir_codigo_de_cadastro, no servidor.",
    )
    emitido_em = models.DateTimeField("emitido em", default=relogio.agora)
    valido_ate = models.DateTimeField("válido até")
    usado_em = models.DateTimeField("usado em", null=True, blank=True)

    class Meta:
        verbose_name = "código de cadastro do segundo fator"
        verbose_name_plural = "códigos de cadastro do segundo fator"
        ordering = ["-emitido_em", "-id"]

    def __str__(self):
        return f"{self.usuario} — emitido em {relogio.dia_de(self.emitido_em):%d/%m/%Y}"
