"""As tabelas e os gráficos do relatório de prestação de contas, uma vez só para a tela, o PDF e a
planilha (docs/PRESTACAO-DE-CONTAS.md): cada tabela é título, cabeçalho, linhas, nota e legenda.

Cada célula que conta é uma ``Contagem``, e cada soma que a tabela publica (um total e as partes dele
na mesma linha) é uma ``Soma``. Na versão pública, ``comum.supressao`` protege o relatório inteiro de
uma vez: as contagens de 1 a 4 pessoas saem "< 5" e as complementares "X", com a legenda embaixo de
cada tabela. Os gráficos saem das tabelas já suprimidas: não mostram nada que a tabela esconde."""

import base64
from dataclasses import dataclass, field, replace
from io import BytesIO

from openpyxl import Workbook
from openpyxl.styles import Font

from comum.supressao import MENOS_DE_5, NAO_DIVULGADO, OMITIDO, Contagem, Soma, suprimir
from concursos.pdf.medidas import MM_POR_PT, fonte_embutida
from cotas import quorum
from cotas.modelo import AUSENTE, CONFIRMADO, DECLARACAO_FALSA, NAO_CONFIRMADO, PENDENTE

from .contagens import SAIU_ANTES, Prestacao

SEM_RESULTADO = "sem resultado publicado"
VAGAS = "Vagas reservadas por cargo e grupo"
AUTODECLARACOES = "Heteroidentificação: autodeclarações e recursos"
APURACOES = "Apuração de declaração falsa (Art. 2º, §1º)"
SESSOES = "Desfechos por sessão"
LEGENDAS = {
    MENOS_DE_5: "< 5: de 1 a 4 pessoas; o número exato não se publica (LGPD, art. 11).",
    OMITIDO: "X: número não divulgado para que nenhum “< 5” possa ser calculado a partir dos totais "
    "publicados (supressão complementar). Uma contagem de pessoas com X tem 5 ou mais: as de 1 a 4 "
    "são sempre “< 5”.",
    NAO_DIVULGADO: "n.d.: não divulgado, pode ser qualquer número, inclusive 0. Com o total já público (as "
    "vagas reservadas do Anexo I) e as outras partes em zero, um “< 5” sairia da conta exata: a linha inteira "
    "deixa de ser publicada.",
}


@dataclass
class Tabela:
    titulo: str
    cabecalho: list[str]
    linhas: list[list] = field(default_factory=list)
    nota: str = ""
    somas: list[Soma] = field(default_factory=list)  # (linha, coluna) do total e das partes
    legenda: list[str] = field(default_factory=list)  # o que quer dizer cada marcador da tabela

    @property
    def celulas(self) -> list[list[tuple[object, int]]]:
        """As linhas como (valor, colunas que ocupa), para a tela e o PDF: num cargo sem resultado
        publicado, o aviso ocupa o resto da linha em vez de ficar espremido na coluna do grupo."""
        saida = []
        for valores in self.linhas:
            if SEM_RESULTADO in valores:
                inicio = valores.index(SEM_RESULTADO)
                saida.append([*((v, 1) for v in valores[:inicio]), (SEM_RESULTADO, len(self.cabecalho) - inicio)])
            else:
                saida.append([(v, 1) for v in valores])
        return saida

    @property
    def larguras(self) -> list[float]:
        """A largura de cada coluna no PDF, em % da tabela (ver ``larguras_das_colunas``)."""
        return larguras_das_colunas(self.cabecalho, [linha for linha in self.linhas if SEM_RESULTADO not in linha])

    def linha(self, valores: list, *, total: int | None = None, partes: tuple[int, ...] = ()) -> int:
        """Acrescenta a linha e devolve o número dela; com ``total``, a coluna ``total`` é publicada
        como a soma das colunas ``partes``."""
        numero = len(self.linhas)
        self.linhas.append(valores)
        if total is not None:
            self.somar(numero, total, partes)
        return numero

    def somar(self, linha: int, total: int, partes: tuple[int, ...]) -> None:
        self.somas.append(Soma((linha, total), tuple((linha, parte) for parte in partes)))


