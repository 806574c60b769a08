"""Entrada hostil em todo lugar: nunca erro 500, sempre uma mensagem clara, nada gravado pela metade.

Três frentes, com valores que um usuário descuidado ou mal-intencionado digita ou cola:

1. o leitor de cenários (``cotas.ler_json``), com Hypothesis: bytes quaisquer, JSON qualquer e
   mutações de um cenário válido (tipos errados, ``10**400``, ``NaN`` em texto, caracteres de
   controle, textos enormes, aninhamento profundo) → um ``Cenario`` ou ``cotas.ErroDeCotas``, e
   mais nada; o comando ``manage.py simular_cotas -`` sai com 0 ou 2, nunca com um traceback;
2. a importação de inscrições (``InscricaoResource`` e os formatos), com células hostis → erros
   com linha, coluna e valor, nenhuma exceção escapando e o banco intacto;
3. os formulários do admin e das comissões, pelo cliente de teste → 200 com o erro no formulário
   ou 302, nunca 500, e nenhum registro pela metade (por exemplo, edital sem parâmetros congelados).

No PostgreSQL o ``"\\x00"`` num texto é recusado pelo banco (``DataError``): rodar este módulo
também com ``scripts/com-postgres``.
"""

import copy
import csv
import functools
import io
import json
import re
import subprocess
import sys
from datetime import date, datetime, timedelta
from decimal import Decimal
from html import unescape
from pathlib import Path

import pytest
import tablib
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import cotas
from comum import planilhas
from comum.cpf import normalizar_cpf
from concursos import services
from concursos.atos import Ato
from concursos.importacao import leitores
from concursos.importacao.recurso import InscricaoResource
from concursos.importacao.resultado import mensagens_de_erro
from concursos.models import Candidato, Cargo, Edital, Evento, Inscricao, OpcaoDeGrupo, Resultado
from heteroidentificacao import services as heteroidentificacao_services
from heteroidentificacao.models import Comissao, Parecer, ProcessoDeApuracao, Recurso, Sessao
from tests.concursos.fabricas import cargo_do_exemplo_da_alternancia, cpf_valido, edital
from tests.concursos.fabricas import inscricao as inscricao_de_teste
from tests.concursos.fabricas import usuario as usuario_de_teste
from tests.heteroidentificacao.fabricas import cargo_com_cotistas, chamar, comissao, pessoa, rh, sessao_aberta
from tests.heteroidentificacao.test_pdf import chamado_de, sessao_julgada

DATA_DO_ATO = date(2025, 6, 2)  # dentro da validade e depois da publicação dos editais de teste

RAIZ = Path(__file__).resolve().parents[2]
RAPIDO = settings(max_examples=80, deadline=None)
COM_BANCO = settings(
    max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)

ENORME = "x" * 100_000
HOSTIS = [
    ENORME,
    "\x00",
    "a\x00b",
    "\u202e",
    "\x1b[31m",
    "linha\r\nquebrada",
    '=HYPERLINK("http://x")',
    "'; DROP TABLE concursos_inscricao; --",
    "31/02/2025",
    "0001-01-01",
    "9999-12-31",
    "9" * 400,
    "-5",
    "NaN",
    "sNaN",
    "Infinity",
    "1e999999999",
    "1e-999999999",
    "0E-999999999",
    "²",
    "٥٢٩",
    "",
]


# ============================================================ 1. leitor de cenários


def cenario_valido() -> dict:
    return {
        "formato": "cotas-cenario/1",
        "descricao": "base dos testes de entrada hostil",
        "regime": "cariacica-2023",
        "parametros": {"pcd": {"percentual": "10"}},
        "edital": {
            "tipo": "concurso_publico",
            "publicado_em": "2024-03-01",
            "data_referencia_idade": "2024-03-31",
            "desempate": ["idoso", "nota:especificos", "idade", "jurado", "sorteio"],
        },
        "vagas": 5,
        "candidatos": [
            {"inscricao": "1", "nota": "90", "notas": {"especificos": "40"}, "nascimento": "1960-01-01"},
            {
                "inscricao": "2",
                "nota": "85,5",
                "notas": {"especificos": "41"},
                "cor_raca": "parda",
                "grupos": ["negros"],
                "verificacao": {"negros": "confirmado"},
                "jurado": True,
                "sorteio": 2,
            },
            {"inscricao": "3", "nota": 70, "notas": {"especificos": "30"}, "grupos": ["pcd"]},
        ],
        "eventos": [
            {"tipo": "desistencia", "inscricao": "1"},
            {"tipo": "vagas_adicionais", "quantidade": 2},
        ],
    }


def regime_inline() -> dict:
    grupo = {"grupo": "negros", "percentual": "20", "minimo_de_vagas": 3, "arredondamento": "metade_para_cima"}
    return {"nome": "inline", "grupos": [grupo], "prioridade": ["negros"], "vigencia": "2023-01-01"}


def caminhos(valor, prefixo=()):
    """Todos os caminhos (chaves e índices) de um objeto JSON, inclusive a raiz."""
    yield prefixo
    if isinstance(valor, dict):
        for chave, filho in valor.items():
            yield from caminhos(filho, (*prefixo, chave))
    elif isinstance(valor, list):
        for indice, filho in enumerate(valor):
            yield from caminhos(filho, (*prefixo, indice))


