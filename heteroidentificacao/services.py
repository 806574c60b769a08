"""Ações da heteroidentificação: comissões, sessões, pareceres, recursos e apuração de declaração falsa.

Cada ação roda numa transação, registra quem agiu em ``RegistroDeAuditoria`` (com o antes e o
depois) e recusa em português: ``ValidationError`` quando a regra não deixa, ``PermissionDenied``
quando a pessoa não pode.

Travas (docs/TECNICO.md §5.3): registrar ou alterar um parecer, registrar a presença e encerrar a sessão
travam a mesma linha da ``Sessao`` (``select_for_update``) e conferem a situação da sessão dentro da
trava. Dois votos simultâneos são gravados os dois; um voto que disputa com o encerramento ou entra
antes (e é contado no placar) ou é recusado com "Sessão encerrada" — nunca fica gravado sem ser
contado. No SQLite a trava não existe; os testes de corrida rodam no PostgreSQL.
"""

from dataclasses import dataclass
from datetime import timedelta

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

import cotas
from concursos.models import Edital, Inscricao, OpcaoDeGrupo
from concursos.services import EventoRegistrado, registrar_evento
from cotas import quorum
from cotas.modelo import ANULACAO, DECLARACAO_FALSA
from cotas.regimes import grupos_heteroidentificados

from . import consultas
from .models import (
    Chamado,
    Comissao,
    HistoricoDeParecer,
    Membro,
    Parecer,
    ProcessoDeApuracao,
    Recurso,
    RegistroDeAuditoria,
    Sessao,
)

SESSAO_ENCERRADA = "Sessão encerrada: nada mais pode ser registrado nem alterado nela."


# — Auditoria e permissões —


def auditar(usuario, acao: str, objeto: str, *, antes=None, depois=None) -> RegistroDeAuditoria:
    """Grava uma linha da trilha de auditoria (só inclusão)."""
    return RegistroDeAuditoria.objects.create(
        usuario=usuario if usuario is not None and usuario.pk else None,
        acao=acao,
        objeto=objeto[:200],
        antes=antes,
        depois=depois,
    )


def _exigir_permissao(usuario, permissao: str, acao: str) -> None:
    if not usuario.has_perm(permissao):
        raise PermissionDenied(f"Você não tem permissão para {acao}.")


def _exigir_membro(comissao: Comissao, usuario) -> Membro:
    membro = consultas.membro_de(comissao, usuario)
    if membro is None:
        raise PermissionDenied("Você não é membro da comissão desta sessão.")
    return membro


def _exigir_presidente(comissao: Comissao, usuario, acao: str) -> None:
    membro = consultas.membro_de(comissao, usuario)
    if membro is None or not membro.presidente:
        raise PermissionDenied(f"Só o presidente da comissão pode {acao}.")


def _exigir_presidente_ou_permissao(comissao: Comissao, usuario, permissao: str, acao: str) -> None:
    if not usuario.has_perm(permissao):
        _exigir_presidente(comissao, usuario, acao)


def _obrigatorio(valor: str, campo: str, mensagem: str) -> str:
    valor = (valor or "").strip()
    if not valor:
        raise ValidationError({campo: mensagem})
    return valor


# — Comissões e membros —


def _validar_regra(regra: dict) -> dict:
    try:
        membros, minimo_de_votos, para_confirmar = (
            int(regra[k]) for k in ("membros", "quorum", "minimo_para_confirmar")
        )
    except (KeyError, TypeError, ValueError) as erro:
        raise ValidationError(
            {"regra_de_quorum": "Informe membros, quorum e minimo_para_confirmar como números inteiros."}
        ) from erro
    if not (membros >= 1 and 1 <= minimo_de_votos <= membros and 1 <= para_confirmar <= membros):
        raise ValidationError(
            {"regra_de_quorum": "O quórum e o mínimo para confirmar devem ficar entre 1 e o número de membros."}
        )
    return {"membros": membros, "quorum": minimo_de_votos, "minimo_para_confirmar": para_confirmar}


