"""Emitir e usar um código de cadastro do segundo fator.

- O código tem 12 caracteres de base32 (60 bits), mostrado em três grupos (``ABCD-EFGH-JKLM``) uma
  vez só, a quem o emitiu; o banco guarda só o SHA-256 (um código aleatório desse tamanho, que vence
  em dias e vale uma vez, não precisa de um hash lento como o da senha).
- Vale ``VALIDADE_DO_CODIGO_DE_CADASTRO_HORAS`` (72 h) e uma vez só; emitir outro para a mesma pessoa
  vence os anteriores ainda não usados.
- Usá-lo é o que libera a tela do QR code nesta sessão (``comum/dois_fatores/views.py``).
"""

import hashlib
import secrets
from base64 import b32encode
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction

from comum import relogio

from .models import CodigoDeCadastro

RECUSADO = (
    "Código de cadastro incorreto, vencido ou já usado. Peça um novo ao administrador do sistema "
    "(ele o emite na sua conta, em Usuários)."
)


def _normalizar(codigo: str) -> str:
    return "".join(str(codigo or "").split()).replace("-", "").upper()


def _hash(codigo: str) -> str:
    return hashlib.sha256(_normalizar(codigo).encode()).hexdigest()


def emitir(usuario, *, por=None, em=None) -> str:
    """Um código novo para ``usuario`` (os anteriores não usados vencem agora), emitido por ``por``;
    devolve o código, que não fica guardado em lugar nenhum."""
    em = em or relogio.agora()
    codigo = b32encode(secrets.token_bytes(8)).decode()[:12]
    with transaction.atomic():
        CodigoDeCadastro.objects.filter(usuario=usuario, usado_em__isnull=True, valido_ate__gt=em).update(valido_ate=em)
        CodigoDeCadastro.objects.create(
            usuario=usuario,
            hash_do_codigo=_hash(codigo),
            emitido_por=por,
            emitido_em=em,
            valido_ate=em + timedelta(hours=settings.VALIDADE_DO_CODIGO_DE_CADASTRO_HORAS),
        )
    return "-".join(codigo[i : i + 4] for i in range(0, 12, 4))


def usar(usuario, codigo: str, *, em=None) -> CodigoDeCadastro:
    """Confere e gasta o código de ``usuario``; ``ValidationError`` se não é dele, venceu ou já foi usado."""
    em = em or relogio.agora()
    with transaction.atomic():
        registro = (
            CodigoDeCadastro.objects.select_for_update()
            .filter(usuario=usuario, hash_do_codigo=_hash(codigo), usado_em__isnull=True, valido_ate__gt=em)
            .first()
        )
        if registro is None:
            raise ValidationError(RECUSADO, code="codigo_de_cadastro")
        registro.usado_em = em
        registro.save(update_fields=["usado_em"])
    return registro
