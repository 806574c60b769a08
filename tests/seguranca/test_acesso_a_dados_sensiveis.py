"""Registro de acesso a dados sensíveis (LGPD, art. 11): cada tela, exportação ou PDF que mostra
cor/raça, opção por grupo (negros, PcD), pareceres, decisões ou gravações registra quem, o quê,
quando e de onde — sem o dado, sem o CPF —, e o Auditor consulta o registro no admin."""

import re
from datetime import date

import pytest
from django.contrib import admin
from django.contrib.auth.models import Group, Permission
from django.core.management.sql import emit_post_migrate_signal
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from concursos import services as servicos_de_concursos
from concursos.atos import Ato
from concursos.importacao.recurso import FORMATOS_DE_EXPORTACAO, InscricaoResource
from concursos.models import AcessoADadosSensiveis, Inscricao
from concursos.services.acessos import registrar_acesso
from heteroidentificacao import services
from tests.concursos.fabricas import pode_publicar, usuario
from tests.heteroidentificacao.fabricas import (
    cargo_com_cotistas,
    chamar,
    comissao,
    encerrar,
    pessoa,
    rh,
    sessao_aberta,
    votar,
)
from tests.heteroidentificacao.test_pdf import chamado_de, recurso_de_n2, sessao_julgada

DATA_DO_ATO = date(2025, 6, 2)  # dentro da validade e depois da publicação dos editais de teste

pytestmark = pytest.mark.django_db

IP = "10.20.30.40"


def com_permissoes(nome, *codigos):
    pessoa_ = usuario(nome)
    pessoa_.user_permissions.add(*Permission.objects.filter(codename__in=codigos))
    return pessoa_


def acessos():
    return list(AcessoADadosSensiveis.objects.order_by("id"))


def unico_acesso():
    (acesso,) = acessos()
    return acesso


def sem_dado_sensivel(acesso, *cpfs):
    """Nem a cor/raça, nem o voto, nem o CPF (com ou sem máscara) no registro."""
    registrado = f"{acesso.objeto} {acesso.caminho}".lower()
    cores = ("parda", "preta", "branca", "amarela", "indígena")
    votos = ("confirma", "não confirma", "nao_confirma")
    digitos = re.sub(r"\D", "", registrado)
    return not any(p in registrado for p in cores + votos) and not any(cpf in digitos for cpf in cpfs)


@pytest.fixture
def yara(cargo):
    """Y optou por negros (parda, confirmada)."""
    return Inscricao.objects.select_related("candidato").get(cargo=cargo, numero="Y")


@pytest.fixture
def versao_publicada(cargo):
    resultado = servicos_de_concursos.gerar_resultado(cargo, por=pode_publicar(usuario("autor")))
    return servicos_de_concursos.publicar_resultado(resultado, por=resultado.gerado_por)


# — Inscrições —


def test_ver_a_inscricao_com_dados_sensiveis_registra_quem_o_que_quando_e_de_onde(client, yara):
    rita = com_permissoes("rita", "view_inscricao", "change_inscricao", "ver_dados_sensiveis")
    client.force_login(rita)
    url = reverse("admin:concursos_inscricao_change", args=[yara.pk])
    resposta = client.get(url, REMOTE_ADDR=IP)
    assert 'name="cor_raca"' in resposta.content.decode()
    acesso = unico_acesso()
    assert (acesso.usuario, acesso.ip, acesso.o_que, acesso.caminho) == (rita, IP, "inscricao", url)
    assert acesso.objeto == f"inscrição #{yara.pk}: nº Y, edital 1/2025" and acesso.quando is not None
    assert sem_dado_sensivel(acesso, yara.candidato.cpf)


def test_quem_nao_ve_dados_sensiveis_abre_a_inscricao_sem_registro(client, yara):
    client.force_login(com_permissoes("estagiario", "view_inscricao", "change_inscricao"))
    resposta = client.get(reverse("admin:concursos_inscricao_change", args=[yara.pk]))
    assert resposta.status_code == 200 and 'name="cor_raca"' not in resposta.content.decode()
    assert client.get(reverse("admin:concursos_inscricao_history", args=[yara.pk])).status_code == 200
    assert acessos() == []


def test_a_ficha_da_inscricao_grava_um_so_insert_de_acesso(client, yara):
    client.force_login(com_permissoes("rita", "view_inscricao", "change_inscricao", "ver_dados_sensiveis"))
    with CaptureQueriesContext(connection) as consultas:
        client.get(reverse("admin:concursos_inscricao_change", args=[yara.pk]))
    tabela = AcessoADadosSensiveis._meta.db_table
    assert sum(c["sql"].startswith("INSERT") and tabela in c["sql"] for c in consultas.captured_queries) == 1


