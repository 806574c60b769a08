"""Admin do RH pelo cliente de teste: edital e quadro de vagas, gerar e publicar resultado,
busca por CPF, dados sensíveis (LGPD) e registros só de leitura."""

import re
from decimal import Decimal
from html import unescape

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import timezone

from concursos import services
from concursos.atos import Ato
from concursos.models import Candidato, Edital, Inscricao, Resultado

from .fabricas import cargo_do_exemplo_da_alternancia, edital, inscricao, pode_publicar, usuario

pytestmark = pytest.mark.django_db


def com_permissoes(nome, *codigos):
    """Usuário da equipe (is_staff) com as permissões do app concursos indicadas."""
    pessoa = usuario(nome)
    for codigo in codigos:
        pessoa.user_permissions.add(Permission.objects.get(content_type__app_label="concursos", codename=codigo))
    return pessoa


def texto(resposta) -> str:
    """O texto da página, sem tags e com os espaços normalizados."""
    html = resposta.content.decode()
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def diario_oficial() -> dict:
    """A referência da publicação no Diário Oficial, datada de hoje (o dia em que a versão foi gerada)."""
    return {"edicao": "2.345", "data": f"{timezone.localdate():%d/%m/%Y}", "pagina": "7"}


def mensagens(resposta) -> list[str]:
    return [str(m) for m in resposta.context["messages"]]


def dados_do_edital(**extra) -> dict:
    dados = {
        "numero": "7",
        "ano": "2025",
        "titulo": "Guarda Municipal",
        "tipo": "concurso_publico",
        "publicado_em": "10/03/2025",
        "data_referencia_idade": "10/04/2025",
        "desempate": "idoso, idade, jurado, sorteio",
        "regime": "cariacica-2023",
        "percentual_pcd": "10",
        "cargos-TOTAL_FORMS": "1",
        "cargos-INITIAL_FORMS": "0",
        "cargos-MIN_NUM_FORMS": "0",
        "cargos-MAX_NUM_FORMS": "1000",
        "cargos-0-codigo": "GM",
        "cargos-0-nome": "Guarda Municipal",
        "cargos-0-vagas": "50",
    }
    dados.update(extra)
    return dados


def test_inclusao_do_edital_congela_os_parametros_com_o_percentual_pcd_e_registra_o_autor(client):
    chefe = usuario("chefe", superusuario=True)
    client.force_login(chefe)
    resposta = client.post(reverse("admin:concursos_edital_add"), dados_do_edital())
    assert resposta.status_code == 302
    criado = Edital.objects.get(numero=7, ano=2025)
    pcd = next(g for g in criado.parametros_do_regime["grupos"] if g["grupo"] == "pcd")
    assert pcd["percentual"] == "10" and criado.criado_por == chefe
    assert criado.desempate == ["idoso", "idade", "jurado", "sorteio"]
    quadro = criado.cargos.get().quadro_de_vagas()
    assert (quadro.ampla, quadro.reservadas_do("negros"), quadro.reservadas_do("pcd")) == (35, 10, 5)


def test_percentual_pcd_fora_de_5_a_20_e_recusado_no_formulario(client):
    client.force_login(usuario("chefe", superusuario=True))
    resposta = client.post(reverse("admin:concursos_edital_add"), dados_do_edital(percentual_pcd="25"))
    assert resposta.status_code == 200 and not Edital.objects.exists()
    assert "menor ou igual a 20" in texto(resposta)


def test_percentual_pcd_aceita_virgula_decimal(client):
    client.force_login(usuario("chefe", superusuario=True))
    client.post(reverse("admin:concursos_edital_add"), dados_do_edital(percentual_pcd="7,5"))
    pcd = next(g for g in Edital.objects.get().parametros_do_regime["grupos"] if g["grupo"] == "pcd")
    assert Decimal(pcd["percentual"]) == Decimal("7.5")


