"""O que só lê, à parte do que muda o estado (``concursos.services``): quem importa, importa o
módulo do tópico."""
