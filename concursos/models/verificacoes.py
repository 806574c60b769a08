"""A opção da inscrição por um grupo reservado, a situação da sua verificação e os atos que a
decidem.

A situação de uma opção nunca é digitada: ela muda só por um ato de verificação registrado por
``services.registrar_verificacao`` (Ajuda › Heteroidentificação, “Atos de verificação”). O ato diz de onde veio a
decisão (a comissão, a comissão recursal, o processo de apuração de declaração falsa, a Justiça ou
a avaliação da equipe multiprofissional da PcD), o documento, a data do ato e quem o registrou.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from simple_history.models import HistoricalRecords

from comum import relogio
from comum.modelos import SoInclusao, TextosDigitados
from comum.validacao import LIMITE_DE_TEXTO, ValidadorDeTexto
from cotas.modelo import AUSENTE, CONFIRMADO, DECLARACAO_FALSA, NAO_CONFIRMADO, PENDENTE

SITUACOES_DE_VERIFICACAO = [
    (PENDENTE, "Pendente"),
    (CONFIRMADO, "Confirmado"),
    (NAO_CONFIRMADO, "Não confirmado"),
    (AUSENTE, "Ausente"),
    (DECLARACAO_FALSA, "Declaração falsa (apurada em processo)"),
]

# Quem registra os atos de verificação do RH (avaliação PcD, decisão judicial) e, com os dados
# sensíveis, as avaliações PcD em lote (docs/PAPEIS.md).
REGISTRAR_ATO_DE_VERIFICACAO = "concursos.add_atodeverificacao"
REGISTRAR_AVALIACOES_PCD = (REGISTRAR_ATO_DE_VERIFICACAO, "concursos.ver_dados_sensiveis")

COMO_MUDAR_A_VERIFICACAO = (
    "a verificação não se digita: muda só por um ato registrado (decisão da comissão de "
    "heteroidentificação ou da recursal, processo de apuração de declaração falsa, avaliação da equipe "
    "multiprofissional da PcD ou decisão judicial), pelos botões “Registrar avaliação PcD” e “Registrar "
    "decisão judicial” da ficha da inscrição ou pelas telas da heteroidentificação "
    "(Ajuda › Heteroidentificação, “Atos de verificação”)."
)


class OpcaoDeGrupo(models.Model):
    """Opção da inscrição por um grupo reservado e a situação da sua verificação.

    A opção nasce pendente (no formulário da inscrição ou na importação); a situação muda só por
    ``services.registrar_verificacao``, que grava o ``AtoDeVerificacao`` e o entrega a ``save``
    (``_ato_de_verificacao``): sem o ato, ``save`` recusa.
    """

    inscricao = models.ForeignKey(
        "concursos.Inscricao", verbose_name="inscrição", on_delete=models.CASCADE, related_name="opcoes"
    )
    grupo = models.CharField("grupo", max_length=32)
    situacao = models.CharField("verificação", max_length=20, choices=SITUACOES_DE_VERIFICACAO, default=PENDENTE)
    history = HistoricalRecords(
        verbose_name="histórico da opção por grupo", verbose_name_plural="históricos da opção por grupo"
    )

    class Meta:
        verbose_name = "opção por grupo reservado"
        verbose_name_plural = "opções por grupos reservados"
        constraints = [models.UniqueConstraint(fields=["inscricao", "grupo"], name="opcao_grupo_unica")]

    def __str__(self):
        return f"{self.grupo}: {self.get_situacao_display()}"

    def save(self, *args, **kwargs):
        """Recusa a situação que não vem de um ato de verificação e, depois da primeira publicação do
        cargo, qualquer mudança (a verificação passa a mudar por evento de revisão, que
        ``services.registrar_verificacao`` cria; docs/REGRAS.md §8)."""
        gravada = None
        if self.pk is not None:
            gravada = OpcaoDeGrupo.objects.filter(pk=self.pk).values_list("grupo", "situacao").first()
        if gravada not in (None, (self.grupo, self.situacao)) and self.inscricao.cargo.publicado:
            raise ValidationError(
                f"Inscrição {self.inscricao.numero}, grupo {self.grupo}: o resultado do cargo já foi publicado; "
                "a verificação só muda por evento de revisão de verificação, com documento e data do ato "
                "(Ajuda › Regras, §8)."
            )
        situacao_antes = PENDENTE if gravada is None else gravada[1]
        if situacao_antes != self.situacao and not self._mudanca_pelo_ato():
            raise ValidationError(
                f"Inscrição {self.inscricao.numero}, grupo {self.grupo}: situação “{self.get_situacao_display()}” "
                f"recusada; {COMO_MUDAR_A_VERIFICACAO}"
            )
        if gravada is not None and gravada[0] != self.grupo and gravada[1] != PENDENTE:
            raise ValidationError(
                f"Inscrição {self.inscricao.numero}: a opção por {gravada[0]} já tem verificação registrada por "
                "ato e não pode virar opção por outro grupo."
            )
        super().save(*args, **kwargs)

    def _mudanca_pelo_ato(self) -> bool:
        """A situação nova é a do ato de verificação, já gravado, desta mesma opção."""
        ato = getattr(self, "_ato_de_verificacao", None)
        return (
            ato is not None
            and ato.pk is not None
            and (ato.inscricao_id, ato.grupo, ato.situacao) == (self.inscricao_id, self.grupo, self.situacao)
        )


class AtoDeVerificacao(SoInclusao, TextosDigitados, models.Model):
    """Um ato que decide a verificação de uma opção por grupo reservado. Só inclusão.

    Gravado por ``services.registrar_verificacao`` antes e depois da publicação do cargo: antes, a
    opção recebe a situação nova; depois, o ato vira o evento de revisão de verificação
    (``evento``; docs/REGRAS.md §8) e a opção fica como foi publicada.
    """

    ALTERACAO_RECUSADA = "Atos de verificação não podem ser alterados; registre um novo ato."
    EXCLUSAO_RECUSADA = "Atos de verificação não podem ser apagados."

    COMISSAO = "comissao"
    RECURSO = "recurso"
    APURACAO = "apuracao"
    JUDICIAL = "judicial"
    AVALIACAO_PCD = "avaliacao_pcd"
    ANALISE_DOCUMENTAL = "documental"
    ORIGENS = [
        (COMISSAO, "Decisão colegiada da comissão de heteroidentificação"),
        (RECURSO, "Decisão da comissão recursal"),
        (APURACAO, "Processo de apuração de declaração falsa"),
        (JUDICIAL, "Decisão judicial registrada"),
        (AVALIACAO_PCD, "Avaliação da equipe multiprofissional (PcD)"),
        (ANALISE_DOCUMENTAL, "Análise documental (indígenas e quilombolas)"),
    ]

    inscricao = models.ForeignKey(
        "concursos.Inscricao", verbose_name="inscrição", on_delete=models.PROTECT, related_name="atos_de_verificacao"
    )
    grupo = models.CharField("grupo", max_length=32)
    situacao_anterior = models.CharField("verificação anterior", max_length=20, choices=SITUACOES_DE_VERIFICACAO)
    situacao = models.CharField("nova verificação", max_length=20, choices=SITUACOES_DE_VERIFICACAO)
    origem = models.CharField("origem", max_length=16, choices=ORIGENS)
    documento = models.CharField(
        "documento",
        max_length=120,
        help_text="Ata, laudo, parecer da equipe, decisão do processo ou da Justiça.",
        validators=[ValidadorDeTexto("documento", 120, multilinha=False)],
    )
    data_do_ato = models.DateField("data do ato")
    equipe = models.CharField(
        "equipe avaliadora",
        max_length=300,
        blank=True,
        help_text="Na avaliação PcD: a equipe multiprofissional (ou biopsicossocial) que avaliou; na análise "
        "documental: a comissão ou os servidores designados que conferiram os documentos.",
        validators=[ValidadorDeTexto("equipe", 300, multilinha=False)],
    )
    processo = models.CharField(
        "número do processo judicial",
        max_length=40,
        blank=True,
        validators=[ValidadorDeTexto("número do processo judicial", 40, multilinha=False)],
    )
    sub_judice = models.BooleanField(
        "sub judice", default=False, help_text="Decisão judicial ainda não definitiva (liminar, sentença recorrida)."
    )
    motivo = models.TextField("motivo", blank=True, validators=[ValidadorDeTexto("motivo", LIMITE_DE_TEXTO)])
    registrado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="registrado por", on_delete=models.PROTECT, related_name="+"
    )
    registrado_em = models.DateTimeField("registrado em", default=relogio.agora, editable=False, blank=True)
    evento = models.OneToOneField(
        "concursos.Evento",
        verbose_name="evento de revisão",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="ato_de_verificacao",
        help_text="Quando o cargo já tinha resultado publicado: o evento de revisão de verificação.",
    )
    sem_efeito = models.CharField(
        "sem efeito no resultado porque",
        max_length=200,
        blank=True,
        help_text="Por exemplo, o candidato já saiu.",
        validators=[ValidadorDeTexto("sem efeito no resultado porque", 200, multilinha=False)],
    )

    class Meta:
        verbose_name = "ato de verificação"
        verbose_name_plural = "atos de verificação"
        ordering = ["inscricao", "registrado_em", "id"]
        default_permissions = ["add", "view"]

    def __str__(self):
        return f"{self.get_origem_display()}: {self.grupo} → {self.get_situacao_display()} ({self.documento})"

    def clean(self):
        if self.origem == self.AVALIACAO_PCD and not self.equipe.strip():
            raise ValidationError({"equipe": "Informe a equipe multiprofissional que fez a avaliação."})
        if self.origem == self.ANALISE_DOCUMENTAL and not self.equipe.strip():
            raise ValidationError(
                {"equipe": "Informe quem conferiu os documentos (comissão ou servidores designados)."}
            )
        if self.origem == self.JUDICIAL and not self.processo.strip():
            raise ValidationError({"processo": "Informe o número do processo judicial da decisão."})
