"""PDFs do edital (WeasyPrint). Contrato usado pelas telas, pelo ``manage.py exportar_pdf`` e pelas
tarefas:

- ``quadro_de_vagas.quadro_de_vagas_pdf(edital) -> bytes``: anexo do quadro de vagas (Art. 1º, §4º);
- ``resultado.resultado_do_cargo_pdf(resultado, processos=None) -> bytes``: o resultado de um cargo
  na versão recebida (uma ``Resultado``);
- ``resultado.resultado_pdf(edital, processos=None) -> bytes``: capa e a última versão de cada
  cargo, numa só numeração.

Um módulo por assunto:

- ``quadro_de_vagas``, ``resultado`` (o conteúdo de cada cargo) e ``paginas_do_resultado`` (as
  páginas de cada cargo e a capa): os documentos; ``textos``, o que os dois escrevem igual;
- ``medidas``: medir e quebrar texto com as larguras da fonte embutida;
- ``diagramacao``: colunas, linhas da tabela e páginas A4 (o ``Diagramador``);
- ``desenho``: as páginas diagramadas em fatias, em processos paralelos, juntadas com pypdf;
- o ``renderizar`` e o buscador que recusa recursos de fora moram em ``comum.pdf`` (a
  heteroidentificação também os usa).

Todo recurso externo passa por um buscador que recusa tudo, menos ``data:`` e os arquivos estáticos
do próprio projeto (docs/TECNICO.md §2.3): os modelos são nossos, mas levam nomes digitados pelos candidatos.

Resultado com milhares de linhas (docs/TECNICO.md §2.4: numa tabela do WeasyPrint cada célula é uma caixa
de texto, ~3 ms por linha): as páginas do resultado são diagramadas aqui, em Python, e o WeasyPrint
só desenha.

- Cada texto é medido com as larguras de glifo da própria fonte embutida (DejaVu Sans, lidas com
  fontTools; crenagem e ligaduras desligadas na folha, para que a largura desenhada seja a soma) e
  quebrado em linhas aqui; no HTML vai com ``white-space: pre`` e a altura de cada bloco em classe.
- Uma linha da tabela é uma linha de texto só, com as colunas alinhadas por espaços tipográficos
  (U+2002…U+200A) calculados célula a célula. Só quando uma célula que não é a última ocupa mais de
  uma linha (nome muito longo, anotação de saída) a linha vira células ``inline-block``: caras, raras.
- Cabeçalho, rodapé e "Página X de Y" são blocos de texto em cada página (não caixas de margem).
- Sabendo o que cabe em cada página, o documento é dividido em fatias desenhadas em processos
  paralelos (``spawn``; o filho importa ``desenho`` sem ``django.setup()``) e juntadas com pypdf,
  que também monta o sumário. O número de páginas de cada fatia é conferido
  (``PaginacaoDivergente`` se não bater).

``processos``: quantos processos desenham um documento grande (padrão: até 2, os núcleos da
máquina). Quem já roda vários trabalhadores em paralelo pode passar ``processos=1``.

Nenhum módulo do pacote importa modelos ao ser carregado (só dentro das funções que os usam): os
processos que desenham carregam o pacote sem ``django.setup()``.
"""
