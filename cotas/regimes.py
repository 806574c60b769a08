"""Regimes pré-definidos, cada número com a sua fonte legal (docs/REGRAS.md §1).

Um edital escolhe um regime ao ser criado e congela uma cópia dos parâmetros; por isso os regimes
são valores imutáveis e ``com_parametros`` devolve uma cópia alterada, nunca altera o original.
"""

from dataclasses import replace
from datetime import date
from decimal import Decimal, InvalidOperation

from .erros import ErroDeCotas, descrever_valor
from .modelo import (
    AMPLA,
    ARREDONDAMENTOS,
    AVALIACAO_PCD,
    CORES_IBGE,
    DOCUMENTAL,
    EFEITOS_DA_AUSENCIA,
    HETEROIDENTIFICACAO,
    METADE_PARA_CIMA,
    PARA_CIMA,
    PERDE_RESERVA,
    VERIFICACOES_DE_GRUPO,
    Grupo,
    Regime,
)

LEI_CARIACICA_2023 = "Lei Municipal de Cariacica de 30/08/2023 (Lei nº 6.508/2023)"
LEI_CARIACICA_2018 = "Lei Municipal de Cariacica nº 5.909/2018"
LEI_12990 = "Lei federal nº 12.990/2014"
LEI_15142 = "Lei federal nº 15.142/2025"
DECRETO_12536 = "Decreto federal nº 12.536/2025"
DECRETO_9508 = "Decreto federal nº 9.508/2018"
TETO_PCD = "Lei nº 8.112/1990, art. 5º, §2º (até 20%); STF, MS 30.861 (1ª vaga PcD não antes da 5ª)"
PRETOS_E_PARDOS = ("preta", "parda")
# Onde a lei manda o edital publicar o total de vagas reservadas por cargo (quadro de vagas).
QUADRO_12990 = f"{LEI_12990}, art. 1º, §3º"
QUADRO_15142 = f"{LEI_15142}, art. 1º, §2º (sobre as vagas expressamente previstas no edital)"
# Regras comuns da lei de 2023, citadas só pelo artigo: a cópia congelada dos editais do
# cariacica-2023 não as guarda (``Regime.citacoes``).
CITACOES_CARIACICA_2023 = (
    ("concorrencia", "Art. 3º, caput"),
    ("ampla_nao_computa", "Art. 3º, §1º"),
    ("reversao", "Art. 3º, §3º"),
    ("alternancia", "Art. 4º"),
    ("declaracao_falsa", "Art. 2º, §1º"),
    ("vagas_na_validade", "Art. 1º, §3º"),
    ("quadro", "Art. 1º, §4º"),
)


def _referencias_de(lei, concorrencia, ampla_nao_computa, reversao, alternancia, declaracao_falsa):
    return (
        ("concorrencia", f"{lei}, {concorrencia}"),
        ("ampla_nao_computa", f"{lei}, {ampla_nao_computa}"),
        ("reversao", f"{lei}, {reversao}"),
        ("alternancia", f"{lei}, {alternancia}"),
        ("declaracao_falsa", f"{lei}, {declaracao_falsa}"),
        ("vagas_na_validade", f"{lei}, {alternancia}"),
    )


def _pcd(percentual: str = "5") -> Grupo:
    """Reserva às pessoas com deficiência: 5% com fração para cima, teto de 20%."""
    return Grupo(
        grupo="pcd",
        percentual=Decimal(percentual),
        arredondamento=PARA_CIMA,
        minimo_de_vagas=1,
        teto_percentual=Decimal("20"),
        ausencia=PERDE_RESERVA,
        nome_legivel="pessoas com deficiência",
        verificacao=AVALIACAO_PCD,
        titulo="PcD",
        faixa_do_edital=(Decimal("5"), Decimal("20")),
        referencias=(
            ("reserva", f"{DECRETO_9508}, art. 1º"),
            ("percentual", f"{DECRETO_9508}, art. 1º, §1º (mínimo de 5%; o edital pode fixar até 20%)"),
            ("arredondamento", f"{DECRETO_9508}, art. 1º, §3º (fração elevada ao inteiro seguinte)"),
            ("teto_percentual", TETO_PCD),
            ("elegibilidade", "Constituição, art. 37, VIII; avaliação médica/biopsicossocial do edital"),
            ("ausencia", "Edital; por simetria com o Art. 2º, §2º da lei municipal"),
            ("substituicao", f"{DECRETO_9508}, art. 1º (reserva mantida nas vagas que surgirem)"),
        ),
    )


