"""Telas da comissão de heteroidentificação: minhas sessões, a sessão, o parecer, presença,
abertura e encerramento (docs/ESTILO.md §4: "processos são views, não ações do admin").

Os membros não são do RH: veem só o que julgam. Quem não é membro da comissão da sessão recebe
404 em todas as telas dela (não revelamos que a sessão existe); o membro que tenta o que só o
presidente faz recebe 403. As views são cola sobre ``services/`` (que trava a sessão e confere
tudo de novo) e ``consultas.py``: ``ValidationError`` vira mensagem na tela, ``PermissionDenied``
vira 403.

Do candidato, as telas mostram só o número de inscrição e o nome de uso (nome social quando há):
nada de nota, CPF, nascimento ou outro dado pessoal. As linhas vão para o template como
dicionários pequenos, para que nenhum campo a mais chegue ao HTML por descuido.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from comum.mensagens import mensagem_de
from concursos.services.acessos import descrever, registrar_acesso
from concursos.services.revisoes_de_verificacao import quem_mudou_no_lote
from cotas import quorum

from .. import consultas, services
from ..forms import ComposicaoForm, GravacaoForm, ParecerDaComissaoForm, ParecerForm, PresencaForm
from ..models import Chamado, Comissao, Membro, Parecer, Recurso, Sessao
from ..services.sessoes import documento_da_sessao
from . import escala
from .acesso import chamado_do_membro, exigir_presidente, sessao_do_membro
from .impedimentos import formularios_do_impedimento

CORES_DAS_DECISOES = {
    quorum.CONFIRMADO: "success",
    quorum.NAO_CONFIRMADO: "danger",
    quorum.AUSENTE: "secondary",
    quorum.PENDENTE: "warning",
}
CORES_DAS_SESSOES = {Sessao.PLANEJADA: "secondary", Sessao.ABERTA: "success", Sessao.ENCERRADA: "dark"}
CONSEQUENCIA_DO_ENCERRAMENTO = (
    "Depois de encerrar, nenhum parecer poderá ser registrado ou alterado; as decisões serão gravadas "
    "como resultado da heteroidentificação e só poderão ser revistas em recurso."
)


# ---------------------------------------------------------------- apresentação


def descrever_sessao(sessao: Sessao) -> dict:
    comissao = sessao.comissao
    return {
        "pk": sessao.pk,
        "inicio": sessao.inicio,
        "local": sessao.local,
        "link": sessao.link,
        "status": sessao.get_status_display(),
        "cor": CORES_DAS_SESSOES[sessao.status],
        "aberta": sessao.status == Sessao.ABERTA,
        "planejada": sessao.status == Sessao.PLANEJADA,
        "encerrada": sessao.status == Sessao.ENCERRADA,
        "encerrada_em": sessao.encerrada_em,
        "gravacao": sessao.gravacao,
        "hash_da_gravacao": sessao.hash_da_gravacao,
        # A ordinária só encerra com a gravação registrada (referência e SHA-256, docs/REGRAS.md §10).
        "sem_gravacao": comissao.tipo == Comissao.ORDINARIA and not (sessao.gravacao and sessao.hash_da_gravacao),
        "recursal": comissao.tipo == Comissao.RECURSAL,
        "comissao": f"Comissão {comissao.get_tipo_display().lower()}",
        "edital": comissao.edital.identificacao,
        "grupo": comissao.grupo,
        # Quantos pareceres cada candidato pode ter: os membros que compõem a sessão (congelada na
        # abertura; as listas já a trazem em ``n_votantes``).
        "membros_da_regra": _n_votantes(sessao),
        "maioria_para_nao_confirmar": quorum.ler_regra(comissao.regra_de_quorum)["maioria_para_nao_confirmar"],
    }


def _n_votantes(sessao: Sessao) -> int:
    if getattr(sessao, "n_votantes", None) is None:
        sessao.n_votantes = sessao.presencas.filter(votante=True).count()
    return sessao.n_votantes


def descrever_candidato(chamado: Chamado) -> dict:
    return {"pk": chamado.pk, "numero": chamado.inscricao.numero, "nome": chamado.inscricao.candidato.nome_de_uso}


def avaliado(chamado: Chamado) -> bool:
    """Na ordinária, recebe pareceres quem compareceu e aceitou ser filmado; quem recusou a
    filmagem é tratado como ausente (docs/REGRAS.md §10)."""
    return chamado.compareceu is True and not chamado.recusou_filmagem


def descrever_presenca(chamado: Chamado) -> tuple[str, str]:
    if chamado.compareceu is None:
        return "Presença não registrada", "danger"
    if not chamado.compareceu:
        return "Não compareceu", "secondary"
    if chamado.recusou_filmagem:
        return "Compareceu; recusou ser filmado (tratado como ausente)", "info"
    return "Compareceu", "success"


def estado_para_o_membro(chamado: Chamado, sessao: Sessao, votei: bool) -> tuple[str, str]:
    """O estado do candidato para quem olha: decidido (sessão encerrada), meu parecer, ou a julgar."""
    if sessao.status == Sessao.ENCERRADA:
        return f"Decidido: {chamado.get_decisao_display()}", CORES_DAS_DECISOES[chamado.decisao]
    if votei:
        return "Meu parecer registrado", "primary"
    return "Não julgado por mim", "warning"


def linhas_da_sessao(
    sessao: Sessao, usuario, *, presidente: bool, compoe: bool, membro: Membro | None = None, chamados=None
) -> list[dict]:
    """Os candidatos que o membro vê (``consultas.chamados_do_membro``): o suplente que não compõe a
    sessão vê e vota só aqueles em que substitui um membro impedido. ``chamados``: a página da tela
    (por padrão, todos os que ele vê); as consultas são as mesmas com 3 ou 500 candidatos."""
    if chamados is None:
        chamados = consultas.chamados_do_membro(sessao, membro) if membro else sessao.chamados.all()
        chamados = chamados.order_by("inscricao__numero")
    chamados = list(chamados.select_related("inscricao__candidato").annotate(n_pareceres=Count("pareceres")))
    substitui = set() if compoe or membro is None else {c.pk for c in chamados}
    votei = consultas.meu_parecer_ids(sessao, usuario, chamados)
    recursal = sessao.comissao.tipo == Comissao.RECURSAL
    encerrada = sessao.status == Sessao.ENCERRADA
    # Com a sessão aberta, o presidente acompanha quem já votou (nomes e quantos), nunca como.
    votantes = consultas.quem_ja_votou(sessao, chamados) if presidente and not encerrada else {}
    transferidos = consultas.transferidos_da_sessao(sessao)
    # ``compoe``: se o usuário compõe a sessão (congelada na abertura): só ele vota e registra presença.
    linhas = []
    for chamado in chamados:
        estado, cor = estado_para_o_membro(chamado, sessao, chamado.pk in votei)
        presenca, cor_da_presenca = ("", "") if recursal else descrever_presenca(chamado)
        transferido = chamado.pk in transferidos and not encerrada
        if transferido:
            estado, cor, presenca = "Transferido para outra sessão", "secondary", ""
        linhas.append(
            {
                **descrever_candidato(chamado),
                "estado": estado,
                "cor": cor,
                "votei": chamado.pk in votei,
                "presenca": presenca,
                "cor_da_presenca": cor_da_presenca,
                "presenca_registrada": chamado.compareceu is not None,
                "pode_votar": not transferido
                and (compoe or chamado.pk in substitui)
                and sessao.status == Sessao.ABERTA
                and (recursal or avaliado(chamado)),
                # O membro registra a presença ainda não registrada (quando não pode haver parecer);
                # corrigi-la é do presidente, que vê quem votou (o serviço recusa o membro igual para
                # todo candidato com presença registrada). Quem já tem parecer não pode ser marcado
                # ausente: o botão do presidente some com o primeiro parecer.
                "pode_marcar_presenca": compoe
                and not recursal
                and not transferido
                and sessao.status == Sessao.ABERTA
                and (presidente or chamado.compareceu is None),
                "pode_marcar_ausente": chamado.n_pareceres == 0 if presidente else chamado.compareceu is None,
                "n_pareceres": chamado.n_pareceres if presidente or encerrada else None,
                "votantes": votantes.get(chamado.pk, []),
                "placar": chamado.decisao_colegiada.placar if encerrada else "",
                "motivo": chamado.motivo_da_decisao if encerrada else "",
            }
        )
    return linhas


def previa_do_encerramento(sessao: Sessao) -> list[dict]:
    """O que o presidente confere antes de encerrar, por candidato: a presença, quem já registrou
    parecer (os nomes, nunca o voto) e quantos faltam: todos os que compõem a sessão votam em quem
    compareceu, e o encerramento é recusado antes disso (docs/REGRAS.md §10). Nunca o placar nem a decisão provisória: até o encerramento nenhum
    membro, o presidente inclusive, sabe como os outros votaram (docs/HETEROIDENTIFICACAO.md)."""
    recursal = sessao.comissao.tipo == Comissao.RECURSAL
    votantes = consultas.quem_ja_votou(sessao)
    transferidos = consultas.transferidos_da_sessao(sessao)
    linhas = []
    for chamado in sessao.chamados.select_related("inscricao__candidato").order_by("inscricao__numero"):
        presenca, cor_da_presenca = ("", "") if recursal else descrever_presenca(chamado)
        if chamado.pk in transferidos:
            presenca, cor_da_presenca = "Transferido para outra sessão (impedimento)", "secondary"
        nomes = votantes.get(chamado.pk, [])
        avaliado_ = (recursal or avaliado(chamado)) and chamado.pk not in transferidos
        linhas.append(
            {
                **descrever_candidato(chamado),
                "presenca": presenca,
                "cor_da_presenca": cor_da_presenca,
                "falta": not recursal and chamado.compareceu is None and chamado.pk not in transferidos,
                "avaliado": avaliado_,
                "votantes": nomes,
                "n_pareceres": len(nomes),
                "faltam": max(_n_votantes(sessao) - len(nomes), 0) if avaliado_ else 0,
                "completo": len(nomes) >= _n_votantes(sessao),
            }
        )
    return linhas


def pareceres_dos_outros(chamado: Chamado, usuario) -> list[dict]:
    """Os pareceres dos outros membros, com o nome de quem votou: só depois do encerramento da
    sessão (``consultas.pareceres_visiveis``); antes, nenhum, para ninguém."""
    if chamado.sessao.status != Sessao.ENCERRADA:
        return []
    return [
        {
            "autor": str(p.membro.usuario.get_full_name() or p.membro.usuario.get_username()),
            "voto": p.get_voto_display(),
            "confirma": p.voto == quorum.CONFIRMA,
            "fundamentacao": p.fundamentacao,
            "alterado_em": p.alterado_em,
        }
        for p in consultas.pareceres_visiveis(chamado, usuario)
        if p.membro.usuario_id != usuario.pk
    ]


def material_do_recurso(chamado: Chamado) -> dict | None:
    """Para a comissão recursal: as razões do recurso, a decisão recorrida, a referência da
    gravação e os pareceres da primeira instância — voto e fundamentação, sem o nome de quem votou,
    sem hora e numa ordem que não é a de registro (``consultas.pareceres_sem_autoria``)."""
    recurso = (
        Recurso.objects.filter(julgamento=chamado).select_related("chamado__sessao").first()
        if chamado.sessao.comissao.tipo == Comissao.RECURSAL
        else None
    )
    if recurso is None:
        return None
    recorrido = recurso.chamado
    return {
        "texto": recurso.texto,
        "apresentado_em": recurso.apresentado_em,
        "decisao": recorrido.get_decisao_display(),
        "placar": recorrido.decisao_colegiada.placar,
        "motivo": recorrido.motivo_da_decisao,
        "sessao_em": recorrido.sessao.inicio,
        "gravacao": recorrido.sessao.gravacao,
        "hash_da_gravacao": recorrido.sessao.hash_da_gravacao,
        "recusou_filmagem": recorrido.recusou_filmagem,
        "pareceres": [
            {"voto": p.get_voto_display(), "confirma": p.voto == quorum.CONFIRMA, "fundamentacao": p.fundamentacao}
            for p in consultas.pareceres_sem_autoria(recorrido)
        ],
    }


def proximo_a_julgar(chamado: Chamado, usuario) -> Chamado | None:
    """O próximo candidato da sessão (pela inscrição) que o usuário ainda pode e precisa julgar."""
    sessao = chamado.sessao
    if sessao.status != Sessao.ABERTA:
        return None
    membro = consultas.membro_de(sessao.comissao, usuario)
    candidatos = consultas.chamados_do_membro(sessao, membro)
    candidatos = candidatos.exclude(pk=chamado.pk).exclude(pareceres__membro__usuario=usuario)
    candidatos = candidatos.exclude(pk__in=consultas.transferidos())
    if sessao.comissao.tipo == Comissao.ORDINARIA:
        candidatos = candidatos.filter(compareceu=True, recusou_filmagem=False)
    depois = candidatos.filter(inscricao__numero__gt=chamado.inscricao.numero).order_by("inscricao__numero")
    return depois.first() or candidatos.order_by("inscricao__numero").first()


def _por_que_nao_vota(chamado: Chamado, membro: Membro | None = None) -> str:
    sessao = chamado.sessao
    impedimento = chamado.impedimentos.filter(membro=membro).select_related("suplente__usuario").first()
    if sessao.status == Sessao.ABERTA and consultas.transferido(chamado):
        return services.TRANSFERIDO
    if impedimento is not None and sessao.status == Sessao.ABERTA:
        return f"Você declarou impedimento para este candidato: {impedimento.suplente.nome} vota no seu lugar."
    if sessao.status == Sessao.PLANEJADA:
        return "A sessão ainda não foi aberta pelo presidente: os pareceres só podem ser registrados com ela aberta."
    if sessao.status == Sessao.ENCERRADA:
        return services.SESSAO_ENCERRADA
    if sessao.comissao.tipo == Comissao.ORDINARIA and chamado.compareceu is None:
        return "Registre a presença do candidato antes dos pareceres: só se avalia quem compareceu."
    if sessao.comissao.tipo == Comissao.ORDINARIA and chamado.compareceu is False:
        return "O candidato não compareceu: não há parecer a registrar."
    if sessao.comissao.tipo == Comissao.ORDINARIA and chamado.recusou_filmagem:
        return services.RECUSOU_A_FILMAGEM
    return ""


# ---------------------------------------------------------------- telas


@login_required
def minhas_sessoes(request):
    papeis = {m.comissao_id: m for m in Membro.objects.ativos().filter(usuario=request.user)}
    sessoes = consultas.minhas_sessoes(request.user).annotate(
        n_votantes=Count("presencas", filter=Q(presencas__votante=True), distinct=True),
        total=Count("chamados", distinct=True),
        meus=Count("chamados__pareceres", filter=Q(chamados__pareceres__membro__usuario=request.user), distinct=True),
    )
    linhas = []
    for sessao in sessoes:
        encerrada = sessao.status == Sessao.ENCERRADA
        linhas.append(
            {
                **descrever_sessao(sessao),
                "papel": papeis[sessao.comissao_id],
                "nao_julgados": 0 if encerrada else sessao.total - sessao.meus,
                "meus": 0 if encerrada else sessao.meus,
                "decididos": sessao.total if encerrada else 0,
            }
        )
    return render(request, "heteroidentificacao/minhas_sessoes.html", {"sessoes": linhas})


@login_required
def sessao(request, pk):
    sessao, membro = sessao_do_membro(request, pk)
    presencas = consultas.presencas_da_sessao(sessao)
    sessao.n_votantes = sum(1 for p in presencas if p.votante)
    compoe = any(p.votante and p.membro_id == membro.pk for p in presencas)
    tela = escala.pagina_da_sessao(request, sessao, membro, compoe)
    contexto = {
        "sessao": descrever_sessao(sessao),
        "membro": membro,
        "candidatos": linhas_da_sessao(
            sessao, request.user, presidente=membro.presidente, compoe=compoe, membro=membro, chamados=tela["pagina"]
        ),
        "tela": tela,
        "composicao": consultas.composicao_da_sessao(presencas),
        "compoe": compoe,
    }
    if membro.presidente and sessao.status == Sessao.ABERTA and sessao.comissao.tipo == Comissao.ORDINARIA:
        inicial = {"gravacao": sessao.gravacao, "hash_da_gravacao": sessao.hash_da_gravacao}
        contexto["form_da_gravacao"] = GravacaoForm(initial=inicial)
    if membro.presidente and sessao.status == Sessao.PLANEJADA:
        membros = sessao.comissao.membros.ativos().select_related("usuario")
        contexto["form_da_composicao"] = ComposicaoForm(membros=membros)
        contexto["avisos_da_composicao"] = consultas.avisos_da_composicao(
            m for m in membros if m.papel == Membro.TITULAR
        )
    if sessao.status == Sessao.ENCERRADA:  # decisões, placares e motivos de todos os candidatos
        registrar_acesso(request, o_que="sessao", objeto=descrever(sessao, f"edital {sessao.comissao.edital}"))
    return render(request, "heteroidentificacao/sessao.html", contexto)


@login_required
@require_POST
def abrir_sessao(request, pk):
    sessao, membro = sessao_do_membro(request, pk)
    exigir_presidente(membro, "abrir a sessão")
    form = ComposicaoForm(request.POST, membros=sessao.comissao.membros.ativos().select_related("usuario"))
    try:
        if not form.is_valid():
            raise ValidationError("Confira a presença dos membros.")
        services.abrir_sessao(sessao, por=request.user, **form.argumentos())
    except ValidationError as erro:
        messages.error(request, mensagem_de(erro))
    else:
        messages.success(
            request, "Sessão aberta com a composição registrada: os membros já podem registrar presença e pareceres."
        )
    return redirect("heteroidentificacao:sessao", pk=sessao.pk)


@login_required
@require_POST
def registrar_gravacao(request, pk):
    sessao, membro = sessao_do_membro(request, pk)
    exigir_presidente(membro, "registrar a gravação")
    form = GravacaoForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationError(
                "Informe a referência da gravação e o SHA-256 do arquivo (64 algarismos hexadecimais)."
            )
        services.registrar_gravacao(sessao, por=request.user, **form.argumentos())
    except ValidationError as erro:
        messages.error(request, mensagem_de(erro))
    else:
        messages.success(request, "Gravação da sessão registrada (referência e SHA-256 do arquivo).")
    return redirect("heteroidentificacao:sessao", pk=sessao.pk)


@login_required
@require_POST
def registrar_parecer_da_comissao(request, pk):
    chamado, membro = chamado_do_membro(request, pk)
    exigir_presidente(membro, "registrar o parecer motivado da comissão")
    form = ParecerDaComissaoForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationError("Confira o parecer motivado da comissão.")
        services.registrar_parecer_da_comissao(
            chamado, texto=form.cleaned_data["parecer_da_comissao"], por=request.user
        )
    except ValidationError as erro:
        messages.error(request, mensagem_de(erro))
    else:
        messages.success(request, f"Inscrição {chamado.inscricao.numero}: parecer motivado da comissão registrado.")
    return redirect("heteroidentificacao:parecer", pk=chamado.pk)


@login_required
def encerrar_sessao(request, pk):
    sessao, membro = sessao_do_membro(request, pk)
    exigir_presidente(membro, "encerrar a sessão")
    if request.method == "POST":
        try:
            services.encerrar_sessao(sessao, por=request.user)
        except ValidationError as erro:
            messages.error(request, mensagem_de(erro))
        else:
            messages.success(request, "Sessão encerrada: as decisões foram gravadas.")
            return redirect("heteroidentificacao:encerrar_sessao", pk=sessao.pk)
        return redirect("heteroidentificacao:sessao", pk=sessao.pk)
    if sessao.status == Sessao.ENCERRADA:
        return _resultado_do_encerramento(request, sessao)
    if sessao.status != Sessao.ABERTA:
        messages.error(request, f"A sessão não pode ser encerrada: está {sessao.get_status_display().lower()}.")
        return redirect("heteroidentificacao:sessao", pk=sessao.pk)
    previa = previa_do_encerramento(sessao)
    contexto = {
        "sessao": descrever_sessao(sessao),
        "previa": previa,
        "sem_presenca": [linha for linha in previa if linha["falta"]],
        "consequencia": CONSEQUENCIA_DO_ENCERRAMENTO,
    }
    registrar_acesso(
        request, o_que="previa_do_encerramento", objeto=descrever(sessao, f"edital {sessao.comissao.edital}")
    )
    return render(request, "heteroidentificacao/encerrar_sessao.html", contexto)


def _resultado_do_encerramento(request, sessao: Sessao):
    """Depois do encerramento, para o presidente: por cargo com resultado publicado, quem a sessão
    moveu na versão nova (quem entra ou sai de qual lista, quem ganha ou perde a convocação). Só
    depois do ato: antes, o resumo revelaria as decisões colegiadas (docs/HETEROIDENTIFICACAO.md)."""
    inscricoes = sessao.chamados.values("inscricao")
    contexto = {
        "sessao": descrever_sessao(sessao),
        "cargos": quem_mudou_no_lote(documento_da_sessao(sessao), inscricoes),
    }
    registrar_acesso(request, o_que="sessao", objeto=descrever(sessao, f"edital {sessao.comissao.edital}"))
    return render(request, "heteroidentificacao/sessao_encerrada.html", contexto)


@login_required
@require_POST
def registrar_presenca(request, pk):
    chamado, _ = chamado_do_membro(request, pk)
    form = PresencaForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Escolha a presença do candidato.")
    else:
        try:
            services.registrar_presenca(chamado, por=request.user, **form.argumentos())
        except ValidationError as erro:
            messages.error(request, mensagem_de(erro))
        else:
            rotulo = dict(form.fields["presenca"].choices)[form.cleaned_data["presenca"]]
            messages.success(request, f"Inscrição {chamado.inscricao.numero}: {rotulo.lower()}.")
    return redirect(reverse("heteroidentificacao:sessao", args=[chamado.sessao_id]) + f"#chamado-{chamado.pk}")


@login_required
def parecer(request, pk):
    chamado, membro = chamado_do_membro(request, pk)
    meu = consultas.meu_parecer(chamado, request.user)
    inicial = {"voto": meu.voto, "fundamentacao": meu.fundamentacao} if meu else None
    recursal = chamado.sessao.comissao.tipo == Comissao.RECURSAL
    form = ParecerForm(request.POST or None, initial=inicial, alterando=meu is not None, recursal=recursal)
    if request.method == "POST" and form.is_valid():
        if _gravar_parecer(request, chamado, meu, form):
            # Parecer novo: segue para o próximo candidato que o membro ainda julga (issue 29).
            proximo = proximo_a_julgar(chamado, request.user) if meu is None else None
            if proximo is not None and consultas.meu_parecer(chamado, request.user) is not None:
                messages.info(
                    request, f"Inscrição {chamado.inscricao.numero} julgada por você: esta é a próxima a julgar."
                )
                return redirect("heteroidentificacao:parecer", pk=proximo.pk)
            return redirect("heteroidentificacao:parecer", pk=chamado.pk)
    contexto = {
        "sessao": descrever_sessao(chamado.sessao),
        "candidato": descrever_candidato(chamado),
        "form": form,
        "por_que_nao_vota": _por_que_nao_vota(chamado, membro),
        "meu": meu,
        "historico": list(meu.historico.all()) if meu else [],
        "outros": pareceres_dos_outros(chamado, request.user),
        "decisao": _decisao_se_encerrada(chamado),
        "recurso": material_do_recurso(chamado),
        "proximo": proximo_a_julgar(chamado, request.user),
    }
    contexto.update(formularios_do_impedimento(chamado, membro, meu))
    contexto["impedimentos"] = list(chamado.impedimentos.select_related("membro__usuario", "suplente__usuario"))
    if membro.presidente and chamado.sessao.status == Sessao.ABERTA:
        contexto["form_da_comissao"] = ParecerDaComissaoForm(
            initial={"parecer_da_comissao": chamado.parecer_da_comissao}
        )
    if meu or contexto["outros"] or contexto["decisao"] or contexto["recurso"]:
        # O próprio parecer, os dos outros (só depois do encerramento), a decisão ou o material do recurso.
        rotulo = f"inscrição {chamado.inscricao.numero}, sessão #{chamado.sessao_id}"
        registrar_acesso(request, o_que="parecer", objeto=descrever(chamado, rotulo))
    return render(request, "heteroidentificacao/parecer.html", contexto)


def _gravar_parecer(request, chamado: Chamado, meu: Parecer | None, form: ParecerForm) -> bool:
    """Chama o serviço; devolve ``True`` se é para redirecionar (gravou, ou recusou com mensagem)
    e ``False`` se a recusa é de um campo e o formulário volta com o erro junto dele."""
    dados = form.cleaned_data
    try:
        if meu is None:
            services.registrar_parecer(chamado, por=request.user, **dados)
        else:
            services.alterar_parecer(meu, por=request.user, **dados)
    except ValidationError as erro:
        if hasattr(erro, "error_dict") and set(erro.error_dict) <= set(form.fields):
            form.add_error(None, erro)
            return False
        messages.error(request, mensagem_de(erro))
        return True
    if meu is None:
        messages.success(
            request,
            "Parecer registrado. Você pode alterá-lo enquanto a sessão estiver aberta; os pareceres dos outros "
            "membros só aparecem depois do encerramento.",
        )
    elif (meu.voto, meu.fundamentacao) == (dados["voto"], dados["fundamentacao"].strip()):
        messages.info(request, "Nada mudou: o seu parecer continua o mesmo.")
    else:
        messages.success(request, "Parecer alterado. A versão anterior continua no histórico.")
    return True


def _decisao_se_encerrada(chamado: Chamado) -> dict | None:
    if chamado.sessao.status != Sessao.ENCERRADA:
        return None
    return {
        "rotulo": chamado.get_decisao_display(),
        "cor": CORES_DAS_DECISOES[chamado.decisao],
        "placar": chamado.decisao_colegiada.placar,
        "motivo": chamado.motivo_da_decisao,
    }
