"""O que mudou entre duas versões do resultado de um cargo, e para quem.

Compara as saídas do motor (``cotas-resultado/1``) e descreve, por inscrição, as mudanças que
interessam ao candidato: entrou ou saiu de uma lista, foi convocado, mudou de vaga, saiu.
"""


def _situacao(saida: dict) -> dict[str, str]:
    """Para cada inscrição convocada ao fim dos eventos: 'ampla, 4ª vaga' ou 'negros, 3ª vaga'."""
    posicoes = {p["inscricao"]: p["posicao"] for p in saida.get("ordem_vigente", []) if p["inscricao"]}
    return {
        inscricao: f"convocado, {rotulo}" + (f", {posicoes[inscricao]}ª vaga" if inscricao in posicoes else "")
        for inscricao, rotulo in saida.get("nomeados", [])
    }


def _listas(saida: dict) -> dict[str, set[str]]:
    por_inscricao: dict[str, set[str]] = {}
    for nome, lista in saida.get("listas", {}).items():
        for inscricao in lista:
            por_inscricao.setdefault(inscricao, set()).add(nome)
    return por_inscricao


def diferencas(anterior: dict | None, atual: dict) -> list[dict]:
    """Lista de mudanças ``{"inscricao", "antes", "depois"}``, em ordem de inscrição."""
    if anterior is None:
        return [{"inscricao": "", "antes": "", "depois": "primeira versão do resultado"}]
    mudancas = []
    antes, depois = _situacao(anterior), _situacao(atual)
    listas_antes, listas_depois = _listas(anterior), _listas(atual)
    for inscricao in sorted(set(antes) | set(depois) | set(listas_antes) | set(listas_depois)):
        de = antes.get(inscricao) or _fora(listas_antes.get(inscricao), *_saida(anterior, inscricao))
        para = depois.get(inscricao) or _fora(listas_depois.get(inscricao), *_saida(atual, inscricao))
        if de != para:
            mudancas.append({"inscricao": inscricao, "antes": de, "depois": para})
    if anterior.get("vagas_totais") != atual.get("vagas_totais"):
        mudancas.append(
            {
                "inscricao": "",
                "antes": f"{anterior.get('vagas_totais')} vagas",
                "depois": f"{atual.get('vagas_totais')} vagas",
            }
        )
    return mudancas


def _saida(saida: dict, inscricao: str) -> tuple[str | None, bool]:
    """Como a inscrição saiu da convocação nesta versão (último evento que a tirou) e se está eliminada."""
    tipos = [s["tipo"] for s in saida.get("saidas", []) if s["inscricao"] == inscricao]
    return (tipos[-1] if tipos else None), inscricao in saida.get("eliminados", [])


def _fora(listas: set[str] | None, saida: str | None = None, eliminado: bool = False) -> str:
    if saida:
        return {"desistencia": "desistente", "nao_posse": "sem posse", "anulacao": "nomeação anulada"}.get(
            saida, "aguardando no final da lista"
        )
    if eliminado:
        return "eliminado"
    if not listas:
        return "fora das listas"
    return "classificado (" + ", ".join(sorted(listas)) + "), não convocado"
