"""O RH pede o trabalho pesado na ficha do edital, acompanha a barra de progresso e encontra o que
saiu; "tentar de novo" pela ação da lista."""

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from concursos.models import Processamento, Resultado
from concursos.papeis import AUDITOR, RH, configurar_papeis
from concursos.segundo_plano import pedidos
from tests.concursos import fabricas

pytestmark = pytest.mark.django_db(transaction=True)


def entrar(papel: str, nome: str) -> Client:
    usuario = fabricas.usuario(nome)
    usuario.groups.add(configurar_papeis()[papel])
    cliente = Client()
    cliente.force_login(usuario)
    return cliente


def edital_com_dois_cargos():
    edital = fabricas.edital(cargos=(("A", "Agente", 1), ("B", "Bombeiro", 1)))
    for cargo in edital.cargos.all():
        fabricas.inscricao(cargo, f"{cargo.codigo}1", "80")
    return edital


def test_o_rh_pede_na_ficha_do_edital_acompanha_e_encontra_os_resultados():
    rh = entrar(RH, "rita")
    edital = edital_com_dois_cargos()
    ficha_do_edital = rh.get(reverse("admin:concursos_edital_change", args=[edital.pk])).content.decode()
    assert reverse("concursos:pedir_resultados", args=[edital.pk]) in ficha_do_edital

    resposta = rh.post(reverse("concursos:pedir_resultados", args=[edital.pk]), follow=True)
    pedido = Processamento.objects.get()
    assert resposta.redirect_chain[-1][0] == reverse("admin:concursos_processamento_change", args=[pedido.pk])
    pagina = resposta.content.decode()
    assert f"pedido nº {pedido.pk} na fila" in pagina
    assert "Na fila: 0 de 2 cargos" in pagina
    assert reverse("concursos:progresso_do_processamento", args=[pedido.pk]) in pagina  # a barra se atualiza
    assert "concursos/processamentos.js" in pagina

    call_command("db_worker", "--batch", "--interval", "0", verbosity=0)

    progresso = rh.get(reverse("concursos:progresso_do_processamento", args=[pedido.pk])).json()
    assert progresso == {
        "estado": "concluido",
        "feitos": 2,
        "total": 2,
        "percentual": 100,
        "terminado": True,
        "erros": 0,
        "texto": "Concluído: 2 de 2 cargos",
        "situacao": "Concluído",
    }
    pagina = rh.get(reverse("admin:concursos_processamento_change", args=[pedido.pk])).content.decode()
    for resultado in Resultado.objects.filter(processamento=pedido):
        assert reverse("admin:concursos_resultado_change", args=[resultado.pk]) in pagina


def test_segundo_clique_enquanto_o_primeiro_anda_e_recusado_com_mensagem():
    rh = entrar(RH, "rita")
    edital = edital_com_dois_cargos()
    rh.post(reverse("concursos:pedir_resultados", args=[edital.pk]))
    resposta = rh.post(reverse("concursos:pedir_resultados", args=[edital.pk]), follow=True)
    assert "Já há um pedido igual para o edital" in resposta.content.decode()
    assert Processamento.objects.count() == 1


def test_tentar_de_novo_pela_acao_da_lista(monkeypatch):
    rh = entrar(RH, "rita")
    edital = edital_com_dois_cargos()
    pedido = pedidos.pedir_resultados(edital, por=fabricas.usuario("autor"))
    Processamento.objects.filter(pk=pedido.pk).update(estado=Processamento.FALHOU, erros=[{"mensagem": "teste"}])
    call_command("db_worker", "--batch", "--interval", "0", verbosity=0)  # as tarefas veem "falhou" e não fazem nada
    assert not Resultado.objects.exists()

    resposta = rh.post(
        reverse("admin:concursos_processamento_changelist"),
        {"action": "tentar_de_novo", "_selected_action": [pedido.pk]},
        follow=True,
    )
    assert f"Nº {pedido.pk}: de volta à fila." in resposta.content.decode()
    call_command("db_worker", "--batch", "--interval", "0", verbosity=0)
    pedido.refresh_from_db()
    assert pedido.estado == Processamento.CONCLUIDO
    assert pedido.tentativas == 2
    assert Resultado.objects.filter(processamento=pedido).count() == 2


def test_auditor_acompanha_mas_nao_pede_nem_tenta_de_novo():
    auditor = entrar(AUDITOR, "celia")
    edital = edital_com_dois_cargos()
    pedido = pedidos.pedir_resultados(edital, por=fabricas.usuario("autor"))
    assert auditor.get(reverse("concursos:progresso_do_processamento", args=[pedido.pk])).status_code == 200
    assert auditor.post(reverse("concursos:pedir_resultados", args=[edital.pk])).status_code == 403
    pagina = auditor.get(reverse("admin:concursos_edital_change", args=[edital.pk])).content.decode()
    assert reverse("concursos:pedir_resultados", args=[edital.pk]) not in pagina
    assert Processamento.objects.count() == 1


def test_gerar_resultado_de_edital_grande_vai_para_o_segundo_plano(settings):
    settings.LIMITE_DE_INSCRICOES_NA_TELA = 1
    rh = entrar(RH, "rita")
    edital = edital_com_dois_cargos()  # 2 inscrições, acima do limite de 1
    resposta = rh.post(reverse("concursos:gerar_resultado", args=[edital.pk]), follow=True)
    pedido = Processamento.objects.get()
    assert pedido.tipo == Processamento.RESULTADOS
    assert not Resultado.objects.exists()  # nada gerado dentro da requisição
    pagina = resposta.content.decode()
    assert "os resultados serão gerados em segundo plano" in pagina
    assert reverse("admin:concursos_processamento_change", args=[pedido.pk]) in pagina


def test_gerar_resultado_de_edital_pequeno_continua_na_hora():
    rh = entrar(RH, "rita")
    edital = edital_com_dois_cargos()
    rh.post(reverse("concursos:gerar_resultado", args=[edital.pk]))
    assert not Processamento.objects.exists()
    assert Resultado.objects.filter(cargo__edital=edital).count() == 2


def test_a_situacao_do_pedido_em_andamento_acompanha_a_barra_e_nao_fica_na_fila():
    """Issue 29: a ficha dizia "Na fila" enquanto a barra dizia 3.000 de 25.000. A situação vem do
    pedido como está e ``processamentos.js`` a atualiza pelo mesmo JSON da barra."""
    rh = entrar(RH, "rita")
    edital = edital_com_dois_cargos()
    rh.post(reverse("concursos:pedir_resultados", args=[edital.pk]))
    pedido = Processamento.objects.get()
    url_do_progresso = reverse("concursos:progresso_do_processamento", args=[pedido.pk])
    ficha = rh.get(reverse("admin:concursos_processamento_change", args=[pedido.pk])).content.decode()
    assert f'<span class="processamento-situacao" data-progresso="{url_do_progresso}">Na fila</span>' in ficha

    Processamento.objects.filter(pk=pedido.pk).update(estado=Processamento.EXECUTANDO, feitos=1, total=2)
    assert rh.get(url_do_progresso).json()["situacao"] == "Em andamento"
    lista = rh.get(reverse("admin:concursos_processamento_changelist")).content.decode()
    assert f'data-progresso="{url_do_progresso}">Em andamento</span>' in lista
    assert "Na fila" not in lista.split("<tbody>")[1].split("</tbody>")[0]
