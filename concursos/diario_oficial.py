"""A referência da publicação de um resultado no Diário Oficial do Município: edição, data e página.

Publicar um resultado é um ato (docs/REGRAS.md §9): a versão publicada guarda onde saiu, e o PDF do
resultado e as planilhas da lista publicada a citam como “Publicado no Diário Oficial do Município,
edição 2.345, de 05/06/2025, p. 7”. O que se confere na referência antes de publicar está em
``atos.conferir_diario_oficial``; quem grava é ``services.publicar_resultado``.
"""

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class DiarioOficial:
    edicao: str
    data: date
    pagina: str

    def __str__(self) -> str:
        return (
            f"Publicado no Diário Oficial do Município, edição {self.edicao}, de {self.data:%d/%m/%Y}, p. {self.pagina}"
        )

    def campos_do_resultado(self) -> dict:
        """Os campos de ``Resultado`` em que a referência se grava."""
        return {
            "diario_oficial_edicao": self.edicao,
            "diario_oficial_data": self.data,
            "diario_oficial_pagina": self.pagina,
        }


def do_resultado(resultado) -> DiarioOficial | None:
    """A referência gravada na versão, se houver (as publicadas antes dela existir não a têm)."""
    if not resultado.diario_oficial_edicao or resultado.diario_oficial_data is None:
        return None
    return DiarioOficial(
        resultado.diario_oficial_edicao, resultado.diario_oficial_data, resultado.diario_oficial_pagina
    )
