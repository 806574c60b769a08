"""Apresentação das telas do RH e do admin: traduz a saída do motor para as tabelas (número de
inscrição → nome de uso e CPF mascarado, grupo → rótulo, posição → "3ª") e dá o contexto do admin
às telas fora dos cadastros. Nenhuma regra mora aqui; as views e o admin importam daqui.
"""

from django.contrib import admin

import cotas
from cotas.modelo import Convocacao, Reclassificacao
from cotas.regimes import rotulo_do_grupo

from .consultas.eventos import EventoRegistrado
from .models import SITUACOES_DE_VERIFICACAO, Edital, Evento, Resultado
from .posicoes import de_para, linhas_da_ordem, marcas, observacoes_da_linha, revisoes
from .saida_do_motor import LISTA_GERAL, ler_saida

TIPOS_DE_EVENTO = {tipo: rotulo for tipo, rotulo in Evento.TIPOS if tipo != Evento.REVERSAO}
LIMITE_DE_LINHAS_NO_SIMULADOR = 1000
LIMITE_DE_LINHAS_NA_FICHA = 500  # por lista, na ficha de um resultado gravado


def ordinais(posicoes) -> str:
    return ", ".join(f"{p}ª" for p in posicoes)


def contexto_do_quadro(quadro: cotas.Quadro, aplicaveis=None) -> dict:
    """Uma linha do quadro de vagas: ampla, reservadas por grupo e posições das chamadas reservadas;
    com ``aplicaveis``, os grupos que não se aplicam ao edital vêm marcados."""
    posicoes = dict(quadro.posicoes_reservadas or {})
    grupos = [
        {
            "rotulo": rotulo_do_grupo(grupo),
            "reservadas": quantidade,
            "cadastro_de_reserva": grupo in quadro.cadastro_de_reserva,
            "nao_se_aplica": aplicaveis is not None and grupo not in aplicaveis,
            "posicoes": ordinais(posicoes.get(grupo, ())),
        }
        for grupo, quantidade in dict(quadro.reservadas).items()
    ]
    return {"vagas": quadro.vagas, "ampla": quadro.ampla, "grupos": grupos}


def quadro_avulso(linha: dict) -> dict:
    """Quadro de uma linha só (simulador, resultado), no mesmo formato do quadro do edital."""
    return {"grupos": [g["rotulo"] for g in linha["grupos"]], "linhas": [linha]}


def quadro_do_edital(edital: Edital) -> dict:
    """O quadro de vagas ao vivo, cargo a cargo, pelos parâmetros congelados do edital."""
    regime = edital.regime_congelado()
    aplicaveis = cotas.grupos_aplicaveis(regime, edital.edital_do_motor())
    linhas = []
    for cargo in edital.cargos.order_by("codigo"):
        try:
            linhas.append({"cargo": cargo, **contexto_do_quadro(cargo.quadro_de_vagas(), aplicaveis)})
        except cotas.ErroDeCotas as erro:
            linhas.append({"cargo": cargo, "erro": str(erro)})
    return {"grupos": [rotulo_do_grupo(g.grupo) for g in regime.grupos], "linhas": linhas}


def pessoas_do_cargo(cargo, numeros=None) -> dict[str, dict]:
    """Inscrição → ``{"nome", "cpf", "nota"}`` (``InscricaoQuerySet.pessoas``), para as tabelas."""
    return {numero: pessoa._asdict() for numero, pessoa in cargo.inscricoes.pessoas(numeros).items()}


def descrever_evento(numero: int, eventos) -> str:
    if numero == 0:
        return "Resultado inicial"
    if not 0 < numero <= len(eventos):
        return f"Evento {numero}"
    tipo, inscricao, quantidade = eventos[numero - 1]
    alvo = f"inscrição {inscricao}" if inscricao else f"{quantidade} vaga(s)"
    return f"Evento {numero}: {TIPOS_DE_EVENTO.get(tipo, tipo).lower()} ({alvo})"


