"""Formulários dos atos de verificação que o RH registra: a avaliação PcD, a análise documental e a
decisão judicial."""

from django import forms
from django.core.exceptions import ValidationError

from comum.validadores import validar_texto_limpo
from cotas.modelo import DECLARACAO_FALSA, PENDENTE
from cotas.regimes import rotulo_do_grupo

from ..models import SITUACOES_DE_VERIFICACAO
from .atos import PRIMEIRO_ANO, ULTIMO_ANO, campo_do_diario_oficial


class AtoDeVerificacaoForm(forms.Form):
    """O que todo ato de verificação registrado pelo RH traz: a situação decidida, o documento, a data
    do ato, a publicação no Diário Oficial e o motivo (a data dentro da validade é do serviço)."""

    situacao = forms.ChoiceField(label="Verificação decidida", choices=())
    documento = forms.CharField(label="Documento", max_length=120, validators=[validar_texto_limpo])
    data_do_ato = forms.DateField(
        label="Data do ato", help_text="dd/mm/aaaa: a data do documento, não a de hoje (se for outra)."
    )
    diario_oficial = campo_do_diario_oficial()
    motivo = forms.CharField(
        label="Motivo",
        required=False,
        max_length=20_000,
        validators=[validar_texto_limpo],
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
    )
    situacoes = SITUACOES_DE_VERIFICACAO

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["situacao"].choices = [(s, r) for s, r in self.situacoes if s != PENDENTE]

    def clean_data_do_ato(self):
        valor = self.cleaned_data["data_do_ato"]
        if not PRIMEIRO_ANO <= valor.year <= ULTIMO_ANO:
            raise ValidationError(f"Data fora do intervalo possível ({PRIMEIRO_ANO} a {ULTIMO_ANO}).")
        return valor


class AvaliacaoPcdForm(AtoDeVerificacaoForm):
    """A avaliação da equipe multiprofissional (Decreto 9.508/2018, art. 5º), com a equipe e o laudo."""

    situacoes = [(s, r) for s, r in SITUACOES_DE_VERIFICACAO if s != DECLARACAO_FALSA]
    equipe = forms.CharField(
        label="Equipe avaliadora",
        max_length=300,
        validators=[validar_texto_limpo],
        help_text="A equipe multiprofissional (ou biopsicossocial) que avaliou: nomes e registros profissionais.",
    )
    field_order = ["situacao", "equipe", "documento", "data_do_ato", "diario_oficial", "motivo"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["documento"].help_text = "Parecer ou laudo da equipe (número e data)."


class AnaliseDocumentalForm(AtoDeVerificacaoForm):
    """A análise dos documentos de indígenas e quilombolas (Lei 15.142/2025, art. 2º), com quem conferiu."""

    situacoes = [(s, r) for s, r in SITUACOES_DE_VERIFICACAO if s != DECLARACAO_FALSA]
    grupo = forms.ChoiceField(label="Grupo", choices=())
    equipe = forms.CharField(
        label="Quem conferiu os documentos",
        max_length=300,
        validators=[validar_texto_limpo],
        help_text="A comissão ou os servidores designados para a análise documental: nomes e o ato de designação.",
    )
    field_order = ["grupo", "situacao", "equipe", "documento", "data_do_ato", "diario_oficial", "motivo"]

    def __init__(self, grupos, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["grupo"].choices = [(g, rotulo_do_grupo(g)) for g in grupos]
        self.fields[
            "documento"
        ].help_text = "O parecer ou termo da análise (número e data); os documentos do candidato ficam no processo."


class DecisaoJudicialForm(AtoDeVerificacaoForm):
    """A decisão judicial sobre a verificação de um grupo, com o processo e o que ela determina."""

    grupo = forms.ChoiceField(label="Grupo", choices=())
    processo = forms.CharField(label="Número do processo judicial", max_length=40, validators=[validar_texto_limpo])
    sub_judice = forms.BooleanField(
        label="Sub judice", required=False, help_text="Decisão ainda não definitiva (liminar, sentença recorrida)."
    )
    field_order = ["grupo", "situacao", "processo", "sub_judice", "documento", "data_do_ato", "diario_oficial"]

    def __init__(self, grupos, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["grupo"].choices = [(g, rotulo_do_grupo(g)) for g in grupos]
        self.fields["documento"].help_text = "A decisão (mandado, ofício do juízo, intimação)."
        self.fields["motivo"].required = True
        self.fields["motivo"].label = "O que a decisão determina"
