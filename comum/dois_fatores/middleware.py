"""A barreira do segundo fator: quem entrou com a senha e ainda não passou pelo código nesta sessão
só alcança as telas do segundo fator, o login, a saída e as páginas públicas (``LIVRES``). Todo o resto (o admin, ``/concursos/``,
``/heteroidentificacao/``) leva ao cadastro do autenticador, ou ao pedido do código.

Vem depois do ``django_otp.middleware.OTPMiddleware`` (que instala ``request.user.is_verified``);
sem ele ninguém conta como verificado, e a barreira fecha em vez de abrir."""

from urllib.parse import urlencode

from django.shortcuts import redirect
from django.urls import reverse

from comum.dois_fatores import pendente, tem_autenticador

# As telas que quem ainda não passou pelo segundo fator pode abrir (pelo nome da rota).
LIVRES = frozenset(
    {
        "login",
        "logout",
        "admin:login",
        "admin:logout",
        "dois_fatores:cadastrar",
        "dois_fatores:verificar",
        # Pública: a conferência do código dos anexos não mostra nada que não esteja no documento.
        "concursos:verificar_documento",
        # Pública: o original de um ato publicado, pelo código impresso nele (o mesmo que saiu no Diário).
        "concursos:original_do_ato",
        # Pública: o link assinado do aviso pessoal, aberto pelo candidato (mostra o ato publicado).
        "concursos:aviso_pessoal",
        # Máquina a máquina, sem login: o monitoramento (comum/saude/) entra pelo token ou pelo endereço.
        "saude",
    }
    # Públicas: o portal da transparência mostra só o que já foi publicado, a qualquer um.
    | {
        f"transparencia:{nome}"
        for nome in ("indice", "dicionario", "edital", "resultado", "lista", "dados_abertos", "ato")
    }
)


class ExigeSegundoFator:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if not pendente(request.user):
            return None
        correspondencia = getattr(request, "resolver_match", None)
        if correspondencia is not None and correspondencia.view_name in LIVRES:
            return None
        destino = "dois_fatores:verificar" if tem_autenticador(request.user) else "dois_fatores:cadastrar"
        return redirect(f"{reverse(destino)}?{urlencode({'next': request.get_full_path()})}")
