from django.apps import AppConfig


class HeteroidentificacaoConfig(AppConfig):
    name = "heteroidentificacao"
    verbose_name = "Heteroidentificação"

    def ready(self):
        from concursos.consultas.sujeitos_a_recurso import registrar_fonte

        from .consultas import em_prazo_de_recurso

        # O resultado do concurso publicado enquanto corre o prazo de recurso da comissão sai
        # "sujeito a recurso" (docs/REGRAS.md §10): concursos pergunta, a heteroidentificação responde.
        registrar_fonte(em_prazo_de_recurso)