def _negros_20(lei: str = "", artigo: str = "Art.") -> Grupo:
    """Reserva de 20% a negros; ``lei`` vazia quando é a própria lei do regime."""
    lei = f"{lei}, " if lei else ""
    return Grupo(
        grupo="negros",
        percentual=Decimal("20"),
        arredondamento=METADE_PARA_CIMA,
        minimo_de_vagas=3,
        ausencia=PERDE_RESERVA,
        cores_admitidas=PRETOS_E_PARDOS,
        nome_legivel="negros",
        verificacao=HETEROIDENTIFICACAO,
        titulo="Negros",
        referencias=(
            ("reserva", f"{lei}{artigo} 1º"),
            ("percentual", f"{lei}{artigo} 1º"),
            ("minimo_de_vagas", f"{lei}{artigo} 1º, §1º"),
            ("arredondamento", f"{lei}{artigo} 1º, §2º"),
            ("cadastro_de_reserva", f"{lei}{artigo} 1º, §3º"),
            ("elegibilidade", f"{lei}{artigo} 2º (autodeclaração preta ou parda, quesito do IBGE)"),
            ("ausencia", f"{lei}{artigo} 2º, §2º (por simetria: perde a reserva, fica na ampla)"),
            ("substituicao", f"{lei}{artigo} 3º, §2º"),
        ),
    )


CARIACICA_2023 = Regime(
    nome="cariacica-2023",
    grupos=(_negros_20(), _pcd()),
    prioridade=("pcd", "negros"),
    referencia=LEI_CARIACICA_2023,
    vigencia=date(2023, 8, 30),
    grupos_fora_acs_ace_anterior=("negros",),
    referencia_transicao=f"{LEI_CARIACICA_2023}, Art. 5º, parágrafo único",
    titulo="Cariacica 2023 (Lei 6.508/2023): negros 20% e PcD",
    citacoes=CITACOES_CARIACICA_2023,
)

CARIACICA_2018 = Regime(
    nome="cariacica-2018",
    grupos=(
        replace(
            _negros_20(LEI_CARIACICA_2018, "art."),
            referencias=(
                ("percentual", f"{LEI_CARIACICA_2018}, art. 1º (20% das vagas de cargos efetivos)"),
                ("minimo_de_vagas", f"{LEI_12990}, art. 1º, §1º (aplicada por analogia)"),
                ("arredondamento", f"{LEI_12990}, art. 1º, §2º (aplicada por analogia)"),
                ("elegibilidade", f"{LEI_CARIACICA_2018}, art. 1º, §1º"),
                ("ausencia", "Edital (perde a reserva, fica na ampla)"),
                ("substituicao", f"{LEI_12990}, art. 3º, §2º (aplicada por analogia)"),
            ),
        ),
        _pcd(),
    ),
    prioridade=("pcd", "negros"),
    referencia=LEI_CARIACICA_2018,
    referencias=_referencias_de(
        f"{LEI_12990} (por analogia)", "art. 3º", "art. 3º, §1º", "art. 3º, §3º", "art. 4º", "art. 2º, parágrafo único"
    ),
    titulo="Cariacica 2018 (Lei 5.909/2018): negros 20% e PcD",
    citacoes=(("quadro", f"{QUADRO_12990} (aplicada por analogia)"),),
)

FEDERAL_12990 = Regime(
    nome="federal-12990-2014",
    grupos=(_negros_20(LEI_12990, "art."), _pcd()),
    prioridade=("pcd", "negros"),
    referencia=f"{LEI_12990}; {DECRETO_9508}",
    referencias=_referencias_de(
        LEI_12990, "art. 3º", "art. 3º, §1º", "art. 3º, §3º", "art. 4º", "art. 2º, parágrafo único"
    ),
    titulo="Federal (Lei 12.990/2014): negros 20% e PcD 5%",
    citacoes=(("quadro", QUADRO_12990),),
)


