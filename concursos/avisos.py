"""O que o RH lê depois de pedir para gerar ou publicar um resultado (pela tela ou pela ação do
admin): as mensagens, com o link para a versão gerada ou para o pedido na fila. A decisão entre a
tela e o segundo plano é de ``segundo_plano.pedidos.gerar_resultados``; aqui só se informa."""

from django.contrib import messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.exceptions import ValidationError
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join

import cotas
from comum.mensagens import mensagem_de

from . import services
from .consultas.para_publicar import Passo, falta_na_versao
from .consultas.sujeitos_a_recurso import anotacao
from .diario_oficial import DiarioOficial
from .forms.atos import DiarioOficialForm
from .models import Edital, Resultado
from .previsao import resumo_da_publicacao
from .segundo_plano import pedidos
from .tipos_de_ato import RESULTADO_PUBLICADO


def informar_resultado(request, resultado: Resultado) -> None:
    """Mensagem ao RH sobre a versão gerada; se provisória, o que falta para publicar, em contagens
    por grupo e de empates, cada uma com o link para onde se resolve (``para_publicar``): nunca os
    nomes de quem está pendente (a lista diria quem se declarou negro ou PcD)."""
    link = reverse("admin:concursos_resultado_change", args=[resultado.pk])
    cabecalho = format_html('<a href="{}">{} — versão {}</a>', link, resultado.cargo, resultado.versao)
    if getattr(resultado, "sem_mudanca", False):
        mensagem = "{}: nenhuma mudança desde a versão {}, gerada por outro pedido enquanto este esperava; nenhuma versão nova."
        messages.info(request, format_html(mensagem, cabecalho, resultado.versao))
        return
    if not resultado.provisorio:
        messages.success(request, format_html("{}: resultado final gerado (ainda não publicado).", cabecalho))
        return
    falta = falta_na_versao(resultado, request.user)
    messages.warning(
        request,
        format_html(
            "{}: PRÉVIA (provisória), não pode ser publicada. Para publicar falta: {}. "
            "Depois de resolver, gere o resultado de novo.",
            cabecalho,
            format_html_join("; ", "{}", ((_passo(p),) for p in falta.passos)),
        ),
    )


def _passo(passo: Passo) -> str:
    if passo.link:
        return format_html('{} — <a href="{}">{}</a>', passo.texto, passo.link, passo.acao)
    return format_html("{} — {}", passo.texto, passo.acao)


def gerar_e_informar(request, edital: Edital) -> None:
    """Gera os resultados do edital (na hora ou, se for grande, em segundo plano) e diz o que houve."""
    try:
        geracao = pedidos.gerar_resultados(edital, por=request.user, motivo="Gerado pelo RH")
    except pedidos.PedidoRecusado as recusa:
        messages.error(request, f"Edital {edital}: {mensagem_de(recusa)}")
        return
    except (cotas.ErroDeCotas, ValidationError) as erro:
        messages.error(request, f"Edital {edital}: nada foi gerado. {mensagem_de(erro)}")
        return
    if geracao.pedido is not None:
        _informar_pedido(request, edital, geracao)
        return
    if not geracao.resultados:
        messages.warning(request, f"Edital {edital}: não há cargos cadastrados.")
    for resultado in geracao.resultados:
        informar_resultado(request, resultado)


def _informar_pedido(request, edital: Edital, geracao: pedidos.Geracao) -> None:
    ficha = reverse("admin:concursos_processamento_change", args=[geracao.pedido.pk])
    messages.info(
        request,
        format_html(
            "Edital {} ({} inscrições): os resultados serão gerados em segundo plano, cargo a cargo. "
            '<a href="{}">Acompanhe o pedido nº {}</a>.',
            edital,
            geracao.inscricoes,
            ficha,
            geracao.pedido.pk,
        ),
    )


def publicar_e_informar(request, resultado: Resultado, diario_oficial: DiarioOficial | None) -> None:
    """Publica e diz o que houve; sem a referência do Diário Oficial (o jornal ainda não saiu), a
    mensagem leva à tela de acrescentá-la no ato registrado."""
    try:
        services.publicar_resultado(resultado, por=request.user, diario_oficial=diario_oficial)
    except ValidationError as erro:
        messages.error(request, f"{resultado}: não publicado. {mensagem_de(erro)}")
        return
    resultado.refresh_from_db(fields=["sujeito_a_recurso"])
    ressalva = f" {anotacao(resultado.sujeito_a_recurso)}" if resultado.sujeito_a_recurso else ""
    rotulo = f"{resultado.cargo} — versão {resultado.versao}"
    if diario_oficial is not None:
        messages.success(request, f"{rotulo}: resultado publicado ({diario_oficial}).{ressalva}")
        return
    ato = resultado.atos_publicados.defer("conteudo", "editavel").get(tipo=RESULTADO_PUBLICADO)
    messages.success(
        request,
        format_html(
            "{}: resultado publicado e registrado (nº {}, código {}), ainda sem a referência do Diário Oficial. "
            'Quando o jornal sair, <a href="{}">acrescente a edição, a data e a página</a>.{}',
            rotulo,
            ato.numero_no_ano,
            ato.codigo,
            reverse("concursos:acrescentar_diario_oficial", args=[ato.pk]),
            ressalva,
        ),
    )


def publicar_em_lote(modeladmin, request, queryset):
    """A ação "Publicar" do admin em duas etapas, como a tela de uma versão: primeiro a lista do que
    fica público (por versão: primeira publicação ou não, convocados agora, quem muda, mantidos e quem
    sai desde a última publicada) e o formulário do Diário Oficial, pedido uma vez para todas (saem
    na mesma edição); só o envio com ``confirmar_publicacao`` e a referência válida publica. Um
    edital de cada vez: versões de editais diferentes são recusadas antes de tudo."""
    resultados = list(queryset.select_related("cargo__edital").order_by("cargo__codigo", "versao"))
    editais = sorted({str(r.cargo.edital) for r in resultados})
    if len(editais) > 1:  # uma publicação no Diário Oficial é de um edital: nunca uma referência para vários
        messages.error(
            request,
            f"Publique um edital de cada vez: as versões escolhidas são de {len(editais)} editais "
            f"({', '.join(editais)}). Nada foi publicado.",
        )
        return None
    confirmando = bool(request.POST.get("confirmar_publicacao"))
    form = DiarioOficialForm([r for r in resultados if not r.provisorio], request.POST if confirmando else None)
    if form.is_valid():
        for resultado in resultados:
            publicar_e_informar(request, resultado, form.diario_oficial)
        return None
    linhas = [(resultado, resumo_da_publicacao(resultado)) for resultado in resultados]
    contexto = {
        **modeladmin.admin_site.each_context(request),
        "title": "Confirmar a publicação",
        "form": form,
        "linhas": linhas,
        "opts": modeladmin.model._meta,
        "action_checkbox_name": ACTION_CHECKBOX_NAME,
    }
    return TemplateResponse(request, "admin/concursos/resultado/confirmar_publicacao_em_lote.html", contexto)