# O PDF sai em A4 deitada (as tabelas têm até 11 colunas): 297 mm menos as margens de 14 mm.
LARGURA_DA_TABELA = 297 - 2 * 14  # mm
TITULO_DA_COLUNA = 8.5  # pt, o corpo do th na folha de impressão
FOLGA_DA_CELULA = 3.7  # mm: 1,5 mm de cada lado, o filete e uma sobra contra arredondamentos
# Colunas de texto (nomes de cargo, grupo, comissão, evento): ficam com a largura que sobra.
COLUNAS_DE_TEXTO = {"Cargo", "Grupo", "Evento", "Tipo", "Comissão", "Situação"}


def larguras_das_colunas(cabecalho: list[str], linhas: list[list] = ()) -> list[float]:
    """Cada coluna com ao menos a largura da palavra mais longa do título (em negrito) e dos valores
    (uma data, um "< 5"), medidas com a fonte embutida: nenhum título invade o vizinho e nenhuma data
    quebra; o que sobra vai para as colunas de texto (ou para todas, se não há). Em % da tabela."""
    negrito, normal, em = fonte_embutida(True), fonte_embutida(False), TITULO_DA_COLUNA * MM_POR_PT

    def minima(coluna: int, titulo: str) -> float:
        palavras = [negrito.medir(p) for p in titulo.split()]
        if titulo not in COLUNAS_DE_TEXTO:  # um nome de cargo longo quebra; um número, não
            palavras += [normal.medir(p) for linha in linhas if coluna < len(linha) for p in str(linha[coluna]).split()]
        return max(palavras, default=0) * em + FOLGA_DA_CELULA

    minimas = [minima(coluna, titulo) for coluna, titulo in enumerate(cabecalho)]
    texto = [i for i, titulo in enumerate(cabecalho) if titulo in COLUNAS_DE_TEXTO] or range(len(cabecalho))
    sobra = max(LARGURA_DA_TABELA - sum(minimas), 0) / len(texto)
    larguras = [m + (sobra if i in texto else 0) for i, m in enumerate(minimas)]
    total = sum(larguras)
    return [round(100 * largura / total, 2) for largura in larguras]


def tabelas(prestacao: Prestacao, publica: bool) -> list[Tabela]:
    """As seis tabelas; na versão pública, com as células suprimidas e a legenda dos marcadores."""
    brutas = [
        _vagas(prestacao),
        _resumo_das_chamadas(prestacao),
        _chamadas(prestacao),
        _autodeclaracoes(prestacao),
        _apuracoes(prestacao),
        _sessoes(prestacao),
    ]
    marcas = _suprimidas(brutas) if publica else {}
    return [_como_sai(tabela, numero, marcas) for numero, tabela in enumerate(brutas)]


def _suprimidas(brutas: list[Tabela]) -> dict[tuple[int, int, int], str]:
    """(tabela, linha, coluna) → marcador, protegendo as somas de cada tabela e a ligação entre elas."""
    contagens = {
        (t, linha, coluna): valor
        for t, tabela in enumerate(brutas)
        for linha, valores in enumerate(tabela.linhas)
        for coluna, valor in enumerate(valores)
        if isinstance(valor, Contagem)
    }
    somas = [
        Soma((t, *soma.total), tuple((t, *parte) for parte in soma.partes))
        for t, tabela in enumerate(brutas)
        for soma in tabela.somas
    ]
    return suprimir(contagens, somas + _ligacao(brutas))


def _ligacao(brutas: list[Tabela]) -> list[Soma]:
    """As declarações falsas das autodeclarações são, nos dados completos, as apurações procedentes:
    sem esta soma, um X de uma tabela poderia ser lido na outra (tabelas ligadas). Quando os dados não
    fecham (declaração falsa pela Justiça, anulação de quem já foi nomeado), a soma só faz esconder
    mais, nunca menos."""
    titulos = [tabela.titulo for tabela in brutas]
    autodeclaracoes, apuracoes = titulos.index(AUTODECLARACOES), titulos.index(APURACOES)
    coluna = brutas[autodeclaracoes].cabecalho.index("Declaração falsa")
    partes = tuple((autodeclaracoes, linha, coluna) for linha in range(len(brutas[autodeclaracoes].linhas)))
    procedentes = (apuracoes, 0, brutas[apuracoes].cabecalho.index("Declaração falsa constatada"))
    return [Soma(procedentes, partes)] if partes else []


