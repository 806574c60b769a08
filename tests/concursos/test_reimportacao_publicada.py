"""Reimportação do arquivo corrigido da banca num cargo já publicado (docs/REGRAS.md §§ 8 e 9): a nota
que muda vira um evento ``nota`` por candidato, mostrado antes na prévia ("quem muda") e gravado, com
o ato, numa versão nova só; o que não pode mudar é recusado pela linha; cargo não publicado importa
como sempre.

O cargo GM é o exemplo de docs/REGRAS.md §4 (5 vagas; geral A 95, B 94, Y 93, C 92, D 91, Z 80, P 70,
Q 60; negros Y e Z; PcD P e Q), importado pelo arquivo e publicado: A, B, Z, Y e P convocados."""

from datetime import date
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from comum import planilhas
from comum.cpf import completar_cpf
from concursos import services
from concursos.adapters import cenario_do_cargo
from concursos.atos import Ato
from concursos.importacao.massa import importar_inscricoes
from concursos.importacao.recurso import InscricaoResource
from concursos.importacao.resultado import ImportacaoRecusada, mensagens_de_erro
from concursos.models import Cargo, Edital, Evento, Inscricao, OpcaoDeGrupo
from concursos.services.revisoes_de_nota import MudancaDeNota, registrar_revisoes_de_nota

from .fabricas import edital, pode_publicar, usuario
from .test_admin import com_permissoes, texto

pytestmark = pytest.mark.django_db

ATO = date(2025, 6, 2)
CABECALHO = "inscricao;cpf;nome;nascimento;cargo;cor_raca;negros;pcd;nota"
# numero, cpf (base), nome, cor, negros, pcd, nota
PUBLICADO = [
    ("A", "100000001", "Ana Almeida", "branca", "não", "não", "95"),
    ("B", "100000002", "Bruno Barros", "branca", "não", "não", "94"),
    ("C", "100000003", "Carla Campos", "branca", "não", "não", "92"),
    ("D", "100000004", "Davi Dias", "branca", "não", "não", "91"),
    ("Y", "100000005", "Yara Souza", "parda", "sim", "não", "93"),
    ("Z", "100000006", "Zeca Pereira", "preta", "sim", "não", "80"),
    ("P", "100000007", "Paulo Lima", "branca", "não", "sim", "70"),
    ("Q", "100000008", "Quitéria Reis", "branca", "não", "sim", "60"),
]
AGE = ("AGE-1", "100000009", "Ester Rocha", "branca", "não", "não", "70")


def arquivo(linhas=PUBLICADO, *, cargo_de=None, notas=None, **trocas) -> bytes:
    """O CSV da banca; ``notas``: inscrição → nota corrigida; ``trocas``: inscrição → dict de colunas."""
    saida = [CABECALHO]
    for numero, base, nome, cor, negros, pcd, nota in linhas:
        valores = {"cor": cor, "negros": negros, "pcd": pcd, "nota": (notas or {}).get(numero, nota)}
        valores.update(trocas.get(numero, {}))
        cargo = (cargo_de or {}).get(numero, "AGE" if numero.startswith("AGE") else "GM")
        saida.append(
            f"{numero};{completar_cpf(base)};{nome};01/01/1990;{cargo};{valores['cor']};{valores['negros']};"
            f"{valores['pcd']};{valores['nota']}"
        )
    return "\r\n".join(saida).encode("cp1252")


def importar(edital_, conteudo, **opcoes):
    kwargs = {k: opcoes.pop(k) for k in ("ato", "previa") if k in opcoes}
    recurso = InscricaoResource(edital=edital_, **kwargs)
    recurso.usuario = opcoes.pop("usuario", None)
    return recurso.import_data(planilhas.CSVBrasil().create_dataset(conteudo), **opcoes)


@pytest.fixture
def rh():
    return pode_publicar(usuario("clerk"))


@pytest.fixture
def publicado(rh):
    """GM importado e publicado (verificações confirmadas antes da publicação); AGE com uma inscrição
    e nenhum resultado."""
    edital_ = edital(cargos=(("GM", "Guarda Municipal", 5), ("AGE", "Agente Administrativo", 3)))
    Edital.objects.filter(pk=edital_.pk).update(validade_ate=date(2026, 6, 30))
    edital_.refresh_from_db()
    resultado = importar(edital_, arquivo([*PUBLICADO, AGE]), usuario=rh)
    assert mensagens_de_erro(resultado) == []
    OpcaoDeGrupo.objects.update(situacao="confirmado")
    cargo = edital_.cargos.get(codigo="GM")
    services.publicar_resultado(services.gerar_resultado(cargo, por=rh), por=rh)
    return Cargo.objects.select_related("edital").get(pk=cargo.pk)


