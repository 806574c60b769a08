"""Candidatos e inscrições: quem concorre, a nota e as entradas do motor que, depois da primeira
publicação do cargo, só mudam por evento (Ajuda › Regras, §9)."""

from decimal import Decimal
from typing import NamedTuple

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Case, Value, When
from simple_history.models import HistoricalRecords

from comum.busca import para_busca
from comum.cpf import formatar_cpf, mascarar_cpf, normalizar_cpf, validar_cpf
from comum.mensagens import FEMININO
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


def nome_normalizado(nome: str, nome_social: str = "") -> str:
    """O que a busca do formulário de evento compara (``concursos.consultas.busca``): o nome civil e o
    social, minúsculos e sem acentos, separados por espaço. Cada palavra buscada não tem espaço, então
    achá-la aqui é achá-la num dos dois nomes."""
    return " ".join(para_busca(f"{nome or ''} {nome_social or ''}").split())


LOTE_DO_NOME_PARA_BUSCA = 500


def regravar_nome_para_busca(candidatos) -> None:
    """Regrava ``Inscricao.nome_para_busca`` das inscrições destes candidatos (ids), com o nome que
    está no banco: depois de um ``update()``/``bulk_update()`` que mudou o nome ou o nome social."""
    ids = sorted(set(candidatos))
    for inicio in range(0, len(ids), LOTE_DO_NOME_PARA_BUSCA):
        trecho = ids[inicio : inicio + LOTE_DO_NOME_PARA_BUSCA]
        nomes = Candidato.objects.filter(pk__in=trecho).values_list("pk", "nome", "nome_social")
        casos = [When(candidato_id=pk, then=Value(nome_normalizado(nome, social))) for pk, nome, social in nomes]
        if casos:
            Inscricao.objects.filter(candidato_id__in=trecho).update(nome_para_busca=Case(*casos))


class CandidatoQuerySet(models.QuerySet):
    def update(self, **kwargs):
        """O ``update()`` (e o ``bulk_update()``, que passa por ele, como na importação) que muda o nome
        ou o nome social regrava o nome para busca das inscrições do candidato."""
        if not {"nome", "nome_social"} & kwargs.keys():
            return super().update(**kwargs)
        ids = list(self.values_list("pk", flat=True))
        alterados = super().update(**kwargs)
        regravar_nome_para_busca(ids)
        return alterados


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

    objects = CandidatoQuerySet.as_manager()

    class Meta:
        verbose_name = "candidato"
        verbose_name_plural = "candidatos"
        ordering = ["nome"]

    def __str__(self):
        return self.nome_de_uso

    def save(self, *args, **kwargs):
        super().save(*args, **kwargs)
        # O nome pode ter mudado (o admin, o serviço): a busca por nome lê a cópia na inscrição.
        nome = nome_normalizado(self.nome, self.nome_social)
        self.inscricoes.exclude(nome_para_busca=nome).update(nome_para_busca=nome)

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

    def bulk_create(self, objs, *args, **kwargs):
        """A inscrição criada em lote (a importação, a demonstração) nasce com o nome para busca."""
        objs = list(objs)
        _preencher_nome_para_busca(objs)
        return super().bulk_create(objs, *args, **kwargs)

    def bulk_update(self, objs, fields, *args, **kwargs):
        """A importação que troca o candidato de uma inscrição troca também o nome para busca."""
        objs, fields = list(objs), list(fields)
        if "candidato" in fields or "candidato_id" in fields:
            _preencher_nome_para_busca(objs)
            fields.append("nome_para_busca")
        return super().bulk_update(objs, fields, *args, **kwargs)

    def update(self, **kwargs):
        if not {"candidato", "candidato_id"} & kwargs.keys():
            return super().update(**kwargs)
        ids = list(self.values_list("pk", flat=True))
        alteradas = super().update(**kwargs)
        regravar_nome_para_busca(Inscricao.objects.filter(pk__in=ids).values_list("candidato_id", flat=True))
        return alteradas


def _preencher_nome_para_busca(inscricoes) -> None:
    """O nome para busca de cada inscrição, do candidato já carregado ou (uma consulta só) do banco."""
    faltam = {i.candidato_id for i in inscricoes if i.candidato_id and not Inscricao.candidato.is_cached(i)}
    nomes = dict(
        (pk, nome_normalizado(nome, social))
        for pk, nome, social in Candidato.objects.filter(pk__in=faltam).values_list("pk", "nome", "nome_social")
    )
    for inscricao in inscricoes:
        if Inscricao.candidato.is_cached(inscricao):
            inscricao.nome_para_busca = nome_normalizado(inscricao.candidato.nome, inscricao.candidato.nome_social)
        elif inscricao.candidato_id in nomes:
            inscricao.nome_para_busca = nomes[inscricao.candidato_id]


class Inscricao(TextosDigitados, models.Model):
    genero = FEMININO  # para as mensagens do admin (comum.mensagens)
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
    # Cópia do nome do candidato para a busca do formulário de evento (``nome_para_busca``): pelo
    # índice do cargo, a busca lê só as linhas do cargo, sem calcular nada por linha (um índice
    # ``(cargo, nome_para_busca)`` não serve: a palavra é procurada em qualquer ponto do nome, e o
    # PostgreSQL o ignorou no bench). Escrita aqui no ``save()``, no ``bulk_create``/``bulk_update``/``update`` das inscrições e
    # no ``save()``/``update()``/``bulk_update()`` do candidato.
    nome_para_busca = models.TextField("nome para busca", blank=True, default="", editable=False)
    history = HistoricalRecords(
        verbose_name="histórico da inscrição",
        verbose_name_plural="históricos da inscrição",
        excluded_fields=["nome_para_busca"],
    )

    objects = InscricaoQuerySet.as_manager()

    # Entradas do motor que, depois da primeira publicação do cargo, só mudam por evento (Ajuda › Regras, §9).
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
        if self.candidato_id:
            self.nome_para_busca = nome_normalizado(self.candidato.nome, self.candidato.nome_social)
            campos = kwargs.get("update_fields")
            if campos is not None and {"candidato", "candidato_id"} & set(campos):
                kwargs["update_fields"] = [*campos, "nome_para_busca"]
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
    "(correção de nota, anulação), com documento e data do ato (Ajuda › Regras, §9)."
)


def _normalizar(valor):
    """Nota digitada como texto ou Decimal compara pelo valor; notas parciais, pelo dicionário."""
    if isinstance(valor, (int, float, str)) and not isinstance(valor, bool):
        try:
            return Decimal(str(valor))
        except ArithmeticError:
            return valor
    return valor
