"""O aviso pessoal ao convocado e ao nomeado (issue 28): a publicação no Diário Oficial não basta
quando o ato sai muito depois do resultado (STJ, AgInt no RMS 56.810/RJ; AgRg no AREsp 501.581/RO;
MS 15.450/DF); a pessoa é avisada por e-mail e, se ele falha, por outro meio (telegrama, AR, em mãos).

``AvisoPessoal``: o aviso devido a uma inscrição por um ato (edital de convocação ou nomeação), com o
que o ato diz copiado no momento do aviso (número, código de verificação, local, prazo) e a data e
hora em que a pessoa declarou ciência pelo link. Os prazos continuam contados da publicação do ato,
como o edital e o estatuto dizem: o aviso não os muda.

``EnvioDoAviso``: cada mensagem do aviso: um e-mail (endereço, tentativas, enviado ou recusado) ou o
registro de um aviso por outro meio, com o documento. Gravados pelos serviços de
``services/avisos_pessoais.py``; o admin não os altera.
"""

from django.conf import settings
from django.db import models

from comum.modelos import TextosDigitados
from comum.validacao import ValidadorDeTexto


class AvisoPessoal(TextosDigitados, models.Model):
    CONVOCACAO, NOMEACAO = "convocacao", "nomeacao"
    ATOS = [(CONVOCACAO, "edital de convocação"), (NOMEACAO, "nomeação")]

    inscricao = models.ForeignKey(
        "concursos.Inscricao", verbose_name="inscrição", on_delete=models.PROTECT, related_name="avisos_pessoais"
    )
    ato = models.CharField("ato", max_length=20, choices=ATOS)
    ato_de_convocacao = models.ForeignKey(
        "concursos.AtoDeConvocacao",
        verbose_name="ato de convocação",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="avisos_pessoais",
    )
    provimento = models.ForeignKey(
        "concursos.Provimento",
        verbose_name="nomeação",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="avisos_pessoais",
    )
    descricao_do_ato = models.CharField("ato", max_length=300)
    codigo_de_verificacao = models.CharField("código de verificação", max_length=80)
    data_do_ato = models.DateField("publicação do ato")
    local = models.TextField(
        "onde apresentar os documentos e tomar posse",
        blank=True,
        validators=[ValidadorDeTexto("onde apresentar os documentos e tomar posse", 2000)],
    )
    prazo = models.DateField("prazo (até)", null=True, blank=True)
    criado_em = models.DateTimeField("criado em", auto_now_add=True)
    ciente_em = models.DateTimeField("ciência declarada em", null=True, blank=True)

    class Meta:
        verbose_name = "aviso pessoal"
        verbose_name_plural = "avisos pessoais"
        ordering = ["-criado_em", "-id"]
        default_permissions = ["view"]
        permissions = [("enviar_aviso_pessoal", "Pode reenviar avisos pessoais e registrar aviso por outro meio")]
        constraints = [
            models.UniqueConstraint(fields=["inscricao", "ato_de_convocacao"], name="aviso_unico_por_convocacao"),
            models.UniqueConstraint(fields=["inscricao", "provimento"], name="aviso_unico_por_nomeacao"),
        ]

    def __str__(self):
        return f"Aviso de {self.get_ato_display()} — inscrição {self.inscricao.numero}"


class EnvioDoAviso(TextosDigitados, models.Model):
    EMAIL, TELEGRAMA, AR, PESSOAL = "email", "telegrama", "ar", "pessoal"
    MEIOS = [
        (EMAIL, "e-mail"),
        (TELEGRAMA, "telegrama"),
        (AR, "carta com aviso de recebimento (AR)"),
        (PESSOAL, "em mãos"),
    ]
    NA_FILA, ENVIADO, FALHOU, REGISTRADO = "na_fila", "enviado", "falhou", "registrado"
    SITUACOES = [
        (NA_FILA, "na fila"),
        (ENVIADO, "enviado"),
        (FALHOU, "falhou"),
        (REGISTRADO, "registrado (outro meio)"),
    ]

    aviso = models.ForeignKey(AvisoPessoal, verbose_name="aviso", on_delete=models.PROTECT, related_name="envios")
    meio = models.CharField("meio", max_length=20, choices=MEIOS)
    endereco = models.EmailField("e-mail", blank=True, validators=[ValidadorDeTexto("e-mail", 254, multilinha=False)])
    situacao = models.CharField("situação", max_length=20, choices=SITUACOES)
    tentativas = models.PositiveSmallIntegerField("tentativas", default=0)
    criado_em = models.DateTimeField("criado em", auto_now_add=True)
    enviado_em = models.DateTimeField("e-mail aceito pelo servidor em", null=True, blank=True)
    data_da_entrega = models.DateField("entregue (outro meio) em", null=True, blank=True)
    erro = models.CharField("resposta do servidor de e-mail", max_length=500, blank=True)
    documento = models.CharField(
        "documento",
        max_length=200,
        blank=True,
        help_text="O comprovante do aviso por outro meio: nº do AR, do telegrama ou o termo de ciência assinado.",
        validators=[ValidadorDeTexto("documento", 200, multilinha=False)],
    )
    registrado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="por", on_delete=models.PROTECT, null=True, related_name="+"
    )

    class Meta:
        verbose_name = "envio do aviso pessoal"
        verbose_name_plural = "envios dos avisos pessoais"
        ordering = ["aviso", "criado_em", "id"]
        default_permissions = ["view"]

    def __str__(self):
        return f"{self.get_meio_display()} — {self.get_situacao_display()}"

    @property
    def endereco_mascarado(self) -> str:
        return mascarar_email(self.endereco)


def mascarar_email(endereco: str) -> str:
    """``ana.souza@exemplo.com.br`` → ``a***@e***.com.br``: o bastante para o RH reconhecer o endereço
    com a pessoa ao telefone, sem expor o endereço inteiro na tela."""
    if "@" not in endereco:
        return "—" if not endereco else "***"
    usuario, dominio = endereco.rsplit("@", 1)
    nome, _, sufixo = dominio.partition(".")
    return f"{usuario[:1]}***@{nome[:1]}***{'.' + sufixo if sufixo else ''}"
