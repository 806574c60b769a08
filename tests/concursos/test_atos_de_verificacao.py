"""A verificação das opções por grupo reservado vem só de atos (issue 12, problema 2): o RH não
digita "Confirmado" nem "Declaração falsa" no formulário da inscrição nem pelo modelo; a avaliação
PcD e a decisão judicial são atos registrados com a equipe, o processo, o documento e a data; a
origem tem de caber ao grupo; depois da publicação, o ato vira o evento de revisão (docs/REGRAS.md §8)."""

from datetime import date, timedelta

import pytest
from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone

from comum.cpf import completar_cpf
from concursos import services
from concursos.atos import Ato
from concursos.importacao.resultado import mensagens_de_erro
from concursos.models import AtoDeVerificacao, Edital, Evento, OpcaoDeGrupo
from concursos.papeis import MEMBRO, RH
from concursos.services import verificacoes

from .fabricas import inscricao, usuario
from .test_admin import mensagens, texto
from .test_importacao import csv, importar

pytestmark = pytest.mark.django_db

ATO = date(2025, 6, 2)
EQUIPE = "Dra. Ana Lima (CRM-ES 1234), Paulo Reis (CRP 16/555), Lia Souza (CRESS 17ª 99)"


def do_papel(nome: str, papel: str):
    pessoa = usuario(nome)
    pessoa.groups.add(Group.objects.get(name=papel))
    return pessoa


@pytest.fixture
def rh():
    return do_papel("servidora_rh", RH)


@pytest.fixture
def cargo(cargo):
    """O exemplo da alternância (ainda não publicado) com N, negra de verificação pendente, e Q2, PcD pendente."""
    inscricao(cargo, "N", 75, grupos={"negros": "pendente"})
    inscricao(cargo, "Q2", 55, grupos={"pcd": "pendente"})
    return cargo


def situacao(cargo, numero, grupo):
    return OpcaoDeGrupo.objects.get(inscricao__cargo=cargo, inscricao__numero=numero, grupo=grupo).situacao


def dados_da_ficha(client, inscricao_, **opcoes) -> dict:
    """O POST do formulário da inscrição como o navegador o mandaria, mais ``opcoes`` (campos do inline)."""
    formulario = client.get(reverse("admin:concursos_inscricao_change", args=[inscricao_.pk])).context["adminform"]
    dados = {campo: formulario.form[campo].value() for campo in formulario.form.fields}
    dados = {k: ("" if v is None else v) for k, v in dados.items()}
    dados["notas_parciais"] = "{}"
    existentes = list(inscricao_.opcoes.all())
    dados.update(
        {
            "opcoes-TOTAL_FORMS": str(len(existentes)),
            "opcoes-INITIAL_FORMS": str(len(existentes)),
            "opcoes-MIN_NUM_FORMS": "0",
            "opcoes-MAX_NUM_FORMS": "1000",
        }
    )
    for i, opcao in enumerate(existentes):
        dados.update({f"opcoes-{i}-id": str(opcao.pk), f"opcoes-{i}-inscricao": str(inscricao_.pk)})
        dados[f"opcoes-{i}-grupo"] = opcao.grupo
    dados.update(opcoes)
    return dados


# ── O RH não digita a verificação ───────────────────────────────────────────────────────────────


@pytest.mark.parametrize("digitada", ["confirmado", "declaracao_falsa"])
def test_rh_nao_poe_a_verificacao_pelo_formulario_da_inscricao_nem_por_post_direto(client, cargo, rh, digitada):
    nadia = cargo.inscricoes.get(numero="N")
    client.force_login(rh)
    url = reverse("admin:concursos_inscricao_change", args=[nadia.pk])
    ficha = client.get(url)
    assert "opcoes-0-situacao" not in ficha.content.decode()  # a situação é só leitura
    assert set(ficha.context["inline_admin_formsets"][0].readonly_fields) == {"verificacao"}
    resposta = client.post(url, dados_da_ficha(client, nadia, **{"opcoes-0-situacao": digitada}))
    assert resposta.status_code == 302, texto(resposta)
    assert situacao(cargo, "N", "negros") == "pendente"
    assert not AtoDeVerificacao.objects.filter(inscricao=nadia).exists()


