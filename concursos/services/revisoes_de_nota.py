"""Correções de nota em lote (docs/REGRAS.md §§ 8 e 9): o arquivo corrigido da banca, reimportado
num cargo cujo resultado já foi publicado, vira UM evento ``nota`` por candidato cuja nota (ou nota
parcial) mudou e UMA versão nova do resultado, numa transação só.

- ``notas_vigentes``: a nota e as parciais que valem hoje (as entradas congeladas na primeira
  publicação e, por cima, as correções de nota já registradas), com que o arquivo é comparado;
- ``prever_revisoes_de_nota``: o resultado que as correções dariam, calculado pelo motor sem gravar
  nada (a prévia "quem muda" da importação);
- ``resumo_das_revisoes``: quem será convocado, quem muda, quem é mantido e quem sai, com o nome e a
  correção que causa cada mudança;
- ``registrar_revisoes_de_nota``: grava os eventos (com o documento, a data do ato e quem os
  registrou) e gera a versão. Qualquer recusa (data fora da validade, nota que não é número, motor)
  é ``ValidationError`` e nada fica gravado.

As correções entram no cenário numa ordem fixa: primeiro as notas que sobem, da maior nota
corrigida para a menor, depois as demais. O motor trata cada evento na sua vez (quem a correção faz
vencer é chamado na hora): assim quem sobe mais é considerado antes de quem sobe menos, e a queda de
alguém não abre uma vaga que uma subida logo adiante tomaria de volta.
"""

from dataclasses import dataclass, field
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction

import cotas
from comum.exibicao import data
from comum.planilhas import decimal_em_texto
from cotas.eventos import TIPOS_DE_EVENTO
from cotas.modelo import NOTA
from cotas.regimes import rotulo_do_grupo

from ..adapters import cenario_do_cargo, evento_do_cenario
from ..atos import Ato, conferir_nota, conferir_revisao
from ..models import Cargo, Evento, Inscricao, Resultado
from .resultados import gerar_resultado


def _vaga(vaga: str | None) -> str:
    return "—" if not vaga else rotulo_do_grupo(vaga)


@dataclass(frozen=True)
class MudancaDeNota:
    """A nota de uma inscrição antes (a vigente) e depois (a corrigida); ``parciais``: só as notas
    parciais que mudam (campo → texto), com as de antes em ``parciais_anteriores``."""

    inscricao: Inscricao
    nota_anterior: Decimal
    nota: Decimal
    parciais_anteriores: dict = field(default_factory=dict)
    parciais: dict = field(default_factory=dict)
    linha: int | None = None

    @property
    def numero(self) -> str:
        return self.inscricao.numero

    @property
    def sobe(self) -> bool:
        return self.nota > self.nota_anterior

    @property
    def de(self) -> str:
        return numero_em_texto(self.nota_anterior)

    @property
    def para(self) -> str:
        return numero_em_texto(self.nota)

    @property
    def parciais_que_mudam(self) -> list[tuple[str, str, str]]:
        """(campo, antes, depois) de cada nota parcial corrigida, para a prévia."""
        antes = self.parciais_anteriores
        return [
            (campo, numero_em_texto(antes[campo]) if campo in antes else "—", numero_em_texto(valor))
            for campo, valor in sorted(self.parciais.items())
        ]


def numero_em_texto(valor) -> str:
    """``Decimal('80.500')`` → ``'80,5'`` (vírgula decimal, sem zeros à direita)."""
    return decimal_em_texto(Decimal(str(valor))).replace(".", ",")


def notas_vigentes(cenario: dict) -> dict[str, tuple[Decimal, dict]]:
    """Inscrição → (nota, parciais) que valem hoje: as entradas do cenário e as correções de nota
    registradas, na ordem (cada uma troca a nota e as parciais que informa)."""
    vigentes = {
        c["inscricao"]: (Decimal(str(c["nota"])), {k: Decimal(str(v)) for k, v in c.get("notas", {}).items()})
        for c in cenario["candidatos"]
    }
    for evento in cenario["eventos"]:
        numero = evento.get("inscricao")
        if evento["tipo"] == NOTA and numero in vigentes:
            parciais = {**vigentes[numero][1], **{k: Decimal(str(v)) for k, v in evento.get("notas", {}).items()}}
            vigentes[numero] = (Decimal(str(evento["nota"])), parciais)
    return vigentes


