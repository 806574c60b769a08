"""O registro é uma linha do tempo (docs/REGRAS.md §§ 8 e 9): atos datados dentro da validade do
concurso, prorrogação uma só vez, entradas congeladas depois da primeira publicação e revisões
como eventos; uma entrada ruim não grava nada."""

import re
from datetime import date, timedelta
from decimal import Decimal
from html import unescape

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from comum import planilhas
from concursos import services
from concursos.adapters import cenario_do_cargo
from concursos.atos import Ato
from concursos.consultas.verificacoes import situacao_vigente
from concursos.importacao.recurso import InscricaoResource
from concursos.importacao.resultado import mensagens_de_erro
from concursos.models import Cargo, Edital, Evento, Inscricao, OpcaoDeGrupo

from .fabricas import cargo_do_exemplo_da_alternancia, pode_publicar, usuario
from .test_admin import com_permissoes, texto

pytestmark = pytest.mark.django_db

ATO = date(2025, 6, 2)


@pytest.fixture
def rh():
    return pode_publicar(usuario("clerk"))


def nada_gravado_alem_da_primeira_versao(cargo) -> bool:
    return not Evento.objects.exists() and list(cargo.resultados.values_list("versao", flat=True)) == [1]


def desistencia(cargo, numero, rh, **campos):
    ato = Ato(**{"documento": "Req. 1/2025", "data_do_ato": ATO, **campos})
    return services.registrar_evento(
        cargo, tipo="desistencia", inscricao=cargo.inscricoes.get(numero=numero), ato=ato, por=rh
    )


# ── Datas dos atos e validade ────────────────────────────────────────────────────────────────────


def test_evento_depois_da_validade_e_recusado_dizendo_ate_quando_o_concurso_valeu(publicado, rh):
    with pytest.raises(
        ValidationError, match=r"O concurso valeu até 30/06/2026, sem prorrogação registrada; um ato de 01/07/2026"
    ):
        desistencia(publicado, "Z", rh, data_do_ato=date(2026, 7, 1))
    assert nada_gravado_alem_da_primeira_versao(publicado)
    assert desistencia(publicado, "Z", rh, data_do_ato=date(2026, 6, 30)).resultado.versao == 2


def test_evento_depois_da_prorrogacao_e_recusado_com_a_data_da_prorrogacao(publicado, rh):
    services.prorrogar_validade(
        publicado.edital, ate=date(2027, 6, 30), ato=Ato(documento="Decreto 9/2026", data_do_ato=ATO), por=rh
    )
    publicado.edital.refresh_from_db()
    assert desistencia(publicado, "Z", rh, data_do_ato=date(2026, 7, 1)).evento.data_do_ato == date(2026, 7, 1)
    amanha = timezone.localdate() + timedelta(days=1)
    Edital.objects.filter(pk=publicado.edital_id).update(prorrogada_ate=date(2026, 8, 31))
    publicado.edital.refresh_from_db()
    with pytest.raises(ValidationError, match=r"valeu até 31/08/2026, já com a prorrogação \(Decreto 9/2026\)"):
        desistencia(publicado, "Y", rh, data_do_ato=date(2026, 9, 1))
    with pytest.raises(ValidationError, match="está no futuro"):
        desistencia(publicado, "Y", rh, data_do_ato=amanha)
    assert publicado.eventos.count() == 1


def test_evento_anterior_a_publicacao_do_edital_ou_sem_data_e_recusado(publicado, rh):
    with pytest.raises(ValidationError, match=r"anterior à publicação do edital 1/2025 \(10/03/2025\)"):
        desistencia(publicado, "Z", rh, data_do_ato=date(2025, 3, 9))
    with pytest.raises(ValidationError, match="Informe a data do ato"):
        desistencia(publicado, "Z", rh, data_do_ato=None)
    assert nada_gravado_alem_da_primeira_versao(publicado)


