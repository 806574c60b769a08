"""Telas da comissão de heteroidentificação (membros, fora do admin) e a prestação de contas do edital."""

from django.urls import path

from .views import escala, impedimentos, prestacao_de_contas, sessoes

app_name = "heteroidentificacao"

urlpatterns = [
    path("", sessoes.minhas_sessoes, name="minhas_sessoes"),
    path("sessoes/<int:pk>/", sessoes.sessao, name="sessao"),
    path("sessoes/<int:pk>/abrir/", sessoes.abrir_sessao, name="abrir_sessao"),
    path("sessoes/<int:pk>/gravacao/", sessoes.registrar_gravacao, name="registrar_gravacao"),
    path("sessoes/<int:pk>/encerrar/", sessoes.encerrar_sessao, name="encerrar_sessao"),
    path("sessoes/<int:pk>/chamar/", escala.chamar_candidatos, name="chamar_candidatos"),
    path("sessoes/<int:pk>/presenca/", escala.presenca_em_lote, name="presenca_em_lote"),
    path("chamados/<int:pk>/presenca/", sessoes.registrar_presenca, name="registrar_presenca"),
    path("chamados/<int:pk>/parecer/", sessoes.parecer, name="parecer"),
    path("chamados/<int:pk>/impedimento/", impedimentos.declarar_impedimento, name="declarar_impedimento"),
    path("chamados/<int:pk>/transferir/", impedimentos.transferir_por_impedimento, name="transferir_por_impedimento"),
    path(
        "chamados/<int:pk>/parecer-da-comissao/",
        sessoes.registrar_parecer_da_comissao,
        name="registrar_parecer_da_comissao",
    ),
    # Prestação de contas do edital (RH e auditor): junta concursos e heteroidentificação, por isso mora aqui.
    path(
        "editais/<int:pk>/prestacao-de-contas/",
        prestacao_de_contas.prestacao_de_contas_tela,
        name="prestacao_de_contas",
    ),
    path(
        "editais/<int:pk>/prestacao-de-contas/publicar/",
        prestacao_de_contas.publicar_versao_publica,
        name="publicar_prestacao_de_contas",
    ),
    path(
        "editais/<int:pk>/prestacao-de-contas.pdf",
        prestacao_de_contas.prestacao_de_contas_pdf,
        name="prestacao_de_contas_pdf",
    ),
    path(
        "editais/<int:pk>/prestacao-de-contas.xlsx",
        prestacao_de_contas.prestacao_de_contas_xlsx,
        name="prestacao_de_contas_xlsx",
    ),
]
