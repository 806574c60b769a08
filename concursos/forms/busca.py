"""O campo de inscrição do formulário de evento: uma caixa de texto com a lista de sugestões, que
aceita o número, parte do nome ou o CPF (a busca é de ``consultas.busca``)."""

from django import forms
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.template.loader import render_to_string

from ..consultas.busca import MAXIMO_DE_CARACTERES, buscar, buscavel, rotulo
from ..models import Inscricao

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
        if not texto or not buscavel(texto):
            return ""
        inscricao = self.queryset.select_related("candidato").filter(numero=texto).first()
        return self.rotular(inscricao) if inscricao else ""

    def prepare_value(self, value):
        return value.numero if isinstance(value, Inscricao) else value

    def to_python(self, value):
        texto = " ".join(str(value or "").split())
        if not texto:
            return None
        if not buscavel(texto):
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
