"""Os formulários das telas do RH, um módulo por tópico; daqui se importam todos.

- ``editais``: edital (criação e ficha) e cargo no admin, a prorrogação da validade;
- ``inscricoes``: candidato, inscrição e opção por grupo no admin;
- ``eventos``: o evento de um cargo e a reversão; ``busca``: o campo que acha a inscrição;
- ``verificacoes``: a avaliação PcD e a decisão judicial;
- ``atos``: os campos do ato (Diário Oficial, processo) e a publicação de um resultado;
- ``simulador``: o simulador de cotas.

Só validação de formulário e a montagem das escolhas; as regras estão em ``cotas`` e as mudanças
de estado em ``concursos.services``. Os formulários da importação moram em ``importacao.formularios``.
"""

from .atos import (
    PRIMEIRO_ANO,
    ULTIMO_ANO,
    DiarioOficialForm,
    campo_do_diario_oficial,
    campo_do_processo,
)
from .busca import CampoDeBusca, InscricaoPorBusca
from .editais import CargoForm, EditalCriacaoForm, EditalForm, ProrrogacaoForm
from .eventos import EventoForm, ReversaoForm
from .inscricoes import AutocompleteSemValorInvalido, CandidatoForm, InscricaoForm, OpcaoDeGrupoForm, grupos_conhecidos
from .simulador import SimuladorCenarioForm, SimuladorQuadroForm
from .verificacoes import AnaliseDocumentalForm, AtoDeVerificacaoForm, AvaliacaoPcdForm, DecisaoJudicialForm

__all__ = [
    "PRIMEIRO_ANO",
    "ULTIMO_ANO",
    "AtoDeVerificacaoForm",
    "AutocompleteSemValorInvalido",
    "AnaliseDocumentalForm",
    "AvaliacaoPcdForm",
    "CampoDeBusca",
    "CandidatoForm",
    "CargoForm",
    "DecisaoJudicialForm",
    "DiarioOficialForm",
    "EditalCriacaoForm",
    "EditalForm",
    "EventoForm",
    "InscricaoForm",
    "InscricaoPorBusca",
    "OpcaoDeGrupoForm",
    "ProrrogacaoForm",
    "ReversaoForm",
    "SimuladorCenarioForm",
    "SimuladorQuadroForm",
    "campo_do_diario_oficial",
    "campo_do_processo",
    "grupos_conhecidos",
]