@transaction.atomic
def criar_comissao(
    edital: Edital,
    *,
    por,
    tipo: str = Comissao.ORDINARIA,
    grupo: str | None = None,
    regra_de_quorum: dict | None = None,
    limite_de_chamados: int | None = None,
    prazo_de_recurso_dias: int = 2,
) -> Comissao:
    """Cria a comissão com a regra de quórum congelada (a padrão do tipo, ou a do edital). Sem
    ``grupo``, o grupo verificado é o da autodeclaração preta ou parda no regime do edital."""
    _exigir_permissao(por, "heteroidentificacao.add_comissao", "criar comissões de heteroidentificação")
    grupo = grupo or _grupo_do_regime(edital)
    padrao = quorum.REGRA_RECURSAL_PADRAO if tipo == Comissao.RECURSAL else quorum.REGRA_ORDINARIA_PADRAO
    if Comissao.objects.filter(edital=edital, tipo=tipo, grupo=grupo).exists():
        raise ValidationError(f"O edital {edital} já tem comissão {tipo} para o grupo {grupo}.")
    comissao = Comissao(
        edital=edital,
        tipo=tipo,
        grupo=grupo,
        regra_de_quorum=_validar_regra(regra_de_quorum or padrao),
        limite_de_chamados=limite_de_chamados,
        prazo_de_recurso_dias=prazo_de_recurso_dias,
    )
    comissao.full_clean()
    comissao.save()
    auditar(por, "comissao_criada", f"comissão #{comissao.pk}: {comissao}", depois=_comissao_como_dict(comissao))
    return comissao


def _comissao_como_dict(comissao: Comissao) -> dict:
    return {
        "edital": str(comissao.edital),
        "tipo": comissao.tipo,
        "grupo": comissao.grupo,
        "regra_de_quorum": comissao.regra_de_quorum,
        "limite_de_chamados": comissao.limite_de_chamados,
        "prazo_de_recurso_dias": comissao.prazo_de_recurso_dias,
    }


@transaction.atomic
def adicionar_membro(comissao: Comissao, usuario, *, por, papel: str = Membro.TITULAR, presidente: bool = False):
    """Inclui o usuário na comissão. Quem integra a comissão ordinária de um edital nunca integra a
    recursal do mesmo edital (e vice-versa): quem julgou não julga o recurso."""
    _exigir_permissao(por, "heteroidentificacao.add_membro", "incluir membros em comissões")
    # Trava o edital: duas inclusões simultâneas da mesma pessoa nas duas comissões não passam juntas.
    Edital.objects.select_for_update().get(pk=comissao.edital_id)
    if Membro.objects.filter(comissao=comissao, usuario=usuario).exists():
        raise ValidationError({"usuario": "Esta pessoa já é membro desta comissão."})
    if presidente and (atual := comissao.membros.filter(presidente=True).first()):
        raise ValidationError({"presidente": f"A comissão já tem presidente: {atual}."})
    titulares = comissao.membros.filter(papel=Membro.TITULAR).count()
    if papel == Membro.TITULAR and titulares >= comissao.regra_de_quorum["membros"]:
        raise ValidationError(
            {"papel": f"A comissão já tem os {titulares} titulares da sua regra; inclua a pessoa como suplente."}
        )
    membro = Membro(comissao=comissao, usuario=usuario, papel=papel, presidente=presidente)
    membro.full_clean()
    membro.save()
    auditar(
        por,
        "membro_incluido",
        f"membro #{membro.pk} da comissão #{comissao.pk}",
        depois={"usuario": usuario.get_username(), "papel": papel, "presidente": presidente},
    )
    return membro


# — Sessões —


def _travar_sessao(sessao) -> Sessao:
    """Relê a sessão travando só a linha dela (``FOR UPDATE OF``) até o fim da transação."""
    pk = sessao.pk if isinstance(sessao, Sessao) else sessao
    return Sessao.objects.select_for_update(of=("self",)).select_related("comissao").get(pk=pk)


def _exigir_aberta(sessao: Sessao) -> None:
    if sessao.status == Sessao.ENCERRADA:
        raise ValidationError(SESSAO_ENCERRADA)
    if sessao.status != Sessao.ABERTA:
        raise ValidationError("A sessão ainda não foi aberta pelo presidente.")


@transaction.atomic
def criar_sessao(comissao: Comissao, *, inicio, por, local: str = "", link: str = "") -> Sessao:
    _exigir_presidente_ou_permissao(comissao, por, "heteroidentificacao.add_sessao", "marcar sessões")
    sessao = Sessao(comissao=comissao, inicio=inicio, local=local, link=link)
    sessao.full_clean()
    sessao.save()
    auditar(
        por,
        "sessao_criada",
        f"sessão #{sessao.pk}: {sessao}",
        depois={"inicio": inicio.isoformat(), "local": local, "link": link},
    )
    return sessao