def test_validade_se_prorroga_uma_vez_por_ate_o_mesmo_periodo(publicado, rh):
    edital = publicado.edital  # publicado em 10/03/2025, vale até 30/06/2026: 477 dias
    with pytest.raises(ValidationError, match=r"mais longa que o período original .* até 20/10/2027 no máximo"):
        services.prorrogar_validade(
            edital, ate=date(2027, 10, 21), ato=Ato(documento="Decreto 9/2026", data_do_ato=ATO), por=rh
        )
    with pytest.raises(ValidationError, match="precisa terminar depois da validade atual"):
        services.prorrogar_validade(
            edital, ate=date(2026, 6, 30), ato=Ato(documento="Decreto 9/2026", data_do_ato=ATO), por=rh
        )
    prorrogado = services.prorrogar_validade(
        edital, ate=date(2027, 10, 20), ato=Ato(documento="Decreto 9/2026", data_do_ato=ATO), por=rh
    )
    assert (prorrogado.fim_da_validade, prorrogado.prorrogacao_registrada_por) == (date(2027, 10, 20), rh)
    with pytest.raises(ValidationError, match=r"já foi prorrogada até 20/10/2027 \(Decreto 9/2026\); .* uma só"):
        services.prorrogar_validade(
            prorrogado, ate=date(2027, 12, 1), ato=Ato(documento="Decreto 10/2027", data_do_ato=ATO), por=rh
        )
    assert prorrogado.history.count() == 2  # a criação do edital e a prorrogação, no histórico


def test_prorrogacao_decidida_depois_de_vencida_a_validade_e_recusada(publicado, rh):
    Edital.objects.filter(pk=publicado.edital_id).update(validade_ate=date(2025, 12, 31))
    publicado.edital.refresh_from_db()
    with pytest.raises(ValidationError, match="O concurso valeu até 31/12/2025"):
        services.prorrogar_validade(
            publicado.edital,
            ate=date(2026, 6, 30),
            ato=Ato(documento="Decreto 1/2026", data_do_ato=date(2026, 1, 5)),
            por=rh,
        )
    publicado.edital.refresh_from_db()
    assert publicado.edital.prorrogada_ate is None


# ── Entradas congeladas depois da primeira publicação ────────────────────────────────────────────


def test_vagas_do_cargo_publicado_nao_mudam_nem_pelo_modelo(publicado):
    publicado.vagas = 6
    with pytest.raises(ValidationError, match="evento de vagas adicionais"):
        publicado.full_clean()
    with pytest.raises(ValidationError, match="Cargo GM: .* evento de vagas adicionais"):
        publicado.save()
    publicado.refresh_from_db()
    assert publicado.vagas == 5
    publicado.nome = "Guarda Civil Municipal"
    publicado.save()  # o resto do cadastro continua editável


def test_vagas_de_cargo_ainda_nao_publicado_se_corrigem_livremente(rh):
    cargo = cargo_do_exemplo_da_alternancia()
    services.gerar_resultado(cargo, por=rh)
    cargo.vagas = 6
    cargo.full_clean()
    cargo.save()
    assert services.gerar_resultado(cargo, por=rh).cenario["vagas"] == 6


def test_admin_mostra_as_vagas_do_cargo_publicado_so_para_leitura_e_ignora_o_post(client, publicado):
    client.force_login(com_permissoes("chefe", "view_cargo", "change_cargo"))
    url = reverse("admin:concursos_cargo_change", args=[publicado.pk])
    pagina = client.get(url)
    assert "altere por evento de vagas adicionais" in texto(pagina)
    assert pagina.context["adminform"].form.fields["vagas"].disabled
    resposta = client.post(url, {"codigo": "GM", "nome": "Guarda Municipal", "vagas": "9"})
    assert resposta.status_code == 302
    publicado.refresh_from_db()
    assert publicado.vagas == 5


