"""Erros do motor de cotas: mensagens em português que nomeiam candidato, campo e valor."""

from decimal import Decimal


class ErroDeCotas(ValueError):
    """Entrada inválida para o motor. Nada é calculado nem gravado quando ela ocorre.

    ``mensagem`` já vem pronta para o usuário; ``inscricao``, ``campo`` e ``valor`` permitem
    que as telas destaquem a linha e a coluna com problema.
    """

    def __init__(self, mensagem: str, *, inscricao: str | None = None, campo: str | None = None, valor=None):
        super().__init__(mensagem)
        self.mensagem = mensagem
        self.inscricao = inscricao
        self.campo = campo
        self.valor = valor

    def __str__(self) -> str:
        return self.mensagem


def descrever_valor(valor) -> str:
    """Representação curta do valor recebido, para a mensagem de erro (como no JSON, sem jargão)."""
    if isinstance(valor, Decimal):
        texto = str(valor)
    elif valor is None:
        texto = "nulo"
    elif isinstance(valor, bool):
        texto = "true" if valor else "false"
    else:
        texto = repr(valor)
    return texto if len(texto) <= 80 else texto[:77] + "..."
