"""Consultas da heteroidentificação (só leitura): o que cada usuário vê, quem chamar e os prazos.

Nada aqui grava; as ações estão em ``services/``. As telas usam estas funções para guardar o
sigilo dos pareceres: até o encerramento da sessão cada membro vê só o próprio parecer.
"""

from datetime import date, timedelta

from django.db.models import Count, Min, Q
from django.db.models.functions import TruncDate
from django.utils import timezone

import cotas
from comum.busca import para_busca
from concursos.adapters import cenario_do_cargo
from concursos.models import Inscricao, OpcaoDeGrupo, Resultado
from concursos.papeis import opera_concursos
from cotas import quorum
from cotas.eventos import SAI_DAS_LISTAS, TIPOS_DE_EVENTO

from .models import Chamado, Comissao, HistoricoDeParecer, Impedimento, Membro, Parecer, Sessao


def membro_de(comissao: Comissao, usuario) -> Membro | None:
    """A participação ativa do usuário na comissão, ou ``None`` se ele não é membro dela, foi
    desligado, ou opera os concursos (RH, superusuário: quem organiza não julga, nem se um dia foi
    incluído antes de ganhar o papel)."""
    if usuario is None or usuario.pk is None or opera_concursos(usuario):
        return None
    return Membro.objects.ativos().filter(comissao=comissao, usuario=usuario).first()


def presencas_da_sessao(sessao: Sessao) -> list:
    """A presença de cada membro registrada na abertura (vazia antes dela)."""
    return list(sessao.presencas.select_related("membro__usuario", "substitui__usuario"))


def avisos_da_composicao(membros) -> list[str]:
    """Avisos sobre a composição (docs/REGRAS.md §10), mostrados antes da abertura e guardados no
    registro da sessão; não impedem a abertura. Sem diversidade de gênero ou de cor autodeclarada
    entre os membros, e os dados da composição que faltam (gênero, cor, capacitação, designação)."""
    membros = list(membros)
    avisos = []
    for campo, rotulo, o_mesmo in (("genero", "gênero", "o mesmo gênero"), ("cor_autodeclarada", "cor", "a mesma cor")):
        valores = {getattr(m, campo) for m in membros}
        if len(membros) > 1 and "" not in valores and len(valores) == 1:
            avisos.append(f"Composição sem diversidade de {rotulo}: os {len(membros)} membros declaram {o_mesmo}.")
    faltas = (
        ("Gênero ou cor não registrados", lambda m: not (m.genero and m.cor_autodeclarada)),
        ("Sem capacitação no procedimento registrada", lambda m: m.capacitado_em is None),
        ("Sem ato de designação registrado", lambda m: not m.ato_de_designacao),
    )
    for rotulo, falta in faltas:
        nomes = [m.nome for m in membros if falta(m)]
        if nomes:
            avisos.append(f"{rotulo}: {', '.join(nomes)}.")
    return avisos


def suplentes_livres(chamado: Chamado):
    """Os suplentes ativos da comissão que não compõem a sessão nem já votam neste candidato no lugar
    de outro membro: os que podem substituir um impedido."""
    sessao = chamado.sessao
    return (
        sessao.comissao.membros.ativos()
        .filter(papel=Membro.SUPLENTE)
        .exclude(presencas__sessao=sessao, presencas__votante=True)
        .exclude(pk__in=chamado.impedimentos.values("suplente"))
        .select_related("usuario")
    )


def composicao_da_sessao(presencas) -> list[dict]:
    """A presença de cada membro, como a abertura a registrou, para a tela."""
    return [
        {
            "nome": p.membro.nome,
            "papel": p.membro.get_papel_display(),
            "presidente": p.membro.presidente,
            "presenca": f"no lugar de {p.substitui.nome}"
            if p.substitui_id
            else ("presente" if p.presente else "ausente"),
            "votante": p.votante,
        }
        for p in presencas
        if p.presente or p.membro.papel == Membro.TITULAR
    ]


def compoe_a_sessao(sessao: Sessao, membro: Membro | None) -> bool:
    return membro is not None and sessao.presencas.filter(membro=membro, votante=True).exists()


def chamados_do_membro(sessao: Sessao, membro: Membro | None, compoe: bool | None = None):
    """Os candidatos da sessão que o membro vê (docs/REGRAS.md §10): todos, antes da abertura e para
    quem compõe a sessão; para quem não a compõe, só aqueles em que vota como suplente no lugar de um
    membro impedido (nenhum, para o titular ausente e o suplente que não substitui ninguém). Quem só
    substitui num candidato não vê os outros, nem as decisões e os pareceres deles."""
    chamados = sessao.chamados.all()
    if compoe is None:  # quem já sabe (a tela, pela composição que leu) poupa a consulta
        compoe = compoe_a_sessao(sessao, membro)
    if sessao.status == Sessao.PLANEJADA or compoe:
        return chamados
    if membro is None:
        return chamados.none()
    return chamados.filter(impedimentos__suplente=membro)