def test_nota_parciais_e_eliminacao_da_inscricao_publicada_so_mudam_por_evento(publicado):
    zeca = publicado.inscricoes.get(numero="Z")
    zeca.nota = Decimal("99")
    with pytest.raises(ValidationError, match=r"Inscrição Z \(nota final\): o resultado do cargo já foi publicado"):
        zeca.save()
    zeca.refresh_from_db()
    zeca.situacao = Inscricao.ELIMINADO
    with pytest.raises(ValidationError, match="eliminação só mudam por evento"):
        zeca.save()
    zeca.refresh_from_db()
    zeca.nota = Decimal("80.000")  # o mesmo valor, escrito de outro jeito, não é mudança
    zeca.jurado = True
    zeca.save()
    opcao = zeca.opcoes.get()
    opcao.situacao = "nao_confirmado"
    with pytest.raises(ValidationError, match="só muda por evento de revisão de verificação"):
        opcao.save()
    assert zeca.opcoes.get().situacao == "confirmado"


def test_nova_versao_depois_da_publicacao_usa_as_entradas_publicadas_mais_os_eventos(publicado, rh):
    """Uma mudança que escapasse do modelo (uma atualização em lote, por exemplo) não reescreve o publicado."""
    Inscricao.objects.filter(cargo=publicado, numero="A").update(nota=Decimal("10"))
    OpcaoDeGrupo.objects.filter(inscricao__numero="Z").update(situacao="nao_confirmado")
    Cargo.objects.filter(pk=publicado.pk).update(vagas=9)
    primeira = publicado.resultados.get(versao=1)
    registrado = desistencia(publicado, "C", rh)
    cenario = registrado.resultado.cenario
    assert cenario["candidatos"] == primeira.cenario["candidatos"] and cenario["vagas"] == 5
    assert cenario["eventos"] == [
        {"tipo": "desistencia", "inscricao": "C", "documento": "Req. 1/2025", "data": "2025-06-02"}
    ]


def test_antes_da_publicacao_as_entradas_vem_do_banco(rh):
    cargo = cargo_do_exemplo_da_alternancia()
    services.gerar_resultado(cargo, por=rh)
    Inscricao.objects.filter(cargo=cargo, numero="A").update(nota=Decimal("10"))
    (a,) = [c for c in cenario_do_cargo(cargo)["candidatos"] if c["inscricao"] == "A"]
    assert a["nota"] == "10.000"


# ── Revisões ─────────────────────────────────────────────────────────────────────────────────────


def test_verificacao_depois_da_publicacao_vira_evento_de_revisao_e_nao_edita_a_opcao(publicado, rh):
    yuri = publicado.inscricoes.get(numero="Y")
    feita = services.registrar_verificacao(
        yuri,
        "negros",
        "nao_confirmado",
        origem="recurso",
        por=rh,
        ato=Ato(documento="Recurso 3/2025 indeferido", data_do_ato=ATO, diario_oficial="DOM nº 1234, 02/06/2025, p. 7"),
    )
    evento = feita.evento.evento
    assert (feita.antes, feita.depois) == ("confirmado", "nao_confirmado")
    assert (evento.tipo, evento.grupo, evento.situacao, evento.registrado_por) == (
        "verificacao", "negros", "nao_confirmado", rh
    )  # fmt: skip
    assert (evento.documento, evento.data_do_ato, evento.diario_oficial) == (
        "Recurso 3/2025 indeferido", ATO, "DOM nº 1234, 02/06/2025, p. 7"
    )  # fmt: skip
    assert yuri.opcoes.get().situacao == "confirmado"  # a opção continua como foi publicada
    assert feita.evento.resultado.evento == evento and feita.evento.resultado.versao == 2
    assert situacao_vigente(yuri, "negros") == "nao_confirmado"
    # A mesma decisão de novo não muda nada: nenhum evento.
    de_novo = services.registrar_verificacao(
        yuri, "negros", "nao_confirmado", origem="recurso", por=rh, ato=Ato(documento="x", data_do_ato=ATO)
    )
    assert de_novo.evento is None and publicado.eventos.count() == 1
    # Os dois atos ficam registrados; só o primeiro virou evento.
    atos = list(
        yuri.atos_de_verificacao.filter(origem="recurso").values_list(
            "origem", "situacao_anterior", "situacao", "evento"
        )
    )
    assert atos == [
        ("recurso", "confirmado", "nao_confirmado", evento.pk),
        ("recurso", "nao_confirmado", "nao_confirmado", None),
    ]