def trocar(dados, caminho, novo):
    if not caminho:
        return novo
    copia = copy.deepcopy(dados)
    alvo = copia
    for passo in caminho[:-1]:
        alvo = alvo[passo]
    alvo[caminho[-1]] = novo
    return copia


def _base_com_regime_inline():
    dados = cenario_valido()
    dados["regime"] = regime_inline()
    del dados["parametros"]
    for candidato in dados["candidatos"]:
        candidato["grupos"] = [g for g in candidato.get("grupos", []) if g == "negros"]
    return dados


BASES = [cenario_valido(), _base_com_regime_inline()]
CAMINHOS = [(b, c) for b, base in enumerate(BASES) for c in caminhos(base)]

escalares = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([10**400, -(10**400), 2**63, -1, 0])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
    | st.sampled_from(HOSTIS)
)
valores_json = st.recursive(
    escalares,
    lambda filhos: st.lists(filhos, max_size=4) | st.dictionaries(st.text(max_size=12), filhos, max_size=4),
    max_leaves=12,
)


def ler_ou_recusar(texto):
    """O contrato: ``Cenario`` ou ``ErroDeCotas``; com um ``Cenario``, a simulação e a saída JSON
    também terminam (o simulador da tela faz as três coisas)."""
    try:
        cenario = cotas.ler_json(texto)
    except cotas.ErroDeCotas as erro:
        assert str(erro).strip()
        return None
    assert isinstance(cenario, cotas.Cenario)
    try:
        cotas.formatar_json(cotas.resultado_para_dict(cotas.simular(cenario), cenario))
    except cotas.ErroDeCotas as erro:
        assert str(erro).strip()
    return cenario


@RAPIDO
@given(st.binary(max_size=300))
@example(b"\xff\xfe{\x00}\x00")
@example(b'{"vagas": ' + b"9" * 5000 + b"}")
@example(b"[" * 100_000 + b"]" * 100_000)
@example(b'{"vagas": 1e400}')
@example(b'{"vagas": NaN}')
def test_bytes_quaisquer_viram_cenario_ou_erro_de_cotas(dados):
    ler_ou_recusar(dados)


@RAPIDO
@given(valores_json)
def test_qualquer_json_vira_cenario_ou_erro_de_cotas(valor):
    ler_ou_recusar(json.dumps(valor))


@RAPIDO
@given(st.sampled_from(CAMINHOS), valores_json)
@example((0, ("vagas",)), 10**400)
@example((0, ("vagas",)), 10**9)
@example((0, ("eventos", 1, "quantidade")), 10**7)
@example((0, ("edital", "desempate", 0)), {})
@example((0, ("edital", "desempate", 1)), ["nota:x"])
@example((0, ("edital", "data_referencia_idade")), "0001-01-01")
@example((0, ("parametros", "pcd", "percentual")), "1e-999999999")
@example((0, ("candidatos", 0, "nota")), "0E-999999999")
@example((0, ("candidatos", 0, "notas", "especificos")), "1e999999999")
@example((1, ("regime", "grupos", 0, "minimo_de_vagas")), 10**400)
@example((1, ("regime", "grupos", 0, "percentual")), "1e-999999999")
@example((1, ("regime", "prioridade", 0)), {})
@example((1, ("regime", "grupos", 0, "grupo")), {})
def test_cenario_valido_com_um_valor_estragado_vira_cenario_ou_erro_de_cotas(alvo, valor):
    base, caminho = alvo
    ler_ou_recusar(json.dumps(trocar(BASES[base], caminho, valor)))


def test_aninhamento_profundo_dentro_de_um_cenario_valido_e_recusado_com_mensagem():
    profundo = "[" * 50_000 + "]" * 50_000
    texto = json.dumps(cenario_valido()).replace('"base dos testes de entrada hostil"', profundo)
    with pytest.raises(cotas.ErroDeCotas, match="aninhado"):
        cotas.ler_json(texto)


def test_numero_gigante_no_json_e_recusado_com_mensagem_e_nao_com_value_error():
    with pytest.raises(cotas.ErroDeCotas, match="número grande demais"):
        cotas.ler_json(b'{"vagas": ' + b"9" * 5000 + b"}")


def test_vagas_absurdas_sao_recusadas_antes_de_calcular():
    cenario = cotas.ler_json(json.dumps(trocar(cenario_valido(), ("vagas",), 10**9)))
    with pytest.raises(cotas.ErroDeCotas, match="vagas"):
        cotas.simular(cenario)


SIMULAR_COTAS_HOSTIS = {
    "lixo binário": b"\x89PNG\r\n\x1a\n\x00\x00",
    "número de 5000 dígitos": b'{"vagas": ' + b"9" * 5000 + b"}",
    "aninhamento profundo": b"[" * 100_000 + b"]" * 100_000,
    "critério de desempate que é um objeto": json.dumps(trocar(cenario_valido(), ("edital", "desempate", 0), {})),
    "data de referência no ano 1": json.dumps(
        trocar(cenario_valido(), ("edital", "data_referencia_idade"), "0001-01-01")
    ),
    "um bilhão de vagas": json.dumps(trocar(cenario_valido(), ("vagas",), 10**9)),
    "cenário válido com texto enorme": json.dumps(trocar(cenario_valido(), ("descricao",), ENORME + "\x00\u202e")),
}


