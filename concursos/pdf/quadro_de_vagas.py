"""O quadro de vagas do edital em PDF (anexo do edital, Art. 1º, §4º): ``quadro_de_vagas_pdf(edital)``.

Um documento pequeno, desenhado pelo modelo ``concursos/pdf/quadro_de_vagas.html`` com o
``renderizar`` de ``comum.pdf``: cada cargo com ampla concorrência e vagas reservadas por grupo,
as notas de cadastro de reserva e das chamadas reservadas, a fundamentação de cada número (do
regime congelado no edital) e um código de conferência (hash do quadro).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cotas
from comum.pdf import renderizar
from cotas.modelo import REGRAS_DOS_ARREDONDAMENTOS
from cotas.regimes import rotulo_do_grupo

from . import textos

# Importável sem django.setup(): o que precisa dos modelos é importado dentro das funções.
if TYPE_CHECKING:
    from concursos.models import Edital


def quadro_de_vagas_pdf(edital: Edital) -> bytes:
    """Anexo do edital com o quadro de vagas de cada cargo (Art. 1º, §4º)."""
    return renderizar("concursos/pdf/quadro_de_vagas.html", contexto_do_quadro(edital))


def contexto_do_quadro(edital: Edital) -> dict:
    regime = edital.regime_congelado()
    linhas = [_linha_do_quadro(cargo, regime) for cargo in edital.cargos.order_by("codigo")]
    from concursos.adapters import hash_do_cenario

    conferencia = hash_do_cenario(
        {
            "edital": str(edital),
            "titulo": edital.titulo,
            "regime": edital.parametros_do_regime,
            "cargos": [linha["dados"] for linha in linhas],
        }
    )
    return {
        "titulo_do_documento": f"Quadro de vagas — {edital.identificacao}",
        "edital": edital,
        "rotulos": [rotulo_do_grupo(g.grupo) for g in regime.grupos],
        "colunas": 3 + len(regime.grupos),
        # Com 2 grupos cada coluna tem 11% da largura; com 4 (regime federal) o cargo não fica espremido.
        "largura_do_grupo": max(8, min(11, 40 // max(len(regime.grupos), 1))),
        "linhas": linhas,
        "total": {
            "vagas": sum(linha["vagas"] for linha in linhas),
            "ampla": sum(linha["ampla"] for linha in linhas),
            "reservadas": [sum(col) for col in zip(*(linha["reservadas"] for linha in linhas), strict=True)]
            or [0] * len(regime.grupos),
        },
        "avisos": _grupos_fora_do_edital(edital, regime),
        "referencia_do_quadro": regime.referencia_de("quadro"),
        "fundamentacao": fundamentacao(regime),
        "gerado_em": textos.agora().strftime("%d/%m/%Y"),
        "hash": conferencia,
        "hash_curto": conferencia[:16],
    }


def _linha_do_quadro(cargo, regime: cotas.Regime) -> dict:
    from concursos import services

    quadro = services.quadro_do_cargo(cargo)
    notas = []
    for nome in quadro.cadastro_de_reserva:
        grupo = regime.grupo(nome)
        referencia = grupo.referencia("cadastro_de_reserva")
        notas.append(
            f"{rotulo_do_grupo(nome)}: cadastro de reserva — com menos de {grupo.minimo_de_vagas} vagas ofertadas, "
            "os candidatos classificados figuram apenas em cadastro de reserva para as vagas que surgirem "
            f"durante a validade do concurso{f' ({referencia})' if referencia else ''}."
        )
    chamadas = [
        f"{rotulo_do_grupo(nome)}: {', '.join(f'{p}ª' for p in posicoes)}"
        for nome, posicoes in quadro.posicoes_reservadas
        if posicoes
    ]
    if chamadas:
        notas.append(f"Chamadas reservadas ({regime.referencia_de('alternancia')}): {'; '.join(chamadas)}.")
    return {
        "cargo": f"{cargo.codigo} — {cargo.nome}",
        "vagas": quadro.vagas,
        "ampla": quadro.ampla,
        "reservadas": [quadro.reservadas_do(g.grupo) for g in regime.grupos],
        "notas": notas,
        "dados": {
            "codigo": cargo.codigo,
            "nome": cargo.nome,
            "vagas": quadro.vagas,
            "ampla": quadro.ampla,
            "reservadas": dict(quadro.reservadas),
            "cadastro_de_reserva": list(quadro.cadastro_de_reserva),
            "posicoes_reservadas": {nome: list(p) for nome, p in quadro.posicoes_reservadas},
        },
    }


def _grupos_fora_do_edital(edital: Edital, regime: cotas.Regime) -> list[str]:
    """Grupos que não se aplicam a este edital (Art. 5º, parágrafo único, para ACS/ACE)."""
    aplicaveis = cotas.grupos_aplicaveis(regime, edital.edital_do_motor())
    return [
        f"A reserva a {g.rotulo} não se aplica a este edital ({regime.referencia_transicao})."
        for g in regime.grupos
        if g.grupo not in aplicaveis
    ]


def fundamentacao(regime: cotas.Regime) -> list[tuple[str, list[tuple[str, str]]]]:
    """Pares (título, [(regra, citação)]) a partir do regime congelado: cada número com a sua fonte."""
    blocos = [(f"Regime: {regime.referencia}", [])]
    for grupo in regime.grupos:
        itens = [(f"Reserva de {_percentual(grupo.percentual)} das vagas", grupo.referencia("percentual"))]
        if grupo.referencia("minimo_de_vagas"):
            itens.append(
                (
                    f"Aplicada quando o cargo oferta {grupo.minimo_de_vagas} vagas ou mais",
                    grupo.referencia("minimo_de_vagas"),
                )
            )
        itens.append(
            (
                f"Arredondamento: {REGRAS_DOS_ARREDONDAMENTOS.get(grupo.arredondamento, grupo.arredondamento)}",
                grupo.referencia("arredondamento"),
            )
        )
        if grupo.teto_percentual is not None:
            itens.append(
                (f"Teto de {_percentual(grupo.teto_percentual)} das vagas", grupo.referencia("teto_percentual"))
            )
        if grupo.referencia("cadastro_de_reserva"):
            itens.append(("Abaixo do mínimo, só cadastro de reserva", grupo.referencia("cadastro_de_reserva")))
        blocos.append((rotulo_do_grupo(grupo.grupo), itens))
    gerais = [
        ("Total de vagas reservadas por cargo publicado no edital", regime.referencia_de("quadro")),
        ("Alternância e proporcionalidade das chamadas", regime.referencia_de("alternancia")),
    ]
    blocos.append(("Regras comuns", gerais))
    return blocos


def _percentual(valor) -> str:
    return f"{valor.normalize():f}".replace(".", ",") + "%"
