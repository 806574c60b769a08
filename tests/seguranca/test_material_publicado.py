"""Material publicado nunca mostra CPF inteiro nem data de nascimento (LGPD, art. 6º, III).

Baixa, pelas mesmas URLs que o RH usa, tudo o que sai para publicação — o quadro de vagas, o
resultado do edital em PDF, as listas do resultado publicado em XLSX e CSV, o resultado preliminar
e o definitivo da heteroidentificação e a lista de convocação — e gera o PDF de cada cargo que os
trabalhadores em segundo plano gravam, de editais cujos candidatos têm CPF e nascimento
conhecidos, e procura em cada um:

- qualquer sequência de 11 dígitos (o CPF sem máscara) e qualquer ``ddd.ddd.ddd-dd``;
- o CPF de cada candidato, com ou sem pontuação;
- a data de nascimento de cada candidato em ``dd/mm/aaaa`` e ``aaaa-mm-dd`` (e, na planilha,
  como célula de data).

O CPF mascarado (``***.456.789-**``) é permitido — e conferido, para saber que o candidato está
mesmo no documento. O hash das entradas do resultado (hexadecimal, impresso no PDF para auditoria)
é retirado do texto antes da busca por 11 dígitos seguidos.
"""

import csv
import io
import re
from datetime import date, datetime, timedelta

import pytest
from django.utils import timezone
from openpyxl import load_workbook
from pypdf import PdfReader

from comum.cpf import formatar_cpf, mascarar_cpf
from concursos import services as servicos_de_concursos
from concursos.models import Candidato, Resultado
from concursos.pdf.resultado import resultado_do_cargo_pdf
from heteroidentificacao import services as servicos_da_comissao
from heteroidentificacao.models import Sessao
from tests.concursos.fabricas import edital, inscricao
from tests.heteroidentificacao.fabricas import cargo_com_cotistas, chamar, comissao, encerrar, rh, sessao_aberta, votar

pytestmark = pytest.mark.django_db

ONZE_DIGITOS = re.compile(r"(?<!\d)\d{11}(?!\d)")
CPF_FORMATADO = re.compile(r"\d{3}\.\d{3}\.\d{3}-\d{2}")
HASH = re.compile(r"[0-9a-f]{40,}")

# Nascimentos escolhidos para não coincidir com nenhuma data do edital (2025) nem com a de hoje;
# um idoso (60+) e dois empatados na nota, para o desempate por idade entrar no resultado.
CANDIDATOS = [
    # número, nome, nota, nascimento, grupos
    ("101", "Alice Martins Coutinho", 95, date(1984, 2, 17), None),
    ("102", "Bernardo Reis Salles", 94, date(1979, 11, 3), None),
    ("103", "Yasmin Oliveira Santos", 93, date(1992, 9, 21), {"negros": "confirmado"}),
    ("104", "Caio Ferreira Lopes", 90, date(1958, 6, 14), None),  # idoso: vence o empate
    ("105", "Dora Lemos Vieira", 90, date(1988, 4, 30), None),
    ("106", "Zacarias Nascimento", 80, date(1986, 12, 8), {"negros": "confirmado"}),
    ("107", "Wellington da Conceição", 75, date(1994, 7, 27), {"negros": "confirmado"}),
    ("108", "Paula Regina Freitas", 70, date(1983, 3, 19), {"pcd": "confirmado"}),
]


@pytest.fixture
def cargo_publicado():
    """Edital 4/2025, Agente Administrativo com 5 vagas, resultado gerado e publicado."""
    cargo = edital(criado_por=rh(), numero=4, cargos=(("AGE", "Agente Administrativo", 5),)).cargos.get()
    for numero, nome, nota, nascimento, grupos in CANDIDATOS:
        inscricao(cargo, numero, nota, nome=nome, nascimento=nascimento, grupos=grupos)
    resultado = servicos_de_concursos.gerar_resultado(cargo, por=rh())
    assert not resultado.provisorio, resultado.saida.get("pendencias")
    servicos_de_concursos.publicar_resultado(resultado, por=rh())
    return cargo


