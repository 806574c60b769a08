"""O mapeamento das colunas do arquivo da banca para os campos do edital.

A banca manda o arquivo com os cabeçalhos dela ("Nome do Candidato", "Concorre às vagas reservadas
a negros", "Conhecimentos Específicos"…). Sem mapear, ``cabecalho.ler_cabecalho`` recusa as colunas
desconhecidas (uma coluna de cota ignorada em silêncio tiraria a reserva de todos). O mapeamento
diz, para cada cabeçalho do arquivo (o texto original, sem os espaços das pontas), o campo de
destino (``campos.campos_da_planilha``) ou ``IGNORAR``.

- ``colunas_do_arquivo``: as colunas do arquivo com amostras e o campo sugerido, nesta ordem: o
  leiaute salvo da banca, o nome exato do campo (ou um apelido de ``colunas``), os cabeçalhos usuais
  das bancas (``USUAIS``) e as notas parciais do desempate do edital. Um campo é sugerido para uma
  coluna só.
- ``precisa_mapear``: se o cabeçalho, como está, seria recusado.
- ``conferir``: os problemas do mapeamento escolhido, em português (vazio é que serve).
- ``aplicar``: renomeia os cabeçalhos para os campos e tira as colunas ignoradas, guardando o
  cabeçalho e a letra originais (``rotulos_originais``) para que os erros citem o arquivo da banca.
- ``salvar_leiaute`` e ``leiautes_sugeridos``: o mapeamento salvo com um nome, por banca
  (``LeiauteDeImportacao``, com os cabeçalhos normalizados), e os salvos que servem a um arquivo.

O mapeamento é o mesmo na tela, no segundo plano (``massa``) e no comando ``importar_inscricoes``
(docs/TECNICO.md §1.3).
"""

import json
from dataclasses import dataclass

from comum.planilhas import letra_da_coluna, texto

from ..models import LeiauteDeImportacao
from .cabecalho import ler_cabecalho
from .campos import campos_da_planilha, campos_de_nota
from .colunas import APELIDOS
from .leitores import normalizar_cabecalho

IGNORAR = "ignorar"
AMOSTRAS = 3
TAMANHO_DA_AMOSTRA = 40
LINHAS_PARA_AMOSTRAS = 200  # amostras das primeiras linhas: um arquivo de 100 mil não é lido inteiro

# Cabeçalhos usuais das bancas, já normalizados (``leitores.normalizar_cabecalho``) → campo.
# Os grupos só valem se forem do regime do edital (``_sugestao``).
USUAIS = {
    **dict.fromkeys(("nome_do_candidato", "nome_completo", "nome_civil", "candidato"), "nome"),
    **dict.fromkeys(
        (
            "n_de_inscricao",
            "no_de_inscricao",
            "n_da_inscricao",
            "numero_de_inscricao",
            "numero_inscricao",
            "num_inscricao",
            "inscricao",
        ),
        "inscricao",
    ),
    **dict.fromkeys(("cpf_do_candidato", "n_do_cpf", "no_do_cpf", "numero_do_cpf"), "cpf"),
    **dict.fromkeys(("data_de_nascimento", "data_nascimento", "dt_nascimento", "nascimento"), "nascimento"),
    **dict.fromkeys(("e_mail", "email_do_candidato", "endereco_eletronico", "correio_eletronico"), "email"),
    **dict.fromkeys(
        (
            "concorre_as_vagas_reservadas_a_negros",
            "concorre_as_vagas_reservadas_aos_negros",
            "vagas_reservadas_a_negros",
            "cotista_negro",
            "candidato_negro",
            "cota_racial",
            "negro",
            "negros",
        ),
        "negros",
    ),
    **dict.fromkeys(
        (
            "pessoa_com_deficiencia",
            "concorre_as_vagas_reservadas_a_pessoas_com_deficiencia",
            "candidato_com_deficiencia",
            "portador_de_deficiencia",
            "deficiente",
            "pcd",
        ),
        "pcd",
    ),
    **dict.fromkeys(("cor_raca", "raca_cor", "cor_ou_raca", "raca", "autodeclaracao", "cor"), "cor_raca"),
    **dict.fromkeys(
        ("nota_final", "pontuacao_final", "pontuacao_total", "nota_total", "total_de_pontos", "total"), "nota"
    ),
    **dict.fromkeys(("cargo", "cargo_pretendido", "funcao", "codigo_do_cargo", "cargo_funcao"), "cargo"),
    **dict.fromkeys(("exerceu_a_funcao_de_jurado", "servico_do_juri", "jurado"), "jurado"),
    **dict.fromkeys(("situacao_do_candidato", "situacao"), "situacao"),
    **dict.fromkeys(("ordem_no_sorteio", "sorteio"), "sorteio"),
}