def test_regime_e_parametros_ficam_somente_leitura_depois_da_criacao(client):
    criado = edital()
    client.force_login(usuario("chefe", superusuario=True))
    resposta = client.get(reverse("admin:concursos_edital_change", args=[criado.pk]))
    assert 'name="regime"' not in resposta.content.decode()
    assert 'name="percentual_pcd"' not in resposta.content.decode()
    assert "Parâmetros congelados" in texto(resposta) and "metade para cima" in texto(resposta)


def test_quadro_de_vagas_de_35_vagas_mostra_26_ampla_7_negros_2_pcd_e_as_posicoes(client):
    criado = edital(cargos=(("GM", "Guarda Municipal", 35),))
    client.force_login(usuario("chefe", superusuario=True))
    pagina = texto(client.get(reverse("admin:concursos_edital_change", args=[criado.pk])))
    quadro = pagina[pagina.index("Quadro de vagas Cargo") :]
    assert "Vagas Ampla concorrência Negros PcD" in quadro
    assert "GM — Guarda Municipal 35 26 7 2" in quadro
    assert "Negros: 3ª, 8ª, 13ª, 18ª, 23ª, 28ª, 33ª" in quadro and "PcD: 5ª, 21ª" in quadro


def test_cargo_abaixo_do_minimo_aparece_como_cadastro_de_reserva(client):
    criado = edital(cargos=(("AUX", "Auxiliar", 2),))
    client.force_login(usuario("chefe", superusuario=True))
    pagina = texto(client.get(reverse("admin:concursos_edital_change", args=[criado.pk])))
    assert "AUX — Auxiliar 2 2 0 cadastro de reserva" in pagina


def test_edital_acs_ace_anterior_a_lei_mostra_que_a_reserva_de_negros_nao_se_aplica(client):
    from datetime import date

    criado = edital(tipo="processo_seletivo_acs_ace", publicado_em=date(2023, 1, 10), cargos=(("ACS", "ACS", 10),))
    client.force_login(usuario("chefe", superusuario=True))
    pagina = texto(client.get(reverse("admin:concursos_edital_change", args=[criado.pk])))
    assert "não se aplica a este edital (Art. 5º, parágrafo único)" in pagina


def test_lista_de_editais_mostra_numero_ano_e_data_em_dd_mm_aaaa_e_busca_por_1_2025(client):
    edital(numero=1, ano=2025)
    edital(numero=2, ano=2025)
    client.force_login(usuario("chefe", superusuario=True))
    resposta = client.get(reverse("admin:concursos_edital_changelist"), {"q": "1/2025"})
    assert [str(e) for e in resposta.context["cl"].result_list] == ["1/2025"]
    assert "1/2025 Concurso público de teste Concurso público Cariacica 2023" in texto(resposta)
    assert "10/03/2025" in texto(resposta)


def test_gerar_resultado_pelo_botao_exige_a_permissao(client):
    cargo = cargo_do_exemplo_da_alternancia()
    client.force_login(com_permissoes("sem", "view_edital"))
    resposta = client.post(reverse("concursos:gerar_resultado", args=[cargo.edital_id]))
    assert resposta.status_code == 403 and not Resultado.objects.exists()


def test_gerar_resultado_provisorio_avisa_pendencias_na_mensagem(client):
    cargo = cargo_do_exemplo_da_alternancia()
    inscricao(cargo, "W", 50, nome="Wanda Pendente", grupos={"negros": "pendente"})
    client.force_login(com_permissoes("rh", "view_edital", "gerar_resultado"))
    resposta = client.post(reverse("concursos:gerar_resultado", args=[cargo.edital_id]), follow=True)
    assert resposta.status_code == 200
    (aviso,) = mensagens(resposta)
    assert "PRÉVIA" in aviso and "Negros: 1 verificação pendente" in aviso and "Wanda" not in aviso
    assert Resultado.objects.get().status == Resultado.PREVIA


