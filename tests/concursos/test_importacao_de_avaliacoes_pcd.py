"""As avaliações PcD em lote (docs/HETEROIDENTIFICACAO.md, “Avaliações PcD em lote”): uma planilha,
um ato por linha pelo caminho da tela de uma inscrição, com a equipe, o documento e a data; tudo
conferido antes, nada gravado com qualquer erro; cargo publicado recusado; reimportar não duplica."""

from datetime import date, timedelta

import pytest
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from comum import planilhas
from concursos import services
from concursos.atos import Ato
from concursos.importacao import avaliacoes_pcd
from concursos.models import AcessoADadosSensiveis, AtoDeVerificacao, Cargo, Edital, Evento, OpcaoDeGrupo
from concursos.papeis import AUDITOR, MEMBRO, RH
from concursos.services import verificacoes

from .fabricas import cargo_do_exemplo_da_alternancia, inscricao, usuario
from .test_admin import mensagens, texto

pytestmark = pytest.mark.django_db

EQUIPE = "Dra. Ana Lima (CRM-ES 1234), Paulo Reis (CRP 16/555)"
IMPORTAR = "concursos:importar_avaliacoes_pcd"


def do_papel(nome: str, papel: str, **campos):
    pessoa = usuario(nome, **campos)
    pessoa.groups.add(Group.objects.get(name=papel))
    return pessoa


@pytest.fixture
def rh():
    return do_papel("servidora_rh", RH)


@pytest.fixture
def cargo(cargo):
    """O exemplo da alternância (não publicado) com três PcD pendentes e N, negra sem opção PcD."""
    for numero, nota in (("Q2", 55), ("Q3", 54), ("Q4", 53)):
        inscricao(cargo, numero, nota, nome=f"Candidata {numero}", grupos={"pcd": "pendente"})
    inscricao(cargo, "N", 75, grupos={"negros": "pendente"})
    return cargo


def planilha(*linhas, cabecalho="inscricao;situacao;equipe;documento;data_do_ato", codificacao="utf-8") -> bytes:
    return "\r\n".join([cabecalho, *linhas]).encode(codificacao)


TRES = planilha(
    f"Q2;confirmada;{EQUIPE};Parecer EM 13/2025;02/06/2025",
    f"Q3;Indeferido;{EQUIPE};Parecer EM 14/2025;03/06/2025",
    f"Q4;ausente;{EQUIPE};Parecer EM 15/2025;04/06/2025",
)


def enviar(client, edital, conteudo: bytes, nome="avaliacoes.csv", **comuns):
    """Envia o arquivo e segue até a prévia."""
    dados = {"edital": edital.pk, "arquivo": SimpleUploadedFile(nome, conteudo), **comuns}
    return client.post(reverse(IMPORTAR), dados, follow=True)


def confirmar(client, previa):
    dados = {"t": previa.context["pedido"].assinado, "previa": previa.context["previa"]}
    return client.post(reverse("concursos:confirmar_avaliacoes_pcd"), dados, follow=True)


def situacoes(cargo) -> dict:
    opcoes = OpcaoDeGrupo.objects.filter(inscricao__cargo=cargo, grupo="pcd", inscricao__numero__in=["Q2", "Q3", "Q4"])
    return dict(opcoes.values_list("inscricao__numero", "situacao"))


def conferir(edital, conteudo: bytes, nome="a.csv", **comuns):
    return avaliacoes_pcd.conferir(edital, planilhas.ler_arquivo(nome, conteudo), avaliacoes_pcd.Comuns(**comuns))


# ── O caminho feliz ─────────────────────────────────────────────────────────────────────────────


def test_tres_linhas_viram_tres_atos_com_a_equipe_o_documento_e_a_data(client, cargo, rh):
    client.force_login(rh)
    previa = enviar(client, cargo.edital, TRES)
    pagina = texto(previa)
    assert "Nada foi gravado ainda" in pagina and "3 avaliações a registrar" in pagina
    assert "“Indeferido” → Não confirmado" in pagina and "“confirmada” → Confirmado" in pagina
    assert "Candidata Q3" in pagina and "03/06/2025" in pagina
    assert not AtoDeVerificacao.objects.filter(inscricao__numero__in=["Q2", "Q3", "Q4"]).exists()

    resposta = confirmar(client, previa)
    assert any("3 avaliação(ões) PcD registrada(s)" in m for m in mensagens(resposta)), texto(resposta)
    assert situacoes(cargo) == {"Q2": "confirmado", "Q3": "nao_confirmado", "Q4": "ausente"}
    atos = AtoDeVerificacao.objects.filter(inscricao__numero__in=["Q2", "Q3", "Q4"]).order_by("inscricao__numero")
    assert [(a.origem, a.grupo, a.situacao_anterior, a.equipe, a.documento, a.data_do_ato, a.registrado_por)
            for a in atos] == [
        ("avaliacao_pcd", "pcd", "pendente", EQUIPE, "Parecer EM 13/2025", date(2025, 6, 2), rh),
        ("avaliacao_pcd", "pcd", "pendente", EQUIPE, "Parecer EM 14/2025", date(2025, 6, 3), rh),
        ("avaliacao_pcd", "pcd", "pendente", EQUIPE, "Parecer EM 15/2025", date(2025, 6, 4), rh),
    ]  # fmt: skip


