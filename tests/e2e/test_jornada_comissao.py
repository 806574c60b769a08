"""Jornada da comissão de heteroidentificação no navegador: três membros votam, o presidente
encerra e o RH gera o resultado e vê as decisões aplicadas.

Cenário (fictício), o exemplo de docs/REGRAS.md §4: edital 12/2025, Agente Administrativo com 5 vagas
(ampla, ampla, negros na 3ª, ampla, PcD na 5ª). Lista geral: Alice 95, Bernardo 94, Yasmin 93,
Caio 92, Dora 91, Zacarias 80, Paula 70. Yasmin e Zacarias optaram pela reserva a negros (pardos,
verificação pendente); Paula é PcD confirmada.

Por que este cenário e não um em que Yasmin ficasse abaixo das vagas de ampla: aqui a decisão
sobre Zacarias muda quem é convocado. Yasmin, 3ª da lista geral, entra pela ampla e não conta para
a reserva (Art. 3º, §1º). Se a comissão confirmasse Zacarias, ele ocuparia a 3ª vaga (ordem A, B,
Z, Y, P). Com Zacarias não confirmado, a lista de negros é só [Yasmin], que já venceu pela ampla: a
vaga reservada fica sem candidato e reverte à ampla concorrência (Art. 3º, §3º), indo para Caio, o
próximo da lista geral. Como as vagas de ampla e a revertida recebem os vencedores da ampla na
ordem da lista geral, a ordem de convocação fica Alice, Bernardo, Yasmin, Caio, Paula, e Zacarias
continua na lista geral pela nota (Art. 2º, §2º), fora da convocação.

A comissão (Ordinária, regra padrão de docs/REGRAS.md §10: 5 membros, todos votam, 3 contra não
confirmam) tem 5 titulares e uma suplente; na abertura a presidente registra Davi ausente e Eva
(suplente) no lugar dele, e Davi, entrando depois, não vota. Votam os cinco que compõem a sessão, e
ninguém vê placar antes do encerramento, nem a presidente na prévia. Yasmin: 5 a 0, confirmada.
Zacarias: 2 a 3, não confirmado. Comissão, sessão e chamados são montados pelos serviços: as telas do RH para isso têm
testes próprios (tests/heteroidentificacao/test_admin.py); esta jornada é a dos membros. No fim, o
RH baixa a ata, inclui um membro novo na comissão e baixa de novo: a ata não muda.
"""

import io
import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from pypdf import PdfReader

from heteroidentificacao import services
from tests.concursos.fabricas import edital, inscricao
from tests.e2e.acessibilidade import conferir_acessibilidade
from tests.e2e.conftest import ESPERA_MAXIMA_MS
from tests.e2e.conftest import entrar_na_comissao as entrar_pela_tela_da_comissao
from tests.heteroidentificacao.fabricas import rh

try:
    from playwright.sync_api import expect
except ImportError:  # pulado (ou falha com EXIGIR_NAVEGADOR=1) por tests/conftest.py
    expect = None

SENHA_DA_COMISSAO = "comissao-de-teste-Cariacica-2025"
CARGO = "AGE — Agente Administrativo"
INICIO = datetime(2025, 5, 20, 9, 0, tzinfo=ZoneInfo("America/Sao_Paulo"))
SESSAO = "Sessão de 20/05/2025 09:00"

