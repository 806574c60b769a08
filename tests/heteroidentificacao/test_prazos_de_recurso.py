"""O prazo de recurso corre da publicação do resultado preliminar (docs/REGRAS.md §10): excluído o dia
da publicação e, se termina em dia sem expediente, no primeiro dia útil seguinte (Lei 9.784/1999,
art. 66), com os feriados nacionais do sistema e os locais do admin (``Feriado``)."""

from datetime import date, datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone

from heteroidentificacao import consultas, pdf, services
from heteroidentificacao.models import Feriado, RegistroDeAuditoria, Sessao

from .fabricas import membro, rh
from .test_admin import equipe
from .test_pdf import chamado_de, sessao_julgada, texto

pytestmark = pytest.mark.django_db

QUINTA, SEGUNDA = date(2025, 3, 13), date(2025, 3, 17)
RAZOES = "Sou pardo; peço a revisão pela gravação do procedimento."


def encerrada_sem_publicacao(dia=date(2025, 3, 10)) -> Sessao:
    """A sessão de 10/03/2025 (N2 não confirmado) encerrada em ``dia``, sem publicação registrada."""
    sessao = sessao_julgada()
    Sessao.objects.filter(pk=sessao.pk).update(
        encerrada_em=timezone.make_aware(datetime(dia.year, dia.month, dia.day, 17)),
        resultado_preliminar_publicado_em=None,
        resultado_preliminar_publicado_por=None,
        prazo_de_recurso_ate=None,
    )
    return Sessao.objects.get(pk=sessao.pk)


def publicar(sessao, em, por=None) -> Sessao:
    return services.publicar_resultado_preliminar(sessao, em=em, por=por or rh())


def test_publicacao_na_quinta_com_dois_dias_termina_na_segunda():
    sessao = publicar(encerrada_sem_publicacao(), QUINTA)
    assert consultas.prazo_de_recurso_da_sessao(sessao) == (date(2025, 3, 14), SEGUNDA)
    assert (sessao.resultado_preliminar_publicado_em, sessao.prazo_de_recurso_ate) == (QUINTA, SEGUNDA)


def test_com_feriado_municipal_na_segunda_termina_na_terca():
    Feriado.objects.create(data=SEGUNDA, descricao="Feriado municipal de teste")
    sessao = publicar(encerrada_sem_publicacao(), QUINTA)
    assert sessao.prazo_de_recurso_ate == date(2025, 3, 18)


def test_feriado_incluido_depois_nao_muda_o_prazo_ja_publicado():
    sessao = publicar(encerrada_sem_publicacao(), QUINTA)
    Feriado.objects.create(data=SEGUNDA, descricao="Feriado municipal de teste")
    assert consultas.prazo_de_recurso_da_sessao(Sessao.objects.get(pk=sessao.pk))[1] == SEGUNDA


def test_prazo_conta_da_publicacao_e_nao_do_encerramento():
    sessao = publicar(encerrada_sem_publicacao(date(2025, 3, 10)), QUINTA)
    n2 = chamado_de(sessao, "N2")
    recurso = services.registrar_recurso(n2, texto=RAZOES, apresentado_em=SEGUNDA, por=rh())
    assert recurso.apresentado_em == SEGUNDA  # pelo encerramento, o prazo teria terminado em 12/03


def test_recurso_depois_do_prazo_e_recusado_em_portugues():
    sessao = publicar(encerrada_sem_publicacao(), QUINTA)
    with pytest.raises(
        ValidationError,
        match="Recurso fora do prazo: o prazo de 2 dias, contado a partir de 14/03/2025, terminou em 17/03/2025",
    ):
        services.registrar_recurso(chamado_de(sessao, "N2"), texto=RAZOES, apresentado_em=date(2025, 3, 18), por=rh())


def test_recurso_antes_da_publicacao_e_aceito():
    sessao = encerrada_sem_publicacao()
    recurso = services.registrar_recurso(
        chamado_de(sessao, "N2"), texto=RAZOES, apresentado_em=date(2025, 3, 20), por=rh()
    )
    assert recurso.pk and consultas.prazo_de_recurso_da_sessao(sessao) is None


def test_definitivo_so_depois_da_publicacao_e_do_fim_do_prazo():
    sessao = encerrada_sem_publicacao()
    with pytest.raises(ValidationError, match="O resultado preliminar ainda não foi publicado para as inscrições N2"):
        pdf.resultado_pdf(sessao.comissao, definitivo=True)
    publicar(sessao, QUINTA)
    assert "N2 Candidato N2 GM — Guarda Municipal Não confirmado" in texto(
        pdf.resultado_pdf(sessao.comissao, definitivo=True)
    )


def test_resultado_preliminar_diz_que_o_prazo_corre_da_publicacao():
    conteudo = texto(pdf.resultado_pdf(encerrada_sem_publicacao().comissao, definitivo=False))
    assert "Sessão de 10/03/2025, encerrada em 10/03/2025: recurso em 2 dias contados da publicação" in conteudo
    assert "excluído o dia da publicação" in conteudo


