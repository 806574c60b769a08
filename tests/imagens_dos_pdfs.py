"""Os PDFs vistos como imagens, para os testes: cada página desenhada em PNG e conferida como uma
pessoa conferiria a folha impressa (docs/TECNICO.md §2.6).

``conferir_documento(conteudo, nome, orientacao=...)`` desenha cada página com o PDFium (pypdfium2,
o motor de PDF do Chromium) a ``DPI`` pontos por polegada, grava ``pagina-01.png``, ``pagina-02.png``…
e o próprio ``documento.pdf`` em ``test-results/documentos/<nome>/`` (ou na pasta de
``IMAGENS_DOS_DOCUMENTOS``), os artefatos do CI, e falha com a lista dos problemas de todas as
páginas, cada um com o documento, a página e a imagem para abrir:

- o número de imagens é o número de páginas que o pypdf lê;
- a folha é A4, em pé ou deitada, como o documento promete;
- a página não está em branco: há o que ler entre o cabeçalho e o rodapé;
- o cabeçalho corrente e o rodapé ("Página X de Y") estão impressos em toda página;
- nada toca a faixa da borda: uma tabela ou linha que passa da margem aparece ali, ou é cortada;
- nenhum texto é impresso por cima de outro (a palavra que não cabe na coluna e invade a vizinha);
- a primeira página começa no alto (o cabeçalho institucional ou o título).

As medidas vêm das duas famílias de PDFs: ``static/concursos/pdf/impressao.css`` (margens de 18, 14,
20 e 14 mm; o cabeçalho e o rodapé correntes ficam nas caixas de margem, a 3 mm do corpo) e o
resultado de cada cargo, diagramado por ``concursos/pdf/diagramacao.py`` (11, 14, 10 e 14 mm, com o
cabeçalho e o rodapé dentro da área útil). As faixas abaixo cabem nas duas.
"""

import io
import os
from dataclasses import dataclass
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_c
from PIL import Image
from pypdf import PdfReader

RAIZ = Path(__file__).resolve().parents[1]
PASTA_PADRAO = RAIZ / "test-results" / "documentos"
DPI = 100
MM_POR_PONTO = 25.4 / 72
A4 = (210.0, 297.0)  # mm, em pé
TOLERANCIA_DA_FOLHA = 1.0  # mm
# Mais claro que isto é papel: as sombras das tabelas (#e3e3e3 a #f3f3f3) já contam como tinta.
PAPEL = 250

# mm a partir da borda. O que está mais perto da borda nos PDFs de hoje: os filetes das tabelas, a
# 13,7 mm dos lados; o cabeçalho do resultado, a 11 mm do alto; o rodapé do resultado, a 12 mm do pé.
FAIXA_LATERAL = 12.0
FAIXA_DE_CIMA = 9.0
FAIXA_DE_BAIXO = 9.0
# Onde o cabeçalho e o rodapé correntes são impressos: até 18 mm do alto e até 20 mm do pé.
CABECALHO = (FAIXA_DE_CIMA, 18.0)
RODAPE = (FAIXA_DE_BAIXO, 20.0)
# O começo da primeira página: até 15 mm abaixo do alto do corpo (18 mm) há o brasão, o órgão ou o título.
COMECO_DA_PRIMEIRA_PAGINA = (18.0, 33.0)
# Dois caracteres se sobrepõem quando a interseção das caixas cobre esta fração da menor delas;
# vizinhos na ordem do texto (um par com crenagem) não contam.
SOBREPOSICAO = 0.2

EM_PE, DEITADA = "em pé", "deitada"


@dataclass(frozen=True)
class Caractere:
    """Um caractere impresso: a posição na ordem do texto da página e a caixa, em mm a partir do
    canto de cima à esquerda."""

    indice: int
    texto: str
    esquerda: float
    topo: float
    direita: float
    base: float

    @property
    def area(self) -> float:
        return (self.direita - self.esquerda) * (self.base - self.topo)

    def intersecao(self, outro: "Caractere") -> float:
        largura = min(self.direita, outro.direita) - max(self.esquerda, outro.esquerda)
        altura = min(self.base, outro.base) - max(self.topo, outro.topo)
        return largura * altura if largura > 0 and altura > 0 else 0.0