YASMIN = "Yasmin Oliveira Santos"
ZACARIAS = "Zacarias Nascimento"
# inscrição, nome, nota, grupos (grupo → situação da verificação)
INSCRICOES = [
    ("3001", "Alice Martins Coutinho", 95, None),
    ("3002", "Bernardo Reis Salles", 94, None),
    ("3003", YASMIN, 93, {"negros": "pendente"}),
    ("3004", "Caio Ferreira Lopes", 92, None),
    ("3005", "Dora Lemos Vieira", 91, None),
    ("3006", ZACARIAS, 80, {"negros": "pendente"}),
    ("3007", "Paula Regina Freitas", 70, {"pcd": "confirmado"}),
]
# usuário, nome, sobrenome, presidente
MEMBROS = [
    ("marta.presidente", "Marta", "Gonçalves", True),
    ("bruno.membro", "Bruno", "Almeida", False),
    ("carla.membro", "Carla", "Pimentel", False),
    ("davi.membro", "Davi", "Rocha", False),
    ("fabio.membro", "Fábio", "Nunes", False),
]
# Suplente: Davi falta à sessão e Eva vota no lugar dele.
SUPLENTE = ("eva.suplente", "Eva", "Moura")
INCLUIDO_DEPOIS = ("ivo.suplente", "Ivo", "Teles")
FUNDAMENTACAO_DE_BRUNO = "Pele clara, cabelo liso e traços finos observados na sessão."
FUNDAMENTACAO_DE_CARLA = "Fenótipo observado não corresponde ao de pessoa parda: pele clara, nariz afilado."
FUNDAMENTACAO_DE_EVA = "Pele clara e cabelo liso; traços faciais finos observados na sessão."
PARECER_DA_COMISSAO = "A comissão observou pele clara, cabelo liso e traços faciais finos."
GRAVACAO = "https://arquivos.cariacica.test/heteroidentificacao/sessao-2025-05-20.mp4"
SHA256_DA_GRAVACAO = "5d41402abc4b2a76b9719d911017c592a3bf4f1b2b0b822cd15d6c15b0f00a08"
NAO_CONFIRMA_SEM_FUNDAMENTACAO = "A fundamentação é obrigatória quando o parecer não confirma."


@pytest.fixture
def sessao_planejada(django_user_model):
    """Edital, inscrições, comissão com 5 titulares e a sessão planejada com Yasmin e Zacarias chamados."""
    quem_cria = rh()
    cargo = edital(criado_por=quem_cria, numero=12, cargos=(("AGE", "Agente Administrativo", 5),)).cargos.get()
    inscricoes = {
        numero: inscricao(cargo, numero, nota, nome=nome, grupos=grupos) for numero, nome, nota, grupos in INSCRICOES
    }
    comissao = services.criar_comissao(cargo.edital, por=quem_cria)
    for usuario, nome, sobrenome, presidente in MEMBROS:
        pessoa = django_user_model.objects.create_user(
            usuario, f"{usuario}@cariacica.test", SENHA_DA_COMISSAO, first_name=nome, last_name=sobrenome
        )
        services.adicionar_membro(comissao, pessoa, presidente=presidente, por=quem_cria)
    usuario, nome, sobrenome = SUPLENTE
    eva = django_user_model.objects.create_user(
        usuario, f"{usuario}@cariacica.test", SENHA_DA_COMISSAO, first_name=nome, last_name=sobrenome
    )
    services.adicionar_membro(comissao, eva, papel="suplente", por=quem_cria)
    sessao = services.criar_sessao(comissao, inicio=INICIO, local="Sala de reuniões da SEMAD", por=quem_cria)
    services.chamar_candidatos(sessao, [inscricoes["3003"], inscricoes["3006"]], por=quem_cria)
    return sessao


@pytest.fixture
def entrar_na_comissao(new_context, live_server):
    """Cada membro num contexto novo do navegador (cookies próprios), pelo formulário de /contas/entrar/."""

    def entrar(usuario):
        pagina = new_context().new_page()
        pagina.set_default_timeout(ESPERA_MAXIMA_MS)
        pagina.set_default_navigation_timeout(ESPERA_MAXIMA_MS)
        pessoa = get_user_model().objects.get(username=usuario)
        return entrar_pela_tela_da_comissao(pagina, live_server, pessoa, SENHA_DA_COMISSAO)

    return entrar


