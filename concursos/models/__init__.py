"""Os modelos do app, um módulo por tópico; daqui se importam todos (``from concursos.models import
Edital``), e as migrações leem daqui ``desempate_padrao``.

- ``editais``: o edital (regime congelado, validade e prorrogação, prazos) e os cargos;
- ``inscricoes``: candidatos e inscrições (as entradas do motor, congeladas depois da publicação);
- ``verificacoes``: a opção por grupo reservado e os atos que decidem a verificação;
- ``eventos``: os eventos posteriores ao primeiro resultado (só inclusão; corrigem-se por reversão);
- ``resultados``: as versões imutáveis do resultado de cada cargo e quem a última convoca e onde;
- ``provimentos``: nomeação, posse e exercício, e os atos de convocação publicados;
- ``importacao``: os leiautes de importação salvos por banca;
- ``instituicao``: o cabeçalho institucional dos documentos;
- ``processamentos``: os pedidos de trabalho em segundo plano;
- ``atos``: o registro dos atos publicados (numerados, verificáveis, imutáveis);
- ``acessos``: quem viu dados sensíveis (LGPD);
- ``avisos_pessoais``: o aviso pessoal (e-mail ou outro meio) da convocação e da nomeação;
- ``eliminacao``: o termo de eliminação dos dados pessoais de um concurso vencido (LGPD).
- ``portal``: a forma pronta para o portal da transparência de cada resultado publicado.
"""

from .acessos import AcessoADadosSensiveis
from .atos import AtoPublicado, ContadorDeAtos, PublicacaoNoDiario
from .avisos_pessoais import AvisoPessoal, EnvioDoAviso
from .editais import MENSAGEM_VAGAS_CONGELADAS, REGIMES, TIPOS_DE_EDITAL, Cargo, CargoQuerySet, Edital, desempate_padrao
from .eliminacao import TermoDeEliminacao
from .eventos import Evento, EventoQuerySet
from .importacao import LeiauteDeImportacao
from .inscricoes import (
    CORES_IBGE,
    MENSAGEM_INSCRICAO_CONGELADA,
    Candidato,
    Inscricao,
    InscricaoQuerySet,
    Pessoa,
    nome_normalizado,
)
from .instituicao import Instituicao
from .portal import ArquivoDoPortal, PaginaDoPortal, PublicacaoNoPortal
from .processamentos import Processamento
from .provimentos import PRAZOS_DO_PROVIMENTO, AtoDeConvocacao, Provimento
from .resultados import PosicaoVigente, Resultado
from .verificacoes import (
    COMO_MUDAR_A_VERIFICACAO,
    REGISTRAR_ATO_DE_VERIFICACAO,
    REGISTRAR_AVALIACOES_PCD,
    SITUACOES_DE_VERIFICACAO,
    AtoDeVerificacao,
    OpcaoDeGrupo,
)

__all__ = [
    "COMO_MUDAR_A_VERIFICACAO",
    "CORES_IBGE",
    "MENSAGEM_INSCRICAO_CONGELADA",
    "MENSAGEM_VAGAS_CONGELADAS",
    "PRAZOS_DO_PROVIMENTO",
    "REGIMES",
    "REGISTRAR_ATO_DE_VERIFICACAO",
    "REGISTRAR_AVALIACOES_PCD",
    "SITUACOES_DE_VERIFICACAO",
    "TIPOS_DE_EDITAL",
    "AcessoADadosSensiveis",
    "ArquivoDoPortal",
    "AtoDeConvocacao",
    "AtoPublicado",
    "ContadorDeAtos",
    "PublicacaoNoDiario",
    "AtoDeVerificacao",
    "AvisoPessoal",
    "Candidato",
    "Cargo",
    "CargoQuerySet",
    "Edital",
    "EnvioDoAviso",
    "Evento",
    "EventoQuerySet",
    "Inscricao",
    "InscricaoQuerySet",
    "Instituicao",
    "LeiauteDeImportacao",
    "OpcaoDeGrupo",
    "PaginaDoPortal",
    "Pessoa",
    "nome_normalizado",
    "PosicaoVigente",
    "Processamento",
    "Provimento",
    "PublicacaoNoPortal",
    "Resultado",
    "TermoDeEliminacao",
    "desempate_padrao",
]
