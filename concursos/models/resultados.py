"""As versões do resultado de um cargo: a saída completa do motor, o que a produziu e onde foi
publicada. Imutáveis: um evento novo produz uma versão nova."""

from functools import cached_property

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from simple_history.models import HistoricalRecords

import cotas
from comum import relogio
from comum.modelos import TextosDigitados
from comum.validacao import ValidadorDeTexto

from ..diario_oficial import DiarioOficial, do_resultado
from ..saida_do_motor import ler_saida


class Resultado(TextosDigitados, models.Model):
    """Versão imutável do resultado de um cargo: a saída completa do motor e o que a produziu."""

    PREVIA = "previa"
    FINAL = "final"
    PUBLICADO = "publicado"
    STATUS = [(PREVIA, "Prévia (provisório)"), (FINAL, "Final (não publicado)"), (PUBLICADO, "Publicado")]

    cargo = models.ForeignKey(
        "concursos.Cargo", verbose_name="cargo", on_delete=models.PROTECT, related_name="resultados"
    )
    versao = models.PositiveIntegerField("versão")
    status = models.CharField("situação", max_length=12, choices=STATUS, default=PREVIA)
    cenario = models.JSONField("entradas (cotas-cenario/1)")
    saida = models.JSONField("saída do motor (cotas-resultado/1)")
    hash_das_entradas = models.CharField("hash das entradas (SHA-256)", max_length=64)
    diferencas = models.JSONField("o que mudou e para quem", default=list)
    provisorio = models.BooleanField("provisório", default=False)
    motivo = models.CharField(
        "motivo da geração", max_length=200, blank=True, validators=[ValidadorDeTexto("motivo da geração", 200)]
    )
    evento = models.OneToOneField(
        "concursos.Evento",
        verbose_name="evento que gerou esta versão",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="resultado",
    )
    gerado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="gerado por", on_delete=models.PROTECT, related_name="+"
    )
    gerado_em = models.DateTimeField("gerado em", default=relogio.agora, editable=False, blank=True)
    publicado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="publicado por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    publicado_em = models.DateTimeField("publicado em", null=True, blank=True)
    # Onde a versão foi publicada (``diario_oficial.DiarioOficial``): exigido pelas telas de publicação.
    diario_oficial_edicao = models.CharField(
        "edição do Diário Oficial",
        max_length=20,
        blank=True,
        validators=[ValidadorDeTexto("edição do Diário Oficial", 20, multilinha=False)],
    )
    diario_oficial_data = models.DateField("data da edição do Diário Oficial", null=True, blank=True)
    diario_oficial_pagina = models.CharField(
        "página do Diário Oficial",
        max_length=20,
        blank=True,
        validators=[ValidadorDeTexto("página do Diário Oficial", 20, multilinha=False)],
    )
    # Publicada enquanto corria o prazo de recurso da verificação destas inscrições (docs/REGRAS.md
    # §10): a publicação sai "sujeita a recurso" quanto a elas, no ato, na tela e no PDF.
    sujeito_a_recurso = models.JSONField(
        "publicado sujeito a recurso (inscrições com prazo de recurso aberto)",
        default=list,
        blank=True,
        editable=False,
    )
    processamento = models.ForeignKey(
        "Processamento",
        verbose_name="gerado no processamento",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="resultados",
    )
    # O histórico só precisa acompanhar a publicação: entradas, saída e diferenças nunca mudam
    # (``save`` recusa) e copiá-las em cada registro dobraria o que se grava num edital grande.
    history = HistoricalRecords(
        verbose_name="histórico do resultado",
        verbose_name_plural="históricos do resultado",
        excluded_fields=["cenario", "saida", "diferencas"],
    )

    class Meta:
        verbose_name = "resultado"
        verbose_name_plural = "resultados"
        ordering = ["cargo", "-versao"]
        constraints = [models.UniqueConstraint(fields=["cargo", "versao"], name="resultado_versao_unica")]

    def __str__(self):
        return f"{self.cargo.nome} — versão {self.versao} ({self.get_status_display()})"

    def save(self, *args, **kwargs):
        if self.pk is not None and not kwargs.pop("publicando", False):
            raise ValidationError("Um resultado gerado é imutável; gere uma nova versão.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValidationError("Resultados não podem ser apagados.")

    @property
    def diario_oficial(self) -> DiarioOficial | None:
        return do_resultado(self)

    @cached_property
    def saida_do_motor(self) -> cotas.Resultado:
        """A saída gravada lida de volta em campos (``cotas.Resultado``), com as listas na ordem de
        publicação. Lida uma vez por objeto: num cargo de dezenas de milhares de inscritos, quem
        mostra o resultado lê os campos daqui, não as chaves do JSON."""
        return ler_saida(self.saida)


class PosicaoVigente(models.Model):
    """Quem a última versão do resultado do cargo convoca e onde (a ``ordem_vigente`` da saída do
    motor): a inscrição, a posição e a vaga. Copiada da saída a cada versão gerada (``gerar_resultado``,
    que os eventos, as reversões e o encerramento das sessões chamam), para que a busca do formulário de
    evento não leia a saída inteira (megabytes num cargo grande) a cada tecla. Derivada: nunca se
    edita, e a saída gravada continua sendo a fonte."""

    cargo = models.ForeignKey(
        "concursos.Cargo", verbose_name="cargo", on_delete=models.CASCADE, related_name="posicoes_vigentes"
    )
    resultado = models.ForeignKey(
        Resultado, verbose_name="versão do resultado", on_delete=models.CASCADE, related_name="+"
    )
    inscricao = models.CharField("número de inscrição", max_length=20)
    posicao = models.PositiveIntegerField("posição")
    vaga = models.CharField("vaga", max_length=40)

    class Meta:
        verbose_name = "posição vigente"
        verbose_name_plural = "posições vigentes"
        constraints = [
            models.UniqueConstraint(fields=["cargo", "inscricao"], name="posicao_vigente_unica_por_inscricao")
        ]

    def __str__(self):
        return f"{self.inscricao}: {self.posicao}ª vaga ({self.vaga})"