def ve_o_candidato(chamado: Chamado, membro: Membro | None) -> bool:
    return chamados_do_membro(chamado.sessao, membro).filter(pk=chamado.pk).exists()


def pareceres_visiveis(chamado: Chamado, usuario) -> list[Parecer]:
    """Os pareceres do candidato que o usuário pode ver.

    Até o encerramento da sessão, cada membro vê só o próprio parecer (que pode alterar): nem os
    dos outros, nem o placar, nem a decisão provisória — presidente inclusive, e tanto faz se ele
    já votou. Quem vê os dos outros antes do fim poderia mudar o seu depois de lê-los. Encerrada a
    sessão, o membro da comissão que vê o candidato (``chamados_do_membro``: quem compôs a sessão, ou
    o suplente que votou nele no lugar de um impedido) vê todos (a decisão e o placar já estão no
    ``Chamado``); o titular ausente e o suplente que não votou nele, nenhum.
    """
    pareceres = list(chamado.pareceres.select_related("membro__usuario").order_by("registrado_em", "id"))
    sessao = chamado.sessao
    if sessao.status == Sessao.ENCERRADA and ve_o_candidato(chamado, membro_de(sessao.comissao, usuario)):
        return pareceres
    if usuario is None or usuario.pk is None:
        return []
    return [p for p in pareceres if p.membro.usuario_id == usuario.pk]


def pareceres_sem_autoria(chamado: Chamado) -> list[Parecer]:
    """Os pareceres do candidato numa ordem que não diz quem os deu: pelo voto e pelo texto.

    Para o que sai sem o nome dos membros (o PDF entregue ao candidato, o material da comissão
    recursal): a ordem de registro é a mesma da trilha de auditoria, e a ordem do membro é a da
    ata; qualquer das duas permitiria casar "Parecer 1" com uma pessoa. Sem hora, pelo mesmo motivo.
    """
    # A ordem também do registro congelado da sessão (``registro.py``).
    return sorted(chamado.pareceres.all(), key=lambda p: (p.voto != quorum.CONFIRMA, p.fundamentacao))


def pareceres_por_sessao_e_dia() -> list[dict]:
    """O que a trilha de auditoria mostra dos pareceres a quem não os lê (o RH): quantos foram
    registrados e quantos alterados, por sessão e por dia — nunca uma linha por parecer, que, na
    ordem do tempo, ficaria entre as linhas com o nome de quem agiu logo antes e logo depois.

    Conta as versões de cada parecer (``HistoricoDeParecer``, uma por ``parecer_registrado`` ou
    ``parecer_alterado`` da trilha): a primeira de cada parecer é o registro; as outras, alterações.
    Da mais recente para a mais antiga."""
    primeiras = HistoricoDeParecer.objects.order_by().values("parecer").annotate(primeira=Min("pk")).values("primeira")
    contagens: dict[tuple[int, date], dict] = {}
    for tipo, versoes in (
        ("registrados", HistoricoDeParecer.objects.filter(pk__in=primeiras)),
        ("alterados", HistoricoDeParecer.objects.exclude(pk__in=primeiras)),
    ):
        por_dia = versoes.order_by().annotate(dia=TruncDate("registrado_em")).values("parecer__chamado__sessao", "dia")
        for linha in por_dia.annotate(n=Count("pk")):
            chave = (linha["parecer__chamado__sessao"], linha["dia"])
            contagens.setdefault(chave, {"registrados": 0, "alterados": 0})[tipo] = linha["n"]
    sessoes = Sessao.objects.select_related("comissao__edital").in_bulk({sessao for sessao, _ in contagens})
    return [
        {"sessao": sessoes[sessao], "dia": dia, **numeros}
        for (sessao, dia), numeros in sorted(contagens.items(), key=lambda item: (item[0][1], item[0][0]), reverse=True)
    ]


