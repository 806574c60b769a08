"""Importação em massa de inscrições (arquivos de até 100 mil linhas), para o processamento em
segundo plano.

Contrato usado por ``tarefas.importar_arquivo``::

    importar_inscricoes(edital, conteudo, nome_do_arquivo, *, usuario, progresso=None) -> Resumo

1. Lê o arquivo uma vez (``formatos.ler_arquivo``: ``.csv`` com ``;`` ou ``,`` em UTF-8/BOM/cp1252,
   ou ``.xlsx``). Arquivo que não serve → ``ImportacaoRecusada`` com uma mensagem.
2. Confere TODAS as linhas antes de gravar qualquer coisa, com as regras e as mensagens da importação
   do admin (``InscricaoResource``: linha, coluna e valor, repetições no arquivo, cor/raça do grupo,
   opção já verificada…). Essa leitura não grava nada e não abre transação, de modo que
   ``progresso(feitos, total)`` — linhas conferidas, de quantas — é chamado a cada 1 000 linhas e no
   fim, com números sempre crescentes até ``(total, total)``, e o que a tarefa gravar nele fica
   visível na hora (também no SQLite).
3. Qualquer erro → ``ImportacaoRecusada`` com ``mensagens`` (todas, na ordem das linhas, até
   ``MAXIMO_DE_MENSAGENS``) e ``quantidade``; nada foi gravado. Uma exceção que não é erro do arquivo
   (defeito, banco fora do ar) sobe como veio.
4. Sem erro, grava tudo numa transação só, em lotes de 1 000 (``bulk_create``/``bulk_update``): os
   candidatos novos ou alterados, as inscrições, as opções por grupo e o histórico
   (django-simple-history) de cada inscrição e opção criada, alterada ou apagada, em nome de
   ``usuario`` e com o nome do arquivo como motivo. ``progresso`` não é chamado nessa etapa.
5. Idempotente: linha igual ao que já está no banco é pulada ("sem mudança"), sem gravar nem criar
   histórico; importar o mesmo arquivo de novo não duplica nada.

Modo em massa do django-import-export (docs/TECNICO.md §1.4), opção por opção:

- ``use_bulk`` e ``batch_size = 1000``: a linha não é gravada com ``save()``; vai para as listas da
  biblioteca e é gravada por ``gravar``. A biblioteca gravaria cada lote assim que enche, no meio da
  leitura; aqui os ganchos ``bulk_create``/``bulk_update``/``bulk_delete`` esperam a conferência
  inteira, porque o arquivo entra todo ou nada. Sem ``save()`` não há sinais: o histórico é escrito
  por ``bulk_create_with_history``/``bulk_update_with_history``.
- ``skip_diff``: sem a cópia e a comparação de cada linha (servem à prévia do admin); a linha sem
  mudança é reconhecida aqui, campo a campo.
- Cargo: a leitura não passa pelos widgets (as células são lidas por ``formatos``, para as mensagens
  em português), e os cargos do edital já são carregados uma vez só em ``before_import`` — o mesmo
  que o ``CachedForeignKeyWidget`` faria.
- ``force_init_instance`` não se aplica: reimportar atualiza as inscrições existentes. Elas também
  são carregadas uma vez só em ``before_import`` (o papel do ``CachedInstanceLoader``), pelo número
  dentro do edital.
"""

import logging
from dataclasses import asdict, dataclass

from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.db import IntegrityError, connection, transaction
from import_export.results import RowResult
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from comum.coleta import sem_coleta_de_ciclos
from cotas.modelo import PENDENTE

from . import formatos
from .models import Candidato, Inscricao, OpcaoDeGrupo
from .resources import InscricaoResource, ResultadoDaImportacao, mensagens_de_erro

logger = logging.getLogger(__name__)

MAXIMO_DE_MENSAGENS = 1000
CAMPOS_DA_INSCRICAO = ("cargo", "candidato", "nota", "cor_raca", "jurado", "situacao", "sorteio", "notas_parciais")
ATRIBUTOS_DA_INSCRICAO = tuple(f"{c}_id" if c in ("cargo", "candidato") else c for c in CAMPOS_DA_INSCRICAO)
CAMPOS_DO_CANDIDATO = ("nome", "nome_social", "nascimento", "email")


class ImportacaoRecusada(ValidationError):
    """O arquivo não foi importado (nada foi gravado); ``mensagens`` diz por quê, linha a linha."""

    def __init__(self, mensagens: list[str]):
        self.quantidade = len(mensagens)
        self.mensagens = list(mensagens[:MAXIMO_DE_MENSAGENS])
        if self.quantidade > MAXIMO_DE_MENSAGENS:
            self.mensagens.append(
                f"… e mais {self.quantidade - MAXIMO_DE_MENSAGENS} erros. Corrija os de cima e importe de novo."
            )
        super().__init__(self.mensagens)


