"""PDFs do edital (WeasyPrint). Contrato usado pelas telas:

- ``quadro_de_vagas_pdf(edital) -> bytes``: anexo do quadro de vagas (Art. 1º, §4º);
- ``resultado_pdf(edital) -> bytes``: listas e ordem de convocação da última versão de cada cargo.

(Implementação completa em andamento.)
"""


def quadro_de_vagas_pdf(edital) -> bytes:
    raise NotImplementedError


def resultado_pdf(edital) -> bytes:
    raise NotImplementedError