def test_parecer_do_candidato_antes_da_publicacao_diz_como_o_prazo_corre():
    conteudo = texto(pdf.parecer_do_candidato_pdf(chamado_de(encerrada_sem_publicacao(), "N2")))
    assert "no prazo de 2 dias contados da publicação do resultado preliminar" in conteudo


def test_publicacao_registrada_uma_vez_so_depois_do_encerramento_e_sem_data_futura():
    sessao = encerrada_sem_publicacao()
    with pytest.raises(ValidationError, match="antes do encerramento"):
        publicar(sessao, date(2025, 3, 9))
    with pytest.raises(ValidationError, match="não pode ser futura"):
        publicar(sessao, timezone.localdate().replace(year=timezone.localdate().year + 1))
    publicar(sessao, QUINTA)
    with pytest.raises(ValidationError, match="já foi publicado em 13/03/2025 \\(recurso até 17/03/2025\\)"):
        publicar(sessao, QUINTA)
    registro = RegistroDeAuditoria.objects.filter(acao="resultado_preliminar_publicado").order_by("-id").first()
    assert registro.depois == {"publicado_em": "2025-03-13", "prazo_de_recurso_ate": "2025-03-17"}


def test_membro_que_nao_preside_nao_registra_a_publicacao():
    sessao = encerrada_sem_publicacao()
    with pytest.raises(PermissionDenied, match="Só o presidente"):
        publicar(sessao, QUINTA, por=membro(sessao.comissao, "bruno").usuario)
    assert publicar(sessao, QUINTA, por=membro(sessao.comissao, "ana").usuario).prazo_de_recurso_ate == SEGUNDA


def test_sessao_encerrada_antes_da_regra_guarda_o_prazo_contado_do_encerramento():
    sessao = encerrada_sem_publicacao()
    Sessao.objects.filter(pk=sessao.pk).update(registro=None, hash_do_registro="")
    sessao.refresh_from_db()
    assert consultas.prazo_de_recurso_da_sessao(sessao) == (date(2025, 3, 11), date(2025, 3, 12))
    with pytest.raises(ValidationError, match="antes da regra do prazo contado da publicação"):
        publicar(sessao, QUINTA)


def test_rh_registra_a_publicacao_pela_ficha_da_sessao(client, secretaria):
    sessao = encerrada_sem_publicacao()
    ficha = client.get(reverse("admin:heteroidentificacao_sessao_change", args=[sessao.pk])).content.decode()
    url = reverse("admin:heteroidentificacao_sessao_publicar_resultado_preliminar", args=[sessao.pk])
    assert url in ficha and "Registrar a publicação do resultado preliminar" in ficha
    assert client.post(url, {"em": "13/03/2025"}).status_code == 302
    sessao.refresh_from_db()
    assert (sessao.resultado_preliminar_publicado_por, sessao.prazo_de_recurso_ate) == (secretaria, SEGUNDA)
    ficha = client.get(reverse("admin:heteroidentificacao_sessao_change", args=[sessao.pk])).content.decode()
    assert (
        "resultado preliminar publicado em 13/03/2025: recurso até segunda-feira, 17/03/2025 (sábado, 15/03/2025 é "
        "dia sem expediente: o prazo vai ao primeiro dia útil seguinte)" in ficha
    )


def test_rh_cadastra_feriado_local_no_admin(client):
    client.force_login(equipe("rh_dos_feriados", "add_feriado", "change_feriado", "view_feriado"))
    resposta = client.post(
        reverse("admin:heteroidentificacao_feriado_add"), {"data": "17/03/2025", "descricao": "Feriado municipal"}
    )
    assert resposta.status_code == 302 and Feriado.objects.get().data == SEGUNDA
    assert RegistroDeAuditoria.objects.filter(acao="feriado_incluido").exists()


def test_pagina_da_publicacao_estende_o_passo_e_diz_os_dias_no_plural(client, secretaria):
    sessao = encerrada_sem_publicacao()
    url = reverse("admin:heteroidentificacao_sessao_publicar_resultado_preliminar", args=[sessao.pk])
    pagina = client.get(url)
    assert [t.name for t in pagina.templates][:2] == [
        "admin/heteroidentificacao/sessao/publicar_resultado_preliminar.html",
        "admin/heteroidentificacao/passo.html",
    ]
    conteudo = pagina.content.decode()
    assert "O prazo de recurso (2 dias) corre da publicação" in conteudo and "dia(s)" not in conteudo
    assert 'value="Registrar a publicação"' in conteudo
    assert reverse("admin:heteroidentificacao_sessao_change", args=[sessao.pk]) in conteudo
    sessao.comissao.prazo_de_recurso_dias = 1
    sessao.comissao.save(update_fields=["prazo_de_recurso_dias"])
    assert "O prazo de recurso (1 dia) corre" in client.get(url).content.decode()
