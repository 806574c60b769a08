"""Os erros de uma planilha como tabela: cada erro com a linha, a coluna (o cabeçalho do arquivo e a
letra), o valor e o motivo; agrupados quando o mesmo erro se repete em várias linhas (o mesmo cargo
desconhecido em 300 linhas é UMA linha da tabela, "linhas 2–301"); e em CSV para baixar.

Quem lê as células (``conferencia.Conferencia.mensagem``, a importação das avaliações PcD) guarda um
``ErroDaPlanilha`` por mensagem; ``da_mensagem`` reconstrói o de uma mensagem que não passou por
lá (o cabeçalho, uma recusa da gravação), para que a tabela traga todos.
"""

import re
from dataclasses import dataclass

from django.core.paginator import Page, Paginator

from comum import planilhas

SEM_LINHA = 0  # erro do arquivo inteiro (não é de uma linha)

_LINHA = re.compile(r"^Linha (\d+)(?: \(cabeçalho\))?[:,] ?")


@dataclass(frozen=True)
class ErroDaPlanilha:
    linha: int
    coluna: str  # o cabeçalho como está no arquivo ("" quando o erro não é de uma coluna)
    letra: str
    valor: str
    motivo: str

    @property
    def mensagem(self) -> str:
        """A frase inteira, como nas mensagens de texto (comando, segundo plano)."""
        partes = [f"Linha {self.linha}" if self.linha else "Arquivo"]
        if self.coluna:
            partes.append(f"coluna “{self.coluna}” ({self.letra})")
            partes.append(f"valor “{self.valor}”" if self.valor else "valor vazio")
        fim = "" if self.motivo.endswith(("?", ".")) else "."
        return f"{', '.join(partes)}: {self.motivo}{fim}"


def da_mensagem(mensagem: str) -> ErroDaPlanilha:
    """O erro de uma mensagem de texto sem coluna ("Linha 1 (cabeçalho): faltam…"; "Linha 7: …")."""
    encontrado = _LINHA.match(mensagem)
    linha = int(encontrado.group(1)) if encontrado else SEM_LINHA
    motivo = mensagem[encontrado.end() :] if encontrado else mensagem
    coluna = "(cabeçalho)" if "(cabeçalho)" in mensagem[:30] else ""
    return ErroDaPlanilha(linha, coluna, "", "", motivo.rstrip("."))


@dataclass(frozen=True)
class GrupoDeErros:
    """O mesmo erro (coluna, valor e motivo) em uma ou mais linhas."""

    linhas: tuple[int, ...]
    coluna: str
    letra: str
    valor: str
    motivo: str

    @property
    def quantidade(self) -> int:
        return len(self.linhas)

    @property
    def linhas_em_texto(self) -> str:
        """``(2, 3, 4, 9)`` → "2–4, 9"; erro do arquivo inteiro → "—"."""
        if self.linhas == (SEM_LINHA,):
            return "—"
        trechos, inicio, anterior = [], None, None
        for linha in self.linhas:
            if anterior is not None and linha == anterior + 1:
                anterior = linha
                continue
            if inicio is not None:
                trechos.append(_trecho(inicio, anterior))
            inicio = anterior = linha
        trechos.append(_trecho(inicio, anterior))
        return ", ".join(trechos)


def _trecho(inicio: int, fim: int) -> str:
    return str(inicio) if inicio == fim else f"{inicio}–{fim}"


def agrupar(erros) -> list[GrupoDeErros]:
    """Os erros agrupados pelo que dizem, na ordem da primeira linha de cada grupo."""
    grupos: dict[tuple, list[int]] = {}
    for erro in erros:
        chave = (erro.coluna, erro.letra, erro.valor, erro.motivo)
        grupos.setdefault(chave, []).append(erro.linha)
    juntos = [GrupoDeErros(tuple(sorted(set(linhas))), *chave) for chave, linhas in grupos.items()]
    return sorted(juntos, key=lambda g: (g.linhas[0], g.letra.rjust(3)))


def como_csv(erros) -> bytes:
    """Um erro por linha (sem agrupar), para o RH corrigir ou mandar à banca; ``;`` e UTF-8 com BOM."""
    cabecalho = ("linha", "coluna", "letra", "valor", "erro")
    ordenados = sorted(erros, key=lambda e: (e.linha, e.letra.rjust(3)))
    linhas = ((e.linha or "", e.coluna, e.letra, planilhas.neutralizar(e.valor), e.motivo) for e in ordenados)
    return planilhas.escrever_csv(cabecalho, linhas)


GRUPOS_POR_PAGINA = 50


def pagina(erros, numero) -> Page:
    """Uma página dos erros agrupados, para ``admin/concursos/importacao/_erros.html``; número
    inválido ou fora do intervalo dá a primeira ou a última página."""
    return Paginator(agrupar(erros), GRUPOS_POR_PAGINA).get_page(numero)
