"""As tarefas em segundo plano mudaram de módulo (``concursos.tarefas`` → ``concursos.segundo_plano.tarefas``).

A fila do django-tasks-db guarda o caminho de cada tarefa (``task_path``) e o trabalhador a importa
por ele: uma tarefa posta na fila antes da atualização, com o caminho antigo, falharia com
``ImportError`` e deixaria o pedido parado. Aqui se reescreve o caminho das que ainda esperam na
fila (``READY``); as já executadas ficam como foram registradas. Nenhuma tabela do projeto muda.
"""

from django.db import migrations

TAREFAS = ("gerar_resultado_do_cargo", "pdf_do_cargo", "importar_arquivo")
ANTIGO, NOVO = "concursos.tarefas", "concursos.segundo_plano.tarefas"


def _mudar(apps, de: str, para: str) -> None:
    fila = apps.get_model("django_tasks_database", "DBTaskResult").objects.filter(status="READY")
    for nome in TAREFAS:
        fila.filter(task_path=f"{de}.{nome}").update(task_path=f"{para}.{nome}")


def para_o_pacote(apps, schema_editor):
    _mudar(apps, ANTIGO, NOVO)


def de_volta(apps, schema_editor):
    _mudar(apps, NOVO, ANTIGO)


class Migration(migrations.Migration):
    dependencies = [
        ("concursos", "0008_indices_das_listas_grandes"),
        ("django_tasks_database", "0021_conditional_partial_index_ordering"),
    ]

    operations = [migrations.RunPython(para_o_pacote, de_volta, elidable=True)]