@dataclass(frozen=True)
class ColunaDoArquivo:
    """Uma coluna do arquivo da banca, como a tela de mapeamento a mostra."""

    indice: int
    letra: str
    cabecalho: str  # o texto original, sem os espaços das pontas
    amostras: tuple[str, ...]  # até 3 valores distintos não vazios, em texto, encurtados
    sugestao: str  # o nome de um campo de ``campos_da_planilha`` ou ``IGNORAR``


def cabecalhos_do_arquivo(dataset) -> list[str]:
    return [texto(c) for c in dataset.headers or []]


def _amostras(dataset, indice: int) -> tuple[str, ...]:
    vistas = []
    for numero, linha in enumerate(dataset):
        if numero >= LINHAS_PARA_AMOSTRAS or len(vistas) == AMOSTRAS:
            break
        valor = texto(linha[indice]) if indice < len(linha) else ""
        if len(valor) > TAMANHO_DA_AMOSTRA:
            valor = valor[:TAMANHO_DA_AMOSTRA] + "…"
        if valor and valor not in vistas:
            vistas.append(valor)
    return tuple(vistas)


def _por_nota_parcial(edital) -> dict[str, str]:
    """Cabeçalho normalizado → ``nota_<campo>``: "Conhecimentos Específicos", "Nota de …", "nota_…"."""
    sugestoes = {}
    for campo in campos_de_nota(edital):
        for forma in (campo, f"nota_{campo}", f"nota_de_{campo}", f"nota_em_{campo}", f"pontuacao_{campo}"):
            sugestoes[forma] = f"nota_{campo}"
    return sugestoes


def _passos(edital, leiaute: dict[str, str] | None) -> list[dict[str, str]]:
    """As tabelas de sugestão (cabeçalho normalizado → campo), da mais forte à mais fraca."""
    nomes = [c.nome for c in campos_da_planilha(edital)]
    salvo = {normalizar_cabecalho(k): v for k, v in (leiaute or {}).items()}
    exatos = {nome: nome for nome in nomes} | {a: c for a, c in APELIDOS.items() if c in nomes}
    usuais = {k: v for k, v in USUAIS.items() if v in nomes}
    return [salvo, exatos, usuais, _por_nota_parcial(edital)]


def colunas_do_arquivo(dataset, edital, leiaute: dict[str, str] | None = None) -> list[ColunaDoArquivo]:
    """As colunas do arquivo, cada uma com amostras e o campo sugerido (ver o início do módulo)."""
    cabecalhos = cabecalhos_do_arquivo(dataset)
    validos = {c.nome for c in campos_da_planilha(edital)} | {IGNORAR}
    sugestoes: dict[int, str] = {}
    for tabela in _passos(edital, leiaute):
        for indice, cabecalho in enumerate(cabecalhos):
            campo = tabela.get(normalizar_cabecalho(cabecalho))
            if indice in sugestoes or campo not in validos:
                continue
            if campo == IGNORAR or campo not in sugestoes.values():
                sugestoes[indice] = campo
    return [
        ColunaDoArquivo(
            indice, letra_da_coluna(indice), cabecalho, _amostras(dataset, indice), sugestoes.get(indice, IGNORAR)
        )
        for indice, cabecalho in enumerate(cabecalhos)
    ]