def test_verificacao_antes_da_publicacao_grava_na_opcao_sem_evento(rh):
    cargo = cargo_do_exemplo_da_alternancia()
    services.gerar_resultado(cargo, por=rh)
    feita = services.registrar_verificacao(
        cargo.inscricoes.get(numero="Z"),
        "negros",
        "ausente",
        origem="comissao",
        por=rh,
        ato=Ato(documento="Ata da sessão nº 1", data_do_ato=ATO),
    )
    assert feita.evento is None and not Evento.objects.exists()
    assert OpcaoDeGrupo.objects.get(inscricao__numero="Z").situacao == "ausente"


def test_verificacao_que_nao_muda_nada_ou_de_grupo_nao_optado_e_recusada(publicado, rh):
    def revisar(numero, grupo, situacao):
        return services.prever(
            publicado,
            tipo="verificacao",
            inscricao=publicado.inscricoes.get(numero=numero),
            grupo=grupo,
            situacao=situacao,
            ato=Ato(documento="Recurso 1", data_do_ato=ATO),
            por=rh,
        )

    with pytest.raises(ValidationError, match="já é “Confirmado”: a revisão não mudaria nada"):
        revisar("Z", "negros", "confirmado")
    with pytest.raises(ValidationError, match="A inscrição A não optou pelo grupo negros; optou por: nenhum"):
        revisar("A", "negros", "confirmado")
    with pytest.raises(ValidationError, match="não optou pelo grupo pcd; optou por: Negros"):
        revisar("Z", "pcd", "confirmado")
    assert nada_gravado_alem_da_primeira_versao(publicado)


@pytest.mark.parametrize("nota", ["abc", "", "NaN", None])
def test_nota_que_nao_e_numero_e_recusada_sem_gravar_nada(publicado, rh, nota):
    with pytest.raises(ValidationError, match="não é um número|Informe a nota"):
        services.registrar_evento(
            publicado,
            tipo="nota",
            inscricao=publicado.inscricoes.get(numero="C"),
            nota=nota,
            ato=Ato(documento="Of. da banca 2/2025", data_do_ato=ATO),
            por=rh,
        )
    assert nada_gravado_alem_da_primeira_versao(publicado)


def test_nota_parcial_que_nao_e_numero_e_recusada(publicado, rh):
    with pytest.raises(ValidationError, match="Nota parcial 'especificos': 'x' não é um número"):
        services.registrar_evento(
            publicado,
            tipo="nota",
            inscricao=publicado.inscricoes.get(numero="C"),
            nota="96",
            notas_parciais={"especificos": "x"},
            ato=Ato(documento="Of. da banca 2/2025", data_do_ato=ATO),
            por=rh,
        )
    assert nada_gravado_alem_da_primeira_versao(publicado)


def test_revisao_sub_judice_exige_o_numero_do_processo(publicado, rh):
    campos = {"inscricao": publicado.inscricoes.get(numero="C"), "nota": "96"}
    liminar = {"documento": "Liminar", "data_do_ato": ATO, "sub_judice": True}
    with pytest.raises(ValidationError, match="número do processo judicial"):
        services.registrar_evento(publicado, tipo="nota", ato=Ato(**liminar), por=rh, **campos)
    assert nada_gravado_alem_da_primeira_versao(publicado)
    registrado = services.registrar_evento(
        publicado, tipo="nota", ato=Ato(processo="5001234-56.2025.8.08.0012", **liminar), por=rh, **campos
    )
    assert registrado.resultado.cenario["eventos"][-1] == {
        "tipo": "nota", "inscricao": "C", "nota": "96.000", "sub_judice": True, "documento": "Liminar",
        "data": "2025-06-02",
    }  # fmt: skip