@pytest.mark.parametrize("entrada", SIMULAR_COTAS_HOSTIS.values(), ids=SIMULAR_COTAS_HOSTIS.keys())
def test_simular_cotas_sai_com_0_ou_2_e_nunca_com_traceback(entrada):
    entrada = entrada if isinstance(entrada, bytes) else entrada.encode()
    processo = subprocess.run(
        [sys.executable, "manage.py", "simular_cotas", "-"], input=entrada, capture_output=True, cwd=RAIZ, timeout=60
    )
    erro = processo.stderr.decode("utf-8", errors="replace")
    assert processo.returncode in (0, 2), erro
    assert "Traceback" not in erro
    if processo.returncode == 2:
        assert erro.startswith("Erro no cenário:") and processo.stdout == b""


# ============================================================ 2. importação de inscrições

COLUNAS = [
    "inscricao",
    "cpf",
    "nome",
    "nome_social",
    "nascimento",
    "email",
    "cargo",
    "cor_raca",
    "negros",
    "pcd",
    "nota",
    "nota_especificos",
    "jurado",
    "situacao",
    "sorteio",
    "edital",
]
ERRO_DE_CELULA = re.compile(r"^Linha \d+, coluna “[^”]*” \([A-Z]+\), valor .*: .+\.$", re.DOTALL)

celulas_hostis = (
    st.sampled_from(HOSTIS)
    | st.text(max_size=40)
    | st.integers()
    | st.floats()
    | st.sampled_from(
        [
            10**400,
            -(10**400),
            2**31,
            float("nan"),
            float("inf"),
            -0.0,
            1e300,
            True,
            False,
            None,
            date(1, 1, 1),
            datetime(9999, 12, 31, 23, 59),
            Decimal("NaN"),
            Decimal("1E+999999"),
            timedelta(days=-1),
        ]
    )
)


def linhas_validas(edital_) -> list[list]:
    return [
        [
            "H-1",
            cpf_valido(),
            "Maria da Penha",
            "",
            "10/10/1980",
            "maria@exemplo.test",
            "GM",
            "parda",
            "sim",
            "não",
            "70,5",
            "30",
            "não",
            "classificado",
            "",
            str(edital_),
        ],
        ["H-2", cpf_valido(), "José Carlos", "", "", "", "GM", "", "não", "sim", "60", "25", "sim", "", "1", ""],
    ]


def contagens() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (Candidato, Inscricao, OpcaoDeGrupo, Edital, Cargo))


def conferir_resultado_da_importacao(resultado) -> list[str]:
    """Nenhuma exceção virou "erro ao gravar"; cada erro de célula diz linha, coluna e valor."""
    assert not resultado.base_errors, [str(e.error) for e in resultado.base_errors]
    assert not resultado.row_errors(), [(n, [str(e.error) for e in erros]) for n, erros in resultado.row_errors()]
    mensagens = mensagens_de_erro(resultado)
    for linha in resultado.invalid_rows:
        for lista in linha.error_dict.values():
            for mensagem in lista:
                assert ERRO_DE_CELULA.match(mensagem) or mensagem.startswith("Linha "), mensagem
    return mensagens


@pytest.fixture
def edital_hostil(db):
    return edital(cargos=(("GM", "Guarda Municipal", 5),))


@COM_BANCO
@given(
    linha=st.integers(0, 1),
    coluna=st.sampled_from(COLUNAS),
    valor=celulas_hostis,
)
@example(linha=0, coluna="nome", valor="a\x00b")
@example(linha=0, coluna="nome", valor="\u202eAna")
@example(linha=0, coluna="sorteio", valor="9" * 400)
@example(linha=0, coluna="sorteio", valor="²")
@example(linha=0, coluna="sorteio", valor=1e20)
@example(linha=0, coluna="nota", valor=float("nan"))
@example(linha=0, coluna="nota", valor=float("inf"))
@example(linha=0, coluna="cpf", valor=10**400)
@example(linha=0, coluna="cpf", valor="٥٢٩.٩٨٢.٢٤٧-٢٥")
@example(linha=0, coluna="inscricao", valor=10**5000)
@example(linha=0, coluna="email", valor="a@b.c\x00")
def test_celula_hostil_vira_erro_com_linha_coluna_e_valor_sem_mexer_no_banco(edital_hostil, linha, coluna, valor):
    linhas = linhas_validas(edital_hostil)
    linhas[linha][COLUNAS.index(coluna)] = valor
    conjunto = tablib.Dataset(*linhas, headers=COLUNAS)
    antes = contagens()

    resultado = InscricaoResource(edital=edital_hostil).import_data(conjunto, dry_run=True)

    conferir_resultado_da_importacao(resultado)
    assert contagens() == antes


@COM_BANCO
@given(coluna=st.sampled_from(COLUNAS), valor=st.sampled_from(HOSTIS) | st.text(max_size=40))
def test_csv_com_celula_hostil_e_lido_ou_recusado_com_mensagem(edital_hostil, coluna, valor):
    linhas = linhas_validas(edital_hostil)
    linhas[0][COLUNAS.index(coluna)] = valor
    saida = io.StringIO()
    csv.writer(saida, delimiter=";").writerows([COLUNAS, *linhas])
    antes = contagens()
    try:
        conjunto = planilhas.CSVBrasil().create_dataset(saida.getvalue().encode("utf-8"))
    except planilhas.ArquivoInvalido as erro:
        assert str(erro).strip()
        return
    resultado = InscricaoResource(edital=edital_hostil).import_data(conjunto, dry_run=True)
    conferir_resultado_da_importacao(resultado)
    assert contagens() == antes