def test_o_historico_da_inscricao_com_dados_sensiveis_registra_o_acesso(client, yara):
    client.force_login(com_permissoes("rita", "view_inscricao", "ver_dados_sensiveis"))
    client.get(reverse("admin:concursos_inscricao_history", args=[yara.pk]))
    acesso = unico_acesso()
    assert acesso.o_que == "historico" and acesso.objeto == f"inscrição #{yara.pk}: nº Y, edital 1/2025"


def test_exportar_inscricoes_registra_a_quantidade_de_linhas_sem_o_termo_de_busca(client, cargo, yara):
    client.force_login(com_permissoes("rita", "view_inscricao", "export_inscricao", "ver_dados_sensiveis"))
    csv = next(i for i, f in enumerate(FORMATOS_DE_EXPORTACAO) if f().get_content_type() == "text/csv")
    campos = {f"inscricaoresource_{c}": "on" for c in InscricaoResource().fields}
    url = reverse("admin:concursos_inscricao_export")
    resposta = client.post(url, {"format": csv, "resource": "0", **campos}, REMOTE_ADDR=IP)
    assert resposta.status_code == 200 and resposta["Content-Type"].startswith("text/csv")
    acesso = unico_acesso()
    assert (acesso.o_que, acesso.quantidade, acesso.ip) == ("exportacao_inscricoes", 8, IP)
    assert acesso.objeto == "inscrições com cor/raça e opções por grupo"
    filtrada = f"{url}?edital__id__exact={cargo.edital_id}&q={yara.candidato.cpf_formatado}"
    client.post(filtrada, {"format": csv, "resource": "0", **campos})
    acesso = acessos()[-1]
    assert acesso.quantidade == 1 and acesso.caminho == url and sem_dado_sensivel(acesso, yara.candidato.cpf)
    assert acesso.objeto.endswith(f"; filtros: edital__id__exact={cargo.edital_id}; com busca por texto")


def test_exportar_sem_a_permissao_de_dados_sensiveis_tambem_fica_registrado(client, cargo):
    client.force_login(com_permissoes("estagiario", "view_inscricao", "export_inscricao"))
    csv = next(i for i, f in enumerate(FORMATOS_DE_EXPORTACAO) if f().get_content_type() == "text/csv")
    campos = {f"inscricaoresource_{c}": "on" for c in InscricaoResource().fields}
    client.post(reverse("admin:concursos_inscricao_export"), {"format": csv, "resource": "0", **campos})
    acesso = unico_acesso()
    assert (acesso.objeto, acesso.quantidade) == ("inscrições sem dados sensíveis", 8)


# — Resultados e eventos —


def test_ficha_do_resultado_com_as_listas_por_grupo_registra_o_acesso(client, versao_publicada):
    client.force_login(com_permissoes("rita", "view_resultado"))
    client.get(reverse("admin:concursos_resultado_change", args=[versao_publicada.pk]))
    acesso = unico_acesso()
    assert acesso.o_que == "resultado"
    assert acesso.objeto == f"resultado #{versao_publicada.pk}: cargo GM, versão 1, edital 1/2025"


@pytest.mark.parametrize(
    ("rota", "o_que"),
    [("resultado_pdf", "pdf_resultado"), ("lista_publicada_csv", "lista_publicada")],
)
def test_cada_download_do_resultado_registra_o_acesso(client, versao_publicada, rota, o_que):
    client.force_login(com_permissoes("rita", "view_resultado"))
    if rota == "resultado_pdf":
        url = reverse("concursos:resultado_pdf", args=[versao_publicada.cargo.edital_id])
    else:
        url = reverse("concursos:lista_publicada", args=[versao_publicada.pk, "csv"])
    for _ in range(2):
        assert client.get(url, REMOTE_ADDR=IP).status_code == 200
    assert [(a.o_que, a.ip, a.caminho) for a in acessos()] == [(o_que, IP, url)] * 2


def test_quadro_de_vagas_nao_identifica_ninguem_e_nao_registra(client, cargo):
    client.force_login(com_permissoes("rita", "view_edital"))
    assert client.get(reverse("concursos:quadro_de_vagas_pdf", args=[cargo.edital_id])).status_code == 200
    assert acessos() == []


