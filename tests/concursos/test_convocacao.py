"""O edital de convocação (docs/CONVOCACAO.md §5): o PDF pelo texto extraído (número do ato, vaga,
CPF mascarado e motivo com o artigo, nunca o CPF inteiro), o ato guardado com o hash do PDF e as
inscrições, nunca apagado, e as recusas do serviço."""

import hashlib
import io
import re
from datetime import date

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from comum.cpf import formatar_cpf
from concursos import services
from concursos.atos import Ato
from concursos.consultas.provimentos import com_vaga_alterada_desde_o_ultimo_ato
from concursos.models import AcessoADadosSensiveis, AtoDeConvocacao, Cargo, Edital
from concursos.papeis import AUDITOR, MEMBRO, RH
from concursos.services import convocacoes
from tests.pdf_acessivel import conferir_pdf_acessivel

from .fabricas import cargo_do_exemplo_da_alternancia
from .test_admin import texto

pytestmark = pytest.mark.django_db

ATO = date(2025, 6, 2)


@pytest.fixture
def rh(papeis):
    """A Rita, do RH pelo grupo, como nos provimentos; o cargo publicado (A, B, Z, Y e P convocados) é
    o ``publicado`` de tests/concursos/conftest.py."""
    return papeis[RH]


def texto_do_pdf(conteudo: bytes) -> str:
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(io.BytesIO(conteudo)).pages))


def publicar(cargo, numeros, quem, **campos):
    campos = {"numero": "12/2025", "data": ATO, "local": "Secretaria de Administração, Rua X, 100", **campos}
    inscricoes = [cargo.inscricoes.get(numero=n) for n in numeros]
    return convocacoes.publicar_ato_de_convocacao(cargo, inscricoes=inscricoes, por=quem, **campos)


def test_o_pdf_tem_o_numero_do_ato_a_vaga_o_cpf_mascarado_e_o_motivo(publicado, rh):
    ato = publicar(publicado, ["Z", "P"], rh)
    pdf = texto_do_pdf(bytes(ato.pdf))
    z = publicado.inscricoes.get(numero="Z").candidato
    assert "EDITAL DE CONVOCAÇÃO Nº 12/2025" in pdf
    assert "3ª Negros Z Candidato Z" in pdf
    assert z.cpf_mascarado in pdf
    assert formatar_cpf(z.cpf) not in pdf and z.cpf not in pdf
    assert "Motivo: 3ª vaga, reservada a negros" in pdf
    assert "5ª PcD P" in pdf or "5ª Pessoas com deficiência P" in pdf
    assert "Secretaria de Administração, Rua X, 100" in pdf
    assert "até 02/07/2025" in pdf  # o prazo da posse do edital (30 dias), por padrão
    # A fundamentação: a reserva de cada vaga do ato; a substituição de negro por negro (Art. 3º, §2º)
    # não, porque ninguém aqui substitui ninguém (resultado inicial).
    assert "Vaga reservada: Negros" in pdf and "Art. 3º, §2º" not in pdf
    assert "Candidato A" not in pdf  # só os escolhidos


def test_o_ato_guarda_o_hash_do_pdf_e_as_inscricoes_em_ordem_de_posicao_e_nunca_se_apaga(publicado, rh):
    ato = publicar(publicado, ["P", "A"], rh, prazo=date(2025, 6, 20))
    assert ato.inscricoes == ["A", "P"]
    assert ato.hash_do_pdf == hashlib.sha256(bytes(ato.pdf)).hexdigest()
    assert ato.prazo == date(2025, 6, 20) and "até 20/06/2025" in texto_do_pdf(bytes(ato.pdf))
    with pytest.raises(ValidationError):
        ato.delete()
    with pytest.raises(ValidationError):
        ato.save()
    assert AtoDeConvocacao.objects.count() == 1


