"""A tabela dos tipos de ato publicado (docs/ATOS-PUBLICADOS.md): cada tipo, uma entrada — o nome,
o modelo do documento e a permissão de quem pode confirmá-lo. Um tipo novo é uma entrada aqui e o
seu modelo (o PDF e o arquivo editável, DOCX, saem dele); o registro (``services.atos.registrar_ato``),
a numeração por tipo e ano, a verificação pública e o Diário Oficial valem para todos sem mudar nada."""

from collections.abc import Callable
from dataclasses import dataclass

from .pdf.convocacao import convocacao_docx
from .pdf.editavel import do_modelo, resultado_publicado_docx
from .pdf.resultado import resultado_publicado_pdf


@dataclass(frozen=True)
class TipoDeAto:
    nome: str  # como o ato se chama no documento e nas telas
    modelo: str  # o modelo do Django que desenha o PDF (recebe ``registro`` com o código e o endereço)
    permissao: str  # quem pode confirmar a publicação (``user.has_perm``)
    # O arquivo editável para o Diário Oficial (DOCX), do mesmo contexto do PDF. Sem ele, o tipo
    # desenhado por um ``modelo`` ganha o HTML do mesmo modelo convertido (``pdf.editavel.do_modelo``).
    editavel: Callable[[dict], bytes] | None = None
    # Quem desenha o PDF quando não é o ``modelo`` pelo WeasyPrint de uma vez: o resultado publicado
    # é diagramado em Python e desenhado em fatias (``pdf.resultado``), porque chega a milhares de páginas.
    desenhar: Callable[[dict], bytes] | None = None
    # O registro de acesso (``AcessoADadosSensiveis.O_QUE``) de quem baixa o editável de um ato com
    # dados de pessoas; vazio: o ato só traz contagens ou o quadro, baixá-lo não se registra.
    acesso: str = ""

    def __post_init__(self):
        if self.editavel is None and self.modelo:
            object.__setattr__(self, "editavel", do_modelo(self.modelo))


EDITAL_DE_CONVOCACAO = "edital_de_convocacao"
ANEXO_I = "anexo_i"
RESULTADO_PUBLICADO = "resultado"
PRESTACAO_DE_CONTAS = "prestacao_de_contas"
RESULTADO_DA_HETEROIDENTIFICACAO = "resultado_heteroidentificacao"

TIPOS_DE_ATO: dict[str, TipoDeAto] = {
    EDITAL_DE_CONVOCACAO: TipoDeAto(
        "Edital de convocação",
        "concursos/pdf/convocacao.html",
        "concursos.publicar_ato_de_convocacao",
        editavel=convocacao_docx,
        acesso="pdf_ato_de_convocacao",
    ),
    ANEXO_I: TipoDeAto("Anexo I — Quadro de vagas", "concursos/pdf/quadro_de_vagas.html", "concursos.change_edital"),
    # As listas e a ordem de convocação de uma versão do resultado de um cargo, quando ela se publica.
    RESULTADO_PUBLICADO: TipoDeAto(
        "Resultado publicado",
        "",
        "concursos.publicar_resultado",
        desenhar=resultado_publicado_pdf,
        editavel=resultado_publicado_docx,
        acesso="pdf_resultado",
    ),
    # O resultado definitivo da heteroidentificação de uma comissão, só pelo número de inscrição.
    RESULTADO_DA_HETEROIDENTIFICACAO: TipoDeAto(
        "Resultado definitivo da heteroidentificação",
        "heteroidentificacao/pdf/resultado_definitivo_publicado.html",
        "concursos.change_edital",
        acesso="pdf_resultado_heteroidentificacao",
    ),
    # A versão pública do relatório de prestação de contas das reservas (só contagens, "< 5" e "X").
    PRESTACAO_DE_CONTAS: TipoDeAto(
        "Relatório de prestação de contas (versão pública)",
        "heteroidentificacao/pdf/prestacao_de_contas.html",
        "concursos.change_edital",
    ),
}


def tipo_de_ato(chave: str) -> TipoDeAto:
    """A entrada da tabela; ``KeyError`` com o nome do tipo desconhecido."""
    try:
        return TIPOS_DE_ATO[chave]
    except KeyError:
        raise KeyError(f"Tipo de ato desconhecido: {chave!r}.") from None
