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
from comum.docx import Editavel
from comum.pdf import renderizar
from cotas.modelo import AMPLA
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
    mudancas = mudancas_de_vaga(saida)
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
                "vaga_alterada": mudancas.get(c.inscricao.numero, ""),
            }
            for c in convocados
        ],
        "fundamentacao": fundamentacao_da_convocacao(edital.regime_congelado(), convocados, saida),
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


def mudancas_de_vaga(saida: cotas.Resultado) -> dict[str, str]:
    """Inscrição → a última mudança de vaga de quem continua convocado (``Reclassificacao``: quem
    muda de rótulo muda de vaga), em texto: o ato a destaca, para que o convocado e o RH vejam que a
    vaga não é a de um ato anterior."""
    mudancas = {}
    for mudanca in sorted(saida.reclassificacoes, key=lambda m: m.evento):
        de = _vaga_em_texto(mudanca.de_posicao, mudanca.de)
        para = _vaga_em_texto(mudanca.para_posicao, mudanca.para)
        mudancas[mudanca.inscricao] = f"Vaga alterada: de {de} para {para}."
    return mudancas


def _vaga_em_texto(posicao: int | None, rotulo: str) -> str:
    return f"{posicao}ª vaga ({rotulo_do_grupo(rotulo)})" if posicao else rotulo_do_grupo(rotulo)


def fundamentacao_da_convocacao(regime: cotas.Regime, convocados, saida: cotas.Resultado) -> list[tuple[str, str]]:
    """As regras que este ato aplica, com o artigo de cada uma, do regime congelado no edital: só as
    das vagas dos ``convocados`` e as que a cadeia do motivo de cada um cita (a reversão, a
    substituição dentro do grupo, a passagem à ampla), nunca todas as do regime."""
    tipos = dict(enumerate(saida.tipos_das_posicoes, 1))  # além das vagas do cargo: nenhum tipo
    numeros = {c.inscricao.numero for c in convocados}
    motivos = " ".join(m for n, m in motivos_vigentes(saida).items() if n in numeros)
    vagas = {c.vaga or AMPLA for c in convocados}
    na_ampla = [c for c in convocados if (c.vaga or AMPLA) == AMPLA]
    revertidas = any(tipos.get(c.posicao, AMPLA) != AMPLA for c in na_ampla) or any(
        chamada.revertida_de and chamada.inscricao in numeros for chamada in saida.convocacoes
    )
    nao_computa = regime.referencia_de("ampla_nao_computa")
    passou_a_ampla = any(m.para == AMPLA and m.inscricao in numeros for m in saida.reclassificacoes)
    itens = []
    if any(tipos.get(c.posicao, AMPLA) == AMPLA for c in na_ampla):
        itens.append(
            ("Chamada pela ordem de classificação da ampla concorrência", regime.referencia_de("concorrencia"))
        )
    if passou_a_ampla or f"({nao_computa})" in motivos:
        itens.append(("O optante aprovado dentro das vagas de ampla não ocupa vaga reservada", nao_computa))
    if revertidas:
        itens.append(("Vaga reservada sem candidato reverte à ampla concorrência", regime.referencia_de("reversao")))
    if vagas - {AMPLA} or revertidas:
        itens.append(("Alternância e proporcionalidade das chamadas", regime.referencia_de("alternancia")))
    for grupo in regime.grupos:
        if grupo.grupo not in vagas:
            continue
        rotulo = rotulo_do_grupo(grupo.grupo)
        itens.append((f"Vaga reservada: {rotulo}", grupo.referencia("reserva") or grupo.referencia("percentual")))
        substituicao = grupo.referencia("substituicao")
        if substituicao and substituicao in motivos:
            itens.append((f"Vaga de {rotulo} deixada por um convocado do grupo", substituicao))
    return [(texto, referencia) for texto, referencia in itens if referencia]


def convocacao_docx(contexto: dict) -> bytes:
    """O mesmo edital de convocação em DOCX, o arquivo editável que o Diário Oficial do Município
    recebe (Resolução AMUNES 01/2014: DOC/DOCX/ODT/RTF; PDF só por exceção): o texto do PDF, os
    convocados e a fundamentação como tabelas, e o número do registro, o código de verificação e o
    endereço da verificação no texto e no rodapé de cada página (``contexto["registro"]``, quando
    registrado; ``comum.docx``)."""
    documento = Editavel(contexto["titulo_do_documento"])
    instituicao, registro = contexto["instituicao"], contexto.get("registro")
    for linha in (instituicao.orgao, instituicao.estado, instituicao.secretaria):
        if linha:
            documento.paragrafo(linha.upper())
    documento.titulo(f"EDITAL DE CONVOCAÇÃO Nº {contexto['numero']}", 1)
    edital, cargo = contexto["edital"], contexto["cargo"]
    documento.paragrafo(f"{edital.identificacao} — cargo {cargo.codigo} ({cargo.nome}) — ato de {contexto['data']}")
    documento.registro(registro)
    documento.paragrafo(
        "Ficam convocados os candidatos abaixo, na ordem de convocação vigente do cargo, para apresentar os "
        "documentos exigidos no edital e tomar posse."
    )
    documento.tabela(
        ["Vaga", "Tipo da vaga", "Inscrição", "Nome", "CPF", "Motivo"],
        [
            [
                c["posicao"],
                c["vaga"],
                c["inscricao"],
                c["nome"],
                c["cpf"],
                " ".join(filter(None, (c.get("vaga_alterada"), c["motivo"]))),
            ]
            for c in contexto["convocados"]
        ],
    )
    documento.titulo("Apresentação dos documentos e posse", 2)
    documento.paragrafo(f"Local: {contexto['local']}")
    documento.paragrafo(
        f"Prazo: até {contexto['prazo']}. Vencido o prazo sem posse, a não posse poderá ser declarada, e a vaga "
        "passará ao próximo da ordem de convocação."
    )
    documento.titulo("Fundamentação legal", 2)
    documento.tabela(["Regra", "Fundamento"], [list(item) for item in contexto["fundamentacao"]])
    assinatura = contexto["assinatura"]
    for linha in (f"{assinatura['local_e_data']}.", assinatura["nome"], assinatura["funcao"]):
        documento.paragrafo(linha or "")
    return documento.em_bytes()
