"""Papéis de novo, agora com o registro de acessos a dados sensíveis (0004): o Auditor o lê; o RH,
que ele vigia, não (``concursos/papeis.py``, ``VIGIAM_O_RH``).

``heteroidentificacao/0003_papeis`` pode rodar antes da 0004 num banco novo, e aí monta os grupos
sem este modelo. Como lá, as permissões são criadas antes (o Django só as cria no ``post_migrate``).
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

from concursos.papeis import configurar_papeis


def acertar_papeis(apps, schema_editor):
    for app_config in apps.get_app_configs():
        app_config.models_module = True  # o create_permissions ignora apps sem módulo de modelos
        create_permissions(app_config, apps=apps, verbosity=0, using=schema_editor.connection.alias)
        app_config.models_module = None
    configurar_papeis(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("concursos", "0004_acesso_a_dados_sensiveis"),
        ("heteroidentificacao", "0003_papeis"),
    ]

    operations = [migrations.RunPython(acertar_papeis, migrations.RunPython.noop)]