@pytest.fixture
def sessao_com_prazo_vencido():
    """Heteroidentificação do edital 1/2025 (N1 confirmado, N2 não confirmado), encerrada e com o
    resultado preliminar publicado há tempo bastante para o prazo de recurso ter vencido (ele corre da
    publicação, docs/REGRAS.md §10): o resultado definitivo pode sair."""
    cargo = cargo_com_cotistas()
    Candidato.objects.filter(inscricoes__cargo=cargo, inscricoes__numero="N1").update(nascimento=date(1971, 5, 9))
    Candidato.objects.filter(inscricoes__cargo=cargo, inscricoes__numero="N2").update(nascimento=date(1999, 10, 23))
    ordinaria = comissao(cargo.edital)
    inicio = timezone.now() - timedelta(days=60)
    sessao = sessao_aberta(ordinaria, inicio=inicio)
    n1 = chamar(sessao, cargo.inscricoes.get(numero="N1"))
    votar(n1, ana="confirma", bruno="confirma", carla="confirma", davi="confirma", elisa="confirma")
    n2 = chamar(sessao, cargo.inscricoes.get(numero="N2"))
    votar(n2, ana="nao_confirma", bruno="nao_confirma", carla="nao_confirma", davi="confirma", elisa="confirma")
    encerrar(sessao)
    Sessao.objects.filter(pk=sessao.pk).update(encerrada_em=inicio + timedelta(hours=3))
    publicacao = timezone.localdate(inicio + timedelta(hours=3))
    servicos_da_comissao.publicar_resultado_preliminar(Sessao.objects.get(pk=sessao.pk), em=publicacao, por=rh())
    return sessao


def baixar(client, url: str) -> bytes:
    resposta = client.get(url)
    assert resposta.status_code == 200, (url, resposta.status_code, resposta.headers.get("Location"))
    assert "attachment" in resposta["Content-Disposition"], url
    return resposta.content


def texto_do_pdf(conteudo: bytes) -> str:
    assert conteudo.startswith(b"%PDF")
    leitor = PdfReader(io.BytesIO(conteudo))
    metadados = " ".join(str(v) for v in (leitor.metadata or {}).values())
    return "\n".join(pagina.extract_text() for pagina in leitor.pages) + "\n" + metadados


def texto_do_xlsx(conteudo: bytes) -> str:
    """Todas as células de todas as folhas; células de data viram texto nos dois formatos."""
    livro = load_workbook(io.BytesIO(conteudo))
    partes = []
    for folha in livro.worksheets:
        for linha in folha.iter_rows():
            for celula in linha:
                valor = celula.value
                if isinstance(valor, datetime | date):
                    partes += [valor.strftime("%d/%m/%Y"), valor.strftime("%Y-%m-%d")]
                elif valor is not None:
                    partes.append(str(valor))
    return "\n".join(partes)


def texto_do_csv(conteudo: bytes) -> str:
    texto = conteudo.decode("utf-8-sig")
    list(csv.reader(io.StringIO(texto), delimiter=";"))  # é CSV de verdade
    return texto


def vazamentos(texto: str) -> list[str]:
    """Tudo o que, no texto, é CPF inteiro ou data de nascimento de algum candidato do banco."""
    sem_hash = HASH.sub(" ", texto)
    achados = [f"11 dígitos: {m}" for m in ONZE_DIGITOS.findall(sem_hash)]
    achados += [f"CPF formatado: {m}" for m in CPF_FORMATADO.findall(texto)]
    for cpf, nascimento in Candidato.objects.values_list("cpf", "nascimento"):
        achados += [f"CPF {cpf}" for forma in (cpf, formatar_cpf(cpf)) if forma in texto]
        if nascimento:
            for forma in (nascimento.strftime("%d/%m/%Y"), nascimento.isoformat(), nascimento.strftime("%d/%m/%y")):
                if re.search(rf"(?<![\d/-]){re.escape(forma)}(?![\d/-])", texto):
                    achados.append(f"nascimento {forma}")
    return sorted(set(achados))


def cpfs_mascarados(numeros, cargo) -> list[str]:
    return [mascarar_cpf(cargo.inscricoes.get(numero=n).candidato.cpf) for n in numeros]


# ----------------------------------------------------------------------------------------------
# Concursos: quadro, resultado, listas publicadas


def test_quadro_de_vagas_em_pdf_nao_tem_dado_pessoal(rh_logado, cargo_publicado):
    texto = texto_do_pdf(baixar(rh_logado, f"/concursos/editais/{cargo_publicado.edital.pk}/quadro-de-vagas.pdf"))

    assert "Agente Administrativo" in texto
    assert vazamentos(texto) == []


def test_resultado_do_edital_em_pdf_so_tem_cpf_mascarado_e_nenhum_nascimento(rh_logado, cargo_publicado):
    texto = texto_do_pdf(baixar(rh_logado, f"/concursos/editais/{cargo_publicado.edital.pk}/resultado.pdf"))

    assert "Caio Ferreira Lopes" in texto and "Paula Regina Freitas" in texto
    assert all(m in texto for m in cpfs_mascarados(["101", "104", "108"], cargo_publicado))
    assert vazamentos(texto) == []


