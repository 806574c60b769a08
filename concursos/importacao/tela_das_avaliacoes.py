"""A tela das avaliações PcD em lote (``avaliacoes_pcd``): enviar → prévia → confirmar.

1. O envio (edital, arquivo e os valores comuns) guarda o arquivo na pasta privada das importações
   (``temporarios``; os abandonados são apagados por ``limpar_importacoes``) e leva à prévia por um
   pedido assinado (``django.core.signing``): o edital, o arquivo guardado, os valores comuns e
   quem enviou. Sem a assinatura, ninguém aponta outro arquivo nem usa o pedido de outra pessoa.
2. A prévia relê e confere tudo, sem gravar: as linhas (inscrição, nome, CPF mascarado, situação
   lida, equipe, documento, data), as contagens e os erros (agrupados e paginados, em CSV para
   baixar). A página mostra deficiência declarada e avaliação: o acesso fica registrado.
3. A confirmação leva a assinatura do que a prévia mostrou (``Conferida.assinatura``); se o
   arquivo, as inscrições ou os atos mudaram desde então, nada é gravado e a prévia é refeita.

Permissões: as da tela de uma inscrição (``verificacoes.PERMISSAO`` e ``ver_dados_sensiveis``).
"""

import secrets
from datetime import date
from pathlib import PurePath

from django import forms
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import permission_required
from django.core import signing
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.base import ContentFile
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_POST

from comum import planilhas
from comum.mensagens import mensagem_de
from comum.validadores import validar_texto_limpo

from ..apresentacao import contexto_admin
from ..atos import conferir_data_do_ato
from ..forms import PRIMEIRO_ANO, ULTIMO_ANO
from ..models import REGISTRAR_AVALIACOES_PCD, Edital
from ..services.acessos import registrar_acesso
from . import avaliacoes_pcd, erros
from .temporarios import armazenamento_temporario

PERMISSOES = list(REGISTRAR_AVALIACOES_PCD)
SAL_DO_PEDIDO = "concursos.avaliacoes_pcd.pedido"
SAL_DA_PREVIA = "concursos.avaliacoes_pcd.previa"
VALIDADE_DO_PEDIDO = 24 * 60 * 60  # segundos: o mesmo prazo da limpeza dos arquivos abandonados
LINHAS_POR_PAGINA = 100
PEDIDO_INVALIDO = "O envio expirou ou não é seu (ou o arquivo já foi apagado): envie o arquivo de novo."