def test_valores_comuns_do_formulario_valem_para_as_linhas_que_nao_os_trazem(client, cargo, rh):
    """Windows-1252, ``;``, sem as colunas equipe e documento; uma linha traz a própria data."""
    conteudo = planilha(
        "Q2;Apto;", "Q3;não confirmada;05/06/2025", "Q4;DEFERIDA;",
        cabecalho="Número de inscrição;Resultado;Data do ato", codificacao="cp1252",
    )  # fmt: skip
    client.force_login(rh)
    comuns = {"equipe": EQUIPE, "documento": "Ata EM 2/2025", "data_do_ato": "02/06/2025"}
    confirmar(client, enviar(client, cargo.edital, conteudo, **comuns))
    atos = {a.inscricao.numero: a for a in AtoDeVerificacao.objects.filter(inscricao__cargo=cargo, grupo="pcd",
                                                                           registrado_por=rh)}  # fmt: skip
    assert {n: (a.situacao, a.equipe, a.documento, a.data_do_ato) for n, a in atos.items()} == {
        "Q2": ("confirmado", EQUIPE, "Ata EM 2/2025", date(2025, 6, 2)),
        "Q3": ("nao_confirmado", EQUIPE, "Ata EM 2/2025", date(2025, 6, 5)),
        "Q4": ("confirmado", EQUIPE, "Ata EM 2/2025", date(2025, 6, 2)),
    }


def test_xlsx_com_numero_de_inscricao_e_data_como_numero_e_data_do_excel(cargo, rh):
    inscricao(cargo, "2025001", 50, grupos={"pcd": "pendente"})
    conteudo = planilhas.escrever_xlsx(
        ["inscricao", "situacao", "equipe", "documento", "data_do_ato", "motivo"],
        [[2025001, "Inapto", EQUIPE, "Laudo 9/2025", date(2025, 6, 2), "Deficiência não enquadrada no Decreto 3.298"]],
    )
    conferida = conferir(cargo.edital, conteudo, "a.xlsx")
    assert conferida.erros == []
    (avaliacao,) = conferida.avaliacoes
    assert (avaliacao.inscricao.numero, avaliacao.situacao, avaliacao.data_do_ato) == (
        "2025001", "nao_confirmado", date(2025, 6, 2)
    )  # fmt: skip
    avaliacoes_pcd.registrar(cargo.edital, planilhas.ler_arquivo("a.xlsx", conteudo), avaliacoes_pcd.Comuns(),
                             por=rh, assinatura=conferida.assinatura)  # fmt: skip
    assert AtoDeVerificacao.objects.get(inscricao__numero="2025001").motivo.startswith("Deficiência não enquadrada")


# ── Reimportar ──────────────────────────────────────────────────────────────────────────────────


def test_reimportar_o_mesmo_arquivo_nao_duplica_os_atos_e_so_a_linha_mudada_vira_ato(client, cargo, rh):
    client.force_login(rh)
    confirmar(client, enviar(client, cargo.edital, TRES))
    de_novo = enviar(client, cargo.edital, TRES)
    assert "0 avaliações a registrar, 3 já registradas" in texto(de_novo)
    assert "Não há avaliação nova a registrar" in texto(de_novo)
    confirmar(client, de_novo)
    assert AtoDeVerificacao.objects.filter(registrado_por=rh).count() == 3

    revista = TRES.replace(b"Q3;Indeferido", b"Q3;Deferido").replace(b"EM 14/2025", b"EM 14-A/2025")
    resposta = confirmar(client, enviar(client, cargo.edital, revista))
    assert any("1 avaliação(ões) PcD registrada(s)" in m and "2 linha(s) já estavam registradas" in m
               for m in mensagens(resposta))  # fmt: skip
    assert AtoDeVerificacao.objects.filter(registrado_por=rh).count() == 4
    assert situacoes(cargo)["Q3"] == "confirmado"


# ── Erros ───────────────────────────────────────────────────────────────────────────────────────


