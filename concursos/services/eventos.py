"""Os eventos posteriores ao primeiro resultado (docs/REGRAS.md §5): registrar (com a nova versão do
resultado, numa transação só), prever sem gravar (a tela de confirmação), a desistência e a
reversão de um evento registrado por engano.

Aqui se conferem o ato (``atos.Ato.conferido``: o documento, a data) e a revisão; o motor confere o resto.
Qualquer recusa é ``ValidationError`` e nada fica gravado: nem o evento, nem a versão.
"""

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

import cotas
from comum import relogio
from comum.validacao import validar_texto
from cotas.eventos import TIPOS_DE_EVENTO
from cotas.modelo import DESISTENCIA, NOTA, VERIFICACAO

from ..adapters import cenario_do_cargo, evento_do_cenario
from ..atos import Ato, conferir_nota, conferir_revisao
from ..consultas.eventos import EventoRegistrado
from ..models import COMO_MUDAR_A_VERIFICACAO, Cargo, Evento, Inscricao
from ..previsao import cenario_lido
from .resultados import gerar_resultado


@transaction.atomic
def registrar_evento(cargo: Cargo, *, tipo: str, ato: Ato, por, em=None, **campos) -> EventoRegistrado:
    """Registra o evento e gera a nova versão do resultado, numa transação só.

    ``ato``: o documento e a data do ato (obrigatórios), o Diário Oficial e, nas revisões, sub judice
    e processo (fora delas ficam de fora). ``campos``: ``motivo``, ``inscricao`` ou ``quantidade`` e,
    nas revisões (docs/REGRAS.md §8), ``grupo`` e ``situacao`` (verificação) ou ``nota`` e
    ``notas_parciais`` (nota). Aqui se conferem o ato (``Ato.conferido``) e a revisão; o motor confere o resto (não
    posse de quem não foi convocado, revisão de quem já saiu). Qualquer recusa é ``ValidationError``
    e nada fica gravado: nem o evento, nem a versão.

    A revisão de verificação não se registra por aqui: vem de um ato (``registrar_verificacao``)."""
    if tipo == VERIFICACAO:
        raise ValidationError(
            {"tipo": f"A revisão de verificação não é um evento digitado: {COMO_MUDAR_A_VERIFICACAO}"}
        )
    return _registrar_evento(cargo, tipo, por, ato, campos, em=em)


def _registrar_evento(cargo: Cargo, tipo: str, por, ato: Ato, campos: dict, *, em=None) -> EventoRegistrado:
    """``em``: o momento do registro (sem ele, o do relógio); o "hoje" das conferências é o dia dele."""
    # A trava do cargo vem antes da conferência: dois eventos simultâneos não conferem o mesmo cenário.
    cargo = Cargo.objects.select_for_update().select_related("edital").get(pk=cargo.pk)
    evento, _ = _evento_conferido(cargo, tipo, por, ato, campos, em=em)
    evento.save()
    try:
        resultado = gerar_resultado(cargo, por=por, motivo=f"Evento: {evento}", evento=evento, em=em)
    except cotas.ErroDeCotas as erro:
        raise ValidationError(f"O motor de cotas recusou o evento: {erro}") from erro
    return EventoRegistrado(evento, resultado)


def prever_evento(cargo: Cargo, *, tipo: str, ato: Ato, **campos) -> cotas.Resultado:
    """O resultado que o evento daria (o cenário vigente mais ele), sem gravar nada: a tela de
    confirmação mostra quem será convocado, quem muda, quem é mantido e quem sai."""
    return prever(cargo, tipo=tipo, ato=ato, **campos)[0]


def prever(cargo: Cargo, *, tipo: str, ato: Ato, por=None, **campos) -> tuple[cotas.Resultado, int]:
    """``prever_evento`` e o número que o evento terá no cenário (o último)."""
    evento, cenario = _evento_conferido(cargo, tipo, por, ato, campos)
    try:
        # Depois da publicação, os candidatos congelados já lidos pelo motor são reaproveitados.
        cenario = cenario_lido(cargo, mais=[_do_cenario(evento)], cenario=cenario)
        return cotas.simular(cenario), len(cenario.eventos)
    except cotas.ErroDeCotas as erro:
        raise ValidationError(f"O motor de cotas recusaria o evento: {erro}") from erro


def _do_cenario(evento: Evento) -> dict:
    return evento_do_cenario(
        evento.tipo,
        ato=Ato.do_registro(evento),
        quantidade=evento.quantidade,
        numero=evento.inscricao.numero if evento.inscricao_id else None,
        grupo=evento.grupo,
        situacao=evento.situacao,
        nota=evento.nota,
        notas_parciais=evento.notas_parciais,
    )


