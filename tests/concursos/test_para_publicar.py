"""O que falta para publicar, onde o servidor está: a mensagem de *Gerar resultado* e a caixa “Para
publicar falta” nas páginas do edital e do cargo, em contagens por grupo e de empates, cada uma com
o link para onde se resolve, sem nenhum nome."""

import re
from html import unescape
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from concursos import services
from concursos.models import Resultado

from .fabricas import edital, inscricao, verificar
from .test_admin import com_permissoes, mensagens, texto

pytestmark = pytest.mark.django_db

NOMES = ("Wanda Pendente", "Xavier Pendente", "Paula Pendente", "Ester Empatada", "Elias Empatado")


@pytest.fixture
def cargo():
    """5 vagas: 2 pendentes para negros, 1 para PcD e um empate de nota sem sorteio (E1 e E2)."""
    cargo = edital(cargos=(("GM", "Guarda Municipal", 5),)).cargos.get()
    for numero, nota in (("A", 95), ("B", 94), ("C", 92)):
        inscricao(cargo, numero, nota)
    inscricao(cargo, "E1", 90, nome="Ester Empatada")
    inscricao(cargo, "E2", 90, nome="Elias Empatado")
    inscricao(cargo, "W", 60, nome="Wanda Pendente", grupos={"negros": "pendente"})
    inscricao(cargo, "X", 58, nome="Xavier Pendente", grupos={"negros": "pendente"})
    inscricao(cargo, "P", 55, nome="Paula Pendente", grupos={"pcd": "pendente"})
    return cargo


def rh(*extra):
    pessoa = com_permissoes("rh", "view_edital", "view_cargo", "gerar_resultado", "change_inscricao", *extra)
    pessoa.user_permissions.add(
        Permission.objects.get(content_type__app_label="heteroidentificacao", codename="view_sessao")
    )
    return pessoa


def links(html: str) -> list[str]:
    return [unescape(h) for h in re.findall(r'href="([^"]+)"', html)]


def sessoes(cargo) -> str:
    filtro = urlencode({"comissao__edital__id__exact": cargo.edital_id})
    return f"{reverse('admin:heteroidentificacao_sessao_changelist')}?{filtro}"


def empatados(cargo) -> str:
    filtro = urlencode({"cargo__id__exact": cargo.pk, "numero__in": "E1,E2"})
    return f"{reverse('admin:concursos_inscricao_changelist')}?{filtro}"


def test_gerar_resultado_diz_o_que_falta_em_contagens_com_links_e_sem_nomes(client, cargo):
    client.force_login(rh("add_atodeverificacao", "ver_dados_sensiveis"))
    resposta = client.post(reverse("concursos:gerar_resultado", args=[cargo.edital_id]), follow=True)
    (aviso,) = mensagens(resposta)
    legivel = unescape(re.sub(r"<[^>]+>", "", aviso))
    assert "PRÉVIA (provisória), não pode ser publicada. Para publicar falta:" in legivel
    assert "Negros: 2 verificações pendentes — " in legivel and "PcD: 1 verificação pendente — " in legivel
    assert "1 empate sem sorteio (2 inscrições) — registre a ordem do sorteio público" in legivel
    assert "gere o resultado de novo" in legivel
    assert legivel.index("Negros") < legivel.index("PcD") < legivel.index("empate")
    pcd = f"{reverse('concursos:importar_avaliacoes_pcd')}?edital={cargo.edital_id}"
    assert {sessoes(cargo), pcd, empatados(cargo)} <= set(links(aviso))
    assert not any(nome in legivel for nome in NOMES)
    assert not any(f"{n} (" in legivel for n in ("W", "X", "P"))


def test_sem_a_permissao_da_pagina_de_destino_o_passo_vem_sem_link(client, cargo):
    client.force_login(com_permissoes("rh", "view_edital", "gerar_resultado"))
    resposta = client.post(reverse("concursos:gerar_resultado", args=[cargo.edital_id]), follow=True)
    (aviso,) = mensagens(resposta)
    assert "Negros: 2 verificações pendentes — resolvem-se nas sessões" in unescape(aviso)
    assert links(aviso) == [reverse("admin:concursos_resultado_change", args=[Resultado.objects.get().pk])]


def test_os_links_levam_aos_lugares_filtrados(client, cargo):
    services.gerar_resultado(cargo, por=cargo.edital.criado_por)
    client.force_login(rh("add_atodeverificacao", "ver_dados_sensiveis", "view_inscricao"))
    lista = client.get(empatados(cargo))
    assert lista.status_code == 200
    assert sorted(i.numero for i in lista.context["cl"].result_list) == ["E1", "E2"]
    tela = client.get(f"{reverse('concursos:importar_avaliacoes_pcd')}?edital={cargo.edital_id}")
    assert tela.context["form"]["edital"].value() == cargo.edital_id
    assert client.get(sessoes(cargo)).status_code == 200


def test_paginas_do_edital_e_do_cargo_mostram_a_caixa_para_publicar_falta(client, cargo):
    services.gerar_resultado(cargo, por=cargo.edital.criado_por)
    client.force_login(rh())
    for url in (
        reverse("admin:concursos_edital_change", args=[cargo.edital_id]),
        reverse("admin:concursos_cargo_change", args=[cargo.pk]),
    ):
        resposta = client.get(url)
        pagina = texto(resposta)
        caixa = pagina.split("Para publicar falta")[1].split("gere o resultado de novo")[0]
        assert "GM — Guarda Municipal ( versão 1 , prévia)" in caixa  # o link da versão vira espaços
        assert "Negros: 2 verificações pendentes" in caixa and "PcD: 1 verificação pendente" in caixa
        assert "1 empate sem sorteio (2 inscrições)" in caixa
        assert not any(nome in pagina for nome in NOMES)
        assert sessoes(cargo) in links(resposta.content.decode()) and empatados(cargo) in links(
            resposta.content.decode()
        )


def test_nada_bloqueando_nada_aparece(client, cargo):
    for numero in ("W", "X"):
        verificar(cargo.inscricoes.get(numero=numero), "negros", "confirmado")
    verificar(cargo.inscricoes.get(numero="P"), "pcd", "confirmado")
    cargo.inscricoes.filter(numero="E1").update(sorteio=1)
    cargo.inscricoes.filter(numero="E2").update(sorteio=2)
    client.force_login(rh())
    edital_url = reverse("admin:concursos_edital_change", args=[cargo.edital_id])
    assert "Para publicar falta" not in texto(client.get(edital_url))  # nada gerado ainda
    resposta = client.post(reverse("concursos:gerar_resultado", args=[cargo.edital_id]), follow=True)
    assert "resultado final gerado" in " ".join(mensagens(resposta))
    assert "Para publicar falta" not in texto(client.get(edital_url))
    assert "Para publicar falta" not in texto(client.get(reverse("admin:concursos_cargo_change", args=[cargo.pk])))


def test_verificacoes_registradas_depois_da_geracao_pedem_so_gerar_de_novo(client, cargo):
    services.gerar_resultado(cargo, por=cargo.edital.criado_por)
    for numero, grupo in (("W", "negros"), ("X", "negros"), ("P", "pcd")):
        verificar(cargo.inscricoes.get(numero=numero), grupo, "confirmado")
    client.force_login(rh())
    caixa = texto(client.get(reverse("admin:concursos_cargo_change", args=[cargo.pk]))).split("Para publicar falta")[1]
    assert "3 verificações pendentes nesta versão, já registradas — gere o resultado de novo" in caixa
    assert "Negros:" not in caixa