def test_cada_erro_nomeia_a_linha_a_coluna_e_o_valor(cargo):
    for numero in ("Q5", "Q6"):
        inscricao(cargo, numero, 50, grupos={"pcd": "pendente"})
    amanha = (timezone.localdate() + timedelta(days=1)).strftime("%d/%m/%Y")
    conteudo = planilha(
        f"X9;confirmada;{EQUIPE};P 1;02/06/2025",  # 2: número desconhecido
        f"Q2;confirmada;{EQUIPE};P 1;02/06/2025",  # 3 e 4: repetida
        f"Q2;confirmada;{EQUIPE};P 1;02/06/2025",
        f"N;confirmada;{EQUIPE};P 1;02/06/2025",  # 5: sem opção PcD
        f"Q3;talvez;{EQUIPE};P 1;02/06/2025",  # 6: situação
        f"Q4;declaração falsa;{EQUIPE};P 1;{amanha}",  # 7: duas colunas
        "Q5;apto;;P 1;31/02/2025",  # 8: sem equipe (nem no formulário) e data impossível
        f"Q6;apto;{EQUIPE};P 1;01/01/2024",  # 9: antes do edital
        cabecalho="Inscrição;Situação;Equipe;Documento;Data do ato",
    )
    erros = {(e.linha, e.coluna, e.letra, e.valor): e.motivo for e in conferir(cargo.edital, conteudo).erros}
    assert erros[(2, "Inscrição", "A", "X9")] == "não há inscrição com este número no edital 1/2025"
    assert erros[(3, "Inscrição", "A", "Q2")] == erros[(4, "Inscrição", "A", "Q2")]
    assert "repetida" in erros[(3, "Inscrição", "A", "Q2")]
    assert erros[(5, "Inscrição", "A", "N")] == "a inscrição não optou pelas vagas de PcD"
    assert erros[(6, "Situação", "B", "talvez")].startswith("use confirmada (ou deferido, apto)")
    assert "só do processo de apuração ou da Justiça" in erros[(7, "Situação", "B", "declaração falsa")]
    assert "está no futuro" in erros[(7, "Data do ato", "E", amanha)]
    assert "preencha aqui ou no formulário" in erros[(8, "Equipe", "C", "")]
    assert erros[(8, "Data do ato", "E", "31/02/2025")].startswith("data inválida")
    assert "anterior à publicação do edital" in erros[(9, "Data do ato", "E", "01/01/2024")]
    assert len(erros) == 10


def test_com_qualquer_erro_a_previa_mostra_a_tabela_e_nada_e_gravado(client, cargo, rh):
    conteudo = TRES + b"\r\nX9;apto;" + EQUIPE.encode() + b";P;02/06/2025"
    client.force_login(rh)
    previa = enviar(client, cargo.edital, conteudo)
    pagina = texto(previa)
    assert "Erros no arquivo: nada será gravado" in pagina and "1 com erro" in pagina
    assert "5 inscricao (A) “X9” não há inscrição com este número" in pagina
    assert "Confirmar e registrar" not in pagina
    csv = client.get(previa.context["url_dos_erros_em_csv"])
    assert "5;inscricao;A;X9;não há inscrição" in csv.content.decode("utf-8-sig")
    # Mesmo forçando a confirmação com a assinatura da prévia, nada é gravado.
    resposta = confirmar(client, previa)
    assert resposta.status_code == 400 and "Nada foi gravado" in texto(resposta)
    assert situacoes(cargo) == {"Q2": "pendente", "Q3": "pendente", "Q4": "pendente"}
    assert not AtoDeVerificacao.objects.filter(registrado_por=rh).exists()


def test_cabecalho_sem_as_colunas_obrigatorias_e_sem_a_equipe(cargo):
    erros = conferir(cargo.edital, planilha("Q2;02/06/2025", cabecalho="inscricao;data")).erros
    assert [(e.linha, e.coluna, e.motivo) for e in erros] == [
        (1, "(cabeçalho)", "falta a coluna “situacao”"),
        (1, "(cabeçalho)", "falta a coluna “equipe”; ou informe-a no formulário, para todas as linhas"),
        (1, "(cabeçalho)", "falta a coluna “documento”; ou informe-a no formulário, para todas as linhas"),
    ]


def test_recusa_do_servico_numa_linha_desfaz_as_anteriores_e_diz_a_linha(client, cargo, rh, monkeypatch):
    original = verificacoes.registrar_avaliacao_pcd

    def recusa_a_q3(inscricao_, situacao, **campos):
        if inscricao_.numero == "Q3":
            raise ValidationError({"equipe": "Equipe recusada pelo serviço."})
        return original(inscricao_, situacao, **campos)

    client.force_login(rh)
    previa = enviar(client, cargo.edital, TRES)
    monkeypatch.setattr(verificacoes, "registrar_avaliacao_pcd", recusa_a_q3)
    resposta = confirmar(client, previa)
    assert resposta.status_code == 400
    assert "3 — — inscrição Q3: Equipe recusada pelo serviço" in texto(resposta)
    assert not AtoDeVerificacao.objects.filter(registrado_por=rh).exists()
    assert situacoes(cargo)["Q2"] == "pendente"


