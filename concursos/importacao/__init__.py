"""A importação de inscrições a partir da planilha da banca, um tópico por módulo:

- ``colunas``: a tabela das colunas fixas (nome, apelidos, leitor, obrigatória, campo de destino),
  de onde saem as colunas aceitas, as obrigatórias e os campos gravados;
- ``leitores``: a leitura de cada célula (CPF, decimal com vírgula, data, sim/não, cor/raça…);
- ``cabecalho``: o cabeçalho normalizado e conferido contra as colunas e os grupos do regime;
- ``campos``: o catálogo dos campos que a planilha de UM edital pode trazer (rótulo, ajuda, valores);
- ``mapeamento``: as colunas do arquivo da banca → os campos (sugestões, conferência, aplicação) e
  os leiautes salvos por banca;
- ``cargos``: o cargo da linha pelo código ou pelo nome, com o “quis dizer” do mais parecido;
- ``conferencia``: a leitura e a conferência das linhas, sem gravar nada;
- ``gravacao``: o gravador em lotes, o mesmo para a confirmação do admin e para o segundo plano;
- ``resultado``: as mensagens de erro e a recusa de um arquivo;
- ``recurso``: o resource do django-import-export (prévia, confirmação e exportação no admin);
- ``massa``: a importação de um arquivo grande pelo trabalhador de segundo plano;
- ``formularios``: o envio e a confirmação no admin;
- ``temporarios``: o arquivo guardado entre a prévia e a confirmação, e a limpeza dos abandonados;
- ``campos``: o catálogo dos campos que a planilha de UM edital pode trazer (rótulo, explicação,
  valores válidos), de onde saem o mapeamento, o modelo para baixar e as mensagens;
- ``mapeamento``: de qual campo é cada coluna do arquivo da banca (sugestões pelos cabeçalhos usuais
  e pelos leiautes salvos, conferência e aplicação ao conjunto), o mesmo na tela, no segundo plano
  e no comando ``importar_inscricoes``;
- ``previa``: as contagens, o "lido como" das grafias e as linhas que mudam, para a prévia da tela;
- ``erros``: os erros como tabela (linha, coluna e letra, valor, motivo), agrupados, paginados e em CSV;
- ``tela``: a importação pelo admin (mapeamento, prévia, erros pela ficha assinada, cargos publicados);
- ``modelo_de_planilha``: o modelo para baixar de cada edital (XLSX com notas, listas e instruções;
  CSV só com o cabeçalho), feito do catálogo de ``campos``;
- ``avaliacoes_pcd``: as avaliações PcD em lote (a planilha da equipe multiprofissional, um ato de
  verificação por linha, tudo conferido antes de gravar);
- ``tela_das_avaliacoes``: o envio, a prévia assinada e a confirmação das avaliações PcD em lote
  (docs/HETEROIDENTIFICACAO.md, “Avaliações PcD em lote”).

A leitura e a escrita dos arquivos (CSV e XLSX, sem nada de inscrições) ficam em ``comum.planilhas``.
"""