def test_acao_gerar_resultado_so_aparece_e_funciona_com_a_permissao(client):
    cargo = cargo_do_exemplo_da_alternancia()
    url = reverse("admin:concursos_edital_changelist")
    acao = {"action": "gerar_resultado", "_selected_action": [cargo.edital_id]}
    client.force_login(com_permissoes("sem", "view_edital"))
    assert "gerar_resultado" not in client.get(url).content.decode()
    client.post(url, acao)
    assert not Resultado.objects.exists()
    client.force_login(com_permissoes("rh", "view_edital", "gerar_resultado"))
    resposta = client.post(url, acao, follow=True)
    assert "resultado final gerado" in " ".join(mensagens(resposta))
    assert Resultado.objects.get().status == Resultado.FINAL


def test_acao_gerar_resultado_mostra_a_recusa_do_motor_sem_erro_500(client):
    cargo = edital(cargos=(("GM", "Guarda", 5),)).cargos.get()
    inscricao(cargo, "N1", 80, cor_raca="branca", grupos={"negros": "confirmado"})
    client.force_login(com_permissoes("rh", "view_edital", "gerar_resultado"))
    resposta = client.post(
        reverse("admin:concursos_edital_changelist"),
        {"action": "gerar_resultado", "_selected_action": [cargo.edital_id]},
        follow=True,
    )
    assert resposta.status_code == 200 and not Resultado.objects.exists()
    assert "nada foi gerado" in " ".join(mensagens(resposta))


def test_publicar_sem_permissao_da_403(client):
    resultado = services.gerar_resultado(cargo_do_exemplo_da_alternancia(), por=usuario("autor"))
    client.force_login(com_permissoes("sem", "view_resultado"))
    resposta = client.post(reverse("concursos:publicar_resultado", args=[resultado.pk]))
    assert resposta.status_code == 403
    resultado.refresh_from_db()
    assert resultado.status == Resultado.FINAL


def test_publicar_resultado_final_com_permissao(client):
    resultado = services.gerar_resultado(cargo_do_exemplo_da_alternancia(), por=usuario("autor"))
    chefe = com_permissoes("chefe", "view_resultado", "publicar_resultado")
    client.force_login(chefe)
    url = reverse("concursos:publicar_resultado", args=[resultado.pk])
    # Primeiro a confirmação: o que fica público; nada publicado (nem por um POST sem confirmar).
    for confirmacao in (client.get(url), client.post(url)):
        pagina = texto(confirmacao)
        assert "Nada foi publicado ainda" in pagina and "primeira publicação" in pagina
        quem = pagina.split("Quem será convocado")[1].split("Quem muda")[0]
        assert all(f"{posicao}ª " in quem for posicao in range(1, 6))
    resultado.refresh_from_db()
    assert resultado.status == Resultado.FINAL
    resposta = client.post(url, {"confirmar": "1", **diario_oficial()}, follow=True)
    assert "resultado publicado" in " ".join(mensagens(resposta))
    resultado.refresh_from_db()
    assert resultado.status == Resultado.PUBLICADO and resultado.publicado_por == chefe


def test_a_confirmacao_de_uma_nova_publicacao_mostra_so_o_que_mudou_desde_a_ultima(client):
    cargo = cargo_do_exemplo_da_alternancia()
    autor = pode_publicar(usuario("autor"))
    services.publicar_resultado(services.gerar_resultado(cargo, por=autor), por=autor)
    zeca = cargo.inscricoes.get(numero="Z")
    nova = services.registrar_desistencia(
        zeca, ato=Ato(documento="Req. 9/2025", data_do_ato=cargo.edital.publicado_em), por=autor
    ).resultado
    client.force_login(com_permissoes("chefe", "view_resultado", "publicar_resultado"))
    pagina = texto(client.get(reverse("concursos:publicar_resultado", args=[nova.pk])))
    assert "Desde a versão 1, a última publicada, 1 evento foi registrado" in pagina
    quem = pagina.split("Quem será convocado")[1].split("Quem muda")[0]
    assert "3ª C " in quem and "deixada por Z, desistente" in quem
    assert "1ª A " not in quem  # quem já estava convocado e não mudou não reaparece


