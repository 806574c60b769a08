"""Os atos de verificação que o RH registra na ficha da inscrição: a avaliação da equipe
multiprofissional (PcD) e a decisão judicial. Antes da publicação do cargo o ato entra direto;
depois, a tela mostra antes o efeito (sem gravar) e só a confirmação registra o ato e o evento.

As views são cola: validam o formulário, chamam os serviços e mostram a resposta; nenhuma regra mora aqui.
"""

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render

import cotas
from comum.mensagens import mensagem_de
from cotas.regimes import rotulo_do_grupo

from ..apresentacao import (
    contexto_admin,
)
from ..atos import Ato, grupos_da_analise_documental, grupos_da_avaliacao_pcd, sem_o_ato
from ..forms import (
    AnaliseDocumentalForm,
    AvaliacaoPcdForm,
    DecisaoJudicialForm,
)
from ..models import AtoDeVerificacao, Inscricao
from ..previsao import resumo_da_previsao
from ..services import verificacoes
from ..services.acessos import descrever, registrar_acesso


@staff_member_required
@permission_required([verificacoes.PERMISSAO, "concursos.ver_dados_sensiveis"], raise_exception=True)
def registrar_avaliacao_pcd(request, pk: int):
    """A avaliação da equipe multiprofissional, registrada pelo RH com a equipe e o documento."""
    inscricao = _inscricao_do_ato(pk)
    if not inscricao.opcoes.filter(grupo__in=grupos_da_avaliacao_pcd(inscricao.edital)).exists():
        messages.error(request, f"A inscrição {inscricao.numero} não optou pelas vagas de PcD.")
        return redirect("admin:concursos_inscricao_change", inscricao.pk)
    form = AvaliacaoPcdForm(request.POST if request.method == "POST" else None)
    return _registrar_ato(
        request,
        inscricao,
        form,
        origem=AtoDeVerificacao.AVALIACAO_PCD,
        titulo="Registrar avaliação PcD",
        explicacao="A avaliação da deficiência declarada é feita pela equipe multiprofissional (Decreto "
        "9.508/2018, art. 5º); aqui o RH registra o que ela decidiu, com a equipe, o parecer e a data.",
        registrar=lambda ato, dados: verificacoes.registrar_avaliacao_pcd(
            inscricao, ato=ato, por=request.user, **dados
        ),
    )


@staff_member_required
@permission_required([verificacoes.PERMISSAO, "concursos.ver_dados_sensiveis"], raise_exception=True)
def registrar_analise_documental(request, pk: int):
    """A análise dos documentos de indígenas e quilombolas, com quem conferiu e o parecer."""
    return _registrar_ato_de_um_grupo(
        request,
        pk,
        grupos_possiveis=lambda inscricao: inscricao.opcoes.filter(
            grupo__in=grupos_da_analise_documental(inscricao.edital)
        ),
        sem_grupo="não optou por grupo verificado por documentos",
        form_class=AnaliseDocumentalForm,
        origem=AtoDeVerificacao.ANALISE_DOCUMENTAL,
        titulo="Registrar análise documental",
        explicacao="Indígenas e quilombolas não passam pela heteroidentificação: o fenótipo não se aplica a "
        "eles (Lei 15.142/2025, art. 2º). A comissão ou os servidores designados conferem os documentos "
        "(reconhecimento coletivo do indígena; autoatribuição do quilombola atestada pela comunidade); aqui o "
        "RH registra o que decidiram, com quem conferiu, o parecer e a data.",
        servico=verificacoes.registrar_analise_documental,
    )


@staff_member_required
@permission_required([verificacoes.PERMISSAO, "concursos.ver_dados_sensiveis"], raise_exception=True)
def registrar_decisao_judicial(request, pk: int):
    """A decisão judicial sobre a verificação de um grupo, com o processo e o que ela determina."""
    return _registrar_ato_de_um_grupo(
        request,
        pk,
        grupos_possiveis=lambda inscricao: inscricao.opcoes.all(),
        sem_grupo="não optou por nenhum grupo reservado",
        form_class=DecisaoJudicialForm,
        origem=AtoDeVerificacao.JUDICIAL,
        titulo="Registrar decisão judicial",
        explicacao="Uma decisão judicial sobre a verificação (inclusive a de negros) é cumprida, não "
        "decidida, pelo RH: registre o processo, o documento da decisão e o que ela determina.",
        servico=verificacoes.registrar_decisao_judicial,
    )


