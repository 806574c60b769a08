"""Telas de eventos do cargo (registrar, ver o efeito, reverter) e os PDFs do edital."""

from datetime import date

import pytest
from django.urls import reverse

from concursos import services
from concursos.atos import Ato
from concursos.models import Evento, Resultado
from concursos.pdf import quadro_de_vagas
from concursos.pdf import resultado as pdf_do_resultado

from .fabricas import cargo_do_exemplo_da_alternancia, inscricao, usuario
from .test_admin import com_permissoes, texto

DATA_DO_ATO = date(2025, 6, 2)  # dentro da validade e depois da publicação dos editais de teste

pytestmark = pytest.mark.django_db


def url_do_evento(cargo, tipo):
    return reverse("concursos:registrar_evento", args=[cargo.pk, tipo])


@pytest.fixture
def cargo_com_resultado():
    """O exemplo de docs/REGRAS.md §4 com mais uma negra (W) e a primeira versão do resultado."""
    cargo = cargo_do_exemplo_da_alternancia()
    inscricao(cargo, "W", 50, nome="Wanda Souza", grupos={"negros": "confirmado"})
    services.gerar_resultado(cargo, por=usuario("autor"))
    return cargo


def test_desistencia_pela_tela_convoca_a_proxima_negra_citando_o_art_3_par_2(client, cargo_com_resultado):
    cargo = cargo_com_resultado
    rh = com_permissoes("rh", "registrar_evento")
    client.force_login(rh)
    zeca = cargo.inscricoes.get(numero="Z")
    dados = {
        "inscricao": zeca.numero,
        "documento": "Req. 12/2025",
        "data_do_ato": "02/06/2025",
        "motivo": "Pediu para sair",
    }
    resposta = client.post(url_do_evento(cargo, "desistencia"), {**dados, "confirmar": "1"}, follow=True)
    pagina = texto(resposta)
    convocados = pagina[pagina.index("Quem é convocado agora") : pagina.index("O que mudou e para quem")]
    assert "3ª W Wanda Souza Negros" in convocados and "deixada por Z, desistente (Art. 3º, §2º)" in convocados
    assert "Z Candidato Z convocado, negros, 3ª vaga desistente" in pagina
    evento = Evento.objects.get()
    assert evento.registrado_por == rh and evento.documento == "Req. 12/2025"
    assert cargo.resultados.count() == 2


def test_sugestoes_do_formulario_mostram_quem_esta_convocado_para_ajudar_a_escolher(client, cargo_com_resultado):
    client.force_login(com_permissoes("rh", "registrar_evento"))
    pagina = client.get(url_do_evento(cargo_com_resultado, "nao_posse")).content.decode()
    busca = reverse("concursos:buscar_inscricoes", args=[cargo_com_resultado.pk])
    assert f'data-busca="{busca}"' in pagina and 'role="combobox"' in pagina
    rotulos = [r["rotulo"] for r in client.get(busca, {"q": "candidato z"}).json()["resultados"]]
    assert len(rotulos) == 1 and rotulos[0].startswith("Z — Candidato Z — CPF ***.")
    assert rotulos[0].endswith("(convocada: 3ª vaga, negros)")
    wanda = client.get(busca, {"q": "wanda"}).json()["resultados"]
    assert [r["numero"] for r in wanda] == ["W"] and "convocada" not in wanda[0]["rotulo"]


def test_nao_posse_de_quem_nao_foi_convocado_mostra_a_mensagem_do_motor_e_nao_grava_nada(client, cargo_com_resultado):
    cargo = cargo_com_resultado
    client.force_login(com_permissoes("rh", "registrar_evento"))
    quiteria = cargo.inscricoes.get(numero="Q")
    dados = {"inscricao": quiteria.numero, "documento": "Of. 3", "data_do_ato": "02/06/2025"}
    resposta = client.post(url_do_evento(cargo, "nao_posse"), dados)
    assert resposta.status_code == 200
    assert "não está convocada" in texto(resposta) and 'class="errornote"' in resposta.content.decode()
    assert not Evento.objects.exists() and cargo.resultados.count() == 1


def test_evento_sem_documento_e_recusado_no_formulario(client, cargo_com_resultado):
    client.force_login(com_permissoes("rh", "registrar_evento"))
    resposta = client.post(url_do_evento(cargo_com_resultado, "vagas_adicionais"), {"quantidade": 1})
    assert resposta.status_code == 200 and "Este campo é obrigatório" in texto(resposta)
    assert not Evento.objects.exists()


