"""Admin do RH para a heteroidentificação: comissões e membros, sessões e candidatos chamados,
recursos, apuração de declaração falsa, auditoria, o resultado e os PDFs.

Fino: cada inclusão e cada ação chama ``services``. Nas inclusões o formulário ensaia o serviço
numa transação desfeita, para que a recusa (``ValidationError``, ``PermissionDenied``, erro do motor)
apareça nele, em português, e o ``save_model`` o executa de verdade; nas ações e nos PDFs a recusa
vira mensagem no topo da página. Nunca erro 500.

Conduzir a sessão (abrir, presença, pareceres, encerrar) é do presidente e dos membros, na área
deles: aqui o RH não cria nem altera pareceres, e só auditores (``view_parecer``) os leem.

Um módulo por tópico (as peças comuns em ``pecas``); este é o ÚNICO lugar em que cada modelo do app
é registrado (``tests/test_arquitetura.py`` confere que nenhum outro módulo registra).
"""

from django.contrib import admin

from ..models import Comissao, Feriado, Parecer, ProcessoDeApuracao, Recurso, RegistroDeAuditoria, Sessao
from .apuracao import ProcessoDeApuracaoAdmin
from .auditoria import ParecerAdmin, RegistroDeAuditoriaAdmin
from .comissoes import ComissaoAdmin
from .feriados import FeriadoAdmin
from .recursos import RecursoAdmin
from .sessoes import SessaoAdmin

admin.site.register(Comissao, ComissaoAdmin)
admin.site.register(Sessao, SessaoAdmin)
admin.site.register(Recurso, RecursoAdmin)
admin.site.register(ProcessoDeApuracao, ProcessoDeApuracaoAdmin)
admin.site.register(Parecer, ParecerAdmin)
admin.site.register(RegistroDeAuditoria, RegistroDeAuditoriaAdmin)
admin.site.register(Feriado, FeriadoAdmin)
