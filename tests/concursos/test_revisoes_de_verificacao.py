"""As decisões de verificação de uma sessão em lote, num cargo publicado (docs/REGRAS.md §§ 8 e 9):
um lote de eventos ``verificacao`` em UMA versão, na ordem da lista geral publicada e depois do número
de inscrição, com o mesmo resultado de registrar as mesmas decisões uma a uma nessa ordem."""

from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from concursos import services
from concursos.atos import Ato
from concursos.models import AtoDeVerificacao, Evento, Resultado
from concursos.services import resultados
from concursos.services.revisoes_de_nota import resumo_das_revisoes
from concursos.services.revisoes_de_verificacao import (
    DecisaoDeVerificacao,
    em_ordem,
    prever_revisoes_de_verificacao,
    registrar_revisoes_de_verificacao,
)

from .fabricas import edital, inscricao

pytestmark = pytest.mark.django_db
ATA = "Ata da sessão nº 7 da comissão ordinária"
DIA = date(2025, 6, 2)
# O que a sessão decide: N1 e N2 (convocados pelos negros) não confirmados, N4 ausente, N3 confirmado
# de novo (a verificação vigente já era essa: só o ato) e X, que desistiu, não confirmado (só o ato).
DECISOES = {"N1": "nao_confirmado", "N2": "nao_confirmado", "N4": "ausente", "N3": "confirmado", "X": "nao_confirmado"}


def cargo_publicado(numero: int, rh):
    """Seis vagas; ampla A, B, C, D, E; negros N1..N4 e X, todos confirmados; X desiste depois da
    publicação (antes da sessão)."""
    cargo = edital(numero=numero, criado_por=rh, cargos=(("GM", "Guarda Municipal", 6),)).cargos.get()
    for numero_, nota in (("A", 99), ("B", 98), ("C", 97), ("D", 96), ("E", 95)):
        inscricao(cargo, numero_, nota)
    for numero_, nota in (("N1", 94), ("X", 90), ("N2", 89), ("N3", 88), ("N4", 87)):
        inscricao(cargo, numero_, nota, grupos={"negros": "confirmado"})
    services.publicar_resultado(services.gerar_resultado(cargo, por=rh), por=rh)
    services.registrar_desistencia(
        cargo.inscricoes.get(numero="X"), ato=Ato(documento="Req. 1", data_do_ato=DIA), por=rh
    )
    return cargo


def decisoes(cargo, quais=DECISOES) -> list[DecisaoDeVerificacao]:
    return [
        DecisaoDeVerificacao(cargo.inscricoes.get(numero=numero), "negros", situacao, AtoDeVerificacao.COMISSAO, "Ata.")
        for numero, situacao in quais.items()
    ]


def test_a_ordem_do_lote_e_a_da_lista_geral_publicada_e_depois_o_numero(rh):
    cargo = cargo_publicado(1, rh)
    assert [d.numero for d in em_ordem(cargo, decisoes(cargo))] == ["N1", "X", "N2", "N3", "N4"]


def test_o_lote_gera_uma_versao_so_igual_a_registrar_as_decisoes_uma_a_uma_na_mesma_ordem(rh):
    em_lote, uma_a_uma = cargo_publicado(1, rh), cargo_publicado(2, rh)
    versoes_antes = Resultado.objects.filter(cargo=em_lote).count()

    registradas = registrar_revisoes_de_verificacao(decisoes(em_lote), por=rh, ato=Ato(documento=ATA, data_do_ato=DIA))
    for decisao in em_ordem(uma_a_uma, decisoes(uma_a_uma)):
        services.registrar_verificacao(
            decisao.inscricao, "negros", decisao.situacao, origem="comissao", por=rh,
            ato=Ato(documento=ATA, data_do_ato=DIA), motivo="Ata.",
        )  # fmt: skip

    assert Resultado.objects.filter(cargo=em_lote).count() == versoes_antes + 1
    lote = em_lote.resultados.order_by("-versao").first()
    uma = uma_a_uma.resultados.order_by("-versao").first()
    assert uma.versao == lote.versao + 2  # uma a uma: N1, N2 e N4 fizeram uma versão cada
    assert lote.saida == uma.saida
    assert lote.cenario["eventos"] == uma.cenario["eventos"]
    eventos = Evento.objects.filter(cargo=em_lote, tipo="verificacao").order_by("id")
    assert [(e.inscricao.numero, e.situacao, e.documento, e.data_do_ato) for e in eventos] == [
        ("N1", "nao_confirmado", ATA, DIA), ("N2", "nao_confirmado", ATA, DIA), ("N4", "ausente", ATA, DIA)
    ]  # fmt: skip
    assert lote.evento == eventos.last() and {e.registrado_por for e in eventos} == {rh}
    # Quem muda de fato: N1 e N2 deixam a vaga dos negros, e o próximo negro (N3) é chamado.
    assert [c.inscricao for c in lote.saida_do_motor.convocacoes if c.evento > 1] == [
        c.inscricao for c in uma.saida_do_motor.convocacoes if c.evento > 1
    ]
    sem_efeito = {d.numero: r.sem_efeito for d, r in registradas.items() if r.sem_efeito}
    assert sem_efeito == {"N3": "a verificação vigente já era esta", "X": "a inscrição X já saiu (desistência)"}
    atos = AtoDeVerificacao.objects.filter(inscricao__cargo=em_lote, documento=ATA)
    assert atos.count() == 5 and atos.filter(evento__isnull=False).count() == 3


