"""Trabalho pesado em segundo plano: pedir, executar por partes, acompanhar e tentar de novo.

Um ``Processamento`` é o pedido que o RH faz no admin (importar um arquivo grande, gerar os
resultados de um edital grande, desenhar os PDFs dos resultados). Ele é gravado na mesma transação
que põe as tarefas na fila do django-tasks (a fila fica no próprio banco): ou existem os dois, ou
nenhum. Os trabalhadores (``manage.py db_worker``, quantos forem) pegam as tarefas; o backend de
banco tranca cada tarefa com ``SELECT … FOR UPDATE SKIP LOCKED``, de modo que dois trabalhadores
nunca pegam a mesma.

Resultados e PDFs são divididos em partes, uma por cargo, que trabalhadores diferentes fazem em
paralelo. Cada parte feita fica anotada em ``saida["partes"]`` na mesma transação que grava o seu
produto (a versão do resultado) e sob a trava da linha do processamento, o que a torna idempotente:
uma parte repetida (tarefa reenviada, "tentar de novo") é reconhecida e pulada. ``feitos`` é sempre
recontado a partir das partes e dos erros, nunca somado às cegas.

Cada cargo é gerado na sua própria transação (ver ``docs/REGRAS-IMPLEMENTADAS.md``): num edital de
um milhão de inscrições, uma transação única prenderia o edital por um minuto e esconderia o
progresso. Se um cargo falha, os outros seguem; o processamento termina como "falhou" listando os
cargos e o motivo, e "tentar de novo" refaz só o que faltou.

Um módulo por assunto, numa direção só (quem está em cima importa quem está embaixo):

- ``pedidos``: pedir (resultados, PDFs, importação), decidir entre a tela e o segundo plano e
  "tentar de novo": gravam o ``Processamento`` e põem as tarefas na fila;
- ``tarefas``: as tarefas do django-tasks que os trabalhadores executam, uma parte de cada vez;
- ``andamento``: a contabilidade de cada pedido (início, partes feitas, progresso, fim, parado);
- ``produtos``: onde fica o que os pedidos produzem (PDFs, arquivos enviados) e a limpeza;
- ``admin``, ``views`` e ``progresso``: a ficha no admin, as telas e o texto da barra de progresso.
"""
