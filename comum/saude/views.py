"""``GET /saude/``: as verificações de ``comum/saude/`` em JSON, para o monitoramento (máquina a
máquina, sem login nem segundo fator). 200 com tudo bom, 503 com qualquer verificação ruim.

Só lê quem manda o token (``Authorization: Bearer <SAUDE_TOKEN>``) ou chega de um endereço de
``SAUDE_ENDERECOS``. O endereço é o mesmo que o django-axes usa no bloqueio de login: o da conexão,
ou, atrás do nginx de ``deploy/`` (``PROXIES_REVERSOS=1``), o ``X-Forwarded-For`` que ele reescreve;
sem proxy configurado, o cabeçalho é ignorado e ninguém se passa por um endereço liberado. Para
todos os outros a página não existe (404, sem dizer por quê); com as duas variáveis vazias, para
todos.
"""

import hmac
import ipaddress

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.http import Http404, HttpResponseNotAllowed, JsonResponse
from django.views.decorators.cache import never_cache

from comum import relogio
from comum.saude import verificar_tudo


@never_cache
def saude(request):
    if not (token_confere(request) or endereco_liberado(request)):
        raise Http404
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD"])
    verificacoes = verificar_tudo(agora=relogio.agora())
    tudo_bom = all(verificacao.ok for verificacao in verificacoes.values())
    corpo = {
        "situacao": "ok" if tudo_bom else "falha",
        "verificacoes": {nome: verificacao.como_dict() for nome, verificacao in verificacoes.items()},
    }
    return JsonResponse(corpo, status=200 if tudo_bom else 503)


def token_confere(request) -> bool:
    esperado = settings.SAUDE_TOKEN
    tipo, _, recebido = request.headers.get("Authorization", "").partition(" ")
    if not esperado or tipo.lower() != "bearer":
        return False
    return hmac.compare_digest(recebido.strip().encode(), esperado.encode())


def endereco_liberado(request) -> bool:
    if not settings.SAUDE_ENDERECOS:
        return False
    try:
        endereco = ipaddress.ip_address(get_client_ip_address(request) or "")
    except ValueError:
        return False
    if endereco.version == 6 and endereco.ipv4_mapped:  # ::ffff:10.0.0.5, IPv4 por um socket IPv6
        endereco = endereco.ipv4_mapped
    return any(endereco in ipaddress.ip_network(rede) for rede in settings.SAUDE_ENDERECOS)
