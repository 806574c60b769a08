"""A composição que o §10 manda registrar (docs/REGRAS.md): gênero, cor autodeclarada, capacitação e
ato de designação de cada membro; o aviso (que não impede a abertura) quando falta diversidade de gênero
ou de cor; a ata das sessões novas traz a designação e diz desde quando a regra vale."""

from datetime import date

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from heteroidentificacao import consultas, services
from heteroidentificacao.models import Membro, RegistroDeAuditoria, Sessao

from .fabricas import ORDINARIOS, comissao, encerrar, julgar, pessoa, rh, sessao_aberta, todos
from .test_pdf import texto
from .test_views import entrar, planejada

pytestmark = pytest.mark.django_db

PORTARIA = "Portaria SEMAD nº 12/2025"


def compor(comissao_, generos, cores) -> None:
    """Dá a cada titular, na ordem das personas, o gênero e a cor indicados, capacitação e designação."""
    for nome, genero, cor in zip(ORDINARIOS, generos, cores, strict=True):
        Membro.objects.filter(comissao=comissao_, usuario__username=nome).update(
            genero=genero, cor_autodeclarada=cor, capacitado_em=date(2025, 2, 3), ato_de_designacao=PORTARIA
        )


def titulares(comissao_):
    return comissao_.membros.ativos().filter(papel=Membro.TITULAR).select_related("usuario")


def test_inclusao_registra_genero_cor_capacitacao_e_designacao(cargo):
    nova = comissao(cargo.edital, titulares=())
    membro = services.adicionar_membro(
        nova, pessoa("ana"), por=rh(), presidente=True, genero="feminino", cor_autodeclarada="preta",
        capacitado_em=date(2025, 2, 3), ato_de_designacao=PORTARIA,
    )  # fmt: skip
    membro.refresh_from_db()
    assert (membro.genero, membro.cor_autodeclarada, membro.capacitado_em, membro.ato_de_designacao) == (
        "feminino", "preta", date(2025, 2, 3), PORTARIA,
    )  # fmt: skip
    incluido = RegistroDeAuditoria.objects.filter(acao="membro_incluido").latest("id")
    assert incluido.depois["ato_de_designacao"] == PORTARIA and incluido.depois["capacitado_em"] == "2025-02-03"


def test_capacitacao_no_futuro_e_recusada(cargo):
    with pytest.raises(ValidationError, match="capacitação não pode ser futura"):
        services.adicionar_membro(
            comissao(cargo.edital, titulares=()), pessoa("ana"), por=rh(), capacitado_em=date(2999, 1, 1)
        )


def test_composicao_sem_diversidade_de_genero_nem_de_cor_e_avisada(ordinaria):
    compor(ordinaria, ["masculino"] * 5, ["branca"] * 5)
    assert consultas.avisos_da_composicao(titulares(ordinaria)) == [
        "Composição sem diversidade de gênero: os 5 membros declaram o mesmo gênero.",
        "Composição sem diversidade de cor: os 5 membros declaram a mesma cor.",
    ]


def test_composicao_diversa_e_completa_nao_tem_aviso(ordinaria):
    compor(
        ordinaria,
        ["feminino", "masculino", "feminino", "masculino", "feminino"],
        ["preta", "parda", "branca", "preta", "parda"],
    )
    assert consultas.avisos_da_composicao(titulares(ordinaria)) == []


def test_dados_que_faltam_sao_avisados_com_os_nomes(ordinaria):
    avisos = consultas.avisos_da_composicao(titulares(ordinaria))
    assert "Gênero ou cor não registrados: Ana, Bruno, Carla, Davi, Elisa." in avisos
    assert "Sem capacitação no procedimento registrada: Ana, Bruno, Carla, Davi, Elisa." in avisos
    assert "Sem ato de designação registrado: Ana, Bruno, Carla, Davi, Elisa." in avisos


def test_presidente_ve_o_aviso_antes_de_abrir_e_a_sessao_abre_mesmo_assim(client, ordinaria):
    compor(ordinaria, ["masculino"] * 5, ["branca"] * 5)
    sessao = planejada(ordinaria)
    pagina = entrar(client, "ana").get(reverse("heteroidentificacao:sessao", args=[sessao.pk])).content.decode()
    assert "Antes de abrir, confira a composição" in pagina and "sem diversidade de gênero" in pagina
    client.post(reverse("heteroidentificacao:abrir_sessao", args=[sessao.pk]))
    assert Sessao.objects.get(pk=sessao.pk).status == Sessao.ABERTA
    aberta = RegistroDeAuditoria.objects.filter(acao="sessao_aberta").latest("id")
    assert (
        "Composição sem diversidade de gênero: os 5 membros declaram o mesmo gênero."
        in aberta.depois["avisos_da_composicao"]
    )


def test_ata_da_sessao_nova_traz_designacao_capacitacao_avisos_e_desde_quando_vale(cargo, ordinaria):
    from heteroidentificacao import pdf

    compor(ordinaria, ["masculino"] * 5, ["branca", "preta", "parda", "preta", "parda"])
    sessao = sessao_aberta(ordinaria)
    julgar(sessao, cargo.inscricoes.get(numero="N1"), **todos("confirma"))
    encerrar(sessao)
    conteudo = texto(pdf.ata_pdf(Sessao.objects.get(pk=sessao.pk)))
    assert f"Designação: {PORTARIA}; capacitação em 03/02/2025" in conteudo
    assert "Composição sem diversidade de gênero" in conteudo
    assert "valem para as sessões abertas depois da atualização da regra da comissão" in conteudo