def test_membros_votam_presidente_encerra_e_rh_ve_as_decisoes_no_resultado(
    sessao_planejada, entrar_na_comissao, entrar, servidor_do_rh, live_server
):
    presidente = entrar_na_comissao("marta.presidente")
    abrir_a_sessao_e_registrar_presencas(presidente)
    votar(presidente, YASMIN, "Confirma a autodeclaração", proximo=ZACARIAS)

    davi = entrar_na_comissao("davi.membro")  # ausente na abertura: não compõe a sessão
    abrir_a_sessao(davi)
    expect(davi.get_by_text("Você não compõe esta sessão")).to_be_visible()
    expect(davi.get_by_role("link", name="Registrar parecer")).to_have_count(0)
    expect(davi.get_by_role("button", name="Compareceu", exact=True)).to_have_count(0)

    bruno = entrar_na_comissao("bruno.membro")
    abrir_a_sessao(bruno)
    expect(bruno.get_by_role("link", name="Encerrar sessão")).to_have_count(0)  # só o presidente encerra
    votar(bruno, YASMIN, "Confirma a autodeclaração", proximo=ZACARIAS)
    nao_confirmar_sem_fundamentacao_e_ser_recusado(bruno)
    registrar_parecer(bruno, "Não confirma a autodeclaração", FUNDAMENTACAO_DE_BRUNO)

    carla = entrar_na_comissao("carla.membro")
    abrir_a_sessao(carla)
    votar(carla, YASMIN, "Confirma a autodeclaração", proximo=ZACARIAS)
    nao_ve_os_outros_pareceres_nem_depois_do_seu(
        carla, "Não confirma a autodeclaração", FUNDAMENTACAO_DE_CARLA, outros=[FUNDAMENTACAO_DE_BRUNO]
    )

    eva = entrar_na_comissao("eva.suplente")  # no lugar de Davi: vota
    abrir_a_sessao(eva)
    votar(eva, YASMIN, "Confirma a autodeclaração", proximo=ZACARIAS)
    registrar_parecer(eva, "Não confirma a autodeclaração", FUNDAMENTACAO_DE_EVA)

    fabio = entrar_na_comissao("fabio.membro")
    abrir_a_sessao(fabio)
    votar(fabio, YASMIN, "Confirma a autodeclaração", proximo=ZACARIAS)
    registrar_parecer(fabio, "Confirma a autodeclaração")

    presidente.get_by_role("link", name=SESSAO).click()
    abrir_o_parecer(presidente, ZACARIAS)
    nao_ve_os_outros_pareceres_nem_depois_do_seu(
        presidente, "Confirma a autodeclaração", "", outros=[FUNDAMENTACAO_DE_BRUNO, FUNDAMENTACAO_DE_CARLA]
    )
    registrar_o_parecer_da_comissao(presidente)
    encerrar_a_sessao(presidente)
    depois_do_encerramento_ve_os_pareceres_dos_outros(
        presidente, ZACARIAS, [FUNDAMENTACAO_DE_BRUNO, FUNDAMENTACAO_DE_CARLA, FUNDAMENTACAO_DE_EVA]
    )

    pagina_do_rh = entrar(servidor_do_rh)
    gerar_e_conferir_o_resultado(pagina_do_rh, live_server.url)
    a_ata_nao_muda_quando_a_comissao_muda_depois(pagina_do_rh, live_server.url, sessao_planejada, servidor_do_rh)


# ---------------------------------------------------------------- membros


def mensagens(pagina):
    return pagina.locator(".mensagens")


def cartao(pagina, nome):
    return pagina.get_by_role("article").filter(has_text=nome)


def abrir_a_sessao(pagina):
    """Da tela "Minhas sessões" (onde o login deixa o membro) para a página da sessão."""
    conferir_acessibilidade(pagina, "minhas sessões")
    pagina.get_by_role("link", name=re.compile("Comissão ordinária")).click()
    expect(pagina.get_by_role("heading", name=SESSAO, level=1)).to_be_visible()
    conferir_acessibilidade(pagina, "sessão dos membros")


