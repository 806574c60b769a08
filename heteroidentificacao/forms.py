"""Formulários das telas da comissão (fora do admin): o parecer do membro e a presença do candidato;
e os do admin: a sessão (local, link e a referência da gravação), a sessão recursal que recebe
recursos e os passos da apuração (notificação, defesa, decisão).

Só a montagem dos campos, do layout e dos limites de entrada (tamanho, caracteres de controle,
referência da gravação); quem valida a regra (fundamentação obrigatória quando não confirma,
sessão aberta, só o próprio parecer) é ``services/`` e o modelo, e a tela mostra a recusa deles.
"""

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Div, Field, Layout, Submit
from django import forms
from django.core.validators import URLValidator

from comum import relogio
from comum.validacao import ValidadorDeDataDeAto, campo_de_texto
from comum.validadores import validar_referencia_de_gravacao, validar_texto_limpo

from .models import Comissao, Parecer, ProcessoDeApuracao, Sessao

TAMANHO_MAXIMO_DA_FUNDAMENTACAO = 10_000
# Código de referência da gravação: o número do arquivo no sistema de vídeo, a mídia, a pasta.

AJUDA_DA_FUNDAMENTACAO = (
    "Obrigatória quando o parecer não confirma a autodeclaração: descreva as características "
    "fenotípicas observadas na sessão."
)
# A comissão recursal não vê o candidato: julga pela gravação do procedimento, pelos pareceres da
# comissão ordinária e pelas razões do recurso.
AJUDA_DA_FUNDAMENTACAO_RECURSAL = (
    "Obrigatória quando o parecer não confirma a autodeclaração: descreva as características "
    "fenotípicas observadas na gravação do procedimento, considerando os pareceres da comissão "
    "ordinária e as razões do recurso."
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
        max_length=TAMANHO_MAXIMO_DA_FUNDAMENTACAO,
        validators=[validar_texto_limpo],
        widget=forms.Textarea(attrs={"rows": 5, "data-obrigatoria-se": "nao_confirma"}),
        help_text=AJUDA_DA_FUNDAMENTACAO,
    )

    def __init__(self, *args, alterando: bool = False, recursal: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if recursal:
            self.fields["fundamentacao"].help_text = AJUDA_DA_FUNDAMENTACAO_RECURSAL
            self.fields["fundamentacao"].label = "Fundamentação (características fenotípicas observadas na gravação)"
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


class SessaoForm(forms.ModelForm):
    """Sessão no admin: local sem caracteres de controle, link só ``http(s)`` e a referência da
    gravação conferida por ``validar_referencia_de_gravacao`` (no máximo 300 caracteres, o do campo)."""

    class Meta:
        model = Sessao
        fields = ["comissao", "inicio", "local", "link", "gravacao"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "local" in self.fields:
            self.fields["local"].validators.append(validar_texto_limpo)
        if "link" in self.fields:
            self.fields["link"].validators.append(URLValidator(schemes=["http", "https"]))
        if "inicio" in self.fields:  # 31/12/9999 23:59 estourava a conversão para UTC (erro 500)
            self.fields["inicio"].validators.append(ValidadorDeDataDeAto("início"))
        if "gravacao" in self.fields:
            self.fields["gravacao"].validators.append(validar_referencia_de_gravacao)
            ajuda = "Link http(s) para o vídeo da sessão ou o código de referência do arquivo (até 300 caracteres)."
            self.fields["gravacao"].help_text = ajuda


class SessaoRecursalForm(forms.Form):
    """A sessão da comissão recursal (ainda não encerrada) que recebe os recursos escolhidos."""

    sessao = forms.ModelChoiceField(label="Sessão da comissão recursal", queryset=Sessao.objects.none())

    def __init__(self, recursos, *args, **kwargs):
        super().__init__(*args, **kwargs)
        editais = recursos.values("chamado__sessao__comissao__edital")
        self.fields["sessao"].queryset = (
            Sessao.objects.filter(comissao__tipo=Comissao.RECURSAL, comissao__edital__in=editais)
            .exclude(status=Sessao.ENCERRADA)
            .select_related("comissao__edital")
        )


class NotificacaoForm(forms.Form):
    notificado_em = forms.DateField(
        label="Candidato notificado em", initial=relogio.hoje, validators=[ValidadorDeDataDeAto("notificado em")]
    )
    dias_para_defesa = forms.IntegerField(
        label="Prazo de defesa (dias corridos)",
        initial=10,
        min_value=1,
        max_value=365,
        help_text="Contados do dia seguinte à notificação.",
    )


class PublicacaoForm(forms.Form):
    em = forms.DateField(
        label="Resultado preliminar publicado em",
        initial=relogio.hoje,
        help_text="dd/mm/aaaa. O prazo de recurso corre do dia seguinte; se terminar em dia sem expediente "
        "(fim de semana, feriado nacional ou feriado local cadastrado), vai ao primeiro dia útil seguinte.",
        validators=[ValidadorDeDataDeAto("data da publicação")],
    )


class DefesaForm(forms.Form):
    texto = campo_de_texto("defesa", linhas=10)
    apresentada_em = forms.DateField(
        label="Apresentada em", initial=relogio.hoje, validators=[ValidadorDeDataDeAto("apresentada em")]
    )


class DecisaoForm(forms.Form):
    decisao = forms.ChoiceField(
        label="Decisão",
        choices=[
            (ProcessoDeApuracao.PROCEDENTE, "Procedente: declaração falsa constatada"),
            (ProcessoDeApuracao.IMPROCEDENTE, "Improcedente"),
        ],
    )
    fundamentacao = campo_de_texto("fundamentação da decisão", label="Fundamentação", linhas=10)
    decidido_em = forms.DateField(
        label="Decidido em", initial=relogio.hoje, validators=[ValidadorDeDataDeAto("decidido em")]
    )


class GravacaoForm(forms.Form):
    """A gravação da sessão, registrada pelo presidente: a referência do arquivo (guardado fora do
    sistema) e o SHA-256 dele; ``services.registrar_gravacao`` confere os dois."""

    gravacao = forms.CharField(
        label="Referência da gravação",
        max_length=300,
        help_text="Link http(s) para o vídeo da sessão ou o código de referência do arquivo (até 300 caracteres).",
    )
    hash_da_gravacao = forms.CharField(
        label="SHA-256 do arquivo",
        max_length=64,
        help_text="Os 64 algarismos hexadecimais do SHA-256 do arquivo de vídeo (por exemplo, de sha256sum).",
    )

    def argumentos(self) -> dict:
        return {"referencia": self.cleaned_data["gravacao"], "sha256": self.cleaned_data["hash_da_gravacao"]}


class ImpedimentoForm(forms.Form):
    """O impedimento do membro para este candidato (``services.declarar_impedimento``)."""

    motivo = forms.CharField(
        label="Motivo do impedimento",
        max_length=300,
        validators=[validar_texto_limpo],
        help_text="Por exemplo: parentesco, amizade íntima ou inimizade com o candidato (Lei 9.784/1999, arts. 18 a 21).",
    )
    suplente = forms.ModelChoiceField(label="Suplente que vota no seu lugar neste candidato", queryset=None)

    def __init__(self, *args, suplentes, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["suplente"].queryset = suplentes
        self.fields["suplente"].label_from_instance = lambda membro: membro.nome


class TransferenciaForm(forms.Form):
    """O presidente transfere o candidato para outra sessão pelo impedimento de um membro, sem suplente
    (``services.transferir_por_impedimento``)."""

    membro = forms.ModelChoiceField(label="Membro impedido", queryset=None)
    motivo = forms.CharField(
        label="Motivo do impedimento",
        max_length=300,
        validators=[validar_texto_limpo],
        help_text="Por exemplo: parentesco, amizade íntima ou inimizade com o candidato (Lei 9.784/1999, arts. 18 a 21).",
    )

    def __init__(self, *args, membros, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["membro"].queryset = membros
        self.fields["membro"].label_from_instance = lambda membro: membro.nome
        self.fields["membro"].widget.attrs["id"] = "id_membro_transferencia"
        self.fields["motivo"].widget.attrs["id"] = "id_motivo_transferencia"


class ParecerDaComissaoForm(forms.Form):
    """O parecer motivado da comissão, redigido pelo presidente (``services.registrar_parecer_da_comissao``)."""

    parecer_da_comissao = forms.CharField(
        label="Parecer motivado da comissão",
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="As características fenotípicas que fundamentam a decisão da comissão; exigido para encerrar "
        "quando a autodeclaração não é confirmada.",
    )


class ComposicaoForm(forms.Form):
    """A presença dos membros na abertura da sessão: cada titular (menos o presidente, que abre)
    presente ou ausente e, para o ausente, o suplente que vota no lugar dele. Quem confere as
    regras (suplente só no lugar de titular ausente, um titular por suplente, quórum) é o serviço."""

    def __init__(self, *args, membros, **kwargs):
        super().__init__(*args, **kwargs)
        self.titulares = [m for m in membros if m.papel == m.TITULAR and not m.presidente]
        self.suplentes = [m for m in membros if m.papel == m.SUPLENTE]
        opcoes = [("", "Ninguém (o lugar fica vago)"), *((str(s.pk), s.nome) for s in self.suplentes)]
        for titular in self.titulares:
            self.fields[f"ausente_{titular.pk}"] = forms.BooleanField(
                label=f"{titular.nome} está ausente", required=False
            )
            if self.suplentes:
                self.fields[f"substituto_{titular.pk}"] = forms.ChoiceField(
                    label=f"Suplente no lugar de {titular.nome}", choices=opcoes, required=False
                )

    def linhas(self) -> list[dict]:
        return [
            {
                "titular": t,
                "ausente": self[f"ausente_{t.pk}"],
                "substituto": self[f"substituto_{t.pk}"] if self.suplentes else None,
            }
            for t in self.titulares
        ]

    def argumentos(self) -> dict:
        """``ausentes`` e ``substitutos`` para ``services.abrir_sessao``, que confere as regras (um
        suplente indicado para um titular presente é recusado lá)."""
        suplentes = {str(s.pk): s for s in self.suplentes}
        escolhidos = {t: self.cleaned_data.get(f"substituto_{t.pk}") or "" for t in self.titulares}
        return {
            "ausentes": [t for t in self.titulares if self.cleaned_data[f"ausente_{t.pk}"]],
            "substitutos": {t: suplentes[pk] for t, pk in escolhidos.items() if pk},
        }


class DesligamentoForm(forms.Form):
    motivo = forms.CharField(
        label="Motivo do desligamento",
        max_length=300,
        help_text="Por exemplo: pedido do membro, impedimento, portaria de substituição nº…",
    )
    desligado_em = forms.DateField(label="Desligado em", initial=relogio.hoje, help_text="dd/mm/aaaa")
