"""A presença dos candidatos em lote: o presidente marca os ausentes e confirma; os outros ficam presentes.

Numa sessão de centenas de candidatos, registrar a presença um a um custava um clique (e uma página)
por candidato (issue 29). Aqui o presidente aponta só quem faltou e confirma de uma vez; a sessão
guarda quando e por quem (``Sessao.presenca_em_lote_em``/``_por``), e a ata diz que a presença foi
registrada assim. Só os candidatos sem presença registrada entram no lote: quem já a tem (e pode
já ter pareceres) não muda; corrigir uma presença continua sendo pelo registro individual.
"""

from django.core.exceptions import ValidationError
from django.db import transaction

from comum import relogio

from .. import consultas
from ..models import Chamado, Comissao, Sessao
from .auditoria import auditar, exigir_presidente
from .sessoes import _exigir_aberta, travar_sessao

NINGUEM_SEM_PRESENCA = "Todos os candidatos chamados já têm a presença registrada: não há presença a registrar em lote."


def sem_presenca(sessao: Sessao):
    """Os chamados da sessão com a presença ainda não registrada (fora os transferidos por impedimento)."""
    return sessao.chamados.filter(compareceu__isnull=True).exclude(pk__in=consultas.transferidos().values("chamado"))


@transaction.atomic
def registrar_presenca_em_lote(sessao: Sessao, *, ausentes, por) -> tuple[int, int]:
    """Registra a presença de todos os candidatos ainda sem ela: ``ausentes`` (chamados, ou as suas
    chaves) não compareceram; os demais compareceram (e aceitaram ser filmados). Só o presidente, com
    a sessão ordinária aberta. Devolve (presentes, ausentes)."""
    sessao = travar_sessao(sessao)
    exigir_presidente(sessao.comissao, por, "registrar a presença em lote")
    _exigir_aberta(sessao)
    if sessao.comissao.tipo == Comissao.RECURSAL:
        raise ValidationError("Na comissão recursal o candidato não é chamado de novo: não há presença a registrar.")
    pendentes = {c.pk: c for c in sem_presenca(sessao).select_related("inscricao")}
    if not pendentes:
        raise ValidationError(NINGUEM_SEM_PRESENCA)
    chaves = {a.pk if isinstance(a, Chamado) else int(a) for a in ausentes}
    fora = Chamado.objects.filter(pk__in=chaves - set(pendentes)).select_related("inscricao")
    for chamado in fora:
        if chamado.sessao_id != sessao.pk:
            raise ValidationError("Um dos ausentes marcados não é candidato desta sessão.")
        raise ValidationError(
            f"A inscrição {chamado.inscricao.numero} já tem a presença registrada: corrija-a no cartão do candidato."
        )
    if chaves - set(pendentes) - {c.pk for c in fora}:
        raise ValidationError("Um dos ausentes marcados não é candidato desta sessão.")
    presentes = set(pendentes) - chaves
    Chamado.objects.filter(pk__in=presentes).update(compareceu=True, recusou_filmagem=False)
    Chamado.objects.filter(pk__in=chaves).update(compareceu=False, recusou_filmagem=False)
    sessao.presenca_em_lote_em, sessao.presenca_em_lote_por = relogio.agora(), por
    sessao.save(update_fields=["presenca_em_lote_em", "presenca_em_lote_por"])
    auditar(
        por,
        "presenca_em_lote",
        f"sessão #{sessao.pk}: {sessao}",
        antes={"sem_presenca": sorted(c.inscricao.numero for c in pendentes.values())},
        depois={
            "presentes": len(presentes),
            "ausentes": sorted(pendentes[pk].inscricao.numero for pk in chaves),
        },
    )
    return len(presentes), len(chaves)