def test_revisao_de_quem_ja_saiu_e_recusada_pelo_motor_sem_gravar_nada(publicado, rh):
    desistencia(publicado, "C", rh)
    with pytest.raises(ValidationError, match="O motor de cotas recusou o evento: .*C"):
        services.registrar_evento(
            publicado,
            tipo="nota",
            inscricao=publicado.inscricoes.get(numero="C"),
            nota="99",
            ato=Ato(documento="Of. da banca 3/2025", data_do_ato=ATO),
            por=rh,
        )
    assert publicado.eventos.count() == 1 and publicado.resultados.count() == 2


# ── Prever sem gravar ────────────────────────────────────────────────────────────────────────────


def test_prever_evento_calcula_com_o_motor_e_nao_grava_nada(publicado, rh):
    previsto = services.prever_evento(
        publicado, tipo="desistencia", inscricao=publicado.inscricoes.get(numero="Z"),
        ato=Ato(documento="Req. 1", data_do_ato=ATO),
    )  # fmt: skip
    # Sem outro negro na lista, a 3ª vaga reverte à ampla (Art. 3º, §3º) e vai a C, o próximo da geral.
    assert [(c.inscricao, c.vaga, c.posicao) for c in previsto.convocacoes if c.evento == 1] == [("C", "ampla", 3)]
    assert "Z" not in dict(previsto.nomeados)
    assert nada_gravado_alem_da_primeira_versao(publicado)
    with pytest.raises(ValidationError, match="O concurso valeu até 30/06/2026"):
        services.prever_evento(
            publicado, tipo="vagas_adicionais", quantidade=1, ato=Ato(documento="Decreto", data_do_ato=date(2026, 7, 1))
        )


def test_tela_de_evento_mostra_a_confirmacao_antes_de_gravar(client, publicado):
    client.force_login(com_permissoes("rh", "registrar_evento"))
    url = reverse("concursos:registrar_evento", args=[publicado.pk, "desistencia"])
    zeca = publicado.inscricoes.get(numero="Z")
    dados = {
        "inscricao": zeca.numero,
        "documento": "Req. 12/2025",
        "data_do_ato": "02/06/2025",
        "diario_oficial": "DOM 1",
    }
    confirmacao = client.post(url, dados)
    pagina = texto(confirmacao)
    assert confirmacao.status_code == 200 and "Nada foi gravado ainda" in pagina
    for titulo in ("Quem será convocado", "Quem muda de vaga", "Quem é mantido", "Quem sai"):
        assert titulo in pagina
    assert "Z Candidato Z desistente 3ª vaga, Negros" in pagina
    assert nada_gravado_alem_da_primeira_versao(publicado)
    corrigir = client.post(url, {**dados, "corrigir": "1"})
    assert 'value="Ver o efeito antes de registrar"' in corrigir.content.decode() and not Evento.objects.exists()
    resposta = client.post(url, {**dados, "confirmar": "1"})
    evento = Evento.objects.get()
    assert resposta.status_code == 302 and resposta.url == reverse("concursos:evento", args=[evento.pk])
    assert (evento.data_do_ato, evento.diario_oficial) == (ATO, "DOM 1")


def test_tela_recusa_evento_fora_da_validade_antes_da_confirmacao(client, publicado):
    client.force_login(com_permissoes("rh", "registrar_evento"))
    url = reverse("concursos:registrar_evento", args=[publicado.pk, "vagas_adicionais"])
    resposta = client.post(url, {"quantidade": 1, "documento": "Decreto 5", "data_do_ato": "01/07/2026"})
    assert "O concurso valeu até 30/06/2026" in texto(resposta)
    assert nada_gravado_alem_da_primeira_versao(publicado)


