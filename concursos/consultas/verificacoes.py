"""A verificação que vale hoje para a opção de uma inscrição, e se a inscrição já saiu do concurso.
Só lê."""

from cotas.eventos import SAI_DAS_LISTAS, TIPOS_DE_EVENTO

from ..adapters import cenario_do_cargo
from ..atos import situacao_no_cenario
from ..models import Evento, Inscricao, OpcaoDeGrupo


def saida_do_concurso(inscricao: Inscricao) -> str:
    """O evento vigente (não revertido) que tirou a inscrição de todas as listas, se houver."""
    tipos = [tipo for tipo, t in TIPOS_DE_EVENTO.items() if t.efeito == SAI_DAS_LISTAS]
    evento = Evento.objects.vigentes().filter(inscricao=inscricao, tipo__in=tipos).order_by("-id").first()
    return evento.get_tipo_display().lower() if evento else ""


def situacao_vigente(inscricao: Inscricao, grupo: str) -> str:
    """A verificação que vale hoje para a opção: a da opção antes da publicação; depois, a das
    entradas congeladas com as revisões de verificação por cima."""
    if not inscricao.cargo.publicado:
        return OpcaoDeGrupo.objects.filter(inscricao=inscricao, grupo=grupo).values_list("situacao", flat=True).get()
    return situacao_no_cenario(cenario_do_cargo(inscricao.cargo), inscricao.numero, grupo)