def quem_ja_votou(sessao: Sessao, chamados=None) -> dict[int, list[str]]:
    """Por candidato chamado (``chamado_id``), os nomes dos membros que já registraram parecer,
    em ordem alfabética — nunca o voto. É o que o presidente acompanha com a sessão aberta.
    ``chamados``: só estes (a página da tela), em vez de todos os da sessão. O voto nem sai do
    banco: a consulta lê só o candidato e o nome de quem votou."""
    nomes: dict[int, list[str]] = {}
    pareceres = Parecer.objects.filter(chamado__sessao=sessao)
    if chamados is not None:
        pareceres = pareceres.filter(chamado__in=chamados)
    campos = ("chamado_id", "membro__usuario__first_name", "membro__usuario__last_name", "membro__usuario__username")
    for chamado_id, nome, sobrenome, usuario in pareceres.values_list(*campos):
        nomes.setdefault(chamado_id, []).append(f"{nome} {sobrenome}".strip() or usuario)
    return {chamado_id: sorted(lista, key=str.casefold) for chamado_id, lista in nomes.items()}


def meu_parecer_ids(sessao: Sessao, usuario, chamados=None) -> set[int]:
    pareceres = Parecer.objects.filter(chamado__sessao=sessao, membro__usuario=usuario)
    if chamados is not None:
        pareceres = pareceres.filter(chamado__in=chamados)
    return set(pareceres.values_list("chamado_id", flat=True))


PENDENTES, CONCLUIDOS, TODOS = "pendentes", "concluidos", "todos"
FILTROS = {TODOS: "Todos", PENDENTES: "Pendentes", CONCLUIDOS: "Concluídos"}


def meus_pareceres(sessao: Sessao, usuario):
    """Os chamados da sessão em que o próprio usuário registrou parecer (como titular ou suplente)."""
    return Parecer.objects.filter(chamado__sessao=sessao, membro__usuario=usuario).values("chamado")


def _sem_parecer_a_dar(sessao: Sessao) -> Q:
    """Os candidatos que ninguém avalia nesta sessão: na ordinária, quem faltou, quem recusou a
    filmagem (tratado como ausente) e quem foi transferido para outra sessão por impedimento."""
    if sessao.comissao.tipo == Comissao.RECURSAL:
        return Q(pk__in=transferidos())
    return Q(compareceu=False) | Q(recusou_filmagem=True) | Q(pk__in=transferidos())


def chamados_da_tela(sessao: Sessao, chamados, usuario, filtro: str = TODOS, busca: str = ""):
    """Os candidatos da tela da sessão, na ordem da inscrição: dos que o membro vê
    (``chamados``, de ``chamados_do_membro``), os do filtro e da busca. Pendentes e concluídos são
    os do próprio usuário — o parecer dele, a presença e a transferência, que todos veem —, nunca os
    votos dos outros: o filtro de um membro não muda quando um colega vota (docs/HETEROIDENTIFICACAO.md)."""
    concluido = Q(pk__in=meus_pareceres(sessao, usuario)) | _sem_parecer_a_dar(sessao)
    if filtro == PENDENTES:
        chamados = chamados.none() if sessao.status != Sessao.ABERTA else chamados.exclude(concluido)
    elif filtro == CONCLUIDOS and sessao.status == Sessao.ABERTA:
        chamados = chamados.filter(concluido)
    return buscar_chamados(chamados, busca).order_by("inscricao__numero")


MAXIMO_DA_BUSCA = 120


def buscar_chamados(chamados, busca: str):
    """Pelo número de inscrição (exato ou o começo dele) ou pelo nome (civil ou social, sem acentos
    nem maiúsculas, cada palavra em qualquer ordem). Texto vazio: todos; texto que ninguém digita
    (longo demais, com caracteres de controle): nenhum."""
    texto = " ".join(str(busca or "").split())
    if not texto:
        return chamados
    if len(texto) > MAXIMO_DA_BUSCA or any(ord(c) < 32 for c in texto):
        return chamados.none()
    por_nome = Q()
    for palavra in para_busca(texto).split():
        por_nome &= Q(inscricao__nome_para_busca__contains=palavra)
    return chamados.filter(Q(inscricao__numero__istartswith=texto) | por_nome)


def andamento(sessao: Sessao, chamados, usuario) -> dict:
    """Numa consulta só, dos candidatos que o membro vê (``chamados``): quantos têm o parecer dele
    (``meus``), quantos ele tem a julgar (``a_julgar``: fora os ausentes, os que recusaram a filmagem
    e os transferidos) e quantos estão sem presença registrada (``sem_presenca``). O próprio
    andamento: não muda quando um colega vota."""
    return chamados.aggregate(
        meus=Count("pk", filter=Q(pk__in=meus_pareceres(sessao, usuario))),
        a_julgar=Count("pk", filter=~_sem_parecer_a_dar(sessao)),
        sem_presenca=Count("pk", filter=Q(compareceu__isnull=True) & ~Q(pk__in=transferidos())),
    )