def ordem(resultado_ou_saida) -> dict:
    saida = resultado_ou_saida if isinstance(resultado_ou_saida, dict) else resultado_ou_saida.saida
    return {p["inscricao"]: p["posicao"] for p in saida["ordem_vigente"]}


CORRIGIDO = {"D": "96", "C": "90,5"}  # D sobe acima de todos; C desce (não estava convocada)
DO_ATO = {"documento": "Ofício 12/2025 da banca — retificação do resultado", "data_do_ato": ATO}


def previa(cargo, conteudo=None):
    resultado = importar(cargo.edital, conteudo or arquivo(notas=CORRIGIDO), dry_run=True)
    assert mensagens_de_erro(resultado) == []
    return resultado


def nada_gravado(cargo) -> bool:
    notas = dict(cargo.inscricoes.values_list("numero", "nota"))
    return (
        not Evento.objects.exists()
        and list(cargo.resultados.order_by("versao").values_list("versao", flat=True)) == [1]
        and notas["D"] == Decimal("91")
        and notas["C"] == Decimal("92")
    )


# ── A prévia ─────────────────────────────────────────────────────────────────────────────────────


def test_publicado_convoca_a_b_z_y_p(publicado):
    assert set(ordem(publicado.resultados.get())) == {"A", "B", "Z", "Y", "P"}


def test_previa_lista_exatamente_quem_muda_com_o_efeito_e_nao_grava_nada(publicado):
    resultado = previa(publicado)

    [revisao] = resultado.revisoes
    assert revisao.cargo == publicado
    # Primeiro a nota que sobe, depois a que desce; só D e C, com a nota publicada e a corrigida.
    assert [(m.numero, m.linha, m.de, m.para) for m in revisao.mudancas] == [
        ("D", 5, "91", "96"),
        ("C", 4, "92", "90,5"),
    ]
    assert [m.inscricao.candidato.nome for m in revisao.mudancas] == ["Davi Dias", "Carla Campos"]
    # A correção faz D vencer: ele é convocado na hora, além das 5 vagas (docs/REGRAS.md §8).
    [convocado] = revisao.resumo["convocados"]
    assert (convocado["inscricao"], convocado["nome"], convocado["posicao"], convocado["por"]) == (
        "D", "Davi Dias", 6, "D",
    )  # fmt: skip
    # Z, convocado na vaga de negros que Y (agora fora da ampla) passa a ocupar, é mantido na 3ª vaga.
    assert [(m["inscricao"], m["posicao"]) for m in revisao.resumo["mantidos"]] == [("Z", 3)]
    assert [(r["inscricao"], r["para"]) for r in revisao.resumo["reclassificados"]] == [("Y", "Negros")]
    assert resultado.assinatura_das_revisoes
    assert nada_gravado(publicado)


def test_confirmar_grava_um_evento_por_candidato_e_uma_versao_so(publicado, rh):
    assinatura = previa(publicado).assinatura_das_revisoes
    antes = ordem(publicado.resultados.get())

    resultado = importar(publicado.edital, arquivo(notas=CORRIGIDO), usuario=rh, ato=Ato(**DO_ATO), previa=assinatura)

    assert mensagens_de_erro(resultado) == []
    eventos = list(Evento.objects.order_by("id"))
    assert [(e.tipo, e.inscricao.numero, e.nota) for e in eventos] == [
        ("nota", "D", Decimal("96")),
        ("nota", "C", Decimal("90.5")),
    ]
    assert {(e.documento, e.data_do_ato, e.registrado_por) for e in eventos} == {(DO_ATO["documento"], ATO, rh)}
    assert list(publicado.resultados.order_by("versao").values_list("versao", flat=True)) == [1, 2]
    nova = publicado.resultados.get(versao=2)
    assert nova.evento == eventos[-1] and len(nova.cenario["eventos"]) == 2
    # Quem já estava convocado guarda a posição; D, que a correção fez vencer, é chamado em 6º.
    depois = ordem(nova)
    assert {numero: depois[numero] for numero in antes} == antes
    assert depois["D"] == 6
    assert [m["inscricao"] for m in nova.saida["mantidos"]] == ["Z"]
    # A inscrição guarda a entrada publicada: a correção está no evento.
    assert Inscricao.objects.get(numero="D").nota == Decimal("91")
    assert [r.resultado for r in resultado.revisoes_registradas] == [nova]


