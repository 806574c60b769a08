"""As decisões de verificação de uma sessão da comissão em lote (docs/REGRAS.md §§ 8 e 9): num cargo
com resultado publicado, as decisões que mudam a verificação viram UM lote de eventos
``verificacao`` e UMA versão nova do resultado (por cargo), numa transação só, com o mesmo ato (a ata
da sessão como documento, a data do encerramento, quem encerrou). Antes da primeira publicação, cada
decisão vai à opção, sem evento, como em ``registrar_verificacao``.

- ``prever_revisoes_de_verificacao``: o resultado que o lote daria, sem gravar nada (a prévia "quem
  muda", com ``revisoes_de_nota.resumo_das_revisoes``);
- ``registrar_revisoes_de_verificacao``: grava os atos, os eventos e a versão;
- ``quem_mudou_no_lote``: depois de gravado, o mesmo resumo "quem muda", lido da versão que o lote
  gerou (a confirmação do encerramento da sessão o mostra ao presidente; antes do encerramento ele
  revelaria as decisões da comissão antes do ato).

O motor aplica o §8 evento a evento, então o lote tem uma ordem fixa: a dos candidatos na lista geral
da última versão publicada e, depois (quem não está nela), o número de inscrição. O resultado é o
mesmo de registrar as mesmas decisões uma a uma nessa ordem (um teste confere).
"""

import json
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models.fields.json import KeyTextTransform, KeyTransform
from simple_history.utils import bulk_create_with_history

import cotas
from comum import relogio
from comum.exibicao import data
from cotas.eventos import SAI_DAS_LISTAS, TIPOS_DE_EVENTO
from cotas.modelo import PENDENTE, VERIFICACAO

from ..adapters import cenario_do_cargo, evento_do_cenario
from ..atos import ROTULOS_DAS_SITUACOES, Ato, conferir_origem, verificacao_do_grupo
from ..models import AtoDeVerificacao, Cargo, Evento, Inscricao, OpcaoDeGrupo, Resultado
from ..saida_do_motor import LISTA_GERAL
from .resultados import gerar_resultado
from .revisoes_de_nota import PrevisaoDasRevisoes, resumo_das_revisoes
from .verificacoes import SEM_DOCUMENTO, VerificacaoRegistrada, _registro, registrar_verificacao


@dataclass(frozen=True)
class DecisaoDeVerificacao:
    """A decisão sobre a verificação da opção de uma inscrição por um grupo, com quem a tomou
    (``origem``, ``AtoDeVerificacao.ORIGENS``) e por quê."""

    inscricao: Inscricao
    grupo: str
    situacao: str
    origem: str
    motivo: str = ""

    @property
    def numero(self) -> str:
        return self.inscricao.numero


def em_ordem(cargo: Cargo, decisoes) -> list[DecisaoDeVerificacao]:
    """A ordem do lote: a da lista geral da última versão publicada (só essa lista é lida da saída
    gravada), depois o número de inscrição."""
    geral = (
        Resultado.objects.filter(cargo=cargo, status=Resultado.PUBLICADO)
        .order_by("-versao")
        .values_list(KeyTextTransform(LISTA_GERAL, KeyTransform("listas", "saida")), flat=True)
        .first()
    )
    lugar = {numero: i for i, numero in enumerate(json.loads(geral) if geral else ())}
    fim = len(lugar)
    return sorted(decisoes, key=lambda d: (lugar.get(d.numero, fim), d.numero, d.grupo))


def _saidas_do_concurso(cenario: dict) -> dict[str, str]:
    """Inscrição → o evento vigente que a tirou de todas as listas (desistência, não posse, anulação)."""
    saidas = {}
    for evento in cenario["eventos"]:
        tipo = TIPOS_DE_EVENTO.get(evento["tipo"])
        if tipo is not None and tipo.efeito == SAI_DAS_LISTAS and evento.get("inscricao"):
            saidas[evento["inscricao"]] = tipo.rotulo.lower()
    return saidas


def prever_revisoes_de_verificacao(cargo: Cargo, decisoes, *, ato: Ato | None = None) -> PrevisaoDasRevisoes | None:
    """O cenário vigente mais o lote (só as decisões que mudam a verificação de quem está no concurso),
    simulado uma vez, sem gravar nada; ``None`` se nenhuma decisão muda o resultado."""
    cenario = cenario_do_cargo(cargo)
    efetivas = [d for d, antes, sem_efeito in _conferidas(cenario, em_ordem(cargo, decisoes)) if not sem_efeito]
    if not efetivas:
        return None
    primeiro = len(cenario["eventos"]) + 1
    cenario = {**cenario, "eventos": [*cenario["eventos"], *(_do_cenario(d, ato) for d in efetivas)]}
    try:
        resultado = cotas.simular(cotas.ler_cenario(cenario))
    except cotas.ErroDeCotas as erro:
        raise ValidationError(f"O motor de cotas recusaria as decisões: {erro}") from erro
    return PrevisaoDasRevisoes(resultado, {primeiro + i: d for i, d in enumerate(efetivas)})


