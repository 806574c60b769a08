"""Admin do RH para a heteroidentificação, pelo cliente de teste: inclusões que passam pelos
serviços (com as recusas em português no formulário), ações, pareceres fora do alcance do RH,
auditoria só de leitura, resultado e os PDFs com permissão."""

import re
from datetime import date
from html import unescape

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from heteroidentificacao import services
from heteroidentificacao.models import (
    Chamado,
    Comissao,
    Membro,
    Parecer,
    ProcessoDeApuracao,
    Recurso,
    RegistroDeAuditoria,
    Sessao,
)
from tests.concursos.fabricas import edital as edital_de_teste
from tests.pdf_acessivel import conferir_pdf_acessivel

from .fabricas import cargo_com_cotistas, comissao, pessoa, rh, sessao_aberta
from .test_pdf import FUNDAMENTACAO_N2, chamado_de, local, recurso_de_n2, sessao_julgada

pytestmark = pytest.mark.django_db

PERMISSOES_DO_RH = [
    f"{acao}_{modelo}"
    for modelo in ("comissao", "membro", "sessao", "chamado", "recurso", "processodeapuracao")
    for acao in ("add", "change", "view")
] + ["view_registrodeauditoria"]


def equipe(nome, *codigos):
    """Usuário da equipe (is_staff, sem senha) com as permissões indicadas do app."""
    usuario = pessoa(nome, is_staff=True)
    usuario.user_permissions.add(
        *Permission.objects.filter(content_type__app_label="heteroidentificacao", codename__in=codigos)
    )
    return usuario


@pytest.fixture
def secretaria(client):
    """A servidora do RH que opera o admin: tudo do app, menos ler pareceres."""
    usuario = equipe("secretaria", *PERMISSOES_DO_RH, "add_parecer", "change_parecer", "delete_parecer")
    client.force_login(usuario)
    return usuario


def texto(resposta) -> str:
    html = resposta.content.decode()
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def mensagens(resposta) -> list[str]:
    return [str(m) for m in resposta.context["messages"]]


def url(nome, *args):
    return reverse(f"admin:heteroidentificacao_{nome}", args=args)


def dados_da_comissao(comissao_, *novos) -> dict:
    """POST da ficha da comissão: os membros já incluídos (só leitura) e os novos ``(usuario, papel, presidente)``."""
    existentes = list(comissao_.membros.all())
    dados = {
        "limite_de_chamados": "",
        "prazo_de_recurso_dias": str(comissao_.prazo_de_recurso_dias),
        "membros-TOTAL_FORMS": str(len(existentes) + len(novos)),
        "membros-INITIAL_FORMS": str(len(existentes)),
        "membros-MIN_NUM_FORMS": "0",
        "membros-MAX_NUM_FORMS": "1000",
    }
    for i, membro in enumerate(existentes):
        dados.update({f"membros-{i}-id": str(membro.pk), f"membros-{i}-comissao": str(comissao_.pk)})
    for i, (usuario, papel, presidente) in enumerate(novos, start=len(existentes)):
        dados.update({f"membros-{i}-usuario": str(usuario.pk), f"membros-{i}-papel": papel})
        if presidente:
            dados[f"membros-{i}-presidente"] = "on"
    return dados


@pytest.fixture
def edital():
    return cargo_com_cotistas().edital


@pytest.fixture
def recursal_vazia(edital):
    """A ordinária com Ana, Bruno, Carla, Davi e Elisa; a recursal ainda sem membros."""
    comissao(edital)
    return services.criar_comissao(edital, tipo=Comissao.RECURSAL, por=rh())


# — Comissões e membros —


def test_criar_comissao_pelo_admin_congela_a_regra_e_fica_na_auditoria(client, secretaria, edital):
    dados = {"edital": edital.pk, "tipo": "ordinaria", "grupo": "negros", "prazo_de_recurso_dias": "3"}
    resposta = client.post(url("comissao_add"), dados)
    assert resposta.status_code == 302
    criada = Comissao.objects.get(edital=edital)
    assert criada.regra_de_quorum == {"membros": 5, "maioria_para_nao_confirmar": 3}
    assert RegistroDeAuditoria.objects.get(acao="comissao_criada").usuario == secretaria
    ficha = texto(client.get(url("comissao_change", criada.pk)))
    assert "5 membros, todos votam; a autodeclaração só não é confirmada com 3 votos" in ficha


