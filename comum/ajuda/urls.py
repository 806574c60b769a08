from django.urls import path

from . import views

app_name = "ajuda"

urlpatterns = [
    path("", views.indice, name="indice"),
    path("<slug:pagina>/", views.pagina, name="pagina"),
]