def contexto_do_resultado(saida: cotas.Resultado, eventos=(), *, pessoas=None, limite=None, revistas=None) -> dict:
    """As tabelas de um resultado ``cotas-resultado/1``: quadro, listas, ordem, chamadas, alertas.
    Quem uma revisão manteve e quem está sub judice levam a marca em todas as listas e na ordem, e
    quem uma revisão alcançou, a revisão (``revistas``, de ``revisoes_do_cenario``; docs/REGRAS.md §8)."""
    pessoas = pessoas or {}
    anotadas = marcas(saida)
    for numero, textos in (revistas or {}).items():
        anotadas[numero] = [*anotadas.get(numero, []), *textos]

    def pessoa(numero, **extra):
        return {"inscricao": numero, **pessoas.get(numero, {}), "marcas": anotadas.get(numero, []), **extra}

    def lista(numeros):
        linhas = [pessoa(n, posicao=i) for i, n in enumerate(numeros[:limite], start=1)]
        return {"linhas": linhas, "omitidas": len(numeros) - len(linhas)}

    ordem = linhas_da_ordem(saida)
    return {
        "quadro": quadro_avulso(contexto_do_quadro(saida.quadro)),
        "vagas_totais": saida.vagas_totais,
        "listas": [{"titulo": _titulo_da_lista(nome), **lista(numeros)} for nome, numeros in saida.listas],
        "ordem": [_linha_da_ordem(p, pessoa, saida.vagas_totais) for p in ordem[:limite]],
        "ordem_omitidas": max(0, len(ordem) - limite) if limite else 0,
        "chamadas_omitidas": max(0, len(saida.convocacoes) - limite) if limite else 0,
        "nomeados_omitidos": max(0, len(saida.nomeados) - limite) if limite else 0,
        "chamadas": [_chamada(c, pessoa, eventos) for c in saida.convocacoes[:limite]],
        "reclassificacoes": [_reclassificacao(r, pessoa, eventos) for r in saida.reclassificacoes],
        "saidas": [
            pessoa(s.inscricao, evento=descrever_evento(s.evento, eventos), tipo=TIPOS_DE_EVENTO.get(s.tipo))
            for s in saida.saidas
        ],
        "mantidos": [
            pessoa(m.inscricao, evento=descrever_evento(m.evento, eventos), vaga=_vaga(m.vaga), posicao=posicao)
            for m, posicao in _mantidos_com_posicao(saida)
        ],
        "sub_judice": [pessoa(n) for n in saida.sub_judice],
        "nomeados": [pessoa(n, vaga=_vaga(v)) for n, v in saida.nomeados[:limite]],
        "pendencias": [pessoa(n) for n in saida.pendencias],
        "empates": [[pessoa(n) for n in grupo] for grupo in saida.empates],
        "eliminados": [pessoa(n) for n in saida.eliminados],
        "avisos": list(saida.avisos),
        "inconsistencias": list(saida.inconsistencias),
        "provisorio": saida.provisorio,
    }


def _linha_da_ordem(linha, pessoa, vagas: int) -> dict:
    """Uma posição da ordem vigente; a vaga não preenchida não tem inscrição."""
    campos = {
        "posicao": linha.posicao,
        "tipo": rotulo_do_grupo(linha.tipo) if linha.tipo else "—",
        "vaga": _vaga(linha.vaga),
        "observacoes": observacoes_da_linha(linha, vagas),
    }
    if linha.inscricao is None:
        return {"inscricao": None, "marcas": [], **campos}
    return pessoa(linha.inscricao, **campos)


def _mantidos_com_posicao(saida: cotas.Resultado):
    posicoes = {p.inscricao: p.posicao for p in saida.ordem_vigente}
    return [(m, m.posicao or posicoes.get(m.inscricao)) for m in saida.mantidos]


def _titulo_da_lista(nome: str) -> str:
    return "Lista geral (ampla concorrência)" if nome == LISTA_GERAL else f"Lista reservada: {rotulo_do_grupo(nome)}"


def _vaga(vaga: str | None) -> str:
    return "—" if not vaga else rotulo_do_grupo(vaga)


def _vaga_na_posicao(vaga: str | None, posicao: int | None) -> str:
    """ "PcD, 5ª vaga": o rótulo e, se o motor a deu, a posição (posições estáveis, docs/REGRAS.md §5)."""
    return _vaga(vaga) + (f", {posicao}ª vaga" if posicao else "")


def _chamada(c: Convocacao, pessoa, eventos) -> dict:
    return pessoa(
        c.inscricao,
        ordem=c.ordem,
        evento=c.evento,
        posicao=c.posicao,
        vaga=c.vaga,
        motivo=c.motivo,
        evento_descrito=descrever_evento(c.evento, eventos),
        rotulo=_vaga(c.vaga),
    )


