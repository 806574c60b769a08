"""O resource do django-import-export (4.4) para as inscrições: a prévia e a confirmação da
importação pelo admin, e a exportação.

Fino: as colunas aceitas estão em ``colunas``, a leitura e a conferência das linhas em
``conferencia`` e a gravação em ``gravacao``. Aqui só se liga o laço da biblioteca a elas:

- a importação é sempre para UM edital, escolhido pelo servidor (``InscricaoResource(edital=...)``);
- sempre numa transação, desfeita se qualquer linha for inválida: nada é gravado pela metade. A
  prévia (``dry_run``) confere tudo e não grava nada; a confirmação grava tudo no fim, pelo
  ``Gravador`` (o mesmo do trabalhador de segundo plano, ``massa``);
- cada erro diz a linha (o cabeçalho é a linha 1), a coluna e o valor;
- na exportação, uma coluna sim/não por grupo dos regimes dos editais exportados, com a
  verificação, e ``nota_<campo>`` por nota parcial; sem a permissão de dados sensíveis, nem cor/raça
  nem opções (LGPD).
"""

from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from import_export import fields, resources
from import_export.exceptions import ImportError as ErroDeImportacao
from import_export.results import InvalidRow, RowResult

import cotas
from comum import planilhas
from comum.cpf import formatar_cpf

from ..models import Edital, Inscricao
from . import mapeamento, revisoes
from .conferencia import Conferencia
from .gravacao import ATRIBUTOS_DA_INSCRICAO, Gravador
from .previa import Previa
from .resultado import ResultadoDaImportacao, erros_do_resultado

FORMATOS_DE_IMPORTACAO = [planilhas.CSVBrasil, planilhas.XLSXBrasil]
FORMATOS_DE_EXPORTACAO = [planilhas.XLSXBrasil, planilhas.CSVBrasil]


class Coluna(fields.Field):
    """Coluna da planilha; ``valor(inscricao)`` dá o valor nativo (número, data, texto).

    A importação não passa pelos widgets (as células são lidas por ``Conferencia``); a coluna serve
    à prévia do admin (``export``, em texto) e à exportação (valor nativo)."""

    def __init__(self, nome, valor):
        super().__init__(attribute=nome, column_name=nome, readonly=True)
        self.valor = valor

    def get_value(self, instance):
        return self.valor(instance)

    def export(self, instance, **kwargs):
        return planilhas.celula_em_texto(self.get_value(instance))


def _candidato(inscricao):
    return getattr(inscricao, "candidato", None)  # RelatedObjectDoesNotExist é um AttributeError


def _do_candidato(atributo):
    return lambda inscricao: getattr(_candidato(inscricao), atributo, None)


def _grupos(inscricao) -> frozenset:
    if hasattr(inscricao, "_grupos"):
        return inscricao._grupos
    return frozenset(o.grupo for o in inscricao.opcoes.all()) if inscricao.pk else frozenset()


def _sim_nao(sim: bool) -> str:
    return "sim" if sim else "não"


def coluna_de_grupo(grupo: str) -> Coluna:
    return Coluna(grupo, lambda inscricao: _sim_nao(grupo in _grupos(inscricao)))


def coluna_de_verificacao(grupo: str) -> Coluna:
    def situacao(inscricao):
        opcao = next((o for o in inscricao.opcoes.all() if o.grupo == grupo), None)
        return opcao.get_situacao_display() if opcao else ""

    return Coluna(f"verificacao_{grupo}", situacao)


def coluna_de_nota(campo: str) -> Coluna:
    def nota(inscricao):
        try:
            return Decimal(str((inscricao.notas_parciais or {})[campo]))
        except (KeyError, InvalidOperation):
            return None

    return Coluna(f"nota_{campo}", nota)


