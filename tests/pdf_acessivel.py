"""O que um PDF publicado precisa para o leitor de tela (docs/TECNICO.md §10): título do documento
mostrado na janela, idioma pt-BR e, nos desenhados de uma vez, a marcação (PDF marcado, com a árvore
de estrutura que dá a ordem de leitura)."""

import io

from pypdf import PdfReader


def conferir_pdf_acessivel(conteudo: bytes, titulo: str, *, marcado: bool = True) -> None:
    leitor = PdfReader(io.BytesIO(conteudo))
    raiz = leitor.trailer["/Root"]
    assert titulo in (leitor.metadata.title or ""), leitor.metadata.title
    assert raiz.get("/Lang") == "pt-BR", raiz.get("/Lang")
    assert bool(raiz["/ViewerPreferences"]["/DisplayDocTitle"])
    if marcado:
        assert raiz["/MarkInfo"]["/Marked"] and "/StructTreeRoot" in raiz
