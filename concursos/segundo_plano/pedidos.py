"""Pedidos de trabalho em segundo plano, feitos pelo RH no admin: gerar os resultados de um edital,
desenhar os PDFs, importar um arquivo grande; e "tentar de novo" o que falhou ou parou. Cada pedido
é gravado na mesma transação que põe as suas tarefas na fila: ou existem os dois, ou nenhum."""

import uuid
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.storage import default_storage
from django.db import transaction

from concursos import services
from concursos.models import Edital, Inscricao, Processamento, Resultado

from . import tarefas
from .andamento import parado, pode_tentar_de_novo
from .produtos import PASTA_DAS_IMPORTACOES


class PedidoRecusado(ValidationError):
    """O pedido não pode ser feito agora (outro igual em andamento, edital sem cargos…)."""


@dataclass(frozen=True)
class Geracao:
    """O que "Gerar resultado" fez com um edital: as versões geradas na própria requisição, ou o
    pedido posto na fila (``pedido``), quando o edital é grande demais para a tela."""

    inscricoes: int
    resultados: list[Resultado] = field(default_factory=list)
    pedido: Processamento | None = None


def gerar_resultados(edital: Edital, *, por, motivo: str = "Gerado pelo RH") -> Geracao:
    """Gera os resultados de todos os cargos na hora, numa transação; acima de
    ``LIMITE_DE_INSCRICOES_NA_TELA`` inscrições a requisição ficaria presa por minutos, e o pedido vai
    para os trabalhadores, cargo a cargo (``pedir_resultados``). Repassa ``PedidoRecusado`` e as
    recusas do motor (``cotas.ErroDeCotas``, ``ValidationError``): nada fica gravado."""
    inscricoes = Inscricao.objects.filter(edital=edital).count()
    if inscricoes > settings.LIMITE_DE_INSCRICOES_NA_TELA:
        return Geracao(inscricoes, pedido=pedir_resultados(edital, por=por, motivo=motivo))
    resultados = services.gerar_resultados_do_edital(edital, por=por, motivo=motivo)
    return Geracao(inscricoes, resultados=resultados)


def pedir_resultados(edital: Edital, *, por, motivo: str = "Gerado pelo RH") -> Processamento:
    """Põe na fila a geração de uma nova versão do resultado de cada cargo do edital."""
    with transaction.atomic():
        cargos = _cargos_do_pedido(edital, Processamento.RESULTADOS)
        processamento = Processamento.objects.create(
            tipo=Processamento.RESULTADOS,
            edital=edital,
            total=len(cargos),
            unidade="cargos",
            parametros={"motivo": motivo[:200], "cargos": cargos},
            solicitado_por=por,
        )
        for cargo_id in cargos:
            tarefas.gerar_resultado_do_cargo.enqueue(processamento.pk, cargo_id)
    return processamento


def pedir_pdfs(edital: Edital, *, por) -> Processamento:
    """Põe na fila o PDF do resultado (última versão) de cada cargo do edital, um por tarefa."""
    with transaction.atomic():
        cargos = _cargos_do_pedido(edital, Processamento.PDFS)
        sem_resultado = edital.cargos.filter(pk__in=cargos, resultados__isnull=True).order_by("codigo")
        if sem_resultado.exists():
            codigos = ", ".join(sem_resultado.values_list("codigo", flat=True)[:10])
            raise PedidoRecusado(f"Gere o resultado antes: os cargos {codigos} ainda não têm resultado.")
        processamento = Processamento.objects.create(
            tipo=Processamento.PDFS,
            edital=edital,
            total=len(cargos),
            unidade="cargos",
            parametros={"cargos": cargos},
            solicitado_por=por,
        )
        for cargo_id in cargos:
            tarefas.pdf_do_cargo.enqueue(processamento.pk, cargo_id)
    return processamento


def pedir_importacao(edital: Edital, arquivo, *, por, mapeamento: dict | None = None) -> Processamento:
    """Guarda o arquivo enviado na pasta privada e põe a importação na fila; ``mapeamento`` (as
    colunas do arquivo da banca → campos, ``importacao.mapeamento``) vai com o pedido."""
    with transaction.atomic():
        Edital.objects.select_for_update().get(pk=edital.pk)
        _recusar_se_em_andamento(edital, Processamento.IMPORTACAO)
        caminho = default_storage.save(
            f"{PASTA_DAS_IMPORTACOES}/{uuid.uuid4().hex}{Path(arquivo.name).suffix.lower()}", arquivo
        )
        processamento = Processamento.objects.create(
            tipo=Processamento.IMPORTACAO,
            edital=edital,
            unidade="linhas",
            parametros={
                "arquivo": caminho,
                "nome_do_arquivo": Path(arquivo.name).name[:200],
                **({"mapeamento": dict(mapeamento)} if mapeamento else {}),
            },
            solicitado_por=por,
        )
        tarefas.importar_arquivo.enqueue(processamento.pk)
    return processamento


def _cargos_do_pedido(edital: Edital, tipo: str) -> list[int]:
    # A trava no edital serializa dois cliques seguidos: o segundo vê o primeiro pedido.
    Edital.objects.select_for_update().get(pk=edital.pk)
    _recusar_se_em_andamento(edital, tipo)
    cargos = list(edital.cargos.order_by("codigo").values_list("pk", flat=True))
    if not cargos:
        raise PedidoRecusado(f"O edital {edital} não tem cargos cadastrados.")
    return cargos


def _recusar_se_em_andamento(edital: Edital, tipo: str) -> None:
    em_andamento = edital.processamentos.filter(tipo=tipo, estado__in=[Processamento.NA_FILA, Processamento.EXECUTANDO])
    anterior = em_andamento.first()
    if anterior is not None and not parado(anterior):
        raise PedidoRecusado(f"Já há um pedido igual para o edital {edital} em andamento (nº {anterior.pk}).")


def tentar_de_novo(processamento: Processamento, *, por) -> Processamento:
    """Recoloca na fila só as partes que faltam (as feitas ficam como estão)."""
    with transaction.atomic():
        processamento = Processamento.objects.select_for_update().get(pk=processamento.pk)
        if not pode_tentar_de_novo(processamento):
            raise PedidoRecusado("Só se tenta de novo um processamento que falhou ou que está parado.")
        processamento.estado = Processamento.NA_FILA
        processamento.erros = []
        processamento.tentativas += 1
        processamento.terminado_em = None
        processamento.etapa = f"Tentativa {processamento.tentativas}, pedida por {por}"
        if processamento.tipo == Processamento.IMPORTACAO:
            processamento.feitos = 0
            processamento.save()
            tarefas.importar_arquivo.enqueue(processamento.pk)
            return processamento
        feitas = set(processamento.saida.get("partes", {}))
        faltam = [c for c in processamento.parametros["cargos"] if str(c) not in feitas]
        processamento.feitos = len(feitas)
        processamento.save()
        tarefa = (
            tarefas.gerar_resultado_do_cargo if processamento.tipo == Processamento.RESULTADOS else tarefas.pdf_do_cargo
        )
        for cargo_id in faltam:
            tarefa.enqueue(processamento.pk, cargo_id)
    return processamento
