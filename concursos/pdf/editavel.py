"""O arquivo editável (DOCX) de cada tipo de ato publicado (``tipos_de_ato.TipoDeAto.editavel``),
do mesmo contexto do PDF e com o mesmo conteúdo, um ato por arquivo, as listas como tabelas:

- ``do_modelo(modelo)``: para os tipos desenhados por um modelo do Django (o Anexo I, o resultado
  definitivo da heteroidentificação, a prestação de contas), o HTML do mesmo modelo e contexto
  convertido (``comum.docx``);
- ``resultado_publicado_docx``: o resultado publicado, que o PDF diagrama em Python (``resultado``):
  a ficha da versão (com o desempate), a lista geral, cada lista de vagas reservadas, a ordem de
  convocação, as mudanças de vaga e o registro de chamadas.

Cada um traz o número do registro, o código de verificação e o endereço completo da verificação, no
texto e no rodapé. Os dados pessoais são os do PDF: inscrição, nome e CPF mascarado.
"""

from __future__ import annotations

from collections.abc import Callable

from django.template.loader import render_to_string

from comum.docx import Editavel

from .diagramacao import GERAL, GRUPO, colunas_da_ordem, colunas_das_chamadas, colunas_das_reclassificacoes
from .paginas_do_resultado import (
    ORGAO,
    PUBLICACAO_RESTRITA,
    SOBRE_A_ORDEM,
    SOBRE_AS_LISTAS,
    com_anotacao,
    ficha_da_versao,
)
from .resultado import secao_do_cargo


def do_modelo(modelo: str) -> Callable[[dict], bytes]:
    """O editável de um tipo desenhado pelo ``modelo``: o HTML do PDF, sem estilo nem imagens."""

    def editavel(contexto: dict) -> bytes:
        registro = contexto.get("registro")
        titulo = contexto.get("titulo_do_documento") or (registro or {}).get("tipo", "")
        documento = Editavel(titulo)
        documento.html(render_to_string(modelo, contexto))
        documento.registro(registro, no_inicio=True)  # no texto, se o modelo só o tem nas margens
        return documento.em_bytes()

    return editavel


def resultado_publicado_docx(contexto: dict) -> bytes:
    """O editável do ato "Resultado publicado": o que o PDF do resultado do cargo imprime, em tabelas."""
    resultado, registro = contexto["resultado"], contexto["registro"]
    edital = resultado.cargo.edital
    secao = contexto.get("secao") or secao_do_cargo(resultado)  # a mesma do PDF, quando quem publica a passa
    documento = Editavel(f"Resultado — {edital.identificacao} — {secao['cargo']} — versão {resultado.versao}")
    documento.paragrafo(ORGAO.upper())
    documento.titulo(edital.identificacao, 1)
    documento.paragrafo("Resultado do cargo: listas de classificação e ordem de convocação")
    documento.titulo(secao["cargo"], 2)
    if resultado.provisorio:
        documento.paragrafo("PROVISÓRIO — NÃO PUBLICAR", negrito=True)
    documento.registro(registro)
    documento.tabela([], ficha_da_versao(edital, secao, registro), larguras=[45, 0])
    documento.paragrafo(PUBLICACAO_RESTRITA)
    _listas(documento, secao, [rotulo for rotulo, _ in secao["grupos"]] + ["Ampla concorrência"])
    return documento.em_bytes()


def _listas(documento: Editavel, secao: dict, rotulos: list[str]) -> None:
    documento.titulo("Lista geral de classificação", 2)
    documento.paragrafo(SOBRE_AS_LISTAS)
    documento.tabela(
        _titulos(GERAL),
        ((c, n, com_anotacao(nome, obs), cpf, nota) for c, n, nome, obs, cpf, nota in secao["geral"]),
        larguras=_larguras(GERAL),
        vazia="Nenhum candidato classificado.",
    )
    for rotulo, linhas in secao["grupos"]:
        documento.titulo(f"Lista de vagas reservadas — {rotulo}", 2)
        documento.tabela(
            _titulos(GRUPO),
            ((c, g, n, com_anotacao(nome, obs), nota) for c, g, n, nome, obs, nota in linhas),
            larguras=_larguras(GRUPO),
            vazia="Nenhum candidato nesta lista.",
        )
    documento.titulo("Ordem de convocação vigente", 2)
    documento.paragrafo(SOBRE_A_ORDEM)
    ordem = colunas_da_ordem(rotulos)
    documento.tabela(
        _titulos(ordem),
        ((f"{p}ª", tipo, n, com_anotacao(nome, obs), vaga) for p, tipo, n, nome, obs, vaga in secao["ordem"]),
        larguras=_larguras(ordem),
        vazia="Nenhuma posição de convocação.",
    )
    if secao["reclassificacoes"]:
        documento.titulo("Mudanças de vaga de quem continua convocado", 2)
        documento.tabela([*_titulos(colunas_das_reclassificacoes(rotulos)), "Motivo"], secao["reclassificacoes"])
    documento.titulo("Registro de chamadas", 2)
    documento.tabela(
        [*_titulos(colunas_das_chamadas(rotulos)), "Motivo"],
        ((o, f"{p}ª", n, nome, vaga, e, motivo) for o, e, p, n, nome, vaga, motivo in secao["convocacoes"]),
        vazia="Nenhuma chamada registrada.",
    )


def _titulos(colunas) -> list[str]:
    return [coluna.titulo for coluna in colunas]


def _larguras(colunas) -> list[float]:
    return [coluna.largura for coluna in colunas]
