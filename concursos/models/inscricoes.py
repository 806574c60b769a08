"""Candidatos e inscrições: quem concorre, a nota e as entradas do motor que, depois da primeira
publicação do cargo, só mudam por evento (docs/REGRAS.md §9)."""

from decimal import Decimal
from typing import NamedTuple

from django.core.exceptions import ValidationError
from django.db import models
from simple_history.models import HistoricalRecords

from comum.cpf import formatar_cpf, mascarar_cpf, normalizar_cpf, validar_cpf
from comum.modelos import TextosDigitados
from comum.validacao import ValidadorDeTexto

from .editais import Cargo, Edital

CORES_IBGE = [
    ("branca", "Branca"),
    ("preta", "Preta"),
    ("parda", "Parda"),
    ("amarela", "Amarela"),
    ("indigena", "Indígena"),
]


class Candidato(TextosDigitados, models.Model):
    nome = models.CharField("nome", max_length=200, validators=[ValidadorDeTexto("nome", 200, multilinha=False)])
    nome_social = models.CharField(
        "nome social", max_length=200, blank=True, validators=[ValidadorDeTexto("nome social", 200, multilinha=False)]
    )
    cpf = models.CharField(
        "CPF", max_length=11, unique=True, validators=[ValidadorDeTexto("CPF", 11, multilinha=False), validar_cpf]
    )
    nascimento = models.DateField("data de nascimento", null=True, blank=True)
    email = models.EmailField("e-mail", blank=True, validators=[ValidadorDeTexto("e-mail", 254, multilinha=False)])

    class Meta:
        verbose_name = "candidato"
        verbose_name_plural = "candidatos"
        ordering = ["nome"]

    def __str__(self):
        return self.nome_de_uso

    @property
    def nome_de_uso(self) -> str:
        """Nome social quando houver (Decreto 8.727/2016), senão o nome civil."""
        return self.nome_social or self.nome

    @property
    def cpf_formatado(self) -> str:
        return formatar_cpf(self.cpf)

    @property
    def cpf_mascarado(self) -> str:
        return mascarar_cpf(self.cpf)

    def clean(self):
        self.cpf = normalizar_cpf(self.cpf)


class Pessoa(NamedTuple):
    """O que as telas, os PDFs e as planilhas mostram de uma inscrição: nunca o CPF inteiro nem a
    data de nascimento."""

    nome: str  # nome de uso: o social, se houver
    cpf: str  # mascarado
    nota: Decimal


class InscricaoQuerySet(models.QuerySet):
    LIMITE_DE_NUMEROS_NA_CONSULTA = 2000  # acima disso, ``pessoas`` lê todas as do queryset

    def pessoas(self, numeros=None) -> dict[str, Pessoa]:
        """Número de inscrição → nome de uso, CPF mascarado e nota, do banco.

        Uma consulta só, de tuplas (um cargo pode ter dezenas de milhares de inscrições). Com
        ``numeros``, só essas inscrições: quem o evento convoca, quem está pendente (se forem muitas,
        todas)."""
        linhas = self
        if numeros is not None and len(numeros := set(numeros)) <= self.LIMITE_DE_NUMEROS_NA_CONSULTA:
            linhas = linhas.filter(numero__in=numeros)
        colunas = ("numero", "candidato__nome", "candidato__nome_social", "candidato__cpf", "nota")
        return {
            numero: Pessoa(social or nome, mascarar_cpf(cpf), nota)
            for numero, nome, social, cpf, nota in linhas.values_list(*colunas)
        }


