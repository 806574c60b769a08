"""O selo dos documentos publicados: a assinatura PAdES com o certificado da Prefeitura (ICP-Brasil
A1, arquivo PKCS#12), pelo pyHanko, quando ``SELO_CERTIFICADO`` está configurado; sem ele, o
documento sai como veio. Quem registra um ato sela antes de guardar: os bytes guardados (e o SHA-256)
são os do documento selado."""

from __future__ import annotations

import io

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

CAMPO_DO_SELO = "SeloDaPrefeitura"


def selo_configurado() -> bool:
    return bool(getattr(settings, "SELO_CERTIFICADO", ""))


def selar(conteudo: bytes, *, motivo: str = "Ato publicado") -> bytes:
    """O PDF assinado (PAdES B-B, assinatura incremental) ou, sem certificado configurado, o mesmo."""
    if not selo_configurado():
        return conteudo
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import fields, signers

    senha = settings.SELO_SENHA.encode() if settings.SELO_SENHA else None
    assinante = signers.SimpleSigner.load_pkcs12(settings.SELO_CERTIFICADO, passphrase=senha)
    if assinante is None:
        raise ImproperlyConfigured("Não foi possível ler o certificado do selo (SELO_CERTIFICADO, SELO_SENHA).")
    metadados = signers.PdfSignatureMetadata(
        field_name=CAMPO_DO_SELO, reason=motivo, subfilter=fields.SigSeedSubFilter.PADES
    )
    saida = io.BytesIO()
    signers.sign_pdf(IncrementalPdfFileWriter(io.BytesIO(conteudo)), metadados, signer=assinante, output=saida)
    return saida.getvalue()
