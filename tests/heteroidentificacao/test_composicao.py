"""Segregação de funções e composição fixa (issue 12, problemas 1, 5 e 6).

- Quem opera os concursos (RH, superusuário) não integra comissão, nem por serviço, nem pelo admin,
  nem se foi incluído antes de ganhar o papel.
- A composição da sessão é congelada na abertura: vota o titular presente e o suplente no lugar de
  um titular ausente nomeado; quem entra na comissão depois não vota; o membro sai com motivo e
  data, e o histórico fica.
- A ata sai do registro congelado no encerramento e não muda quando a comissão muda depois; a
  sessão não abre antes do horário marcado.
"""

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone

from concursos.papeis import RH
from heteroidentificacao import consultas, pdf, registro, services
from heteroidentificacao.models import Membro, PresencaDeMembro, Sessao
from tests.concursos.fabricas import inscricao

from .fabricas import (
    chamar,
    comissao,
    encerrar,
    julgar,
    membro,
    pessoa,
    presidente,
    rh,
    sessao_aberta,
    todos,
    votar,
)

pytestmark = pytest.mark.django_db


def da(cargo, numero):
    return cargo.inscricoes.get(numero=numero)


def servidor_do_rh(nome="rita"):
    usuario = pessoa(nome, is_staff=True)
    usuario.groups.add(Group.objects.get(name=RH))
    return usuario


# — 1. O RH não se nomeia —


def test_rh_e_superusuario_nao_integram_comissao(ordinaria):
    for quem in (servidor_do_rh(), rh()):
        with pytest.raises(ValidationError, match="quem organiza não julga"):
            services.adicionar_membro(ordinaria, quem, papel=Membro.SUPLENTE, por=rh())
    assert not ordinaria.membros.filter(usuario__username__in=["rita", "rh"]).exists()


def test_rh_nao_se_inclui_como_suplente_pela_ficha_da_comissao(client, ordinaria):
    rita = servidor_do_rh()
    client.force_login(rita)
    url = reverse("admin:heteroidentificacao_comissao_change", args=[ordinaria.pk])
    membros = list(ordinaria.membros.all())
    dados = {
        "edital": ordinaria.edital_id,
        "membros-TOTAL_FORMS": str(len(membros) + 1),
        "membros-INITIAL_FORMS": str(len(membros)),
        "membros-MIN_NUM_FORMS": "0",
        "membros-MAX_NUM_FORMS": "1000",
        **{f"membros-{i}-id": str(m.pk) for i, m in enumerate(membros)},
        **{f"membros-{i}-comissao": str(ordinaria.pk) for i in range(len(membros) + 1)},
        f"membros-{len(membros)}-usuario": str(rita.pk),
        f"membros-{len(membros)}-papel": Membro.SUPLENTE,
    }
    resposta = client.post(url, dados)
    assert resposta.status_code == 200 and "quem organiza não julga" in resposta.content.decode()
    assert not ordinaria.membros.filter(usuario=rita).exists()


def test_quem_virou_rh_depois_de_incluido_nao_vota_nem_ve_a_sessao(client, cargo, ordinaria):
    aberta = sessao_aberta(ordinaria)
    chamado = julgar(aberta, da(cargo, "N1"), ana="confirma")
    pessoa("bruno").groups.add(Group.objects.get(name=RH))  # Bruno passou a trabalhar no RH
    with pytest.raises(PermissionDenied):
        votar(chamado, bruno="confirma")
    with pytest.raises(PermissionDenied):
        services.registrar_presenca(chamado, compareceu=True, por=pessoa("bruno"))
    client.force_login(pessoa("bruno"))
    assert client.get(reverse("heteroidentificacao:parecer", args=[chamado.pk])).status_code == 404
    assert client.get(reverse("heteroidentificacao:sessao", args=[aberta.pk])).status_code == 404


# — 5. Composição fixa —


