"""As colunas fixas da planilha de inscrições, definidas uma vez só.

Cada coluna diz o seu nome no cabeçalho, os apelidos aceitos (o cabeçalho é normalizado antes:
``'Data de Nascimento'`` → ``data_de_nascimento``), o leitor da célula, se é obrigatória e para
onde vai o valor lido (um campo da inscrição ou do candidato). Daqui saem as listas que a
importação usa: as colunas aceitas e as obrigatórias (e as mensagens que as citam), os apelidos, a
ordem de leitura das células e os campos gravados em massa (``gravacao``).

Além das fixas, o cabeçalho aceita duas famílias que dependem do edital (``cabecalho``): uma coluna
sim/não por grupo do regime congelado (``negros``, ``pcd``…) e ``nota_<campo>`` para as notas
parciais; e, para que uma planilha exportada volte pela importação, ``edital`` e
``verificacao_<grupo>`` (conferida ou ignorada).

Uma coluna nova é uma entrada nesta tabela (com o leitor em ``leitores``, se nenhum servir); para
sair também na exportação, uma ``Coluna`` em ``recurso.InscricaoResource``.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from . import leitores as ler

INSCRICAO = "inscricao"
CANDIDATO = "candidato"


@dataclass(frozen=True)
class Coluna:
    """Uma coluna fixa da planilha.

    ``leitor``: a célula → o valor do campo (ou ``ValorInvalido``); ``None`` na coluna ``cargo``,
    que é procurada entre os cargos do edital (``Conferencia``), depois das outras.
    ``destino``/``campo``: onde o valor é gravado. ``chave``: identifica o registro (o número da
    inscrição no edital, o CPF do candidato) e não é regravado. Coluna ausente não muda nada numa
    inscrição existente; célula vazia de coluna opcional do candidato não apaga o que ele já tem."""

    nome: str
    leitor: Callable | None
    destino: str
    campo: str = ""
    obrigatoria: bool = False
    chave: bool = False
    apelidos: tuple[str, ...] = ()

    @property
    def atributo(self) -> str:
        return self.campo or self.nome


# A ordem é a de leitura das células (e, por isso, a das mensagens de uma linha com vários erros);
# as obrigatórias e as aceitas são citadas nas mensagens nesta ordem, as obrigatórias primeiro.
COLUNAS = (
    Coluna(
        "inscricao",
        partial(ler.ler_texto, maximo=20, obrigatorio=True),
        INSCRICAO,
        campo="numero",
        obrigatoria=True,
        chave=True,
        apelidos=("numero_de_inscricao", "numero_da_inscricao", "n_inscricao", "no_inscricao"),
    ),
    Coluna("cpf", ler.ler_cpf, CANDIDATO, obrigatoria=True, chave=True),
    Coluna("nome", partial(ler.ler_nome, obrigatorio=True), CANDIDATO, obrigatoria=True),
    Coluna("nome_social", partial(ler.ler_nome, obrigatorio=False), CANDIDATO),
    Coluna("nascimento", ler.ler_data, CANDIDATO, apelidos=("data_de_nascimento", "data_nascimento")),
    Coluna("email", ler.ler_email, CANDIDATO, apelidos=("e_mail",)),
    Coluna("cor_raca", ler.ler_cor_raca, INSCRICAO, apelidos=("cor", "raca_cor", "cor_ou_raca")),
    Coluna("cargo", None, INSCRICAO, obrigatoria=True, apelidos=("codigo_do_cargo",)),
    Coluna("nota", ler.ler_decimal, INSCRICAO, obrigatoria=True, apelidos=("nota_final",)),
    Coluna("jurado", ler.ler_sim_nao, INSCRICAO),
    Coluna("situacao", ler.ler_situacao, INSCRICAO, apelidos=("situacao_do_candidato",)),
    Coluna("sorteio", ler.ler_inteiro_positivo, INSCRICAO),
)

POR_NOME = {coluna.nome: coluna for coluna in COLUNAS}
OBRIGATORIAS = tuple(c.nome for c in COLUNAS if c.obrigatoria)
FIXAS = (*OBRIGATORIAS, *(c.nome for c in COLUNAS if not c.obrigatoria))
APELIDOS = {apelido: c.nome for c in COLUNAS for apelido in c.apelidos}
LIDAS = tuple(c for c in COLUNAS if c.leitor is not None)

# O que a linha muda na inscrição e no candidato (a chave e o cargo são postos à parte).
DA_INSCRICAO = tuple(c for c in LIDAS if c.destino == INSCRICAO and not c.chave)
DO_CANDIDATO = tuple(c for c in LIDAS if c.destino == CANDIDATO)

# Os campos que a gravação em massa atualiza: os das colunas, o candidato (achado pelo CPF) e as
# notas parciais (das colunas ``nota_<campo>``).
CAMPOS_DA_INSCRICAO = (
    "candidato",
    *(c.atributo for c in COLUNAS if c.destino == INSCRICAO and not c.chave),
    "notas_parciais",
)
CAMPOS_DO_CANDIDATO = tuple(c.atributo for c in DO_CANDIDATO if not c.chave)
