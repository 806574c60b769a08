"""Quem verifica cada grupo vem da tabela do regime (``cotas.modelo.Grupo.verificacao``), nunca do
nome do grupo (docs/REGRAS.md §§ 3 e 10): a PcD com outro nome vai à avaliação multiprofissional, e
indígenas e quilombolas não vão à comissão de heteroidentificação."""

from datetime import date

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

import cotas
from concursos.atos import Ato, verificacao_do_grupo
from concursos.models import Edital
from concursos.services import verificacoes
from heteroidentificacao import services as servicos_da_comissao
from tests.heteroidentificacao.fabricas import rh

from .fabricas import edital, inscricao

pytestmark = pytest.mark.django_db

ATO = date(2025, 6, 2)


def edital_com_a_pcd_chamada_deficientes() -> Edital:
    """Um edital cujo regime congelado chama o grupo da avaliação multiprofissional de ``deficientes``."""
    criado = edital(criado_por=rh())
    parametros = dict(criado.parametros_do_regime)
    parametros["grupos"] = [{**g, "grupo": "deficientes"} if g["grupo"] == "pcd" else g for g in parametros["grupos"]]
    parametros["prioridade"] = ["deficientes" if g == "pcd" else g for g in parametros["prioridade"]]
    Edital.objects.filter(pk=criado.pk).update(parametros_do_regime=parametros)
    return Edital.objects.get(pk=criado.pk)


def test_grupo_pcd_com_outro_nome_vai_a_avaliacao_multiprofissional():
    outro = edital_com_a_pcd_chamada_deficientes()
    cargo = outro.cargos.get()
    deficiente = inscricao(cargo, "D1", 80, grupos={"deficientes": "pendente"})
    assert verificacao_do_grupo(outro, "deficientes") == cotas.modelo.AVALIACAO_PCD
    feita = verificacoes.registrar_avaliacao_pcd(
        deficiente, "confirmado", equipe="Equipe multiprofissional da SEMAD", ato=Ato(documento="Laudo 1/2025", data_do_ato=ATO),
        por=rh(),
    )  # fmt: skip
    assert (feita.ato.grupo, feita.ato.origem, feita.ato.situacao) == ("deficientes", "avaliacao_pcd", "confirmado")


def test_grupo_pcd_com_outro_nome_nao_vai_a_comissao_de_heteroidentificacao():
    outro = edital_com_a_pcd_chamada_deficientes()
    with pytest.raises(ValidationError, match="avaliação multiprofissional"):
        servicos_da_comissao.criar_comissao(outro, grupo="deficientes", por=rh())


def test_indigenas_e_quilombolas_nao_vao_a_comissao_de_heteroidentificacao():
    federal = edital(criado_por=rh(), regime="federal-15142-2025")
    for grupo in ("indigenas", "quilombolas"):
        assert verificacao_do_grupo(federal, grupo) == cotas.modelo.DOCUMENTAL
        with pytest.raises(ValidationError, match="é verificado por documentos"):
            servicos_da_comissao.criar_comissao(federal, grupo=grupo, por=rh())
    assert servicos_da_comissao.criar_comissao(federal, por=rh()).grupo == "pretos_pardos"


def test_comissao_nao_decide_a_verificacao_de_indigena():
    federal = edital(criado_por=rh(), regime="federal-15142-2025")
    indigena = inscricao(federal.cargos.get(), "I1", 80, grupos={"indigenas": "pendente"})
    with pytest.raises(ValidationError, match="não vem de “decisão colegiada da comissão"):
        verificacoes.registrar_verificacao(
            indigena,
            "indigenas",
            "nao_confirmado",
            origem="comissao",
            por=rh(),
            ato=Ato(documento="Ata 1", data_do_ato=ATO),
        )


def test_edital_congelado_antes_do_campo_le_a_verificacao_de_hoje():
    """A cópia congelada sem ``verificacao``: pcd pela avaliação, os demais pela comissão (como antes)."""
    antigo = edital(criado_por=rh(), regime="federal-15142-2025")
    parametros = dict(antigo.parametros_do_regime)
    parametros["grupos"] = [{k: v for k, v in g.items() if k != "verificacao"} for g in parametros["grupos"]]
    Edital.objects.filter(pk=antigo.pk).update(parametros_do_regime=parametros)
    antigo = Edital.objects.get(pk=antigo.pk)
    assert {g.grupo: g.verificacao for g in antigo.regime_congelado().grupos} == {
        "pretos_pardos": "heteroidentificacao",
        "indigenas": "heteroidentificacao",
        "quilombolas": "heteroidentificacao",
        "pcd": "avaliacao_pcd",
    }