@transaction.atomic
def chamar_candidatos(sessao: Sessao, inscricoes=None, *, por) -> list[Chamado]:
    """Chama inscrições à sessão: as informadas, ou (``None``) as da regra da comissão
    (``consultas.candidatos_a_chamar``). A comissão recursal só recebe recursos (``chamar_recurso``)."""
    sessao = _travar_sessao(sessao)
    comissao = sessao.comissao
    _exigir_presidente_ou_permissao(comissao, por, "heteroidentificacao.add_chamado", "chamar candidatos")
    if sessao.status == Sessao.ENCERRADA:
        raise ValidationError(SESSAO_ENCERRADA)
    if comissao.tipo == Comissao.RECURSAL:
        raise ValidationError("A comissão recursal só julga recursos: chame cada recurso à sessão.")
    if inscricoes is None:
        try:
            inscricoes = consultas.candidatos_a_chamar(comissao)
        except cotas.ErroDeCotas as erro:
            raise ValidationError(f"Não foi possível montar a lista do grupo: {erro}") from erro
    else:
        for inscricao in inscricoes:
            _conferir_chamavel(comissao, inscricao)
    chamados = [Chamado.objects.create(sessao=sessao, inscricao=inscricao) for inscricao in inscricoes]
    auditar(
        por,
        "candidatos_chamados",
        f"sessão #{sessao.pk}: {sessao}",
        depois={"inscricoes": [c.inscricao.numero for c in chamados]},
    )
    return chamados


def _conferir_chamavel(comissao: Comissao, inscricao: Inscricao) -> None:
    numero = inscricao.numero
    if inscricao.edital_id != comissao.edital_id:
        raise ValidationError(f"A inscrição {numero} não é do edital desta comissão.")
    if inscricao.situacao != Inscricao.CLASSIFICADO:
        raise ValidationError(f"A inscrição {numero} está eliminada do concurso.")
    opcao = OpcaoDeGrupo.objects.filter(inscricao=inscricao, grupo=comissao.grupo).first()
    if opcao is None:
        raise ValidationError(f"A inscrição {numero} não optou pela reserva a {comissao.grupo}.")
    anterior = consultas.inscricoes_ocupadas(comissao).filter(inscricao=inscricao).select_related("sessao").first()
    if anterior is not None and anterior.sessao.status != Sessao.ENCERRADA:
        raise ValidationError(
            f"A inscrição {numero} já está chamada para a sessão de {anterior.sessao.inicio:%d/%m/%Y}."
        )
    if anterior is not None:
        raise ValidationError(
            f"A inscrição {numero} já foi julgada na sessão de {anterior.sessao.inicio:%d/%m/%Y} "
            f"({anterior.get_decisao_display().lower()}); a revisão é pelo recurso."
        )
    if opcao.situacao != quorum.PENDENTE:
        raise ValidationError(f"A verificação da inscrição {numero} já está {opcao.get_situacao_display().lower()}.")


@transaction.atomic
def registrar_presenca(chamado: Chamado, *, compareceu: bool, por, recusou_filmagem: bool = False) -> Chamado:
    """Presença do candidato no procedimento (e se recusou ser filmado), durante a sessão aberta."""
    sessao = _travar_sessao(chamado.sessao_id)
    _exigir_membro(sessao.comissao, por)
    _exigir_aberta(sessao)
    if sessao.comissao.tipo == Comissao.RECURSAL:
        raise ValidationError(
            "Na comissão recursal o candidato não é chamado de novo: o recurso é julgado pela gravação, "
            "pelos pareceres e pelas razões apresentadas."
        )
    chamado = Chamado.objects.select_related("inscricao").get(pk=chamado.pk)
    if not compareceu and recusou_filmagem:
        raise ValidationError("Só quem compareceu pode ter recusado a filmagem.")
    if not compareceu and chamado.pareceres.exists():
        raise ValidationError("Já há pareceres para este candidato: não é possível registrá-lo como ausente.")
    antes = {"compareceu": chamado.compareceu, "recusou_filmagem": chamado.recusou_filmagem}
    chamado.compareceu, chamado.recusou_filmagem = compareceu, recusou_filmagem
    chamado.save(update_fields=["compareceu", "recusou_filmagem"])
    auditar(
        por,
        "presenca_registrada",
        _descrever_chamado(chamado),
        antes=antes,
        depois={"compareceu": compareceu, "recusou_filmagem": recusou_filmagem},
    )
    return chamado


def _descrever_chamado(chamado: Chamado) -> str:
    return f"chamado #{chamado.pk}: inscrição {chamado.inscricao.numero}, sessão #{chamado.sessao_id}"


