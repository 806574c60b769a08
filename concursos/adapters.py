"""Tradução ORM ↔ motor: um cargo vira um cenário ``cotas-cenario/1``.

O cenário é o que o motor recebe, o que fica gravado em cada versão do resultado (com o seu hash)
e o que ``exportar_cenario`` entrega ao auditor: as três coisas são o mesmo objeto, de modo que o
resultado publicado pode ser reproduzido com ``manage.py simular_cotas``.
"""

import json
from collections.abc import Callable, Iterable
from itertools import groupby
from operator import itemgetter

from django.db.models import F, JSONField, TextField, Value
from django.db.models.functions import Cast

from comum.canonico import canonico_e_hash
from cotas.eventos import TIPOS_DE_EVENTO
from cotas.modelo import NOTA, VERIFICACAO

from .atos import Ato
from .models import Cargo, Evento, Inscricao, Resultado

FORMATO_CENARIO = "cotas-cenario/1"


def cenario_do_cargo(cargo: Cargo, *, candidatos: Callable[[Cargo], list[dict]] | None = None) -> dict:
    """As entradas atuais do cargo: regime congelado do edital, vagas, inscrições e eventos.

    Depois da primeira publicação as entradas estão congeladas (docs/REGRAS.md §9): vagas e
    candidatos vêm do cenário gravado na primeira versão publicada, e só os eventos vêm do banco
    (uma versão nova é a anterior mais os eventos). Antes dela, tudo vem do banco: ``candidatos``
    lê os do cargo (por padrão, uma consulta só dele; ``CandidatosDoEdital.do_cargo`` para um
    edital inteiro)."""
    publicado = primeiro_cenario_publicado(cargo)
    ler_candidatos = candidatos or _candidatos
    return {
        **cabecalho_do_cenario(cargo),
        "vagas": cargo.vagas if publicado is None else publicado["vagas"],
        "candidatos": ler_candidatos(cargo) if publicado is None else publicado["candidatos"],
        "eventos": eventos_do_cargo(cargo),
    }


def cabecalho_do_cenario(cargo: Cargo) -> dict:
    """O que o cenário do cargo traz além de vagas, candidatos e eventos: formato, descrição, regime
    congelado e os dados do edital que o motor usa (nenhuma consulta além do edital do cargo)."""
    edital = cargo.edital
    return {
        "formato": FORMATO_CENARIO,
        "descricao": f"{edital.identificacao} — cargo {cargo.codigo} ({cargo.nome})",
        "regime": edital.parametros_do_regime,
        "edital": {
            "tipo": edital.tipo,
            "publicado_em": edital.publicado_em.isoformat(),
            "data_referencia_idade": edital.data_referencia_idade.isoformat(),
            "desempate": list(edital.desempate),
        },
    }


def primeiro_cenario_publicado(cargo: Cargo) -> dict | None:
    """O cenário gravado na primeira versão publicada do cargo; ``None`` se nenhuma foi publicada."""
    return (
        Resultado.objects.filter(cargo=cargo, status=Resultado.PUBLICADO)
        .order_by("versao")
        .values_list("cenario", flat=True)
        .first()
    )


# Uma linha por inscrição e opção por grupo (LEFT JOIN): quem não optou vem numa linha só, com o
# grupo nulo; quem optou por dois grupos vem em duas linhas seguidas.
CAMPOS_DA_LINHA = (
    "id",
    "numero",
    "nota",
    "parciais_em_texto",
    "candidato__nascimento",
    "jurado",
    "sorteio",
    "cor_raca",
    "situacao",
    "opcoes__grupo",
    "opcoes__situacao",
)


def _candidatos(cargo: Cargo) -> list[dict]:
    """Os candidatos do cargo em ordem de número de inscrição, numa consulta só (inscrição,
    candidato e opções por grupo juntos)."""
    return _candidatos_das_linhas(
        _com_parciais_em_texto(Inscricao.objects.filter(cargo=cargo))
        .order_by("numero", "id")
        .values_list(*CAMPOS_DA_LINHA)
    )


def _com_parciais_em_texto(inscricoes):
    """As notas parciais lidas como o texto JSON do banco, decodificado em ``_candidatos_das_linhas``
    sem passar pelo ``JSONField`` linha a linha (num edital de 1 milhão, ~2,5 s a menos)."""
    return inscricoes.annotate(parciais_em_texto=Cast("notas_parciais", TextField()))


_decodificar_json = json.JSONDecoder().raw_decode


class CandidatosDoEdital:
    """Os candidatos de vários cargos de um edital numa consulta só, lida aos poucos (um cursor do
    lado do servidor no PostgreSQL), cargo a cargo na ordem dada: quem gera o edital inteiro pede
    ``do_cargo`` de cada um nessa ordem.

    Uma consulta por cargo fazia o PostgreSQL percorrer a tabela inteira de candidatos (e a de
    opções) uma vez para cada cargo: 500 vezes um milhão de linhas num edital grande. Os cargos sem
    inscrição não aparecem na consulta (``do_cargo`` devolve lista vazia); os que já têm os
    candidatos congelados numa publicação ficam de fora de ``cargos`` e não são pedidos."""

    def __init__(self, cargos: Iterable[Cargo]):
        self._ordem = {cargo.pk: indice for indice, cargo in enumerate(cargos)}
        linhas = _com_parciais_em_texto(Inscricao.objects.filter(cargo__in=list(self._ordem)))
        linhas = linhas.order_by("cargo__codigo", "numero", "id")
        linhas = linhas.values_list("cargo_id", *CAMPOS_DA_LINHA).iterator(chunk_size=5000)
        self._grupos = groupby(linhas, key=itemgetter(0))
        self._atual = next(self._grupos, None)

    def do_cargo(self, cargo: Cargo) -> list[dict]:
        """Os candidatos de ``cargo``; os cargos pedidos antes dele já foram lidos."""
        posicao = self._ordem[cargo.pk]
        while self._atual is not None and self._ordem[self._atual[0]] < posicao:
            self._atual = next(self._grupos, None)  # um cargo que não foi pedido (não deve haver)
        if self._atual is None or self._atual[0] != cargo.pk:
            return []
        candidatos = _candidatos_das_linhas(linha[1:] for linha in self._atual[1])
        self._atual = next(self._grupos, None)
        return candidatos


