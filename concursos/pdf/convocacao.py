"""O edital de convocação em PDF (docs/CONVOCACAO.md §5): ``convocacao_pdf(contexto)`` e o
``contexto_da_convocacao`` que o monta.

Um documento pequeno, desenhado pelo modelo ``concursos/pdf/convocacao.html`` com o ``renderizar``
de ``comum.pdf`` (o buscador que recusa recursos de fora, docs/TECNICO.md §2.3): o número e a data
do ato, a fundamentação legal (as regras que o motor cita, do regime congelado no edital), cada
convocado com a vaga (posição e tipo), o CPF mascarado e o motivo com a cadeia inteira
(docs/REGRAS.md §5), e onde e até quando apresentar os documentos e tomar posse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cotas
from comum.pdf import renderizar
from cotas.regimes import rotulo_do_grupo

from . import textos

# Importável sem django.setup(): o que precisa dos modelos é importado dentro das funções.
if TYPE_CHECKING:
    from concursos.models import Cargo


def convocacao_pdf(contexto: dict) -> bytes:
    return renderizar("concursos/pdf/convocacao.html", contexto)


def contexto_da_convocacao(cargo: Cargo, *, numero: str, data, local: str, prazo, convocados, saida) -> dict:
    """``convocados``: os ``provimentos.Convocado`` escolhidos; ``saida``: a ``cotas.Resultado`` vigente."""
    from concursos.models import Instituicao

    edital, instituicao = cargo.edital, Instituicao.atual()
    motivos = motivos_vigentes(saida)
    return {
        "titulo_do_documento": f"Edital de convocação nº {numero} — {edital.identificacao}",
        "numero": numero,
        "data": data.strftime("%d/%m/%Y"),
        "edital": edital,
        "cargo": cargo,
        "instituicao": instituicao,
        "brasao": instituicao.brasao_como_data_uri(),
        "local": local,
        "prazo": prazo.strftime("%d/%m/%Y"),
        "convocados": [
            {
                "posicao": f"{c.posicao}ª",
                "vaga": rotulo_do_grupo(c.vaga) if c.vaga else "—",
                "inscricao": c.inscricao.numero,
                "nome": c.inscricao.candidato.nome_de_uso,
                "cpf": c.inscricao.candidato.cpf_mascarado,
                "motivo": motivos.get(c.inscricao.numero, ""),
            }
            for c in convocados
        ],
        "fundamentacao": fundamentacao_da_convocacao(edital.regime_congelado()),
        "assinatura": {
            "nome": edital.signatario_nome,
            "funcao": edital.signatario_funcao,
            "local_e_data": f"{instituicao.local}, {textos.data_por_extenso(data)}",
        },
        "gerado_em": textos.agora().strftime("%d/%m/%Y"),
    }


def motivos_vigentes(saida: cotas.Resultado) -> dict[str, str]:
    """Inscrição → o motivo da chamada (a cadeia do motor) e, se o convocado mudou de vaga depois,
    o motivo da mudança."""
    motivos: dict[str, tuple[int, str]] = {}
    for chamada in saida.convocacoes:
        motivos[chamada.inscricao] = (chamada.evento, chamada.motivo)
    for mudanca in saida.reclassificacoes:
        evento, motivo = motivos.get(mudanca.inscricao, (-1, ""))
        if mudanca.evento >= evento:
            motivos[mudanca.inscricao] = (mudanca.evento, f"{motivo}; depois: {mudanca.motivo}".lstrip("; "))
    return {numero: motivo for numero, (_, motivo) in motivos.items()}


def fundamentacao_da_convocacao(regime: cotas.Regime) -> list[tuple[str, str]]:
    """As regras da ordem de convocação com o artigo de cada uma, do regime congelado no edital."""
    itens = [
        ("Chamada pela ordem de classificação da ampla concorrência", regime.referencia_de("concorrencia")),
        (
            "O optante aprovado dentro das vagas de ampla não ocupa vaga reservada",
            regime.referencia_de("ampla_nao_computa"),
        ),
        ("Vaga reservada sem candidato reverte à ampla concorrência", regime.referencia_de("reversao")),
        ("Alternância e proporcionalidade das chamadas", regime.referencia_de("alternancia")),
    ]
    for grupo in regime.grupos:
        rotulo = rotulo_do_grupo(grupo.grupo)
        itens.append((f"Vaga reservada: {rotulo}", grupo.referencia("reserva") or grupo.referencia("percentual")))
        if grupo.referencia("substituicao"):
            itens.append((f"Vaga de {rotulo} deixada por um convocado do grupo", grupo.referencia("substituicao")))
    return [(texto, referencia) for texto, referencia in itens if referencia]
