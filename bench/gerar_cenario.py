"""Gera o cenário de referência do benchmark: 100 mil classificados, 2 mil vagas e 200 eventos.

O arquivo é determinístico (``random.Random(semente)``): a mesma semente dá o mesmo JSON, byte a
byte. Cerca de 30% dos classificados optam por ``negros`` (autodeclarados pretos ou pardos) e 5% por
``pcd``; todas as verificações estão resolvidas (``confirmado``, e uns poucos ``nao_confirmado``),
para que o resultado não fique provisório. Todos têm ``sorteio`` distinto: não sobram empates.

Os eventos são válidos por construção: a cada lote de eventos o motor simula o prefixo e
``nao_posse``/``final_de_lista`` só atingem quem está convocado nesse momento (quem é convocado
continua convocado até sair, docs/REGRAS.md §5); ``desistencia``/``anulacao`` atingem ativos da lista
geral, a maioria convocados. No fim o cenário inteiro é simulado uma vez para conferir.

Com ``--candidatos N`` (o ``bench/escala.py --rapido`` usa 20 mil), um cenário menor na mesma
proporção: N/50 vagas e 200·N/100 mil eventos (no mínimo 50). Os 100 mil do padrão são os de sempre.

Uso: ``.venv/bin/python bench/gerar_cenario.py [--saida ARQUIVO] [--semente N] [--candidatos N]``.
"""

import argparse
import json
import random
import sys
import time
from datetime import date
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
if str(RAIZ) not in sys.path:
    sys.path.insert(0, str(RAIZ))

import cotas  # noqa: E402

SAIDA_PADRAO = Path(__file__).resolve().parent / "saida" / "cenario-100k.json"
SEMENTE = 2023
CANDIDATOS = 100_000
VAGAS = 2_000
EVENTOS = 200
EVENTOS_POR_LOTE = 25
TIPOS_DE_EVENTO = ("desistencia", "nao_posse", "final_de_lista", "anulacao", "vagas_adicionais", "verificacao", "nota")
# Um em cada cinco eventos é uma revisão depois da convocação (docs/REGRAS.md §8): recurso de
# heteroidentificação ou de perícia PcD julgado, nota corrigida pela banca ou pela justiça.
PESOS_DOS_EVENTOS = (30, 20, 10, 5, 15, 10, 10)
EDITAL = {
    "tipo": "concurso_publico",
    "publicado_em": "2024-03-01",
    "data_referencia_idade": "2024-03-31",
    "desempate": ["idoso", "nota:conhecimentos_especificos", "idade", "jurado", "sorteio"],
}
NASCIDOS_DE = date(1955, 1, 1).toordinal()
NASCIDOS_ATE = date(2005, 12, 31).toordinal()


def _decimal(centesimos: int) -> str:
    return f"{centesimos // 100}.{centesimos % 100:02d}"


def gerar_candidatos(rng: random.Random, quantidade: int) -> list[dict]:
    sorteios = list(range(1, quantidade + 1))
    rng.shuffle(sorteios)
    return [_candidato(rng, 100_001 + i, sorteios[i]) for i in range(quantidade)]


def _candidato(rng: random.Random, numero: int, sorteio: int) -> dict:
    # Soma de duas uniformes: notas entre 40,00 e 98,00 concentradas no meio, com muitos empates.
    nota = rng.randint(2000, 4900) + rng.randint(2000, 4900)
    candidato = {
        "inscricao": str(numero),
        "nota": _decimal(nota),
        "notas": {"conhecimentos_especificos": _decimal(rng.randint(0, 5000))},
        "nascimento": date.fromordinal(rng.randint(NASCIDOS_DE, NASCIDOS_ATE)).isoformat(),
        "jurado": rng.random() < 0.02,
        "sorteio": sorteio,
    }
    grupos, verificacao = [], {}
    if rng.random() < 0.30:
        candidato["cor_raca"] = "preta" if rng.random() < 0.35 else "parda"
        grupos.append("negros")
        verificacao["negros"] = "confirmado" if rng.random() < 0.96 else "nao_confirmado"
    else:
        candidato["cor_raca"] = rng.choices(("branca", "parda", "amarela", "indigena"), (80, 12, 5, 3))[0]
    if rng.random() < 0.05:
        grupos.append("pcd")
        verificacao["pcd"] = "confirmado" if rng.random() < 0.96 else "nao_confirmado"
    if grupos:
        candidato["grupos"] = grupos
        candidato["verificacao"] = verificacao
    return candidato