@dataclass(frozen=True)
class Resumo:
    """O que a importação gravou (``como_dict`` vai para a saída do processamento)."""

    arquivo: str
    linhas: int
    novas: int
    atualizadas: int
    sem_mudanca: int
    candidatos_novos: int
    candidatos_atualizados: int
    opcoes_criadas: int
    opcoes_retiradas: int

    def como_dict(self) -> dict:
        return asdict(self)


def importar_inscricoes(edital, conteudo: bytes, nome_do_arquivo: str, *, usuario, progresso=None) -> Resumo:
    """Importa o arquivo da banca no edital: tudo, numa transação, ou nada (ver o início do módulo)."""
    with sem_coleta_de_ciclos():
        return _importar(edital, conteudo, nome_do_arquivo, usuario=usuario, progresso=progresso)


def _importar(edital, conteudo, nome_do_arquivo, *, usuario, progresso):
    try:
        conjunto = formatos.ler_arquivo(nome_do_arquivo, conteudo)
    except formatos.ArquivoInvalido as erro:
        raise ImportacaoRecusada([str(erro)]) from None
    motivo = f"Importação do arquivo {nome_do_arquivo}"[:100]
    recurso = InscricaoEmMassaResource(edital, usuario=usuario, progresso=progresso, motivo=motivo)
    resultado = recurso.import_data(conjunto)
    excecoes = [*resultado.base_errors, *(erro for _, erros in resultado.row_errors() for erro in erros)]
    if excecoes:
        raise excecoes[0].error  # defeito, não erro do arquivo: sobe com o traceback original
    mensagens = mensagens_de_erro(resultado)
    if mensagens:
        raise ImportacaoRecusada(mensagens)
    try:
        with transaction.atomic():
            recurso.gravar()
    except IntegrityError:
        logger.warning("Importação de %s no edital %s recusada pelo banco", nome_do_arquivo, edital, exc_info=True)
        raise ImportacaoRecusada(
            [
                "Outra operação gravou, ao mesmo tempo, inscrições ou candidatos deste arquivo; nada foi "
                "gravado. Importe o arquivo de novo."
            ]
        ) from None
    return recurso.resumo(nome_do_arquivo, resultado)


class ResultadoEmMassa(ResultadoDaImportacao):
    """Só os totais e as linhas com erro: nada de um ``RowResult`` guardado por linha válida."""

    def append_row_result(self, row_result):
        if row_result.errors or row_result.validation_error:
            super().append_row_result(row_result)


class LinhaEmMassa(RowResult):
    """Sem ``str(inscricao)`` por linha: serve ao registro do admin (``LogEntry``), que aqui não há."""

    def add_instance_info(self, instance):
        pass


