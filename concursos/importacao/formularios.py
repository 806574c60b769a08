"""Os formulários da importação pelo admin: o envio (com o edital de destino) e a confirmação."""

import re

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from import_export.forms import ConfirmImportForm, ImportForm

from comum import planilhas

from ..models import Edital
from ..segundo_plano import pedidos
from .recurso import FORMATOS_DE_IMPORTACAO
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
    ainda presente no armazenamento privado."""

    edital = forms.ModelChoiceField(queryset=Edital.objects.all(), widget=forms.HiddenInput)

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
