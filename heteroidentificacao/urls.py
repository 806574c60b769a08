"""Telas da comissão de heteroidentificação (membros, fora do admin) e a prestação de contas do edital."""

from django.urls import path

from . import views, views_da_prestacao

app_name = "heteroidentificacao"

urlpatterns = [
    path("", views.minhas_sessoes, name="minhas_sessoes"),
    path("sessoes/<int:pk>/", views.sessao, name="sessao"),
    path("sessoes/<int:pk>/abrir/", views.abrir_sessao, name="abrir_sessao"),
    path("sessoes/<int:pk>/encerrar/", views.encerrar_sessao, name="encerrar_sessao"),
    path("chamados/<int:pk>/presenca/", views.registrar_presenca, name="registrar_presenca"),
    path("chamados/<int:pk>/parecer/", views.parecer, name="parecer"),
    # Prestação de contas do edital (RH e auditor): junta concursos e heteroidentificação, por isso mora aqui.
    path(
        "editais/<int:pk>/prestacao-de-contas/",
        views_da_prestacao.prestacao_de_contas_tela,
        name="prestacao_de_contas",
    ),
    path(
        "editais/<int:pk>/prestacao-de-contas.pdf",
        views_da_prestacao.prestacao_de_contas_pdf,
        name="prestacao_de_contas_pdf",
    ),
    path(
        "editais/<int:pk>/prestacao-de-contas.xlsx",
        views_da_prestacao.prestacao_de_contas_xlsx,
        name="prestacao_de_contas_xlsx",
    ),
]
