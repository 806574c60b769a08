"""Achar a inscrição de um cargo no formulário de evento sem rolar uma lista de milhares: pelo número,
pelo nome (civil ou social, sem acentos nem maiúsculas, cada palavra em qualquer ordem) ou pelo CPF.

O CPF só se busca pelo que as telas mostram (os seis dígitos do meio de ``***.456.789-**``, ao
menos três deles) ou inteiro (os onze, como o candidato o apresenta): procurar por trechos das partes
escondidas permitiria descobri-las por tentativa. Cada resultado sai com o CPF mascarado.

A ordem é a de quem digita um número: o número exato primeiro, depois os números que começam pelo
texto, depois os nomes e por fim o CPF; até ``LIMITE`` inscrições.
"""

from dataclasses import dataclass

from django import forms
from django.core.exceptions import ValidationError
from django.db.models import Q, QuerySet
from django.db.models.functions import Substr
from django.template.loader import render_to_string

from comum.busca import SemAcentos, para_busca
from comum.cpf import normalizar_cpf
from comum.validadores import tem_caracteres_de_controle
from cotas.regimes import rotulo_do_grupo

from ..models import Inscricao

LIMITE = 20
MAXIMO_DE_CARACTERES = 120
MINIMO_DE_LETRAS = 2
MINIMO_DE_DIGITOS_DO_CPF = 3


@dataclass(frozen=True)
class Encontradas:
    inscricoes: list
    mais: bool  # há outras além das mostradas: digitar mais


def buscar(inscricoes: QuerySet, digitado: str, limite: int = LIMITE) -> Encontradas:
    texto = " ".join(str(digitado or "").split())
    if not texto or not _buscavel(texto):
        return Encontradas([], False)
    base = inscricoes.select_related("candidato")
    consultas = [base.filter(numero=texto), base.filter(numero__istartswith=texto).order_by("numero")]
    palavras = para_busca(texto).split()
    if len(texto) >= MINIMO_DE_LETRAS and any(c.isalpha() for c in texto):
        por_nome = base.annotate(_nome=SemAcentos("candidato__nome"), _social=SemAcentos("candidato__nome_social"))
        for palavra in palavras:
            por_nome = por_nome.filter(Q(_nome__contains=palavra) | Q(_social__contains=palavra))
        consultas.append(por_nome.order_by("candidato__nome", "numero"))
    digitos = normalizar_cpf(texto)
    if len(digitos) == 11:
        consultas.append(base.filter(candidato__cpf=digitos))
    elif MINIMO_DE_DIGITOS_DO_CPF <= len(digitos) <= 6 and not any(c.isalpha() for c in texto):
        meio = base.annotate(_meio=Substr("candidato__cpf", 4, 6)).filter(_meio__contains=digitos)
        consultas.append(meio.order_by("numero"))
    achadas: dict[int, object] = {}
    for consulta in consultas:
        for inscricao in consulta[: limite + 1]:
            achadas.setdefault(inscricao.pk, inscricao)
    lista = list(achadas.values())
    return Encontradas(lista[:limite], len(lista) > limite)


def _buscavel(texto: str) -> bool:
    """Nem texto enorme (o LIKE do SQLite recusa padrões longos) nem caracteres de controle (o
    PostgreSQL recusa o NUL): ninguém digita isso numa busca."""
    return len(texto) <= MAXIMO_DE_CARACTERES and not tem_caracteres_de_controle(texto)


def situacoes_atuais(cargo) -> dict[str, str]:
    """Quem está convocado na última versão do resultado, para ajudar a escolher a inscrição."""
    ultimo = cargo.resultados.order_by("-versao").first()
    if ultimo is None:
        return {}
    return {
        p.inscricao: f"convocada: {p.posicao}ª vaga, {rotulo_do_grupo(p.vaga).lower()}"
        for p in ultimo.saida_do_motor.ordem_vigente
        if p.inscricao
    }


def rotulo(inscricao, situacoes: dict[str, str]) -> str:
    """``1006 — Zacarias Nascimento — CPF ***.456.789-** (convocada: 3ª vaga, negros)``."""
    candidato = inscricao.candidato
    texto = f"{inscricao.numero} — {candidato.nome_de_uso} — CPF {candidato.cpf_mascarado}"
    return f"{texto} ({situacoes[inscricao.numero]})" if inscricao.numero in situacoes else texto


