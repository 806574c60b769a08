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
- ``temporarios``: o arquivo guardado entre a prévia e a confirmação, e a limpeza dos abandonados.

A leitura e a escrita dos arquivos (CSV e XLSX, sem nada de inscrições) ficam em ``comum.planilhas``.
"""
