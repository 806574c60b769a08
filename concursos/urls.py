"""Telas do RH fora dos cadastros: eventos, reversão, gerar e publicar resultado, PDFs, modelo de planilha,
simulador; e a verificação pública do código do Anexo I."""

from django.urls import path, re_path

from . import views, views_da_convocacao, views_do_modelo, views_do_provimento
from .importacao import tela_das_avaliacoes
from .segundo_plano import views as views_do_segundo_plano

app_name = "concursos"

urlpatterns = [
    path("simulador/", views.simulador, name="simulador"),
    # Pública, sem login: confere o código de verificação do rodapé do Anexo I (quadro de vagas).
    path("verificar/", views.verificar_documento, name="verificar_documento"),
    path("editais/<int:pk>/gerar-resultado/", views.gerar_resultado, name="gerar_resultado"),
    path("editais/<int:pk>/prorrogar-validade/", views.prorrogar_validade, name="prorrogar_validade"),
    path("editais/<int:pk>/quadro-de-vagas.pdf", views.quadro_de_vagas_pdf, name="quadro_de_vagas_pdf"),
    path("editais/<int:pk>/resultado.pdf", views.resultado_pdf, name="resultado_pdf"),
    path("cargos/<int:pk>/eventos/<str:tipo>/", views.registrar_evento, name="registrar_evento"),
    path("cargos/<int:pk>/inscricoes/busca.json", views.buscar_inscricoes, name="buscar_inscricoes"),
    path("eventos/<int:pk>/", views.evento, name="evento"),
    path("inscricoes/<int:pk>/provimento/", views_do_provimento.registrar_provimento, name="registrar_provimento"),
    path("cargos/<int:pk>/convocacao/", views_da_convocacao.publicar_convocacao, name="publicar_convocacao"),
    path("convocacoes/<int:pk>.pdf", views_da_convocacao.ato_de_convocacao_pdf, name="ato_de_convocacao_pdf"),
    path("inscricoes/<int:pk>/avaliacao-pcd/", views.registrar_avaliacao_pcd, name="registrar_avaliacao_pcd"),
    path("inscricoes/<int:pk>/decisao-judicial/", views.registrar_decisao_judicial, name="registrar_decisao_judicial"),
    path("avaliacoes-pcd/", tela_das_avaliacoes.importar_avaliacoes_pcd, name="importar_avaliacoes_pcd"),
    path("avaliacoes-pcd/previa/", tela_das_avaliacoes.previa_das_avaliacoes_pcd, name="previa_das_avaliacoes_pcd"),
    path("avaliacoes-pcd/confirmar/", tela_das_avaliacoes.confirmar_avaliacoes_pcd, name="confirmar_avaliacoes_pcd"),
    path("avaliacoes-pcd/erros.csv", tela_das_avaliacoes.erros_das_avaliacoes_pcd, name="erros_das_avaliacoes_pcd"),
    path("eventos/<int:pk>/reverter/", views.reverter_evento, name="reverter_evento"),
    path("resultados/<int:pk>/publicar/", views.publicar_resultado, name="publicar_resultado"),
    re_path(r"^resultados/(?P<pk>[0-9]+)/lista\.(?P<formato>xlsx|csv)$", views.lista_publicada, name="lista_publicada"),
    re_path(
        r"^editais/(?P<pk>[0-9]+)/modelo-de-planilha\.(?P<formato>xlsx|csv)$",
        views_do_modelo.modelo_de_planilha,
        name="modelo_de_planilha",
    ),
    path(
        "editais/<int:pk>/gerar-resultado-em-segundo-plano/",
        views_do_segundo_plano.pedir_resultados,
        name="pedir_resultados",
    ),
    path("editais/<int:pk>/pdfs-em-segundo-plano/", views_do_segundo_plano.pedir_pdfs, name="pedir_pdfs"),
    path(
        "importar-em-segundo-plano/", views_do_segundo_plano.importar_em_segundo_plano, name="importar_em_segundo_plano"
    ),
    path("processamentos/<int:pk>/progresso.json", views_do_segundo_plano.progresso, name="progresso_do_processamento"),
    path(
        "processamentos/<int:pk>/pdfs/<int:cargo_id>.pdf",
        views_do_segundo_plano.pdf_do_processamento,
        name="pdf_do_processamento",
    ),
]
