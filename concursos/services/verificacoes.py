"""Os atos de verificação: ``registrar_verificacao``, o único caminho pelo qual a situação de uma
opção por grupo reservado muda, e os dois atos que o RH registra por ele, com a origem certa: a
avaliação da equipe multiprofissional da PcD e a decisão judicial.

O RH registra o que outros decidiram: a equipe que avaliou, a Justiça. A decisão da heteroidentificação
(comissão, recursal, apuração de declaração falsa) nunca entra por aqui: vem do encerramento da sessão
e da decisão do processo (``heteroidentificacao.services``), sem tela de digitação
(docs/HETEROIDENTIFICACAO.md, “Atos de verificação”).
"""

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

import cotas
from comum import relogio
from comum.validacao import validar_texto
from cotas.modelo import VERIFICACAO

from ..atos import PCD, conferir_data_do_ato, conferir_origem, grupos_da_avaliacao_pcd, verificacao_do_grupo
from ..consultas.eventos import EventoRegistrado
from ..consultas.verificacoes import saida_do_concurso, situacao_vigente
from ..models import REGISTRAR_ATO_DE_VERIFICACAO, AtoDeVerificacao, Inscricao, OpcaoDeGrupo
from .eventos import _registrar_evento, prever

PERMISSAO = REGISTRAR_ATO_DE_VERIFICACAO


def exigir_permissao(usuario) -> None:
    if usuario is None or not usuario.has_perm(PERMISSAO):
        raise PermissionDenied("Só o RH registra atos de verificação (avaliação PcD, decisão judicial).")


@dataclass(frozen=True)
class VerificacaoRegistrada:
    """A verificação antes e depois e o ato gravado; ``evento`` quando o cargo já publicado a recebeu
    como revisão."""

    antes: str
    depois: str
    evento: EventoRegistrado | None = None
    # Por que a decisão não virou evento, quando não virou (o candidato já saiu do concurso).
    sem_efeito: str = ""
    ato: AtoDeVerificacao | None = None


CAMPOS_DO_ATO = {"motivo", "diario_oficial", "sub_judice", "processo", "equipe"}


@transaction.atomic
def registrar_verificacao(
    inscricao: Inscricao,
    grupo: str,
    situacao: str,
    *,
    origem: str,
    por,
    documento: str,
    data_do_ato,
    em=None,
    **campos,
) -> VerificacaoRegistrada:
    """Registra o ato que decide a verificação da opção da inscrição por um grupo: o único caminho
    pelo qual a situação de uma opção muda (``OpcaoDeGrupo.save`` recusa as outras).

    ``origem`` (``AtoDeVerificacao.ORIGENS``) diz quem decidiu e tem de caber ao grupo
    (``atos.conferir_origem``: heteroidentificação pela comissão, recursal, apuração ou Justiça; PcD
    pela equipe multiprofissional ou Justiça; declaração falsa só pela apuração ou Justiça). O ato é
    gravado sempre, com o documento e a data do ato (``atos.conferir_data_do_ato``); ``campos``:
    ``motivo``, ``equipe`` (avaliação PcD), ``processo`` e ``sub_judice`` (Justiça), ``diario_oficial``.

    Antes da primeira publicação do cargo, a opção recebe a situação (a próxima versão é calculada do
    zero). Depois dela, as entradas estão congeladas (docs/REGRAS.md §9): o ato vira um evento de
    revisão ``verificacao`` e a nova versão do resultado é gerada. Uma decisão igual à verificação
    vigente, ou sobre quem já saiu do concurso, fica só no ato, sem evento."""
    if desconhecidos := set(campos) - CAMPOS_DO_ATO:
        raise TypeError(f"Campos desconhecidos no ato de verificação: {', '.join(sorted(desconhecidos))}")
    conferir_origem(grupo, situacao, origem, verificacao=verificacao_do_grupo(inscricao.edital, grupo))
    conferir_data_do_ato(inscricao.edital, data_do_ato, hoje=relogio.dia_de(em))
    opcao = OpcaoDeGrupo.objects.select_for_update().filter(inscricao=inscricao, grupo=grupo).first()
    if opcao is None:
        raise ValidationError({"grupo": f"A inscrição {inscricao.numero} não optou pelo grupo {grupo or '(vazio)'}."})
    ato = _ato(
        inscricao,
        grupo=grupo,
        situacao=situacao,
        origem=origem,
        registrado_por=por,
        documento=documento,
        data_do_ato=data_do_ato,
        campos=campos,
        em=em,
    )
    cargo = inscricao.cargo
    if not cargo.publicado:
        ato.situacao_anterior = opcao.situacao
        _gravar(ato)
        opcao.situacao = situacao
        opcao._ato_de_verificacao = ato
        opcao.full_clean()
        opcao.save(update_fields=["situacao"])
        return VerificacaoRegistrada(ato.situacao_anterior, situacao, ato=ato)
    ato.situacao_anterior = antes = situacao_vigente(inscricao, grupo)
    if antes == situacao:
        ato.sem_efeito = "a verificação vigente já era esta"
        return VerificacaoRegistrada(antes, antes, ato=_gravar(ato))
    if saida := saida_do_concurso(inscricao):
        # Quem já saiu (desistência, não posse, anulação) não volta por uma revisão (docs/REGRAS.md
        # §8): a decisão fica no ato, e o resultado não muda. Recusar aqui faria falhar o
        # encerramento da sessão inteira por um candidato que não está mais no concurso.
        ato.sem_efeito = f"a inscrição {inscricao.numero} já saiu ({saida})"
        return VerificacaoRegistrada(antes, antes, sem_efeito=ato.sem_efeito, ato=_gravar(ato))
    ato.full_clean(exclude=["evento"])
    do_evento = {c: campos[c] for c in ("motivo", "diario_oficial", "sub_judice", "processo") if c in campos}
    registrado = _registrar_evento(
        cargo,
        VERIFICACAO,
        por,
        dict(inscricao=inscricao, grupo=grupo, situacao=situacao, documento=ato.documento, data_do_ato=data_do_ato)
        | do_evento,
        em=em,
    )
    ato.evento = registrado.evento
    return VerificacaoRegistrada(antes, situacao, registrado, ato=_gravar(ato))


