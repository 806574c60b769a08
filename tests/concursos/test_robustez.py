"""Erros 500 dos serviços do RH com entradas repetidas ou concorrentes (issue 12, item 8): a segunda
reversão do mesmo evento, o segundo "Gerar resultado" sem mudança, textos sem limite e o
nascimento em 01/01/0001. As corridas de verdade estão em ``test_concorrencia.py`` (PostgreSQL)."""

from datetime import date

import pytest
from django.core.exceptions import ValidationError
from django.db.models import QuerySet

from concursos import services
from concursos.atos import Ato
from concursos.forms import CandidatoForm, ReversaoForm
from concursos.models import Evento, Resultado
from concursos.services import resultados

from .fabricas import cargo_do_exemplo_da_alternancia, edital, usuario

DATA_DO_ATO = date(2025, 6, 2)

pytestmark = pytest.mark.django_db


def desistencia(cargo, rh):
    return services.registrar_desistencia(
        cargo.inscricoes.get(numero="Z"), ato=Ato(documento="Req. 1", data_do_ato=DATA_DO_ATO), por=rh
    )


def test_segunda_reversao_que_passa_pela_conferencia_vira_recusa_e_nao_integrity_error(monkeypatch):
    """Simula a corrida no SQLite: a segunda reversão conferiu "ainda não revertido" antes de a
    primeira gravar; na gravação a unicidade de ``Evento.reverte`` dispara (IntegrityError, 500)."""
    cargo = cargo_do_exemplo_da_alternancia()
    rh = usuario("clerk")
    registrado = desistencia(cargo, rh)
    services.reverter_evento(registrado.evento, ato=Ato(documento="Desp. 2", data_do_ato=None), motivo="engano", por=rh)
    versoes = Resultado.objects.count()
    exists = QuerySet.exists
    monkeypatch.setattr(QuerySet, "exists", lambda qs: False if qs.model is Evento else exists(qs))
    with pytest.raises(ValidationError, match="O evento já foi revertido"):
        services.reverter_evento(
            registrado.evento, ato=Ato(documento="Desp. 3", data_do_ato=None), motivo="de novo", por=rh
        )
    assert Evento.objects.filter(tipo="reversao").count() == 1 and Resultado.objects.count() == versoes


def test_segunda_reversao_pela_tela_mostra_a_recusa(client, monkeypatch):
    cargo = cargo_do_exemplo_da_alternancia()
    rh = usuario("rh", superusuario=True)
    registrado = desistencia(cargo, rh)
    services.reverter_evento(registrado.evento, ato=Ato(documento="Desp. 2", data_do_ato=None), motivo="engano", por=rh)
    exists = QuerySet.exists
    monkeypatch.setattr(QuerySet, "exists", lambda qs: False if qs.model is Evento else exists(qs))
    client.force_login(rh)
    resposta = client.post(
        f"/concursos/eventos/{registrado.evento.pk}/reverter/", {"documento": "Desp. 3", "motivo": "de novo"}
    )
    assert resposta.status_code == 200
    assert "O evento já foi revertido" in resposta.content.decode()


def antes_da_outra_gravar(monkeypatch):
    """Simula, no SQLite, o segundo "Gerar resultado" que começou antes de o primeiro gravar: o que
    ele leu antes da trava do cargo não tinha a versão que o primeiro acabou de gravar."""
    monkeypatch.setattr(resultados, "_ultimas_versoes", lambda cargos: {})


def test_segundo_gerar_resultado_simultaneo_sem_mudanca_devolve_a_versao_recem_gravada(monkeypatch):
    cargo = cargo_do_exemplo_da_alternancia()
    rh = usuario("clerk")
    primeira = services.gerar_resultado(cargo, por=rh)
    antes_da_outra_gravar(monkeypatch)
    segunda = services.gerar_resultado(cargo, por=rh)
    assert segunda.pk == primeira.pk and Resultado.objects.filter(cargo=cargo).count() == 1
    assert segunda.sem_mudanca and not primeira.sem_mudanca


def test_segundo_gerar_resultado_simultaneo_com_mudanca_cria_nova_versao(monkeypatch):
    cargo = cargo_do_exemplo_da_alternancia()
    rh = usuario("clerk")
    primeira = services.gerar_resultado(cargo, por=rh)
    cargo.inscricoes.filter(numero="A").update(situacao="eliminado")
    antes_da_outra_gravar(monkeypatch)
    segunda = services.gerar_resultado(cargo, por=rh)
    assert segunda.versao == primeira.versao + 1 and not segunda.sem_mudanca


def test_gerar_resultado_de_novo_depois_de_pronto_continua_criando_versao():
    """Quem pede de novo, depois de ver a versão pronta, ganha uma versão nova (com o seu nome)."""
    cargo = cargo_do_exemplo_da_alternancia()
    primeira = services.gerar_resultado(cargo, por=usuario("clerk"))
    segunda = services.gerar_resultado(cargo, por=usuario("outra"))
    assert segunda.versao == primeira.versao + 1 and not segunda.sem_mudanca


def test_segundo_gerar_resultado_do_edital_simultaneo_nao_duplica_versoes(monkeypatch):
    cargo = cargo_do_exemplo_da_alternancia()
    rh = usuario("clerk")
    primeiras = services.gerar_resultados_do_edital(cargo.edital, por=rh)
    antes_da_outra_gravar(monkeypatch)
    segundas = services.gerar_resultados_do_edital(cargo.edital, por=rh)
    assert [r.pk for r in segundas] == [r.pk for r in primeiras] and all(r.sem_mudanca for r in segundas)