def test_efeito_do_evento_com_os_convocados_por_grupo_registra_o_acesso(client, cargo):
    rita = com_permissoes("rita", "view_evento")
    servicos_de_concursos.gerar_resultado(cargo, por=rita)
    registrado = servicos_de_concursos.registrar_desistencia(
        cargo.inscricoes.get(numero="Y"), ato=Ato(documento="Requerimento 12/2025", data_do_ato=DATA_DO_ATO), por=rita
    )
    client.force_login(rita)
    client.get(reverse("concursos:evento", args=[registrado.evento.pk]))
    acesso = unico_acesso()
    assert acesso.o_que == "evento" and acesso.objeto.endswith("cargo GM, edital 1/2025")


# — Heteroidentificação: telas da comissão —


@pytest.fixture
def sessao_com_n1():
    cargo = cargo_com_cotistas()
    sessao = sessao_aberta(comissao(cargo.edital))
    return sessao, chamar(sessao, cargo.inscricoes.get(numero="N1"))


def test_membro_que_ve_os_pareceres_depois_do_seu_fica_registrado(client, sessao_com_n1):
    _, chamado = sessao_com_n1
    votar(chamado, ana="confirma", carla="nao_confirma")
    bruno = pessoa("bruno")
    client.force_login(bruno)
    url = reverse("heteroidentificacao:parecer", args=[chamado.pk])
    client.get(url)
    assert acessos() == []  # antes do próprio parecer ele não vê parecer nenhum
    votar(chamado, bruno="confirma")
    resposta = client.get(url, REMOTE_ADDR=IP)
    assert "Não confirma a autodeclaração" in resposta.content.decode()
    acesso = unico_acesso()
    assert (acesso.usuario, acesso.o_que, acesso.ip, acesso.caminho) == (bruno, "parecer", IP, url)
    assert acesso.objeto == f"candidato chamado #{chamado.pk}: inscrição N1, sessão #{chamado.sessao_id}"
    assert sem_dado_sensivel(acesso, chamado.inscricao.candidato.cpf)


def test_sessao_encerrada_com_as_decisoes_registra_o_acesso_e_a_aberta_nao(client, sessao_com_n1):
    sessao, chamado = sessao_com_n1
    client.force_login(pessoa("bruno"))
    url = reverse("heteroidentificacao:sessao", args=[sessao.pk])
    client.get(url)
    assert acessos() == []
    votar(chamado, ana="confirma", bruno="confirma", carla="confirma", davi="confirma", elisa="confirma")
    encerrar(sessao)
    client.get(url)
    acesso = unico_acesso()
    assert acesso.o_que == "sessao" and acesso.objeto == f"sessão #{sessao.pk}: edital 1/2025"


def test_previa_do_encerramento_para_o_presidente_registra_o_acesso(client, sessao_com_n1):
    sessao, chamado = sessao_com_n1
    votar(chamado, ana="confirma", bruno="confirma")
    client.force_login(pessoa("ana"))
    assert client.get(reverse("heteroidentificacao:encerrar_sessao", args=[sessao.pk])).status_code == 200
    assert unico_acesso().o_que == "previa_do_encerramento"


# — Heteroidentificação: admin e PDFs —


@pytest.fixture
def sessao_encerrada():
    """Ordinária encerrada: N1 confirmado, N2 não confirmado (com recurso), N3 ausente."""
    return sessao_julgada()


def test_ficha_da_sessao_com_a_gravacao_registra_o_acesso(client, sessao_encerrada):
    client.force_login(rh())
    resposta = client.get(reverse("admin:heteroidentificacao_sessao_change", args=[sessao_encerrada.pk]))
    assert sessao_encerrada.gravacao in resposta.content.decode()
    acesso = unico_acesso()
    assert acesso.o_que == "sessao" and acesso.objeto.startswith(
        f"sessão #{sessao_encerrada.pk}: 10/03/2025 09:00, edital 1/2025"
    )