def test_criar_comissao_pelo_admin_sem_grupo_verifica_o_grupo_do_regime_do_edital(client, secretaria):
    federal = edital_de_teste(criado_por=rh(), regime="federal-15142-2025")
    pagina = client.get(url("comissao_add")).content.decode()
    assert not re.search(r'name="grupo"[^>]*value="[^"]', pagina)  # nada do regime padrão já preenchido
    dados = {"edital": federal.pk, "tipo": "ordinaria", "grupo": "", "prazo_de_recurso_dias": "2"}
    assert client.post(url("comissao_add"), dados).status_code == 302
    assert Comissao.objects.get(edital=federal).grupo == "pretos_pardos"


def test_segunda_comissao_ordinaria_do_edital_e_recusada_no_formulario(client, secretaria, edital):
    comissao(edital)
    dados = {"edital": edital.pk, "tipo": "ordinaria", "grupo": "negros", "prazo_de_recurso_dias": "2"}
    resposta = client.post(url("comissao_add"), dados)
    assert resposta.status_code == 200
    assert "já tem comissão ordinaria para o grupo negros" in texto(resposta)
    assert Comissao.objects.filter(edital=edital).count() == 1


def test_quem_julgou_na_ordinaria_nao_entra_na_recursal_e_o_admin_diz_por_que(client, secretaria, recursal_vazia):
    ana = pessoa("ana")
    resposta = client.post(
        url("comissao_change", recursal_vazia.pk), dados_da_comissao(recursal_vazia, (ana, "titular", True))
    )
    assert resposta.status_code == 200
    assert "quem julgou não pode julgar o recurso" in texto(resposta)
    assert not recursal_vazia.membros.exists()


def test_membro_incluido_pelo_admin_passa_pelo_servico_e_fica_na_auditoria(client, secretaria, recursal_vazia):
    helena = pessoa("helena")
    resposta = client.post(
        url("comissao_change", recursal_vazia.pk), dados_da_comissao(recursal_vazia, (helena, "titular", True))
    )
    assert resposta.status_code == 302
    assert recursal_vazia.membros.get().presidente
    registro = RegistroDeAuditoria.objects.get(acao="membro_incluido", depois__usuario="helena")
    assert registro.usuario == secretaria


def test_titular_alem_da_regra_e_recusado_no_formulario_e_nada_entra(client, secretaria, recursal_vazia):
    helena, igor, joana, lia = (pessoa(n) for n in ("helena", "igor", "joana", "lia"))
    novos = [(helena, "titular", True), (igor, "titular", False), (joana, "titular", False), (lia, "titular", False)]
    resposta = client.post(url("comissao_change", recursal_vazia.pk), dados_da_comissao(recursal_vazia, *novos))
    assert resposta.status_code == 200
    assert "inclua a pessoa como suplente" in texto(resposta)
    assert not recursal_vazia.membros.exists() and not RegistroDeAuditoria.objects.filter(
        acao="membro_incluido", depois__usuario="lia"
    )


def test_membros_ja_incluidos_ficam_so_para_leitura(client, secretaria, edital):
    ordinaria = comissao(edital)
    resposta = client.post(
        url("comissao_change", ordinaria.pk), {**dados_da_comissao(ordinaria), "membros-0-papel": "suplente"}
    )
    assert resposta.status_code == 302
    assert ordinaria.membros.get(usuario__username="ana").papel == Membro.TITULAR


# — Sessões —


def test_sessao_marcada_pelo_admin_passa_pelo_servico(client, secretaria, edital):
    ordinaria = comissao(edital)
    dados = {"comissao": ordinaria.pk, "inicio_0": "10/03/2025", "inicio_1": "09:00", "local": "Sala 3", "link": ""}
    assert client.post(url("sessao_add"), dados).status_code == 302
    sessao = Sessao.objects.get()
    assert sessao.inicio == local(2025, 3, 10) and sessao.status == Sessao.PLANEJADA
    assert RegistroDeAuditoria.objects.get(acao="sessao_criada").usuario == secretaria


def test_acao_chamar_candidatos_pela_regra_chama_e_informa(client, secretaria, edital):
    sessao = services.criar_sessao(comissao(edital), inicio=local(2025, 3, 10), por=rh())
    dados = {"action": "chamar_candidatos", "_selected_action": [sessao.pk], "index": 0}
    resposta = client.post(url("sessao_changelist"), dados, follow=True)
    assert (
        "Sessão de 10/03/2025 09:00 — Comissão ordinária — edital 1/2025 (negros): 2 chamado(s): N1, N2."
        in mensagens(resposta)
    )
    assert sorted(Chamado.objects.values_list("inscricao__numero", flat=True)) == ["N1", "N2"]


