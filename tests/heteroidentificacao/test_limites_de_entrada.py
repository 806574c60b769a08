"""Entradas absurdas na heteroidentificação (issue 12, item 8): textos sem limite, caracteres de
controle e datas fora de qualquer faixa plausível. Os serviços recusam com ``ValidationError``
nomeando o campo e o valor; as telas mostram a recusa, nunca um erro 500 (``OverflowError`` no ano 9999)."""

from datetime import date

import pytest
from django.core.exceptions import ValidationError

from heteroidentificacao import services
from heteroidentificacao.forms import DecisaoForm, DefesaForm, NotificacaoForm, SessaoForm
from heteroidentificacao.models import Parecer, ProcessoDeApuracao, Recurso, Sessao

from .fabricas import cargo_com_cotistas, comissao, encerrar, julgar, pessoa, rh, sessao_aberta, todos
from .test_admin import texto, url
from .test_pdf import chamado_de, sessao_julgada

pytestmark = pytest.mark.django_db

LONGO = "x" * 20_001
LIMITE = "O campo {} tem 20.001 caracteres; o limite é 20.000."


@pytest.fixture
def processo():
    """Processo instaurado contra N1, confirmado pela comissão."""
    cargo = cargo_com_cotistas()
    sessao = sessao_aberta(comissao(cargo.edital))
    julgar(sessao, cargo.inscricoes.get(numero="N1"), **todos("confirma"))
    encerrar(sessao)
    return services.instaurar_apuracao(
        cargo.inscricoes.get(numero="N1"), numero="PA 1", fatos="Denúncia.", instaurado_em=date(2025, 6, 2), por=rh()
    )


def notificado(processo):
    return services.notificar(processo, notificado_em=date(2025, 6, 3), dias_para_defesa=10, por=rh())


# — Textos —


def test_fatos_de_900_kb_sao_recusados_nomeando_o_campo_e_o_tamanho():
    cargo = cargo_com_cotistas()
    with pytest.raises(ValidationError) as recusa:
        services.instaurar_apuracao(cargo.inscricoes.get(numero="N1"), numero="PA 1", fatos="f" * 900_000, por=rh())
    assert recusa.value.message_dict == {"fatos": ["O campo fatos apurados tem 900.000 caracteres; o limite é 20.000."]}
    assert not ProcessoDeApuracao.objects.exists()


def test_texto_no_limite_com_quebras_de_linha_e_tabulacoes_e_aceito():
    cargo = cargo_com_cotistas()
    fatos = ("Linha\tcom tabulação.\r\n" * 1000)[:20_000]
    processo = services.instaurar_apuracao(cargo.inscricoes.get(numero="N1"), numero="PA 1", fatos=fatos, por=rh())
    assert len(processo.fatos) == 20_000


@pytest.mark.parametrize("controle", ["\x00", "\x07", "\x1b", "\u202e"])
def test_caracteres_de_controle_nos_fatos_sao_recusados(controle):
    cargo = cargo_com_cotistas()
    with pytest.raises(ValidationError, match="caracteres de controle") as recusa:
        services.instaurar_apuracao(cargo.inscricoes.get(numero="N1"), numero="PA 1", fatos=f"a{controle}b", por=rh())
    assert set(recusa.value.message_dict) == {"fatos"}


def test_defesa_e_fundamentacao_da_decisao_tem_limite(processo):
    processo = notificado(processo)
    with pytest.raises(ValidationError, match=LIMITE.format("defesa")):
        services.registrar_defesa(processo, texto=LONGO, apresentada_em=date(2025, 6, 5), por=rh())
    with pytest.raises(ValidationError, match=LIMITE.format("fundamentação da decisão")):
        services.decidir_apuracao(
            processo, decisao="improcedente", fundamentacao=LONGO, decidido_em=date(2025, 6, 14), por=rh()
        )
    processo.refresh_from_db()
    assert processo.defesa == "" and processo.decisao == ProcessoDeApuracao.EM_ANDAMENTO


def test_razoes_do_recurso_tem_limite_e_recusam_controle():
    chamado = chamado_de(sessao_julgada(encerrada_agora=True), "N2")
    with pytest.raises(ValidationError, match=LIMITE.format("razões do recurso")):
        services.registrar_recurso(chamado, texto=LONGO, por=rh())
    with pytest.raises(ValidationError, match="caracteres de controle"):
        services.registrar_recurso(chamado, texto="Sou pardo.\x00", por=rh())
    assert not Recurso.objects.exists()


def test_fundamentacao_do_parecer_tem_limite_no_servico():
    cargo = cargo_com_cotistas()
    sessao = sessao_aberta(comissao(cargo.edital))
    chamado = julgar(sessao, cargo.inscricoes.get(numero="N1"))
    with pytest.raises(ValidationError, match=LIMITE.format("fundamentação")):
        services.registrar_parecer(chamado, por=pessoa("ana"), voto="nao_confirma", fundamentacao=LONGO)
    with pytest.raises(ValidationError, match="caracteres de controle"):
        services.registrar_parecer(chamado, por=pessoa("ana"), voto="nao_confirma", fundamentacao="Pele\x1b clara.")
    assert not Parecer.objects.exists()


