"""O registro dos atos publicados (docs/ATOS-PUBLICADOS.md): o número por tipo e ano, o código de
verificação em cada página, os bytes guardados com o SHA-256, a imutabilidade (no modelo, no
QuerySet e, no PostgreSQL, no banco), a retificação, a referência do Diário Oficial acrescentada
depois, a verificação pública do original e um tipo de ato novo feito só com uma entrada na tabela."""

import hashlib
import io
import re
from datetime import date, datetime, timedelta
from decimal import Decimal
from io import StringIO

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction
from django.test import Client
from django.urls import reverse
from docx import Document
from pypdf import PdfReader

from comum import relogio
from comum.exibicao import FUSO
from concursos import services
from concursos.consultas.portal import atos_do_edital
from concursos.diario_oficial import DiarioOficial
from concursos.models import AtoPublicado, PublicacaoNoDiario, Resultado
from concursos.papeis import AUDITOR, RH
from concursos.pdf.quadro_de_vagas import codigo_legivel
from concursos.pdf.resultado import resultado_do_cargo_pdf
from concursos.services import atos
from concursos.tipos_de_ato import EDITAL_DE_CONVOCACAO, RESULTADO_PUBLICADO, TIPOS_DE_ATO
from tests.comum.test_selo import certificado, validar

from .fabricas import usuario
from .test_convocacao import publicar

pytestmark = pytest.mark.django_db

CODIGO = re.compile(r"^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$")


@pytest.fixture(autouse=True)
def edital_no_portal(settings):
    """O ``publicado`` vale até 30/06/2026: aqui o edital fica no portal (e o original, na
    verificação) por dez anos depois dela; a retirada tem o seu teste, com o prazo curto."""
    settings.PORTAL_DIAS_DEPOIS_DA_VALIDADE = 3650


@pytest.fixture
def quem_publica(papeis):
    """A Rita, do RH pelo grupo (pode publicar o edital de convocação e registrar o Anexo I)."""
    return papeis[RH]


def paginas(conteudo: bytes) -> list[str]:
    return [re.sub(r"\s+", " ", p.extract_text()) for p in PdfReader(io.BytesIO(conteudo)).pages]


def tracos_na_margem_direita(pagina) -> int:
    """Quantos pontos de desenho (``m``/``l``) caem na margem direita, onde só o QR code é desenhado
    (o texto termina a 196 mm): um QR code tem centenas; uma página sem ele, nenhum."""
    mm, pontos = 72 / 25.4, []

    def anotar(operador, argumentos, cm, tm):
        if operador in (b"m", b"l") and len(argumentos) == 2:
            x, y = float(argumentos[0]), float(argumentos[1])
            pontos.append(cm[0] * x + cm[2] * y + cm[4])

    pagina.extract_text(visitor_operand_before=anotar)
    return sum(1 for x in pontos if x > 197 * mm)


def verificar(codigo: str):
    return Client().get(reverse("concursos:verificar_documento"), {"codigo": codigo})


def test_o_codigo_tem_80_bits_aleatorios_em_quatro_grupos_legiveis():
    codigos = {atos.novo_codigo() for _ in range(200)}
    assert len(codigos) == 200
    assert all(CODIGO.match(c) for c in codigos)


def test_o_codigo_digitado_em_minusculas_sem_hifens_e_com_o_no_lugar_do_zero_e_o_mesmo():
    assert atos.normalizar_codigo(" 7k2m q9xd-0abc 1def ") == "7K2M-Q9XD-0ABC-1DEF"
    assert atos.normalizar_codigo("7K2M-Q9XD-oABC-lDEF") == "7K2M-Q9XD-0ABC-1DEF"


def test_o_edital_de_convocacao_entra_no_registro_com_numero_codigo_e_o_hash_dos_bytes(publicado, quem_publica):
    ato = publicar(publicado, ["Z", "P"], quem_publica)
    registro = ato.registro
    assert registro.tipo == EDITAL_DE_CONVOCACAO and registro.numero_no_ano == f"1/{relogio.agora().year}"
    assert CODIGO.match(registro.codigo)
    assert registro.hash_sha256 == hashlib.sha256(bytes(registro.conteudo)).hexdigest() == ato.hash_do_pdf
    assert (registro.edital, registro.cargo, registro.confirmado_por) == (publicado.edital, publicado, quem_publica)
    assert registro.resultado == publicado.resultados.order_by("-versao").first()