class InscricaoResource(resources.ModelResource):
    edital = Coluna("edital", lambda i: str(i.edital) if i.edital_id else "")
    inscricao = Coluna("inscricao", lambda i: i.numero)
    cpf = Coluna("cpf", lambda i: formatar_cpf(c.cpf) if (c := _candidato(i)) else None)
    nome = Coluna("nome", _do_candidato("nome"))
    nome_social = Coluna("nome_social", _do_candidato("nome_social"))
    nascimento = Coluna("nascimento", _do_candidato("nascimento"))
    email = Coluna("email", _do_candidato("email"))
    cargo = Coluna("cargo", lambda i: getattr(getattr(i, "cargo", None), "codigo", None))
    cor_raca = Coluna("cor_raca", lambda i: i.get_cor_raca_display())
    grupos = Coluna("grupos", lambda i: None)  # na exportação: uma coluna por grupo e a verificação
    nota = Coluna("nota", lambda i: i.nota)
    notas_parciais = Coluna("notas_parciais", lambda i: None)  # na exportação: nota_<campo>
    jurado = Coluna("jurado", lambda i: _sim_nao(i.jurado))
    situacao = Coluna("situacao", lambda i: i.situacao)
    sorteio = Coluna("sorteio", lambda i: i.sorteio)

    class Meta:
        model = Inscricao
        fields = (
            "edital",
            "inscricao",
            "cpf",
            "nome",
            "nome_social",
            "nascimento",
            "email",
            "cargo",
            "cor_raca",
            "grupos",
            "nota",
            "notas_parciais",
            "jurado",
            "situacao",
            "sorteio",
        )
        export_order = fields
        # A validação é feita célula a célula (Conferencia), com linha, coluna e valor.
        clean_model_instances = False
        use_transactions = True
        report_skipped = False
        # Nenhuma linha é gravada com save(): vai para o Gravador, que grava tudo no fim.
        use_bulk = True

    def __init__(
        self, edital: Edital | None = None, dados_sensiveis: bool = True, ato=None, previa="", mapeamento=None, **kwargs
    ):
        """``edital``: o que recebe a importação. ``dados_sensiveis``: a exportação traz cor/raça e
        as opções por grupo (com a verificação); o admin passa a permissão ``ver_dados_sensiveis``.
        ``ato`` e ``previa``: na confirmação, o documento e a data do ato das correções de nota dos
        cargos publicados e a assinatura da prévia que as mostrou (``revisoes``). ``mapeamento``: o
        cabeçalho do arquivo → o campo (``mapeamento``), aplicado antes de conferir o cabeçalho."""
        super().__init__(**kwargs)
        self.edital, self.mapeamento = edital, mapeamento or None
        self.previa_das_linhas = Previa()
        self.ato, self.previa = ato, previa or ""
        self.dados_sensiveis = dados_sensiveis
        self.regime = edital.regime_congelado() if edital else cotas.regime_pre_definido(cotas.REGIME_PADRAO)
        self.conferencia = Conferencia(edital, self.regime)
        self.usuario, self.motivo, self.ensaio = None, None, False
        self._colunas_exportadas = {"grupos": [], "notas_parciais": []}

    @classmethod
    def get_result_class(cls):
        return ResultadoDaImportacao

    def get_queryset(self):
        consulta = Inscricao.objects.all()
        return consulta.filter(edital=self.edital) if self.edital else consulta

    def get_import_fields(self):
        campos = self.fields
        return [
            *(campos[n] for n in ("inscricao", "cpf", "nome", "nome_social", "nascimento", "email", "cargo")),
            campos["cor_raca"],
            *(coluna_de_grupo(g) for g in self.regime.nomes_dos_grupos),
            campos["nota"],
            *(coluna_de_nota(c) for c in self.conferencia.campos_de_nota),
            *(campos[n] for n in ("jurado", "situacao", "sorteio")),
        ]

    # ------------------------------------------------------------------ importação

    def import_data(self, dataset, dry_run=False, raise_errors=False, use_transactions=None, **kwargs):
        """Sempre numa transação, desfeita se qualquer linha for inválida: nada é gravado pela metade.

        (A importação em massa, ``massa.InscricaoEmMassaResource``, desliga a transação em
        ``Meta.use_transactions``: a leitura dela não grava nada, e a gravação tem a sua.)"""
        if self.edital is None:
            raise ValueError("Informe o edital: InscricaoResource(edital=...).")
        kwargs.pop("rollback_on_validation_errors", None)
        self.ensaio = dry_run
        self.usuario = self.usuario or kwargs.get("user")
        linha_do_cabecalho = getattr(dataset, "linha_do_cabecalho", 1)
        if self.mapeamento:
            mapeamento.aplicar(dataset, self.mapeamento)
        problemas = self.conferencia.preparar(dataset)
        if problemas:
            mensagens = [f"Linha {linha_do_cabecalho} (cabeçalho): {p}." for p in problemas]
            return self._com_a_previa(self._resultado_invalido(dataset, linha_do_cabecalho, mensagens, raise_errors))
        resultado = super().import_data(
            dataset,
            dry_run=dry_run,
            raise_errors=raise_errors,
            use_transactions=bool(self._meta.use_transactions),
            rollback_on_validation_errors=True,
            **kwargs,
        )
        for linha in resultado.invalid_rows + resultado.error_rows:
            linha.number = self.conferencia.linha(linha.number)
        return self._com_a_previa(resultado)

    def _com_a_previa(self, resultado):
        """O que a tela mostra (``previa``): as contagens e as linhas que mudam, o "lido como" e os
        erros como tabela (linha, coluna, letra, valor)."""
        resultado.previa = self.previa_das_linhas
        resultado.variantes = self.conferencia.variantes.tabela(self.conferencia.rotulos)
        resultado.erros_da_planilha = erros_do_resultado(resultado, self.conferencia.erros_registrados)
        return resultado

    def _resultado_invalido(self, dataset, linha, mensagens, raise_errors):
        erro = ValidationError(mensagens)
        if raise_errors:
            raise ErroDeImportacao(erro, number=linha)
        resultado = self.get_result_class()()
        resultado.diff_headers = self.get_diff_headers()
        resultado.total_rows = len(dataset)
        valores = tuple("" for _ in resultado.diff_headers)
        resultado.invalid_rows.append(InvalidRow(number=linha, validation_error=erro, values=valores))
        resultado.totals[RowResult.IMPORT_TYPE_INVALID] += 1
        return resultado

    def before_import(self, dataset, **kwargs):
        self.conferencia.carregar(dataset)
        self.gravador = Gravador(
            self.conferencia,
            usuario=self.usuario,
            motivo=self.motivo,
            lote=self._meta.batch_size,
        )

    def import_row(self, row, instance_loader, **kwargs):
        if planilhas.linha_vazia(row.values()):
            pulada = self.get_row_result_class()()
            pulada.import_type = RowResult.IMPORT_TYPE_SKIP
            return pulada
        return super().import_row(row, instance_loader, **kwargs)

    def get_or_init_instance(self, instance_loader, row):
        return self.conferencia.inscricao(row)

    def import_instance(self, instance, row, **kwargs):
        """Lê e confere a linha (``ValidationError`` se ela tem erro) e anota o que ela muda."""
        antes = Gravador.retrato(instance)
        self.conferencia.ler(instance, row, kwargs["row_number"])
        self.gravador.anotar(instance, antes)
        linha = self.conferencia.linha(kwargs["row_number"])
        self.previa_das_linhas.anotar(linha, instance, antes, Gravador.retrato(instance), ATRIBUTOS_DA_INSCRICAO)

    def save_instance(self, instance, is_create, row, **kwargs):
        """Nada é gravado linha a linha: a linha vai para o ``Gravador``."""
        self.gravador.incluir(instance, is_create)

    def after_import(self, dataset, result, **kwargs):
        """Fora da prévia e sem erro nenhum, grava tudo (dentro da transação da biblioteca, desfeita
        se a gravação falhar).

        Não acerta a sequência das chaves, como o ``ModelResource`` faria (``setval`` com o maior
        id): isso só serve a quem importa ids da planilha e, com outra importação em andamento,
        poderia fazer a sequência voltar e repetir chaves.

        As correções de nota dos cargos publicados (``revisoes``): na prévia, o efeito calculado sem
        gravar; na confirmação, os eventos e a versão nova, na mesma transação. Uma recusa vira linha
        inválida e desfaz tudo."""
        if result.has_errors() or result.has_validation_errors():
            return
        publicados = self.conferencia.publicados
        try:
            if self.ensaio:  # a prévia das correções de nota dos cargos publicados, sem gravar
                result.revisoes = revisoes.previa(publicados)
                result.publicados_sem_mudanca = revisoes.sem_mudanca(publicados)
                result.assinatura_das_revisoes = revisoes.assinatura(publicados)
                return
            self.gravador.gravar()
            result.revisoes_registradas = revisoes.registrar(
                publicados, ato=self.ato, previa_confirmada=self.previa, usuario=self.usuario
            )
        except ValidationError as erro:  # a transação da importação é desfeita: nada fica gravado
            revisoes.linha_invalida(result, erro, getattr(erro, "linha", None))

    def skip_row(self, instance, original, row, import_validation_errors=None):
        """A linha que não muda nada (nem a inscrição, nem o candidato, nem as opções) conta como
        "sem mudança" e não é gravada; num cargo publicado, a nota corrigida vai para os eventos, não
        para a inscrição (``_mudou`` já não a conta)."""
        return not import_validation_errors and not getattr(instance, "_mudou", True)

    # ------------------------------------------------------------------ exportação

    def filter_export(self, queryset, **kwargs):
        return queryset.select_related("edital", "cargo", "candidato").prefetch_related("opcoes")

    def before_export(self, queryset, **kwargs):
        """Colunas que dependem dos dados: os grupos dos regimes dos editais e as notas parciais."""
        if queryset is None:
            queryset = self.get_queryset()
        if isinstance(queryset, QuerySet):
            editais = Edital.objects.filter(pk__in=queryset.values("edital_id"))
            parciais = queryset.values_list("notas_parciais", flat=True)
        else:
            editais = {i.edital for i in queryset}
            parciais = [i.notas_parciais for i in queryset]
        grupos = []
        for edital in editais:
            grupos += [g for g in edital.regime_congelado().nomes_dos_grupos if g not in grupos]
        campos = sorted({campo for notas in parciais for campo in (notas or {})})
        self._colunas_exportadas = {
            "grupos": [*map(coluna_de_grupo, grupos), *map(coluna_de_verificacao, grupos)],
            "notas_parciais": [coluna_de_nota(c) for c in campos],
        }

    def get_export_fields(self, selected_fields=None):
        exportadas = []
        for campo in super().get_export_fields(selected_fields):
            if not self.dados_sensiveis and campo.column_name in ("cor_raca", "grupos"):
                continue
            exportadas += self._colunas_exportadas.get(campo.column_name, [campo])
        return exportadas

    def export_field(self, field, instance, **kwargs):
        """Valor nativo (números e datas continuam números e datas) com o texto neutralizado."""
        return planilhas.neutralizar(field.get_value(instance))
