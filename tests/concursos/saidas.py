"""Saídas do motor (``cotas-resultado/1``) para os testes das telas, do PDF, da planilha e das
diferenças: as esperadas dos exemplos (``tests/dados/cenarios/*.esperado.json``), completadas com o
que o arquivo de exemplo não compara (motivos das chamadas, tipos das posições), e saídas sintéticas
pequenas para comparar duas versões."""

import copy
import json

from tests.conftest import DADOS

CENARIOS = DADOS / "cenarios"


def saida_esperada(nome: str, *, motivos: dict[str, str] | None = None, tipos=None, **extra) -> dict:
    """A saída esperada do exemplo ``nome``, com um motivo em cada chamada (o de ``motivos`` para a
    inscrição, se houver) e ``tipos_das_posicoes`` (se dados)."""
    saida = json.loads((CENARIOS / f"{nome}.esperado.json").read_text(encoding="utf-8"))
    for chamada in saida["convocacoes"]:
        chamada.setdefault("motivo", (motivos or {}).get(chamada["inscricao"], f"{chamada['posicao']}ª vaga"))
    if tipos is not None:
        saida["tipos_das_posicoes"] = list(tipos)
    saida.update(extra)
    return saida


def cenario_do_exemplo(nome: str) -> dict:
    return json.loads((CENARIOS / f"{nome}.json").read_text(encoding="utf-8"))


def saida_sintetica(**mudancas) -> dict:
    """Cinco vagas (ampla, ampla, negros, ampla, pcd); geral A, B, Y, C, D, Z, P; negros Y, Z; pcd P;
    convocados A, B, Z (negros, 3ª), Y (ampla, 4ª), P (pcd, 5ª). ``mudancas`` troca chaves inteiras."""
    convocados = [("A", "ampla"), ("B", "ampla"), ("Z", "negros"), ("Y", "ampla"), ("P", "pcd")]
    saida = {
        "formato": "cotas-resultado/1",
        "regime": "cariacica-2023",
        "quadro": {"vagas": 5, "ampla": 3, "reservadas": {"negros": 1, "pcd": 1}},
        "listas": {"geral": ["A", "B", "Y", "C", "D", "Z", "P"], "negros": ["Y", "Z"], "pcd": ["P"]},
        "convocacoes": [
            {"ordem": i, "evento": 0, "posicao": i, "inscricao": n, "vaga": v, "motivo": f"{i}ª vaga"}
            for i, (n, v) in enumerate(convocados, start=1)
        ],
        "nomeados": sorted([n, v] for n, v in convocados),
        "ordem_vigente": [{"posicao": i, "inscricao": n, "vaga": v} for i, (n, v) in enumerate(convocados, start=1)],
        "tipos_das_posicoes": ["ampla", "ampla", "negros", "ampla", "pcd"],
        "mantidos": [],
        "sub_judice": [],
        "eliminados": [],
        "empates": [],
        "pendencias": [],
        "inconsistencias": [],
        "avisos": [],
        "vagas_totais": 5,
    }
    saida.update(copy.deepcopy(mudancas))
    return saida
