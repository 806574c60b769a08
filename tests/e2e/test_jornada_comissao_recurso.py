"""Jornada da comissão até o recurso, no navegador (issue 26, docs/REGRAS.md §10): a presidente registra
a gravação; um membro se declara impedido para um candidato e a suplente vota no lugar dele, na página
que só lhe mostra esse candidato; a não confirmação sai com o parecer motivado da comissão; o RH
publica o resultado preliminar numa quinta-feira e a tela diz que o prazo de recurso, que cai no
sábado, termina na segunda-feira; a comissão recursal julga o recurso com a gravação na tela.

Cenário (fictício): edital 14/2025, Agente Administrativo. Yasmin (3003) e Zacarias (3006) optaram pela
reserva a negros. Comissão ordinária: Marta (presidente), Bruno, Carla, Davi e Fábio, titulares; Eva,
suplente (todos os titulares presentes: Eva não compõe a sessão). Bruno é primo de Zacarias: declara
impedimento e Eva vota no lugar dele só em Zacarias. Zacarias: 2 a 3 (Carla, Davi e Eva não
confirmam: a maioria dos 5 membros), não confirmado. Comissão recursal: Helena (presidente), Igor e
Joana; mantém a não confirmação por 1 a 2 (a maioria dos 3).

O relógio do sistema (``comum.relogio``) fica parado em cada dia do procedimento: a sessão em
22/05/2025 (quinta-feira), o recurso em 26/05 (segunda) e o julgamento em 27/05. Montagem, votos
que não são o assunto da jornada e a pauta da recursal vão pelos serviços.
"""

import io
import re
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from pypdf import PdfReader

from comum import relogio
from heteroidentificacao import services
from heteroidentificacao.models import Chamado, Comissao, Membro, Sessao
from tests.concursos.fabricas import edital, inscricao
from tests.e2e.acessibilidade import conferir_acessibilidade
from tests.e2e.conftest import ESPERA_MAXIMA_MS
from tests.e2e.conftest import entrar_na_comissao as entrar_pela_tela_da_comissao
from tests.heteroidentificacao.fabricas import rh

try:
    from playwright.sync_api import expect
except ImportError:  # pulado (ou falha com EXIGIR_NAVEGADOR=1) por tests/conftest.py
    expect = None

FUSO = ZoneInfo("America/Sao_Paulo")
SENHA = "comissao-de-teste-Cariacica-2025"
QUINTA = datetime(2025, 5, 22, 10, 0, tzinfo=FUSO)
SEGUNDA = datetime(2025, 5, 26, 10, 0, tzinfo=FUSO)
TERCA = datetime(2025, 5, 27, 10, 0, tzinfo=FUSO)
SESSAO = "Sessão de 22/05/2025 09:00"
SESSAO_RECURSAL = "Sessão de 27/05/2025 09:00"

YASMIN, ZACARIAS = "Yasmin Oliveira Santos", "Zacarias Nascimento"
ORDINARIA = [  # usuário, nome, sobrenome, papel, presidente
    ("marta.presidente", "Marta", "Gonçalves", "titular", True),
    ("bruno.membro", "Bruno", "Almeida", "titular", False),
    ("carla.membro", "Carla", "Pimentel", "titular", False),
    ("davi.membro", "Davi", "Rocha", "titular", False),
    ("fabio.membro", "Fábio", "Nunes", "titular", False),
    ("eva.suplente", "Eva", "Moura", "suplente", False),
]
RECURSAL = [
    ("helena.presidente", "Helena", "Tavares", "titular", True),
    ("igor.membro", "Igor", "Sarmento", "titular", False),
    ("joana.membro", "Joana", "Rezende", "titular", False),
]
MOTIVO_DO_IMPEDIMENTO = "Primo do candidato (Lei 9.784/1999, art. 20)."
FUNDAMENTACAO = "Pele clara, cabelo liso e traços faciais finos observados na sessão."
FUNDAMENTACAO_NA_GRAVACAO = "Na gravação: pele clara, cabelo liso e nariz afilado."
PARECER_DA_COMISSAO = "A comissão observou pele clara, cabelo liso e traços faciais finos."
GRAVACAO = "https://arquivos.cariacica.test/heteroidentificacao/sessao-2025-05-22.mp4"
SHA256 = "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae"