def test_cada_pagina_traz_o_codigo_e_o_endereco_completo_da_verificacao(publicado, quem_publica, settings):
    settings.ENDERECO_PUBLICO = "https://concursos.cariacica.es.gov.br"
    ato = publicar(publicado, ["Z", "P"], quem_publica, local="Secretaria de Administração\n" * 60)
    textos = paginas(bytes(ato.registro.conteudo))
    assert len(textos) > 1
    for texto in textos:
        assert f"Código de verificação {ato.registro.codigo}" in texto
        assert "https://concursos.cariacica.es.gov.br/concursos/verificar/" in texto


def test_o_qr_code_leva_a_verificacao_com_o_codigo_preenchido(publicado, quem_publica, settings):
    settings.ENDERECO_PUBLICO = "https://concursos.cariacica.es.gov.br"
    from concursos.pdf.registro import contexto_do_registro

    registro = contexto_do_registro(
        TIPOS_DE_ATO[EDITAL_DE_CONVOCACAO], codigo="7K2M-Q9XD-0ABC-1DEF", numero=3, ano=2026
    )
    assert registro["endereco_com_o_codigo"] == (
        "https://concursos.cariacica.es.gov.br/concursos/verificar/?codigo=7K2M-Q9XD-0ABC-1DEF"
    )
    assert registro["qr_code"].startswith("data:image/svg+xml;base64,")


def test_a_numeracao_e_por_tipo_e_recomeca_a_cada_ano(publicado, quem_publica, monkeypatch):
    primeiro = publicar(publicado, ["Z"], quem_publica, numero="1/2025").registro
    segundo = publicar(publicado, ["P"], quem_publica, numero="2/2025").registro
    assert (primeiro.numero, segundo.numero) == (1, 2)
    monkeypatch.setattr(relogio, "agora", lambda: datetime(2031, 1, 2, 10, tzinfo=FUSO))
    terceiro = atos.registrar_ato(
        EDITAL_DE_CONVOCACAO,
        titulo="Outro",
        contexto=contexto_de_uma_convocacao(publicado),
        edital=publicado.edital,
        por=quem_publica,
    )
    assert (terceiro.ano, terceiro.numero) == (2031, 1)


def contexto_de_uma_convocacao(cargo):
    from concursos.consultas.provimentos import convocados, versao_vigente
    from concursos.pdf.convocacao import contexto_da_convocacao

    return contexto_da_convocacao(
        cargo, numero="9/2025", data=date(2025, 6, 2), local="Sede", prazo=date(2025, 7, 2),
        convocados=convocados(cargo)[:1], saida=versao_vigente(cargo).saida_do_motor,
    )  # fmt: skip


def test_um_ato_publicado_nao_se_altera_nem_se_apaga_nem_em_massa(publicado, quem_publica):
    registro = publicar(publicado, ["Z"], quem_publica).registro
    registro.titulo = "Outro título"
    for tentativa in (
        registro.save,
        registro.delete,
        lambda: AtoPublicado.objects.filter(pk=registro.pk).update(titulo="x"),
        lambda: AtoPublicado.objects.update(titulo="x"),
        lambda: AtoPublicado.objects.filter(pk=registro.pk).delete(),
    ):
        with pytest.raises(ValidationError):
            tentativa()
    assert AtoPublicado.objects.get(pk=registro.pk).titulo != "Outro título"


@pytest.mark.postgresql
@pytest.mark.skipif(connection.vendor != "postgresql", reason="o gatilho só existe no PostgreSQL")
def test_no_postgresql_o_banco_recusa_update_e_delete_de_um_ato(publicado, quem_publica):
    registro = publicar(publicado, ["Z"], quem_publica).registro
    for sql in ("UPDATE concursos_atopublicado SET titulo = 'x' WHERE id = %s",
                "DELETE FROM concursos_atopublicado WHERE id = %s"):  # fmt: skip
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, [registro.pk])
    assert AtoPublicado.objects.filter(pk=registro.pk, titulo=registro.titulo).exists()


def test_quem_nao_pode_confirmar_o_tipo_nao_registra(publicado, papeis):
    with pytest.raises(PermissionDenied):
        atos.registrar_ato(
            EDITAL_DE_CONVOCACAO,
            titulo="x",
            contexto=contexto_de_uma_convocacao(publicado),
            edital=publicado.edital,
            por=papeis[AUDITOR],
        )
    assert not AtoPublicado.objects.filter(tipo=EDITAL_DE_CONVOCACAO).exists()


