"""Os e-mails do aviso pessoal em segundo plano (issue 28; ``services/avisos_pessoais.py``).

``agendar_avisos`` é a única chamada que a publicação do edital de convocação e o registro da
nomeação fazem: depois do commit (``transaction.on_commit``), cria os avisos e põe um e-mail de cada
um na fila. Se isso falhar, o ato continua publicado (o erro vai ao registro do servidor) e a página
do cargo mostra a quem falta o aviso.

A tarefa ``enviar_aviso_pessoal`` faz uma tentativa; falha passageira do servidor de e-mail (fora do
ar, resposta 4xx) põe outra na fila com espera crescente (``AVISO_ESPERA_ENTRE_TENTATIVAS_MINUTOS``
vezes 2, 4, 8…), até ``AVISO_TENTATIVAS``; recusa definitiva (5xx) termina como falhou, para o RH
reenviar a outro endereço ou avisar por outro meio.

O caminho da tarefa (``concursos.segundo_plano.avisos_pessoais.enviar_aviso_pessoal``) fica gravado
na fila: mudá-lo de lugar pede uma migração (ver ``tarefas.py``).
"""

from datetime import timedelta

from django.conf import settings
from django.db import transaction

from comum import relogio

from ..models import AtoDeConvocacao, AvisoPessoal, EnvioDoAviso, Provimento
from ..services import avisos_pessoais

try:  # Django 6 traz django.tasks; no 5.2 usa-se o "backport" com a mesma interface.
    from django.tasks import task
except ImportError:  # pragma: no cover - depende da versão do Django
    from django_tasks import task


def agendar_avisos(ato: AtoDeConvocacao | Provimento, *, por) -> None:
    """Depois do commit de quem publicou o ato: os avisos de cada pessoa e os e-mails na fila."""
    transaction.on_commit(lambda: _criar_e_enfileirar(ato, por), robust=True)


def _criar_e_enfileirar(ato, por) -> None:
    with transaction.atomic():
        for envio in avisos_pessoais.criar_avisos(ato, por=por):
            enfileirar(envio)


def enfileirar(envio: EnvioDoAviso, espera: timedelta | None = None) -> None:
    """Põe a tarefa na fila quando a transação de quem criou o envio terminar."""
    tarefa = enviar_aviso_pessoal if espera is None else enviar_aviso_pessoal.using(run_after=relogio.agora() + espera)
    transaction.on_commit(lambda: tarefa.enqueue(envio.pk))


def reenviar(aviso: AvisoPessoal, *, por) -> EnvioDoAviso:
    """O botão "Reenviar" do RH: um novo e-mail do aviso, na fila."""
    with transaction.atomic():
        envio = avisos_pessoais.reenviar(aviso, por=por)
        enfileirar(envio)
    return envio


@task()
def enviar_aviso_pessoal(envio_id: int) -> str:
    """Uma tentativa de entregar o e-mail ao servidor SMTP; se passageira a falha, outra mais tarde."""
    desfecho = avisos_pessoais.enviar_por_email(envio_id)
    if desfecho == avisos_pessoais.DE_NOVO:
        envio = EnvioDoAviso.objects.get(pk=envio_id)
        minutos = settings.AVISO_ESPERA_ENTRE_TENTATIVAS_MINUTOS * 2**envio.tentativas
        enfileirar(envio, espera=timedelta(minutes=minutos))
    return desfecho
