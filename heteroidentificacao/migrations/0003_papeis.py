"""Marco histórico: aqui nasciam os papéis (grupos com permissões) de todo banco novo.

Esta migração chamava ``configurar_papeis`` de ``concursos/papeis.py``, isto é, rodava o código de
hoje e não o do dia em que foi escrita. Os papéis agora saem de ``papeis.py`` no fim de todo
``migrate`` (sinal ``post_migrate``; ver o docstring de ``concursos/papeis.py`` e
``docs/PAPEIS.md``), e ela ficou sem operações. As dependências continuam as mesmas, para que o
grafo das migrações não mude; num banco que já a aplicou, nada muda.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("heteroidentificacao", "0002_historico_de_alteracoes"),
        ("concursos", "0003_historico_de_alteracoes"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("axes", "0010_accessattemptexpiration"),  # o auditor lê os registros de login
    ]

    operations = []
