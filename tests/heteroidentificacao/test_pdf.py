"""PDFs da heteroidentificação, conferidos pelo texto extraído com pypdf: convocação, ata, resultado
(preliminar e definitivo), pareceres entregues ao candidato e ofício ao Ministério Público.

O que se publica ou se entrega ao candidato nunca traz o nome de um membro; o resultado nunca traz
o texto dos pareceres; o CPF só aparece mascarado."""

import io
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

import comum.exibicao
import comum.pdf
from comum.cpf import formatar_cpf
from concursos.consultas.portal import atos_do_edital
from concursos.models import AtoPublicado
from concursos.tipos_de_ato import RESULTADO_DA_HETEROIDENTIFICACAO
from cotas.modelo import DECLARACAO_FALSA, NAO_CONFIRMADO
from cotas.prazos import fim_do_prazo
from heteroidentificacao import pdf, services
from heteroidentificacao.models import Comissao, RegistroDeAuditoria, Sessao
from heteroidentificacao.services import resultado_definitivo
from tests.concursos.fabricas import inscricao

from .fabricas import (
    ORDINARIOS,
    RECURSAIS,
    SUPLENTES,
    cargo_com_cotistas,
    chamar,
    comissao,
    encerrar,
    julgar,
    motivar,
    pessoa,
    rh,
    sessao_aberta,
    votar,
)

pytestmark = pytest.mark.django_db

# 10/03/2025 22:30 em Brasília (já 11/03 em UTC): a data impressa é a de Brasília.
MOMENTO = datetime(2025, 3, 11, 1, 30, tzinfo=UTC)
SOBRENOMES = {
    "ana": "Quaresma",
    "bruno": "Valadares",
    "carla": "Ximenes",
    "davi": "Wanderley",
    "elisa": "Zanotelli",
    "fabio": "Yamada",
    "gil": "Ulhoa",
    "helena": "Tavernard",
    "igor": "Sarmento",
    "joana": "Rezende",
}
FUNDAMENTACAO_N2 = "Pele clara e cabelo liso observados na gravação do procedimento."
LOCAL = "Sala 3 da Secretaria Municipal de Administração"
GRAVACAO = "Vídeo SEMAD-2025-03-10-sala3.mp4"


@pytest.fixture(autouse=True)
def relogio_dos_pdfs_da_comissao(monkeypatch):
    monkeypatch.setattr(pdf, "agora", lambda: MOMENTO.astimezone(pdf.FUSO))


def texto(conteudo: bytes) -> str:
    """Texto de todas as páginas, com os espaços normalizados."""
    paginas = PdfReader(io.BytesIO(conteudo)).pages
    return " ".join(" ".join(pagina.extract_text() for pagina in paginas).split())


def titulo(conteudo: bytes) -> str:
    return PdfReader(io.BytesIO(conteudo)).metadata["/Title"]


@contextmanager
def no_momento(momento):
    """O relógio do sistema parado em ``momento`` (abertura e encerramento gravam a hora de fato)."""
    with mock.patch("django.utils.timezone.now", return_value=momento):
        yield


def local(ano, mes, dia, hora=9):
    return timezone.make_aware(datetime(ano, mes, dia, hora))


def nomes_dos_membros() -> list[str]:
    return [f"{nome.capitalize()} {sobrenome}" for nome, sobrenome in SOBRENOMES.items()]


def dar_sobrenomes():
    for nome, sobrenome in SOBRENOMES.items():
        get_user_model().objects.filter(username=nome).update(last_name=sobrenome)


def nao_confirmar_n2(chamado):
    """N2: 2 a 3, com a fundamentação própria de cada não confirmação."""
    votar(chamado, ana="confirma", bruno="confirma")
    for nome in ("carla", "davi", "elisa"):
        services.registrar_parecer(chamado, por=pessoa(nome), voto="nao_confirma", fundamentacao=FUNDAMENTACAO_N2)
    motivar(chamado)


