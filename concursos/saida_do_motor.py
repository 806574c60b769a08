"""A saída do motor gravada em ``Resultado.saida`` (``cotas-resultado/1``), lida de volta em campos.

Não importa os modelos: ``Resultado.saida_do_motor`` a usa sem círculo de imports."""

import cotas

LISTA_GERAL = "geral"  # a lista de ampla concorrência, com todos os classificados; as outras são dos grupos


def listas_em_ordem(saida: dict) -> list[tuple[str, list[str]]]:
    """As listas de uma saída do motor na ordem de publicação: a geral e depois os grupos na ordem
    do regime. O PostgreSQL (jsonb) não guarda a ordem das chaves de ``saida["listas"]``; a ordem
    vem da lista de grupos de ``saida["parametros"]``, que é uma lista e a preserva."""
    listas = saida.get("listas", {})
    ordem = [LISTA_GERAL] + [g["grupo"] for g in saida.get("parametros", {}).get("grupos", [])]
    ordem += sorted(nome for nome in listas if nome not in ordem)
    return [(nome, listas[nome]) for nome in ordem if nome in listas]


def ler_saida(saida: dict) -> cotas.Resultado:
    """Uma saída do motor (gravada ou de um cenário simulado) em campos, com as listas na ordem de
    ``listas_em_ordem``."""
    return cotas.resultado_de_dict({**saida, "listas": dict(listas_em_ordem(saida))})