def _como_sai(tabela: Tabela, numero: int, marcas: dict) -> Tabela:
    linhas = [
        [
            marcas.get((numero, linha, coluna), v.valor) if isinstance(v, Contagem) else v
            for coluna, v in enumerate(valores)
        ]
        for linha, valores in enumerate(tabela.linhas)
    ]
    usados = {marca for (t, _, _), marca in marcas.items() if t == numero}
    return replace(
        tabela, linhas=linhas, legenda=[LEGENDAS[m] for m in (MENOS_DE_5, OMITIDO, NAO_DIVULGADO) if m in usados]
    )


def _vagas(prestacao: Prestacao) -> Tabela:
    tabela = Tabela(
        VAGAS,
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
        "grupo (outra posição ou além das vagas, depois de uma revisão). Reservadas = providas pelo grupo + "
        "por outro grupo + revertidas + não providas.",
    )
    for cargo in prestacao.cargos:
        if not cargo.publicado:
            tabela.linha([cargo.cargo, SEM_RESULTADO, "", "", "", "", "", "", ""])
            continue
        for g in cargo.grupos:
            tabela.linha(
                [
                    cargo.cargo,
                    g.rotulo,
                    # O número do Anexo I, já público: escondê-lo não protegeria nada.
                    Contagem(g.reservadas, pessoas=False, suprimivel=False),
                    Contagem(g.pelo_grupo),
                    Contagem(g.compensacao),
                    Contagem(g.outro_grupo),
                    Contagem(g.revertidas),
                    Contagem(g.nao_providas, pessoas=False),
                    cargo.versao,
                ],
                total=2,
                partes=(3, 5, 6, 7),
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


def _chamadas(prestacao: Prestacao) -> Tabela:
    tabela = Tabela(
        "Cada chamada",
        ["Cargo", "Evento", "Tipo", "Data do ato", "Dias desde a publicação", "Convocados", "Edital de convocação"],
        nota="Edital de convocação: os registrados (docs/ATOS-PUBLICADOS.md) que chamaram alguém desta chamada; "
        "“—”, nenhum ainda.",
    )
    for cargo in prestacao.cargos:
        for chamada in cargo.chamadas:
            tabela.linha(
                [
                    cargo.cargo,
                    chamada.evento,
                    chamada.tipo,
                    _data(chamada.data),
                    _numero(chamada.dias),
                    Contagem(chamada.convocados),
                    ", ".join(f"nº {numero}" for numero in chamada.editais) or "—",
                ]
            )
    return tabela


def _autodeclaracoes(prestacao: Prestacao) -> Tabela:
    tabela = Tabela(
        AUTODECLARACOES,
        [
            "Grupo",
            "Autodeclarações",
            "Confirmadas",
            "Não confirmadas",
            "Ausentes",
            "Pendentes",
            "Sem verificação: saíram antes",
            "Declaração falsa",
            "Recursos apresentados",
            "Aguardando julgamento",
            "Providos em recurso",
            "Não providos em recurso",
        ],
        nota="Pela verificação vigente de cada opção (o último ato de verificação). Sem verificação: pendentes de "
        "quem saiu de todas as listas (desistência, não posse, anulação, declaração falsa) ou das listas dos grupos "
        "(final de lista) antes da decisão, que não muda mais lista nenhuma. Providos e não providos: os atos da "
        "comissão recursal registrados.",
    )
    for a in prestacao.autodeclaracoes:
        contagens = [
            a.total,
            *(a.por_situacao.get(s, 0) for s in _SITUACOES),
            a.recursos_apresentados,
            a.recursos_aguardando,
            a.providos_em_recurso,
            a.nao_providos_em_recurso,
        ]
        linha = tabela.linha([a.rotulo, *(Contagem(n) for n in contagens)], total=1, partes=(2, 3, 4, 5, 6, 7))
        # Nos dados completos, cada recurso apresentado aguarda ou foi provido ou não provido: a soma
        # que o leitor faria fica protegida, mesmo quando o ato veio sem o recurso no sistema.
        tabela.somar(linha, 8, (9, 10, 11))
    return tabela


_SITUACOES = (CONFIRMADO, NAO_CONFIRMADO, AUSENTE, PENDENTE, SAIU_ANTES, DECLARACAO_FALSA)


def _apuracoes(prestacao: Prestacao) -> Tabela:
    a = prestacao.apuracoes
    tabela = Tabela(
        APURACOES,
        ["Processos instaurados", "Em andamento", "Decididos", "Declaração falsa constatada", "Improcedentes"],
    )
    contagens = [a.instauradas, a.em_andamento, a.decididas, a.procedentes, a.improcedentes]
    linha = tabela.linha([Contagem(n) for n in contagens], total=0, partes=(1, 2))
    tabela.somar(linha, 2, (3, 4))
    return tabela


def _sessoes(prestacao: Prestacao) -> Tabela:
    tabela = Tabela(
        SESSOES,
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
        inicio = [s.data, s.comissao, s.grupo, s.situacao, Contagem(s.chamados)]
        if s.encerrada:
            tabela.linha([*inicio, *(Contagem(s.por_decisao[d]) for d in _DECISOES)], total=4, partes=(5, 6, 7, 8))
        else:
            tabela.linha([*inicio, *("—" for _ in _DECISOES)])
    return tabela


_DECISOES = (quorum.CONFIRMADO, quorum.NAO_CONFIRMADO, quorum.AUSENTE, quorum.PENDENTE)


# ---------------------------------------------------------------- gráficos

# A largura de um segmento que não se divulga: simbólica, a do limite do marcador (o maior valor que
# "< 5" pode esconder; o menor que um X de pessoas pode ter), nunca o valor.
# "n.d." pode ser 0: a largura simbólica é a do "< 5".
LARGURAS = {MENOS_DE_5: 4, OMITIDO: 5, NAO_DIVULGADO: 4}


def graficos(prestacao: Prestacao, publica: bool) -> list[str]:
    """Os dois gráficos em SVG, desenhados das tabelas como saem (na versão pública, já suprimidas):
    vagas reservadas por cargo e grupo, desfechos por sessão encerrada. O matplotlib só é importado
    aqui (~1,4 s na primeira vez; docs/TECNICO.md §9)."""
    from comum.graficos import barras_empilhadas

    por_titulo = {tabela.titulo: tabela for tabela in tabelas(prestacao, publica)}
    vagas = por_titulo[VAGAS]
    cargos = [linha for linha in vagas.linhas if linha[1] != SEM_RESULTADO]
    sessoes = por_titulo[SESSOES]
    encerradas = [linha for linha, sessao in zip(sessoes.linhas, prestacao.sessoes, strict=True) if sessao.encerrada]
    return [
        barras_empilhadas(
            [f"{linha[0]} — {linha[1]}" for linha in cargos],
            _series(
                vagas,
                cargos,
                ("Providas pelo grupo", "Por compensação", "Por outro grupo", "Revertidas à ampla", "Não providas"),
            ),
            titulo="Vagas reservadas por cargo e grupo",
            eixo="vagas",
        ),
        barras_empilhadas(
            [f"{linha[0]} — {linha[1]} ({linha[2]})" for linha in encerradas],
            _series(sessoes, encerradas, ("Confirmados", "Não confirmados", "Ausentes", "Pendentes")),
            titulo="Desfechos por sessão encerrada",
            eixo="candidatos",
        ),
    ]


def _series(tabela: Tabela, linhas: list[list], colunas: tuple[str, ...]) -> list[tuple[str, list]]:
    """Uma série por coluna; o marcador vira um segmento ``Oculto`` (hachurado, largura simbólica)."""
    from comum.graficos import Oculto

    def segmento(valor):
        return Oculto(valor, LARGURAS[valor]) if valor in LARGURAS else valor

    return [(nome, [segmento(linha[tabela.cabecalho.index(nome)]) for linha in linhas]) for nome in colunas]


def em_data_uri(svg: str) -> str:
    """O SVG como ``data:`` para o ``<img>`` do PDF (o buscador do WeasyPrint aceita só ``data:``)."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


# ---------------------------------------------------------------- planilha


def planilha(prestacao: Prestacao, publica: bool, titulo: str) -> bytes:
    """Uma aba por tabela; números como números (os marcadores "< 5" e "X" como texto), a nota e a
    legenda embaixo."""
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
        textos = [texto for texto in (tabela.nota, *tabela.legenda) if texto]
        if textos:
            aba.append([])
        for texto in textos:
            aba.append([texto])
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