def test_publicar_resultado_provisorio_e_recusado_mostrando_as_pendencias(client):
    cargo = cargo_do_exemplo_da_alternancia()
    inscricao(cargo, "W", 50, grupos={"negros": "pendente"})
    resultado = services.gerar_resultado(cargo, por=usuario("autor"))
    client.force_login(com_permissoes("chefe", "view_resultado", "publicar_resultado"))
    url = reverse("concursos:publicar_resultado", args=[resultado.pk])
    confirmacao = texto(client.get(url))
    assert "provisório" in confirmacao and "Confirmar e publicar" not in confirmacao
    resposta = client.post(url, {"confirmar": "1", **diario_oficial()}, follow=True)
    (recusa,) = mensagens(resposta)
    assert "não publicado" in recusa and "Verificações pendentes: W" in recusa
    assert "Resultado PROVISÓRIO" in texto(resposta)
    resultado.refresh_from_db()
    assert resultado.status == Resultado.PREVIA


def test_acao_publicar_na_lista_de_resultados_mostra_a_recusa(client):
    cargo = cargo_do_exemplo_da_alternancia()
    inscricao(cargo, "W", 50, grupos={"negros": "pendente"})
    resultado = services.gerar_resultado(cargo, por=usuario("autor"))
    client.force_login(com_permissoes("chefe", "view_resultado", "publicar_resultado"))
    acao = {"action": "publicar", "_selected_action": [resultado.pk]}
    lista = reverse("admin:concursos_resultado_changelist")
    # A ação também confirma antes: a lista do que fica público, sem publicar nada.
    confirmacao = client.post(lista, acao)
    assert "Nada foi publicado ainda" in texto(confirmacao) and "provisório: não será publicado" in texto(confirmacao)
    resposta = client.post(lista, {**acao, "confirmar_publicacao": "1", **diario_oficial()}, follow=True)
    assert "provisório e não pode ser publicado" in " ".join(mensagens(resposta))


def test_acao_publicar_confirmada_publica_as_versoes_finais(client):
    resultado = services.gerar_resultado(cargo_do_exemplo_da_alternancia(), por=usuario("autor"))
    client.force_login(com_permissoes("chefe", "view_resultado", "publicar_resultado"))
    acao = {"action": "publicar", "_selected_action": [resultado.pk]}
    client.post(reverse("admin:concursos_resultado_changelist"), acao)
    resultado.refresh_from_db()
    assert resultado.status == Resultado.FINAL
    client.post(
        reverse("admin:concursos_resultado_changelist"), {**acao, "confirmar_publicacao": "1", **diario_oficial()}
    )
    resultado.refresh_from_db()
    assert resultado.status == Resultado.PUBLICADO


def test_pagina_do_resultado_mostra_ordem_com_nomes_e_cpf_mascarado_sem_nascimento(client):
    cargo = cargo_do_exemplo_da_alternancia()
    resultado = services.gerar_resultado(cargo, por=usuario("autor"))
    zeca = cargo.inscricoes.get(numero="Z").candidato
    client.force_login(com_permissoes("leitor", "view_resultado"))
    resposta = client.get(reverse("admin:concursos_resultado_change", args=[resultado.pk]))
    pagina = texto(resposta)
    assert f"3ª Negros Z Candidato Z {zeca.cpf_mascarado} Negros" in pagina
    assert zeca.cpf not in resposta.content.decode() and zeca.cpf_formatado not in pagina
    assert "1990" not in pagina
    assert "3ª vaga, reservada a negros (Art. 1º)" in pagina
    assert "primeira versão do resultado" in pagina


def test_pagina_do_resultado_provisorio_destaca_pendencias_e_empates(client):
    cargo = cargo_do_exemplo_da_alternancia()
    inscricao(cargo, "W", 50, nome="Wanda", grupos={"negros": "pendente"})
    resultado = services.gerar_resultado(cargo, por=usuario("autor"))
    client.force_login(usuario("chefe", superusuario=True))
    pagina = texto(client.get(reverse("admin:concursos_resultado_change", args=[resultado.pk])))
    assert "Resultado PROVISÓRIO — não pode ser publicado como final" in pagina
    assert "Verificações pendentes (heteroidentificação ou avaliação PcD): W — Wanda" in pagina