@pytest.fixture
def relogio_parado(monkeypatch):
    """O relógio do sistema parado no momento que a jornada escolhe (``relogio_parado(QUINTA)``)."""
    agora = {"momento": QUINTA}
    monkeypatch.setattr(relogio, "agora", lambda: agora["momento"])
    monkeypatch.setattr(relogio, "hoje", lambda: agora["momento"].date())
    return lambda momento: agora.update(momento=momento)


def comissao_com_membros(cargo, tipo, membros, django_user_model) -> Comissao:
    comissao = services.criar_comissao(cargo.edital, tipo=tipo, por=rh())
    for usuario, nome, sobrenome, papel, presidente in membros:
        pessoa = django_user_model.objects.create_user(
            usuario, f"{usuario}@cariacica.test", SENHA, first_name=nome, last_name=sobrenome
        )
        services.adicionar_membro(comissao, pessoa, papel=papel, presidente=presidente, por=rh())
    return comissao


def usuario(nome):
    return get_user_model().objects.get(username=nome)


@pytest.fixture
def sessao_aberta(django_user_model, relogio_parado):
    """A sessão de 22/05/2025 aberta com os cinco titulares; Yasmin e Zacarias chamados e presentes."""
    cargo = edital(criado_por=rh(), numero=14, cargos=(("AGE", "Agente Administrativo", 5),)).cargos.get()
    for numero, nome, nota, grupos in (
        ("3001", "Alice Martins Coutinho", 95, None),
        ("3003", YASMIN, 93, {"negros": "pendente"}),
        ("3006", ZACARIAS, 80, {"negros": "pendente"}),
    ):
        inscricao(cargo, numero, nota, nome=nome, grupos=grupos)
    ordinaria = comissao_com_membros(cargo, Comissao.ORDINARIA, ORDINARIA, django_user_model)
    comissao_com_membros(cargo, Comissao.RECURSAL, RECURSAL, django_user_model)
    inicio = QUINTA.replace(hour=9)
    sessao = services.criar_sessao(ordinaria, inicio=inicio, local="Sala de reuniões da SEMAD", por=rh())
    marta = usuario("marta.presidente")
    sessao = services.abrir_sessao(sessao, por=marta)
    inscricoes = list(cargo.inscricoes.filter(numero__in=["3003", "3006"]).order_by("numero"))
    for chamado in services.chamar_candidatos(sessao, inscricoes, por=rh()):
        services.registrar_presenca(chamado, compareceu=True, por=marta)
    return sessao


@pytest.fixture
def entrar_como_membro(new_context, live_server):
    def entrar(nome):
        pagina = new_context().new_page()
        pagina.set_default_timeout(ESPERA_MAXIMA_MS)
        pagina.set_default_navigation_timeout(ESPERA_MAXIMA_MS)
        return entrar_pela_tela_da_comissao(pagina, live_server, usuario(nome), SENHA)

    return entrar


def test_gravacao_impedimento_nao_confirmacao_motivada_prazo_ate_segunda_e_recurso_com_a_gravacao(
    sessao_aberta, entrar_como_membro, entrar, servidor_do_rh, live_server, relogio_parado
):
    marta = entrar_como_membro("marta.presidente")
    abrir_a_sessao(marta, SESSAO)
    registrar_a_gravacao(marta)
    ve_a_transferencia_por_impedimento_sem_usa_la(marta)

    bruno = entrar_como_membro("bruno.membro")
    abrir_a_sessao(bruno, SESSAO)
    declarar_impedimento(bruno)

    eva = entrar_como_membro("eva.suplente")
    abrir_a_sessao(eva, SESSAO)
    suplente_ve_so_o_candidato_em_que_substitui_e_vota(eva)

    votar_pelos_servicos(sessao_aberta)
    encerrar_com_o_parecer_motivado(marta)

    rh_da_pagina = entrar(com_permissoes_da_heteroidentificacao(servidor_do_rh))
    publicar_na_quinta_e_ver_o_prazo_ate_segunda(rh_da_pagina, live_server.url, sessao_aberta)
    a_ata_diz_o_impedimento_e_quem_votou_no_lugar(rh_da_pagina, live_server.url, sessao_aberta)

    relogio_parado(SEGUNDA)  # o último dia do prazo: o recurso entra a tempo
    sessao_recursal = recurso_na_pauta_da_recursal(sessao_aberta, relogio_parado)
    helena = entrar_como_membro("helena.presidente")
    abrir_a_sessao(helena, SESSAO_RECURSAL)
    julgar_o_recurso_com_a_gravacao_na_tela(helena, sessao_recursal)