def abrir_a_sessao_e_registrar_presencas(pagina):
    sessao = pagina.get_by_role("link", name=re.compile("Comissão ordinária"))
    expect(sessao).to_contain_text("Planejada")
    expect(sessao).to_contain_text("presidente")
    abrir_a_sessao(pagina)
    expect(pagina.get_by_role("link", name="Registrar parecer")).to_have_count(0)  # planejada: ninguém vota

    # A presença dos membros fixa a composição: Davi ausente, Eva (suplente) no lugar dele.
    pagina.get_by_label("Davi Rocha está ausente").check()
    pagina.get_by_label("Suplente no lugar de Davi Rocha").select_option(label="Eva Moura")
    pagina.get_by_role("button", name="Abrir sessão").click()
    expect(mensagens(pagina)).to_contain_text("Sessão aberta")
    expect(pagina.locator(".card-body .badge").first).to_have_text("Aberta")
    composicao = pagina.locator("details.composicao")
    composicao.locator("summary").click()
    expect(composicao).to_contain_text("Davi Rocha (titular): ausente")
    expect(composicao).to_contain_text("Eva Moura (suplente): no lugar de Davi Rocha")

    conferir_acessibilidade(pagina, "sessão aberta, antes das presenças")
    for numero, nome in (("3003", YASMIN), ("3006", ZACARIAS)):
        # Pelo teclado, como quem usa leitor de tela: o grupo do botão diz de quem é a presença.
        presenca = cartao(pagina, nome).get_by_role("group", name=f"Presença de {nome}")
        presenca.get_by_role("button", name="Compareceu", exact=True).focus()
        pagina.keyboard.press("Enter")
        expect(mensagens(pagina)).to_contain_text(f"Inscrição {numero}: compareceu.")
        expect(cartao(pagina, nome)).to_contain_text("Compareceu")
    conferir_acessibilidade(pagina, "sessão aberta, com as presenças")


def abrir_o_parecer(pagina, nome):
    cartao(pagina, nome).get_by_role("link", name="Registrar parecer").click()
    expect(pagina.get_by_role("heading", name=nome, level=1)).to_be_visible()
    conferir_acessibilidade(pagina, "formulário de parecer")


def ir_ao_proximo(pagina, nome):
    """Registrado o parecer, a tela já é a do próximo candidato que o membro não julgou (issue 29)."""
    expect(pagina.get_by_role("heading", name=nome, level=1)).to_be_visible()
    expect(mensagens(pagina)).to_contain_text("esta é a próxima a julgar")


def registrar_parecer(pagina, voto, fundamentacao="", *, proximo=None):
    """Com ``proximo``, o envio leva à página dele; sem, o membro fica no candidato, com o parecer."""
    # O voto pelo teclado: a opção é um botão de rádio com nome (o leitor de tela o anuncia), marcado
    # com a barra de espaço; o envio, com Enter no botão.
    opcao = pagina.get_by_role("radio", name=voto, exact=True)
    opcao.focus()
    pagina.keyboard.press("Space")
    expect(opcao).to_be_checked()
    if fundamentacao:
        pagina.get_by_label("Fundamentação").fill(fundamentacao)
    conferir_acessibilidade(pagina, "formulário de parecer, voto escolhido")
    pagina.get_by_role("button", name="Registrar parecer").focus()
    pagina.keyboard.press("Enter")
    expect(mensagens(pagina)).to_contain_text("Parecer registrado")
    if proximo:
        ir_ao_proximo(pagina, proximo)
    else:
        expect(meu_parecer(pagina)).to_contain_text(f"Registrado: {voto}")


def votar(pagina, nome, voto, *, proximo=None):
    abrir_o_parecer(pagina, nome)
    registrar_parecer(pagina, voto, proximo=proximo)


def meu_parecer(pagina):
    return pagina.get_by_role("region", name="Meu parecer", exact=True)


def outros_pareceres(pagina):
    return pagina.get_by_role("region", name="Pareceres dos outros membros")