def _grupo_15142(nome: str, percentual: str, legivel: str, cores: tuple[str, ...], verificacao: str) -> Grupo:
    return Grupo(
        grupo=nome,
        percentual=Decimal(percentual),
        arredondamento=METADE_PARA_CIMA,
        minimo_de_vagas=2,
        ausencia=PERDE_RESERVA,
        cores_admitidas=cores,
        nome_legivel=legivel,
        verificacao=verificacao,
        titulo=legivel[:1].upper() + legivel[1:],
        referencias=(
            ("reserva", f"{LEI_15142}, art. 1º"),
            ("percentual", f"{LEI_15142}, art. 1º; {DECRETO_12536} (divisão 25% / 3% / 2%)"),
            ("minimo_de_vagas", f"{LEI_15142}, art. 5º"),
            ("arredondamento", f"{LEI_15142}, art. 5º"),
            ("elegibilidade", f"{LEI_15142}, art. 2º"),
            (
                "verificacao",
                f"{LEI_15142}, arts. 2º e 3º (heteroidentificação para pretos e pardos; documentos para indígenas e quilombolas)",
            ),
            ("ausencia", "IN Conjunta MGI/MIR/MPI nº 261/2025 (não elimina; segue na ampla)"),
            ("substituicao", f"{LEI_15142}, art. 7º"),
        ),
    )


FEDERAL_15142 = Regime(
    nome="federal-15142-2025",
    grupos=(
        _grupo_15142("pretos_pardos", "25", "pretos e pardos", PRETOS_E_PARDOS, HETEROIDENTIFICACAO),
        # Indígenas: identificação coletiva e reconhecimento pela comunidade, não a cor do IBGE; como
        # os quilombolas (autoatribuição), qualquer cor pode optar (docs/REGRAS.md §1); a verificação
        # deles é por documentos, nunca pelo fenótipo.
        _grupo_15142("indigenas", "3", "indígenas", (), DOCUMENTAL),
        _grupo_15142("quilombolas", "2", "quilombolas", (), DOCUMENTAL),
        _pcd(),
    ),
    prioridade=("pcd", "pretos_pardos", "indigenas", "quilombolas"),
    referencia=f"{LEI_15142}; {DECRETO_12536}; {DECRETO_9508}",
    referencias=_referencias_de(LEI_15142, "art. 7º", "art. 7º", "art. 8º", "art. 9º", "art. 4º"),
    titulo="Federal (Lei 15.142/2025): pretos e pardos, indígenas, quilombolas e PcD",
    citacoes=(("quadro", QUADRO_15142),),
)

REGIMES = {r.nome: r for r in (CARIACICA_2023, CARIACICA_2018, FEDERAL_12990, FEDERAL_15142)}
REGIME_PADRAO = CARIACICA_2023.nome
ROTULO_DA_AMPLA = "Ampla concorrência"
ROTULOS_DOS_GRUPOS = {AMPLA: ROTULO_DA_AMPLA} | {g.grupo: g.titulo for r in REGIMES.values() for g in r.grupos}


def rotulo_do_grupo(grupo: str | None) -> str:
    """Nome do grupo (ou da ampla) nas telas e documentos: ``pcd`` → "PcD", ``pretos_pardos`` →
    "Pretos e pardos"; um grupo de regime do cenário, pelo nome ("baixa_renda" → "Baixa renda")."""
    if not grupo:
        return "—"
    return ROTULOS_DOS_GRUPOS.get(grupo) or grupo.replace("_", " ").capitalize()


def grupos_heteroidentificados(regime: Regime) -> tuple[str, ...]:
    """Grupos cuja opção é verificada pela comissão de heteroidentificação (a verificação do grupo na
    tabela do regime): ``negros`` ou ``pretos_pardos``, conforme o regime (Art. 2º; Lei 15.142/2025,
    art. 3º)."""
    return grupos_verificados_por(regime, HETEROIDENTIFICACAO)


def grupos_verificados_por(regime: Regime, verificacao: str) -> tuple[str, ...]:
    """Os grupos do regime verificados de um modo (``VERIFICACOES_DE_GRUPO``)."""
    return tuple(g.grupo for g in regime.grupos if g.verificacao == verificacao)


def verificacao_implicita(nome: str) -> str:
    """A verificação de um grupo de uma cópia congelada anterior ao campo ``verificacao``: a que o
    sistema fazia então, pelo nome (``pcd`` pela avaliação; os demais pela comissão)."""
    return AVALIACAO_PCD if nome == "pcd" else HETEROIDENTIFICACAO


# Parâmetros de grupo que um edital (ou um cenário) pode sobrepor.
PARAMETROS_DE_GRUPO = ("percentual", "arredondamento", "minimo_de_vagas", "teto_percentual", "ausencia")
# Nomes de grupo cuja opção exige autodeclaração preta ou parda quando a cor/raça é informada.
GRUPOS_DE_PRETOS_E_PARDOS = ("negros", "pretos_pardos")