def test_opcao_nova_pelo_formulario_entra_pendente_mesmo_com_situacao_no_post(client, cargo, rh):
    alice = cargo.inscricoes.get(numero="A")
    client.force_login(rh)
    url = reverse("admin:concursos_inscricao_change", args=[alice.pk])
    nova = {
        "opcoes-TOTAL_FORMS": "1",
        "opcoes-0-inscricao": str(alice.pk),
        "opcoes-0-grupo": "pcd",
        "opcoes-0-situacao": "confirmado",
    }
    resposta = client.post(url, dados_da_ficha(client, alice, **nova))
    assert resposta.status_code == 302, texto(resposta)
    assert situacao(cargo, "A", "pcd") == "pendente"


def test_opcao_ja_verificada_nao_troca_de_grupo_nem_se_apaga_pelo_formulario(client, cargo, rh):
    zeca = cargo.inscricoes.get(numero="Z")  # negros confirmado pela comissão
    client.force_login(rh)
    url = reverse("admin:concursos_inscricao_change", args=[zeca.pk])
    resposta = client.post(url, dados_da_ficha(client, zeca, **{"opcoes-0-grupo": "pcd"}))
    assert resposta.status_code == 200 and "não pode virar opção por outro grupo" in texto(resposta)
    resposta = client.post(url, dados_da_ficha(client, zeca, **{"opcoes-0-DELETE": "on"}))
    assert resposta.status_code == 200 and "não pode ser retirada pelo formulário" in texto(resposta)
    assert situacao(cargo, "Z", "negros") == "confirmado"


def test_o_modelo_recusa_a_situacao_que_nao_vem_de_um_ato(cargo):
    opcao = OpcaoDeGrupo.objects.get(inscricao__numero="N")
    opcao.situacao = "confirmado"
    with pytest.raises(ValidationError, match="a verificação não se digita: muda só por um ato registrado"):
        opcao.save()
    with pytest.raises(ValidationError, match="recusada"):
        OpcaoDeGrupo.objects.create(inscricao=cargo.inscricoes.get(numero="A"), grupo="negros", situacao="confirmado")
    assert situacao(cargo, "N", "negros") == "pendente"


def test_evento_de_revisao_de_verificacao_digitado_e_recusado(client, publicado, rh):
    yuri = publicado.inscricoes.get(numero="Y")
    with pytest.raises(ValidationError, match="não é um evento digitado"):
        services.registrar_evento(
            publicado, tipo="verificacao", inscricao=yuri, grupo="negros", situacao="nao_confirmado",
            ato=Ato(documento="Of. 1", data_do_ato=ATO), por=rh,
        )  # fmt: skip
    client.force_login(rh)
    url = reverse("concursos:registrar_evento", args=[publicado.pk, "verificacao"])
    dados = {"inscricao": yuri.numero, "grupo": "negros", "situacao": "nao_confirmado", "documento": "Of. 1"}
    resposta = client.post(url, {**dados, "data_do_ato": "02/06/2025", "confirmar": "1"}, follow=True)
    assert any("não é um evento digitado" in m for m in mensagens(resposta))
    assert not Evento.objects.exists()
    cargo_html = client.get(reverse("admin:concursos_cargo_change", args=[publicado.pk])).content.decode()
    assert url not in cargo_html


# ── Origem ──────────────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("numero", "grupo", "nova", "origem", "mensagem"),
    [
        ("N", "negros", "confirmado", "avaliacao_pcd", "não vem de “avaliação da equipe multiprofissional"),
        ("Q2", "pcd", "confirmado", "comissao", "A verificação de PcD não vem de “decisão colegiada"),
        ("Q2", "pcd", "nao_confirmado", "apuracao", "não vem de “processo de apuração"),
        ("N", "negros", "declaracao_falsa", "comissao", "Declaração falsa só se declara no processo de apuração"),
        ("N", "negros", "declaracao_falsa", "recurso", "Declaração falsa só se declara"),
        ("N", "negros", "confirmado", "rh", "Origem do ato desconhecida: 'rh'"),
        ("N", "negros", "confirmado", "", "Origem do ato desconhecida"),
    ],
)
def test_origem_que_nao_cabe_ao_grupo_e_recusada_sem_gravar_nada(cargo, rh, numero, grupo, nova, origem, mensagem):
    with pytest.raises(ValidationError, match=mensagem):
        services.registrar_verificacao(
            cargo.inscricoes.get(numero=numero), grupo, nova, origem=origem, por=rh,
            ato=Ato(documento="Ata 1", data_do_ato=ATO, processo="5001"), equipe=EQUIPE,
        )  # fmt: skip
    assert (
        situacao(cargo, numero, grupo) == "pendente"
        and not AtoDeVerificacao.objects.filter(grupo=grupo, inscricao__numero=numero).exists()
    )


