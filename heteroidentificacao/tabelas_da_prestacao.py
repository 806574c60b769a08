"""As tabelas e os gráficos do relatório de prestação de contas, uma vez só para a tela, o PDF e a
planilha (docs/PRESTACAO-DE-CONTAS.md): cada tabela é título, cabeçalho, linhas e nota; cada célula
que conta pessoas passa por ``celula`` (na versão pública, 1 a 4 é "< 5")."""

import base64
from dataclasses import dataclass, field
from io import BytesIO

from openpyxl import Workbook
from openpyxl.styles import Font

from cotas import quorum
from cotas.modelo import AUSENTE, CONFIRMADO, DECLARACAO_FALSA, NAO_CONFIRMADO, PENDENTE

from .prestacao_de_contas import MENOS_DE_5, Prestacao, celula

SEM_RESULTADO = "sem resultado publicado"


@dataclass
class Tabela:
    titulo: str
    cabecalho: list[str]
    linhas: list[list] = field(default_factory=list)
    nota: str = ""


def tabelas(prestacao: Prestacao, publica: bool) -> list[Tabela]:
    return [
        _vagas(prestacao, publica),
        _resumo_das_chamadas(prestacao),
        _chamadas(prestacao, publica),
        _autodeclaracoes(prestacao, publica),
        _apuracoes(prestacao, publica),
        _sessoes(prestacao, publica),
    ]


def _vagas(prestacao: Prestacao, publica: bool) -> Tabela:
    tabela = Tabela(
        "Vagas reservadas por cargo e grupo",
        [
            "Cargo",
            "Grupo",
            "Reservadas",
            "Providas pelo grupo",
            "Por compensação",
            "Por outro grupo",
            "Revertidas à ampla",
            "Não providas",
            "Versão publicada",
        ],
        nota="Da saída do motor gravada na última versão publicada do resultado de cada cargo: a posição de "
        "cada convocado e o tipo dela (Art. 4º). Revertidas: vagas do grupo providas pela ampla concorrência "
        "por falta de candidatos (Art. 3º, §3º). Por compensação: convocados do grupo fora das posições do "
        "grupo (outra posição ou além das vagas, depois de uma revisão).",
    )
    for cargo in prestacao.cargos:
        if not cargo.publicado:
            tabela.linhas.append([cargo.cargo, SEM_RESULTADO, "", "", "", "", "", "", ""])
            continue
        for g in cargo.grupos:
            pessoas = [g.pelo_grupo, g.compensacao, g.outro_grupo, g.revertidas]
            tabela.linhas.append(
                [
                    cargo.cargo,
                    g.rotulo,
                    g.reservadas,
                    *(celula(n, publica) for n in pessoas),
                    g.nao_providas,
                    cargo.versao,
                ]
            )
    return tabela


def _resumo_das_chamadas(prestacao: Prestacao) -> Tabela:
    tabela = Tabela(
        "Dias da publicação do resultado a cada chamada, por cargo",
        ["Cargo", "Resultado publicado em", "Chamadas depois da publicação", "Mediana (dias)", "Máximo (dias)"],
        nota="Conta-se da primeira publicação do resultado do cargo (data do Diário Oficial) até a data do ato de "
        "cada evento que convocou alguém. Um número negativo é um ato datado antes da publicação registrada: "
        "confira as datas.",
    )
    for cargo in prestacao.cargos:
        if not cargo.publicado:
            tabela.linhas.append([cargo.cargo, SEM_RESULTADO, "", "", ""])
            continue
        dias = cargo.dias_depois_da_publicacao
        tabela.linhas.append(
            [
                cargo.cargo,
                _data(cargo.publicado_em),
                len(dias),
                _numero(cargo.mediana_de_dias),
                _numero(cargo.maximo_de_dias),
            ]
        )
    return tabela


def _chamadas(prestacao: Prestacao, publica: bool) -> Tabela:
    tabela = Tabela("Cada chamada", ["Cargo", "Evento", "Tipo", "Data do ato", "Dias desde a publicação", "Convocados"])
    for cargo in prestacao.cargos:
        for chamada in cargo.chamadas:
            tabela.linhas.append(
                [
                    cargo.cargo,
                    chamada.evento,
                    chamada.tipo,
                    _data(chamada.data),
                    _numero(chamada.dias),
                    celula(chamada.convocados, publica),
                ]
            )
    return tabela


def _autodeclaracoes(prestacao: Prestacao, publica: bool) -> Tabela:
    tabela = Tabela(
        "Heteroidentificação: autodeclarações e recursos",
        [
            "Grupo",
            "Autodeclarações",
            "Confirmadas",
            "Não confirmadas",
            "Ausentes",
            "Pendentes",
            "Declaração falsa",
            "Recursos apresentados",
            "Aguardando julgamento",
            "Providos em recurso",
            "Não providos em recurso",
        ],
        nota="Pela verificação vigente de cada opção (o último ato de verificação). Providos e não providos: os "
        "atos da comissão recursal registrados.",
    )
    for a in prestacao.autodeclaracoes:
        contagens = [
            a.total,
            *(a.por_situacao.get(s, 0) for s in (CONFIRMADO, NAO_CONFIRMADO, AUSENTE, PENDENTE, DECLARACAO_FALSA)),
            a.recursos_apresentados,
            a.recursos_aguardando,
            a.providos_em_recurso,
            a.nao_providos_em_recurso,
        ]
        tabela.linhas.append([a.rotulo, *(celula(n, publica) for n in contagens)])
    return tabela


