"""Os formulários da importação: pelo admin, o envio (com o edital de destino), o mapeamento das
colunas do arquivo da banca e a confirmação; e o envio de um arquivo grande para o segundo plano."""

import re

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from import_export.forms import ConfirmImportForm, ImportForm

from comum import planilhas
from comum.validadores import validar_texto_limpo

from ..atos import Ato, conferir_data_do_ato
from ..forms.atos import campo_do_diario_oficial, campo_do_processo
from ..models import Edital, LeiauteDeImportacao
from . import mapeamento
from .campos import campos_da_planilha
from .recurso import FORMATOS_DE_IMPORTACAO
from .temporarios import arquivo_temporario_existe


class ImportacaoDeInscricoesForm(ImportForm):
    """Formulário de importação do admin, com o edital que recebe as inscrições.

    O arquivo é conferido aqui, antes de a biblioteca gravá-lo no armazenamento temporário: só
    ``.csv`` e ``.xlsx``, até ``LIMITE_DE_IMPORTACAO_MB``, conteúdo do tipo que a extensão diz e
    legível inteiro (``planilhas.conferir_arquivo``). O formato é o do conteúdo: a escolha da lista
    só vale se concordar com ele. Acima de ``LIMITE_DE_LINHAS_NA_TELA`` linhas o arquivo vai para o
    segundo plano (``recusa_da_tela``), e a leitura para ali."""

    edital = forms.ModelChoiceField(
        queryset=Edital.objects.all(),
        label="Edital",
        help_text="As inscrições do arquivo entram neste edital; o cargo é o código do cargo dentro dele.",
    )
    field_order = ["edital", "resource", "import_file", "format"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].required = False
        self.fields[
            "import_file"
        ].help_text = f"Planilha .xlsx ou .csv, até {settings.LIMITE_DE_IMPORTACAO_MB} MB, com uma linha por inscrição."
        self.fields["import_file"].widget.attrs["accept"] = ".csv,.xlsx"

    def clean(self):
        dados = super().clean()
        arquivo = dados.get("import_file")
        if arquivo is None:
            return dados
        try:
            planilhas.conferir_tamanho(arquivo.size)
            conteudo = arquivo.read()
            arquivo.seek(0)
            planilhas.ler_arquivo(  # lido uma vez só, e só até o limite de linhas da tela
                arquivo.name,
                conteudo,
                maximo_de_linhas=settings.LIMITE_DE_LINHAS_NA_TELA,
                prazo_em_segundos=settings.PRAZO_DA_LEITURA_NA_TELA,
            )
        except planilhas.ArquivoGrandeParaATela:
            self.add_error("import_file", recusa_da_tela())
            return dados
        except planilhas.ArquivoInvalido as erro:
            self.add_error("import_file", str(erro))
            return dados
        dados["format"] = str(FORMATOS_DE_IMPORTACAO.index(planilhas.formato_do_arquivo(arquivo.name)))
        self.errors.pop("format", None)
        return dados


def recusa_da_tela() -> ValidationError:
    """O arquivo tem mais linhas do que a tela do admin importa (prévia e confirmação na própria
    requisição): acima de ``LIMITE_DE_LINHAS_NA_TELA`` a prévia desenharia cada linha numa página só
    e a gravação prenderia a requisição. A leitura parou no limite, sem ler o resto do arquivo; a
    recusa aponta a importação em segundo plano (``segundo_plano.pedidos.pedir_importacao``)."""
    limite = settings.LIMITE_DE_LINHAS_NA_TELA
    return ValidationError(
        f"O arquivo tem mais de {limite} linhas; acima de {limite} a importação é "
        "feita em segundo plano: use o link “Importar em segundo plano”, nesta página."
    )


_NOME_TEMPORARIO = re.compile(r"[0-9a-f]{32}")
LINHAS_CONFERIDAS_NO_ENVIO = 1000  # do arquivo para o segundo plano: o cabeçalho e o começo