def test_a_verificacao_sem_login_entrega_os_mesmos_bytes_mesmo_depois_de_mudar_o_edital(publicado, quem_publica):
    registro = publicar(publicado, ["Z"], quem_publica).registro
    guardado = bytes(registro.conteudo)
    type(publicado.edital).objects.filter(pk=publicado.edital_id).update(titulo="Edital com outro título")
    pagina = verificar(registro.codigo.lower().replace("-", "")).content.decode()
    assert "O código confere" in pagina and registro.hash_sha256 in pagina
    original = Client().get(reverse("concursos:original_do_ato", args=[registro.codigo]))
    assert original.status_code == 200 and original["Content-Type"] == "application/pdf"
    assert original.content == guardado and hashlib.sha256(original.content).hexdigest() == registro.hash_sha256


def test_codigo_que_nao_e_de_nenhum_ato_nao_confere_e_nao_entrega_nada(db):
    assert "O código não confere" in verificar("7K2M-Q9XD-0ABC-1DEF").content.decode()
    assert Client().get(reverse("concursos:original_do_ato", args=["7K2M-Q9XD-0ABC-1DEF"])).status_code == 404


def test_a_retificacao_e_um_ato_novo_e_a_verificacao_do_antigo_avisa(publicado, quem_publica):
    antigo = publicar(publicado, ["Z"], quem_publica).registro
    novo = atos.registrar_ato(
        EDITAL_DE_CONVOCACAO, titulo="Retificação do edital de convocação nº 12/2025", contexto=contexto_de_uma_convocacao(publicado),
        edital=publicado.edital, cargo=publicado, por=quem_publica, retifica=antigo,
    )  # fmt: skip
    assert novo.retifica == antigo and novo.numero == antigo.numero + 1
    assert f"Este ato retifica: {antigo}" in " ".join(paginas(bytes(novo.conteudo)))
    pagina = verificar(antigo.codigo).content.decode()
    assert "Este ato foi retificado" in pagina and novo.codigo in pagina


def test_a_referencia_do_diario_oficial_se_acrescenta_depois_e_nao_se_edita(publicado, quem_publica):
    registro = publicar(publicado, ["Z"], quem_publica).registro
    hoje = relogio.hoje()
    publicacao = atos.acrescentar_diario_oficial(registro, edicao="2.345", data=hoje, pagina="7", por=quem_publica)
    assert str(publicacao) in verificar(registro.codigo).content.decode()
    with pytest.raises(ValidationError):
        publicacao.save()
    with pytest.raises(ValidationError):
        PublicacaoNoDiario.objects.filter(pk=publicacao.pk).update(pagina="8")
    with pytest.raises(ValidationError) as erro:
        atos.acrescentar_diario_oficial(registro, edicao="", data=date(2000, 1, 1), pagina="7", por=quem_publica)
    assert set(erro.value.message_dict) == {"edicao", "data"}


def test_um_tipo_novo_e_uma_entrada_na_tabela_e_o_seu_modelo_e_vai_ate_o_portal(
    publicado, quem_publica, tipo_de_ato_ficticio
):
    tipo = tipo_de_ato_ficticio(
        '{% include "concursos/pdf/_registro_no_texto.html" %}<p>Aviso fictício a {{ destinatario }}.</p>'
    )
    registro = atos.registrar_ato(
        tipo, titulo="Aviso fictício nº 1", contexto={"destinatario": "quem interessar"},
        edital=publicado.edital, por=quem_publica,
    )  # fmt: skip
    texto = " ".join(paginas(bytes(registro.conteudo)))
    assert "Aviso fictício a quem interessar." in texto and f"Código de verificação {registro.codigo}" in texto
    assert registro.numero_no_ano == f"1/{registro.ano}"
    assert "Aviso fictício nº 1" in verificar(registro.codigo).content.decode()
    original = Client().get(reverse("concursos:original_do_ato", args=[registro.codigo]))
    assert original.content == bytes(registro.conteudo)
    # E no portal, sem mudar nada nele: na lista dos atos do edital e o documento dos bytes guardados.
    [no_portal] = [ato for ato in atos_do_edital(publicado.edital) if ato.tipo == "aviso_ficticio"]
    assert no_portal.titulo == "Aviso fictício nº 1" and no_portal.numero == registro.numero_no_ano
    assert (
        "Aviso fictício nº 1"
        in Client().get(reverse("transparencia:edital", args=[publicado.edital_id])).content.decode()
    )
    assert Client().get(no_portal.documento).content == bytes(registro.conteudo)


