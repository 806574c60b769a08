"""A tela de confirmação de um evento: o que ele faria, calculado pelo motor sem gravar nada.

``services.prever`` devolve o resultado do cenário vigente mais o evento; daqui saem as linhas que o
servidor confere antes de confirmar: quem será convocado (posição, vaga e motivo), quem muda de vaga
ou de posição, quem é mantido (docs/REGRAS.md §8) e quem sai da convocação. ``cenario_lido``: o
cenário que a prévia simula, com os candidatos congelados de um cargo publicado lidos pelo motor uma
vez por processo.
"""

import threading
from collections import OrderedDict
from dataclasses import replace

import cotas
from comum import relogio
from comum.canonico import canonico_e_hash
from cotas.eventos import TIPOS_DE_EVENTO
from cotas.regimes import rotulo_do_grupo

from .adapters import cabecalho_do_cenario, cenario_do_cargo, eventos_do_cargo
from .consultas.sujeitos_a_recurso import sujeitos_a_recurso
from .models import Cargo, Resultado

# Quantos candidatos já lidos pelo motor cada processo guarda, somados os cargos (≈ 1 KiB cada: 12.500
# candidatos ocupam 13 MiB); o cargo da última prévia fica sempre, mesmo maior que isso.
CANDIDATOS_GUARDADOS = 50_000
_congelados: OrderedDict = OrderedDict()
_trava = threading.Lock()


def cenario_lido(cargo: Cargo, *, mais=(), cenario: dict | None = None) -> cotas.Cenario:
    """O cenário vigente do cargo, mais os eventos ``mais`` (como o cenário os escreve), lido pelo
    motor: o mesmo que ``cotas.ler_cenario`` do ``cenario_do_cargo`` com eles no fim. ``cenario``: o
    do ``cenario_do_cargo``, se quem chama já o montou (as revisões o conferem antes).

    Depois da primeira publicação, vagas e candidatos são os da versão publicada, congelados
    (docs/REGRAS.md §9), e a versão nunca muda (``Resultado.save`` recusa edição): lidos pelo motor
    uma vez por processo e guardados (os cargos mais recentes, até ``CANDIDATOS_GUARDADOS``), pela chave e o
    hash das entradas dessa versão e pelo cabeçalho do cenário (regime, edital, descrição). A cada
    prévia só os eventos vêm do banco. Antes da publicação as entradas mudam no banco: lidas de novo."""
    publicada = (
        Resultado.objects.filter(cargo=cargo, status=Resultado.PUBLICADO)
        .order_by("versao")
        .values_list("pk", "hash_das_entradas")
        .first()
    )
    if publicada is None:
        cenario = cenario or cenario_do_cargo(cargo)
        return cotas.ler_cenario({**cenario, "eventos": [*cenario["eventos"], *mais]})
    cabecalho = cabecalho_do_cenario(cargo)
    congelado = _congelado(publicada, cabecalho, cenario)
    eventos = [*(cenario["eventos"] if cenario else eventos_do_cargo(cargo)), *mais]
    lido = cotas.ler_cenario({**cabecalho, "vagas": congelado.vagas, "candidatos": [], "eventos": eventos})
    return replace(congelado, eventos=lido.eventos)


def _congelado(publicada: tuple[int, str], cabecalho: dict, cenario: dict | None) -> cotas.Cenario:
    """O cenário da versão publicada sem eventos, lido pelo motor (guardado; ver ``cenario_lido``)."""
    chave = (*publicada, canonico_e_hash(cabecalho)[1])
    with _trava:
        if chave in _congelados:
            _congelados.move_to_end(chave)
            return _congelados[chave]
    if cenario is None:
        cenario = Resultado.objects.values_list("cenario", flat=True).get(pk=publicada[0])
    congelado = cotas.ler_cenario(
        {**cabecalho, "vagas": cenario["vagas"], "candidatos": cenario["candidatos"], "eventos": []}
    )
    with _trava:
        _congelados[chave] = congelado
        while len(_congelados) > 1 and sum(len(c.candidatos) for c in _congelados.values()) > CANDIDATOS_GUARDADOS:
            _congelados.popitem(last=False)
    return congelado


