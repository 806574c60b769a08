"""Sessões: marcar, chamar candidatos, presença, abrir, pareceres e encerrar (a decisão colegiada).

Travas (docs/TECNICO.md §5.3): registrar ou alterar um parecer, registrar a presença e encerrar a sessão
travam a mesma linha da ``Sessao`` (``select_for_update``) e conferem a situação da sessão dentro da
trava. Dois votos simultâneos são gravados os dois; um voto que disputa com o encerramento ou entra
antes (e é contado no placar) ou é recusado com "Sessão encerrada" — nunca fica gravado sem ser
contado. No SQLite a trava não existe; os testes de corrida rodam no PostgreSQL.
"""

import re

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

import cotas
from comum import relogio
from comum.validacao import validar_data_de_ato, validar_texto
from comum.validadores import validar_referencia_de_gravacao
from concursos.atos import Ato
from concursos.consultas.verificacoes import situacao_vigente
from concursos.models import Inscricao, OpcaoDeGrupo
from concursos.services.revisoes_de_verificacao import DecisaoDeVerificacao, registrar_revisoes_de_verificacao
from cotas import quorum

from .. import consultas, registro
from ..models import (
    Chamado,
    Comissao,
    HistoricoDeParecer,
    Impedimento,
    Membro,
    Parecer,
    PresencaDeMembro,
    Recurso,
    Sessao,
)
from .apuracao import DECLARACAO_FALSA
from .auditoria import auditar, exigir_membro, exigir_presidente, exigir_presidente_ou_permissao

SESSAO_ENCERRADA = "Sessão encerrada: nada mais pode ser registrado nem alterado nela."
RECUSOU_A_FILMAGEM = (
    "O candidato recusou a filmagem: é tratado como ausente (o efeito de ausência do regime) e não é avaliado."
)
TRANSFERIDO = (
    "Candidato transferido para outra sessão por impedimento de membro: nesta sessão não recebe presença nem "
    "pareceres; chame-o a outra sessão da comissão."
)
NAO_COMPOE_A_SESSAO = (
    "Você não compõe esta sessão: a composição foi fixada na abertura (titulares presentes e suplentes "
    "no lugar de titulares ausentes)."
)


def travar_sessao(sessao) -> Sessao:
    """Relê a sessão travando só a linha dela (``FOR UPDATE OF``) até o fim da transação."""
    pk = sessao.pk if isinstance(sessao, Sessao) else sessao
    return Sessao.objects.select_for_update(of=("self",)).select_related("comissao").get(pk=pk)


def _exigir_nao_transferido(chamado: Chamado) -> None:
    if consultas.transferido(chamado):
        raise ValidationError(TRANSFERIDO)


def _exigir_aberta(sessao: Sessao) -> None:
    if sessao.status == Sessao.ENCERRADA:
        raise ValidationError(SESSAO_ENCERRADA)
    if sessao.status != Sessao.ABERTA:
        raise ValidationError("A sessão ainda não foi aberta pelo presidente.")