def test_resultado_nao_se_inclui_altera_nem_apaga_pelo_admin(client):
    resultado = services.gerar_resultado(cargo_do_exemplo_da_alternancia(), por=usuario("autor"))
    client.force_login(usuario("chefe", superusuario=True))
    assert client.get(reverse("admin:concursos_resultado_add")).status_code == 403
    assert client.post(reverse("admin:concursos_resultado_delete", args=[resultado.pk])).status_code == 403
    assert (
        'name="_save"'
        not in client.get(reverse("admin:concursos_resultado_change", args=[resultado.pk])).content.decode()
    )


def test_evento_nao_se_inclui_pelo_admin(client):
    client.force_login(usuario("chefe", superusuario=True))
    assert client.get(reverse("admin:concursos_evento_add")).status_code == 403


def test_busca_por_cpf_com_mascara_encontra_o_candidato(client):
    Candidato.objects.create(nome="Maria da Penha", cpf="52998224725")
    Candidato.objects.create(nome="Outra Pessoa", cpf="11144477735")
    client.force_login(usuario("chefe", superusuario=True))
    pagina = texto(client.get(reverse("admin:concursos_candidato_changelist"), {"q": "529.982.247-25"}))
    assert "Maria da Penha" in pagina and "529.982.247-25" in pagina and "Outra Pessoa" not in pagina


def test_busca_de_inscricoes_por_cpf_com_mascara_e_por_numero_exato(client):
    cargo = cargo_do_exemplo_da_alternancia()
    inscricao(cargo, "GM-1043", 50, nome="Ana")
    inscricao(cargo, "GM-10430", 49, nome="Bia")
    alvo = cargo.inscricoes.get(numero="Z").candidato
    client.force_login(usuario("chefe", superusuario=True))
    url = reverse("admin:concursos_inscricao_changelist")
    achadas = client.get(url, {"q": alvo.cpf_formatado}).context["cl"].result_list
    assert [i.numero for i in achadas] == ["Z"]
    assert [i.numero for i in client.get(url, {"q": "gm-1043"}).context["cl"].result_list] == ["GM-1043"]


def test_candidato_aceita_cpf_com_mascara_e_guarda_os_digitos(client):
    client.force_login(usuario("chefe", superusuario=True))
    dados = {"nome": "João", "nome_social": "", "cpf": "529.982.247-25", "nascimento": "", "email": ""}
    assert client.post(reverse("admin:concursos_candidato_add"), dados).status_code == 302
    assert Candidato.objects.get().cpf == "52998224725"


def test_cor_raca_e_opcoes_ficam_escondidas_sem_a_permissao_de_dados_sensiveis(client):
    cargo = cargo_do_exemplo_da_alternancia()
    zeca = cargo.inscricoes.get(numero="Z")
    url = reverse("admin:concursos_inscricao_change", args=[zeca.pk])
    client.force_login(com_permissoes("rh", "view_inscricao", "change_inscricao"))
    html = client.get(url).content.decode()
    assert 'name="cor_raca"' not in html and "opcoes-TOTAL_FORMS" not in html and "Parda" not in html
    client.force_login(
        com_permissoes("sensivel", "view_inscricao", "change_inscricao", "change_opcaodegrupo", "ver_dados_sensiveis")
    )
    html = client.get(url).content.decode()
    assert 'name="cor_raca"' in html and "opcoes-TOTAL_FORMS" in html


def test_inicio_do_admin_tem_o_link_do_simulador(client):
    client.force_login(usuario("chefe", superusuario=True))
    html = client.get(reverse("admin:index")).content.decode()
    assert reverse("concursos:simulador") in html and "Simulador de cotas" in html