def gerar_eventos(rng: random.Random, dados: dict, quantidade: int, por_lote: int = EVENTOS_POR_LOTE) -> list[dict]:
    """Eventos válidos, em lotes: o motor simula o prefixo no início de cada lote."""
    eventos, saidos = [], set()
    situacoes = {c["inscricao"]: dict(c.get("verificacao", {})) for c in dados["candidatos"]}
    while len(eventos) < quantidade:
        resultado = cotas.simular(cotas.ler_cenario({**dados, "eventos": eventos}))
        geral = resultado.lista("geral")
        convocados = [inscricao for inscricao, _ in resultado.nomeados]
        usados = set()
        for _ in range(min(por_lote, quantidade - len(eventos))):
            tipo = rng.choices(TIPOS_DE_EVENTO, PESOS_DOS_EVENTOS)[0]
            if tipo == "vagas_adicionais":
                eventos.append({"tipo": tipo, "quantidade": rng.randint(1, 10)})
                continue
            if tipo in ("verificacao", "nota"):
                alvo = _escolher(rng, geral[: 3 * dados["vagas"]], usados | saidos)
                usados.add(alvo)
                eventos.append(_revisao(rng, tipo, alvo, situacoes[alvo]))
                continue
            if tipo in ("nao_posse", "final_de_lista") or rng.random() < 0.7:
                alvo = _escolher(rng, convocados, usados)
            else:
                # Desistência ou anulação de quem ainda espera na lista (até 3 vezes as vagas).
                alvo = _escolher(rng, geral[: 3 * dados["vagas"]], usados | saidos)
            usados.add(alvo)
            if tipo != "final_de_lista":
                saidos.add(alvo)
            eventos.append({"tipo": tipo, "inscricao": alvo})
    return eventos


def _revisao(rng: random.Random, tipo: str, alvo: str, situacoes: dict) -> dict:
    """Verificação invertida numa opção do candidato (sem opção, vira correção de nota) ou nota nova."""
    if tipo == "verificacao" and situacoes:
        grupo = rng.choice(sorted(situacoes))
        situacoes[grupo] = "nao_confirmado" if situacoes[grupo] == "confirmado" else "confirmado"
        return {"tipo": tipo, "inscricao": alvo, "grupo": grupo, "situacao": situacoes[grupo], "documento": "Recurso"}
    nota = rng.randint(2000, 4900) + rng.randint(2000, 4900)
    return {"tipo": "nota", "inscricao": alvo, "nota": _decimal(nota), "sub_judice": rng.random() < 0.5}


def _escolher(rng: random.Random, inscricoes: list[str], excluidas: set[str]) -> str:
    while True:
        alvo = inscricoes[rng.randrange(len(inscricoes))]
        if alvo not in excluidas:
            return alvo


def tamanhos(candidatos: int) -> tuple[int, int]:
    """Vagas e eventos de um cenário de ``candidatos`` classificados, na proporção do de 100 mil."""
    if candidatos == CANDIDATOS:
        return VAGAS, EVENTOS
    return max(1, candidatos * VAGAS // CANDIDATOS), max(50, candidatos * EVENTOS // CANDIDATOS)


def saida_para(candidatos: int) -> Path:
    """``saida/cenario-100k.json`` para os 100 mil; ``saida/cenario-20k.json`` para 20 mil…"""
    return SAIDA_PADRAO.with_name(f"cenario-{candidatos // 1000}k.json")


def gerar(
    caminho: Path = SAIDA_PADRAO, semente: int = SEMENTE, verboso: bool = True, candidatos: int = CANDIDATOS
) -> Path:
    inicio = time.perf_counter()
    rng = random.Random(semente)
    vagas, eventos = tamanhos(candidatos)
    dados = {
        "formato": "cotas-cenario/1",
        "descricao": f"Benchmark: {candidatos} classificados, {vagas} vagas, {eventos} eventos (semente {semente})",
        "regime": "cariacica-2023",
        "edital": EDITAL,
        "vagas": vagas,
        "candidatos": gerar_candidatos(rng, candidatos),
    }
    dados["eventos"] = gerar_eventos(rng, dados, eventos)
    resultado = cotas.simular(cotas.ler_cenario(dados))  # confere: levanta ErroDeCotas se algo for inválido
    caminho.parent.mkdir(parents=True, exist_ok=True)
    caminho.write_text(_formatar(dados), encoding="utf-8")
    if verboso:
        print(
            f"{caminho}: {caminho.stat().st_size / 1e6:.1f} MB, {len(dados['candidatos'])} candidatos, "
            f"{len(dados['eventos'])} eventos, {len(resultado.convocacoes)} convocações, "
            f"{resultado.vagas_totais} vagas ao fim, inconsistências {len(resultado.inconsistencias)}, "
            f"empates {len(resultado.empates)}, provisório {resultado.provisorio} "
            f"({time.perf_counter() - inicio:.1f} s)",
            file=sys.stderr,
        )
    return caminho


def _formatar(dados: dict) -> str:
    """JSON com um candidato e um evento por linha (legível e fácil de comparar)."""
    linhas = []
    for chave, valor in dados.items():
        if isinstance(valor, list):
            itens = ",\n    ".join(json.dumps(item, ensure_ascii=False) for item in valor)
            linhas.append(f'  "{chave}": [\n    {itens}\n  ]')
        else:
            linhas.append(f'  "{chave}": {json.dumps(valor, ensure_ascii=False)}')
    return "{\n" + ",\n".join(linhas) + "\n}\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saida", type=Path, help="padrão: bench/saida/cenario-100k.json (ou -20k… com --candidatos)")
    parser.add_argument("--semente", type=int, default=SEMENTE)
    parser.add_argument("--candidatos", type=int, default=CANDIDATOS)
    argumentos = parser.parse_args()
    saida = argumentos.saida or saida_para(argumentos.candidatos)
    gerar(saida, argumentos.semente, candidatos=argumentos.candidatos)


if __name__ == "__main__":
    main()
