"""O admin do RH para os concursos, um módulo por tópico; importar este pacote registra os modelos."""

from . import editais  # noqa: F401 (registra os modelos no admin)
