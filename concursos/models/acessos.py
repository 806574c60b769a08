"""O registro de quem viu dados sensíveis (LGPD): só inclusão, escrito pelas telas."""

from django.conf import settings
from django.db import models


class AcessoADadosSensiveis(models.Model):
    """Quem viu dados sensíveis, o quê, quando e de onde (LGPD, arts. 11, 37 e 46): cor/raça,
    opções por grupo reservado (negros, PcD), pareceres, decisões e gravações da heteroidentificação.

    Só inclusão, escrito pelas telas por ``concursos.acesso.registrar_acesso``. Guarda a referência
    ao registro visto (modelo, chave, número de inscrição), nunca o dado: nem a cor/raça, nem o voto,
    nem o CPF. O caminho vai sem a querystring (uma busca pode conter CPF).
    """

    O_QUE = [
        ("inscricao", "Inscrição: cor/raça e opções por grupo"),
        ("historico", "Histórico de alterações com dados sensíveis"),
        ("exportacao_inscricoes", "Exportação de inscrições"),
        ("resultado", "Resultado: listas por grupo"),
        ("evento", "Evento: convocados por grupo"),
        ("pdf_resultado", "PDF do resultado do edital"),
        ("lista_publicada", "Lista publicada (planilha)"),
        ("sessao", "Sessão de heteroidentificação: decisões e gravação"),
        ("parecer", "Pareceres"),
        ("previa_do_encerramento", "Prévia das decisões no encerramento da sessão"),
        ("recurso", "Recurso contra a heteroidentificação"),
        ("apuracao", "Processo de apuração de declaração falsa"),
        ("resultado_heteroidentificacao", "Resultado da heteroidentificação"),
        ("pdf_convocacao", "PDF da lista de convocação"),
        ("ata", "PDF da ata da sessão"),
        ("pdf_pareceres_do_candidato", "PDF dos pareceres do candidato"),
        ("pdf_resultado_heteroidentificacao", "PDF do resultado da heteroidentificação"),
        ("oficio", "PDF do ofício ao Ministério Público"),
        ("pdf_ato_de_convocacao", "PDF do edital de convocação (ato publicado)"),
        ("caixa_de_saida", "Caixa de saída dos avisos pessoais (e-mails com nome e endereço)"),
        ("relatorio_do_titular", "Relatório do titular (LGPD, art. 18): tudo o que se guarda de uma pessoa"),
    ]

    usuario = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="usuário", on_delete=models.PROTECT, null=True, related_name="+"
    )
    quando = models.DateTimeField("quando", auto_now_add=True, db_index=True)
    ip = models.GenericIPAddressField("IP", null=True, blank=True)
    o_que = models.CharField("o quê", max_length=40, choices=O_QUE)
    objeto = models.CharField("objeto", max_length=200, help_text="Modelo, chave e identificação; nunca o dado.")
    caminho = models.CharField("caminho", max_length=300, help_text="Endereço da página, sem a querystring.")
    quantidade = models.PositiveIntegerField(
        "linhas", null=True, blank=True, help_text="Linhas exportadas ou mostradas."
    )

    class Meta:
        verbose_name = "acesso a dados sensíveis"
        verbose_name_plural = "acessos a dados sensíveis"
        ordering = ["-quando", "-id"]
        # Só leitura para quem audita: não há permissão de incluir, alterar ou apagar.
        default_permissions = ["view"]

    def __str__(self):
        return f"{self.usuario or 'anônimo'} — {self.get_o_que_display()} — {self.objeto}"