def test_o_anexo_i_registrado_e_o_que_se_baixa_e_so_muda_por_retificacao(publicado, quem_publica, settings):
    settings.ENDERECO_PUBLICO = "https://concursos.cariacica.es.gov.br"
    edital = publicado.edital
    anexo = services.registrar_anexo_i(edital, por=quem_publica)
    assert services.registrar_anexo_i(edital, por=quem_publica) == anexo  # nada mudou: o mesmo ato
    texto = " ".join(paginas(bytes(anexo.conteudo)))
    assert f"Código de verificação {anexo.codigo}" in texto and "ANEXO I" in texto
    assert codigo_legivel(anexo.hash_dos_dados) not in texto  # o código do registro, não o calculado dos dados
    cliente = Client()
    cliente.force_login(quem_publica)
    baixar = reverse("concursos:quadro_de_vagas_pdf", args=[edital.pk])
    assert cliente.get(baixar).content == bytes(anexo.conteudo)

    type(publicado).objects.filter(pk=publicado.pk).update(vencimento=Decimal("3000"))
    assert services.anexo_i_vigente(edital) is None
    assert cliente.get(baixar).content == bytes(anexo.conteudo)  # o publicado, até a retificação
    ficha = cliente.get(reverse("admin:concursos_edital_change", args=[edital.pk])).content.decode()
    assert f"O quadro mudou desde o Anexo I registrado nº {anexo.numero_no_ano}" in ficha
    novo = services.registrar_anexo_i(edital, por=quem_publica)
    assert novo.retifica == anexo and cliente.get(baixar).content == bytes(novo.conteudo)
    assert "Este ato foi retificado" in verificar(anexo.codigo).content.decode()
    assert Client().get(reverse("concursos:original_do_ato", args=[anexo.codigo])).content == bytes(anexo.conteudo)


def test_o_anexo_i_se_confere_antes_de_registrar_e_so_o_rh_o_registra(publicado, quem_publica, papeis):
    cliente = Client()
    cliente.force_login(quem_publica)
    endereco = reverse("concursos:registrar_anexo_i", args=[publicado.edital_id])
    ficha = cliente.get(reverse("admin:concursos_edital_change", args=[publicado.edital_id])).content.decode()
    assert f'href="{endereco}"' in ficha  # a ficha leva à conferência, não registra com um clique
    conferencia = cliente.get(endereco)
    pagina = conferencia.content.decode()
    assert "Nada foi registrado ainda" in pagina and "Confirmar e registrar" in pagina and publicado.nome in pagina
    assert not AtoPublicado.objects.filter(tipo="anexo_i").exists()
    conferido = conferencia.context["conferido"]
    resposta = cliente.post(endereco, {"conferido": conferido}, follow=True)
    anexo = AtoPublicado.objects.get(tipo="anexo_i")
    assert f"código de verificação {anexo.codigo}" in resposta.content.decode()
    assert "nenhum ato novo" in cliente.get(endereco).content.decode()  # o mesmo quadro: confirmar não repete
    de_novo = cliente.post(endereco, {"conferido": conferido}, follow=True).content.decode()
    assert "o quadro não mudou, nenhum ato novo" in de_novo and AtoPublicado.objects.filter(tipo="anexo_i").count() == 1
    auditor = Client()
    auditor.force_login(papeis[AUDITOR])
    assert auditor.get(endereco).status_code == 403
    assert auditor.post(endereco, {"conferido": conferido}).status_code == 403


def test_se_o_quadro_muda_entre_a_conferencia_e_a_confirmacao_nada_se_registra(publicado, quem_publica):
    cliente = Client()
    cliente.force_login(quem_publica)
    endereco = reverse("concursos:registrar_anexo_i", args=[publicado.edital_id])
    conferido = cliente.get(endereco).context["conferido"]
    publicado.edital.cargos.filter(pk=publicado.pk).update(vagas=publicado.vagas + 1)  # alguém mudou as vagas
    resposta = cliente.post(endereco, {"conferido": conferido}, follow=True)
    assert "mudou depois da conferência" in resposta.content.decode()
    assert not AtoPublicado.objects.filter(tipo="anexo_i").exists()
    assert cliente.post(endereco, {}, follow=True).status_code == 200  # sem conferência, também nada
    assert not AtoPublicado.objects.filter(tipo="anexo_i").exists()


