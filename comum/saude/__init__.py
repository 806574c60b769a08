"""A saúde do sistema, para o monitoramento da informática da Prefeitura: o banco responde, todas
as migrações foram aplicadas, a fila do segundo plano anda e sobra disco na pasta dos arquivos
privados.

Cada verificação devolve uma ``Verificacao``: se está boa e alguns números. Nunca dado pessoal —
nada de nomes, CPFs, argumentos das tarefas, mensagens de erro do banco ou caminhos de arquivo: só
contagens, idades, megabytes e os nomes das migrações pendentes. Um erro do banco ou do disco vira
uma verificação ruim com o nome da exceção (o detalhe vai para o registro do servidor), nunca um
erro 500. Quem pode ler e a resposta HTTP ficam em ``views.py``; os limites, em
``config/settings.py`` (``SAUDE_*``).
"""

import logging
import shutil
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from django.conf import settings
from django.db import DatabaseError, connection
from django.db.migrations.executor import MigrationExecutor
from django.db.models import Count, Min
from django_tasks_db.models import DBTaskResult

logger = logging.getLogger(__name__)
MEGABYTE = 1024 * 1024


@dataclass(frozen=True)
class Verificacao:
    ok: bool
    detalhes: dict = field(default_factory=dict)

    def como_dict(self) -> dict:
        return {"ok": self.ok, **self.detalhes}


def verificar_banco() -> Verificacao:
    """O banco responde a um ``SELECT 1``."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return Verificacao(True)


def verificar_migracoes() -> Verificacao:
    """Nenhuma migração do código deixou de ser aplicada no banco (o mesmo que ``migrate --check``)."""
    executor = MigrationExecutor(connection)
    plano = executor.migration_plan(executor.loader.graph.leaf_nodes())
    pendentes = [f"{migracao.app_label}.{migracao.name}" for migracao, _ in plano]
    return Verificacao(not pendentes, {"pendentes": pendentes})


def verificar_fila(*, agora: datetime, limite: timedelta) -> Verificacao:
    """A tarefa mais antiga que espera um trabalhador (``manage.py db_worker``) está na fila há no
    máximo ``limite``; mais que isso, os trabalhadores pararam ou não dão conta."""
    fila = DBTaskResult.objects.ready().aggregate(na_fila=Count("id"), desde=Min("enqueued_at"))
    espera = max(agora - fila["desde"], timedelta(0)) if fila["desde"] else timedelta(0)
    detalhes = {
        "na_fila": fila["na_fila"],
        "mais_antiga_segundos": int(espera.total_seconds()),
        "limite_segundos": int(limite.total_seconds()),
    }
    return Verificacao(espera <= limite, detalhes)


def verificar_disco(pasta: Path, *, minimo_mb: int) -> Verificacao:
    """Espaço livre (para o usuário do serviço) no disco da pasta; a pasta ainda não criada conta
    pelo disco da pasta de cima que já existe, onde ela vai ser criada."""
    existente = next(p for p in (pasta, *pasta.parents) if p.exists())
    livre_mb = shutil.disk_usage(existente).free // MEGABYTE
    return Verificacao(livre_mb >= minimo_mb, {"livre_mb": livre_mb, "minimo_mb": minimo_mb})


def verificar_tudo(*, agora: datetime) -> dict[str, Verificacao]:
    """Todas as verificações, cada uma por si: uma que falha não impede as outras."""
    return {
        "banco": _protegida(verificar_banco),
        "migracoes": _protegida(verificar_migracoes),
        "fila": _protegida(verificar_fila, agora=agora, limite=timedelta(minutes=settings.SAUDE_FILA_MAXIMO_MINUTOS)),
        "disco": _protegida(
            verificar_disco, Path(settings.MEDIA_ROOT).resolve(), minimo_mb=settings.SAUDE_DISCO_MINIMO_MB
        ),
    }


def _protegida(verificar, *args, **kwargs) -> Verificacao:
    try:
        return verificar(*args, **kwargs)
    except (DatabaseError, OSError) as erro:
        logger.exception("Verificação de saúde %s falhou", verificar.__name__)
        return Verificacao(False, {"erro": type(erro).__name__})
