"""O registro da sessão congelado no encerramento, e o código que o confere.

No encerramento, ``services.encerrar_sessao`` grava em ``Sessao.registro`` tudo o que a ata afirma:
a comissão e a regra de quórum, os horários marcado, de abertura e de encerramento, os membros com
a presença de cada um (quem substituiu quem, quem votou), cada candidato com presença, filmagem,
decisão, placar, motivo e os pareceres, e grava o SHA-256 do registro em ``hash_do_registro``. A ata
e os pareceres do candidato saem daqui, nunca dos dados de hoje: um membro incluído ou desligado
depois, um nome de usuário alterado, nada disso muda o que a sessão decidiu.

Os pareceres vão sem o autor, numa ordem que não é a do registro nem a dos membros (pelo voto e
pelo texto, ``consultas.pareceres_sem_autoria``): quem lê o documento não liga membro a voto (docs/PAPEIS.md). O vínculo fica só no
banco (``Parecer``), que o auditor lê.
"""

from django.core.exceptions import ObjectDoesNotExist, ValidationError

from comum.canonico import canonico_e_hash
from cotas import quorum

from . import consultas
from .models import DECISOES, Comissao, Sessao

# 2: a regra de decisão do §10 (maioria dos membros), a gravação e o parecer motivado da comissão.
# 3: o prazo de recurso corre da publicação do resultado preliminar (``consultas.prazo_de_recurso``);
#    a composição (designação e capacitação de cada membro, os avisos de diversidade) e os impedimentos.
VERSAO = 3
ROTULOS_DAS_DECISOES = dict(DECISOES)
REGISTRO_ALTERADO = (
    "O registro congelado da sessão nº {pk} não confere com o seu código de verificação: os dados foram "
    "alterados depois do encerramento. O documento não é emitido; comunique o controle interno."
)


def codigo(registro: dict) -> str:
    """SHA-256 do registro em JSON canônico (chaves ordenadas, sem espaços)."""
    return canonico_e_hash(registro)[1]


def registro_da_sessao(sessao: Sessao) -> dict:
    """O registro congelado da sessão encerrada, conferido pelo código. Sessão encerrada antes do
    registro congelado existir: o registro é reconstituído dos dados de hoje e marcado assim."""
    if sessao.registro is None:
        reconstituido = montar_registro(sessao)
        # Encerrada antes do registro congelado, e portanto antes da regra do §10: a regra da comissão como era.
        reconstituido["sessao"]["regra_de_quorum"] = dict(sessao.comissao.regra_de_quorum)
        return {**reconstituido, "reconstituido": True}
    if codigo(sessao.registro) != sessao.hash_do_registro:
        raise ValidationError(REGISTRO_ALTERADO.format(pk=sessao.pk))
    return sessao.registro


def montar_registro(sessao: Sessao) -> dict:
    """O que a sessão foi, lido do banco no momento do encerramento (dentro da trava da sessão)."""
    comissao = sessao.comissao
    recursal = comissao.tipo == Comissao.RECURSAL
    chamados = sessao.chamados.select_related("inscricao__candidato", "inscricao__cargo").order_by("inscricao__numero")
    return {
        "versao": VERSAO,
        "sessao": {
            "numero": sessao.pk,
            "comissao": comissao.get_tipo_display(),
            "recursal": recursal,
            "edital": comissao.edital.identificacao,
            "grupo": comissao.grupo,
            # A regra em vigor (docs/REGRAS.md §10): membros e maioria para não confirmar.
            "regra_de_quorum": quorum.ler_regra(comissao.regra_de_quorum),
            "marcada_para": _iso(sessao.inicio),
            "local": sessao.local,
            "link": sessao.link,
            "gravacao": sessao.gravacao,
            "hash_da_gravacao": sessao.hash_da_gravacao,
            "aberta_em": _iso(sessao.aberta_em),
            "aberta_por": _nome(sessao.aberta_por),
            "encerrada_em": _iso(sessao.encerrada_em),
            "encerrada_por": _nome(sessao.encerrada_por),
            **_presenca_em_lote(sessao),
        },
        "membros": _membros(sessao),
        "avisos_da_composicao": consultas.avisos_da_composicao(
            p.membro for p in sessao.presencas.select_related("membro__usuario") if p.votante
        ),
        "candidatos": [_candidato(chamado, recursal) for chamado in chamados],
    }