def test_a_previa_mostra_quem_muda_sem_gravar_nada(rh):
    cargo = cargo_publicado(1, rh)
    versoes, eventos = Resultado.objects.count(), Evento.objects.count()
    previsao = prever_revisoes_de_verificacao(cargo, decisoes(cargo), ato=Ato(documento=ATA, data_do_ato=DIA))
    assert (Resultado.objects.count(), Evento.objects.count()) == (versoes, eventos)
    resumo = resumo_das_revisoes(cargo, previsao)
    assert {(c["inscricao"], c["por"]) for c in resumo["convocados"]} <= {
        (c.inscricao, d.numero) for c in previsao.resultado.convocacoes for n, d in previsao.por_evento.items()
        if c.evento == n
    }  # fmt: skip
    assert resumo["convocados"]
    registrar_revisoes_de_verificacao(decisoes(cargo), por=rh, ato=Ato(documento=ATA, data_do_ato=DIA))
    gravada = cargo.resultados.order_by("-versao").first().saida_do_motor
    assert [(c.evento, c.inscricao, c.posicao, c.vaga) for c in gravada.convocacoes] == [
        (c.evento, c.inscricao, c.posicao, c.vaga) for c in previsao.resultado.convocacoes
    ]


def test_nada_a_mudar_nao_gera_versao(rh):
    cargo = cargo_publicado(1, rh)
    versoes = Resultado.objects.filter(cargo=cargo).count()
    registrar_revisoes_de_verificacao(
        decisoes(cargo, {"N3": "confirmado", "X": "ausente"}), por=rh, ato=Ato(documento=ATA, data_do_ato=DIA)
    )
    assert Resultado.objects.filter(cargo=cargo).count() == versoes
    assert prever_revisoes_de_verificacao(cargo, decisoes(cargo, {"N3": "confirmado"})) is None


def test_o_lote_faz_as_mesmas_consultas_com_3_ou_30_decisoes_e_monta_o_cenario_uma_vez_no_registro(rh, monkeypatch):
    """As inscrições M… entram antes da publicação (as entradas congelam na primeira publicação)."""
    pequeno = edital(numero=1, criado_por=rh, cargos=(("GM", "Guarda Municipal", 6),)).cargos.get()
    grande = edital(numero=2, criado_por=rh, cargos=(("GM", "Guarda Municipal", 6),)).cargos.get()
    for cargo, quantas in ((pequeno, 3), (grande, 30)):
        for i in range(quantas):
            inscricao(cargo, f"M{i:03d}", 50 + i, grupos={"negros": "confirmado"})
        services.publicar_resultado(services.gerar_resultado(cargo, por=rh), por=rh)
    medidas = {}
    for cargo, quantas in ((pequeno, 3), (grande, 30)):
        montagens = []
        original = resultados.cenario_do_cargo

        def contando(c, original=original, montagens=montagens, **opcoes):
            montagens.append(c.pk)
            return original(c, **opcoes)

        monkeypatch.setattr(resultados, "cenario_do_cargo", contando)
        monkeypatch.setattr("concursos.services.revisoes_de_verificacao.cenario_do_cargo", contando)
        lote = decisoes(cargo, {f"M{i:03d}": "nao_confirmado" for i in range(quantas)})
        with CaptureQueriesContext(connection) as consultas:
            registrar_revisoes_de_verificacao(lote, por=rh, ato=Ato(documento=ATA, data_do_ato=DIA))
        monkeypatch.undo()
        medidas[quantas] = (len(consultas), len(montagens))
        assert Evento.objects.filter(cargo=cargo).count() == quantas
    # O cenário é montado uma vez para conferir o lote e outra para gerar a versão (a de qualquer evento).
    assert medidas[3][1] == medidas[30][1] == 2
    assert medidas[3][0] == medidas[30][0]