def regime_pre_definido(nome: str) -> Regime:
    try:
        return REGIMES[nome]
    except (KeyError, TypeError):
        conhecidos = ", ".join(REGIMES)
        raise ErroDeCotas(
            f"Regime desconhecido: {descrever_valor(nome)}. Regimes disponíveis: {conhecidos}.",
            campo="regime",
            valor=nome,
        ) from None


CASAS_DO_PERCENTUAL = 6


def ler_percentual(valor, campo: str) -> Decimal:
    """Percentual exato entre 0 e 100 (nunca por ``float``), com até 6 casas decimais: um expoente
    absurdo (``1e-999999999``) faria a fração exata de ``reserva.py`` ter um bilhão de algarismos."""
    if isinstance(valor, bool) or not isinstance(valor, (int, str, Decimal)):
        raise ErroDeCotas(f"{campo}: percentual inválido {descrever_valor(valor)}.", campo=campo, valor=valor)
    try:
        numero = Decimal(str(valor).strip().replace(",", "."))
    except InvalidOperation:
        raise ErroDeCotas(f"{campo}: percentual inválido {descrever_valor(valor)}.", campo=campo, valor=valor) from None
    if not numero.is_finite() or numero < 0 or numero > 100:
        raise ErroDeCotas(
            f"{campo}: o percentual deve estar entre 0 e 100; recebido {descrever_valor(valor)}.",
            campo=campo,
            valor=valor,
        )
    if numero.as_tuple().exponent < -CASAS_DO_PERCENTUAL:
        arredondado = numero.quantize(Decimal(1).scaleb(-CASAS_DO_PERCENTUAL))
        if arredondado != numero:
            raise ErroDeCotas(
                f"{campo}: o percentual tem no máximo {CASAS_DO_PERCENTUAL} casas decimais; "
                f"recebido {descrever_valor(valor)}.",
                campo=campo,
                valor=valor,
            )
        numero = arredondado
    return numero


def ler_inteiro_nao_negativo(valor, campo: str, maximo: int | None = None) -> int:
    if isinstance(valor, bool) or not isinstance(valor, int) or valor < 0:
        raise ErroDeCotas(
            f"{campo}: deve ser um número inteiro não negativo; recebido {descrever_valor(valor)}.",
            campo=campo,
            valor=valor,
        )
    if maximo is not None and valor > maximo:
        raise ErroDeCotas(
            f"{campo}: no máximo {maximo} (limite do sistema); recebido {descrever_valor(valor)}.",
            campo=campo,
            valor=valor,
        )
    return valor


def _ler_parametro(grupo: str, parametro: str, valor):
    campo = f"{grupo}.{parametro}"
    if parametro == "percentual":
        return ler_percentual(valor, campo)
    if parametro == "teto_percentual":
        return None if valor is None else ler_percentual(valor, campo)
    if parametro == "minimo_de_vagas":
        return ler_inteiro_nao_negativo(valor, campo)
    opcoes = ARREDONDAMENTOS if parametro == "arredondamento" else EFEITOS_DA_AUSENCIA
    if valor not in opcoes:
        raise ErroDeCotas(
            f"{campo}: valor {descrever_valor(valor)} inválido; use {', '.join(opcoes)}.", campo=campo, valor=valor
        )
    return valor


def com_parametros(regime: Regime, parametros: dict) -> tuple[Regime, tuple[str, ...]]:
    """Cópia do regime com os parâmetros sobrepostos pelo edital, e os avisos correspondentes.

    Sobrepor um parâmetro que a lei fixa (por exemplo os 20% do Art. 1º) é aceito para simulação,
    mas gera um aviso: só o percentual PcD e a cadeia de desempate são deixados ao edital.
    """
    if not isinstance(parametros, dict):
        raise ErroDeCotas(f"parametros: esperado um objeto; recebido {descrever_valor(parametros)}.")
    grupos = {g.grupo: g for g in regime.grupos}
    avisos = []
    for nome, valores in parametros.items():
        if nome not in grupos:
            raise ErroDeCotas(
                f"parametros: grupo desconhecido {descrever_valor(nome)} no regime {regime.nome} "
                f"(grupos: {', '.join(grupos)}).",
                campo="parametros",
                valor=nome,
            )
        if not isinstance(valores, dict):
            raise ErroDeCotas(f"parametros.{nome}: esperado um objeto; recebido {descrever_valor(valores)}.")
        alteracoes = {}
        for parametro, valor in valores.items():
            if parametro not in PARAMETROS_DE_GRUPO:
                raise ErroDeCotas(
                    f"parametros.{nome}: parâmetro desconhecido {descrever_valor(parametro)} "
                    f"(aceitos: {', '.join(PARAMETROS_DE_GRUPO)}).",
                    campo=f"parametros.{nome}",
                    valor=parametro,
                )
            alteracoes[parametro] = _ler_parametro(nome, parametro, valor)
            original = getattr(grupos[nome], parametro)
            if nome != "pcd" and alteracoes[parametro] != original:
                avisos.append(
                    f"Parâmetro fixado em lei alterado: {nome}.{parametro} {original} → {alteracoes[parametro]} "
                    f"({grupos[nome].referencia(parametro) or regime.referencia})."
                )
        grupos[nome] = replace(grupos[nome], **alteracoes)
    novo = replace(regime, grupos=tuple(grupos[g.grupo] for g in regime.grupos))
    return novo, tuple(avisos)