class InscricaoEmMassaResource(InscricaoResource):
    """``InscricaoResource`` no modo em massa: confere tudo sem gravar, depois ``gravar``."""

    class Meta(InscricaoResource.Meta):
        use_bulk = True
        batch_size = 1000
        skip_diff = True
        use_transactions = False  # a leitura não grava nada; ``gravar`` roda numa transação

    def __init__(self, edital, *, usuario=None, progresso=None, motivo: str = ""):
        super().__init__(edital=edital)
        self.usuario = usuario
        self.progresso = progresso
        self.motivo = motivo

    @classmethod
    def get_result_class(cls):
        return ResultadoEmMassa

    @classmethod
    def get_row_result_class(cls):
        return LinhaEmMassa

    def before_import(self, dataset, **kwargs):
        super().before_import(dataset, **kwargs)
        self._candidatos_novos, self._candidatos_alterados = {}, {}
        self._opcoes_a_criar, self._opcoes_a_retirar = [], []
        self._total, self._feitos, self._avisados = len(dataset), 0, 0

    def import_row(self, row, instance_loader, **kwargs):
        resultado = super().import_row(row, instance_loader, **kwargs)
        self._feitos += 1
        if self._feitos % self._meta.batch_size == 0:
            self._avisar()
        return resultado

    def _avisar(self):
        if self.progresso is not None and self._feitos > self._avisados:
            self.progresso(self._feitos, self._total)
        self._avisados = self._feitos

    def after_import(self, dataset, result, **kwargs):
        self._avisar()

    # ------------------------------------------------------------------ cada linha

    def import_instance(self, instance, row, **kwargs):
        """Confere e aplica a linha (``InscricaoResource``) e anota o que ela muda de fato."""
        antes = self._retrato(instance) if instance.pk else None
        super().import_instance(instance, row, **kwargs)  # ValidationError se a linha tem erro
        candidato, mudaram = self._candidato_do_arquivo(instance._candidato_importado)
        del instance._candidato_importado
        if candidato.pk is None:
            self._candidatos_novos[candidato.cpf] = candidato
        elif mudaram:
            self._candidatos_alterados[candidato.cpf] = candidato
        instance.candidato = candidato
        instance._opcoes_novas, instance._opcoes_retiradas = self._mudancas_de_opcoes(instance)
        instance._inscricao_mudou = antes != self._retrato(instance)
        instance._mudou = (
            instance._inscricao_mudou
            or candidato.pk is None
            or bool(mudaram)
            or bool(instance._opcoes_novas or instance._opcoes_retiradas)
        )

    @staticmethod
    def _retrato(instance) -> tuple:
        return tuple(getattr(instance, atributo) for atributo in ATRIBUTOS_DA_INSCRICAO)

    def skip_row(self, instance, original, row, import_validation_errors=None):
        return not import_validation_errors and not getattr(instance, "_mudou", True)

    def before_save_instance(self, instance, row, **kwargs):
        """Nada: o candidato já está na inscrição e é gravado por ``gravar``."""

    def after_save_instance(self, instance, row, **kwargs):
        self._opcoes_a_criar += [(instance, grupo) for grupo in instance._opcoes_novas]
        self._opcoes_a_retirar += instance._opcoes_retiradas

    def bulk_create(self, *args, **kwargs):
        """A biblioteca grava cada lote no meio da leitura; aqui tudo espera por ``gravar``."""

    def bulk_update(self, *args, **kwargs):
        """Idem: nada é gravado durante a leitura."""

    def bulk_delete(self, *args, **kwargs):
        """Idem (a importação nunca apaga inscrições)."""

    # ------------------------------------------------------------------ gravação

    def gravar(self) -> None:
        """Grava o que a leitura juntou, em lotes de ``batch_size``. Chamar dentro de uma transação,
        e só se a leitura não teve erro nenhum."""
        if not connection.features.can_return_rows_from_bulk_insert:
            raise ImproperlyConfigured("A importação em massa exige PostgreSQL ou SQLite 3.35 ou mais novo.")
        historico = {"default_user": self.usuario, "default_change_reason": self.motivo}
        for novos in self._lotes(list(self._candidatos_novos.values())):
            Candidato.objects.bulk_create(novos)
        for alterados in self._lotes(list(self._candidatos_alterados.values())):
            Candidato.objects.bulk_update(alterados, CAMPOS_DO_CANDIDATO)
        for novas in self._lotes(self.create_instances):
            bulk_create_with_history(novas, Inscricao, **historico)
        for alteradas in self._lotes([i for i in self.update_instances if i._inscricao_mudou]):
            bulk_update_with_history(alteradas, Inscricao, CAMPOS_DA_INSCRICAO, **historico)
        self._retirar_opcoes()
        for opcoes in self._lotes(self._opcoes_a_criar):
            bulk_create_with_history([OpcaoDeGrupo(inscricao=i, grupo=g) for i, g in opcoes], OpcaoDeGrupo, **historico)

    def _lotes(self, objetos: list):
        """Pedaços de ``batch_size``: o histórico de cada lote é montado só quando o lote é gravado."""
        for inicio in range(0, len(objetos), self._meta.batch_size):
            yield objetos[inicio : inicio + self._meta.batch_size]

    def _retirar_opcoes(self) -> None:
        """Apaga as opções desmarcadas, uma a uma (com o histórico), se continuam pendentes: uma
        verificação registrada depois da leitura não é desfeita pela importação."""
        retirar = {opcao.pk: opcao for opcao in self._opcoes_a_retirar}
        for trecho in self._lotes(list(retirar)):
            consulta = OpcaoDeGrupo.objects.select_for_update().filter(pk__in=trecho, situacao=PENDENTE)
            pendentes = list(consulta.select_related("inscricao"))
            if len(pendentes) != len(trecho):
                mudaram = sorted({retirar[pk].inscricao.numero for pk in set(trecho) - {o.pk for o in pendentes}})
                raise ImportacaoRecusada(
                    [
                        f"A verificação das opções das inscrições {', '.join(mudaram)} foi registrada durante a "
                        "importação; nada foi gravado. Importe o arquivo de novo."
                    ]
                )
            for opcao in pendentes:
                opcao._history_user, opcao._change_reason = self.usuario, self.motivo
                opcao.delete()

    def resumo(self, arquivo: str, resultado) -> Resumo:
        totais = resultado.totals
        return Resumo(
            arquivo=arquivo,
            linhas=self._total,
            novas=totais["new"],
            atualizadas=totais["update"],
            sem_mudanca=totais["skip"],
            candidatos_novos=len(self._candidatos_novos),
            candidatos_atualizados=len(self._candidatos_alterados),
            opcoes_criadas=len(self._opcoes_a_criar),
            opcoes_retiradas=len(self._opcoes_a_retirar),
        )
