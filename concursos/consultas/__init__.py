"""O que só lê, à parte do que muda o estado (``concursos.services``), como
``heteroidentificacao/consultas.py``: quem importa, importa o módulo do tópico.

- ``verificacoes``: a verificação que vale hoje para uma opção; se a inscrição já saiu do concurso;
- ``eventos``: o que um evento registrado fez (a versão que gerou, quem convocou);
- ``provimentos``: a versão vigente, quem está convocado agora e os prazos da posse e do exercício.
"""
