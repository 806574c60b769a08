"""A conferência pública do código de verificação do Anexo I (quadro de vagas), para a página
``concursos:verificar_documento``.

O código não é gravado: é o SHA-256 dos dados do quadro (``quadro_de_vagas.codigo_do_quadro``), e a
conferência o recalcula para cada edital e compara. Para o volume de um município (dezenas de
editais, poucos cargos cada) isso custa milissegundos e evita uma tabela a manter em dia com cada
mudança de vagas. Consequência: o código confere com o quadro como ele está hoje; um anexo impresso
antes de uma mudança nas vagas ou nas condições de um cargo deixa de conferir, e é isso que a
página diz (não corresponde ao quadro atual de nenhum edital). Ver docs/TECNICO.md §2.5."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..models import Edital
from ..pdf.quadro_de_vagas import codigo_do_quadro, contexto_do_quadro

DIGITOS_DO_CODIGO = 16  # os que o rodapé imprime (quadro_de_vagas.codigo_legivel)
TAMANHO_DO_SHA256 = 64


@dataclass(frozen=True)
class Conferencia:
    codigo: str  # como foi digitado, normalizado
    edital: Edital | None  # None: não corresponde a nenhum quadro
    quadro: dict | None = None  # o contexto do anexo (só números e textos públicos dos cargos)


def normalizar_codigo(digitado: str) -> str:
    """Sem espaços, hífens e pontos, em minúsculas: ``AB12-cd34 …`` e ``ab12cd34…`` são o mesmo."""
    return re.sub(r"[\s.\-]", "", digitado or "").lower()[:TAMANHO_DO_SHA256]


def codigo_valido(codigo: str) -> bool:
    return re.fullmatch(r"[0-9a-f]+", codigo) is not None and len(codigo) in (DIGITOS_DO_CODIGO, TAMANHO_DO_SHA256)


def conferir(digitado: str) -> Conferencia:
    """O edital cujo quadro de vagas atual tem o código (os 16 dígitos do rodapé ou o SHA-256 inteiro)."""
    codigo = normalizar_codigo(digitado)
    if not codigo_valido(codigo):
        return Conferencia(codigo, None)
    for edital in Edital.objects.order_by("-ano", "-numero"):
        if codigo_do_quadro(edital).startswith(codigo):
            return Conferencia(codigo, edital, contexto_do_quadro(edital))
    return Conferencia(codigo, None)