def test_acao_chamar_na_sessao_da_recursal_mostra_a_recusa_do_servico(client, secretaria, recursal_vazia):
    sessao = services.criar_sessao(recursal_vazia, inicio=local(2025, 3, 10), por=rh())
    dados = {"action": "chamar_candidatos", "_selected_action": [sessao.pk], "index": 0}
    resposta = client.post(url("sessao_changelist"), dados, follow=True)
    assert resposta.status_code == 200
    assert any("A comissão recursal só julga recursos" in m for m in mensagens(resposta))


def test_ficha_da_sessao_mostra_os_chamados_so_para_leitura_com_placar(client, secretaria):
    sessao = sessao_julgada()
    pagina = texto(client.get(url("sessao_change", sessao.pk)))
    assert "N1 Candidato N1 GM — Guarda Municipal Sim Não Confirmado 3 a 2" in pagina
    assert "N3 Candidato N3 GM — Guarda Municipal Não Não Ausente —" in pagina
    assert "lista de convocação (PDF)" in pagina and "ata (PDF)" in pagina


# — Recursos —


def test_recurso_registrado_pelo_admin_passa_pelo_servico(client, secretaria):
    sessao = sessao_julgada(encerrada_agora=True)
    chamado = chamado_de(sessao, "N2")
    resposta = client.post(url("recurso_add"), {"chamado": chamado.pk, "texto": "Sou pardo.", "apresentado_em": ""})
    assert resposta.status_code == 200  # data obrigatória
    hoje = date.today().strftime("%d/%m/%Y")
    resposta = client.post(url("recurso_add"), {"chamado": chamado.pk, "texto": "Sou pardo.", "apresentado_em": hoje})
    assert resposta.status_code == 302
    assert Recurso.objects.get().registrado_por == secretaria


def test_recurso_fora_do_prazo_mostra_a_data_final_no_formulario(client, secretaria):
    chamado = chamado_de(sessao_julgada(), "N2")
    dados = {"chamado": chamado.pk, "texto": "Sou pardo.", "apresentado_em": "14/03/2025"}
    resposta = client.post(url("recurso_add"), dados)
    assert resposta.status_code == 200
    assert "Recurso fora do prazo: o prazo de 2 dias, contado a partir de 11/03/2025, terminou em 12/03/2025." in texto(
        resposta
    )
    assert not Recurso.objects.exists()


def test_so_nao_confirmados_sem_recurso_aparecem_para_recorrer(client, secretaria):
    sessao = sessao_julgada()
    pagina = texto(client.get(url("recurso_add")))
    assert "N2 — Candidato N2 — não confirmado por 2 a 3 na sessão de 10/03/2025" in pagina
    assert "N1 — Candidato N1" not in pagina and "N3 — Candidato N3" not in pagina
    recurso_de_n2(sessao)
    assert "N2 — Candidato N2" not in texto(client.get(url("recurso_add")))


def test_acao_incluir_na_sessao_recursal_pergunta_a_sessao_e_chama_o_servico(client, secretaria):
    sessao = sessao_julgada()
    recurso = recurso_de_n2(sessao)
    recursal = services.criar_sessao(Comissao.objects.get(tipo="recursal"), inicio=local(2025, 3, 20), por=rh())
    escolha = client.post(
        url("recurso_changelist"),
        {"action": "incluir_na_sessao_recursal", "_selected_action": [recurso.pk], "index": 0},
    )
    assert "Sessão de 20/03/2025 09:00 — Comissão recursal" in texto(escolha)
    dados = {
        "action": "incluir_na_sessao_recursal",
        "_selected_action": [recurso.pk],
        "aplicar": "1",
        "sessao": recursal.pk,
    }
    resposta = client.post(url("recurso_changelist"), dados, follow=True)
    recurso.refresh_from_db()
    assert recurso.julgamento.sessao == recursal
    assert any("incluído na pauta da sessão de 20/03/2025 09:00" in m for m in mensagens(resposta))


# — Apuração de declaração falsa —