# ---------------------------------------------------------------- comissão ordinária


def mensagens(pagina):
    return pagina.locator(".mensagens")


def cartao(pagina, nome):
    return pagina.get_by_role("article").filter(has_text=nome)


def abrir_a_sessao(pagina, titulo):
    pagina.get_by_role("link", name=re.compile("Comissão")).click()
    expect(pagina.get_by_role("heading", name=titulo, level=1)).to_be_visible()


def registrar_a_gravacao(pagina):
    gravacao = pagina.locator("#form-gravacao")
    expect(gravacao).to_contain_text("Sem a gravação registrada a sessão não pode ser encerrada")
    gravacao.get_by_label("Referência da gravação").fill(GRAVACAO)
    gravacao.get_by_label("SHA-256 do arquivo").fill(SHA256)
    gravacao.get_by_role("button", name="Registrar a gravação").click()
    expect(mensagens(pagina)).to_contain_text("Gravação da sessão registrada")
    expect(pagina.locator("#form-gravacao")).to_contain_text(f"Registrada: {GRAVACAO}")
    conferir_acessibilidade(pagina, "sessão com a gravação registrada")


def ve_a_transferencia_por_impedimento_sem_usa_la(pagina):
    """A alternativa ao suplente, só do presidente e antes do primeiro parecer: a tela curta na página
    do parecer (a transferência em si tem testes de serviço e de tela)."""
    cartao(pagina, YASMIN).get_by_role("link", name="Registrar parecer").click()
    transferencia = pagina.locator("details.transferencia")
    transferencia.locator("summary").click()
    expect(transferencia.get_by_label("Membro impedido")).to_be_visible()
    expect(transferencia.get_by_role("button", name="Transferir para outra sessão")).to_be_visible()
    conferir_acessibilidade(pagina, "transferir para outra sessão")
    pagina.get_by_role("link", name="Voltar à sessão").click()


def declarar_impedimento(pagina):
    """Bruno abre o parecer de Zacarias e, antes de votar, declara o impedimento com o motivo e escolhe
    a suplente que vota no lugar dele; depois a página não lhe deixa votar nesse candidato."""
    cartao(pagina, ZACARIAS).get_by_role("link", name="Registrar parecer").click()
    expect(pagina.get_by_role("heading", name=ZACARIAS, level=1)).to_be_visible()
    impedimento = pagina.locator("details.impedimento")
    impedimento.locator("summary").click()
    impedimento.get_by_label("Motivo do impedimento").fill(MOTIVO_DO_IMPEDIMENTO)
    impedimento.get_by_label("Suplente que vota no seu lugar neste candidato").select_option(label="Eva Moura")
    conferir_acessibilidade(pagina, "declarar impedimento")
    impedimento.get_by_role("button", name="Declarar impedimento").click()
    expect(mensagens(pagina)).to_contain_text(
        "Impedimento registrado na inscrição 3006: Eva Moura vota no seu lugar neste candidato."
    )
    expect(pagina.locator(".impedimentos")).to_contain_text(
        f"Impedimento: Bruno Almeida ({MOTIVO_DO_IMPEDIMENTO}); vota no lugar o suplente Eva Moura."
    )
    expect(
        pagina.get_by_text("Você declarou impedimento para este candidato: Eva Moura vota no seu lugar.")
    ).to_be_visible()
    expect(pagina.get_by_role("button", name="Registrar parecer")).to_have_count(0)
    conferir_acessibilidade(pagina, "impedimento declarado")


