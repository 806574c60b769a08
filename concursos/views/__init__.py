"""As telas do RH fora dos cadastros do admin (e a verificação pública do Anexo I), um módulo por
tópico; ``concursos/urls.py`` importa cada módulo."""
