from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.generic import RedirectView

from comum.saude import views as saude

admin.site.site_header = "Concursos e cotas — Prefeitura Municipal de Cariacica"
admin.site.site_title = "Concursos e cotas"
admin.site.index_title = "Administração"

urlpatterns = [
    path("", RedirectView.as_view(pattern_name="admin:index", permanent=False)),
    path("admin/", admin.site.urls),
    path("concursos/", include("concursos.urls")),
    # Pública, sem login: o portal da transparência dos atos publicados (docs/PORTAL.md).
    path("transparencia/", include("concursos.views.transparencia")),
    path("contas/entrar/", auth_views.LoginView.as_view(), name="login"),
    path("contas/sair/", auth_views.LogoutView.as_view(next_page="login"), name="logout"),
    # Segundo fator do login (TOTP e códigos de recuperação): comum/dois_fatores/.
    path("contas/dois-fatores/", include("comum.dois_fatores.urls")),
    path("heteroidentificacao/", include("heteroidentificacao.urls")),
    # A ajuda: as regras e os guias de docs/ como páginas (comum/ajuda/).
    path("ajuda/", include("comum.ajuda.urls")),
    # Saúde do sistema para o monitoramento (token ou endereço liberado; os outros recebem 404).
    path("saude/", saude.saude, name="saude"),
]

# Páginas de erro em português, no leiaute de quem as vê, com o caminho de volta (comum/erros.py).
handler400 = "comum.erros.pedido_invalido"
handler403 = "comum.erros.permissao_negada"
handler404 = "comum.erros.nao_encontrada"
handler500 = "comum.erros.erro_do_servidor"