def sugestao(dataset, edital, leiaute: dict[str, str] | None = None) -> dict[str, str]:
    """O mapeamento sugerido, cabeçalho original → campo (o ponto de partida da tela e do comando)."""
    return {c.cabecalho: c.sugestao for c in colunas_do_arquivo(dataset, edital, leiaute)}


def do_leiaute(dataset, edital, leiaute: dict[str, str], escolhidas: dict[str, str] | None = None) -> dict[str, str]:
    """O mapeamento que um leiaute salvo (e as ``escolhidas`` à parte, cabeçalho → campo) dá ao
    arquivo, sem tela: a escolha, a entrada do leiaute ou a sugestão usual. A coluna que não tem
    nenhuma das três fica fora, e ``conferir`` pede a escolha: uma coluna nova da banca nunca é
    ignorada em silêncio (o segundo plano e o comando ``importar_inscricoes``)."""
    escolhidas = escolhidas or {}
    mapeamento = {}
    for coluna in colunas_do_arquivo(dataset, edital, leiaute):
        if coluna.cabecalho in escolhidas:
            mapeamento[coluna.cabecalho] = escolhidas[coluna.cabecalho]
        elif normalizar_cabecalho(coluna.cabecalho) in leiaute or coluna.sugestao != IGNORAR:
            mapeamento[coluna.cabecalho] = coluna.sugestao
    return mapeamento


def precisa_mapear(dataset, edital) -> bool:
    """Se o cabeçalho, como está, seria recusado (coluna desconhecida, obrigatória faltando…)."""
    return bool(ler_cabecalho(dataset, edital.regime_congelado()).problemas)


def _rotulo(cabecalho: str, indice: int) -> str:
    return f"{letra_da_coluna(indice)} “{cabecalho or '(sem nome)'}”"


def conferir(mapeamento: dict[str, str], edital, cabecalhos: list[str]) -> list[str]:
    """Os problemas do mapeamento para o arquivo de ``cabecalhos``, em português; vazio é que serve."""
    campos = {c.nome: c for c in campos_da_planilha(edital)}
    problemas, escolhidos, vistos = [], {}, {}
    for indice, original in enumerate(cabecalhos):
        cabecalho = texto(original)
        if cabecalho in vistos:
            problemas.append(
                f"as colunas {vistos[cabecalho]} e {letra_da_coluna(indice)} têm o mesmo cabeçalho “{cabecalho}”; "
                "renomeie uma delas no arquivo para poder mapeá-las"
            )
            continue
        vistos[cabecalho] = letra_da_coluna(indice)
        destino = mapeamento.get(cabecalho)
        if destino is None:
            problemas.append(f"coluna {_rotulo(cabecalho, indice)}: escolha um campo ou “{IGNORAR}”")
        elif destino != IGNORAR and destino not in campos:
            problemas.append(f"coluna {_rotulo(cabecalho, indice)}: “{destino}” não é campo deste edital")
        elif destino != IGNORAR:
            escolhidos.setdefault(destino, []).append(_rotulo(cabecalho, indice))
    for destino, colunas in escolhidos.items():
        if len(colunas) > 1:
            problemas.append(
                f"o campo “{campos[destino].rotulo}” ({destino}) foi escolhido para as colunas "
                f"{' e '.join(colunas)}; escolha uma só"
            )
    faltam = [f"“{c.rotulo}” ({c.nome})" for c in campos.values() if c.obrigatorio and c.nome not in escolhidos]
    if faltam:
        problemas.append(f"faltam os campos obrigatórios: {', '.join(faltam)}")
    return problemas


def aplicar(dataset, mapeamento: dict[str, str]) -> None:
    """Renomeia os cabeçalhos do conjunto para os campos do mapeamento e tira as colunas ignoradas,
    guardando em ``dataset.rotulos_originais`` o cabeçalho e a letra originais de cada coluna que
    fica (lidos por ``cabecalho.ler_cabecalho`` para as mensagens). Cabeçalho fora do mapeamento
    fica como está (e a conferência do cabeçalho o aponta, com a letra original)."""
    cabecalhos = cabecalhos_do_arquivo(dataset)
    novos, rotulos, ignoradas = [], {}, []
    for indice, cabecalho in enumerate(cabecalhos):
        destino = mapeamento.get(cabecalho, cabecalho)
        if destino == IGNORAR:
            ignoradas.append(indice)
            continue
        novos.append(destino)
        rotulos.setdefault(destino, (cabecalho, letra_da_coluna(indice)))
    if ignoradas:
        _tirar_colunas(dataset, ignoradas)
    dataset.headers = novos
    dataset.rotulos_originais = rotulos