def _candidatos_das_linhas(linhas: Iterable[tuple]) -> list[dict]:
    """Os candidatos das linhas de ``CAMPOS_DA_LINHA`` de um cargo, em ordem de número de inscrição."""
    candidatos = []
    anterior = None
    for id_, numero, nota, parciais, nascimento, jurado, sorteio, cor_raca, situacao, grupo, verificacao in linhas:
        if id_ == anterior:
            _mais_uma_opcao(candidatos[-1], grupo, verificacao)
            continue
        anterior = id_
        candidato = {"inscricao": numero, "nota": str(nota)}
        parciais = parciais and _decodificar_json(parciais)[0]  # o que o JSONField daria
        if parciais:
            candidato["notas"] = {campo: str(valor) for campo, valor in parciais.items()}
        if nascimento:
            candidato["nascimento"] = nascimento.isoformat()
        if jurado:
            candidato["jurado"] = True
        if sorteio is not None:
            candidato["sorteio"] = sorteio
        if cor_raca:
            candidato["cor_raca"] = cor_raca
        if grupo is not None:
            candidato["grupos"] = [grupo]
            candidato["verificacao"] = {grupo: verificacao}
        if situacao == Inscricao.ELIMINADO:
            candidato["eliminado"] = True
        candidatos.append(candidato)
    return candidatos


def _mais_uma_opcao(candidato: dict, grupo: str, verificacao: str) -> None:
    """A linha seguinte da mesma inscrição traz outra opção por grupo. Grupos em ordem de nome
    pelo Python (a ordem do banco depende do idioma dele); as chaves já existem, então continuam
    no mesmo lugar do dicionário (antes de ``eliminado``)."""
    opcoes = sorted([*candidato["verificacao"].items(), (grupo, verificacao)])
    candidato["grupos"] = [nome for nome, _ in opcoes]
    candidato["verificacao"] = dict(opcoes)


# Os campos de cada evento que o cenário escreve, com os nomes dos parâmetros de ``evento_do_cenario``;
# o documento, a data do ato e o sub judice vão no ``Ato``.
CAMPOS_DO_EVENTO = ("tipo", "quantidade", "grupo", "situacao", "nota", "notas_parciais")
CAMPOS_DO_ATO_NO_CENARIO = ("documento", "data_do_ato", "sub_judice")


def eventos_do_cargo(cargo: Cargo) -> list[dict]:
    """Eventos vigentes em ordem de registro: sem os revertidos e sem as próprias reversões."""
    vigentes = Evento.objects.vigentes().filter(cargo=cargo).order_by("registrado_em", "id")
    linhas = vigentes.values(*CAMPOS_DO_EVENTO, *CAMPOS_DO_ATO_NO_CENARIO, numero=F("inscricao__numero"))
    return [_do_cenario(linha) for linha in linhas]


def _do_cenario(linha: dict) -> dict:
    """Uma linha de ``eventos_do_cargo`` (os campos do evento e os do ato) como o cenário a escreve."""
    ato = Ato(**{campo: linha.pop(campo) for campo in CAMPOS_DO_ATO_NO_CENARIO})
    return evento_do_cenario(ato=ato, **linha)


def evento_do_cenario(
    tipo: str,
    *,
    ato: Ato,
    quantidade: int | None = None,
    numero: str | None = None,
    grupo: str = "",
    situacao: str = "",
    nota=None,
    notas_parciais: dict | None = None,
) -> dict:
    """Um evento como o cenário o escreve (``cotas-cenario/1``): a nota em texto e, do ``ato``
    (``Ato.no_cenario``), o sub judice das revisões, o documento e a data em ISO. ``numero``: o da
    inscrição do evento; os outros nomes são os dos campos de ``Evento``."""
    if TIPOS_DE_EVENTO[tipo].carrega_quantidade:
        evento = {"tipo": tipo, "quantidade": quantidade}
    else:
        evento = {"tipo": tipo, "inscricao": numero}
    if tipo == VERIFICACAO:
        evento.update(grupo=grupo, situacao=situacao)
    elif tipo == NOTA:
        evento["nota"] = None if nota is None else str(nota)
        if notas_parciais:
            evento["notas"] = {campo: str(valor) for campo, valor in notas_parciais.items()}
    evento.update(ato.no_cenario(revisao=TIPOS_DE_EVENTO[tipo].revisao))
    return evento


def hash_do_cenario(cenario: dict) -> str:
    """SHA-256 da forma canônica do cenário (chaves ordenadas, sem espaços)."""
    return canonico_e_hash(cenario)[1]


def cenario_para_gravar(cenario: dict) -> tuple[Cast, str]:
    """O cenário como valor do campo ``Resultado.cenario`` e o seu hash, serializando uma vez só:
    o banco recebe o próprio texto canônico que foi resumido no hash (num edital de 1 milhão de
    inscrições, são centenas de MB de JSON). O conteúdo gravado é o mesmo do dicionário; no
    SQLite o texto fica na forma canônica, com as chaves em ordem alfabética."""
    canonico, resumo = canonico_e_hash(cenario)
    return Cast(Value(canonico), output_field=JSONField()), resumo