def test_confirmacao_recusa_o_que_mudou_desde_a_previa(client, cargo, rh):
    client.force_login(rh)
    previa = enviar(client, cargo.edital, TRES)
    verificacoes.registrar_avaliacao_pcd(
        cargo.inscricoes.get(numero="Q2"), "confirmado", equipe=EQUIPE,
        ato=Ato(documento="Parecer EM 13/2025", data_do_ato=date(2025, 6, 2)), por=rh,
    )  # fmt: skip
    resposta = confirmar(client, previa)
    assert any("não é mais o que a prévia mostrou" in m for m in mensagens(resposta))
    assert "2 avaliações a registrar, 1 já registrada" in texto(resposta)  # a prévia refeita
    assert AtoDeVerificacao.objects.filter(registrado_por=rh).count() == 1
    adulterada = {"t": previa.context["pedido"].assinado, "previa": "qualquer:coisa"}
    client.post(reverse("concursos:confirmar_avaliacoes_pcd"), adulterada)
    assert AtoDeVerificacao.objects.filter(registrado_por=rh).count() == 1


# ── Cargo publicado ─────────────────────────────────────────────────────────────────────────────


def test_linha_de_cargo_publicado_e_recusada_e_aponta_a_ficha_da_inscricao(client, rh):
    cargo = cargo_do_exemplo_da_alternancia()
    Edital.objects.filter(pk=cargo.edital_id).update(validade_ate=date(2026, 6, 30))
    services.publicar_resultado(services.gerar_resultado(cargo, por=rh), por=rh)
    cargo = Cargo.objects.get(pk=cargo.pk)
    client.force_login(rh)
    previa = enviar(client, cargo.edital, planilha(f"P;não confirmada;{EQUIPE};Parecer EM 20/2025;02/06/2025"))
    pagina = texto(previa)
    assert "o resultado do cargo GM já foi publicado" in pagina and "“Registrar avaliação PcD”" in pagina
    assert "Confirmar e registrar" not in pagina
    assert not Evento.objects.exists() and cargo.inscricoes.get(numero="P").atos_de_verificacao.count() == 1


# ── Quem entra, o que se vê, o que fica registrado ──────────────────────────────────────────────


def test_rh_entra_auditor_e_membro_nao(client, cargo, rh):
    client.force_login(rh)
    assert client.get(reverse(IMPORTAR)).status_code == 200
    assert reverse(IMPORTAR) in client.get(reverse("admin:index")).content.decode()
    previa = enviar(client, cargo.edital, TRES)
    assinado = previa.context["pedido"].assinado
    for quem in (do_papel("celia", AUDITOR), do_papel("marcos", MEMBRO)):  # os dois com is_staff
        client.force_login(quem)
        assert client.get(reverse(IMPORTAR)).status_code == 403
        assert client.get(reverse("concursos:previa_das_avaliacoes_pcd"), {"t": assinado}).status_code == 403
        resposta = client.post(reverse("concursos:confirmar_avaliacoes_pcd"), {"t": assinado})
        assert resposta.status_code == 403
        assert reverse(IMPORTAR) not in client.get(reverse("admin:index")).content.decode()
    client.force_login(do_papel("outra_rh", RH))  # o pedido é de quem enviou
    resposta = client.get(reverse("concursos:previa_das_avaliacoes_pcd"), {"t": assinado}, follow=True)
    assert any("não é seu" in m for m in mensagens(resposta))
    assert not AtoDeVerificacao.objects.filter(inscricao__numero__in=["Q2", "Q3", "Q4"]).exists()


def test_previa_mostra_o_cpf_mascarado_e_registra_o_acesso(client, cargo, rh):
    client.force_login(rh)
    previa = enviar(client, cargo.edital, TRES)
    html = previa.content.decode()
    candidato = cargo.inscricoes.get(numero="Q2").candidato
    assert candidato.cpf_mascarado in html
    assert candidato.cpf not in html and candidato.cpf_formatado not in html
    acesso = AcessoADadosSensiveis.objects.get(usuario=rh)
    assert (acesso.o_que, acesso.quantidade) == ("inscricao", 3)
    assert acesso.objeto == "prévia das avaliações PcD em lote, edital 1/2025"
    assert acesso.caminho == reverse("concursos:previa_das_avaliacoes_pcd")


def test_arquivo_que_nao_e_planilha_e_data_comum_fora_da_validade_ficam_no_formulario(client, cargo, rh):
    client.force_login(rh)
    resposta = enviar(client, cargo.edital, b"%PDF-1.4 ...", nome="avaliacoes.csv")
    assert "é um PDF, não um texto CSV" in texto(resposta)
    resposta = enviar(client, cargo.edital, TRES, data_do_ato="01/01/2020")
    assert "anterior à publicação do edital" in texto(resposta)
