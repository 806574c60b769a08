"""Formulários das telas do RH: edital no admin, eventos, reversão, CPF e o simulador de cotas.

Só validação de formulário e a montagem das escolhas; as regras estão em ``cotas`` e as mudanças
de estado em ``services.py``. Entrada hostil (números de 400 algarismos, datas do ano 1, caracteres
de controle) para aqui, com a mensagem no campo, em vez de virar erro 500 mais adiante.
"""

import re
from datetime import date
from pathlib import PurePath

from django import forms
from django.contrib.admin.widgets import AutocompleteSelect
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.urls import reverse

import cotas
from comum import planilhas
from comum.cpf import normalizar_cpf
from comum.planilhas import decimal_em_texto
from comum.validacao import campo_de_texto, validar_nascimento
from comum.validadores import validar_texto_limpo
from cotas.eventos import TIPOS_DE_EVENTO
from cotas.modelo import DECLARACAO_FALSA, DESEMPATE_PADRAO, MAXIMO_DE_VAGAS, NOTA, PENDENTE, VERIFICACAO
from cotas.regimes import rotulo_do_grupo

from ..consultas.busca import InscricaoPorBusca, situacoes_atuais
from ..importacao.leitores import ValorInvalido, ler_decimal
from ..models import (
    PRAZOS_DO_PROVIMENTO,
    REGIMES,
    SITUACOES_DE_VERIFICACAO,
    Candidato,
    Cargo,
    Edital,
    Inscricao,
    LeiauteDeImportacao,
    OpcaoDeGrupo,
)
from .atos import campo_do_diario_oficial, campo_do_processo, exigir_processo_se_sub_judice

TAMANHO_MAXIMO_DO_CENARIO = 5 * 1024 * 1024
PRIMEIRO_ANO, ULTIMO_ANO = 1988, 2199  # editais: da Constituição (concurso público, art. 37) em diante
# Percentual PcD que o edital fixa: a faixa do grupo no regime padrão (o serviço confere a do regime
# escolhido, em ``congelar_parametros``).
MINIMO_PCD, MAXIMO_PCD = cotas.REGIMES[cotas.REGIME_PADRAO].grupo_de_percentual_do_edital.faixa_do_edital


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


def _campo_percentual_pcd(obrigatorio: bool) -> forms.DecimalField:
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

    percentual_pcd = _campo_percentual_pcd(obrigatorio=True)

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
        exigir_processo_se_sub_judice(self, dados)
        return dados


class ReversaoForm(forms.Form):
    documento = forms.CharField(
        label="Documento de suporte",
        max_length=120,
        validators=[validar_texto_limpo],
        help_text="Despacho ou ofício que determina a reversão.",
    )
    motivo = campo_de_texto("motivo", label="Motivo da reversão", linhas=3, help_text="Obrigatório.")


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


class SimuladorQuadroForm(forms.Form):
    """Quadro de vagas de um cargo hipotético por um regime pré-definido (Art. 1º, §4º)."""

    vagas = forms.IntegerField(label="Vagas do cargo", min_value=0, max_value=MAXIMO_DE_VAGAS)
    regime = forms.ChoiceField(label="Regime", choices=REGIMES)
    percentual_pcd = _campo_percentual_pcd(obrigatorio=False)

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


class ImportacaoEmSegundoPlanoForm(forms.Form):
    """Arquivo grande da banca, importado por um trabalhador em segundo plano. O arquivo é conferido
    aqui como na importação da tela (tipo pelo conteúdo, tamanho); as linhas, pelo trabalhador."""

    edital = forms.ModelChoiceField(
        queryset=Edital.objects.all(),
        label="Edital",
        help_text="As inscrições do arquivo entram neste edital; o cargo é o código do cargo dentro dele.",
    )
    arquivo = forms.FileField(label="Arquivo da banca")
    leiaute = forms.ModelChoiceField(
        queryset=LeiauteDeImportacao.objects.order_by("banca", "nome"),
        label="Leiaute da banca",
        required=False,
        help_text="Para o arquivo com os cabeçalhos da própria banca: o mapeamento das colunas salvo numa "
        "importação pela tela. Vazio: o arquivo tem os cabeçalhos do modelo de planilha.",
    )

    def __init__(self, *args, **kwargs):
        from django.conf import settings

        super().__init__(*args, **kwargs)
        self.fields["arquivo"].help_text = (
            f"Planilha .xlsx ou .csv (separada por ; ou ,), até {settings.LIMITE_DE_IMPORTACAO_MB} MB, "
            "com uma linha por inscrição e as mesmas colunas da importação pela tela."
        )
        self.fields["arquivo"].widget.attrs["accept"] = ".csv,.xlsx"

    def clean_arquivo(self):
        arquivo = self.cleaned_data["arquivo"]
        try:
            planilhas.conferir_tamanho(arquivo.size)
            conteudo = arquivo.read()
            arquivo.seek(0)
            planilhas.conferir_arquivo(arquivo.name, conteudo)
        except planilhas.ArquivoInvalido as erro:
            raise ValidationError(str(erro)) from None
        return arquivo

    def clean(self):
        """O cabeçalho é conferido já no envio (o trabalhador confere as linhas): arquivo com os
        cabeçalhos da banca precisa do leiaute dela, e o leiaute tem de servir ao arquivo inteiro."""
        from ..importacao import mapeamento

        dados = super().clean()
        arquivo, edital, leiaute = dados.get("arquivo"), dados.get("edital"), dados.get("leiaute")
        if arquivo is None or edital is None:
            return dados
        try:
            conjunto = planilhas.ler_arquivo(arquivo.name, arquivo.read())
        except planilhas.ArquivoInvalido as erro:
            self.add_error("arquivo", str(erro))
            return dados
        finally:
            arquivo.seek(0)
        if leiaute is None:
            if mapeamento.precisa_mapear(conjunto, edital):
                cabecalhos = ", ".join(f"“{c}”" for c in mapeamento.cabecalhos_do_arquivo(conjunto)[:4])
                self.add_error(
                    "leiaute",
                    f"Os cabeçalhos deste arquivo ({cabecalhos}…) não são os do modelo de planilha: escolha o "
                    "leiaute da banca. Se ainda não há um, importe pela tela um trecho do arquivo (o cabeçalho e "
                    "algumas linhas), faça o mapeamento das colunas e salve-o como leiaute.",
                )
            return dados
        dados["mapeamento"] = mapeamento.do_leiaute(conjunto, edital, leiaute.colunas)
        problemas = mapeamento.conferir(dados["mapeamento"], edital, mapeamento.cabecalhos_do_arquivo(conjunto))
        if problemas:
            self.add_error("leiaute", f"O leiaute “{leiaute}” não serve a este arquivo: {'; '.join(problemas)}.")
        return dados


# ---------------------------------------------------------------- atos de verificação


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
