"""Estruturas de dados do motor: dataclasses imutáveis de entrada e de saída.

Nada aqui depende de Django, de banco de dados, de relógio ou de sorteio: o mesmo cenário produz
sempre o mesmo resultado (ver ``docs/REGRAS-IMPLEMENTADAS.md``).
"""

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

AMPLA = "ampla"

# Arredondamento do quantitativo fracionado (Art. 1º, §2º, para negros).
METADE_PARA_CIMA = "metade_para_cima"
PARA_CIMA = "para_cima"
PARA_BAIXO = "para_baixo"
ARREDONDAMENTOS = (METADE_PARA_CIMA, PARA_CIMA, PARA_BAIXO)
# Como as telas (rótulo curto) e o quadro de vagas (a regra por extenso) escrevem cada arredondamento.
ROTULOS_DOS_ARREDONDAMENTOS = {METADE_PARA_CIMA: "metade para cima", PARA_CIMA: "para cima", PARA_BAIXO: "para baixo"}
REGRAS_DOS_ARREDONDAMENTOS = {
    METADE_PARA_CIMA: "fração igual ou maior que 0,5 sobe para o inteiro seguinte; menor que 0,5 é desprezada",
    PARA_CIMA: "qualquer fração sobe para o inteiro seguinte",
    PARA_BAIXO: "a fração é desprezada",
}

# Efeito da ausência no procedimento de verificação (heteroidentificação, perícia).
PERDE_RESERVA = "perde_reserva"
ELIMINADO = "eliminado"
EFEITOS_DA_AUSENCIA = (PERDE_RESERVA, ELIMINADO)

# Como a opção por um grupo é verificada (docs/REGRAS.md §§ 3 e 10): pela comissão de
# heteroidentificação (fenótipo), pela avaliação multiprofissional da deficiência (Decreto
# 9.508/2018, art. 5º), por documentos (indígenas e quilombolas: Lei 15.142/2025, art. 2º; o fenótipo
# não se aplica a eles), ou por nenhuma.
HETEROIDENTIFICACAO = "heteroidentificacao"
AVALIACAO_PCD = "avaliacao_pcd"
DOCUMENTAL = "documental"
NENHUMA = "nenhuma"
VERIFICACOES_DE_GRUPO = (HETEROIDENTIFICACAO, AVALIACAO_PCD, DOCUMENTAL, NENHUMA)

# Situação da verificação da opção por um grupo (docs/REGRAS.md §3).
CONFIRMADO = "confirmado"
NAO_CONFIRMADO = "nao_confirmado"
AUSENTE = "ausente"
PENDENTE = "pendente"
DECLARACAO_FALSA = "declaracao_falsa"
SITUACOES_DE_VERIFICACAO = (CONFIRMADO, NAO_CONFIRMADO, AUSENTE, PENDENTE, DECLARACAO_FALSA)

# Cor ou raça, quesito do IBGE (Art. 2º).
CORES_IBGE = ("branca", "preta", "parda", "amarela", "indigena")

CONCURSO_PUBLICO = "concurso_publico"
PROCESSO_SELETIVO_ACS_ACE = "processo_seletivo_acs_ace"
TIPOS_DE_EDITAL = (CONCURSO_PUBLICO, PROCESSO_SELETIVO_ACS_ACE)

# Critérios de desempate (docs/REGRAS.md §6): os simples e as notas parciais (``nota:<campo>``).
IDOSO = "idoso"
IDADE = "idade"
JURADO = "jurado"
SORTEIO = "sorteio"
PREFIXO_NOTA = "nota:"
CRITERIOS_DE_DESEMPATE = (IDOSO, IDADE, JURADO, SORTEIO)
DESEMPATE_PADRAO = CRITERIOS_DE_DESEMPATE


def criterio_de_desempate_valido(criterio) -> bool:
    """Um dos critérios simples ou ``nota:<campo>`` com o campo informado."""
    if not isinstance(criterio, str):
        return False
    return criterio in CRITERIOS_DE_DESEMPATE or (
        criterio.startswith(PREFIXO_NOTA) and len(criterio) > len(PREFIXO_NOTA)
    )


# Eventos posteriores ao primeiro resultado (docs/REGRAS.md §5); a tabela dos tipos está em ``eventos.py``.
VAGAS_ADICIONAIS = "vagas_adicionais"
DESISTENCIA = "desistencia"
NAO_POSSE = "nao_posse"
FINAL_DE_LISTA = "final_de_lista"
ANULACAO = "anulacao"
# Revisões depois do primeiro resultado (docs/REGRAS.md §8).
VERIFICACAO = "verificacao"
NOTA = "nota"

# Limite do sistema, não da lei: vagas do cargo mais as adicionais. O cálculo cresce com as vagas
# (100 mil levam ~2 s; um bilhão, digitado por engano ou de propósito, travaria o servidor).
MAXIMO_DE_VAGAS = 100_000


