"""Editais, cargos, candidatos, inscrições, eventos e resultados.

Os registros que formam a trilha de auditoria (eventos e resultados) são só de inclusão: criados
pelos serviços (``services.py``), nunca editados nem apagados. Um evento errado é revertido por
um novo registro que diz por quê.
"""

from decimal import Decimal
from functools import cached_property
from typing import NamedTuple

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from simple_history.models import HistoricalRecords

import cotas
from comum.cpf import formatar_cpf, mascarar_cpf, normalizar_cpf, validar_cpf
from comum.modelos import SoInclusao
from cotas.eventos import TIPOS_DE_EVENTO
from cotas.modelo import (
    CONCURSO_PUBLICO,
    DESEMPATE_PADRAO,
    PROCESSO_SELETIVO_ACS_ACE,
    criterio_de_desempate_valido,
)

from ..diario_oficial import DiarioOficial, do_resultado
from ..saida_do_motor import ler_saida
from .importacao import LeiauteDeImportacao  # noqa: F401 (lido daqui como os outros modelos)
from .instituicao import Instituicao  # noqa: F401 (lido daqui como os outros modelos)
from .processamentos import Processamento  # noqa: F401 (lido daqui como os outros modelos)
from .provimentos import AtoDeConvocacao, Provimento  # noqa: F401 (lidos daqui como os outros modelos)
from .verificacoes import (  # noqa: F401 (lidos daqui como os outros modelos)
    SITUACOES_DE_VERIFICACAO,
    AtoDeVerificacao,
    OpcaoDeGrupo,
)

TIPOS_DE_EDITAL = [
    (CONCURSO_PUBLICO, "Concurso público"),
    (PROCESSO_SELETIVO_ACS_ACE, "Processo seletivo (ACS/ACE)"),
]
REGIMES = [(nome, regime.titulo) for nome, regime in cotas.REGIMES.items()]
CORES_IBGE = [
    ("branca", "Branca"),
    ("preta", "Preta"),
    ("parda", "Parda"),
    ("amarela", "Amarela"),
    ("indigena", "Indígena"),
]


def desempate_padrao():
    return list(DESEMPATE_PADRAO)