def test_origem_e_obrigatoria():
    with pytest.raises(TypeError, match="origem"):
        services.registrar_verificacao(None, "negros", "confirmado", por=None, ato=Ato(documento="x", data_do_ato=ATO))


def test_declaracao_falsa_vem_da_apuracao_ou_da_justica(cargo, rh):
    nadia = cargo.inscricoes.get(numero="N")
    feita = services.registrar_verificacao(
        nadia,
        "negros",
        "declaracao_falsa",
        origem="apuracao",
        por=rh,
        ato=Ato(documento="PA 2025/7", data_do_ato=ATO),
    )
    assert feita.ato.origem == "apuracao" and situacao(cargo, "N", "negros") == "declaracao_falsa"


# ── Avaliação PcD e decisão judicial ───────────────────────────────────────────────────────────


def test_avaliacao_pcd_grava_o_ato_com_a_equipe_e_o_documento(cargo, rh):
    quiteria = cargo.inscricoes.get(numero="Q2")
    feita = verificacoes.registrar_avaliacao_pcd(
        quiteria, "nao_confirmado", equipe=EQUIPE, ato=Ato(documento="Parecer EM nº 12/2025", data_do_ato=ATO), por=rh,
        motivo="A deficiência declarada não se enquadra no Decreto 3.298/1999, art. 4º.",
    )  # fmt: skip
    ato = quiteria.atos_de_verificacao.get()
    assert feita.ato == ato and feita.evento is None
    assert (ato.origem, ato.grupo, ato.situacao_anterior, ato.situacao) == (
        "avaliacao_pcd", "pcd", "pendente", "nao_confirmado"
    )  # fmt: skip
    assert (ato.equipe, ato.documento, ato.data_do_ato, ato.registrado_por) == (
        EQUIPE,
        "Parecer EM nº 12/2025",
        ATO,
        rh,
    )
    assert situacao(cargo, "Q2", "pcd") == "nao_confirmado"


def test_avaliacao_pcd_sem_equipe_ou_com_data_futura_ou_fora_da_validade_e_recusada(cargo, rh):
    quiteria = cargo.inscricoes.get(numero="Q2")

    def avaliar(equipe=EQUIPE, **campos):
        ato = Ato(**{"documento": "Parecer 1", "data_do_ato": ATO, **campos})
        return verificacoes.registrar_avaliacao_pcd(quiteria, "confirmado", equipe=equipe, ato=ato, por=rh)

    with pytest.raises(ValidationError, match="Informe a equipe multiprofissional"):
        avaliar(equipe="  ")
    with pytest.raises(ValidationError, match="está no futuro"):
        avaliar(data_do_ato=timezone.localdate() + timedelta(days=1))
    Edital.objects.filter(pk=cargo.edital_id).update(validade_ate=date(2025, 5, 31))
    quiteria.refresh_from_db()
    with pytest.raises(ValidationError, match="posterior ao prazo de validade"):
        avaliar()
    with pytest.raises(ValidationError, match="documento"):
        avaliar(documento="", data_do_ato=date(2025, 5, 2))
    assert not quiteria.atos_de_verificacao.exists() and situacao(cargo, "Q2", "pcd") == "pendente"


def test_decisao_judicial_grava_o_ato_com_o_processo(cargo, rh):
    nadia = cargo.inscricoes.get(numero="N")
    verificacoes.registrar_decisao_judicial(
        nadia, "negros", "confirmado",
        ato=Ato(documento="Mandado de 02/06/2025", data_do_ato=ATO, processo="5001234-56.2025.8.08.0012", sub_judice=True),
        por=rh, motivo="Liminar: considerar a candidata negra até o julgamento.",
    )  # fmt: skip
    ato = nadia.atos_de_verificacao.get()
    assert (ato.origem, ato.processo, ato.sub_judice, ato.documento) == (
        "judicial", "5001234-56.2025.8.08.0012", True, "Mandado de 02/06/2025"
    )  # fmt: skip
    assert situacao(cargo, "N", "negros") == "confirmado"
    with pytest.raises(ValidationError, match="número do processo"):
        verificacoes.registrar_decisao_judicial(
            nadia, "negros", "ausente", ato=Ato(documento="x", data_do_ato=ATO, processo=""), por=rh, motivo="y"
        )