def sessao_julgada(*, encerrada_agora=False) -> Sessao:
    """Sessão da ordinária de 10/03/2025, 9h: N1 confirmado por 3 a 2, N2 não
    confirmado por 2 a 3, N3 ausente. Encerrada ao meio-dia, com o resultado preliminar publicado no mesmo
    dia (segunda-feira: recurso até quarta, 12/03), ou agora, publicado hoje, com o prazo de recurso aberto."""
    cargo = cargo_com_cotistas()
    inscricao(cargo, "N3", 75, grupos={"negros": "pendente"})
    ordinaria = comissao(cargo.edital, suplentes=SUPLENTES)
    comissao(cargo.edital, tipo=Comissao.RECURSAL)
    dar_sobrenomes()
    with no_momento(local(2025, 3, 10, 9) + timedelta(minutes=5)):
        sessao = sessao_aberta(ordinaria, inicio=local(2025, 3, 10))
    Sessao.objects.filter(pk=sessao.pk).update(local=LOCAL, gravacao=GRAVACAO)
    n1 = chamar(sessao, cargo.inscricoes.get(numero="N1"))
    votar(n1, ana="confirma", bruno="confirma", carla="confirma", davi="nao_confirma", elisa="nao_confirma")
    nao_confirmar_n2(chamar(sessao, cargo.inscricoes.get(numero="N2")))
    chamar(sessao, cargo.inscricoes.get(numero="N3"), compareceu=False)
    if encerrada_agora:
        encerrar(sessao)
        services.publicar_resultado_preliminar(sessao, em=timezone.localdate(), por=rh())
    else:
        with no_momento(local(2025, 3, 10, 12)):
            encerrar(sessao)
            services.publicar_resultado_preliminar(sessao, em=date(2025, 3, 10), por=rh())
    return Sessao.objects.select_related("comissao__edital").get(pk=sessao.pk)


def chamado_de(sessao, numero):
    return sessao.chamados.select_related("inscricao__candidato").get(inscricao__numero=numero)


def cpfs(sessao) -> list[tuple[str, str]]:
    """(CPF completo, CPF mascarado) de cada candidato chamado."""
    return [(c.inscricao.candidato.cpf, c.inscricao.candidato.cpf_mascarado) for c in sessao.chamados.all()]


def recurso_de_n2(sessao):
    return services.registrar_recurso(
        chamado_de(sessao, "N2"), texto="Sou pardo.", apresentado_em=date(2025, 3, 11), por=rh()
    )


def julgar_recurso(recurso, **votos):
    recursal = Comissao.objects.get(edital=recurso.chamado.sessao.comissao.edital, tipo=Comissao.RECURSAL)
    sessao = sessao_aberta(recursal, inicio=local(2025, 3, 20))
    votar(services.chamar_recurso(recurso, sessao, por=rh()), **votos)
    return encerrar(sessao)


@pytest.fixture(scope="module")
def sessao_julgada_do_modulo(dados_do_modulo):
    """``sessao_julgada`` montada uma vez para os testes do módulo que a pedem (``dados_do_modulo``, em
    tests/conftest.py): cada um a recebe como ela sai daqui, nunca com o que o anterior gravou."""
    return sessao_julgada().pk


@pytest.fixture
def sessao(sessao_julgada_do_modulo):
    """A sessão julgada e encerrada de 10/03/2025 (``sessao_julgada``), que os PDFs imprimem, lida de
    novo do banco a cada teste."""
    return Sessao.objects.select_related("comissao__edital").get(pk=sessao_julgada_do_modulo)


# — Reuso do desenho de concursos/pdf/ —


def test_usa_o_renderizador_e_o_buscador_que_nega_por_padrao_de_concursos():
    assert pdf.renderizar is comum.pdf.renderizar
    assert pdf.FUSO is comum.exibicao.FUSO


def test_nome_com_html_sai_como_texto_e_nao_busca_nada(sessao):
    candidato = chamado_de(sessao, "N1").inscricao.candidato
    candidato.nome = 'Maria <img src="file:///etc/passwd"> Silva'
    candidato.save()
    assert 'Maria <img src="file:///etc/passwd"> Silva' in texto(pdf.lista_de_convocacao_pdf(sessao))


def test_modelos_declaram_a_lingua_portuguesa(sessao):
    html = render_to_string("heteroidentificacao/pdf/ata.html", pdf.contexto_da_ata(sessao))
    assert '<html lang="pt-BR">' in html


