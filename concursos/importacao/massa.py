"""Importação em massa de inscrições (arquivos de até 100 mil linhas), para o processamento em
segundo plano.

Contrato usado pelo trabalhador de segundo plano (``importar_arquivo``)::

    importar_inscricoes(edital, conteudo, nome_do_arquivo, *, usuario, progresso=None, mapeamento=None, prazo=None) -> Resumo

1. Lê o arquivo uma vez (``comum.planilhas.ler_arquivo``: ``.csv`` com ``;`` ou ``,`` em UTF-8/BOM/cp1252,
   ou ``.xlsx``). Arquivo que não serve → ``ImportacaoRecusada`` com uma mensagem. Com ``mapeamento``
   (cabeçalho do arquivo da banca → campo, ``mapeamento``), confere-o e o aplica antes da conferência
   do cabeçalho: o mesmo mapeamento dá o mesmo resultado que na tela, e os erros citam o cabeçalho
   e a letra do arquivo da banca.
2. Confere TODAS as linhas antes de gravar qualquer coisa, com as regras e as mensagens da importação
   do admin (``Conferencia``: linha, coluna e valor, repetições no arquivo, cor/raça do grupo,
   opção já verificada…). Essa leitura não grava nada e não abre transação, de modo que
   ``progresso(feitos, total)`` — linhas conferidas, de quantas — é chamado a cada 1 000 linhas e no
   fim, com números sempre crescentes até ``(total, total)``, e o que a tarefa gravar nele fica
   visível na hora (também no SQLite).
3. Qualquer erro → ``ImportacaoRecusada`` com ``mensagens`` (todas, na ordem das linhas, até
   ``MAXIMO_DE_MENSAGENS``) e ``quantidade``; nada foi gravado. Uma exceção que não é erro do arquivo
   (defeito, banco fora do ar) sobe como veio.
4. Sem erro, grava tudo numa transação só, em lotes de 1 000, pelo ``gravacao.Gravador`` (o mesmo
   da confirmação do admin): os candidatos novos ou alterados, as inscrições, as opções por grupo e
   o histórico de cada inscrição e opção criada, alterada ou apagada, em nome de ``usuario`` e com
   o nome do arquivo como motivo. ``progresso`` não é chamado nessa etapa.
5. Idempotente: linha igual ao que já está no banco é pulada ("sem mudança"), sem gravar nem criar
   histórico; importar o mesmo arquivo de novo não duplica nada.
6. Um prazo só para o trabalho inteiro (``prazo_da_importacao``, ``PRAZO_DA_LEITURA_EM_SEGUNDO_PLANO``
   segundos, contados desde que a tarefa começa): conferido na leitura (a cada 1 000 linhas), em cada
   linha conferida e antes de cada lote gravado. Passado o prazo, ``ImportacaoRecusada`` com a mensagem
   que diz o limite; se já gravava, a transação é desfeita e nada fica gravado.
7. Cargo com resultado publicado (``publicados``): as mesmas recusas da tela (inscrição nova, cor/raça,
   opções, eliminação); e a nota que muda NÃO é gravada: o arquivo inteiro é recusado, com as linhas,
   pedindo a importação pela tela, que mostra a prévia e registra as correções como eventos
   (``revisoes``). Linha igual ao publicado passa como "sem mudança".

Modo em massa do django-import-export (docs/TECNICO.md §1.4), opção por opção:

- ``use_bulk`` e ``batch_size = 1000``: a linha não é gravada com ``save()``; vai para o
  ``Gravador`` (``InscricaoResource.save_instance``), que grava tudo depois da conferência inteira,
  porque o arquivo entra todo ou nada (a biblioteca gravaria cada lote assim que enche, no meio da
  leitura). O lote é também o intervalo do ``progresso``.
- ``skip_diff``: sem a cópia e a comparação de cada linha (servem à prévia do admin); a linha sem
  mudança é reconhecida campo a campo pelo ``Gravador.anotar`` e pulada (``skip_row``).
- Cargo: a leitura não passa pelos widgets (as células são lidas por ``leitores``, para as mensagens
  em português), e os cargos do edital já são carregados uma vez só (``Conferencia.carregar``) — o
  mesmo que o ``CachedForeignKeyWidget`` faria.
- ``force_init_instance`` não se aplica: reimportar atualiza as inscrições existentes. Elas também
  são carregadas uma vez só em ``Conferencia.carregar`` (o papel do ``CachedInstanceLoader``), pelo
  número dentro do edital.
"""

import logging
import time
from dataclasses import asdict, dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from import_export.results import RowResult

from comum import planilhas
from comum.coleta import sem_coleta_de_ciclos

from .mapeamento import mapear
from .recurso import InscricaoResource
from .resultado import ImportacaoRecusada, ResultadoDaImportacao, erros_do_resultado, mensagens_de_erro
from .revisoes import recusa_em_segundo_plano

logger = logging.getLogger(__name__)


def prazo_da_importacao(segundos: float | None = None, *, relogio=time.monotonic) -> planilhas.Prazo:
    """O prazo de uma importação em segundo plano inteira (leitura, conferência e gravação), contado
    a partir de agora; ``segundos`` (sem ele, ``PRAZO_DA_LEITURA_EM_SEGUNDO_PLANO``) e ``relogio``
    (``time.monotonic``) servem aos testes."""
    if segundos is None:
        segundos = settings.PRAZO_DA_LEITURA_EM_SEGUNDO_PLANO
    return planilhas.Prazo(
        segundos,
        relogio=relogio,
        mensagem=(
            "A importação passou de {segundos} segundos, o limite de uma importação em segundo plano "
            "(leitura, conferência e gravação), e foi interrompida: nada foi gravado. Divida o arquivo em partes "
            "menores e importe cada uma."
        ),
    )


