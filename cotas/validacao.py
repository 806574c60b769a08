"""Validação semântica de um cenário antes de qualquer cálculo (docs/REGRAS.md §7).

Cada mensagem nomeia o candidato, o campo e o valor. O leitor de JSON (``cenario.py``) cuida dos
tipos; aqui ficam as regras que valem também para quem chama o motor com dataclasses (o Django).
"""

from .erros import ErroDeCotas, descrever_valor
from .eventos import REVISA_VERIFICACAO, TIPOS_DE_EVENTO, tipo_de_evento
from .modelo import (
    ARREDONDAMENTOS,
    CORES_IBGE,
    EFEITOS_DA_AUSENCIA,
    IDOSO,
    MAXIMO_DE_VAGAS,
    SITUACOES_DE_VERIFICACAO,
    TIPOS_DE_EDITAL,
    Candidato,
    Cenario,
    Regime,
    criterio_de_desempate_valido,
)
from .regimes import ler_inteiro_nao_negativo, ler_percentual

CORES_E_NULO = (*CORES_IBGE, None)  # tupla: a cor vem do JSON e pode ser uma lista (não hasheável)
# Datas do edital: a idade do idoso é contada 60 anos para trás da data de referência.
ANO_MINIMO, ANO_MAXIMO = 1900, 2199


def validar(cenario: Cenario) -> dict:
    """Recusa a entrada inválida; devolve os candidatos por inscrição (o motor os usa nas revisões)."""
    ler_inteiro_nao_negativo(cenario.vagas, "vagas", MAXIMO_DE_VAGAS)
    validar_regime(cenario.regime)
    _validar_edital(cenario)
    vistos = {}
    cores_por_grupo = {grupo.grupo: grupo.cores_admitidas for grupo in cenario.regime.grupos}
    # Cor/raça, grupos e verificações já conferidos sem erro: a conferência só depende deles (a
    # inscrição só entra na mensagem), e 100 mil candidatos têm poucas combinações distintas. Só se
    # guardam as válidas: a primeira combinação inválida levanta o erro no candidato em que aparece.
    validas = set()
    for candidato in cenario.candidatos:
        if candidato.inscricao in vistos:
            raise ErroDeCotas(
                f"Inscrição duplicada: {candidato.inscricao} aparece mais de uma vez.",
                inscricao=candidato.inscricao,
                campo="inscricao",
                valor=candidato.inscricao,
            )
        vistos[candidato.inscricao] = candidato
        if candidato.grupos or candidato.verificacao or candidato.cor_raca not in CORES_E_NULO:
            try:
                combinacao = (candidato.cor_raca, candidato.grupos, candidato.verificacao)
                conferida = combinacao in validas
            except TypeError:  # algum valor não hasheável: confere sem guardar
                combinacao, conferida = None, False
            if not conferida:
                _validar_candidato(candidato, cenario.regime, cores_por_grupo)
                if combinacao is not None:
                    validas.add(combinacao)
    total = cenario.vagas
    for numero, evento in enumerate(cenario.eventos, start=1):
        _validar_evento(numero, evento, vistos, cenario.regime.nomes_dos_grupos)
        if TIPOS_DE_EVENTO[evento.tipo].carrega_quantidade:
            total += evento.quantidade
            if total > MAXIMO_DE_VAGAS:
                raise ErroDeCotas(
                    f"Evento {numero} ({evento.tipo}): o cargo passaria a ter {total} vagas; "
                    f"o limite do sistema é {MAXIMO_DE_VAGAS}.",
                    campo=f"eventos[{numero}].quantidade",
                    valor=evento.quantidade,
                )
    return vistos


def validar_regime(regime: Regime) -> None:
    if not regime.grupos:
        raise ErroDeCotas(f"O regime {regime.nome} não tem grupos reservados.", campo="regime")
    for grupo in regime.grupos:
        ler_percentual(grupo.percentual, f"{grupo.grupo}.percentual")
        if grupo.teto_percentual is not None:
            ler_percentual(grupo.teto_percentual, f"{grupo.grupo}.teto_percentual")
        ler_inteiro_nao_negativo(grupo.minimo_de_vagas, f"{grupo.grupo}.minimo_de_vagas")
        if grupo.arredondamento not in ARREDONDAMENTOS:
            raise ErroDeCotas(f"{grupo.grupo}.arredondamento: valor {grupo.arredondamento!r} inválido.")
        if grupo.ausencia not in EFEITOS_DA_AUSENCIA:
            raise ErroDeCotas(f"{grupo.grupo}.ausencia: valor {grupo.ausencia!r} inválido.")
    if sorted(regime.prioridade) != sorted(regime.nomes_dos_grupos):
        raise ErroDeCotas(f"regime.prioridade deve listar cada grupo uma vez: {list(regime.prioridade)!r}.")