def nao_confirmar_sem_fundamentacao_e_ser_recusado(pagina):
    """O navegador pede a fundamentação (o script a torna obrigatória); só espaços passam por ele,
    mas o servidor recusa com a mensagem junto do campo e nada é gravado."""
    envios = []

    def anotar_envio(requisicao):
        if requisicao.method == "POST":
            envios.append(requisicao.url)

    pagina.on("request", anotar_envio)
    pagina.get_by_label("Não confirma a autodeclaração", exact=True).check()
    campo = pagina.get_by_label("Fundamentação")
    expect(campo).to_have_attribute("required", "")
    pagina.get_by_role("button", name="Registrar parecer").click()
    assert campo.evaluate("campo => campo.validity.valueMissing")

    campo.fill("   ")
    pagina.get_by_role("button", name="Registrar parecer").click()
    expect(pagina.get_by_text(NAO_CONFIRMA_SEM_FUNDAMENTACAO)).to_be_visible()
    conferir_acessibilidade(pagina, "parecer recusado sem fundamentação")
    pagina.remove_listener("request", anotar_envio)
    assert len(envios) == 1, f"o campo vazio não devia ter sido enviado: {envios}"
    expect(mensagens(pagina)).to_have_count(0)
    expect(meu_parecer(pagina)).not_to_contain_text("Registrado")
    expect(meu_parecer(pagina).get_by_label("Não confirma a autodeclaração", exact=True)).to_be_checked()


def nao_ve_os_outros_pareceres_nem_depois_do_seu(pagina, voto, fundamentacao, *, outros):
    """Até o encerramento o membro (o presidente inclusive) não vê a fundamentação de ninguém, nem
    antes nem depois de registrar o seu parecer; e continua podendo alterar o seu."""
    expect(outros_pareceres(pagina)).to_contain_text("só aparecem depois do encerramento da sessão")
    for texto in outros:
        expect(pagina.locator("body")).not_to_contain_text(texto)

    registrar_parecer(pagina, voto, fundamentacao)

    expect(outros_pareceres(pagina)).to_contain_text("só aparecem depois do encerramento da sessão")
    for texto in outros:
        expect(pagina.locator("body")).not_to_contain_text(texto)
    expect(outros_pareceres(pagina)).not_to_contain_text("Não confirma a autodeclaração")
    expect(meu_parecer(pagina)).to_contain_text("Registrado")


def registrar_o_parecer_da_comissao(pagina):
    """Na página do parecer de Zacarias, a presidente registra o parecer motivado da comissão, sem o
    qual uma não confirmação não é gravada (docs/REGRAS.md §10)."""
    secao = pagina.locator("#form-parecer-da-comissao")
    secao.get_by_label("Parecer motivado da comissão").fill(PARECER_DA_COMISSAO)
    secao.get_by_role("button", name="Registrar o parecer motivado da comissão").click()
    expect(mensagens(pagina)).to_contain_text("Inscrição 3006: parecer motivado da comissão registrado.")
    conferir_acessibilidade(pagina, "parecer motivado da comissão")


def registrar_a_gravacao(pagina):
    """Sem a gravação (a referência e o SHA-256 do arquivo) a sessão não encerra (docs/REGRAS.md §10):
    a prévia avisa e desabilita o botão; a presidente registra a gravação na página da sessão."""
    pagina.get_by_role("link", name="Encerrar sessão").click()
    expect(pagina.get_by_text("A gravação da sessão ainda não foi registrada")).to_be_visible()
    expect(pagina.get_by_role("button", name="Encerrar a sessão e gravar as decisões")).to_be_disabled()
    pagina.get_by_role("link", name="Registrar a gravação").click()
    gravacao = pagina.locator("#form-gravacao")
    gravacao.get_by_label("Referência da gravação").fill(GRAVACAO)
    gravacao.get_by_label("SHA-256 do arquivo").fill(SHA256_DA_GRAVACAO)
    gravacao.get_by_role("button", name="Registrar a gravação").click()
    expect(mensagens(pagina)).to_contain_text("Gravação da sessão registrada")
    expect(pagina.locator("#form-gravacao")).to_contain_text(f"Registrada: {GRAVACAO}")
    conferir_acessibilidade(pagina, "sessão aberta, com a gravação registrada")