def test_rodape_de_cada_pagina_traz_o_endereco_completo_do_site(sessao, settings):
    settings.ENDERECO_PUBLICO = "https://concursos.cariacica.es.gov.br"
    for documento in (pdf.lista_de_convocacao_pdf(sessao), pdf.ata_pdf(sessao)):
        for pagina in PdfReader(io.BytesIO(documento)).pages:
            rodape = pagina.extract_text().splitlines()[-2:]
            assert any("· https://concursos.cariacica.es.gov.br" in linha for linha in rodape), rodape


# — Lista de convocação —


def test_convocacao_traz_edital_comissao_data_local_e_candidatos(sessao):
    conteudo = texto(pdf.lista_de_convocacao_pdf(sessao))
    assert "Edital nº 1/2025 — Concurso público de teste" in conteudo
    assert "Comissão ordinária de heteroidentificação — Negros" in conteudo
    assert "10/03/2025" in conteudo and "09:00 (horário de Brasília)" in conteudo and LOCAL in conteudo
    for numero in ("N1", "N2", "N3"):
        assert f"{numero} Candidato {numero}" in conteudo
    assert "GM — Guarda Municipal" in conteudo


def test_convocacao_mostra_o_link_da_videoconferencia_quando_nao_ha_local(sessao):
    Sessao.objects.filter(pk=sessao.pk).update(local="", link="https://videoconferencia.cariacica.es.gov.br/sala-3")
    sessao.refresh_from_db()
    assert "https://videoconferencia.cariacica.es.gov.br/sala-3" in texto(pdf.lista_de_convocacao_pdf(sessao))


def test_convocacao_so_tem_cpf_mascarado(sessao):
    conteudo = texto(pdf.lista_de_convocacao_pdf(sessao))
    for completo, mascarado in cpfs(sessao):
        assert mascarado in conteudo
        assert completo not in conteudo and formatar_cpf(completo) not in conteudo


def test_convocacao_da_comissao_recursal_e_recusada(sessao):
    recursal = Comissao.objects.get(tipo=Comissao.RECURSAL)
    with pytest.raises(ValidationError, match="A comissão recursal não convoca candidatos"):
        pdf.lista_de_convocacao_pdf(sessao_aberta(recursal))


# — Ata —


def test_ata_traz_os_membros_por_papel(sessao):
    conteudo = texto(pdf.ata_pdf(sessao))
    assert "Ana Quaresma Titular — presidente Presente 2" in conteudo
    for nome in ("Bruno Valadares", "Carla Ximenes", "Davi Wanderley", "Elisa Zanotelli"):
        assert f"{nome} Titular Presente 2" in conteudo
    # Com os cinco titulares presentes, os suplentes não compõem a sessão.
    assert "Fabio Yamada Suplente Não convocado 0" in conteudo and "Gil Ulhoa Suplente Não convocado 0" in conteudo


def test_ata_traz_presenca_filmagem_decisao_placar_e_motivo(sessao):
    conteudo = texto(pdf.ata_pdf(sessao))
    assert "N1 Candidato N1 GM — Guarda Municipal ***" in conteudo
    assert "Sim Não Confirmado 3 a 2 Motivo: confirmada por 3 a 2" in conteudo
    assert (
        "Sim Não Não confirmado 2 a 3 Motivo: não confirmada: 3 dos 5 membros votaram pela não confirmação" in conteudo
    )
    assert "Não Não Ausente — Motivo: candidato não compareceu ao procedimento" in conteudo


def test_ata_identifica_a_sessao_a_regra_o_encerramento_e_a_gravacao(sessao):
    conteudo = texto(pdf.ata_pdf(sessao))
    assert "10/03/2025, às 09:00 (horário de Brasília)" in conteudo and LOCAL in conteudo
    assert "5 membros, todos votam; a autodeclaração só não é confirmada com 3 votos pela não confirmação" in conteudo
    assert "Aberta em 10/03/2025 09:05, por Ana Quaresma" in conteudo
    assert "Encerrada em 10/03/2025 12:00, por Ana Quaresma" in conteudo
    assert f"Gravação {GRAVACAO}" in conteudo


