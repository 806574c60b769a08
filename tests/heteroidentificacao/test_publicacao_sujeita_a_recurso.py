"""O resultado do concurso publicado enquanto corre o prazo de recurso da heteroidentificação sai
"sujeito a recurso" (docs/REGRAS.md §10) quanto às verificações em prazo: no ato gravado, na tela
de confirmação, na mensagem, na ficha do admin e no PDF; fora do prazo (ou com o recurso julgado)
a publicação é comum. O recurso provido depois entra como revisão (§8,
``test_revisao_depois_da_publicacao.py``)."""

import io
from datetime import datetime, time, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from concursos import services as servicos_de_concursos
from concursos.pdf.resultado import resultado_do_cargo_pdf
from heteroidentificacao import consultas, services
from heteroidentificacao.models import Comissao, Sessao

from .fabricas import cargo_com_cotistas, comissao, encerrar, julgar, rh, sessao_aberta, todos, votar

pytestmark = pytest.mark.django_db
RAZOES = "Sou pardo; peço a revisão pela gravação do procedimento."
NAO = {
    "ana": "confirma",
    "bruno": "nao_confirma",
    "carla": "nao_confirma",
    "davi": "nao_confirma",
    "elisa": "nao_confirma",
}


@pytest.fixture
def julgado():
    """N1 não confirmado (1 a 4) e N2 confirmado numa sessão ordinária encerrada hoje; o resultado
    do concurso gerado, ainda não publicado."""
    cargo = cargo_com_cotistas()
    sessao = sessao_aberta(comissao(cargo.edital))
    n1 = julgar(sessao, cargo.inscricoes.get(numero="N1"), **NAO)
    julgar(sessao, cargo.inscricoes.get(numero="N2"), **todos("confirma"))
    encerrar(sessao)
    # Encerrada há 30 dias: o resultado preliminar pode ser publicado numa data passada.
    Sessao.objects.filter(pk=sessao.pk).update(encerrada_em=timezone.now() - timedelta(days=30))
    sessao.refresh_from_db()
    n1.refresh_from_db()
    return cargo, sessao, n1, servicos_de_concursos.gerar_resultado(cargo, por=rh())


def meio_dia(dia):
    return timezone.make_aware(datetime.combine(dia, time(12)))


def fim_do_prazo(sessao):
    """Publica o resultado preliminar há 20 dias e devolve o último dia do prazo de recurso."""
    sessao = services.publicar_resultado_preliminar(sessao, em=timezone.localdate() - timedelta(days=20), por=rh())
    return consultas.prazo_de_recurso_da_sessao(sessao)[1]


def texto_do_pdf(resultado) -> str:
    paginas = PdfReader(io.BytesIO(resultado_do_cargo_pdf(resultado))).pages
    return " ".join(" ".join(p.extract_text() for p in paginas).split())


def test_publicado_antes_do_preliminar_sai_sujeito_a_recurso_quanto_ao_nao_confirmado(julgado):
    cargo, _, _, resultado = julgado
    publicado = servicos_de_concursos.publicar_resultado(resultado, por=rh())
    # Só quem a comissão não confirmou pode recorrer; N2, confirmado, não entra.
    assert publicado.sujeito_a_recurso == ["N1"]
    pdf = texto_do_pdf(publicado)
    assert "Publicado sujeito a recurso quanto à verificação da inscrição N1" in pdf
    assert "Sujeito a recurso da heteroidentificação" in pdf
    assert publicado.history.latest().sujeito_a_recurso == ["N1"]


def test_no_ultimo_dia_do_prazo_ainda_e_sujeito_a_recurso_e_no_dia_seguinte_nao(julgado):
    cargo, sessao, _, resultado = julgado
    ultimo = fim_do_prazo(sessao)
    assert consultas.em_prazo_de_recurso(cargo, ultimo + timedelta(days=1)) == []
    publicado = servicos_de_concursos.publicar_resultado(resultado, por=rh(), em=meio_dia(ultimo))
    assert publicado.sujeito_a_recurso == ["N1"]


def test_publicado_depois_do_prazo_sem_recurso_nao_leva_a_anotacao(julgado):
    _, sessao, _, resultado = julgado
    ultimo = fim_do_prazo(sessao)
    publicado = servicos_de_concursos.publicar_resultado(resultado, por=rh(), em=meio_dia(ultimo + timedelta(days=1)))
    assert publicado.sujeito_a_recurso == []
    assert "sujeito a recurso" not in texto_do_pdf(publicado).lower()


def test_recurso_apresentado_mantem_sujeito_a_recurso_ate_o_julgamento_ser_encerrado(julgado):
    cargo, sessao, n1, resultado = julgado
    ultimo = fim_do_prazo(sessao)
    recurso = services.registrar_recurso(n1, texto=RAZOES, por=rh(), apresentado_em=ultimo)
    assert ultimo < timezone.localdate()
    depois = ultimo + timedelta(days=1)
    assert consultas.em_prazo_de_recurso(cargo, depois) == ["N1"]
    recursal = sessao_aberta(comissao(cargo.edital, tipo=Comissao.RECURSAL))
    julgamento = services.chamar_recurso(recurso, recursal, por=rh())
    assert consultas.em_prazo_de_recurso(cargo, depois) == ["N1"]  # chamado, ainda não julgado
    votar(julgamento, helena="nao_confirma", igor="nao_confirma", joana="confirma")
    encerrar(recursal)
    assert consultas.em_prazo_de_recurso(cargo, depois) == []
    assert servicos_de_concursos.publicar_resultado(resultado, por=rh()).sujeito_a_recurso == []


def test_a_confirmacao_e_a_mensagem_dizem_que_sai_sujeito_a_recurso(client, julgado):
    from tests.concursos.test_admin import com_permissoes

    _, _, _, resultado = julgado
    client.force_login(com_permissoes("chefe", "view_resultado", "publicar_resultado"))
    url = reverse("concursos:publicar_resultado", args=[resultado.pk])
    pagina = client.get(url).content.decode()
    assert "será publicada <strong>sujeita a recurso</strong>" in pagina and "(N1)" in pagina
    hoje = f"{timezone.localdate():%d/%m/%Y}"
    resposta = client.post(url, {"confirmar": "1", "edicao": "2.345", "data": hoje, "pagina": "7"}, follow=True)
    mensagens = " ".join(str(m) for m in resposta.context["messages"])
    assert "resultado publicado" in mensagens and "sujeito a recurso quanto à verificação da inscrição N1" in mensagens
    ficha = client.get(reverse("admin:concursos_resultado_change", args=[resultado.pk])).content.decode()
    assert "Publicado sujeito a recurso quanto à verificação da inscrição N1" in ficha
