"""Trabalho pesado em segundo plano: pedir, executar por partes, acompanhar e tentar de novo.

Um ``Processamento`` é o pedido que o RH faz no admin (importar um arquivo grande, gerar os
resultados de um edital grande, desenhar os PDFs dos resultados). Ele é gravado na mesma transação
que põe as tarefas na fila do django-tasks (a fila fica no próprio banco): ou existem os dois, ou
nenhum. Os trabalhadores (``manage.py db_worker``, quantos forem) pegam as tarefas; o backend de
banco tranca cada tarefa com ``SELECT … FOR UPDATE SKIP LOCKED``, de modo que dois trabalhadores
nunca pegam a mesma.

Resultados e PDFs são divididos em partes, uma por cargo, que trabalhadores diferentes fazem em
paralelo. Cada parte feita fica anotada em ``saida["partes"]`` na mesma transação que grava o seu
produto (a versão do resultado) e sob a trava da linha do processamento, o que a torna idempotente:
uma parte repetida (tarefa reenviada, "tentar de novo") é reconhecida e pulada. ``feitos`` é sempre
recontado a partir das partes e dos erros, nunca somado às cegas.

Cada cargo é gerado na sua própria transação (ver ``docs/REGRAS-IMPLEMENTADAS.md``): num edital de
um milhão de inscrições, uma transação única prenderia o edital por um minuto e esconderia o
progresso. Se um cargo falha, os outros seguem; o processamento termina como "falhou" listando os
cargos e o motivo, e "tentar de novo" refaz só o que faltou.
"""

import uuid
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone

from .models import Edital, Processamento, Resultado

# Sem notícia há mais que isto, um processamento "em andamento" é dado como parado (trabalhador
# derrubado no meio) e pode ser tentado de novo.
PARADO_APOS = timedelta(minutes=30)
PASTA_DOS_PDFS = "pdfs-de-resultados"
# Arquivos enviados para importar em segundo plano (pasta privada, nunca servida); apagados quando a
# importação termina bem, guardados para "tentar de novo" quando falha (e por ``limpar_importacoes``).
PASTA_DAS_IMPORTACOES = "importacoes-em-segundo-plano"


class PedidoRecusado(ValidationError):
    """O pedido não pode ser feito agora (outro igual em andamento, edital sem cargos…)."""


# ---------------------------------------------------------------------------------------- pedir


def pedir_resultados(edital: Edital, *, solicitado_por, motivo: str = "Gerado pelo RH") -> Processamento:
    """Põe na fila a geração de uma nova versão do resultado de cada cargo do edital."""
    from . import tarefas

    with transaction.atomic():
        cargos = _cargos_do_pedido(edital, Processamento.RESULTADOS)
        processamento = Processamento.objects.create(
            tipo=Processamento.RESULTADOS,
            edital=edital,
            total=len(cargos),
            unidade="cargos",
            parametros={"motivo": motivo[:200], "cargos": cargos},
            solicitado_por=solicitado_por,
        )
        for cargo_id in cargos:
            tarefas.gerar_resultado_do_cargo.enqueue(processamento.pk, cargo_id)
    return processamento


def pedir_pdfs(edital: Edital, *, solicitado_por) -> Processamento:
    """Põe na fila o PDF do resultado (última versão) de cada cargo do edital, um por tarefa."""
    from . import tarefas

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
            solicitado_por=solicitado_por,
        )
        for cargo_id in cargos:
            tarefas.pdf_do_cargo.enqueue(processamento.pk, cargo_id)
    return processamento


def pedir_importacao(edital: Edital, arquivo, *, solicitado_por) -> Processamento:
    """Guarda o arquivo enviado na pasta privada e põe a importação na fila."""
    from . import tarefas

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
            parametros={"arquivo": caminho, "nome_do_arquivo": Path(arquivo.name).name[:200]},
            solicitado_por=solicitado_por,
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


# ------------------------------------------------------------------------------ tentar de novo


