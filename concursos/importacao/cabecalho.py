"""O cabeçalho da planilha: normalizado (``'Data de Nascimento'`` → ``nascimento``) e conferido
contra as colunas aceitas (``colunas``) e os grupos do regime congelado do edital.

Coluna desconhecida é erro: uma coluna ``negro`` ignorada em silêncio tiraria a reserva de todos.
"""

from dataclasses import dataclass, field

import cotas
from comum.planilhas import letra_da_coluna, linha_vazia, texto

from .colunas import APELIDOS, FIXAS, OBRIGATORIAS
from .leitores import normalizar_cabecalho

GRUPOS_CONHECIDOS = {g for regime in cotas.REGIMES.values() for g in regime.nomes_dos_grupos}


@dataclass
class Cabecalho:
    """O cabeçalho lido: os problemas (vazio se serve), os nomes normalizados, o rótulo de cada coluna
    para as mensagens (o texto original e a letra) e os campos das notas parciais."""

    problemas: list[str] = field(default_factory=list)
    nomes: list[str] = field(default_factory=list)
    rotulos: dict[str, tuple[str, str]] = field(default_factory=dict)
    campos_de_nota: tuple[str, ...] = ()


def curto(texto_: str, tamanho: int = 60) -> str:
    """Texto para mensagem: um cabeçalho de 100 mil caracteres não vira uma página de erro gigante."""
    return texto_ if len(texto_) <= tamanho else texto_[:tamanho] + "…"


def conhecida(nome: str, regime) -> bool:
    grupos = regime.nomes_dos_grupos
    return (
        nome in FIXAS
        or nome == "edital"
        or nome in grupos
        or (nome.startswith("nota_") and len(nome) > 5)
        or nome.removeprefix("verificacao_") in grupos
    )


def ler_cabecalho(dataset, regime) -> Cabecalho:
    """Normaliza o cabeçalho do conjunto e lista os problemas, com a letra de cada coluna.

    Num conjunto mapeado (``mapeamento.aplicar``), o rótulo de cada coluna é o cabeçalho e a letra
    do arquivo da banca (``dataset.rotulos_originais``), não o nome do campo e a posição nova."""
    lido, vistos, desconhecidas = Cabecalho(), {}, False
    grupos = ", ".join(regime.nomes_dos_grupos)
    originais = getattr(dataset, "rotulos_originais", None) or {}
    for indice, original in enumerate(dataset.headers or []):
        letra = letra_da_coluna(indice)
        nome = normalizar_cabecalho(original)
        original = texto(original)
        if original in originais:
            original, letra = originais[original]
        original = curto(original)
        nome = APELIDOS.get(nome, nome)
        if not nome:
            nome = f"_sem_nome_{letra}"
            if any(not linha_vazia([linha[indice]]) for linha in dataset):
                lido.problemas.append(f"a coluna {letra} tem valores, mas não tem nome no cabeçalho")
        elif nome in vistos:
            lido.problemas.append(f"as colunas {vistos[nome]} e {letra} são ambas “{curto(nome)}”; deixe só uma")
        elif nome in GRUPOS_CONHECIDOS and not conhecida(nome, regime):
            lido.problemas.append(
                f"coluna {letra} “{original}”: “{nome}” não é grupo do regime deste edital "
                f"({regime.nome}); os grupos são: {grupos}"
            )
        elif not conhecida(nome, regime):
            lido.problemas.append(f"coluna {letra} “{original}” desconhecida; apague-a ou corrija o nome")
            desconhecidas = True
        vistos.setdefault(nome, letra)
        lido.rotulos[nome] = (original or nome, letra)
        lido.nomes.append(nome)
    if desconhecidas:
        lido.problemas.append(
            f"as colunas aceitas são {', '.join(FIXAS)}, edital, uma sim/não por grupo do regime "
            f"({grupos}) e nota_<campo> para as notas parciais"
        )
    faltam = [c for c in OBRIGATORIAS if c not in vistos]
    if faltam:
        lido.problemas.append(f"faltam as colunas obrigatórias: {', '.join(faltam)}")
    lido.campos_de_nota = tuple(n[5:] for n in lido.nomes if n.startswith("nota_") and len(n) > 5)
    return lido
