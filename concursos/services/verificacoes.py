"""Os atos de verificação que o RH registra: a avaliação da equipe multiprofissional da PcD e a
decisão judicial. Os dois passam por ``services.registrar_verificacao`` (o único caminho pelo qual
a situação de uma opção muda), com a origem certa.

O RH registra o que outros decidiram: a equipe que avaliou, a Justiça. A decisão da heteroidentificação
(comissão, recursal, apuração de declaração falsa) nunca entra por aqui: vem do encerramento da sessão
e da decisão do processo (``heteroidentificacao.services``), sem tela de digitação
(docs/HETEROIDENTIFICACAO.md, “Atos de verificação”).
"""

from django.core.exceptions import PermissionDenied, ValidationError

import cotas
from comum.validacao import validar_texto
from cotas.modelo import VERIFICACAO

from .. import services
from ..atos import PCD, conferir_data_do_ato, conferir_origem
from ..models import AtoDeVerificacao, Inscricao

PERMISSAO = "concursos.add_atodeverificacao"


def exigir_permissao(usuario) -> None:
    if usuario is None or not usuario.has_perm(PERMISSAO):
        raise PermissionDenied("Só o RH registra atos de verificação (avaliação PcD, decisão judicial).")


def registrar_avaliacao_pcd(
    inscricao: Inscricao, situacao: str, *, equipe: str, documento: str, data_do_ato, por, motivo: str = "", **campos
) -> services.VerificacaoRegistrada:
    """A avaliação da equipe multiprofissional (ou biopsicossocial) sobre a deficiência declarada
    (Decreto 9.508/2018, art. 5º), registrada pelo RH com a equipe e o documento (laudo, parecer).
    ``campos``: ``diario_oficial``."""
    exigir_permissao(por)
    motivo = validar_texto(motivo, rotulo="motivo", campo="motivo")
    if not (equipe or "").strip():
        raise ValidationError({"equipe": "Informe a equipe multiprofissional que fez a avaliação."})
    return services.registrar_verificacao(
        inscricao,
        PCD,
        situacao,
        origem=AtoDeVerificacao.AVALIACAO_PCD,
        registrada_por=por,
        documento=documento,
        data_do_ato=data_do_ato,
        equipe=equipe,
        motivo=motivo,
        **campos,
    )


def registrar_decisao_judicial(
    inscricao: Inscricao, grupo: str, situacao: str, *, processo: str, documento: str, data_do_ato, por, motivo: str,
    **campos,
) -> services.VerificacaoRegistrada:  # fmt: skip
    """A decisão judicial sobre a verificação de um grupo, registrada pelo RH com o número do processo
    e o que ela determina. ``campos``: ``sub_judice`` (liminar, sentença recorrida), ``diario_oficial``."""
    exigir_permissao(por)
    if not (processo or "").strip():
        raise ValidationError({"processo": "Informe o número do processo judicial da decisão."})
    motivo = validar_texto(motivo, rotulo="motivo", campo="motivo")
    if not motivo.strip():
        raise ValidationError({"motivo": "Resuma o que a decisão judicial determina."})
    return services.registrar_verificacao(
        inscricao,
        grupo,
        situacao,
        origem=AtoDeVerificacao.JUDICIAL,
        registrada_por=por,
        documento=documento,
        data_do_ato=data_do_ato,
        processo=processo,
        motivo=motivo,
        **campos,
    )


def prever_verificacao(inscricao: Inscricao, grupo: str, situacao: str, *, origem: str, **campos):
    """Cargo publicado: o resultado que o ato daria e o número do evento (``services.prever``), sem
    gravar nada; ``None`` quando o ato não muda o resultado (a verificação vigente já é essa, ou o
    candidato já saiu do concurso): fica só registrado."""
    conferir_origem(grupo, situacao, origem)
    conferir_data_do_ato(inscricao.edital, campos.get("data_do_ato"))
    if services.situacao_vigente(inscricao, grupo) == situacao or services.saida_do_concurso(inscricao):
        return None
    do_evento = {c: campos[c] for c in ("documento", "data_do_ato", "motivo", "diario_oficial", "sub_judice", "processo")
                 if c in campos}  # fmt: skip
    try:
        return services.prever(
            inscricao.cargo, tipo=VERIFICACAO, inscricao=inscricao, grupo=grupo, situacao=situacao, **do_evento
        )
    except cotas.ErroDeCotas as erro:
        raise ValidationError(f"O motor de cotas recusaria o ato: {erro}") from erro