def parado(processamento: Processamento, *, agora=None) -> bool:
    """Em andamento ou na fila, mas sem notícia há mais de ``PARADO_APOS``."""
    agora = agora or timezone.now()
    return not processamento.terminado and agora - processamento.atualizado_em > PARADO_APOS


def pode_tentar_de_novo(processamento: Processamento) -> bool:
    return processamento.estado == Processamento.FALHOU or parado(processamento)


def tentar_de_novo(processamento: Processamento, *, solicitado_por) -> Processamento:
    """Recoloca na fila só as partes que faltam (as feitas ficam como estão)."""
    from . import tarefas

    with transaction.atomic():
        processamento = Processamento.objects.select_for_update().get(pk=processamento.pk)
        if not pode_tentar_de_novo(processamento):
            raise PedidoRecusado("Só se tenta de novo um processamento que falhou ou que está parado.")
        processamento.estado = Processamento.NA_FILA
        processamento.erros = []
        processamento.tentativas += 1
        processamento.terminado_em = None
        processamento.etapa = f"Tentativa {processamento.tentativas}, pedida por {solicitado_por}"
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


# ----------------------------------------------------------------------------- executar partes


def comecar(processamento_id: int) -> Processamento | None:
    """Marca o início (na primeira parte) e devolve o processamento, ou ``None`` se não houver o
    que fazer: ele terminou, ou não existe mais."""
    agora = timezone.now()
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
        processamento.terminado_em = timezone.now()
    processamento.save()
    return processamento


class ParteRepetida(Exception):
    """Outra execução já fez esta parte: a transação de quem repetiu é desfeita."""


def informar_progresso(processamento_id: int, *, feitos: int, total: int | None = None, etapa: str = "") -> None:
    """Progresso de um processamento de uma parte só (importação): linhas lidas, de quantas."""
    campos = {"feitos": feitos, "atualizado_em": timezone.now()}
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
        processamento.terminado_em = timezone.now()
        processamento.save()


# -------------------------------------------------------------------------------- os produtos


def limpar_arquivos_de_importacao(horas: float = 24, *, agora=None) -> list[str]:
    """Apaga os arquivos enviados para importar em segundo plano com mais de ``horas`` horas que
    nenhum pedido na fila ou em andamento vai ler: os de importações que falharam (guardados para
    "tentar de novo") e os que sobraram de um envio interrompido. Devolve os nomes apagados."""
    if not default_storage.exists(PASTA_DAS_IMPORTACOES):
        return []
    em_uso = {
        p.parametros.get("arquivo")
        for p in Processamento.objects.filter(
            tipo=Processamento.IMPORTACAO, estado__in=[Processamento.NA_FILA, Processamento.EXECUTANDO]
        ).only("parametros")
    }
    limite = (agora or timezone.now()) - timedelta(hours=horas)
    apagados = []
    for nome in sorted(default_storage.listdir(PASTA_DAS_IMPORTACOES)[1]):
        caminho = f"{PASTA_DAS_IMPORTACOES}/{nome}"
        if caminho not in em_uso and default_storage.get_modified_time(caminho) < limite:
            default_storage.delete(caminho)
            apagados.append(nome)
    return apagados


def resultados_gerados(processamento: Processamento):
    return Resultado.objects.filter(processamento=processamento).select_related("cargo").order_by("cargo__codigo")


def pasta_dos_pdfs(processamento: Processamento) -> Path:
    return Path(settings.MEDIA_ROOT) / PASTA_DOS_PDFS / f"processamento-{processamento.pk}"


def arquivo_do_pdf(processamento: Processamento, cargo_id: int) -> Path | None:
    """O PDF já desenhado de um cargo, se a parte foi feita e o arquivo está lá."""
    parte = processamento.saida.get("partes", {}).get(str(cargo_id))
    if not parte or "arquivo" not in parte:
        return None
    caminho = pasta_dos_pdfs(processamento) / parte["arquivo"]
    return caminho if caminho.is_file() else None
