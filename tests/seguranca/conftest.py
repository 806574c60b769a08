"""Fixtures da segurança. O ``cargo`` e o ``rh`` de toda a suíte estão em ``tests/conftest.py``."""

from datetime import date, timedelta
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone


@pytest.fixture
def rh_logado(client):
    """O ``client`` já dentro como o RH das fábricas da heteroidentificação (superusuário)."""
    from tests.heteroidentificacao.fabricas import rh

    client.force_login(rh())
    return client


@pytest.fixture(scope="module")
def cenario_das_portas(dados_do_modulo):
    """Um edital com inscrições de cor/raça e deficiência declaradas, uma sessão encerrada e uma
    aberta com pareceres (Bruno não confirma, com fundamentação; Carla confirma), e um usuário por
    papel da equipe (pelos grupos de ``concursos/papeis.py``): Rita (RH), Célia (auditora) e o
    superusuário. E o resto de cada lista do admin, ao menos duas linhas diferentes em cada uma (com
    uma linha só o andarilho não veria lista nenhuma estreitar): ``com_o_resto_das_listas``.
    Montado uma vez por módulo (``dados_do_modulo``): os testes só leem."""
    from concursos import services as servicos_de_concursos
    from concursos.models import LeiauteDeImportacao
    from concursos.papeis import AUDITOR, RH, configurar_papeis
    from heteroidentificacao import services
    from heteroidentificacao.models import Comissao
    from tests.concursos.fabricas import inscricao
    from tests.heteroidentificacao import fabricas

    grupos = configurar_papeis()
    modelo = get_user_model()
    rita = modelo.objects.create_user("rita", "rita@cariacica.test", is_staff=True, first_name="Rita")
    rita.groups.add(grupos[RH])
    celia = modelo.objects.create_user("celia", "celia@cariacica.test", is_staff=True, first_name="Célia")
    celia.groups.add(grupos[AUDITOR])
    raiz = modelo.objects.create_user("raiz", "raiz@cariacica.test", is_staff=True, is_superuser=True)

    cargo = fabricas.cargo_com_cotistas()
    inscricao(cargo, "B2", 60, cor_raca="branca")
    apurada = inscricao(cargo, "N3", 75, grupos={"negros": "pendente"}, cor_raca="preta")
    comissao = fabricas.comissao(cargo.edital)
    encerrada = fabricas.sessao_aberta(comissao, inicio=timezone.now() - timedelta(hours=5))
    julgado = fabricas.julgar(
        encerrada,
        cargo.inscricoes.get(numero="N2"),
        **fabricas.todos(ana="nao_confirma", bruno="nao_confirma", carla="nao_confirma"),
    )
    fabricas.encerrar(encerrada)
    services.registrar_recurso(julgado, texto="Peço a revisão pela gravação.", por=fabricas.rh())
    # Outra sessão encerrada, com outro recurso: listas de uma linha só não estreitam.
    outra = fabricas.sessao_aberta(comissao, inicio=timezone.now() - timedelta(hours=3))
    julgado = fabricas.julgar(
        outra, apurada, **fabricas.todos(ana="nao_confirma", bruno="nao_confirma", carla="nao_confirma")
    )
    fabricas.encerrar(outra)
    services.registrar_recurso(julgado, texto="A iluminação da sala prejudicou a avaliação.", por=rita)
    fabricas.comissao(cargo.edital, tipo=Comissao.RECURSAL)
    aberta = fabricas.sessao_aberta(comissao)
    chamado = fabricas.julgar(aberta, cargo.inscricoes.get(numero="N1"), bruno="nao_confirma", carla="confirma")
    services.instaurar_apuracao(apurada, numero="PA 1/2025", fatos="Denúncia.", por=rita)
    servicos_de_concursos.gerar_resultado(cargo, por=rita)
    LeiauteDeImportacao.objects.create(banca="Instituto Exemplo", nome="inscrições", colunas={"nome": "nome"})
    LeiauteDeImportacao.objects.create(banca="Fundação Outra", nome="notas", colunas={"Nota final": "nota"})
    visita = Client()
    visita.force_login(rita)
    visita.get(reverse("admin:concursos_inscricao_change", args=[cargo.inscricoes.get(numero="N1").pk]))
    visita.get(reverse("admin:concursos_inscricao_change", args=[cargo.inscricoes.get(numero="B2").pk]))
    Client().force_login(celia)
    com_o_resto_das_listas(rita=rita, celia=celia, raiz=raiz)
    return SimpleNamespace(
        rh=rita, auditor=celia, superusuario=raiz, cargo=cargo, comissao=comissao, aberta=aberta,
        encerrada=encerrada, chamado=chamado,
    )  # fmt: skip


