"""Leitura das células de uma planilha de inscrições: CPF, datas, decimais com vírgula, sim/não,
cor/raça do IBGE, situação. Cada leitor recebe a célula como veio (texto do CSV; número, data ou
texto do XLSX) e devolve o valor do campo, ou levanta ``ValorInvalido`` com o motivo em português
(a mensagem com linha, coluna e valor é montada por quem lê a linha, ``conferencia``)."""

import functools
import math
import re
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.core.validators import validate_email

from comum import relogio
from comum.busca import sem_acentos
from comum.cpf import normalizar_cpf, validar_cpf
from comum.planilhas import PERIGOSOS, texto
from comum.validacao import ANO_MINIMO_DE_NASCIMENTO, IDADE_MINIMA, validar_nascimento
from comum.validadores import tem_caracteres_de_controle

MAXIMO_INTEIRO = 2_147_483_647  # o maior inteiro que cabe numa coluna inteira em qualquer banco


class ValorInvalido(ValueError):
    """Célula que não pode ser lida; a mensagem diz por quê, em português."""


def normalizar_cabecalho(texto) -> str:
    """``'Data de Nascimento'`` → ``'data_de_nascimento'``; ``'Cor/Raça'`` → ``'cor_raca'``."""
    return re.sub(r"[^a-z0-9]+", "_", sem_acentos(str(texto or "")).lower()).strip("_")


def _palavra(valor) -> str:
    conteudo = texto(valor)
    return _palavra_curta(conteudo) if len(conteudo) <= 40 else sem_acentos(conteudo).lower()


@functools.lru_cache(maxsize=512)
def _palavra_curta(conteudo: str) -> str:
    """Sim/não, cor/raça e situação se repetem em todas as linhas: a conta é feita uma vez por palavra."""
    return sem_acentos(conteudo).lower()


def ler_texto(valor, *, maximo: int, obrigatorio: bool = False) -> str:
    conteudo = texto(valor)
    if obrigatorio and not conteudo:
        raise ValorInvalido("preenchimento obrigatório")
    if len(conteudo) > maximo:
        raise ValorInvalido(f"no máximo {maximo} caracteres (tem {len(conteudo)})")
    if tem_caracteres_de_controle(conteudo):
        raise ValorInvalido("tem caracteres de controle ou invisíveis (copiados de outro sistema?); digite de novo")
    return conteudo


def ler_nome(valor, *, obrigatorio: bool) -> str:
    nome = ler_texto(valor, maximo=200, obrigatorio=obrigatorio)
    if nome.startswith(PERIGOSOS):
        raise ValorInvalido("um nome não começa com =, +, -, @ nem com tabulação")
    return nome


def ler_cpf(valor) -> str:
    """Os 11 dígitos do CPF, com ou sem máscara. Se o Excel comeu os zeros à esquerda (CPF salvo
    como número), eles são repostos; os dígitos verificadores decidem se o CPF vale."""
    if isinstance(valor, bool):
        raise ValorInvalido("CPF inválido")
    if isinstance(valor, (int, float)):
        if isinstance(valor, float) and not valor.is_integer():
            raise ValorInvalido("CPF inválido")
        if not 0 <= valor < 10**11:
            raise ValorInvalido("o CPF tem 11 dígitos")
        digitos = str(int(valor)).zfill(11)
    else:
        conteudo = texto(valor)
        if not conteudo:
            raise ValorInvalido("preenchimento obrigatório")
        if not re.fullmatch(r"[0-9.\-/ ]+", conteudo):
            raise ValorInvalido("o CPF tem só números, com ou sem pontos e traço (000.000.000-00)")
        digitos = normalizar_cpf(conteudo)
        if conteudo.isdigit() and 9 <= len(digitos) < 11:
            digitos = digitos.zfill(11)
    if len(digitos) != 11:
        raise ValorInvalido(f"o CPF tem 11 dígitos (este tem {len(digitos)})")
    try:
        validar_cpf(digitos)
    except ValidationError:
        raise ValorInvalido("CPF inválido: os dígitos verificadores não conferem") from None
    return digitos


