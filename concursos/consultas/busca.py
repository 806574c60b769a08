"""Achar a inscrição de um cargo no formulário de evento sem rolar uma lista de milhares: pelo número,
pelo nome (civil ou social, sem acentos nem maiúsculas, cada palavra em qualquer ordem) ou pelo CPF.

O CPF só se busca pelo que as telas mostram (os seis dígitos do meio de ``***.456.789-**``, ao
menos três deles) ou inteiro (os onze, como o candidato o apresenta): procurar por trechos das partes
escondidas permitiria descobri-las por tentativa. Cada resultado sai com o CPF mascarado.

A ordem é a de quem digita um número: o número exato primeiro, depois os números que começam pelo
texto, depois os nomes e por fim o CPF; até ``LIMITE`` inscrições.
"""

from dataclasses import dataclass

from django.db.models import QuerySet
from django.db.models.functions import Substr

from comum.busca import para_busca
from comum.cpf import normalizar_cpf
from comum.validadores import tem_caracteres_de_controle
from cotas.regimes import rotulo_do_grupo

from ..models import PosicaoVigente

LIMITE = 20
MAXIMO_DE_CARACTERES = 120
MINIMO_DE_LETRAS = 2
MINIMO_DE_DIGITOS_DO_CPF = 3


@dataclass(frozen=True)
class Encontradas:
    inscricoes: list
    mais: bool  # há outras além das mostradas: digitar mais


def buscar(inscricoes: QuerySet, digitado: str, limite: int = LIMITE) -> Encontradas:
    texto = " ".join(str(digitado or "").split())
    if not texto or not buscavel(texto):
        return Encontradas([], False)
    base = inscricoes.select_related("candidato")
    consultas = [base.filter(numero=texto), base.filter(numero__istartswith=texto).order_by("numero")]
    palavras = para_busca(texto).split()
    if len(texto) >= MINIMO_DE_LETRAS and any(c.isalpha() for c in texto):
        # ``nome_para_busca``: o nome civil e o social já sem acentos nem maiúsculas, guardados na
        # inscrição: só as linhas do cargo (pelo índice do cargo), nada calculado por linha.
        por_nome = base
        for palavra in palavras:
            por_nome = por_nome.filter(nome_para_busca__contains=palavra)
        consultas.append(por_nome.order_by("candidato__nome", "numero"))
    digitos = normalizar_cpf(texto)
    if len(digitos) == 11:
        consultas.append(base.filter(candidato__cpf=digitos))
    elif MINIMO_DE_DIGITOS_DO_CPF <= len(digitos) <= 6 and not any(c.isalpha() for c in texto):
        # No PostgreSQL, o índice de trigramas desta mesma expressão (migração 0021) acha os
        # candidatos sem calcular o trecho em cada um: não mude a ``Substr`` sem mudar o índice.
        meio = base.annotate(_meio=Substr("candidato__cpf", 4, 6)).filter(_meio__contains=digitos)
        consultas.append(meio.order_by("numero"))
    achadas: dict[int, object] = {}
    for consulta in consultas:
        for inscricao in consulta[: limite + 1]:
            achadas.setdefault(inscricao.pk, inscricao)
    lista = list(achadas.values())
    return Encontradas(lista[:limite], len(lista) > limite)


def buscavel(texto: str) -> bool:
    """Nem texto enorme (o LIKE do SQLite recusa padrões longos) nem caracteres de controle (o
    PostgreSQL recusa o NUL): ninguém digita isso numa busca."""
    return len(texto) <= MAXIMO_DE_CARACTERES and not tem_caracteres_de_controle(texto)


def situacoes_atuais(cargo, numeros=None) -> dict[str, str]:
    """Quem está convocado na última versão do resultado, para ajudar a escolher a inscrição; com
    ``numeros``, só entre essas inscrições. Lido de ``PosicaoVigente`` (gravada com cada versão), não
    da saída do motor: num cargo grande ela tem megabytes, e a busca roda a cada tecla."""
    posicoes = PosicaoVigente.objects.filter(cargo=cargo)
    if numeros is not None:
        posicoes = posicoes.filter(inscricao__in=list(numeros))
    return {
        inscricao: f"convocada: {posicao}ª vaga, {rotulo_do_grupo(vaga).lower()}"
        for inscricao, posicao, vaga in posicoes.values_list("inscricao", "posicao", "vaga")
    }


def rotulo(inscricao, situacoes: dict[str, str]) -> str:
    """``1006 — Zacarias Nascimento — CPF ***.456.789-** (convocada: 3ª vaga, negros)``."""
    candidato = inscricao.candidato
    texto = f"{inscricao.numero} — {candidato.nome_de_uso} — CPF {candidato.cpf_mascarado}"
    return f"{texto} ({situacoes[inscricao.numero]})" if inscricao.numero in situacoes else texto