@dataclass(frozen=True)
class Pagina:
    """Uma página desenhada: ``imagem`` em tons de cinza, ``largura`` e ``altura`` da folha em mm."""

    documento: str
    numero: int
    imagem: Image.Image
    largura: float
    altura: float
    arquivo: Path
    caracteres: tuple[Caractere, ...] = ()

    def __str__(self) -> str:
        arquivo = self.arquivo.relative_to(RAIZ) if self.arquivo.is_relative_to(RAIZ) else self.arquivo
        return f"{self.documento}, página {self.numero} ({arquivo})"

    def px(self, mm: float) -> int:
        return round(mm * DPI / 25.4)

    def tinta(self, esquerda: float, topo: float, direita: float, base: float) -> tuple[float, ...] | None:
        """A caixa (mm, a partir do canto de cima à esquerda) do que está impresso na região, ou ``None``."""
        regiao = self.imagem.crop((self.px(esquerda), self.px(topo), self.px(direita), self.px(base)))
        caixa = regiao.point(lambda tom: 255 if tom < PAPEL else 0).getbbox()
        if caixa is None:
            return None
        x0, y0, x1, y1 = (valor * 25.4 / DPI for valor in caixa)
        return (esquerda + x0, topo + y0, esquerda + x1, topo + y1)


def pasta_das_imagens() -> Path:
    """``test-results/documentos`` na raiz do repositório (a pasta de artefatos do Playwright), ou
    ``IMAGENS_DOS_DOCUMENTOS``. O pytest-playwright apaga ``test-results/`` no início de cada
    sessão: as imagens são sempre as da última execução."""
    return Path(os.environ.get("IMAGENS_DOS_DOCUMENTOS") or PASTA_PADRAO).resolve()


def desenhar_paginas(conteudo: bytes, nome: str) -> list[Pagina]:
    """Cada página do PDF em PNG, em ``<pasta>/<nome>/pagina-NN.png``, ao lado do ``documento.pdf``
    (as de uma execução anterior do mesmo documento são apagadas antes: uma página a menos não deixa
    a imagem velha para trás)."""
    pasta = pasta_das_imagens() / nome
    pasta.mkdir(parents=True, exist_ok=True)
    for velha in pasta.glob("pagina-*.png"):
        velha.unlink()
    (pasta / "documento.pdf").write_bytes(conteudo)
    documento = pypdfium2.PdfDocument(conteudo)
    try:
        return [_desenhar(documento[indice], nome, indice + 1, pasta) for indice in range(len(documento))]
    finally:
        documento.close()


def _desenhar(pagina_do_pdf, nome: str, numero: int, pasta: Path) -> Pagina:
    largura, altura = (medida * MM_POR_PONTO for medida in pagina_do_pdf.get_size())
    colorida = pagina_do_pdf.render(scale=DPI / 72).to_pil()
    arquivo = pasta / f"pagina-{numero:02d}.png"
    colorida.save(arquivo)
    caracteres = _caracteres(pagina_do_pdf, altura)
    pagina_do_pdf.close()
    return Pagina(nome, numero, colorida.convert("L"), largura, altura, arquivo, caracteres)


def _caracteres(pagina_do_pdf, altura: float) -> tuple[Caractere, ...]:
    """Os caracteres visíveis da página, com a caixa justa do glifo (sem espaços nem os que o PDFium
    gera ao montar o texto)."""
    texto = pagina_do_pdf.get_textpage()
    caracteres = []
    for indice in range(texto.count_chars()):
        codigo = pdfium_c.FPDFText_GetUnicode(texto, indice)
        if codigo <= 32 or pdfium_c.FPDFText_IsGenerated(texto, indice) == 1:
            continue
        esquerda, baixo, direita, cima = (valor * MM_POR_PONTO for valor in texto.get_charbox(indice))
        if direita > esquerda and cima > baixo:
            caracteres.append(Caractere(indice, chr(codigo), esquerda, altura - cima, direita, altura - baixo))
    texto.close()
    return tuple(caracteres)