def test_ficha_da_inscricao_publicada_mostra_notas_so_para_leitura_e_os_botoes_de_revisao(client, publicado):
    permissoes = (
        "view_inscricao",
        "change_inscricao",
        "ver_dados_sensiveis",
        "view_opcaodegrupo",
        "change_opcaodegrupo",
        "registrar_evento",  # o botão da correção de nota só para quem registra eventos
    )
    client.force_login(com_permissoes("rh", *permissoes))
    zeca = publicado.inscricoes.get(numero="Z")
    url = reverse("admin:concursos_inscricao_change", args=[zeca.pk])
    resposta = client.get(url)
    formulario = resposta.context["adminform"].form
    assert not {"nota", "notas_parciais", "situacao"} & set(formulario.fields)
    html = resposta.content.decode()
    assert f"{reverse('concursos:registrar_evento', args=[publicado.pk, 'nota'])}?inscricao={zeca.pk}" in html
    # A revisão de verificação não se digita: vem de um ato de verificação (issue 12).
    assert reverse("concursos:registrar_evento", args=[publicado.pk, "verificacao"]) not in html
    assert "mudam por evento, com documento e data do ato" in texto(resposta)
    opcoes = resposta.context["inline_admin_formsets"][0]
    assert set(opcoes.readonly_fields) == {"grupo", "verificacao"}


def test_formulario_de_revisao_abre_com_a_inscricao_escolhida(client, publicado):
    client.force_login(com_permissoes("rh", "registrar_evento"))
    zeca = publicado.inscricoes.get(numero="Z")
    url = reverse("concursos:registrar_evento", args=[publicado.pk, "nota"])
    resposta = client.get(f"{url}?inscricao={zeca.pk}")
    form = resposta.context["form"]
    assert form["inscricao"].value() == zeca.numero
    assert {"nota", "sub_judice", "processo", "data_do_ato", "diario_oficial"} <= set(form.fields)
    assert not {"grupo", "situacao"} & set(form.fields)


def test_pagina_do_evento_de_revisao_mostra_o_ato_e_quem_foi_mantido(client, publicado, rh):
    """A liminar dá a C (92) nota 93,5, acima de Y (93): C vence na ampla e é chamado na hora, Y passa
    à vaga de negros e Z, já convocado na 3ª vaga, deixa de vencer e é mantido (docs/REGRAS.md §8)."""
    registrado = services.registrar_evento(
        publicado,
        tipo="nota",
        inscricao=publicado.inscricoes.get(numero="C"),
        nota="93.5",
        ato=Ato(
            documento="Liminar na ação 5001234",
            data_do_ato=ATO,
            diario_oficial="DOM nº 1234, 02/06/2025, p. 7",
            processo="5001234-56.2025.8.08.0012",
            sub_judice=True,
        ),
        por=rh,
    )
    assert [(m.inscricao, m.vaga, m.posicao) for m in registrado.mantidos_agora] == [("Z", "negros", 3)]
    client.force_login(com_permissoes("leitor", "view_evento"))
    pagina = texto(client.get(reverse("concursos:evento", args=[registrado.evento.pk])))
    assert "Nota corrigida 93,500" in pagina or "Nota corrigida 93.500" in pagina
    assert "Sub judice Sim — processo 5001234-56.2025.8.08.0012" in pagina
    assert "Data do ato 02/06/2025" in pagina and "Diário Oficial DOM nº 1234, 02/06/2025, p. 7" in pagina
    assert "Mantidos ( regras, §8 )" in pagina and "Z Negros 3ª" in pagina


def test_tela_de_prorrogacao_registra_o_ato_e_recusa_a_segunda(client, publicado):
    client.force_login(com_permissoes("chefe", "change_edital", "view_edital"))
    edital = publicado.edital
    ficha = client.get(reverse("admin:concursos_edital_change", args=[edital.pk]))
    url = reverse("concursos:prorrogar_validade", args=[edital.pk])
    assert url in ficha.content.decode() and "Não prorrogada" in texto(ficha)
    dados = {"ate": "30/06/2027", "documento": "Decreto 9/2026", "data_do_ato": "02/06/2025"}
    assert client.post(url, dados).status_code == 302
    edital.refresh_from_db()
    assert (edital.prorrogada_ate, edital.prorrogacao_documento) == (date(2027, 6, 30), "Decreto 9/2026")
    assert "Até 30/06/2027, por Decreto 9/2026 de 02/06/2025" in texto(client.get(ficha.wsgi_request.path))
    segunda = client.post(url, {**dados, "ate": "30/07/2027"})
    assert "a Constituição admite uma só prorrogação" in texto(segunda)


