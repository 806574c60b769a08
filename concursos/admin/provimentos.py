"""Nomeação, posse, exercício e atos de convocação no admin (Ajuda › Convocação, nomeação, posse e exercício): o quadro dos
convocados na página do cargo e as fichas, só para leitura (quem grava são os serviços de
``services.provimentos`` e ``services.convocacoes``)."""

from django.contrib import admin
from django.db.models.functions import Length

from comum import relogio
from comum.admin import ParametrosConferidos, SoLeitura
from cotas.modelo import DESISTENCIA, NAO_POSSE

from ..consultas.provimentos import situacao_dos_convocados
from ..services.convocacoes import PERMISSAO as PUBLICAR_CONVOCACAO
from ..services.provimentos import PERMISSAO

AJUDA_DOS_PRAZOS = (
    "A posse conta da publicação da nomeação e o exercício, da posse. Padrão: 30 e 15 dias, os da Lei "
    "8.112/1990 (arts. 13, §1º, e 15, §1º), até que o edital diga outro prazo (Ajuda › Convocação, nomeação, posse e exercício)."
)


def contexto_dos_provimentos(request, cargo) -> dict:
    """O quadro dos convocados e os atos de convocação da página do cargo, com "hoje" de
    ``relogio.hoje()``."""
    return {
        "convocados": situacao_dos_convocados(cargo, relogio.hoje()),
        "pode_prover": request.user.has_perm(PERMISSAO),
        "tipo_nao_posse": NAO_POSSE,
        "tipo_desistencia": DESISTENCIA,
        "pode_convocar": request.user.has_perm(PUBLICAR_CONVOCACAO),
        "atos_de_convocacao": cargo.atos_de_convocacao.select_related("registrado_por", "registro")
        .defer("pdf", "registro__conteudo", "registro__editavel")
        .annotate(tem_editavel=Length("registro__editavel")),
    }


class ProvimentoAdmin(ParametrosConferidos, SoLeitura, admin.ModelAdmin):
    list_display = ["inscricao", "portaria", "data_da_nomeacao", "data_da_posse", "data_do_exercicio"]
    list_select_related = ["inscricao__candidato"]
    search_fields = ["inscricao__numero", "portaria"]
    fields = [
        "inscricao",
        "portaria",
        "data_da_nomeacao",
        "registrado_por",
        "registrado_em",
        "data_da_posse",
        "posse_registrada_por",
        "data_do_exercicio",
        "exercicio_registrado_por",
    ]

    def has_view_permission(self, request, obj=None):
        return request.user.has_perm("concursos.view_provimento")


class AtoDeConvocacaoAdmin(ParametrosConferidos, SoLeitura, admin.ModelAdmin):
    list_display = ["numero", "cargo", "data", "prazo", "registrado_por"]
    list_select_related = ["cargo", "registrado_por"]
    search_fields = ["numero"]
    fields = [
        "cargo",
        "numero",
        "data",
        "local",
        "prazo",
        "inscricoes",
        "hash_do_pdf",
        "registrado_por",
        "registrado_em",
    ]