def quem_mudou_no_lote(documento: str, inscricoes) -> list[dict]:
    """Por cargo, o que o lote de eventos ``verificacao`` do ``documento`` (a ata da sessão) mudou no
    resultado: ``revisoes_de_nota.resumo_das_revisoes`` sobre a saída gravada da versão que o lote
    gerou, com ``cargo`` e ``versao``. Os eventos do lote são os últimos do cenário dessa versão; do
    cenário só se lê a lista dos eventos. Cargos sem evento (antes da publicação, ou nenhuma decisão
    mudou a verificação) não aparecem."""
    eventos = (
        Evento.objects.filter(tipo=VERIFICACAO, documento=documento, inscricao__in=inscricoes)
        .select_related("inscricao")
        .order_by("registrado_em", "id")
    )
    por_cargo: dict[int, list[Evento]] = {}
    for evento in eventos:
        por_cargo.setdefault(evento.cargo_id, []).append(evento)
    versoes = (
        Resultado.objects.filter(evento__in=[lote[-1] for lote in por_cargo.values()])
        .select_related("cargo")
        .annotate(eventos_do_cenario=KeyTransform("eventos", "cenario"))
        .defer("cenario")
        .order_by("cargo__codigo", "cargo_id")
    )
    resumos = []
    for versao in versoes:
        lote = por_cargo[versao.cargo_id]
        primeiro = len(versao.eventos_do_cenario) - len(lote) + 1
        decisoes = {
            primeiro + i: DecisaoDeVerificacao(e.inscricao, e.grupo, e.situacao, origem="") for i, e in enumerate(lote)
        }
        previsao = PrevisaoDasRevisoes(versao.saida_do_motor, decisoes)
        resumos.append({"cargo": versao.cargo, "versao": versao.versao, **resumo_das_revisoes(versao.cargo, previsao)})
    return resumos


def _do_cenario(decisao: DecisaoDeVerificacao, ato: Ato | None = None) -> dict:
    return evento_do_cenario(
        VERIFICACAO,
        ato=ato or Ato(documento="", data_do_ato=None),
        numero=decisao.numero,
        grupo=decisao.grupo,
        situacao=decisao.situacao,
    )


def _conferidas(cenario: dict, decisoes) -> list[tuple[DecisaoDeVerificacao, str, str]]:
    """(decisão, verificação vigente antes, por que não vira evento — ou "") de cada decisão, na ordem;
    a vigente de cada uma já conta as decisões anteriores do mesmo lote. O cenário é percorrido uma
    vez (``atos.situacao_no_cenario`` o percorreria a cada decisão)."""
    saidas = _saidas_do_concurso(cenario)
    numeros = {d.numero for d in decisoes}
    candidatos = {c["inscricao"]: c for c in cenario["candidatos"] if c["inscricao"] in numeros}
    vigentes = {(n, g): s for n, c in candidatos.items() for g, s in c.get("verificacao", {}).items()}
    for evento in cenario["eventos"]:
        if evento["tipo"] == VERIFICACAO and evento.get("inscricao") in numeros:
            vigentes[evento["inscricao"], evento["grupo"]] = evento["situacao"]
    conferidas = []
    for decisao in decisoes:
        chave = (decisao.numero, decisao.grupo)
        candidato = candidatos.get(decisao.numero)
        if candidato is None or decisao.grupo not in candidato.get("grupos", ()):
            raise ValidationError(
                {
                    "grupo": f"A inscrição {decisao.numero} não optou pelo grupo {decisao.grupo or '(vazio)'} neste cargo."
                }
            )
        antes = vigentes.get(chave, PENDENTE)
        if antes == decisao.situacao:
            sem_efeito = "a verificação vigente já era esta"
        elif decisao.numero in saidas:
            sem_efeito = f"a inscrição {decisao.numero} já saiu ({saidas[decisao.numero]})"
        else:
            sem_efeito = ""
            vigentes[chave] = decisao.situacao
        conferidas.append((decisao, antes, sem_efeito))
    return conferidas


@transaction.atomic
def registrar_revisoes_de_verificacao(
    decisoes, *, por, ato: Ato, em=None, mantendo=frozenset()
) -> dict[DecisaoDeVerificacao, VerificacaoRegistrada]:
    """Registra as decisões (de uma sessão) em lote: por cargo, antes da publicação cada uma vai à
    opção (``registrar_verificacao``); depois dela, um ato por decisão e, das que mudam a verificação
    de quem está no concurso, um lote de eventos ``verificacao`` e uma só versão do resultado.
    ``mantendo``: as verificações vigentes que a decisão não substitui (a declaração falsa apurada,
    para a comissão): a decisão não é registrada. Tudo ou nada: ``ValidationError``."""
    registradas = {}
    por_cargo: dict[int, list] = {}
    for decisao in decisoes:
        por_cargo.setdefault(decisao.inscricao.cargo_id, []).append(decisao)
    for cargo_id in sorted(por_cargo):
        cargo = Cargo.objects.select_for_update().select_related("edital").get(pk=cargo_id)
        for decisao in por_cargo[cargo_id]:
            verificacao = verificacao_do_grupo(cargo.edital, decisao.grupo)
            conferir_origem(decisao.grupo, decisao.situacao, decisao.origem, verificacao=verificacao)
        conferido = ato.conferido(cargo.edital, hoje=relogio.dia_de(em), sem_documento=SEM_DOCUMENTO)
        if cargo.publicado:
            registradas |= _em_lote(cargo, por_cargo[cargo_id], por, conferido, em, mantendo)
        else:
            registradas |= _uma_a_uma(por_cargo[cargo_id], por, conferido, em, mantendo)
    return registradas