def test_formularios_de_texto_levam_o_limite_no_widget():
    assert DefesaForm().fields["texto"].widget.attrs["maxlength"] == "20000"
    assert DecisaoForm().fields["fundamentacao"].widget.attrs["maxlength"] == "20000"
    erros = DefesaForm({"texto": LONGO, "apresentada_em": "05/06/2025"}).errors
    assert LIMITE.format("defesa") in erros["texto"]


def test_formularios_de_inclusao_do_admin_levam_o_limite_no_widget(client, secretaria):
    for pagina in ("recurso_add", "processodeapuracao_add"):
        assert 'maxlength="20000"' in client.get(url(pagina)).content.decode()


def test_fatos_longos_pelo_admin_voltam_ao_formulario_com_a_recusa(client, secretaria):
    inscricao = cargo_com_cotistas().inscricoes.get(numero="N1")
    dados = {"inscricao": inscricao.pk, "numero": "PA 1", "fatos": LONGO, "instaurado_em": "02/06/2025"}
    resposta = client.post(url("processodeapuracao_add"), dados)
    assert resposta.status_code == 200
    assert LIMITE.format("fatos apurados") in texto(resposta)
    assert not ProcessoDeApuracao.objects.exists()


# — Datas —


def test_notificacao_no_ano_9999_e_recusada_sem_overflow(processo):
    with pytest.raises(ValidationError) as recusa:
        services.notificar(processo, notificado_em=date(9999, 12, 31), dias_para_defesa=10, por=rh())
    assert "31/12/9999" in recusa.value.message_dict["notificado_em"][0]
    processo.refresh_from_db()
    assert processo.notificado_em is None


def test_notificacao_no_ano_9999_pelo_admin_volta_com_a_recusa(client, secretaria, processo):
    resposta = client.post(
        url("processo_notificar", processo.pk), {"notificado_em": "25/12/9999", "dias_para_defesa": "10"}
    )
    assert resposta.status_code == 200
    assert "25/12/9999" in texto(resposta)


@pytest.mark.parametrize(
    ("servico", "campo", "argumentos"),
    [
        ("instaurar", "instaurado_em", {}),
        ("defesa", "defesa_apresentada_em", {}),
        ("decisao", "decidido_em", {}),
    ],
)
def test_datas_dos_atos_da_apuracao_fora_da_faixa_sao_recusadas(processo, servico, campo, argumentos):
    absurda = date(1, 1, 1)
    with pytest.raises(ValidationError) as recusa:
        if servico == "instaurar":
            inscricao = processo.inscricao.cargo.inscricoes.get(numero="N2")
            services.instaurar_apuracao(inscricao, numero="PA 2", fatos="x", instaurado_em=absurda, por=rh())
        elif servico == "defesa":
            services.registrar_defesa(notificado(processo), texto="Defesa.", apresentada_em=absurda, por=rh())
        else:
            services.decidir_apuracao(
                notificado(processo), decisao="improcedente", fundamentacao="x", decidido_em=absurda, por=rh()
            )
    assert "01/01/0001" in recusa.value.message_dict[campo][0]


def test_recurso_com_data_absurda_e_recusado():
    chamado = chamado_de(sessao_julgada(encerrada_agora=True), "N2")
    with pytest.raises(ValidationError) as recusa:
        services.registrar_recurso(chamado, texto="Sou pardo.", apresentado_em=date(1, 1, 1), por=rh())
    assert "01/01/0001" in recusa.value.message_dict["apresentado_em"][0]


def test_formulario_da_notificacao_recusa_data_implausivel():
    erros = NotificacaoForm({"notificado_em": "01/01/0001", "dias_para_defesa": "10"}).errors
    assert "01/01/0001" in erros["notificado_em"][0]


@pytest.mark.parametrize("inicio", ["01/01/0001", "31/12/9999"])
def test_formulario_da_sessao_recusa_datas_implausiveis(inicio):
    comissao_ = comissao(cargo_com_cotistas().edital)
    form = SessaoForm({"comissao": comissao_.pk, "inicio": f"{inicio} 23:59", "local": "Sala 3"})
    assert not form.is_valid()
    assert inicio in form.errors["inicio"][0]


@pytest.mark.parametrize("inicio", ["01/01/0001", "31/12/9999"])
def test_sessao_com_data_implausivel_pelo_admin_volta_com_a_recusa(client, secretaria, inicio):
    comissao_ = comissao(cargo_com_cotistas().edital)
    dados = {"comissao": comissao_.pk, "inicio_0": inicio, "inicio_1": "23:59", "local": "Sala 3", "link": ""}
    resposta = client.post(url("sessao_add"), dados)
    assert resposta.status_code == 200
    assert inicio in texto(resposta)
    assert not Sessao.objects.exists()
