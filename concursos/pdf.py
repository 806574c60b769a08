"""PDFs do edital (WeasyPrint). Contrato usado pelas telas:

- ``quadro_de_vagas_pdf(edital) -> bytes``: anexo do quadro de vagas (Art. 1º, §4º);
- ``resultado_pdf(edital) -> bytes``: listas e ordem de convocação da última versão de cada cargo.

O WeasyPrint só é importado dentro das funções que desenham (custa ~0,35 s), para que o
``manage.py`` não pague esse preço ao iniciar. Todo recurso externo passa por um buscador que
recusa tudo, menos ``data:`` e os arquivos estáticos do próprio projeto (TECNICO §2.3): os modelos
são nossos, mas levam nomes digitados pelos candidatos.

Dados pessoais publicados: número de inscrição, nome de uso e CPF mascarado (``***.456.789-**``).
Nunca data de nascimento, nunca cor/raça além da presença numa lista de vagas reservadas.
"""

import functools
import mimetypes
from datetime import datetime
from pathlib import Path
from urllib.parse import unquote
from zoneinfo import ZoneInfo

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone

import cotas
from cotas.modelo import AMPLA, METADE_PARA_CIMA, PARA_BAIXO, PARA_CIMA

from . import services
from .adapters import hash_do_cenario, listas_em_ordem
from .cpf import mascarar_cpf
from .models import Edital, Evento, Inscricao

ENDERECO_BASE = "https://pdf.invalid/"
PREFIXO_ESTATICO = ENDERECO_BASE + "static/"
FUSO = ZoneInfo("America/Sao_Paulo")

# Onde a lei manda publicar o quadro no edital. Só a lei de 2023 o diz; o motor ainda não guarda
# essa citação nos regimes (se passar a guardar, troque por ``regime.referencia_de``).
REFERENCIA_DO_QUADRO = {"cariacica-2023": "Art. 1º, §4º"}
ARREDONDAMENTOS = {
    METADE_PARA_CIMA: "fração igual ou maior que 0,5 sobe para o inteiro seguinte; menor que 0,5 é desprezada",
    PARA_CIMA: "qualquer fração sobe para o inteiro seguinte",
    PARA_BAIXO: "a fração é desprezada",
}
TIPOS_DE_EVENTO = dict(Evento.TIPOS)


class RecursoRecusado(ValueError):
    """URL que o PDF não pode buscar: fora de ``data:`` e dos arquivos estáticos do projeto."""


# ----------------------------------------------------------------------------------------------
# Quadro de vagas (anexo do edital)


def quadro_de_vagas_pdf(edital: Edital) -> bytes:
    """Anexo do edital com o quadro de vagas de cada cargo (Art. 1º, §4º)."""
    return renderizar("concursos/pdf/quadro_de_vagas.html", contexto_do_quadro(edital))


def contexto_do_quadro(edital: Edital) -> dict:
    regime = edital.regime_congelado()
    linhas = [_linha_do_quadro(cargo, regime) for cargo in edital.cargos.order_by("codigo")]
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
        "rotulos": [rotulo_do_grupo(g) for g in regime.grupos],
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
        "referencia_do_quadro": REFERENCIA_DO_QUADRO.get(regime.nome, ""),
        "fundamentacao": fundamentacao(regime),
        "gerado_em": _agora().strftime("%d/%m/%Y"),
        "hash": conferencia,
        "hash_curto": conferencia[:16],
    }


