"""A página do suplente que vota no lugar de um membro impedido (docs/REGRAS.md §10): ele não compõe
a sessão; vê e vota só os candidatos em que substitui, e os serviços não lhe mostram os outros
candidatos nem os votos sobre eles, nem depois do encerramento."""

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from heteroidentificacao import consultas, services
from heteroidentificacao.models import Parecer

from .fabricas import chamar, encerrar, membro, pessoa, sessao_aberta, todos, votar
from .test_impedimento import impedir

pytestmark = pytest.mark.django_db


@pytest.fixture
def dois_chamados(cargo, sessao):
    """N1 e N2 chamados; Bruno impedido em N1, Fábio (suplente, fora da composição) vota no lugar dele."""
    n1 = chamar(sessao, cargo.inscricoes.get(numero="N1"))
    n2 = chamar(sessao, cargo.inscricoes.get(numero="N2"))
    impedir(n1)
    return n1, n2


def test_suplente_ve_na_sessao_so_o_candidato_em_que_substitui_e_pode_vota_lo(client, sessao, dois_chamados):
    n1, n2 = dois_chamados
    client.force_login(pessoa("fabio"))
    pagina = client.get(reverse("heteroidentificacao:sessao", args=[sessao.pk]))
    assert [c["numero"] for c in pagina.context["candidatos"]] == ["N1"]
    assert [c["pode_votar"] for c in pagina.context["candidatos"]] == [True]
    conteudo = pagina.content.decode()
    assert "vota como suplente só no lugar de membro que declarou impedimento" in conteudo
    assert reverse("heteroidentificacao:parecer", args=[n1.pk]) in conteudo
    assert "Candidato N2" not in conteudo and reverse("heteroidentificacao:parecer", args=[n2.pk]) not in conteudo


def test_suplente_recebe_404_no_candidato_em_que_nao_substitui(client, dois_chamados):
    n1, n2 = dois_chamados
    client.force_login(pessoa("fabio"))
    assert client.get(reverse("heteroidentificacao:parecer", args=[n2.pk])).status_code == 404
    assert client.post(reverse("heteroidentificacao:parecer", args=[n2.pk]), {"voto": "confirma"}).status_code == 404
    resposta = client.post(reverse("heteroidentificacao:parecer", args=[n1.pk]), {"voto": "confirma"}, follow=True)
    assert "Parecer registrado" in resposta.content.decode()
    assert resposta.context["proximo"] is None  # N2 não é dele: não há próximo a julgar
    assert Parecer.objects.filter(chamado=n1, membro=membro(n1.sessao.comissao, "fabio")).exists()


def test_titular_ausente_e_suplente_sem_substituicao_nao_veem_candidato_da_sessao_aberta(cargo, ordinaria):
    sessao = sessao_aberta(ordinaria, ausentes=["elisa"], substitutos={"elisa": "gil"})
    n1 = chamar(sessao, cargo.inscricoes.get(numero="N1"))
    for nome in ("elisa", "fabio"):
        assert not consultas.chamados_do_membro(sessao, membro(ordinaria, nome)).exists()
    assert list(consultas.chamados_do_membro(sessao, membro(ordinaria, "gil"))) == [n1]


def test_suplente_nao_ve_os_votos_dos_outros_antes_e_so_os_do_seu_candidato_depois(sessao, dois_chamados):
    n1, n2 = dois_chamados
    fabio = pessoa("fabio")
    votar(n1, ana="confirma", fabio="confirma", carla="confirma", davi="confirma", elisa="confirma")
    votar(n2, **todos("confirma"))
    assert [p.membro.usuario for p in consultas.pareceres_visiveis(n1, fabio)] == [fabio]
    assert consultas.pareceres_visiveis(n2, fabio) == []
    encerrar(sessao)
    n1.refresh_from_db(), n2.refresh_from_db()
    assert len(consultas.pareceres_visiveis(n1, fabio)) == 5
    assert consultas.pareceres_visiveis(n2, fabio) == []  # não votou nele: nem depois do encerramento
    assert len(consultas.pareceres_visiveis(n2, pessoa("bruno"))) == 5  # compôs a sessão


def test_suplente_nao_vota_pelo_servico_no_candidato_em_que_nao_substitui(dois_chamados):
    _, n2 = dois_chamados
    with pytest.raises(PermissionDenied, match="não compõe esta sessão"):
        services.registrar_parecer(n2, por=pessoa("fabio"), voto="confirma")
