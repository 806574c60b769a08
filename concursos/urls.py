"""Telas do RH fora dos cadastros: eventos, reversão, gerar e publicar resultado, PDFs, modelo de planilha,
simulador; a referência do Diário Oficial e o arquivo editável de um ato publicado; e a verificação pública do código
impresso nos atos (e no Anexo I anterior ao registro), com o original guardado."""

from django.urls import path, re_path

from .importacao import tela_das_avaliacoes
from .segundo_plano import views as segundo_plano
from .views import (
    atos,
    avisos_pessoais,
    conferencia,
    convocacoes,
    editais,
    eventos,
    importacao,
    provimentos,
    resultados,
    simulador,
    verificacoes,
)

app_name = "concursos"

urlpatterns = [
    path("simulador/", simulador.simulador, name="simulador"),
    # Públicas, sem login: confere o código de verificação de um ato publicado (ou do rodapé do Anexo I
    # anterior ao registro) e entrega o original guardado.
    path("verificar/", conferencia.verificar_documento, name="verificar_documento"),
    path("verificar/<str:codigo>/original/", conferencia.original_do_ato, name="original_do_ato"),
    path("atos/<int:pk>/diario-oficial/", atos.acrescentar_diario_oficial, name="acrescentar_diario_oficial"),
    path("atos/<int:pk>/editavel.docx", atos.editavel_do_ato, name="editavel_do_ato"),
    path("editais/<int:pk>/gerar-resultado/", editais.gerar_resultado, name="gerar_resultado"),
    path("editais/<int:pk>/prorrogar-validade/", editais.prorrogar_validade, name="prorrogar_validade"),
    path("editais/<int:pk>/quadro-de-vagas.pdf", editais.quadro_de_vagas_pdf, name="quadro_de_vagas_pdf"),
    path("editais/<int:pk>/registrar-anexo-i/", editais.registrar_anexo_i, name="registrar_anexo_i"),
    path("editais/<int:pk>/resultado.pdf", editais.resultado_pdf, name="resultado_pdf"),
    path("cargos/<int:pk>/eventos/<str:tipo>/", eventos.registrar_evento, name="registrar_evento"),
    path("cargos/<int:pk>/inscricoes/busca.json", eventos.buscar_inscricoes, name="buscar_inscricoes"),
    path("eventos/<int:pk>/", eventos.evento, name="evento"),
    path("inscricoes/<int:pk>/provimento/", provimentos.registrar_provimento, name="registrar_provimento"),
    path("cargos/<int:pk>/convocacao/", convocacoes.publicar_convocacao, name="publicar_convocacao"),
    path("convocacoes/<int:pk>.pdf", convocacoes.ato_de_convocacao_pdf, name="ato_de_convocacao_pdf"),
    path("convocacoes/<int:pk>.docx", convocacoes.ato_de_convocacao_docx, name="ato_de_convocacao_docx"),
    # Pública, sem login: o link assinado do e-mail do aviso pessoal (issue 28).
    path("aviso/<str:token>/", avisos_pessoais.aviso_pessoal, name="aviso_pessoal"),
    path("avisos/<int:pk>/reenviar/", avisos_pessoais.reenviar_aviso, name="reenviar_aviso"),
    path("avisos/<int:pk>/outro-meio/", avisos_pessoais.registrar_por_outro_meio, name="aviso_por_outro_meio"),
    path("avisos/caixa-de-saida/", avisos_pessoais.caixa_de_saida, name="caixa_de_saida"),
    path("inscricoes/<int:pk>/avaliacao-pcd/", verificacoes.registrar_avaliacao_pcd, name="registrar_avaliacao_pcd"),
    path(
        "inscricoes/<int:pk>/analise-documental/",
        verificacoes.registrar_analise_documental,
        name="registrar_analise_documental",
    ),
    path(
        "inscricoes/<int:pk>/decisao-judicial/",
        verificacoes.registrar_decisao_judicial,
        name="registrar_decisao_judicial",
    ),
    path("avaliacoes-pcd/", tela_das_avaliacoes.importar_avaliacoes_pcd, name="importar_avaliacoes_pcd"),
    path("avaliacoes-pcd/previa/", tela_das_avaliacoes.previa_das_avaliacoes_pcd, name="previa_das_avaliacoes_pcd"),
    path("avaliacoes-pcd/confirmar/", tela_das_avaliacoes.confirmar_avaliacoes_pcd, name="confirmar_avaliacoes_pcd"),
    path("avaliacoes-pcd/erros.csv", tela_das_avaliacoes.erros_das_avaliacoes_pcd, name="erros_das_avaliacoes_pcd"),
    path("eventos/<int:pk>/reverter/", eventos.reverter_evento, name="reverter_evento"),
    path("resultados/<int:pk>/publicar/", resultados.publicar_resultado, name="publicar_resultado"),
    re_path(
        r"^resultados/(?P<pk>[0-9]+)/lista\.(?P<formato>xlsx|csv)$", resultados.lista_publicada, name="lista_publicada"
    ),
    re_path(
        r"^editais/(?P<pk>[0-9]+)/modelo-de-planilha\.(?P<formato>xlsx|csv)$",
        importacao.modelo_de_planilha,
        name="modelo_de_planilha",
    ),
    path(
        "editais/<int:pk>/gerar-resultado-em-segundo-plano/",
        segundo_plano.pedir_resultados,
        name="pedir_resultados",
    ),
    path("editais/<int:pk>/pdfs-em-segundo-plano/", segundo_plano.pedir_pdfs, name="pedir_pdfs"),
    path("importar-em-segundo-plano/", segundo_plano.importar_em_segundo_plano, name="importar_em_segundo_plano"),
    path("processamentos/<int:pk>/progresso.json", segundo_plano.progresso, name="progresso_do_processamento"),
    path(
        "processamentos/<int:pk>/pdfs/<int:cargo_id>.pdf",
        segundo_plano.pdf_do_processamento,
        name="pdf_do_processamento",
    ),
]
