"""Os campos que uma planilha de inscrições pode trazer para UM edital, com o rótulo e a explicação
que o RH lê: na tela de mapeamento (para onde vai cada coluna do arquivo da banca), no modelo para
baixar (a nota de cada cabeçalho e a lista de valores válidos) e nas mensagens.

São as colunas fixas (``colunas``), uma coluna sim/não por grupo do regime congelado do edital e uma
``nota_<campo>`` por nota parcial que a cadeia de desempate do edital usa (``nota:<campo>``).
"""

from dataclasses import dataclass

from cotas.modelo import PREFIXO_NOTA
from cotas.regimes import rotulo_do_grupo

from .colunas import COLUNAS

SIM_NAO = ("sim", "não")

# Rótulo, explicação e valores válidos de cada coluna fixa, na ordem de ``colunas.COLUNAS``.
_DESCRICAO = {
    "inscricao": ("Número de inscrição", "O número da inscrição na banca; identifica a linha no edital.", ()),
    "cpf": ("CPF", "Com ou sem pontos e traço (000.000.000-00); os dígitos verificadores são conferidos.", ()),
    "nome": ("Nome do candidato", "O nome civil completo.", ()),
    "nome_social": ("Nome social", "Opcional; quando houver, é o nome usado nas listas publicadas.", ()),
    "nascimento": ("Data de nascimento", "dd/mm/aaaa; usada no desempate do idoso e da idade.", ()),
    "email": ("E-mail", "Opcional.", ()),
    "cor_raca": (
        "Cor/raça (autodeclaração IBGE)",
        "Quesito do IBGE: branca, preta, parda, amarela ou indígena (maiúsculas e masculino aceitos).",
        ("branca", "preta", "parda", "amarela", "indígena"),
    ),
    "cargo": ("Cargo", "O código do cargo no edital ou o nome dele (acentos e maiúsculas não importam).", ()),
    "nota": ("Nota final", "Com vírgula ou ponto decimal (78,5), até 3 casas; nunca é arredondada.", ()),
    "jurado": ("Serviço do júri", "sim ou não: critério de desempate (exercício da função de jurado).", SIM_NAO),
    "situacao": ("Situação", "classificado ou eliminado; vazio é classificado.", ("classificado", "eliminado")),
    "sorteio": ("Ordem no sorteio", "Número inteiro a partir de 1, do sorteio público de desempate.", ()),
}


@dataclass(frozen=True)
class CampoDaPlanilha:
    """Um campo que a planilha pode trazer: ``nome`` é o cabeçalho do modelo e o destino do mapeamento."""

    nome: str
    rotulo: str
    ajuda: str
    obrigatorio: bool = False
    valores: tuple[str, ...] = ()  # os valores válidos, quando são uma lista (sim/não, cor/raça…)


def campos_de_nota(edital) -> tuple[str, ...]:
    """As notas parciais que a cadeia de desempate do edital usa (``nota:<campo>`` → ``<campo>``)."""
    return tuple(c[len(PREFIXO_NOTA) :] for c in edital.desempate or () if c.startswith(PREFIXO_NOTA))


def campos_da_planilha(edital) -> tuple[CampoDaPlanilha, ...]:
    """Os campos do edital, na ordem do modelo para baixar: as colunas fixas, um sim/não por grupo
    do regime depois da cor/raça e as notas parciais do desempate depois da nota final."""
    campos = []
    for coluna in COLUNAS:
        rotulo, ajuda, valores = _DESCRICAO[coluna.nome]
        campos.append(CampoDaPlanilha(coluna.nome, rotulo, ajuda, coluna.obrigatoria, valores))
        if coluna.nome == "cor_raca":
            for grupo in edital.regime_congelado().nomes_dos_grupos:
                legivel = rotulo_do_grupo(grupo)
                ajuda = f"sim se o candidato concorre às vagas reservadas ({legivel}); vazio é não."
                campos.append(CampoDaPlanilha(grupo, f"Concorre às vagas reservadas: {legivel}", ajuda, False, SIM_NAO))
        if coluna.nome == "nota":
            for campo in campos_de_nota(edital):
                ajuda = f"Nota parcial “{campo}”, critério de desempate do edital; com vírgula ou ponto."
                campos.append(CampoDaPlanilha(f"nota_{campo}", f"Nota parcial: {campo.replace('_', ' ')}", ajuda))
    return tuple(campos)