class Edital(models.Model):
    numero = models.PositiveIntegerField("número")
    ano = models.PositiveSmallIntegerField("ano", validators=[MinValueValidator(1988)])
    titulo = models.CharField("título", max_length=200)
    tipo = models.CharField("tipo", max_length=32, choices=TIPOS_DE_EDITAL, default=CONCURSO_PUBLICO)
    publicado_em = models.DateField("data de publicação")
    validade_ate = models.DateField(
        "prazo de validade (até)",
        null=True,
        blank=True,
        help_text="Último dia da validade do concurso (até dois anos, CF art. 37, III). Eventos datados depois "
        "dele (ou da prorrogação) são recusados.",
    )
    # A prorrogação (uma só, por igual período: CF art. 37, III) é um ato registrado pelo serviço
    # ``prorrogar_validade``, nunca digitada no formulário do edital.
    prorrogada_ate = models.DateField("validade prorrogada até", null=True, blank=True, editable=False)
    prorrogacao_documento = models.CharField("documento da prorrogação", max_length=200, blank=True, editable=False)
    prorrogacao_data = models.DateField("data do ato de prorrogação", null=True, blank=True, editable=False)
    prorrogacao_registrada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="prorrogação registrada por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
        related_name="+",
    )
    data_referencia_idade = models.DateField(
        "data de referência da idade", help_text="Último dia de inscrição: idade para o desempate do idoso."
    )
    desempate = models.JSONField(
        "cadeia de desempate",
        default=desempate_padrao,
        help_text="Critérios em ordem: idoso, nota:<campo>, idade, jurado, sorteio.",
    )
    regime = models.CharField("regime", max_length=32, choices=REGIMES, default=cotas.REGIME_PADRAO)
    parametros_do_regime = models.JSONField(
        "parâmetros do regime (congelados)",
        editable=False,
        default=dict,
        help_text="Cópia dos parâmetros do regime feita na criação do edital; mudanças de código não a alteram.",
    )
    criado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="criado por", on_delete=models.PROTECT, null=True, editable=False
    )
    criado_em = models.DateTimeField("criado em", auto_now_add=True)
    # Quem assina os anexos do edital (o quadro de vagas); sem nome, o bloco de assinatura fica em branco.
    signatario_nome = models.CharField("nome de quem assina os anexos", max_length=200, blank=True)
    signatario_funcao = models.CharField("cargo ou função de quem assina", max_length=200, blank=True)
    # Prazos do provimento (docs/CONVOCACAO.md): o estatuto municipal não está no repositório; o padrão
    # são os 30 e 15 dias da Lei 8.112/1990 (arts. 13, §1º, e 15, §1º), e o edital os muda.
    prazo_da_posse_em_dias = models.PositiveSmallIntegerField(
        "prazo da posse (dias)", default=30, help_text="Contados da publicação da nomeação."
    )
    prazo_do_exercicio_em_dias = models.PositiveSmallIntegerField(
        "prazo do exercício (dias)", default=15, help_text="Contados da posse."
    )
    history = HistoricalRecords(verbose_name="histórico do edital", verbose_name_plural="históricos do edital")

    class Meta:
        verbose_name = "edital"
        verbose_name_plural = "editais"
        ordering = ["-ano", "-numero"]
        constraints = [models.UniqueConstraint(fields=["numero", "ano"], name="edital_numero_ano_unico")]
        permissions = [
            ("gerar_resultado", "Pode gerar resultados"),
            ("publicar_resultado", "Pode publicar resultados"),
            ("registrar_evento", "Pode registrar eventos (desistência, vagas adicionais…)"),
        ]

    def __str__(self):
        return f"{self.numero}/{self.ano}"

    @property
    def identificacao(self) -> str:
        return f"Edital nº {self.numero}/{self.ano} — {self.titulo}"

    def regime_congelado(self) -> cotas.Regime:
        """O regime como foi congelado na criação do edital."""
        return cotas.regime_inline(self.parametros_do_regime)

    @property
    def fim_da_validade(self):
        """O último dia em que o concurso vale: o da prorrogação, se houve, senão o prazo original
        (``None`` quando o prazo não foi informado)."""
        return self.prorrogada_ate or self.validade_ate

    def edital_do_motor(self) -> cotas.Edital:
        return cotas.Edital(
            tipo=self.tipo,
            publicado_em=self.publicado_em,
            data_referencia_idade=self.data_referencia_idade,
            desempate=tuple(self.desempate),
        )

    def clean(self):
        if not isinstance(self.desempate, list) or not all(isinstance(c, str) for c in self.desempate):
            raise ValidationError({"desempate": 'Informe uma lista de critérios, por exemplo ["idoso", "idade"].'})
        for criterio in self.desempate:
            if not criterio_de_desempate_valido(criterio):
                raise ValidationError({"desempate": f"Critério desconhecido: {criterio!r}."})


class CargoQuerySet(models.QuerySet):
    def com_publicacao(self):
        """Cada cargo com ``resultado_publicado`` anotado (o que ``Cargo.publicado`` lê)."""
        publicados = Resultado.objects.filter(cargo=models.OuterRef("pk"), status=Resultado.PUBLICADO)
        return self.annotate(resultado_publicado=models.Exists(publicados))


