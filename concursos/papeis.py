"""Papéis do sistema: grupos do Django e as permissões de cada um (ver ``docs/PAPEIS.md``).

Menor privilégio: cada papel recebe só o que o seu trabalho pede. Cor/raça e deficiência são dados
pessoais sensíveis (LGPD, art. 11): só o RH os vê e exporta. Os pareceres são dos membros da
comissão: o RH não os lê (só a decisão colegiada); o auditor lê tudo e não altera nada.

Os papéis da comissão (membro, presidente, recursal) não têm permissões de modelo: o que veem e
fazem decorre de serem membros de uma comissão (``heteroidentificacao.models.Membro``), nas telas
de ``/heteroidentificacao/``; quem preside é o ``Membro.presidente``, não o grupo. Os grupos deles
servem para o RH saber quem é quem e para que nenhum ganhe, por descuido, acesso ao admin.

Como os papéis chegam ao banco: ``configurar_papeis_depois_do_migrate`` roda no fim de todo
``migrate`` (sinal ``post_migrate``, o mesmo em que o Django cria as permissões) e acerta os grupos
por este arquivo, a fonte única. Um banco novo (o de testes inclusive) sai do ``migrate`` com os
papéis; um banco em produção recebe a mudança de um papel, ou a permissão de um modelo novo, no
``migrate`` da implantação, sem migração de dados nenhuma.

Por que não uma migração de dados: uma migração antiga que importa este módulo roda com o código de
hoje, e não com o do dia em que foi escrita, então muda de comportamento sem que ninguém a edite.
Congelar em cada migração uma cópia da tabela resolveria isso, mas daria duas fontes para a mesma
tabela (a da última migração e a deste arquivo, que a demonstração e os testes usam) que podem
divergir em silêncio. As migrações ``heteroidentificacao/0003_papeis``, ``concursos/0005`` e
``concursos/0007``, que chamavam ``configurar_papeis``, ficaram vazias e só marcam a história.
"""

from django.apps import apps as apps_globais
from django.contrib.auth.management import create_permissions
from django.db import DEFAULT_DB_ALIAS, router
from django.db.models import Q

RH = "RH"
MEMBRO = "Membro de comissão"
PRESIDENTE = "Presidente de comissão"
RECURSAL = "Comissão recursal"
AUDITOR = "Auditor"
PAPEIS = (RH, MEMBRO, PRESIDENTE, RECURSAL, AUDITOR)

# O que o RH conduz na heteroidentificação: comissões e membros, sessões e chamados, recursos e
# apurações. Sem excluir: são a trilha de auditoria do procedimento.
CONDUZIDOS_PELO_RH = ("comissao", "membro", "sessao", "chamado", "recurso", "processodeapuracao", "feriado")
# O que o RH só lê: a trilha de auditoria (o texto dos pareceres fica oculto na tela dele).
LIDOS_PELO_RH = ("registrodeauditoria", "historicalchamado")
# Registros que vigiam quem usa o sistema (o RH inclusive): só o auditor os lê. O termo de eliminação
# leva as permissões de eliminar os dados pessoais e de emitir o relatório do titular (LGPD, art. 18),
# que mostra o registro de acessos: são do encarregado de dados e da informática (o superusuário),
# não do RH; o auditor lê os termos.
VIGIAM_O_RH = ("acessoadadossensiveis", "termodeeliminacao")
# Os registros de login que o auditor lê (as tentativas em curso, com a ação de limpá-las, ficam
# com o superusuário, que desbloqueia usuários).
LOGS_DE_ACESSO = ("accesslog", "accessfailurelog")


def _de(app: str, *codenames: str) -> Q:
    return Q(content_type__app_label=app, codename__in=codenames)