@COM_BANCO
@given(cabecalho=st.lists(st.sampled_from(HOSTIS) | st.text(max_size=20), min_size=1, max_size=6))
def test_cabecalho_hostil_vira_erro_do_cabecalho(edital_hostil, cabecalho):
    conjunto = tablib.Dataset(["1"] * len(cabecalho), headers=cabecalho)
    resultado = InscricaoResource(edital=edital_hostil).import_data(conjunto, dry_run=True)
    for mensagem in conferir_resultado_da_importacao(resultado):
        assert len(mensagem) < 5000


def xlsx_valido(edital_) -> bytes:
    return planilhas.escrever_xlsx(COLUNAS, linhas_validas(edital_))


@RAPIDO
@given(st.binary(max_size=2000))
@example(b"PK\x03\x04" + b"\x00" * 100)
@example(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100)
def test_bytes_quaisquer_viram_conjunto_ou_arquivo_invalido(dados):
    for nome in ("banca.csv", "banca.xlsx"):
        try:
            planilhas.conferir_arquivo(nome, dados)
        except planilhas.ArquivoInvalido as erro:
            assert str(erro).strip()
    for formato in (planilhas.CSVBrasil, planilhas.XLSXBrasil):
        try:
            formato().create_dataset(dados)
        except planilhas.ArquivoInvalido as erro:
            assert str(erro).strip()


@pytest.mark.django_db
@RAPIDO
@given(posicao=st.integers(0, 10**6), trocado=st.integers(0, 255), cortar=st.booleans())
def test_xlsx_corrompido_vira_conjunto_ou_arquivo_invalido(posicao, trocado, cortar):
    dados = bytearray(XLSX_DE_EXEMPLO)
    posicao %= len(dados)
    if cortar:
        del dados[posicao:]
    else:
        dados[posicao] = trocado
    try:
        planilhas.conferir_arquivo("banca.xlsx", bytes(dados))
    except planilhas.ArquivoInvalido as erro:
        assert str(erro).strip()


XLSX_DE_EXEMPLO = planilhas.escrever_xlsx(COLUNAS, [["1", "529.982.247-25", "Ana", "", "", "", "GM"]])


@pytest.mark.parametrize("valor", HOSTIS, ids=range(len(HOSTIS)))
def test_arquivo_com_uma_linha_hostil_nao_grava_nenhuma_linha(edital_hostil, valor):
    """Fora do ensaio (``dry_run=False``): ou o arquivo inteiro entra, ou nada entra."""
    linhas = linhas_validas(edital_hostil)
    linhas[1][COLUNAS.index("nome")] = valor
    antes = contagens()

    resultado = InscricaoResource(edital=edital_hostil).import_data(
        tablib.Dataset(*linhas, headers=COLUNAS), dry_run=False
    )

    mensagens = conferir_resultado_da_importacao(resultado)
    if mensagens:
        assert contagens() == antes
    else:
        assert Inscricao.objects.count() == antes[1] + 2


# ============================================================ 3. formulários pelo cliente de teste

HOSTIS_DE_FORMULARIO = {
    "100 kB": ENORME,
    "NUL": "\x00",
    "NUL no meio": "a\x00b",
    "U+202E": "\u202e",
    "ESC": "\x1b[31m",
    "fórmula": '=HYPERLINK("http://x")',
    "SQL": "'; DROP TABLE concursos_inscricao; --",
    "31/02": "31/02/2025",
    "ano 1": "01/01/0001",
    "400 noves": "9" * 400,
    "2 bilhões": "2000000000",
    "negativo": "-5",
    "JSON com NUL": '{"especificos": "\\u0000"}',
    "JSON lista": "[1, 2]",
}
MARCAS_DE_ERRO = ("errorlist", "errornote", "invalid-feedback", "alert-danger", "alert-error", "is-invalid")


def conferir_envios(client, envios, *, depois=None):
    """Cada envio é (rótulo, método, url, dados): 200 com erro no formulário ou 302, nunca 500 (nem
    exceção); com 200, nenhuma linha nova no banco. ``%00`` na URL (GET) é 400 (``RecusaCaractereNulo``). Cada envio roda numa transação desfeita, para
    que o próximo parta do mesmo estado. Devolve a lista de problemas (vazia quando tudo certo)."""
    problemas = []
    for rotulo, metodo, url, dados in envios:
        with transaction.atomic():
            antes = contagens_gerais()
            try:
                resposta = getattr(client, metodo)(url, dados)
            except Exception as erro:  # o cliente de teste repassa a exceção que daria o 500
                problemas.append(f"{rotulo}: {type(erro).__name__}: {str(erro)[:200]}")
                transaction.set_rollback(True)
                continue
            nulo_na_url = metodo == "get" and any("\x00" in str(v) for v in dados.values())
            if nulo_na_url:
                if resposta.status_code != 400 or "caractere nulo" not in resposta.content.decode():
                    problemas.append(f"{rotulo}: %00 na URL deveria dar 400 (deu {resposta.status_code})")
            elif rotulo.endswith("[válido]") and resposta.status_code != (302 if metodo == "post" else 200):
                erros = re.findall(r"errorlist[^>]*>(?:<li>)?([^<]+)", resposta.content.decode())
                problemas.append(f"{rotulo}: o envio válido não passou (HTTP {resposta.status_code}): {erros[:3]}")
            elif resposta.status_code not in (200, 302):
                problemas.append(f"{rotulo}: HTTP {resposta.status_code}")
            elif resposta.status_code == 200 and metodo == "post":
                if not any(marca in resposta.content.decode() for marca in MARCAS_DE_ERRO):
                    problemas.append(f"{rotulo}: 200 sem mensagem de erro")
                elif contagens_gerais() != antes:
                    problemas.append(f"{rotulo}: recusado, mas gravou alguma coisa")
            if Edital.objects.filter(parametros_do_regime={}).exists():
                problemas.append(f"{rotulo}: edital sem os parâmetros congelados")
            if depois:
                problemas += [f"{rotulo}: {p}" for p in depois(resposta)]
            transaction.set_rollback(True)
    return problemas


