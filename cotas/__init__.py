"""Motor de reserva de vagas (cotas) dos concursos de Cariacica.

Python puro: só a biblioteca padrão, sem Django, sem banco, sem relógio, sem ``float``. Entradas e
saídas são dataclasses imutáveis. A interface pública:

- ``simular(cenario) -> Resultado``: quadro, listas, convocações e eventos de um cargo;
- ``quadro_de_vagas(vagas, regime)`` e ``vagas_reservadas(vagas, grupo)``;
- ``ler_json`` / ``resultado_para_dict`` / ``formatar_json``: o formato de cenário;
- ``resultado_de_dict``: a saída gravada de volta em dataclasses (o espelho de ``resultado_para_dict``);
- ``REGIMES``: os regimes pré-definidos, cada número com a sua fonte legal.
"""

from .cenario import formatar_json, ler_cenario, ler_json, resultado_de_dict, resultado_para_dict
from .erros import ErroDeCotas
from .modelo import Candidato, Cenario, Edital, Evento, Grupo, Quadro, Regime, Resultado
from .motor import simular
from .regimes import REGIME_PADRAO, REGIMES, com_parametros, regime_inline, regime_para_dict, regime_pre_definido
from .reserva import grupos_aplicaveis, quadro_de_vagas, tipos_das_posicoes, vagas_reservadas

__all__ = [
    "REGIMES",
    "REGIME_PADRAO",
    "Candidato",
    "Cenario",
    "Edital",
    "ErroDeCotas",
    "Evento",
    "Grupo",
    "Quadro",
    "Regime",
    "Resultado",
    "com_parametros",
    "formatar_json",
    "grupos_aplicaveis",
    "ler_cenario",
    "ler_json",
    "quadro_de_vagas",
    "regime_inline",
    "regime_para_dict",
    "regime_pre_definido",
    "resultado_de_dict",
    "resultado_para_dict",
    "simular",
    "tipos_das_posicoes",
    "vagas_reservadas",
]
