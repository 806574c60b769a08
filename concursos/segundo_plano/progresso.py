"""O progresso de um pedido em texto e em barra: "Executando: 3 de 10 cargos — etapa". A ficha
do admin mostra a barra; ``processamentos.js`` a atualiza pelo JSON de ``views.progresso``."""

from django.urls import reverse
from django.utils.html import format_html

from concursos.models import Processamento


def barra_de_progresso(processamento: Processamento):
    """``<progress>`` com o texto "feitos de total"; ``processamentos.js`` o atualiza."""
    total = processamento.total
    texto = texto_do_progresso(processamento)
    return format_html(
        '<span class="processamento" data-progresso="{}" data-terminado="{}">'
        '<progress max="{}" value="{}"></progress> <span class="processamento-texto">{}</span></span>',
        reverse("concursos:progresso_do_processamento", args=[processamento.pk]),
        "sim" if processamento.terminado else "nao",
        total or 1,
        processamento.feitos if total is not None else 0,
        texto,
    )


def situacao_ao_vivo(processamento: Processamento):
    """A situação ("Na fila", "Em andamento", "Concluído") com o endereço do progresso, para que
    ``processamentos.js`` a atualize junto com a barra."""
    return format_html(
        '<span class="processamento-situacao" data-progresso="{}">{}</span>',
        reverse("concursos:progresso_do_processamento", args=[processamento.pk]),
        processamento.get_estado_display(),
    )


def _milhar(numero: int) -> str:
    return f"{numero:,}".replace(",", ".")


def texto_do_progresso(processamento: Processamento) -> str:
    feitos = _milhar(processamento.feitos)
    if processamento.total is not None:
        feitos = f"{feitos} de {_milhar(processamento.total)}"
    texto = f"{processamento.get_estado_display()}: {feitos} {processamento.unidade}"
    return f"{texto} — {processamento.etapa}" if processamento.etapa and not processamento.terminado else texto