def _presenca_em_lote(sessao: Sessao) -> dict:
    """Quando a presença dos candidatos foi registrada em lote (os ausentes marcados, os outros
    presentes): quando e por quem. Sem a chave, a presença foi registrada candidato a candidato."""
    if sessao.presenca_em_lote_em is None:
        return {}
    return {"presenca_em_lote": {"em": _iso(sessao.presenca_em_lote_em), "por": _nome(sessao.presenca_em_lote_por)}}


def _membros(sessao: Sessao) -> list[dict]:
    """A presença de cada membro (a da abertura); sessões abertas antes da presença dos membros
    existir trazem os membros que deram parecer."""
    pareceres = {}
    for membro_id in sessao.chamados.values_list("pareceres__membro_id", flat=True):
        if membro_id is not None:
            pareceres[membro_id] = pareceres.get(membro_id, 0) + 1
    presencas = list(sessao.presencas.select_related("membro__usuario", "substitui__usuario"))
    if not presencas:
        membros = sessao.comissao.membros.filter(pk__in=pareceres).select_related("usuario")
        return [_membro(m, presente=True, votante=True, substitui=None, pareceres=pareceres) for m in membros]
    return [
        _membro(p.membro, presente=p.presente, votante=p.votante, substitui=p.substitui, pareceres=pareceres)
        for p in presencas
    ]


def _membro(membro, *, presente: bool, votante: bool, substitui, pareceres: dict) -> dict:
    return {
        "nome": membro.nome,
        "papel": membro.get_papel_display(),
        "presidente": membro.presidente,
        "presente": presente,
        "votante": votante,
        "substitui": substitui.nome if substitui else None,
        "pareceres": pareceres.get(membro.pk, 0),
        "ato_de_designacao": membro.ato_de_designacao,
        "capacitado_em": membro.capacitado_em.isoformat() if membro.capacitado_em else None,
    }


def _candidato(chamado, recursal: bool) -> dict:
    inscricao = chamado.inscricao
    linha = {
        "numero": inscricao.numero,
        "nome": inscricao.candidato.nome_de_uso,
        "cpf": inscricao.candidato.cpf_mascarado,
        "cargo": f"{inscricao.cargo.codigo} — {inscricao.cargo.nome}",
        "compareceu": None if recursal else chamado.compareceu,
        "recusou_filmagem": None if recursal else chamado.recusou_filmagem,
        "decisao": chamado.decisao,
        "votos_confirma": chamado.votos_confirma,
        "votos_nao_confirma": chamado.votos_nao_confirma,
        "motivo": chamado.motivo_da_decisao,
        "parecer_da_comissao": chamado.parecer_da_comissao,
        "impedimentos": [
            # Sem suplente (``None``): o candidato foi transferido para outra sessão.
            {"membro": i.membro.nome, "motivo": i.motivo, "suplente": i.suplente.nome if i.suplente else None}
            for i in chamado.impedimentos.select_related("membro__usuario", "suplente__usuario").order_by("id")
        ],
        "pareceres": [
            {"voto": p.voto, "fundamentacao": p.fundamentacao} for p in consultas.pareceres_sem_autoria(chamado)
        ],
    }
    if recursal:
        try:
            recorrido = chamado.recurso_julgado.chamado
        except ObjectDoesNotExist:
            recorrido = None
        linha["recorrida"] = (
            {
                "decisao": recorrido.decisao,
                "votos_confirma": recorrido.votos_confirma,
                "votos_nao_confirma": recorrido.votos_nao_confirma,
            }
            if recorrido
            else None
        )
    return linha


def _iso(momento) -> str | None:
    return momento.isoformat() if momento else None


def _nome(usuario) -> str:
    return (usuario.get_full_name() or usuario.get_username()) if usuario else ""
