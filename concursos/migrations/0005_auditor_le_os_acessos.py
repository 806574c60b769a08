"""Marco histórico: aqui os papéis eram acertados de novo com o registro de acessos a dados
sensíveis (0004), que o Auditor lê e o RH, que ele vigia, não (``VIGIAM_O_RH``).

Sem operações desde que os papéis saem de ``concursos/papeis.py`` no fim de todo ``migrate``
(sinal ``post_migrate``; ver ``heteroidentificacao/0003_papeis``). As dependências ficam.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("concursos", "0004_acesso_a_dados_sensiveis"),
        ("heteroidentificacao", "0003_papeis"),
    ]

    operations = []