def test_o_pdf_do_ato_depois_de_um_evento_conta_a_cadeia_do_motivo(publicado, rh):
    registrado = services.registrar_evento(
        publicado, tipo="desistencia", inscricao=publicado.inscricoes.get(numero="Z"),
        ato=Ato(documento="Req. 1/2025", data_do_ato=ATO), por=rh,
    )  # fmt: skip
    services.publicar_resultado(registrado.resultado, por=rh)
    ato = publicar(publicado, ["C"], rh)
    pdf = texto_do_pdf(bytes(ato.pdf))
    assert "desistente" in pdf and "Motivo:" in pdf


@pytest.fixture
def com_vaga_adicional(rh):
    """Cargo de 3 vagas publicado; uma vaga adicional convoca Z e passa Y, convocado na vaga de negros,
    à ampla concorrência (Art. 3º, §1º): Y continua convocado, noutra vaga."""
    cargo = cargo_do_exemplo_da_alternancia(vagas=3)
    Edital.objects.filter(pk=cargo.edital_id).update(validade_ate=date(2026, 6, 30))
    services.publicar_resultado(services.gerar_resultado(cargo, por=rh), por=rh)
    ato_anterior = publicar(cargo, ["Y"], rh, numero="1/2025")
    registrado = services.registrar_evento(
        cargo, tipo="vagas_adicionais", quantidade=1, ato=Ato(documento="Of. 9", data_do_ato=ATO), por=rh
    )
    services.publicar_resultado(registrado.resultado, por=rh)  # o edital convoca da versão publicada
    return Cargo.objects.select_related("edital").get(pk=cargo.pk), registrado, ato_anterior


def test_o_edital_do_evento_traz_marcado_quem_o_evento_mudou_de_vaga(com_vaga_adicional):
    cargo, registrado, _ = com_vaga_adicional
    assert registrado.a_incluir_no_edital_de_convocacao == ["Z", "Y"]


def test_quem_mudou_de_vaga_desde_o_ultimo_ato_e_achado_para_um_novo_ato(com_vaga_adicional):
    cargo, _, _ = com_vaga_adicional
    assert [c.inscricao.numero for c in com_vaga_alterada_desde_o_ultimo_ato(cargo)] == ["Y"]


def test_o_formulario_do_edital_de_convocacao_vem_marcado_com_quem_mudou_de_vaga(com_vaga_adicional, rh):
    """Pelo link do evento: quem ele convocou e quem ele mudou de vaga; sem link: quem está numa vaga
    diferente da do último ato dele (o RH não precisa lembrar quem precisa de um ato novo)."""
    cargo, registrado, _ = com_vaga_adicional
    cliente = Client()
    cliente.force_login(rh)
    url = reverse("concursos:publicar_convocacao", args=[cargo.pk])

    def marcadas(dados):
        escolhidas = cliente.get(url, dados).context["form"]["inscricoes"].value()
        return {cargo.inscricoes.get(pk=pk).numero for pk in escolhidas}

    assert marcadas({"evento": registrado.evento.pk}) == {"Z", "Y"}
    assert marcadas({}) == {"Y"}


def test_o_ato_destaca_a_vaga_alterada_de_quem_continua_convocado(com_vaga_adicional, rh):
    cargo, _, _ = com_vaga_adicional
    pdf = texto_do_pdf(bytes(publicar(cargo, ["Z", "Y"], rh).pdf))
    assert re.search(r"Y Candidato Y .*Vaga alterada: de \dª vaga \(Negros\) para \dª vaga \(Ampla concorrência\)", pdf)
    assert pdf.count("Vaga alterada") == 1  # Z foi convocado agora: não mudou de vaga


def test_a_fundamentacao_cita_so_as_regras_que_o_ato_aplica(publicado, rh):
    ampla = texto_do_pdf(bytes(publicar(publicado, ["A"], rh).pdf))
    fundamentacao = ampla[ampla.index("Fundamentação legal") :]
    assert "Art. 3º, caput" in fundamentacao
    for de_fora in ("reverte à ampla", "Vaga reservada:", "Alternância", "deixada por um convocado"):
        assert de_fora not in fundamentacao
    pcd = texto_do_pdf(bytes(publicar(publicado, ["P"], rh, numero="13/2025").pdf))
    fundamentacao = pcd[pcd.index("Fundamentação legal") :]
    assert "Vaga reservada: PcD" in fundamentacao or "Vaga reservada: Pessoas com deficiência" in fundamentacao
    assert "Alternância" in fundamentacao and "Negros" not in fundamentacao and "Art. 3º, caput" not in fundamentacao


