"""Jornada do RH no navegador, do edital à desistência, pelas telas que a servidora usa.

Cenário (fictício): edital 7/2025 com dois cargos. A Guarda Municipal (35 vagas) mostra o quadro
de vagas: 26 ampla, 7 negros (3ª, 8ª, 13ª…), 2 PcD. O Agente Administrativo (5 vagas: 3 ampla,
1 negros na 3ª, 1 PcD na 5ª) recebe as 12 inscrições do arquivo da banca: Yasmin, negra, entra
pela ampla (Art. 3º, §1º), Zacarias ocupa a vaga reservada e, quando desiste, a vaga passa a
Wellington, o próximo negro (Art. 3º, §2º).
"""

import io
import re

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.utils import timezone
from docx import Document
from pypdf import PdfReader

from comum.cpf import completar_cpf
from concursos.models import Edital, Inscricao, OpcaoDeGrupo
from tests.e2e.acessibilidade import conferir_acessibilidade

try:
    from playwright.sync_api import expect
except ImportError:  # pulado (ou falha com EXIGIR_NAVEGADOR=1) por tests/conftest.py
    expect = None

CARGO = "AGE — Agente Administrativo"
# inscrição, nome, nascimento, cor/raça, negros, pcd, nota (vírgula decimal, como a banca manda)
INSCRICOES = [
    ("1001", "Ana Beatriz Souza", "12/01/1985", "branca", "não", "não", "95,5"),
    ("1002", "Bruno Henrique Carvalho", "03/07/1990", "branca", "não", "não", "94"),
    ("1003", "Yasmin Oliveira Santos", "21/09/1992", "parda", "sim", "não", "93,25"),
    ("1004", "Carlos Eduardo Lima", "30/04/1988", "branca", "não", "não", "92"),
    ("1005", "Daniela Rocha Prates", "15/02/1979", "amarela", "não", "não", "91,75"),
    ("1006", "Zacarias Nascimento", "08/11/1986", "preta", "sim", "não", "80,25"),
    ("1007", "Wellington da Conceição", "27/06/1994", "parda", "sim", "não", "75"),
    ("1008", "Paula Regina Freitas", "19/03/1983", "branca", "não", "sim", "70,5"),
    ("1009", "Quitéria Alves Moura", "02/12/1975", "parda", "não", "sim", "60"),
    ("1010", "Everton Gomes Pereira", "11/08/1991", "branca", "não", "não", "88"),
    ("1011", "Fabiana Teixeira Rangel", "25/05/1987", "branca", "não", "não", "86,5"),
    ("1012", "Gilberto Ramos Vieira", "09/10/1980", "branca", "não", "não", "84"),
]


def arquivo_da_banca(pasta):
    """CSV como o da banca: ``;``, Windows-1252, vírgula decimal, datas dd/mm/aaaa, CPF com máscara."""
    linhas = ["inscricao;cpf;nome;nascimento;cargo;cor_raca;negros;pcd;nota"]
    for indice, (numero, nome, nascimento, cor, negros, pcd, nota) in enumerate(INSCRICOES, start=1):
        cpf = completar_cpf(f"{271828000 + indice:09d}")
        cpf = f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"
        linhas.append(";".join([numero, cpf, nome, nascimento, "AGE", cor, negros, pcd, nota]))
    caminho = pasta / "inscricoes-edital-7-2025.csv"
    caminho.write_bytes("\r\n".join(linhas).encode("cp1252"))
    return caminho


def mensagem_de_sucesso(pagina):
    return pagina.locator("ul.messagelist li.success")


def test_pagina_de_login_do_admin_abre_em_portugues(pagina, live_server):
    pagina.goto(f"{live_server.url}/admin/login/")

    expect(pagina).to_have_title(re.compile("Acessar"))
    expect(pagina.get_by_label("Usuário")).to_be_visible()
    expect(pagina.get_by_role("button", name="Acessar")).to_be_visible()
    conferir_acessibilidade(pagina, "login")


