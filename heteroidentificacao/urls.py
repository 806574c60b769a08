"""Telas da comissão de heteroidentificação (membros, fora do admin)."""

from django.urls import path

from . import views

app_name = "heteroidentificacao"

urlpatterns = [
    path("", views.minhas_sessoes, name="minhas_sessoes"),
    path("sessoes/<int:pk>/", views.sessao, name="sessao"),
    path("sessoes/<int:pk>/abrir/", views.abrir_sessao, name="abrir_sessao"),
    path("sessoes/<int:pk>/encerrar/", views.encerrar_sessao, name="encerrar_sessao"),
    path("chamados/<int:pk>/presenca/", views.registrar_presenca, name="registrar_presenca"),
    path("chamados/<int:pk>/parecer/", views.parecer, name="parecer"),
]
