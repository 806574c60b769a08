"""O registro dos atos publicados (docs/ATOS-PUBLICADOS.md): cada documento público guardado como
saiu, numerado por tipo e ano, com o código de verificação e o SHA-256 dos bytes, e quem o confirmou.

- ``AtoPublicado``: o ato registrado. Imutável no modelo (``save`` de um existente e ``delete``
  recusam), no QuerySet (``update`` e ``delete`` recusam) e, no PostgreSQL, no banco (um gatilho
  recusa UPDATE e DELETE; migração 0024). Uma correção é um ato novo que ``retifica`` o anterior.
- ``ContadorDeAtos``: o último número de cada tipo num ano; a linha é travada (``select_for_update``)
  enquanto um número se aloca, e a unicidade (tipo, ano, número) do ato segura o resto.
- ``PublicacaoNoDiario``: a edição, a data e a página do Diário Oficial em que o ato saiu,
  acrescentada depois que o jornal imprime; só inclusão, nunca editada.

Os bytes ficam no próprio banco (``BinaryField``), não num arquivo: o documento, o hash e o número
entram na mesma transação (nada de arquivo órfão nem de linha sem arquivo), a cópia de segurança do
banco leva os documentos, e o gatilho que impede a alteração protege também os bytes. Os atos são
pequenos (dezenas a centenas de KB); a lista completa de um resultado grande continua nos seus
arquivos próprios.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from comum.modelos import SoInclusao, TextosDigitados
from comum.validacao import ValidadorDeTexto

ALTERACAO_RECUSADA = "Um ato publicado não se altera: publique um ato que o retifique."
EXCLUSAO_RECUSADA = "Um ato publicado não se apaga."


class SoInclusaoQuerySet(models.QuerySet):
    """Recusa ``update`` e ``delete`` em massa (que não passam pelo ``save`` nem pelo ``delete`` do modelo)."""

    def update(self, **kwargs):
        raise ValidationError(self.model.ALTERACAO_RECUSADA)

    def delete(self):
        raise ValidationError(self.model.EXCLUSAO_RECUSADA)


class AtoPublicado(SoInclusao, models.Model):
    ALTERACAO_RECUSADA = ALTERACAO_RECUSADA
    EXCLUSAO_RECUSADA = EXCLUSAO_RECUSADA

    tipo = models.CharField("tipo", max_length=40)  # chave de ``concursos.tipos_de_ato.TIPOS_DE_ATO``
    ano = models.PositiveIntegerField("ano")
    numero = models.PositiveIntegerField("número")
    codigo = models.CharField("código de verificação", max_length=24, unique=True)
    titulo = models.CharField("título", max_length=300)
    conteudo = models.BinaryField("documento como foi publicado")
    tipo_do_conteudo = models.CharField("formato", max_length=80, default="application/pdf")
    # O mesmo ato num arquivo editável (DOCX), o formato que o Diário Oficial do Município recebe;
    # vazio nos tipos que não o geram. Não é o original conferido pelo código: é a cópia para o jornal.
    editavel = models.BinaryField("arquivo editável (DOCX)", blank=True, default=b"")
    hash_sha256 = models.CharField("SHA-256 do documento", max_length=64)
    # O SHA-256 dos dados que o ato publica (o quadro de vagas do Anexo I, por exemplo), quando o tipo
    # o calcula: diz se os dados de hoje ainda são os do ato, ou se ele pede retificação.
    hash_dos_dados = models.CharField("SHA-256 dos dados publicados", max_length=64, blank=True)
    edital = models.ForeignKey(
        "concursos.Edital", verbose_name="edital", on_delete=models.PROTECT, related_name="atos_publicados"
    )
    cargo = models.ForeignKey(
        "concursos.Cargo",
        verbose_name="cargo",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="atos_publicados",
    )
    resultado = models.ForeignKey(
        "concursos.Resultado",
        verbose_name="versão do resultado que publica",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="atos_publicados",
    )
    retifica = models.ForeignKey(
        "self",
        verbose_name="retifica o ato",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="retificacoes",
    )
    confirmado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="confirmado por", on_delete=models.PROTECT, related_name="+"
    )
    confirmado_em = models.DateTimeField("confirmado em")

    objects = SoInclusaoQuerySet.as_manager()

    class Meta:
        verbose_name = "ato publicado"
        verbose_name_plural = "atos publicados"
        ordering = ["-confirmado_em", "-id"]
        default_permissions = ["view"]
        constraints = [models.UniqueConstraint(fields=["tipo", "ano", "numero"], name="ato_publicado_numero_unico")]

    def __str__(self):
        return f"{self.titulo} (registro nº {self.numero}/{self.ano})"

    @property
    def numero_no_ano(self) -> str:
        return f"{self.numero}/{self.ano}"


class ContadorDeAtos(models.Model):
    """O último número dado a um tipo de ato num ano (só os serviços o tocam, travado)."""

    tipo = models.CharField("tipo", max_length=40)
    ano = models.PositiveIntegerField("ano")
    ultimo = models.PositiveIntegerField("último número", default=0)

    class Meta:
        verbose_name = "contador de atos"
        verbose_name_plural = "contadores de atos"
        default_permissions = []
        constraints = [models.UniqueConstraint(fields=["tipo", "ano"], name="contador_de_atos_unico")]

    def __str__(self):
        return f"{self.tipo} {self.ano}: {self.ultimo}"


class PublicacaoNoDiario(SoInclusao, TextosDigitados, models.Model):
    """Onde o ato saiu no Diário Oficial: acrescentado depois que o jornal imprime, nunca editado."""

    ALTERACAO_RECUSADA = "A referência do Diário Oficial não se altera: acrescente outra, se for o caso."
    EXCLUSAO_RECUSADA = "A referência do Diário Oficial não se apaga."

    ato = models.ForeignKey(
        AtoPublicado, verbose_name="ato", on_delete=models.PROTECT, related_name="publicacoes_no_diario"
    )
    edicao = models.CharField("edição", max_length=40, validators=[ValidadorDeTexto("edição", 40, multilinha=False)])
    data = models.DateField("data da edição")
    pagina = models.CharField("página", max_length=40, validators=[ValidadorDeTexto("página", 40, multilinha=False)])
    registrado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="registrado por", on_delete=models.PROTECT, related_name="+"
    )
    registrado_em = models.DateTimeField("registrado em", auto_now_add=True)

    objects = SoInclusaoQuerySet.as_manager()

    class Meta:
        verbose_name = "publicação no Diário Oficial"
        verbose_name_plural = "publicações no Diário Oficial"
        ordering = ["data", "id"]
        default_permissions = ["view", "add"]

    def __str__(self):
        return f"Diário Oficial do Município, edição {self.edicao}, de {self.data:%d/%m/%Y}, p. {self.pagina}"