def test_rh_cria_edital_importa_publica_e_registra_desistencia_que_chama_o_proximo_negro(
    entrar, servidor_do_rh, live_server, tmp_path
):
    pagina = entrar(servidor_do_rh)

    criar_edital_com_dois_cargos(pagina, live_server.url)
    conferir_quadro_de_vagas_e_baixar_o_pdf(pagina)
    importar_inscricoes(pagina, live_server.url, arquivo_da_banca(tmp_path))
    confirmar_as_verificacoes(pagina)
    gerar_abrir_e_publicar_o_resultado(pagina, live_server.url)
    registrar_desistencia_de_quem_ocupa_a_vaga_reservada(pagina)
    publicar_e_imprimir_o_edital_de_convocacao(pagina)


def criar_edital_com_dois_cargos(pagina, url):
    pagina.goto(f"{url}/admin/concursos/edital/add/")
    pagina.get_by_label("Número").fill("7")
    pagina.get_by_label(re.compile(r"^Ano:?$")).fill("2025")
    pagina.get_by_label("Título").fill("Concurso público da Guarda e do Administrativo")
    pagina.get_by_label("Tipo").select_option(label="Concurso público")
    pagina.get_by_label("Data de publicação").fill("10/03/2025")
    pagina.get_by_label("Prazo de validade").fill("10/03/2027")
    pagina.get_by_label("Data de referência da idade").fill("10/04/2025")
    pagina.get_by_label(re.compile(r"^Regime:?$")).select_option("cariacica-2023")
    pagina.get_by_label("Percentual PcD").fill("5")
    conferir_acessibilidade(pagina, "novo edital")
    # O inline tabular de cargos não tem <label> por célula (só o cabeçalho da coluna): os campos
    # são achados pelo nome do formset, que é estável (cargos-<n>-<campo>).
    preencher_cargo(pagina, 0, "GM", "Guarda Municipal", "35")
    pagina.get_by_role("button", name=re.compile("Adicionar outro")).click()
    preencher_cargo(pagina, 1, "AGE", "Agente Administrativo", "5")
    pagina.get_by_role("button", name="Salvar e continuar editando").click()

    expect(mensagem_de_sucesso(pagina)).to_contain_text("7/2025")
    expect(pagina).to_have_url(re.compile(r"/admin/concursos/edital/\d+/change/$"))
    conferir_acessibilidade(pagina, "ficha do edital com o quadro de vagas")


def preencher_cargo(pagina, linha, codigo, nome, vagas):
    pagina.locator(f"[name='cargos-{linha}-codigo']").fill(codigo)
    pagina.locator(f"[name='cargos-{linha}-nome']").fill(nome)
    pagina.locator(f"[name='cargos-{linha}-vagas']").fill(vagas)


def conferir_quadro_de_vagas_e_baixar_o_pdf(pagina):
    quadro = pagina.locator("#quadro-de-vagas")
    guarda = quadro.get_by_role("row").filter(has_text="GM — Guarda Municipal")
    expect(guarda.get_by_role("cell")).to_have_text(
        ["GM — Guarda Municipal", "35", "26", "7", "2", re.compile(r"Negros: 3ª, 8ª, 13ª.*PcD: 5ª, 21ª")]
    )
    expect(guarda).to_contain_text("3ª, 8ª")

    with pagina.expect_download() as baixado:
        pagina.get_by_role("link", name="Baixar quadro de vagas (PDF)").click()
    conteudo = baixado.value.path().read_bytes()
    assert conteudo.startswith(b"%PDF")
    texto = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(conteudo)).pages)
    assert "Ampla concorrência" in texto  # o cabeçalho quebra em duas linhas: espaços normalizados
    assert "GM — Guarda Municipal 35 26 7 2" in texto


