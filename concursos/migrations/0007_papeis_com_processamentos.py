"""Marco histórico: aqui os papéis eram acertados de novo com os processamentos em segundo plano
(0006), que o RH pede e acompanha e o Auditor lê.

Sem operações desde que os papéis saem de ``concursos/papeis.py`` no fim de todo ``migrate``
(sinal ``post_migrate``; ver ``heteroidentificacao/0003_papeis``). As dependências ficam.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("concursos", "0006_processamentos")]

    operations = []