@transaction.atomic
def criar_sessao(comissao: Comissao, *, inicio, por, local: str = "", link: str = "") -> Sessao:
    exigir_presidente_ou_permissao(comissao, por, "heteroidentificacao.add_sessao", "marcar sessões")
    validar_data_de_ato(inicio, rotulo="data e hora da sessão", campo="inicio")
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
    sessao = travar_sessao(sessao)
    comissao = sessao.comissao
    exigir_presidente_ou_permissao(comissao, por, "heteroidentificacao.add_chamado", "chamar candidatos")
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
    """Presença do candidato no procedimento (e se recusou ser filmado), durante a sessão aberta.

    Quem compõe a sessão registra a presença ainda não registrada (quando ninguém pode ter dado
    parecer); corrigir a presença registrada é só do presidente, que vê quem já votou. A recusa ao
    membro é a mesma para todo candidato com presença registrada, tenha ou não pareceres: a recusa
    por haver pareceres diria ao membro que colegas já votaram (issue 24)."""
    sessao = travar_sessao(chamado.sessao_id)
    _exigir_aberta(sessao)
    membro = _membro_da_composicao(sessao, por)
    if sessao.comissao.tipo == Comissao.RECURSAL:
        raise ValidationError(
            "Na comissão recursal o candidato não é chamado de novo: o recurso é julgado pela gravação, "
            "pelos pareceres e pelas razões apresentadas."
        )
    chamado = Chamado.objects.select_related("inscricao").get(pk=chamado.pk)
    _exigir_nao_transferido(chamado)
    if chamado.compareceu is not None and not membro.presidente:
        raise ValidationError(PRESENCA_JA_REGISTRADA)
    if not compareceu and recusou_filmagem:
        raise ValidationError("Só quem compareceu pode ter recusado a filmagem.")
    if not compareceu and chamado.pareceres.exists():
        raise ValidationError("Já há pareceres para este candidato: não é possível registrá-lo como ausente.")
    if recusou_filmagem and chamado.pareceres.exists():
        raise ValidationError(
            "Já há pareceres para este candidato: quem recusa a filmagem é tratado como ausente e não é avaliado."
        )
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


PRESENCA_JA_REGISTRADA = (
    "A presença deste candidato já foi registrada: só o presidente da comissão a corrige. Se está errada, "
    "avise o presidente."
)


def _descrever_chamado(chamado: Chamado) -> str:
    return f"chamado #{chamado.pk}: inscrição {chamado.inscricao.numero}, sessão #{chamado.sessao_id}"


@transaction.atomic
def abrir_sessao(sessao: Sessao, *, por, ausentes=(), substitutos=None) -> Sessao:
    """Abre a sessão e congela a sua composição: a presença de cada membro ativo da comissão.

    ``ausentes``: os titulares ausentes; ``substitutos``: titular ausente → suplente que vota no
    lugar dele. Vota quem compõe a sessão (titular presente, suplente no lugar de um titular
    ausente nomeado); quem for incluído na comissão depois não vota nela. A sessão não abre antes
    do horário marcado: a ata diz a hora em que de fato abriu."""
    sessao = travar_sessao(sessao)
    comissao = sessao.comissao
    exigir_presidente(comissao, por, "abrir a sessão")
    if sessao.status != Sessao.PLANEJADA:
        raise ValidationError(f"A sessão não pode ser aberta: está {sessao.get_status_display().lower()}.")
    agora = relogio.agora()
    if agora < sessao.inicio:
        raise ValidationError(
            f"A sessão está marcada para {timezone.localtime(sessao.inicio):%d/%m/%Y às %H:%M}: só pode ser aberta "
            "a partir desse horário (para antecipá-la, o RH altera a data da sessão planejada)."
        )
    presencas = _composicao(comissao, set(ausentes), dict(substitutos or {}))
    votantes = sum(1 for p in presencas if p.votante)
    membros = quorum.ler_regra(comissao.regra_de_quorum)["membros"]
    if votantes != membros:
        raise ValidationError(
            f"Compõem a sessão {votantes} membro(s) (titulares presentes e suplentes no lugar de titulares "
            f"ausentes); a comissão decide com os seus {membros} membros, e todos votam (docs/REGRAS.md §10): "
            "indique um suplente para cada titular ausente."
        )
    for presenca in presencas:
        presenca.sessao = sessao
    PresencaDeMembro.objects.bulk_create(presencas)
    sessao.status, sessao.aberta_em, sessao.aberta_por = Sessao.ABERTA, agora, por
    sessao.save(update_fields=["status", "aberta_em", "aberta_por"])
    auditar(
        por,
        "sessao_aberta",
        f"sessão #{sessao.pk}: {sessao}",
        antes={"status": Sessao.PLANEJADA},
        depois={
            "status": sessao.status,
            "composicao": [str(p) for p in presencas],
            "avisos_da_composicao": consultas.avisos_da_composicao(p.membro for p in presencas if p.votante),
        },
    )
    return sessao