def _ato(
    inscricao, *, grupo, situacao, origem, registrado_por, documento, data_do_ato, campos, em=None
) -> AtoDeVerificacao:
    return AtoDeVerificacao(
        inscricao=inscricao,
        grupo=grupo,
        situacao=situacao,
        origem=origem,
        documento=(documento or "").strip(),
        data_do_ato=data_do_ato,
        equipe=(campos.get("equipe") or "").strip(),
        processo=(campos.get("processo") or "").strip(),
        sub_judice=bool(campos.get("sub_judice")),
        motivo=(campos.get("motivo") or "").strip(),
        registrado_por=registrado_por,
        registrado_em=em or relogio.agora(),
    )


def _gravar(ato: AtoDeVerificacao) -> AtoDeVerificacao:
    ato.full_clean()
    ato.save()
    return ato


def grupo_da_avaliacao_pcd(inscricao: Inscricao) -> str:
    """O grupo da inscrição que a avaliação multiprofissional verifica (o da tabela do regime com a
    verificação ``avaliacao_pcd``, qualquer que seja o seu nome); sem ele, o PcD padrão, e a
    inscrição sem a opção é recusada adiante."""
    grupos = grupos_da_avaliacao_pcd(inscricao.edital)
    optou = inscricao.opcoes.filter(grupo__in=grupos).values_list("grupo", flat=True).first()
    return optou or next(iter(grupos), PCD)


def registrar_avaliacao_pcd(
    inscricao: Inscricao, situacao: str, *, equipe: str, documento: str, data_do_ato, por, motivo: str = "", **campos
) -> VerificacaoRegistrada:
    """A avaliação da equipe multiprofissional (ou biopsicossocial) sobre a deficiência declarada
    (Decreto 9.508/2018, art. 5º), registrada pelo RH com a equipe e o documento (laudo, parecer).
    ``campos``: ``diario_oficial``."""
    exigir_permissao(por)
    motivo = validar_texto(motivo, rotulo="motivo", campo="motivo")
    if not (equipe or "").strip():
        raise ValidationError({"equipe": "Informe a equipe multiprofissional que fez a avaliação."})
    return registrar_verificacao(
        inscricao,
        grupo_da_avaliacao_pcd(inscricao),
        situacao,
        origem=AtoDeVerificacao.AVALIACAO_PCD,
        por=por,
        documento=documento,
        data_do_ato=data_do_ato,
        equipe=equipe,
        motivo=motivo,
        **campos,
    )


def registrar_decisao_judicial(
    inscricao: Inscricao, grupo: str, situacao: str, *, processo: str, documento: str, data_do_ato, por, motivo: str,
    **campos,
) -> VerificacaoRegistrada:  # fmt: skip
    """A decisão judicial sobre a verificação de um grupo, registrada pelo RH com o número do processo
    e o que ela determina. ``campos``: ``sub_judice`` (liminar, sentença recorrida), ``diario_oficial``."""
    exigir_permissao(por)
    if not (processo or "").strip():
        raise ValidationError({"processo": "Informe o número do processo judicial da decisão."})
    motivo = validar_texto(motivo, rotulo="motivo", campo="motivo")
    if not motivo.strip():
        raise ValidationError({"motivo": "Resuma o que a decisão judicial determina."})
    return registrar_verificacao(
        inscricao,
        grupo,
        situacao,
        origem=AtoDeVerificacao.JUDICIAL,
        por=por,
        documento=documento,
        data_do_ato=data_do_ato,
        processo=processo,
        motivo=motivo,
        **campos,
    )


def prever_verificacao(inscricao: Inscricao, grupo: str, situacao: str, *, origem: str, **campos):
    """Cargo publicado: o resultado que o ato daria e o número do evento (``eventos.prever``), sem
    gravar nada; ``None`` quando o ato não muda o resultado (a verificação vigente já é essa, ou o
    candidato já saiu do concurso): fica só registrado."""
    conferir_origem(grupo, situacao, origem, verificacao=verificacao_do_grupo(inscricao.edital, grupo))
    conferir_data_do_ato(inscricao.edital, campos.get("data_do_ato"))
    if situacao_vigente(inscricao, grupo) == situacao or saida_do_concurso(inscricao):
        return None
    do_evento = {c: campos[c] for c in ("documento", "data_do_ato", "motivo", "diario_oficial", "sub_judice", "processo")
                 if c in campos}  # fmt: skip
    try:
        return prever(
            inscricao.cargo, tipo=VERIFICACAO, inscricao=inscricao, grupo=grupo, situacao=situacao, **do_evento
        )
    except cotas.ErroDeCotas as erro:
        raise ValidationError(f"O motor de cotas recusaria o ato: {erro}") from erro
