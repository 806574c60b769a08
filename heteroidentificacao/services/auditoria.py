"""A trilha de auditoria e as recusas comuns às ações: permissão, membro, presidente, campo obrigatório."""

from django.core.exceptions import PermissionDenied, ValidationError

from .. import consultas
from ..models import Comissao, Membro, RegistroDeAuditoria


def auditar(usuario, acao: str, objeto: str, *, antes=None, depois=None) -> RegistroDeAuditoria:
    """Grava uma linha da trilha de auditoria (só inclusão)."""
    return RegistroDeAuditoria.objects.create(
        usuario=usuario if usuario is not None and usuario.pk else None,
        acao=acao,
        objeto=objeto[:200],
        antes=antes,
        depois=depois,
    )


def exigir_permissao(usuario, permissao: str, acao: str) -> None:
    if not usuario.has_perm(permissao):
        raise PermissionDenied(f"Você não tem permissão para {acao}.")


def exigir_membro(comissao: Comissao, usuario) -> Membro:
    membro = consultas.membro_de(comissao, usuario)
    if membro is None:
        raise PermissionDenied("Você não é membro da comissão desta sessão.")
    return membro


def exigir_presidente(comissao: Comissao, usuario, acao: str) -> None:
    membro = consultas.membro_de(comissao, usuario)
    if membro is None or not membro.presidente:
        raise PermissionDenied(f"Só o presidente da comissão pode {acao}.")


def exigir_presidente_ou_permissao(comissao: Comissao, usuario, permissao: str, acao: str) -> None:
    if not usuario.has_perm(permissao):
        exigir_presidente(comissao, usuario, acao)


def obrigatorio(valor: str, campo: str, mensagem: str) -> str:
    valor = (valor or "").strip()
    if not valor:
        raise ValidationError({campo: mensagem})
    return valor