@pytest.mark.parametrize(
    ("campos", "mensagem"),
    [
        ({"numero": " "}, "número do ato"),
        ({"local": ""}, "onde apresentar"),
        ({"data": date(2025, 1, 2)}, "anterior à publicação do edital"),
        ({"prazo": date(2025, 6, 1)}, "não pode ser anterior ao ato"),
    ],
)
def test_o_ato_recusa_campos_errados(publicado, rh, campos, mensagem):
    with pytest.raises(ValidationError, match=mensagem):
        publicar(publicado, ["A"], rh, **campos)
    assert not AtoDeConvocacao.objects.exists()


def test_o_ato_so_convoca_quem_esta_convocado_e_nao_repete_o_numero(publicado, rh):
    with pytest.raises(ValidationError, match="Não estão convocadas agora no cargo GM: C"):
        publicar(publicado, ["A", "C"], rh)
    with pytest.raises(ValidationError, match="ao menos um convocado"):
        publicar(publicado, [], rh)
    publicar(publicado, ["A"], rh)
    with pytest.raises(ValidationError, match="Já há um ato de convocação nº 12/2025"):
        publicar(publicado, ["B"], rh)


@pytest.mark.parametrize("papel", [AUDITOR, MEMBRO])
def test_auditor_e_comissao_nao_publicam_ato(publicado, papeis, papel):
    with pytest.raises(PermissionDenied):
        publicar(publicado, ["A"], papeis[papel])
    assert not AtoDeConvocacao.objects.exists()


def test_o_rh_publica_pela_pagina_do_cargo_e_o_ato_fica_listado(publicado, papeis):
    cliente = Client()
    cliente.force_login(papeis[RH])
    a, y = publicado.inscricoes.get(numero="A"), publicado.inscricoes.get(numero="Y")
    pagina = cliente.get(reverse("admin:concursos_cargo_change", args=[publicado.pk])).content.decode()
    assert 'form="form-da-convocacao"' in pagina and 'id="form-da-convocacao"' in pagina
    url = reverse("concursos:publicar_convocacao", args=[publicado.pk])
    formulario = cliente.get(url, {"inscricao": [a.pk, y.pk]}).context["form"]
    assert sorted(formulario["inscricoes"].value()) == sorted([str(a.pk), str(y.pk)])
    dados = {"numero": "3/2025", "data": "02/06/2025", "local": "Prefeitura", "inscricoes": [a.pk, y.pk]}
    conferencia = cliente.post(url, dados)
    assert conferencia.status_code == 200 and not AtoDeConvocacao.objects.exists()
    dados["impressao"] = conferencia.context["conferida"].impressao
    assert cliente.post(url, {**dados, "confirmar": "1"}).status_code == 302
    ato = AtoDeConvocacao.objects.get()
    assert ato.inscricoes == ["A", "Y"] and ato.prazo == date(2025, 7, 2)
    pagina = texto(cliente.get(reverse("admin:concursos_cargo_change", args=[publicado.pk])))
    assert "Atos de convocação publicados" in pagina and "3/2025 02/06/2025 02/07/2025 A, Y" in pagina
    baixado = cliente.get(reverse("concursos:ato_de_convocacao_pdf", args=[ato.pk]))
    assert baixado["Content-Type"] == "application/pdf"
    assert hashlib.sha256(baixado.content).hexdigest() == ato.hash_do_pdf  # o PDF como foi publicado