@transaction.atomic
def abrir_sessao(sessao: Sessao, *, por) -> Sessao:
    sessao = _travar_sessao(sessao)
    comissao = sessao.comissao
    _exigir_presidente(comissao, por, "abrir a sessão")
    if sessao.status != Sessao.PLANEJADA:
        raise ValidationError(f"A sessão não pode ser aberta: está {sessao.get_status_display().lower()}.")
    membros, minimo = comissao.membros.count(), comissao.regra_de_quorum["quorum"]
    if membros < minimo:
        raise ValidationError(f"A comissão tem {membros} membro(s); o quórum exige {minimo}.")
    sessao.status = Sessao.ABERTA
    sessao.save(update_fields=["status"])
    auditar(
        por,
        "sessao_aberta",
        f"sessão #{sessao.pk}: {sessao}",
        antes={"status": Sessao.PLANEJADA},
        depois={"status": sessao.status},
    )
    return sessao


@transaction.atomic
def encerrar_sessao(sessao: Sessao, *, por) -> Sessao:
    """Encerra a sessão: decide cada candidato pela regra de quórum congelada da comissão, grava o
    placar e o motivo no ``Chamado`` e a decisão na opção da inscrição pelo grupo. Na comissão
    recursal, a decisão substitui a da ordinária (recurso sem quórum deixa a decisão recorrida)."""
    sessao = _travar_sessao(sessao)
    comissao = sessao.comissao
    _exigir_presidente(comissao, por, "encerrar a sessão")
    _exigir_aberta(sessao)
    recursal = comissao.tipo == Comissao.RECURSAL
    chamados = list(sessao.chamados.select_related("inscricao"))
    sem_presenca = [c.inscricao.numero for c in chamados if c.compareceu is None and not recursal]
    if sem_presenca:
        raise ValidationError(f"Registre a presença antes de encerrar: inscrições {', '.join(sem_presenca)}.")
    votos = {}
    for chamado_id, voto in Parecer.objects.filter(chamado__sessao=sessao).values_list("chamado_id", "voto"):
        votos.setdefault(chamado_id, []).append(voto)
    for chamado in chamados:
        compareceu = True if recursal else chamado.compareceu
        decisao = quorum.decidir(votos.get(chamado.pk, []), comissao.regra_de_quorum, compareceu=compareceu)
        _decidir(chamado, decisao, comissao, por)
    sessao.status, sessao.encerrada_em, sessao.encerrada_por = Sessao.ENCERRADA, timezone.now(), por
    sessao.save(update_fields=["status", "encerrada_em", "encerrada_por"])
    auditar(
        por,
        "sessao_encerrada",
        f"sessão #{sessao.pk}: {sessao}",
        antes={"status": Sessao.ABERTA},
        depois={"status": sessao.status, "decisoes": {c.inscricao.numero: c.decisao for c in chamados}},
    )
    return sessao


def _decidir(chamado: Chamado, decisao: quorum.Decisao, comissao: Comissao, por) -> None:
    chamado.decisao = decisao.situacao
    chamado.votos_confirma, chamado.votos_nao_confirma = decisao.confirma, decisao.nao_confirma
    chamado.motivo_da_decisao = decisao.motivo[:300]
    chamado.save(update_fields=["decisao", "votos_confirma", "votos_nao_confirma", "motivo_da_decisao"])
    verificacao = _aplicar_na_opcao(chamado, comissao, decisao.situacao)
    auditar(
        por,
        "decisao",
        _descrever_chamado(chamado),
        antes={"decisao": quorum.PENDENTE, "verificacao": verificacao[0]},
        depois={
            "decisao": decisao.situacao,
            "placar": decisao.placar,
            "motivo": decisao.motivo,
            "verificacao": verificacao[1],
        },
    )


def _aplicar_na_opcao(chamado: Chamado, comissao: Comissao, situacao: str) -> tuple[str, str]:
    """Grava a decisão em ``OpcaoDeGrupo`` (o que o motor de cotas lê); devolve (antes, depois).

    Não muda nada quando o recurso fica sem quórum (vale a decisão recorrida até novo julgamento)
    nem quando já há declaração falsa apurada (o processo administrativo prevalece)."""
    opcao = OpcaoDeGrupo.objects.select_for_update().get(inscricao_id=chamado.inscricao_id, grupo=comissao.grupo)
    antes = opcao.situacao
    sem_julgamento = comissao.tipo == Comissao.RECURSAL and situacao == quorum.PENDENTE
    if not sem_julgamento and antes != DECLARACAO_FALSA:
        opcao.situacao = situacao
        opcao.save(update_fields=["situacao"])
    return antes, opcao.situacao


# — Pareceres —