def test_motivo_do_ato_tem_limite_e_nao_aceita_caracteres_de_controle(cargo, rh):
    nadia = cargo.inscricoes.get(numero="N")
    for motivo, recusa in (("x" * 20_001, "o limite é 20.000"), ("Liminar\x00", "caractere")):
        with pytest.raises(ValidationError, match=recusa):
            verificacoes.registrar_decisao_judicial(
                nadia, "negros", "confirmado",
                ato=Ato(documento="Mandado", data_do_ato=ATO, processo="5001234-56.2025.8.08.0012"), por=rh, motivo=motivo,
            )  # fmt: skip
    assert not nadia.atos_de_verificacao.exists()


def test_quem_nao_e_do_rh_nao_registra_atos_de_verificacao(client, cargo):
    membro = do_papel("membro_da_comissao", MEMBRO)
    with pytest.raises(PermissionDenied):
        verificacoes.registrar_avaliacao_pcd(
            cargo.inscricoes.get(numero="Q2"),
            "confirmado",
            equipe=EQUIPE,
            ato=Ato(documento="P", data_do_ato=ATO),
            por=membro,
        )
    membro.is_staff = True
    membro.save()
    client.force_login(membro)
    for nome in ("registrar_avaliacao_pcd", "registrar_decisao_judicial"):
        url = reverse(f"concursos:{nome}", args=[cargo.inscricoes.get(numero="Q2").pk])
        assert client.get(url).status_code == 403
    assert not AtoDeVerificacao.objects.filter(inscricao__numero="Q2").exists()


def test_tela_da_avaliacao_pcd_registra_e_a_ficha_lista_os_atos(client, cargo, rh):
    quiteria = cargo.inscricoes.get(numero="Q2")
    client.force_login(rh)
    ficha = reverse("admin:concursos_inscricao_change", args=[quiteria.pk])
    url = reverse("concursos:registrar_avaliacao_pcd", args=[quiteria.pk])
    assert url in client.get(ficha).content.decode()
    assert "Registrar avaliação PcD" in texto(client.get(url))
    dados = {
        "situacao": "confirmado", "equipe": EQUIPE, "documento": "Parecer EM nº 13/2025", "data_do_ato": "02/06/2025",
    }  # fmt: skip
    resposta = client.post(url, dados, follow=True)
    assert any("Ato de verificação registrado" in m for m in mensagens(resposta))
    assert situacao(cargo, "Q2", "pcd") == "confirmado"
    pagina = texto(client.get(ficha))
    assert "02/06/2025 PcD Pendente → Confirmado Avaliação da equipe multiprofissional (PcD)" in pagina
    assert f"Parecer EM nº 13/2025; equipe: {EQUIPE} servidora_rh em" in pagina


def test_tela_da_avaliacao_pcd_recusa_data_futura_e_inscricao_sem_opcao_pcd(client, cargo, rh):
    client.force_login(rh)
    quiteria = cargo.inscricoes.get(numero="Q2")
    amanha = (timezone.localdate() + timedelta(days=1)).strftime("%d/%m/%Y")
    dados = {"situacao": "confirmado", "equipe": EQUIPE, "documento": "P 1", "data_do_ato": amanha}
    resposta = client.post(reverse("concursos:registrar_avaliacao_pcd", args=[quiteria.pk]), dados)
    assert resposta.status_code == 200 and "está no futuro" in texto(resposta)
    nadia = cargo.inscricoes.get(numero="N")
    resposta = client.get(reverse("concursos:registrar_avaliacao_pcd", args=[nadia.pk]), follow=True)
    assert any("não optou pelas vagas de PcD" in m for m in mensagens(resposta))
    assert not AtoDeVerificacao.objects.filter(inscricao__numero__in=["Q2", "N"]).exists()