def encerrar_a_sessao(pagina):
    pagina.get_by_role("link", name="Voltar à sessão").click()
    for nome in (YASMIN, ZACARIAS):
        # Compõem a sessão 5: quatro titulares presentes e Eva no lugar de Davi; todos votaram.
        expect(cartao(pagina, nome)).to_contain_text("Pareceres registrados: 5 de 5")
    registrar_a_gravacao(pagina)
    pagina.get_by_role("link", name="Encerrar sessão").click()

    expect(pagina.get_by_role("heading", name="Encerrar a sessão de 20/05/2025 09:00?")).to_be_visible()
    expect(pagina.get_by_text("nenhum parecer poderá ser registrado ou alterado")).to_be_visible()
    expect(pagina.get_by_text("só poderão ser revistas em recurso")).to_be_visible()
    previa = pagina.get_by_role("table")
    # A prévia diz quem votou e se todos votaram; nunca o placar nem a decisão provisória.
    for numero, nome in (("3003", YASMIN), ("3006", ZACARIAS)):
        expect(previa.get_by_role("row").filter(has_text=nome).get_by_role("cell")).to_have_text(
            [numero, nome, "Compareceu", re.compile(r"^5 de 5"), "Todos votaram"]
        )
    expect(previa).not_to_contain_text("Confirmado")
    expect(previa).not_to_contain_text("2 a 3")
    conferir_acessibilidade(pagina, "encerrar a sessão")
    pagina.get_by_role("button", name="Encerrar a sessão e gravar as decisões").click()

    expect(mensagens(pagina)).to_contain_text("Sessão encerrada: as decisões foram gravadas.")
    # O encerramento leva à página da sessão encerrada (quem muda nos cargos publicados, só para o
    # presidente); o caminho volta à sessão, com as decisões de cada candidato.
    expect(pagina.get_by_role("heading", level=1)).to_contain_text("encerrada")
    conferir_acessibilidade(pagina, "página do encerramento")
    pagina.get_by_role("navigation", name="Caminho").get_by_role("link", name=re.compile("^Sessão de")).click()
    expect(pagina.locator(".card-body .badge").first).to_have_text("Encerrada")
    expect(pagina.get_by_role("link", name="Registrar parecer")).to_have_count(0)
    expect(cartao(pagina, YASMIN)).to_contain_text("Decidido: Confirmado")
    expect(cartao(pagina, YASMIN)).to_contain_text("Placar (confirma a não confirma): 5 a 0")
    expect(cartao(pagina, ZACARIAS)).to_contain_text("Decidido: Não confirmado")
    expect(cartao(pagina, ZACARIAS)).to_contain_text("Placar (confirma a não confirma): 2 a 3")
    conferir_acessibilidade(pagina, "sessão encerrada")


def depois_do_encerramento_ve_os_pareceres_dos_outros(pagina, nome, outros):
    cartao(pagina, nome).get_by_role("link", name="Ver pareceres").click()
    expect(pagina.get_by_role("heading", name=nome, level=1)).to_be_visible()
    for texto in outros:
        expect(outros_pareceres(pagina)).to_contain_text(texto)
    conferir_acessibilidade(pagina, "pareceres depois do encerramento")


# ---------------------------------------------------------------- RH


def abrir_a_lista(listas, titulo):
    """Abre a lista de classificação (um ``<details>``) se estiver fechada, como a servidora faria.

    A página deixa aberta só a primeira, e qual vem primeiro depende do banco: no PostgreSQL o
    jsonb devolve as listas do resultado gravado como PcD, geral, negros (no SQLite, geral primeiro)."""
    lista = listas.locator("details").filter(has=listas.page.locator("summary", has_text=titulo))
    if lista.get_attribute("open") is None:
        lista.locator("summary").click()
    expect(lista.get_by_role("table")).to_be_visible()
    return lista


