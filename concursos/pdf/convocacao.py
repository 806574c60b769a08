"""O edital de convocação em PDF (docs/CONVOCACAO.md §5): ``convocacao_pdf(contexto)`` e o
``contexto_da_convocacao`` que o monta.

Um documento pequeno, desenhado pelo modelo ``concursos/pdf/convocacao.html`` com o ``renderizar``
de ``comum.pdf`` (o buscador que recusa recursos de fora, docs/TECNICO.md §2.3): o número e a data
do ato, a fundamentação legal (as regras que o motor cita, do regime congelado no edital), cada
convocado com a vaga (posição e tipo), o CPF mascarado e o motivo com a cadeia inteira
(docs/REGRAS.md §5), e onde e até quando apresentar os documentos e tomar posse.
"""

from __future__ import annotations

import io
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


def convocacao_docx(contexto: dict) -> bytes:
    """O mesmo edital de convocação em DOCX, o arquivo editável que o Diário Oficial do Município
    recebe (Resolução AMUNES 01/2014: DOC/DOCX/ODT/RTF; PDF só por exceção): o texto do PDF, os
    convocados e a fundamentação como tabelas, e o código de verificação com o endereço no rodapé de
    cada página (``contexto["registro"]``, quando registrado)."""
    from docx import Document

    documento = Document()
    documento.core_properties.title = contexto["titulo_do_documento"]
    instituicao, registro = contexto["instituicao"], contexto.get("registro")
    for linha in (instituicao.orgao, instituicao.estado, instituicao.secretaria):
        if linha:
            documento.add_paragraph(linha.upper())
    documento.add_heading(f"EDITAL DE CONVOCAÇÃO Nº {contexto['numero']}", level=1)
    edital, cargo = contexto["edital"], contexto["cargo"]
    documento.add_paragraph(f"{edital.identificacao} — cargo {cargo.codigo} ({cargo.nome}) — ato de {contexto['data']}")
    if registro:
        documento.add_paragraph(
            f"{registro['tipo']} — registro nº {registro['numero']}. Código de verificação: {registro['codigo']}; "
            f"o original está em {registro['endereco']}."
        )
    documento.add_paragraph(
        "Ficam convocados os candidatos abaixo, na ordem de convocação vigente do cargo, para apresentar os "
        "documentos exigidos no edital e tomar posse."
    )
    _tabela(
        documento,
        ["Vaga", "Tipo da vaga", "Inscrição", "Nome", "CPF", "Motivo"],
        [[c["posicao"], c["vaga"], c["inscricao"], c["nome"], c["cpf"], c["motivo"]] for c in contexto["convocados"]],
    )
    documento.add_heading("Apresentação dos documentos e posse", level=2)
    documento.add_paragraph(f"Local: {contexto['local']}")
    documento.add_paragraph(
        f"Prazo: até {contexto['prazo']}. Vencido o prazo sem posse, a não posse poderá ser declarada, e a vaga "
        "passará ao próximo da ordem de convocação."
    )
    documento.add_heading("Fundamentação legal", level=2)
    _tabela(documento, ["Regra", "Fundamento"], [list(item) for item in contexto["fundamentacao"]])
    assinatura = contexto["assinatura"]
    for linha in (f"{assinatura['local_e_data']}.", "", assinatura["nome"], assinatura["funcao"]):
        if linha is not None:
            documento.add_paragraph(linha)
    if registro:
        documento.sections[0].footer.paragraphs[
            0
        ].text = f"Código de verificação {registro['codigo']} · original em {registro['endereco']}"
    saida = io.BytesIO()
    documento.save(saida)
    return saida.getvalue()


def _tabela(documento, cabecalho: list[str], linhas: list[list]) -> None:
    tabela = documento.add_table(rows=1, cols=len(cabecalho))
    tabela.style = "Table Grid"
    for celula, titulo in zip(tabela.rows[0].cells, cabecalho, strict=True):
        celula.text = titulo
    for linha in linhas:
        for celula, valor in zip(tabela.add_row().cells, linha, strict=True):
            celula.text = str(valor or "")