def test_vagas_adicionais_pedem_a_quantidade_e_mostram_quem_muda_de_vaga(client):
    cargo = cargo_do_exemplo_da_alternancia(vagas=3)
    services.gerar_resultado(cargo, por=usuario("autor"))
    client.force_login(com_permissoes("rh", "registrar_evento"))
    url = url_do_evento(cargo, "vagas_adicionais")
    assert 'name="inscricao"' not in client.get(url).content.decode()
    dados = {"quantidade": 1, "documento": "Of. 9/2025", "data_do_ato": "02/06/2025", "confirmar": "1"}
    pagina = texto(client.post(url, dados, follow=True))
    assert "3ª Z Candidato Z Negros" in pagina
    mudam = "Mudam de vaga e continuam convocados Inscrição Nome De Para Motivo"
    assert f"{mudam} Y Candidato Y Negros, 3ª vaga Ampla concorrência, 4ª vaga" in pagina


def test_registrar_evento_sem_permissao_da_403(client, cargo_com_resultado):
    client.force_login(com_permissoes("sem", "view_cargo", "view_evento"))
    url = url_do_evento(cargo_com_resultado, "desistencia")
    zeca = cargo_com_resultado.inscricoes.get(numero="Z")
    assert client.get(url).status_code == 403
    assert client.post(url, {"inscricao": zeca.numero, "documento": "x"}).status_code == 403
    assert not Evento.objects.exists()


def test_quem_nao_e_da_equipe_vai_para_o_login(client, cargo_com_resultado):
    resposta = client.get(url_do_evento(cargo_com_resultado, "desistencia"))
    assert resposta.status_code == 302 and reverse("admin:login") in resposta.url


def test_tipo_de_evento_desconhecido_da_404(client, cargo_com_resultado):
    client.force_login(com_permissoes("rh", "registrar_evento"))
    assert client.get(url_do_evento(cargo_com_resultado, "promocao")).status_code == 404


def test_reverter_evento_exige_motivo_e_gera_nova_versao_sem_ele(client, cargo_com_resultado):
    cargo = cargo_com_resultado
    rh = com_permissoes("rh", "registrar_evento")
    registrado = services.registrar_desistencia(
        cargo.inscricoes.get(numero="Z"), ato=Ato(documento="Req. 1", data_do_ato=DATA_DO_ATO), por=rh
    )
    client.force_login(rh)
    url = reverse("concursos:reverter_evento", args=[registrado.evento.pk])
    assert "Este campo é obrigatório" in texto(client.post(url, {"documento": "Desp. 2"}))
    pagina = texto(client.post(url, {"documento": "Desp. 2", "motivo": "Desistência era de outro"}, follow=True))
    assert "W Wanda Souza convocado, negros, 3ª vaga classificado (geral, negros), não convocado" in pagina
    assert "Reversão de Desistência (Z)" in pagina
    assert pagina.endswith("Z Candidato Z desistente convocado, negros, 3ª vaga")
    assert cargo.resultados.count() == 3
    segunda = client.post(url, {"documento": "Desp. 3", "motivo": "de novo"})
    assert "já foi revertido" in texto(segunda)


def test_pagina_do_evento_exige_permissao(client, cargo_com_resultado):
    registrado = services.registrar_desistencia(
        cargo_com_resultado.inscricoes.get(numero="Z"),
        ato=Ato(documento="Req. 1", data_do_ato=DATA_DO_ATO),
        por=usuario("rh"),
    )
    client.force_login(com_permissoes("sem", "view_cargo"))
    assert client.get(reverse("concursos:evento", args=[registrado.evento.pk])).status_code == 403
    client.force_login(com_permissoes("leitor", "view_evento"))
    pagina = texto(client.get(reverse("concursos:evento", args=[registrado.evento.pk])))
    assert "Wanda Souza" in pagina and "Reverter este evento" not in pagina


