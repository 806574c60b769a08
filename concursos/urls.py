"""Telas do RH fora dos cadastros: eventos, reversão, gerar e publicar resultado, PDFs, simulador."""

from django.urls import path, re_path

from . import views

app_name = "concursos"

urlpatterns = [
    path("simulador/", views.simulador, name="simulador"),
    path("editais/<int:pk>/gerar-resultado/", views.gerar_resultado, name="gerar_resultado"),
    path("editais/<int:pk>/quadro-de-vagas.pdf", views.quadro_de_vagas_pdf, name="quadro_de_vagas_pdf"),
    path("editais/<int:pk>/resultado.pdf", views.resultado_pdf, name="resultado_pdf"),
    path("cargos/<int:pk>/eventos/<str:tipo>/", views.registrar_evento, name="registrar_evento"),
    path("eventos/<int:pk>/", views.evento, name="evento"),
    path("eventos/<int:pk>/reverter/", views.reverter_evento, name="reverter_evento"),
    path("resultados/<int:pk>/publicar/", views.publicar_resultado, name="publicar_resultado"),
    re_path(r"^resultados/(?P<pk>[0-9]+)/lista\.(?P<formato>xlsx|csv)$", views.lista_publicada, name="lista_publicada"),
]