def _membro_votante(comissao: Comissao, usuario) -> Membro:
    membro = _exigir_membro(comissao, usuario)
    if comissao.tipo == Comissao.RECURSAL:
        outra = Membro.objects.filter(
            usuario=usuario, comissao__edital_id=comissao.edital_id, comissao__grupo=comissao.grupo
        ).exclude(comissao__tipo=Comissao.RECURSAL)
        if outra.exists():
            raise PermissionDenied("Quem integra a comissão ordinária deste edital não julga o recurso.")
    return membro


@transaction.atomic
def registrar_parecer(chamado: Chamado, *, por, voto: str, fundamentacao: str = "") -> Parecer:
    """Registra (ou altera) o parecer do próprio membro sobre o candidato, com a sessão aberta."""
    sessao = _travar_sessao(chamado.sessao_id)
    _exigir_aberta(sessao)
    comissao = sessao.comissao
    membro = _membro_votante(comissao, por)
    chamado = Chamado.objects.select_related("inscricao").get(pk=chamado.pk)
    if comissao.tipo == Comissao.ORDINARIA and chamado.compareceu is not True:
        raise ValidationError("Registre a presença do candidato antes dos pareceres: só se avalia quem compareceu.")
    parecer = Parecer.objects.filter(chamado=chamado, membro=membro).first()
    if parecer is None:
        limite = comissao.regra_de_quorum["membros"]
        if chamado.pareceres.count() >= limite:
            raise ValidationError(f"O candidato já tem {limite} pareceres, o número de membros da comissão.")
        parecer = Parecer(chamado=chamado, membro=membro)
    return _gravar_parecer(parecer, voto, fundamentacao, por)


@transaction.atomic
def alterar_parecer(parecer: Parecer, *, por, voto: str, fundamentacao: str = "") -> Parecer:
    """Altera um parecer existente: só o seu autor, e só com a sessão aberta."""
    sessao = _travar_sessao(Chamado.objects.values_list("sessao_id", flat=True).get(pk=parecer.chamado_id))
    parecer = Parecer.objects.select_related("membro", "chamado__inscricao").get(pk=parecer.pk)
    if parecer.membro.usuario_id != por.pk:
        raise PermissionDenied("Só o autor do parecer pode alterá-lo.")
    _exigir_aberta(sessao)
    return _gravar_parecer(parecer, voto, fundamentacao, por)


def _gravar_parecer(parecer: Parecer, voto: str, fundamentacao: str, por) -> Parecer:
    antes = {"voto": parecer.voto, "fundamentacao": parecer.fundamentacao} if parecer.pk else None
    parecer.voto, parecer.fundamentacao = voto, (fundamentacao or "").strip()
    depois = {"voto": parecer.voto, "fundamentacao": parecer.fundamentacao}
    if antes == depois:
        return parecer
    parecer.full_clean()
    parecer.save()
    HistoricoDeParecer.objects.create(parecer=parecer, voto=parecer.voto, fundamentacao=parecer.fundamentacao)
    auditar(
        por,
        "parecer_alterado" if antes else "parecer_registrado",
        f"parecer #{parecer.pk}: inscrição {parecer.chamado.inscricao.numero}, sessão #{parecer.chamado.sessao_id}",
        antes=antes,
        depois=depois,
    )
    return parecer


# — Recurso —


@transaction.atomic
def registrar_recurso(chamado: Chamado, *, texto: str, por, apresentado_em=None) -> Recurso:
    """Recurso do candidato contra a não confirmação, dentro do prazo da comissão.

    Só cabe contra ``nao_confirmado``: a ausência não é juízo sobre o fenótipo (perde a reserva,
    docs/REGRAS.md §3) e a decisão da comissão recursal é a última."""
    _exigir_permissao(por, "heteroidentificacao.add_recurso", "registrar recursos")
    chamado = (
        Chamado.objects.select_for_update(of=("self",))
        .select_related("sessao__comissao", "inscricao")
        .get(pk=chamado.pk)
    )
    sessao = chamado.sessao
    if sessao.comissao.tipo != Comissao.ORDINARIA:
        raise ValidationError("Não cabe recurso da decisão da comissão recursal.")
    if sessao.status != Sessao.ENCERRADA:
        raise ValidationError("A sessão ainda não foi encerrada: não há decisão para recorrer.")
    if chamado.decisao != quorum.NAO_CONFIRMADO:
        raise ValidationError(
            f"Só cabe recurso contra a não confirmação; a decisão foi: {chamado.get_decisao_display().lower()}."
        )
    if Recurso.objects.filter(chamado=chamado).exists():
        raise ValidationError("Já há recurso contra esta decisão.")
    texto = _obrigatorio(texto, "texto", "Informe as razões do recurso.")
    apresentado_em = apresentado_em or timezone.localdate()
    _conferir_prazo_de_recurso(chamado, apresentado_em)
    recurso = Recurso.objects.create(chamado=chamado, texto=texto, apresentado_em=apresentado_em, registrado_por=por)
    auditar(
        por,
        "recurso_registrado",
        f"recurso #{recurso.pk}: inscrição {chamado.inscricao.numero}",
        depois={"chamado": chamado.pk, "apresentado_em": apresentado_em.isoformat(), "texto": texto},
    )
    return recurso