def meu_parecer(chamado: Chamado, usuario) -> Parecer | None:
    return Parecer.objects.filter(chamado=chamado, membro__usuario=usuario).first()


def minhas_sessoes(usuario, *, so_abertas: bool = False):
    """Sessões das comissões de que o usuário é membro, da mais recente para a mais antiga."""
    if opera_concursos(usuario):
        return Sessao.objects.none()
    ativas = Membro.objects.ativos().filter(usuario=usuario).values("comissao")
    sessoes = Sessao.objects.filter(comissao__in=ativas).select_related("comissao__edital")
    if so_abertas:
        sessoes = sessoes.filter(status=Sessao.ABERTA)
    return sessoes.order_by("-inicio", "-id").distinct()


def simular_o_cargo(cargo) -> cotas.Resultado:
    """O motor de cotas sobre as entradas de agora do cargo, sem gravar nada. Levanta
    ``cotas.ErroDeCotas`` se as entradas do cargo são inválidas."""
    return cotas.simular(cotas.ler_cenario(cenario_do_cargo(cargo)))


def lista_do_motor(cargo, nome: str) -> tuple[str, ...]:
    """A lista ``nome`` (``geral`` ou um grupo) do cargo, antes dos eventos."""
    return dict(simular_o_cargo(cargo).listas).get(nome, ())


def ativa_na_lista_geral(inscricao: Inscricao) -> bool:
    """Está na lista geral e nenhum evento a tirou dela (desistência, não posse, anulação); quem
    pediu final de lista continua ativo, no fim da lista."""
    resultado = simular_o_cargo(inscricao.cargo)
    saiu = any(
        s.inscricao == inscricao.numero and TIPOS_DE_EVENTO[s.tipo].efeito == SAI_DAS_LISTAS for s in resultado.saidas
    )
    return inscricao.numero in resultado.lista("geral") and not saiu


def inscricoes_ocupadas(comissao: Comissao):
    """Inscrições que a comissão não chama de novo: chamadas a uma sessão ainda não encerrada, ou
    já julgadas (decisão diferente de pendente) numa sessão encerrada. A transferida para outra
    sessão por impedimento (``transferidos``) pode ser chamada a outra já, com esta ainda aberta."""
    return (
        Chamado.objects.filter(sessao__comissao=comissao)
        .filter(~Q(sessao__status=Sessao.ENCERRADA) | ~Q(decisao=quorum.PENDENTE))
        .exclude(pk__in=transferidos())
    )


def transferidos():
    """Os candidatos chamados que vão a outra sessão: um membro impedido sem suplente no lugar
    (``services.transferir_por_impedimento``, docs/REGRAS.md §10)."""
    return Impedimento.objects.filter(suplente__isnull=True).values("chamado")


def transferidos_da_sessao(sessao: Sessao) -> set[int]:
    return set(
        Impedimento.objects.filter(chamado__sessao=sessao, suplente__isnull=True).values_list("chamado_id", flat=True)
    )


def decisoes_dos_transferidos(sessao: Sessao) -> dict[int, quorum.Decisao]:
    """Chamado transferido para outra sessão por impedimento → a decisão que o encerramento grava nesta:
    pendente, com o motivo (que a ata mostra)."""
    impedimentos = Impedimento.objects.filter(chamado__sessao=sessao, suplente__isnull=True)
    return {
        i.chamado_id: quorum.Decisao(
            quorum.PENDENTE, 0, 0, f"transferido para outra sessão: impedimento de {i.membro.nome}"
        )
        for i in impedimentos.select_related("membro__usuario")
    }


def transferido(chamado: Chamado) -> bool:
    return chamado.impedimentos.filter(suplente__isnull=True).exists()


def candidatos_a_chamar(comissao: Comissao) -> list[Inscricao]:
    """Quem a comissão deve chamar agora, pela regra da comissão.

    Todas as inscrições classificadas do edital que optaram pelo grupo e cuja verificação está
    pendente; com ``limite_de_chamados`` = N, só as que estão entre os N primeiros da lista do
    grupo no seu cargo (a lista do motor de cotas: confirmados e pendentes, por classificação).
    Ficam de fora as já chamadas a uma sessão aberta ou planejada e as já julgadas.
    """
    opcoes = (
        OpcaoDeGrupo.objects.filter(
            inscricao__edital=comissao.edital,
            inscricao__situacao=Inscricao.CLASSIFICADO,
            grupo=comissao.grupo,
            situacao=quorum.PENDENTE,
        )
        .exclude(inscricao__in=inscricoes_ocupadas(comissao).values("inscricao"))
        .select_related("inscricao__cargo")
        .order_by("inscricao__cargo__codigo", "inscricao__numero")
    )
    inscricoes = [opcao.inscricao for opcao in opcoes]
    if comissao.limite_de_chamados is None:
        return inscricoes
    return _primeiros_da_lista(inscricoes, comissao.grupo, comissao.limite_de_chamados)