def contagens_gerais() -> tuple[int, ...]:
    modelos = (Candidato, Inscricao, OpcaoDeGrupo, Edital, Cargo, Evento, Resultado)
    return tuple(m.objects.count() for m in modelos) + tuple(
        m.objects.count() for m in (Comissao, Sessao, Parecer, Recurso, ProcessoDeApuracao)
    )


def variacoes(rotulo, metodo, url, base, campos):
    """Um envio por campo e valor hostil, com os demais campos válidos; antes, o envio válido, que
    tem de dar certo (senão os hostis seriam recusados por outro motivo e o teste não provaria nada)."""
    yield f"{rotulo} [válido]", metodo, url, base
    for campo in campos:
        for nome, valor in HOSTIS_DE_FORMULARIO.items():
            yield f"{rotulo} [{campo} = {nome}]", metodo, url, {**base, campo: valor}


@pytest.fixture
def rh_logado(client, db):
    client.force_login(usuario_de_teste("rh_hostil", superusuario=True))
    return client


def dados_do_edital() -> dict:
    return {
        "numero": "7",
        "ano": "2025",
        "titulo": "Guarda Municipal",
        "tipo": "concurso_publico",
        "publicado_em": "10/03/2025",
        "validade_ate": "",
        "data_referencia_idade": "10/04/2025",
        "desempate": "idoso, idade, jurado, sorteio",
        "regime": "cariacica-2023",
        "percentual_pcd": "10",
        "cargos-TOTAL_FORMS": "1",
        "cargos-INITIAL_FORMS": "0",
        "cargos-MIN_NUM_FORMS": "0",
        "cargos-MAX_NUM_FORMS": "1000",
        "cargos-0-codigo": "GM",
        "cargos-0-nome": "Guarda Municipal",
        "cargos-0-vagas": "50",
    }


def test_inclusao_de_edital_com_valores_hostis(rh_logado):
    base = dados_do_edital()
    campos = [c for c in base if "FORMS" not in c]
    envios = variacoes("edital", "post", reverse("admin:concursos_edital_add"), base, campos)
    problemas = conferir_envios(rh_logado, envios)
    assert not problemas, "\n".join(problemas)


def test_cargo_com_valores_hostis_e_a_ficha_do_edital_continua_abrindo(rh_logado):
    edital_ = edital()
    base = {"edital": edital_.pk, "codigo": "AGE", "nome": "Agente", "vagas": "3"}

    def ficha_abre(resposta):
        ficha = rh_logado.get(reverse("admin:concursos_edital_change", args=[edital_.pk]))
        return [] if ficha.status_code == 200 else [f"ficha do edital: HTTP {ficha.status_code}"]

    envios = variacoes("cargo", "post", reverse("admin:concursos_cargo_add"), base, list(base))
    problemas = conferir_envios(rh_logado, envios, depois=ficha_abre)
    assert not problemas, "\n".join(problemas)


def test_candidato_com_valores_hostis(rh_logado):
    base = {"nome": "Maria", "nome_social": "", "cpf": "529.982.247-25", "nascimento": "10/10/1980", "email": ""}
    envios = variacoes("candidato", "post", reverse("admin:concursos_candidato_add"), base, list(base))
    problemas = conferir_envios(rh_logado, envios)
    assert not problemas, "\n".join(problemas)


def test_inscricao_com_valores_hostis(rh_logado):
    cargo = edital().cargos.get()
    candidato = Candidato.objects.create(nome="Maria", cpf="52998224725")
    base = {
        "edital": cargo.edital_id,
        "cargo": cargo.pk,
        "candidato": candidato.pk,
        "numero": "77",
        "cor_raca": "parda",
        "nota": "70.5",
        "notas_parciais": '{"especificos": "30"}',
        "jurado": "",
        "sorteio": "",
        "situacao": "classificado",
        "opcoes-TOTAL_FORMS": "1",
        "opcoes-INITIAL_FORMS": "0",
        "opcoes-MIN_NUM_FORMS": "0",
        "opcoes-MAX_NUM_FORMS": "1000",
        "opcoes-0-grupo": "negros",
        "opcoes-0-situacao": "pendente",
    }
    campos = [c for c in base if "FORMS" not in c]
    envios = variacoes("inscrição", "post", reverse("admin:concursos_inscricao_add"), base, campos)
    problemas = conferir_envios(rh_logado, envios)
    assert not problemas, "\n".join(problemas)


@pytest.fixture
def cargo_gerado(db):
    cargo = cargo_do_exemplo_da_alternancia()
    services.gerar_resultado(cargo, por=usuario_de_teste("autor_hostil"))
    return cargo