def test_cargo_mostra_os_links_de_eventos_e_do_ultimo_resultado(client):
    cargo = cargo_do_exemplo_da_alternancia()
    resultado = services.gerar_resultado(cargo, por=usuario("autor"))
    client.force_login(usuario("chefe", superusuario=True))
    lista = client.get(reverse("admin:concursos_cargo_changelist")).content.decode()
    assert reverse("admin:concursos_resultado_change", args=[resultado.pk]) in lista
    pagina = client.get(reverse("admin:concursos_cargo_change", args=[cargo.pk])).content.decode()
    assert reverse("concursos:registrar_evento", args=[cargo.pk, "desistencia"]) in pagina


@pytest.mark.parametrize("sensiveis", [False, True])
def test_exportacao_de_inscricoes_so_leva_cor_raca_com_a_permissao_de_dados_sensiveis(client, sensiveis):
    from concursos.importacao.recurso import FORMATOS_DE_EXPORTACAO, InscricaoResource

    cargo_do_exemplo_da_alternancia()
    permissoes = ["view_inscricao", "export_inscricao"] + (["ver_dados_sensiveis"] if sensiveis else [])
    client.force_login(com_permissoes("rh", *permissoes))
    csv = next(i for i, f in enumerate(FORMATOS_DE_EXPORTACAO) if f().get_content_type() == "text/csv")
    campos = {f"inscricaoresource_{c}": "on" for c in InscricaoResource().fields}
    resposta = client.post(reverse("admin:concursos_inscricao_export"), {"format": csv, "resource": "0", **campos})
    assert resposta.status_code == 200
    assert ("cor_raca" in resposta.content.decode("utf-8-sig")) is sensiveis


def test_campos_do_inline_de_cargos_tem_nome_acessivel_com_a_linha(client):
    """O admin rotula só o cabeçalho da coluna; cada campo diz o que é e de que linha (WCAG 1.3.1)."""
    publicado = edital(cargos=(("GM", "Guarda Municipal", 5), ("AG", "Agente", 2)))
    client.force_login(usuario(superusuario=True))
    html = client.get(reverse("admin:concursos_edital_change", args=[publicado.pk])).content.decode()
    campos = {m.group(1): m.group(0) for m in re.finditer(r"<input[^>]*name=\"([^\"]+)\"[^>]*>", html)}
    assert 'aria-label="Código — linha 1"' in campos["cargos-0-codigo"]
    assert 'aria-label="Vagas do edital — linha 2"' in campos["cargos-1-vagas"]
    assert 'aria-label="Código — nova linha"' in html  # a linha modelo do "Adicionar outro"


def test_confirmacao_da_publicacao_em_lote_diz_1_convocado_no_singular(client):
    """Um cargo de uma vaga e um inscrito: "primeira (1 convocado)", não "1 convocados" (issue 29)."""
    cargo = edital(cargos=(("AUX", "Auxiliar", 1),)).cargos.get()
    inscricao(cargo, "A", 90)
    resultado = services.gerar_resultado(cargo, por=usuario("autor"))
    client.force_login(com_permissoes("chefe", "view_resultado", "publicar_resultado"))
    confirmacao = client.post(
        reverse("admin:concursos_resultado_changelist"), {"action": "publicar", "_selected_action": [resultado.pk]}
    )
    assert "primeira (1 convocado)" in texto(confirmacao)


def test_ficha_da_inscricao_publicada_mostra_as_notas_parciais_em_tabela_e_nao_o_json(client, chefe, publicado):
    alvo = publicado.inscricoes.get(numero="A")
    Inscricao.objects.filter(pk=alvo.pk).update(notas_parciais={"objetiva": "40.5", "redacao": "7"})
    resposta = client.get(reverse("admin:concursos_inscricao_change", args=[alvo.pk]))
    html = resposta.content.decode()
    assert '<table class="tabela notas-parciais">' in html
    assert '<th scope="row">objetiva</th><td class="numero">40,5</td>' in html
    assert "{&quot;objetiva&quot;" not in html and '{"objetiva"' not in html