def _composicao(comissao: Comissao, ausentes: set, substitutos: dict) -> list[PresencaDeMembro]:
    """A presença de cada membro ativo, conferindo ausências e substituições."""
    membros = list(comissao.membros.ativos().select_related("usuario"))
    titulares = {m for m in membros if m.papel == Membro.TITULAR}
    suplentes = {m for m in membros if m.papel == Membro.SUPLENTE}
    for membro in ausentes:
        if membro not in titulares:
            raise ValidationError(
                f"{membro.nome} não é titular ativo desta comissão: só se registra ausência de titular."
            )
        if membro.presidente:
            raise ValidationError("O presidente abre a sessão: não pode constar como ausente.")
    usados = set()
    for titular, suplente in substitutos.items():
        if titular not in ausentes:
            raise ValidationError(
                f"{suplente.nome} só pode votar no lugar de um titular ausente; {titular.nome} está presente."
            )
        if suplente not in suplentes:
            raise ValidationError(f"{suplente.nome} não é suplente ativo desta comissão.")
        if suplente in usados:
            raise ValidationError(f"{suplente.nome} já substitui outro titular nesta sessão.")
        usados.add(suplente)
    no_lugar_de = {suplente: titular for titular, suplente in substitutos.items()}
    presencas = []
    for membro in membros:
        if membro in titulares:
            presente = membro not in ausentes
            presencas.append(PresencaDeMembro(membro=membro, presente=presente, votante=presente))
        else:
            titular = no_lugar_de.get(membro)
            presencas.append(
                PresencaDeMembro(
                    membro=membro, presente=titular is not None, substitui=titular, votante=titular is not None
                )
            )
    return presencas


@transaction.atomic
def encerrar_sessao(sessao: Sessao, *, por) -> Sessao:
    """Encerra a sessão: decide cada candidato pela regra de quórum congelada da comissão, grava o
    placar e o motivo no ``Chamado`` e a decisão na opção da inscrição pelo grupo. Na comissão
    recursal, a decisão substitui a da ordinária (recurso sem quórum deixa a decisão recorrida)."""
    sessao = travar_sessao(sessao)
    comissao = sessao.comissao
    exigir_presidente(comissao, por, "encerrar a sessão")
    _exigir_aberta(sessao)
    recursal = comissao.tipo == Comissao.RECURSAL
    # Os transferidos por impedimento vão a outra sessão: nesta ficam pendentes, sem ser cobrados.
    transferidos = consultas.decisoes_dos_transferidos(sessao)
    todos_os_chamados = list(sessao.chamados.select_related("inscricao"))
    chamados = [c for c in todos_os_chamados if c.pk not in transferidos]
    sem_presenca = [c.inscricao.numero for c in chamados if c.compareceu is None and not recursal]
    if sem_presenca:
        raise ValidationError(f"Registre a presença antes de encerrar: inscrições {', '.join(sem_presenca)}.")
    votos = {}
    for chamado_id, voto in Parecer.objects.filter(chamado__sessao=sessao).values_list("chamado_id", "voto"):
        votos.setdefault(chamado_id, []).append(voto)
    avaliados = [c for c in chamados if recursal or (c.compareceu and not c.recusou_filmagem)]
    _exigir_gravacao(sessao, chamados, avaliados)
    _exigir_todos_os_votos(sessao, avaliados)
    decisoes = {chamado.pk: _decisao(chamado, votos.get(chamado.pk, []), comissao, recursal) for chamado in chamados}
    _exigir_parecer_motivado(chamados, decisoes)
    verificacoes = _aplicar_nas_opcoes(sessao, chamados, decisoes, por)
    for chamado in chamados:
        _decidir(chamado, decisoes[chamado.pk], verificacoes.get(chamado.pk), comissao, por)
    for chamado in todos_os_chamados:
        if chamado.pk in transferidos:
            _decidir(chamado, transferidos[chamado.pk], None, comissao, por)
    sessao.status, sessao.encerrada_em, sessao.encerrada_por = Sessao.ENCERRADA, relogio.agora(), por
    sessao.registro = registro.montar_registro(sessao)
    sessao.hash_do_registro = registro.codigo(sessao.registro)
    sessao.save(update_fields=["status", "encerrada_em", "encerrada_por", "registro", "hash_do_registro"])
    auditar(
        por,
        "sessao_encerrada",
        f"sessão #{sessao.pk}: {sessao}",
        antes={"status": Sessao.ABERTA},
        depois={
            "status": sessao.status,
            "decisoes": {c.inscricao.numero: c.decisao for c in chamados},
            "codigo_do_registro": sessao.hash_do_registro,
        },
    )
    return sessao


