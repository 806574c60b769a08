"""A importação pelo admin, como o RH a vê: um mixin para o ``InscricaoAdmin``, antes do
``ImportExportModelAdmin`` (docs/TECNICO.md §1.2).

- **Mapeamento.** Quando o cabeçalho do arquivo não é o do modelo de planilha (a banca manda
  "Nome do Candidato", "Concorre às vagas reservadas a negros"…), a prévia não vira uma lista de
  erros de cabeçalho: a tela de mapeamento mostra cada coluna do arquivo com alguns valores e a
  sugestão de campo (``mapeamento``, os leiautes salvos da banca primeiro). O mapeamento escolhido
  vai junto até a confirmação (campo escondido, conferido de novo) e pode ser salvo como leiaute.
- **Prévia.** As contagens exatas, o "lido como" das grafias e as linhas que mudam (``previa``), e
  os erros como tabela (``erros``), paginada e em CSV. As páginas e o CSV refazem a prévia a partir
  do arquivo guardado, identificado por uma ficha assinada (arquivo, formato, edital, mapeamento):
  nada da prévia fica guardado no servidor, e a ficha não pode ser trocada por outra.
- **Cargos publicados.** A prévia mostra, por cargo publicado, quem tem a nota corrigida e o efeito
  (``revisoes``), leva a assinatura do que mostrou (``previa``) e pede o ato; sem correções, os
  campos do ato nem aparecem. Se a confirmação é recusada (a data, o motor, uma prévia que não é mais
  a mesma), nada é gravado e a tela diz por quê, em vez de "Importação concluída".
"""

from django.contrib import messages
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse

from comum.planilhas import ArquivoInvalido

from ..atos import CAMPOS_DO_ATO
from ..models import Edital
from . import erros, mapeamento
from .formularios import MapeamentoForm
from .resultado import mensagens_de_erro
from .temporarios import arquivo_temporario_existe

SAL_DA_FICHA = "concursos.importacao.ficha"
VALIDADE_DA_FICHA = 24 * 3600  # o mesmo prazo da limpeza dos arquivos guardados (limpar_importacoes)


