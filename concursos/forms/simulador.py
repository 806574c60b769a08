"""Formulários do simulador de cotas: o quadro de um cargo hipotético e um arquivo de cenário."""

from pathlib import PurePath

from django import forms
from django.core.exceptions import ValidationError

import cotas
from cotas.modelo import MAXIMO_DE_VAGAS

from ..models import REGIMES
from .editais import campo_percentual_pcd

TAMANHO_MAXIMO_DO_CENARIO = 5 * 1024 * 1024


class SimuladorQuadroForm(forms.Form):
    """Quadro de vagas de um cargo hipotético por um regime pré-definido (Art. 1º, §4º)."""

    vagas = forms.IntegerField(label="Vagas do cargo", min_value=0, max_value=MAXIMO_DE_VAGAS)
    regime = forms.ChoiceField(label="Regime", choices=REGIMES)
    percentual_pcd = campo_percentual_pcd(obrigatorio=False)

    def quadro(self) -> cotas.Quadro:
        """O quadro calculado pelo motor; ``ErroDeCotas`` quando o regime não cabe nas vagas."""
        regime = cotas.REGIMES[self.cleaned_data["regime"]]
        percentual = self.cleaned_data.get("percentual_pcd")
        pcd = regime.grupo_de_percentual_do_edital
        if percentual is not None and pcd is not None:
            regime, _ = cotas.com_parametros(regime, {pcd.grupo: {"percentual": str(percentual)}})
        return cotas.quadro_de_vagas(self.cleaned_data["vagas"], regime)


class SimuladorCenarioForm(forms.Form):
    """Arquivo de cenário ``cotas-cenario/1``, simulado exatamente como ``manage.py simular_cotas``."""

    arquivo = forms.FileField(
        label="Arquivo do cenário (JSON, até 5 MB)", widget=forms.ClearableFileInput(attrs={"accept": ".json"})
    )

    def clean_arquivo(self):
        """Só ``.json`` e até 5 MB; o conteúdo é conferido pelo leitor do motor (``cotas.ler_json``)."""
        arquivo = self.cleaned_data["arquivo"]
        if PurePath(arquivo.name or "").suffix.lower() != ".json":
            raise ValidationError("Envie o cenário como um arquivo .json (cotas-cenario/1).")
        if arquivo.size > TAMANHO_MAXIMO_DO_CENARIO:
            raise ValidationError("O arquivo passa de 5 MB; divida o cenário ou use o comando simular_cotas.")
        return arquivo

    def simular(self) -> tuple[cotas.Cenario, dict]:
        """O cenário lido e a saída ``cotas-resultado/1``, pela mesma chamada do comando
        ``simular_cotas``; ``ErroDeCotas`` com a mensagem do motor se o cenário for inválido."""
        cenario = cotas.ler_json(self.cleaned_data["arquivo"].read())
        return cenario, cotas.resultado_para_dict(cotas.simular(cenario), cenario)