class Cargo(models.Model):
    edital = models.ForeignKey(Edital, verbose_name="edital", on_delete=models.PROTECT, related_name="cargos")
    codigo = models.CharField("código", max_length=20)
    nome = models.CharField("nome", max_length=200)
    vagas = models.PositiveIntegerField("vagas do edital")
    # Colunas do anexo do quadro de vagas (só aparecem no PDF quando algum cargo as preenche).
    requisitos = models.TextField("requisitos", blank=True, help_text="Escolaridade, habilitação e registro exigidos.")
    carga_horaria = models.CharField(
        "carga horária", max_length=40, blank=True, help_text="Por exemplo, 40 h semanais."
    )
    vencimento = models.DecimalField(
        "vencimento (R$)", max_digits=11, decimal_places=2, null=True, blank=True, validators=[MinValueValidator(0)]
    )
    history = HistoricalRecords(verbose_name="histórico do cargo", verbose_name_plural="históricos do cargo")

    objects = CargoQuerySet.as_manager()

    class Meta:
        verbose_name = "cargo"
        verbose_name_plural = "cargos"
        ordering = ["edital", "codigo"]
        constraints = [models.UniqueConstraint(fields=["edital", "codigo"], name="cargo_codigo_unico_no_edital")]

    def __str__(self):
        return f"{self.codigo} — {self.nome}"

    def save(self, *args, **kwargs):
        if self.pk is not None and self.vagas != self._vagas_gravadas() and self.publicado:
            raise ValidationError(f"Cargo {self.codigo}: {MENSAGEM_VAGAS_CONGELADAS}")
        super().save(*args, **kwargs)

    @property
    def publicado(self) -> bool:
        """Já tem resultado publicado: as entradas estão congeladas (docs/REGRAS.md §9). Uma lista de
        cargos pode trazer a resposta anotada (``Cargo.objects.com_publicacao()``), sem uma consulta por cargo."""
        anotado = self.__dict__.get("resultado_publicado")
        if anotado is not None:
            return anotado
        return self.pk is not None and self.resultados.filter(status=Resultado.PUBLICADO).exists()

    def _vagas_gravadas(self):
        return Cargo.objects.filter(pk=self.pk).values_list("vagas", flat=True).first()

    def clean(self):
        if self.pk is not None and self.vagas != self._vagas_gravadas() and self.publicado:
            raise ValidationError({"vagas": MENSAGEM_VAGAS_CONGELADAS})


MENSAGEM_VAGAS_CONGELADAS = (
    "O resultado deste cargo já foi publicado: as vagas do edital não mudam mais. Vagas que surgirem "
    "na validade do concurso entram por um evento de vagas adicionais (docs/REGRAS.md §9)."
)


class Candidato(models.Model):
    nome = models.CharField("nome", max_length=200)
    nome_social = models.CharField("nome social", max_length=200, blank=True)
    cpf = models.CharField("CPF", max_length=11, unique=True, validators=[validar_cpf])
    nascimento = models.DateField("data de nascimento", null=True, blank=True)
    email = models.EmailField("e-mail", blank=True)

    class Meta:
        verbose_name = "candidato"
        verbose_name_plural = "candidatos"
        ordering = ["nome"]

    def __str__(self):
        return self.nome_de_uso

    @property
    def nome_de_uso(self) -> str:
        """Nome social quando houver (Decreto 8.727/2016), senão o nome civil."""
        return self.nome_social or self.nome

    @property
    def cpf_formatado(self) -> str:
        return formatar_cpf(self.cpf)

    @property
    def cpf_mascarado(self) -> str:
        return mascarar_cpf(self.cpf)

    def clean(self):
        self.cpf = normalizar_cpf(self.cpf)


class Pessoa(NamedTuple):
    """O que as telas, os PDFs e as planilhas mostram de uma inscrição: nunca o CPF inteiro nem a
    data de nascimento."""

    nome: str  # nome de uso: o social, se houver
    cpf: str  # mascarado
    nota: Decimal