def test_pdf_do_quadro_de_vagas_vem_como_anexo(client, monkeypatch, cargo_com_resultado):
    monkeypatch.setattr(quadro_de_vagas, "quadro_de_vagas_pdf", lambda edital: b"%PDF-quadro " + str(edital).encode())
    client.force_login(com_permissoes("leitor", "view_edital"))
    resposta = client.get(reverse("concursos:quadro_de_vagas_pdf", args=[cargo_com_resultado.edital_id]))
    assert resposta["Content-Type"] == "application/pdf" and resposta.content == b"%PDF-quadro 1/2025"
    assert resposta["Content-Disposition"] == 'attachment; filename="quadro-de-vagas-edital-1-2025.pdf"'


def test_pdf_do_resultado_vem_como_anexo_e_exige_ver_resultados(client, monkeypatch, cargo_com_resultado):
    monkeypatch.setattr(pdf_do_resultado, "resultado_pdf", lambda edital: b"%PDF-resultado")
    url = reverse("concursos:resultado_pdf", args=[cargo_com_resultado.edital_id])
    client.force_login(com_permissoes("sem", "view_edital"))
    assert client.get(url).status_code == 403
    client.force_login(com_permissoes("leitor", "view_resultado"))
    resposta = client.get(url)
    assert resposta.content == b"%PDF-resultado"
    assert resposta["Content-Disposition"] == 'attachment; filename="resultado-edital-1-2025.pdf"'


def test_pdf_indisponivel_volta_ao_edital_com_aviso_em_vez_de_erro(client, monkeypatch, cargo_com_resultado):
    def ainda_nao(edital):
        raise NotImplementedError

    monkeypatch.setattr(quadro_de_vagas, "quadro_de_vagas_pdf", ainda_nao)
    client.force_login(usuario("chefe", superusuario=True))
    resposta = client.get(reverse("concursos:quadro_de_vagas_pdf", args=[cargo_com_resultado.edital_id]), follow=True)
    assert resposta.status_code == 200 and "ainda não está disponível" in texto(resposta)


def test_pagina_do_edital_tem_os_botoes_de_pdf_e_gerar_resultado(client, cargo_com_resultado):
    client.force_login(usuario("chefe", superusuario=True))
    pagina = texto(client.get(reverse("admin:concursos_edital_change", args=[cargo_com_resultado.edital_id])))
    for botao in ("Baixar quadro de vagas (PDF)", "Gerar resultado", "Baixar resultado (PDF)"):
        assert botao in pagina
    assert Resultado.objects.count() == 1


def test_lista_publicada_sai_em_planilha_com_cpf_mascarado_e_so_depois_de_publicar(client, cargo_com_resultado):
    resultado = cargo_com_resultado.resultados.get()
    rh = com_permissoes("rh", "view_resultado", "publicar_resultado")
    client.force_login(rh)
    url = reverse("concursos:lista_publicada", args=[resultado.pk, "csv"])
    assert "Só um resultado publicado" in texto(client.get(url, follow=True))
    services.publicar_resultado(resultado, por=rh)
    resposta = client.get(url)
    conteudo = resposta.content.decode("utf-8-sig")
    assert resposta["Content-Disposition"].endswith('-GM-v1.csv"')
    cpf = cargo_com_resultado.inscricoes.get(numero="Z").candidato.cpf
    assert "Wanda Souza" in conteudo and cpf not in conteudo and f"***.{cpf[3:6]}.{cpf[6:9]}-**" in conteudo


def test_ficha_de_resultado_grande_mostra_o_comeco_das_listas_e_aponta_o_pdf(client, monkeypatch):
    """Num cargo de dezenas de milhares de inscritos a ficha inteira teria megabytes: ela mostra as
    primeiras linhas de cada lista e diz quantas ficaram de fora e onde estão."""
    from concursos import apresentacao

    monkeypatch.setattr(apresentacao, "LIMITE_DE_LINHAS_NA_FICHA", 3)
    cargo = cargo_do_exemplo_da_alternancia()  # geral: A, B, Y, C, D, Z, P, Q
    resultado = services.gerar_resultado(cargo, por=usuario("autor"))
    client.force_login(com_permissoes("rh", "view_resultado"))
    pagina = texto(client.get(reverse("admin:concursos_resultado_change", args=[resultado.pk])))
    assert "… e mais 5 candidatos não mostrados aqui: a lista inteira está no PDF e na planilha" in pagina
    geral = pagina.split("Lista geral")[1].split("… e mais")[0]
    assert "1º A" in geral and "3º Y" in geral and "4º" not in geral
