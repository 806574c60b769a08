"""Editais e cargos: o regime congelado na criação do edital, a cadeia de desempate, a validade e a
sua prorrogação, os prazos do provimento; e as vagas de cada cargo, congeladas depois da primeira
publicação do resultado (Ajuda › Regras, §9).

Os modelos do app moram um por tópico neste pacote (``editais``, ``inscricoes``, ``verificacoes``,
``eventos``, ``resultados``, ``provimentos``, ``importacao``, ``instituicao``, ``processamentos``,
``acessos``); ``concursos.models`` reexporta todos. Os registros da trilha de auditoria (eventos e
resultados) são só de inclusão: criados pelos serviços (``concursos.services``), nunca editados nem
apagados.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from simple_history.models import HistoricalRecords

import cotas
from comum import relogio
from comum.modelos import TextosDigitados
from comum.validacao import ValidadorDeTexto
from cotas.modelo import (
    CONCURSO_PUBLICO,
    DESEMPATE_PADRAO,
    PROCESSO_SELETIVO_ACS_ACE,
    criterio_de_desempate_valido,
)

from .resultados import Resultado

TIPOS_DE_EDITAL = [
    (CONCURSO_PUBLICO, "Concurso público"),
    (PROCESSO_SELETIVO_ACS_ACE, "Processo seletivo (ACS/ACE)"),
]
REGIMES = [(nome, regime.titulo) for nome, regime in cotas.REGIMES.items()]


def desempate_padrao():
    return list(DESEMPATE_PADRAO)


class Edital(TextosDigitados, models.Model):
    numero = models.PositiveIntegerField("número")
    ano = models.PositiveSmallIntegerField("ano", validators=[MinValueValidator(1988)])
    titulo = models.CharField("título", max_length=200, validators=[ValidadorDeTexto("título", 200, multilinha=False)])
    tipo = models.CharField("tipo", max_length=32, choices=TIPOS_DE_EDITAL, default=CONCURSO_PUBLICO)
    publicado_em = models.DateField("data de publicação")
    validade_ate = models.DateField(
        "prazo de validade (até)",
        null=True,
        blank=True,
        help_text="Último dia da validade do concurso (até dois anos, CF art. 37, III). Eventos datados depois "
        "dele (ou da prorrogação) são recusados.",
    )
    # A prorrogação (uma só, por igual período: CF art. 37, III) é um ato registrado pelo serviço
    # ``prorrogar_validade``, nunca digitada no formulário do edital.
    prorrogada_ate = models.DateField("validade prorrogada até", null=True, blank=True, editable=False)
    prorrogacao_documento = models.CharField(
        "documento da prorrogação",
        max_length=200,
        blank=True,
        editable=False,
        validators=[ValidadorDeTexto("documento da prorrogação", 200, multilinha=False)],
    )
    prorrogacao_data = models.DateField("data do ato de prorrogação", null=True, blank=True, editable=False)
    prorrogacao_registrada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="prorrogação registrada por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
        related_name="+",
    )
    data_referencia_idade = models.DateField(
        "data de referência da idade", help_text="Último dia de inscrição: idade para o desempate do idoso."
    )
    desempate = models.JSONField(
        "cadeia de desempate",
        default=desempate_padrao,
        help_text="Critérios em ordem: idoso, nota:<campo>, idade, jurado, sorteio.",
    )
    regime = models.CharField("regime", max_length=32, choices=REGIMES, default=cotas.REGIME_PADRAO)
    parametros_do_regime = models.JSONField(
        "parâmetros do regime (congelados)",
        editable=False,
        default=dict,
        help_text="Cópia dos parâmetros do regime feita na criação do edital; mudanças de código não a alteram.",
    )
    criado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="criado por", on_delete=models.PROTECT, null=True, editable=False
    )
    criado_em = models.DateTimeField("criado em", default=relogio.agora, editable=False, blank=True)
    # Quem assina os anexos do edital (o quadro de vagas); sem nome, o bloco de assinatura fica em branco.
    signatario_nome = models.CharField(
        "nome de quem assina os anexos",
        max_length=200,
        blank=True,
        validators=[ValidadorDeTexto("nome de quem assina os anexos", 200, multilinha=False)],
    )
    signatario_funcao = models.CharField(
        "cargo ou função de quem assina",
        max_length=200,
        blank=True,
        validators=[ValidadorDeTexto("cargo ou função de quem assina", 200, multilinha=False)],
    )
    # Prazos do provimento (docs/CONVOCACAO.md): o estatuto municipal não está no repositório; o padrão
    # são os 30 e 15 dias da Lei 8.112/1990 (arts. 13, §1º, e 15, §1º), e o edital os muda.
    prazo_da_posse_em_dias = models.PositiveSmallIntegerField(
        "prazo da posse (dias)", default=30, help_text="Contados da publicação da nomeação."
    )
    prazo_do_exercicio_em_dias = models.PositiveSmallIntegerField(
        "prazo do exercício (dias)", default=15, help_text="Contados da posse."
    )
    history = HistoricalRecords(verbose_name="histórico do edital", verbose_name_plural="históricos do edital")

    class Meta:
        verbose_name = "edital"
        verbose_name_plural = "editais"
        ordering = ["-ano", "-numero"]
        constraints = [models.UniqueConstraint(fields=["numero", "ano"], name="edital_numero_ano_unico")]
        permissions = [
            ("gerar_resultado", "Pode gerar resultados"),
            ("publicar_resultado", "Pode publicar resultados"),
            ("registrar_evento", "Pode registrar eventos (desistência, vagas adicionais…)"),
        ]

    def __str__(self):
        return f"{self.numero}/{self.ano}"

    @property
    def identificacao(self) -> str:
        return f"Edital nº {self.numero}/{self.ano} — {self.titulo}"

    def regime_congelado(self) -> cotas.Regime:
        """O regime como foi congelado na criação do edital."""
        return cotas.regime_inline(self.parametros_do_regime)

    @property
    def fim_da_validade(self):
        """O último dia em que o concurso vale: o da prorrogação, se houve, senão o prazo original
        (``None`` quando o prazo não foi informado)."""
        return self.prorrogada_ate or self.validade_ate

    def edital_do_motor(self) -> cotas.Edital:
        return cotas.Edital(
            tipo=self.tipo,
            publicado_em=self.publicado_em,
            data_referencia_idade=self.data_referencia_idade,
            desempate=tuple(self.desempate),
        )

    def clean(self):
        if not isinstance(self.desempate, list) or not all(isinstance(c, str) for c in self.desempate):
            raise ValidationError({"desempate": 'Informe uma lista de critérios, por exemplo ["idoso", "idade"].'})
        for criterio in self.desempate:
            if not criterio_de_desempate_valido(criterio):
                raise ValidationError({"desempate": f"Critério desconhecido: {criterio!r}."})


class CargoQuerySet(models.QuerySet):
    def com_publicacao(self):
        """Cada cargo com ``resultado_publicado`` anotado (o que ``Cargo.publicado`` lê)."""
        publicados = Resultado.objects.filter(cargo=models.OuterRef("pk"), status=Resultado.PUBLICADO)
        return self.annotate(resultado_publicado=models.Exists(publicados))


class Cargo(TextosDigitados, models.Model):
    edital = models.ForeignKey(Edital, verbose_name="edital", on_delete=models.PROTECT, related_name="cargos")
    codigo = models.CharField("código", max_length=20, validators=[ValidadorDeTexto("código", 20, multilinha=False)])
    nome = models.CharField("nome", max_length=200, validators=[ValidadorDeTexto("nome", 200, multilinha=False)])
    vagas = models.PositiveIntegerField("vagas do edital")
    # Colunas do anexo do quadro de vagas (só aparecem no PDF quando algum cargo as preenche).
    requisitos = models.TextField(
        "requisitos",
        blank=True,
        help_text="Escolaridade, habilitação e registro exigidos.",
        validators=[ValidadorDeTexto("requisitos", 2000)],
    )
    carga_horaria = models.CharField(
        "carga horária",
        max_length=40,
        blank=True,
        help_text="Por exemplo, 40 h semanais.",
        validators=[ValidadorDeTexto("carga horária", 40, multilinha=False)],
    )
    vencimento = models.DecimalField(
        "vencimento (R$)", max_digits=11, decimal_places=2, null=True, blank=True, validators=[MinValueValidator(0)]
    )
    history = HistoricalRecords(verbose_name="histórico do cargo", verbose_name_plural="históricos do cargo")

    objects = CargoQuerySet.as_manager()

    class Meta:
        verbose_name = "cargo"
        verbose_name_plural = "cargos"
        ordering = ["edital", "codigo"]
        constraints = [models.UniqueConstraint(fields=["edital", "codigo"], name="cargo_codigo_unico_no_edital")]

    def __str__(self):
        return f"{self.codigo} — {self.nome}"

    def save(self, *args, **kwargs):
        if self.pk is not None and self.vagas != self._vagas_gravadas() and self.publicado:
            raise ValidationError(f"Cargo {self.codigo}: {MENSAGEM_VAGAS_CONGELADAS}")
        super().save(*args, **kwargs)

    @property
    def publicado(self) -> bool:
        """Já tem resultado publicado: as entradas estão congeladas (Ajuda › Regras, §9). Uma lista de
        cargos pode trazer a resposta anotada (``Cargo.objects.com_publicacao()``), sem uma consulta por cargo."""
        anotado = self.__dict__.get("resultado_publicado")
        if anotado is not None:
            return anotado
        return self.pk is not None and self.resultados.filter(status=Resultado.PUBLICADO).exists()

    def quadro_de_vagas(self) -> cotas.Quadro:
        """O quadro de vagas do cargo pelos parâmetros congelados do edital (Art. 1º, §4º)."""
        edital = self.edital
        regime = edital.regime_congelado()
        return cotas.quadro_de_vagas(self.vagas, regime, cotas.grupos_aplicaveis(regime, edital.edital_do_motor()))

    def _vagas_gravadas(self):
        return Cargo.objects.filter(pk=self.pk).values_list("vagas", flat=True).first()

    def clean(self):
        if self.pk is not None and self.vagas != self._vagas_gravadas() and self.publicado:
            raise ValidationError({"vagas": MENSAGEM_VAGAS_CONGELADAS})


MENSAGEM_VAGAS_CONGELADAS = (
    "O resultado deste cargo já foi publicado: as vagas do edital não mudam mais. Vagas que surgirem "
    "na validade do concurso entram por um evento de vagas adicionais (Ajuda › Regras, §9)."
)