def permissoes_dos_papeis() -> dict[str, Q]:
    """Papel → condição sobre ``auth.Permission`` com as permissões do papel."""
    conduzidos = [f"{acao}_{modelo}" for modelo in CONDUZIDOS_PELO_RH for acao in ("add", "change", "view")]
    nenhuma = Q(pk__in=[])
    return {
        # Tudo de concursos (cadastros, importar/exportar, gerar/publicar resultado, eventos e dados
        # sensíveis), menos o registro de quem acessou dados sensíveis, que existe para vigiar o
        # próprio RH. Ver usuários: para escolher os membros das comissões.
        RH: (Q(content_type__app_label="concursos") & ~Q(content_type__model__in=VIGIAM_O_RH))
        | _de("heteroidentificacao", *conduzidos, *(f"view_{modelo}" for modelo in LIDOS_PELO_RH))
        | _de("auth", "view_user"),
        MEMBRO: nenhuma,
        PRESIDENTE: nenhuma,
        RECURSAL: nenhuma,
        # Só leitura, de tudo (pareceres e a trilha de auditoria inclusive), menos os dados sensíveis
        # das inscrições (``ver_dados_sensiveis``) e as exportações, que não começam por ``view_``.
        AUDITOR: Q(content_type__app_label__in=["concursos", "heteroidentificacao"], codename__startswith="view_")
        | _de("auth", "view_user", "view_group")
        | _de("axes", *(f"view_{modelo}" for modelo in LOGS_DE_ACESSO)),
    }


def configurar_papeis(apps=apps_globais, using: str = DEFAULT_DB_ALIAS) -> dict:
    """Cria (ou acerta) os grupos de cada papel e as suas permissões; devolve nome → grupo.

    Idempotente: rodar de novo deixa cada grupo com exatamente as permissões do papel."""
    grupo_model = apps.get_model("auth", "Group")
    permissao_model = apps.get_model("auth", "Permission")
    grupos = {}
    for nome, condicao in permissoes_dos_papeis().items():
        grupo, _ = grupo_model.objects.using(using).get_or_create(name=nome)
        grupo.permissions.set(permissao_model.objects.using(using).filter(condicao))
        grupos[nome] = grupo
    return grupos


def configurar_papeis_depois_do_migrate(sender=None, *, apps=apps_globais, using=DEFAULT_DB_ALIAS, **kwargs):
    """Receptor do ``post_migrate`` (ligado em ``ConcursosConfig.ready``): acerta os papéis.

    O Django cria as permissões de cada app no ``post_migrate`` desse app, e os dos outros apps
    (heteroidentificação, axes) podem ainda não ter passado quando este roda; por isso as
    permissões de todos os apps são criadas antes, como o próprio Django faria. ``apps`` são os
    modelos do estado final das migrações; sem as tabelas de ``auth`` (um ``migrate auth zero``),
    não há o que configurar."""
    try:
        permissao_model = apps.get_model("auth", "Permission")
        apps.get_model("auth", "Group")
    except LookupError:
        return
    if not router.allow_migrate_model(using, permissao_model):
        return
    for app_config in apps_globais.get_app_configs():
        create_permissions(app_config, verbosity=0, interactive=False, using=using, apps=apps)
    configurar_papeis(apps, using)


# Ações sobre os dados dos concursos e sobre a condução do procedimento: quem pode qualquer uma
# delas (o RH, o superusuário) organiza o procedimento e nunca julga nele (docs/PAPEIS.md).
ACOES_QUE_ALTERAM = ("add_", "change_", "delete_")


def opera_concursos(usuario) -> bool:
    """Quem pode alterar dados dos concursos ou conduzir a heteroidentificação no admin: o RH e o
    superusuário. Essa pessoa não integra comissão de heteroidentificação (segregação de funções)."""
    if usuario is None or not usuario.is_active:
        return False
    if usuario.is_superuser:
        return True
    return any(
        app in ("concursos", "heteroidentificacao") and codename.startswith(ACOES_QUE_ALTERAM)
        for app, _, codename in (p.partition(".") for p in usuario.get_all_permissions())
    )