def test_analise_documental_decide_a_verificacao_de_indigena_com_quem_conferiu():
    """Indígenas e quilombolas têm a sua origem de ato: a análise dos documentos (Lei 15.142/2025,
    art. 2º), registrada pelo RH com quem conferiu e o parecer."""
    federal = edital(criado_por=rh(), regime="federal-15142-2025")
    indigena = inscricao(federal.cargos.get(), "I1", 80, grupos={"indigenas": "pendente"})
    feita = verificacoes.registrar_analise_documental(
        indigena, "indigenas", "confirmado", equipe="Comissão de análise documental (Portaria 12/2025)",
        ato=Ato(documento="Parecer 3/2025", data_do_ato=ATO), por=rh(),
    )  # fmt: skip
    assert (feita.ato.origem, feita.ato.grupo, feita.ato.situacao) == ("documental", "indigenas", "confirmado")
    assert feita.ato.equipe == "Comissão de análise documental (Portaria 12/2025)"
    assert indigena.opcoes.get(grupo="indigenas").situacao == "confirmado"


def test_analise_documental_recusa_grupo_de_fenotipo_falta_de_quem_conferiu_e_declaracao_falsa():
    federal = edital(criado_por=rh(), regime="federal-15142-2025")
    cargo = federal.cargos.get()
    ambos = inscricao(cargo, "A1", 80, grupos={"indigenas": "pendente", "pretos_pardos": "pendente"})
    ato = Ato(documento="Parecer 4/2025", data_do_ato=ATO)
    with pytest.raises(ValidationError, match="não é verificado por documentos"):
        verificacoes.registrar_analise_documental(ambos, "pretos_pardos", "confirmado", equipe="X", ato=ato, por=rh())
    with pytest.raises(ValidationError, match="quem conferiu os documentos"):
        verificacoes.registrar_analise_documental(ambos, "indigenas", "confirmado", equipe=" ", ato=ato, por=rh())
    with pytest.raises(ValidationError, match="Declaração falsa só se declara no processo de apuração"):
        verificacoes.registrar_analise_documental(
            ambos, "indigenas", "declaracao_falsa", equipe="Comissão", ato=ato, por=rh()
        )
    assert set(ambos.opcoes.values_list("situacao", flat=True)) == {"pendente"}
    assert not ambos.atos_de_verificacao.exists()


def test_analise_documental_nao_decide_a_verificacao_de_negros_nem_de_pcd():
    cariacica = edital(criado_por=rh())
    negro = inscricao(cariacica.cargos.get(), "N1", 80, grupos={"negros": "pendente", "pcd": "pendente"})
    for grupo in ("negros", "pcd"):
        with pytest.raises(ValidationError, match="não é verificado por documentos"):
            verificacoes.registrar_analise_documental(
                negro, grupo, "confirmado", equipe="Comissão", ato=Ato(documento="P 1", data_do_ato=ATO), por=rh()
            )


def test_tela_da_analise_documental_registra_e_so_aparece_para_quem_optou_por_grupo_documental(client):
    federal = edital(criado_por=rh(), regime="federal-15142-2025")
    cargo = federal.cargos.get()
    quilombola = inscricao(cargo, "Q1", 80, grupos={"quilombolas": "pendente"})
    negro = inscricao(cargo, "N1", 70, grupos={"pretos_pardos": "pendente"})
    client.force_login(rh())
    ficha = client.get(reverse("admin:concursos_inscricao_change", args=[quilombola.pk])).content.decode()
    assert reverse("concursos:registrar_analise_documental", args=[quilombola.pk]) in ficha
    ficha_do_negro = client.get(reverse("admin:concursos_inscricao_change", args=[negro.pk])).content.decode()
    assert "registrar_analise_documental" not in ficha_do_negro and "análise documental</a>" not in ficha_do_negro
    resposta = client.post(
        reverse("concursos:registrar_analise_documental", args=[quilombola.pk]),
        {"grupo": "quilombolas", "situacao": "nao_confirmado", "equipe": "Servidores designados pela Portaria 9/2025",
         "documento": "Parecer 5/2025", "data_do_ato": "02/06/2025", "motivo": "Sem declaração da comunidade."},
    )  # fmt: skip
    assert resposta.status_code == 302
    ato = quilombola.atos_de_verificacao.get()
    assert (ato.origem, ato.situacao, ato.documento) == ("documental", "nao_confirmado", "Parecer 5/2025")
    recusada = client.get(reverse("concursos:registrar_analise_documental", args=[negro.pk]))
    assert recusada.status_code == 302 and not negro.atos_de_verificacao.exists()