# ── Importação num cargo publicado ───────────────────────────────────────────────────────────────


def _importar(cargo, *linhas):
    cabecalho = "inscricao;cpf;nome;cargo;nota"
    conteudo = "\r\n".join([cabecalho, *linhas]).encode("cp1252")
    return InscricaoResource(edital=cargo.edital).import_data(planilhas.CSVBrasil().create_dataset(conteudo))


def test_importacao_num_cargo_publicado_nao_muda_nota_nem_inclui_inscricao(publicado):
    """A nota nova de Z não é gravada na inscrição (vira correção de nota, com prévia: ver
    test_reimportacao_publicada.py); a inscrição nova é recusada pela linha, e nada é gravado."""
    zeca = publicado.inscricoes.select_related("candidato").get(numero="Z")
    cpf = zeca.candidato.cpf
    resultado = _importar(publicado, f"Z;{cpf};Candidato Z;GM;99", "NOVA;52998224725;Nova Pessoa;GM;50")
    erros = " ".join(mensagens_de_erro(resultado))
    assert "Linha 3, coluna “inscricao” (A), valor “NOVA”" in erros and "já foi publicado" in erros
    zeca.refresh_from_db()
    assert zeca.nota == Decimal("80") and not Inscricao.objects.filter(numero="NOVA").exists()
    assert not publicado.eventos.exists()
    # O mesmo valor e um dado pessoal novo passam: só o que a publicação congela é recusado.
    resultado = _importar(publicado, f"Z;{cpf};Zeca Atualizado;GM;80,000")
    assert mensagens_de_erro(resultado) == []
    zeca.refresh_from_db()
    assert zeca.candidato.nome == "Zeca Atualizado" and zeca.nota == Decimal("80")


def test_ficha_do_cargo_lista_os_eventos_com_a_data_do_ato_e_a_validade(client, publicado, rh):
    desistencia(publicado, "Z", rh, diario_oficial="DOM nº 1300, 05/06/2025, p. 2")
    client.force_login(com_permissoes("chefe", "view_cargo", "registrar_evento"))
    pagina = texto(client.get(reverse("admin:concursos_cargo_change", args=[publicado.pk])))
    assert "O concurso vale até 30/06/2026" in pagina
    assert "02/06/2025" in pagina and "Req. 1/2025 DOM nº 1300, 05/06/2025, p. 2" in pagina


def test_revisao_pela_tela_passa_pela_confirmacao_com_os_campos_escondidos(client, publicado):
    """A confirmação reenvia, escondidos, os campos da revisão (nota, parciais, sub judice, processo)
    como vieram; o registrado é o que foi conferido."""
    client.force_login(com_permissoes("rh", "registrar_evento"))
    url = reverse("concursos:registrar_evento", args=[publicado.pk, "nota"])
    dados = {
        "inscricao": "C",
        "nota": "93,5",
        "notas_parciais": '{"especificos": "45"}',
        "sub_judice": "on",
        "processo": "5001234-56.2025.8.08.0012",
        "documento": "Liminar 1",
        "data_do_ato": "02/06/2025",
    }
    confirmacao = client.post(url, dados)
    assert "Nada foi gravado ainda" in texto(confirmacao) and not Evento.objects.exists()
    escondidos = {
        nome: unescape(valor)
        for nome, valor in re.findall(
            r'<input type="hidden" name="(\w+)" value="([^"]*)"', confirmacao.content.decode()
        )
    }
    escondidos.pop("csrfmiddlewaretoken", None)
    assert client.post(url, {**escondidos, "confirmar": "1"}).status_code == 302
    evento = Evento.objects.get()
    assert (evento.nota, evento.notas_parciais) == (Decimal("93.5"), {"especificos": "45"})
    assert (evento.sub_judice, evento.processo, evento.data_do_ato) == (True, "5001234-56.2025.8.08.0012", ATO)