def test_resultado_do_cargo_em_pdf_so_tem_cpf_mascarado_e_nenhum_nascimento(cargo_publicado):
    """O PDF de um cargo que as tarefas em segundo plano gravam (``resultado_do_cargo_pdf``); não tem
    URL própria: o admin entrega o arquivo gravado."""
    resultado = Resultado.objects.get(cargo=cargo_publicado, status=Resultado.PUBLICADO)
    texto = texto_do_pdf(resultado_do_cargo_pdf(resultado))

    assert "Caio Ferreira Lopes" in texto and "Wellington da Conceição" in texto
    assert all(m in texto for m in cpfs_mascarados(["101", "104", "108"], cargo_publicado))
    assert vazamentos(texto) == []


def test_colunas_do_pdf_do_cargo_nao_se_juntam_em_onze_digitos():
    """Classificação e inscrição numéricas lado a lado, também na linha de células (nome longo que
    ocupa várias linhas): o texto extraído não pode juntá-las num número de 11 dígitos. (Antes da
    publicação: depois dela as inscrições do cargo estão congeladas, docs/REGRAS.md §9.)"""
    cargo = edital(criado_por=rh(), numero=4, cargos=(("AGE", "Agente Administrativo", 5),)).cargos.get()
    for numero, nome, nota, nascimento, grupos in CANDIDATOS:
        inscricao(cargo, numero, nota, nome=nome, nascimento=nascimento, grupos=grupos)
    for posicao, nome in enumerate(["Ana Curta", "Bia " + "Sobrenome Comprido " * 10], start=1):
        inscricao(cargo, f"2025{posicao:06d}", 99 - posicao, nome=nome, nascimento=date(1990, 5, 4))
    resultado = servicos_de_concursos.gerar_resultado(cargo, por=rh())
    texto = texto_do_pdf(resultado_do_cargo_pdf(resultado))

    assert "2025000001" in texto and "2025000002" in texto
    assert vazamentos(texto) == []


@pytest.mark.parametrize("formato", ["xlsx", "csv"])
def test_lista_publicada_so_tem_cpf_mascarado_e_nenhum_nascimento(rh_logado, cargo_publicado, formato):
    resultado = Resultado.objects.get(cargo=cargo_publicado, status=Resultado.PUBLICADO)
    conteudo = baixar(rh_logado, f"/concursos/resultados/{resultado.pk}/lista.{formato}")
    texto = texto_do_xlsx(conteudo) if formato == "xlsx" else texto_do_csv(conteudo)

    assert "Wellington da Conceição" in texto
    assert all(m in texto for m in cpfs_mascarados(["101", "105", "107"], cargo_publicado))
    assert "nascimento" not in texto.splitlines()[0].lower()  # nem a coluna (o cabeçalho é a 1ª linha)
    assert vazamentos(texto) == []


# ----------------------------------------------------------------------------------------------
# Heteroidentificação: resultado preliminar e definitivo, convocação


@pytest.mark.parametrize("definitivo", ["0", "1"], ids=["preliminar", "definitivo"])
def test_resultado_da_heteroidentificacao_nao_tem_cpf_nem_nascimento(rh_logado, sessao_com_prazo_vencido, definitivo):
    comissao_ = sessao_com_prazo_vencido.comissao
    url = f"/admin/heteroidentificacao/comissao/{comissao_.pk}/resultado.pdf?definitivo={definitivo}"
    texto = texto_do_pdf(baixar(rh_logado, url))

    assert "N1 Candidato N1" in texto and "N2 Candidato N2" in texto  # só inscrição e nome, nem o CPF mascarado
    assert vazamentos(texto) == []


def test_lista_de_convocacao_so_tem_cpf_mascarado(rh_logado, sessao_com_prazo_vencido):
    url = f"/admin/heteroidentificacao/sessao/{sessao_com_prazo_vencido.pk}/convocacao.pdf"
    texto = texto_do_pdf(baixar(rh_logado, url))

    cargo = sessao_com_prazo_vencido.comissao.edital.cargos.get()
    assert all(m in texto for m in cpfs_mascarados(["N1", "N2"], cargo))
    assert vazamentos(texto) == []


# ----------------------------------------------------------------------------------------------
# A busca em si


def test_a_busca_acha_cpf_inteiro_formatado_e_nascimento(cargo_publicado):
    candidato = cargo_publicado.inscricoes.get(numero="104").candidato

    assert vazamentos(f"CPF {candidato.cpf}")
    assert vazamentos(f"CPF {formatar_cpf(candidato.cpf)}")
    assert vazamentos("Nascimento: 14/06/1958")
    assert vazamentos("nascimento 1958-06-14")
    assert vazamentos("CPF 123.456.789-09")  # qualquer CPF formatado, mesmo de quem não está no banco
    assert vazamentos("Protocolo 12345678909")
    assert vazamentos(f"CPF {mascarar_cpf(candidato.cpf)} Publicado em 10/03/2025") == []