def _validar_edital(cenario: Cenario) -> None:
    edital = cenario.edital
    if edital.tipo not in TIPOS_DE_EDITAL:
        raise ErroDeCotas(
            f"edital.tipo: valor {descrever_valor(edital.tipo)} inválido; use {', '.join(TIPOS_DE_EDITAL)}.",
            campo="edital.tipo",
            valor=edital.tipo,
        )
    for criterio in edital.desempate:
        if not criterio_de_desempate_valido(criterio):
            raise ErroDeCotas(
                f"edital.desempate: critério desconhecido {descrever_valor(criterio)}; use idoso, "
                "nota:<campo>, idade, jurado ou sorteio.",
                campo="edital.desempate",
                valor=criterio,
            )
    for campo in ("publicado_em", "data_referencia_idade"):
        data = getattr(edital, campo)
        if data is not None and not ANO_MINIMO <= data.year <= ANO_MAXIMO:
            raise ErroDeCotas(
                f"edital.{campo}: {data:%d/%m/%Y} fora do intervalo possível ({ANO_MINIMO} a {ANO_MAXIMO}).",
                campo=f"edital.{campo}",
                valor=data.isoformat(),
            )
    if IDOSO in edital.desempate and edital.data_referencia_idade is None and cenario.candidatos:
        raise ErroDeCotas(
            "edital.data_referencia_idade: obrigatória quando o critério 'idoso' está na cadeia de desempate "
            "(último dia de inscrição).",
            campo="edital.data_referencia_idade",
        )


def _validar_candidato(candidato: Candidato, regime: Regime, cores_por_grupo: dict) -> None:
    """Cor/raça, grupos e verificações de um candidato que tem algo disso a conferir;
    ``cores_por_grupo`` (grupo → cores admitidas) vem calculado uma vez por cenário."""
    inscricao = candidato.inscricao

    def erro(campo, valor, texto):
        return ErroDeCotas(f"Candidato {inscricao}: {campo} {texto}", inscricao=inscricao, campo=campo, valor=valor)

    if candidato.cor_raca is not None and candidato.cor_raca not in CORES_IBGE:
        raise erro(
            "cor_raca",
            candidato.cor_raca,
            f"{descrever_valor(candidato.cor_raca)} inválida; use {', '.join(CORES_IBGE)}.",
        )
    for nome in candidato.grupos:
        cores = cores_por_grupo.get(nome) if type(nome) is str else None
        if cores is None:
            raise erro(
                "grupos",
                nome,
                f"tem o grupo desconhecido {descrever_valor(nome)} (regime {regime.nome}: {', '.join(regime.nomes_dos_grupos)}).",
            )
        if cores and candidato.cor_raca is not None and candidato.cor_raca not in cores:
            raise erro(
                "cor_raca",
                candidato.cor_raca,
                f"{descrever_valor(candidato.cor_raca)} não permite optar por {nome}: exige autodeclaração "
                f"{' ou '.join(cores)} ({regime.grupo(nome).referencia('elegibilidade') or 'Art. 2º'}).",
            )
    for nome, situacao in candidato.verificacao:
        if nome not in candidato.grupos:
            raise erro(
                "verificacao", nome, f"informa verificação para {descrever_valor(nome)}, grupo pelo qual não optou."
            )
        if situacao not in SITUACOES_DE_VERIFICACAO:
            raise erro(
                f"verificacao.{nome}",
                situacao,
                f"{descrever_valor(situacao)} inválida; use {', '.join(SITUACOES_DE_VERIFICACAO)}.",
            )


def _validar_evento(numero: int, evento, inscricoes: set[str], grupos: tuple[str, ...]) -> None:
    campo = f"eventos[{numero}]"
    tipo = tipo_de_evento(evento.tipo)
    if tipo is None:
        raise ErroDeCotas(
            f"Evento {numero}: tipo desconhecido {descrever_valor(evento.tipo)}; use {', '.join(TIPOS_DE_EVENTO)}.",
            campo=f"{campo}.tipo",
            valor=evento.tipo,
        )
    if tipo.carrega_quantidade:
        quantidade = evento.quantidade
        if isinstance(quantidade, bool) or not isinstance(quantidade, int) or quantidade < 1:
            raise ErroDeCotas(
                f"Evento {numero} ({evento.tipo}): quantidade deve ser um inteiro positivo; "
                f"recebido {descrever_valor(quantidade)}.",
                campo=f"{campo}.quantidade",
                valor=quantidade,
            )
    elif not isinstance(evento.inscricao, str) or evento.inscricao not in inscricoes:
        raise ErroDeCotas(
            f"Evento {numero} ({evento.tipo}): inscrição desconhecida {descrever_valor(evento.inscricao)}.",
            inscricao=evento.inscricao,
            campo=f"{campo}.inscricao",
            valor=evento.inscricao,
        )
    if tipo.efeito == REVISA_VERIFICACAO:
        if not isinstance(evento.grupo, str) or evento.grupo not in grupos:
            raise ErroDeCotas(
                f"Evento {numero} (verificacao): grupo {descrever_valor(evento.grupo)} desconhecido; use "
                f"{', '.join(grupos)}.",
                inscricao=evento.inscricao,
                campo=f"{campo}.grupo",
                valor=evento.grupo,
            )
        if not isinstance(evento.situacao, str) or evento.situacao not in SITUACOES_DE_VERIFICACAO:
            raise ErroDeCotas(
                f"Evento {numero} (verificacao): situação {descrever_valor(evento.situacao)} inválida; use "
                f"{', '.join(SITUACOES_DE_VERIFICACAO)}.",
                inscricao=evento.inscricao,
                campo=f"{campo}.situacao",
                valor=evento.situacao,
            )
