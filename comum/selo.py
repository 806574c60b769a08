"""O selo dos documentos publicados: a assinatura PAdES com o certificado da Prefeitura (ICP-Brasil
A1, arquivo PKCS#12), pelo pyHanko, quando ``SELO_CERTIFICADO`` está configurado; sem ele, o
documento sai como veio. Quem registra um ato sela antes de guardar: os bytes guardados (e o SHA-256)
são os do documento selado."""

from __future__ import annotations

import asyncio
import io
from concurrent.futures import ThreadPoolExecutor

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
    fora_de_laco_assincrono(
        signers.sign_pdf, IncrementalPdfFileWriter(io.BytesIO(conteudo)), metadados, signer=assinante, output=saida
    )
    return saida.getvalue()


def fora_de_laco_assincrono(funcao, *args, **kwargs):
    """As funções síncronas do pyHanko rodam o próprio laço (``asyncio.run``), recusado numa thread
    que já tem um laço rodando (um servidor ASGI, os testes de navegador): aí vão numa thread à parte."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return funcao(*args, **kwargs)
    with ThreadPoolExecutor(max_workers=1) as executor:
        return executor.submit(funcao, *args, **kwargs).result()