def test_com_o_certificado_configurado_o_ato_guardado_e_o_selado(publicado, quem_publica, settings, tmp_path):
    arquivo, raiz = certificado(tmp_path)
    settings.SELO_CERTIFICADO, settings.SELO_SENHA = str(arquivo), "senha-do-selo"
    registro = publicar(publicado, ["Z"], quem_publica).registro
    guardado = bytes(registro.conteudo)
    assert validar(guardado, raiz) and registro.hash_sha256 == hashlib.sha256(guardado).hexdigest()
    assert Client().get(reverse("concursos:original_do_ato", args=[registro.codigo])).content == guardado


def test_depois_do_concurso_a_verificacao_confirma_o_ato_mas_nao_entrega_o_original(publicado, quem_publica, settings):
    settings.PORTAL_DIAS_DEPOIS_DA_VALIDADE = 30  # o mesmo prazo do portal
    registro = publicar(publicado, ["Z"], quem_publica).registro
    fim = registro.edital.fim_da_validade
    assert atos.original_disponivel(registro, hoje=fim + timedelta(days=30))
    assert not atos.original_disponivel(registro, hoje=fim + timedelta(days=31))
    type(publicado.edital).objects.filter(pk=publicado.edital_id).update(validade_ate=date(2000, 1, 1))
    pagina = verificar(registro.codigo).content.decode()
    assert "O código confere" in pagina and registro.hash_sha256 in pagina and "Baixar o original" not in pagina
    assert Client().get(reverse("concursos:original_do_ato", args=[registro.codigo])).status_code == 404
    assert Client().get(reverse("transparencia:ato", args=[registro.pk])).status_code == 404  # nem no portal
    assert AtoPublicado.objects.filter(pk=registro.pk).exists()  # o registro fica


def test_o_edital_de_convocacao_sai_tambem_em_docx_com_os_convocados_em_tabela(publicado, quem_publica):
    ato = publicar(publicado, ["Z", "P"], quem_publica)
    cliente = Client()
    cliente.force_login(quem_publica)
    baixado = cliente.get(reverse("concursos:ato_de_convocacao_docx", args=[ato.pk]))
    assert baixado.status_code == 200 and baixado["Content-Disposition"].endswith('.docx"')
    documento = Document(io.BytesIO(baixado.content))
    texto = "\n".join(p.text for p in documento.paragraphs)
    assert "EDITAL DE CONVOCAÇÃO Nº 12/2025" in texto and ato.registro.codigo in texto
    convocados, fundamentacao = documento.tables
    linhas = [[celula.text for celula in linha.cells] for linha in convocados.rows]
    z = publicado.inscricoes.get(numero="Z").candidato
    assert linhas[0][:5] == ["Vaga", "Tipo da vaga", "Inscrição", "Nome", "CPF"]
    assert linhas[1][:5] == ["3ª", "Negros", "Z", "Candidato Z", z.cpf_mascarado]
    assert z.cpf not in baixado.content.decode("latin-1")
    # A fundamentação só com as regras do ato: a reserva de Z (negros) e de P; nenhuma substituição.
    regras = [linha.cells[0].text for linha in fundamentacao.rows]
    assert "Vaga reservada: Negros" in regras and not any("reverte" in regra for regra in regras)
    assert ato.registro.codigo in documento.sections[0].footer.paragraphs[0].text