def test_eventos_e_reversao_com_valores_hostis(rh_logado, cargo_gerado):
    cargo = cargo_gerado
    url = functools.partial(reverse, "concursos:registrar_evento")
    convocado = cargo.inscricoes.get(numero="A")
    registrado = services.registrar_evento(
        cargo,
        tipo="vagas_adicionais",
        quantidade=1,
        ato=Ato(documento="Of. 1", data_do_ato=DATA_DO_ATO),
        por=usuario_de_teste("rh2"),
    )
    envios = [
        *variacoes(
            "vagas adicionais",
            "post",
            url(args=[cargo.pk, "vagas_adicionais"]),
            {"quantidade": "1", "documento": "Of. 9/2025", "data_do_ato": "02/06/2025", "motivo": "", "confirmar": "1"},
            ["quantidade", "documento", "data_do_ato", "motivo"],
        ),
        *variacoes(
            "desistência",
            "post",
            url(args=[cargo.pk, "desistencia"]),
            {
                "inscricao": convocado.numero,
                "documento": "Req. 1",
                "data_do_ato": "02/06/2025",
                "motivo": "Pediu",
                "confirmar": "1",
            },
            ["inscricao", "documento", "data_do_ato", "motivo"],
        ),
        *variacoes(
            "reversão",
            "post",
            reverse("concursos:reverter_evento", args=[registrado.evento.pk]),
            {"documento": "Desp. 2", "motivo": "Engano"},
            ["documento", "motivo"],
        ),
    ]
    problemas = conferir_envios(rh_logado, envios)
    assert not problemas, "\n".join(problemas)


def test_simulador_com_valores_hostis(rh_logado):
    base = {"vagas": "13", "regime": "cariacica-2023", "percentual_pcd": "5"}
    envios = variacoes("simulador", "get", reverse("concursos:simulador"), base, list(base))
    problemas = conferir_envios(rh_logado, envios)
    assert not problemas, "\n".join(problemas)


def test_buscas_e_filtros_do_admin_com_valores_hostis(rh_logado):
    listas = {
        "concursos_edital": ["tipo__exact", "regime__exact", "ano"],
        "concursos_cargo": ["edital__id__exact"],
        "concursos_candidato": [],
        "concursos_inscricao": ["situacao__exact", "edital__id__exact"],
        "concursos_evento": ["tipo__exact"],
        "heteroidentificacao_comissao": ["grupo__exact", "tipo__exact"],
        "heteroidentificacao_recurso": [],
        "heteroidentificacao_processodeapuracao": ["decisao__exact"],
        "heteroidentificacao_registrodeauditoria": ["acao__exact", "quando__gte"],
    }
    envios = []
    for lista, filtros in listas.items():
        envios += variacoes(lista, "get", reverse(f"admin:{lista}_changelist"), {"q": "x"}, ["q", *filtros])
    envios += variacoes(
        "autocomplete",
        "get",
        reverse("admin:autocomplete"),
        {"app_label": "concursos", "model_name": "inscricao", "field_name": "candidato", "term": "x"},
        ["term"],
    )
    problemas = conferir_envios(rh_logado, envios)
    assert not problemas, "\n".join(problemas)


def test_login_com_valores_hostis(client, django_user_model):
    django_user_model.objects.create_user("ana", "ana@cariacica.test", "senha-de-Cariacica-1", is_staff=True)
    base = {"username": "ana", "password": "senha-de-Cariacica-1"}
    envios = [
        *variacoes("login do admin", "post", reverse("admin:login"), base, list(base)),
        *variacoes("login das comissões", "post", reverse("login"), base, list(base)),
    ]
    problemas = conferir_envios(client, envios)
    assert not problemas, "\n".join(problemas)


# ------------------------------------------------------------ heteroidentificação


def test_parecer_com_valores_hostis(client, db):
    cargo = cargo_com_cotistas()
    sessao = sessao_aberta(comissao(cargo.edital))
    chamado = chamar(sessao, cargo.inscricoes.get(numero="N1"))
    client.force_login(pessoa("bruno"))
    base = {"voto": "nao_confirma", "fundamentacao": "Traços observados na sessão."}
    envios = variacoes("parecer", "post", reverse("heteroidentificacao:parecer", args=[chamado.pk]), base, list(base))
    envios = [*envios, ("presença", "post", reverse("heteroidentificacao:registrar_presenca", args=[chamado.pk]), {})]
    envios += variacoes(
        "presença",
        "post",
        reverse("heteroidentificacao:registrar_presenca", args=[chamado.pk]),
        {"presenca": "compareceu"},
        ["presenca"],
    )
    problemas = conferir_envios(client, envios)
    assert not problemas, "\n".join(problemas)


def test_comissao_e_sessao_com_valores_hostis(rh_logado):
    cargo = cargo_com_cotistas()
    ordinaria = comissao(cargo.edital)
    planejada = heteroidentificacao_services.criar_sessao(ordinaria, inicio=timezone.now(), por=rh())
    dados_da_sessao = {"comissao": ordinaria.pk, "inicio_0": "10/03/2025", "inicio_1": "09:00", "local": "Sala 3"}
    dados_da_sessao["link"] = "https://meet.example.test/sala"
    ficha = {**dados_da_sessao, "gravacao": "https://videos.example.test/sessao-1"}
    ficha.update({"chamados-TOTAL_FORMS": "0", "chamados-INITIAL_FORMS": "0"})
    envios = [
        *variacoes(
            "comissão",
            "post",
            reverse("admin:heteroidentificacao_comissao_add"),
            {
                "edital": cargo.edital_id,
                "tipo": "recursal",
                "grupo": "negros",
                "limite_de_chamados": "",
                "prazo_de_recurso_dias": "2",
            },
            ["tipo", "grupo", "limite_de_chamados", "prazo_de_recurso_dias"],
        ),
        *variacoes(
            "sessão nova",
            "post",
            reverse("admin:heteroidentificacao_sessao_add"),
            dados_da_sessao,
            ["inicio_0", "inicio_1", "local", "link"],
        ),
        *variacoes(
            "ficha da sessão",
            "post",
            reverse("admin:heteroidentificacao_sessao_change", args=[planejada.pk]),
            ficha,
            ["inicio_0", "inicio_1", "local", "link", "gravacao"],
        ),
    ]
    problemas = conferir_envios(rh_logado, envios)
    assert not problemas, "\n".join(problemas)