def test_cada_pdf_da_heteroidentificacao_registra_o_acesso(client, sessao_encerrada):
    inscricao_ = chamado_de(sessao_encerrada, "N1").inscricao
    processo = services.instaurar_apuracao(
        inscricao_, numero="PA 1", fatos="Denúncia.", instaurado_em=date(2025, 6, 2), por=rh()
    )
    services.notificar(processo, notificado_em=date(2025, 6, 3), dias_para_defesa=10, por=rh())
    services.decidir_apuracao(
        processo, decisao="procedente", fundamentacao="Má-fé.", decidido_em=date(2025, 6, 14), por=rh()
    )
    n2 = chamado_de(sessao_encerrada, "N2")
    pedidos = {
        ("sessao_ata_pdf", sessao_encerrada.pk): ("ata", f"sessão #{sessao_encerrada.pk}"),
        ("sessao_convocacao_pdf", sessao_encerrada.pk): ("pdf_convocacao", f"sessão #{sessao_encerrada.pk}"),
        ("chamado_parecer_pdf", n2.pk): ("pdf_pareceres_do_candidato", f"candidato chamado #{n2.pk}: inscrição N2"),
        ("comissao_resultado_pdf", sessao_encerrada.comissao_id): (
            "pdf_resultado_heteroidentificacao",
            f"comissão de heteroidentificação #{sessao_encerrada.comissao_id}: edital 1/2025",
        ),
        ("processo_oficio_pdf", processo.pk): ("oficio", f"processo de apuração de declaração falsa #{processo.pk}"),
    }
    client.force_login(rh())
    for (nome, pk), (o_que, objeto) in pedidos.items():
        resposta = client.get(reverse(f"admin:heteroidentificacao_{nome}", args=[pk]), REMOTE_ADDR=IP)
        assert resposta["Content-Type"] == "application/pdf", nome
        acesso = acessos()[-1]
        assert (acesso.o_que, acesso.ip) == (o_que, IP) and acesso.objeto.startswith(objeto), acesso.objeto
    assert len(acessos()) == len(pedidos)
    assert all(
        sem_dado_sensivel(a, *(c.inscricao.candidato.cpf for c in sessao_encerrada.chamados.all())) for a in acessos()
    )


def test_tela_do_resultado_da_heteroidentificacao_registra_o_acesso(client, sessao_encerrada):
    client.force_login(rh())
    client.get(reverse("admin:heteroidentificacao_comissao_resultado", args=[sessao_encerrada.comissao_id]))
    assert unico_acesso().o_que == "resultado_heteroidentificacao"


def test_lista_de_pareceres_registra_um_acesso_por_pagina_com_a_quantidade(client, sessao_encerrada):
    client.force_login(com_permissoes("celia", "view_parecer"))
    with CaptureQueriesContext(connection) as consultas:
        resposta = client.get(reverse("admin:heteroidentificacao_parecer_changelist"))
    assert resposta.status_code == 200
    acesso = unico_acesso()
    assert (acesso.o_que, acesso.objeto, acesso.quantidade) == ("parecer", "lista de pareceres", 10)
    linhas = [c for c in consultas.captured_queries if '"heteroidentificacao_parecer"."voto"' in c["sql"]]
    assert len(linhas) == 1  # contar as linhas não repete a consulta da lista


def test_ficha_e_historico_do_parecer_e_ficha_do_recurso_registram_o_acesso(client, sessao_encerrada):
    recurso = recurso_de_n2(sessao_encerrada)
    parecer = chamado_de(sessao_encerrada, "N2").pareceres.first()
    client.force_login(com_permissoes("celia", "view_parecer", "view_recurso"))
    client.get(reverse("admin:heteroidentificacao_parecer_change", args=[parecer.pk]))
    client.get(reverse("admin:heteroidentificacao_recurso_change", args=[recurso.pk]))
    client.get(reverse("admin:heteroidentificacao_parecer_history", args=[parecer.pk]))
    assert [(a.o_que, a.objeto) for a in acessos()] == [
        ("parecer", f"parecer #{parecer.pk}: inscrição N2, sessão #{sessao_encerrada.pk}"),
        ("recurso", f"recurso #{recurso.pk}: inscrição N2, sessão #{sessao_encerrada.pk}"),
        ("historico", f"parecer #{parecer.pk}: inscrição N2, sessão #{sessao_encerrada.pk}"),
    ]


# — A API e o IP —


