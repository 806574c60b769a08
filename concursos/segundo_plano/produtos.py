"""Onde ficam os produtos dos pedidos em segundo plano (os PDFs desenhados, os arquivos enviados
para importar) e a limpeza dos arquivos que nenhum pedido vai ler."""

from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.core.files.storage import default_storage

from comum import relogio
from concursos.models import Processamento, Resultado

PASTA_DOS_PDFS = "pdfs-de-resultados"
# Arquivos enviados para importar em segundo plano (pasta privada, nunca servida); apagados quando a
# importação termina bem, guardados para "tentar de novo" quando falha (e por ``limpar_importacoes``).
PASTA_DAS_IMPORTACOES = "importacoes-em-segundo-plano"


def pasta_dos_pdfs(processamento: Processamento) -> Path:
    return Path(settings.MEDIA_ROOT) / PASTA_DOS_PDFS / f"processamento-{processamento.pk}"


def arquivo_do_pdf(processamento: Processamento, cargo_id: int) -> Path | None:
    """O PDF já desenhado de um cargo, se a parte foi feita e o arquivo está lá."""
    parte = processamento.saida.get("partes", {}).get(str(cargo_id))
    if not parte or "arquivo" not in parte:
        return None
    caminho = pasta_dos_pdfs(processamento) / parte["arquivo"]
    return caminho if caminho.is_file() else None


def resultados_gerados(processamento: Processamento):
    return Resultado.objects.filter(processamento=processamento).select_related("cargo").order_by("cargo__codigo")


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
    limite = (agora or relogio.agora()) - timedelta(hours=horas)
    apagados = []
    for nome in sorted(default_storage.listdir(PASTA_DAS_IMPORTACOES)[1]):
        caminho = f"{PASTA_DAS_IMPORTACOES}/{nome}"
        if caminho not in em_uso and default_storage.get_modified_time(caminho) < limite:
            default_storage.delete(caminho)
            apagados.append(nome)
    return apagados
