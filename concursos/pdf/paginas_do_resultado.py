"""As páginas do resultado: as de cada cargo (ficha da versão, listas, ordem de convocação e
registro de chamadas) e a capa do edital, postas nas páginas pelo ``Diagramador`` a partir das
seções que ``resultado`` monta (tudo já em texto)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .diagramacao import (
    CAPA,
    GERAL,
    GRUPO,
    Diagramador,
    colunas_da_ordem,
    colunas_das_chamadas,
    colunas_das_reclassificacoes,
    grade,
)

if TYPE_CHECKING:
    from concursos.models import Edital

ORGAO = "Prefeitura Municipal de Cariacica — Estado do Espírito Santo"
PUBLICACAO_RESTRITA = (
    "Publicação restrita ao número de inscrição, ao nome (nome social, quando houver) e ao CPF mascarado. "
    "A presença numa lista de vagas reservadas decorre da opção do candidato e da verificação prevista no edital."
)
SOBRE_AS_LISTAS = (
    "As listas são as da classificação do concurso. Quem saiu por evento posterior (desistência, não posse, "
    "final de lista, anulação) aparece anotado, assim como quem uma revisão manteve na vaga e quem está sub "
    "judice (revisão vinda de decisão judicial não definitiva); o efeito está na ordem de convocação vigente "
    "e no registro de chamadas."
)
SOBRE_A_ORDEM = (
    "Cada convocado guarda a posição em que foi chamado. Quem uma revisão convocou além das vagas ocupa a "
    "próxima vaga que se abrir; quem ela manteve continua nomeado, na mesma vaga."
)


def diagramar_cargo(edital: Edital, secao: dict, gerado_em: str, registro: dict | None = None) -> Diagramador:
    """``registro``: o do ato publicado (``pdf.registro.contexto_do_registro``), quando a versão se
    publica: o código de verificação e o endereço da verificação vão no rodapé de cada página, no
    lugar do momento em que o documento foi gerado."""
    resultado = secao["resultado"]
    rotulos = [rotulo for rotulo, _ in secao["grupos"]] + ["Ampla concorrência"]
    rodape = f"Gerado em {gerado_em} · entradas SHA-256 {secao['hash_curto']} · {secao['endereco_do_site']}"
    if registro is not None:
        rodape = f"Código de verificação {registro['codigo']} · original em {registro['endereco']}"
    paginas = Diagramador(
        cabecalho=f"{edital.identificacao} — {secao['cargo']} — versão {resultado.versao}",
        rodape=rodape,
        provisorio=resultado.provisorio,
    )
    paginas.marcar(f"{secao['cargo']} — versão {resultado.versao}", 0)
    paginas.texto(ORGAO.upper(), "orgao")
    paginas.texto(edital.identificacao, "titulo", tag="h1")
    paginas.texto("Resultado do cargo: listas de classificação e ordem de convocação", "subtitulo")
    paginas.texto(secao["cargo"], "cargo", tag="h2")
    if resultado.provisorio:
        paginas.aviso("PROVISÓRIO — NÃO PUBLICAR")
    paginas.ficha(ficha_da_versao(edital, secao, registro))
    paginas.texto(PUBLICACAO_RESTRITA, "fino")
    paginas.tabela(
        "Lista geral de classificação",
        grade(GERAL),
        ((c, n, com_anotacao(nome, obs), cpf, nota) for c, n, nome, obs, cpf, nota in secao["geral"]),
        introducao=SOBRE_AS_LISTAS,
        vazia="Nenhum candidato classificado.",
    )
    for rotulo, linhas in secao["grupos"]:
        paginas.tabela(
            f"Lista de vagas reservadas — {rotulo}",
            grade(GRUPO),
            ((c, g, n, com_anotacao(nome, obs), nota) for c, g, n, nome, obs, nota in linhas),
            vazia="Nenhum candidato nesta lista.",
        )
    paginas.tabela(
        "Ordem de convocação vigente",
        grade(colunas_da_ordem(rotulos)),
        ((f"{p}ª", tipo, n, com_anotacao(nome, obs), vaga) for p, tipo, n, nome, obs, vaga in secao["ordem"]),
        introducao=SOBRE_A_ORDEM,
        vazia="Nenhuma posição de convocação.",
    )
    if secao["reclassificacoes"]:
        paginas.tabela(
            "Mudanças de vaga de quem continua convocado",
            grade(colunas_das_reclassificacoes(rotulos), nota="Motivo", coluna_da_nota=1),
            secao["reclassificacoes"],
        )
    paginas.tabela(
        "Registro de chamadas",
        grade(colunas_das_chamadas(rotulos), nota="Motivo", coluna_da_nota=1),
        ((o, f"{p}ª", n, nome, vaga, e, motivo) for o, e, p, n, nome, vaga, motivo in secao["convocacoes"]),
        vazia="Nenhuma chamada registrada.",
    )
    return paginas


def ficha_da_versao(edital: Edital, secao: dict, registro: dict | None = None) -> list[tuple[str, str]]:
    resultado = secao["resultado"]
    ato = ""
    if registro is not None:
        ato = f"{registro['tipo']} — registro nº {registro['numero']}; código de verificação {registro['codigo']}"
    itens = [
        ("Edital", edital.identificacao),
        ("Cargo", secao["cargo"]),
        ("Versão", str(resultado.versao)),
        ("Situação", secao["situacao"]),
        ("Por que é provisório", secao["provisorio_porque"]),
        ("Gerado por", f"{secao['gerado_por']}, em {secao['gerado_em']}"),
        ("Motivo da geração", resultado.motivo),
        ("Publicado", secao["publicado"]),
        ("Diário Oficial", secao["diario_oficial"]),
        ("Sujeito a recurso", secao.get("sujeito_a_recurso", "")),
        ("Quadro de vagas", secao["quadro"]),
        ("Desempate", secao["desempate"]),
        ("Hash das entradas", f"SHA-256 {resultado.hash_das_entradas}"),
        ("Ato publicado", ato),
        ("Verificação do original", registro["endereco"] if registro is not None else ""),
    ]
    return [(rotulo, valor) for rotulo, valor in itens if valor]


def com_anotacao(nome: str, anotacao: str) -> str | tuple[str, str]:
    """O nome e, na linha de baixo (outro parágrafo da célula), a anotação: saída por evento, mantido
    por revisão, sub judice, convocado além das vagas."""
    return (nome, anotacao) if anotacao else nome


def diagramar_capa(contexto: dict) -> Diagramador:
    edital = contexto["edital"]
    capa = Diagramador(
        cabecalho=f"{edital.identificacao} — Resultado",
        rodape=f"Gerado em {contexto['gerado_em']} · {contexto['endereco_do_site']}",
    )
    capa.marcar(f"Resultado — {edital.identificacao}", 0)
    capa.texto(ORGAO.upper(), "orgao")
    capa.texto(edital.identificacao, "titulo", tag="h1")
    capa.texto(
        "Resultado por cargo: listas de classificação e ordem de convocação (última versão de cada cargo)",
        "subtitulo",
    )
    capa.tabela("", grade(CAPA), (_linha_da_capa(secao) for secao in contexto["secoes"]))
    capa.texto(PUBLICACAO_RESTRITA, "fino")
    return capa


def _linha_da_capa(secao: dict) -> tuple:
    if secao["resultado"] is None:
        return (secao["cargo"], "—", "resultado ainda não gerado", "")
    return (secao["cargo"], secao["resultado"].versao, secao["situacao"], secao["gerado_em"])
