"""A leitura em lote dos candidatos de um cenário grande (``cenario._candidatos``).

Um edital nacional tem 100 mil candidatos; lidos um a um (``cenario._candidato``), eram ~3 µs cada:
a chamada, dez consultas ao dicionário, a conferência das chaves, o objeto. Aqui, um laço só, que
cobre o formato comum e cede à leitura um a um (que dá as mensagens de erro) diante de qualquer
coisa fora dele.
"""

from dataclasses import MISSING, fields
from datetime import date
from decimal import Decimal, InvalidOperation

from .modelo import Candidato

# A partir de quantos candidatos vale o lote (``candidatos_comuns``); para poucos, ler um a um custa
# o mesmo.
MINIMO_PARA_O_CAMINHO_RAPIDO = 256
# Os campos de ``Candidato`` na ordem e com os valores padrão (``None`` nos obrigatórios);
# ``{**PADRAO, **linha}`` tem todos os campos, e só eles se a linha não traz nenhum desconhecido.
PADRAO = {campo.name: None if campo.default is MISSING else campo.default for campo in fields(Candidato)}
_criar = object.__new__
_atribuir = object.__setattr__


def candidatos_comuns(lista: list, decimais: dict) -> tuple[Candidato, ...] | None:
    """Os mesmos candidatos que ``_candidato`` leria um a um, num laço só, sem uma chamada por
    candidato: ``{**PADRAO, **linha}`` traz todos os campos (os que faltam com o padrão; um campo
    desconhecido aparece no tamanho) e vira o dicionário do objeto, com os campos convertidos
    trocados (como em ``cenario._novo_candidato``); cada nota em texto é lida uma vez (``decimais``,
    como em ``_candidato``), cada data em cada candidato.

    Só cobre o formato comum (tipos exatos: notas e parciais em texto com ponto, datas em texto,
    grupos em lista sem repetição, verificação em objeto). Devolve ``None`` se qualquer linha foge
    disso: a leitura um a um dá então o mesmo resultado, ou o erro do primeiro candidato errado."""
    try:
        return _laco_comum(lista, decimais)
    except (TypeError, ValueError):  # valor não hasheável onde se espera texto, data fora do formato comum
        return None


def _laco_comum(lista: list, decimais: dict) -> tuple[Candidato, ...] | None:
    padrao, quantos_campos = PADRAO, len(PADRAO)
    criar, atribuir = _criar, _atribuir
    fromiso = date.fromisoformat
    # As tuplas que se repetem entre candidatos são guardadas uma vez só (cada objeto que fica na
    # memória custa mais do que o seu cálculo): parciais, grupos e verificações, por conteúdo. Só
    # se compartilham tuplas de textos (uma igual a elas só tem textos: nada muda ao trocá-la).
    parciais = {}
    grupos_vistos = {}  # conferidas quanto a repetição
    verificacoes = {}
    lidos = []
    novo = lidos.append
    for item in lista:
        if type(item) is not dict:
            return None
        campos = {**padrao, **item}
        if len(campos) != quantos_campos:
            return None
        inscricao = campos["inscricao"]
        if type(inscricao) is not str or not inscricao or inscricao.isspace():
            return None
        texto = campos["nota"]
        nota = decimais.get(texto)
        if nota is None:
            if type(texto) is not str or (nota := decimal_rapido(texto, decimais)) is None:
                return None
        notas = campos["notas"]
        if notas:
            if type(notas) is not dict:
                return None
            chave = tuple(notas.items())
            convertidas = parciais.get(chave)
            if convertidas is None:
                convertidas = _parciais(chave, decimais)
                if convertidas is None:
                    return None
                parciais[chave] = convertidas
            notas = convertidas
        else:
            notas = ()
        nascimento = campos["nascimento"]
        if nascimento is not None:
            if type(nascimento) is not str or len(nascimento) != 10:
                return None
            # A data como ``_candidato`` a lê primeiro (``aaaa-mm-dd``), lida de novo em cada candidato:
            # guardar cada data distinta num dicionário custava mais, porque achá-la compara o texto
            # com o de outro candidato, longe na memória. Outro formato (``dd/mm/aaaa``) ou data
            # inválida: ``ValueError``, e a leitura um a um decide.
            nascimento = fromiso(nascimento)
        jurado, eliminado, sorteio = campos["jurado"], campos["eliminado"], campos["sorteio"]
        if jurado is not False or eliminado is not False:
            if type(jurado) is not bool or type(eliminado) is not bool:
                return None
        if sorteio is not None and type(sorteio) is not int:
            return None
        grupos = campos["grupos"]
        if grupos:
            if type(grupos) is not list:
                return None
            grupos = tuple(grupos)
            if grupos not in grupos_vistos:
                if len(set(map(str, grupos))) != len(grupos) or set(map(type, grupos)) != {str}:
                    return None
                grupos_vistos[grupos] = grupos
            grupos = grupos_vistos[grupos]
        else:
            grupos = ()
        verificacao = campos["verificacao"]
        if verificacao:
            if type(verificacao) is not dict:
                return None
            verificacao = tuple(verificacao.items())
            vista = verificacoes.get(verificacao)
            if vista is None:
                if not all(type(g) is str and type(v) is str for g, v in verificacao):
                    return None
                vista = verificacoes[verificacao] = verificacao
            verificacao = vista
        else:
            verificacao = ()
        candidato = criar(Candidato)
        campos["nota"] = nota
        campos["notas"] = notas
        campos["nascimento"] = nascimento
        campos["grupos"] = grupos
        campos["verificacao"] = verificacao
        atribuir(candidato, "__dict__", campos)
        novo(candidato)
    return tuple(lidos)


def _parciais(pares: tuple, decimais: dict) -> tuple | None:
    """As notas parciais ``(campo, texto)`` em ``(campo, Decimal)``; ``None`` fora do formato comum."""
    convertidas = []
    for campo, texto in pares:
        valor = decimais.get(texto)
        if valor is None:
            if type(texto) is not str or (valor := decimal_rapido(texto, decimais)) is None:
                return None
        if type(campo) is not str:
            return None
        convertidas.append((campo, valor))
    return tuple(convertidas)


def decimal_rapido(texto: str, decimais: dict) -> Decimal | None:
    """Decimal de uma nota em texto com ponto; ``None`` para o caminho completo de ``ler_numero``.

    O mesmo texto dá o mesmo objeto (``decimais``, um por cenário): além de não converter de novo,
    o ``hash`` de um ``Decimal`` (calculado na primeira vez e guardado nele) sai uma vez por nota
    distinta quando a classificação dá os postos (``classificacao._postos``)."""
    numero = decimais.get(texto)
    if numero is None:
        try:
            numero = Decimal(texto)
        except InvalidOperation:
            return None
        if not numero.is_finite():
            return None
        decimais[texto] = numero
    return numero
