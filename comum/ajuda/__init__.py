"""A ajuda dentro do sistema: as regras e os guias de ``docs/`` lidos como páginas do admin (issue 29).

Os textos de ajuda, as mensagens e as telas apontam para cá (``{% url 'ajuda:pagina' 'regras' %}#secao-9``,
ou "Ajuda › Regras, §9" num texto simples), nunca para um caminho do repositório, que o RH não abre.
O Markdown dos documentos é desenhado por ``markdown.py``, um conversor pequeno só para o que os
documentos usam (títulos, parágrafos, listas, tabelas, código), sem dependência nova.
"""

from pathlib import Path

from django.conf import settings

PASTA = Path(settings.BASE_DIR) / "docs"

# Página → (título, arquivo em docs/). Só os documentos de quem usa o sistema; os técnicos (TECNICO,
# ESTILO, FORMATO-CENARIO) ficam no repositório.
PAGINAS = {
    "regras": ("Regras do motor de cotas", "REGRAS.md"),
    "decisoes": ("Decisões de interpretação das regras", "REGRAS-IMPLEMENTADAS.md"),
    "convocacao": ("Convocação, nomeação, posse e exercício", "CONVOCACAO.md"),
    "heteroidentificacao": ("Heteroidentificação", "HETEROIDENTIFICACAO.md"),
    "prestacao-de-contas": ("Prestação de contas", "PRESTACAO-DE-CONTAS.md"),
    "papeis": ("Papéis e permissões", "PAPEIS.md"),
    "portal": ("Portal da transparência", "PORTAL.md"),
}
# O nome do arquivo → a página, para os links entre documentos ("[REGRAS.md](REGRAS.md)").
PAGINA_DO_ARQUIVO = {arquivo: pagina for pagina, (_, arquivo) in PAGINAS.items()}