def _reclassificacao(r: Reclassificacao, pessoa, eventos) -> dict:
    return pessoa(
        r.inscricao,
        evento=descrever_evento(r.evento, eventos),
        de=_vaga(r.de),
        para=_vaga(r.para),
        posicoes=de_para(r.de_posicao, r.para_posicao),
        motivo=r.motivo,
    )


def revisoes_do_cenario(eventos) -> dict[str, list[str]]:
    """As revisões (nota, verificação) de cada inscrição, pelos eventos do cenário (dicionários)."""
    return revisoes(eventos, dict(SITUACOES_DE_VERIFICACAO))


def eventos_do_cenario(cenario: dict) -> list[tuple]:
    return [(e.get("tipo"), e.get("inscricao"), e.get("quantidade")) for e in cenario.get("eventos", [])]


def contexto_do_resultado_gravado(resultado: Resultado) -> dict:
    """A ficha do resultado mostra até ``LIMITE_DE_LINHAS_NA_FICHA`` linhas de cada lista: num cargo de
    dezenas de milhares de inscritos a página inteira teria megabytes. A lista completa está no PDF e
    na planilha."""
    saida, limite = resultado.saida_do_motor, LIMITE_DE_LINHAS_NA_FICHA
    pessoas = pessoas_do_cargo(resultado.cargo, _numeros_mostrados(saida, resultado.diferencas, limite))
    revistas = revisoes_do_cenario(resultado.cenario.get("eventos", []))
    contexto = contexto_do_resultado(
        saida, eventos_do_cenario(resultado.cenario), pessoas=pessoas, limite=limite, revistas=revistas
    )
    contexto["diferencas"] = [{**pessoas.get(d["inscricao"], {}), **d} for d in resultado.diferencas]
    return contexto


def _numeros_mostrados(saida: cotas.Resultado, diferencas: list[dict], limite: int) -> set[str]:
    numeros = {n for _, lista in saida.listas for n in lista[:limite]}
    numeros.update(p.inscricao for p in saida.ordem_vigente[:limite] if p.inscricao)
    numeros.update(m.inscricao for m in saida.mantidos)
    numeros.update(saida.sub_judice)
    numeros.update(c.inscricao for c in saida.convocacoes[:limite])
    numeros.update(n for n, _ in saida.nomeados[:limite])
    numeros.update(r.inscricao for r in (*saida.reclassificacoes, *saida.saidas))
    numeros.update(saida.pendencias, saida.eliminados, (n for grupo in saida.empates for n in grupo))
    numeros.update(d["inscricao"] for d in diferencas)
    return numeros


def contexto_da_simulacao(cenario: cotas.Cenario, saida: dict) -> dict:
    """A simulação não é gravada: a saída dela chega em dicionário e é lida como a gravada."""
    eventos = [(e.tipo, e.inscricao, e.quantidade) for e in cenario.eventos]
    pessoas = {c.inscricao: {"nota": c.nota} for c in cenario.candidatos}
    return {
        "descricao": cenario.descricao,
        **contexto_do_resultado(
            ler_saida(saida),
            eventos,
            pessoas=pessoas,
            limite=LIMITE_DE_LINHAS_NO_SIMULADOR,
            revistas=revisoes_do_cenario(map(vars, cenario.eventos)),
        ),
    }


def efeito_do_evento(registrado: EventoRegistrado) -> dict:
    """Quem o evento convoca e reclassifica, e o que mudou para quem, com os nomes do banco."""
    mudancas = (*registrado.convocados_agora, *registrado.reclassificados_agora, *registrado.resultado.diferencas)
    pessoas = pessoas_do_cargo(registrado.evento.cargo, (m["inscricao"] for m in mudancas))
    return {
        "convocados": [
            {**pessoas.get(c["inscricao"], {}), **c, "rotulo": _vaga(c["vaga"])} for c in registrado.convocados_agora
        ],
        "reclassificados": [
            {
                **pessoas.get(r["inscricao"], {}),
                **r,
                "de": _vaga_na_posicao(r["de"], r.get("de_posicao")),
                "para": _vaga_na_posicao(r["para"], r.get("para_posicao")),
            }
            for r in registrado.reclassificados_agora
        ],
        "diferencas": [{**pessoas.get(d["inscricao"], {}), **d} for d in registrado.resultado.diferencas],
    }


def contexto_admin(request, titulo: str, **extra) -> dict:
    """Contexto do admin (cabeçalho, barra lateral) para as telas fora dos cadastros."""
    return {**admin.site.each_context(request), "title": titulo, **extra}
