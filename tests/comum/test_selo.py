"""O selo PAdES dos atos publicados (``comum.selo``): com o certificado configurado (aqui, um
certificado feito pelo teste, no lugar do A1 da Prefeitura), o ato guardado é o PDF assinado, que
valida; um byte mudado deixa de validar. Sem certificado, o documento sai como veio."""

import io
from datetime import UTC, datetime, timedelta

from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import BestAvailableEncryption, Encoding, pkcs12
from cryptography.x509.oid import NameOID
from pyhanko.keys import load_cert_from_pemder
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko_certvalidator import ValidationContext

from comum.pdf import renderizar
from comum.selo import fora_de_laco_assincrono, selar


def certificado(pasta):
    """Um certificado autoassinado em PKCS#12 com senha, como o A1 que a Prefeitura configuraria."""
    chave = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    nome = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Prefeitura Municipal de Cariacica (teste)")])
    agora = datetime.now(UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(nome)
        .issuer_name(nome)
        .public_key(chave.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(agora - timedelta(days=1))
        .not_valid_after(agora + timedelta(days=30))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(True, True, False, False, False, True, False, False, False), critical=True)
        .sign(chave, hashes.SHA256())
    )
    arquivo = pasta / "selo.p12"
    arquivo.write_bytes(
        pkcs12.serialize_key_and_certificates(b"selo", chave, cert, None, BestAvailableEncryption(b"senha-do-selo"))
    )
    (pasta / "selo.cer").write_bytes(cert.public_bytes(Encoding.DER))
    return arquivo, pasta / "selo.cer"


def documento() -> bytes:
    return renderizar("concursos/pdf/base.html", {"titulo_do_documento": "Ato de teste"})


def validar(conteudo: bytes, raiz) -> bool:
    leitor = PdfFileReader(io.BytesIO(conteudo))
    (assinatura,) = leitor.embedded_signatures
    contexto = ValidationContext(trust_roots=[load_cert_from_pemder(str(raiz))])
    situacao = fora_de_laco_assincrono(validate_pdf_signature, assinatura, contexto)
    return situacao.intact and situacao.valid and situacao.bottom_line


def test_sem_certificado_o_documento_sai_como_veio(settings):
    settings.SELO_CERTIFICADO = ""
    conteudo = documento()
    assert selar(conteudo) == conteudo


def test_o_ato_selado_valida_e_um_byte_mudado_nao(settings, tmp_path):
    arquivo, raiz = certificado(tmp_path)
    settings.SELO_CERTIFICADO, settings.SELO_SENHA = str(arquivo), "senha-do-selo"
    selado = selar(documento())
    assert validar(selado, raiz)
    meio = len(selado) // 3  # dentro do documento assinado, longe da assinatura no fim
    mudado = selado[:meio] + bytes([selado[meio] ^ 0x01]) + selado[meio + 1 :]
    assert not validar(mudado, raiz)
