"""Arquivos de cenário: ``cotas-cenario/1`` (entrada) e ``cotas-resultado/1`` (saída).

O formato está em ``docs/FORMATO-CENARIO.md``. Notas são lidas exatamente (``Decimal``, nunca
``float``); datas em ``aaaa-mm-dd`` (também se aceita ``dd/mm/aaaa``).
"""

import json
from datetime import date
from decimal import Decimal, InvalidOperation

from .erros import ErroDeCotas, descrever_valor
from .leitura_em_lote import MINIMO_PARA_O_CAMINHO_RAPIDO, candidatos_comuns, decimal_rapido
from .modelo import (
    DESEMPATE_PADRAO,
    Candidato,
    Cenario,
    Convocacao,
    Edital,
    Evento,
    Mantido,
    Posicao,
    Quadro,
    Reclassificacao,
    Resultado,
    Saida,
)
from .regimes import REGIME_PADRAO, com_parametros, regime_inline, regime_para_dict, regime_pre_definido

FORMATO_CENARIO = "cotas-cenario/1"
FORMATO_RESULTADO = "cotas-resultado/1"
CAMPOS_DO_CANDIDATO = frozenset(
    ("inscricao", "nota", "notas", "nascimento", "jurado", "sorteio", "cor_raca", "grupos", "verificacao", "eliminado")
)


def ler_json(texto: str | bytes) -> Cenario:
    """Lê o texto JSON de um cenário; erros de sintaxe viram ``ErroDeCotas`` com linha e coluna."""
    return ler_cenario(decodificar_json(texto))


def decodificar_json(texto: str | bytes):
    """O objeto JSON do texto, com os números fracionários em ``Decimal`` (nunca ``float``); erros de
    sintaxe viram ``ErroDeCotas`` com linha e coluna."""
    try:
        return json.loads(texto, parse_float=Decimal, parse_constant=_constante_invalida)
    except ErroDeCotas:
        raise
    except json.JSONDecodeError as erro:
        raise ErroDeCotas(f"JSON inválido na linha {erro.lineno}, coluna {erro.colno}: {erro.msg}.") from None
    except UnicodeDecodeError:
        raise ErroDeCotas("O arquivo não está em UTF-8.") from None
    except RecursionError:
        raise ErroDeCotas("JSON aninhado demais.") from None
    except ValueError:  # inteiro com mais de 4300 algarismos (limite do Python contra negação de serviço)
        raise ErroDeCotas("JSON inválido: número grande demais (mais de 4300 algarismos).") from None


def _constante_invalida(nome: str):
    raise ErroDeCotas(f"Valor numérico inválido no JSON: {nome}.")


def ler_cenario(dados) -> Cenario:
    """Converte o objeto JSON já decodificado em ``Cenario``."""
    if not isinstance(dados, dict):
        raise ErroDeCotas("O cenário deve ser um objeto JSON.")
    formato = dados.get("formato", FORMATO_CENARIO)
    if formato != FORMATO_CENARIO:
        raise ErroDeCotas(
            f"formato: esperado {FORMATO_CENARIO!r}; recebido {descrever_valor(formato)}.",
            campo="formato",
            valor=formato,
        )
    bruto = dados.get("regime", REGIME_PADRAO)
    regime = regime_pre_definido(bruto) if isinstance(bruto, str) else regime_inline(bruto)
    regime, avisos = com_parametros(regime, dados.get("parametros") or {})
    candidatos = _lista(dados, "candidatos")
    eventos = _lista(dados, "eventos")
    # Notas em texto já lidas neste cenário: 100 mil candidatos têm poucos milhares de notas
    # distintas (com centavos, de 0 a 100), e o mesmo texto dá o mesmo ``Decimal`` (imutável).
    decimais = {}
    return Cenario(
        regime=regime,
        vagas=dados.get("vagas"),
        candidatos=_candidatos(candidatos, decimais),
        eventos=tuple(_evento(item, i) for i, item in enumerate(eventos, start=1)),
        edital=_edital(dados.get("edital") or {}),
        descricao=str(dados.get("descricao") or ""),
        avisos_de_leitura=avisos,
    )


def _lista(dados: dict, chave: str) -> list:
    valor = dados.get(chave) or []
    if not isinstance(valor, list):
        raise ErroDeCotas(f"{chave}: esperada uma lista; recebido {descrever_valor(valor)}.", campo=chave, valor=valor)
    return valor


