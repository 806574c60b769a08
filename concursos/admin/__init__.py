"""O admin do RH para os concursos, um módulo por tópico, e o ÚNICO lugar em que cada modelo do app
é registrado (``tests/test_arquitetura.py`` confere que nenhum outro módulo registra).

- ``editais``: edital (quadro de vagas, parâmetros congelados, prorrogação) e cargo (eventos,
  convocados, o que falta para publicar);
- ``inscricoes``: candidatos e inscrições (busca por índice e por CPF, importação e exportação);
- ``verificacoes``: as opções por grupo e os atos de verificação na ficha da inscrição;
- ``eventos``, ``resultados``: só leitura (nascem pelos serviços); a publicação em duas etapas;
- ``atos``: o registro dos atos publicados (só leitura; o Diário Oficial se acrescenta);
- ``provimentos``: nomeação, posse e exercício, os atos de convocação; ``importacao``: os leiautes
  salvos; ``instituicao``: o cabeçalho dos documentos; ``acessos``: quem viu dados sensíveis;
  ``eliminacao``: os termos de eliminação dos dados pessoais (só leitura, com o PDF);
- ``pecas``: o registro de acesso e o histórico só para ver; ``filtros``: edital e cargo com busca.

O admin dos processamentos em segundo plano mora no pacote do tópico (``segundo_plano/admin.py``) e é
registrado aqui com os outros. No fim, os admins que vêm de fora (usuários e grupos, django-axes,
django-otp, django-tasks; registrados antes, pela ordem de ``INSTALLED_APPS``) ganham a lista de
parâmetros conferida que os do sistema declaram (``comum.admin.ParametrosConferidos``) e os nomes
em português no menu (``comum.admin.nomes_em_portugues``).

O admin é fino: as ações chamam os serviços e nunca contêm regra. Eventos, resultados, atos e
acessos são só leitura: nascem pelos serviços.
"""

from django.contrib import admin
from django.contrib.auth import get_user_model

from comum.admin import conferir_os_admins_de_fora, nomes_em_portugues
from comum.convites.admin import CodigoDeCadastroAdmin, UsuarioComCodigoDeCadastro
from comum.convites.models import CodigoDeCadastro

from ..models import (
    AcessoADadosSensiveis,
    AtoDeConvocacao,
    AtoPublicado,
    Candidato,
    Cargo,
    Edital,
    Evento,
    Inscricao,
    Instituicao,
    LeiauteDeImportacao,
    Processamento,
    Provimento,
    Resultado,
    TermoDeEliminacao,
)
from ..segundo_plano.admin import ProcessamentoAdmin
from .acessos import AcessoADadosSensiveisAdmin
from .atos import AtoPublicadoAdmin
from .editais import CargoAdmin, EditalAdmin
from .eliminacao import TermoDeEliminacaoAdmin
from .eventos import EventoAdmin
from .importacao import LeiauteDeImportacaoAdmin
from .inscricoes import CandidatoAdmin, InscricaoAdmin
from .instituicao import InstituicaoAdmin
from .provimentos import AtoDeConvocacaoAdmin, ProvimentoAdmin
from .resultados import ResultadoAdmin

admin.site.register(Edital, EditalAdmin)
admin.site.register(Cargo, CargoAdmin)
admin.site.register(Candidato, CandidatoAdmin)
admin.site.register(Inscricao, InscricaoAdmin)
admin.site.register(Evento, EventoAdmin)
admin.site.register(Resultado, ResultadoAdmin)
admin.site.register(Provimento, ProvimentoAdmin)
admin.site.register(AtoDeConvocacao, AtoDeConvocacaoAdmin)
admin.site.register(AtoPublicado, AtoPublicadoAdmin)
admin.site.register(LeiauteDeImportacao, LeiauteDeImportacaoAdmin)
admin.site.register(Instituicao, InstituicaoAdmin)
admin.site.register(Processamento, ProcessamentoAdmin)
admin.site.register(AcessoADadosSensiveis, AcessoADadosSensiveisAdmin)
admin.site.register(TermoDeEliminacao, TermoDeEliminacaoAdmin)

# O segundo fator (comum/convites/): a ação que emite o código de cadastro, na lista de usuários.
admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), UsuarioComCodigoDeCadastro)
admin.site.register(CodigoDeCadastro, CodigoDeCadastroAdmin)

# Por último: os admins de fora (e os de cima, já registrados) ganham a lista de parâmetros conferida.
conferir_os_admins_de_fora(admin.site, apps_do_sistema={"cotas", "concursos", "heteroidentificacao", "demo"})
# E o menu dos apps de fora em português (o do auditor mostrava "Axes", "access attempts", "Task Results").
nomes_em_portugues(admin.site)
