"""Jornada do aviso pessoal no navegador (issue 28): o RH publica o edital de convocação de Z e de P
na página do cargo; o trabalhador entrega os e-mails a um servidor SMTP de verdade no loopback
(``servidor_smtp``), que recusa o endereço de P; o link do e-mail de Z abre o ato e o botão grava a
ciência; a página do cargo mostra Z ciente e P com o envio falho, e o reenvio chega."""

import re
from datetime import date

from django.core.management import call_command

from concursos import services
from concursos.models import Candidato, Edital
from tests.concursos.fabricas import cargo_do_exemplo_da_alternancia
from tests.e2e.acessibilidade import conferir_acessibilidade

try:
    from playwright.sync_api import expect
except ImportError:  # pulado (ou falha com EXIGIR_NAVEGADOR=1) por tests/conftest.py
    expect = None

ZACARIAS, PAULA = "zacarias@exemplo.com.br", "paula@exemplo.com.br"


def trabalhar():
    """O trabalhador de verdade (``manage.py db_worker``), até a fila esvaziar."""
    call_command("db_worker", "--batch", "--interval", "0", verbosity=0)


def test_o_convocado_recebe_o_email_abre_o_link_declara_ciencia_e_o_rh_ve_e_reenvia_o_que_falhou(
    pagina, live_server, entrar, servidor_do_rh, servidor_smtp, settings
):
    settings.ENDERECO_DOS_AVISOS = live_server.url
    cargo = cargo_do_exemplo_da_alternancia()
    Edital.objects.filter(pk=cargo.edital_id).update(validade_ate=date(2026, 6, 30))
    services.publicar_resultado(services.gerar_resultado(cargo, por=servidor_do_rh), por=servidor_do_rh)
    for numero, endereco in (("Z", ZACARIAS), ("P", PAULA)):
        Candidato.objects.filter(inscricoes__cargo=cargo, inscricoes__numero=numero).update(email=endereco)
    servidor_smtp.recusados.add(PAULA)

    entrar(servidor_do_rh)
    pagina.goto(f"{live_server.url}/admin/concursos/cargo/{cargo.pk}/change/")
    pagina.get_by_role("checkbox", name=re.compile("Incluir Z no edital")).check()
    pagina.get_by_role("checkbox", name=re.compile("Incluir P no edital")).check()
    pagina.get_by_role("button", name="Edital de convocação dos marcados…").click()
    pagina.get_by_label("Número do ato").fill("12/2025")
    pagina.get_by_label("Data do ato").fill("02/06/2025")
    pagina.get_by_label("Onde apresentar os documentos e tomar posse").fill("Secretaria de Administração, Rua X, 100")
    pagina.get_by_role("button", name="Conferir o que fica público").click()  # o ato como sai, sem gravar
    pagina.get_by_role("button", name="Confirmar e publicar").click()
    expect(pagina.locator("ul.messagelist li.success")).to_contain_text("Ato de convocação nº 12/2025 publicado")

    trabalhar()  # o trabalhador entrega ao servidor SMTP
    (mensagem,) = servidor_smtp.para(ZACARIAS)
    corpo = mensagem.get_body().get_content()
    assert "Secretaria de Administração, Rua X, 100" in corpo and "até 02/07/2025" in corpo
    (link,) = set(re.findall(r"http://\S+/concursos/aviso/[\w:-]+/", corpo))
    assert servidor_smtp.para(PAULA) == []

    # O candidato (outra janela, sem login) abre o link: vê o ato; o botão registra a ciência.
    candidato = pagina.context.browser.new_page()
    candidato.goto(link)
    expect(candidato.get_by_role("heading", name="Aviso pessoal")).to_be_visible()
    expect(candidato.get_by_text("Edital de convocação nº 12/2025")).to_be_visible()
    conferir_acessibilidade(candidato, "página do aviso pessoal")
    candidato.get_by_role("button", name="Estou ciente").click()
    expect(candidato.get_by_role("status")).to_contain_text("Ciência registrada.")
    candidato.close()

    # O RH, na página do cargo: Z ciente; P falhou (recusado pelo servidor), com o reenvio.
    pagina.reload()  # a página do cargo, aberta desde a publicação, lida de novo
    quadro = pagina.locator("#avisos-pessoais")
    expect(quadro.get_by_role("row").filter(has_text="Candidato Z")).to_contain_text("ciente em")
    linha_de_p = quadro.get_by_role("row").filter(has_text="Candidato P")
    expect(linha_de_p).to_contain_text("falhou")
    expect(linha_de_p).to_contain_text("550")
    expect(linha_de_p).to_contain_text("p***@e***.com.br")
    expect(quadro).not_to_contain_text(PAULA)
    conferir_acessibilidade(pagina, "ficha do cargo com os avisos pessoais")

    servidor_smtp.recusados.discard(PAULA)  # a caixa postal de P passou a existir
    linha_de_p.get_by_role("button", name=re.compile("Reenviar o aviso a P")).click()
    expect(pagina.locator("ul.messagelist li.success")).to_contain_text("e-mail na fila para p***@e***.com.br")
    trabalhar()
    assert len(servidor_smtp.para(PAULA)) == 1
    pagina.reload()
    expect(pagina.locator("#avisos-pessoais").get_by_role("row").filter(has_text="Candidato P")).to_contain_text(
        "avisado(a)"
    )
