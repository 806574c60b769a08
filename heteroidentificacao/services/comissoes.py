"""Comissões (com a regra de quórum congelada) e os seus membros."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from comum import relogio
from concursos.atos import verificacao_do_grupo
from concursos.models import Edital
from concursos.papeis import opera_concursos
from cotas import quorum
from cotas.erros import ErroDeCotas
from cotas.modelo import AVALIACAO_PCD, DOCUMENTAL, HETEROIDENTIFICACAO, NENHUMA
from cotas.regimes import grupos_heteroidentificados, rotulo_do_grupo

from ..models import SEGREGACAO_DE_FUNCOES, Comissao, Membro, PresencaDeMembro, Sessao
from .auditoria import auditar, exigir_permissao, obrigatorio

ROTULOS_DAS_VERIFICACOES = {
    AVALIACAO_PCD: "avaliação multiprofissional (PcD)",
    DOCUMENTAL: "documentos",
    NENHUMA: "nenhum procedimento",
}


def _validar_regra(regra: dict) -> dict:
    """A regra de decisão que a comissão congela (docs/REGRAS.md §10): ``membros`` e, se o edital a
    fixar, ``maioria_para_nao_confirmar`` — nunca menos que a maioria dos membros. As chaves da regra
    anterior (``quorum``, ``minimo_para_confirmar``) não valem para uma comissão nova."""
    if not isinstance(regra, dict):
        raise ValidationError({"regra_de_quorum": "Informe a regra como um objeto com membros."})
    for chave in quorum.CHAVES_ANTIGAS:
        if chave in regra:
            raise ValidationError(
                {
                    "regra_de_quorum": f"{chave} = {regra[chave]!r} é da regra anterior (maioria dos votantes) e não "
                    "vale mais: informe membros e, se o edital fixar outro número, maioria_para_nao_confirmar "
                    "(nunca menos que a maioria dos membros)."
                }
            )
    try:
        return quorum.ler_regra(regra)
    except ErroDeCotas as erro:
        raise ValidationError({"regra_de_quorum": str(erro)}) from erro


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
    _exigir_heteroidentificacao(edital, grupo)
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


def _exigir_heteroidentificacao(edital: Edital, grupo: str | None) -> None:
    """Só vai à comissão o grupo que a tabela do regime manda verificar pelo fenótipo: a PcD vai à
    avaliação multiprofissional; indígenas e quilombolas, aos documentos (Lei 15.142/2025, art. 2º)."""
    verificacao = verificacao_do_grupo(edital, grupo)
    if verificacao != HETEROIDENTIFICACAO:
        raise ValidationError(
            {
                "grupo": f"O grupo {rotulo_do_grupo(grupo)} é verificado por "
                f"{ROTULOS_DAS_VERIFICACOES.get(verificacao, verificacao)} (tabela do regime do edital), "
                "não pela comissão de heteroidentificação."
            }
        )


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
def adicionar_membro(
    comissao: Comissao,
    usuario,
    *,
    por,
    papel: str = Membro.TITULAR,
    presidente: bool = False,
    genero: str = "",
    cor_autodeclarada: str = "",
    capacitado_em=None,
    ato_de_designacao: str = "",
):
    """Inclui o usuário na comissão, com a composição que o §10 manda registrar (gênero, cor
    autodeclarada, capacitação no procedimento e ato de designação). Quem integra a comissão
    ordinária de um edital nunca integra a recursal do mesmo edital (e vice-versa): quem julgou não
    julga o recurso."""
    exigir_permissao(por, "heteroidentificacao.add_membro", "incluir membros em comissões")
    # Trava o edital: duas inclusões simultâneas da mesma pessoa nas duas comissões não passam juntas.
    Edital.objects.select_for_update().get(pk=comissao.edital_id)
    if opera_concursos(usuario):
        raise ValidationError({"usuario": SEGREGACAO_DE_FUNCOES})
    if comissao.membros.ativos().filter(usuario=usuario).exists():
        raise ValidationError({"usuario": "Esta pessoa já é membro desta comissão."})
    if presidente and (atual := comissao.membros.ativos().filter(presidente=True).first()):
        raise ValidationError({"presidente": f"A comissão já tem presidente: {atual}."})
    titulares = comissao.membros.ativos().filter(papel=Membro.TITULAR).count()
    if papel == Membro.TITULAR and titulares >= comissao.regra_de_quorum["membros"]:
        raise ValidationError(
            {"papel": f"A comissão já tem os {titulares} titulares da sua regra; inclua a pessoa como suplente."}
        )
    if capacitado_em is not None and capacitado_em > relogio.hoje():
        raise ValidationError({"capacitado_em": "A data da capacitação não pode ser futura."})
    composicao = {
        "genero": genero or "",
        "cor_autodeclarada": cor_autodeclarada or "",
        "capacitado_em": capacitado_em,
        "ato_de_designacao": (ato_de_designacao or "").strip(),
    }
    membro = Membro(comissao=comissao, usuario=usuario, papel=papel, presidente=presidente, **composicao)
    membro.full_clean()
    membro.save()
    auditar(
        por,
        "membro_incluido",
        f"membro #{membro.pk} da comissão #{comissao.pk}",
        depois={
            "usuario": usuario.get_username(),
            "papel": papel,
            "presidente": presidente,
            **composicao,
            "capacitado_em": capacitado_em.isoformat() if capacitado_em else None,
        },
    )
    return membro


@transaction.atomic
def desligar_membro(membro: Membro, *, motivo: str, por, desligado_em=None) -> Membro:
    """Desliga o membro da comissão, com a data e o motivo; a participação fica no histórico e nas
    atas das sessões de que ele foi parte. Quem compõe uma sessão aberta só sai depois de ela ser
    encerrada: a composição de uma sessão não muda depois da abertura."""
    exigir_permissao(por, "heteroidentificacao.change_membro", "desligar membros de comissões")
    membro = Membro.objects.select_for_update().select_related("comissao", "usuario").get(pk=membro.pk)
    if not membro.ativo:
        raise ValidationError(f"{membro.nome} já foi desligado da comissão em {membro.desligado_em:%d/%m/%Y}.")
    motivo = obrigatorio(motivo, "motivo_do_desligamento", "Informe o motivo do desligamento.")
    if len(motivo) > 300:
        raise ValidationError({"motivo_do_desligamento": f"O motivo tem {len(motivo)} caracteres; o limite é 300."})
    hoje = relogio.hoje()
    desligado_em = desligado_em or hoje
    if desligado_em > hoje:
        raise ValidationError(
            {"desligado_em": f"A data do desligamento ({desligado_em:%d/%m/%Y}) não pode ser futura."}
        )
    if membro.incluido_em and desligado_em < timezone.localdate(membro.incluido_em):
        raise ValidationError(
            {
                "desligado_em": f"A data do desligamento ({desligado_em:%d/%m/%Y}) é anterior à inclusão do membro "
                f"({timezone.localdate(membro.incluido_em):%d/%m/%Y})."
            }
        )
    aberta = (
        PresencaDeMembro.objects.filter(membro=membro, votante=True, sessao__status=Sessao.ABERTA)
        .select_related("sessao")
        .first()
    )
    if aberta is not None:
        raise ValidationError(
            f"{membro.nome} compõe a sessão aberta de {timezone.localtime(aberta.sessao.inicio):%d/%m/%Y %H:%M}: "
            "a composição de uma sessão não muda depois da abertura. Desligue-o depois do encerramento."
        )
    membro.desligado_em, membro.motivo_do_desligamento, membro.desligado_por = desligado_em, motivo, por
    membro.save(update_fields=["desligado_em", "motivo_do_desligamento", "desligado_por"])
    auditar(
        por,
        "membro_desligado",
        f"membro #{membro.pk} da comissão #{membro.comissao_id}",
        antes={"ativo": True},
        depois={"usuario": membro.usuario.get_username(), "desligado_em": desligado_em.isoformat(), "motivo": motivo},
    )
    return membro
