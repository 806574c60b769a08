"""Os atos de verificação: ``registrar_verificacao``, o único caminho pelo qual a situação de uma
opção por grupo reservado muda, e os atos que o RH registra por ele, com a origem certa: a
avaliação da equipe multiprofissional da PcD, a análise documental de indígenas e quilombolas e a
decisão judicial.

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

from ..atos import (
    PCD,
    Ato,
    conferir_origem,
    grupos_da_analise_documental,
    grupos_da_avaliacao_pcd,
    verificacao_do_grupo,
)
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


# O que o ato de verificação traz além do ato (``Ato``): o motivo e a equipe (avaliação PcD).
CAMPOS_DA_VERIFICACAO = {"motivo", "equipe"}
SEM_DOCUMENTO = "Informe o documento do ato de verificação (ata, laudo, parecer, decisão)."


@transaction.atomic
def registrar_verificacao(
    inscricao: Inscricao,
    grupo: str,
    situacao: str,
    *,
    origem: str,
    ato: Ato,
    por,
    em=None,
    **campos,
) -> VerificacaoRegistrada:
    """Registra o ato que decide a verificação da opção da inscrição por um grupo: o único caminho
    pelo qual a situação de uma opção muda (``OpcaoDeGrupo.save`` recusa as outras).

    ``origem`` (``AtoDeVerificacao.ORIGENS``) diz quem decidiu e tem de caber ao grupo
    (``atos.conferir_origem``: heteroidentificação pela comissão, recursal, apuração ou Justiça; PcD
    pela equipe multiprofissional ou Justiça; declaração falsa só pela apuração ou Justiça). O ato é
    gravado sempre, com o ``ato`` conferido (``Ato.conferido``: o documento, a data, o processo da
    decisão sub judice; o Diário Oficial vai ao evento); ``campos``: ``motivo`` e ``equipe`` (avaliação PcD).

    Antes da primeira publicação do cargo, a opção recebe a situação (a próxima versão é calculada do
    zero). Depois dela, as entradas estão congeladas (docs/REGRAS.md §9): o ato vira um evento de
    revisão ``verificacao`` e a nova versão do resultado é gerada. Uma decisão igual à verificação
    vigente, ou sobre quem já saiu do concurso, fica só no ato, sem evento."""
    if desconhecidos := set(campos) - CAMPOS_DA_VERIFICACAO:
        raise TypeError(f"Campos desconhecidos no ato de verificação: {', '.join(sorted(desconhecidos))}")
    conferir_origem(grupo, situacao, origem, verificacao=verificacao_do_grupo(inscricao.edital, grupo))
    ato = ato.conferido(inscricao.edital, hoje=relogio.dia_de(em), sem_documento=SEM_DOCUMENTO)
    opcao = OpcaoDeGrupo.objects.select_for_update().filter(inscricao=inscricao, grupo=grupo).first()
    if opcao is None:
        raise ValidationError({"grupo": f"A inscrição {inscricao.numero} não optou pelo grupo {grupo or '(vazio)'}."})
    registro = _registro(
        inscricao, grupo=grupo, situacao=situacao, origem=origem, por=por, ato=ato, campos=campos, em=em
    )
    cargo = inscricao.cargo
    if not cargo.publicado:
        registro.situacao_anterior = opcao.situacao
        _gravar(registro)
        opcao.situacao = situacao
        opcao._ato_de_verificacao = registro
        opcao.full_clean()
        opcao.save(update_fields=["situacao"])
        return VerificacaoRegistrada(registro.situacao_anterior, situacao, ato=registro)
    registro.situacao_anterior = antes = situacao_vigente(inscricao, grupo)
    if antes == situacao:
        registro.sem_efeito = "a verificação vigente já era esta"
        return VerificacaoRegistrada(antes, antes, ato=_gravar(registro))
    if saida := saida_do_concurso(inscricao):
        # Quem já saiu (desistência, não posse, anulação) não volta por uma revisão (docs/REGRAS.md
        # §8): a decisão fica no ato, e o resultado não muda. Recusar aqui faria falhar o
        # encerramento da sessão inteira por um candidato que não está mais no concurso.
        registro.sem_efeito = f"a inscrição {inscricao.numero} já saiu ({saida})"
        return VerificacaoRegistrada(antes, antes, sem_efeito=registro.sem_efeito, ato=_gravar(registro))
    registro.full_clean(exclude=["evento"])
    do_evento = {"motivo": campos["motivo"]} if "motivo" in campos else {}
    registrado = _registrar_evento(
        cargo, VERIFICACAO, por, ato, dict(inscricao=inscricao, grupo=grupo, situacao=situacao) | do_evento, em=em
    )
    registro.evento = registrado.evento
    return VerificacaoRegistrada(antes, situacao, registrado, ato=_gravar(registro))


def _registro(inscricao, *, grupo, situacao, origem, por, ato: Ato, campos, em=None) -> AtoDeVerificacao:
    return AtoDeVerificacao(
        inscricao=inscricao,
        grupo=grupo,
        situacao=situacao,
        origem=origem,
        equipe=(campos.get("equipe") or "").strip(),
        motivo=(campos.get("motivo") or "").strip(),
        registrado_por=por,
        registrado_em=em or relogio.agora(),
        **ato.campos_do_ato_de_verificacao(),
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
    inscricao: Inscricao, situacao: str, *, equipe: str, ato: Ato, por, motivo: str = ""
) -> VerificacaoRegistrada:
    """A avaliação da equipe multiprofissional (ou biopsicossocial) sobre a deficiência declarada
    (Decreto 9.508/2018, art. 5º), registrada pelo RH com a equipe e o ``ato`` (o laudo ou parecer,
    a data, o Diário Oficial)."""
    exigir_permissao(por)
    motivo = validar_texto(motivo, rotulo="motivo", campo="motivo")
    if not (equipe or "").strip():
        raise ValidationError({"equipe": "Informe a equipe multiprofissional que fez a avaliação."})
    return registrar_verificacao(
        inscricao,
        grupo_da_avaliacao_pcd(inscricao),
        situacao,
        origem=AtoDeVerificacao.AVALIACAO_PCD,
        ato=ato,
        por=por,
        equipe=equipe,
        motivo=motivo,
    )


def registrar_analise_documental(
    inscricao: Inscricao, grupo: str, situacao: str, *, equipe: str, ato: Ato, por, motivo: str = ""
) -> VerificacaoRegistrada:
    """A análise dos documentos de quem optou por um grupo verificado por documentos (Lei
    15.142/2025, art. 2º: o indígena pelo reconhecimento coletivo, o quilombola pela autoatribuição
    atestada pela comunidade; o fenótipo não se aplica), registrada pelo RH com quem conferiu e o
    ``ato`` (o parecer ou termo da análise, a data, o Diário Oficial). Declaração falsa não sai daqui:
    só do processo de apuração, com defesa (Art. 2º, §1º), ou da Justiça."""
    exigir_permissao(por)
    motivo = validar_texto(motivo, rotulo="motivo", campo="motivo")
    if grupo not in grupos_da_analise_documental(inscricao.edital):
        raise ValidationError(
            {"grupo": f"No edital {inscricao.edital}, o grupo {grupo or '(vazio)'} não é verificado por documentos."}
        )
    if not (equipe or "").strip():
        raise ValidationError({"equipe": "Informe quem conferiu os documentos (comissão ou servidores designados)."})
    return registrar_verificacao(
        inscricao,
        grupo,
        situacao,
        origem=AtoDeVerificacao.ANALISE_DOCUMENTAL,
        ato=ato,
        por=por,
        equipe=equipe,
        motivo=motivo,
    )


def registrar_decisao_judicial(
    inscricao: Inscricao, grupo: str, situacao: str, *, ato: Ato, por, motivo: str
) -> VerificacaoRegistrada:
    """A decisão judicial sobre a verificação de um grupo, registrada pelo RH com o ``ato`` (o número
    do processo, obrigatório, sub judice se liminar ou sentença recorrida, o Diário Oficial) e o que
    ela determina."""
    exigir_permissao(por)
    if not (ato.processo or "").strip():
        raise ValidationError({"processo": "Informe o número do processo judicial da decisão."})
    motivo = validar_texto(motivo, rotulo="motivo", campo="motivo")
    if not motivo.strip():
        raise ValidationError({"motivo": "Resuma o que a decisão judicial determina."})
    return registrar_verificacao(
        inscricao, grupo, situacao, origem=AtoDeVerificacao.JUDICIAL, ato=ato, por=por, motivo=motivo
    )


def prever_verificacao(inscricao: Inscricao, grupo: str, situacao: str, *, origem: str, ato: Ato, **campos):
    """Cargo publicado: o resultado que o ato daria e o número do evento (``eventos.prever``), sem
    gravar nada; ``None`` quando o ato não muda o resultado (a verificação vigente já é essa, ou o
    candidato já saiu do concurso): fica só registrado. ``campos``: os de ``registrar_verificacao``."""
    conferir_origem(grupo, situacao, origem, verificacao=verificacao_do_grupo(inscricao.edital, grupo))
    ato = ato.conferido(inscricao.edital, sem_documento=SEM_DOCUMENTO)
    if situacao_vigente(inscricao, grupo) == situacao or saida_do_concurso(inscricao):
        return None
    do_evento = {"motivo": campos["motivo"]} if "motivo" in campos else {}
    try:
        return prever(
            inscricao.cargo, tipo=VERIFICACAO, ato=ato, inscricao=inscricao, grupo=grupo, situacao=situacao, **do_evento
        )
    except cotas.ErroDeCotas as erro:
        raise ValidationError(f"O motor de cotas recusaria o ato: {erro}") from erro