def test_a_pagina_de_cada_correcao_do_lote_mostra_a_versao_do_lote_e_o_proprio_efeito(client, publicado, rh):
    assinatura = previa(publicado).assinatura_das_revisoes
    importar(publicado.edital, arquivo(notas=CORRIGIDO), usuario=rh, ato=Ato(**DO_ATO), previa=assinatura)
    primeira, ultima = Evento.objects.order_by("id")
    client.force_login(com_permissoes("rh", "view_evento"))
    pagina = texto(client.get(reverse("concursos:evento", args=[primeira.pk])))
    # A correção de D (a primeira do lote) é a que chama D em 6º; a versão é a do lote.
    assert "Nenhuma versão do resultado foi gerada" not in pagina
    assert "versão 2" in pagina.lower() and "6ª D Davi Dias" in pagina
    assert "6ª D Davi Dias" not in texto(client.get(reverse("concursos:evento", args=[ultima.pk])))


def test_reimportacao_identica_nao_muda_nada_e_diz_isso(publicado, rh):
    historicos = Inscricao.history.count()
    resultado = previa(publicado, arquivo())
    assert resultado.revisoes == [] and resultado.publicados_sem_mudanca == [publicado]
    assert resultado.assinatura_das_revisoes == ""

    confirmado = importar(publicado.edital, arquivo(), usuario=rh)

    assert mensagens_de_erro(confirmado) == []
    assert (confirmado.totals["update"], confirmado.totals["skip"]) == (0, 8)
    assert nada_gravado(publicado) and Inscricao.history.count() == historicos


def test_uma_correcao_ja_registrada_conta_como_a_nota_vigente(publicado, rh):
    services.registrar_evento(
        publicado, tipo="nota", inscricao=publicado.inscricoes.get(numero="D"), nota="96", ato=Ato(**DO_ATO), por=rh
    )
    resultado = previa(publicado)
    # D já tem 96 por evento: só C muda.
    assert [m.numero for m in resultado.revisoes[0].mudancas] == ["C"]


# ── O que é recusado ─────────────────────────────────────────────────────────────────────────────


def test_inscricao_nova_num_cargo_publicado_e_recusada_pela_linha(publicado):
    novo = ("N", "100000010", "Nina Novaes", "branca", "não", "não", "99")
    resultado = importar(publicado.edital, arquivo([*PUBLICADO, novo]), dry_run=True)

    [mensagem] = mensagens_de_erro(resultado)
    assert mensagem.startswith("Linha 10, coluna “inscricao” (A), valor “N”: inscrição nova no cargo GM")
    assert "a inscrição N não estava na classificação publicada" in mensagem


def test_nota_que_nao_e_numero_e_recusada_com_linha_coluna_e_valor(publicado, rh):
    resultado = importar(publicado.edital, arquivo(notas={"D": "noventa"}), usuario=rh, ato=Ato(**DO_ATO))

    [mensagem] = mensagens_de_erro(resultado)
    assert mensagem.startswith("Linha 5, coluna “nota” (I), valor “noventa”:")
    assert nada_gravado(publicado)


@pytest.mark.parametrize(
    ("trocas", "coluna", "trecho"),
    [
        ({"A": {"cor": "parda"}}, "cor_raca", "a cor/raça da inscrição A no cargo GM"),
        ({"A": {"negros": "sim"}}, "negros", "não pode ser incluída por importação"),
        ({"Y": {"negros": "não"}}, "negros", "por um ato de verificação"),
    ],
)
def test_cor_e_opcao_de_cargo_publicado_sao_recusadas_dizendo_como_fazer(publicado, trocas, coluna, trecho):
    resultado = importar(publicado.edital, arquivo(**trocas), dry_run=True)

    [mensagem] = mensagens_de_erro(resultado)
    assert f"coluna “{coluna}”" in mensagem and trecho in mensagem


