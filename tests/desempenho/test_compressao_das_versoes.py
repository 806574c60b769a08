"""As entradas e a saída de cada versão do resultado são guardadas com lz4 no PostgreSQL
(migração 0028): o INSERT de uma versão grande gasta menos tempo do servidor comprimindo."""

import pytest
from django.db import connection

from concursos.models import Resultado


@pytest.mark.postgresql
@pytest.mark.skipif(connection.vendor != "postgresql", reason="compressão por coluna só no PostgreSQL")
@pytest.mark.django_db
def test_cenario_e_saida_das_versoes_sao_comprimidos_com_lz4():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attname, attcompression FROM pg_attribute WHERE attrelid = %s::regclass AND attname = ANY(%s)",
            [Resultado._meta.db_table, ["cenario", "saida", "diferencas"]],
        )
        compressao = dict(cursor.fetchall())
    assert compressao == {"cenario": "l", "saida": "l", "diferencas": ""}