def test_ata_tem_uma_linha_de_assinatura_para_cada_membro_presente(sessao):
    conteudo = texto(pdf.ata_pdf(sessao))
    assinaturas = conteudo.split("esta ata vai assinada pelos membros da comissão.")[1]
    for nome, papel in (("Ana Quaresma", "Titular — presidente"), ("Elisa Zanotelli", "Titular")):
        assert f"{nome} {papel}" in assinaturas
    assert "Gil Ulhoa" not in assinaturas and "Fabio Yamada" not in assinaturas
    assert sum(assinaturas.count(nome) for nome in nomes_dos_membros()) == 5


def test_ata_so_tem_cpf_mascarado(sessao):
    conteudo = texto(pdf.ata_pdf(sessao))
    for completo, mascarado in cpfs(sessao):
        assert mascarado in conteudo
        assert completo not in conteudo and formatar_cpf(completo) not in conteudo


def test_ata_de_sessao_nao_encerrada_e_recusada():
    cargo = cargo_com_cotistas()
    aberta = sessao_aberta(comissao(cargo.edital))
    with pytest.raises(ValidationError, match="A ata só é gerada depois do encerramento"):
        pdf.ata_pdf(aberta)


def test_ata_da_recursal_mostra_a_decisao_recorrida_sem_presenca(sessao):
    julgamento = julgar_recurso(recurso_de_n2(sessao), helena="confirma", igor="confirma", joana="nao_confirma")
    conteudo = texto(pdf.ata_pdf(julgamento))
    assert "Ata da sessão da comissão recursal" in conteudo
    assert "Não confirmado (2 a 3) Confirmado 2 a 1" in conteudo
    assert "Helena Tavernard Titular — presidente" in conteudo


# — Resultado —


def test_resultado_preliminar_traz_so_a_conclusao_de_cada_candidato(sessao):
    conteudo = texto(pdf.resultado_pdf(sessao.comissao, definitivo=False))
    assert "Resultado preliminar do procedimento de heteroidentificação" in conteudo
    assert "N1 Candidato N1 GM — Guarda Municipal Confirmado" in conteudo
    assert "N2 Candidato N2 GM — Guarda Municipal Não confirmado" in conteudo
    assert "N3 Candidato N3 GM — Guarda Municipal Ausente" in conteudo
    assert (
        "Sessão de 10/03/2025, resultado preliminar publicado em 10/03/2025: recurso até quarta-feira, 12/03/2025."
        in conteudo
    )


def test_resultado_nunca_traz_fundamentacao_placar_nem_nome_de_membro(sessao):
    conteudo = texto(pdf.resultado_pdf(sessao.comissao, definitivo=False))
    assert FUNDAMENTACAO_N2 not in conteudo and "Pele clara" not in conteudo
    assert "3 a 2" not in conteudo and "2 a 3" not in conteudo
    for nome in [*nomes_dos_membros(), *SOBRENOMES.values()]:
        assert nome not in conteudo


def test_resultado_pode_ser_pedido_pelo_edital_ou_pela_comissao_recursal(sessao):
    edital = sessao.comissao.edital
    recursal = Comissao.objects.get(tipo=Comissao.RECURSAL)
    esperado = texto(pdf.resultado_pdf(sessao.comissao, definitivo=False))
    assert texto(pdf.resultado_pdf(edital, definitivo=False)) == esperado
    assert texto(pdf.resultado_pdf(recursal, definitivo=False)) == esperado


def test_resultado_definitivo_e_recusado_com_o_prazo_de_recurso_aberto():
    sessao = sessao_julgada(encerrada_agora=True)
    fim = fim_do_prazo(timezone.localdate(), 2)  # dois dias, prorrogados ao dia útil
    aberto = f"prazo de recurso ainda está aberto para as inscrições N2 \\(até {fim:%d/%m/%Y}\\)"
    with pytest.raises(ValidationError, match=aberto):
        pdf.resultado_pdf(sessao.comissao, definitivo=True)