def ler_data(valor, campo: str, inscricao: str | None = None) -> date | None:
    if valor is None:
        return None
    if isinstance(valor, str):
        texto = valor.strip()
        try:
            if len(texto) == 10 and texto[4] == "-":
                return date.fromisoformat(texto)
            if len(texto) == 10 and texto[2] == "/" and texto[5] == "/":
                return date(int(texto[6:]), int(texto[3:5]), int(texto[:2]))
        except ValueError:
            pass
    prefixo = f"Candidato {inscricao}: " if inscricao else ""
    raise ErroDeCotas(
        f"{prefixo}{campo}: {descrever_valor(valor)} não é uma data válida (use aaaa-mm-dd).",
        inscricao=inscricao,
        campo=campo,
        valor=valor,
    )


def ler_numero(valor, campo: str, inscricao: str) -> Decimal:
    """Nota exata: string decimal (vírgula ou ponto) ou número JSON; nunca ``float``."""
    if isinstance(valor, (int, Decimal)) and not isinstance(valor, bool):
        numero = Decimal(valor)
    elif isinstance(valor, str):
        texto = valor.strip()
        if texto.count(",") == 1 and "." not in texto:
            texto = texto.replace(",", ".")
        try:
            numero = Decimal(texto)
        except InvalidOperation:
            numero = None
    else:
        numero = None
    if numero is None or not numero.is_finite():
        motivo = "ausente" if valor is None else f"não numérica: {descrever_valor(valor)}"
        raise ErroDeCotas(f"Candidato {inscricao}: {campo} {motivo}.", inscricao=inscricao, campo=campo, valor=valor)
    return numero


def _candidatos(lista: list, decimais: dict) -> tuple[Candidato, ...]:
    """Os candidatos do cenário: em lote (``leitura_em_lote``) quando são muitos e estão todos no
    formato comum; senão (ou se alguma linha foge do comum), um a um por ``_candidato``, que dá o
    erro do primeiro candidato errado."""
    if len(lista) >= MINIMO_PARA_O_CAMINHO_RAPIDO:
        lidos = candidatos_comuns(lista, decimais)
        if lidos is not None:
            return lidos
    return tuple(_candidato(item, i, decimais) for i, item in enumerate(lista, start=1))


def _candidato(item, posicao: int, decimais: dict) -> Candidato:
    """Um candidato do cenário. Caminho rápido: um edital nacional tem 100 mil deles, então os
    tipos certos passam por uma comparação só e ``_tipo`` só é chamado para montar o erro;
    ``decimais`` guarda as notas em texto já lidas (``decimal_rapido``)."""
    if type(item) is not dict:
        raise ErroDeCotas(f"candidatos[{posicao}]: esperado um objeto; recebido {descrever_valor(item)}.")
    inscricao = item.get("inscricao")
    if type(inscricao) is not str or not inscricao or inscricao.isspace():
        inscricao = _inscricao(inscricao, posicao)
    if not CAMPOS_DO_CANDIDATO.issuperset(item):
        campo = sorted(set(item) - CAMPOS_DO_CANDIDATO)[0]
        raise ErroDeCotas(f"Candidato {inscricao}: campo desconhecido {campo!r}.", inscricao=inscricao, campo=campo)
    nota = item.get("nota")
    if type(nota) is str:
        lida = decimais.get(nota)  # a conferência de ``decimal_rapido`` sem a chamada, se já lida
        nota = lida if lida is not None else decimal_rapido(nota, decimais)
    else:
        nota = None
    if nota is None:
        nota = ler_numero(item.get("nota"), "nota", inscricao)
    notas = item.get("notas") or ()
    if notas:
        if type(notas) is not dict:
            _tipo(notas, dict, "notas", inscricao)
        # Um laço, não uma compreensão (que no Python 3.11 é uma função chamada por candidato).
        pares = []
        for k, v in notas.items():
            valor = decimais.get(v) if type(v) is str else None
            if valor is None:
                valor = (type(v) is str and decimal_rapido(v, decimais)) or ler_numero(v, f"notas.{k}", inscricao)
            pares.append((str(k), valor))
        notas = tuple(pares)
    grupos = item.get("grupos") or ()
    if grupos:
        if type(grupos) is not list:
            _tipo(grupos, list, "grupos", inscricao)
        if len(set(map(str, grupos))) != len(grupos):
            raise ErroDeCotas(
                f"Candidato {inscricao}: grupo repetido em {descrever_valor(grupos)}.",
                inscricao=inscricao,
                campo="grupos",
                valor=grupos,
            )
        grupos = tuple(grupos)
    verificacao = item.get("verificacao") or ()
    if verificacao:
        if type(verificacao) is not dict:
            _tipo(verificacao, dict, "verificacao", inscricao)
        verificacao = tuple(verificacao.items())
    jurado = item.get("jurado", False)
    eliminado = item.get("eliminado", False)
    if jurado is not False or eliminado is not False:
        _tipo(jurado, bool, "jurado", inscricao)
        _tipo(eliminado, bool, "eliminado", inscricao)
    sorteio = item.get("sorteio")
    if sorteio is not None and type(sorteio) is not int:
        raise ErroDeCotas(
            f"Candidato {inscricao}: sorteio deve ser um inteiro; recebido {descrever_valor(sorteio)}.",
            inscricao=inscricao,
            campo="sorteio",
            valor=sorteio,
        )
    nascimento = item.get("nascimento")
    if nascimento is not None:
        try:
            nascimento = date.fromisoformat(nascimento) if len(nascimento) == 10 else None
        except (TypeError, ValueError):
            nascimento = None
        nascimento = nascimento or ler_data(item.get("nascimento"), "nascimento", inscricao)
    return _novo_candidato(
        {
            "inscricao": inscricao,
            "nota": nota,
            "notas": notas,
            "nascimento": nascimento,
            "jurado": jurado,
            "sorteio": sorteio,
            "cor_raca": item.get("cor_raca"),
            "grupos": grupos,
            "verificacao": verificacao,
            "eliminado": eliminado,
        }
    )


