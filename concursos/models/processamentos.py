"""O pedido de trabalho pesado em segundo plano (``concursos.segundo_plano``)."""

from django.conf import settings
from django.db import models


class Processamento(models.Model):
    """Trabalho pesado feito em segundo plano (django-tasks): importar um arquivo grande, gerar os
    resultados de um edital grande ou desenhar os PDFs dos resultados de todos os cargos.

    O pedido é gravado na mesma transação que põe as tarefas na fila. ``feitos``/``total`` dão o
    progresso (linhas ou cargos); ``saida`` guarda o que saiu (quantidades, versões, arquivos).
    Pode ser tentado de novo: cada parte já feita é reconhecida e pulada (ver ``processamentos``).
    """

    IMPORTACAO = "importacao"
    RESULTADOS = "resultados"
    PDFS = "pdfs"
    TIPOS = [
        (IMPORTACAO, "Importação de inscrições"),
        (RESULTADOS, "Geração dos resultados do edital"),
        (PDFS, "PDFs dos resultados do edital"),
    ]
    NA_FILA = "na_fila"
    EXECUTANDO = "executando"
    CONCLUIDO = "concluido"
    FALHOU = "falhou"
    ESTADOS = [(NA_FILA, "Na fila"), (EXECUTANDO, "Em andamento"), (CONCLUIDO, "Concluído"), (FALHOU, "Falhou")]

    tipo = models.CharField("tipo", max_length=16, choices=TIPOS)
    edital = models.ForeignKey(
        "concursos.Edital", verbose_name="edital", on_delete=models.PROTECT, related_name="processamentos"
    )
    estado = models.CharField("situação", max_length=12, choices=ESTADOS, default=NA_FILA)
    feitos = models.PositiveIntegerField("feitos", default=0)
    total = models.PositiveIntegerField("total", null=True, blank=True)
    unidade = models.CharField("unidade", max_length=20, default="cargos")
    etapa = models.CharField("etapa", max_length=200, blank=True)
    parametros = models.JSONField("parâmetros do pedido", default=dict, blank=True)
    saida = models.JSONField("saída", default=dict, blank=True)
    erros = models.JSONField("erros", default=list, blank=True)
    tentativas = models.PositiveSmallIntegerField("tentativas", default=1)
    solicitado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="solicitado por", on_delete=models.PROTECT, related_name="+"
    )
    criado_em = models.DateTimeField("pedido em", auto_now_add=True)
    iniciado_em = models.DateTimeField("iniciado em", null=True, blank=True)
    terminado_em = models.DateTimeField("terminado em", null=True, blank=True)
    atualizado_em = models.DateTimeField("última notícia", auto_now=True)

    class Meta:
        verbose_name = "processamento em segundo plano"
        verbose_name_plural = "processamentos em segundo plano"
        ordering = ["-criado_em", "-id"]
        indexes = [models.Index(fields=["estado", "tipo"], name="processamento_estado_tipo")]

    def __str__(self):
        return f"{self.get_tipo_display()} — edital {self.edital} (nº {self.pk})"

    @property
    def terminado(self) -> bool:
        return self.estado in (self.CONCLUIDO, self.FALHOU)

    @property
    def percentual(self) -> int | None:
        if not self.total:
            return None
        return min(100, self.feitos * 100 // self.total)