def test_eliminacao_de_cargo_publicado_e_recusada(publicado):
    conteudo = arquivo().replace(b";nota\r\n", b";nota;situacao\r\n").replace(b";95\r\n", b";95;eliminado\r\n")
    resultado = importar(publicado.edital, conteudo, dry_run=True)

    [mensagem] = mensagens_de_erro(resultado)
    assert "Linha 2, coluna “situacao”" in mensagem and "evento de anulação" in mensagem


def test_inscricao_nao_troca_de_cargo_publicado(publicado):
    resultado = importar(publicado.edital, arquivo(cargo_de={"Q": "AGE"}), dry_run=True)

    [mensagem] = mensagens_de_erro(resultado)
    assert "Linha 9, coluna “cargo”" in mensagem and "não muda de cargo" in mensagem


def test_confirmacao_sem_a_previa_ou_com_outra_previa_nao_grava_nada(publicado, rh):
    sem_previa = importar(publicado.edital, arquivo(notas=CORRIGIDO), usuario=rh, ato=Ato(**DO_ATO))
    assert "não são as que a prévia mostrou" in mensagens_de_erro(sem_previa)[0]
    assinatura = previa(publicado, arquivo(notas={"D": "96"})).assinatura_das_revisoes
    outra = importar(publicado.edital, arquivo(notas=CORRIGIDO), usuario=rh, ato=Ato(**DO_ATO), previa=assinatura)
    assert "não são as que a prévia mostrou" in mensagens_de_erro(outra)[0]
    assert nada_gravado(publicado)


def test_ato_fora_da_validade_desfaz_tudo_ate_os_dados_pessoais(publicado, rh):
    assinatura = previa(publicado).assinatura_das_revisoes
    conteudo = arquivo(notas=CORRIGIDO).replace(b"Ana Almeida", b"Ana Almeida Costa")
    fora = {**DO_ATO, "data_do_ato": date(2026, 7, 1)}

    resultado = importar(publicado.edital, conteudo, usuario=rh, ato=Ato(**fora), previa=assinatura)

    assert "O concurso valeu até 30/06/2026" in " ".join(mensagens_de_erro(resultado))
    assert nada_gravado(publicado)
    assert Inscricao.objects.get(numero="A").candidato.nome == "Ana Almeida"


def test_servico_recusa_revisao_de_quem_ja_saiu_sem_gravar_nada(publicado, rh):
    zeca = publicado.inscricoes.get(numero="Z")
    services.registrar_evento(publicado, tipo="desistencia", inscricao=zeca, ato=Ato(**DO_ATO), por=rh)
    davi = publicado.inscricoes.get(numero="D")
    mudancas = [
        MudancaDeNota(davi, Decimal("91"), Decimal("96")),
        MudancaDeNota(zeca, Decimal("80"), Decimal("99")),
    ]
    with pytest.raises(ValidationError, match="motor de cotas recusou"):
        registrar_revisoes_de_nota(publicado, mudancas, ato=Ato(**DO_ATO), por=rh)
    assert list(Evento.objects.values_list("tipo", flat=True)) == ["desistencia"]
    assert list(publicado.resultados.order_by("versao").values_list("versao", flat=True)) == [1, 2]


# ── Cargo não publicado, segundo plano e tela ────────────────────────────────────────────────────


def test_cargo_nao_publicado_importa_como_antes(publicado, rh):
    corrigido = (*AGE[:-1], "75,5")
    resultado = importar(publicado.edital, arquivo([*PUBLICADO, corrigido]), usuario=rh)

    assert mensagens_de_erro(resultado) == [] and resultado.revisoes_registradas == []
    assert Inscricao.objects.get(numero="AGE-1").nota == Decimal("75.5")
    assert nada_gravado(publicado)
    assert cenario_do_cargo(publicado.edital.cargos.get(codigo="AGE"))["candidatos"][0]["nota"] == "75.500"


def test_segundo_plano_recusa_nota_corrigida_de_cargo_publicado_e_manda_para_a_tela(publicado, rh):
    with pytest.raises(ImportacaoRecusada) as recusa:
        importar_inscricoes(publicado.edital, arquivo(notas=CORRIGIDO), "retificacao.csv", por=rh)

    assert "Importe este arquivo pela tela de importação das inscrições" in recusa.value.mensagens[0]
    assert recusa.value.mensagens[1:] == [
        "Linha 4, inscrição C: o resultado do cargo GM já foi publicado e a nota muda de 92 para 90,5.",
        "Linha 5, inscrição D: o resultado do cargo GM já foi publicado e a nota muda de 91 para 96.",
    ]
    assert nada_gravado(publicado)
    resumo = importar_inscricoes(publicado.edital, arquivo(), "mesmo.csv", por=rh)
    assert (resumo.sem_mudanca, resumo.atualizadas) == (8, 0)


