"""O termo de eliminação dos dados pessoais de um concurso vencido (LGPD, arts. 15 e 16;
``services.eliminacao``): só inclusão, guardado com o PDF como saiu e o hash dele."""

from django.conf import settings
from django.db import models

from comum.modelos import SoInclusao


class TermoDeEliminacao(SoInclusao, models.Model):
    """O que a eliminação fez num edital: quantas pessoas anonimizou, quem manteve e por quê (pelo
    número de inscrição, nunca pelo nome), os registros congelados que passaram à forma anonimizada
    com o hash original e o novo, e os arquivos privados apagados. Não guarda dado pessoal."""

    ALTERACAO_RECUSADA = "Um termo de eliminação não se altera."
    EXCLUSAO_RECUSADA = "Um termo de eliminação não se apaga."

    edital = models.ForeignKey(
        "concursos.Edital", verbose_name="edital", on_delete=models.PROTECT, related_name="termos_de_eliminacao"
    )
    fim_da_guarda = models.DateField("fim do prazo de guarda")
    anonimizadas = models.PositiveIntegerField("pessoas anonimizadas")
    inscricoes_anonimizadas = models.PositiveIntegerField("inscrições anonimizadas")
    mantidas = models.JSONField("inscrições mantidas e o motivo", default=list)
    registros_congelados = models.JSONField("registros congelados anonimizados (hash original e novo)", default=list)
    arquivos_apagados = models.JSONField("arquivos privados apagados", default=list)
    linhas_alteradas = models.JSONField("linhas alteradas por tabela", default=dict)
    pdf = models.BinaryField("PDF do termo", editable=False)
    hash_do_pdf = models.CharField("hash do PDF (SHA-256)", max_length=64, editable=False)
    executado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="executado por", on_delete=models.PROTECT, related_name="+"
    )
    executado_em = models.DateTimeField("executado em", auto_now_add=True)

    class Meta:
        verbose_name = "termo de eliminação de dados pessoais"
        verbose_name_plural = "termos de eliminação de dados pessoais"
        ordering = ["-executado_em", "-id"]
        default_permissions = ["view"]
        permissions = [
            ("eliminar_dados_pessoais", "Pode eliminar os dados pessoais de concursos vencidos"),
            ("emitir_relatorio_do_titular", "Pode emitir o relatório do titular (LGPD, art. 18)"),
        ]

    def __str__(self):
        return f"Termo de eliminação nº {self.pk} — edital {self.edital}"