def regime_inline(dados: dict) -> Regime:
    """Regime descrito no próprio cenário, com qualquer número de grupos (docs/FORMATO-CENARIO.md)."""
    if not isinstance(dados, dict):
        raise ErroDeCotas(f"regime: esperado um nome ou um objeto; recebido {descrever_valor(dados)}.")
    nome = dados.get("nome") or "regime-do-cenario"
    lista = dados.get("grupos")
    if not isinstance(lista, list) or not lista:
        raise ErroDeCotas("regime.grupos: informe a lista de grupos reservados.", campo="regime.grupos")
    grupos = []
    for posicao, item in enumerate(lista, start=1):
        grupos.append(_grupo_inline(item, posicao))
    nomes = [g.grupo for g in grupos]
    duplicados = {n for n in nomes if nomes.count(n) > 1}
    if duplicados:
        raise ErroDeCotas(f"regime.grupos: grupo repetido {descrever_valor(sorted(duplicados)[0])}.")
    prioridade = _ler_prioridade(dados.get("prioridade"), nomes)
    fora = dados.get("nao_se_aplica_a_acs_ace_anterior") or []
    if not isinstance(fora, list) or any(g not in nomes for g in fora):
        raise ErroDeCotas(
            f"regime.nao_se_aplica_a_acs_ace_anterior: {descrever_valor(fora)} deve listar grupos do regime."
        )
    pre_definido = REGIMES.get(str(nome))
    return Regime(
        nome=str(nome),
        grupos=_com_o_que_nao_se_congela(grupos, pre_definido),
        prioridade=prioridade,
        referencia=str(dados.get("referencia") or "regime do cenário"),
        vigencia=_ler_vigencia(dados.get("vigencia")),
        grupos_fora_acs_ace_anterior=tuple(fora),
        referencia_transicao=str(dados.get("referencia_transicao") or ""),
        referencias=_ler_referencias(dados.get("referencias"), "regime.referencias"),
        # O que a cópia congelada não guarda vem do pré-definido de mesmo nome (é a mesma lei).
        titulo=pre_definido.titulo if pre_definido else "",
        citacoes=pre_definido.citacoes if pre_definido else (),
    )


def _com_o_que_nao_se_congela(grupos: list[Grupo], pre_definido: Regime | None) -> tuple[Grupo, ...]:
    """Os grupos lidos, com o título e a faixa do edital do grupo de mesmo nome no pré-definido."""
    if pre_definido is None:
        return tuple(grupos)
    originais = {g.grupo: g for g in pre_definido.grupos}
    return tuple(
        replace(g, titulo=originais[g.grupo].titulo, faixa_do_edital=originais[g.grupo].faixa_do_edital)
        if g.grupo in originais
        else g
        for g in grupos
    )


def _ler_vigencia(valor) -> date | None:
    if valor is None:
        return None
    try:
        return date.fromisoformat(valor)
    except (TypeError, ValueError):
        raise ErroDeCotas(
            f"regime.vigencia: {descrever_valor(valor)} não é uma data válida (use aaaa-mm-dd).",
            campo="regime.vigencia",
            valor=valor,
        ) from None


def _ler_referencias(valor, campo: str) -> tuple[tuple[str, str], ...]:
    if valor is None:
        return ()
    if not isinstance(valor, dict):
        raise ErroDeCotas(f"{campo}: esperado um objeto; recebido {descrever_valor(valor)}.", campo=campo)
    return tuple((str(k), str(v)) for k, v in valor.items())