def _novo_candidato(campos: dict) -> Candidato:
    """``Candidato(**campos)`` sem o ``__init__`` gerado pelo ``dataclass(frozen=True)``, que faz um
    ``object.__setattr__`` por campo e custava um terço da leitura de 100 mil candidatos. O objeto é
    o mesmo (igualdade, hash, imutabilidade); ``campos`` precisa trazer todos os campos, já no tipo
    final (um teste confere contra o construtor)."""
    candidato = _criar(Candidato)
    _atribuir(candidato, "__dict__", campos)
    return candidato


_criar = object.__new__
_atribuir = object.__setattr__


def _inscricao(valor, posicao: int) -> str:
    if isinstance(valor, int) and not isinstance(valor, bool):
        return str(valor)
    if not isinstance(valor, str) or not valor.strip():
        raise ErroDeCotas(
            f"candidatos[{posicao}]: inscricao ausente ou inválida: {descrever_valor(valor)}.",
            campo="inscricao",
            valor=valor,
        )
    return valor


def _tipo(valor, tipo, campo: str, inscricao: str) -> None:
    if not isinstance(valor, tipo):
        nomes = {dict: "um objeto", list: "uma lista", bool: "true ou false"}
        raise ErroDeCotas(
            f"Candidato {inscricao}: {campo} deve ser {nomes[tipo]}; recebido {descrever_valor(valor)}.",
            inscricao=inscricao,
            campo=campo,
            valor=valor,
        )


def _evento(item, numero: int) -> Evento:
    if not isinstance(item, dict):
        raise ErroDeCotas(f"Evento {numero}: esperado um objeto; recebido {descrever_valor(item)}.")
    inscricao = item.get("inscricao")
    if isinstance(inscricao, int) and not isinstance(inscricao, bool):
        inscricao = str(inscricao)
    campo = f"eventos[{numero}]"
    nota = item.get("nota")
    if nota is not None or item.get("tipo") == "nota":
        nota = ler_numero(nota, f"{campo}.nota", inscricao)
    notas = item.get("notas") or {}
    if not isinstance(notas, dict):
        raise ErroDeCotas(
            f"Evento {numero}: notas deve ser um objeto; recebido {descrever_valor(notas)}.",
            inscricao=inscricao,
            campo=f"{campo}.notas",
            valor=notas,
        )
    sub_judice = item.get("sub_judice", False)
    if not isinstance(sub_judice, bool):
        raise ErroDeCotas(
            f"Evento {numero}: sub_judice deve ser true ou false; recebido {descrever_valor(sub_judice)}.",
            inscricao=inscricao,
            campo=f"{campo}.sub_judice",
            valor=sub_judice,
        )
    textos = {}
    for chave in ("documento", "motivo"):
        valor = item.get(chave) or ""
        if not isinstance(valor, str):
            raise ErroDeCotas(
                f"Evento {numero}: {chave} deve ser texto; recebido {descrever_valor(valor)}.",
                campo=f"{campo}.{chave}",
                valor=valor,
            )
        textos[chave] = valor
    return Evento(
        tipo=item.get("tipo"),
        inscricao=inscricao,
        quantidade=item.get("quantidade"),
        grupo=item.get("grupo"),
        situacao=item.get("situacao"),
        nota=nota,
        notas=tuple((str(k), ler_numero(v, f"{campo}.notas.{k}", inscricao)) for k, v in notas.items()),
        sub_judice=sub_judice,
        data=ler_data(item.get("data"), f"{campo}.data"),
        **textos,
    )