def enviar(client, edital_, conteudo):
    arquivo_ = SimpleUploadedFile("retificacao.csv", conteudo, content_type="text/csv")
    return client.post(
        reverse("admin:concursos_inscricao_import"),
        {"edital": edital_.pk, "resource": "0", "format": "0", "import_file": arquivo_},
    )


def test_tela_mostra_quem_muda_pede_o_ato_e_so_grava_na_confirmacao(client, publicado):
    client.force_login(com_permissoes("rh", "view_inscricao", "import_inscricao"))
    resposta = enviar(client, publicado.edital, arquivo(notas=CORRIGIDO))

    pagina = texto(resposta)
    assert "Quem muda nos cargos com resultado publicado" in pagina and "nada foi gravado ainda" in pagina
    assert "5 D Davi Dias 91 96" in pagina and "4 C Carla Campos 92 90,5" in pagina
    assert "Quem será convocado 6ª D Davi Dias" in pagina.replace(
        "Posição Inscrição Nome Vaga Por causa da correção de Motivo ", ""
    )
    assert nada_gravado(publicado)
    confirmacao = dict(resposta.context["confirm_form"].initial)
    url = reverse("admin:concursos_inscricao_process_import")

    sem_ato = client.post(url, confirmacao)
    assert "Informe o documento que corrige as notas" in texto(sem_ato) and nada_gravado(publicado)
    assert "5 D Davi Dias 91 96" in texto(sem_ato)  # a prévia volta com o erro
    fora = client.post(url, {**confirmacao, "documento": "Ofício 12/2025", "data_do_ato": "01/07/2026"})
    assert "O concurso valeu até 30/06/2026" in texto(fora) and nada_gravado(publicado)

    confirmado = client.post(
        url, {**confirmacao, "documento": DO_ATO["documento"], "data_do_ato": "02/06/2025"}, follow=True
    )
    avisos = texto(confirmado)
    assert "Cargo GM (Guarda Municipal), resultado publicado: 2 correção(ões) de nota registrada(s)" in avisos
    assert "versão 2 do resultado gerada" in avisos
    assert Evento.objects.filter(tipo="nota").count() == 2


def test_arquivo_corrigido_com_os_cabecalhos_da_banca_passa_pelo_mapeamento_e_mostra_quem_muda(client, publicado):
    """O arquivo corrigido vem da banca com os cabeçalhos dela: o mapeamento vem antes, e a prévia de
    quem muda, o ato exigido e a gravação só na confirmação são os mesmos do arquivo no modelo."""
    client.force_login(com_permissoes("rh", "view_inscricao", "import_inscricao"))
    da_banca = "Nº de Inscrição;CPF;Nome do Candidato;Data de Nascimento;Cargo;Raça/Cor;Cotista Negro;PcD;Nota Final"
    conteudo = arquivo(notas=CORRIGIDO).decode("cp1252").replace(CABECALHO, da_banca).encode("cp1252")
    tela = enviar(client, publicado.edital, conteudo)
    escolhas = {
        "ficha": tela.context["ficha"],
        **{c.html_name: c.value() for _, c in tela.context["formulario"].linhas()},
    }

    resposta = client.post(reverse("admin:concursos_inscricao_importar_mapeado"), escolhas)

    pagina = texto(resposta)
    assert "Quem muda nos cargos com resultado publicado" in pagina and "5 D Davi Dias 91 96" in pagina
    assert nada_gravado(publicado)
    confirmacao = dict(resposta.context["confirm_form"].initial)
    url = reverse("admin:concursos_inscricao_process_import")
    assert "Informe o documento que corrige as notas" in texto(client.post(url, confirmacao))
    assert nada_gravado(publicado)
    client.post(url, {**confirmacao, "documento": DO_ATO["documento"], "data_do_ato": "02/06/2025"})
    assert sorted(Evento.objects.filter(tipo="nota").values_list("inscricao__numero", flat=True)) == ["C", "D"]


