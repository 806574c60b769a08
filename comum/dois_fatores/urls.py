from django.urls import path

from comum.dois_fatores import views

app_name = "dois_fatores"

urlpatterns = [
    path("cadastrar/", views.cadastrar, name="cadastrar"),
    path("verificar/", views.verificar, name="verificar"),
    path("codigos-de-recuperacao/", views.novos_codigos, name="novos_codigos"),
]