def gerar_e_conferir_o_resultado(pagina, url):
    pagina.goto(f"{url}/admin/concursos/edital/")
    pagina.get_by_role("link", name="12/2025").click()
    pagina.get_by_role("button", name="Gerar resultado", exact=True).click()

    # "final": nenhuma verificação pendente, as decisões da comissão já estão nas opções.
    mensagem = pagina.locator("ul.messagelist li").filter(has_text=CARGO)
    expect(mensagem).to_contain_text("resultado final gerado")
    pagina.get_by_role("link", name=f"{CARGO} — versão 1").click()

    listas = pagina.locator(".module", has=pagina.get_by_role("heading", name="Listas de classificação"))
    geral = abrir_a_lista(listas, "Lista geral")
    negros = abrir_a_lista(listas, "Lista reservada: Negros")
    expect(negros.locator("summary")).to_have_text(re.compile(r"— 1 candidato$"))
    expect(negros.get_by_role("table")).to_contain_text(YASMIN)
    expect(negros.get_by_role("table")).not_to_contain_text(ZACARIAS)  # não confirmado: sai da lista de negros…
    expect(geral.get_by_role("row").filter(has_text=ZACARIAS)).to_contain_text("6º")  # …e fica na geral (Art. 2º, §2º)

    # Ordem de convocação: posição, tipo da vaga, inscrição, nome, CPF (mascarado), convocado(a) como,
    # observação (vazia: ninguém além das vagas, mantido ou sub judice).
    # A 3ª vaga, reservada a negros, ficou sem candidato (Yasmin já entrou pela ampla e Zacarias
    # saiu da lista) e reverteu à ampla (Art. 3º, §3º): Caio é convocado, Zacarias não.
    ordem = pagina.locator(".module", has=pagina.get_by_role("heading", name="Ordem de convocação"))
    convocados = ordem.locator("tbody").get_by_role("row")
    cpf = re.compile(r"^\*{3}\.")
    esperado = [
        ["1ª", "Ampla concorrência", "3001", "Alice Martins Coutinho", cpf, "Ampla concorrência", ""],
        ["2ª", "Ampla concorrência", "3002", "Bernardo Reis Salles", cpf, "Ampla concorrência", ""],
        ["3ª", "Negros", "3003", YASMIN, cpf, "Ampla concorrência", ""],
        ["4ª", "Ampla concorrência", "3004", "Caio Ferreira Lopes", cpf, "Ampla concorrência", ""],
        ["5ª", "PcD", "3007", "Paula Regina Freitas", cpf, "PcD", ""],
    ]
    expect(convocados).to_have_count(len(esperado))
    for linha, celulas in zip(convocados.all(), esperado, strict=True):
        expect(linha.get_by_role("cell")).to_have_text(celulas)
    expect(ordem).not_to_contain_text(ZACARIAS)
    chamadas = pagina.locator(".module", has=pagina.get_by_role("heading", name="Registro de chamadas"))
    expect(chamadas.get_by_role("row").filter(has_text=YASMIN)).to_contain_text(
        "reservada a negros e revertida à ampla concorrência por falta de candidatos (Art. 3º, §3º)"
    )

    pagina.screenshot(path="/tmp/jornada-comissao.png", full_page=True)


def texto_do_pdf(pagina, url) -> str:
    resposta = pagina.request.get(url)
    assert resposta.ok and resposta.headers["content-type"] == "application/pdf", resposta.status
    leitor = PdfReader(io.BytesIO(resposta.body()))
    return " ".join(" ".join(p.extract_text().split()) for p in leitor.pages)


def a_ata_nao_muda_quando_a_comissao_muda_depois(pagina, url, sessao, servidor):
    """A ata sai do registro congelado no encerramento: um membro incluído depois não aparece nela,
    nem com zero pareceres, nem com linha de assinatura."""
    servidor.user_permissions.add(Permission.objects.get(codename="view_sessao"))
    ata = f"{url}/admin/heteroidentificacao/sessao/{sessao.pk}/ata.pdf"
    antes = texto_do_pdf(pagina, ata)
    assert "Eva Moura Suplente Presente, no lugar de Davi Rocha" in antes
    assert "Davi Rocha Titular Ausente" in antes

    usuario, nome, sobrenome = INCLUIDO_DEPOIS
    ivo = get_user_model().objects.create_user(usuario, first_name=nome, last_name=sobrenome)
    services.adicionar_membro(sessao.comissao, ivo, papel="suplente", por=rh())
    depois = texto_do_pdf(pagina, ata)
    assert depois == antes
    assert "Ivo Teles" not in depois
