"""A importação pelo admin com as correções de nota dos cargos publicados (``revisoes``): um mixin
para o ``InscricaoAdmin``, antes do ``ImportExportModelAdmin``.

- Na prévia, a tela de confirmação mostra, por cargo publicado, quem tem a nota corrigida e o efeito
  calculado pelo motor (template ``admin/concursos/inscricao/import.html``), leva a assinatura do que
  mostrou (``previa``) e pede o ato (documento, data, Diário Oficial, sub judice e processo). Sem
  correções, os campos do ato nem aparecem.
- Na confirmação, o recurso recebe o ato e a assinatura; se algo for recusado (a data, o motor, uma
  prévia que não é mais a mesma), nada é gravado e a tela diz por quê, em vez de "Importação
  concluída".
"""

from django.contrib import messages
from django.http import HttpResponseRedirect
from django.urls import reverse

from .resultado import mensagens_de_erro
from .revisoes import CAMPOS_DO_ATO


class ReimportacaoNoAdmin:
    def import_action(self, request, **kwargs):
        resposta = super().import_action(request, **kwargs)
        contexto = getattr(resposta, "context_data", None) or {}
        resultado, confirmacao = contexto.get("result"), contexto.get("confirm_form")
        if confirmacao is not None:
            assinatura = getattr(resultado, "assinatura_das_revisoes", "")
            confirmacao.initial["previa"] = assinatura
            for campo in CAMPOS_DO_ATO:
                if not assinatura:
                    del confirmacao.fields[campo]
                elif campo in ("documento", "data_do_ato"):
                    confirmacao.fields[campo].required = True
        return resposta

    def process_import(self, request, **kwargs):
        """Confirmação recusada pelo formulário (falta o documento, data fora da validade): a tela
        volta com os erros e, de novo, a prévia de quem muda (o arquivo continua guardado)."""
        resposta = super().process_import(request, **kwargs)
        contexto = getattr(resposta, "context_data", None)
        if contexto is not None and "result" not in contexto:
            confirmacao = contexto["confirm_form"]
            dados = getattr(confirmacao, "cleaned_data", {})
            if all(campo in dados for campo in ("edital", "format", "import_file_name")):
                contexto["result"] = self._previa_de_novo(request, dados)
        return resposta

    def _previa_de_novo(self, request, dados):
        formato = self.get_import_formats()[int(dados["format"])](encoding=self.from_encoding)
        guardado = self.get_tmp_storage_class()(
            name=dados["import_file_name"],
            encoding=None if formato.is_binary() else self.from_encoding,
            read_mode=formato.get_read_mode(),
            **self.get_tmp_storage_class_kwargs(),
        )
        recurso = self.get_import_resource_classes(request)[0](edital=dados["edital"])
        return recurso.import_data(formato.create_dataset(guardado.read()), dry_run=True, user=request.user)

    def get_import_resource_kwargs(self, request, **kwargs):
        argumentos = super().get_import_resource_kwargs(request, **kwargs)
        formulario = kwargs.get("form")
        if hasattr(formulario, "ato") and getattr(formulario, "cleaned_data", None):
            argumentos.update(ato=formulario.ato(), previa=formulario.cleaned_data.get("previa") or "")
        return argumentos

    def process_result(self, result, request):
        if result.has_errors() or result.has_validation_errors():
            for mensagem in mensagens_de_erro(result):
                messages.error(request, mensagem)
            messages.error(request, "Nada foi gravado. Corrija e envie o arquivo de novo.")
            return HttpResponseRedirect(reverse("admin:concursos_inscricao_import"))
        resposta = super().process_result(result, request)
        for registradas in getattr(result, "revisoes_registradas", ()):
            cargo, resultado = registradas.resultado.cargo, registradas.resultado
            messages.success(
                request,
                f"Cargo {cargo.codigo} ({cargo.nome}), resultado publicado: {len(registradas.eventos)} correção(ões) "
                f"de nota registrada(s) como evento, com {registradas.eventos[0].documento}; versão {resultado.versao} "
                "do resultado gerada.",
            )
        return resposta