def test_processo_instaurado_notificado_e_decidido_pelos_passos_do_admin(client, secretaria):
    inscricao = chamado_de(sessao_julgada(), "N1").inscricao
    dados = {"inscricao": inscricao.pk, "numero": "PA 2025/0042", "fatos": "Denúncia.", "instaurado_em": "02/06/2025"}
    assert client.post(url("processodeapuracao_add"), dados).status_code == 302
    processo = ProcessoDeApuracao.objects.get()
    assert processo.instaurado_por == secretaria
    notificacao = {"notificado_em": "03/06/2025", "dias_para_defesa": "10"}
    assert client.post(url("processo_notificar", processo.pk), notificacao).status_code == 302
    antes_do_prazo = {"decisao": "procedente", "fundamentacao": "Má-fé.", "decidido_em": "05/06/2025"}
    resposta = client.post(url("processo_decidir", processo.pk), antes_do_prazo)
    assert "O prazo de defesa termina em 13/06/2025 e a defesa não foi apresentada" in texto(resposta)
    resposta = client.post(url("processo_decidir", processo.pk), {**antes_do_prazo, "decidido_em": "14/06/2025"})
    processo.refresh_from_db()
    assert resposta.status_code == 302 and processo.decisao == ProcessoDeApuracao.PROCEDENTE
    assert "ofício ao Ministério Público (PDF)" in texto(client.get(url("processodeapuracao_change", processo.pk)))
    oficio = client.get(url("processo_oficio_pdf", processo.pk))
    assert oficio["Content-Type"] == "application/pdf"
    assert oficio["Content-Disposition"] == 'attachment; filename="oficio-ministerio-publico-processo-pa-20250042.pdf"'


def test_instaurar_para_quem_nao_optou_pela_reserva_e_recusado_no_formulario(client, secretaria, edital):
    inscricao = edital.inscricoes.get(numero="A")
    dados = {"inscricao": inscricao.pk, "numero": "PA 1", "fatos": "Denúncia.", "instaurado_em": "02/06/2025"}
    resposta = client.post(url("processodeapuracao_add"), dados)
    assert "A inscrição A não se autodeclarou para a reserva verificada." in texto(resposta)
    assert not ProcessoDeApuracao.objects.exists()


def test_passo_do_processo_exige_poder_alterar_o_processo(client, edital):
    processo = services.instaurar_apuracao(
        edital.inscricoes.get(numero="N1"), numero="PA 1", fatos="Denúncia.", instaurado_em=date(2025, 6, 2), por=rh()
    )
    client.force_login(equipe("estagiario", "view_processodeapuracao"))
    assert client.get(url("processo_notificar", processo.pk)).status_code == 403


def test_oficio_de_processo_em_andamento_volta_a_ficha_com_a_recusa(client, secretaria, edital):
    processo = services.instaurar_apuracao(
        edital.inscricoes.get(numero="N1"), numero="PA 1", fatos="Denúncia.", instaurado_em=date(2025, 6, 2), por=rh()
    )
    resposta = client.get(url("processo_oficio_pdf", processo.pk), follow=True)
    assert resposta.redirect_chain[-1][0] == url("processodeapuracao_change", processo.pk)
    assert any("está: em andamento" in m for m in mensagens(resposta))


# — Pareceres: dos membros, nunca do RH —


def test_rh_nao_inclui_nao_altera_nem_lista_pareceres(client, secretaria):
    parecer = Parecer.objects.filter(chamado=chamado_de(sessao_julgada(), "N2")).first()
    assert client.get(url("parecer_add")).status_code == 403
    assert client.get(url("parecer_changelist")).status_code == 403
    assert client.get(url("parecer_change", parecer.pk)).status_code == 403
    assert client.post(url("parecer_change", parecer.pk), {"voto": "confirma"}).status_code == 403


def test_auditor_le_os_pareceres_sem_poder_alterar(client):
    parecer = Parecer.objects.filter(voto="nao_confirma", chamado=chamado_de(sessao_julgada(), "N2")).first()
    client.force_login(equipe("auditor", "view_parecer"))
    assert client.get(url("parecer_changelist")).status_code == 200
    ficha = client.get(url("parecer_change", parecer.pk))
    assert ficha.status_code == 200 and FUNDAMENTACAO_N2 in texto(ficha) and "Salvar" not in texto(ficha)
    assert client.post(url("parecer_change", parecer.pk), {"voto": "confirma"}).status_code == 403
    assert client.get(url("parecer_add")).status_code == 403


# — Auditoria: só leitura —


def test_auditoria_e_so_leitura_e_filtra_por_acao(client, secretaria):
    sessao_julgada()
    registro = RegistroDeAuditoria.objects.get(acao="decisao", objeto__contains="inscrição N1")
    assert client.get(url("registrodeauditoria_add")).status_code == 403
    assert client.post(url("registrodeauditoria_change", registro.pk), {"acao": "x"}).status_code == 403
    assert client.post(url("registrodeauditoria_delete", registro.pk), {"post": "yes"}).status_code == 403
    lista = client.get(url("registrodeauditoria_changelist"), {"acao": "sessao_encerrada"})
    assert lista.status_code == 200 and lista.context["cl"].result_count == 1
    ficha = texto(client.get(url("registrodeauditoria_change", registro.pk)))
    assert '"placar": "3 a 2"' in ficha and "Salvar" not in ficha