def test_segundo_gerar_resultado_simultaneo_pela_tela_diz_que_nada_mudou(client, monkeypatch):
    cargo = cargo_do_exemplo_da_alternancia()
    rh = usuario("rh", superusuario=True)
    services.gerar_resultado(cargo, por=rh)
    antes_da_outra_gravar(monkeypatch)
    client.force_login(rh)
    resposta = client.post(f"/concursos/editais/{cargo.edital.pk}/gerar-resultado/", follow=True)
    assert "nenhuma mudança desde a versão 1" in resposta.content.decode()
    assert Resultado.objects.filter(cargo=cargo).count() == 1


# — Textos e datas —


def test_motivo_de_evento_tem_limite_e_recusa_controle():
    cargo = cargo_do_exemplo_da_alternancia()
    rh = usuario("clerk")
    inscrito = cargo.inscricoes.get(numero="Z")
    with pytest.raises(ValidationError, match="O campo motivo tem 20.001 caracteres; o limite é 20.000."):
        services.registrar_desistencia(
            inscrito, ato=Ato(documento="Req. 1", data_do_ato=DATA_DO_ATO), motivo="m" * 20_001, por=rh
        )
    with pytest.raises(ValidationError, match="caracteres de controle"):
        services.registrar_desistencia(
            inscrito, ato=Ato(documento="Req. 1", data_do_ato=DATA_DO_ATO), motivo="a\x07b", por=rh
        )
    registrado = desistencia(cargo, rh)
    with pytest.raises(ValidationError, match="O campo motivo tem 20.001 caracteres"):
        services.reverter_evento(
            registrado.evento, ato=Ato(documento="D", data_do_ato=None), motivo="m" * 20_001, por=rh
        )
    assert Evento.objects.count() == 1


def test_formulario_da_reversao_leva_o_limite_no_widget():
    assert ReversaoForm().fields["motivo"].widget.attrs["maxlength"] == "20000"


@pytest.mark.parametrize("nascimento", ["01/01/0001", "01/01/1899", "31/12/2999"])
def test_ficha_do_candidato_recusa_nascimento_absurdo(nascimento):
    dados = {"nome": "Irene Paiva", "cpf": "529.982.247-25", "nascimento": nascimento, "email": ""}
    form = CandidatoForm(dados)
    assert not form.is_valid()
    assert nascimento in form.errors["nascimento"][0]


def test_ficha_do_candidato_aceita_nascimento_plausivel():
    dados = {"nome": "Irene Paiva", "cpf": "529.982.247-25", "nascimento": "15/03/1990", "email": ""}
    assert CandidatoForm(dados).is_valid()


# — Parâmetros desconhecidos no admin —


@pytest.mark.parametrize(
    ("consulta", "ignorado", "mantido"),
    [
        ("?foo=bar", "foo=bar", ""),
        ("?edital__id__exact=abc", "edital__id__exact=abc", ""),
        ("?situacao__exact=ativo&foo=bar", "foo=bar", "situacao__exact=ativo"),
    ],
)
def test_exportacao_com_parametro_desconhecido_volta_sem_ele_e_diz_qual(client, consulta, ignorado, mantido):
    cargo_do_exemplo_da_alternancia()
    client.force_login(usuario("rh", superusuario=True))
    resposta = client.get(f"/admin/concursos/inscricao/export/{consulta}")
    assert resposta.status_code == 302
    assert resposta["Location"] == "/admin/concursos/inscricao/export/" + (f"?{mantido}" if mantido else "")
    pagina = client.get(resposta["Location"])
    assert pagina.status_code == 200
    avisos = [str(m) for m in pagina.context["messages"]]
    assert any(ignorado in aviso and "ignorados" in aviso for aviso in avisos)


def test_exportacao_com_parametro_desconhecido_no_envio_nao_exporta_nem_da_500(client):
    cargo_do_exemplo_da_alternancia()
    client.force_login(usuario("rh", superusuario=True))
    resposta = client.post("/admin/concursos/inscricao/export/?foo=bar", {"format": "0", "resource": "0"})
    assert resposta.status_code == 302 and "attachment" not in resposta.get("Content-Disposition", "")


@pytest.mark.parametrize("caminho", ["edital/abc/history/", "inscricao/abc/history/", "resultado/1.5/history/"])
def test_historico_com_chave_que_nao_e_numero_e_404(client, caminho):
    cargo_do_exemplo_da_alternancia()
    client.force_login(usuario("rh", superusuario=True))
    assert client.get(f"/admin/concursos/{caminho}").status_code == 404


def test_historico_do_parecer_com_chave_que_nao_e_numero_e_404(client):
    client.force_login(usuario("rh", superusuario=True))
    assert client.get("/admin/heteroidentificacao/parecer/abc/history/").status_code == 404


# — Importação —


@pytest.mark.parametrize(
    ("nascimento", "motivo"),
    [
        ("01/01/0001", "fora do intervalo possível"),
        ("01/01/1899", "fora do intervalo possível"),
        ("02/03/2020", "anos"),
    ],
)
def test_importacao_com_nascimento_absurdo_e_erro_da_linha_com_coluna_e_valor(nascimento, motivo):
    from .test_importacao import cpf, csv, importar, mensagens_de_erro

    gm = edital(cargos=(("GM", "Guarda Municipal", 5),))
    resultado = importar(gm, csv(f"6001;{cpf('100000001')};Irene Paiva;{nascimento};GM;;;;70"))
    (mensagem,) = mensagens_de_erro(resultado)
    assert mensagem.startswith(f"Linha 2, coluna “nascimento” (D), valor “{nascimento}”: ")
    assert motivo in mensagem
