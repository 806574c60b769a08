"""O relatório de prestação de contas do edital (docs/PRESTACAO-DE-CONTAS.md), num pacote do tópico:

- ``contagens``: os números (vagas reservadas de cada cargo, desfechos da heteroidentificação,
  processos de declaração falsa, sessões), só contagens, nenhum dado de pessoa;
- ``tabelas``: as tabelas e os gráficos, uma vez só para a tela, o PDF e a planilha, com a supressão
  das contagens pequenas na versão pública.

As telas moram em ``views/prestacao_de_contas.py``. Daqui se importa o que as telas e os testes usam.
"""

from .contagens import Apuracoes, Autodeclaracoes, Prestacao, SessaoNaPrestacao, prestacao_de_contas
from .tabelas import SEM_RESULTADO, Tabela, em_data_uri, graficos, larguras_das_colunas, planilha, tabelas

__all__ = [
    "SEM_RESULTADO",
    "Apuracoes",
    "Autodeclaracoes",
    "Prestacao",
    "SessaoNaPrestacao",
    "Tabela",
    "em_data_uri",
    "graficos",
    "larguras_das_colunas",
    "planilha",
    "prestacao_de_contas",
    "tabelas",
]
