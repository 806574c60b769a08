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

import cotas
from comum.canonico import canonico_e_hash
from comum.pdf import endereco_do_site, renderizar
from cotas.modelo import REGRAS_DOS_ARREDONDAMENTOS
from cotas.regimes import rotulo_do_grupo

from . import textos
from .medidas import MM_POR_PT, fonte_embutida

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
    rotulos = [rotulo_do_grupo(g.grupo) for g in regime.grupos]
    # Requisitos são texto longo: a folha deitada mantém a tabela dentro da página A4. Deitada também
    # quando, em pé, os títulos das colunas não deixariam ao cargo a largura mínima.
    paisagem = any(coluna.campo == "requisitos" for coluna in extras)
    larguras = _larguras(rotulos, extras, paisagem, linhas)
    if not paisagem and larguras.cargo < LARGURA_MINIMA_DO_CARGO:
        paisagem, larguras = True, _larguras(rotulos, extras, True, linhas)
    instituicao = Instituicao.atual()
    return {
        "titulo_do_documento": f"Anexo I — Quadro de vagas — {edital.identificacao}",
        "edital": edital,
        "instituicao": instituicao,
        "brasao": instituicao.brasao_como_data_uri(),
        "assinatura": _assinatura(edital, instituicao),
        "extras": larguras.extras,
        "paisagem": paisagem,
        "rotulos": rotulos,
        "colunas": 3 + len(extras) + len(regime.grupos),
        "larguras": larguras,
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
        "hash": conferencia,  # o que se guarda no registro (``hash_dos_dados``); o código é o do ato registrado
        "rodape_do_site": "",  # o rodapé do Anexo I já traz o endereço completo da verificação
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


# A largura da tabela (A4 menos as margens de 14 mm), o corpo do título das colunas (o do th), o
# espaço de cada célula fora da largura dada (1,5 mm de cada lado e o filete: com table-layout fixo,
# o WeasyPrint soma esse espaço à largura de cada coluna) e uma sobra para a palavra não encostar.
LARGURA_DA_TABELA = {False: 210 - 28, True: 297 - 28}  # mm, em pé e deitada
TITULO_DA_COLUNA = 8.5  # pt
ESPACO_DA_CELULA = 3.2  # mm
SOBRA_DA_PALAVRA = 0.6  # mm
LARGURA_MINIMA_DO_CARGO = 15  # %: o nome do cargo quebra em linhas, mas não letra a letra
LARGURA_MINIMA_DOS_REQUISITOS = 12  # %


class Larguras(NamedTuple):
    """Em % da tabela: o cargo fica com o que sobra."""

    vagas: int
    ampla: int
    grupo: int  # a mesma para cada grupo
    extras: list[ColunaDoCargo]
    cargo: int


def _titulo_cabe(titulo: str, paisagem: bool, valores=()) -> int:
    """A largura (%, para cima) em que a palavra mais longa do título, em negrito, e dos valores da
    coluna cabe na célula: mais estreita que isso, a palavra cruza o filete ou quebra no meio."""
    palavras = [fonte_embutida(True).medir(p) for p in titulo.split()]
    palavras += [fonte_embutida(False).medir(p) for valor in valores for p in str(valor or "").split()]
    palavra = max(palavras) * TITULO_DA_COLUNA * MM_POR_PT
    return -int(-(palavra + SOBRA_DA_PALAVRA) * 100 // LARGURA_DA_TABELA[paisagem])


def _larguras(rotulos: list[str], extras: list[ColunaDoCargo], paisagem: bool, linhas: list[dict]) -> Larguras:
    """Cada coluna com a sua largura de costume (grupos: 11% com dois, menos com mais) quando há
    espaço; sem espaço para o cargo, cada uma encolhe até a largura em que o seu título ainda cabe
    (os requisitos, até 12%)."""
    minimas = {
        "vagas": _titulo_cabe("Vagas", paisagem),
        "ampla": _titulo_cabe("Ampla concorrência", paisagem),
        "grupo": max(_titulo_cabe(r, paisagem) for r in rotulos) if rotulos else 0,
        **{
            c.campo: LARGURA_MINIMA_DOS_REQUISITOS
            if c.campo == "requisitos"
            else _titulo_cabe(c.titulo, paisagem, [linha[c.campo] for linha in linhas])
            for c in extras
        },
    }
    costume = {"vagas": 9, "ampla": 14, "grupo": min(11, 40 // max(len(rotulos), 1))}
    costume.update({c.campo: c.largura for c in extras})
    largura = {campo: max(costume[campo], minimas[campo]) for campo in minimas}

    colunas = 3 + len(extras) + len(rotulos)
    conteudo = 100 - int(-(-colunas * ESPACO_DA_CELULA * 100 // LARGURA_DA_TABELA[paisagem]))

    def livre() -> int:  # o que fica para o cargo
        return conteudo - sum(v * (len(rotulos) if campo == "grupo" else 1) for campo, v in largura.items())

    # Primeiro os requisitos (texto longo, quebra bem), depois todas até o mínimo do título.
    for campo in ["requisitos", *(c for c in minimas if c != "requisitos")]:
        if campo in largura and livre() < LARGURA_MINIMA_DO_CARGO + 5:
            falta = LARGURA_MINIMA_DO_CARGO + 5 - livre()
            vezes = len(rotulos) if campo == "grupo" else 1
            largura[campo] = max(minimas[campo], largura[campo] - -(-falta // vezes))
    medidas = [c._replace(largura=largura[c.campo]) for c in extras]
    return Larguras(largura["vagas"], largura["ampla"], largura["grupo"], medidas, livre())


def codigo_do_quadro(edital: Edital) -> str:
    """O código de verificação do anexo (ver ``_codigo``), sem montar o resto do documento."""
    regime = edital.regime_congelado()
    return _codigo(edital, [_linha_do_quadro(cargo, regime) for cargo in edital.cargos.order_by("codigo")])


def _codigo(edital: Edital, linhas: list[dict]) -> str:
    """SHA-256 do JSON canônico do edital, dos parâmetros do regime congelados no edital e das linhas
    do quadro (``comum.canonico``). Não é gravado: é recalculado dos dados (``concursos.consultas.conferencia``).
    A data de geração, o cabeçalho institucional e quem assina não entram: o código diz respeito aos
    números e às condições de cada cargo, não à forma do documento."""
    return canonico_e_hash(
        {
            "edital": str(edital),
            "titulo": edital.titulo,
            "regime": edital.parametros_do_regime,
            "cargos": [linha["dados"] for linha in linhas],
        }
    )[1]


def codigo_legivel(conferencia: str) -> str:
    """Os 16 primeiros dígitos do SHA-256, em grupos de 4: o que se digita na página de verificação."""
    return "-".join(conferencia[i : i + 4] for i in range(0, 16, 4))


def endereco_da_verificacao() -> str:
    from django.urls import reverse

    return f"{endereco_do_site()}{reverse('concursos:verificar_documento')}"


def _assinatura(edital: Edital, instituicao) -> dict:
    return {
        "nome": edital.signatario_nome,
        "funcao": edital.signatario_funcao,
        "local_e_data": f"{instituicao.local}, {textos.data_por_extenso(edital.publicado_em)}",
    }


def _linha_do_quadro(cargo, regime: cotas.Regime) -> dict:
    quadro = cargo.quadro_de_vagas()
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
