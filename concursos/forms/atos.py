"""Campos de formulário do ato que fundamenta um evento (docs/REGRAS.md §9), os mesmos no formulário
do evento e na confirmação da reimportação: a publicação no Diário Oficial e o processo judicial da
decisão sub judice (a regra que os liga é ``atos.Ato.exigir_processo``; os campos viram um ``Ato``
por ``Ato.do_formulario``). E o formulário da publicação de um resultado: edição, data e página do
Diário Oficial, as mesmas para todas as versões publicadas de uma vez; e o intervalo de anos
possível de uma data digitada."""

from django import forms
from django.core.exceptions import ValidationError

from comum.validadores import validar_texto_limpo

from ..atos import TAMANHO_DA_REFERENCIA, conferir_diario_oficial
from ..diario_oficial import DiarioOficial

PRIMEIRO_ANO, ULTIMO_ANO = 1988, 2199  # editais: da Constituição (concurso público, art. 37) em diante


def campo_do_diario_oficial() -> forms.CharField:
    return forms.CharField(
        label="Publicação no Diário Oficial",
        max_length=200,
        required=False,
        validators=[validar_texto_limpo],
        help_text="Opcional, por exemplo “DOM nº 1234, 02/05/2025, p. 7”.",
    )


def campo_do_processo(help_text: str) -> forms.CharField:
    return forms.CharField(
        label="Número do processo judicial",
        max_length=40,
        required=False,
        validators=[validar_texto_limpo],
        help_text=help_text,
    )


class DiarioOficialForm(forms.Form):
    """Onde os ``resultados`` foram publicados; a data é conferida contra cada um (nem anterior à
    geração da versão, nem no futuro). Depois de válido, ``diario_oficial`` é a referência — ou
    ``None``, com os três campos em branco: o jornal ainda não saiu, e a referência se acrescenta
    depois, no ato registrado (docs/ATOS-PUBLICADOS.md, seção 2a)."""

    edicao = forms.CharField(
        label="Edição do Diário Oficial",
        max_length=TAMANHO_DA_REFERENCIA,
        required=False,
        validators=[validar_texto_limpo],
        help_text="Número da edição do Diário Oficial do Município, por exemplo “2.345”.",
    )
    data = forms.DateField(
        label="Data da edição", required=False, help_text="dd/mm/aaaa; nem antes da geração, nem no futuro."
    )
    pagina = forms.CharField(
        label="Página",
        max_length=TAMANHO_DA_REFERENCIA,
        required=False,
        validators=[validar_texto_limpo],
        help_text="Página (ou páginas) em que o resultado saiu, por exemplo “7” ou “7-9”.",
    )
    ROTULOS = {"edicao": "a edição", "data": "a data da edição (dd/mm/aaaa)", "pagina": "a página"}

    def __init__(self, resultados, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.resultados = list(resultados)
        self.diario_oficial = None

    def clean(self):
        dados = super().clean()
        if self.errors:
            return dados
        preenchidos = {campo for campo in self.ROTULOS if dados.get(campo) not in (None, "")}
        if not preenchidos:  # o jornal ainda não saiu: publica-se sem a referência, acrescentada depois
            return dados
        for campo in self.ROTULOS.keys() - preenchidos:
            self.add_error(
                campo,
                f"Informe também {self.ROTULOS[campo]}, ou deixe a edição, a data e a página em branco "
                "para acrescentar a referência quando o Diário Oficial sair.",
            )
        if self.errors:
            return dados
        referencia = DiarioOficial(dados["edicao"], dados["data"], dados["pagina"])
        try:
            for resultado in self.resultados:
                referencia = conferir_diario_oficial(referencia, resultado)
        except ValidationError as erro:
            self.add_error(None, erro)
        else:
            self.diario_oficial = referencia
        return dados
