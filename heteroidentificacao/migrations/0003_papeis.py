"""Papéis (grupos com permissões) em todo banco novo: RH, membro, presidente, comissão recursal e
auditor (``concursos/papeis.py``, ``docs/PAPEIS.md``).

O Django só cria as linhas de ``auth.Permission`` no ``post_migrate``, depois de todas as
migrações; num banco novo elas ainda não existem aqui. Por isso a migração as cria antes (com os
modelos históricos) e só então monta os grupos. Desfazer não apaga nada: grupos e permissões podem
já ter usuários.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

from concursos.papeis import configurar_papeis


def criar_papeis(apps, schema_editor):
    for app_config in apps.get_app_configs():
        app_config.models_module = True  # o create_permissions ignora apps sem módulo de modelos
        create_permissions(app_config, apps=apps, verbosity=0, using=schema_editor.connection.alias)
        app_config.models_module = None
    configurar_papeis(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("heteroidentificacao", "0002_historico_de_alteracoes"),
        ("concursos", "0003_historico_de_alteracoes"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("axes", "0010_accessattemptexpiration"),  # o auditor lê os registros de login
    ]

    operations = [migrations.RunPython(criar_papeis, migrations.RunPython.noop)]