# ---------------------------------------------------------------- as conferências de cada página


def problema_da_folha(pagina: Pagina, orientacao: str) -> str | None:
    esperada = A4 if orientacao == EM_PE else A4[::-1]
    medida = (pagina.largura, pagina.altura)
    if all(abs(a - b) <= TOLERANCIA_DA_FOLHA for a, b in zip(medida, esperada, strict=True)):
        return None
    return (
        f"{pagina}: a folha mede {pagina.largura:.0f} × {pagina.altura:.0f} mm; "
        f"o documento promete A4 {orientacao} ({esperada[0]:.0f} × {esperada[1]:.0f} mm)"
    )


def problema_de_pagina_em_branco(pagina: Pagina) -> str | None:
    """Em branco é também a página que só tem o cabeçalho e o rodapé correntes."""
    if pagina.tinta(FAIXA_LATERAL, CABECALHO[1], pagina.largura - FAIXA_LATERAL, pagina.altura - RODAPE[1]):
        return None
    return f"{pagina}: página em branco (nada entre o cabeçalho e o rodapé)"


def problema_na_borda(pagina: Pagina) -> str | None:
    """Tinta na faixa da borda: algo passou da margem (e pode ter sido cortado na borda da folha)."""
    largura, altura = pagina.largura, pagina.altura
    faixas = {
        "esquerda": ((0, 0, FAIXA_LATERAL, altura), lambda caixa: caixa[0]),
        "direita": ((largura - FAIXA_LATERAL, 0, largura, altura), lambda caixa: largura - caixa[2]),
        "de cima": ((0, 0, largura, FAIXA_DE_CIMA), lambda caixa: caixa[1]),
        "de baixo": ((0, altura - FAIXA_DE_BAIXO, largura, altura), lambda caixa: altura - caixa[3]),
    }
    invadidas = []
    for lado, (regiao, distancia) in faixas.items():
        caixa = pagina.tinta(*regiao)
        if caixa is not None:
            invadidas.append(f"a {distancia(caixa):.1f} mm da borda {lado}")
    if not invadidas:
        return None
    return (
        f"{pagina}: há tinta {', '.join(invadidas)} (as faixas de {FAIXA_LATERAL:.0f} mm dos lados e de "
        f"{FAIXA_DE_CIMA:.0f} mm em cima e embaixo ficam em branco): algo passou da margem"
    )


def problema_no_cabecalho_ou_no_rodape(pagina: Pagina) -> str | None:
    largura, altura = pagina.largura, pagina.altura
    faltando = []
    if not pagina.tinta(FAIXA_LATERAL, CABECALHO[0], largura - FAIXA_LATERAL, CABECALHO[1]):
        faltando.append(f"o cabeçalho corrente (de {CABECALHO[0]:.0f} a {CABECALHO[1]:.0f} mm do alto)")
    if not pagina.tinta(FAIXA_LATERAL, altura - RODAPE[1], largura - FAIXA_LATERAL, altura - RODAPE[0]):
        faltando.append(f"o rodapé com o número da página (de {RODAPE[0]:.0f} a {RODAPE[1]:.0f} mm do pé)")
    if not faltando:
        return None
    return f"{pagina}: falta {' e '.join(faltando)}"


def problema_no_comeco(pagina: Pagina) -> str | None:
    topo, base = COMECO_DA_PRIMEIRA_PAGINA
    if pagina.tinta(FAIXA_LATERAL, topo, pagina.largura - FAIXA_LATERAL, base):
        return None
    return f"{pagina}: nada no alto do corpo (de {topo:.0f} a {base:.0f} mm), onde vêm o cabeçalho institucional e o título"


