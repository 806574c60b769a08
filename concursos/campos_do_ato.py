"""Campos de formulário do ato que fundamenta um evento (docs/REGRAS.md §9), os mesmos no formulário
do evento e na confirmação da reimportação: a publicação no Diário Oficial e o processo judicial da
decisão sub judice, com a regra que os liga."""

from django import forms

from comum.validadores import validar_texto_limpo


def campo_do_diario_oficial() -> forms.CharField:
    return forms.CharField(
        label="Publicação no Diário Oficial",
        max_length=200,
        required=False,
        validators=[validar_texto_limpo],
        help_text="Opcional, por exemplo “DOM nº 1234, 02/05/2025, p. 7”.",
    )


def campo_do_processo(help_text: str) -> forms.CharField:
    return forms.CharField(
        label="Número do processo judicial",
        max_length=40,
        required=False,
        validators=[validar_texto_limpo],
        help_text=help_text,
    )


def exigir_processo_se_sub_judice(form: forms.Form, dados: dict) -> None:
    """Decisão sub judice precisa do número do processo (o modelo ``Evento`` também o exige)."""
    if dados.get("sub_judice") and not (dados.get("processo") or "").strip():
        form.add_error("processo", "Informe o número do processo judicial da decisão sub judice.")
