"""Os modelos do app, um módulo por tópico; daqui se importam todos (``from concursos.models import
Edital``), e as migrações leem daqui ``desempate_padrao``."""

from .editais import (
    CORES_IBGE,
    MENSAGEM_INSCRICAO_CONGELADA,
    MENSAGEM_VAGAS_CONGELADAS,
    REGIMES,
    TIPOS_DE_EDITAL,
    AcessoADadosSensiveis,
    Candidato,
    Cargo,
    CargoQuerySet,
    Edital,
    Evento,
    Inscricao,
    InscricaoQuerySet,
    Pessoa,
    Resultado,
    desempate_padrao,
)
from .importacao import LeiauteDeImportacao
from .instituicao import Instituicao
from .processamentos import Processamento
from .provimentos import PRAZOS_DO_PROVIMENTO, AtoDeConvocacao, Provimento
from .verificacoes import COMO_MUDAR_A_VERIFICACAO, SITUACOES_DE_VERIFICACAO, AtoDeVerificacao, OpcaoDeGrupo

__all__ = [
    "COMO_MUDAR_A_VERIFICACAO",
    "CORES_IBGE",
    "MENSAGEM_INSCRICAO_CONGELADA",
    "MENSAGEM_VAGAS_CONGELADAS",
    "PRAZOS_DO_PROVIMENTO",
    "REGIMES",
    "SITUACOES_DE_VERIFICACAO",
    "TIPOS_DE_EDITAL",
    "AcessoADadosSensiveis",
    "AtoDeConvocacao",
    "AtoDeVerificacao",
    "Candidato",
    "Cargo",
    "CargoQuerySet",
    "Edital",
    "Evento",
    "Inscricao",
    "InscricaoQuerySet",
    "Instituicao",
    "LeiauteDeImportacao",
    "OpcaoDeGrupo",
    "Pessoa",
    "Processamento",
    "Provimento",
    "Resultado",
    "desempate_padrao",
]