def _primeiros_da_lista(inscricoes: list[Inscricao], grupo: str, limite: int) -> list[Inscricao]:
    """As inscrições que estão entre as ``limite`` primeiras da lista do grupo do seu cargo, na
    ordem da lista."""
    escolhidas = []
    for cargo in {i.cargo_id: i.cargo for i in inscricoes}.values():
        posicoes = {numero: p for p, numero in enumerate(lista_do_motor(cargo, grupo)[:limite])}
        do_cargo = [i for i in inscricoes if i.cargo_id == cargo.pk and i.numero in posicoes]
        escolhidas += sorted(do_cargo, key=lambda i: posicoes[i.numero])
    return escolhidas


def data_do_encerramento(sessao: Sessao) -> date | None:
    return timezone.localdate(sessao.encerrada_em) if sessao.encerrada_em else None


def prazo_de_recurso(chamado: Chamado) -> tuple[date, date] | None:
    """Primeiro e último dia do prazo de recurso contra a decisão sobre o candidato (o da sessão)."""
    return prazo_de_recurso_da_sessao(chamado.sessao)


def prazo_de_recurso_da_sessao(sessao: Sessao) -> tuple[date, date] | None:
    """Primeiro e último dia do prazo de recurso contra as decisões da sessão (docs/REGRAS.md §10).

    Corre da publicação do resultado preliminar, excluído o dia dela; o último dia, calculado com os
    dias úteis na publicação (``services.publicar_resultado_preliminar``), fica guardado na sessão.
    Sem publicação: ``None`` (o prazo não começou), salvo nas sessões encerradas antes desta regra,
    que guardam a de então: ``prazo_de_recurso_dias`` dias corridos do dia seguinte ao encerramento."""
    if sessao.prazo_de_recurso_ate is not None:
        return sessao.resultado_preliminar_publicado_em + timedelta(days=1), sessao.prazo_de_recurso_ate
    encerramento = data_do_encerramento(sessao)
    if encerramento is None:
        raise ValueError("A sessão ainda não foi encerrada: não há prazo de recurso.")
    if not encerrada_pela_regra_anterior(sessao):
        return None
    inicio = encerramento + timedelta(days=1)
    return inicio, encerramento + timedelta(days=sessao.comissao.prazo_de_recurso_dias)


def em_prazo_de_recurso(cargo, hoje: date) -> list[str]:
    """As inscrições do cargo cuja não confirmação pela comissão ordinária ainda pode mudar por recurso
    (docs/REGRAS.md §10): sem recurso, enquanto o prazo não terminou (ou nem começou, sem a publicação
    do resultado preliminar); com recurso, até a sessão recursal que o julga ser encerrada."""
    chamados = Chamado.objects.filter(
        inscricao__cargo=cargo,
        sessao__status=Sessao.ENCERRADA,
        sessao__comissao__tipo=Comissao.ORDINARIA,
        decisao=quorum.NAO_CONFIRMADO,
    ).select_related("sessao__comissao", "inscricao", "recurso__julgamento__sessao")
    abertos = []
    for chamado in chamados:
        recurso = getattr(chamado, "recurso", None)
        if recurso is not None:
            julgado = recurso.julgamento is not None and recurso.julgamento.sessao.status == Sessao.ENCERRADA
            if not julgado:
                abertos.append(chamado.inscricao.numero)
            continue
        prazo = prazo_de_recurso_da_sessao(chamado.sessao)
        if prazo is None or hoje <= prazo[1]:
            abertos.append(chamado.inscricao.numero)
    return abertos


def encerrada_pela_regra_anterior(sessao: Sessao) -> bool:
    """Encerrada antes da atualização do §10 (o registro congelado anterior à versão 3, ou nenhum):
    o prazo de recurso dela contava do encerramento, em dias corridos, e continua contando."""
    return sessao.registro is None or sessao.registro.get("versao", 1) < 3


def nomeada(inscricao: Inscricao) -> bool:
    """A inscrição está entre os nomeados da versão mais recente do resultado do seu cargo."""
    ultimo = Resultado.objects.filter(cargo_id=inscricao.cargo_id).order_by("-versao").first()
    return ultimo is not None and any(numero == inscricao.numero for numero, _ in ultimo.saida_do_motor.nomeados)