def _exigir_todos_os_votos(sessao: Sessao, avaliados: list[Chamado]) -> None:
    """Recusa o encerramento enquanto um membro que compõe a sessão não registrou parecer sobre um
    candidato que compareceu (docs/REGRAS.md §10): diz quem falta e em quais inscrições, nunca o voto."""
    votantes = [p.membro for p in sessao.presencas.filter(votante=True).select_related("membro__usuario")]
    deram = set(Parecer.objects.filter(chamado__in=avaliados).values_list("chamado_id", "membro_id"))
    trocas = {}  # chamado → {impedido: suplente}
    for impedimento in Impedimento.objects.filter(chamado__in=avaliados).select_related("suplente__usuario"):
        trocas.setdefault(impedimento.chamado_id, {})[impedimento.membro_id] = impedimento.suplente
    faltas = {}
    for chamado in avaliados:
        do_chamado = trocas.get(chamado.pk, {})
        for membro in (do_chamado.get(m.pk, m) for m in votantes):
            if (chamado.pk, membro.pk) not in deram:
                faltas.setdefault(membro.nome, []).append(chamado.inscricao.numero)
    if faltas:
        lista = "; ".join(f"{nome}: inscrições {', '.join(numeros)}" for nome, numeros in sorted(faltas.items()))
        raise ValidationError(
            f"Todo membro que compõe a sessão vota em cada candidato que compareceu; faltam pareceres — {lista}."
        )


def _decisao(chamado: Chamado, votos: list[str], comissao: Comissao, recursal: bool) -> quorum.Decisao:
    """A decisão pela regra da comissão; quem recusou a filmagem fica ausente (o efeito de ausência
    do regime, docs/REGRAS.md §10), sem ser avaliado."""
    compareceu = True if recursal else chamado.compareceu
    recusou = not recursal and chamado.recusou_filmagem
    try:
        return quorum.decidir(votos, comissao.regra_de_quorum, compareceu=compareceu, recusou_filmagem=recusou)
    except cotas.ErroDeCotas as erro:
        raise ValidationError(f"Inscrição {chamado.inscricao.numero}: {erro}") from erro


def _decidir(chamado: Chamado, decisao: quorum.Decisao, verificacao, comissao: Comissao, por) -> None:
    chamado.decisao = decisao.situacao
    chamado.votos_confirma, chamado.votos_nao_confirma = decisao.confirma, decisao.nao_confirma
    chamado.motivo_da_decisao = decisao.motivo[:300]
    chamado.save(update_fields=["decisao", "votos_confirma", "votos_nao_confirma", "motivo_da_decisao"])
    if verificacao is None:  # recurso sem quórum: vale a decisão recorrida até novo julgamento
        vigente = situacao_vigente(chamado.inscricao, comissao.grupo)
        verificacao = (vigente, vigente)
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


