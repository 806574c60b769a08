"""Impedimento de um membro para um candidato (docs/REGRAS.md §10; Lei 9.784/1999, arts. 18–21): o
suplente vota no lugar do impedido só naquele candidato (``sessoes._votante_do_candidato``), ou o
candidato é transferido para outra sessão (``transferir_por_impedimento``)."""

from django.core.exceptions import ValidationError
from django.db import transaction

from comum.validacao import validar_texto

from .. import consultas
from ..models import Chamado, Comissao, Impedimento, Membro, Parecer, Sessao
from .auditoria import auditar, exigir_presidente
from .sessoes import _descrever_chamado, _exigir_aberta, _exigir_nao_transferido, travar_sessao


@transaction.atomic
def declarar_impedimento(chamado: Chamado, *, membro: Membro, motivo: str, suplente: Membro, por) -> Impedimento:
    """O impedimento de um membro para um candidato (Lei 9.784/1999, arts. 18–21; docs/REGRAS.md §10),
    declarado por ele (ou registrado pelo presidente) com o motivo, antes de ele votar nesse candidato:
    o suplente indicado, que não compõe a sessão, vota no lugar dele só nesse candidato."""
    sessao = travar_sessao(chamado.sessao_id)
    _exigir_aberta(sessao)
    comissao = sessao.comissao
    if por.pk != membro.usuario_id:
        exigir_presidente(comissao, por, "registrar o impedimento de outro membro")
    chamado = Chamado.objects.select_related("inscricao").get(pk=chamado.pk)
    _exigir_nao_transferido(chamado)
    if membro.comissao_id != comissao.pk or not consultas.compoe_a_sessao(sessao, membro):
        raise ValidationError(f"{membro.nome} não compõe esta sessão: não há voto a substituir.")
    if Parecer.objects.filter(chamado=chamado, membro=membro).exists():
        raise ValidationError(
            f"{membro.nome} já registrou parecer sobre a inscrição {chamado.inscricao.numero}: o impedimento "
            "se declara antes do voto."
        )
    if Impedimento.objects.filter(chamado=chamado, membro=membro).exists():
        raise ValidationError(f"{membro.nome} já declarou impedimento para a inscrição {chamado.inscricao.numero}.")
    motivo = validar_texto((motivo or "").strip(), rotulo="motivo do impedimento", campo="motivo")
    if not motivo:
        raise ValidationError({"motivo": "Informe o motivo do impedimento (Lei 9.784/1999, arts. 18 a 21)."})
    _conferir_suplente(sessao, chamado, suplente)
    impedimento = Impedimento(chamado=chamado, membro=membro, motivo=motivo, suplente=suplente, declarado_por=por)
    impedimento.full_clean()
    impedimento.save()
    auditar(
        por,
        "impedimento_declarado",
        _descrever_chamado(chamado),
        depois={"impedido": membro.nome, "motivo": motivo, "suplente": suplente.nome},
    )
    return impedimento


def _conferir_suplente(sessao: Sessao, chamado: Chamado, suplente: Membro) -> None:
    if suplente is None or suplente.comissao_id != sessao.comissao_id or not suplente.ativo:
        raise ValidationError(
            {"suplente": "Indique um suplente ativo desta comissão; sem suplente, chame o candidato a outra sessão."}
        )
    if suplente.papel != Membro.SUPLENTE or consultas.compoe_a_sessao(sessao, suplente):
        raise ValidationError(
            {"suplente": f"{suplente.nome} já compõe a sessão: indique um suplente que não vota nela."}
        )
    if Impedimento.objects.filter(chamado=chamado, suplente=suplente).exists():
        raise ValidationError({"suplente": f"{suplente.nome} já vota neste candidato no lugar de outro membro."})


@transaction.atomic
def transferir_por_impedimento(chamado: Chamado, *, membro: Membro, motivo: str, por) -> Impedimento:
    """A alternativa ao suplente (docs/REGRAS.md §10): com um membro impedido para o candidato, o
    candidato é julgado noutra sessão. Só o presidente (que acompanha quem já votou) e só antes do
    primeiro parecer sobre o candidato: nenhum voto se perde nem fica conhecido. O candidato fica
    nesta sessão como transferido (decisão pendente, sem presença nem pareceres; o encerramento não
    o cobra e a ata diz o impedimento e a transferência) e pode ser chamado a outra sessão já."""
    sessao = travar_sessao(chamado.sessao_id)
    _exigir_aberta(sessao)
    comissao = sessao.comissao
    exigir_presidente(comissao, por, "transferir o candidato para outra sessão")
    if comissao.tipo != Comissao.ORDINARIA:
        raise ValidationError(
            "Na comissão recursal o impedido é substituído por suplente: o recurso não muda de sessão."
        )
    chamado = Chamado.objects.select_related("inscricao").get(pk=chamado.pk)
    _exigir_nao_transferido(chamado)
    if membro.comissao_id != comissao.pk or not consultas.compoe_a_sessao(sessao, membro):
        raise ValidationError(f"{membro.nome} não compõe esta sessão: não há impedimento a declarar nela.")
    if chamado.pareceres.exists():
        raise ValidationError(
            f"Já há pareceres sobre a inscrição {chamado.inscricao.numero}: o candidato fica nesta sessão e um "
            "suplente vota no lugar do impedido."
        )
    motivo = validar_texto((motivo or "").strip(), rotulo="motivo do impedimento", campo="motivo")
    if not motivo:
        raise ValidationError({"motivo": "Informe o motivo do impedimento (Lei 9.784/1999, arts. 18 a 21)."})
    impedimento = Impedimento(chamado=chamado, membro=membro, motivo=motivo, suplente=None, declarado_por=por)
    impedimento.full_clean()
    impedimento.save()
    auditar(
        por,
        "candidato_transferido_por_impedimento",
        _descrever_chamado(chamado),
        depois={"impedido": membro.nome, "motivo": motivo},
    )
    return impedimento