def regime_para_dict(regime: Regime) -> dict:
    """O regime completo, com as fontes, como objeto JSON: é a cópia congelada no edital e o
    regime ``inline`` que ``exportar_cenario`` grava, de modo que ``regime_inline`` o reconstrói igual."""
    return {
        "nome": regime.nome,
        "referencia": regime.referencia,
        "prioridade": list(regime.prioridade),
        "vigencia": regime.vigencia.isoformat() if regime.vigencia else None,
        "nao_se_aplica_a_acs_ace_anterior": list(regime.grupos_fora_acs_ace_anterior),
        "referencia_transicao": regime.referencia_transicao,
        "referencias": dict(regime.referencias),
        "grupos": [
            {
                "grupo": g.grupo,
                "nome_legivel": g.nome_legivel,
                "percentual": str(g.percentual),
                "minimo_de_vagas": g.minimo_de_vagas,
                "arredondamento": g.arredondamento,
                "teto_percentual": None if g.teto_percentual is None else str(g.teto_percentual),
                "ausencia": g.ausencia,
                "cores_admitidas": list(g.cores_admitidas),
                "verificacao": g.verificacao,
                "referencias": dict(g.referencias),
            }
            for g in regime.grupos
        ],
    }


def _grupo_inline(item, posicao: int) -> Grupo:
    if not isinstance(item, dict):
        raise ErroDeCotas(f"regime.grupos[{posicao}]: esperado um objeto; recebido {descrever_valor(item)}.")
    nome = item.get("grupo")
    if not isinstance(nome, str) or not nome.strip() or nome == "ampla":
        raise ErroDeCotas(
            f"regime.grupos[{posicao}].grupo: nome de grupo inválido {descrever_valor(nome)}.",
            campo="grupo",
            valor=nome,
        )
    for obrigatorio in ("percentual", "arredondamento"):
        if obrigatorio not in item:
            raise ErroDeCotas(f"regime.grupos[{posicao}] ({nome}): falta o campo obrigatório {obrigatorio!r}.")
    desconhecidos = set(item) - {
        "grupo",
        "nome_legivel",
        "cores_admitidas",
        "verificacao",
        "referencias",
        *PARAMETROS_DE_GRUPO,
    }
    if desconhecidos:
        raise ErroDeCotas(
            f"regime.grupos[{posicao}] ({nome}): campo desconhecido {descrever_valor(sorted(desconhecidos)[0])}."
        )
    valores = {p: _ler_parametro(nome, p, item[p]) for p in PARAMETROS_DE_GRUPO if p in item}
    cores = item.get("cores_admitidas", PRETOS_E_PARDOS if nome in GRUPOS_DE_PRETOS_E_PARDOS else ())
    if not isinstance(cores, list | tuple) or any(c not in CORES_IBGE for c in cores):
        raise ErroDeCotas(f"regime.grupos[{posicao}] ({nome}): cores_admitidas inválidas {descrever_valor(cores)}.")
    verificacao = item.get("verificacao", verificacao_implicita(nome))
    if verificacao not in VERIFICACOES_DE_GRUPO:
        raise ErroDeCotas(
            f"regime.grupos[{posicao}] ({nome}).verificacao: valor {descrever_valor(verificacao)} inválido; use "
            f"{', '.join(VERIFICACOES_DE_GRUPO)}.",
            campo="verificacao",
            valor=verificacao,
        )
    return Grupo(
        grupo=nome,
        verificacao=verificacao,
        cores_admitidas=tuple(cores),
        nome_legivel=str(item.get("nome_legivel") or nome),
        referencias=_ler_referencias(item.get("referencias"), f"regime.grupos[{posicao}].referencias"),
        **valores,
    )


def _ler_prioridade(prioridade, nomes: list[str]) -> tuple[str, ...]:
    """Ordem de desempate entre grupos na mesma posição; os omitidos seguem na ordem dos grupos."""
    if prioridade is None:
        return tuple(nomes)
    if not isinstance(prioridade, list) or any(p not in nomes for p in prioridade):
        raise ErroDeCotas(
            f"regime.prioridade: {descrever_valor(prioridade)} deve listar apenas grupos do regime ({', '.join(nomes)}).",
            campo="prioridade",
            valor=prioridade,
        )
    vistos = list(dict.fromkeys(prioridade))
    return tuple(vistos + [n for n in nomes if n not in vistos])