def test_resultado_definitivo_e_recusado_com_recurso_nao_julgado(sessao):
    recurso_de_n2(sessao)
    with pytest.raises(ValidationError, match="Há recurso ainda não julgado \\(inscrições N2\\)"):
        pdf.resultado_pdf(sessao.comissao, definitivo=True)


def test_resultado_definitivo_traz_a_decisao_da_recursal(sessao):
    julgar_recurso(recurso_de_n2(sessao), helena="confirma", igor="confirma", joana="nao_confirma")
    conteudo = texto(pdf.resultado_pdf(sessao.comissao, definitivo=True))
    assert "Resultado definitivo do procedimento de heteroidentificação" in conteudo
    assert "N2 Candidato N2 GM — Guarda Municipal Confirmado" in conteudo
    assert "Tavernard" not in conteudo and "2 a 1" not in conteudo


def test_sem_recurso_e_com_o_prazo_vencido_o_definitivo_repete_o_preliminar(sessao):
    conteudo = texto(pdf.resultado_pdf(sessao.comissao, definitivo=True))
    assert "N2 Candidato N2 GM — Guarda Municipal Não confirmado" in conteudo


def test_o_definitivo_publicado_e_ato_do_registro_so_pela_inscricao_e_vai_ao_portal(sessao, client, settings):
    settings.PORTAL_DIAS_DEPOIS_DA_VALIDADE = 36500  # o portal, não a validade do edital de teste, está em questão
    comissao_ = sessao.comissao
    client.force_login(rh())
    tela = client.get(reverse("admin:heteroidentificacao_comissao_resultado", args=[comissao_.pk])).content.decode()
    assert "Confirmar e publicar o resultado definitivo" in tela
    client.post(reverse("admin:heteroidentificacao_comissao_publicar_definitivo", args=[comissao_.pk]))
    ato = AtoPublicado.objects.get(tipo=RESULTADO_DA_HETEROIDENTIFICACAO)
    conteudo = texto(bytes(ato.conteudo))
    assert f"Código de verificação {ato.codigo}" in conteudo and "N2 GM — Guarda Municipal Não confirmado" in conteudo
    assert "Candidato N2" not in conteudo and "***." not in conteudo  # só a inscrição: nem nome, nem CPF
    client.post(reverse("admin:heteroidentificacao_comissao_publicar_definitivo", args=[comissao_.pk]))
    assert AtoPublicado.objects.exclude(pk=ato.pk).get(tipo=RESULTADO_DA_HETEROIDENTIFICACAO).retifica == ato
    auditado = RegistroDeAuditoria.objects.filter(acao="resultado_definitivo_publicado").order_by("id").first()
    assert auditado.usuario == rh() and auditado.depois["codigo"] == ato.codigo
    client.logout()
    no_portal = [a for a in atos_do_edital(comissao_.edital) if a.tipo == RESULTADO_DA_HETEROIDENTIFICACAO]
    assert client.get(no_portal[0].documento).content == bytes(ato.conteudo)


def test_o_definitivo_publicado_nunca_diz_declaracao_falsa(sessao):
    falsa, nao = (
        resultado_definitivo.ROTULOS_FINAIS[DECLARACAO_FALSA],
        resultado_definitivo.ROTULOS_FINAIS[NAO_CONFIRMADO],
    )
    linha = {"numero": "N2", "cargo": "GM", "final": falsa, "nome": "Candidato N2"}
    contexto = {"secoes": [{"grupo": "Negros", "linhas": [linha]}]}
    with mock.patch.object(resultado_definitivo, "contexto_do_resultado", return_value=contexto):
        publicado = resultado_definitivo.contexto_publicado(sessao.comissao)
    assert publicado["secoes"][0]["linhas"] == [{"numero": "N2", "cargo": "GM", "final": nao}]


def n4_optou_pelo_grupo(sessao):
    cargo = sessao.comissao.edital.cargos.get()
    return inscricao(cargo, "N4", 74, grupos={"negros": "pendente"})