def suplente_ve_so_o_candidato_em_que_substitui_e_vota(pagina):
    expect(pagina.get_by_text("vota como suplente só no lugar de membro que declarou impedimento")).to_be_visible()
    expect(pagina.get_by_role("article")).to_have_count(1)
    expect(pagina.locator("body")).not_to_contain_text(YASMIN)
    conferir_acessibilidade(pagina, "sessão vista pela suplente")
    cartao(pagina, ZACARIAS).get_by_role("link", name="Registrar parecer").click()
    expect(pagina.get_by_role("heading", name=ZACARIAS, level=1)).to_be_visible()
    pagina.get_by_label("Não confirma a autodeclaração", exact=True).check()
    pagina.get_by_label("Fundamentação").fill(FUNDAMENTACAO)
    pagina.get_by_role("button", name="Registrar parecer").click()
    expect(mensagens(pagina)).to_contain_text("Parecer registrado")
    expect(pagina.get_by_role("link", name=re.compile("Próximo a julgar"))).to_have_count(0)
    conferir_acessibilidade(pagina, "parecer da suplente")


def votar_pelos_servicos(sessao):
    """Os votos que não são o assunto da jornada: Yasmin confirmada por 5 a 0; em Zacarias, Carla e Davi
    não confirmam (com Eva, 3 dos 5 membros), Marta e Fábio confirmam."""
    yasmin, zacarias = Chamado.objects.filter(sessao=sessao).order_by("inscricao__numero")
    for nome in ("marta.presidente", "bruno.membro", "carla.membro", "davi.membro", "fabio.membro"):
        services.registrar_parecer(yasmin, por=usuario(nome), voto="confirma")
    for nome, voto in (("marta.presidente", "confirma"), ("fabio.membro", "confirma")):
        services.registrar_parecer(zacarias, por=usuario(nome), voto=voto)
    for nome in ("carla.membro", "davi.membro"):
        services.registrar_parecer(zacarias, por=usuario(nome), voto="nao_confirma", fundamentacao=FUNDAMENTACAO)


def encerrar_com_o_parecer_motivado(pagina):
    pagina.reload()
    cartao(pagina, ZACARIAS).get_by_role("link", name=re.compile("parecer")).click()
    secao = pagina.locator("#form-parecer-da-comissao")
    secao.get_by_label("Parecer motivado da comissão").fill(PARECER_DA_COMISSAO)
    secao.get_by_role("button", name="Registrar o parecer motivado da comissão").click()
    expect(mensagens(pagina)).to_contain_text("Inscrição 3006: parecer motivado da comissão registrado.")
    pagina.get_by_role("link", name="Voltar à sessão").click()
    pagina.get_by_role("link", name="Encerrar sessão").click()
    expect(pagina.get_by_role("heading", name="Encerrar a sessão de 22/05/2025 09:00?")).to_be_visible()
    pagina.get_by_role("button", name="Encerrar a sessão e gravar as decisões").click()
    expect(mensagens(pagina)).to_contain_text("Sessão encerrada: as decisões foram gravadas.")
    pagina.get_by_role("navigation", name="Caminho").get_by_role("link", name=re.compile("^Sessão de")).click()
    expect(cartao(pagina, ZACARIAS)).to_contain_text("Decidido: Não confirmado")
    expect(cartao(pagina, ZACARIAS)).to_contain_text("Placar (confirma a não confirma): 2 a 3")
    expect(cartao(pagina, YASMIN)).to_contain_text("Decidido: Confirmado")


# ---------------------------------------------------------------- RH: publicação e ata


def com_permissoes_da_heteroidentificacao(servidor):
    servidor.user_permissions.add(
        *Permission.objects.filter(codename__in=["view_sessao", "change_sessao", "view_chamado"])
    )
    return servidor


def publicar_na_quinta_e_ver_o_prazo_ate_segunda(pagina, url, sessao):
    """Publicado na quinta (22/05), o prazo de 2 dias cairia no sábado (24/05): vai à segunda (26/05)."""
    pagina.goto(f"{url}/admin/heteroidentificacao/sessao/{sessao.pk}/change/")
    pagina.get_by_role("link", name="Registrar a publicação do resultado preliminar").click()
    expect(pagina.get_by_text("O prazo de recurso (2 dias) corre da publicação")).to_be_visible()
    pagina.get_by_label("Resultado preliminar publicado em").fill("22/05/2025")
    conferir_acessibilidade(pagina, "publicação do resultado preliminar")
    pagina.get_by_role("button", name="Registrar a publicação").click()
    mensagem = pagina.locator("ul.messagelist li")
    expect(mensagem).to_contain_text(
        "resultado preliminar publicado em 22/05/2025: recurso até segunda-feira, 26/05/2025"
    )
    expect(mensagem).to_contain_text("sábado, 24/05/2025 é dia sem expediente")
    sessao.refresh_from_db()
    assert sessao.prazo_de_recurso_ate == date(2025, 5, 26)