_SO_PONTO = re.compile(r"\d*\.?\d+", re.ASCII)
_SO_VIRGULA = re.compile(r"\d*,?\d+", re.ASCII)
_MILHAR_BR = re.compile(r"\d{1,3}(\.\d{3})+(,\d+)?", re.ASCII)
_MILHAR_US = re.compile(r"\d{1,3}(,\d{3})+(\.\d+)?", re.ASCII)


def ler_decimal(valor, *, casas: int = 3, maximo: Decimal = Decimal("1000000")) -> Decimal:
    """Decimal com vírgula ou ponto: ``40,5``, ``40.5``, ``1.234,56``, ``1,234.56`` ou número do XLSX.

    ``1.234`` é lido como um inteiro e 234 milésimos (notas têm 3 casas); ``1.234.567`` e
    ``1.234,5`` usam o ponto como separador de milhar. Nunca arredonda: mais casas que o campo
    permite é erro, porque arredondar nota muda a classificação."""
    if isinstance(valor, bool):
        raise ValorInvalido("não é um número")
    if isinstance(valor, float):
        if not math.isfinite(valor):
            raise ValorInvalido("não é um número")
        if abs(valor) >= maximo:
            raise ValorInvalido(f"valor grande demais (até {maximo - 1})")
        numero = Decimal(repr(valor))
        arredondado = numero.quantize(Decimal(1).scaleb(-casas))
        if abs(numero - arredondado) < Decimal("1e-9"):  # resíduo binário de fórmula do Excel
            numero = arredondado
    elif isinstance(valor, (int, Decimal)):
        numero = Decimal(valor)
    else:
        conteudo = texto(valor).replace(" ", "")
        if not conteudo:
            raise ValorInvalido("preenchimento obrigatório")
        if _SO_PONTO.fullmatch(conteudo):
            normal = conteudo
        elif _SO_VIRGULA.fullmatch(conteudo):
            normal = conteudo.replace(",", ".")
        elif _MILHAR_BR.fullmatch(conteudo):
            normal = conteudo.replace(".", "").replace(",", ".")
        elif _MILHAR_US.fullmatch(conteudo):
            normal = conteudo.replace(",", "")
        elif conteudo.startswith("-") and _SO_PONTO.fullmatch(conteudo[1:].replace(",", ".")):
            raise ValorInvalido("a nota não pode ser negativa")
        else:
            raise ValorInvalido("não é um número (use, por exemplo, 78,5 ou 1.234,56)")
        try:
            numero = Decimal(normal)
        except InvalidOperation:
            raise ValorInvalido("não é um número") from None
    if not numero.is_finite():
        raise ValorInvalido("não é um número")
    if numero < 0:
        raise ValorInvalido("a nota não pode ser negativa")
    if numero >= maximo:
        raise ValorInvalido(f"valor grande demais (até {maximo - 1})")
    if numero.as_tuple().exponent < -casas and numero != numero.quantize(Decimal(1).scaleb(-casas)):
        raise ValorInvalido(f"no máximo {casas} casas decimais")
    return numero


def ler_data(valor) -> date | None:
    """dd/mm/aaaa (ou aaaa-mm-dd, ou data do XLSX); vazio → ``None``."""
    if isinstance(valor, datetime):
        data = valor.date()
    elif isinstance(valor, date):
        data = valor
    else:
        conteudo = re.sub(r"\s+00:00(:00)?$", "", texto(valor))
        if not conteudo:
            return None
        data = _data_do_texto(conteudo)
    # Nenhum fuso está mais de um dia atrás do UTC: só datas recentes pedem a data local (mais cara).
    if data.year < ANO_MINIMO_DE_NASCIMENTO or (
        data >= relogio.agora().astimezone(UTC).date() - timedelta(days=1) and data > relogio.hoje()
    ):
        raise ValorInvalido("data fora do intervalo possível para um nascimento")
    if data.year >= relogio.agora().astimezone(UTC).year - IDADE_MINIMA - 1:  # só as recentes pedem a conta da idade
        try:
            validar_nascimento(data)
        except ValidationError as erro:
            detalhe = erro.messages[0].partition(": ")[2].rstrip(".")  # "02/03/2020 (6 anos); a idade deve…"
            raise ValorInvalido(f"data implausível para um nascimento: {detalhe}") from None
    return data