class ImportacaoNoAdmin:
    # ------------------------------------------------------------------ as rotas

    def get_urls(self):
        rota = self.admin_site.admin_view
        return [
            path("importar/mapear/", rota(self.mapear_colunas), name="concursos_inscricao_importar_mapeado"),
            path("importar/erros/", rota(self.erros_da_importacao), name="concursos_inscricao_importar_erros"),
            path(
                "importar/erros.csv", rota(self.erros_da_importacao_csv), name="concursos_inscricao_importar_erros_csv"
            ),
            *super().get_urls(),
        ]

    def get_import_form_initial(self, request):
        """``?edital=<pk>`` (o botão "Importar inscrições" da página do edital) já escolhe o edital."""
        inicial = super().get_import_form_initial(request)
        pk = request.GET.get("edital", "")
        if pk.isdigit() and Edital.objects.filter(pk=pk).exists():
            inicial["edital"] = int(pk)
        return inicial

    # ------------------------------------------------------------------ o envio e a prévia

    def import_action(self, request, **kwargs):
        resposta = super().import_action(request, **kwargs)
        contexto = getattr(resposta, "context_data", None) or {}
        formulario, resultado = contexto.get("form"), contexto.get("result")
        if resultado is None or not getattr(formulario, "cleaned_data", None):
            return resposta
        guardado = formulario.cleaned_data["import_file"]
        ficha = {
            "arquivo": guardado.tmp_storage_name,
            "nome": guardado.name,
            "formato": formulario.cleaned_data["format"],
            "edital": formulario.cleaned_data["edital"].pk,
            "mapeamento": {},
        }
        if resultado.has_validation_errors():
            conjunto = self._conjunto(ficha)
            if mapeamento.precisa_mapear(conjunto, formulario.cleaned_data["edital"]):
                return self._tela_de_mapeamento(request, ficha, conjunto)
        contexto.update(self._contexto_da_previa(resultado, ficha))
        if contexto.get("confirm_form") is not None:
            self._ajustar_confirmacao(contexto["confirm_form"], resultado, ficha)
        return resposta

    def mapear_colunas(self, request):
        """A tela de mapeamento: GET mostra (``?leiaute=`` aplica um leiaute salvo); POST confere,
        salva o leiaute se pedido e mostra a prévia com o mapeamento."""
        ficha = self._ficha(
            request, request.POST.get("ficha") if request.method == "POST" else request.GET.get("ficha")
        )
        edital = Edital.objects.get(pk=ficha["edital"])
        conjunto = self._conjunto(ficha)
        if request.method != "POST":
            return self._tela_de_mapeamento(request, ficha, conjunto, leiaute=request.GET.get("leiaute", ""))
        formulario = MapeamentoForm(request.POST, edital=edital, conjunto=conjunto, usuario=request.user)
        if not formulario.is_valid():
            return self._tela_de_mapeamento(request, ficha, conjunto, formulario)
        if leiaute := formulario.salvar_leiaute():
            messages.success(request, f"Leiaute “{leiaute}” salvo: será sugerido no próximo arquivo desta banca.")
        ficha = {**ficha, "mapeamento": formulario.mapeamento}
        resultado = self._ensaio(request, ficha)
        return self._tela_da_previa(request, ficha, resultado)

    def _tela_de_mapeamento(self, request, ficha, conjunto, formulario=None, leiaute=""):
        edital = Edital.objects.get(pk=ficha["edital"])
        if formulario is None:
            formulario = MapeamentoForm(None, edital=edital, conjunto=conjunto, usuario=request.user, leiaute=leiaute)
        contexto = {
            **self.admin_site.each_context(request),
            "title": "Importar inscrições: de qual campo é cada coluna do arquivo?",
            "opts": self.model._meta,
            "edital": edital,
            "nome_do_arquivo": ficha["nome"],
            "formulario": formulario,
            "ficha": self._assinar(ficha),
            "leiautes": formulario.leiautes,
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, "admin/concursos/inscricao/mapeamento.html", contexto)

    def _tela_da_previa(self, request, ficha, resultado):
        """A prévia depois do mapeamento: a mesma tela e a mesma confirmação do envio direto."""
        formulario = self.create_import_form(request)
        formulario.initial["edital"] = ficha["edital"]
        contexto = {
            **self.admin_site.each_context(request),
            "title": "Importar",
            "form": formulario,
            "opts": self.model._meta,
            "media": self.media + formulario.media,
            "fields_list": [],
            "import_error_display": self.import_error_display,
            "result": resultado,
            **self._contexto_da_previa(resultado, ficha),
        }
        if not resultado.has_errors() and not resultado.has_validation_errors():
            inicial = {
                "import_file_name": ficha["arquivo"],
                "original_file_name": ficha["nome"],
                "format": ficha["formato"],
                "resource": "",
                "edital": ficha["edital"],
            }
            confirmacao = self.get_confirm_form_class(request)(initial=inicial)
            self._ajustar_confirmacao(confirmacao, resultado, ficha)
            contexto["confirm_form"] = confirmacao
        request.current_app = self.admin_site.name
        return TemplateResponse(request, [self.import_template_name], contexto)

    def _contexto_da_previa(self, resultado, ficha) -> dict:
        assinada = self._assinar(ficha)
        lista = getattr(resultado, "erros_da_planilha", [])
        return {
            "edital_de_destino": Edital.objects.filter(pk=ficha["edital"]).first(),
            "previa": getattr(resultado, "previa", None),
            "variantes": getattr(resultado, "variantes", []),
            "mapeamento_usado": ficha["mapeamento"],
            "pagina_de_erros": erros.pagina(lista, 1),
            "total_de_erros": len(lista),
            "url_dos_erros_em_csv": f"{reverse('admin:concursos_inscricao_importar_erros_csv')}?ficha={assinada}",
            "url_das_paginas": reverse("admin:concursos_inscricao_importar_erros"),
            "parametros_da_pagina": f"ficha={assinada}&",
        }

    def _ajustar_confirmacao(self, confirmacao, resultado, ficha) -> None:
        """O mapeamento vai junto; o ato das correções de nota só aparece quando há correções."""
        confirmacao.initial["mapeamento"] = mapeamento.para_json(ficha["mapeamento"]) if ficha["mapeamento"] else ""
        assinatura = getattr(resultado, "assinatura_das_revisoes", "")
        confirmacao.initial["previa"] = assinatura
        for campo in CAMPOS_DO_ATO:
            if not assinatura:
                del confirmacao.fields[campo]
            elif campo in ("documento", "data_do_ato"):
                confirmacao.fields[campo].required = True

    # ------------------------------------------------------------------ os erros, em páginas e em CSV

    def erros_da_importacao(self, request):
        ficha = self._ficha(request, request.GET.get("ficha"))
        resultado = self._ensaio(request, ficha)
        lista = getattr(resultado, "erros_da_planilha", [])
        contexto = {
            **self.admin_site.each_context(request),
            "title": f"Erros do arquivo {ficha['nome']}",
            "opts": self.model._meta,
            "edital": Edital.objects.get(pk=ficha["edital"]),
            **self._contexto_da_previa(resultado, ficha),
            "pagina_de_erros": erros.pagina(lista, request.GET.get("pagina")),
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, "admin/concursos/inscricao/erros_da_importacao.html", contexto)

    def erros_da_importacao_csv(self, request):
        ficha = self._ficha(request, request.GET.get("ficha"))
        resultado = self._ensaio(request, ficha)
        resposta = HttpResponse(erros.como_csv(resultado.erros_da_planilha), content_type="text/csv; charset=utf-8")
        resposta["Content-Disposition"] = 'attachment; filename="erros-da-importacao.csv"'
        return resposta

    # ------------------------------------------------------------------ a ficha e o arquivo guardado

    def _assinar(self, ficha: dict) -> str:
        return signing.dumps(ficha, salt=SAL_DA_FICHA, compress=True)

    def _ficha(self, request, assinada) -> dict:
        """A ficha assinada de uma prévia; quem não pode importar não chega aqui (403), e ficha
        trocada, vencida ou de arquivo já confirmado é 404."""
        if not self.has_import_permission(request):
            raise PermissionDenied
        try:
            ficha = signing.loads(assinada or "", salt=SAL_DA_FICHA, max_age=VALIDADE_DA_FICHA)
        except signing.BadSignature:
            raise Http404("A prévia desta importação não vale mais: envie o arquivo de novo.") from None
        if not arquivo_temporario_existe(ficha["arquivo"]) or not Edital.objects.filter(pk=ficha["edital"]).exists():
            raise Http404("A prévia desta importação expirou ou já foi confirmada: envie o arquivo de novo.")
        return ficha

    def _conjunto(self, ficha):
        formato = self.get_import_formats()[int(ficha["formato"])](encoding=self.from_encoding)
        guardado = self.get_tmp_storage_class()(
            name=ficha["arquivo"],
            encoding=None if formato.is_binary() else self.from_encoding,
            read_mode=formato.get_read_mode(),
            **self.get_tmp_storage_class_kwargs(),
        )
        try:
            return formato.create_dataset(guardado.read())
        except ArquivoInvalido as erro:
            raise Http404(str(erro)) from None

    def _ensaio(self, request, ficha):
        """A prévia (sem gravar nada) do arquivo guardado, com o mapeamento da ficha."""
        edital = Edital.objects.get(pk=ficha["edital"])
        recurso = self.get_import_resource_classes(request)[0](edital=edital, mapeamento=ficha["mapeamento"])
        return recurso.import_data(self._conjunto(ficha), dry_run=True, user=request.user)

    # ------------------------------------------------------------------ a confirmação

    def process_import(self, request, **kwargs):
        """Confirmação recusada pelo formulário (falta o documento, data fora da validade): a tela
        volta com os erros e, de novo, a prévia de quem muda (o arquivo continua guardado)."""
        resposta = super().process_import(request, **kwargs)
        contexto = getattr(resposta, "context_data", None)
        if contexto is not None and "result" not in contexto:
            confirmacao = contexto["confirm_form"]
            dados = getattr(confirmacao, "cleaned_data", {})
            if all(campo in dados for campo in ("edital", "format", "import_file_name")):
                ficha = {
                    "arquivo": dados["import_file_name"],
                    "nome": dados.get("original_file_name", ""),
                    "formato": dados["format"],
                    "edital": dados["edital"].pk,
                    "mapeamento": dados.get("mapeamento") or {},
                }
                contexto["result"] = self._ensaio(request, ficha)
                contexto.update(self._contexto_da_previa(contexto["result"], ficha))
        return resposta

    def get_import_resource_kwargs(self, request, **kwargs):
        argumentos = super().get_import_resource_kwargs(request, **kwargs)
        formulario = kwargs.get("form")
        if hasattr(formulario, "ato") and getattr(formulario, "cleaned_data", None):
            argumentos.update(
                ato=formulario.ato(),
                previa=formulario.cleaned_data.get("previa") or "",
                mapeamento=formulario.cleaned_data.get("mapeamento") or None,
            )
        return argumentos

    def process_result(self, result, request):
        if result.has_errors() or result.has_validation_errors():
            for mensagem in mensagens_de_erro(result):
                messages.error(request, mensagem)
            messages.error(request, "Nada foi gravado. Corrija e envie o arquivo de novo.")
            return HttpResponseRedirect(reverse("admin:concursos_inscricao_import"))
        resposta = super().process_result(result, request)
        # Volta às inscrições do edital que recebeu o arquivo, não às de todos os editais. O edital é o
        # da confirmação, que o formulário já conferiu para chegar até aqui.
        if (edital := request.POST.get("edital", "")).isdigit():
            resposta["Location"] = f"{resposta.url}?edital__id__exact={edital}"
        for registradas in getattr(result, "revisoes_registradas", ()):
            cargo, resultado = registradas.resultado.cargo, registradas.resultado
            messages.success(
                request,
                f"Cargo {cargo.codigo} ({cargo.nome}), resultado publicado: {len(registradas.eventos)} correção(ões) "
                f"de nota registrada(s) como evento, com {registradas.eventos[0].documento}; versão {resultado.versao} "
                "do resultado gerada.",
            )
        return resposta