def importar_inscricoes(pagina, url, arquivo):
    pagina.goto(f"{url}/admin/concursos/inscricao/")
    conferir_acessibilidade(pagina, "lista de inscrições")
    pagina.get_by_role("link", name="Importar").click()
    conferir_acessibilidade(pagina, "importar inscrições")
    pagina.get_by_label("Edital").select_option(label="7/2025")
    pagina.get_by_label("Arquivo a ser importado").set_input_files(arquivo)
    pagina.get_by_label("Formato").select_option(label="csv")
    pagina.get_by_role("button", name="Enviar").click()

    # Prévia: as linhas aparecem com os nomes do arquivo, mas nada foi gravado ainda.
    expect(pagina.get_by_text("Wellington da Conceição")).to_be_visible()
    assert not Inscricao.objects.exists()
    conferir_acessibilidade(pagina, "prévia da importação")
    pagina.get_by_role("button", name="Confirmar importação").click()

    expect(mensagem_de_sucesso(pagina)).to_contain_text("12")
    expect(pagina.get_by_role("link", name="1006", exact=True)).to_be_visible()


def confirmar_as_verificacoes(pagina):
    # A avaliação PcD é feita pela equipe multiprofissional e registrada pelo RH, a partir da ficha
    # da inscrição, com a equipe e o parecer (um ato de verificação; a situação não se digita).
    pagina.get_by_role("link", name="1008", exact=True).click()
    conferir_acessibilidade(pagina, "ficha da inscrição")
    pagina.get_by_role("link", name="Registrar avaliação PcD").click()
    conferir_acessibilidade(pagina, "registrar avaliação PcD")
    pagina.get_by_label("Verificação decidida").select_option(label="Confirmado")
    pagina.get_by_label("Equipe avaliadora").fill("Dra. Ana Lima (CRM-ES 1234), Paulo Reis (CRP 16/555)")
    pagina.get_by_label("Documento").fill("Parecer da equipe multiprofissional nº 8/2025")
    pagina.get_by_label("Data do ato").fill("02/05/2025")
    pagina.get_by_role("button", name="Registrar o ato").click()
    expect(mensagem_de_sucesso(pagina)).to_contain_text("Ato de verificação registrado")
    assert OpcaoDeGrupo.objects.get(inscricao__numero="1008").situacao == "confirmado"
    # As demais vêm da comissão de heteroidentificação e da junta médica (outras jornadas):
    # gravadas direto no banco, para esta jornada não depender daquelas telas.
    OpcaoDeGrupo.objects.filter(inscricao__edital__numero=7, situacao="pendente").update(situacao="confirmado")


def gerar_abrir_e_publicar_o_resultado(pagina, url):
    pagina.goto(f"{url}/admin/concursos/edital/")
    pagina.get_by_role("link", name="7/2025").click()
    pagina.get_by_role("button", name="Gerar resultado", exact=True).click()

    expect(mensagem_de_sucesso(pagina).filter(has_text=CARGO)).to_contain_text("resultado final gerado")
    pagina.get_by_role("link", name=f"{CARGO} — versão 1").click()

    ordem = pagina.locator(".module", has=pagina.get_by_role("heading", name="Ordem de convocação"))
    expect(ordem.get_by_role("row").filter(has_text="3ª")).to_contain_text(re.compile("Negros.*Zacarias Nascimento"))
    expect(ordem.get_by_role("row").filter(has_text="4ª")).to_contain_text("Yasmin Oliveira Santos")  # §1º
    conferir_acessibilidade(pagina, "resultado do cargo")
    pagina.get_by_role("link", name="Publicar…").click()

    # Antes de publicar, a tela diz o que fica público (a ordem inteira, na primeira publicação).
    expect(pagina.get_by_text("Nada foi publicado ainda.")).to_be_visible()
    expect(pagina.get_by_text("primeira publicação")).to_be_visible()
    convocados = pagina.locator(".module", has=pagina.get_by_role("heading", name="Quem será convocado"))
    expect(convocados.get_by_role("row").filter(has_text="3ª")).to_contain_text("Zacarias Nascimento")
    # O jornal já saiu: a edição, a data e a página do Diário Oficial, as três (a versão foi gerada hoje);
    # só a edição é recusada, com os campos que faltam.
    pagina.get_by_label("Edição do Diário Oficial").fill("2.345")
    pagina.get_by_role("button", name="Confirmar e publicar").click()
    expect(pagina.get_by_text("Corrija os campos indicados abaixo.")).to_be_visible()
    expect(pagina.get_by_text("Informe também a página")).to_be_visible()
    conferir_acessibilidade(pagina, "confirmar a publicação (com erro)")
    hoje = f"{timezone.localdate():%d/%m/%Y}"
    pagina.get_by_label("Data da edição").fill(hoje)
    pagina.get_by_label("Página:", exact=True).fill("7")
    pagina.get_by_role("button", name="Confirmar e publicar").click()

    expect(mensagem_de_sucesso(pagina)).to_contain_text(f"{CARGO} — versão 1: resultado publicado")
    expect(mensagem_de_sucesso(pagina)).to_contain_text(f"Diário Oficial do Município, edição 2.345, de {hoje}, p. 7")