def test_tela_da_decisao_judicial_registra_com_o_processo(client, cargo, rh):
    nadia = cargo.inscricoes.get(numero="N")
    client.force_login(rh)
    dados = {
        "grupo": "negros", "situacao": "confirmado", "processo": "5009-1.2025", "documento": "Ofício do juízo 7/2025",
        "data_do_ato": "02/06/2025", "motivo": "Sentença: reconhecer a candidata como negra.",
    }  # fmt: skip
    resposta = client.post(reverse("concursos:registrar_decisao_judicial", args=[nadia.pk]), dados, follow=True)
    assert any("Ato de verificação registrado" in m for m in mensagens(resposta)), texto(resposta)
    ato = nadia.atos_de_verificacao.get()
    assert (ato.origem, ato.processo, ato.registrado_por) == ("judicial", "5009-1.2025", rh)


# ── Depois da publicação ────────────────────────────────────────────────────────────────────────


def test_depois_da_publicacao_a_avaliacao_pcd_vira_evento_de_revisao_com_previa(client, publicado, rh):
    pedro = publicado.inscricoes.get(numero="P")  # PcD confirmado, convocado na 5ª vaga
    client.force_login(rh)
    url = reverse("concursos:registrar_avaliacao_pcd", args=[pedro.pk])
    dados = {
        "situacao": "nao_confirmado", "equipe": EQUIPE, "documento": "Parecer EM nº 20/2025", "data_do_ato": "02/06/2025",
    }  # fmt: skip
    previa = client.post(url, dados)
    assert "Nada foi gravado ainda" in texto(previa) and "Quem será convocado" in texto(previa)
    assert not Evento.objects.exists() and pedro.atos_de_verificacao.count() == 1
    client.post(url, {**dados, "confirmar": "1"})
    evento = Evento.objects.get()
    ato = pedro.atos_de_verificacao.get(evento__isnull=False)
    assert (evento.tipo, evento.grupo, evento.situacao, evento.documento) == (
        "verificacao", "pcd", "nao_confirmado", "Parecer EM nº 20/2025"
    )  # fmt: skip
    assert (ato.evento, ato.situacao_anterior, ato.equipe) == (evento, "confirmado", EQUIPE)
    assert situacao(publicado, "P", "pcd") == "confirmado"  # a opção fica como foi publicada
    assert publicado.resultados.order_by("-versao").first().evento == evento


def test_depois_da_publicacao_a_decisao_judicial_vira_evento_sub_judice(publicado, rh):
    yuri = publicado.inscricoes.get(numero="Y")
    feita = verificacoes.registrar_decisao_judicial(
        yuri, "negros", "nao_confirmado",
        ato=Ato(documento="Mandado 3/2025", data_do_ato=ATO, processo="5001234-56.2025.8.08.0012", sub_judice=True),
        por=rh, motivo="Liminar suspende a confirmação.",
    )  # fmt: skip
    evento = feita.evento.evento
    assert (evento.tipo, evento.situacao, evento.sub_judice, evento.processo) == (
        "verificacao", "nao_confirmado", True, "5001234-56.2025.8.08.0012"
    )  # fmt: skip
    assert feita.ato.evento == evento and feita.ato.origem == "judicial"


# ── Importação ──────────────────────────────────────────────────────────────────────────────────


def test_importacao_cria_opcoes_pendentes_e_nao_le_a_coluna_de_verificacao(cargo):
    """A planilha exportada traz ``verificacao_negros``; de volta pela importação, a coluna não muda nada."""
    cabecalho = "inscricao;cpf;nome;nascimento;cargo;cor_raca;negros;pcd;nota;verificacao_negros;verificacao_pcd"
    nova = f"7001;{completar_cpf('700100100')};Nova Candidata;01/01/1990;GM;parda;sim;sim;70;Confirmado;Confirmado"
    nadia = cargo.inscricoes.get(numero="N")
    antiga = f"N;{nadia.candidato.cpf};{nadia.candidato.nome};01/01/1990;GM;parda;sim;não;75;Confirmado;"
    resultado = importar(cargo.edital, csv(nova, antiga, cabecalho=cabecalho))
    assert mensagens_de_erro(resultado) == [] and resultado.totals["new"] == 1
    assert dict(OpcaoDeGrupo.objects.filter(inscricao__numero="7001").values_list("grupo", "situacao")) == {
        "negros": "pendente", "pcd": "pendente"
    }  # fmt: skip
    assert situacao(cargo, "N", "negros") == "pendente"
    assert not AtoDeVerificacao.objects.filter(inscricao__numero__in=["7001", "N"]).exists()