def sobreposicoes(pagina: Pagina) -> list[tuple[Caractere, Caractere]]:
    """Pares de caracteres impressos um sobre o outro, de palavras diferentes. Uma grade de 3 mm
    evita comparar cada par da página (o resultado tem milhares de caracteres por página)."""
    lado, grade, pares = 3.0, {}, []
    for caractere in pagina.caracteres:
        celulas = [
            (x, y)
            for x in range(int(caractere.esquerda // lado), int(caractere.direita // lado) + 1)
            for y in range(int(caractere.topo // lado), int(caractere.base // lado) + 1)
        ]
        vistos = set()
        for celula in celulas:
            for outro in grade.get(celula, ()):
                if outro.indice in vistos or abs(outro.indice - caractere.indice) <= 2:
                    continue
                vistos.add(outro.indice)
                if caractere.intersecao(outro) >= SOBREPOSICAO * min(caractere.area, outro.area):
                    pares.append((outro, caractere))
            grade.setdefault(celula, []).append(caractere)
    return pares


def _palavra(pagina: Pagina, caractere: Caractere) -> str:
    """A palavra do caractere: os vizinhos na ordem do texto (o espaço não está em ``caracteres``),
    andando para a direita (a palavra que invade a vizinha não emenda nela)."""
    por_indice = {c.indice: c for c in pagina.caracteres}

    def juntos(antes: Caractere | None, depois: Caractere | None) -> bool:
        return bool(antes and depois) and antes.esquerda <= depois.esquerda and abs(antes.topo - depois.topo) < 1

    inicio = fim = caractere.indice
    while juntos(por_indice.get(inicio - 1), por_indice[inicio]):
        inicio -= 1
    while juntos(por_indice[fim], por_indice.get(fim + 1)):
        fim += 1
    return "".join(por_indice[i].texto for i in range(inicio, fim + 1))


def problema_de_texto_sobreposto(pagina: Pagina) -> str | None:
    pares = sobreposicoes(pagina)
    if not pares:
        return None
    exemplos = []
    for primeiro, segundo in pares:
        exemplo = f"«{_palavra(pagina, primeiro)}» e «{_palavra(pagina, segundo)}»"
        if exemplo not in exemplos:
            exemplos.append(exemplo)
    primeiro = pares[0][0]
    return (
        f"{pagina}: texto impresso por cima de outro ({len(pares)} caractere(s); o primeiro a "
        f"{primeiro.esquerda:.0f} mm da esquerda e {primeiro.topo:.0f} mm do alto): {'; '.join(exemplos[:5])}"
    )


def problemas(
    paginas: list[Pagina], *, orientacao: str = EM_PE, total_do_pypdf: int | None = None, sobreposicao: bool = True
) -> list[str]:
    """Os problemas de todas as páginas; ``orientacao`` é a de todas as folhas; ``sobreposicao=False``
    deixa de fora o texto sobreposto (só para um defeito conhecido, com o teste ``xfail`` dele)."""
    achados = []
    if total_do_pypdf is not None and total_do_pypdf != len(paginas):
        nome = paginas[0].documento if paginas else "documento"
        achados.append(f"{nome}: o pypdf lê {total_do_pypdf} página(s) e o PDFium desenhou {len(paginas)}")
    if paginas:
        achados.append(problema_no_comeco(paginas[0]))
    for pagina in paginas:
        achados += [
            problema_da_folha(pagina, orientacao),
            problema_de_pagina_em_branco(pagina),
            problema_na_borda(pagina),
            problema_no_cabecalho_ou_no_rodape(pagina),
            problema_de_texto_sobreposto(pagina) if sobreposicao else None,
        ]
    return [achado for achado in achados if achado]


def conferir_documento(
    conteudo: bytes, nome: str, *, orientacao: str = EM_PE, sobreposicao: bool = True
) -> list[Pagina]:
    """Desenha e confere o documento; falha (``AssertionError``) com todos os problemas achados."""
    assert conteudo.startswith(b"%PDF-"), f"{nome}: não é um PDF ({conteudo[:40]!r})"
    paginas = desenhar_paginas(conteudo, nome)
    total = len(PdfReader(io.BytesIO(conteudo)).pages)
    achados = problemas(paginas, orientacao=orientacao, total_do_pypdf=total, sobreposicao=sobreposicao)
    assert not achados, "\n".join(achados)
    return paginas
