"""Limite de consultas por endereço, para as páginas públicas (sem login): a conferência do código
de verificação do Anexo I respondia a qualquer número de palpites (60 códigos em 0,3 s).

- **O endereço** é o do computador de quem consulta, como o django-axes o vê no bloqueio de login
  (``axes.helpers.get_client_ip_address``, pelo ipware): o da conexão ou, atrás do nginx de
  ``deploy/`` (``PROXIES_REVERSOS=1``), o ``X-Forwarded-For`` que ele reescreve. O cabeçalho só vale
  quando a conexão vem do próprio proxy (``PROXIES_CONFIAVEIS``, padrão ``127.0.0.1`` e ``::1``):
  quem chegasse ao gunicorn por fora do nginx escreveria o endereço que quisesse e nunca seria
  limitado; sem proxy configurado, vale sempre a conexão.
- **A conta** é por janela fixa de 60 s, no cache do Django (``cache.add`` + ``cache.incr``). Com o
  cache padrão (memória local), cada processo do gunicorn conta à parte: com 3 trabalhadores, o limite
  efetivo chega a 3 vezes o configurado. Para um limite exato em vários processos ou servidores,
  configure um cache compartilhado (``CACHES``: Redis ou Memcached; README, "Segurança").
"""

import ipaddress

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.core.cache import cache

from . import relogio

JANELA_EM_SEGUNDOS = 60


def endereco_do_cliente(request) -> str:
    """O endereço de quem fez o pedido; o ``X-Forwarded-For`` só conta se a conexão vem do proxy."""
    conexao = request.META.get("REMOTE_ADDR", "")
    if not settings.PROXIES_REVERSOS or not _do_proxy(conexao):
        return conexao
    return get_client_ip_address(request) or conexao


def _do_proxy(endereco: str) -> bool:
    try:
        ip = ipaddress.ip_address(endereco)
    except ValueError:
        return False
    if ip.version == 6 and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    return any(ip in ipaddress.ip_network(rede) for rede in settings.PROXIES_CONFIAVEIS)


def passou_do_limite(escopo: str, request, *, por_minuto: int) -> bool:
    """Conta mais uma consulta do endereço no minuto corrente; ``True`` se passou de ``por_minuto``."""
    janela = int(relogio.agora().timestamp()) // JANELA_EM_SEGUNDOS
    chave = f"limite:{escopo}:{endereco_do_cliente(request)}:{janela}"
    cache.add(chave, 0, timeout=JANELA_EM_SEGUNDOS * 2)
    try:
        feitas = cache.incr(chave)
    except ValueError:  # a chave expirou entre o add e o incr
        cache.set(chave, 1, timeout=JANELA_EM_SEGUNDOS * 2)
        feitas = 1
    return feitas > por_minuto
