from django.apps import AppConfig


class HeteroidentificacaoConfig(AppConfig):
    name = "heteroidentificacao"
    verbose_name = "Heteroidentificação"