@dataclass(frozen=True)
class Grupo:
    """Um grupo com reserva de vagas e seus parâmetros, cada um com a sua fonte legal."""

    grupo: str
    percentual: Decimal
    arredondamento: str
    minimo_de_vagas: int = 1
    teto_percentual: Decimal | None = None
    ausencia: str = PERDE_RESERVA
    # Autodeclarações de cor/raça que dão direito à opção (vazio: qualquer uma).
    cores_admitidas: tuple[str, ...] = ()
    nome_legivel: str = ""
    # Quem verifica a opção (``VERIFICACOES_DE_GRUPO``); o shell lê isto, nunca o nome do grupo.
    verificacao: str = HETEROIDENTIFICACAO
    # Pares (parâmetro, citação legal).
    referencias: tuple[tuple[str, str], ...] = ()
    # Os dois campos abaixo são dos regimes pré-definidos e não vão para a cópia congelada do
    # edital (``regime_para_dict``), cujo formato não muda: ``regime_inline`` os traz do
    # pré-definido de mesmo nome. Nome do grupo nas telas e documentos ("Negros", "PcD"); para um
    # nome de grupo qualquer (saída do motor, comissão), use ``regimes.rotulo_do_grupo``.
    titulo: str = ""
    # Faixa em que o edital fixa o percentual (o PcD: de 5% a 20%); ``None``: a lei o fixa.
    faixa_do_edital: tuple[Decimal, Decimal] | None = None

    @property
    def rotulo(self) -> str:
        return self.nome_legivel or self.grupo

    def referencia(self, parametro: str) -> str:
        return dict(self.referencias).get(parametro, "")


@dataclass(frozen=True)
class Regime:
    """Conjunto nomeado e versionado de grupos reservados (docs/REGRAS.md §1)."""

    nome: str
    grupos: tuple[Grupo, ...]
    prioridade: tuple[str, ...]
    referencia: str = ""
    # Data de início da vigência da lei e grupos que, pelo Art. 5º, parágrafo único, não se
    # aplicam a processos seletivos de ACS/ACE com edital publicado antes dela.
    vigencia: date | None = None
    grupos_fora_acs_ace_anterior: tuple[str, ...] = ()
    referencia_transicao: str = ""
    # Pares (regra, citação) das regras comuns a todos os grupos: ``alternancia`` (Art. 4º),
    # ``ampla_nao_computa`` (Art. 3º, §1º), ``reversao`` (Art. 3º, §3º), ``concorrencia`` (Art. 3º).
    referencias: tuple[tuple[str, str], ...] = ()
    # Os dois campos abaixo são dos regimes pré-definidos e não vão para a cópia congelada
    # (``regime_para_dict``, cujo formato não muda); ``regime_inline`` os traz do pré-definido de
    # mesmo nome. Nome do regime nas escolhas do edital.
    titulo: str = ""
    # Citações das regras comuns que a cópia congelada não guarda: ``quadro`` (o edital publica o
    # total de vagas reservadas por cargo) e, no cariacica-2023, todas as de ``referencias``.
    citacoes: tuple[tuple[str, str], ...] = ()

    def referencia_de(self, regra: str) -> str:
        """Citação da regra no regime; sem ela, a referência geral do regime (nunca a de outra lei)."""
        return dict(self.referencias).get(regra) or dict(self.citacoes).get(regra) or self.referencia

    @property
    def grupo_de_percentual_do_edital(self) -> Grupo | None:
        """O grupo cujo percentual a lei deixa ao edital (o PcD), se houver."""
        return next((g for g in self.grupos if g.faixa_do_edital is not None), None)

    def grupo(self, nome: str) -> Grupo:
        for grupo in self.grupos:
            if grupo.grupo == nome:
                return grupo
        raise KeyError(nome)

    @property
    def nomes_dos_grupos(self) -> tuple[str, ...]:
        return tuple(g.grupo for g in self.grupos)


@dataclass(frozen=True)
class Edital:
    """O que o motor usa do edital: o tipo (concurso ou processo seletivo de ACS/ACE), a data de
    publicação, a data de referência da idade e a cadeia de desempate (docs/REGRAS.md §6)."""

    tipo: str = CONCURSO_PUBLICO
    publicado_em: date | None = None
    data_referencia_idade: date | None = None
    desempate: tuple[str, ...] = DESEMPATE_PADRAO


@dataclass(frozen=True)
class Candidato:
    """Uma inscrição classificada no cargo (aprovada em todas as fases eliminatórias)."""

    inscricao: str
    nota: Decimal
    notas: tuple[tuple[str, Decimal], ...] = ()
    nascimento: date | None = None
    jurado: bool = False
    sorteio: int | None = None
    cor_raca: str | None = None
    grupos: tuple[str, ...] = ()
    verificacao: tuple[tuple[str, str], ...] = ()
    eliminado: bool = False

    def situacao(self, grupo: str) -> str:
        """Situação da verificação da opção pelo grupo; ``pendente`` quando não informada."""
        for nome, situacao in self.verificacao:
            if nome == grupo:
                return situacao
        return PENDENTE

    def nota_parcial(self, campo: str) -> Decimal | None:
        for nome, valor in self.notas:
            if nome == campo:
                return valor
        return None