class InscricaoQuerySet(models.QuerySet):
    LIMITE_DE_NUMEROS_NA_CONSULTA = 2000  # acima disso, ``pessoas`` lê todas as do queryset

    def pessoas(self, numeros=None) -> dict[str, Pessoa]:
        """Número de inscrição → nome de uso, CPF mascarado e nota, do banco.

        Uma consulta só, de tuplas (um cargo pode ter dezenas de milhares de inscrições). Com
        ``numeros``, só essas inscrições: quem o evento convoca, quem está pendente (se forem muitas,
        todas)."""
        linhas = self
        if numeros is not None and len(numeros := set(numeros)) <= self.LIMITE_DE_NUMEROS_NA_CONSULTA:
            linhas = linhas.filter(numero__in=numeros)
        colunas = ("numero", "candidato__nome", "candidato__nome_social", "candidato__cpf", "nota")
        return {
            numero: Pessoa(social or nome, mascarar_cpf(cpf), nota)
            for numero, nome, social, cpf, nota in linhas.values_list(*colunas)
        }


class Inscricao(models.Model):
    CLASSIFICADO = "classificado"
    ELIMINADO = "eliminado"
    SITUACOES = [
        (CLASSIFICADO, "Classificado"),
        (ELIMINADO, "Eliminado"),
    ]

    edital = models.ForeignKey(Edital, verbose_name="edital", on_delete=models.PROTECT, related_name="inscricoes")
    cargo = models.ForeignKey(Cargo, verbose_name="cargo", on_delete=models.PROTECT, related_name="inscricoes")
    candidato = models.ForeignKey(
        Candidato, verbose_name="candidato", on_delete=models.PROTECT, related_name="inscricoes"
    )
    numero = models.CharField("número de inscrição", max_length=20)
    cor_raca = models.CharField("cor/raça (IBGE)", max_length=10, choices=CORES_IBGE, blank=True)
    nota = models.DecimalField("nota final", max_digits=9, decimal_places=3)
    notas_parciais = models.JSONField("notas parciais", default=dict, blank=True)
    jurado = models.BooleanField("serviço do júri", default=False)
    sorteio = models.PositiveIntegerField("ordem no sorteio público", null=True, blank=True)
    situacao = models.CharField("situação", max_length=16, choices=SITUACOES, default=CLASSIFICADO)
    history = HistoricalRecords(verbose_name="histórico da inscrição", verbose_name_plural="históricos da inscrição")

    objects = InscricaoQuerySet.as_manager()

    # Entradas do motor que, depois da primeira publicação do cargo, só mudam por evento (docs/REGRAS.md §9).
    CAMPOS_CONGELADOS = ("nota", "notas_parciais", "situacao")

    class Meta:
        verbose_name = "inscrição"
        verbose_name_plural = "inscrições"
        ordering = ["edital", "cargo", "numero"]
        constraints = [models.UniqueConstraint(fields=["edital", "numero"], name="inscricao_numero_unico_no_edital")]
        indexes = [models.Index(fields=["cargo", "situacao"], name="inscricao_cargo_situacao")]
        permissions = [
            ("import_inscricao", "Pode importar inscrições"),
            ("export_inscricao", "Pode exportar inscrições"),
            ("ver_dados_sensiveis", "Pode ver cor/raça e deficiência"),
        ]

    def __str__(self):
        return f"{self.numero} — {self.candidato}"

    def save(self, *args, **kwargs):
        if alterados := self._congelados_alterados():
            nomes = ", ".join(str(self._meta.get_field(c).verbose_name) for c in alterados)
            raise ValidationError(f"Inscrição {self.numero} ({nomes}): {MENSAGEM_INSCRICAO_CONGELADA}")
        super().save(*args, **kwargs)

    def clean(self):
        if self.cargo_id and self.edital_id and self.cargo.edital_id != self.edital_id:
            raise ValidationError({"cargo": "O cargo não pertence a este edital."})
        if alterados := self._congelados_alterados():
            raise ValidationError({campo: MENSAGEM_INSCRICAO_CONGELADA for campo in alterados})

    def _congelados_alterados(self) -> list[str]:
        """Os campos congelados que mudaram em relação ao banco, num cargo já publicado."""
        if self.pk is None or not self.cargo_id:
            return []
        gravado = Inscricao.objects.filter(pk=self.pk).values(*self.CAMPOS_CONGELADOS).first()
        if gravado is None:
            return []
        alterados = [c for c in self.CAMPOS_CONGELADOS if _normalizar(getattr(self, c)) != _normalizar(gravado[c])]
        return alterados if alterados and self.cargo.publicado else []


