"""Telas do edital de convocação (docs/CONVOCACAO.md §5): publicar um ato para os convocados
escolhidos na página do cargo (um lote, ou os de um evento), conferindo antes o que fica público
(docs/ATOS-PUBLICADOS.md), e baixar o PDF de um ato publicado, ou o DOCX para o Diário Oficial. Cola sobre ``services.convocacoes``, que confere a permissão, a data, o
número e quem está convocado."""

from django import forms
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from comum.mensagens import mensagem_de, quantos
from cotas.regimes import rotulo_do_grupo

from ..apresentacao import contexto_admin
from ..consultas.eventos import evento_registrado
from ..consultas.para_publicar import versao_nao_publicada
from ..consultas.provimentos import com_vaga_alterada_desde_o_ultimo_ato, convocados
from ..models import AtoDeConvocacao, Cargo, Evento
from ..services import convocacoes
from ..services.acessos import descrever, registrar_acesso


class AtoDeConvocacaoForm(forms.Form):
    numero = forms.CharField(label="Número do ato", max_length=40, help_text="Por exemplo, 12/2025.")
    data = forms.DateField(label="Data do ato", help_text="dd/mm/aaaa, dentro da validade do concurso.")
    local = forms.CharField(
        label="Onde apresentar os documentos e tomar posse",
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
    )
    prazo = forms.DateField(
        label="Prazo (até)",
        required=False,
        help_text="dd/mm/aaaa. Em branco: a data do ato mais o prazo da posse do edital.",
    )
    inscricoes = forms.MultipleChoiceField(label="Convocados", widget=forms.CheckboxSelectMultiple)

    def __init__(self, vigentes, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.vigentes = {str(c.inscricao.pk): c for c in vigentes}
        self.fields["inscricoes"].choices = [
            (pk, f"{c.posicao}ª vaga ({rotulo_do_grupo(c.vaga) if c.vaga else '—'}) — {c.inscricao.numero} — "
             f"{c.inscricao.candidato.nome_de_uso}")
            for pk, c in self.vigentes.items()
        ]  # fmt: skip

    def escolhidas(self):
        return [self.vigentes[pk].inscricao for pk in self.cleaned_data["inscricoes"]]


def _pre_escolhidas(request, cargo: Cargo) -> list[str]:
    """As inscrições marcadas na página do cargo (``?inscricao=``); as que um evento convocou ou mudou
    de vaga (``?evento=``); sem nenhum dos dois, quem está numa vaga diferente da do último ato dele."""
    if request.GET.get("evento", "").isdigit():
        evento = Evento.objects.filter(cargo=cargo, pk=request.GET["evento"]).first()
        registrado = evento_registrado(evento) if evento is not None else None
        numeros = set(registrado.a_incluir_no_edital_de_convocacao) if registrado else set()
        return [str(pk) for pk in cargo.inscricoes.filter(numero__in=numeros).values_list("pk", flat=True)]
    if "inscricao" in request.GET:
        return [pk for pk in request.GET.getlist("inscricao") if pk.isdigit()]
    return [str(c.inscricao.pk) for c in com_vaga_alterada_desde_o_ultimo_ato(cargo)]


@staff_member_required
@permission_required(convocacoes.PERMISSAO, raise_exception=True)
def publicar_convocacao(request, pk: int):
    """Em dois passos: o formulário, depois “Conferir o que fica público” (``conferir_convocacao``,
    sem gravar), e só “Confirmar e publicar”, com a impressão digital do que foi mostrado, registra
    o ato; com a última versão do cargo ainda não publicada, a tela diz qual publicar antes."""
    cargo = get_object_or_404(Cargo.objects.select_related("edital"), pk=pk)
    titulo = f"Edital de convocação — {cargo.nome}"
    contexto = contexto_admin(request, titulo, cargo=cargo, titulo_curto="Edital de convocação")
    if (nao_publicada := versao_nao_publicada(cargo)) is not None:
        contexto["nao_publicada"] = nao_publicada
        return render(request, "concursos/publicar_convocacao.html", contexto)
    inicial = {"inscricoes": _pre_escolhidas(request, cargo)} if request.method == "GET" else {}
    form = AtoDeConvocacaoForm(convocados(cargo), request.POST if request.method == "POST" else None, initial=inicial)
    contexto["form"] = form
    if "corrigir" not in request.POST and form.is_valid():
        dados = {campo: form.cleaned_data[campo] for campo in ("numero", "data", "local", "prazo")}
        try:
            if "confirmar" not in request.POST:
                conferida = convocacoes.conferir_convocacao(
                    cargo, inscricoes=form.escolhidas(), por=request.user, **dados
                )
                contexto.update(conferida=conferida, title=f"Conferir o que fica público: {titulo}")
                return render(request, "concursos/confirmar_convocacao.html", contexto)
            ato = convocacoes.publicar_ato_de_convocacao(
                cargo,
                inscricoes=form.escolhidas(),
                por=request.user,
                conferido=request.POST.get("impressao", ""),
                **dados,
            )
        except ValidationError as erro:
            form.add_error(None, mensagem_de(erro))
        else:
            registro = ato.registro
            messages.success(
                request,
                f"{ato} publicado ({quantos(len(ato.inscricoes), 'convocado', 'convocados')}): registro nº "
                f"{registro.numero_no_ano}, código de verificação {registro.codigo}. Baixe o DOCX para o Diário "
                "Oficial e, quando ele imprimir, acrescente a edição, a data e a página.",
            )
            return redirect(reverse("admin:concursos_cargo_change", args=[cargo.pk]) + "#atos-de-convocacao")
    return render(request, "concursos/publicar_convocacao.html", contexto)


@staff_member_required
@permission_required("concursos.view_atodeconvocacao", raise_exception=True)
def ato_de_convocacao_pdf(request, pk: int):
    """O PDF do ato como foi publicado (o guardado, com o hash conferível), não um novo."""
    ato = get_object_or_404(AtoDeConvocacao.objects.select_related("cargo__edital"), pk=pk)
    edital = ato.cargo.edital
    nome = f"convocacao-{ato.numero.replace('/', '-')}-edital-{edital.numero}-{edital.ano}-{ato.cargo.codigo}.pdf"
    disposicao = f'attachment; filename="{nome}"'
    # O ato diz a vaga de cada convocado (negros, PcD): baixá-lo é ver dado sensível (LGPD, art. 11).
    rotulo = f"{ato}, cargo {ato.cargo.codigo}, edital {edital}"
    registrar_acesso(
        request, o_que="pdf_ato_de_convocacao", objeto=descrever(ato, rotulo), quantidade=len(ato.inscricoes)
    )
    return HttpResponse(bytes(ato.pdf), content_type="application/pdf", headers={"Content-Disposition": disposicao})


@staff_member_required
@permission_required("concursos.view_atodeconvocacao", raise_exception=True)
def ato_de_convocacao_docx(request, pk: int):
    """O mesmo ato em DOCX, o arquivo editável para o Diário Oficial (gerado e guardado ao publicar)."""
    ato = get_object_or_404(AtoDeConvocacao.objects.select_related("cargo__edital", "registro"), pk=pk)
    if ato.registro is None or not ato.registro.editavel:
        raise Http404("Este ato foi publicado antes do arquivo editável.")
    edital = ato.cargo.edital
    nome = f"convocacao-{ato.numero.replace('/', '-')}-edital-{edital.numero}-{edital.ano}-{ato.cargo.codigo}.docx"
    rotulo = f"{ato} (DOCX), cargo {ato.cargo.codigo}, edital {edital}"
    registrar_acesso(
        request, o_que="pdf_ato_de_convocacao", objeto=descrever(ato, rotulo), quantidade=len(ato.inscricoes)
    )
    return HttpResponse(
        bytes(ato.registro.editavel),
        content_type="application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        headers={"Content-Disposition": f'attachment; filename="{nome}"'},
    )