def ler_dia(valor) -> date | None:
    """Uma data qualquer (de um ato, de um parecer): dd/mm/aaaa, aaaa-mm-dd ou data do XLSX; vazio →
    ``None``. Não confere o intervalo, que é de quem lê (a data de um ato, pela validade do edital)."""
    if isinstance(valor, datetime):
        return valor.date()
    if isinstance(valor, date):
        return valor
    conteudo = re.sub(r"\s+00:00(:00)?$", "", texto(valor))
    return _data_do_texto(conteudo) if conteudo else None


_DIA_MES_ANO = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})", re.ASCII)


def _data_do_texto(conteudo: str) -> date:
    """dd/mm/aaaa pelo caminho curto (o ``strptime`` é lento em 100 mil linhas); o resto, ``strptime``."""
    if partes := _DIA_MES_ANO.fullmatch(conteudo):
        dia, mes, ano = map(int, partes.groups())
        try:
            return date(ano, mes, dia)
        except ValueError:
            raise ValorInvalido("data inválida (use dd/mm/aaaa, por exemplo 31/12/1990)") from None
    for formato in ("%d/%m/%Y", "%Y-%m-%d"):
        try:
            return datetime.strptime(conteudo, formato).date()
        except ValueError:
            continue
    raise ValorInvalido("data inválida (use dd/mm/aaaa, por exemplo 31/12/1990)")


SIM = {"sim", "s", "x", "1", "verdadeiro", "true", "yes"}
NAO = {"nao", "n", "0", "falso", "false", "no", ""}


def ler_sim_nao(valor) -> bool:
    """sim/não (também S/N, X, 1/0); célula vazia é não."""
    if isinstance(valor, bool):
        return valor
    palavra = _palavra(valor)
    if palavra in SIM:
        return True
    if palavra in NAO:
        return False
    raise ValorInvalido("use sim ou não")


CORES = {
    "branca": "branca",
    "branco": "branca",
    "preta": "preta",
    "preto": "preta",
    "parda": "parda",
    "pardo": "parda",
    "amarela": "amarela",
    "amarelo": "amarela",
    "indigena": "indigena",
}


def ler_cor_raca(valor) -> str:
    """Cor/raça pelo quesito do IBGE; aceita maiúsculas, acentos e o masculino (``Pardo``)."""
    palavra = _palavra(valor)
    if not palavra:
        return ""
    try:
        return CORES[palavra]
    except KeyError:
        raise ValorInvalido("use branca, preta, parda, amarela ou indígena (quesito cor/raça do IBGE)") from None


SITUACOES = {
    "": "classificado",
    "classificado": "classificado",
    "classificada": "classificado",
    "eliminado": "eliminado",
    "eliminada": "eliminado",
}


def ler_situacao(valor) -> str:
    try:
        return SITUACOES[_palavra(valor)]
    except KeyError:
        raise ValorInvalido("use classificado ou eliminado") from None


def ler_inteiro_positivo(valor) -> int | None:
    if isinstance(valor, bool):
        raise ValorInvalido("use um número inteiro a partir de 1")
    conteudo = texto(valor)
    if not conteudo:
        return None
    if not re.fullmatch(r"[0-9]{1,10}", conteudo) or not 1 <= int(conteudo) <= MAXIMO_INTEIRO:
        raise ValorInvalido(f"use um número inteiro de 1 a {MAXIMO_INTEIRO}")
    return int(conteudo)


def ler_email(valor) -> str:
    email = ler_texto(valor, maximo=254)
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise ValorInvalido("e-mail inválido") from None
    return email
