"""As conferências de ``tests/imagens_dos_pdfs.py`` acham o que prometem: PDFs pequenos, desenhados
pelo WeasyPrint com a folha de impressão dos documentos (``static/concursos/pdf/impressao.css``),
com um defeito de cada vez — a tabela mais larga que a página, a página em branco, a folha em pé
onde se prometeu deitada, o cabeçalho que sumiu, a palavra que invade a coluna vizinha — e o mesmo
documento sem o defeito, que passa."""

import pytest

from comum.pdf import ENDERECO_BASE, buscador
from tests.imagens_dos_pdfs import DEITADA, EM_PE, conferir_documento, desenhar_paginas, problemas

LINHAS = "".join(f"<tr><td>{n}</td><td>Candidata {n}</td><td>***.000.{n:03d}-**</td></tr>" for n in range(1, 30))


@pytest.fixture(autouse=True)
def imagens_fora_dos_artefatos(tmp_path, monkeypatch):
    """Os documentos com defeito de propósito não vão para ``test-results/documentos``."""
    monkeypatch.setenv("IMAGENS_DOS_DOCUMENTOS", str(tmp_path))


def pdf(corpo: str, *, cabecalho: str = "Edital nº 1/2025 — Documento de teste") -> bytes:
    from weasyprint import HTML

    html = (
        '<html lang="pt-BR"><head><link rel="stylesheet" href="/static/concursos/pdf/impressao.css"></head>'
        f'<body><header class="cabecalho" data-cabecalho="{cabecalho}" data-rodape="Gerado nos testes">'
        f"<h1>Documento de teste</h1></header>{corpo}</body></html>"
    )
    return HTML(string=html, base_url=ENDERECO_BASE, url_fetcher=buscador()).write_pdf()


def tabela(estilo: str = "") -> str:
    return f'<table style="{estilo}"><thead><tr><th>Nº</th><th>Nome</th><th>CPF</th></tr></thead>{LINHAS}</table>'


def test_documento_sem_defeito_passa_em_todas_as_conferencias(tmp_path):
    paginas = conferir_documento(pdf(tabela()), "sem-defeito")
    assert [p.arquivo.name for p in paginas] == ["pagina-01.png"]
    assert (tmp_path / "sem-defeito" / "pagina-01.png").is_file()
    assert (tmp_path / "sem-defeito" / "documento.pdf").is_file()


def test_tabela_mais_larga_que_a_pagina_e_tinta_na_borda_direita():
    with pytest.raises(AssertionError, match=r"larga, página 1 .*da borda direita.*passou da margem"):
        conferir_documento(pdf(tabela("width: 250mm")), "larga")


def test_tabela_so_um_pouco_mais_larga_que_a_area_util_tambem_e_achada():
    """5 mm além da margem direita de 14 mm: ainda a 9 mm da borda, dentro da faixa de 12 mm."""
    achados = problemas(desenhar_paginas(pdf(tabela("width: 187mm")), "um-pouco-larga"))
    assert len(achados) == 1 and "da borda direita" in achados[0]


def test_pagina_so_com_o_cabecalho_e_o_rodape_esta_em_branco():
    corpo = (
        '<p>Primeira.</p><div style="break-before: page; height: 5mm"></div><p style="break-before: page">Última.</p>'
    )
    achados = problemas(desenhar_paginas(pdf(corpo), "em-branco"))
    assert len(achados) == 1 and achados[0].startswith("em-branco, página 2 (")
    assert achados[0].endswith("página em branco (nada entre o cabeçalho e o rodapé)")


def test_folha_em_pe_quando_o_documento_promete_deitada():
    with pytest.raises(AssertionError, match="a folha mede 210 × 297 mm; o documento promete A4 deitada"):
        conferir_documento(pdf(tabela()), "em-pe", orientacao=DEITADA)


def test_sem_o_cabecalho_corrente_a_pagina_e_apontada():
    achados = problemas(desenhar_paginas(pdf(tabela(), cabecalho=""), "sem-cabecalho"), orientacao=EM_PE)
    assert len(achados) == 1 and "falta o cabeçalho corrente" in achados[0]


def estreita(titulo: str, dado: str) -> str:
    """Uma tabela de 60 mm com a primeira coluna de 12 mm: cabem 4 ou 5 letras por linha."""
    return (
        "<table style='width: 60mm'><colgroup><col style='width: 12mm'><col></colgroup>"
        f"<thead><tr><th>{titulo}</th><th>Confirmadas</th></tr></thead><tr><td>{dado}</td><td>resultado</td></tr></table>"
    )


def test_titulo_de_coluna_que_nao_cabe_e_invade_a_vizinha_e_texto_sobreposto():
    achados = problemas(desenhar_paginas(pdf(estreita("Autodeclarações", "56")), "sobreposto"))
    assert len(achados) == 1 and "texto impresso por cima de outro" in achados[0]
    assert "«Autodeclarações» e «Confirmadas»" in achados[0]


def test_palavra_dos_dados_que_nao_cabe_na_coluna_quebra_dentro_da_celula():
    """A folha de impressão quebra a palavra dos dados (``td { overflow-wrap: break-word }``); sem
    isso, «Administrativo» seria impresso por cima de «resultado»."""
    assert problemas(desenhar_paginas(pdf(estreita("Cargo", "Administrativo")), "quebrada")) == []
    sem_quebra = estreita("Cargo", "<span style='overflow-wrap: normal'>Administrativo</span>")
    (achado,) = problemas(desenhar_paginas(pdf(sem_quebra), "sem-quebra"))
    assert "«Administrativo» e «resultado»" in achado


def test_numero_de_paginas_desenhadas_diferente_do_pypdf_e_apontado():
    paginas = desenhar_paginas(pdf(tabela()), "contagem")
    assert problemas(paginas, total_do_pypdf=2) == ["contagem: o pypdf lê 2 página(s) e o PDFium desenhou 1"]