def a_ata_diz_o_impedimento_e_quem_votou_no_lugar(pagina, url, sessao):
    resposta = pagina.request.get(f"{url}/admin/heteroidentificacao/sessao/{sessao.pk}/ata.pdf")
    assert resposta.ok, resposta.status
    texto = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(resposta.body())).pages)
    assert (
        f"Impedimento: Bruno Almeida declarou impedimento ({MOTIVO_DO_IMPEDIMENTO}); votou no lugar dele(a) o "
        "suplente Eva Moura" in texto
    )
    assert PARECER_DA_COMISSAO in texto


# ---------------------------------------------------------------- comissão recursal


def recurso_na_pauta_da_recursal(sessao, relogio_parado) -> Sessao:
    """Zacarias recorre na segunda (o último dia); a recursal marca a sessão de terça e põe o recurso
    na pauta; Helena abre a sessão."""
    zacarias = Chamado.objects.get(sessao=sessao, inscricao__numero="3006")
    recurso = services.registrar_recurso(
        zacarias, texto="Sou pardo; peço a revisão pela gravação.", apresentado_em=SEGUNDA.date(), por=rh()
    )
    relogio_parado(TERCA)
    recursal = Comissao.objects.get(edital=sessao.comissao.edital, tipo=Comissao.RECURSAL)
    sessao_recursal = services.criar_sessao(recursal, inicio=TERCA.replace(hour=9), por=rh())
    services.chamar_recurso(recurso, sessao_recursal, por=rh())
    return services.abrir_sessao(sessao_recursal, por=Membro.objects.get(comissao=recursal, presidente=True).usuario)


def julgar_o_recurso_com_a_gravacao_na_tela(pagina, sessao_recursal):
    cartao(pagina, ZACARIAS).get_by_role("link", name="Registrar parecer").click()
    recurso = pagina.get_by_role("region", name="Recurso", exact=True)
    expect(recurso).to_contain_text("Gravação do procedimento")
    expect(recurso.get_by_role("link", name=GRAVACAO)).to_be_visible()
    expect(recurso).to_contain_text(f"SHA-256 do arquivo: {SHA256}")
    expect(recurso).to_contain_text("Decisão recorrida: Não confirmado, placar 2 a 3")
    conferir_acessibilidade(pagina, "recurso com a gravação")
    pagina.get_by_label("Não confirma a autodeclaração", exact=True).check()
    pagina.get_by_label("Fundamentação").fill(FUNDAMENTACAO_NA_GRAVACAO)
    pagina.get_by_role("button", name="Registrar parecer").click()
    expect(mensagens(pagina)).to_contain_text("Parecer registrado")

    (julgamento,) = sessao_recursal.chamados.all()
    services.registrar_parecer(
        julgamento, por=usuario("igor.membro"), voto="nao_confirma", fundamentacao=FUNDAMENTACAO_NA_GRAVACAO
    )
    services.registrar_parecer(julgamento, por=usuario("joana.membro"), voto="confirma")
    secao = pagina.locator("#form-parecer-da-comissao")
    secao.get_by_label("Parecer motivado da comissão").fill(PARECER_DA_COMISSAO)
    secao.get_by_role("button", name="Registrar o parecer motivado da comissão").click()
    expect(mensagens(pagina)).to_contain_text("parecer motivado da comissão registrado")
    pagina.get_by_role("link", name="Voltar à sessão").click()
    pagina.get_by_role("link", name="Encerrar sessão").click()
    pagina.get_by_role("button", name="Encerrar a sessão e gravar as decisões").click()
    expect(mensagens(pagina)).to_contain_text("Sessão encerrada: as decisões foram gravadas.")
    pagina.get_by_role("navigation", name="Caminho").get_by_role("link", name=re.compile("^Sessão de")).click()
    expect(cartao(pagina, ZACARIAS)).to_contain_text("Decidido: Não confirmado")
    expect(cartao(pagina, ZACARIAS)).to_contain_text("Placar (confirma a não confirma): 1 a 2")
    conferir_acessibilidade(pagina, "recurso julgado")
