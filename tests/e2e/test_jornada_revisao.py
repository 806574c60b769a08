"""Jornada do RH no navegador: uma decisão judicial depois da convocação (docs/REGRAS.md §8).

Cenário (fictício, o exemplo ``recurso-deferido-depois-da-convocacao``): 5 vagas (ampla 1ª, 2ª e
4ª; negros 3ª; PcD 5ª). Yara, parda, não foi confirmada pela comissão e ficou fora da lista de
negros; Zeca foi convocado na 3ª vaga e o resultado, publicado. Uma sentença reconhece Yara como
negra: a servidora registra a decisão judicial pela ficha da inscrição (a verificação não se
digita; vem de um ato), vê antes o efeito (Yara chamada na hora na 6ª vaga, além das 5; Zeca
mantido), confirma, e o resultado em PDF mostra os dois.
"""

import io
from datetime import date

import pytest
from pypdf import PdfReader

from concursos import services
from tests.concursos.fabricas import edital, inscricao
from tests.e2e.acessibilidade import conferir_acessibilidade

try:
    from playwright.sync_api import expect
except ImportError:  # pulado (ou falha com EXIGIR_NAVEGADOR=1) por tests/conftest.py
    expect = None


@pytest.fixture
def cargo_publicado_e_yara(servidor_do_rh):
    cargo = edital(criado_por=servidor_do_rh, numero=12, cargos=(("AGE", "Agente Administrativo", 5),)).cargos.get()
    for numero, nome, nota in (("A", "Ana Almeida", 95), ("B", "Bruno Barros", 94), ("C", "Carla Campos", 93)):
        inscricao(cargo, numero, nota, nome=nome)
    inscricao(cargo, "D", 92, nome="Davi Dias")
    yara = inscricao(cargo, "Y", 88, nome="Yara Souza", grupos={"negros": "nao_confirmado"})
    inscricao(cargo, "E", 87, nome="Elisa Ramos")
    inscricao(cargo, "Z", 80, nome="Zeca Pereira", grupos={"negros": "confirmado"})
    inscricao(cargo, "P", 70, nome="Paulo Lima", grupos={"pcd": "confirmado"})
    versao = services.gerar_resultado(cargo, por=servidor_do_rh)
    services.publicar_resultado(versao, por=servidor_do_rh)
    assert [c["inscricao"] for c in versao.saida["convocacoes"]] == ["A", "B", "Z", "C", "P"]
    assert date.today() >= cargo.edital.publicado_em
    return cargo, yara


def test_recurso_deferido_depois_da_convocacao_do_registro_ao_pdf(
    entrar, servidor_do_rh, cargo_publicado_e_yara, live_server
):
    cargo, yara = cargo_publicado_e_yara
    pagina = entrar(servidor_do_rh)

    # Na ficha da inscrição publicada a verificação não se edita: vem de um ato, que vira evento.
    pagina.goto(f"{live_server.url}/admin/concursos/inscricao/{yara.pk}/change/")
    conferir_acessibilidade(pagina, "ficha da inscrição publicada")
    pagina.get_by_role("link", name="Registrar decisão judicial").click()
    pagina.get_by_label("Grupo").select_option("negros")
    pagina.get_by_label("Verificação decidida").select_option("confirmado")
    pagina.get_by_label("Número do processo judicial").fill("5001234-56.2025.8.08.0012")
    pagina.get_by_label("Documento").fill("Sentença de 02/06/2025")
    pagina.get_by_label("Data do ato").fill("02/06/2025")
    pagina.get_by_label("O que a decisão determina").fill("Reconhecer a candidata como negra.")
    conferir_acessibilidade(pagina, "registrar decisão judicial")
    pagina.get_by_role("button", name="Ver o efeito antes de registrar").click()

    # A confirmação mostra o efeito calculado pelo motor, sem gravar.
    expect(pagina.get_by_text("Nada foi gravado ainda.")).to_be_visible()
    convocados = pagina.locator(".module", has=pagina.get_by_role("heading", name="Quem será convocado"))
    chamada = convocados.get_by_role("row").filter(has_text="Yara Souza")
    expect(chamada).to_contain_text("6ª")
    expect(chamada).to_contain_text("além das 5")
    mantidos = pagina.locator(".module", has=pagina.get_by_role("heading", name="Quem é mantido"))
    expect(mantidos.get_by_role("row").filter(has_text="Zeca Pereira")).to_contain_text("3ª")
    conferir_acessibilidade(pagina, "confirmar a decisão judicial")
    pagina.get_by_role("button", name="Confirmar e registrar").click()

    # A página do evento: Yara convocada na hora, Zeca mantido na 3ª vaga.
    expect(pagina.locator("ul.messagelist li.success")).to_contain_text("Versão 2 do resultado gerada")
    agora = pagina.locator(".module", has=pagina.get_by_role("heading", name="Quem é convocado agora"))
    expect(agora.get_by_role("row").filter(has_text="Yara Souza")).to_contain_text("6ª")
    expect(pagina.get_by_text("Zeca Pereira").first).to_be_visible()

    # O PDF do resultado traz a ordem vigente com a 6ª vaga e a marca de mantido.
    conferir_acessibilidade(pagina, "página do evento da decisão")
    pagina.get_by_role("link", name="Resultado completo (versão 2)").click()
    with pagina.expect_download() as baixado:
        pagina.get_by_role("link", name="Baixar resultado (PDF)").click()
    conteudo = baixado.value.path().read_bytes()
    texto = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(conteudo)).pages)
    assert "Yara Souza" in texto and "Mantido pelo evento 1" in texto
    assert "além das 5" in texto
