"""O que só lê, à parte do que muda o estado (``concursos.services``), como
``heteroidentificacao/consultas.py``: quem importa, importa o módulo do tópico.

- ``verificacoes``: a verificação que vale hoje para uma opção; se a inscrição já saiu do concurso;
- ``eventos``: o que um evento registrado fez (a versão que gerou, quem convocou);
- ``provimentos``: a versão vigente, quem está convocado agora e os prazos da posse e do exercício;
- ``para_publicar``: o que falta para publicar o resultado de um cargo, em contagens;
- ``prestacao_de_contas``: as vagas reservadas e as chamadas de cada cargo, da saída publicada;
- ``busca``: achar a inscrição de um cargo pelo número, pelo nome ou pelo CPF;
- ``conferencia``: a conferência pública do código de verificação do Anexo I;
- ``portal``: o que o portal da transparência mostra de cada edital (atos, resultados publicados);
- ``sujeitos_a_recurso``: quem ainda tem prazo de recurso aberto na verificação (publicar sujeito a recurso).
"""
