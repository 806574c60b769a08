"""O termo de eliminação dos dados pessoais em PDF (``services.eliminacao``): o edital, o fim da
guarda, quantas pessoas e inscrições foram anonimizadas, as inscrições mantidas e o motivo, cada
registro congelado com o hash original e o da forma anonimizada, e os arquivos privados apagados.
Desenhado pelo ``renderizar`` de ``comum.pdf``, como os outros documentos; não leva dado pessoal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from comum.pdf import renderizar

from . import textos

if TYPE_CHECKING:
    from concursos.models import Instituicao, TermoDeEliminacao


def termo_pdf(termo: TermoDeEliminacao, instituicao: Instituicao) -> bytes:
    """``instituicao``: o cabeçalho (``Instituicao.atual()``), passado por quem chama: o pacote dos PDFs
    é importável sem ``django.setup()``."""
    return renderizar("concursos/pdf/termo_de_eliminacao.html", contexto_do_termo(termo, instituicao))


def contexto_do_termo(termo: TermoDeEliminacao, instituicao: Instituicao) -> dict:
    return {
        "titulo_do_documento": f"Termo de eliminação de dados pessoais nº {termo.pk} — {termo.edital.identificacao}",
        "termo": termo,
        "edital": termo.edital,
        "instituicao": instituicao,
        "brasao": instituicao.brasao_como_data_uri(),
        "fim_da_guarda": termo.fim_da_guarda.strftime("%d/%m/%Y"),
        "linhas": sorted(termo.linhas_alteradas.items()),
        "executado_por": termo.executado_por.get_full_name() or termo.executado_por.get_username(),
        "gerado_em": textos.agora().strftime("%d/%m/%Y %H:%M"),
    }
