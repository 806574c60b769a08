"""O texto em português de uma recusa (``ValidationError`` dos serviços, ``ErroDeCotas`` do motor,
``PermissionDenied``) e as mensagens de sucesso do admin no gênero e no número do nome do modelo."""

import re

from django.core.exceptions import ValidationError
from django.utils.html import conditional_escape
from django.utils.safestring import SafeData, mark_safe


def mensagem_de(erro: Exception, *, separador: str = "; ", padrao: str = "") -> str:
    """As mensagens de um ``ValidationError`` juntas por ``separador``; de outro erro, o seu texto
    (ou ``padrao``, se o erro veio sem texto)."""
    if isinstance(erro, ValidationError):
        return separador.join(erro.messages)
    return str(erro) or padrao


# O gênero gramatical do nome de um modelo (``verbose_name``), para as mensagens do admin. Um modelo de
# nome feminino declara ``genero = FEMININO`` na classe; sem a declaração, o nome é masculino.
MASCULINO = "masculino"
FEMININO = "feminino"

# As mensagens do admin do Django em pt-BR são todas no masculino ("O comissão … foi adicionado") e a
# da exclusão em lote, também no singular ("Removido 3 editais"): cada par é (masculino, feminino) da
# parte da mensagem que vem depois do nome do objeto, já traduzida pelo Django.
_PARTICIPIOS = [
    ("foi adicionado", "foi adicionada"),
    ("foi alterado", "foi alterada"),
    ("foi removido", "foi removida"),
    ("editá-lo", "editá-la"),
    ("alterá-lo", "alterá-la"),
]
_REMOVIDOS_EM_LOTE = re.compile(r"^Removido (?P<quantidade>\d+) (?P<nome>.+) com sucesso\.$")
_ALTERADOS_NA_LISTA = re.compile(r"^(?P<quantidade>\d+) (?P<nome>.+) modificados? com sucesso\.$")


def no_genero(mensagem: str, *, nome: str, genero: str) -> str:
    """A mensagem de sucesso do admin do Django com o artigo, o particípio e o número de ``nome``
    (o ``verbose_name`` do modelo): "A comissão “…” foi adicionada com sucesso.", "3 inscrições
    removidas com sucesso.". Outra mensagem volta como veio; a que veio segura (o Django põe o link do
    objeto com ``format_html``) continua segura: só as palavras fixas mudam."""
    segura = isinstance(mensagem, SafeData)
    nova = _concordar(str(mensagem), nome=conditional_escape(nome) if segura else nome, feminino=genero == FEMININO)
    return mark_safe(nova) if segura else nova


def _concordar(mensagem: str, *, nome: str, feminino: bool) -> str:
    for padrao, verbo in ((_REMOVIDOS_EM_LOTE, "removid"), (_ALTERADOS_NA_LISTA, "modificad")):
        if casou := padrao.match(mensagem):
            plural = "s" if casou["quantidade"] != "1" else ""
            return f"{casou['quantidade']} {casou['nome']} {verbo}{'a' if feminino else 'o'}{plural} com sucesso."
    inicio = re.match(rf"^O\s+{re.escape(nome)} “", mensagem)
    if not inicio or "”" not in mensagem[inicio.end() :]:
        return mensagem
    objeto, _, resto = mensagem[inicio.end() :].rpartition("”")
    resto = resto.replace("Você talvez adicione outro", "Você pode adicionar outro")
    if feminino:
        for masculino, feminina in _PARTICIPIOS:
            resto = resto.replace(masculino, feminina)
        resto = resto.replace(f"outro {nome}", f"outra {nome}")
    return f"{'A' if feminino else 'O'} {nome} “{objeto}”{resto}"


def quantos(quantidade: int, singular: str, plural: str) -> str:
    """O número e a palavra que concorda com ele: "1 convocado", "3 convocados" (nunca "1 convocados"
    nem "convocado(s)")."""
    return f"{quantidade} {singular if quantidade == 1 else plural}"
