"""Formulários do edital e dos cargos no admin, e o da prorrogação da validade.

Só validação de formulário e a montagem das escolhas; as regras estão em ``cotas`` e as mudanças
de estado em ``concursos.services``.
"""

from datetime import date

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator

import cotas
from comum.validadores import validar_texto_limpo
from cotas.modelo import DESEMPATE_PADRAO, MAXIMO_DE_VAGAS

from ..models import PRAZOS_DO_PROVIMENTO, Cargo, Edital
from .atos import PRIMEIRO_ANO, ULTIMO_ANO

# Percentual PcD que o edital fixa: a faixa do grupo no regime padrão (o serviço confere a do regime
# escolhido, em ``congelar_parametros``).
MINIMO_PCD, MAXIMO_PCD = cotas.REGIMES[cotas.REGIME_PADRAO].grupo_de_percentual_do_edital.faixa_do_edital


def campo_percentual_pcd(obrigatorio: bool) -> forms.DecimalField:
    return forms.DecimalField(
        label="Percentual PcD (%)",
        required=obrigatorio,
        max_digits=5,
        decimal_places=2,
        localize=True,
        validators=[MinValueValidator(MINIMO_PCD), MaxValueValidator(MAXIMO_PCD)],
        help_text=f"Reserva às pessoas com deficiência fixada pelo edital: de {MINIMO_PCD}% a {MAXIMO_PCD}% "
        "(Decreto 9.508/2018).",
    )


class EditalForm(forms.ModelForm):
    """Edital no admin; a cadeia de desempate é digitada como texto, separada por vírgulas."""

    desempate = forms.CharField(
        label="Cadeia de desempate",
        help_text="Critérios em ordem, separados por vírgula: idoso, idade, jurado, sorteio e notas parciais "
        "como nota:conhecimentos_especificos.",
        widget=forms.TextInput(attrs={"size": 60}),
    )

    class Meta:
        model = Edital
        fields = [
            "numero",
            "ano",
            "titulo",
            "tipo",
            "publicado_em",
            "validade_ate",
            "data_referencia_idade",
            "desempate",
            "regime",
            "signatario_nome",
            "signatario_funcao",
            *PRAZOS_DO_PROVIMENTO,
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        criterios = self.instance.desempate if self.instance.pk else DESEMPATE_PADRAO
        self.initial["desempate"] = ", ".join(criterios)
        for campo in PRAZOS_DO_PROVIMENTO:  # em branco, o padrão (docs/CONVOCACAO.md §3)
            if campo in self.fields:
                self.fields[campo].required = False
                self.fields[campo].validators.append(MinValueValidator(1))

    def clean_prazo_da_posse_em_dias(self):
        return self.cleaned_data["prazo_da_posse_em_dias"] or Edital._meta.get_field("prazo_da_posse_em_dias").default

    def clean_prazo_do_exercicio_em_dias(self):
        return (
            self.cleaned_data["prazo_do_exercicio_em_dias"]
            or Edital._meta.get_field("prazo_do_exercicio_em_dias").default
        )

    def clean_desempate(self):
        return [criterio.strip() for criterio in self.cleaned_data["desempate"].split(",") if criterio.strip()]

    def clean(self):
        dados = super().clean()
        for campo in ("publicado_em", "validade_ate", "data_referencia_idade"):
            valor = dados.get(campo)
            if isinstance(valor, date) and not PRIMEIRO_ANO <= valor.year <= ULTIMO_ANO:
                self.add_error(campo, f"Data fora do intervalo possível ({PRIMEIRO_ANO} a {ULTIMO_ANO}).")
        if dados.get("titulo"):
            try:
                validar_texto_limpo(dados["titulo"])
            except ValidationError as erro:
                self.add_error("titulo", erro)
        return dados


class EditalCriacaoForm(EditalForm):
    """Na criação, o percentual PcD que será congelado com os parâmetros do regime."""

    percentual_pcd = campo_percentual_pcd(obrigatorio=True)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["percentual_pcd"].initial = MINIMO_PCD


class CargoForm(forms.ModelForm):
    """Cargo no admin (e na linha do edital): vagas até o limite do motor (``MAXIMO_DE_VAGAS``); um
    bilhão de vagas digitado por engano travaria o quadro de vagas do edital."""

    class Meta:
        model = Cargo
        fields = ["edital", "codigo", "nome", "vagas", "requisitos", "carga_horaria", "vencimento"]
        widgets = {"requisitos": forms.Textarea(attrs={"rows": 2, "cols": 40})}
        localized_fields = ["vencimento"]  # digitado como no contracheque: 3512,40

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "vagas" in self.fields:
            self.fields["vagas"].max_value = MAXIMO_DE_VAGAS
            self.fields["vagas"].validators.append(MaxValueValidator(MAXIMO_DE_VAGAS))
            self.fields["vagas"].widget.attrs["max"] = MAXIMO_DE_VAGAS
            if self.instance.pk is not None and self.instance.publicado:
                # Congelado depois da primeira publicação (docs/REGRAS.md §9): um valor enviado é ignorado.
                self.fields["vagas"].disabled = True
                self.fields["vagas"].help_text = "Resultado já publicado: altere por evento de vagas adicionais."
        for campo in ("codigo", "nome"):
            if campo in self.fields:
                self.fields[campo].validators.append(validar_texto_limpo)


class ProrrogacaoForm(forms.Form):
    """A prorrogação da validade do concurso: até quando, o documento e a data do ato."""

    ate = forms.DateField(
        label="Validade prorrogada até", help_text="dd/mm/aaaa; no máximo o mesmo período da validade."
    )
    documento = forms.CharField(
        label="Documento",
        max_length=200,
        validators=[validar_texto_limpo],
        help_text="Decreto ou portaria que prorroga a validade.",
    )
    data_do_ato = forms.DateField(label="Data do ato", help_text="dd/mm/aaaa; dentro da validade atual.")

    def clean(self):
        dados = super().clean()
        for campo in ("ate", "data_do_ato"):
            valor = dados.get(campo)
            if isinstance(valor, date) and not PRIMEIRO_ANO <= valor.year <= ULTIMO_ANO:
                self.add_error(campo, f"Data fora do intervalo possível ({PRIMEIRO_ANO} a {ULTIMO_ANO}).")
        return dados