def processo_de_apuracao(inscricao_, numero, *, notificado=False, com_defesa=False):
    hoje = timezone.localdate()
    processo = heteroidentificacao_services.instaurar_apuracao(
        inscricao_, numero=numero, fatos="Denúncia.", instaurado_em=hoje, por=rh()
    )
    if notificado:
        heteroidentificacao_services.notificar(processo, notificado_em=hoje, dias_para_defesa=10, por=rh())
    if com_defesa:
        heteroidentificacao_services.registrar_defesa(processo, texto="Defesa.", apresentada_em=hoje, por=rh())
    return processo


def test_recurso_e_apuracao_com_valores_hostis(rh_logado):
    sessao = sessao_julgada(encerrada_agora=True)
    n2 = chamado_de(sessao, "N2")
    hoje = timezone.localdate().strftime("%d/%m/%Y")
    n4 = inscricao_de_teste(n2.inscricao.cargo, "N4", 60, grupos={"negros": "pendente"})
    processo = processo_de_apuracao(chamado_de(sessao, "N1").inscricao, "PA 1")
    notificado = processo_de_apuracao(n2.inscricao, "PA 2", notificado=True)
    com_defesa = processo_de_apuracao(chamado_de(sessao, "N3").inscricao, "PA 3", notificado=True, com_defesa=True)
    envios = [
        *variacoes(
            "recurso",
            "post",
            reverse("admin:heteroidentificacao_recurso_add"),
            {"chamado": n2.pk, "texto": "Sou pardo.", "apresentado_em": hoje},
            ["chamado", "texto", "apresentado_em"],
        ),
        *variacoes(
            "processo",
            "post",
            reverse("admin:heteroidentificacao_processodeapuracao_add"),
            {"inscricao": n4.pk, "numero": "PA 4", "fatos": "Denúncia.", "instaurado_em": hoje},
            ["inscricao", "numero", "fatos", "instaurado_em"],
        ),
        *variacoes(
            "notificar",
            "post",
            reverse("admin:heteroidentificacao_processo_notificar", args=[processo.pk]),
            {"notificado_em": hoje, "dias_para_defesa": "10"},
            ["notificado_em", "dias_para_defesa"],
        ),
        *variacoes(
            "defesa",
            "post",
            reverse("admin:heteroidentificacao_processo_defesa", args=[notificado.pk]),
            {"texto": "Não houve má-fé.", "apresentada_em": hoje},
            ["texto", "apresentada_em"],
        ),
        *variacoes(
            "decidir",
            "post",
            reverse("admin:heteroidentificacao_processo_decidir", args=[com_defesa.pk]),
            {"decisao": "improcedente", "fundamentacao": "Sem prova.", "decidido_em": hoje},
            ["decisao", "fundamentacao", "decidido_em"],
        ),
    ]
    problemas = conferir_envios(rh_logado, envios)
    assert not problemas, "\n".join(problemas)


# ------------------------------------------------------------ mensagens dos casos que davam 500


def test_inscricao_com_notas_parciais_que_nao_sao_um_objeto_e_recusada_com_mensagem(rh_logado):
    cargo = edital().cargos.get()
    candidato = Candidato.objects.create(nome="Maria", cpf="52998224725")
    dados = {
        "edital": cargo.edital_id,
        "cargo": cargo.pk,
        "candidato": candidato.pk,
        "numero": "77",
        "nota": "70.5",
        "situacao": "classificado",
        "opcoes-TOTAL_FORMS": "0",
        "opcoes-INITIAL_FORMS": "0",
    }
    for notas, mensagem in (
        ("[1, 2]", "Informe um objeto JSON"),
        ('{"especificos": "\\u0000"}', "Nota parcial 'especificos': não é um número"),
        ('{"Específicos!": "40"}', "Nome de nota parcial inválido"),
    ):
        resposta = rh_logado.post(reverse("admin:concursos_inscricao_add"), {**dados, "notas_parciais": notas})
        assert resposta.status_code == 200 and mensagem in unescape(resposta.content.decode())
    rh_logado.post(reverse("admin:concursos_inscricao_add"), {**dados, "notas_parciais": '{"especificos": 40.50}'})
    assert Inscricao.objects.get().notas_parciais == {"especificos": "40.5"}


def test_autocomplete_do_candidato_com_valor_que_nao_e_um_id_mostra_o_erro_do_campo(rh_logado):
    cargo = edital().cargos.get()
    dados = {"edital": cargo.edital_id, "cargo": cargo.pk, "candidato": "9" * 400, "numero": "1", "nota": "1"}
    resposta = rh_logado.post(
        reverse("admin:concursos_inscricao_add"),
        {**dados, "situacao": "classificado", "opcoes-TOTAL_FORMS": "0", "opcoes-INITIAL_FORMS": "0"},
    )
    assert resposta.status_code == 200 and "Faça uma escolha válida" in resposta.content.decode()


