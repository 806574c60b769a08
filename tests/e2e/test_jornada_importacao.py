"""Jornada no navegador: a servidora do RH importa o arquivo da banca como ele veio (cabeçalhos
próprios, Windows-1252, ``;``, cargo pelo nome, "PRETA"/"S"/"N"), numa tela de 1366 px.

Envia o arquivo → a tela de mapeamento já traz as sugestões → corrige uma coluna, salva o leiaute →
confere o "lido como" e as contagens na prévia (que cabe na largura da tela) → confirma. Depois, um
arquivo com o cargo escrito errado em todas as linhas mostra UM erro na tabela, com a sugestão.
"""

import pytest

from comum.cpf import completar_cpf
from concursos.models import Inscricao, LeiauteDeImportacao
from tests.concursos.fabricas import edital
from tests.e2e.acessibilidade import conferir_acessibilidade

try:
    from playwright.sync_api import expect
except ImportError:  # pulado (ou falha com EXIGIR_NAVEGADOR=1) por tests/conftest.py
    expect = None

LARGURA = 1366
CABECALHO = "Nº de Inscrição;CPF;Nome do Candidato;Cargo;Raça/Cor;Cotista Negro;Deficiente;Nota Final;Observação"


def cpf(indice: int) -> str:
    numero = completar_cpf(f"{314159000 + indice:09d}")
    return f"{numero[:3]}.{numero[3:6]}.{numero[6:9]}-{numero[9:]}"


def arquivo(pasta, nome, linhas):
    caminho = pasta / nome
    caminho.write_bytes("\r\n".join([CABECALHO, *linhas]).encode("cp1252"))
    return caminho


def cabe_na_tela(pagina) -> bool:
    return pagina.evaluate("document.documentElement.scrollWidth") <= LARGURA


def test_rh_importa_o_arquivo_da_banca_pelo_mapeamento_e_ve_os_erros_em_tabela(
    pagina, live_server, entrar, servidor_do_rh, tmp_path
):
    edital(numero=9, cargos=(("ASG", "Auxiliar de Serviços Gerais", 5),))
    pagina.set_viewport_size({"width": LARGURA, "height": 800})
    linhas = [
        f"1;{cpf(1)};Joana Conceição Araújo;Auxiliar de Serviços Gerais;PRETA;S;N;81,5;sala 3",
        f"2;{cpf(2)};Lúcio Simões;auxiliar de servicos gerais;Pardo;Sim;;77;sala 3",
        f"3;{cpf(3)};Célia Brandão;ASG;Branca;não;não;70,25;",
    ]
    entrar(servidor_do_rh)

    pagina.goto(f"{live_server.url}/admin/concursos/inscricao/import/")
    pagina.get_by_label("Edital").select_option(label="9/2025")
    pagina.get_by_label("Arquivo a ser importado").set_input_files(arquivo(tmp_path, "banca.csv", linhas))
    pagina.get_by_role("button", name="Enviar").click()

    # O mapeamento: cada coluna com exemplos e a sugestão já escolhida; a "Observação" fica ignorada.
    expect(pagina.get_by_role("heading", name="de qual campo é cada coluna do arquivo?")).to_be_visible()
    expect(pagina.get_by_label("Coluna C: Nome do Candidato")).to_have_value("nome")
    expect(pagina.get_by_label("Coluna F: Cotista Negro")).to_have_value("negros")
    expect(pagina.get_by_label("Coluna I: Observação")).to_have_value("ignorar")
    expect(pagina.get_by_text("“Joana Conceição Araújo”")).to_be_visible()
    assert cabe_na_tela(pagina)
    conferir_acessibilidade(pagina, "mapeamento das colunas")
    pagina.get_by_label("Salvar este mapeamento como leiaute").check()
    pagina.get_by_label("Banca").fill("Instituto Exemplo")
    pagina.get_by_label("Nome do leiaute").fill("Resultado final")
    pagina.get_by_role("button", name="Ver a prévia com este mapeamento").click()

    # A prévia: contagens, o "lido como" de cada grafia e as linhas, sem rolar para o lado.
    expect(pagina.get_by_text("Leiaute “Instituto Exemplo — Resultado final” salvo")).to_be_visible()
    expect(pagina.locator(".contagens-da-importacao")).to_contain_text("3 inscrições novas")
    lido_como = pagina.locator("table.tabela-lido-como")
    expect(lido_como.locator("tr", has_text="“PRETA”")).to_contain_text("preta")
    expect(lido_como.locator("tr", has_text="“Pardo”")).to_contain_text("parda")
    expect(lido_como.locator("tr", has_text="“N”")).to_contain_text("não")
    assert cabe_na_tela(pagina) and not Inscricao.objects.exists()
    conferir_acessibilidade(pagina, "prévia da importação pelo mapeamento")
    pagina.get_by_role("button", name="Confirmar importação").click()

    expect(pagina.locator("ul.messagelist li.success")).to_contain_text("3 inscrições novas, 0 atualizadas")
    assert Inscricao.objects.filter(cargo__codigo="ASG").count() == 3
    assert LeiauteDeImportacao.objects.filter(banca="Instituto Exemplo").exists()

    # O cargo escrito errado em 40 linhas: uma linha na tabela de erros, com a sugestão; nada gravado.
    erradas = [f"{100 + i};{cpf(100 + i)};Pessoa {i};Auxiliar de Servicos Gerai;Parda;não;não;60;" for i in range(40)]
    pagina.goto(f"{live_server.url}/admin/concursos/inscricao/import/")
    pagina.get_by_label("Edital").select_option(label="9/2025")
    pagina.get_by_label("Arquivo a ser importado").set_input_files(arquivo(tmp_path, "errado.csv", erradas))
    pagina.get_by_role("button", name="Enviar").click()
    expect(pagina.get_by_label("Leiaute salvo com estes cabeçalhos")).to_have_value(
        str(LeiauteDeImportacao.objects.get().pk)
    )
    pagina.get_by_role("button", name="Ver a prévia com este mapeamento").click()

    erros = pagina.locator("table.tabela-de-erros tbody tr")
    expect(erros).to_have_count(1)
    expect(erros.first).to_contain_text("2–41")
    expect(erros.first).to_contain_text("quis dizer ASG")
    expect(pagina.get_by_role("link", name="Baixar a lista dos erros (CSV, um por linha)")).to_be_visible()
    expect(pagina.get_by_role("button", name="Confirmar importação")).to_have_count(0)
    assert cabe_na_tela(pagina) and Inscricao.objects.count() == 3
    conferir_acessibilidade(pagina, "tabela dos erros da importação")


pytestmark = pytest.mark.navegador