def test_auditoria_esconde_o_texto_do_parecer_de_quem_nao_le_pareceres(client, secretaria):
    sessao_julgada()
    registro = RegistroDeAuditoria.objects.filter(
        acao="parecer_registrado", depois__fundamentacao=FUNDAMENTACAO_N2
    ).first()
    # Para quem não lê pareceres a linha nem existe (issue 24): o admin volta dizendo que não a achou.
    resposta = client.get(url("registrodeauditoria_change", registro.pk), follow=True)
    assert resposta.redirect_chain and FUNDAMENTACAO_N2 not in texto(resposta)
    client.force_login(rh())
    assert FUNDAMENTACAO_N2 in texto(client.get(url("registrodeauditoria_change", registro.pk)))


# — Resultado e PDFs —


def test_resultado_da_heteroidentificacao_mostra_decisao_placar_e_recurso(client, secretaria):
    sessao = sessao_julgada()
    recurso_de_n2(sessao)
    pagina = texto(client.get(url("comissao_resultado", sessao.comissao_id)))
    assert "N1 Candidato N1 GM — Guarda Municipal Confirmado 3 a 2 não Confirmado" in pagina
    assert (
        "N2 Candidato N2 GM — Guarda Municipal Não confirmado 2 a 3 sim — aguardando pauta da comissão recursal Não confirmado"
        in pagina
    )
    assert "N3 Candidato N3 GM — Guarda Municipal Ausente — não Ausente" in pagina


def test_resultado_definitivo_com_recurso_pendente_volta_com_a_recusa(client, secretaria):
    sessao = sessao_julgada()
    recurso_de_n2(sessao)
    resposta = client.get(url("comissao_resultado_pdf", sessao.comissao_id), {"definitivo": "1"}, follow=True)
    assert any("Há recurso ainda não julgado (inscrições N2)" in m for m in mensagens(resposta))


def test_pdfs_da_sessao_e_do_resultado_sao_baixados_com_nome_de_arquivo(client, secretaria):
    sessao = sessao_julgada()
    pedidos = {
        url("sessao_ata_pdf", sessao.pk): f"ata-sessao-2025-03-10-{sessao.pk}.pdf",
        url("sessao_convocacao_pdf", sessao.pk): f"convocacao-sessao-2025-03-10-{sessao.pk}.pdf",
        url("chamado_parecer_pdf", chamado_de(sessao, "N2").pk): "pareceres-inscricao-n2.pdf",
        url("comissao_resultado_pdf", sessao.comissao_id): "resultado-preliminar-heteroidentificacao-edital-1-2025.pdf",
    }
    for endereco, arquivo in pedidos.items():
        resposta = client.get(endereco)
        assert resposta.status_code == 200 and resposta["Content-Type"] == "application/pdf"
        assert resposta["Content-Disposition"] == f'attachment; filename="{arquivo}"'
        assert resposta.content.startswith(b"%PDF")
        conferir_pdf_acessivel(resposta.content, " — Edital nº 1/2025")  # marcado, com título e idioma


def test_ata_de_sessao_aberta_volta_a_ficha_com_a_recusa(client, secretaria, edital):
    sessao = sessao_aberta(comissao(edital))
    resposta = client.get(url("sessao_ata_pdf", sessao.pk), follow=True)
    assert resposta.redirect_chain[-1][0] == url("sessao_change", sessao.pk)
    assert (
        "Não foi possível gerar o PDF: A ata só é gerada depois do encerramento da sessão pelo presidente."
        in mensagens(resposta)
    )


def test_pdf_da_sessao_exige_poder_ver_a_sessao(client):
    sessao = sessao_julgada()
    client.force_login(equipe("visitante", "view_comissao"))
    assert client.get(url("sessao_ata_pdf", sessao.pk)).status_code == 403
    assert client.get(url("sessao_convocacao_pdf", sessao.pk)).status_code == 403
    assert client.get(url("chamado_parecer_pdf", chamado_de(sessao, "N2").pk)).status_code == 403


def test_comissao_sessao_recurso_e_processo_nao_se_apagam(client, secretaria):
    sessao = sessao_julgada()
    recurso = recurso_de_n2(sessao)
    processo = services.instaurar_apuracao(
        chamado_de(sessao, "N1").inscricao, numero="PA 1", fatos="Denúncia.", instaurado_em=date(2025, 6, 2), por=rh()
    )
    client.force_login(rh())
    for nome, pk in (
        ("comissao", sessao.comissao_id),
        ("sessao", sessao.pk),
        ("recurso", recurso.pk),
        ("processodeapuracao", processo.pk),
    ):
        assert client.post(url(f"{nome}_delete", pk), {"post": "yes"}).status_code == 403
