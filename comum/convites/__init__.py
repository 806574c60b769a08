"""Códigos de cadastro do segundo fator: o convite de uso único que o administrador entrega à pessoa
para ela cadastrar o aplicativo autenticador (``comum/dois_fatores/``). Só a senha nunca cadastra um
dispositivo: quem sabe a senha de um usuário que ainda não tem autenticador — um membro novo de
comissão, por exemplo — cadastraria o seu.

O modelo está em ``models.py``, as regras em ``codigos.py``, a ação do admin em ``admin.py`` e o
comando ``emitir_codigo_de_cadastro`` (o primeiro superusuário e quem perdeu o celular) em
``management/``.
"""
