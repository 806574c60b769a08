"""Peças comuns do admin de concursos (e da heteroidentificação): o registro do acesso a dados
sensíveis na ficha e na lista (``AcessoRegistradoNoAdmin``) e a página "Histórico" do
django-simple-history, só para ver (``HistoricoNoAdmin``)."""

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from simple_history.admin import SimpleHistoryAdmin
from simple_history.template_utils import HistoricalRecordContextHelper

from ..services.acessos import descrever, registrar_acesso


class AcessoRegistradoNoAdmin:
    """Registra a ficha (``render_change_form``) e, com ``acesso_na_lista``, a lista do admin.

    ``acesso_o_que``: o que a ficha revela; ``revela_dados_sensiveis``: se este usuário os vê
    nesta ficha (quem não vê, nada registra); ``rotulo_do_acesso``: a identificação do registro,
    sem o dado. A lista registra uma linha por página, com a quantidade de linhas mostradas.
    """

    acesso_o_que = ""
    acesso_na_lista = ""

    def revela_dados_sensiveis(self, request, obj) -> bool:
        return True

    def rotulo_do_acesso(self, obj) -> str:
        return ""

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        resposta = super().render_change_form(request, context, add, change, form_url, obj)
        if obj is not None and self.acesso_o_que and self.revela_dados_sensiveis(request, obj):
            registrar_acesso(request, o_que=self.acesso_o_que, objeto=descrever(obj, self.rotulo_do_acesso(obj)))
        return resposta

    def changelist_view(self, request, extra_context=None):
        resposta = super().changelist_view(request, extra_context)
        lista = getattr(resposta, "context_data", None) or {}
        if self.acesso_na_lista and "cl" in lista:
            # ``result_list`` é o mesmo queryset que o template percorre: contar não repete a consulta.
            linhas = len(lista["cl"].result_list)
            objeto = f"lista de {self.model._meta.verbose_name_plural}"
            registrar_acesso(request, o_que=self.acesso_na_lista, objeto=objeto, quantidade=linhas)
        return resposta


class _SemCamposOcultos(HistoricalRecordContextHelper):
    def __init__(self, *args, ocultos=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.ocultos = set(ocultos)

    def context_for_delta_changes(self, delta):
        mudancas = super().context_for_delta_changes(delta)
        nomes = [mudanca.field for mudanca in delta.changes]
        return [m for nome, m in zip(nomes, mudancas, strict=True) if nome not in self.ocultos]


def _exigir_chave(modelo, valor) -> None:
    """Chave que não é um número (ou não cabe na coluna): página inexistente (404), não erro 500."""
    try:
        chave = modelo._meta.pk.to_python(valor)
        modelo._meta.pk.get_prep_value(chave)
    except (ValidationError, ValueError, TypeError, OverflowError):
        raise Http404(f"{modelo._meta.verbose_name}: não existe registro com a chave {str(valor)[:40]!r}.") from None
    if isinstance(chave, int) and not -(2**63) <= chave < 2**63:
        raise Http404(f"{modelo._meta.verbose_name}: não existe registro com a chave {str(valor)[:40]!r}.")


class HistoricoNoAdmin(SimpleHistoryAdmin):
    """A página "Histórico" do django-simple-history (versões, quem alterou, o que mudou), só
    para ver: reverter passaria por cima dos serviços e das regras de só leitura do admin, e o
    django-simple-history aceita o POST de reversão de quem só tem permissão de ver.

    ``campos_ocultos_no_historico``: campos cujas mudanças o usuário não pode ver (cor/raça sem
    ``ver_dados_sensiveis``). ``acesso_no_historico``: as versões mostram dados sensíveis (a cor/raça
    da inscrição, o voto do parecer), e abrir o histórico fica registrado como acesso, com
    ``revela_dados_sensiveis`` e ``rotulo_do_acesso`` de ``AcessoRegistradoNoAdmin``.
    """

    acesso_no_historico = False

    def campos_ocultos_no_historico(self, request) -> tuple[str, ...]:
        return ()

    def revert_disabled(self, request, obj=None):
        return True

    def history_view(self, request, object_id, extra_context=None):
        _exigir_chave(self.model, object_id)  # /abc/history/ dava ValueError (erro 500)
        return super().history_view(request, object_id, extra_context)

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        _exigir_chave(self.model, object_id)
        _exigir_chave(self.model.history.model, version_id)
        if request.method != "GET":
            raise PermissionDenied("O histórico é só para consulta.")
        return super().history_form_view(request, object_id, version_id, extra_context)

    def get_historical_record_context_helper(self, request, historical_record):
        ocultos = self.campos_ocultos_no_historico(request)
        return _SemCamposOcultos(self.model, historical_record, ocultos=ocultos)

    def render_history_view(self, request, template, context, **kwargs):
        obj = context.get("original") or context.get("object")
        if self.acesso_no_historico and obj is not None and self.revela_dados_sensiveis(request, obj):
            registrar_acesso(request, o_que="historico", objeto=descrever(obj, self.rotulo_do_acesso(obj)))
        return super().render_history_view(request, template, context, **kwargs)