def _edital(dados) -> Edital:
    if not isinstance(dados, dict):
        raise ErroDeCotas(f"edital: esperado um objeto; recebido {descrever_valor(dados)}.", campo="edital")
    desempate = dados.get("desempate", list(DESEMPATE_PADRAO))
    if not isinstance(desempate, list):
        raise ErroDeCotas(
            f"edital.desempate: esperada uma lista; recebido {descrever_valor(desempate)}.", campo="edital.desempate"
        )
    return Edital(
        tipo=dados.get("tipo", "concurso_publico"),
        publicado_em=ler_data(dados.get("publicado_em"), "edital.publicado_em"),
        data_referencia_idade=ler_data(dados.get("data_referencia_idade"), "edital.data_referencia_idade"),
        desempate=tuple(desempate),
    )


def resultado_para_dict(resultado: Resultado, cenario: Cenario | None = None) -> dict:
    """O resultado no formato ``cotas-resultado/1`` (as chaves extras vêm depois das obrigatórias)."""
    quadro = resultado.quadro
    saida = {
        "formato": FORMATO_RESULTADO,
        "regime": resultado.regime,
        "quadro": {"vagas": quadro.vagas, "ampla": quadro.ampla, "reservadas": dict(quadro.reservadas)},
        "listas": {nome: list(lista) for nome, lista in resultado.listas},
        "convocacoes": [
            {
                "ordem": c.ordem,
                "evento": c.evento,
                "posicao": c.posicao,
                "inscricao": c.inscricao,
                "vaga": c.vaga,
                "motivo": c.motivo,
            }
            for c in resultado.convocacoes
        ],
        "nomeados": [list(par) for par in resultado.nomeados],
        "eliminados": list(resultado.eliminados),
        "empates": [list(grupo) for grupo in resultado.empates],
        "provisorio": resultado.provisorio,
        "pendencias": list(resultado.pendencias),
        "inconsistencias": list(resultado.inconsistencias),
        "avisos": list((cenario.avisos_de_leitura if cenario else ()) + resultado.avisos),
        "cadastro_de_reserva": list(quadro.cadastro_de_reserva),
        "posicoes_reservadas": {nome: list(p) for nome, p in quadro.posicoes_reservadas},
        "vagas_totais": resultado.vagas_totais,
        "reclassificacoes": [
            {
                "evento": r.evento,
                "inscricao": r.inscricao,
                "de": r.de,
                "para": r.para,
                "motivo": r.motivo,
                "de_posicao": r.de_posicao,
                "para_posicao": r.para_posicao,
            }
            for r in resultado.reclassificacoes
        ],
        "saidas": [
            {"evento": s.evento, "tipo": s.tipo, "inscricao": s.inscricao, "vaga": s.vaga, "posicao": s.posicao}
            for s in resultado.saidas
        ],
        "ordem_vigente": [
            {"posicao": p.posicao, "inscricao": p.inscricao, "vaga": p.vaga} for p in resultado.ordem_vigente
        ],
        "mantidos": [{"evento": m.evento, "inscricao": m.inscricao, "vaga": m.vaga} for m in resultado.mantidos],
        "sub_judice": list(resultado.sub_judice),
        "tipos_das_posicoes": list(resultado.tipos_das_posicoes),
    }
    if cenario is not None:
        saida["parametros"] = regime_para_dict(cenario.regime)
    return saida


