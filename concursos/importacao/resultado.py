"""O que uma importação diz de volta: o resultado da biblioteca com os erros numerados pela linha
da planilha, as mensagens em português e a recusa de um arquivo inteiro."""

from django.core.exceptions import ValidationError
from import_export.results import Result

from .erros import ErroDaPlanilha, da_mensagem

MAXIMO_DE_MENSAGENS = 1000


class ResultadoDaImportacao(Result):
    """Erros de gravação numerados pela linha da planilha (a biblioteca conta só os válidos)."""

    def row_errors(self):
        return [(linha.number, linha.errors) for linha in self.error_rows]


def mensagens_de_erro(resultado) -> list[str]:
    """Todas as mensagens de um resultado de importação, na ordem das linhas (para comandos e testes)."""
    mensagens = [str(erro.error) for erro in resultado.base_errors]
    for linha in sorted(resultado.invalid_rows, key=lambda r: r.number):
        for lista in linha.error_dict.values():
            mensagens += lista
    for numero, erros in resultado.row_errors():
        mensagens += [f"Linha {numero}: erro ao gravar ({erro.error})." for erro in erros]
    return mensagens


def erros_do_resultado(resultado, registrados: dict[str, ErroDaPlanilha]) -> list[ErroDaPlanilha]:
    """Os erros de um resultado como tabela: os das células como foram lidos (``registrados``, de
    ``Conferencia.erros_registrados``), os outros (cabeçalho, gravação) pela mensagem."""
    return [registrados.get(mensagem) or da_mensagem(mensagem) for mensagem in mensagens_de_erro(resultado)]


class ImportacaoRecusada(ValidationError):
    """O arquivo não foi importado (nada foi gravado); ``mensagens`` diz por quê, linha a linha, e
    ``erros`` traz os mesmos erros como tabela (``erros.ErroDaPlanilha``: linha, coluna, letra, valor)."""

    def __init__(self, mensagens: list[str], erros: list[ErroDaPlanilha] | None = None):
        self.erros = list(erros) if erros is not None else [da_mensagem(m) for m in mensagens]
        self.quantidade = len(mensagens)
        self.mensagens = list(mensagens[:MAXIMO_DE_MENSAGENS])
        if self.quantidade > MAXIMO_DE_MENSAGENS:
            self.mensagens.append(
                f"… e mais {self.quantidade - MAXIMO_DE_MENSAGENS} erros. Corrija os de cima e importe de novo."
            )
        super().__init__(self.mensagens)