def _conferir_prazo_de_recurso(chamado: Chamado, apresentado_em) -> None:
    inicio, fim = consultas.prazo_de_recurso(chamado)
    if apresentado_em > timezone.localdate():
        raise ValidationError({"apresentado_em": "A data de apresentação não pode ser futura."})
    if apresentado_em < consultas.data_do_encerramento(chamado.sessao):
        raise ValidationError({"apresentado_em": "O recurso não pode ser anterior à decisão recorrida."})
    if apresentado_em > fim:
        dias = chamado.sessao.comissao.prazo_de_recurso_dias
        raise ValidationError(
            {
                "apresentado_em": f"Recurso fora do prazo: o prazo de {dias} dia(s), contado a partir de "
                f"{inicio:%d/%m/%Y}, terminou em {fim:%d/%m/%Y}."
            }
        )


@transaction.atomic
def chamar_recurso(recurso: Recurso, sessao_recursal: Sessao, *, por) -> Chamado:
    """Põe o recurso na pauta de uma sessão da comissão recursal do mesmo edital e grupo."""
    sessao = _travar_sessao(sessao_recursal)
    comissao = sessao.comissao
    _exigir_presidente_ou_permissao(comissao, por, "heteroidentificacao.change_recurso", "chamar recursos")
    if comissao.tipo != Comissao.RECURSAL:
        raise ValidationError("O recurso é julgado pela comissão recursal; esta sessão é da comissão ordinária.")
    if sessao.status == Sessao.ENCERRADA:
        raise ValidationError(SESSAO_ENCERRADA)
    recurso = (
        Recurso.objects.select_for_update(of=("self",))
        .select_related("chamado__sessao__comissao", "chamado__inscricao", "julgamento__sessao")
        .get(pk=recurso.pk)
    )
    origem = recurso.chamado.sessao.comissao
    if (origem.edital_id, origem.grupo) != (comissao.edital_id, comissao.grupo):
        raise ValidationError("A sessão é de uma comissão recursal de outro edital ou grupo.")
    anterior = recurso.julgamento
    if anterior is not None and not (
        anterior.sessao.status == Sessao.ENCERRADA and anterior.decisao == quorum.PENDENTE
    ):
        situacao = (
            "já foi julgado" if anterior.sessao.status == Sessao.ENCERRADA else "já está na pauta de outra sessão"
        )
        raise ValidationError(f"O recurso {situacao} (sessão de {anterior.sessao.inicio:%d/%m/%Y}).")
    chamado = Chamado.objects.create(sessao=sessao, inscricao=recurso.chamado.inscricao)
    recurso.julgamento = chamado
    recurso.save(update_fields=["julgamento"])
    auditar(
        por,
        "recurso_chamado",
        f"recurso #{recurso.pk}: inscrição {chamado.inscricao.numero}",
        antes={"julgamento": anterior.pk if anterior else None},
        depois={"julgamento": chamado.pk, "sessao": sessao.pk},
    )
    return chamado


# — Apuração de declaração falsa (Art. 2º, §1º) —


def _grupo_do_regime(edital: Edital) -> str | None:
    """O grupo que a comissão verifica por padrão: ``negros`` ou ``pretos_pardos``, conforme o regime."""
    return next(iter(grupos_heteroidentificados(edital.regime_congelado())), None)


def _grupos_verificados(edital: Edital) -> set[str]:
    """Grupos cuja autodeclaração é verificada por heteroidentificação neste edital."""
    grupos = set(Comissao.objects.filter(edital=edital).values_list("grupo", flat=True))
    return grupos or set(grupos_heteroidentificados(edital.regime_congelado()))


def _travar_processo(processo: ProcessoDeApuracao) -> ProcessoDeApuracao:
    processo = (
        ProcessoDeApuracao.objects.select_for_update(of=("self",)).select_related("inscricao").get(pk=processo.pk)
    )
    if processo.decisao != ProcessoDeApuracao.EM_ANDAMENTO:
        raise ValidationError(
            f"O processo {processo.numero} já foi decidido ({processo.get_decisao_display().lower()})."
        )
    return processo