def mapear(dataset, edital, mapeamento: dict[str, str]) -> list[str]:
    """Confere o mapeamento contra o arquivo e, se serve, o aplica; devolve as mensagens dos
    problemas (``"Linha 1 (cabeçalho): …"``), como as do cabeçalho recusado. O mesmo caminho na
    importação em segundo plano (``massa``) e no comando ``importar_inscricoes``."""
    problemas = conferir(mapeamento, edital, cabecalhos_do_arquivo(dataset))
    if problemas:
        linha = getattr(dataset, "linha_do_cabecalho", 1)
        return [f"Linha {linha} (cabeçalho): {problema}." for problema in problemas]
    aplicar(dataset, mapeamento)
    return []


def _tirar_colunas(dataset, indices: list[int]) -> None:
    """Tira as colunas ``indices`` de todas as linhas, no lugar (pela posição: o cabeçalho pode se
    repetir), sem copiar o conjunto (100 mil linhas)."""
    dataset.headers = [f"_{i}" for i in range(len(dataset.headers))]
    for indice in indices:
        del dataset[f"_{indice}"]


def para_json(mapeamento: dict[str, str]) -> str:
    return json.dumps(mapeamento, ensure_ascii=False)


def de_json(texto_: str) -> dict[str, str]:
    """O mapeamento guardado em JSON (formulário, tarefa de segundo plano); lixo é ``ValueError``."""
    try:
        lido = json.loads(texto_)
    except (TypeError, ValueError):
        raise ValueError("o mapeamento das colunas não é um JSON válido") from None
    if not isinstance(lido, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in lido.items()):
        raise ValueError("o mapeamento das colunas deve ser um objeto de cabeçalho → campo, ambos em texto")
    return lido


# ---------------------------------------------------------------- leiautes salvos


def normalizar_colunas(mapeamento: dict[str, str]) -> dict[str, str]:
    """As chaves do mapeamento como o leiaute as guarda: ``'Nome do Candidato'`` → ``'nome_do_candidato'``.
    A coluna sem cabeçalho fica de fora: não há como reconhecê-la no próximo arquivo."""
    normalizadas = ((normalizar_cabecalho(cabecalho), campo) for cabecalho, campo in mapeamento.items())
    return {chave: campo for chave, campo in normalizadas if chave}


def salvar_leiaute(banca: str, nome: str, mapeamento: dict[str, str], usuario) -> LeiauteDeImportacao:
    """Salva (ou atualiza) o leiaute ``nome`` da banca com o mapeamento, para a próxima importação."""
    leiaute, criado = LeiauteDeImportacao.objects.get_or_create(
        banca=banca.strip(), nome=nome.strip(), defaults={"criado_por": usuario}
    )
    leiaute.colunas = normalizar_colunas(mapeamento)
    leiaute.full_clean()
    leiaute.save()
    return leiaute


def leiautes_sugeridos(cabecalhos: list[str]) -> list[LeiauteDeImportacao]:
    """Os leiautes salvos que reconhecem cabeçalhos do arquivo, os que reconhecem mais primeiro (no
    empate, o que tem menos colunas que o arquivo não traz, depois o atualizado mais recentemente)."""
    do_arquivo = {normalizar_cabecalho(c) for c in cabecalhos} - {""}
    pontuados = []
    for leiaute in LeiauteDeImportacao.objects.order_by("-atualizado_em", "-pk"):
        colunas = set(leiaute.colunas or {})
        if comuns := len(colunas & do_arquivo):
            pontuados.append((-comuns, len(colunas - do_arquivo), len(pontuados), leiaute))
    return [leiaute for *_, leiaute in sorted(pontuados, key=lambda p: p[:3])]