def _no_prazo(prazo: planilhas.Prazo | None) -> None:
    """Recusa a importação (``ImportacaoRecusada``) se o prazo passou."""
    if prazo is None:
        return
    try:
        prazo.conferir()
    except planilhas.ArquivoInvalido as erro:
        raise ImportacaoRecusada([str(erro)]) from None


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


def importar_inscricoes(
    edital,
    conteudo: bytes,
    nome_do_arquivo: str,
    *,
    por,
    progresso=None,
    mapeamento: dict | None = None,
    ensaio: bool = False,
    prazo: planilhas.Prazo | None = None,
) -> Resumo:
    """Importa o arquivo da banca no edital: tudo, numa transação, ou nada (ver o início do módulo).
    Com ``ensaio``, confere tudo e conta, sem gravar nada (o comando ``importar_inscricoes``).
    ``prazo``: o do trabalho inteiro, que a tarefa começa a contar antes de abrir o arquivo (sem ele,
    ``prazo_da_importacao()`` a partir daqui)."""
    prazo = prazo or prazo_da_importacao()
    with sem_coleta_de_ciclos():
        conjunto = ler_e_mapear(edital, conteudo, nome_do_arquivo, mapeamento, prazo=prazo)
        return importar_conjunto(
            edital, conjunto, nome_do_arquivo, por=por, progresso=progresso, ensaio=ensaio, prazo=prazo
        )


def ler_e_mapear(edital, conteudo: bytes, nome_do_arquivo: str, mapeamento: dict | None, *, prazo=None):
    """O conjunto lido do arquivo, já com o mapeamento aplicado; o que não serve é ``ImportacaoRecusada``."""
    try:
        conjunto = planilhas.ler_arquivo(nome_do_arquivo, conteudo, prazo=prazo or prazo_da_importacao())
    except planilhas.ArquivoInvalido as erro:
        raise ImportacaoRecusada([str(erro)]) from None
    if mapeamento and (problemas := mapear(conjunto, edital, mapeamento)):
        raise ImportacaoRecusada(problemas)
    return conjunto


def importar_conjunto(edital, conjunto, nome_do_arquivo, *, por, progresso=None, ensaio=False, prazo=None) -> Resumo:
    """Os passos 2 a 7 (ver o início do módulo) sobre o conjunto já lido (e mapeado), dentro do
    ``prazo`` (sem ele, sem prazo: o comando ``importar_inscricoes``, no terminal)."""
    with sem_coleta_de_ciclos():
        return _importar(edital, conjunto, nome_do_arquivo, por=por, progresso=progresso, ensaio=ensaio, prazo=prazo)


def _importar(edital, conjunto, nome_do_arquivo, *, por, progresso, ensaio, prazo):
    motivo = f"Importação do arquivo {nome_do_arquivo}"[:100]
    recurso = InscricaoEmMassaResource(edital, usuario=por, progresso=progresso, motivo=motivo, prazo=prazo)
    resultado = recurso.import_data(conjunto)
    excecoes = [*resultado.base_errors, *(erro for _, erros in resultado.row_errors() for erro in erros)]
    if excecoes:
        raise excecoes[0].error  # defeito, não erro do arquivo: sobe com o traceback original
    mensagens = mensagens_de_erro(resultado)
    if mensagens:
        raise ImportacaoRecusada(mensagens, erros=erros_do_resultado(resultado, recurso.conferencia.erros_registrados))
    if correcoes := recusa_em_segundo_plano(recurso.conferencia.publicados):
        raise ImportacaoRecusada(correcoes)
    if ensaio:
        return recurso.resumo(nome_do_arquivo, resultado)
    try:
        with transaction.atomic():  # o prazo que passa no meio da gravação desfaz os lotes já gravados
            recurso.gravador.gravar()
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
    """``InscricaoResource`` no modo em massa: confere tudo sem gravar, avisando o progresso, e pula
    as linhas que não mudam nada; ``importar_inscricoes`` chama depois ``gravador.gravar``."""

    class Meta(InscricaoResource.Meta):
        batch_size = 1000
        skip_diff = True
        use_transactions = False  # a leitura não grava nada; ``gravar`` roda numa transação

    def __init__(self, edital, *, usuario=None, progresso=None, motivo: str = "", prazo=None):
        super().__init__(edital=edital)
        self.usuario = usuario
        self.progresso = progresso
        self.motivo = motivo
        self.prazo = prazo

    @classmethod
    def get_result_class(cls):
        return ResultadoEmMassa

    @classmethod
    def get_row_result_class(cls):
        return LinhaEmMassa

    def before_import(self, dataset, **kwargs):
        super().before_import(dataset, **kwargs)
        self.gravador.antes_de_cada_lote = lambda: _no_prazo(self.prazo)
        self._total, self._feitos, self._avisados = len(dataset), 0, 0

    def import_row(self, row, instance_loader, **kwargs):
        # Fora do ``super().import_row``, que guardaria a recusa como erro da linha e seguiria adiante.
        _no_prazo(self.prazo)
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
        """Só o último aviso de progresso: a gravação é de ``importar_inscricoes``, noutra transação."""
        self._avisar()

    def resumo(self, arquivo: str, resultado) -> Resumo:
        totais, gravador = resultado.totals, self.gravador
        return Resumo(
            arquivo=arquivo,
            linhas=self._total,
            novas=totais["new"],
            atualizadas=totais["update"],
            sem_mudanca=totais["skip"],
            candidatos_novos=len(gravador.candidatos_novos),
            candidatos_atualizados=len(gravador.candidatos_alterados),
            opcoes_criadas=len(gravador.opcoes_a_criar),
            opcoes_retiradas=len(gravador.opcoes_a_retirar),
        )