def em_ordem(mudancas) -> list[MudancaDeNota]:
    """A ordem dos eventos no cenário (ver o início do módulo)."""
    return sorted(mudancas, key=lambda m: (not m.sobe, -m.nota, m.numero))


@dataclass(frozen=True)
class PrevisaoDasRevisoes:
    """O resultado previsto e a correção que cada número de evento novo é."""

    resultado: cotas.Resultado
    por_evento: dict  # número do evento no cenário → MudancaDeNota


def prever_revisoes_de_nota(cargo: Cargo, mudancas, *, ato: Ato | None = None, cenario=None) -> PrevisaoDasRevisoes:
    """O cenário vigente mais um evento ``nota`` por mudança, simulado uma vez, sem gravar nada; o
    ``ato``, se já se sabe qual é (a prévia da importação ainda não o tem). O motor recusar (revisão
    de quem já saiu, por exemplo) → ``ValidationError`` com a linha."""
    cenario = cenario if cenario is not None else cenario_do_cargo(cargo)
    cenario = {**cenario, "eventos": list(cenario["eventos"])}
    ordem = em_ordem(mudancas)
    primeiro = len(cenario["eventos"]) + 1
    for mudanca in ordem:
        cenario["eventos"].append(_do_cenario(mudanca, ato or SEM_ATO))
    try:
        resultado = cotas.simular(cotas.ler_cenario(cenario))
    except cotas.ErroDeCotas as erro:
        recusa = ValidationError(_recusa_do_motor(erro, ordem))
        recusa.linha = next((m.linha for m in ordem if m.numero == erro.inscricao), None)
        raise recusa from erro
    return PrevisaoDasRevisoes(resultado, {primeiro + i: m for i, m in enumerate(ordem)})


# A prévia antes do ato: nem documento, nem data, nem sub judice no cenário.
SEM_ATO = Ato(documento="", data_do_ato=None)


def _do_cenario(mudanca: MudancaDeNota, ato: Ato) -> dict:
    return evento_do_cenario(NOTA, ato=ato, numero=mudanca.numero, nota=mudanca.nota, notas_parciais=mudanca.parciais)


def _recusa_do_motor(erro: cotas.ErroDeCotas, ordem: list[MudancaDeNota]) -> str:
    mudanca = next((m for m in ordem if m.numero == getattr(erro, "inscricao", None)), None)
    onde = f"Linha {mudanca.linha}, inscrição {mudanca.numero}: " if mudanca and mudanca.linha else ""
    return f"{onde}o motor de cotas recusaria a correção de nota: {erro}"


def resumo_das_revisoes(cargo: Cargo, previsao: PrevisaoDasRevisoes) -> dict:
    """O que as correções mudam no resultado previsto, como ``previsao.resumo_da_previsao`` o diz
    para um evento, com ``por``: a inscrição cuja correção causa a mudança."""
    resultado, por_evento = previsao.resultado, previsao.por_evento
    convocados = [c for c in resultado.convocacoes if c.evento in por_evento]
    reclassificados = [r for r in resultado.reclassificacoes if r.evento in por_evento]
    mantidos = [m for m in resultado.mantidos if m.evento in por_evento]
    saidas = [s for s in resultado.saidas if s.evento in por_evento]
    numeros = {x.inscricao for x in (*convocados, *reclassificados, *mantidos, *saidas)}
    pessoas = cargo.inscricoes.pessoas(numeros)

    def pessoa(item) -> dict:
        encontrada = pessoas.get(item.inscricao)
        return {
            "inscricao": item.inscricao,
            "nome": encontrada.nome if encontrada else "",
            "por": por_evento[item.evento].numero,
        }

    return {
        "convocados": [
            {**pessoa(c), "posicao": c.posicao, "vaga": _vaga(c.vaga), "motivo": c.motivo}
            for c in sorted(convocados, key=lambda c: c.posicao)
        ],
        "reclassificados": [
            {
                **pessoa(r),
                "de": _vaga(r.de),
                "para": _vaga(r.para),
                "de_posicao": r.de_posicao,
                "para_posicao": r.para_posicao,
                "motivo": r.motivo,
            }
            for r in reclassificados
        ],  # fmt: skip
        "mantidos": [{**pessoa(m), "vaga": _vaga(m.vaga), "posicao": m.posicao} for m in mantidos],
        "saem": [
            {
                **pessoa(s),
                "vaga": _vaga(s.vaga),
                "posicao": s.posicao,
                "tipo": TIPOS_DE_EVENTO[s.tipo].situacao_de_quem_saiu if s.tipo in TIPOS_DE_EVENTO else s.tipo,
            }
            for s in saidas
        ],  # fmt: skip
        "sub_judice": list(resultado.sub_judice),
        "provisorio": resultado.provisorio,
    }