def _uma_a_uma(decisoes, por, ato: Ato, em, mantendo) -> dict:
    """Antes da publicação: cada decisão vai à opção da inscrição (a próxima versão é calculada do zero)."""
    registradas = {}
    for decisao in decisoes:
        opcao = OpcaoDeGrupo.objects.select_for_update().get(inscricao=decisao.inscricao, grupo=decisao.grupo)
        if opcao.situacao in mantendo:
            registradas[decisao] = VerificacaoRegistrada(opcao.situacao, opcao.situacao)
            continue
        registradas[decisao] = registrar_verificacao(
            decisao.inscricao,
            decisao.grupo,
            decisao.situacao,
            origem=decisao.origem,
            por=por,
            ato=ato,
            motivo=decisao.motivo,
            em=em,
        )
    return registradas


def _em_lote(cargo: Cargo, decisoes, por, ato: Ato, em, mantendo) -> dict:
    cenario = cenario_do_cargo(cargo)
    momento = em or relogio.agora()
    opcoes = set(
        OpcaoDeGrupo.objects.select_for_update()
        .filter(inscricao__in=[d.inscricao for d in decisoes])
        .values_list("inscricao_id", "grupo")
    )
    registradas, atos, eventos = {}, [], []
    for decisao, antes, sem_efeito in _conferidas(cenario, em_ordem(cargo, decisoes)):
        if (decisao.inscricao.pk, decisao.grupo) not in opcoes:
            raise ValidationError(
                {"grupo": f"A inscrição {decisao.numero} não optou pelo grupo {decisao.grupo or '(vazio)'}."}
            )
        if antes in mantendo:
            registradas[decisao] = VerificacaoRegistrada(antes, antes)
            continue
        if decisao.situacao not in ROTULOS_DAS_SITUACOES:
            raise ValidationError({"situacao": f"Situação de verificação desconhecida: {decisao.situacao!r}."})
        registro = _registro(
            decisao.inscricao,
            grupo=decisao.grupo,
            situacao=decisao.situacao,
            origem=decisao.origem,
            por=por,
            ato=ato,
            campos={"motivo": decisao.motivo},
            em=momento,
        )
        registro.situacao_anterior, registro.sem_efeito = antes, sem_efeito
        _conferir_campos(registro)
        atos.append(registro)
        if sem_efeito:
            depois = antes
        else:
            registro.evento = _evento(cargo, decisao, por, ato, momento)
            eventos.append(registro.evento)
            depois = decisao.situacao
        registradas[decisao] = VerificacaoRegistrada(antes, depois, sem_efeito=sem_efeito, ato=registro)
    if eventos:
        bulk_create_with_history(eventos, Evento, default_user=por, default_date=momento)
        descricao = (
            f"Revisão de verificação de {len(eventos)} candidato(s): {ato.documento}, de {data(ato.data_do_ato)}"
        )
        try:
            # A versão fica ligada ao último evento do lote (o número dele no cenário é o último).
            gerar_resultado(cargo, por=por, motivo=descricao, evento=eventos[-1], em=em)
        except cotas.ErroDeCotas as erro:
            raise ValidationError(f"O motor de cotas recusou as decisões: {erro}") from erro
    for registro in atos:
        registro.evento_id = registro.evento.pk if registro.evento is not None else None
    AtoDeVerificacao.objects.bulk_create(atos)
    return registradas


def _evento(cargo, decisao: DecisaoDeVerificacao, por, ato: Ato, momento) -> Evento:
    evento = Evento(
        cargo=cargo,
        tipo=VERIFICACAO,
        inscricao=decisao.inscricao,
        motivo=decisao.motivo,
        **ato.campos_do_evento(),
        grupo=decisao.grupo,
        situacao=decisao.situacao,
        registrado_por=por,
        registrado_em=momento,
    )
    _conferir_campos(evento)
    return evento


def _conferir_campos(registro) -> None:
    """``full_clean`` sem as chaves estrangeiras (objetos já lidos; conferi-las seria uma consulta por
    registro e por chave) nem a unicidade (registros novos): o lote faz as mesmas consultas com 3 ou
    300 decisões."""
    chaves = [campo.name for campo in registro._meta.fields if campo.is_relation]
    registro.clean_fields(exclude=chaves)
    registro.clean()
