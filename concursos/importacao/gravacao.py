"""A gravação de uma importação conferida: UM gravador, em lotes, para a confirmação do admin e
para o trabalhador de segundo plano.

A leitura (``Conferencia``) não grava nada. Para cada linha lida, ``anotar`` diz o que ela muda de
fato (candidato novo ou alterado, inscrição alterada, opções por grupo criadas ou retiradas) e
``incluir`` a guarda; ``gravar``, numa transação e só se nenhuma linha teve erro, grava tudo em
lotes (``bulk_create``/``bulk_update``): os candidatos, as inscrições, as opções e o histórico
(django-simple-history) de cada inscrição e opção criada, alterada ou apagada, em nome de
``usuario`` e com ``motivo`` como razão da mudança. Sem ``save()`` não há sinais: o histórico é
escrito por ``bulk_create_with_history``/``bulk_update_with_history``.

Só a inscrição que a linha muda é gravada (e versionada): a mesma planilha importada duas vezes
não grava nada na segunda, e a prévia, a confirmação e o segundo plano contam igual. A inscrição de
um cargo com resultado publicado (``_congelada``, marcada por ``publicados``) só é gravada se a
linha mudou algo que ainda pode mudar: a nota corrigida vai para os eventos, não para a inscrição.
"""

from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from cotas.modelo import PENDENTE

from ..models import Candidato, Inscricao, OpcaoDeGrupo
from .colunas import CAMPOS_DA_INSCRICAO, CAMPOS_DO_CANDIDATO
from .resultado import ImportacaoRecusada

TAMANHO_DO_LOTE = 1000
ATRIBUTOS_DA_INSCRICAO = tuple(Inscricao._meta.get_field(campo).attname for campo in CAMPOS_DA_INSCRICAO)


def _campos_gravados(instance) -> tuple:
    return tuple(getattr(instance, atributo) for atributo in ATRIBUTOS_DA_INSCRICAO)


class Gravador:
    def __init__(self, conferencia, *, usuario=None, motivo=None, lote=None):
        self.conferencia = conferencia
        self.usuario = usuario
        self.motivo = motivo
        self.lote = lote or TAMANHO_DO_LOTE
        self.candidatos_novos, self.candidatos_alterados = {}, {}
        self.inscricoes_novas, self.inscricoes_alteradas = [], []
        self.opcoes_a_criar, self.opcoes_a_retirar = [], []
        # Chamado antes de cada lote gravado: o prazo do segundo plano (``massa``) recusa aqui, e a
        # transação de quem chamou ``gravar`` desfaz os lotes já gravados.
        self.antes_de_cada_lote = lambda: None

    # ------------------------------------------------------------------ cada linha

    @staticmethod
    def retrato(instance) -> tuple | None:
        """Os campos gravados da inscrição já cadastrada (``None`` na nova), para saber depois da
        leitura se a linha a mudou."""
        return _campos_gravados(instance) if instance.pk else None

    def anotar(self, instance, antes: tuple | None) -> None:
        """O que a linha já lida muda (``antes``: o ``retrato`` de antes da leitura): o candidato do
        CPF (novo, alterado ou igual) vai para a inscrição, e ``_mudou`` diz se a linha muda alguma
        coisa."""
        candidato, mudaram = self.conferencia.candidato_do_arquivo(instance._candidato_importado)
        del instance._candidato_importado
        if candidato.pk is None:
            self.candidatos_novos[candidato.cpf] = candidato
        elif mudaram:
            self.candidatos_alterados[candidato.cpf] = candidato
        instance.candidato = candidato
        instance._candidato_mudou = mudaram
        instance._opcoes_novas, instance._opcoes_retiradas = self.conferencia.mudancas_de_opcoes(instance)
        instance._inscricao_mudou = antes != _campos_gravados(instance)
        instance._mudou = (
            instance._inscricao_mudou
            or candidato.pk is None
            or bool(mudaram)
            or bool(instance._opcoes_novas or instance._opcoes_retiradas)
        )

    def incluir(self, instance, nova: bool) -> None:
        """Guarda a linha para ``gravar`` (a inscrição, as opções novas e as retiradas)."""
        if nova:
            self.inscricoes_novas.append(instance)
        elif instance._inscricao_mudou:
            self.inscricoes_alteradas.append(instance)
        self.opcoes_a_criar += [(instance, grupo) for grupo in instance._opcoes_novas]
        self.opcoes_a_retirar += instance._opcoes_retiradas

    # ------------------------------------------------------------------ gravação

    def gravar(self) -> None:
        """Grava o que a leitura juntou, em lotes. Chamar dentro de uma transação, e só se a leitura
        não teve erro nenhum."""
        if not connection.features.can_return_rows_from_bulk_insert:
            raise ImproperlyConfigured("A importação em massa exige PostgreSQL ou SQLite 3.35 ou mais novo.")
        historico = {"default_user": self.usuario, "default_change_reason": self.motivo}
        for novos in self._lotes(list(self.candidatos_novos.values())):
            Candidato.objects.bulk_create(novos)
        for alterados in self._lotes(list(self.candidatos_alterados.values())):
            Candidato.objects.bulk_update(alterados, CAMPOS_DO_CANDIDATO)
        for novas in self._lotes(self.inscricoes_novas):
            bulk_create_with_history(novas, Inscricao, **historico)
        for alteradas in self._lotes(self.inscricoes_alteradas):
            bulk_update_with_history(alteradas, Inscricao, CAMPOS_DA_INSCRICAO, **historico)
        self._retirar_opcoes()
        for opcoes in self._lotes(self.opcoes_a_criar):
            bulk_create_with_history([OpcaoDeGrupo(inscricao=i, grupo=g) for i, g in opcoes], OpcaoDeGrupo, **historico)

    def _lotes(self, objetos: list):
        """Pedaços de ``lote``: o histórico de cada lote é montado só quando o lote é gravado."""
        for inicio in range(0, len(objetos), self.lote):
            self.antes_de_cada_lote()
            yield objetos[inicio : inicio + self.lote]

    def _retirar_opcoes(self) -> None:
        """Apaga as opções desmarcadas, uma a uma (com o histórico), se continuam pendentes: uma
        verificação registrada depois da leitura não é desfeita pela importação."""
        retirar = {opcao.pk: opcao for opcao in self.opcoes_a_retirar}
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
                if self.usuario is not None:
                    opcao._history_user = self.usuario
                opcao._change_reason = self.motivo
                opcao.delete()
