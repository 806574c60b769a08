"""Tradução ORM ↔ motor: um cargo vira um cenário ``cotas-cenario/1``.

O cenário é o que o motor recebe, o que fica gravado em cada versão do resultado (com o seu hash)
e o que ``exportar_cenario`` entrega ao auditor: as três coisas são o mesmo objeto, de modo que o
resultado publicado pode ser reproduzido com ``manage.py simular_cotas``.
"""

import hashlib
import json

from .models import Cargo, Evento, Inscricao, OpcaoDeGrupo

FORMATO_CENARIO = "cotas-cenario/1"


def cenario_do_cargo(cargo: Cargo) -> dict:
    """As entradas atuais do cargo: regime congelado do edital, vagas, inscrições e eventos."""
    edital = cargo.edital
    return {
        "formato": FORMATO_CENARIO,
        "descricao": f"{edital.identificacao} — cargo {cargo.codigo} ({cargo.nome})",
        "regime": edital.parametros_do_regime,
        "edital": {
            "tipo": edital.tipo,
            "publicado_em": edital.publicado_em.isoformat(),
            "data_referencia_idade": edital.data_referencia_idade.isoformat(),
            "desempate": list(edital.desempate),
        },
        "vagas": cargo.vagas,
        "candidatos": _candidatos(cargo),
        "eventos": eventos_do_cargo(cargo),
    }


def _candidatos(cargo: Cargo) -> list[dict]:
    opcoes = {}
    for inscricao_id, grupo, situacao in OpcaoDeGrupo.objects.filter(inscricao__cargo=cargo).values_list(
        "inscricao_id", "grupo", "situacao"
    ):
        opcoes.setdefault(inscricao_id, {})[grupo] = situacao
    linhas = (
        Inscricao.objects.filter(cargo=cargo)
        .order_by("numero")
        .values_list(
            "id",
            "numero",
            "nota",
            "notas_parciais",
            "candidato__nascimento",
            "jurado",
            "sorteio",
            "cor_raca",
            "situacao",
        )
    )
    candidatos = []
    for id_, numero, nota, parciais, nascimento, jurado, sorteio, cor_raca, situacao in linhas:
        candidato = {"inscricao": numero, "nota": str(nota)}
        if parciais:
            candidato["notas"] = {campo: str(valor) for campo, valor in parciais.items()}
        if nascimento:
            candidato["nascimento"] = nascimento.isoformat()
        if jurado:
            candidato["jurado"] = True
        if sorteio is not None:
            candidato["sorteio"] = sorteio
        if cor_raca:
            candidato["cor_raca"] = cor_raca
        if id_ in opcoes:
            candidato["grupos"] = sorted(opcoes[id_])
            candidato["verificacao"] = dict(sorted(opcoes[id_].items()))
        if situacao == Inscricao.ELIMINADO:
            candidato["eliminado"] = True
        candidatos.append(candidato)
    return candidatos


def eventos_do_cargo(cargo: Cargo) -> list[dict]:
    """Eventos vigentes em ordem de registro: sem os revertidos e sem as próprias reversões."""
    eventos = []
    for evento in (
        Evento.objects.filter(cargo=cargo)
        .exclude(tipo="reversao")
        .filter(revertido_por__isnull=True)
        .select_related("inscricao")
    ):
        if evento.tipo == "vagas_adicionais":
            eventos.append({"tipo": evento.tipo, "quantidade": evento.quantidade})
        else:
            eventos.append({"tipo": evento.tipo, "inscricao": evento.inscricao.numero})
    return eventos


def hash_do_cenario(cenario: dict) -> str:
    """SHA-256 da forma canônica do cenário (chaves ordenadas, sem espaços)."""
    canonico = json.dumps(cenario, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonico.encode("utf-8")).hexdigest()


def listas_em_ordem(saida: dict) -> list[tuple[str, list[str]]]:
    """As listas de uma saída do motor na ordem de publicação: a geral e depois os grupos na ordem
    do regime. O PostgreSQL (jsonb) não guarda a ordem das chaves de ``saida["listas"]``; a ordem
    vem da lista de grupos de ``saida["parametros"]``, que é uma lista e a preserva."""
    listas = saida.get("listas", {})
    ordem = ["geral"] + [g["grupo"] for g in saida.get("parametros", {}).get("grupos", [])]
    ordem += sorted(nome for nome in listas if nome not in ordem)
    return [(nome, listas[nome]) for nome in ordem if nome in listas]