def test_o_resultado_publicado_entra_no_registro_com_o_codigo_em_cada_pagina(publicado, rh):
    resultado = Resultado.objects.get(cargo=publicado, status=Resultado.PUBLICADO)
    ato = AtoPublicado.objects.get(tipo=RESULTADO_PUBLICADO, resultado=resultado)
    assert (ato.edital, ato.cargo, ato.confirmado_por, ato.numero_no_ano) == (
        publicado.edital, publicado, rh, f"1/{ato.ano}"
    )  # fmt: skip
    guardado = bytes(ato.conteudo)
    assert ato.hash_sha256 == hashlib.sha256(guardado).hexdigest()
    folhas = paginas(guardado)
    assert all(f"Código de verificação {ato.codigo}" in folha for folha in folhas)
    assert "Candidato A" in " ".join(folhas) and "Ordem de convocação vigente" in " ".join(folhas)
    assert all(tracos_na_margem_direita(p) > 100 for p in PdfReader(io.BytesIO(guardado)).pages)  # o QR code
    interno = PdfReader(io.BytesIO(resultado_do_cargo_pdf(resultado))).pages  # o PDF de conferência, sem registro
    assert [tracos_na_margem_direita(p) for p in interno] == [0] * len(interno)
    assert Client().get(reverse("concursos:original_do_ato", args=[ato.codigo])).content == guardado


def test_cada_versao_publicada_e_um_ato_com_o_diario_oficial_informado_na_publicacao(publicado, rh):
    segunda = services.gerar_resultado(publicado, por=rh, motivo="Nova versão")
    diario = DiarioOficial("2.345", relogio.hoje(), "7")
    services.publicar_resultado(segunda, por=rh, diario_oficial=diario)
    primeiro, segundo = AtoPublicado.objects.filter(tipo=RESULTADO_PUBLICADO).order_by("numero")
    assert (primeiro.resultado.versao, segundo.resultado.versao) == (1, 2) and segundo.numero == primeiro.numero + 1
    [referencia] = segundo.publicacoes_no_diario.all()
    assert (referencia.edicao, referencia.data, referencia.pagina, referencia.registrado_por) == (
        "2.345", diario.data, "7", rh
    )  # fmt: skip
    assert "edição 2.345" in " ".join(paginas(bytes(segundo.conteudo)))  # o PDF cita onde saiu


def test_se_o_ato_do_resultado_nao_se_registra_a_versao_nao_fica_publicada(cargo_com_resultado, rh, monkeypatch):
    """Publicar e registrar são uma transação: sem o ato, nada muda na versão."""

    def falha(*args, **kwargs):
        raise RuntimeError("o desenho do PDF falhou")

    monkeypatch.setattr("concursos.services.resultados.registrar_ato", falha)
    resultado = Resultado.objects.get(cargo=cargo_com_resultado)
    with pytest.raises(RuntimeError):
        services.publicar_resultado(resultado, por=rh)
    resultado.refresh_from_db()
    assert resultado.status != Resultado.PUBLICADO and not AtoPublicado.objects.exists()


def test_o_comando_registra_os_resultados_publicados_antes_do_registro_uma_vez_so(cargo_com_resultado, rh, monkeypatch):
    """Uma versão publicada antes de o registro existir (a publicação sem o ato, como era) entra no
    registro pelo comando, com a referência do Diário Oficial gravada nela; rodar de novo não repete."""
    resultado = Resultado.objects.get(cargo=cargo_com_resultado)
    with monkeypatch.context() as antes_do_registro:
        antes_do_registro.setattr("concursos.services.resultados._registrar_o_ato", lambda *a, **k: None)
        services.publicar_resultado(resultado, por=rh, diario_oficial=DiarioOficial("1.234", relogio.hoje(), "5"))
    assert not AtoPublicado.objects.filter(resultado=resultado).exists()
    saida = StringIO()
    call_command("registrar_atos_anteriores", "--usuario", rh.username, stdout=saida)
    ato = AtoPublicado.objects.get(tipo=RESULTADO_PUBLICADO, resultado=resultado)
    assert "1 resultado(s) publicado(s) posto(s) no registro" in saida.getvalue() and ato.codigo in saida.getvalue()
    [referencia] = ato.publicacoes_no_diario.all()
    assert (referencia.edicao, referencia.pagina) == ("1.234", "5")
    assert "Candidato A" in " ".join(paginas(bytes(ato.conteudo)))
    call_command("registrar_atos_anteriores", "--usuario", rh.username, stdout=(saida := StringIO()))
    assert "0 resultado(s)" in saida.getvalue() and AtoPublicado.objects.filter(resultado=resultado).count() == 1


def test_sem_a_permissao_de_publicar_o_comando_nao_registra_nada(cargo_com_resultado, rh):
    usuario("estagiario")
    with pytest.raises(CommandError, match="publicar_resultado"):
        call_command("registrar_atos_anteriores", "--usuario", "estagiario")
