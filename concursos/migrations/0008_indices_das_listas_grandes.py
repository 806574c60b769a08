"""Índices das listas do admin com um milhão de inscrições (docs/TECNICO.md §7.1), só no PostgreSQL.

Cada um serve uma consulta da lista de inscrições ou de candidatos (``concursos/admin.py``):

- ``inscricao_lista_do_admin``: a ordem da lista (edital mais recente, número), sem filtro ou
  filtrada por edital; com a chave (``INCLUDE (id)``), a página funda (as chaves da página,
  ``comum/paginacao.py``) sai só do índice, sem ler as 199.900 linhas puladas na tabela;
- ``inscricao_cargo_lista_do_admin``: a mesma ordem, filtrada por cargo;
- ``inscricao_numero_sem_caixa``: a busca pelo número exato sem diferença de maiúsculas
  (``numero__iexact`` vira ``UPPER(numero) = UPPER(...)``);
- ``candidato_nome_ordem``: a ordem da lista de candidatos (nome, id);
- ``candidato_nome_prefixo`` e ``candidato_nome_social_prefixo``: a busca pelo começo do nome
  (``istartswith`` vira ``UPPER(nome) LIKE 'MARIA%'``; ``text_pattern_ops`` deixa o LIKE usar o
  índice em qualquer collation).

A busca pelo CPF usa o índice único que já existe; o filtro por edital, o índice da restrição
``inscricao_numero_unico_no_edital`` (edital, número).

São SQL, não ``Meta.indexes``: índices de expressão com classe de operadores são do PostgreSQL, e
o SQLite (desenvolvimento e testes) não precisa deles. Como não entram no estado dos modelos, o
``makemigrations --check`` não os vê. Num banco já grande, a criação trava as gravações nas duas
tabelas por alguns segundos (um milhão de linhas: poucos segundos por índice).
"""

from django.db import migrations

INDICES = [
    ("inscricao_lista_do_admin", "concursos_inscricao", "(edital_id DESC, numero) INCLUDE (id)"),
    ("inscricao_cargo_lista_do_admin", "concursos_inscricao", "(cargo_id, edital_id DESC, numero) INCLUDE (id)"),
    ("inscricao_numero_sem_caixa", "concursos_inscricao", "(UPPER(numero))"),
    ("candidato_nome_ordem", "concursos_candidato", "(nome, id)"),
    ("candidato_nome_prefixo", "concursos_candidato", "(UPPER(nome) text_pattern_ops)"),
    ("candidato_nome_social_prefixo", "concursos_candidato", "(UPPER(nome_social) text_pattern_ops)"),
]


def criar(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for nome, tabela, colunas in INDICES:
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {nome} ON {tabela} {colunas}")


def remover(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for nome, _, _ in INDICES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {nome}")


class Migration(migrations.Migration):
    dependencies = [
        ("concursos", "0007_papeis_com_processamentos"),
    ]

    operations = [migrations.RunPython(criar, remover, elidable=False)]
