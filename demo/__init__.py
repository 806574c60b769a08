"""Dados de demonstração (``manage.py carregar_demo``), num app próprio.

A demonstração usa os dois apps de domínio (``concursos`` e ``heteroidentificacao``) e nenhum deles
a usa: morando aqui, em cima de ambos, ela não faz ``concursos`` importar ``heteroidentificacao``.

- ``plano.py``: editais, cargos e candidatos fictícios, puros (sem banco);
- ``usuarios.py``: um usuário por papel, com as senhas públicas da demonstração;
- ``concursos.py``: grava o plano, os papéis e os usuários e gera os primeiros resultados;
- ``heteroidentificacao.py``: a comissão do edital 1/2025 e a primeira sessão.
"""
