"""A planilha de publicação de um resultado: as listas de classificação, com o CPF mascarado."""

from decimal import Decimal

from django.core.exceptions import ValidationError

import cotas
from comum.planilhas import escrever_csv, escrever_xlsx
from cotas.modelo import AMPLA

from .models import SITUACOES_DE_VERIFICACAO, Resultado
from .posicoes import alem_das_vagas, revisoes
from .saida_do_motor import LISTA_GERAL


def exportar_lista(resultado: Resultado, formato: str) -> bytes:
    """Listas de um resultado publicado, para publicação: classificação, inscrição, nome de uso,
    CPF mascarado (``***.456.789-**``), nota, posição em cada lista reservada e na convocação, e as
    marcas das revisões (docs/REGRAS.md §8): sub judice, mantido pelo evento, além das vagas, a nota
    corrigida e a verificação revista (as listas são as publicadas com o primeiro resultado).

    Depois das linhas, separada por uma linha em branco, a referência da publicação: “Publicado no
    Diário Oficial do Município, edição N, de dd/mm/aaaa, p. X”.

    Nunca traz o CPF inteiro nem a data de nascimento. As notas são as do resultado (a entrada
    gravada na versão), não as atuais do banco."""
    if resultado.status != Resultado.PUBLICADO:
        raise ValidationError("Só um resultado publicado pode ser exportado para publicação.")
    cabecalho, linhas = _lista_para_publicacao(resultado)
    if resultado.diario_oficial is not None:  # a referência, depois de uma linha em branco
        linhas += [[], [str(resultado.diario_oficial)]]
    formato = formato.lower().lstrip(".")
    if formato == "xlsx":
        return escrever_xlsx(cabecalho, linhas, titulo=f"Resultado {resultado.cargo.codigo}")
    if formato == "csv":
        return escrever_csv(cabecalho, linhas)
    raise ValueError(f"Formato desconhecido: {formato!r} (use xlsx ou csv).")


def _lista_para_publicacao(resultado: Resultado):
    saida = resultado.saida_do_motor
    regime = cotas.regime_inline(resultado.cenario["regime"])
    legivel = {AMPLA: "ampla concorrência", **{g.grupo: g.nome_legivel or g.grupo for g in regime.grupos}}
    listas = dict(saida.listas)  # já na ordem de publicação (``ler_saida``)
    reservadas = [nome for nome in listas if nome != LISTA_GERAL]
    ordem = list(listas.get(LISTA_GERAL, []))
    ordem += [n for nome in reservadas for n in listas[nome] if n not in ordem]
    posicoes = {nome: {n: p for p, n in enumerate(lista, start=1)} for nome, lista in listas.items()}
    notas = {c["inscricao"]: Decimal(c["nota"]) for c in resultado.cenario["candidatos"]}
    convocacao = {p.inscricao: p for p in saida.ordem_vigente}
    pessoas = resultado.cargo.inscricoes.pessoas(ordem)
    cabecalho = [
        "Classificação geral",
        "Inscrição",
        "Nome",
        "CPF",
        "Nota",
        *(f"Posição na lista de {legivel.get(n, n)}" for n in reservadas),
        "Posição na convocação",
        "Vaga",
        "Sub judice",
        "Observação",
    ]
    mantidos = {m.inscricao: m.evento for m in saida.mantidos}
    sub_judice = set(saida.sub_judice)
    revistas = revisoes(resultado.cenario.get("eventos", []), dict(SITUACOES_DE_VERIFICACAO))
    linhas = []
    for numero in ordem:
        nome, cpf = pessoas.get(numero, ("", ""))[:2]
        chamada = convocacao.get(numero)
        posicao, vaga = (chamada.posicao, chamada.vaga) if chamada else (None, None)
        linhas.append(
            [
                posicoes.get(LISTA_GERAL, {}).get(numero),
                numero,
                nome,
                cpf,
                notas.get(numero),
                *(posicoes[n].get(numero) for n in reservadas),
                posicao,
                legivel.get(vaga, vaga or ""),
                "sim" if numero in sub_judice else "",
                _observacao(posicao, saida.vagas_totais, mantidos.get(numero), revistas.get(numero, ())),
            ]
        )
    return cabecalho, linhas


def _observacao(posicao: int | None, vagas: int, mantido_pelo_evento: int | None, revistas=()) -> str:
    partes = [alem_das_vagas(vagas)] if posicao and posicao > vagas else []
    if mantido_pelo_evento is not None:
        partes.append(f"mantido pelo evento {mantido_pelo_evento}")
    return "; ".join([*partes, *revistas])