def test_resultado_definitivo_e_recusado_com_candidato_ainda_nao_chamado(sessao):
    n4_optou_pelo_grupo(sessao)
    with pytest.raises(ValidationError, match="inscrições N4 \\(ainda não chamada pela comissão\\)"):
        pdf.resultado_pdf(sessao.comissao, definitivo=True)
    assert "N4" not in texto(pdf.resultado_pdf(sessao.comissao, definitivo=False))  # o preliminar sai


def test_resultado_definitivo_e_recusado_com_candidato_em_sessao_nao_encerrada(sessao):
    outra = sessao_aberta(sessao.comissao, inicio=local(2025, 3, 12))
    chamar(outra, n4_optou_pelo_grupo(sessao))
    with pytest.raises(ValidationError, match="N4 \\(chamada à sessão de 12/03/2025, ainda não encerrada\\)"):
        pdf.resultado_pdf(sessao.comissao, definitivo=True)


def test_resultado_definitivo_e_recusado_com_candidato_sem_quorum_de_sessao_antiga_nao_julgado_de_novo(sessao):
    """Pela regra anterior ao §10, um candidato com menos de 3 votos saía pendente "sem quórum"; as
    sessões encerradas assim guardam essa decisão (nunca recalculada) e ele espera nova sessão."""
    outra = sessao_aberta(sessao.comissao, inicio=local(2025, 3, 12))
    n4 = chamar(outra, n4_optou_pelo_grupo(sessao))
    n4.motivo_da_decisao = "sem quórum: 2 voto(s), mínimo de 3"
    n4.save()
    Sessao.objects.filter(pk=outra.pk).update(status=Sessao.ENCERRADA, encerrada_em=local(2025, 3, 12, 12))
    with pytest.raises(ValidationError) as recusa:
        pdf.resultado_pdf(sessao.comissao, definitivo=True)
    assert "Há candidato ainda sem decisão da comissão (inscrições N4 (sem quórum, aguardando nova sessão))" in str(
        recusa.value
    )


def test_resultado_definitivo_reflete_a_declaracao_falsa_constatada(sessao):
    """N1 foi confirmada pela comissão; depois, a declaração falsa foi constatada em processo."""
    n1 = sessao.comissao.edital.inscricoes.get(numero="N1")
    processo = services.instaurar_apuracao(
        n1, numero="PA 2025/7", fatos="Denúncia.", instaurado_em=date(2025, 6, 2), por=rh()
    )
    processo = services.notificar(processo, notificado_em=date(2025, 6, 3), dias_para_defesa=10, por=rh())
    services.decidir_apuracao(
        processo, decisao="procedente", fundamentacao="Má-fé.", decidido_em=date(2025, 6, 14), por=rh()
    )
    conteudo = texto(pdf.resultado_pdf(sessao.comissao, definitivo=True))
    assert "N1 Candidato N1 GM — Guarda Municipal Declaração falsa (apurada em processo)" in conteudo
    assert "N1 Candidato N1 GM — Guarda Municipal Confirmado" not in conteudo
    (linha,) = [
        linha
        for linha in pdf.contexto_do_resultado(sessao.comissao, True)["secoes"][0]["linhas"]
        if linha["numero"] == "N1"
    ]
    assert linha["preliminar"] == "Confirmado" and linha["final"] == "Declaração falsa (apurada em processo)"


def test_declaracao_falsa_de_quem_a_comissao_nao_julgou_entra_no_resultado(sessao):
    n4 = n4_optou_pelo_grupo(sessao)
    processo = services.instaurar_apuracao(
        n4, numero="PA 2025/8", fatos="Denúncia.", instaurado_em=date(2025, 6, 2), por=rh()
    )
    processo = services.notificar(processo, notificado_em=date(2025, 6, 3), dias_para_defesa=10, por=rh())
    services.decidir_apuracao(
        processo, decisao="procedente", fundamentacao="Má-fé.", decidido_em=date(2025, 6, 14), por=rh()
    )
    conteudo = texto(pdf.resultado_pdf(sessao.comissao, definitivo=True))  # N4 não é pendente
    assert "N4 Candidato N4 GM — Guarda Municipal Declaração falsa (apurada em processo)" in conteudo


# — Pareceres entregues ao candidato —


