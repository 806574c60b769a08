"""Os leiautes de importação: o mapeamento das colunas do arquivo de uma banca, salvo com um nome
para a próxima importação da mesma banca (``importacao.mapeamento``)."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from comum.modelos import TextosDigitados
from comum.validacao import ValidadorDeTexto


class LeiauteDeImportacao(TextosDigitados, models.Model):
    """As colunas de um arquivo de uma banca: cabeçalho normalizado (``'nome_do_candidato'``) → campo
    da planilha (``'nome'``) ou ``'ignorar'``. Vale para qualquer edital: na importação, o campo que
    não é do edital (um grupo de outro regime, uma nota parcial que o desempate não usa) é apontado
    pela conferência do mapeamento."""

    banca = models.CharField(
        "banca",
        max_length=120,
        help_text="A organizadora do concurso, como o RH a chama.",
        validators=[ValidadorDeTexto("banca", 120, multilinha=False)],
    )
    nome = models.CharField(
        "nome",
        max_length=120,
        help_text="Por exemplo, “inscrições com notas parciais”.",
        validators=[ValidadorDeTexto("nome", 120, multilinha=False)],
    )
    colunas = models.JSONField("colunas", default=dict, help_text="Cabeçalho do arquivo → campo da planilha.")
    criado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="criado por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    criado_em = models.DateTimeField("criado em", auto_now_add=True)
    atualizado_em = models.DateTimeField("atualizado em", auto_now=True)

    class Meta:
        verbose_name = "leiaute de importação"
        verbose_name_plural = "leiautes de importação"
        ordering = ["banca", "nome"]
        constraints = [models.UniqueConstraint(fields=["banca", "nome"], name="leiaute_unico_por_banca")]

    def __str__(self):
        return f"{self.banca} — {self.nome}"

    def clean(self):
        colunas = self.colunas
        if not isinstance(colunas, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and k and v for k, v in colunas.items()
        ):
            raise ValidationError(
                {"colunas": 'Informe um objeto de cabeçalho → campo, por exemplo {"nome_do_candidato": "nome"}.'}
            )