def _aplicar_nas_opcoes(sessao: Sessao, chamados: list, decisoes: dict, por) -> dict[int, tuple[str, str]]:
    """Leva as decisões às verificações das opções (o que o motor de cotas lê); devolve chamado →
    (antes, depois).

    Por ``concursos.services.registrar_revisoes_de_verificacao``, todas de uma vez: antes da primeira
    publicação do cargo, grava na opção; depois dela, as decisões que mudam a verificação viram um
    lote de eventos de revisão e UMA versão nova do resultado por cargo, com a ata da sessão como
    documento, a data do encerramento como data do ato e quem encerrou (docs/REGRAS.md §§ 8 e 9;
    a ordem do lote em docs/HETEROIDENTIFICACAO.md). Não muda nada quando o recurso fica sem quórum
    (vale a decisão recorrida até novo julgamento) nem quando já há declaração falsa apurada (o
    processo administrativo prevalece)."""
    comissao = sessao.comissao
    recursal = comissao.tipo == Comissao.RECURSAL
    origem = "recurso" if recursal else "comissao"
    por_chamado = {
        chamado.pk: DecisaoDeVerificacao(
            chamado.inscricao, comissao.grupo, decisoes[chamado.pk].situacao, origem, decisoes[chamado.pk].motivo[:300]
        )
        for chamado in chamados
        if not (recursal and decisoes[chamado.pk].situacao == quorum.PENDENTE)
    }
    feitas = registrar_revisoes_de_verificacao(
        por_chamado.values(),
        por=por,
        ato=Ato(documento=documento_da_sessao(sessao), data_do_ato=relogio.hoje()),
        mantendo=frozenset({DECLARACAO_FALSA}),
    )
    return {pk: (feitas[decisao].antes, feitas[decisao].depois) for pk, decisao in por_chamado.items()}


def documento_da_sessao(sessao: Sessao) -> str:
    """O documento do ato: a ata da sessão."""
    return f"Ata da sessão nº {sessao.pk} da comissão {sessao.comissao.get_tipo_display().lower()}"[:120]


def _exigir_parecer_motivado(chamados: list[Chamado], decisoes: dict) -> None:
    """A não confirmação traz o parecer motivado da própria comissão (docs/REGRAS.md §10): uma
    contagem não é motivo. Recusa o encerramento dizendo as inscrições sem ele (nunca o placar)."""
    sem = [
        c.inscricao.numero
        for c in chamados
        if decisoes[c.pk].situacao == quorum.NAO_CONFIRMADO and not c.parecer_da_comissao.strip()
    ]
    if sem:
        raise ValidationError(
            "A não confirmação traz o parecer motivado da comissão (as características fenotípicas que a "
            f"fundamentam), registrado pelo presidente: falta o das inscrições {', '.join(sorted(sem))}."
        )


@transaction.atomic
def registrar_parecer_da_comissao(chamado: Chamado, *, texto: str, por) -> Chamado:
    """O parecer motivado da comissão sobre o candidato (as características fenotípicas que a
    comissão observou), redigido pelo presidente com a sessão aberta; exigido no encerramento
    quando a decisão é de não confirmação, e guardado no registro congelado (ata e parecer)."""
    sessao = travar_sessao(chamado.sessao_id)
    exigir_presidente(sessao.comissao, por, "registrar o parecer motivado da comissão")
    _exigir_aberta(sessao)
    chamado = Chamado.objects.select_related("inscricao").get(pk=chamado.pk)
    texto = validar_texto((texto or "").strip(), rotulo="parecer motivado da comissão", campo="parecer_da_comissao")
    antes = {"parecer_da_comissao": chamado.parecer_da_comissao}
    chamado.parecer_da_comissao = texto
    chamado.full_clean(exclude=[campo.name for campo in Chamado._meta.fields if campo.name != "parecer_da_comissao"])
    chamado.save(update_fields=["parecer_da_comissao"])
    depois = {"parecer_da_comissao": texto}
    auditar(por, "parecer_da_comissao_registrado", _descrever_chamado(chamado), antes=antes, depois=depois)
    return chamado