def _evento_conferido(cargo: Cargo, tipo: str, por, ato: Ato, campos: dict, *, em=None):
    """O evento montado e conferido, ainda não gravado, e o cenário vigente (só nas revisões, que o
    conferem; senão ``None``)."""
    campos = dict(campos)
    desconhecidos = set(campos) - CAMPOS_DO_EVENTO
    if desconhecidos:
        raise TypeError(f"Campos desconhecidos no evento: {', '.join(sorted(desconhecidos))}")
    tipo_de_evento = TIPOS_DE_EVENTO.get(tipo)
    if tipo_de_evento is None:
        raise ValidationError({"tipo": f"Tipo de evento desconhecido: {tipo!r}."})
    revisao = tipo_de_evento.revisao
    ato = (ato if revisao else ato.sem_decisao_judicial()).conferido(cargo.edital, hoje=relogio.dia_de(em))
    inscricao = campos.get("inscricao")
    if tipo_de_evento.carrega_quantidade and not campos.get("quantidade"):
        raise ValidationError({"quantidade": "Informe quantas vagas novas surgiram."})
    if not tipo_de_evento.carrega_quantidade and inscricao is None:
        raise ValidationError({"inscricao": f"Escolha a inscrição do evento ({tipo_de_evento.rotulo.lower()})."})
    if inscricao is not None and inscricao.cargo_id != cargo.pk:
        raise ValidationError({"inscricao": f"A inscrição {inscricao.numero} não é deste cargo."})
    nota = conferir_nota(campos.get("nota")) if tipo == NOTA else None
    evento = Evento(
        cargo=cargo,
        tipo=tipo,
        inscricao=inscricao,
        quantidade=campos.get("quantidade"),
        motivo=validar_texto(campos.get("motivo") or "", rotulo="motivo", campo="motivo"),
        grupo=(campos.get("grupo") or "") if tipo == VERIFICACAO else "",
        situacao=(campos.get("situacao") or "") if tipo == VERIFICACAO else "",
        nota=nota,
        notas_parciais=_notas_parciais(campos.get("notas_parciais")) if tipo == NOTA else {},
        registrado_por=por,
        registrado_em=em or relogio.agora(),
        **ato.campos_do_evento(),
    )
    evento.full_clean(exclude=["registrado_por"] if por is None else None)
    cenario = None
    if revisao:
        cenario = cenario_do_cargo(cargo)
        numero = inscricao.numero if inscricao is not None else None
        conferir_revisao(cenario, tipo, numero, grupo=evento.grupo, situacao=evento.situacao, nota=nota)
    return evento, cenario


# O que o evento traz além do ato (``Ato``).
CAMPOS_DO_EVENTO = {"motivo", "inscricao", "quantidade", "grupo", "situacao", "nota", "notas_parciais"}


def _notas_parciais(notas) -> dict:
    """Notas parciais corrigidas: um objeto campo → número; guardadas como texto."""
    if notas in (None, "", {}):
        return {}
    if not isinstance(notas, dict):
        raise ValidationError({"notas_parciais": 'Informe um objeto, por exemplo {"conhecimentos_especificos": "40"}.'})
    lidas = {}
    for campo, valor in notas.items():
        try:
            lidas[str(campo)] = str(conferir_nota(valor))
        except ValidationError:
            raise ValidationError(
                {"notas_parciais": f"Nota parcial {campo!r}: {str(valor)[:40]!r} não é um número."}
            ) from None
    return lidas


def registrar_desistencia(inscricao: Inscricao, *, ato: Ato, motivo: str = "", por, em=None) -> EventoRegistrado:
    """Desistência (Art. 3º, §2º): o candidato sai de todas as listas e o resultado é refeito."""
    return registrar_evento(
        inscricao.cargo,
        tipo=DESISTENCIA,
        inscricao=inscricao,
        ato=ato,
        motivo=motivo,
        por=por,
        em=em,
    )


JA_REVERTIDO = (
    "O evento já foi revertido ({evento}): não há o que reverter de novo; confira a lista de eventos do cargo."
)


@transaction.atomic
def reverter_evento(evento: Evento, *, motivo: str, por, ato: Ato | None = None, em=None) -> EventoRegistrado:
    """Desfaz um evento registrado por engano com um novo registro que diz por quê. Do ``ato``, o
    documento (sem ele, “—”) e a data do ato (sem ela, a do registro: corrigir um engano não é um
    ato do concurso)."""
    if not motivo or not motivo.strip():
        raise ValidationError({"motivo": "Diga por que o evento está sendo revertido."})
    validar_texto(motivo, rotulo="motivo", campo="motivo")
    # A trava do cargo vem antes da conferência: a segunda reversão simultânea espera a primeira e a vê.
    Cargo.objects.select_for_update().filter(pk=evento.cargo_id).first()
    if evento.tipo == Evento.REVERSAO:
        raise ValidationError("Este evento já é uma reversão: não se reverte uma reversão.")
    if Evento.objects.filter(reverte=evento).exists():
        raise ValidationError(JA_REVERTIDO.format(evento=evento))
    reversao = Evento(
        cargo=evento.cargo,
        tipo=Evento.REVERSAO,
        reverte=evento,
        documento=((ato.documento if ato else "") or "").strip() or "—",
        motivo=motivo.strip(),
        data_do_ato=(ato.data_do_ato if ato else None) or relogio.dia_de(em),
        registrado_por=por,
        registrado_em=em or relogio.agora(),
    )
    try:
        with transaction.atomic():  # ponto de salvamento: a transação de fora continua utilizável
            reversao.save()
    except IntegrityError:
        # Outra reversão do mesmo evento gravou entre a conferência e esta (Evento.reverte é único).
        raise ValidationError(JA_REVERTIDO.format(evento=evento)) from None
    resultado = gerar_resultado(evento.cargo, por=por, motivo=f"Reversão: {evento}", evento=reversao, em=em)
    return EventoRegistrado(reversao, resultado)
