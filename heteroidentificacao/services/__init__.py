"""Ações da heteroidentificação: comissões, sessões, pareceres, recursos e apuração de declaração falsa.

Cada ação roda numa transação, registra quem agiu em ``RegistroDeAuditoria`` (com o antes e o
depois) e recusa em português: ``ValidationError`` quando a regra não deixa, ``PermissionDenied``
quando a pessoa não pode.

Um módulo por tópico (``auditoria``, ``comissoes``, ``sessoes``, ``impedimentos``, ``recursos``, ``apuracao``; e a
publicação, como atos do registro, do ``resultado_definitivo`` e da ``prestacao_de_contas`` pública); este
pacote reúne a API que as views, o admin e os testes chamam (``services.registrar_parecer(...)``).
Quem troca uma peça num teste troca-a no módulo que a usa (``services.sessoes.auditar``).
"""

from .apuracao import (
    ANULACAO,
    DECLARACAO_FALSA,
    DecisaoDaApuracao,
    decidir_apuracao,
    instaurar_apuracao,
    notificar,
    registrar_defesa,
)
from .auditoria import auditar
from .comissoes import adicionar_membro, criar_comissao, desligar_membro
from .impedimentos import declarar_impedimento, transferir_por_impedimento
from .presenca import registrar_presenca_em_lote
from .recursos import chamar_recurso, publicar_resultado_preliminar, registrar_recurso
from .sessoes import (
    RECUSOU_A_FILMAGEM,
    SESSAO_ENCERRADA,
    TRANSFERIDO,
    abrir_sessao,
    alterar_parecer,
    chamar_candidatos,
    criar_sessao,
    encerrar_sessao,
    registrar_gravacao,
    registrar_parecer,
    registrar_parecer_da_comissao,
    registrar_presenca,
)

__all__ = [
    "ANULACAO",
    "DECLARACAO_FALSA",
    "RECUSOU_A_FILMAGEM",
    "SESSAO_ENCERRADA",
    "TRANSFERIDO",
    "DecisaoDaApuracao",
    "abrir_sessao",
    "adicionar_membro",
    "alterar_parecer",
    "auditar",
    "chamar_candidatos",
    "chamar_recurso",
    "criar_comissao",
    "criar_sessao",
    "declarar_impedimento",
    "desligar_membro",
    "decidir_apuracao",
    "encerrar_sessao",
    "instaurar_apuracao",
    "notificar",
    "publicar_resultado_preliminar",
    "registrar_defesa",
    "registrar_gravacao",
    "registrar_parecer_da_comissao",
    "registrar_parecer",
    "registrar_presenca",
    "registrar_presenca_em_lote",
    "registrar_recurso",
    "transferir_por_impedimento",
]
