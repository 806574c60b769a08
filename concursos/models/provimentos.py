"""Nomeação, posse e exercício de cada convocado, e os atos de convocação publicados
(docs/CONVOCACAO.md; docs/REGRAS.md §9: o registro é uma linha do tempo).

``Provimento``: um por inscrição convocada. Cada passo (nomeação, posse, exercício) é registrado
uma vez, datado, com quem o registrou, pelos serviços de ``services/provimentos.py``, nunca pelo
admin; o histórico guarda cada gravação. Os prazos (posse, exercício) são contados dos dias que o
edital fixa (``Edital.prazo_da_posse_em_dias`` e ``prazo_do_exercicio_em_dias``).

``AtoDeConvocacao``: o edital de convocação publicado, com o número, a data, o PDF como saiu, o
hash do PDF e as inscrições convocadas. Só inclusão: nunca alterado nem apagado.
"""

from datetime import timedelta

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from comum.modelos import SoInclusao, TextosDigitados
from comum.validacao import ValidadorDeTexto

# Os campos do edital com os prazos (em dias): ``Edital.prazo_da_posse_em_dias`` e ``prazo_do_exercicio_em_dias``.
PRAZOS_DO_PROVIMENTO = ["prazo_da_posse_em_dias", "prazo_do_exercicio_em_dias"]


class Provimento(TextosDigitados, models.Model):
    inscricao = models.OneToOneField(
        "concursos.Inscricao", verbose_name="inscrição", on_delete=models.PROTECT, related_name="provimento"
    )
    portaria = models.CharField(
        "portaria de nomeação",
        max_length=120,
        help_text="Número da portaria.",
        validators=[ValidadorDeTexto("portaria", 120, multilinha=False)],
    )
    data_da_nomeacao = models.DateField(
        "publicação da nomeação", help_text="Data da publicação da portaria: dela conta o prazo da posse."
    )
    registrado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="nomeação registrada por", on_delete=models.PROTECT, related_name="+"
    )
    registrado_em = models.DateTimeField("nomeação registrada em", auto_now_add=True)
    data_da_posse = models.DateField("data da posse", null=True, blank=True)
    posse_registrada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="posse registrada por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    data_do_exercicio = models.DateField("início do exercício", null=True, blank=True)
    exercicio_registrado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="exercício registrado por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    history = HistoricalRecords(verbose_name="histórico do provimento", verbose_name_plural="históricos do provimento")

    class Meta:
        verbose_name = "provimento (nomeação, posse e exercício)"
        verbose_name_plural = "provimentos (nomeação, posse e exercício)"
        ordering = ["inscricao__cargo", "data_da_nomeacao", "id"]
        # Só os serviços gravam: o admin mostra, e o RH registra cada passo pela página do cargo.
        default_permissions = ["view"]
        permissions = [("registrar_provimento", "Pode registrar nomeação, posse e exercício")]

    def __str__(self):
        return f"{self.inscricao.numero} — {self.portaria}"

    @property
    def prazo_da_posse(self):
        """Último dia para a posse: a publicação da nomeação mais os dias do edital."""
        return self.data_da_nomeacao + timedelta(days=self.inscricao.edital.prazo_da_posse_em_dias)

    @property
    def prazo_do_exercicio(self):
        """Último dia para entrar em exercício: a posse mais os dias do edital (sem posse, nenhum)."""
        if self.data_da_posse is None:
            return None
        return self.data_da_posse + timedelta(days=self.inscricao.edital.prazo_do_exercicio_em_dias)


class AtoDeConvocacao(SoInclusao, TextosDigitados, models.Model):
    ALTERACAO_RECUSADA = "Um ato de convocação publicado não se altera; publique um novo ato."
    EXCLUSAO_RECUSADA = "Um ato de convocação publicado não se apaga."

    cargo = models.ForeignKey(
        "concursos.Cargo", verbose_name="cargo", on_delete=models.PROTECT, related_name="atos_de_convocacao"
    )
    numero = models.CharField(
        "número do ato", max_length=40, validators=[ValidadorDeTexto("número do ato", 40, multilinha=False)]
    )
    data = models.DateField("data do ato")
    local = models.TextField(
        "onde apresentar os documentos e tomar posse",
        validators=[ValidadorDeTexto("onde apresentar os documentos e tomar posse", 2000)],
    )
    prazo = models.DateField("prazo para apresentar os documentos e tomar posse (até)")
    inscricoes = models.JSONField("inscrições convocadas", default=list)
    pdf = models.BinaryField("PDF publicado", editable=False)
    hash_do_pdf = models.CharField("hash do PDF (SHA-256)", max_length=64, editable=False)
    registrado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="registrado por", on_delete=models.PROTECT, related_name="+"
    )
    registrado_em = models.DateTimeField("registrado em", auto_now_add=True)
    # O ato no registro dos atos publicados (número por tipo e ano, código de verificação); os atos
    # publicados antes do registro não o têm.
    registro = models.OneToOneField(
        "concursos.AtoPublicado",
        verbose_name="registro do ato publicado",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
        related_name="ato_de_convocacao",
    )

    class Meta:
        verbose_name = "ato de convocação"
        verbose_name_plural = "atos de convocação"
        ordering = ["cargo", "-data", "-id"]
        default_permissions = ["view"]
        permissions = [("publicar_ato_de_convocacao", "Pode publicar atos de convocação")]
        constraints = [models.UniqueConstraint(fields=["cargo", "numero"], name="ato_de_convocacao_numero_unico")]

    def __str__(self):
        return f"Ato de convocação nº {self.numero}"