def registrar_desistencia_de_quem_ocupa_a_vaga_reservada(pagina):
    pagina.get_by_role("link", name="Cargo e eventos").click()
    # A desistência sai da linha do convocado, no quadro de nomeação e posse: o formulário já vem
    # com a inscrição escolhida.
    conferir_acessibilidade(pagina, "ficha do cargo com os convocados")
    pagina.get_by_role("link", name="Desistência de 1006 — Zacarias Nascimento").click()
    inscricao = pagina.get_by_role("combobox", name="Inscrição")
    expect(inscricao).to_have_value("1006")
    escolhida = pagina.locator(".busca-escolhida")
    expect(escolhida).to_contain_text("1006 — Zacarias Nascimento — CPF ***.")
    expect(escolhida).to_contain_text("(convocada: 3ª vaga, negros)")
    # Num concurso grande não há lista para rolar: a inscrição se acha digitando parte do nome (sem
    # acento) e se escolhe pelo teclado, nas sugestões.
    inscricao.fill("")
    inscricao.press_sequentially("zacar")
    sugestao = pagina.get_by_role("option", name=re.compile("^1006 — Zacarias Nascimento — CPF"))
    expect(sugestao).to_be_visible()
    expect(inscricao).to_have_attribute("aria-expanded", "true")
    inscricao.press("ArrowDown")
    expect(sugestao).to_have_attribute("aria-selected", "true")
    conferir_acessibilidade(pagina, "registrar desistência, com as sugestões abertas")
    inscricao.press("Enter")
    expect(inscricao).to_have_value("1006")
    expect(sugestao).to_be_hidden()
    pagina.get_by_label("Documento de suporte").fill("Requerimento nº 123/2025")
    pagina.get_by_label("Data do ato").fill("02/06/2025")
    pagina.get_by_label("Motivo").fill("Desistência protocolada pelo candidato.")
    pagina.get_by_role("button", name="Ver o efeito antes de registrar").click()
    # A confirmação mostra o efeito calculado sem gravar; só então o evento é registrado.
    expect(pagina.get_by_text("Nada foi gravado ainda.")).to_be_visible()
    conferir_acessibilidade(pagina, "confirmar o evento")
    pagina.get_by_role("button", name="Confirmar e registrar").click()

    expect(mensagem_de_sucesso(pagina)).to_contain_text("Versão 2 do resultado gerada")
    convocados = pagina.locator(".module", has=pagina.get_by_role("heading", name="Quem é convocado agora"))
    wellington = convocados.get_by_role("row").filter(has_text="Wellington da Conceição")
    expect(wellington).to_contain_text("1007")
    expect(wellington).to_contain_text("Negros")
    expect(wellington).to_contain_text("Art. 3º, §2º")