def test_com_todos_os_titulares_presentes_o_suplente_nao_vota(cargo, ordinaria):
    aberta = sessao_aberta(ordinaria)
    chamado = julgar(aberta, da(cargo, "N1"), ana="confirma", bruno="confirma", carla="confirma", davi="confirma")
    with pytest.raises(PermissionDenied, match="não compõe esta sessão"):
        votar(chamado, fabio="confirma")
    votar(chamado, elisa="confirma")  # o quinto titular não é recusado
    assert chamado.pareceres.count() == 5


def test_suplente_vota_no_lugar_do_titular_ausente_nomeado(cargo, ordinaria):
    aberta = sessao_aberta(ordinaria, ausentes=("elisa",), substitutos={"elisa": "gil"})
    chamado = julgar(aberta, da(cargo, "N1"), ana="confirma", gil="nao_confirma")
    with pytest.raises(PermissionDenied):
        votar(chamado, elisa="confirma")  # ausente
    with pytest.raises(PermissionDenied):
        votar(chamado, fabio="confirma")  # suplente que não substitui ninguém
    presencas = {p.membro.usuario.username: (p.presente, p.votante, p.substitui) for p in aberta.presencas.all()}
    assert presencas["elisa"] == (False, False, None)
    assert presencas["gil"] == (True, True, membro(ordinaria, "elisa"))
    assert presencas["fabio"] == (False, False, None)
    assert [p.membro.usuario.username for p in aberta.presencas.filter(votante=True)].count("gil") == 1


@pytest.mark.parametrize(
    ("ausentes", "substitutos", "recusa"),
    [
        ((), {"elisa": "fabio"}, "só pode votar no lugar de um titular ausente"),
        (("elisa", "davi"), {"elisa": "fabio", "davi": "fabio"}, "já substitui outro titular"),
        (("ana",), {}, "O presidente abre a sessão"),
        (("fabio",), {}, "só se registra ausência de titular"),
        (("bruno", "carla", "davi"), {}, "Compõem a sessão 2 membro"),
    ],
)
def test_composicao_impossivel_nao_abre_a_sessao(ordinaria, ausentes, substitutos, recusa):
    with pytest.raises(ValidationError, match=recusa):
        sessao_aberta(ordinaria, ausentes=ausentes, substitutos=substitutos)
    assert not Sessao.objects.filter(status=Sessao.ABERTA).exists()
    assert not PresencaDeMembro.objects.exists()


def test_membro_incluido_com_a_sessao_aberta_nao_vota_nela(cargo):
    pequena = comissao(cargo.edital, titulares=("ana", "bruno", "carla", "davi"), regra_de_quorum={"membros": 4})
    aberta = sessao_aberta(pequena)
    services.adicionar_membro(pequena, pessoa("elisa"), papel="suplente", por=rh())
    chamado = julgar(aberta, da(cargo, "N1"), ana="confirma")
    with pytest.raises(PermissionDenied, match="não compõe esta sessão"):
        votar(chamado, elisa="confirma")


def test_contagem_de_pareceres_e_a_dos_membros_que_compoem_a_sessao(client, cargo):
    """Comissão de 4 membros pela regra do edital: "0 de 4", e não "0 de 5" (o padrão)."""
    pequena = comissao(cargo.edital, titulares=("ana", "bruno", "carla", "davi"), regra_de_quorum={"membros": 4})
    aberta = sessao_aberta(pequena)
    chamar(aberta, da(cargo, "N1"))
    client.force_login(presidente(pequena))
    html = client.get(reverse("heteroidentificacao:sessao", args=[aberta.pk])).content.decode()
    assert "de 4</span>" in " ".join(html.split()) and "de 5" not in html