MENSAGEM_INSCRICAO_CONGELADA = (
    "o resultado do cargo já foi publicado; nota, notas parciais e eliminação só mudam por evento "
    "(correção de nota, anulação), com documento e data do ato (docs/REGRAS.md §9)."
)


def _normalizar(valor):
    """Nota digitada como texto ou Decimal compara pelo valor; notas parciais, pelo dicionário."""
    if isinstance(valor, (int, float, str)) and not isinstance(valor, bool):
        try:
            return Decimal(str(valor))
        except ArithmeticError:
            return valor
    return valor


class Evento(SoInclusao, models.Model):
    """Evento posterior ao primeiro resultado (docs/REGRAS.md §5). Só inclusão; um erro se corrige com
    outro registro que reverte este (``reverte``) e diz por quê."""

    ALTERACAO_RECUSADA = "Eventos não podem ser alterados; registre uma reversão."
    EXCLUSAO_RECUSADA = "Eventos não podem ser apagados; registre uma reversão."

    TIPOS = [(tipo.tipo, tipo.rotulo) for tipo in TIPOS_DE_EVENTO.values()] + [
        ("reversao", "Reversão de evento registrado por engano"),
    ]

    cargo = models.ForeignKey(Cargo, verbose_name="cargo", on_delete=models.PROTECT, related_name="eventos")
    tipo = models.CharField("tipo", max_length=20, choices=TIPOS)
    inscricao = models.ForeignKey(
        Inscricao, verbose_name="inscrição", on_delete=models.PROTECT, null=True, blank=True, related_name="eventos"
    )
    quantidade = models.PositiveIntegerField("quantidade de vagas", null=True, blank=True)
    documento = models.CharField(
        "documento de suporte", max_length=120, help_text="Número do ofício, portaria ou requerimento."
    )
    motivo = models.TextField("motivo", blank=True)
    data_do_ato = models.DateField(
        "data do ato",
        help_text="Data do ato que o evento registra (portaria, decisão, requerimento), dentro da validade do concurso.",
    )
    diario_oficial = models.CharField(
        "publicação no Diário Oficial",
        max_length=200,
        blank=True,
        help_text="Referência da publicação, por exemplo “DOM nº 1234, 02/05/2025, p. 7”.",
    )
    # Revisões (docs/REGRAS.md §8): ``grupo`` e ``situacao`` na de verificação; ``nota`` e
    # ``notas_parciais`` na de nota; ``sub_judice`` e ``processo`` quando vêm de decisão judicial não definitiva.
    grupo = models.CharField("grupo", max_length=32, blank=True)
    situacao = models.CharField("nova verificação", max_length=20, choices=SITUACOES_DE_VERIFICACAO, blank=True)
    nota = models.DecimalField("nota corrigida", max_digits=9, decimal_places=3, null=True, blank=True)
    notas_parciais = models.JSONField("notas parciais corrigidas", default=dict, blank=True)
    sub_judice = models.BooleanField(
        "sub judice", default=False, help_text="Decisão judicial ainda não definitiva (liminar, sentença recorrida)."
    )
    processo = models.CharField("número do processo judicial", max_length=40, blank=True)
    reverte = models.OneToOneField(
        "self",
        verbose_name="reverte o evento",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="revertido_por",
    )
    registrado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="registrado por", on_delete=models.PROTECT
    )
    registrado_em = models.DateTimeField("registrado em", auto_now_add=True)
    history = HistoricalRecords(verbose_name="histórico do evento", verbose_name_plural="históricos do evento")

    class Meta:
        verbose_name = "evento"
        verbose_name_plural = "eventos"
        ordering = ["cargo", "registrado_em", "id"]

    def __str__(self):
        if self.tipo == "reversao":
            return f"Reversão de {self.reverte}" if self.reverte_id else "Reversão"
        alvo = self.inscricao.numero if self.inscricao_id else f"+{self.quantidade}"
        return f"{self.get_tipo_display()} ({alvo})"

    def clean(self):
        if self.sub_judice and not self.processo.strip():
            raise ValidationError({"processo": "Informe o número do processo judicial da decisão sub judice."})