def publicar_e_imprimir_o_edital_de_convocacao(pagina):
    """Na ordem em que acontece (docs/ATOS-PUBLICADOS.md): a página do evento diz que a versão 2 ainda
    não foi publicada e leva à publicação, com a confirmação; o edital de convocação do evento já vem
    com quem ele convocou, mostra o que fica público e só então é registrado; o PDF guardado se baixa
    do quadro dos atos, com a vaga, o motivo com o artigo e o CPF mascarado."""
    pagina_do_evento = pagina.url
    aviso = pagina.locator("#versao-nao-publicada")
    expect(aviso.get_by_role("heading", name="Versão 2 ainda não publicada")).to_be_visible()
    conferir_acessibilidade(pagina, "página do evento, com a versão ainda não publicada")
    aviso.get_by_role("link", name="Publicar a versão 2").click()
    expect(pagina.get_by_text("Nada foi publicado ainda.")).to_be_visible()
    hoje = f"{timezone.localdate():%d/%m/%Y}"
    pagina.get_by_label("Edição do Diário Oficial").fill("2.346")
    pagina.get_by_label("Data da edição").fill(hoje)
    pagina.get_by_label("Página:", exact=True).fill("3")
    pagina.get_by_role("button", name="Confirmar e publicar").click()
    expect(mensagem_de_sucesso(pagina)).to_contain_text(f"{CARGO} — versão 2: resultado publicado")
    pagina.goto(pagina_do_evento)
    expect(pagina.locator("#versao-nao-publicada")).to_have_count(0)

    # Registrado e publicado, a página do evento oferece o próximo passo: o edital de convocação de quem ele chamou.
    pagina.get_by_role("link", name="Publicar o edital de convocação deste evento").click()
    conferir_acessibilidade(pagina, "publicar o edital de convocação")
    expect(pagina.get_by_role("checkbox", name=re.compile("1007 — Wellington da Conceição"))).to_be_checked()
    pagina.get_by_label("Número do ato").fill("4/2025")
    pagina.get_by_label("Data do ato").fill("03/06/2025")
    pagina.get_by_label("Onde apresentar os documentos e tomar posse").fill(
        "Secretaria Municipal de Administração, Rua Meridional, s/n, Cariacica"
    )
    pagina.get_by_role("button", name="Conferir o que fica público").click()
    # A conferência mostra o ato como sai, sem gravar: quem é convocado, de que versão, em que vaga.
    expect(pagina.get_by_text("Nada foi publicado ainda.")).to_be_visible()
    expect(pagina.locator("#o-que-fica-publico")).to_contain_text("versão 2")
    do_ato = pagina.locator("#convocados-do-ato")
    expect(do_ato.get_by_role("heading", name="1 convocado")).to_be_visible()
    expect(do_ato.get_by_role("row").filter(has_text="Wellington da Conceição")).to_contain_text("Art. 3º, §2º")
    conferir_acessibilidade(pagina, "conferir o edital de convocação")
    pagina.get_by_role("button", name="Confirmar e publicar").click()

    expect(mensagem_de_sucesso(pagina)).to_contain_text("Ato de convocação nº 4/2025 publicado (1 convocado)")
    expect(mensagem_de_sucesso(pagina)).to_contain_text("código de verificação")
    conferir_acessibilidade(pagina, "ficha do cargo com o ato publicado")
    with pagina.expect_download() as baixado:
        pagina.get_by_role("link", name="PDF do edital de convocação nº 4/2025").click()
    assert baixado.value.suggested_filename.startswith("convocacao-4-2025-edital-7-2025-AGE")
    conteudo = baixado.value.path().read_bytes()
    texto = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(conteudo)).pages)
    assert "4/2025" in texto and "Wellington da Conceição" in texto and "Art. 3º, §2º" in texto
    cpf = Inscricao.objects.get(numero="1007").candidato.cpf
    assert f"***.{cpf[3:6]}.{cpf[6:9]}-**" in texto and cpf[:3] + "." not in texto
    conferir_o_original_pelo_codigo_impresso(pagina, conteudo, texto)
    acrescentar_o_diario_oficial_e_ver_no_portal(pagina, hoje)
    conferir_a_chamada_na_prestacao_de_contas(pagina)