def test_membro_sai_com_motivo_e_data_e_o_historico_fica(client, cargo, ordinaria):
    julgada = sessao_aberta(ordinaria)
    julgar(julgada, da(cargo, "N1"), **todos("confirma"))
    julgada = encerrar(julgada)
    bruno = membro(ordinaria, "bruno")
    services.desligar_membro(bruno, motivo="Pedido de desligamento (ofício 12/2025)", por=rh())
    bruno.refresh_from_db()
    assert bruno.desligado_em == timezone.localdate() and bruno.desligado_por == rh()
    assert Membro.objects.filter(pk=bruno.pk).exists()  # não é excluído
    assert consultas.membro_de(ordinaria, pessoa("bruno")) is None
    client.force_login(pessoa("bruno"))
    assert client.get(reverse("heteroidentificacao:sessao", args=[julgada.pk])).status_code == 404
    assert "Bruno" in pdf.contexto_da_ata(julgada)["membros"][1]["nome"]  # a ata continua com ele
    ficha = client_do_rh(client).get(reverse("admin:heteroidentificacao_comissao_change", args=[ordinaria.pk]))
    assert "Desligado em" in ficha.content.decode() and "ofício 12/2025" in ficha.content.decode()
    with pytest.raises(ValidationError, match="já foi desligado"):
        services.desligar_membro(bruno, motivo="de novo", por=rh())


def client_do_rh(client):
    client.force_login(rh())
    return client


def test_desligamento_pela_tela_do_admin_pede_o_motivo(client, ordinaria):
    client_do_rh(client)
    davi = membro(ordinaria, "davi")
    url = reverse("admin:heteroidentificacao_membro_desligar", args=[davi.pk])
    assert "Motivo do desligamento" in client.get(url).content.decode()
    assert (
        client.post(url, {"motivo": "", "desligado_em": timezone.localdate().strftime("%d/%m/%Y")}).status_code == 200
    )
    assert membro(ordinaria, "davi").ativo
    resposta = client.post(url, {"motivo": "Impedimento", "desligado_em": timezone.localdate().strftime("%d/%m/%Y")})
    assert resposta.status_code == 302
    assert Membro.objects.get(pk=davi.pk).motivo_do_desligamento == "Impedimento"


def test_quem_compoe_uma_sessao_aberta_so_sai_depois_do_encerramento(ordinaria):
    aberta = sessao_aberta(ordinaria)
    with pytest.raises(ValidationError, match="compõe a sessão aberta"):
        services.desligar_membro(membro(ordinaria, "carla"), motivo="Impedimento", por=rh())
    encerrar(aberta)
    assert services.desligar_membro(membro(ordinaria, "carla"), motivo="Impedimento", por=rh()).desligado_em


def test_desligado_da_ordinaria_nao_entra_na_recursal(cargo, ordinaria):
    recursal = comissao(cargo.edital, tipo="recursal")
    services.desligar_membro(membro(ordinaria, "fabio"), motivo="Pedido", por=rh())
    with pytest.raises(ValidationError, match="outra comissão"):
        services.adicionar_membro(recursal, pessoa("fabio"), papel=Membro.SUPLENTE, por=rh())


def test_desligado_pode_ser_reincluido_e_o_desligamento_fica(ordinaria):
    services.desligar_membro(membro(ordinaria, "gil"), motivo="Licença", por=rh())
    services.adicionar_membro(ordinaria, pessoa("gil"), papel=Membro.SUPLENTE, por=rh())
    assert ordinaria.membros.filter(usuario__username="gil").count() == 2
    assert ordinaria.membros.ativos().filter(usuario__username="gil").count() == 1


# — 6. Ata congelada e datas possíveis —


def test_sessao_marcada_para_depois_nao_abre_antes_do_horario(ordinaria):
    amanha = services.criar_sessao(ordinaria, inicio=timezone.now() + timedelta(days=1), por=rh())
    with pytest.raises(ValidationError, match="só pode ser aberta a partir desse horário"):
        services.abrir_sessao(amanha, por=presidente(ordinaria))
    amanha.refresh_from_db()
    assert amanha.status == Sessao.PLANEJADA and amanha.aberta_em is None


def test_abertura_grava_a_hora_de_fato(ordinaria):
    aberta = sessao_aberta(ordinaria)
    assert aberta.aberta_em is not None and aberta.aberta_em >= aberta.inicio
    assert aberta.aberta_por == presidente(ordinaria)


