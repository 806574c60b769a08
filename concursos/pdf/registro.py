"""O que todo ato registrado imprime em cada página (docs/ATOS-PUBLICADOS.md): o código de
verificação, o endereço completo da página de verificação (``ENDERECO_PUBLICO``) e um QR code que
leva a ela com o código já preenchido. O modelo ``concursos/pdf/_registro.html`` põe isso nas
margens de todas as páginas (base dos PDFs: entra quando o contexto traz ``registro``)."""

from __future__ import annotations

import base64
from urllib.parse import urlencode

from comum.pdf import texto_css

from .quadro_de_vagas import endereco_da_verificacao

MODULO_DO_QR = 3  # décimos de milímetro por módulo: ~11 mm na correção L, na margem de cima (24 mm)


def contexto_do_registro(tipo, *, codigo: str, numero: int, ano: int, retifica=None) -> dict:
    endereco = endereco_da_verificacao()
    com_o_codigo = f"{endereco}?{urlencode({'codigo': codigo})}"
    return {
        "codigo": codigo,
        "numero": f"{numero}/{ano}",
        "tipo": tipo.nome,
        "endereco": endereco,
        "endereco_com_o_codigo": com_o_codigo,
        "rodape": texto_css(f"Código de verificação {codigo} · original em {endereco}"),
        "qr_code": qr_code(com_o_codigo),
        "retifica": str(retifica) if retifica is not None else "",
    }


def qr_code(texto: str) -> str:
    """O QR code em SVG, como ``data:`` (o único tipo de recurso externo que o PDF aceita)."""
    import qrcode
    from qrcode.image.svg import SvgPathImage

    imagem = qrcode.make(
        texto,
        image_factory=SvgPathImage,
        box_size=MODULO_DO_QR,
        border=1,
        error_correction=qrcode.constants.ERROR_CORRECT_L,  # impresso e lido de perto: o menor código
    )
    return "data:image/svg+xml;base64," + base64.b64encode(imagem.to_string()).decode()