def acrescentar_o_diario_oficial_e_ver_no_portal(pagina, hoje):
    """Quando o jornal imprime, a edição, a data e a página se acrescentam ao ato; o portal da
    transparência, sem login, lista o edital de convocação na página do edital."""
    pagina.get_by_role(
        "link", name="Acrescentar a publicação no Diário Oficial do edital de convocação nº 4/2025"
    ).click()
    pagina.get_by_label("Edição:", exact=True).fill("2.347")
    pagina.get_by_label("Data da edição").fill(hoje)
    pagina.get_by_label("Página:", exact=True).fill("5")
    conferir_acessibilidade(pagina, "acrescentar o Diário Oficial do ato")
    pagina.get_by_role("button", name="Acrescentar a publicação").click()
    expect(mensagem_de_sucesso(pagina)).to_contain_text(f"Diário Oficial do Município, edição 2.347, de {hoje}, p. 5")
    endereco = pagina.url.split("/admin/")[0]
    edital = Edital.objects.get(numero=7, ano=2025)
    pagina.goto(f"{endereco}/transparencia/editais/{edital.pk}/")
    expect(pagina.get_by_text("Edital de convocação nº 4/2025").first).to_be_visible()


def conferir_a_chamada_na_prestacao_de_contas(pagina):
    """A prestação de contas conta a chamada da desistência com o edital de convocação registrado."""
    servidora = get_user_model().objects.get(username="rita.rh")
    servidora.user_permissions.add(Permission.objects.get(codename="view_comissao"))
    endereco = pagina.url.split("/transparencia/")[0]
    edital = Edital.objects.get(numero=7, ano=2025)
    pagina.goto(f"{endereco}/admin/concursos/edital/{edital.pk}/change/")
    pagina.get_by_role("link", name="Prestação de contas").click()
    chamadas = pagina.locator("table", has=pagina.get_by_role("columnheader", name="Edital de convocação"))
    linha = chamadas.get_by_role("row").filter(has_text="Desistência")
    expect(linha).to_contain_text("nº 4/2025")
    expect(linha).to_contain_text(CARGO.split(" — ")[1])


def conferir_o_original_pelo_codigo_impresso(pagina, conteudo, texto):
    """O ato publicado também sai em DOCX para o Diário Oficial (os convocados numa tabela); o código
    impresso em cada página leva, na verificação pública, ao original: os mesmos bytes do PDF baixado."""
    with pagina.expect_download() as editavel:
        pagina.get_by_role("link", name="DOCX do edital de convocação nº 4/2025, para o Diário Oficial").click()
    documento = Document(str(editavel.value.path()))
    assert any("Wellington da Conceição" in linha.cells[3].text for linha in documento.tables[0].rows)
    codigo = re.search(r"Código de verificação ([0-9A-Z]{4}(?:-[0-9A-Z]{4}){3})", texto).group(1)
    ficha_do_cargo = pagina.url
    endereco = ficha_do_cargo.split("/admin/")[0]
    pagina.goto(f"{endereco}/concursos/verificar/")
    pagina.get_by_label("Código de verificação").fill(codigo.lower().replace("-", " "))
    pagina.get_by_role("button", name="Verificar").click()
    expect(pagina.get_by_role("status").first).to_contain_text("O código confere")
    conferir_acessibilidade(pagina, "verificação de um ato publicado")
    original = pagina.get_by_role("link", name="Baixar o original (PDF)").get_attribute("href")
    assert pagina.request.get(f"{endereco}{original}").body() == conteudo
    pagina.goto(ficha_do_cargo)