def test_ata_nao_muda_quando_a_comissao_muda_depois_do_encerramento(cargo, ordinaria):
    aberta = sessao_aberta(ordinaria)
    julgar(aberta, da(cargo, "N1"), **todos("confirma"))
    encerrar(aberta)
    aberta.refresh_from_db()
    antes = pdf.contexto_da_ata(aberta)
    services.adicionar_membro(ordinaria, pessoa("ivo"), papel=Membro.SUPLENTE, por=rh())
    services.desligar_membro(membro(ordinaria, "davi"), motivo="Pedido", por=rh())
    pessoa("ana").__class__.objects.filter(username="ana").update(first_name="Outra")
    depois = pdf.contexto_da_ata(Sessao.objects.get(pk=aberta.pk))
    assert depois["membros"] == antes["membros"] and depois["candidatos"] == antes["candidatos"]
    assert "Ivo" not in str(depois["membros"]) and depois["membros"][0]["nome"] == "Ana"
    assert depois["codigo"] == registro.codigo(aberta.registro) and len(depois["codigo"]) == 64


def test_registro_alterado_depois_do_encerramento_nao_emite_ata(cargo, ordinaria):
    aberta = sessao_aberta(ordinaria)
    julgar(aberta, da(cargo, "N1"), **todos("confirma"))
    encerrar(aberta)
    aberta.refresh_from_db()
    adulterado = aberta.registro
    adulterado["candidatos"][0]["decisao"] = "nao_confirmado"
    Sessao.objects.filter(pk=aberta.pk).update(registro=adulterado)
    with pytest.raises(ValidationError, match="não confere com o seu código de verificação"):
        pdf.contexto_da_ata(Sessao.objects.get(pk=aberta.pk))


def test_registro_guarda_os_pareceres_sem_autor_e_o_quorum(cargo, ordinaria):
    aberta = sessao_aberta(ordinaria, ausentes=("elisa",), substitutos={"elisa": "fabio"})
    inscricao(cargo, "N3", 60, grupos={"negros": "pendente"})
    julgar(
        aberta,
        da(cargo, "N1"),
        ana="confirma",
        bruno="confirma",
        carla="confirma",
        davi="confirma",
        fabio="nao_confirma",
    )
    encerrar(aberta)
    aberta.refresh_from_db()
    feito = aberta.registro
    assert feito["sessao"]["regra_de_quorum"] == ordinaria.regra_de_quorum
    (n1,) = [c for c in feito["candidatos"] if c["numero"] == "N1"]
    assert [p["voto"] for p in n1["pareceres"]] == ["confirma"] * 4 + ["nao_confirma"]
    assert all(set(p) == {"voto", "fundamentacao"} for p in n1["pareceres"])
    fabio = next(m for m in feito["membros"] if m["nome"] == "Fabio")
    assert fabio["substitui"] == "Elisa" and fabio["votante"] and fabio["pareceres"] == 1


def test_pareceres_entregues_ao_candidato_saem_do_registro_congelado(cargo, ordinaria):
    """Um parecer mexido no banco depois do encerramento não muda o que o candidato recebe."""
    aberta = sessao_aberta(ordinaria)
    chamado = julgar(aberta, da(cargo, "N1"), **todos("confirma", bruno="nao_confirma"))
    encerrar(aberta)
    chamado.pareceres.filter(voto="nao_confirma").update(voto="confirma", fundamentacao="texto trocado")
    contexto = pdf.contexto_do_parecer(type(chamado).objects.get(pk=chamado.pk))
    assert [p["voto"] for p in contexto["pareceres"]] == ["Confirma a autodeclaração"] * 4 + [
        "Não confirma a autodeclaração"
    ]
    assert "texto trocado" not in str(contexto["pareceres"]) and contexto["placar"] == "4 a 1"


@pytest.mark.parametrize("ano", [1, 9999])
def test_sessao_em_data_absurda_e_recusada_pelo_servico(ordinaria, ano):
    inicio = timezone.make_aware(timezone.datetime(ano, 1, 1, 9, 0))
    with pytest.raises(ValidationError, match="data implausível"):
        services.criar_sessao(ordinaria, inicio=inicio, por=rh())
    assert not Sessao.objects.exists()
