"""Limites de entrada reutilizáveis: textos longos e datas plausíveis.

Usados nos formulários (o que a tela mostra ao lado do campo) e nos serviços (que recusam com
``ValidationError`` nomeando o campo e o valor, venha a chamada de onde vier). Sem eles, um texto de
900 KB virava um ofício de 126 páginas, e o ano 9999 estourava a soma de um prazo
(``OverflowError``, erro 500) ou era aceito como data de uma sessão ou de um nascimento.
"""

from datetime import date, datetime, timedelta

from django.core.exceptions import ValidationError
from django.utils import timezone

from . import relogio
from .mensagens import quantos
from .validadores import primeiro_caractere_proibido

LIMITE_DE_TEXTO = 20_000
# Atos do concurso e da comissão (sessões, notificações, defesas, decisões, eventos): a lei de cotas
# é de 2014 e os editais mais antigos da base são de 2020; até 2100 cabe qualquer prorrogação.
ANO_MINIMO_DE_ATO, ANO_MAXIMO_DE_ATO = 2000, 2100
ANO_MINIMO_DE_NASCIMENTO = 1900
IDADE_MINIMA, IDADE_MAXIMA = 14, 120  # aprendiz (CF art. 7º, XXXIII) e um limite de bom senso


def _milhar(numero: int) -> str:
    return f"{numero:,}".replace(",", ".")


def _recusa(campo: str | None, mensagem: str, code: str) -> ValidationError:
    return ValidationError({campo: ValidationError(mensagem, code=code)} if campo else mensagem, code=code)


def validar_texto(
    valor, *, rotulo: str, campo: str | None = None, limite: int = LIMITE_DE_TEXTO, multilinha: bool = True
) -> str:
    """O texto, se tiver até ``limite`` caracteres e nenhum caractere de controle ou invisível
    (quebras de linha e tabulações valem se ``multilinha``); senão ``ValidationError`` em ``campo``:
    "O campo X tem N caracteres; o limite é 20.000."."""
    texto = "" if valor is None else str(valor)
    if len(texto) > limite:
        mensagem = f"O campo {rotulo} tem {_milhar(len(texto))} caracteres; o limite é {_milhar(limite)}."
        raise _recusa(campo, mensagem, "longo")
    if proibido := primeiro_caractere_proibido(texto, multilinha=multilinha):
        posicao, descricao = proibido
        validos = ", quebras de linha e tabulações" if multilinha else " e espaços, numa linha só"
        mensagem = (
            f"O campo {rotulo} tem caracteres de controle ou invisíveis (copiados de outro sistema?): "
            f"{descricao} na posição {_milhar(posicao)}; só valem letras, números, pontuação{validos}."
        )
        raise _recusa(campo, mensagem, "controle")
    return texto


class ValidadorDeTexto:
    """``validar_texto`` como validador de campo de formulário (``validators=[ValidadorDeTexto("defesa")]``)
    e de campo de modelo (com ``multilinha=False`` nos ``CharField`` de uma linha); nos modelos, quem
    o roda em todo ``save()`` é ``comum.modelos.TextosDigitados``."""

    def __init__(self, rotulo: str, limite: int = LIMITE_DE_TEXTO, *, multilinha: bool = True):
        self.rotulo, self.limite, self.multilinha = rotulo, limite, multilinha

    def __call__(self, valor) -> None:
        validar_texto(valor, rotulo=self.rotulo, limite=self.limite, multilinha=self.multilinha)

    def __eq__(self, outro):
        return isinstance(outro, ValidadorDeTexto) and (self.rotulo, self.limite, self.multilinha) == (
            outro.rotulo,
            outro.limite,
            outro.multilinha,
        )

    def deconstruct(self):
        opcoes = {} if self.multilinha else {"multilinha": False}
        return ("comum.validacao.ValidadorDeTexto", (self.rotulo, self.limite), opcoes)


def validadores_de_texto(campo) -> list[ValidadorDeTexto]:
    return [validador for validador in campo.validators if isinstance(validador, ValidadorDeTexto)]


def validar_textos(instancia, campos=None) -> None:
    """Roda os ``ValidadorDeTexto`` de cada campo da instância (ou só dos ``campos``), com o erro no
    nome do campo, como o ``full_clean`` faria, mas sem as consultas dele (unicidade, chaves)."""
    erros = {}
    for campo in instancia._meta.concrete_fields:
        if campos is not None and campo.name not in campos and campo.attname not in campos:
            continue
        valor = getattr(instancia, campo.attname)
        if valor in (None, ""):
            continue
        for validador in validadores_de_texto(campo):
            try:
                validador(valor)
            except ValidationError as erro:
                erros.setdefault(campo.name, []).extend(erro.error_list)
                break
    if erros:
        raise ValidationError(erros)