def _registrar_ato_de_um_grupo(request, pk: int, *, grupos_possiveis, sem_grupo: str, form_class, servico, **tela):
    """Os atos que decidem a verificação de um grupo escolhido entre as opções da inscrição: o
    formulário oferece só esses grupos, e o serviço recebe o grupo e a situação decididos."""
    inscricao = _inscricao_do_ato(pk)
    grupos = list(grupos_possiveis(inscricao).order_by("grupo").values_list("grupo", flat=True))
    if not grupos:
        messages.error(request, f"A inscrição {inscricao.numero} {sem_grupo}.")
        return redirect("admin:concursos_inscricao_change", inscricao.pk)
    form = form_class(grupos, request.POST if request.method == "POST" else None)
    return _registrar_ato(
        request,
        inscricao,
        form,
        registrar=lambda ato, dados: servico(
            inscricao, dados.pop("grupo"), dados.pop("situacao"), ato=ato, por=request.user, **dados
        ),
        **tela,
    )


def _inscricao_do_ato(pk: int) -> Inscricao:
    return get_object_or_404(Inscricao.objects.select_related("edital", "cargo__edital", "candidato"), pk=pk)


def _registrar_ato(request, inscricao: Inscricao, form, *, origem: str, titulo: str, explicacao: str, registrar):
    """Antes da publicação do cargo, registra direto; depois, mostra antes o efeito (sem gravar) e
    só o envio com ``confirmar`` registra o ato e o evento de revisão."""
    cargo = inscricao.cargo
    if "corrigir" not in request.POST and form.is_valid():
        ato, dados = Ato.do_formulario(form.cleaned_data), sem_o_ato(form.cleaned_data)
        try:
            if cargo.publicado and "confirmar" not in request.POST:
                return _confirmar_ato(request, inscricao, form, origem=origem, titulo=titulo, ato=ato, dados=dados)
            feita = registrar(ato, dados)
        except (cotas.ErroDeCotas, ValidationError, PermissionDenied) as erro:
            form.add_error(None, mensagem_de(erro))
        else:
            messages.success(request, _resumo_do_ato(feita))
            if feita.evento is not None:  # cargo publicado: a página do evento mostra quem foi convocado
                return redirect("concursos:evento", feita.evento.evento.pk)
            return redirect("admin:concursos_inscricao_change", inscricao.pk)
    else:
        registrar_acesso(request, o_que="inscricao", objeto=descrever(inscricao, _rotulo_da_inscricao(inscricao)))
    contexto = contexto_admin(
        request,
        f"{titulo} — inscrição {inscricao.numero}",
        titulo_curto=titulo,
        inscricao=inscricao,
        form=form,
        explicacao=explicacao,
        publicado=cargo.publicado,
        opcoes=[
            {"rotulo": rotulo_do_grupo(o.grupo), "situacao": o.get_situacao_display()} for o in inscricao.opcoes.all()
        ],
    )
    return render(request, "concursos/registrar_ato_de_verificacao.html", contexto)


def _confirmar_ato(request, inscricao: Inscricao, form, *, origem: str, titulo: str, ato: Ato, dados: dict):
    grupo = dados.pop("grupo", None) or verificacoes.grupo_da_avaliacao_pcd(inscricao)
    situacao = dados.pop("situacao")
    previsto = verificacoes.prever_verificacao(inscricao, grupo, situacao, origem=origem, ato=ato, **dados)
    contexto = contexto_admin(
        request,
        f"Confirmar: {titulo} — inscrição {inscricao.numero}",
        titulo_curto=titulo,
        inscricao=inscricao,
        form=form,
    )
    if previsto is None:
        contexto["sem_efeito"] = "a verificação vigente já é essa, ou o candidato já saiu do concurso"
    else:
        contexto.update(resumo_da_previsao(inscricao.cargo, *previsto))
    return render(request, "concursos/confirmar_ato_de_verificacao.html", contexto)


def _resumo_do_ato(feita) -> str:
    texto = f"Ato de verificação registrado: {feita.ato}."
    if feita.evento is not None:
        return f"{texto} Evento de revisão registrado. Versão {feita.evento.resultado.versao} do resultado gerada."
    return f"{texto} Sem efeito no resultado: {feita.ato.sem_efeito}." if feita.ato.sem_efeito else texto


def _rotulo_da_inscricao(inscricao: Inscricao) -> str:
    return f"nº {inscricao.numero}, edital {inscricao.edital}"