def test_pareceres_do_candidato_trazem_voto_e_fundamentacao_sem_nomes(sessao):
    conteudo = texto(pdf.parecer_do_candidato_pdf(chamado_de(sessao, "N2")))
    for numero in range(1, 6):
        assert f"Parecer {numero}:" in conteudo
    assert "Parecer 6" not in conteudo and "Membro 1" not in conteudo
    assert conteudo.count(FUNDAMENTACAO_N2) == 3
    assert "Decisão Não confirmado Placar 2 a 3" in conteudo
    for nome in [*SOBRENOMES.values(), *(n.capitalize() for n in (*ORDINARIOS, *SUPLENTES, *RECURSAIS))]:
        assert nome not in conteudo


def test_pareceres_do_candidato_nao_seguem_a_ordem_de_registro_nem_a_dos_membros(sessao):
    """N4 é julgado na ordem Elisa (não), Davi (sim), Carla (não), Bruno (sim), Ana (sim). Se o PDF numerasse
    pela ordem de registro, "Parecer 1" seria o primeiro "parecer_registrado" da trilha de auditoria,
    que traz o usuário e a hora: o PDF os agrupa pelo voto (e pelo texto), sem hora."""
    cargo = sessao.comissao.edital.cargos.get()
    inscricao(cargo, "N4", 74, grupos={"negros": "pendente"})
    outra = sessao_aberta(sessao.comissao, inicio=local(2025, 3, 12))
    n4 = chamar(outra, cargo.inscricoes.get(numero="N4"))
    votar(n4, elisa="nao_confirma", davi="confirma", carla="nao_confirma", bruno="confirma", ana="confirma")
    encerrar(outra)
    votos = [p["voto"] for p in pdf.contexto_do_parecer(n4)["pareceres"]]
    assert votos == ["Confirma a autodeclaração"] * 3 + ["Não confirma a autodeclaração"] * 2
    assert "registrado_em" not in str(pdf.contexto_do_parecer(n4)["pareceres"])


def test_pareceres_do_nao_confirmado_dizem_o_prazo_de_recurso(sessao):
    conteudo = texto(pdf.parecer_do_candidato_pdf(chamado_de(sessao, "N2")))
    assert (
        "no prazo de 2 dias contados da publicação do resultado preliminar em 10/03/2025, de 11/03/2025 a "
        "quarta-feira, 12/03/2025" in conteudo
    )
    assert "(Art. 2º, §2º)" in conteudo


def test_pareceres_so_depois_do_encerramento():
    cargo = cargo_com_cotistas()
    aberta = sessao_aberta(comissao(cargo.edital))
    chamado = julgar(aberta, cargo.inscricoes.get(numero="N1"), ana="confirma")
    with pytest.raises(ValidationError, match="depois do encerramento da sessão"):
        pdf.parecer_do_candidato_pdf(chamado)


# — Ofício ao Ministério Público —


def processo_decidido(sessao, decisao="procedente"):
    processo = services.instaurar_apuracao(
        chamado_de(sessao, "N1").inscricao,
        numero="PA 2025/0042",
        fatos="Denúncia com documentos em que o candidato se declara branco em outro certame.",
        instaurado_em=date(2025, 6, 2),
        por=rh(),
    )
    processo = services.notificar(processo, notificado_em=date(2025, 6, 3), por=rh())
    processo = services.registrar_defesa(processo, texto="Sou pardo.", apresentada_em=date(2025, 6, 5), por=rh())
    fundamentacao = "Documentos públicos assinados pelo candidato o declaram branco; má-fé comprovada."
    return services.decidir_apuracao(
        processo, decisao=decisao, fundamentacao=fundamentacao, decidido_em=date(2025, 6, 6), por=rh()
    ).processo


def test_oficio_e_recusado_se_o_processo_nao_e_procedente(sessao):
    with pytest.raises(ValidationError, match="está: improcedente"):
        pdf.oficio_ministerio_publico_pdf(processo_decidido(sessao, "improcedente"))


def test_oficio_e_recusado_com_o_processo_em_andamento(sessao):
    processo = services.instaurar_apuracao(
        chamado_de(sessao, "N1").inscricao, numero="PA 1", fatos="Denúncia.", instaurado_em=date(2025, 6, 2), por=rh()
    )
    with pytest.raises(ValidationError, match="está: em andamento"):
        pdf.oficio_ministerio_publico_pdf(processo)


