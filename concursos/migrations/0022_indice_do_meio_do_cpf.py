"""Índice de trigramas (``pg_trgm``) sobre os seis algarismos do meio do CPF do candidato (os que as
telas mostram em ``***.456.789-**``), para a busca do formulário de evento por eles
(``concursos.consultas.busca``): ``substring(cpf, 4, 6) LIKE '%…%'`` deixa de calcular o trecho em
cada um dos candidatos do banco (283 ms com um milhão) e acha as linhas pelo índice (issue 25).

Só no PostgreSQL, onde a extensão é criada se faltar (``pg_trgm`` vem no contrib e é "trusted":
basta ser dono do banco). Se o usuário do banco não puder criá-la, o índice não é criado e a busca
continua igual, só mais lenta: o índice é de desempenho, nenhuma regra depende dele. O CPF inteiro não
é copiado para lugar nenhum; a expressão do índice é a mesma da consulta, que o Django escreve como
``SUBSTRING("concursos_candidato"."cpf", 4, 6)``."""

import sys

from django.db import DatabaseError, migrations, transaction

INDICE = "concursos_candidato_cpf_meio_trgm"


def criar(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    tabela = schema_editor.quote_name(apps.get_model("concursos", "Candidato")._meta.db_table)
    try:
        with transaction.atomic(using=schema_editor.connection.alias):
            schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    except DatabaseError as erro:
        sys.stderr.write(f"\nÍndice do meio do CPF não criado: sem a extensão pg_trgm ({erro}).\n")
        return
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {INDICE} ON {tabela} USING gin ((substring(cpf, 4, 6)) gin_trgm_ops)"
    )


def apagar(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDICE}")


class Migration(migrations.Migration):
    dependencies = [("concursos", "0021_analise_documental")]

    operations = [migrations.RunPython(criar, apagar, elidable=False)]
