"""A contabilidade de um pedido em segundo plano: o início, cada parte feita (ou com erro), o
progresso, o fim e quando ele é dado como parado. As tarefas a chamam; nada aqui põe na fila."""

from datetime import timedelta

from django.db import transaction

from comum import relogio
from concursos.models import Processamento

# Sem notícia há mais que isto, um processamento "em andamento" é dado como parado (trabalhador
# derrubado no meio) e pode ser tentado de novo.
PARADO_APOS = timedelta(minutes=30)


class ParteRepetida(Exception):
    """Outra execução já fez esta parte: a transação de quem repetiu é desfeita."""


def comecar(processamento_id: int) -> Processamento | None:
    """Marca o início (na primeira parte) e devolve o processamento, ou ``None`` se não houver o
    que fazer: ele terminou, ou não existe mais."""
    agora = relogio.agora()
    Processamento.objects.filter(pk=processamento_id, estado=Processamento.NA_FILA).update(
        estado=Processamento.EXECUTANDO, iniciado_em=agora, atualizado_em=agora
    )
    processamento = Processamento.objects.filter(pk=processamento_id).first()
    if processamento is None or processamento.terminado:
        return None
    return processamento


def parte_feita(processamento: Processamento, chave) -> bool:
    return str(chave) in processamento.saida.get("partes", {})


def anotar_parte(processamento_id: int, chave, *, feita: dict | None = None, erro: str | None = None) -> Processamento:
    """Anota o fim de uma parte (produto ou erro) sob a trava da linha do processamento, dentro da
    transação de quem chamou (o produto da parte e a anotação ficam juntos ou não ficam). Recusa
    uma parte já anotada, o que desfaz a transação de quem a repetiu."""
    processamento = Processamento.objects.select_for_update().get(pk=processamento_id)
    partes = processamento.saida.setdefault("partes", {})
    if str(chave) in partes:
        raise ParteRepetida(f"A parte {chave} do processamento {processamento_id} já foi feita.")
    if erro is None:
        partes[str(chave)] = feita or {}
    else:
        processamento.erros = [e for e in processamento.erros if e.get("parte") != str(chave)]
        processamento.erros.append({"parte": str(chave), **(feita or {}), "mensagem": erro})
    processamento.feitos = len(partes) + len(processamento.erros)
    if processamento.total is not None and processamento.feitos >= processamento.total:
        processamento.estado = Processamento.FALHOU if processamento.erros else Processamento.CONCLUIDO
        processamento.terminado_em = relogio.agora()
    processamento.save()
    return processamento


def informar_progresso(processamento_id: int, *, feitos: int, total: int | None = None, etapa: str = "") -> None:
    """Progresso de um processamento de uma parte só (importação): linhas lidas, de quantas."""
    campos = {"feitos": feitos, "atualizado_em": relogio.agora()}
    if total is not None:
        campos["total"] = total
    if etapa:
        campos["etapa"] = etapa[:200]
    Processamento.objects.filter(pk=processamento_id).update(**campos)


def terminar(processamento_id: int, *, saida: dict | None = None, erros: list[str] | None = None) -> None:
    """Fim de um processamento de uma parte só: concluído com a saída, ou falhou com os erros."""
    with transaction.atomic():
        processamento = Processamento.objects.select_for_update().get(pk=processamento_id)
        if erros:
            processamento.estado = Processamento.FALHOU
            processamento.erros = [{"mensagem": m} for m in erros]
        else:
            processamento.estado = Processamento.CONCLUIDO
            processamento.saida = saida or {}
            processamento.feitos = processamento.total or processamento.feitos
        processamento.terminado_em = relogio.agora()
        processamento.save()


def parado(processamento: Processamento, *, agora=None) -> bool:
    """Em andamento ou na fila, mas sem notícia há mais de ``PARADO_APOS``."""
    agora = agora or relogio.agora()
    return not processamento.terminado and agora - processamento.atualizado_em > PARADO_APOS


def pode_tentar_de_novo(processamento: Processamento) -> bool:
    return processamento.estado == Processamento.FALHOU or parado(processamento)
