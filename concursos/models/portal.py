"""A forma pronta para o portal da transparência (``/transparencia/``) de cada resultado publicado:
o quadro de vagas, o índice das listas, as listas em páginas e os arquivos de dados abertos, como
saem da saída gravada do resultado e dos nomes e CPFs mascarados das inscrições (congeladas depois
da publicação).

Por que gravar e não calcular a cada pedido: no dia do resultado milhares de candidatos abrem o
portal na mesma hora, e a saída de um cargo grande tem megabytes (ler o JSON, cruzar com os nomes e
paginar custaria segundos de CPU por pedido). Como o resultado publicado nunca muda (``Resultado.save``
recusa), a forma do portal é derivada uma vez (``concursos.services.portal.preparar_para_o_portal``)
e servida daqui: cada página é uma linha lida pelo índice, cada arquivo são os bytes guardados.
Derivada: nunca se edita; a fonte continua sendo o resultado publicado."""

from django.db import models

from comum import relogio
from comum.modelos import SoInclusao


class PublicacaoNoPortal(SoInclusao, models.Model):
    ALTERACAO_RECUSADA = "A forma do portal de um resultado publicado não se altera."
    EXCLUSAO_RECUSADA = "A forma do portal de um resultado publicado não se apaga."

    resultado = models.OneToOneField(
        "concursos.Resultado", verbose_name="resultado publicado", on_delete=models.PROTECT, related_name="no_portal"
    )
    # [{"grupo", "titulo", "vagas"}] na ordem do quadro, a ampla concorrência primeiro.
    quadro = models.JSONField("quadro de vagas")
    # [{"nome", "titulo", "total", "paginas"}] na ordem de publicação: a geral, as reservadas, a convocação.
    listas = models.JSONField("listas")
    assinatura = models.CharField("assinatura do conteúdo (SHA-256)", max_length=64)
    preparada_em = models.DateTimeField("preparada em", default=relogio.agora, editable=False)

    class Meta:
        verbose_name = "resultado no portal"
        verbose_name_plural = "resultados no portal"
        default_permissions = ["view"]

    def __str__(self):
        return f"{self.resultado} no portal"

    def lista(self, nome: str) -> dict | None:
        return next((item for item in self.listas if item["nome"] == nome), None)


class PaginaDoPortal(models.Model):
    """Uma página de uma lista publicada: as linhas já prontas para mostrar."""

    publicacao = models.ForeignKey(PublicacaoNoPortal, on_delete=models.CASCADE, related_name="paginas")
    lista = models.CharField("lista", max_length=40)
    numero = models.PositiveIntegerField("página")
    linhas = models.JSONField("linhas")

    class Meta:
        verbose_name = "página do portal"
        verbose_name_plural = "páginas do portal"
        default_permissions = ["view"]
        constraints = [models.UniqueConstraint(fields=["publicacao", "lista", "numero"], name="pagina_do_portal_unica")]

    def __str__(self):
        return f"{self.lista}, página {self.numero}"


class ArquivoDoPortal(models.Model):
    """Um arquivo de dados abertos (CSV ou JSON) como foi gerado uma vez, com o seu hash (a ETag)."""

    publicacao = models.ForeignKey(PublicacaoNoPortal, on_delete=models.CASCADE, related_name="arquivos")
    nome = models.CharField("nome do arquivo", max_length=60)
    conteudo = models.BinaryField("conteúdo")
    hash = models.CharField("hash (SHA-256)", max_length=64)

    class Meta:
        verbose_name = "arquivo do portal"
        verbose_name_plural = "arquivos do portal"
        default_permissions = ["view"]
        constraints = [models.UniqueConstraint(fields=["publicacao", "nome"], name="arquivo_do_portal_unico")]

    def __str__(self):
        return self.nome
