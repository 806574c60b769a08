"""Formulários do evento de um cargo (com a confirmação em dois passos) e da reversão."""

from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse

from comum.validacao import campo_de_texto
from comum.validadores import validar_texto_limpo
from cotas.eventos import TIPOS_DE_EVENTO
from cotas.modelo import MAXIMO_DE_VAGAS, NOTA, VERIFICACAO
from cotas.regimes import rotulo_do_grupo

from ..atos import Ato
from ..consultas.busca import situacoes_atuais
from ..models import SITUACOES_DE_VERIFICACAO
from .atos import PRIMEIRO_ANO, ULTIMO_ANO, campo_do_diario_oficial, campo_do_processo
from .busca import InscricaoPorBusca


class EventoForm(forms.Form):
    """Dados de um evento do cargo: inscrição (ou quantidade de vagas), documento, data do ato,
    publicação no Diário Oficial e motivo; nas revisões (docs/REGRAS.md §8), a nova verificação ou a
    nota corrigida, e se a decisão é sub judice (com o número do processo)."""

    inscricao = InscricaoPorBusca(label="Inscrição")
    quantidade = forms.IntegerField(label="Quantidade de vagas novas", min_value=1, max_value=MAXIMO_DE_VAGAS)
    grupo = forms.ChoiceField(label="Grupo", choices=())
    situacao = forms.ChoiceField(label="Nova verificação", choices=SITUACOES_DE_VERIFICACAO)
    nota = forms.DecimalField(label="Nota corrigida", max_digits=9, decimal_places=3, localize=True)
    notas_parciais = forms.JSONField(
        label="Notas parciais corrigidas",
        required=False,
        help_text='Opcional: objeto JSON, por exemplo {"conhecimentos_especificos": "45"}.',
    )
    documento = forms.CharField(
        label="Documento de suporte",
        max_length=120,
        validators=[validar_texto_limpo],
        help_text="Número do ofício, portaria, requerimento, decisão do recurso ou da Justiça.",
    )
    data_do_ato = forms.DateField(
        label="Data do ato",
        help_text="dd/mm/aaaa: a data do documento, dentro da validade do concurso (não a de hoje, se for outra).",
    )
    diario_oficial = campo_do_diario_oficial()
    sub_judice = forms.BooleanField(
        label="Sub judice",
        required=False,
        help_text="Decisão judicial ainda não definitiva (liminar, sentença recorrida).",
    )
    processo = campo_do_processo("Obrigatório quando a decisão é sub judice.")
    motivo = campo_de_texto("motivo", label="Motivo", required=False, linhas=3)

    def __init__(self, cargo, tipo: str, *args, **kwargs):
        super().__init__(*args, **kwargs)
        tipo_de_evento = TIPOS_DE_EVENTO[tipo]
        if tipo != VERIFICACAO:
            del self.fields["grupo"], self.fields["situacao"]
        else:
            grupos = cargo.edital.regime_congelado().nomes_dos_grupos if cargo.edital.parametros_do_regime else ()
            self.fields["grupo"].choices = [(g, rotulo_do_grupo(g)) for g in grupos]
        if tipo != NOTA:
            del self.fields["nota"], self.fields["notas_parciais"]
        if not tipo_de_evento.revisao:
            del self.fields["sub_judice"], self.fields["processo"]
        if tipo_de_evento.carrega_quantidade:
            del self.fields["inscricao"]
            return
        del self.fields["quantidade"]
        url = reverse("concursos:buscar_inscricoes", args=[cargo.pk])
        self.fields["inscricao"].preparar(cargo.inscricoes.all(), situacoes_atuais(cargo), url)

    def clean_inscricao(self):
        inscricao = self.cleaned_data["inscricao"]
        # O texto buscado ("maria") vira o número achado: a confirmação reenvia o número, não a busca.
        self.data = self.data.copy()
        self.data[self.add_prefix("inscricao")] = inscricao.numero
        return inscricao

    def clean_data_do_ato(self):
        valor = self.cleaned_data["data_do_ato"]
        if not PRIMEIRO_ANO <= valor.year <= ULTIMO_ANO:
            raise ValidationError(f"Data fora do intervalo possível ({PRIMEIRO_ANO} a {ULTIMO_ANO}).")
        return valor

    def clean(self):
        dados = super().clean()
        try:
            Ato.do_formulario(dados).exigir_processo()
        except ValidationError as erro:
            self.add_error(None, erro)
        return dados


class ReversaoForm(forms.Form):
    documento = forms.CharField(
        label="Documento de suporte",
        max_length=120,
        validators=[validar_texto_limpo],
        help_text="Despacho ou ofício que determina a reversão.",
    )
    motivo = campo_de_texto("motivo", label="Motivo da reversão", linhas=3, help_text="Obrigatório.")
