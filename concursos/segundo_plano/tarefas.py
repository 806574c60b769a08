"""Tarefas do django-tasks que os trabalhadores (``manage.py db_worker``) executam.

Recebem só chaves (o django-tasks guarda os argumentos em JSON) e delegam aos serviços; a
contabilidade do pedido (início, partes, progresso, fim) está em ``andamento``. Um erro que o
RH pode corrigir (entrada recusada pelo motor, linha inválida no arquivo) termina a parte como
erro, com a mensagem; qualquer outra exceção também é anotada e depois repassada, para que o
django-tasks registre a falha com o traceback.

O caminho de cada tarefa (``concursos.segundo_plano.tarefas.<nome>``) fica gravado na fila
(``task_path`` do django-tasks-db): mudá-lo de lugar pede uma migração que reescreva as tarefas
ainda na fila (ver ``concursos/migrations/0009_tarefas_no_pacote_segundo_plano.py``).
"""

import logging

from django.core.exceptions import ValidationError
from django.core.files.storage import default_storage
from django.db import transaction

import cotas
from comum.mensagens import mensagem_de
from concursos import services
from concursos.importacao.massa import importar_inscricoes, prazo_da_importacao
from concursos.importacao.resultado import ImportacaoRecusada
from concursos.models import Cargo, Edital, Resultado

from . import andamento, produtos

try:  # Django 6 traz django.tasks; no 5.2 usa-se o "backport" com a mesma interface.
    from django.tasks import task
except ImportError:  # pragma: no cover - depende da versão do Django
    from django_tasks import task

logger = logging.getLogger(__name__)


def _fazer_parte(processamento_id: int, cargo: Cargo, fazer, recusaveis: tuple) -> str:
    """Roda ``fazer()`` — que grava o produto da parte e a anota (``anotar_parte``) na mesma
    transação — e dá o fim da parte: repetida (outra execução já a fez), recusada (o RH corrige e
    tenta de novo) ou falha inesperada (anotada e repassada ao django-tasks, com o traceback)."""
    try:
        return fazer()
    except andamento.ParteRepetida:
        return "já feita por outra execução"
    except recusaveis as erro:
        _anotar_erro(processamento_id, cargo, mensagem_de(erro, separador=" "))
        return f"cargo {cargo.codigo}: recusado"
    except Exception as erro:
        _anotar_erro(processamento_id, cargo, f"Falha inesperada: {erro!r}")
        raise


def _anotar_erro(processamento_id: int, cargo: Cargo, mensagem: str) -> None:
    with transaction.atomic():
        andamento.anotar_parte(processamento_id, cargo.pk, feita={"cargo": cargo.codigo}, erro=mensagem)


@task()
def gerar_resultado_do_cargo(processamento_id: int, cargo_id: int) -> str:
    """Uma parte do pedido ``RESULTADOS``: nova versão do resultado de um cargo."""
    processamento = andamento.comecar(processamento_id)
    if processamento is None or andamento.parte_feita(processamento, cargo_id):
        return "nada a fazer"
    cargo = Cargo.objects.get(pk=cargo_id)
    motivo = processamento.parametros.get("motivo") or "Gerado em segundo plano"

    def gerar() -> str:
        with transaction.atomic():
            resultado = services.gerar_resultado(
                cargo, por=processamento.solicitado_por, motivo=motivo, processamento=processamento
            )
            feita = {
                "cargo": cargo.codigo,
                "resultado": resultado.pk,
                "versao": resultado.versao,
                "provisorio": resultado.provisorio,
            }
            andamento.anotar_parte(processamento_id, cargo_id, feita=feita)
        return f"cargo {cargo.codigo}: versão {resultado.versao}"

    return _fazer_parte(processamento_id, cargo, gerar, (cotas.ErroDeCotas, ValidationError))


@task()
def pdf_do_cargo(processamento_id: int, cargo_id: int) -> str:
    """Uma parte do pedido ``PDFS``: o PDF da última versão do resultado de um cargo, gravado na
    pasta privada (o admin o entrega a quem pode ver resultados)."""
    processamento = andamento.comecar(processamento_id)
    if processamento is None or andamento.parte_feita(processamento, cargo_id):
        return "nada a fazer"
    cargo = Cargo.objects.get(pk=cargo_id)

    def desenhar() -> str:
        resultado = Resultado.objects.select_related("cargo__edital").filter(cargo=cargo).order_by("-versao").first()
        if resultado is None:
            raise ValidationError(f"O cargo {cargo.codigo} não tem resultado gerado.")
        # Importado aqui dentro: se o desenho nem carregar, a parte fica anotada como erro.
        from concursos.pdf.resultado import resultado_do_cargo_pdf

        conteudo = resultado_do_cargo_pdf(resultado)
        nome = f"{cargo.codigo}-v{resultado.versao}.pdf"
        pasta = produtos.pasta_dos_pdfs(processamento)
        pasta.mkdir(parents=True, exist_ok=True, mode=0o700)
        temporario = pasta / f".{nome}.parcial"
        temporario.write_bytes(conteudo)
        temporario.chmod(0o600)
        temporario.replace(pasta / nome)  # nunca um PDF pela metade com o nome final
        feita = {
            "cargo": cargo.codigo,
            "resultado": resultado.pk,
            "versao": resultado.versao,
            "arquivo": nome,
            "bytes": len(conteudo),
        }
        with transaction.atomic():
            andamento.anotar_parte(processamento_id, cargo_id, feita=feita)
        return f"cargo {cargo.codigo}: {nome}"

    return _fazer_parte(processamento_id, cargo, desenhar, (ValidationError,))


@task()
def importar_arquivo(processamento_id: int) -> str:
    """O pedido ``IMPORTACAO``: lê o arquivo guardado e importa tudo numa transação, ou nada, dentro
    de um prazo só para o trabalho inteiro (``prazo_da_importacao``), contado daqui."""
    prazo = prazo_da_importacao()
    processamento = andamento.comecar(processamento_id)
    if processamento is None:
        return "nada a fazer"
    edital = Edital.objects.get(pk=processamento.edital_id)
    caminho = processamento.parametros["arquivo"]

    def progresso(feitos: int, total: int) -> None:
        # A conferência é linha a linha; a gravação, uma transação só, sem progresso por linha.
        etapa = "conferindo as linhas" if feitos < total else "linhas conferidas; gravando tudo numa transação"
        andamento.informar_progresso(processamento_id, feitos=feitos, total=total, etapa=etapa)

    try:
        with default_storage.open(caminho, "rb") as arquivo:
            conteudo = arquivo.read()
        resumo = importar_inscricoes(
            edital,
            conteudo,
            processamento.parametros.get("nome_do_arquivo", caminho),
            por=processamento.solicitado_por,
            progresso=progresso,
            mapeamento=processamento.parametros.get("mapeamento"),
            prazo=prazo,
        )
    except ImportacaoRecusada as recusa:
        andamento.terminar(processamento_id, erros=list(recusa.mensagens))
        return "arquivo recusado"
    except Exception as erro:
        andamento.terminar(processamento_id, erros=[f"Falha inesperada: {erro!r}"])
        raise
    andamento.terminar(processamento_id, saida=resumo.como_dict())
    default_storage.delete(caminho)
    return "importado"
