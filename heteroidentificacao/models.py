"""Comissões de heteroidentificação, sessões, pareceres, recursos e apuração de declaração falsa.

O voto de cada membro (``Parecer``) é do membro: só ele o registra e o altera, e só com a sessão
aberta; cada alteração fica no histórico. O encerramento calcula a decisão colegiada pela regra de
quórum congelada na comissão (``cotas/quorum.py``) e a grava na opção da inscrição (``OpcaoDeGrupo``),
que o motor de cotas lê. Declaração falsa (Art. 2º, §1º) é outro procedimento, nunca um voto.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone
from simple_history.models import HistoricalRecords

import cotas
from comum.mensagens import FEMININO
from comum.modelos import TextosDigitados
from comum.validacao import LIMITE_DE_TEXTO, ValidadorDeTexto
from concursos.models import CORES_IBGE, Edital, Inscricao
from concursos.papeis import opera_concursos
from cotas import quorum
from cotas.regimes import grupos_heteroidentificados

# O grupo verificado por padrão (no serviço, vem do regime do edital; este é o do regime padrão).
GRUPO_PADRAO = grupos_heteroidentificados(cotas.REGIMES[cotas.REGIME_PADRAO])[0]

SEGREGACAO_DE_FUNCOES = (
    "Quem pode alterar dados dos concursos ou conduzir o procedimento (RH, superusuário) não integra "
    "comissão de heteroidentificação: quem organiza não julga."
)

DECISOES = [
    (quorum.PENDENTE, "Pendente"),
    (quorum.CONFIRMADO, "Confirmado"),
    (quorum.NAO_CONFIRMADO, "Não confirmado"),
    (quorum.AUSENTE, "Ausente"),
]


class Comissao(models.Model):
    genero = FEMININO  # para as mensagens do admin (comum.mensagens)
    ORDINARIA = "ordinaria"
    RECURSAL = "recursal"
    TIPOS = [(ORDINARIA, "Ordinária"), (RECURSAL, "Recursal")]

    edital = models.ForeignKey(Edital, verbose_name="edital", on_delete=models.PROTECT, related_name="comissoes")
    tipo = models.CharField("tipo", max_length=10, choices=TIPOS, default=ORDINARIA)
    grupo = models.CharField("grupo verificado", max_length=32, default=GRUPO_PADRAO)
    regra_de_quorum = models.JSONField("regra de quórum (congelada)", default=dict, editable=False)
    limite_de_chamados = models.PositiveIntegerField(
        "chamar só os primeiros N da lista do grupo",
        null=True,
        blank=True,
        help_text="Vazio: todos os que optaram pelo grupo. Com N: os N primeiros da lista do grupo, por cargo.",
    )
    prazo_de_recurso_dias = models.PositiveSmallIntegerField(
        "prazo de recurso (dias)",
        default=2,
        help_text="Contado da publicação do resultado preliminar, excluído o dia dela; se termina em dia sem "
        "expediente, vai ao primeiro dia útil seguinte (docs/REGRAS.md §10).",
    )

    class Meta:
        verbose_name = "comissão de heteroidentificação"
        verbose_name_plural = "comissões de heteroidentificação"
        constraints = [models.UniqueConstraint(fields=["edital", "tipo", "grupo"], name="comissao_unica_por_tipo")]

    def __str__(self):
        return f"Comissão {self.get_tipo_display().lower()} — edital {self.edital} ({self.grupo})"

    def save(self, *args, **kwargs):
        if not self.regra_de_quorum:
            padrao = quorum.REGRA_RECURSAL_PADRAO if self.tipo == self.RECURSAL else quorum.REGRA_ORDINARIA_PADRAO
            self.regra_de_quorum = dict(padrao)
        super().save(*args, **kwargs)


class MembroQuerySet(models.QuerySet):
    def ativos(self):
        """Os membros que não foram desligados da comissão (o histórico guarda os demais)."""
        return self.filter(desligado_em__isnull=True)


class Membro(TextosDigitados, models.Model):
    """Participação de uma pessoa numa comissão. Ninguém é excluído: quem sai é desligado, com a
    data e o motivo, e a participação continua no histórico (e nas atas das sessões de que foi parte)."""

    TITULAR = "titular"
    SUPLENTE = "suplente"
    PAPEIS = [(TITULAR, "Titular"), (SUPLENTE, "Suplente")]
    GENEROS = [("feminino", "Feminino"), ("masculino", "Masculino"), ("outro", "Outro")]

    comissao = models.ForeignKey(Comissao, verbose_name="comissão", on_delete=models.CASCADE, related_name="membros")
    usuario = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="usuário", on_delete=models.PROTECT, related_name="participacoes"
    )
    papel = models.CharField("papel", max_length=10, choices=PAPEIS, default=TITULAR)
    presidente = models.BooleanField("presidente", default=False)
    # A composição que o §10 manda registrar (docs/REGRAS.md): gênero e cor autodeclarados (a diversidade
    # é conferida antes da abertura, com aviso), a capacitação no procedimento e o ato de designação.
    genero = models.CharField("gênero", max_length=10, choices=GENEROS, blank=True)
    cor_autodeclarada = models.CharField("cor autodeclarada (IBGE)", max_length=10, choices=CORES_IBGE, blank=True)
    capacitado_em = models.DateField(
        "capacitação no procedimento em", null=True, blank=True, help_text="Vazio: sem capacitação registrada."
    )
    ato_de_designacao = models.CharField(
        "ato de designação",
        max_length=200,
        blank=True,
        validators=[ValidadorDeTexto("ato de designação", 200, multilinha=False)],
        help_text="Por exemplo: Portaria nº 123/2025, Diário Oficial de 10/02/2025.",
    )
    incluido_em = models.DateTimeField("incluído em", auto_now_add=True, null=True)
    desligado_em = models.DateField("desligado em", null=True, blank=True)
    motivo_do_desligamento = models.CharField(
        "motivo do desligamento",
        max_length=300,
        blank=True,
        validators=[ValidadorDeTexto("motivo do desligamento", 300, multilinha=False)],
    )
    desligado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="desligado por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    objects = MembroQuerySet.as_manager()

    class Meta:
        verbose_name = "membro da comissão"
        verbose_name_plural = "membros da comissão"
        ordering = ["comissao", "-presidente", "-papel", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["comissao", "usuario"], condition=Q(desligado_em__isnull=True), name="membro_unico_na_comissao"
            ),
            models.UniqueConstraint(
                fields=["comissao"],
                condition=Q(presidente=True, desligado_em__isnull=True),
                name="um_presidente_por_comissao",
            ),
        ]

    def __str__(self):
        desligado = f", desligado em {self.desligado_em:%d/%m/%Y}" if self.desligado_em else ""
        return f"{self.nome} ({self.get_papel_display().lower()}{', presidente' if self.presidente else ''}{desligado})"

    @property
    def ativo(self) -> bool:
        return self.desligado_em is None

    @property
    def nome(self) -> str:
        return self.usuario.get_full_name() or self.usuario.get_username()

    def clean(self):
        """Quem opera os concursos (RH, superusuário) não julga; quem julgou na comissão ordinária
        nunca julga o recurso do mesmo edital (e vice-versa), nem depois de desligado."""
        if not (self.comissao_id and self.usuario_id):
            return
        if opera_concursos(self.usuario):
            raise ValidationError({"usuario": SEGREGACAO_DE_FUNCOES})
        outra = Membro.objects.filter(
            usuario_id=self.usuario_id, comissao__edital_id=self.comissao.edital_id, comissao__grupo=self.comissao.grupo
        ).exclude(comissao__tipo=self.comissao.tipo)
        if outra.exists():
            raise ValidationError(
                {
                    "usuario": "Este membro já integra a outra comissão (ordinária/recursal) deste edital: "
                    "quem julgou não pode julgar o recurso."
                }
            )


class Sessao(TextosDigitados, models.Model):
    genero = FEMININO  # para as mensagens do admin (comum.mensagens)
    PLANEJADA = "planejada"
    ABERTA = "aberta"
    ENCERRADA = "encerrada"
    STATUS = [(PLANEJADA, "Planejada"), (ABERTA, "Aberta"), (ENCERRADA, "Encerrada")]

    comissao = models.ForeignKey(Comissao, verbose_name="comissão", on_delete=models.PROTECT, related_name="sessoes")
    inicio = models.DateTimeField("data e hora")
    local = models.CharField(
        "local", max_length=200, blank=True, validators=[ValidadorDeTexto("local", 200, multilinha=False)]
    )
    link = models.URLField(
        "link da videoconferência",
        blank=True,
        validators=[ValidadorDeTexto("link da videoconferência", 200, multilinha=False)],
    )
    status = models.CharField("situação", max_length=10, choices=STATUS, default=PLANEJADA)
    gravacao = models.CharField(
        "referência da gravação",
        max_length=300,
        blank=True,
        validators=[ValidadorDeTexto("referência da gravação", 300, multilinha=False)],
    )
    # O SHA-256 do arquivo da gravação (docs/REGRAS.md §10): com a referência, registrado pelo
    # presidente (``services.registrar_gravacao``) e exigido para encerrar a sessão ordinária.
    hash_da_gravacao = models.CharField("SHA-256 do arquivo da gravação", max_length=64, blank=True, editable=False)
    aberta_em = models.DateTimeField("aberta em", null=True, blank=True, editable=False)
    aberta_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="aberta por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
        related_name="+",
    )
    encerrada_em = models.DateTimeField("encerrada em", null=True, blank=True, editable=False)
    encerrada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="encerrada por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
    )
    # O registro da sessão congelado no encerramento (``heteroidentificacao/registro.py``): a ata e
    # os outros documentos da sessão saem dele, nunca dos dados de hoje.
    registro = models.JSONField("registro congelado no encerramento", null=True, blank=True, editable=False)
    hash_do_registro = models.CharField("código de verificação do registro", max_length=64, blank=True, editable=False)
    # A publicação do resultado preliminar (docs/REGRAS.md §10): dela corre o prazo de recurso, cujo
    # último dia é calculado e guardado na publicação (``services.publicar_resultado_preliminar``).
    resultado_preliminar_publicado_em = models.DateField(
        "resultado preliminar publicado em", null=True, blank=True, editable=False
    )
    resultado_preliminar_publicado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="publicação registrada por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
        related_name="+",
    )
    prazo_de_recurso_ate = models.DateField("prazo de recurso até", null=True, blank=True, editable=False)
    # A presença dos candidatos registrada de uma vez pelo presidente (``services.registrar_presenca_em_lote``):
    # os ausentes marcados, todos os outros presentes. A ata diz que foi assim, quando e por quem.
    presenca_em_lote_em = models.DateTimeField("presença em lote registrada em", null=True, blank=True, editable=False)
    presenca_em_lote_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="presença em lote registrada por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
        related_name="+",
    )

    class Meta:
        verbose_name = "sessão"
        verbose_name_plural = "sessões"
        ordering = ["-inicio"]

    def __str__(self):
        return f"Sessão de {timezone.localtime(self.inicio):%d/%m/%Y %H:%M} — {self.comissao}"


class Feriado(TextosDigitados, models.Model):
    """Feriado local (municipal ou estadual) em que não há expediente, mantido pelo RH no admin: os
    sábados, domingos e feriados nacionais o sistema já conhece (``cotas.prazos``). Entra na contagem
    dos prazos publicados depois de incluído; um prazo já publicado guarda o seu último dia."""

    data = models.DateField("data", unique=True)
    descricao = models.CharField(
        "feriado", max_length=120, validators=[ValidadorDeTexto("feriado", 120, multilinha=False)]
    )

    class Meta:
        verbose_name = "feriado local"
        verbose_name_plural = "feriados locais"
        ordering = ["-data"]

    def __str__(self):
        return f"{self.data:%d/%m/%Y} — {self.descricao}"


class PresencaDeMembro(models.Model):
    """A presença de cada membro na sessão, registrada na abertura, que congela a composição: vota
    quem está presente como titular, ou como suplente no lugar de um titular ausente nomeado."""

    sessao = models.ForeignKey(Sessao, verbose_name="sessão", on_delete=models.PROTECT, related_name="presencas")
    membro = models.ForeignKey(Membro, verbose_name="membro", on_delete=models.PROTECT, related_name="presencas")
    presente = models.BooleanField("presente")
    substitui = models.ForeignKey(
        Membro,
        verbose_name="no lugar de",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="substituido_em",
    )
    votante = models.BooleanField("compõe a sessão (vota)")

    class Meta:
        verbose_name = "presença de membro"
        verbose_name_plural = "presenças dos membros"
        ordering = ["sessao", "-membro__presidente", "-membro__papel", "membro_id"]
        constraints = [models.UniqueConstraint(fields=["sessao", "membro"], name="presenca_unica_do_membro")]

    def __str__(self):
        if self.substitui_id:
            return f"{self.membro.nome}: presente, no lugar de {self.substitui.nome}"
        return f"{self.membro.nome}: {'presente' if self.presente else 'ausente'}"


class Chamado(TextosDigitados, models.Model):
    """Um candidato chamado a uma sessão: presença, filmagem e a decisão colegiada."""

    sessao = models.ForeignKey(Sessao, verbose_name="sessão", on_delete=models.PROTECT, related_name="chamados")
    inscricao = models.ForeignKey(
        Inscricao, verbose_name="inscrição", on_delete=models.PROTECT, related_name="chamados_heteroidentificacao"
    )
    compareceu = models.BooleanField("compareceu", null=True, blank=True)
    recusou_filmagem = models.BooleanField("recusou ser filmado", default=False)
    decisao = models.CharField("decisão", max_length=16, choices=DECISOES, default=quorum.PENDENTE)
    votos_confirma = models.PositiveSmallIntegerField("votos pela confirmação", default=0)
    votos_nao_confirma = models.PositiveSmallIntegerField("votos pela não confirmação", default=0)
    motivo_da_decisao = models.CharField(
        "motivo da decisão", max_length=300, blank=True, validators=[ValidadorDeTexto("motivo da decisão", 300)]
    )
    # O parecer motivado da comissão (docs/REGRAS.md §10): as características fenotípicas que fundamentam
    # a não confirmação, registradas pelo presidente; exigido para encerrar a sessão que não confirma.
    parecer_da_comissao = models.TextField(
        "parecer motivado da comissão (características fenotípicas)",
        blank=True,
        validators=[ValidadorDeTexto("parecer motivado da comissão", LIMITE_DE_TEXTO)],
    )
    history = HistoricalRecords(
        verbose_name="histórico do candidato chamado", verbose_name_plural="históricos do candidato chamado"
    )

    class Meta:
        verbose_name = "candidato chamado"
        verbose_name_plural = "candidatos chamados"
        ordering = ["sessao", "inscricao__numero"]
        constraints = [models.UniqueConstraint(fields=["sessao", "inscricao"], name="chamado_unico_na_sessao")]

    def __str__(self):
        return f"{self.inscricao.numero} — {self.inscricao.candidato.nome_de_uso}"

    @property
    def decisao_colegiada(self) -> quorum.Decisao:
        """A decisão gravada no encerramento, como ``quorum.decidir`` a deu: o ``placar`` sai dela."""
        return quorum.Decisao(self.decisao, self.votos_confirma, self.votos_nao_confirma, self.motivo_da_decisao)


class Impedimento(TextosDigitados, models.Model):
    """Impedimento de um membro para um candidato (Lei 9.784/1999, arts. 18–21), declarado com o motivo
    antes de o membro votar nele: um suplente que não compõe a sessão vota no lugar dele só nesse
    candidato, ou (sem suplente) o candidato é julgado noutra sessão (docs/REGRAS.md §10). Vai ao
    registro congelado e à ata."""

    chamado = models.ForeignKey(
        Chamado, verbose_name="candidato", on_delete=models.PROTECT, related_name="impedimentos"
    )
    membro = models.ForeignKey(
        Membro, verbose_name="membro impedido", on_delete=models.PROTECT, related_name="impedimentos"
    )
    motivo = models.CharField(
        "motivo do impedimento",
        max_length=300,
        validators=[ValidadorDeTexto("motivo do impedimento", 300, multilinha=False)],
    )
    # Vazio: o candidato foi transferido para outra sessão (``services.transferir_por_impedimento``).
    suplente = models.ForeignKey(
        Membro,
        verbose_name="suplente que vota no lugar",
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    declarado_em = models.DateTimeField("declarado em", auto_now_add=True)
    declarado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="registrado por", on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name = "impedimento de membro"
        verbose_name_plural = "impedimentos de membros"
        constraints = [
            models.UniqueConstraint(fields=["chamado", "membro"], name="um_impedimento_por_membro_e_candidato"),
            models.UniqueConstraint(fields=["chamado", "suplente"], name="um_suplente_por_impedimento"),
        ]

    def __str__(self):
        numero = self.chamado.inscricao.numero
        if self.suplente_id is None:
            return f"{self.membro.nome} impedido para {numero}: candidato transferido para outra sessão"
        return f"{self.membro.nome} impedido para {numero}: vota {self.suplente.nome}"


class Parecer(TextosDigitados, models.Model):
    """O parecer de um membro sobre um candidato: fenótipo apenas; fundamentação obrigatória
    quando não confirma."""

    VOTOS = [(quorum.CONFIRMA, "Confirma a autodeclaração"), (quorum.NAO_CONFIRMA, "Não confirma a autodeclaração")]

    chamado = models.ForeignKey(Chamado, verbose_name="candidato", on_delete=models.PROTECT, related_name="pareceres")
    membro = models.ForeignKey(Membro, verbose_name="membro", on_delete=models.PROTECT, related_name="pareceres")
    voto = models.CharField("parecer", max_length=16, choices=VOTOS)
    fundamentacao = models.TextField(
        "fundamentação (características fenotípicas observadas)",
        blank=True,
        validators=[ValidadorDeTexto("fundamentação", LIMITE_DE_TEXTO)],
    )
    registrado_em = models.DateTimeField("registrado em", auto_now_add=True)
    alterado_em = models.DateTimeField("alterado em", auto_now=True)
    history = HistoricalRecords(verbose_name="histórico do parecer", verbose_name_plural="históricos do parecer")

    class Meta:
        verbose_name = "parecer"
        verbose_name_plural = "pareceres"
        constraints = [models.UniqueConstraint(fields=["chamado", "membro"], name="um_parecer_por_membro")]

    def __str__(self):
        return f"{self.get_voto_display()} ({self.membro})"

    def clean(self):
        if self.voto == quorum.NAO_CONFIRMA and not (self.fundamentacao or "").strip():
            raise ValidationError({"fundamentacao": "A fundamentação é obrigatória quando o parecer não confirma."})


class HistoricoDeParecer(TextosDigitados, models.Model):
    """Cada versão de um parecer, na ordem em que foi registrada (só inclusão)."""

    parecer = models.ForeignKey(Parecer, verbose_name="parecer", on_delete=models.PROTECT, related_name="historico")
    voto = models.CharField("parecer", max_length=16, choices=Parecer.VOTOS)
    fundamentacao = models.TextField(
        "fundamentação", blank=True, validators=[ValidadorDeTexto("fundamentação", LIMITE_DE_TEXTO)]
    )
    registrado_em = models.DateTimeField("registrado em", auto_now_add=True)

    class Meta:
        verbose_name = "versão de parecer"
        verbose_name_plural = "histórico de pareceres"
        ordering = ["parecer", "registrado_em", "id"]

    def __str__(self):
        return f"{timezone.localtime(self.registrado_em):%d/%m/%Y %H:%M}: {self.get_voto_display()}"


class Recurso(TextosDigitados, models.Model):
    """Recurso do candidato contra a decisão da comissão ordinária, julgado pela recursal."""

    chamado = models.OneToOneField(
        Chamado, verbose_name="decisão recorrida", on_delete=models.PROTECT, related_name="recurso"
    )
    texto = models.TextField("razões do recurso", validators=[ValidadorDeTexto("razões do recurso", LIMITE_DE_TEXTO)])
    apresentado_em = models.DateField("apresentado em")
    julgamento = models.OneToOneField(
        Chamado,
        verbose_name="julgamento na comissão recursal",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="recurso_julgado",
    )
    registrado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="registrado por", on_delete=models.PROTECT
    )

    class Meta:
        verbose_name = "recurso"
        verbose_name_plural = "recursos"

    def __str__(self):
        return f"Recurso de {self.chamado.inscricao.numero}"


class ProcessoDeApuracao(TextosDigitados, models.Model):
    """Procedimento administrativo de apuração de declaração falsa (Art. 2º, §1º), com
    contraditório e ampla defesa. Nunca é uma votação da comissão."""

    EM_ANDAMENTO = "em_andamento"
    IMPROCEDENTE = "improcedente"
    PROCEDENTE = "procedente"
    DECISOES = [
        (EM_ANDAMENTO, "Em andamento"),
        (IMPROCEDENTE, "Improcedente"),
        (PROCEDENTE, "Declaração falsa constatada"),
    ]

    inscricao = models.ForeignKey(
        Inscricao, verbose_name="inscrição", on_delete=models.PROTECT, related_name="apuracoes"
    )
    numero = models.CharField(
        "número do processo", max_length=60, validators=[ValidadorDeTexto("número do processo", 60, multilinha=False)]
    )
    fatos = models.TextField("fatos apurados", validators=[ValidadorDeTexto("fatos apurados", LIMITE_DE_TEXTO)])
    instaurado_em = models.DateField("instaurado em")
    instaurado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="instaurado por", on_delete=models.PROTECT, related_name="+"
    )
    notificado_em = models.DateField("candidato notificado em", null=True, blank=True)
    prazo_de_defesa = models.DateField("prazo de defesa", null=True, blank=True)
    defesa = models.TextField("defesa", blank=True, validators=[ValidadorDeTexto("defesa", LIMITE_DE_TEXTO)])
    defesa_apresentada_em = models.DateField("defesa apresentada em", null=True, blank=True)
    decisao = models.CharField("decisão", max_length=16, choices=DECISOES, default=EM_ANDAMENTO)
    fundamentacao = models.TextField(
        "fundamentação da decisão",
        blank=True,
        validators=[ValidadorDeTexto("fundamentação da decisão", LIMITE_DE_TEXTO)],
    )
    decidido_em = models.DateField("decidido em", null=True, blank=True)
    decidido_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="decidido por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = "processo de apuração de declaração falsa"
        verbose_name_plural = "processos de apuração de declaração falsa"

    def __str__(self):
        return f"Processo {self.numero} — inscrição {self.inscricao.numero}"


class RegistroDeAuditoria(models.Model):
    """Trilha de auditoria: quem, quando, o quê, antes e depois (pareceres, decisões, recursos)."""

    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name="usuário", on_delete=models.PROTECT, null=True)
    quando = models.DateTimeField("quando", auto_now_add=True)
    acao = models.CharField("ação", max_length=60)
    objeto = models.CharField("objeto", max_length=200)
    antes = models.JSONField("antes", null=True, blank=True)
    depois = models.JSONField("depois", null=True, blank=True)

    class Meta:
        verbose_name = "registro de auditoria"
        verbose_name_plural = "registros de auditoria"
        ordering = ["-quando", "-id"]

    def __str__(self):
        return f"{timezone.localtime(self.quando):%d/%m/%Y %H:%M} {self.usuario} {self.acao} {self.objeto}"
