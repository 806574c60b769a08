"""Os papéis nascem no fim de todo ``migrate`` (sinal ``post_migrate``), de ``concursos/papeis.py``,
com as permissões de cada um (``docs/PAPEIS.md``).

O banco de teste já passou pelo ``migrate``. Aqui o banco novo é simulado: sem grupos e sem
permissões, o fim do ``migrate`` roda de novo (o ``post_migrate`` de cada app, na ordem do
``INSTALLED_APPS``, com os modelos do estado final das migrações). Os apps que vêm depois de
``concursos`` (a heteroidentificação) ainda não têm as permissões quando o receptor dos papéis
roda: ele as cria antes.
"""

import functools
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import Group, Permission
from django.core.management.sql import emit_post_migrate_signal
from django.db import connection
from django.db.migrations.loader import MigrationLoader

from concursos import papeis

pytestmark = pytest.mark.django_db

RAIZ = Path(__file__).resolve().parents[2]

# Papel → permissões que precisa ter e permissões que nunca pode ter.
TEM = {
    papeis.RH: {
        "concursos.add_inscricao", "concursos.change_inscricao", "concursos.import_inscricao",
        "concursos.export_inscricao", "concursos.ver_dados_sensiveis", "concursos.gerar_resultado",
        "concursos.publicar_resultado", "concursos.registrar_evento", "heteroidentificacao.add_comissao",
        "heteroidentificacao.add_membro", "heteroidentificacao.add_sessao", "heteroidentificacao.add_chamado",
        "heteroidentificacao.add_recurso", "heteroidentificacao.change_recurso",
        "heteroidentificacao.add_processodeapuracao", "heteroidentificacao.change_processodeapuracao",
        "heteroidentificacao.view_registrodeauditoria", "auth.view_user",
    },
    papeis.AUDITOR: {
        "concursos.view_edital", "concursos.view_inscricao", "concursos.view_resultado", "concursos.view_evento",
        "heteroidentificacao.view_parecer", "heteroidentificacao.view_historicodeparecer",
        "heteroidentificacao.view_registrodeauditoria", "heteroidentificacao.view_sessao",
        "heteroidentificacao.view_processodeapuracao", "auth.view_user", "auth.view_group", "axes.view_accesslog",
    },
}  # fmt: skip
NUNCA = {
    papeis.RH: {
        "heteroidentificacao.view_parecer", "heteroidentificacao.add_parecer", "heteroidentificacao.change_parecer",
        "heteroidentificacao.view_historicodeparecer", "heteroidentificacao.view_historicalparecer",
        "heteroidentificacao.change_registrodeauditoria", "heteroidentificacao.delete_registrodeauditoria",
        "heteroidentificacao.delete_sessao", "heteroidentificacao.delete_comissao", "auth.change_user",
        "auth.change_group", "axes.view_accessattempt",
    },
    papeis.AUDITOR: {
        "concursos.ver_dados_sensiveis", "concursos.export_inscricao", "concursos.import_inscricao",
        "concursos.gerar_resultado", "concursos.publicar_resultado", "concursos.registrar_evento",
        "heteroidentificacao.add_chamado", "heteroidentificacao.change_sessao", "auth.change_user",
        "axes.delete_accessattempt", "axes.view_accessattempt",
    },
}  # fmt: skip


@functools.cache
def modelos_do_estado_final():
    """Os modelos como estão no fim do grafo de migrações (o ``apps`` que o ``migrate`` passa)."""
    return MigrationLoader(connection).project_state().apps


def rodar_a_migracao() -> None:
    """O fim do ``migrate``: o ``post_migrate`` de todos os apps."""
    emit_post_migrate_signal(0, False, connection.alias, apps=modelos_do_estado_final(), plan=[])


def banco_sem_papeis() -> None:
    Group.objects.all().delete()
    Permission.objects.all().delete()


def permissoes_do_grupo(nome: str) -> set[str]:
    return {
        f"{app}.{codigo}"
        for app, codigo in Group.objects.get(name=nome).permissions.values_list("content_type__app_label", "codename")
    }


