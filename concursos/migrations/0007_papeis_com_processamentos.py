"""Papéis de novo, agora com os processamentos em segundo plano (0006): o RH os pede e acompanha;
o Auditor os lê (``concursos/papeis.py``). Mesmo passo da 0005, que cria as permissões antes."""

from importlib import import_module

from django.db import migrations

acertar_papeis = import_module("concursos.migrations.0005_auditor_le_os_acessos").acertar_papeis


class Migration(migrations.Migration):
    dependencies = [("concursos", "0006_processamentos")]

    operations = [migrations.RunPython(acertar_papeis, migrations.RunPython.noop)]