def test_tela_sem_correcao_nao_pede_o_ato_e_diz_que_nada_muda(client, publicado):
    client.force_login(com_permissoes("rh", "view_inscricao", "import_inscricao"))
    resposta = enviar(client, publicado.edital, arquivo())

    assert "resultado já publicado: nenhuma nota muda" in texto(resposta)
    assert "documento" not in resposta.context["confirm_form"].fields


def com_parcial(conteudo: bytes, **valores) -> bytes:
    """O arquivo com a coluna ``nota_especificos``: 40 para todos, salvo ``valores`` (inscrição → célula)."""
    linhas = conteudo.decode("cp1252").split("\r\n")
    saida = [linhas[0] + ";nota_especificos"]
    saida += [f"{linha};{valores.get(linha.split(';')[0], '40')}" for linha in linhas[1:]]
    return "\r\n".join(saida).encode("cp1252")


def test_nota_parcial_corrigida_vira_evento_e_parcial_publicada_nao_se_apaga(rh):
    edital_ = edital(cargos=(("GM", "Guarda Municipal", 5),))
    importar(edital_, com_parcial(arquivo()), usuario=rh)
    OpcaoDeGrupo.objects.update(situacao="confirmado")
    cargo = edital_.cargos.get()
    services.publicar_resultado(services.gerar_resultado(cargo, por=rh), por=rh)
    corrigido = com_parcial(arquivo(), B="41,5")

    [mudanca] = previa(cargo, corrigido).revisoes[0].mudancas
    assert (mudanca.numero, mudanca.de, mudanca.para, mudanca.parciais_que_mudam) == (
        "B", "94", "94", [("especificos", "40", "41,5")],
    )  # fmt: skip
    assinatura = previa(cargo, corrigido).assinatura_das_revisoes
    importar(edital_, corrigido, usuario=rh, ato=Ato(**DO_ATO), previa=assinatura)
    evento = Evento.objects.get()
    assert (evento.inscricao.numero, evento.nota, evento.notas_parciais) == (
        "B",
        Decimal("94"),
        {"especificos": "41.5"},
    )
    assert cargo.inscricoes.get(numero="B").notas_parciais == {"especificos": "40"}

    apagada = importar(edital_, com_parcial(arquivo(), A=""), dry_run=True)
    [mensagem] = mensagens_de_erro(apagada)
    assert "Linha 2, coluna “nota_especificos”" in mensagem and "não pode ser apagada por importação" in mensagem


def test_tela_recusa_confirmar_uma_previa_que_ficou_velha(client, publicado, rh):
    client.force_login(com_permissoes("rh", "view_inscricao", "import_inscricao"))
    confirmacao = dict(enviar(client, publicado.edital, arquivo(notas=CORRIGIDO)).context["confirm_form"].initial)
    zeca = publicado.inscricoes.get(numero="Z")
    services.registrar_evento(publicado, tipo="desistencia", inscricao=zeca, ato=Ato(**DO_ATO), por=rh)

    dados = {**confirmacao, "documento": DO_ATO["documento"], "data_do_ato": "02/06/2025"}
    resposta = client.post(reverse("admin:concursos_inscricao_process_import"), dados, follow=True)

    avisos = texto(resposta)
    assert "não são as que a prévia mostrou" in avisos and "Nada foi gravado" in avisos
    assert "Importação concluída" not in avisos
    assert list(Evento.objects.values_list("tipo", flat=True)) == ["desistencia"]


def test_correcao_por_decisao_judicial_sub_judice_exige_o_processo_e_marca_o_candidato(publicado, rh):
    davi = publicado.inscricoes.get(numero="D")
    mudancas = [MudancaDeNota(davi, Decimal("91"), Decimal("96"))]
    judicial = {"documento": "Decisão liminar", "data_do_ato": ATO, "sub_judice": True}
    with pytest.raises(ValidationError, match="número do processo"):
        registrar_revisoes_de_nota(publicado, mudancas, ato=Ato(**judicial), por=rh)
    assert nada_gravado(publicado)

    registradas = registrar_revisoes_de_nota(publicado, mudancas, ato=Ato(processo="5001234-56", **judicial), por=rh)

    assert [(e.sub_judice, e.processo) for e in registradas.eventos] == [(True, "5001234-56")]
    assert registradas.resultado.saida["sub_judice"] == ["D"]
