"""Os eventos posteriores ao primeiro resultado (docs/REGRAS.md §5): desistência, não posse, vagas
adicionais, revisões… Só inclusão: um evento errado é revertido por um novo registro que diz por quê."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from simple_history.models import HistoricalRecords

from comum import relogio
from comum.modelos import SoInclusao, TextosDigitados
from comum.validacao import LIMITE_DE_TEXTO, ValidadorDeTexto
from cotas.eventos import TIPOS_DE_EVENTO

from .editais import Cargo
from .inscricoes import Inscricao
from .verificacoes import SITUACOES_DE_VERIFICACAO


class EventoQuerySet(models.QuerySet):
    def vigentes(self):
        """Os eventos em vigor, os que entram no cenário: nem os revertidos, nem as próprias reversões."""
        return self.exclude(tipo=Evento.REVERSAO).filter(revertido_por__isnull=True)


class Evento(SoInclusao, TextosDigitados, models.Model):
    """Evento posterior ao primeiro resultado (docs/REGRAS.md §5). Só inclusão; um erro se corrige com
    outro registro que reverte este (``reverte``) e diz por quê."""

    ALTERACAO_RECUSADA = "Eventos não podem ser alterados; registre uma reversão."
    EXCLUSAO_RECUSADA = "Eventos não podem ser apagados; registre uma reversão."

    # O registro que desfaz outro evento: não é evento do motor nem entra no cenário.
    REVERSAO = "reversao"
    TIPOS = [(tipo.tipo, tipo.rotulo) for tipo in TIPOS_DE_EVENTO.values()] + [
        (REVERSAO, "Reversão de evento registrado por engano"),
    ]

    cargo = models.ForeignKey(Cargo, verbose_name="cargo", on_delete=models.PROTECT, related_name="eventos")
    tipo = models.CharField("tipo", max_length=20, choices=TIPOS)
    inscricao = models.ForeignKey(
        Inscricao, verbose_name="inscrição", on_delete=models.PROTECT, null=True, blank=True, related_name="eventos"
    )
    quantidade = models.PositiveIntegerField("quantidade de vagas", null=True, blank=True)
    documento = models.CharField(
        "documento de suporte",
        max_length=120,
        help_text="Número do ofício, portaria ou requerimento.",
        validators=[ValidadorDeTexto("documento", 120, multilinha=False)],
    )
    motivo = models.TextField("motivo", blank=True, validators=[ValidadorDeTexto("motivo", LIMITE_DE_TEXTO)])
    data_do_ato = models.DateField(
        "data do ato",
        help_text="Data do ato que o evento registra (portaria, decisão, requerimento), dentro da validade do concurso.",
    )
    diario_oficial = models.CharField(
        "publicação no Diário Oficial",
        max_length=200,
        blank=True,
        help_text="Referência da publicação, por exemplo “DOM nº 1234, 02/05/2025, p. 7”.",
        validators=[ValidadorDeTexto("Diário Oficial", 200, multilinha=False)],
    )
    # Revisões (docs/REGRAS.md §8): ``grupo`` e ``situacao`` na de verificação; ``nota`` e
    # ``notas_parciais`` na de nota; ``sub_judice`` e ``processo`` quando vêm de decisão judicial não definitiva.
    grupo = models.CharField("grupo", max_length=32, blank=True)
    situacao = models.CharField("nova verificação", max_length=20, choices=SITUACOES_DE_VERIFICACAO, blank=True)
    nota = models.DecimalField("nota corrigida", max_digits=9, decimal_places=3, null=True, blank=True)
    notas_parciais = models.JSONField("notas parciais corrigidas", default=dict, blank=True)
    sub_judice = models.BooleanField(
        "sub judice", default=False, help_text="Decisão judicial ainda não definitiva (liminar, sentença recorrida)."
    )
    processo = models.CharField(
        "número do processo judicial",
        max_length=40,
        blank=True,
        validators=[ValidadorDeTexto("número do processo judicial", 40, multilinha=False)],
    )
    reverte = models.OneToOneField(
        "self",
        verbose_name="reverte o evento",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="revertido_por",
    )
    registrado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="registrado por", on_delete=models.PROTECT
    )
    registrado_em = models.DateTimeField("registrado em", default=relogio.agora, editable=False, blank=True)
    history = HistoricalRecords(verbose_name="histórico do evento", verbose_name_plural="históricos do evento")

    objects = EventoQuerySet.as_manager()

    class Meta:
        verbose_name = "evento"
        verbose_name_plural = "eventos"
        ordering = ["cargo", "registrado_em", "id"]

    def __str__(self):
        if self.tipo == self.REVERSAO:
            return f"Reversão de {self.reverte}" if self.reverte_id else "Reversão"
        alvo = self.inscricao.numero if self.inscricao_id else f"+{self.quantidade}"
        return f"{self.get_tipo_display()} ({alvo})"

    def clean(self):
        if self.sub_judice and not self.processo.strip():
            raise ValidationError({"processo": "Informe o número do processo judicial da decisão sub judice."})