LIMITE_NA_MENSAGEM = 10


class CampoDeBusca(forms.TextInput):
    """Caixa de texto com a lista de sugestões (combobox da WAI-ARIA, concursos/busca_de_inscricao.js).
    Sem JavaScript continua um campo de texto: o número, o nome ou o CPF digitado é resolvido no
    envio (``InscricaoPorBusca``). Embaixo, a inscrição escolhida por extenso, anunciada ao mudar."""

    template_name = "concursos/widgets/busca_de_inscricao.html"

    class Media:
        js = ("concursos/busca_de_inscricao.js",)

    def __init__(self, attrs=None):
        padrao = {"autocomplete": "off", "spellcheck": "false", "maxlength": MAXIMO_DE_CARACTERES}
        super().__init__({**padrao, **(attrs or {})})
        self.url = ""
        self.escolhida = lambda valor: ""

    def get_context(self, name, value, attrs):
        contexto = super().get_context(name, value, attrs)
        contexto["widget"].update(url=self.url, escolhida=self.escolhida(value))
        return contexto

    def render(self, name, value, attrs=None, renderer=None):
        # O template mora em templates/ do projeto, que o renderizador padrão dos formulários não lê.
        return render_to_string(self.template_name, self.get_context(name, value, attrs))


class InscricaoPorBusca(forms.ModelChoiceField):
    """A inscrição pelo número (o que as listas e os PDFs mostram); outro texto é buscado como na
    lista de sugestões e vale se achar uma inscrição só — a confirmação do evento mostra quem é antes
    de gravar. Várias: a mensagem lista as primeiras, com o CPF mascarado."""

    widget = CampoDeBusca

    def __init__(self, **kwargs):
        kwargs.setdefault("help_text", "Digite o número de inscrição, parte do nome ou o CPF e escolha na lista.")
        super().__init__(queryset=Inscricao.objects.none(), to_field_name="numero", **kwargs)
        self.situacoes: dict[str, str] = {}

    def preparar(self, inscricoes: QuerySet, situacoes: dict[str, str], url: str) -> None:
        self.queryset = inscricoes
        self.situacoes = situacoes
        self.widget.url = url
        self.widget.escolhida = self._rotulo_do_valor

    def rotular(self, inscricao) -> str:
        return rotulo(inscricao, self.situacoes)

    def _rotulo_do_valor(self, valor) -> str:
        texto = " ".join(str(valor or "").split())
        if not texto or not _buscavel(texto):
            return ""
        inscricao = self.queryset.select_related("candidato").filter(numero=texto).first()
        return self.rotular(inscricao) if inscricao else ""

    def prepare_value(self, value):
        return value.numero if isinstance(value, Inscricao) else value

    def to_python(self, value):
        texto = " ".join(str(value or "").split())
        if not texto:
            return None
        if not _buscavel(texto):
            raise ValidationError(
                f"Digite o número de inscrição, o nome ou o CPF (até {MAXIMO_DE_CARACTERES} caracteres, sem "
                "caracteres de controle).",
                code="invalid_choice",
            )
        exata = self.queryset.select_related("candidato").filter(numero=texto).first()
        if exata is not None:
            return exata
        encontradas = buscar(self.queryset, texto, limite=LIMITE_NA_MENSAGEM)
        if len(encontradas.inscricoes) == 1 and not encontradas.mais:
            return encontradas.inscricoes[0]
        if not encontradas.inscricoes:
            raise ValidationError(
                f"Nenhuma inscrição deste cargo tem o número, o nome ou o CPF “{texto}”.", code="invalid_choice"
            )
        quantas = f"mais de {LIMITE_NA_MENSAGEM}" if encontradas.mais else str(len(encontradas.inscricoes))
        lista = "; ".join(rotulo(i, self.situacoes) for i in encontradas.inscricoes)
        raise ValidationError(
            f"“{texto}” corresponde a {quantas} inscrições deste cargo: {lista}. Escolha uma na lista ou "
            "digite o número de inscrição.",
            code="invalid_choice",
        )