def com_o_resto_das_listas(*, rita, celia, raiz):
    """Linhas nas listas que o cenário da heteroidentificação não enche, pelos serviços de sempre:
    um segundo edital publicado, com dois eventos (desistências), dois provimentos (um com posse),
    dois atos de convocação e dois pedidos em segundo plano (um feito pelo trabalhador, outro na
    fila, cada um com a sua tarefa do django-tasks); dois cabeçalhos institucionais (o admin só deixa
    incluir um; o segundo, gravado direto como em tests/concursos/test_anexo_do_quadro.py, é o que
    faz uma lista de uma linha poder estreitar); duas senhas erradas no login (tentativas e falhas do
    axes), códigos de recuperação (dispositivos estáticos do OTP) e códigos de cadastro de dois
    usuários."""
    from django.test import override_settings

    from comum.convites import codigos
    from comum.dois_fatores import gerar_codigos_de_recuperacao
    from concursos import services
    from concursos.atos import Ato
    from concursos.models import Instituicao, TermoDeEliminacao
    from concursos.segundo_plano import pedidos, tarefas
    from concursos.services import convocacoes, provimentos
    from heteroidentificacao import services as services_de_apuracao
    from heteroidentificacao.models import Feriado
    from tests.concursos import fabricas

    # Dois feriados locais (o RH os mantém no admin; não há serviço: é cadastro).
    Feriado.objects.create(data=date(2025, 1, 13), descricao="Nossa Senhora da Penha")
    Feriado.objects.create(data=date(2025, 6, 13), descricao="Padroeiro do município")
    edital = fabricas.edital(numero=2, criado_por=rita, cargos=(("AGE", "Agente Administrativo", 5),))
    cargo = edital.cargos.get()
    for numero, nota in (("A", 95), ("B", 94), ("C", 92), ("D", 91)):
        fabricas.inscricao(cargo, numero, nota)
    fabricas.inscricao(cargo, "Y", 93, grupos={"negros": "confirmado"}, cor_raca="parda")
    fabricas.inscricao(cargo, "Z", 80, grupos={"negros": "confirmado"}, cor_raca="preta")
    fabricas.inscricao(cargo, "P", 70, grupos={"pcd": "confirmado"})
    services.publicar_resultado(services.gerar_resultado(cargo, por=rita), por=rita)
    dia = edital.publicado_em
    services.registrar_desistencia(
        cargo.inscricoes.get(numero="D"), ato=Ato(documento="Req. 9/2025", data_do_ato=dia), por=rita
    )
    services.registrar_desistencia(
        cargo.inscricoes.get(numero="B"),
        ato=Ato(documento="Req. 14/2025", data_do_ato=dia + timedelta(days=20), diario_oficial="DOM nº 7, p. 3"),
        motivo="Assumiu outro cargo.",
        por=rita,
    )
    nomeado = provimentos.registrar_nomeacao(
        cargo.inscricoes.get(numero="A"),
        portaria="Portaria 100/2025",
        data_da_nomeacao=dia + timedelta(days=60),
        por=rita,
    )
    provimentos.registrar_posse(nomeado.inscricao, data_da_posse=dia + timedelta(days=70), por=rita)
    provimentos.registrar_nomeacao(
        cargo.inscricoes.get(numero="Y"),
        portaria="Portaria 101/2025",
        data_da_nomeacao=dia + timedelta(days=61),
        por=rita,
    )
    # O edital de convocação convoca da versão publicada: a das desistências, antes dos atos.
    services.publicar_resultado(cargo.resultados.latest("versao"), por=rita)
    for numero, dias, quem in (("12/2025", 50, ["A", "Y"]), ("13/2025", 55, ["P"])):
        convocacoes.publicar_ato_de_convocacao(
            cargo, numero=numero, data=dia + timedelta(days=dias), local="Secretaria de Administração, Rua X, 100",
            inscricoes=[cargo.inscricoes.get(numero=n) for n in quem], por=rita,
        )  # fmt: skip
    feito = pedidos.pedir_resultados(edital, por=rita, motivo="Resultado depois das desistências")
    tarefas.gerar_resultado_do_cargo.call(feito.pk, cargo.pk)
    pedidos.pedir_pdfs(edital, por=rita)
    Instituicao.objects.create(secretaria="Secretaria Municipal de Gestão e Finanças")
    Instituicao.objects.create(orgao="Câmara Municipal de Cariacica", local="Cariacica")
    services_de_apuracao.instaurar_apuracao(
        cargo.inscricoes.get(numero="Z"), numero="PA 2/2025", fatos="Representação da Ouvidoria.", por=rita
    )
    # Duas senhas erradas: as tentativas do axes e, com o registro de cada falha ligado (desligado na
    # configuração, a lista continua no admin), as falhas.
    with override_settings(AXES_ENABLE_ACCESS_FAILURE_LOG=True):
        for usuario, ip in (("rita", "10.20.0.15"), ("celia", "187.45.10.200")):
            Client().post(reverse("admin:login"), {"username": usuario, "password": "senha-errada"}, REMOTE_ADDR=ip)
    gerar_codigos_de_recuperacao(rita)
    gerar_codigos_de_recuperacao(celia)
    codigos.emitir(rita, por=raiz)
    codigos.emitir(celia, por=raiz)
    # Dois termos de eliminação (o comando só age em edital vencido; aqui, gravados direto).
    for anonimizadas, fim in ((3, date(2024, 1, 31)), (5, date(2025, 3, 31))):
        TermoDeEliminacao.objects.create(
            edital=edital, fim_da_guarda=fim, anonimizadas=anonimizadas, inscricoes_anonimizadas=anonimizadas,
            pdf=b"%PDF-1.4\n", hash_do_pdf=f"{anonimizadas}" * 64, executado_por=raiz,
        )  # fmt: skip