class AvaliacoesPcdForm(forms.Form):
    edital = forms.ModelChoiceField(queryset=Edital.objects.order_by("-ano", "-numero"), label="Edital")
    arquivo = forms.FileField(
        label="Planilha das avaliações",
        help_text="CSV (separado por ;, em UTF-8 ou Windows-1252) ou XLSX, uma linha por inscrição, com as colunas "
        "inscricao, situacao, equipe, documento, data_do_ato e, se quiser, motivo e diario_oficial.",
    )
    equipe = forms.CharField(
        label="Equipe avaliadora", required=False, max_length=300, validators=[validar_texto_limpo],
        help_text="Para as linhas sem a coluna equipe: nomes e registros profissionais da equipe multiprofissional.",
    )  # fmt: skip
    documento = forms.CharField(
        label="Documento", required=False, max_length=120, validators=[validar_texto_limpo],
        help_text="Para as linhas sem a coluna documento: o parecer ou laudo da equipe (número e data).",
    )  # fmt: skip
    data_do_ato = forms.DateField(
        label="Data do ato", required=False, help_text="dd/mm/aaaa, para as linhas sem a coluna data_do_ato."
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["arquivo"].widget.attrs["accept"] = ".csv,.xlsx"

    def clean_arquivo(self):
        arquivo = self.cleaned_data["arquivo"]
        try:
            planilhas.conferir_tamanho(arquivo.size)
            self.conteudo = arquivo.read()
            planilhas.ler_arquivo(arquivo.name, self.conteudo)
        except planilhas.ArquivoInvalido as erro:
            raise ValidationError(str(erro)) from None
        return arquivo

    def clean(self):
        dados = super().clean()
        data, edital = dados.get("data_do_ato"), dados.get("edital")
        if data is not None and not PRIMEIRO_ANO <= data.year <= ULTIMO_ANO:
            self.add_error("data_do_ato", f"Data fora do intervalo possível ({PRIMEIRO_ANO} a {ULTIMO_ANO}).")
        elif data is not None and edital is not None:
            try:
                conferir_data_do_ato(edital, data)
            except ValidationError as erro:
                self.add_error("data_do_ato", mensagem_de(erro))
        return dados


# ---------------------------------------------------------------- o pedido assinado


def _guardar(request, form: AvaliacoesPcdForm) -> str:
    """Guarda o arquivo na pasta privada e devolve o pedido assinado que leva à prévia."""
    armazenamento, pasta = armazenamento_temporario()
    extensao = PurePath(form.cleaned_data["arquivo"].name).suffix.lower()
    guardado = armazenamento.save(
        f"{pasta}/avaliacoes-pcd-{secrets.token_hex(16)}{extensao}", ContentFile(form.conteudo)
    )
    dados = form.cleaned_data
    data = dados["data_do_ato"].isoformat() if dados["data_do_ato"] else ""
    pedido = {
        "usuario": request.user.pk, "edital": dados["edital"].pk, "guardado": guardado,
        "nome": PurePath(dados["arquivo"].name).name[:100], "comuns": [dados["equipe"], dados["documento"], data],
    }  # fmt: skip
    return signing.dumps(pedido, salt=SAL_DO_PEDIDO, compress=True)


class _Pedido:
    """O pedido assinado, conferido (validade, usuário, arquivo ainda guardado), e o arquivo lido."""

    def __init__(self, request, assinado: str):
        try:
            dados = signing.loads(assinado, salt=SAL_DO_PEDIDO, max_age=VALIDADE_DO_PEDIDO)
        except signing.BadSignature:
            raise PermissionDenied(PEDIDO_INVALIDO) from None
        armazenamento, _ = armazenamento_temporario()
        if dados["usuario"] != request.user.pk or not armazenamento.exists(dados["guardado"]):
            raise PermissionDenied(PEDIDO_INVALIDO)
        self.assinado, self.nome, self.guardado = assinado, dados["nome"], dados["guardado"]
        self.edital = Edital.objects.filter(pk=dados["edital"]).first()
        if self.edital is None:
            raise PermissionDenied(PEDIDO_INVALIDO)
        equipe, documento, data = dados["comuns"]
        self.comuns = avaliacoes_pcd.Comuns(equipe, documento, date.fromisoformat(data) if data else None)
        with armazenamento.open(self.guardado, "rb") as arquivo:
            self.conjunto = planilhas.ler_arquivo(self.nome, arquivo.read())

    def apagar(self) -> None:
        armazenamento_temporario()[0].delete(self.guardado)


def _com_pedido(view):
    """A view recebe o pedido conferido; pedido inválido volta ao envio, com a mensagem."""

    def por_dentro(request):
        try:
            pedido = _Pedido(request, request.GET.get("t") or request.POST.get("t") or "")
        except (PermissionDenied, planilhas.ArquivoInvalido) as erro:
            messages.error(request, str(erro) or PEDIDO_INVALIDO)
            return redirect("concursos:importar_avaliacoes_pcd")
        return view(request, pedido)

    por_dentro.__name__ = por_dentro.__qualname__ = view.__name__
    por_dentro.__doc__ = view.__doc__
    return por_dentro


def _url_da_previa(pedido) -> str:
    return f"{reverse('concursos:previa_das_avaliacoes_pcd')}?{urlencode({'t': pedido.assinado})}"


# ---------------------------------------------------------------- as telas


@staff_member_required
@permission_required(PERMISSOES, raise_exception=True)
def importar_avaliacoes_pcd(request):
    """O envio: confere o arquivo (tipo, tamanho, legível) e leva à prévia. Com ``?edital=``
    (o link de “Para publicar falta”), o edital já vem escolhido."""
    edital = request.GET.get("edital", "")
    inicial = {"edital": int(edital)} if edital.isascii() and edital.isdigit() and len(edital) < 10 else {}
    form = AvaliacoesPcdForm(*((request.POST, request.FILES) if request.method == "POST" else ()), initial=inicial)
    if form.is_valid():
        return redirect(f"{reverse('concursos:previa_das_avaliacoes_pcd')}?{urlencode({'t': _guardar(request, form)})}")
    contexto = contexto_admin(request, "Importar avaliações PcD", form=form, colunas=avaliacoes_pcd.COLUNAS)
    return render(request, "concursos/importar_avaliacoes_pcd.html", contexto)


@staff_member_required
@permission_required(PERMISSOES, raise_exception=True)
@_com_pedido
def previa_das_avaliacoes_pcd(request, pedido):
    """A prévia: tudo conferido, nada gravado."""
    conferida = avaliacoes_pcd.conferir(pedido.edital, pedido.conjunto, pedido.comuns)
    return _previa(request, pedido, conferida, conferida.erros)


def _previa(request, pedido, conferida, erros_da_planilha, *, status=200):
    numero_da_pagina = request.GET.get("pagina")
    linhas_com_erro = {e.linha for e in erros_da_planilha}
    contexto = contexto_admin(
        request,
        f"Avaliações PcD em lote — edital {pedido.edital}",
        titulo_curto="Prévia",
        pedido=pedido,
        lidas=len(pedido.conjunto),
        novas=len(conferida.novas),
        ja_registradas=len(conferida.ja_registradas),
        linhas_com_erro=len(linhas_com_erro - {erros.SEM_LINHA}),
        pagina_de_linhas=Paginator(conferida.avaliacoes, LINHAS_POR_PAGINA).get_page(numero_da_pagina),
        total_de_erros=len(erros_da_planilha),
        pagina_de_erros=erros.pagina(erros_da_planilha, numero_da_pagina),
        url_dos_erros_em_csv=f"{reverse('concursos:erros_das_avaliacoes_pcd')}?{urlencode({'t': pedido.assinado})}",
        parametros_da_pagina=f"{urlencode({'t': pedido.assinado})}&",
        previa=signing.dumps(conferida.assinatura, salt=SAL_DA_PREVIA),
    )
    objeto = f"prévia das avaliações PcD em lote, edital {pedido.edital}"
    registrar_acesso(request, o_que="inscricao", objeto=objeto, quantidade=len(pedido.conjunto))
    return render(request, "concursos/previa_das_avaliacoes_pcd.html", contexto, status=status)


@staff_member_required
@permission_required(PERMISSOES, raise_exception=True)
@require_POST
@_com_pedido
def confirmar_avaliacoes_pcd(request, pedido):
    """Grava exatamente o que a prévia mostrou, ou nada."""
    try:
        assinatura = signing.loads(request.POST.get("previa", ""), salt=SAL_DA_PREVIA, max_age=VALIDADE_DO_PEDIDO)
        conferida = avaliacoes_pcd.registrar(
            pedido.edital, pedido.conjunto, pedido.comuns, por=request.user, assinatura=assinatura
        )
    except (signing.BadSignature, avaliacoes_pcd.PreviaDesatualizada):
        messages.error(
            request,
            "O que seria gravado não é mais o que a prévia mostrou (o arquivo, as inscrições ou os atos mudaram). "
            "Nada foi gravado: confira a prévia de novo.",
        )
        return redirect(_url_da_previa(pedido))
    except avaliacoes_pcd.Recusadas as recusa:
        messages.error(request, "Nada foi gravado: uma linha foi recusada ao registrar. Corrija e envie de novo.")
        conferida = avaliacoes_pcd.conferir(pedido.edital, pedido.conjunto, pedido.comuns)
        return _previa(request, pedido, conferida, recusa.erros, status=400)
    pedido.apagar()
    messages.success(request, _resumo(pedido, conferida))
    return redirect("concursos:importar_avaliacoes_pcd")


def _resumo(pedido, conferida) -> str:
    novas, ja = len(conferida.novas), len(conferida.ja_registradas)
    texto = f"{novas} avaliação(ões) PcD registrada(s) no edital {pedido.edital}, uma por inscrição, com a equipe e o documento."
    return f"{texto} {ja} linha(s) já estavam registradas e não foram gravadas de novo." if ja else texto


@staff_member_required
@permission_required(PERMISSOES, raise_exception=True)
@_com_pedido
def erros_das_avaliacoes_pcd(request, pedido):
    """Os erros da prévia em CSV, um por linha, para corrigir o arquivo."""
    conferida = avaliacoes_pcd.conferir(pedido.edital, pedido.conjunto, pedido.comuns)
    objeto = f"erros das avaliações PcD em lote, edital {pedido.edital}"
    registrar_acesso(request, o_que="inscricao", objeto=objeto, quantidade=len(conferida.erros))
    nome = f"erros-avaliacoes-pcd-edital-{pedido.edital.numero}-{pedido.edital.ano}.csv"
    return HttpResponse(
        erros.como_csv(conferida.erros),
        content_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{nome}"'},
    )