class Inscricao(TextosDigitados, models.Model):
    CLASSIFICADO = "classificado"
    ELIMINADO = "eliminado"
    SITUACOES = [
        (CLASSIFICADO, "Classificado"),
        (ELIMINADO, "Eliminado"),
    ]

    edital = models.ForeignKey(Edital, verbose_name="edital", on_delete=models.PROTECT, related_name="inscricoes")
    cargo = models.ForeignKey(Cargo, verbose_name="cargo", on_delete=models.PROTECT, related_name="inscricoes")
    candidato = models.ForeignKey(
        Candidato, verbose_name="candidato", on_delete=models.PROTECT, related_name="inscricoes"
    )
    numero = models.CharField(
        "número de inscrição", max_length=20, validators=[ValidadorDeTexto("número de inscrição", 20, multilinha=False)]
    )
    cor_raca = models.CharField("cor/raça (IBGE)", max_length=10, choices=CORES_IBGE, blank=True)
    nota = models.DecimalField("nota final", max_digits=9, decimal_places=3)
    notas_parciais = models.JSONField("notas parciais", default=dict, blank=True)
    jurado = models.BooleanField("serviço do júri", default=False)
    sorteio = models.PositiveIntegerField("ordem no sorteio público", null=True, blank=True)
    situacao = models.CharField("situação", max_length=16, choices=SITUACOES, default=CLASSIFICADO)
    history = HistoricalRecords(verbose_name="histórico da inscrição", verbose_name_plural="históricos da inscrição")

    objects = InscricaoQuerySet.as_manager()

    # Entradas do motor que, depois da primeira publicação do cargo, só mudam por evento (docs/REGRAS.md §9).
    CAMPOS_CONGELADOS = ("nota", "notas_parciais", "situacao")

    class Meta:
        verbose_name = "inscrição"
        verbose_name_plural = "inscrições"
        ordering = ["edital", "cargo", "numero"]
        constraints = [models.UniqueConstraint(fields=["edital", "numero"], name="inscricao_numero_unico_no_edital")]
        indexes = [models.Index(fields=["cargo", "situacao"], name="inscricao_cargo_situacao")]
        permissions = [
            ("import_inscricao", "Pode importar inscrições"),
            ("export_inscricao", "Pode exportar inscrições"),
            ("ver_dados_sensiveis", "Pode ver cor/raça e deficiência"),
        ]

    def __str__(self):
        return f"{self.numero} — {self.candidato}"

    def save(self, *args, **kwargs):
        if alterados := self._congelados_alterados():
            nomes = ", ".join(str(self._meta.get_field(c).verbose_name) for c in alterados)
            raise ValidationError(f"Inscrição {self.numero} ({nomes}): {MENSAGEM_INSCRICAO_CONGELADA}")
        super().save(*args, **kwargs)

    def clean(self):
        if self.cargo_id and self.edital_id and self.cargo.edital_id != self.edital_id:
            raise ValidationError({"cargo": "O cargo não pertence a este edital."})
        if alterados := self._congelados_alterados():
            raise ValidationError({campo: MENSAGEM_INSCRICAO_CONGELADA for campo in alterados})

    def _congelados_alterados(self) -> list[str]:
        """Os campos congelados que mudaram em relação ao banco, num cargo já publicado."""
        if self.pk is None or not self.cargo_id:
            return []
        gravado = Inscricao.objects.filter(pk=self.pk).values(*self.CAMPOS_CONGELADOS).first()
        if gravado is None:
            return []
        alterados = [c for c in self.CAMPOS_CONGELADOS if _normalizar(getattr(self, c)) != _normalizar(gravado[c])]
        return alterados if alterados and self.cargo.publicado else []


MENSAGEM_INSCRICAO_CONGELADA = (
    "o resultado do cargo já foi publicado; nota, notas parciais e eliminação só mudam por evento "
    "(correção de nota, anulação), com documento e data do ato (docs/REGRAS.md §9)."
)


def _normalizar(valor):
    """Nota digitada como texto ou Decimal compara pelo valor; notas parciais, pelo dicionário."""
    if isinstance(valor, (int, float, str)) and not isinstance(valor, bool):
        try:
            return Decimal(str(valor))
        except ArithmeticError:
            return valor
    return valor
