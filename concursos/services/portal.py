"""A forma pronta para o portal da transparência de um resultado publicado, derivada uma vez
(``PublicacaoNoPortal``; o porquê está em ``concursos/models/portal.py``).

O que entra: o quadro de vagas da saída gravada; a classificação geral e cada lista reservada (como
o município publica: posição, inscrição, nome de uso, CPF mascarado, nota); a ordem de convocação
(posição, inscrição, nome, CPF mascarado, vaga). Nunca a cor, o tipo de deficiência, a data de
nascimento ou o CPF inteiro — ``Inscricao.objects.pessoas`` já devolve o CPF mascarado.

Os dados abertos (CSV e JSON) são só a classificação geral e a ordem de convocação, sem a vaga: um
rol legível por máquina de quem é negro, indígena, quilombola ou pessoa com deficiência não serve à
transparência (o dicionário de dados diz isso ao cidadão). As listas reservadas ficam documentos.
"""

import hashlib
import json
from decimal import Decimal

from django.db import IntegrityError, transaction

import cotas
from comum import relogio
from comum.planilhas import escrever_csv
from cotas.modelo import AMPLA

from ..models import ArquivoDoPortal, PaginaDoPortal, PublicacaoNoPortal, Resultado
from ..saida_do_motor import LISTA_GERAL

TAMANHO_DA_PAGINA = 100
CONVOCACAO = "convocacao"
# Os arquivos de dados abertos: o nome, a lista de onde saem e as colunas (docs/PORTAL.md).
CAMPOS_DA_CLASSIFICACAO = ["classificacao", "inscricao", "nome", "cpf_mascarado", "nota"]
CAMPOS_DA_CONVOCACAO = ["posicao", "inscricao", "nome", "cpf_mascarado"]
DADOS_ABERTOS = {
    "classificacao-geral": (LISTA_GERAL, CAMPOS_DA_CLASSIFICACAO),
    "ordem-de-convocacao": (CONVOCACAO, CAMPOS_DA_CONVOCACAO),
}


def forma_do_portal(resultado: Resultado) -> PublicacaoNoPortal:
    """A forma do portal do resultado publicado: a guardada, ou derivada agora e guardada (uma vez:
    dois pedidos ao mesmo tempo não gravam duas)."""
    existente = PublicacaoNoPortal.objects.filter(resultado=resultado).first()
    if existente is not None:
        return existente
    try:
        return preparar_para_o_portal(resultado)
    except IntegrityError:  # outro pedido preparou ao mesmo tempo
        return PublicacaoNoPortal.objects.get(resultado=resultado)


def formas_do_portal(resultados: list[Resultado]) -> list[tuple[Resultado, PublicacaoNoPortal]]:
    """A forma de cada resultado, numa consulta só (a página de um edital de 50 cargos)."""
    guardadas = {p.resultado_id: p for p in PublicacaoNoPortal.objects.filter(resultado__in=resultados)}
    return [(r, guardadas.get(r.pk) or forma_do_portal(r)) for r in resultados]


@transaction.atomic
def preparar_para_o_portal(resultado: Resultado) -> PublicacaoNoPortal:
    """Deriva e guarda a forma do portal de um resultado publicado (a saída gravada, os nomes e os
    CPFs mascarados das inscrições, congeladas desde a publicação)."""
    if resultado.status != Resultado.PUBLICADO:
        raise ValueError("Só um resultado publicado vai para o portal.")
    resultado = Resultado.objects.select_related("cargo").get(pk=resultado.pk)  # com a saída gravada
    listas, quadro = _listas(resultado), _quadro(resultado)
    assinatura = hashlib.sha256(json.dumps([quadro, listas], default=str).encode()).hexdigest()
    indice = [
        {"nome": nome, "titulo": titulo, "total": len(linhas), "paginas": _paginas(len(linhas))}
        for nome, titulo, linhas in listas
    ]
    publicacao = PublicacaoNoPortal.objects.create(
        resultado=resultado, quadro=quadro, listas=indice, assinatura=assinatura
    )
    PaginaDoPortal.objects.bulk_create(
        PaginaDoPortal(publicacao=publicacao, lista=nome, numero=numero, linhas=pedaco)
        for nome, _, linhas in listas
        for numero, pedaco in enumerate(_em_paginas(_exibidas(nome, linhas)), start=1)
    )
    por_nome = {nome: linhas for nome, _, linhas in listas}
    for arquivo, (lista, campos) in DADOS_ABERTOS.items():
        linhas = [linha[: len(campos)] for linha in por_nome.get(lista, [])]
        for extensao, conteudo in (("csv", _csv(campos, linhas)), ("json", _json(resultado, campos, linhas))):
            ArquivoDoPortal.objects.create(
                publicacao=publicacao,
                nome=f"{arquivo}.{extensao}",
                conteudo=conteudo,
                hash=hashlib.sha256(conteudo).hexdigest(),
            )
    return publicacao