# — Gravação —

SHA256 = re.compile(r"[0-9a-f]{64}")
SEM_GRAVACAO = (
    "Registre a gravação da sessão (a referência e o SHA-256 do arquivo) antes de encerrar: nenhum candidato "
    "é confirmado ou não confirmado sem ela (docs/REGRAS.md §10)."
)


@transaction.atomic
def registrar_gravacao(sessao: Sessao, *, referencia: str, sha256: str, por) -> Sessao:
    """A gravação do procedimento: a referência do arquivo (link ou código, guardado fora do sistema)
    e o SHA-256 dele, que confere depois que o arquivo guardado é o filmado. Só o presidente, antes
    do encerramento; depois, a referência corrigida pelo admin aparece à parte na ata."""
    sessao = travar_sessao(sessao)
    exigir_presidente(sessao.comissao, por, "registrar a gravação")
    if sessao.status == Sessao.ENCERRADA:
        raise ValidationError(SESSAO_ENCERRADA)
    referencia = (referencia or "").strip()
    if not referencia:
        raise ValidationError(
            {"gravacao": "Informe a referência da gravação (link para o vídeo ou código do arquivo)."}
        )
    referencia = validar_texto(referencia, rotulo="referência da gravação", campo="gravacao")
    try:
        validar_referencia_de_gravacao(referencia)
    except ValidationError as erro:
        raise ValidationError({"gravacao": erro.messages}) from None
    sha256 = (sha256 or "").strip().lower()
    if not SHA256.fullmatch(sha256):
        raise ValidationError(
            {"hash_da_gravacao": "O SHA-256 do arquivo tem 64 algarismos hexadecimais (0 a 9 e a a f)."}
        )
    antes = {"gravacao": sessao.gravacao, "hash_da_gravacao": sessao.hash_da_gravacao}
    sessao.gravacao, sessao.hash_da_gravacao = referencia, sha256
    sessao.full_clean(exclude=[campo.name for campo in Sessao._meta.fields if campo.name != "gravacao"])
    sessao.save(update_fields=["gravacao", "hash_da_gravacao"])
    depois = {"gravacao": referencia, "hash_da_gravacao": sha256}
    auditar(por, "gravacao_registrada", f"sessão #{sessao.pk}: {sessao}", antes=antes, depois=depois)
    return sessao


def _exigir_gravacao(sessao: Sessao, chamados: list[Chamado], avaliados: list[Chamado]) -> None:
    """Sem a gravação não há decisão (docs/REGRAS.md §10): a sessão ordinária que avaliou alguém
    precisa da sua (referência e SHA-256); a recursal julga pela gravação do primeiro procedimento,
    e o recurso não é julgado sem a referência dela."""
    if sessao.comissao.tipo == Comissao.ORDINARIA:
        if avaliados and not (sessao.gravacao and sessao.hash_da_gravacao):
            raise ValidationError(SEM_GRAVACAO)
        return
    sem = [
        recurso.julgamento.inscricao.numero
        for recurso in Recurso.objects.filter(julgamento__in=chamados).select_related(
            "chamado__sessao", "julgamento__inscricao"
        )
        if not recurso.chamado.sessao.gravacao
    ]
    if sem:
        raise ValidationError(
            "O recurso não é julgado sem a gravação do primeiro procedimento: falta a referência da gravação "
            f"da sessão recorrida (inscrições {', '.join(sorted(sem))})."
        )


# — Pareceres —