class ConfirmacaoDeImportacaoForm(ConfirmImportForm):
    """Confirmação da importação: leva adiante o edital escolhido na primeira etapa.

    Os campos escondidos voltam do navegador e podem ter sido alterados: o formato e o recurso têm
    de ser índices que existem, e o arquivo, um nome gerado pela prévia (32 dígitos hexadecimais)
    ainda presente no armazenamento privado.

    Quando o arquivo corrige notas de um cargo com resultado publicado, a prévia põe em ``previa`` a
    assinatura das correções mostradas (``revisoes.assinatura``), e o ato que as fundamenta passa a
    ser obrigatório: o documento e a data (dentro da validade), o Diário Oficial e, se a correção vem
    de decisão judicial não definitiva, sub judice com o número do processo."""

    edital = forms.ModelChoiceField(queryset=Edital.objects.all(), widget=forms.HiddenInput)
    previa = forms.CharField(required=False, widget=forms.HiddenInput)
    mapeamento = forms.CharField(required=False, widget=forms.HiddenInput)
    documento = forms.CharField(
        label="Documento das correções de nota",
        max_length=120,
        required=False,
        validators=[validar_texto_limpo],
        help_text="Por exemplo “Ofício 12/2025 da banca — retificação do resultado” ou a decisão judicial.",
    )
    data_do_ato = forms.DateField(
        label="Data do ato",
        required=False,
        help_text="dd/mm/aaaa: a data do documento, dentro da validade do concurso.",
    )
    diario_oficial = campo_do_diario_oficial()
    sub_judice = forms.BooleanField(
        label="Sub judice", required=False, help_text="Correção por decisão judicial ainda não definitiva."
    )
    processo = campo_do_processo("Obrigatório quando a correção é sub judice.")

    def clean(self):
        dados = super().clean()
        if not dados.get("previa"):
            return dados
        if not (dados.get("documento") or "").strip():
            self.add_error("documento", "Informe o documento que corrige as notas (ofício da banca, decisão judicial).")
        if dados.get("data_do_ato") is None and "data_do_ato" not in self.errors:
            self.add_error("data_do_ato", "Informe a data do ato (dd/mm/aaaa).")
        elif dados.get("data_do_ato") and dados.get("edital"):
            try:
                conferir_data_do_ato(dados["edital"], dados["data_do_ato"])
            except ValidationError as erro:
                self.add_error(None, erro)
        try:
            Ato.do_formulario(dados).exigir_processo()
        except ValidationError as erro:
            self.add_error(None, erro)
        return dados

    def clean_mapeamento(self) -> dict:
        """O mapeamento da tela de mapeamento volta do navegador: tem de ser JSON de cabeçalho → campo
        e servir ao edital (a gravação o aplica de novo, e o cabeçalho é conferido de novo)."""
        texto_ = self.cleaned_data.get("mapeamento") or ""
        if not texto_:
            return {}
        try:
            return mapeamento.de_json(texto_)
        except ValueError:
            raise ValidationError("O mapeamento das colunas voltou alterado: envie o arquivo de novo.") from None

    def ato(self) -> Ato:
        """O ato das correções de nota, para ``InscricaoResource(ato=...)``."""
        return Ato.do_formulario(self.cleaned_data)

    def clean_import_file_name(self):
        nome = super().clean_import_file_name()
        if not _NOME_TEMPORARIO.fullmatch(nome) or not arquivo_temporario_existe(nome):
            raise ValidationError(
                "A prévia desta importação expirou ou já foi confirmada: envie o arquivo de novo.", code="expirada"
            )
        return nome

    def clean_format(self):
        formato = self.cleaned_data["format"]
        if formato not in {str(i) for i in range(len(FORMATOS_DE_IMPORTACAO))}:
            raise ValidationError("Formato de arquivo inválido: envie o arquivo de novo.", code="formato")
        return formato

    def clean_resource(self):
        recurso = self.cleaned_data.get("resource") or ""
        if recurso not in ("", "0"):
            raise ValidationError("Importação inválida: envie o arquivo de novo.", code="recurso")
        return recurso


