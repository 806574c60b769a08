"""Admin do RH para a heteroidentificação: comissões e membros, sessões e candidatos chamados,
recursos, apuração de declaração falsa, auditoria, o resultado e os PDFs.

Fino: cada inclusão e cada ação chama ``services``. Nas inclusões o formulário ensaia o serviço
numa transação desfeita, para que a recusa (``ValidationError``, ``PermissionDenied``, erro do motor)
apareça nele, em português, e o ``save_model`` o executa de verdade; nas ações e nos PDFs a recusa
vira mensagem no topo da página. Nunca erro 500.

Conduzir a sessão (abrir, presença, pareceres, encerrar) é do presidente e dos membros, na área
deles: aqui o RH não cria nem altera pareceres, e só auditores (``view_parecer``) os leem.

Um módulo por tópico (as peças comuns em ``pecas``); importá-los registra cada ``ModelAdmin``.
"""

from . import apuracao, auditoria, comissoes, recursos, sessoes

__all__ = ["apuracao", "auditoria", "comissoes", "recursos", "sessoes"]
