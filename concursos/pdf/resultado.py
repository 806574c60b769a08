"""O resultado em PDF, diagramado em Python (``diagramacao``) e desenhado em fatias (``desenho``):

- ``resultado_do_cargo_pdf(resultado, processos=None)``: o resultado de um cargo na versão recebida
  (as tarefas passam a última de cada cargo): ficha da versão (edital, cargo, versão, situação, quem
  gerou, quadro, hash das entradas, como os empates foram ordenados), lista geral, listas de vagas reservadas, ordem de convocação
  vigente (posições estáveis, com as vagas não preenchidas), mudanças de vaga e registro de chamadas,
  com "Página X de Y". Quem saiu por evento, quem uma revisão manteve e quem está sub judice levam a
  anotação em todas as listas e na ordem (docs/REGRAS.md §§ 5 e 8);
- ``resultado_pdf(edital, processos=None)``: uma capa com a situação de cada cargo e, em seguida,
  as páginas da última versão de cada cargo, numeradas em sequência no documento inteiro.

Dados pessoais publicados: número de inscrição, nome de uso e CPF mascarado (``***.456.789-**``).
Nunca data de nascimento, nunca cor/raça além da presença numa lista de vagas reservadas.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cotas
from comum.exibicao import data_e_hora
from comum.pdf import endereco_do_site
from concursos.consultas.sujeitos_a_recurso import anotacao
from concursos.posicoes import de_para, linhas_da_ordem, marcas, observacoes_da_linha, revisoes
from concursos.saida_do_motor import LISTA_GERAL
from cotas.classificacao import descrever_desempate
from cotas.modelo import DESEMPATE_PADRAO

from . import textos
from .desenho import Desenho, Documento, linhas_previstas
from .paginas_do_resultado import diagramar_capa, diagramar_cargo
from .textos import rotulos_das_vagas

# Importável sem django.setup(): o que precisa dos modelos é importado dentro das funções.
if TYPE_CHECKING:
    from concursos.models import Edital, Pessoa, Resultado


def resultado_do_cargo_pdf(
    resultado: Resultado, *, processos: int | None = None, registro: dict | None = None, secao: dict | None = None
) -> bytes:
    """O resultado de um cargo na versão ``resultado``, em documento próprio (ver o cabeçalho);
    ``registro``: o do ato publicado, quando é a versão que se publica (o código no rodapé de cada página);
    ``secao``: as linhas já montadas (``secao_do_cargo``), quando quem publica as usa também no DOCX."""
    edital = resultado.cargo.edital
    with Desenho(processos, linhas_previstas(resultado)) as desenho:
        secao = secao or secao_do_cargo(resultado)
        titulo = f"Resultado — {edital.identificacao} — {secao['cargo']} — versão {resultado.versao}"
        documento = Documento(titulo, qr_code=registro["qr_code"] if registro else "")
        documento.acrescentar(diagramar_cargo(edital, secao, data_e_hora(textos.agora()), registro))
        return desenho.desenhar(documento)


def resultado_publicado_pdf(contexto: dict) -> bytes:
    """O documento do ato "Resultado publicado" (``tipos_de_ato.RESULTADO_PUBLICADO``): o PDF do
    resultado do cargo na versão publicada, com o código do registro em cada página."""
    return resultado_do_cargo_pdf(contexto["resultado"], registro=contexto["registro"], secao=contexto.get("secao"))


def secao_do_cargo(resultado: Resultado) -> dict:
    """A seção do cargo da versão (``secao_do_resultado``), com os rótulos do regime do edital e as
    pessoas do cargo: montada uma vez, serve ao PDF e ao DOCX do ato publicado."""
    cargo = resultado.cargo
    rotulos = rotulos_das_vagas(cargo.edital.regime_congelado())
    return secao_do_resultado(resultado, rotulos, cargo.inscricoes.pessoas())


def resultado_pdf(edital: Edital, *, processos: int | None = None) -> bytes:
    """Capa com a situação de cada cargo e o resultado da última versão de cada um, numa só numeração."""
    contexto = contexto_do_resultado(edital)
    secoes = [secao for secao in contexto["secoes"] if secao["resultado"] is not None]
    with Desenho(processos, sum(linhas_previstas(secao["resultado"]) for secao in secoes)) as desenho:
        documento = Documento(contexto["titulo_do_documento"])
        documento.acrescentar(diagramar_capa(contexto))
        for secao in secoes:
            documento.acrescentar(diagramar_cargo(edital, secao, contexto["gerado_em"]))
        return desenho.desenhar(documento)


def contexto_do_resultado(edital: Edital) -> dict:
    rotulos = rotulos_das_vagas(edital.regime_congelado())
    return {
        "titulo_do_documento": f"Resultado — {edital.identificacao}",
        "edital": edital,
        "secoes": [_secao_do_cargo(cargo, rotulos) for cargo in edital.cargos.order_by("codigo")],
        "gerado_em": data_e_hora(textos.agora()),
        "endereco_do_site": endereco_do_site(),
    }


def _secao_do_cargo(cargo, rotulos: dict[str, str]) -> dict:
    resultado = cargo.resultados.select_related("gerado_por", "publicado_por").order_by("-versao").first()
    if resultado is None:
        return {"cargo": f"{cargo.codigo} — {cargo.nome}", "resultado": None}
    return secao_do_resultado(resultado, rotulos, cargo.inscricoes.pessoas())


def secao_do_resultado(resultado: Resultado, rotulos: dict[str, str], pessoas: dict[str, Pessoa]) -> dict:
    """Tudo o que a seção de um cargo imprime, já em texto: a ficha da versão e as linhas das listas."""
    cargo = resultado.cargo
    saida = resultado.saida_do_motor
    listas = _Listas(resultado, pessoas, rotulos)
    return {
        "cargo": f"{cargo.codigo} — {cargo.nome}",
        "resultado": resultado,
        "situacao": resultado.get_status_display(),
        "gerado_por": _quem(resultado.gerado_por),
        "gerado_em": data_e_hora(resultado.gerado_em),
        "publicado": _publicado(resultado),
        "diario_oficial": str(resultado.diario_oficial or ""),
        "provisorio_porque": _provisorio_porque(saida) if resultado.provisorio else "",
        "sujeito_a_recurso": anotacao(resultado.sujeito_a_recurso),
        "quadro": _resumo_do_quadro(saida, rotulos),
        "endereco_do_site": endereco_do_site(),
        # A cadeia com que esta versão foi calculada (a das entradas gravadas), não a de hoje do edital.
        "desempate": descrever_desempate((resultado.cenario.get("edital") or {}).get("desempate", DESEMPATE_PADRAO)),
        "hash_curto": resultado.hash_das_entradas[:16],
        "geral": listas.geral(),
        "grupos": listas.grupos(),
        "ordem": listas.ordem(),
        "reclassificacoes": listas.reclassificacoes(),
        "convocacoes": listas.convocacoes(),
    }


class _Listas:
    """As linhas das listas de um resultado, já com nome, CPF mascarado e nota de cada inscrição."""

    def __init__(self, resultado, pessoas: dict[str, Pessoa], rotulos: dict[str, str]):
        self.saida = resultado.saida_do_motor
        self.cenario = resultado.cenario
        self.pessoas = pessoas
        self.rotulos = rotulos
        self.notas = {c["inscricao"]: _nota(c["nota"]) for c in self.cenario["candidatos"]}
        self.lista_geral = dict(self.saida.listas).get(LISTA_GERAL, ())
        self.classificacao = {numero: i for i, numero in enumerate(self.lista_geral, start=1)}
        # Anotações de cada inscrição nas listas: saídas por evento e as marcas das revisões.
        self.observacoes: dict[str, list[str]] = {}
        for saida in self.saida.saidas:
            texto = f"Saiu: {_nome_do_evento(saida.tipo)} (evento {saida.evento})"
            self.observacoes.setdefault(saida.inscricao, []).append(texto)
        for anotadas in (marcas(self.saida), revisoes(self.cenario.get("eventos", []), _situacoes())):
            for numero, anotacoes in anotadas.items():
                self.observacoes.setdefault(numero, []).extend(a[0].upper() + a[1:] for a in anotacoes)
        # Publicado com o prazo de recurso da verificação aberto (docs/REGRAS.md §10).
        for numero in resultado.sujeito_a_recurso:
            self.observacoes.setdefault(numero, []).append("Sujeito a recurso da heteroidentificação")

    def observacao(self, numero) -> str:
        return "; ".join(self.observacoes.get(numero, ()))

    def nome(self, numero) -> str:
        return self.pessoas.get(numero, ("", ""))[0]

    def rotulo(self, vaga) -> str:
        return self.rotulos.get(vaga, vaga or "—")

    def geral(self) -> list[tuple]:
        return [
            (i, n, self.nome(n), self.observacao(n), self.pessoas.get(n, ("", ""))[1], self.notas.get(n, ""))
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
                        self.observacao(n),
                        self.notas.get(n, ""),
                    )
                    for i, n in enumerate(lista, 1)
                ],
            )
            for grupo, lista in self.saida.listas
            if grupo != LISTA_GERAL
        ]

    def ordem(self) -> list[tuple]:
        """Posição, tipo, inscrição, nome, vaga e a anotação (além das vagas, mantido, sub judice)."""
        vagas = self.saida.vagas_totais
        linhas = []
        for p in linhas_da_ordem(self.saida):
            nome = self.nome(p.inscricao) if p.inscricao else "vaga não preenchida"
            observacao = "; ".join(observacoes_da_linha(p, vagas))
            anotacao = observacao[0].upper() + observacao[1:] if observacao else ""
            tipo = self.rotulo(p.tipo) if p.tipo else "—"
            linhas.append((p.posicao, tipo, p.inscricao or "—", nome, anotacao, self.rotulo(p.vaga)))
        return linhas

    def reclassificacoes(self) -> list[tuple]:
        """Quem continua convocado e mudou de rótulo, e portanto de vaga: "5ª → 3ª"."""
        return [
            (
                r.inscricao,
                self.nome(r.inscricao),
                self.rotulo(r.de),
                self.rotulo(r.para),
                de_para(r.de_posicao, r.para_posicao) or "—",
                _evento(r.evento, self.cenario),
                r.motivo,
            )
            for r in self.saida.reclassificacoes
        ]

    def convocacoes(self) -> list[tuple]:
        return [
            (
                c.ordem,
                _evento(c.evento, self.cenario),
                c.posicao,
                c.inscricao,
                self.nome(c.inscricao),
                self.rotulo(c.vaga),
                c.motivo,
            )
            for c in self.saida.convocacoes
        ]


def _provisorio_porque(saida: cotas.Resultado) -> str:
    motivos = []
    if pendencias := saida.pendencias:
        motivos.append(f"{len(pendencias)} verificação(ões) de opção por vaga reservada pendente(s)")
    for empate in saida.empates:
        motivos.append(f"empate sem sorteio entre as inscrições {', '.join(empate)}")
    return "; ".join(motivos) + "." if motivos else ""


def _resumo_do_quadro(saida: cotas.Resultado, rotulos: dict[str, str]) -> str:
    quadro = saida.quadro
    partes = [f"ampla concorrência {quadro.ampla}"]
    partes += [f"{rotulos.get(g, g)} {n}" for g, n in quadro.reservadas]
    texto = f"{quadro.vagas} vagas — {', '.join(partes)}"
    if saida.vagas_totais != quadro.vagas:
        texto += f"; vagas totais com as adicionais: {saida.vagas_totais}"
    return texto


def _evento(numero: int, cenario: dict) -> str:
    if numero == 0:
        return "Resultado inicial"
    evento = cenario["eventos"][numero - 1]
    alvo = evento.get("inscricao") or f"+{evento.get('quantidade')} vagas"
    return f"{numero}. {_nome_do_evento(evento['tipo'])} ({alvo})"


def _situacoes() -> dict[str, str]:
    from concursos.models import SITUACOES_DE_VERIFICACAO

    return dict(SITUACOES_DE_VERIFICACAO)


def _nome_do_evento(tipo: str) -> str:
    from concursos.models import Evento

    return dict(Evento.TIPOS).get(tipo, tipo)


def _publicado(resultado) -> str:
    if resultado.publicado_em is None:
        return ""
    return f"{data_e_hora(resultado.publicado_em)}, por {_quem(resultado.publicado_por)}"


def _nota(valor: str) -> str:
    return str(valor).replace(".", ",")


def _quem(usuario) -> str:
    return (usuario.get_full_name() or usuario.get_username()) if usuario else "—"