def esquecer_cenarios_lidos() -> None:
    """Esvazia o que ``cenario_lido`` guardou (os testes começam sem nada guardado)."""
    with _trava:
        _congelados.clear()


def _vaga(vaga: str | None) -> str:
    return "—" if not vaga else rotulo_do_grupo(vaga)


def resumo_da_previsao(cargo: Cargo, resultado: cotas.Resultado, numero: int) -> dict:
    """As mudanças do evento ``numero`` no resultado previsto, com os nomes do banco."""
    return {**_resumo(cargo, resultado, {numero}), "numero": numero}


def resumo_da_publicacao(versao: Resultado) -> dict:
    """O que a publicação da ``versao`` torna público: na primeira publicação do cargo, a ordem de
    convocação inteira; depois, as mudanças dos eventos registrados desde a última versão publicada
    (quem é convocado, quem muda de vaga, quem é mantido, quem sai)."""
    anterior = (
        Resultado.objects.filter(cargo=versao.cargo_id, status=Resultado.PUBLICADO, versao__lt=versao.versao)
        .order_by("-versao")
        .only("cenario")
        .first()
    )
    total = len(versao.cenario["eventos"])
    desde = 0 if anterior is None else len(anterior.cenario["eventos"]) + 1
    saida = versao.saida_do_motor
    return {
        **_resumo(versao.cargo, saida, set(range(desde, total + 1))),
        "primeira_publicacao": anterior is None,
        "versao_publicada_antes": anterior,
        "eventos_desde": total - (len(anterior.cenario["eventos"]) if anterior is not None else 0),
        "convocados_ao_todo": len(saida.nomeados),
        "sujeitos_a_recurso": sujeitos_a_recurso(versao.cargo, relogio.hoje()),
    }


def _resumo(cargo: Cargo, resultado: cotas.Resultado, numeros: set[int]) -> dict:
    convocados = [c for c in resultado.convocacoes if c.evento in numeros]
    reclassificados = [r for r in resultado.reclassificacoes if r.evento in numeros]
    mantidos = [m for m in resultado.mantidos if m.evento in numeros]
    saidas = [s for s in resultado.saidas if s.evento in numeros]
    numeros = {x.inscricao for x in (*convocados, *reclassificados, *mantidos, *saidas)}
    pessoas = cargo.inscricoes.pessoas(numeros)

    def nome(numero_da_inscricao: str) -> str:
        pessoa = pessoas.get(numero_da_inscricao)
        return pessoa.nome if pessoa else ""

    return {
        "convocados": [
            {
                "posicao": c.posicao,
                "inscricao": c.inscricao,
                "nome": nome(c.inscricao),
                "vaga": _vaga(c.vaga),
                "motivo": c.motivo,
            }
            for c in sorted(convocados, key=lambda c: (c.evento, c.posicao))
        ],
        "reclassificados": [
            {
                "inscricao": r.inscricao,
                "nome": nome(r.inscricao),
                "de": _vaga(r.de),
                "para": _vaga(r.para),
                "de_posicao": r.de_posicao,
                "para_posicao": r.para_posicao,
                "motivo": r.motivo,
            }
            for r in reclassificados
        ],
        "mantidos": [
            {"inscricao": m.inscricao, "nome": nome(m.inscricao), "vaga": _vaga(m.vaga), "posicao": m.posicao}
            for m in mantidos
        ],
        "saem": [
            {
                "inscricao": s.inscricao,
                "nome": nome(s.inscricao),
                "vaga": _vaga(s.vaga),
                "posicao": s.posicao,
                "tipo": TIPOS_DE_EVENTO[s.tipo].situacao_de_quem_saiu if s.tipo in TIPOS_DE_EVENTO else s.tipo,
            }
            for s in saidas
        ],
        "sub_judice": list(resultado.sub_judice),
        "provisorio": resultado.provisorio,
    }