def _legivel(resultado: Resultado) -> dict[str, str]:
    regime = cotas.regime_inline(resultado.cenario["regime"])
    return {AMPLA: "ampla concorrência", **{g.grupo: g.nome_legivel or g.grupo for g in regime.grupos}}


def _quadro(resultado: Resultado) -> list[dict]:
    quadro, legivel = resultado.saida_do_motor.quadro, _legivel(resultado)
    linhas = [{"grupo": AMPLA, "titulo": legivel[AMPLA], "vagas": quadro.ampla}]
    linhas += [{"grupo": g, "titulo": legivel.get(g, g), "vagas": n} for g, n in quadro.reservadas]
    return linhas


def _listas(resultado: Resultado) -> list[tuple[str, str, list[list]]]:
    """(nome, título, linhas) de cada lista, na ordem de publicação, e a ordem de convocação no fim.
    Cada linha: posição, inscrição, nome, CPF mascarado e a nota (nas classificações) ou a vaga."""
    saida, legivel = resultado.saida_do_motor, _legivel(resultado)
    pessoas = resultado.cargo.inscricoes.pessoas()
    notas = {c["inscricao"]: _nota(c["nota"]) for c in resultado.cenario["candidatos"]}

    def linha(posicao, numero, ultima):
        nome, cpf = pessoas.get(numero, ("", "***"))[:2]
        return [posicao, numero, nome, cpf, ultima]

    listas = []
    for nome, numeros in saida.listas:
        titulo = "Classificação geral" if nome == LISTA_GERAL else f"Lista de {legivel.get(nome, nome)}"
        listas.append((nome, titulo, [linha(p, n, notas.get(n, "")) for p, n in enumerate(numeros, start=1)]))
    chamados = [p for p in saida.ordem_vigente if p.inscricao]
    ordem = [linha(p.posicao, p.inscricao, legivel.get(p.vaga, p.vaga or "")) for p in chamados]
    listas.append((CONVOCACAO, "Ordem de convocação", ordem))
    return listas


def _exibidas(nome: str, linhas: list[list]) -> list[list]:
    """As linhas como a página as mostra: a nota com vírgula decimal (nos arquivos, com ponto)."""
    if nome == CONVOCACAO:
        return linhas
    return [[*linha[:4], linha[4].replace(".", ",")] for linha in linhas]


def _nota(valor) -> str:
    """A nota como gravada nas entradas da versão (as casas decimais da banca)."""
    return str(valor) if valor not in (None, "") else ""


def _paginas(total: int) -> int:
    return max(1, -(-total // TAMANHO_DA_PAGINA))


def _em_paginas(linhas: list) -> list[list]:
    return [linhas[i : i + TAMANHO_DA_PAGINA] for i in range(0, len(linhas), TAMANHO_DA_PAGINA)] or [[]]


def _csv(campos: list[str], linhas: list[list]) -> bytes:
    return escrever_csv(
        campos, [[Decimal(c) if campos[i] == "nota" and c else c for i, c in enumerate(linha)] for linha in linhas]
    )


def _json(resultado: Resultado, campos: list[str], linhas: list[list]) -> bytes:
    diario = resultado.diario_oficial
    documento = {
        "edital": str(resultado.cargo.edital),
        "cargo": {"codigo": resultado.cargo.codigo, "nome": resultado.cargo.nome},
        "versao_do_resultado": resultado.versao,
        "publicado_em": relogio.dia_de(resultado.publicado_em).isoformat() if resultado.publicado_em else None,
        "diario_oficial": str(diario) if diario is not None else None,
        "dicionario_de_dados": "/transparencia/dados-abertos/",
        "campos": campos,
        "linhas": [dict(zip(campos, linha, strict=True)) for linha in linhas],
    }
    return json.dumps(documento, ensure_ascii=False, indent=1).encode("utf-8")