def _apuracoes(prestacao: Prestacao, publica: bool) -> Tabela:
    a = prestacao.apuracoes
    contagens = [a.instauradas, a.em_andamento, a.decididas, a.procedentes, a.improcedentes]
    return Tabela(
        "Apuração de declaração falsa (Art. 2º, §1º)",
        ["Processos instaurados", "Em andamento", "Decididos", "Declaração falsa constatada", "Improcedentes"],
        [[celula(n, publica) for n in contagens]],
    )


def _sessoes(prestacao: Prestacao, publica: bool) -> Tabela:
    tabela = Tabela(
        "Desfechos por sessão",
        [
            "Data",
            "Comissão",
            "Grupo",
            "Situação",
            "Chamados",
            "Confirmados",
            "Não confirmados",
            "Ausentes",
            "Pendentes",
        ],
        nota="Os desfechos só das sessões encerradas: antes do encerramento não há decisão.",
    )
    for s in prestacao.sessoes:
        decisoes = [celula(s.por_decisao[d], publica) if s.encerrada else "—" for d in _DECISOES]
        tabela.linhas.append([s.data, s.comissao, s.grupo, s.situacao, celula(s.chamados, publica), *decisoes])
    return tabela


_DECISOES = (quorum.CONFIRMADO, quorum.NAO_CONFIRMADO, quorum.AUSENTE, quorum.PENDENTE)


# ---------------------------------------------------------------- gráficos


def graficos(prestacao: Prestacao, publica: bool) -> list[str]:
    """Os dois gráficos em SVG: vagas reservadas por cargo e grupo, desfechos por sessão encerrada.
    O matplotlib só é importado aqui (~1,4 s na primeira vez; docs/TECNICO.md §9)."""
    from comum.graficos import barras_empilhadas

    return [
        _grafico_das_vagas(prestacao, publica, barras_empilhadas),
        _grafico_das_sessoes(prestacao, publica, barras_empilhadas),
    ]


def _para_o_grafico(numero: int, publica: bool):
    return None if celula(numero, publica) == MENOS_DE_5 else numero


def _grafico_das_vagas(prestacao: Prestacao, publica: bool, barras_empilhadas) -> str:
    barras, linhas = [], []
    for cargo in prestacao.cargos:
        for g in cargo.grupos:
            barras.append(f"{cargo.cargo} — {g.rotulo}")
            linhas.append(g)
    series = [
        ("Providas pelo grupo", [_para_o_grafico(g.pelo_grupo, publica) for g in linhas]),
        ("Por compensação", [_para_o_grafico(g.compensacao, publica) for g in linhas]),
        ("Por outro grupo", [_para_o_grafico(g.outro_grupo, publica) for g in linhas]),
        ("Revertidas à ampla", [_para_o_grafico(g.revertidas, publica) for g in linhas]),
        ("Não providas", [g.nao_providas for g in linhas]),
    ]
    return barras_empilhadas(barras, series, titulo="Vagas reservadas por cargo e grupo", eixo="vagas")


def _grafico_das_sessoes(prestacao: Prestacao, publica: bool, barras_empilhadas) -> str:
    encerradas = [s for s in prestacao.sessoes if s.encerrada]
    barras = [f"{s.data} — {s.comissao} ({s.grupo})" for s in encerradas]
    nomes = ("Confirmados", "Não confirmados", "Ausentes", "Pendentes")
    series = [
        (nome, [_para_o_grafico(s.por_decisao[d], publica) for s in encerradas])
        for nome, d in zip(nomes, _DECISOES, strict=True)
    ]
    return barras_empilhadas(barras, series, titulo="Desfechos por sessão encerrada", eixo="candidatos")


def em_data_uri(svg: str) -> str:
    """O SVG como ``data:`` para o ``<img>`` do PDF (o buscador do WeasyPrint aceita só ``data:``)."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


# ---------------------------------------------------------------- planilha


def planilha(prestacao: Prestacao, publica: bool, titulo: str) -> bytes:
    """Uma aba por tabela; números como números (o "< 5" como texto), a nota embaixo."""
    livro = Workbook()
    livro.remove(livro.active)
    for numero, tabela in enumerate(tabelas(prestacao, publica), 1):
        aba = livro.create_sheet(f"{numero} {tabela.titulo}"[:31].replace(":", ""))
        aba.append([titulo])
        aba.append([tabela.titulo])
        aba.append(tabela.cabecalho)
        for celula_ in aba[3]:
            celula_.font = Font(bold=True)
        for linha in tabela.linhas:
            aba.append(linha)
        if tabela.nota:
            aba.append([])
            aba.append([tabela.nota])
    saida = BytesIO()
    livro.save(saida)
    return saida.getvalue()


def _data(valor) -> str:
    return valor.strftime("%d/%m/%Y") if valor else "—"


def _numero(valor):
    """Mediana com meio dia (12,5) sai como 12.5 na planilha e 12,5 nos textos; ``None`` é "—"."""
    if valor is None:
        return "—"
    return int(valor) if float(valor).is_integer() else float(valor)
