"""Entrada inválida (docs/REGRAS.md §7; docs/FORMATO-CENARIO.md): mensagem clara em português no stderr, nada no stdout, saída 2.

Cada caso roda o comando de verdade (``manage.py simular_cotas -``), com o cenário na entrada padrão.
"""

import json
import subprocess
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[2]


def candidato(inscricao, nota="80", **campos):
    return {"inscricao": inscricao, "nota": nota, **campos}


def negro(inscricao, nota="80", cor_raca="parda"):
    return candidato(inscricao, nota, cor_raca=cor_raca, grupos=["negros"], verificacao={"negros": "confirmado"})


def cenario(vagas=3, candidatos=None, eventos=(), **edital):
    """Um cenário válido de 3 vagas; cada teste estraga uma coisa só."""
    if candidatos is None:
        candidatos = [candidato("1001", "90"), negro("1002", "85"), candidato("1003", "70")]
    edital = {"tipo": "concurso_publico", "publicado_em": "2024-03-01", "data_referencia_idade": "2024-03-31", **edital}
    return {
        "formato": "cotas-cenario/1",
        "regime": "cariacica-2023",
        "edital": edital,
        "vagas": vagas,
        "candidatos": candidatos,
        "eventos": list(eventos),
    }


def rodar(entrada: bytes, arquivo: str = "-") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "simular_cotas", arquivo],
        input=entrada,
        capture_output=True,
        cwd=RAIZ,
        timeout=60,
    )


def recusado(dados, arquivo: str = "-") -> str:
    """Roda o comando, confere que recusou sem escrever nada e devolve a mensagem de erro."""
    entrada = dados if isinstance(dados, bytes) else json.dumps(dados, ensure_ascii=False).encode()
    processo = rodar(entrada, arquivo)
    erro = processo.stderr.decode("utf-8")
    assert processo.returncode == 2, erro
    assert processo.stdout == b""
    assert "Traceback" not in erro
    assert erro.strip()
    return erro


def test_o_cenario_base_destes_testes_e_valido():
    processo = rodar(json.dumps(cenario()).encode())
    assert processo.returncode == 0, processo.stderr.decode()


def test_vagas_negativas_sao_recusadas():
    erro = recusado(cenario(vagas=-1))
    assert "vagas" in erro
    assert "-1" in erro


def test_vagas_fracionadas_sao_recusadas():
    erro = recusado(cenario(vagas=2.5))
    assert "vagas" in erro
    assert "2.5" in erro


def test_vagas_em_texto_sao_recusadas():
    erro = recusado(cenario(vagas="3"))
    assert "vagas" in erro
    assert "'3'" in erro or '"3"' in erro


def test_regime_desconhecido_e_recusado():
    erro = recusado({**cenario(), "regime": "cariacica-2099"})
    assert "egime" in erro
    assert "cariacica-2099" in erro


def test_grupo_desconhecido_na_opcao_do_candidato_e_recusado():
    dados = cenario(candidatos=[candidato("1001", "90", grupos=["indigenas"])])
    erro = recusado(dados)
    assert "1001" in erro
    assert "indigenas" in erro


def test_grupo_desconhecido_nos_parametros_e_recusado():
    erro = recusado({**cenario(), "parametros": {"quilombolas": {"percentual": "2"}}})
    assert "parametros" in erro
    assert "quilombolas" in erro


def test_percentual_acima_de_100_no_regime_do_cenario_e_recusado():
    grupo = {"grupo": "negros", "percentual": "120", "arredondamento": "metade_para_cima"}
    erro = recusado({**cenario(), "regime": {"nome": "teste", "grupos": [grupo]}})
    assert "percentual" in erro
    assert "120" in erro


def test_percentual_negativo_nos_parametros_e_recusado():
    erro = recusado({**cenario(), "parametros": {"pcd": {"percentual": "-5"}}})
    assert "pcd" in erro
    assert "percentual" in erro
    assert "-5" in erro


def test_regime_que_reserva_mais_que_as_vagas_e_recusado():
    grupos = [
        {"grupo": "a", "percentual": "60", "arredondamento": "metade_para_cima"},
        {"grupo": "b", "percentual": "60", "arredondamento": "metade_para_cima"},
    ]
    erro = recusado({**cenario(vagas=1, candidatos=[]), "regime": {"nome": "excessivo", "grupos": grupos}})
    assert "excessivo" in erro
    assert "vagas" in erro


def test_inscricao_duplicada_e_recusada():
    erro = recusado(cenario(candidatos=[candidato("1001", "90"), candidato("1001", "80")]))
    assert "1001" in erro
    assert "duplicad" in erro.lower()


def test_candidato_sem_nota_e_recusado():
    erro = recusado(cenario(candidatos=[candidato("1001"), {"inscricao": "1002"}]))
    assert "1002" in erro
    assert "nota" in erro


def test_nota_que_nao_e_numero_e_recusada():
    erro = recusado(cenario(candidatos=[candidato("1001"), candidato("1002", "oitenta")]))
    assert "1002" in erro
    assert "nota" in erro
    assert "oitenta" in erro


def test_optar_por_negros_sem_se_declarar_preto_ou_pardo_e_recusado():
    erro = recusado(cenario(candidatos=[candidato("1001"), negro("1003", cor_raca="branca")]))
    assert "1003" in erro
    assert "branca" in erro
    assert "negros" in erro


def test_evento_com_inscricao_desconhecida_e_recusado():
    erro = recusado(cenario(eventos=[{"tipo": "desistencia", "inscricao": "9999"}]))
    assert "9999" in erro
    assert "desistencia" in erro


def test_evento_com_candidato_que_ja_saiu_e_recusado():
    desistencia = {"tipo": "desistencia", "inscricao": "1001"}
    erro = recusado(cenario(eventos=[desistencia, desistencia]))
    assert "1001" in erro
    assert "Evento 2" in erro


def test_tipo_de_evento_desconhecido_e_recusado():
    erro = recusado(cenario(eventos=[{"tipo": "transferencia", "inscricao": "1001"}]))
    assert "transferencia" in erro


def test_nascimento_em_31_de_fevereiro_e_recusado():
    erro = recusado(cenario(candidatos=[candidato("1001", nascimento="31/02/2020")]))
    assert "1001" in erro
    assert "nascimento" in erro
    assert "31/02/2020" in erro


def test_nascimento_que_nao_e_data_e_recusado():
    erro = recusado(cenario(candidatos=[candidato("1001", nascimento="ontem")]))
    assert "1001" in erro
    assert "nascimento" in erro
    assert "ontem" in erro


def test_publicacao_do_edital_no_mes_13_e_recusada():
    erro = recusado(cenario(publicado_em="2024-13-01"))
    assert "publicado_em" in erro
    assert "2024-13-01" in erro


def test_json_com_erro_de_sintaxe_e_recusado():
    erro = recusado(b'{"formato": "cotas-cenario/1", "vagas": 3,,}')
    assert "JSON" in erro
    assert "linha 1" in erro


def test_arquivo_inexistente_e_recusado(tmp_path):
    caminho = tmp_path / "nao-existe.json"
    erro = recusado(b"", arquivo=str(caminho))
    assert str(caminho) in erro
