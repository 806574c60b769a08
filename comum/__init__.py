"""Ferramentas que os dois apps usam (exibição de datas, mensagens de erro, CPF, validadores de
texto, paginação e filtros do admin, planilhas, PDF).

Fica por baixo de tudo: não importa ``cotas``, ``concursos``, ``heteroidentificacao`` nem
``demo`` (tests/comum/test_independencia.py confere). O que precisa de um modelo do domínio mora no
app do modelo.
"""