def test_oficio_identifica_o_processo_e_o_candidato_com_cpf_mascarado(sessao):
    processo = processo_decidido(sessao)
    candidato = processo.inscricao.candidato
    conteudo = texto(pdf.oficio_ministerio_publico_pdf(processo))
    assert "Ao Ministério Público do Estado do Espírito Santo" in conteudo
    assert "Processo administrativo PA 2025/0042" in conteudo and "Inscrição N1" in conteudo
    assert f"Candidato Candidato N1 CPF {candidato.cpf_mascarado}" in conteudo
    assert candidato.cpf not in conteudo and formatar_cpf(candidato.cpf) not in conteudo
    assert "serão fornecidos mediante requisição deste órgão" in conteudo


def test_oficio_traz_fatos_decisao_fundamentacao_e_anexos(sessao):
    conteudo = texto(pdf.oficio_ministerio_publico_pdf(processo_decidido(sessao)))
    assert "se declara branco em outro certame" in conteudo
    assert "Declaração falsa constatada (procedente), em 06/06/2025" in conteudo
    assert "má-fé comprovada" in conteudo
    assert "Art. 2º, §1º" in conteudo and "deflagração da ação penal respectiva" in conteudo
    assert "Cópia da autodeclaração étnico-racial apresentada na inscrição nº N1" in conteudo
    assert "Cópia da defesa apresentada pelo candidato (05/06/2025)" in conteudo
    assert "Cópia da ata da sessão de heteroidentificação de 10/03/2025" in conteudo


def test_oficio_traz_o_nome_civil_de_quem_usa_nome_social(sessao):
    candidato = chamado_de(sessao, "N1").inscricao.candidato
    candidato.nome, candidato.nome_social = "José da Silva", "Joana da Silva"
    candidato.save()
    conteudo = texto(pdf.oficio_ministerio_publico_pdf(processo_decidido(sessao)))
    assert "Joana da Silva (nome civil: José da Silva)" in conteudo


# — Rodapé e metadados —


def test_cada_pdf_tem_titulo_paginas_e_data_de_brasilia(sessao):
    documentos = {
        "Convocação para o procedimento de heteroidentificação": pdf.lista_de_convocacao_pdf(sessao),
        "Ata da sessão da comissão ordinária": pdf.ata_pdf(sessao),
        "Resultado preliminar do procedimento de heteroidentificação": pdf.resultado_pdf(sessao.comissao, False),
        "Pareceres da comissão de heteroidentificação": pdf.parecer_do_candidato_pdf(chamado_de(sessao, "N2")),
        "Ofício ao Ministério Público do Estado do Espírito Santo": pdf.oficio_ministerio_publico_pdf(
            processo_decidido(sessao)
        ),
    }
    for nome, conteudo in documentos.items():
        assert titulo(conteudo) == f"{nome} — Edital nº 1/2025 — Concurso público de teste"
        extraido = texto(conteudo)
        assert "Gerado em 10/03/2025" in extraido and "11/03/2025 " not in extraido.split("Gerado em")[1][:12]
        assert "Página 1 de" in extraido


# — Comando exportar_pdf_heteroidentificacao —


def test_comando_grava_a_ata_em_arquivo(sessao, tmp_path):
    saida = tmp_path / "ata.pdf"
    call_command("exportar_pdf_heteroidentificacao", "ata", str(sessao.pk), "--saida", str(saida), stdout=io.StringIO())
    assert "Ana Quaresma Titular — presidente" in texto(saida.read_bytes())


def test_comando_recusa_sem_deixar_arquivo(tmp_path):
    cargo = cargo_com_cotistas()
    aberta = sessao_aberta(comissao(cargo.edital))
    saida = tmp_path / "ata.pdf"
    with pytest.raises(CommandError, match="PDF não gerado: A ata só é gerada depois do encerramento"):
        call_command("exportar_pdf_heteroidentificacao", "ata", str(aberta.pk), "--saida", str(saida))
    assert not saida.exists()