@dataclass(frozen=True)
class Evento:
    """Um evento depois do primeiro resultado (docs/REGRAS.md §§ 5 e 8).

    ``grupo`` e ``situacao`` são da revisão ``verificacao``; ``nota`` e ``notas`` (parciais), da
    revisão ``nota``; ``sub_judice`` marca a revisão vinda de decisão judicial não definitiva.
    ``documento``, ``data`` e ``motivo`` passam ao registro de chamadas sem entrar no cálculo.
    """

    tipo: str
    inscricao: str | None = None
    quantidade: int | None = None
    grupo: str | None = None
    situacao: str | None = None
    nota: Decimal | None = None
    notas: tuple[tuple[str, Decimal], ...] = ()
    sub_judice: bool = False
    documento: str = ""
    data: date | None = None
    motivo: str = ""


@dataclass(frozen=True)
class Cenario:
    """Um cargo de um edital: regime, vagas, classificados e eventos (``cotas-cenario/1``)."""

    regime: Regime
    vagas: int
    candidatos: tuple[Candidato, ...] = ()
    eventos: tuple[Evento, ...] = ()
    edital: Edital = field(default_factory=Edital)
    descricao: str = ""
    # Avisos produzidos ao ler o cenário (por exemplo, parâmetro fixado em lei sobreposto).
    avisos_de_leitura: tuple[str, ...] = ()


@dataclass(frozen=True)
class Quadro:
    """Quadro de vagas de um cargo (docs/REGRAS.md §2; Art. 1º, §4º)."""

    vagas: int
    ampla: int
    reservadas: tuple[tuple[str, int], ...]
    # Grupos abaixo do mínimo de vagas: só cadastro de reserva (Art. 1º, §3º).
    cadastro_de_reserva: tuple[str, ...] = ()
    # Posições das chamadas reservadas dentro das vagas do quadro (Art. 4º).
    posicoes_reservadas: tuple[tuple[str, tuple[int, ...]], ...] = ()

    def reservadas_do(self, grupo: str) -> int:
        return dict(self.reservadas)[grupo]


@dataclass(frozen=True)
class Convocacao:
    """Uma linha do registro de chamadas."""

    ordem: int
    evento: int
    posicao: int
    inscricao: str
    vaga: str
    motivo: str
    revertida_de: str | None = None


@dataclass(frozen=True)
class Reclassificacao:
    """Mudança do rótulo de um convocado que continua convocado (docs/REGRAS.md §5)."""

    evento: int
    inscricao: str
    de: str
    para: str
    motivo: str
    # Posição antes e depois (posições estáveis, docs/REGRAS.md §5): quem muda de rótulo muda de vaga.
    de_posicao: int | None = None
    para_posicao: int | None = None


@dataclass(frozen=True)
class Saida:
    """Candidato convocado que deixou a convocação por um evento."""

    evento: int
    tipo: str
    inscricao: str
    vaga: str | None
    posicao: int | None


@dataclass(frozen=True)
class Posicao:
    """Um convocado ativo na ordem de convocação vigente, depois de todos os eventos (docs/REGRAS.md
    §5): a posição é a vaga que ele ocupa desde que foi chamado. ``tipo`` é o tipo da posição pela
    alternância (``None`` além de ``N``); ``vaga``, o rótulo do convocado."""

    posicao: int
    tipo: str | None
    inscricao: str | None
    vaga: str | None


@dataclass(frozen=True)
class Mantido:
    """Convocado que uma revisão deixou fora dos vencedores e que mantém a vaga (docs/REGRAS.md §8)."""

    evento: int
    inscricao: str
    vaga: str
    posicao: int | None = None


@dataclass(frozen=True)
class Resultado:
    """Saída do motor (``cotas-resultado/1``)."""

    regime: str
    quadro: Quadro
    listas: tuple[tuple[str, tuple[str, ...]], ...]
    convocacoes: tuple[Convocacao, ...]
    nomeados: tuple[tuple[str, str], ...]
    eliminados: tuple[str, ...]
    empates: tuple[tuple[str, ...], ...]
    pendencias: tuple[str, ...]
    inconsistencias: tuple[str, ...]
    avisos: tuple[str, ...]
    reclassificacoes: tuple[Reclassificacao, ...] = ()
    saidas: tuple[Saida, ...] = ()
    vagas_totais: int = 0
    ordem_vigente: tuple[Posicao, ...] = ()
    mantidos: tuple[Mantido, ...] = ()
    # Inscrições cuja última revisão veio de decisão judicial não definitiva e que seguem nas listas.
    sub_judice: tuple[str, ...] = ()
    # Tipo de cada posição 1..N pela alternância (ampla ou o grupo), para as telas.
    tipos_das_posicoes: tuple[str, ...] = ()

    @property
    def provisorio(self) -> bool:
        """Há verificações pendentes ou empates sem solução: o resultado não pode ser final."""
        return bool(self.pendencias or self.empates)

    def lista(self, nome: str) -> tuple[str, ...]:
        return dict(self.listas)[nome]