def textos_longos_no_admin() -> dict:
    """``formfield_overrides`` do admin: todo ``TextField`` com o limite no widget (``maxlength``)."""
    from django.contrib.admin.widgets import AdminTextareaWidget
    from django.db import models

    return {models.TextField: {"widget": AdminTextareaWidget(attrs={"maxlength": LIMITE_DE_TEXTO})}}


def campo_de_texto(rotulo: str, *, limite: int = LIMITE_DE_TEXTO, linhas: int = 5, **opcoes):
    """Um ``forms.CharField`` de texto longo com o limite no widget (``maxlength``) e na validação."""
    from django import forms

    return forms.CharField(
        label=opcoes.pop("label", rotulo.capitalize()),
        max_length=limite,
        validators=[ValidadorDeTexto(rotulo, limite)],
        widget=forms.Textarea(attrs={"rows": linhas, "maxlength": limite}),
        **opcoes,
    )


def _descrever(valor) -> str:
    if isinstance(valor, datetime):
        if timezone.is_aware(valor):
            try:
                valor = timezone.localtime(valor)
            except OverflowError:  # 31/12/9999 23:59 mais o fuso passa do maior datetime
                pass
        return f"{_descrever(valor.date())} {valor:%H:%M}"
    if isinstance(valor, date):
        return f"{valor.day:02d}/{valor.month:02d}/{valor.year:04d}"
    return repr(valor)


def validar_data_de_ato(valor, *, rotulo: str, campo: str | None = None):
    """A data (ou data e hora) de um ato, se o ano ficar entre 2000 e 2100; ``None`` passa (o campo
    pode ser opcional: quem exige é o serviço)."""
    if valor is None:
        return None
    if not isinstance(valor, date):
        raise _recusa(campo, f"O campo {rotulo} não é uma data: {_descrever(valor)}.", "data")
    if not ANO_MINIMO_DE_ATO <= valor.year <= ANO_MAXIMO_DE_ATO:
        mensagem = (
            f"O campo {rotulo} tem uma data implausível: {_descrever(valor)}; "
            f"use uma data entre {ANO_MINIMO_DE_ATO} e {ANO_MAXIMO_DE_ATO}."
        )
        raise _recusa(campo, mensagem, "data_implausivel")
    return valor


def validar_nascimento(valor, *, rotulo: str = "data de nascimento", campo: str | None = None, hoje=None):
    """A data de nascimento, se não for futura, se o ano for de 1900 em diante e a idade ficar entre 14
    e 100 anos."""
    if valor is None:
        return None
    if isinstance(valor, datetime):
        valor = valor.date()
    if not isinstance(valor, date):
        raise _recusa(campo, f"O campo {rotulo} não é uma data: {_descrever(valor)}.", "data")
    hoje = hoje or relogio.hoje()
    descrita = _descrever(valor)
    if valor > hoje:
        raise _recusa(campo, f"O campo {rotulo} é uma data futura: {descrita}.", "nascimento_futuro")
    idade = hoje.year - valor.year - ((hoje.month, hoje.day) < (valor.month, valor.day))
    if valor.year < ANO_MINIMO_DE_NASCIMENTO or not IDADE_MINIMA <= idade <= IDADE_MAXIMA:
        mensagem = (
            f"O campo {rotulo} tem uma data implausível: {descrita} ({idade} anos); "
            f"a idade deve ficar entre {IDADE_MINIMA} e {IDADE_MAXIMA} anos."
        )
        raise _recusa(campo, mensagem, "nascimento_implausivel")
    return valor


def somar_dias(inicio: date, dias: int, *, rotulo: str, campo: str | None = None) -> date:
    """``inicio + dias``, com o resultado também dentro da faixa dos atos (nunca ``OverflowError``)."""
    try:
        fim = inicio + timedelta(days=dias)
    except OverflowError:
        fim = None
    if fim is None or not ANO_MINIMO_DE_ATO <= fim.year <= ANO_MAXIMO_DE_ATO:
        mensagem = (
            f"O campo {rotulo} daria uma data implausível: {_descrever(inicio)} mais {quantos(dias, 'dia', 'dias')}; "
            f"use datas entre {ANO_MINIMO_DE_ATO} e {ANO_MAXIMO_DE_ATO}."
        )
        raise _recusa(campo, mensagem, "data_implausivel")
    return fim


class ValidadorDeDataDeAto:
    """``validar_data_de_ato`` como validador de campo de formulário."""

    def __init__(self, rotulo: str):
        self.rotulo = rotulo

    def __call__(self, valor) -> None:
        validar_data_de_ato(valor, rotulo=self.rotulo)

    def __eq__(self, outro):
        return isinstance(outro, ValidadorDeDataDeAto) and self.rotulo == outro.rotulo

    def deconstruct(self):
        return ("comum.validacao.ValidadorDeDataDeAto", (self.rotulo,), {})