def _descrever_processo(processo: ProcessoDeApuracao) -> str:
    return f"processo de apuração #{processo.pk}: {processo.numero}, inscrição {processo.inscricao.numero}"


@transaction.atomic
def instaurar_apuracao(inscricao: Inscricao, *, numero: str, fatos: str, por, instaurado_em=None) -> ProcessoDeApuracao:
    """Instaura o procedimento administrativo; não é votação da comissão."""
    _exigir_permissao(por, "heteroidentificacao.add_processodeapuracao", "instaurar apuração de declaração falsa")
    numero = _obrigatorio(numero, "numero", "Informe o número do processo.")
    fatos = _obrigatorio(fatos, "fatos", "Descreva os fatos apurados.")
    if not inscricao.opcoes.filter(grupo__in=_grupos_verificados(inscricao.edital)).exists():
        raise ValidationError(f"A inscrição {inscricao.numero} não se autodeclarou para a reserva verificada.")
    if inscricao.apuracoes.filter(decisao=ProcessoDeApuracao.EM_ANDAMENTO).exists():
        raise ValidationError(f"Já há processo de apuração em andamento para a inscrição {inscricao.numero}.")
    processo = ProcessoDeApuracao.objects.create(
        inscricao=inscricao,
        numero=numero,
        fatos=fatos,
        instaurado_em=instaurado_em or timezone.localdate(),
        instaurado_por=por,
    )
    auditar(
        por,
        "apuracao_instaurada",
        _descrever_processo(processo),
        depois={"numero": numero, "fatos": fatos, "instaurado_em": processo.instaurado_em.isoformat()},
    )
    return processo


@transaction.atomic
def notificar(processo: ProcessoDeApuracao, *, por, notificado_em=None, dias_para_defesa: int = 10):
    """Registra a notificação do candidato e abre o prazo de defesa, em dias corridos contados do
    dia seguinte à notificação (padrão: 10 dias, como o art. 44 da Lei 9.784/1999)."""
    _exigir_permissao(por, "heteroidentificacao.change_processodeapuracao", "conduzir a apuração")
    processo = _travar_processo(processo)
    if processo.defesa_apresentada_em:
        raise ValidationError("A defesa já foi apresentada: não há nova notificação neste processo.")
    if dias_para_defesa < 1:
        raise ValidationError({"dias_para_defesa": "O prazo de defesa deve ser de ao menos 1 dia."})
    notificado_em = notificado_em or timezone.localdate()
    if notificado_em < processo.instaurado_em:
        raise ValidationError({"notificado_em": "A notificação não pode ser anterior à instauração."})
    antes = _datas_do_processo(processo)
    processo.notificado_em = notificado_em
    processo.prazo_de_defesa = notificado_em + timedelta(days=dias_para_defesa)
    processo.save(update_fields=["notificado_em", "prazo_de_defesa"])
    auditar(por, "apuracao_notificada", _descrever_processo(processo), antes=antes, depois=_datas_do_processo(processo))
    return processo


def _datas_do_processo(processo: ProcessoDeApuracao) -> dict:
    return {
        campo: valor.isoformat() if valor else None
        for campo, valor in (
            ("notificado_em", processo.notificado_em),
            ("prazo_de_defesa", processo.prazo_de_defesa),
            ("defesa_apresentada_em", processo.defesa_apresentada_em),
        )
    }


@transaction.atomic
def registrar_defesa(processo: ProcessoDeApuracao, *, texto: str, por, apresentada_em=None):
    _exigir_permissao(por, "heteroidentificacao.change_processodeapuracao", "conduzir a apuração")
    processo = _travar_processo(processo)
    if processo.prazo_de_defesa is None:
        raise ValidationError("O candidato ainda não foi notificado: não há prazo de defesa aberto.")
    if processo.defesa_apresentada_em:
        raise ValidationError("A defesa já foi registrada neste processo.")
    texto = _obrigatorio(texto, "defesa", "Informe o texto da defesa.")
    apresentada_em = apresentada_em or timezone.localdate()
    if apresentada_em < processo.notificado_em:
        raise ValidationError({"defesa_apresentada_em": "A defesa não pode ser anterior à notificação."})
    if apresentada_em > processo.prazo_de_defesa:
        raise ValidationError(
            {"defesa_apresentada_em": f"Defesa fora do prazo: o prazo terminou em {processo.prazo_de_defesa:%d/%m/%Y}."}
        )
    antes = _datas_do_processo(processo)
    processo.defesa, processo.defesa_apresentada_em = texto, apresentada_em
    processo.save(update_fields=["defesa", "defesa_apresentada_em"])
    depois = {**_datas_do_processo(processo), "defesa": texto}
    auditar(por, "apuracao_defesa", _descrever_processo(processo), antes=antes, depois=depois)
    return processo