def _linha_do_quadro(cargo, regime: cotas.Regime) -> dict:
    quadro = services.quadro_do_cargo(cargo)
    notas = []
    for nome in quadro.cadastro_de_reserva:
        grupo = regime.grupo(nome)
        referencia = grupo.referencia("cadastro_de_reserva")
        notas.append(
            f"{rotulo_do_grupo(grupo)}: cadastro de reserva — com menos de {grupo.minimo_de_vagas} vagas ofertadas, "
            "os candidatos classificados figuram apenas em cadastro de reserva para as vagas que surgirem "
            f"durante a validade do concurso{f' ({referencia})' if referencia else ''}."
        )
    chamadas = [
        f"{rotulo_do_grupo(regime.grupo(nome))}: {', '.join(f'{p}ª' for p in posicoes)}"
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
        blocos.append((rotulo_do_grupo(grupo), itens))
    gerais = [("Alternância e proporcionalidade das chamadas", regime.referencia_de("alternancia"))]
    if regime.nome in REFERENCIA_DO_QUADRO:
        gerais.insert(0, ("Total de vagas reservadas por cargo publicado no edital", REFERENCIA_DO_QUADRO[regime.nome]))
    blocos.append(("Regras comuns", gerais))
    return blocos


# ----------------------------------------------------------------------------------------------
# Resultado por cargo


def resultado_pdf(edital: Edital) -> bytes:
    """Listas e ordem de convocação da última versão do resultado de cada cargo do edital."""
    return renderizar("concursos/pdf/resultado.html", contexto_do_resultado(edital))


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
    secao = {"cargo": f"{cargo.codigo} — {cargo.nome}", "resultado": resultado}
    if resultado is None:
        return secao
    saida = resultado.saida
    listas = _Listas(resultado, _pessoas_do_cargo(cargo), rotulos)
    secao.update(
        situacao=resultado.get_status_display(),
        gerado_por=_quem(resultado.gerado_por),
        gerado_em=_data_e_hora(resultado.gerado_em),
        publicado=_publicado(resultado),
        provisorio_porque=_provisorio_porque(saida) if resultado.provisorio else "",
        quadro=_resumo_do_quadro(saida, rotulos),
        hash_curto=resultado.hash_das_entradas[:16],
        geral=listas.geral(),
        grupos=listas.grupos(),
        ordem=listas.ordem(),
        convocacoes=listas.convocacoes(),
    )
    return secao


class _Listas:
    """As linhas das tabelas de um resultado, já com nome, CPF mascarado e nota de cada inscrição."""

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
            texto = f"{TIPOS_DE_EVENTO.get(saida['tipo'], saida['tipo'])} (evento {saida['evento']})"
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
    return f"{numero}. {TIPOS_DE_EVENTO.get(evento['tipo'], evento['tipo'])} ({alvo})"


def _publicado(resultado) -> str:
    if resultado.publicado_em is None:
        return ""
    return f"{_data_e_hora(resultado.publicado_em)}, por {_quem(resultado.publicado_por)}"


# ----------------------------------------------------------------------------------------------
# Rótulos e formatos


def rotulo_do_grupo(grupo: cotas.Grupo) -> str:
    """Nome do grupo para cabeçalhos: "Negros", "PcD", "Pretos e pardos", "Indígenas"…"""
    if grupo.grupo == "pcd":
        return "PcD"
    texto = (grupo.nome_legivel or grupo.grupo).replace("_", " ")
    return texto[:1].upper() + texto[1:]


def rotulos_das_vagas(regime: cotas.Regime) -> dict[str, str]:
    return {AMPLA: "Ampla concorrência", **{g.grupo: rotulo_do_grupo(g) for g in regime.grupos}}


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


# ----------------------------------------------------------------------------------------------
# Desenho e buscador de recursos


def renderizar(modelo: str, contexto: dict) -> bytes:
    from weasyprint import HTML

    html = render_to_string(modelo, contexto)
    return HTML(string=html, base_url=ENDERECO_BASE, url_fetcher=buscador()).write_pdf()


def buscador():
    """Buscador de URLs do WeasyPrint que nega por padrão (ver ``arquivo_estatico``)."""
    return _classe_do_buscador()(allowed_protocols=("data",), allow_redirects=False, timeout=2)


@functools.cache
def _classe_do_buscador():
    from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse

    class BuscadorDeEstaticos(URLFetcher):
        def fetch(self, url, headers=None):
            if url.startswith("data:"):
                return super().fetch(url, headers)
            try:
                caminho = arquivo_estatico(url)
            except FileNotFoundError as erro:
                # Sem a folha de estilo ou a fonte, o documento oficial sairia errado: pare.
                raise FatalURLFetchingError(str(erro)) from erro
            tipo = mimetypes.guess_type(caminho.name)[0] or "application/octet-stream"
            return URLFetcherResponse(url, caminho.read_bytes(), {"Content-Type": tipo})

    return BuscadorDeEstaticos


def raizes_estaticas() -> list[Path]:
    """As pastas de estáticos do projeto: ``STATICFILES_DIRS`` e ``STATIC_ROOT``, resolvidas."""
    raizes = [d[1] if isinstance(d, (tuple, list)) else d for d in getattr(settings, "STATICFILES_DIRS", [])]
    if getattr(settings, "STATIC_ROOT", None):
        raizes.append(settings.STATIC_ROOT)
    return [Path(r).resolve() for r in raizes]


def arquivo_estatico(url: str) -> Path:
    """O arquivo que ``https://pdf.invalid/static/<caminho>`` designa numa pasta de estáticos.

    Recusa (``RecursoRecusado``) qualquer outra URL (``http``, ``https`` de outro host,
    ``file://``) e todo caminho que, resolvido (``..``, ``%2e%2e``, links simbólicos), sai da pasta.
    Um caminho válido que não existe levanta ``FileNotFoundError``.
    """
    if not url.startswith(PREFIXO_ESTATICO):
        raise RecursoRecusado(f"Recurso recusado no PDF: {url}")
    relativo = unquote(url[len(PREFIXO_ESTATICO) :].split("?")[0].split("#")[0])
    if not relativo or "\x00" in relativo or "\\" in relativo or relativo.startswith("/"):
        raise RecursoRecusado(f"Recurso recusado no PDF: {url}")
    for raiz in raizes_estaticas():
        caminho = (raiz / relativo).resolve()
        if not caminho.is_relative_to(raiz):
            raise RecursoRecusado(f"Recurso recusado no PDF (fora dos estáticos): {url}")
        if caminho.is_file():
            return caminho
    raise FileNotFoundError(f"Arquivo estático do PDF não encontrado: {relativo}")