def test_o_edital_de_convocacao_de_um_evento_ja_vem_com_os_convocados_dele(publicado, papeis):
    registrado = services.registrar_evento(
        publicado, tipo="vagas_adicionais", quantidade=1, ato=Ato(documento="Decreto 1/2025", data_do_ato=ATO),
        por=papeis[RH],
    )  # fmt: skip
    services.publicar_resultado(registrado.resultado, por=papeis[RH])  # o edital convoca da versão publicada
    novos = {c["inscricao"] for c in registrado.convocados_agora}
    cliente = Client()
    cliente.force_login(papeis[RH])
    url = reverse("concursos:publicar_convocacao", args=[publicado.pk])
    escolhidas = cliente.get(url, {"evento": registrado.evento.pk}).context["form"]["inscricoes"].value()
    assert novos and {publicado.inscricoes.get(pk=pk).numero for pk in escolhidas} == novos


def test_a_pagina_do_evento_oferece_o_edital_de_convocacao_de_quem_ele_chamou(publicado, papeis):
    registrado = services.registrar_evento(
        publicado, tipo="vagas_adicionais", quantidade=1, ato=Ato(documento="Decreto 1/2025", data_do_ato=ATO),
        por=papeis[RH],
    )  # fmt: skip
    link = reverse("concursos:publicar_convocacao", args=[publicado.pk]) + f"?evento={registrado.evento.pk}"
    pagina_do_evento = reverse("concursos:evento", args=[registrado.evento.pk])
    for papel, oferece in ((RH, True), (AUDITOR, False)):
        cliente = Client()
        cliente.force_login(papeis[papel])
        assert (f'href="{link}"' in cliente.get(pagina_do_evento).content.decode()) is oferece, papel
    services.reverter_evento(
        registrado.evento, ato=Ato(documento="Desp. 1", data_do_ato=None), motivo="Engano", por=papeis[RH]
    )
    cliente = Client()
    cliente.force_login(papeis[RH])
    assert f'href="{link}"' not in cliente.get(pagina_do_evento).content.decode()  # revertido: não convoca


def test_o_auditor_baixa_o_ato_mas_nao_publica(publicado, papeis):
    ato = publicar(publicado, ["A"], papeis[RH])
    cliente = Client()
    cliente.force_login(papeis[AUDITOR])
    assert cliente.get(reverse("concursos:ato_de_convocacao_pdf", args=[ato.pk])).status_code == 200
    assert cliente.get(reverse("concursos:publicar_convocacao", args=[publicado.pk])).status_code == 403
    pagina = cliente.get(reverse("admin:concursos_cargo_change", args=[publicado.pk])).content.decode()
    assert 'id="form-da-convocacao"' not in pagina


def test_baixar_o_ato_fica_registrado_nos_acessos_a_dados_sensiveis(publicado, papeis):
    """O ato diz a vaga de cada convocado (negros, PcD): quem o baixa fica registrado, sem CPF."""
    ato = publicar(publicado, ["A", "Y"], papeis[RH])
    cliente = Client()
    cliente.force_login(papeis[AUDITOR])
    cliente.get(reverse("concursos:ato_de_convocacao_pdf", args=[ato.pk]), REMOTE_ADDR="10.0.0.7")
    acesso = AcessoADadosSensiveis.objects.get()
    assert (acesso.usuario, acesso.o_que, acesso.ip, acesso.quantidade) == (
        papeis[AUDITOR],
        "pdf_ato_de_convocacao",
        "10.0.0.7",
        2,
    )
    assert acesso.objeto == f"ato de convocação #{ato.pk}: {ato}, cargo GM, edital {publicado.edital}"
    cpfs = publicado.inscricoes.values_list("candidato__cpf", flat=True)
    assert not any(cpf in acesso.objeto or formatar_cpf(cpf) in acesso.objeto for cpf in cpfs)


def test_edital_de_convocacao_e_um_pdf_marcado_com_titulo_e_idioma(publicado, papeis):
    ato = publicar(publicado, ["A"], papeis[RH])
    conferir_pdf_acessivel(bytes(ato.pdf), f"Edital de convocação nº {ato.numero} — ")
