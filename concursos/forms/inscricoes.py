"""Formulários do candidato, da inscrição e da opção por grupo reservado no admin.

Entrada hostil (números de 400 algarismos, datas do ano 1, caracteres de controle, JSON que não é
objeto) para aqui, com a mensagem no campo, em vez de virar erro 500 mais adiante.
"""

import re

from django import forms
from django.contrib.admin.widgets import AutocompleteSelect
from django.core.exceptions import ValidationError

import cotas
from comum.cpf import normalizar_cpf
from comum.planilhas import decimal_em_texto
from comum.validacao import validar_nascimento
from comum.validadores import validar_texto_limpo
from cotas.modelo import PENDENTE
from cotas.regimes import rotulo_do_grupo

from ..importacao.leitores import ValorInvalido, ler_decimal
from ..models import Candidato, Inscricao, OpcaoDeGrupo


class AutocompleteSemValorInvalido(AutocompleteSelect):
    """O ``AutocompleteSelect`` do admin, sem o erro 500 ao redesenhar um valor que não é uma chave
    válida (``"abc"`` ou 400 algarismos num id): o Django consulta o banco com o valor como veio.
    Aqui ele é descartado antes, e o campo mostra o seu erro normal ("Faça uma escolha válida")."""

    def optgroups(self, name, value, attr=None):
        chave = self.field.target_field
        validos = []
        for valor in value:
            try:
                chave.clean(valor, None)
            except (ValidationError, ValueError, TypeError, OverflowError):
                continue
            validos.append(valor)
        return super().optgroups(name, validos, attr)


class CandidatoForm(forms.ModelForm):
    """Aceita o CPF com ou sem máscara e guarda só os 11 dígitos."""

    cpf = forms.CharField(label="CPF", max_length=14, help_text="Com ou sem pontos e traço.")

    class Meta:
        model = Candidato
        fields = ["nome", "nome_social", "cpf", "nascimento", "email"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.initial["cpf"] = self.instance.cpf_formatado
        for campo in ("nome", "nome_social"):
            if campo in self.fields:  # quem só pode ver recebe a ficha sem campos editáveis
                self.fields[campo].validators.append(validar_texto_limpo)

    def clean_cpf(self):
        return normalizar_cpf(self.cleaned_data["cpf"])

    def clean_nascimento(self):
        """01/01/0001 passava: a data vai para a planilha exportada e o desempate por idade (docs/REGRAS.md §6)."""
        return validar_nascimento(self.cleaned_data.get("nascimento"))


class InscricaoForm(forms.ModelForm):
    """Inscrição no admin. As notas parciais são um objeto ``{"campo": nota}`` (o campo como nas
    colunas ``nota_<campo>`` da importação); qualquer outro JSON — lista, texto, ``\u0000`` —
    quebraria a geração do resultado ou o PostgreSQL, e é recusado aqui com a mensagem."""

    class Meta:
        model = Inscricao
        fields = ["edital", "cargo", "candidato", "numero", "cor_raca", "nota", "notas_parciais", "jurado", "sorteio"]
        fields += ["situacao"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "numero" in self.fields:
            self.fields["numero"].validators.append(validar_texto_limpo)

    def clean_notas_parciais(self):
        notas = self.cleaned_data.get("notas_parciais")
        if notas in (None, "", {}):
            return {}
        if not isinstance(notas, dict):
            raise ValidationError('Informe um objeto JSON, por exemplo {"conhecimentos_especificos": "40.5"}.')
        lidas = {}
        for campo, valor in notas.items():
            if not re.fullmatch(r"[a-z0-9_]{1,60}", campo):
                raise ValidationError(
                    f"Nome de nota parcial inválido: {campo[:60]!r} (use letras minúsculas, números e _)."
                )
            try:
                lidas[campo] = decimal_em_texto(ler_decimal(valor if isinstance(valor, str) else str(valor)))
            except ValorInvalido as erro:
                raise ValidationError(f"Nota parcial {campo!r}: {erro}.") from None
        return lidas


class OpcaoDeGrupoForm(forms.ModelForm):
    """Opção por grupo: só os grupos do regime congelado do edital (``grupos`` é definido por subclasse).

    Sem a situação da verificação: a opção nova nasce pendente e a situação vem de um ato de
    verificação (``services.registrar_verificacao``); uma ``situacao`` enviada no POST é ignorada."""

    grupos: tuple[str, ...] = ()

    class Meta:
        model = OpcaoDeGrupo
        fields = ["grupo"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        escolhas = [("", "---------")] + [(g, rotulo_do_grupo(g)) for g in self.grupos]
        self.fields["grupo"] = forms.ChoiceField(label="grupo", choices=escolhas)

    def clean_grupo(self):
        grupo = self.cleaned_data["grupo"]
        opcao = self.instance
        if opcao.pk is not None and grupo != opcao.grupo and opcao.situacao != PENDENTE:
            raise ValidationError(
                f"A opção por {rotulo_do_grupo(opcao.grupo)} já tem verificação registrada por ato "
                f"(“{opcao.get_situacao_display()}”) e não pode virar opção por outro grupo."
            )
        return grupo


def grupos_conhecidos() -> tuple[str, ...]:
    """Todos os grupos dos regimes pré-definidos, sem repetição (para inscrição ainda sem edital)."""
    return tuple(dict.fromkeys(g.grupo for r in cotas.REGIMES.values() for g in r.grupos))
