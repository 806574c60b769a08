"""As entradas e a saída de cada versão do resultado comprimidas com lz4 no PostgreSQL, em vez do
pglz padrão.

Cada versão guarda o cenário inteiro do cargo (num edital de 1 milhão de inscrições, centenas de MB
de JSON por geração) e a saída do motor; o PostgreSQL comprime cada valor grande antes de gravá-lo
(TOAST). O lz4 comprime esses JSON quase na mesma razão do pglz (4,46 MB contra 4,34 MB nas 200
versões de 100 mil inscrições de ``bench/``) e em bem menos tempo: o INSERT dos 22 MB de cenários
dessas versões cai de ~520 ms para ~300 ms de PostgreSQL (bench/README.md, "`gerar_resultado` na sessão 6"). O que se lê é
o mesmo; só muda como o banco guarda o que for gravado daqui em diante (as linhas antigas ficam como
estão e continuam legíveis).

Só no PostgreSQL (14 ou mais novo, compilado com lz4, como o dos pacotes do Debian). Se o servidor não
tiver lz4, nada muda e a migração segue: é desempenho, nenhuma regra depende disso."""

import sys

from django.db import DatabaseError, migrations, transaction

COLUNAS = ("cenario", "saida")


def _compressao(apps, schema_editor, metodo: str) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    tabela = schema_editor.quote_name(apps.get_model("concursos", "Resultado")._meta.db_table)
    colunas = ", ".join(f"ALTER COLUMN {schema_editor.quote_name(c)} SET COMPRESSION {metodo}" for c in COLUNAS)
    try:
        with transaction.atomic(using=schema_editor.connection.alias):
            schema_editor.execute(f"ALTER TABLE {tabela} {colunas}")
    except DatabaseError as erro:
        sys.stderr.write(f"\nCompressão {metodo} das versões do resultado não aplicada ({erro}).\n")


def lz4(apps, schema_editor):
    _compressao(apps, schema_editor, "lz4")


def padrao(apps, schema_editor):
    _compressao(apps, schema_editor, "default")


class Migration(migrations.Migration):
    dependencies = [("concursos", "0027_forma_do_portal")]

    operations = [migrations.RunPython(lz4, padrao, elidable=False)]