def test_banco_novo_ganha_os_cinco_papeis_ja_com_as_permissoes():
    banco_sem_papeis()
    rodar_a_migracao()
    assert set(Group.objects.values_list("name", flat=True)) == set(papeis.PAPEIS)
    for papel, codigos in TEM.items():
        assert codigos <= permissoes_do_grupo(papel), codigos - permissoes_do_grupo(papel)


@pytest.mark.parametrize("papel", [papeis.RH, papeis.AUDITOR])
def test_papel_nunca_recebe_o_que_nao_e_do_seu_trabalho(papel):
    banco_sem_papeis()
    rodar_a_migracao()
    assert not NUNCA[papel] & permissoes_do_grupo(papel)


@pytest.mark.parametrize("papel", [papeis.MEMBRO, papeis.PRESIDENTE, papeis.RECURSAL])
def test_papeis_da_comissao_nao_tem_permissao_de_modelo(papel):
    """O que o membro vê decorre de ser membro da comissão, nas telas dele, nunca do admin."""
    banco_sem_papeis()
    rodar_a_migracao()
    assert permissoes_do_grupo(papel) == set()


def permissoes_dos_apps(*, codename__startswith="", excluidos=()) -> set[str]:
    return {
        f"{app}.{codigo}"
        for app, codigo in Permission.objects.filter(
            content_type__app_label__in=["concursos", "heteroidentificacao"], codename__startswith=codename__startswith
        )
        .exclude(content_type__model__in=excluidos)
        .values_list("content_type__app_label", "codename")
    }


def test_auditor_ve_todos_os_modelos_dos_apps_e_so_ve():
    banco_sem_papeis()
    rodar_a_migracao()
    do_auditor = permissoes_do_grupo(papeis.AUDITOR)
    assert permissoes_dos_apps(codename__startswith="view_") <= do_auditor
    assert all(codigo.split(".")[1].startswith("view_") for codigo in do_auditor)


def test_rh_tem_concursos_inteiro_menos_o_que_o_vigia_e_nada_de_excluir_na_heteroidentificacao():
    banco_sem_papeis()
    rodar_a_migracao()
    do_rh = permissoes_do_grupo(papeis.RH)
    de_concursos = {c for c in permissoes_dos_apps(excluidos=papeis.VIGIAM_O_RH) if c.startswith("concursos.")}
    assert de_concursos <= do_rh
    assert not {c for c in do_rh if c.startswith("heteroidentificacao.delete_")}
    assert not {c for c in do_rh if c.split("_", 1)[-1] in papeis.VIGIAM_O_RH}


def test_migracao_rodada_de_novo_acerta_os_grupos_sem_duplicar():
    banco_sem_papeis()
    rodar_a_migracao()
    grupo = Group.objects.get(name=papeis.AUDITOR)
    grupo.permissions.add(Permission.objects.get(codename="ver_dados_sensiveis"))  # alguém mexeu à mão
    antes = {nome: permissoes_do_grupo(nome) for nome in papeis.PAPEIS}
    rodar_a_migracao()
    assert Group.objects.count() == len(papeis.PAPEIS)
    assert "concursos.ver_dados_sensiveis" not in permissoes_do_grupo(papeis.AUDITOR)
    assert {nome: permissoes_do_grupo(nome) for nome in papeis.PAPEIS if nome != papeis.AUDITOR} == {
        nome: codigos for nome, codigos in antes.items() if nome != papeis.AUDITOR
    }


def test_banco_criado_pelo_migrate_ja_tem_os_papeis():
    assert set(Group.objects.values_list("name", flat=True)) == set(papeis.PAPEIS)
    assert TEM[papeis.RH] <= permissoes_do_grupo(papeis.RH)


def test_nenhuma_migracao_importa_os_papeis():
    """Uma migração que importa ``papeis.py`` rodaria o código de hoje, não o do dia dela."""
    migracoes = sorted(RAIZ.glob("*/migrations/0*.py"))
    assert migracoes
    for migracao in migracoes:
        assert not re.search(r"^\s*(from|import)\s.*papeis", migracao.read_text(), re.MULTILINE), migracao