class MapeamentoForm(forms.Form):
    """Para qual campo vai cada coluna do arquivo (ou "ignorar"), com a sugestão já escolhida: a do
    leiaute salvo da banca, se o cabeçalho bate com algum, ou a dos cabeçalhos usuais
    (``mapeamento.colunas_do_arquivo``). Um mapeamento que não serve (campo em duas colunas,
    obrigatório faltando) volta com o problema, sem prévia."""

    salvar = forms.BooleanField(
        label="Salvar este mapeamento como leiaute", required=False,
        help_text="Da próxima vez que um arquivo desta banca chegar com estes cabeçalhos, ele já vem escolhido.",
    )  # fmt: skip
    banca = forms.CharField(label="Banca", max_length=120, required=False, validators=[validar_texto_limpo])
    nome_do_leiaute = forms.CharField(
        label="Nome do leiaute", max_length=80, required=False, validators=[validar_texto_limpo],
        help_text="Por exemplo “Resultado final”.",
    )  # fmt: skip

    def __init__(self, data=None, *, edital, conjunto, usuario, leiaute=""):
        super().__init__(data)
        self.edital, self.usuario = edital, usuario
        self.cabecalhos = mapeamento.cabecalhos_do_arquivo(conjunto)
        self.leiautes = mapeamento.leiautes_sugeridos(self.cabecalhos)
        escolhido = next((item for item in self.leiautes if str(item.pk) == str(leiaute)), None)
        self.leiaute = escolhido or (self.leiautes[0] if self.leiautes else None)
        self.colunas = mapeamento.colunas_do_arquivo(conjunto, edital, self.leiaute.colunas if self.leiaute else None)
        destinos = [(mapeamento.IGNORAR, "— ignorar esta coluna —")]
        destinos += [
            (c.nome, f"{c.rotulo} (obrigatório)" if c.obrigatorio else c.rotulo) for c in campos_da_planilha(edital)
        ]
        for coluna in self.colunas:
            self.fields[f"coluna_{coluna.indice}"] = forms.ChoiceField(
                label=f"Coluna {coluna.letra}: {coluna.cabecalho or '(sem nome)'}",
                choices=destinos,
                initial=coluna.sugestao,
            )
        if self.leiaute and not self.is_bound:
            self.fields["banca"].initial, self.fields["nome_do_leiaute"].initial = self.leiaute.banca, self.leiaute.nome

    def linhas(self):
        """Cada coluna do arquivo com o seu campo de escolha, para a tabela da tela."""
        return [(coluna, self[f"coluna_{coluna.indice}"]) for coluna in self.colunas]

    def clean(self):
        dados = super().clean()
        self.mapeamento = {c.cabecalho: dados.get(f"coluna_{c.indice}", "") for c in self.colunas}
        if any(f"coluna_{c.indice}" in self.errors for c in self.colunas):
            return dados
        for problema in mapeamento.conferir(self.mapeamento, self.edital, self.cabecalhos):
            self.add_error(None, problema[:1].upper() + problema[1:] + ".")
        if dados.get("salvar"):
            for campo, rotulo in (("banca", "a banca"), ("nome_do_leiaute", "o nome do leiaute")):
                if not (dados.get(campo) or "").strip() and campo not in self.errors:
                    self.add_error(campo, f"Para salvar o leiaute, informe {rotulo}.")
        return dados

    def salvar_leiaute(self):
        """O leiaute salvo (ou atualizado), se o RH pediu; ``None`` se não pediu."""
        if not self.cleaned_data.get("salvar"):
            return None
        dados = self.cleaned_data
        return mapeamento.salvar_leiaute(
            dados["banca"].strip(), dados["nome_do_leiaute"].strip(), self.mapeamento, self.usuario
        )


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
        except planilhas.ArquivoInvalido as erro:
            raise ValidationError(str(erro)) from None
        return arquivo

    def clean(self):
        """O cabeçalho é conferido já no envio (o trabalhador confere as linhas): arquivo com os
        cabeçalhos da banca precisa do leiaute dela, e o leiaute tem de servir ao arquivo inteiro."""
        dados = super().clean()
        arquivo, edital, leiaute = dados.get("arquivo"), dados.get("edital"), dados.get("leiaute")
        if arquivo is None or edital is None:
            return dados
        try:  # o envio confere o começo; o arquivo inteiro é lido pelo trabalhador, com o prazo dele
            conjunto = planilhas.ler_arquivo(
                arquivo.name,
                arquivo.read(),
                prazo_em_segundos=settings.PRAZO_DA_LEITURA_NA_TELA,
                so_o_comeco=LINHAS_CONFERIDAS_NO_ENVIO,
            )
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