@dataclass(frozen=True)
class DecisaoDaApuracao:
    processo: ProcessoDeApuracao
    evento: EventoRegistrado | None  # a anulação registrada, quando houve


@transaction.atomic
def decidir_apuracao(processo: ProcessoDeApuracao, *, decisao: str, fundamentacao: str, por, decidido_em=None):
    """Decide o processo. Procedente: o candidato sai de todas as listas (Art. 2º, §1º) — ver
    ``_eliminar_por_declaracao_falsa``. Só depois do prazo de defesa, salvo se a defesa veio antes."""
    _exigir_permissao(por, "heteroidentificacao.change_processodeapuracao", "decidir a apuração")
    processo = _travar_processo(processo)
    if decisao not in (ProcessoDeApuracao.PROCEDENTE, ProcessoDeApuracao.IMPROCEDENTE):
        raise ValidationError({"decisao": "A decisão deve ser procedente ou improcedente."})
    fundamentacao = _obrigatorio(fundamentacao, "fundamentacao", "A decisão precisa de fundamentação.")
    if processo.prazo_de_defesa is None:
        raise ValidationError("O candidato ainda não foi notificado: sem contraditório e ampla defesa não há decisão.")
    decidido_em = decidido_em or timezone.localdate()
    if not processo.defesa_apresentada_em and decidido_em <= processo.prazo_de_defesa:
        raise ValidationError(
            f"O prazo de defesa termina em {processo.prazo_de_defesa:%d/%m/%Y} e a defesa não foi apresentada: "
            "a decisão só pode vir depois dele."
        )
    processo.decisao, processo.fundamentacao = decisao, fundamentacao
    processo.decidido_em, processo.decidido_por = decidido_em, por
    processo.save(update_fields=["decisao", "fundamentacao", "decidido_em", "decidido_por"])
    efeito, evento = ("nenhum", None)
    if decisao == ProcessoDeApuracao.PROCEDENTE:
        efeito, evento = _eliminar_por_declaracao_falsa(processo, por)
    auditar(
        por,
        "apuracao_decidida",
        _descrever_processo(processo),
        antes={"decisao": ProcessoDeApuracao.EM_ANDAMENTO},
        depois={
            "decisao": decisao,
            "fundamentacao": fundamentacao,
            "decidido_em": decidido_em.isoformat(),
            "efeito": efeito,
            "evento": evento.evento.pk if evento else None,
        },
    )
    return DecisaoDaApuracao(processo, evento)


def _eliminar_por_declaracao_falsa(processo: ProcessoDeApuracao, por) -> tuple[str, EventoRegistrado | None]:
    """Tira o candidato de todas as listas; devolve (efeito, evento).

    - Nomeado (na versão mais recente do resultado do cargo) ou já citado por um evento vigente:
      evento ``anulacao`` com o número do processo como documento; o motor o elimina e convoca o
      próximo. A opção não vira ``declaracao_falsa``: o motor exige que o anulado esteja na lista
      geral até o evento, e as duas coisas juntas o fariam recusar o cenário do cargo.
    - Citado por um evento mas já fora da lista geral (desistente, por exemplo): nada muda nas listas.
    - Nos demais casos: a opção pelo grupo vira ``declaracao_falsa`` e o motor o elimina de todas as listas.
    """
    inscricao = processo.inscricao
    cargo = inscricao.cargo
    if (
        consultas.nomeada(inscricao)
        or inscricao.eventos.filter(revertido_por__isnull=True).exclude(tipo="reversao").exists()
    ):
        if not consultas.ativa_na_lista_geral(inscricao):
            return "ja_fora_das_listas", None
        try:
            evento = registrar_evento(
                cargo,
                tipo=ANULACAO,
                inscricao=inscricao,
                documento=processo.numero,
                motivo=f"Declaração falsa constatada no processo {processo.numero} (Art. 2º, §1º).",
                registrado_por=por,
            )
        except cotas.ErroDeCotas as erro:
            raise ValidationError(f"O motor de cotas recusou a anulação: {erro}") from erro
        return ANULACAO, evento
    grupos = _grupos_verificados(inscricao.edital)
    for opcao in OpcaoDeGrupo.objects.select_for_update().filter(inscricao=inscricao, grupo__in=grupos):
        opcao.situacao = DECLARACAO_FALSA
        opcao.save(update_fields=["situacao"])
    return DECLARACAO_FALSA, None
