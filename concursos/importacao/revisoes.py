"""A prévia e a confirmação das correções de nota de uma reimportação (docs/REGRAS.md §§ 8 e 9).

As linhas de um cargo publicado cuja nota mudou (``publicados.CargosPublicados``) não alteram a
inscrição. Na prévia (``dry_run``), ``previa`` calcula pelo motor, sem gravar, o efeito das correções
de cada cargo (quem será convocado, quem muda, quem é mantido, quem sai) e a ``assinatura`` do que foi
mostrado; a tela pede o documento e a data do ato. Na confirmação, ``registrar`` confere que o que se
vai gravar é o que a prévia mostrou (a mesma assinatura) e chama
``revisoes_de_nota.registrar_revisoes_de_nota`` por cargo: um evento por candidato e uma versão nova.
"""

import hashlib
import json
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from import_export.results import InvalidRow, RowResult

from ..atos import Ato
from ..services.revisoes_de_nota import (
    em_ordem,
    prever_revisoes_de_nota,
    registrar_revisoes_de_nota,
    resumo_das_revisoes,
)


@dataclass(frozen=True)
class RevisaoDoCargo:
    """O que a prévia mostra de um cargo publicado: as correções, na ordem dos eventos, e o efeito."""

    cargo: object
    mudancas: list
    resumo: dict


def previa(publicados) -> list[RevisaoDoCargo]:
    """As correções de nota de cada cargo publicado, com o efeito calculado sem gravar nada."""
    revisoes = []
    for pk, mudancas in sorted(publicados.mudancas.items(), key=lambda item: publicados.cargos[item[0]].codigo):
        cargo = publicados.cargos[pk]
        previsto = prever_revisoes_de_nota(cargo, mudancas, cenario=publicados.cenario(cargo))
        revisoes.append(RevisaoDoCargo(cargo, em_ordem(mudancas), resumo_das_revisoes(cargo, previsto)))
    return revisoes


def sem_mudanca(publicados) -> list:
    """Os cargos publicados que o arquivo traz sem nota nenhuma mudada."""
    return sorted(
        (c for pk, c in publicados.cargos.items() if pk in publicados.tocados and pk not in publicados.mudancas),
        key=lambda c: c.codigo,
    )


def assinatura(publicados) -> str:
    """Resumo do que a prévia mostrou: as correções de cada cargo e quantos eventos ele tinha. Outra
    correção, outro arquivo ou um evento registrado no meio do caminho dão outra assinatura."""
    conteudo = [
        [
            pk,
            len(publicados.cenario(publicados.cargos[pk])["eventos"]),
            [[m.numero, str(m.nota), sorted(m.parciais.items())] for m in em_ordem(mudancas)],
        ]
        for pk, mudancas in sorted(publicados.mudancas.items())
    ]
    return hashlib.sha256(json.dumps(conteudo).encode()).hexdigest() if conteudo else ""


def registrar(publicados, *, ato: Ato | None, previa_confirmada: str, usuario) -> list:
    """Registra as correções de todos os cargos (dentro da transação da importação); ``ato``: o
    informado na confirmação (``Ato.do_formulario``)."""
    if not publicados.mudancas:
        return []
    if previa_confirmada != assinatura(publicados):
        raise ValidationError(
            "As correções de nota deste arquivo não são as que a prévia mostrou (outro evento foi registrado "
            "nos cargos, ou a confirmação não veio da prévia): nada foi gravado. Envie o arquivo de novo e "
            "confira a prévia."
        )
    if ato is None or not (ato.documento or "").strip() or not ato.data_do_ato:
        raise ValidationError("Informe o documento e a data do ato das correções de nota: nada foi gravado.")
    return [
        registrar_revisoes_de_nota(publicados.cargos[pk], mudancas, ato=ato, por=usuario)
        for pk, mudancas in sorted(publicados.mudancas.items())
    ]


def linha_invalida(resultado, erro: ValidationError, linha: int | None = None) -> None:
    """A recusa das correções como linha inválida do resultado: a tela a mostra como os demais erros
    (sem traceback) e a transação da importação é desfeita."""
    valores = tuple("" for _ in resultado.diff_headers)
    resultado.invalid_rows.append(InvalidRow(number=linha or 1, validation_error=erro, values=valores))
    resultado.totals[RowResult.IMPORT_TYPE_INVALID] += 1


def recusa_em_segundo_plano(publicados) -> list[str]:
    """A importação em segundo plano não registra correções de nota (não há prévia nem ato): se o
    arquivo muda a nota de um cargo publicado, ela recusa o arquivo inteiro e diz o que fazer."""
    mensagens = [
        f"Linha {m.linha}, inscrição {m.numero}: o resultado do cargo {publicados.cargos[pk].codigo} já foi publicado "
        f"e a nota muda de {m.de} para {m.para}{' (ou uma nota parcial muda)' if m.parciais else ''}."
        for pk, mudancas in sorted(publicados.mudancas.items())
        for m in sorted(mudancas, key=lambda m: m.linha or 0)
    ]
    if not mensagens:
        return []
    return [
        "Nada foi gravado: num cargo com resultado publicado, a nota corrigida pela banca entra como evento de "
        "correção de nota, com o documento e a data do ato. Importe este arquivo pela tela de importação das "
        "inscrições (Inscrições → Importar), que mostra antes quem muda e registra os eventos.",
        *mensagens,
    ]