def _membro_da_composicao(sessao: Sessao, usuario) -> Membro:
    """O membro que compõe a sessão (a composição congelada na abertura); quem foi incluído depois,
    o suplente que não substitui ninguém e o titular ausente não votam nem registram presença."""
    comissao = sessao.comissao
    membro = exigir_membro(comissao, usuario)
    if comissao.tipo == Comissao.RECURSAL:
        outra = Membro.objects.filter(
            usuario=usuario, comissao__edital_id=comissao.edital_id, comissao__grupo=comissao.grupo
        ).exclude(comissao__tipo=Comissao.RECURSAL)
        if outra.exists():
            raise PermissionDenied("Quem integra a comissão ordinária deste edital não julga o recurso.")
    if not consultas.compoe_a_sessao(sessao, membro):
        raise PermissionDenied(NAO_COMPOE_A_SESSAO)
    return membro


def _votante_do_candidato(sessao: Sessao, usuario, chamado_id: int) -> Membro:
    """Quem vota neste candidato: o membro que compõe a sessão e não se declarou impedido para ele,
    ou o suplente que vota no lugar do impedido (só neste candidato)."""
    impedimentos = Impedimento.objects.filter(chamado_id=chamado_id).select_related("suplente")
    for impedimento in impedimentos:
        if impedimento.suplente and impedimento.suplente.usuario_id == usuario.pk and impedimento.suplente.ativo:
            return impedimento.suplente
    membro = _membro_da_composicao(sessao, usuario)
    if any(impedimento.membro_id == membro.pk for impedimento in impedimentos):
        raise PermissionDenied("Você declarou impedimento para este candidato: o suplente vota no seu lugar.")
    return membro


@transaction.atomic
def registrar_parecer(chamado: Chamado, *, por, voto: str, fundamentacao: str = "") -> Parecer:
    """Registra (ou altera) o parecer do próprio membro sobre o candidato, com a sessão aberta."""
    sessao = travar_sessao(chamado.sessao_id)
    _exigir_aberta(sessao)
    comissao = sessao.comissao
    membro = _votante_do_candidato(sessao, por, chamado.pk)
    chamado = Chamado.objects.select_related("inscricao").get(pk=chamado.pk)
    _exigir_nao_transferido(chamado)
    if comissao.tipo == Comissao.ORDINARIA and chamado.compareceu is not True:
        raise ValidationError("Registre a presença do candidato antes dos pareceres: só se avalia quem compareceu.")
    if comissao.tipo == Comissao.ORDINARIA and chamado.recusou_filmagem:
        raise ValidationError(RECUSOU_A_FILMAGEM)
    parecer = Parecer.objects.filter(chamado=chamado, membro=membro).first()
    if parecer is None:
        limite = sessao.presencas.filter(votante=True).count()
        if chamado.pareceres.count() >= limite:
            raise ValidationError(f"O candidato já tem {limite} pareceres, o número de membros que compõem a sessão.")
        parecer = Parecer(chamado=chamado, membro=membro)
    return _gravar_parecer(parecer, voto, fundamentacao, por)


@transaction.atomic
def alterar_parecer(parecer: Parecer, *, por, voto: str, fundamentacao: str = "") -> Parecer:
    """Altera um parecer existente: só o seu autor, e só com a sessão aberta."""
    sessao = travar_sessao(Chamado.objects.values_list("sessao_id", flat=True).get(pk=parecer.chamado_id))
    parecer = Parecer.objects.select_related("membro", "chamado__inscricao").get(pk=parecer.pk)
    if parecer.membro.usuario_id != por.pk:
        raise PermissionDenied("Só o autor do parecer pode alterá-lo.")
    _exigir_aberta(sessao)
    return _gravar_parecer(parecer, voto, fundamentacao, por)


def _gravar_parecer(parecer: Parecer, voto: str, fundamentacao: str, por) -> Parecer:
    antes = {"voto": parecer.voto, "fundamentacao": parecer.fundamentacao} if parecer.pk else None
    fundamentacao = validar_texto((fundamentacao or "").strip(), rotulo="fundamentação", campo="fundamentacao")
    parecer.voto, parecer.fundamentacao = voto, fundamentacao
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