def test_cargo_com_um_bilhao_de_vagas_e_recusado_no_formulario(rh_logado):
    edital_ = edital()
    dados = {"edital": edital_.pk, "codigo": "AGE", "nome": "Agente", "vagas": "1000000000"}
    resposta = rh_logado.post(reverse("admin:concursos_cargo_add"), dados)
    assert resposta.status_code == 200 and "100000" in resposta.content.decode()
    assert not edital_.cargos.filter(codigo="AGE").exists()


def test_prazo_de_defesa_de_dois_bilhoes_de_dias_e_recusado_no_formulario(rh_logado):
    sessao = sessao_julgada(encerrada_agora=True)
    processo = processo_de_apuracao(chamado_de(sessao, "N1").inscricao, "PA 1")
    hoje = timezone.localdate().strftime("%d/%m/%Y")
    url = reverse("admin:heteroidentificacao_processo_notificar", args=[processo.pk])
    resposta = rh_logado.post(url, {"notificado_em": hoje, "dias_para_defesa": "2000000000"})
    assert resposta.status_code == 200 and "365" in resposta.content.decode()


@pytest.mark.parametrize(
    ("referencia", "aceita"),
    [
        ("https://videos.cariacica.es.gov.br/sessoes/2025-03-10", True),
        ("HD 3, arquivo SESSAO_2025-03-10.mp4", True),
        ("Mídia nº 12/2025 (pasta RH/heteroidentificação)", True),
        ("javascript:alert(1)", False),
        ("file:///etc/passwd", False),
        ("ftp://servidor/gravacao.mp4", False),
        ("https://exemplo.test/\x00", False),
        ("gravação\u202e4pm.exe", False),
        ("<script>alert(1)</script>", False),
        ("x" * 301, False),
    ],
)
def test_referencia_da_gravacao_e_um_link_http_ou_um_codigo(rh_logado, referencia, aceita):
    cargo = cargo_com_cotistas()
    sessao = heteroidentificacao_services.criar_sessao(comissao(cargo.edital), inicio=timezone.now(), por=rh())
    dados = {"comissao": sessao.comissao_id, "inicio_0": "10/03/2025", "inicio_1": "09:00", "local": "Sala 3"}
    dados.update({"link": "", "gravacao": referencia, "chamados-TOTAL_FORMS": "0", "chamados-INITIAL_FORMS": "0"})
    resposta = rh_logado.post(reverse("admin:heteroidentificacao_sessao_change", args=[sessao.pk]), dados)
    sessao.refresh_from_db()
    assert (resposta.status_code, sessao.gravacao == referencia) == ((302, True) if aceita else (200, False))


def test_fundamentacao_do_parecer_tem_limite_e_nao_aceita_caracteres_de_controle(client, db):
    cargo = cargo_com_cotistas()
    chamado = chamar(sessao_aberta(comissao(cargo.edital)), cargo.inscricoes.get(numero="N1"))
    client.force_login(pessoa("bruno"))
    url = reverse("heteroidentificacao:parecer", args=[chamado.pk])
    for fundamentacao, mensagem in (("a" * 10_001, "10000 caracteres"), ("Pele \x1b[31m", "caracteres de controle")):
        resposta = client.post(url, {"voto": "nao_confirma", "fundamentacao": fundamentacao})
        assert resposta.status_code == 200 and mensagem in resposta.content.decode()
    assert not Parecer.objects.exists()


def test_cpf_com_algarismos_de_outra_escrita_nao_vale_como_cpf():
    assert normalizar_cpf("٥٢٩.٩٨٢.٢٤٧-٢٥") == ""
    with pytest.raises(leitores.ValorInvalido):
        leitores.ler_cpf("٥٢٩.٩٨٢.٢٤٧-٢٥")


CENARIOS_HOSTIS_NO_SIMULADOR = {
    "nota com expoente gigante": trocar(cenario_valido(), ("candidatos", 0, "nota"), "1e999999999"),
    "nota zero com expoente negativo gigante": trocar(cenario_valido(), ("candidatos", 1, "nota"), "0E-999999999"),
    "descrição enorme com controles": trocar(cenario_valido(), ("descricao",), ENORME + "\x00\u202e<script>"),
    "inscrição enorme": trocar(cenario_valido(), ("candidatos", 2, "inscricao"), "9" * 100_000),
    "um bilhão de vagas": trocar(cenario_valido(), ("vagas",), 10**9),
    "desempate que é um objeto": trocar(cenario_valido(), ("edital", "desempate", 0), {}),
}


@pytest.mark.parametrize("cenario", CENARIOS_HOSTIS_NO_SIMULADOR.values(), ids=CENARIOS_HOSTIS_NO_SIMULADOR.keys())
def test_simulador_mostra_o_resultado_ou_a_recusa_de_cenarios_hostis(rh_logado, cenario):
    arquivo = SimpleUploadedFile("hostil.json", json.dumps(cenario).encode(), content_type="application/json")
    resposta = rh_logado.post(reverse("concursos:simulador"), {"arquivo": arquivo})
    assert resposta.status_code == 200
    assert "resultado" in resposta.context or resposta.context["cenario_form"].errors
    assert "<script>" not in resposta.content.decode()  # a descrição aparece escapada
