"""Busca por texto sem acentos nem maiúsculas, feita no banco ("joao" acha "João", "conceicao" acha
"CONCEIÇÃO"), igual no SQLite e no PostgreSQL.

``SemAcentos`` é ``lower()`` sem os acentos do português: no PostgreSQL, ``translate()`` (as maiúsculas
acentuadas entram na tabela porque ``lower()`` num banco com locale C não as converte); no SQLite,
uma função ``sem_acentos`` registrada em cada conexão nova (``registrar_no_sqlite``, ligada ao sinal
``connection_created`` em ``concursos.apps``).
"""

import unicodedata

from django.db.models import CharField, Func

ACENTUADAS = "áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ"
SEM_ACENTO = "aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn"


def sem_acentos(texto: str) -> str:
    """``'Conceição'`` → ``'Conceicao'`` (as maiúsculas continuam)."""
    decomposto = unicodedata.normalize("NFKD", texto)
    return "".join(c for c in decomposto if not unicodedata.combining(c))


def para_busca(texto: str) -> str:
    """O texto como ``SemAcentos`` o deixa no banco: minúsculo e sem acentos."""
    return sem_acentos(texto).lower()


class SemAcentos(Func):
    function = "sem_acentos"
    output_field = CharField()

    def as_postgresql(self, compiler, connection, **extra):
        modelo = f"translate(lower(%(expressions)s), '{ACENTUADAS}', '{SEM_ACENTO}')"
        return self.as_sql(compiler, connection, template=modelo, **extra)


def _sem_acentos_no_sqlite(valor):
    return None if valor is None else para_busca(str(valor))


def registrar_no_sqlite(sender, connection, **kwargs):
    if connection.vendor == "sqlite":
        connection.connection.create_function("sem_acentos", 1, _sem_acentos_no_sqlite, deterministic=True)