def test_ip_vem_do_proxy_reverso_como_o_django_axes_o_ve(settings):
    settings.AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR", "REMOTE_ADDR")
    settings.AXES_IPWARE_PROXY_COUNT = 0
    pedido = RequestFactory().get("/admin/x/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="200.1.2.3")
    pedido.user = usuario("rita")
    assert registrar_acesso(pedido, o_que="parecer", objeto="x").ip == "200.1.2.3"


def test_cpf_no_objeto_e_no_caminho_nunca_chega_ao_registro():
    pedido = RequestFactory().get("/busca/529.982.247-25/", {"q": "52998224725"})
    pedido.user = usuario("rita")
    acesso = registrar_acesso(pedido, o_que="inscricao", objeto="inscrição 52998224725 e 20250000001")
    assert acesso.objeto == "inscrição *** e 20250000001" and acesso.caminho == "/busca/***/"


def test_acesso_desconhecido_e_erro_de_programacao():
    pedido = RequestFactory().get("/")
    pedido.user = usuario("rita")
    with pytest.raises(ValueError, match="Acesso desconhecido"):
        registrar_acesso(pedido, o_que="cor_raca")


# — O registro no admin —


@pytest.fixture
def registros():
    """Três acessos: dois de Rita (inscrição e exportação), um de Bruno (parecer)."""
    rita, bruno = usuario("rita"), pessoa("bruno")
    for quem, o_que, objeto in (
        (rita, "inscricao", "inscrição #1: nº Y, edital 1/2025"),
        (rita, "exportacao_inscricoes", "inscrições com cor/raça e opções por grupo"),
        (bruno, "parecer", "candidato chamado #7: inscrição N1, sessão #3"),
    ):
        pedido = RequestFactory().get("/")
        pedido.user = quem
        registrar_acesso(pedido, o_que=o_que, objeto=objeto)
    return rita, bruno


@pytest.fixture
def auditora(client):
    celia = usuario("celia")
    auditor, _ = Group.objects.get_or_create(name="Auditor")
    auditor.permissions.add(Permission.objects.get(codename="view_acessoadadossensiveis"))
    celia.groups.add(auditor)
    client.force_login(celia)
    return celia


def objetos_listados(client, **filtros) -> list[str]:
    resposta = client.get(reverse("admin:concursos_acessoadadossensiveis_changelist"), filtros)
    assert resposta.status_code == 200
    return [a.objeto for a in resposta.context["cl"].result_list]


def test_auditor_lista_e_filtra_os_acessos(client, registros, auditora):
    rita, bruno = registros
    assert len(objetos_listados(client)) == 3
    assert objetos_listados(client, o_que__exact="parecer") == ["candidato chamado #7: inscrição N1, sessão #3"]
    assert len(objetos_listados(client, usuario__id__exact=rita.pk)) == 2
    assert objetos_listados(client, q="nº Y") == ["inscrição #1: nº Y, edital 1/2025"]
    assert len(objetos_listados(client, q="bruno")) == 1
    # O filtro de data que a página oferece ("Este ano"); ``quando__year`` não é filtro da página (issue 24).
    ano = timezone.localtime(AcessoADadosSensiveis.objects.first().quando).year
    este_ano = {"quando__gte": f"{ano}-01-01T00:00:00-03:00", "quando__lt": f"{ano + 1}-01-01T00:00:00-03:00"}
    assert len(objetos_listados(client, **este_ano)) == 3


def test_a_migracao_da_ao_auditor_a_leitura_do_registro_e_ao_rh_nao():
    """No fim do ``migrate`` (``post_migrate``, ``concursos/papeis.py``) o Auditor ganha a leitura
    deste registro, e o RH, que ele vigia, não."""
    Group.objects.all().delete()
    modelos = MigrationLoader(connection).project_state().apps
    emit_post_migrate_signal(0, False, connection.alias, apps=modelos, plan=[])
    leitores = Group.objects.filter(permissions__codename="view_acessoadadossensiveis")
    assert list(leitores.values_list("name", flat=True)) == ["Auditor"]


def test_quem_nao_audita_nao_ve_o_registro(client, registros):
    client.force_login(com_permissoes("rosa", "view_inscricao", "ver_dados_sensiveis"))
    assert client.get(reverse("admin:concursos_acessoadadossensiveis_changelist")).status_code == 403


def test_ninguem_inclui_altera_ou_apaga_acessos_nem_o_superusuario(client, registros):
    chefe = usuario("chefe", superusuario=True)
    client.force_login(chefe)
    modelo_admin = admin.site._registry[AcessoADadosSensiveis]
    pedido = RequestFactory().get("/")
    pedido.user = chefe
    acesso = AcessoADadosSensiveis.objects.first()
    assert not modelo_admin.has_add_permission(pedido)
    assert not modelo_admin.has_change_permission(pedido, acesso)
    assert not modelo_admin.has_delete_permission(pedido, acesso)
    assert client.get(reverse("admin:concursos_acessoadadossensiveis_add")).status_code == 403
    assert client.post(reverse("admin:concursos_acessoadadossensiveis_delete", args=[acesso.pk])).status_code == 403
    ficha = client.post(reverse("admin:concursos_acessoadadossensiveis_change", args=[acesso.pk]), {"objeto": "x"})
    assert ficha.status_code == 403
    assert AcessoADadosSensiveis.objects.count() == 3
    assert not {"add", "change", "delete"} & {
        p.codename.split("_")[0] for p in Permission.objects.filter(content_type__model="acessoadadossensiveis")
    }
