"""Os formulários da importação pelo admin: o envio (com o edital de destino) e a confirmação."""

import re

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from import_export.forms import ConfirmImportForm, ImportForm

from comum import planilhas
from comum.validadores import validar_texto_limpo

from ..atos import conferir_data_do_ato
from ..campos_do_ato import campo_do_diario_oficial, campo_do_processo, exigir_processo_se_sub_judice
from ..models import Edital
from ..segundo_plano import pedidos
from .recurso import FORMATOS_DE_IMPORTACAO
from .revisoes import CAMPOS_DO_ATO
from .temporarios import arquivo_temporario_existe


class ImportacaoDeInscricoesForm(ImportForm):
    """Formulário de importação do admin, com o edital que recebe as inscrições.

    O arquivo é conferido aqui, antes de a biblioteca gravá-lo no armazenamento temporário: só
    ``.csv`` e ``.xlsx``, até ``LIMITE_DE_IMPORTACAO_MB``, conteúdo do tipo que a extensão diz e
    legível inteiro (``planilhas.conferir_arquivo``). O formato é o do conteúdo: a escolha da lista
    só vale se concordar com ele. Se o arquivo cabe na tela ou vai para o segundo plano, quem decide é
    ``segundo_plano.pedidos.conferir_importacao_na_tela``; aqui só se informa."""

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
            linhas = len(planilhas.ler_arquivo(arquivo.name, conteudo))  # lido uma vez só
        except planilhas.ArquivoInvalido as erro:
            self.add_error("import_file", str(erro))
            return dados
        dados["format"] = str(FORMATOS_DE_IMPORTACAO.index(planilhas.formato_do_arquivo(arquivo.name)))
        self.errors.pop("format", None)
        try:
            pedidos.conferir_importacao_na_tela(linhas)
        except pedidos.PedidoRecusado as recusa:
            self.add_error("import_file", recusa)
        return dados


_NOME_TEMPORARIO = re.compile(r"[0-9a-f]{32}")


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
        exigir_processo_se_sub_judice(self, dados)
        return dados

    def ato(self) -> dict:
        """Os campos do ato das correções de nota, para ``InscricaoResource(ato=...)``."""
        return {campo: self.cleaned_data.get(campo) for campo in CAMPOS_DO_ATO}

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