@dataclass(frozen=True)
class RevisoesRegistradas:
    eventos: list[Evento]
    resultado: Resultado


SEM_DOCUMENTO = "Informe o documento da correção (o ofício da banca, a decisão judicial)."


@transaction.atomic
def registrar_revisoes_de_nota(
    cargo: Cargo,
    mudancas,
    *,
    ato: Ato,
    por,
    motivo: str = "",
) -> RevisoesRegistradas:
    """Um evento ``nota`` por mudança, com o mesmo ``ato`` (documento, data, Diário Oficial, sub
    judice e processo), e uma só versão nova do resultado do cargo. Tudo ou nada: ``ValidationError``."""
    cargo = Cargo.objects.select_for_update().select_related("edital").get(pk=cargo.pk)
    mudancas = em_ordem(mudancas)
    if not mudancas:
        raise ValidationError("Nenhuma nota muda: não há correção a registrar.")
    if not cargo.publicado:
        raise ValidationError(
            f"O resultado do cargo {cargo.codigo} ({cargo.nome}) ainda não foi publicado: as notas se corrigem "
            "na própria inscrição (ou pela importação), sem evento."
        )
    ato = ato.conferido(cargo.edital, sem_documento=SEM_DOCUMENTO)
    cenario = cenario_do_cargo(cargo)
    eventos, vistos = [], set()
    for mudanca in mudancas:
        if mudanca.inscricao.cargo_id != cargo.pk:
            raise ValidationError(f"A inscrição {mudanca.numero} não é do cargo {cargo.codigo}.")
        if mudanca.numero in vistos:
            raise ValidationError(f"A inscrição {mudanca.numero} aparece duas vezes nas correções.")
        vistos.add(mudanca.numero)
        conferir_revisao(cenario, NOTA, mudanca.numero, grupo="", situacao="", nota=mudanca.nota)
        evento = Evento(
            cargo=cargo,
            tipo=NOTA,
            inscricao=mudanca.inscricao,
            motivo=motivo or f"Nota {mudanca.de} → {mudanca.para} no arquivo corrigido da banca.",
            nota=conferir_nota(mudanca.nota),
            notas_parciais={campo: str(conferir_nota(valor)) for campo, valor in mudanca.parciais.items()},
            registrado_por=por,
            **ato.campos_do_evento(),
        )
        evento.full_clean()
        eventos.append(evento)
    for evento in eventos:
        evento.save()
    descricao = f"Correção de nota de {len(eventos)} candidato(s): {ato.documento}, de {data(ato.data_do_ato)}"
    try:
        # A versão fica ligada ao último evento (o número dela no cenário é o último).
        resultado = gerar_resultado(cargo, por=por, motivo=descricao, evento=eventos[-1])
    except cotas.ErroDeCotas as erro:
        raise ValidationError(f"O motor de cotas recusou as correções de nota: {erro}") from erro
    return RevisoesRegistradas(eventos, resultado)