def resultado_de_dict(saida: dict) -> Resultado:
    """O espelho de ``resultado_para_dict``: a saída gravada (``cotas-resultado/1``) de volta em
    dataclasses, para que quem a lê use campos, não chaves de texto. Os avisos voltam todos em
    ``avisos`` (os de leitura do cenário inclusive) e os ``parametros`` ficam de fora (o regime
    congelado é lido por ``regime_inline``). Chaves que versões antigas não gravavam valem vazio."""
    quadro = saida["quadro"]
    ordem = _ordem_vigente(saida)
    posicao_de = {p.inscricao: p.posicao for p in ordem}
    return Resultado(
        regime=saida["regime"],
        quadro=Quadro(
            vagas=quadro["vagas"],
            ampla=quadro["ampla"],
            reservadas=tuple(_na_ordem_do_regime(saida, quadro["reservadas"])),
            cadastro_de_reserva=tuple(saida.get("cadastro_de_reserva", ())),
            posicoes_reservadas=tuple(
                (nome, tuple(p)) for nome, p in _na_ordem_do_regime(saida, saida.get("posicoes_reservadas", {}))
            ),
        ),
        listas=tuple((nome, tuple(lista)) for nome, lista in _na_ordem_do_regime(saida, saida["listas"])),
        convocacoes=tuple(Convocacao(**c) for c in saida["convocacoes"]),
        nomeados=tuple(tuple(par) for par in saida.get("nomeados", ())),
        eliminados=tuple(saida.get("eliminados", ())),
        empates=tuple(tuple(grupo) for grupo in saida.get("empates", ())),
        pendencias=tuple(saida.get("pendencias", ())),
        inconsistencias=tuple(saida.get("inconsistencias", ())),
        avisos=tuple(saida.get("avisos", ())),
        reclassificacoes=tuple(Reclassificacao(**r) for r in saida.get("reclassificacoes", ())),
        saidas=tuple(Saida(**s) for s in saida.get("saidas", ())),
        vagas_totais=saida.get("vagas_totais", quadro["vagas"]),
        ordem_vigente=ordem,
        mantidos=tuple(Mantido(**m, posicao=posicao_de.get(m["inscricao"])) for m in saida.get("mantidos", ())),
        sub_judice=tuple(saida.get("sub_judice", ())),
        tipos_das_posicoes=tuple(saida.get("tipos_das_posicoes", ())),
    )


def _na_ordem_do_regime(saida: dict, por_nome: dict) -> list:
    """Os itens de um objeto por nome de lista na ordem do motor (``geral`` e os grupos do regime):
    o JSONB do PostgreSQL devolve as chaves em outra ordem (por tamanho do nome)."""
    grupos = [g.get("grupo") for g in (saida.get("parametros") or {}).get("grupos", ()) if isinstance(g, dict)]
    ordem = {nome: i for i, nome in enumerate(["geral", *grupos])}
    return sorted(por_nome.items(), key=lambda item: ordem.get(item[0], len(ordem)))


def _ordem_vigente(saida: dict) -> tuple[Posicao, ...]:
    """A ordem vigente gravada. Versões de antes das posições estáveis gravavam cada posição 1..N
    com o seu tipo (as vazias inclusive); as de agora gravam só os convocados, e o tipo de cada
    posição vem de ``tipos_das_posicoes``."""
    tipos = saida.get("tipos_das_posicoes", ())
    ordem = []
    for p in saida.get("ordem_vigente", ()):
        if p.get("inscricao") is None:
            continue
        tipo = p.get("tipo") or (tipos[p["posicao"] - 1] if p["posicao"] <= len(tipos) else None)
        ordem.append(Posicao(p["posicao"], tipo, p["inscricao"], p["vaga"]))
    return tuple(ordem)


def formatar_json(dados: dict) -> str:
    """JSON legível e rápido: uma chave por linha, listas de objetos com um objeto por linha."""
    linhas = []
    for chave, valor in dados.items():
        if isinstance(valor, list) and valor and isinstance(valor[0], dict):
            itens = ",\n    ".join(map(_codificar, valor))
            texto = f"[\n    {itens}\n  ]"
        else:
            texto = _codificar(valor)
        linhas.append(f"  {json.dumps(chave)}: {texto}")
    return "{\n" + ",\n".join(linhas) + "\n}\n"


# ``json.dumps(valor, ensure_ascii=False)`` com um codificador só: ``json.dumps`` com um parâmetro
# fora do padrão monta um ``JSONEncoder`` novo a cada chamada (uma por convocação, milhares).
_codificar = json.JSONEncoder(ensure_ascii=False).encode
