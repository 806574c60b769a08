"""Registro de acesso a dados sensíveis (LGPD, art. 11: cor/raça e deficiência; e os pareceres,
decisões e gravações da heteroidentificação): quem viu, o quê, quando e de onde.

As telas chamam ``registrar_acesso`` uma vez por página, planilha ou PDF entregue (um INSERT;
nunca por linha). O registro guarda a referência ao que foi visto (modelo, chave, número de
inscrição), nunca o dado em si, nem o CPF; o caminho vai sem a querystring, onde uma busca pode
trazer CPF. O IP é o mesmo que o django-axes usa (``AXES_IPWARE_*``, atrás do proxy reverso).

Para o admin, ``admin.pecas.AcessoRegistradoNoAdmin`` registra a ficha (e a lista, se pedido) só
quando ela mostra o dado.

Quem consulta: o Auditor (permissão ``concursos.view_acessoadadossensiveis``), no admin.
"""

import ipaddress
import re

from axes.helpers import get_client_ip_address
from django.core.exceptions import ValidationError

from comum.cpf import validar_cpf

from ..models import AcessoADadosSensiveis

O_QUE = dict(AcessoADadosSensiveis.O_QUE)
_CPF = re.compile(r"(?<!\d)\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\d)")


def registrar_acesso(request, *, o_que: str, objeto: str = "", quantidade: int | None = None) -> AcessoADadosSensiveis:
    """Grava quem (``request.user``), de onde (IP) e o quê: ``objeto`` identifica o registro visto
    (``descrever``), ``quantidade`` conta as linhas de uma exportação ou lista."""
    if o_que not in O_QUE:
        raise ValueError(f"Acesso desconhecido: {o_que!r}; acrescente-o a AcessoADadosSensiveis.O_QUE.")
    usuario = request.user if request.user.is_authenticated else None
    return AcessoADadosSensiveis.objects.create(
        usuario=usuario,
        ip=ip_de(request),
        o_que=o_que,
        objeto=sem_cpf(objeto)[:200],
        caminho=sem_cpf(request.path)[:300],
        quantidade=quantidade,
    )


def ip_de(request) -> str | None:
    """O IP do cliente como o django-axes o vê (respeita ``AXES_IPWARE_PROXY_COUNT``); ``None`` se inválido."""
    try:
        return str(ipaddress.ip_address(get_client_ip_address(request) or ""))
    except ValueError:
        return None


def sem_cpf(texto: str) -> str:
    """Cinto de segurança: nenhum CPF válido (com ou sem pontuação) chega ao registro."""
    return _CPF.sub(_mascarar_se_cpf, texto)


def _mascarar_se_cpf(achado: re.Match) -> str:
    try:
        validar_cpf(achado[0])
    except ValidationError:
        return achado[0]  # 11 dígitos que não são CPF (um número de inscrição, por exemplo)
    return "***"


def descrever_filtros(request) -> str:
    """Os filtros da lista exportada (``; filtros: edital__id__exact=1``); o termo de busca não entra."""
    ignorados = ("q", "o", "p", "all")
    filtros = [f"{c}={v}" for c, v in request.GET.items() if c not in ignorados and not c.startswith("_")]
    partes = [f"filtros: {', '.join(filtros)}"] if filtros else []
    if request.GET.get("q"):
        partes.append("com busca por texto")
    return "".join(f"; {parte}" for parte in partes)


def descrever(obj, rotulo: str = "") -> str:
    """``inscrição #12: nº 2025-0042, edital 1/2025`` — modelo, chave e um rótulo sem dado sensível."""
    base = f"{obj._meta.verbose_name} #{obj.pk}"
    return f"{base}: {rotulo}" if rotulo else base


def registrar_acesso_fora_da_tela(*, por, o_que: str, objeto: str, caminho: str) -> AcessoADadosSensiveis:
    """O acesso feito por um comando de gestão (sem requisição, sem IP): ``caminho`` diz qual."""
    if o_que not in O_QUE:
        raise ValueError(f"Acesso desconhecido: {o_que!r}; acrescente-o a AcessoADadosSensiveis.O_QUE.")
    return AcessoADadosSensiveis.objects.create(
        usuario=por, o_que=o_que, objeto=sem_cpf(objeto)[:200], caminho=sem_cpf(caminho)[:300]
    )
