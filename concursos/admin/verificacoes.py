"""As opções por grupo reservado e os atos de verificação na ficha da inscrição (admin).

A situação da verificação aparece só para leitura: uma opção nova entra pendente, e a situação muda
por um ato registrado (``services.registrar_verificacao``). A ficha lista os atos da inscrição e
traz os botões dos atos que o RH registra (avaliação PcD, decisão judicial); a heteroidentificação
não tem botão aqui: vem das telas da comissão e do processo de apuração.
"""

from django import forms
from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from comum.admin import RotulosNaTabela
from comum.exibicao import data, data_e_hora
from cotas.modelo import PENDENTE
from cotas.regimes import rotulo_do_grupo

from ..atos import grupos_da_analise_documental, grupos_da_avaliacao_pcd
from ..forms import OpcaoDeGrupoForm, grupos_conhecidos
from ..models import OpcaoDeGrupo
from ..services.verificacoes import PERMISSAO


class OpcoesDaInscricao(forms.BaseInlineFormSet):
    """Uma opção já verificada por ato não se apaga pelo formulário (o ato continua valendo)."""

    def clean(self):
        super().clean()
        for form in self.deleted_forms:
            opcao = form.instance
            if opcao.pk is not None and opcao.situacao != PENDENTE:
                raise forms.ValidationError(
                    f"A opção por {rotulo_do_grupo(opcao.grupo)} já tem verificação registrada por ato "
                    f"(“{opcao.get_situacao_display()}”) e não pode ser retirada pelo formulário."
                )


class OpcaoDeGrupoInline(RotulosNaTabela, admin.TabularInline):
    """Opções por grupo reservado; a verificação só para leitura (vem dos atos de verificação)."""

    model = OpcaoDeGrupo
    formset = OpcoesDaInscricao
    fields = ["grupo", "verificacao"]
    readonly_fields = ["verificacao"]
    extra = 0

    @admin.display(description="verificação")
    def verificacao(self, opcao):
        if opcao is None or opcao.pk is None:
            return "Pendente (a verificação vem de um ato registrado)"
        return opcao.get_situacao_display()

    def get_readonly_fields(self, request, obj=None):
        """Depois da primeira publicação do cargo, nem o grupo muda: a opção é entrada congelada."""
        return ["grupo", "verificacao"] if publicada(obj) else ["verificacao"]

    def has_add_permission(self, request, obj=None):
        return not publicada(obj) and super().has_add_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return not publicada(obj) and super().has_delete_permission(request, obj)

    def get_formset(self, request, obj=None, **kwargs):
        grupos = obj.edital.regime_congelado().nomes_dos_grupos if obj and obj.edital.parametros_do_regime else ()
        kwargs["form"] = type("OpcaoDoEditalForm", (OpcaoDeGrupoForm,), {"grupos": grupos or grupos_conhecidos()})
        return super().get_formset(request, obj, **kwargs)


def publicada(inscricao) -> bool:
    """A inscrição (já gravada) é de um cargo com resultado publicado: entradas congeladas."""
    return inscricao is not None and inscricao.pk is not None and inscricao.cargo.publicado


class AtosDeVerificacaoNaFicha:
    """Os campos só de leitura da ficha da inscrição: ``atos_de_verificacao`` (a lista dos atos, com
    origem, documento, data e quem registrou) e ``registrar_ato_de_verificacao`` (os botões dos atos
    que o RH registra; ``campos_da_verificacao`` só o põe para quem tem a permissão)."""

    @admin.display(description="atos de verificação")
    def atos_de_verificacao(self, inscricao):
        return _tabela_dos_atos(inscricao)

    @admin.display(description="registrar ato de verificação")
    def registrar_ato_de_verificacao(self, inscricao):
        botoes = []
        if inscricao.opcoes.filter(grupo__in=grupos_da_avaliacao_pcd(inscricao.edital)).exists():
            botoes.append(
                (reverse("concursos:registrar_avaliacao_pcd", args=[inscricao.pk]), "Registrar avaliação PcD")
            )
        if inscricao.opcoes.filter(grupo__in=grupos_da_analise_documental(inscricao.edital)).exists():
            url = reverse("concursos:registrar_analise_documental", args=[inscricao.pk])
            botoes.append((url, "Registrar análise documental"))
        if inscricao.opcoes.exists():
            url = reverse("concursos:registrar_decisao_judicial", args=[inscricao.pk])
            botoes.append((url, "Registrar decisão judicial"))
        return format_html(
            '<p>{}</p><p class="help">A verificação de negros vem da comissão de heteroidentificação, da recursal '
            "ou do processo de apuração de declaração falsa, nunca de digitação; a de PcD, da avaliação da "
            "equipe multiprofissional, e a de indígenas e quilombolas, da análise documental, registradas aqui "
            "com quem avaliou e o documento.</p>",
            format_html_join(" ", '<a class="button" href="{}">{}</a>', botoes) if botoes else "Sem opção por grupo.",
        )

    def campos_da_verificacao(self, request, obj) -> list[str]:
        """Só na ficha de uma inscrição gravada; os botões, para quem registra atos."""
        if obj is None or obj.pk is None:
            return []
        botoes = ["registrar_ato_de_verificacao"] if request.user.has_perm(PERMISSAO) else []
        return ["atos_de_verificacao", *botoes]


def _tabela_dos_atos(inscricao):
    atos = inscricao.atos_de_verificacao.select_related("registrado_por", "evento").order_by("registrado_em", "id")
    linhas = format_html_join(
        "",
        "<tr>" + "<td>{}</td>" * 7 + "</tr>",
        (
            (
                data(ato.data_do_ato),
                rotulo_do_grupo(ato.grupo),
                f"{ato.get_situacao_anterior_display()} → {ato.get_situacao_display()}",
                ato.get_origem_display(),
                _documento(ato),
                f"{ato.registrado_por} em {data_e_hora(ato.registrado_em)}",
                _efeito(ato),
            )
            for ato in atos
        ),
    )
    if not linhas:
        return format_html('<p class="help">{}</p>', "Nenhum ato de verificação registrado.")
    return format_html(
        '<table class="tabela atos-de-verificacao"><thead><tr><th>Data do ato</th><th>Grupo</th><th>Verificação</th>'
        "<th>Origem</th><th>Documento</th><th>Registrado por</th><th>Efeito</th></tr></thead><tbody>{}</tbody></table>",
        linhas,
    )


def _documento(ato) -> str:
    partes = [ato.documento]
    if ato.equipe:
        partes.append(f"equipe: {ato.equipe}")
    if ato.processo:
        partes.append(f"processo {ato.processo}" + (" (sub judice)" if ato.sub_judice else ""))
    return "; ".join(partes)


def _efeito(ato):
    if ato.evento_id:
        return format_html(
            '<a href="{}">{}</a>', reverse("concursos:evento", args=[ato.evento_id]), "evento de revisão"
        )
    return f"sem efeito: {ato.sem_efeito}" if ato.sem_efeito else "na opção (antes da publicação)"
