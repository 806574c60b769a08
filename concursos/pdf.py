"""PDFs do edital (WeasyPrint). Contrato usado pelas telas e pelas tarefas:

- ``quadro_de_vagas_pdf(edital) -> bytes``: anexo do quadro de vagas (Art. 1º, §4º);
- ``resultado_do_cargo_pdf(resultado, processos=None) -> bytes``: o resultado de um cargo na versão
  recebida (uma ``Resultado``; as tarefas passam a última de cada cargo): ficha da versão (edital,
  cargo, versão, situação, quem gerou, quadro, hash das entradas), lista geral, listas de vagas
  reservadas, ordem de convocação vigente e registro de chamadas, com "Página X de Y";
- ``resultado_pdf(edital, processos=None) -> bytes``: uma capa com a situação de cada cargo e, em
  seguida, as páginas de ``resultado_do_cargo_pdf`` da última versão de cada cargo, numeradas em
  sequência no documento inteiro.

O WeasyPrint só é importado dentro das funções que desenham (custa ~0,35 s), para que o
``manage.py`` não pague esse preço ao iniciar. Todo recurso externo passa por um buscador que
recusa tudo, menos ``data:`` e os arquivos estáticos do próprio projeto (docs/TECNICO.md §2.3): os modelos
são nossos, mas levam nomes digitados pelos candidatos.

Resultado com milhares de linhas (docs/TECNICO.md §2.4: numa tabela do WeasyPrint cada célula é uma caixa
de texto, ~3 ms por linha): as páginas do resultado são diagramadas em ``diagramacao.py``, e o WeasyPrint só desenha.

- Cada texto é medido com as larguras de glifo da própria fonte embutida (DejaVu Sans, lidas com
  fontTools; crenagem e ligaduras desligadas na folha, para que a largura desenhada seja a soma) e
  quebrado em linhas aqui; no HTML vai com ``white-space: pre`` e a altura de cada bloco em classe.
- Uma linha da tabela é uma linha de texto só, com as colunas alinhadas por espaços tipográficos
  (U+2002…U+200A) calculados célula a célula. Só quando uma célula que não é a última ocupa mais de
  uma linha (nome muito longo, anotação de saída) a linha vira células ``inline-block``: caras, raras.
- Cabeçalho, rodapé e "Página X de Y" são blocos de texto em cada página (não caixas de margem).
- Sabendo o que cabe em cada página, o documento é dividido em fatias desenhadas em processos
  paralelos (``spawn``; o filho importa ``diagramacao`` sem ``django.setup()``) e juntadas com pypdf,
  que também monta o sumário. O número de páginas de cada fatia é conferido
  (``PaginacaoDivergente`` se não bater).

``processos``: quantos processos desenham um documento grande (padrão: até 2, os núcleos da
máquina). Quem já roda vários trabalhadores em paralelo pode passar ``processos=1``.

Dados pessoais publicados: número de inscrição, nome de uso e CPF mascarado (``***.456.789-**``).
Nunca data de nascimento, nunca cor/raça além da presença numa lista de vagas reservadas.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from django.utils import timezone

import cotas
from comum.cpf import mascarar_cpf
from cotas.modelo import AMPLA, METADE_PARA_CIMA, PARA_BAIXO, PARA_CIMA
from cotas.regimes import rotulo_do_grupo

from .diagramacao import (  # noqa: F401  (buscador, arquivo_estatico… são usados por quem importa pdf)
    CAPA,
    ENDERECO_BASE,
    GERAL,
    GRUPO,
    PREFIXO_ESTATICO,
    Desenho,
    Diagramador,
    Documento,
    PaginacaoDivergente,
    RecursoRecusado,
    aquecer_processo,
    arquivo_estatico,
    buscador,
    colunas_da_ordem,
    colunas_das_chamadas,
    grade,
    linhas_previstas,
    raizes_estaticas,
    renderizar,
)

# Importável sem django.setup(), como ``diagramacao`` (que os processos que desenham importam): o
# que precisa dos modelos é importado dentro das funções que o usam.
if TYPE_CHECKING:
    from .models import Edital, Resultado

FUSO = ZoneInfo("America/Sao_Paulo")
ORGAO = "Prefeitura Municipal de Cariacica — Estado do Espírito Santo"

ARREDONDAMENTOS = {
    METADE_PARA_CIMA: "fração igual ou maior que 0,5 sobe para o inteiro seguinte; menor que 0,5 é desprezada",
    PARA_CIMA: "qualquer fração sobe para o inteiro seguinte",
    PARA_BAIXO: "a fração é desprezada",
}
PUBLICACAO_RESTRITA = (
    "Publicação restrita ao número de inscrição, ao nome (nome social, quando houver) e ao CPF mascarado. "
    "A presença numa lista de vagas reservadas decorre da opção do candidato e da verificação prevista no edital."
)
SOBRE_AS_LISTAS = (
    "As listas são as da classificação do concurso. Quem saiu por evento posterior (desistência, não posse, "
    "final de lista, anulação) aparece anotado; o efeito está na ordem de convocação vigente e no registro de "
    "chamadas."
)


# ----------------------------------------------------------------------------------------------
# Quadro de vagas (anexo do edital)


def quadro_de_vagas_pdf(edital: Edital) -> bytes:
    """Anexo do edital com o quadro de vagas de cada cargo (Art. 1º, §4º)."""
    return renderizar("concursos/pdf/quadro_de_vagas.html", contexto_do_quadro(edital))


def contexto_do_quadro(edital: Edital) -> dict:
    regime = edital.regime_congelado()
    linhas = [_linha_do_quadro(cargo, regime) for cargo in edital.cargos.order_by("codigo")]
    from .adapters import hash_do_cenario

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
        "gerado_em": _agora().strftime("%d/%m/%Y"),
        "hash": conferencia,
        "hash_curto": conferencia[:16],
    }


def _linha_do_quadro(cargo, regime: cotas.Regime) -> dict:
    from . import services

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
                f"Arredondamento: {ARREDONDAMENTOS.get(grupo.arredondamento, grupo.arredondamento)}",
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


# ----------------------------------------------------------------------------------------------
# Resultado: o que vai em cada cargo


def resultado_do_cargo_pdf(resultado: Resultado, *, processos: int | None = None) -> bytes:
    """O resultado de um cargo na versão ``resultado``, em documento próprio (ver o cabeçalho)."""
    cargo = resultado.cargo
    edital = cargo.edital
    with Desenho(processos, linhas_previstas(resultado)) as desenho:
        rotulos = rotulos_das_vagas(edital.regime_congelado())
        secao = secao_do_resultado(resultado, rotulos, _pessoas_do_cargo(cargo))
        documento = Documento(f"Resultado — {edital.identificacao} — {secao['cargo']} — versão {resultado.versao}")
        documento.acrescentar(_diagramar_cargo(edital, secao, _data_e_hora(_agora())))
        return desenho.desenhar(documento)


def resultado_pdf(edital: Edital, *, processos: int | None = None) -> bytes:
    """Capa com a situação de cada cargo e o resultado da última versão de cada um, numa só numeração."""
    contexto = contexto_do_resultado(edital)
    secoes = [secao for secao in contexto["secoes"] if secao["resultado"] is not None]
    with Desenho(processos, sum(linhas_previstas(secao["resultado"]) for secao in secoes)) as desenho:
        documento = Documento(contexto["titulo_do_documento"])
        documento.acrescentar(_diagramar_capa(contexto))
        for secao in secoes:
            documento.acrescentar(_diagramar_cargo(edital, secao, contexto["gerado_em"]))
        return desenho.desenhar(documento)


def contexto_do_resultado(edital: Edital) -> dict:
    rotulos = rotulos_das_vagas(edital.regime_congelado())
    return {
        "titulo_do_documento": f"Resultado — {edital.identificacao}",
        "edital": edital,
        "secoes": [_secao_do_cargo(cargo, rotulos) for cargo in edital.cargos.order_by("codigo")],
        "gerado_em": _data_e_hora(_agora()),
    }


def _secao_do_cargo(cargo, rotulos: dict[str, str]) -> dict:
    resultado = cargo.resultados.select_related("gerado_por", "publicado_por").order_by("-versao").first()
    if resultado is None:
        return {"cargo": f"{cargo.codigo} — {cargo.nome}", "resultado": None}
    return secao_do_resultado(resultado, rotulos, _pessoas_do_cargo(cargo))


def secao_do_resultado(resultado: Resultado, rotulos: dict[str, str], pessoas: dict[str, tuple[str, str]]) -> dict:
    """Tudo o que a seção de um cargo imprime, já em texto: a ficha da versão e as linhas das listas."""
    cargo = resultado.cargo
    saida = resultado.saida
    listas = _Listas(resultado, pessoas, rotulos)
    return {
        "cargo": f"{cargo.codigo} — {cargo.nome}",
        "resultado": resultado,
        "situacao": resultado.get_status_display(),
        "gerado_por": _quem(resultado.gerado_por),
        "gerado_em": _data_e_hora(resultado.gerado_em),
        "publicado": _publicado(resultado),
        "provisorio_porque": _provisorio_porque(saida) if resultado.provisorio else "",
        "quadro": _resumo_do_quadro(saida, rotulos),
        "hash_curto": resultado.hash_das_entradas[:16],
        "geral": listas.geral(),
        "grupos": listas.grupos(),
        "ordem": listas.ordem(),
        "convocacoes": listas.convocacoes(),
    }


class _Listas:
    """As linhas das listas de um resultado, já com nome, CPF mascarado e nota de cada inscrição."""

    def __init__(self, resultado, pessoas: dict[str, tuple[str, str]], rotulos: dict[str, str]):
        self.saida = resultado.saida
        self.cenario = resultado.cenario
        self.pessoas = pessoas
        self.rotulos = rotulos
        self.notas = {c["inscricao"]: _nota(c["nota"]) for c in self.cenario["candidatos"]}
        self.lista_geral = self.saida["listas"].get("geral", [])
        self.classificacao = {numero: i for i, numero in enumerate(self.lista_geral, start=1)}
        self.observacoes = {}
        for saida in self.saida.get("saidas", []):
            texto = f"{_nome_do_evento(saida['tipo'])} (evento {saida['evento']})"
            anterior = self.observacoes.get(saida["inscricao"])
            self.observacoes[saida["inscricao"]] = f"{anterior}; {texto}" if anterior else texto

    def nome(self, numero) -> str:
        return self.pessoas.get(numero, ("", ""))[0]

    def rotulo(self, vaga) -> str:
        return self.rotulos.get(vaga, vaga or "—")

    def geral(self) -> list[tuple]:
        return [
            (i, n, self.nome(n), self.observacoes.get(n, ""), self.pessoas.get(n, ("", ""))[1], self.notas.get(n, ""))
            for i, n in enumerate(self.lista_geral, start=1)
        ]

    def grupos(self) -> list[tuple[str, list[tuple]]]:
        from .adapters import listas_em_ordem

        return [
            (
                self.rotulo(grupo),
                [
                    (
                        i,
                        self.classificacao.get(n, ""),
                        n,
                        self.nome(n),
                        self.observacoes.get(n, ""),
                        self.notas.get(n, ""),
                    )
                    for i, n in enumerate(lista, 1)
                ],
            )
            for grupo, lista in listas_em_ordem(self.saida)
            if grupo != "geral"
        ]

    def ordem(self) -> list[tuple]:
        linhas = []
        for p in self.saida.get("ordem_vigente", []):
            numero = p["inscricao"]
            nome = self.nome(numero) if numero else "vaga não preenchida"
            linhas.append((p["posicao"], self.rotulo(p["tipo"]), numero or "—", nome, self.rotulo(p["vaga"])))
        return linhas

    def convocacoes(self) -> list[tuple]:
        return [
            (
                c["ordem"],
                _evento(c["evento"], self.cenario),
                c["posicao"],
                c["inscricao"],
                self.nome(c["inscricao"]),
                self.rotulo(c["vaga"]),
                c["motivo"],
            )
            for c in self.saida.get("convocacoes", [])
        ]


def _pessoas_do_cargo(cargo) -> dict[str, tuple[str, str]]:
    """Número de inscrição → (nome de uso, CPF mascarado), numa só consulta ao banco."""
    from .models import Inscricao

    linhas = Inscricao.objects.filter(cargo=cargo).values_list(
        "numero", "candidato__nome", "candidato__nome_social", "candidato__cpf"
    )
    return {numero: (social or nome, mascarar_cpf(cpf)) for numero, nome, social, cpf in linhas}


def _provisorio_porque(saida: dict) -> str:
    motivos = []
    if pendencias := saida.get("pendencias"):
        motivos.append(f"{len(pendencias)} verificação(ões) de opção por vaga reservada pendente(s)")
    for empate in saida.get("empates", []):
        motivos.append(f"empate sem sorteio entre as inscrições {', '.join(empate)}")
    return "; ".join(motivos) + "." if motivos else ""


def _resumo_do_quadro(saida: dict, rotulos: dict[str, str]) -> str:
    quadro = saida["quadro"]
    partes = [f"ampla concorrência {quadro['ampla']}"]
    partes += [f"{rotulos.get(g, g)} {n}" for g, n in quadro["reservadas"].items()]
    texto = f"{quadro['vagas']} vagas — {', '.join(partes)}"
    if saida.get("vagas_totais", quadro["vagas"]) != quadro["vagas"]:
        texto += f"; vagas totais com as adicionais: {saida['vagas_totais']}"
    return texto


def _evento(numero: int, cenario: dict) -> str:
    if numero == 0:
        return "Resultado inicial"
    evento = cenario["eventos"][numero - 1]
    alvo = evento.get("inscricao") or f"+{evento.get('quantidade')} vagas"
    return f"{numero}. {_nome_do_evento(evento['tipo'])} ({alvo})"


def _nome_do_evento(tipo: str) -> str:
    from .models import Evento

    return dict(Evento.TIPOS).get(tipo, tipo)


def _publicado(resultado) -> str:
    if resultado.publicado_em is None:
        return ""
    return f"{_data_e_hora(resultado.publicado_em)}, por {_quem(resultado.publicado_por)}"


# ----------------------------------------------------------------------------------------------
# Resultado: as páginas de cada cargo e a capa do edital


def _diagramar_cargo(edital: Edital, secao: dict, gerado_em: str) -> Diagramador:
    resultado = secao["resultado"]
    rotulos = [rotulo for rotulo, _ in secao["grupos"]] + ["Ampla concorrência"]
    paginas = Diagramador(
        cabecalho=f"{edital.identificacao} — {secao['cargo']} — versão {resultado.versao}",
        rodape=f"Gerado em {gerado_em} · entradas SHA-256 {secao['hash_curto']}",
        provisorio=resultado.provisorio,
    )
    paginas.marcar(f"{secao['cargo']} — versão {resultado.versao}", 0)
    paginas.texto(ORGAO.upper(), "orgao")
    paginas.texto(edital.identificacao, "titulo", tag="h1")
    paginas.texto("Resultado do cargo: listas de classificação e ordem de convocação", "subtitulo")
    paginas.texto(secao["cargo"], "cargo", tag="h2")
    if resultado.provisorio:
        paginas.aviso("PROVISÓRIO — NÃO PUBLICAR")
    paginas.ficha(_ficha(edital, secao))
    paginas.texto(PUBLICACAO_RESTRITA, "fino")
    paginas.tabela(
        "Lista geral de classificação",
        grade(GERAL),
        ((c, n, _com_saida(nome, obs), cpf, nota) for c, n, nome, obs, cpf, nota in secao["geral"]),
        introducao=SOBRE_AS_LISTAS,
        vazia="Nenhum candidato classificado.",
    )
    for rotulo, linhas in secao["grupos"]:
        paginas.tabela(
            f"Lista de vagas reservadas — {rotulo}",
            grade(GRUPO),
            ((c, g, n, _com_saida(nome, obs), nota) for c, g, n, nome, obs, nota in linhas),
            vazia="Nenhum candidato nesta lista.",
        )
    paginas.tabela(
        "Ordem de convocação vigente",
        grade(colunas_da_ordem(rotulos)),
        ((f"{p}ª", tipo, n, nome, vaga) for p, tipo, n, nome, vaga in secao["ordem"]),
        vazia="Nenhuma posição de convocação.",
    )
    paginas.tabela(
        "Registro de chamadas",
        grade(colunas_das_chamadas(rotulos), nota="Motivo", coluna_da_nota=1),
        ((o, f"{p}ª", n, nome, vaga, e, motivo) for o, e, p, n, nome, vaga, motivo in secao["convocacoes"]),
        vazia="Nenhuma chamada registrada.",
    )
    return paginas


def _ficha(edital: Edital, secao: dict) -> list[tuple[str, str]]:
    resultado = secao["resultado"]
    itens = [
        ("Edital", edital.identificacao),
        ("Cargo", secao["cargo"]),
        ("Versão", str(resultado.versao)),
        ("Situação", secao["situacao"]),
        ("Por que é provisório", secao["provisorio_porque"]),
        ("Gerado por", f"{secao['gerado_por']}, em {secao['gerado_em']}"),
        ("Motivo da geração", resultado.motivo),
        ("Publicado", secao["publicado"]),
        ("Quadro de vagas", secao["quadro"]),
        ("Hash das entradas", f"SHA-256 {resultado.hash_das_entradas}"),
    ]
    return [(rotulo, valor) for rotulo, valor in itens if valor]


def _com_saida(nome: str, observacao: str) -> str | tuple[str, str]:
    """O nome e, na linha de baixo (outro parágrafo da célula), a anotação de quem saiu por evento."""
    return (nome, f"Saiu: {observacao}") if observacao else nome


def _diagramar_capa(contexto: dict) -> Diagramador:
    edital = contexto["edital"]
    capa = Diagramador(cabecalho=f"{edital.identificacao} — Resultado", rodape=f"Gerado em {contexto['gerado_em']}")
    capa.marcar(f"Resultado — {edital.identificacao}", 0)
    capa.texto(ORGAO.upper(), "orgao")
    capa.texto(edital.identificacao, "titulo", tag="h1")
    capa.texto(
        "Resultado por cargo: listas de classificação e ordem de convocação (última versão de cada cargo)",
        "subtitulo",
    )
    capa.tabela("", grade(CAPA), (_linha_da_capa(secao) for secao in contexto["secoes"]))
    capa.texto(PUBLICACAO_RESTRITA, "fino")
    return capa


def _linha_da_capa(secao: dict) -> tuple:
    if secao["resultado"] is None:
        return (secao["cargo"], "—", "resultado ainda não gerado", "")
    return (secao["cargo"], secao["resultado"].versao, secao["situacao"], secao["gerado_em"])


# ----------------------------------------------------------------------------------------------
# Rótulos e formatos


def rotulos_das_vagas(regime: cotas.Regime) -> dict[str, str]:
    return {nome: rotulo_do_grupo(nome) for nome in (AMPLA, *regime.nomes_dos_grupos)}


def _percentual(valor) -> str:
    return f"{valor.normalize():f}".replace(".", ",") + "%"


def _nota(valor: str) -> str:
    return str(valor).replace(".", ",")


def _quem(usuario) -> str:
    return (usuario.get_full_name() or usuario.get_username()) if usuario else "—"


def _agora() -> datetime:
    return timezone.now().astimezone(FUSO)


def _data_e_hora(momento: datetime) -> str:
    return momento.astimezone(FUSO).strftime("%d/%m/%Y %H:%M")
