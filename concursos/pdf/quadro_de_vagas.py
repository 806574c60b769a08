"""O quadro de vagas do edital em PDF, o Anexo I do edital (Art. 1º, §4º): ``quadro_de_vagas_pdf(edital)``.

Um documento pequeno, desenhado pelo modelo ``concursos/pdf/quadro_de_vagas.html`` com o
``renderizar`` de ``comum.pdf``: o cabeçalho institucional (``Instituicao``), cada cargo com as
colunas opcionais (requisitos, carga horária, vencimento), a ampla concorrência e as vagas
reservadas por grupo, as notas de cadastro de reserva e das chamadas reservadas, a fundamentação de
cada número (do regime congelado no edital), o bloco de assinatura e, no rodapé, o código de
verificação, conferível na página pública ``concursos:verificar_documento`` (docs/TECNICO.md §2.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from django.conf import settings

import cotas
from comum.pdf import renderizar
from cotas.modelo import REGRAS_DOS_ARREDONDAMENTOS
from cotas.regimes import rotulo_do_grupo

from . import textos

# Importável sem django.setup(): o que precisa dos modelos é importado dentro das funções.
if TYPE_CHECKING:
    from concursos.models import Edital


def quadro_de_vagas_pdf(edital: Edital) -> bytes:
    """Anexo I do edital: o quadro de vagas de cada cargo (Art. 1º, §4º)."""
    return renderizar("concursos/pdf/quadro_de_vagas.html", contexto_do_quadro(edital))


def contexto_do_quadro(edital: Edital) -> dict:
    from concursos.models import Instituicao

    regime = edital.regime_congelado()
    linhas = [_linha_do_quadro(cargo, regime) for cargo in edital.cargos.order_by("codigo")]
    conferencia = _codigo(edital, linhas)
    extras = [coluna for coluna in COLUNAS_DO_CARGO if any(linha[coluna.campo] for linha in linhas)]
    largura_do_grupo = max(6, min(11, 40 // max(len(regime.grupos), 1)) - 2 * len(extras))
    extras = _cabendo(extras, ocupado=23 + largura_do_grupo * len(regime.grupos))
    instituicao = Instituicao.atual()
    return {
        "titulo_do_documento": f"Anexo I — Quadro de vagas — {edital.identificacao}",
        "edital": edital,
        "instituicao": instituicao,
        "brasao": instituicao.brasao_como_data_uri(),
        "assinatura": _assinatura(edital, instituicao),
        "extras": extras,
        # Requisitos são texto longo: a folha deitada mantém a tabela dentro da página A4.
        "paisagem": any(coluna.campo == "requisitos" for coluna in extras),
        "rotulos": [rotulo_do_grupo(g.grupo) for g in regime.grupos],
        "colunas": 3 + len(extras) + len(regime.grupos),
        # Com 2 grupos cada coluna tem 11% da largura; com 4 (regime federal) o cargo não fica espremido.
        "largura_do_grupo": largura_do_grupo,
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
        "codigo_de_verificacao": codigo_legivel(conferencia),
        "endereco_da_verificacao": endereco_da_verificacao(),
    }


class ColunaDoCargo(NamedTuple):
    campo: str
    titulo: str
    largura: int  # % da largura da tabela


# Colunas opcionais do anexo, na ordem em que aparecem depois do cargo: só as que algum cargo preenche.
COLUNAS_DO_CARGO = (
    ColunaDoCargo("requisitos", "Requisitos", 30),
    ColunaDoCargo("carga_horaria", "Carga horária", 9),
    ColunaDoCargo("vencimento", "Vencimento", 10),
)


def _cabendo(extras: list[ColunaDoCargo], *, ocupado: int) -> list[ColunaDoCargo]:
    """As colunas opcionais com a dos requisitos estreitada, se preciso, para o cargo ficar com 20% da
    largura (``ocupado``: vagas, ampla e grupos, em %)."""
    sobra = 80 - ocupado - sum(coluna.largura for coluna in extras)
    if sobra >= 0:
        return extras
    return [c._replace(largura=max(12, c.largura + sobra)) if c.campo == "requisitos" else c for c in extras]


def codigo_do_quadro(edital: Edital) -> str:
    """O código de verificação do anexo (ver ``_codigo``), sem montar o resto do documento."""
    regime = edital.regime_congelado()
    return _codigo(edital, [_linha_do_quadro(cargo, regime) for cargo in edital.cargos.order_by("codigo")])


def _codigo(edital: Edital, linhas: list[dict]) -> str:
    """SHA-256 do JSON canônico do edital, dos parâmetros do regime congelados no edital e das linhas
    do quadro (``hash_do_cenario``). Não é gravado: é recalculado dos dados (``concursos.conferencia``).
    A data de geração, o cabeçalho institucional e quem assina não entram: o código diz respeito aos
    números e às condições de cada cargo, não à forma do documento."""
    from concursos.adapters import hash_do_cenario

    return hash_do_cenario(
        {
            "edital": str(edital),
            "titulo": edital.titulo,
            "regime": edital.parametros_do_regime,
            "cargos": [linha["dados"] for linha in linhas],
        }
    )


def codigo_legivel(conferencia: str) -> str:
    """Os 16 primeiros dígitos do SHA-256, em grupos de 4: o que se digita na página de verificação."""
    return "-".join(conferencia[i : i + 4] for i in range(0, 16, 4))


def endereco_da_verificacao() -> str:
    from django.urls import reverse

    return f"{settings.ENDERECO_PUBLICO}{reverse('concursos:verificar_documento')}"


def _assinatura(edital: Edital, instituicao) -> dict:
    return {
        "nome": edital.signatario_nome,
        "funcao": edital.signatario_funcao,
        "local_e_data": f"{instituicao.local}, {textos.data_por_extenso(edital.publicado_em)}",
    }


def _linha_do_quadro(cargo, regime: cotas.Regime) -> dict:
    from concursos import services

    quadro = services.quadro_do_cargo(cargo)
    notas = _notas_de_cadastro_de_reserva(cargo, quadro, regime)
    chamadas = [
        f"{rotulo_do_grupo(nome)}: {', '.join(f'{p}ª' for p in posicoes)}"
        for nome, posicoes in quadro.posicoes_reservadas
        if posicoes
    ]
    if chamadas:
        notas.append(f"Chamadas reservadas ({regime.referencia_de('alternancia')}): {'; '.join(chamadas)}.")
    return {
        "cargo": f"{cargo.codigo} — {cargo.nome}",
        "requisitos": cargo.requisitos,
        "carga_horaria": cargo.carga_horaria,
        "vencimento": _reais(cargo.vencimento),
        "vagas": quadro.vagas,
        "ampla": quadro.ampla,
        "reservadas": [quadro.reservadas_do(g.grupo) for g in regime.grupos],
        "notas": notas,
        "dados": _dados_do_cargo(cargo, quadro),
    }


def _dados_do_cargo(cargo, quadro: cotas.Quadro) -> dict:
    """O que o código de verificação resume de cada cargo. Requisitos, carga horária e vencimento só
    entram quando preenchidos: o código de um edital sem eles continua o mesmo de antes deles."""
    dados = {
        "codigo": cargo.codigo,
        "nome": cargo.nome,
        "vagas": quadro.vagas,
        "ampla": quadro.ampla,
        "reservadas": dict(quadro.reservadas),
        "cadastro_de_reserva": list(quadro.cadastro_de_reserva),
        "posicoes_reservadas": {nome: list(p) for nome, p in quadro.posicoes_reservadas},
    }
    opcionais = {"requisitos": cargo.requisitos, "carga_horaria": cargo.carga_horaria, "vencimento": cargo.vencimento}
    return dados | {campo: str(valor) for campo, valor in opcionais.items() if valor not in ("", None)}


def _notas_de_cadastro_de_reserva(cargo, quadro: cotas.Quadro, regime: cotas.Regime) -> list[str]:
    """Para cada grupo aplicável que o tamanho do cargo deixa sem vaga reservada, a nota de que os
    seus candidatos formam cadastro de reserva (docs/REGRAS.md §2). Abaixo do mínimo de vagas do
    grupo, diz o mínimo; com o mínimo alcançado e ainda 0 (PcD: 5% com teto de 20%), diz o número de
    vagas. A citação é a de ``cotas.motivos`` para a vaga surgida num cargo de cadastro de reserva."""
    aplicaveis = cotas.grupos_aplicaveis(regime, cargo.edital.edital_do_motor())
    notas = []
    for grupo in regime.grupos:
        if grupo.grupo not in aplicaveis or quadro.reservadas_do(grupo.grupo):
            continue
        referencia = grupo.referencia("cadastro_de_reserva") or regime.referencia_de("vagas_na_validade")
        if grupo.grupo in quadro.cadastro_de_reserva:
            motivo = f"com menos de {grupo.minimo_de_vagas} vagas ofertadas"
        else:
            motivo = (
                f"com {quadro.vagas} {'vaga ofertada' if quadro.vagas == 1 else 'vagas ofertadas'}, nenhuma reservada"
            )
        notas.append(
            f"{rotulo_do_grupo(grupo.grupo)}: cadastro de reserva — {motivo}, os candidatos classificados figuram "
            f"apenas em cadastro de reserva para as vagas que surgirem durante a validade do concurso ({referencia})."
        )
    return notas


def _reais(valor) -> str:
    """R$ 1.234,56; vazio sem valor."""
    if valor is None:
        return ""
    return "R$ " + f"{valor:,.2f}".translate(str.maketrans(",.", ".,"))


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
