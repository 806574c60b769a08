"""Comissões (com a regra de quórum congelada) e os seus membros."""

from django.core.exceptions import ValidationError
from django.db import transaction

from concursos.models import Edital
from cotas import quorum
from cotas.regimes import grupos_heteroidentificados

from ..models import Comissao, Membro
from .auditoria import auditar, exigir_permissao


def _validar_regra(regra: dict) -> dict:
    try:
        membros, minimo_de_votos, para_confirmar = (
            int(regra[k]) for k in ("membros", "quorum", "minimo_para_confirmar")
        )
    except (KeyError, TypeError, ValueError) as erro:
        raise ValidationError(
            {"regra_de_quorum": "Informe membros, quorum e minimo_para_confirmar como números inteiros."}
        ) from erro
    if not (membros >= 1 and 1 <= minimo_de_votos <= membros and 1 <= para_confirmar <= membros):
        raise ValidationError(
            {"regra_de_quorum": "O quórum e o mínimo para confirmar devem ficar entre 1 e o número de membros."}
        )
    return {"membros": membros, "quorum": minimo_de_votos, "minimo_para_confirmar": para_confirmar}


@transaction.atomic
def criar_comissao(
    edital: Edital,
    *,
    por,
    tipo: str = Comissao.ORDINARIA,
    grupo: str | None = None,
    regra_de_quorum: dict | None = None,
    limite_de_chamados: int | None = None,
    prazo_de_recurso_dias: int = 2,
) -> Comissao:
    """Cria a comissão com a regra de quórum congelada (a padrão do tipo, ou a do edital). Sem
    ``grupo``, o grupo verificado é o da autodeclaração preta ou parda no regime do edital."""
    exigir_permissao(por, "heteroidentificacao.add_comissao", "criar comissões de heteroidentificação")
    grupo = grupo or _grupo_do_regime(edital)
    padrao = quorum.REGRA_RECURSAL_PADRAO if tipo == Comissao.RECURSAL else quorum.REGRA_ORDINARIA_PADRAO
    if Comissao.objects.filter(edital=edital, tipo=tipo, grupo=grupo).exists():
        raise ValidationError(f"O edital {edital} já tem comissão {tipo} para o grupo {grupo}.")
    comissao = Comissao(
        edital=edital,
        tipo=tipo,
        grupo=grupo,
        regra_de_quorum=_validar_regra(regra_de_quorum or padrao),
        limite_de_chamados=limite_de_chamados,
        prazo_de_recurso_dias=prazo_de_recurso_dias,
    )
    comissao.full_clean()
    comissao.save()
    auditar(por, "comissao_criada", f"comissão #{comissao.pk}: {comissao}", depois=_comissao_como_dict(comissao))
    return comissao


def _grupo_do_regime(edital: Edital) -> str | None:
    """O grupo que a comissão verifica por padrão: ``negros`` ou ``pretos_pardos``, conforme o regime."""
    return next(iter(grupos_heteroidentificados(edital.regime_congelado())), None)


def _comissao_como_dict(comissao: Comissao) -> dict:
    return {
        "edital": str(comissao.edital),
        "tipo": comissao.tipo,
        "grupo": comissao.grupo,
        "regra_de_quorum": comissao.regra_de_quorum,
        "limite_de_chamados": comissao.limite_de_chamados,
        "prazo_de_recurso_dias": comissao.prazo_de_recurso_dias,
    }


@transaction.atomic
def adicionar_membro(comissao: Comissao, usuario, *, por, papel: str = Membro.TITULAR, presidente: bool = False):
    """Inclui o usuário na comissão. Quem integra a comissão ordinária de um edital nunca integra a
    recursal do mesmo edital (e vice-versa): quem julgou não julga o recurso."""
    exigir_permissao(por, "heteroidentificacao.add_membro", "incluir membros em comissões")
    # Trava o edital: duas inclusões simultâneas da mesma pessoa nas duas comissões não passam juntas.
    Edital.objects.select_for_update().get(pk=comissao.edital_id)
    if Membro.objects.filter(comissao=comissao, usuario=usuario).exists():
        raise ValidationError({"usuario": "Esta pessoa já é membro desta comissão."})
    if presidente and (atual := comissao.membros.filter(presidente=True).first()):
        raise ValidationError({"presidente": f"A comissão já tem presidente: {atual}."})
    titulares = comissao.membros.filter(papel=Membro.TITULAR).count()
    if papel == Membro.TITULAR and titulares >= comissao.regra_de_quorum["membros"]:
        raise ValidationError(
            {"papel": f"A comissão já tem os {titulares} titulares da sua regra; inclua a pessoa como suplente."}
        )
    membro = Membro(comissao=comissao, usuario=usuario, papel=papel, presidente=presidente)
    membro.full_clean()
    membro.save()
    auditar(
        por,
        "membro_incluido",
        f"membro #{membro.pk} da comissão #{comissao.pk}",
        depois={"usuario": usuario.get_username(), "papel": papel, "presidente": presidente},
    )
    return membro
