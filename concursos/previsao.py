"""A tela de confirmação de um evento: o que ele faria, calculado pelo motor sem gravar nada.

``services.prever`` devolve o resultado do cenário vigente mais o evento; daqui saem as linhas que o
servidor confere antes de confirmar: quem será convocado (posição, vaga e motivo), quem muda de vaga
ou de posição, quem é mantido (docs/REGRAS.md §8) e quem sai da convocação.
"""

import cotas
from cotas.eventos import TIPOS_DE_EVENTO
from cotas.regimes import rotulo_do_grupo

from .models import Cargo, Resultado


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
