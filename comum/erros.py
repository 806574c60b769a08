"""As páginas de erro (400, 403, 404 e 500) em português, no leiaute de quem as vê, com o caminho de
volta: a equipe (``is_staff``: RH, auditor, superusuário) no visual do admin, com o link para o
início do admin; os demais (membros de comissão, visitantes) no visual das telas da comissão, com o
link para "Minhas sessões" (que leva ao login quem não entrou). Ligadas em ``config/urls.py``
(``handler400``, ``handler403``, ``handler404``, ``handler500``).

A de 500 não consulta nada: o erro pode ser o próprio banco. Ela não olha o usuário (que viria do
banco) nem o contexto do admin, e é desenhada sem os processadores de contexto.
"""

from django.contrib import admin
from django.http import HttpResponseServerError
from django.template import loader
from django.template.response import TemplateResponse

TITULOS = {
    400: ("Pedido inválido", "O endereço ou o formulário trazia algo que o sistema não aceita."),
    403: ("Acesso negado", "O seu papel não permite esta página ou esta ação."),
    404: ("Página não encontrada", "Não há nada neste endereço, ou você não tem acesso ao que ele indica."),
}


def _da_equipe(request) -> bool:
    usuario = getattr(request, "user", None)
    return bool(usuario is not None and usuario.is_authenticated and usuario.is_staff)


def _pagina(request, status: int) -> TemplateResponse:
    titulo, explicacao = TITULOS[status]
    contexto = {"title": titulo, "explicacao": explicacao, "status": status}
    if _da_equipe(request):
        contexto |= admin.site.each_context(request) | {"layout": "admin/base_site.html", "da_equipe": True}
    else:
        contexto["layout"] = "base.html"
    resposta = TemplateResponse(request, f"{status}.html", contexto, status=status)
    return resposta.render()


def pedido_invalido(request, exception=None):
    return _pagina(request, 400)


def permissao_negada(request, exception=None):
    return _pagina(request, 403)


def nao_encontrada(request, exception=None):
    return _pagina(request, 404)


def erro_do_servidor(request):
    return HttpResponseServerError(loader.get_template("500.html").render({}))
