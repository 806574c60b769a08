"""Formulários das telas da comissão (fora do admin): o parecer do membro e a presença do candidato.

Só a montagem dos campos e do layout; quem valida a regra (fundamentação obrigatória quando não
confirma, sessão aberta, só o próprio parecer) é ``services.py`` e o modelo, e a tela mostra a
recusa deles.
"""

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Div, Field, Layout, Submit
from django import forms

from .models import Parecer

AJUDA_DA_FUNDAMENTACAO = (
    "Obrigatória quando o parecer não confirma a autodeclaração: descreva as características "
    "fenotípicas observadas na sessão."
)


class ParecerForm(forms.Form):
    voto = forms.ChoiceField(
        label="Escolha uma opção",
        choices=Parecer.VOTOS,
        widget=forms.RadioSelect,
    )
    fundamentacao = forms.CharField(
        label="Fundamentação (características fenotípicas observadas)",
        required=False,
        widget=forms.Textarea(attrs={"rows": 5, "data-obrigatoria-se": "nao_confirma"}),
        help_text=AJUDA_DA_FUNDAMENTACAO,
    )

    def __init__(self, *args, alterando: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_id = "form-parecer"
        self.helper.layout = Layout(
            Div(Field("voto"), css_class="voto-em-caixas"),
            Field("fundamentacao"),
            Submit(
                "salvar",
                "Alterar meu parecer" if alterando else "Registrar parecer",
                css_class="btn-lg w-100",
            ),
        )


PRESENCAS = {
    "compareceu": {"compareceu": True, "recusou_filmagem": False},
    "recusou_filmagem": {"compareceu": True, "recusou_filmagem": True},
    "ausente": {"compareceu": False, "recusou_filmagem": False},
}


class PresencaForm(forms.Form):
    """Um dos três botões da presença; os nomes viram os argumentos de ``registrar_presenca``."""

    presenca = forms.ChoiceField(
        choices=[
            ("compareceu", "Compareceu"),
            ("recusou_filmagem", "Compareceu e recusou ser filmado"),
            ("ausente", "Não compareceu"),
        ]
    )

    def argumentos(self) -> dict:
        return PRESENCAS[self.cleaned_data["presenca"]]