class Resultado(models.Model):
    """Versão imutável do resultado de um cargo: a saída completa do motor e o que a produziu."""

    PREVIA = "previa"
    FINAL = "final"
    PUBLICADO = "publicado"
    STATUS = [(PREVIA, "Prévia (provisório)"), (FINAL, "Final (não publicado)"), (PUBLICADO, "Publicado")]

    cargo = models.ForeignKey(Cargo, verbose_name="cargo", on_delete=models.PROTECT, related_name="resultados")
    versao = models.PositiveIntegerField("versão")
    status = models.CharField("situação", max_length=12, choices=STATUS, default=PREVIA)
    cenario = models.JSONField("entradas (cotas-cenario/1)")
    saida = models.JSONField("saída do motor (cotas-resultado/1)")
    hash_das_entradas = models.CharField("hash das entradas (SHA-256)", max_length=64)
    diferencas = models.JSONField("o que mudou e para quem", default=list)
    provisorio = models.BooleanField("provisório", default=False)
    motivo = models.CharField("motivo da geração", max_length=200, blank=True)
    evento = models.OneToOneField(
        Evento,
        verbose_name="evento que gerou esta versão",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="resultado",
    )
    gerado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="gerado por", on_delete=models.PROTECT, related_name="+"
    )
    gerado_em = models.DateTimeField("gerado em", auto_now_add=True)
    publicado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="publicado por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    publicado_em = models.DateTimeField("publicado em", null=True, blank=True)
    # Onde a versão foi publicada (``diario_oficial.DiarioOficial``): exigido pelas telas de publicação.
    diario_oficial_edicao = models.CharField("edição do Diário Oficial", max_length=20, blank=True)
    diario_oficial_data = models.DateField("data da edição do Diário Oficial", null=True, blank=True)
    diario_oficial_pagina = models.CharField("página do Diário Oficial", max_length=20, blank=True)
    processamento = models.ForeignKey(
        "Processamento",
        verbose_name="gerado no processamento",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="resultados",
    )
    # O histórico só precisa acompanhar a publicação: entradas, saída e diferenças nunca mudam
    # (``save`` recusa) e copiá-las em cada registro dobraria o que se grava num edital grande.
    history = HistoricalRecords(
        verbose_name="histórico do resultado",
        verbose_name_plural="históricos do resultado",
        excluded_fields=["cenario", "saida", "diferencas"],
    )

    class Meta:
        verbose_name = "resultado"
        verbose_name_plural = "resultados"
        ordering = ["cargo", "-versao"]
        constraints = [models.UniqueConstraint(fields=["cargo", "versao"], name="resultado_versao_unica")]

    def __str__(self):
        return f"{self.cargo.nome} — versão {self.versao} ({self.get_status_display()})"

    def save(self, *args, **kwargs):
        if self.pk is not None and not kwargs.pop("publicando", False):
            raise ValidationError("Um resultado gerado é imutável; gere uma nova versão.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValidationError("Resultados não podem ser apagados.")

    @property
    def diario_oficial(self) -> DiarioOficial | None:
        return do_resultado(self)

    @cached_property
    def saida_do_motor(self) -> cotas.Resultado:
        """A saída gravada lida de volta em campos (``cotas.Resultado``), com as listas na ordem de
        publicação. Lida uma vez por objeto: num cargo de dezenas de milhares de inscritos, quem
        mostra o resultado lê os campos daqui, não as chaves do JSON."""
        return ler_saida(self.saida)


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
