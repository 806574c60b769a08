"""Quem publica os documentos: o cabeçalho dos anexos do edital (órgão, estado, secretaria, brasão) e
o lugar da assinatura.

Um registro só (o admin não deixa incluir um segundo); sem nenhum, os documentos usam os valores
padrão da Prefeitura de Cariacica (``Instituicao.atual()``). O brasão fica no próprio banco (PNG ou
SVG, até ``LIMITE_DO_BRASAO``): o projeto não tem Pillow nem pasta de arquivos servida, e o PDF o
embute como ``data:`` (o buscador do WeasyPrint recusa o resto, docs/TECNICO.md §2.3)."""

import base64

from django.db import models
from simple_history.models import HistoricalRecords

from comum.modelos import TextosDigitados
from comum.validacao import ValidadorDeTexto

LIMITE_DO_BRASAO = 256 * 1024  # bytes: um brasão em PNG ou SVG tem algumas dezenas de KiB
TIPOS_DO_BRASAO = {"image/png": "PNG", "image/svg+xml": "SVG"}


class Instituicao(TextosDigitados, models.Model):
    orgao = models.CharField(
        "município ou órgão",
        max_length=200,
        default="Prefeitura Municipal de Cariacica",
        validators=[ValidadorDeTexto("município ou órgão", 200, multilinha=False)],
    )
    estado = models.CharField(
        "estado",
        max_length=100,
        default="Estado do Espírito Santo",
        validators=[ValidadorDeTexto("estado", 100, multilinha=False)],
    )
    secretaria = models.CharField(
        "secretaria",
        max_length=200,
        blank=True,
        help_text="Por exemplo, Secretaria Municipal de Gestão e Finanças.",
        validators=[ValidadorDeTexto("secretaria", 200, multilinha=False)],
    )
    local = models.CharField(
        "local da assinatura",
        max_length=100,
        default="Cariacica/ES",
        help_text='Abre a data: "Cariacica/ES, 2 de…".',
        validators=[ValidadorDeTexto("local da assinatura", 100, multilinha=False)],
    )
    brasao = models.BinaryField("brasão", blank=True, default=b"")
    brasao_tipo = models.CharField("tipo do brasão", max_length=20, blank=True, editable=False)
    history = HistoricalRecords(
        verbose_name="histórico do cabeçalho", verbose_name_plural="históricos do cabeçalho", excluded_fields=["brasao"]
    )

    class Meta:
        verbose_name = "cabeçalho institucional"
        verbose_name_plural = "cabeçalho institucional"

    def __str__(self):
        return self.orgao

    @classmethod
    def atual(cls) -> "Instituicao":
        """O registro gravado ou, sem nenhum, um com os valores padrão (não gravado)."""
        return cls.objects.order_by("pk").first() or cls()

    def brasao_como_data_uri(self) -> str:
        """O brasão embutível no PDF (``data:``); vazio sem brasão."""
        if not self.brasao or self.brasao_tipo not in TIPOS_DO_BRASAO:
            return ""
        return f"data:{self.brasao_tipo};base64,{base64.b64encode(bytes(self.brasao)).decode('ascii')}"
