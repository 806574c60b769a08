"""PDFs da heteroidentificação (WeasyPrint, pelo ``renderizar`` e pelo buscador que nega por padrão
de ``concursos/pdf.py``, com a mesma folha de impressão e as fontes DejaVu):

- ``lista_de_convocacao_pdf(sessao)``: quem a comissão ordinária chama, quando e onde;
- ``ata_pdf(sessao)``: ata da sessão encerrada, com os membros por papel, presença, filmagem,
  decisão, placar, motivo e as linhas de assinatura (documento interno: traz os nomes dos membros);
- ``resultado_pdf(comissao_ou_edital, definitivo=...)``: só a conclusão de cada candidato
  (publicado: nunca o texto dos pareceres, nunca o nome de um membro);
- ``parecer_do_candidato_pdf(chamado)``: os pareceres sobre o próprio candidato, para ele, com os
  membros numerados ("Membro 1") e sem nomes, a decisão, o placar e o prazo de recurso;
- ``oficio_ministerio_publico_pdf(processo)``: remessa ao Ministério Público Estadual de uma
  declaração falsa constatada (Art. 2º, §1º).

CPF só mascarado (``***.456.789-**``). Recusas em português (``ValidationError``): ata de sessão não
encerrada, ofício de processo que não é procedente, resultado definitivo com recurso pendente.
"""

from datetime import datetime, timedelta

from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.utils import timezone

from comum.exibicao import FUSO
from comum.pdf import renderizar
from concursos.models import Edital

from . import consultas, quorum
from .models import DECISOES, Chamado, Comissao, ProcessoDeApuracao, Sessao

ORGAO = "Prefeitura Municipal de Cariacica — Estado do Espírito Santo"
ROTULOS_DAS_DECISOES = dict(DECISOES)
SESSAO_NAO_ENCERRADA = "A ata só é gerada depois do encerramento da sessão pelo presidente."


# ----------------------------------------------------------------------------------------------
# Lista de convocação


def lista_de_convocacao_pdf(sessao: Sessao) -> bytes:
    return renderizar("heteroidentificacao/pdf/convocacao.html", contexto_da_convocacao(sessao))


def contexto_da_convocacao(sessao: Sessao) -> dict:
    comissao = sessao.comissao
    if comissao.tipo == Comissao.RECURSAL:
        raise ValidationError(
            "A comissão recursal não convoca candidatos: o recurso é julgado pela gravação, pelos pareceres e "
            "pelas razões apresentadas."
        )
    chamados = sessao.chamados.select_related("inscricao__candidato", "inscricao__cargo")
    return {
        **_cabecalho(comissao.edital, "Convocação para o procedimento de heteroidentificação"),
        "comissao": comissao,
        "grupo": rotulo_do_grupo(comissao.grupo),
        "sessao": _sessao(sessao),
        "candidatos": [_candidato(c.inscricao) for c in chamados],
    }


# ----------------------------------------------------------------------------------------------
# Ata da sessão


def ata_pdf(sessao: Sessao) -> bytes:
    return renderizar("heteroidentificacao/pdf/ata.html", contexto_da_ata(sessao))


def contexto_da_ata(sessao: Sessao) -> dict:
    if sessao.status != Sessao.ENCERRADA:
        raise ValidationError(SESSAO_NAO_ENCERRADA)
    comissao = sessao.comissao
    recursal = comissao.tipo == Comissao.RECURSAL
    chamados = sessao.chamados.select_related("inscricao__candidato", "inscricao__cargo", "sessao")
    return {
        **_cabecalho(comissao.edital, f"Ata da sessão da comissão {comissao.get_tipo_display().lower()}"),
        "comissao": comissao,
        "grupo": rotulo_do_grupo(comissao.grupo),
        "regra": descrever_regra(comissao.regra_de_quorum),
        "sessao": _sessao(sessao),
        "encerrada_por": _nome(sessao.encerrada_por),
        "recursal": recursal,
        "membros": _membros(sessao),
        "candidatos": [_linha_da_ata(chamado, recursal) for chamado in chamados],
    }


def _membros(sessao: Sessao) -> list[dict]:
    """Presidente primeiro, depois titulares e suplentes, com os pareceres que cada um deu na sessão."""
    membros = sessao.comissao.membros.select_related("usuario").order_by("-presidente", "-papel", "id")
    return [
        {
            "nome": _nome(membro.usuario),
            "papel": f"{membro.get_papel_display()}{' — presidente' if membro.presidente else ''}",
            "pareceres": membro.pareceres.filter(chamado__sessao=sessao).count(),
        }
        for membro in membros
    ]


def _linha_da_ata(chamado: Chamado, recursal: bool) -> dict:
    linha = {
        **_candidato(chamado.inscricao),
        "compareceu": "—" if recursal else _sim_ou_nao(chamado.compareceu),
        "recusou_filmagem": "—" if recursal else _sim_ou_nao(chamado.recusou_filmagem),
        "decisao": ROTULOS_DAS_DECISOES[chamado.decisao],
        "placar": placar(chamado),
        "motivo": chamado.motivo_da_decisao,
    }
    if recursal:
        recorrido = _recurso_julgado(chamado)
        linha["recorrida"] = f"{ROTULOS_DAS_DECISOES[recorrido.decisao]} ({placar(recorrido)})" if recorrido else "—"
    return linha


def _recurso_julgado(julgamento: Chamado) -> Chamado | None:
    try:
        return julgamento.recurso_julgado.chamado
    except ObjectDoesNotExist:
        return None


# ----------------------------------------------------------------------------------------------
# Resultado (preliminar e definitivo)


def resultado_pdf(alvo: Comissao | Edital, definitivo: bool) -> bytes:
    return renderizar("heteroidentificacao/pdf/resultado.html", contexto_do_resultado(alvo, definitivo))


def contexto_do_resultado(alvo: Comissao | Edital, definitivo: bool) -> dict:
    comissoes = comissoes_ordinarias(alvo)
    secoes = []
    for comissao in comissoes:
        linhas = linhas_do_resultado(comissao)
        if definitivo:
            _exigir_recursos_julgados(comissao, linhas)
        secoes.append({"grupo": rotulo_do_grupo(comissao.grupo), "linhas": linhas, "prazos": _prazos(comissao)})
    edital = comissoes[0].edital
    titulo = "Resultado definitivo" if definitivo else "Resultado preliminar"
    return {
        **_cabecalho(edital, f"{titulo} do procedimento de heteroidentificação"),
        "definitivo": definitivo,
        "secoes": secoes,
    }


def comissoes_ordinarias(alvo: Comissao | Edital) -> list[Comissao]:
    """As comissões ordinárias do edital, ou a ordinária do edital e grupo da comissão informada."""
    if isinstance(alvo, Edital):
        comissoes = list(alvo.comissoes.filter(tipo=Comissao.ORDINARIA).select_related("edital").order_by("grupo"))
    else:
        filtro = {"edital_id": alvo.edital_id, "grupo": alvo.grupo, "tipo": Comissao.ORDINARIA}
        comissoes = list(Comissao.objects.filter(**filtro).select_related("edital"))
    if not comissoes:
        raise ValidationError("O edital não tem comissão ordinária de heteroidentificação: não há resultado.")
    return comissoes


def linhas_do_resultado(comissao: Comissao) -> list[dict]:
    """Uma linha por inscrição julgada pela comissão ordinária (sessões encerradas): a decisão da
    ordinária (preliminar), o recurso e a decisão depois dele (definitiva). Quem foi chamado de
    novo (pendente sem quórum) aparece pelo último julgamento."""
    chamados = (
        Chamado.objects.filter(sessao__comissao_id=comissao.pk, sessao__status=Sessao.ENCERRADA)
        .select_related("inscricao__candidato", "inscricao__cargo", "sessao", "recurso__julgamento__sessao")
        .order_by("inscricao__cargo__codigo", "inscricao__numero", "sessao__encerrada_em", "id")
    )
    ultimos = {}
    for chamado in chamados:
        ultimos[chamado.inscricao_id] = chamado
    return [_linha_do_resultado(chamado) for chamado in ultimos.values()]


def _linha_do_resultado(chamado: Chamado) -> dict:
    recurso = getattr(chamado, "recurso", None)
    julgamento = recurso.julgamento if recurso else None
    julgado = (
        julgamento is not None
        and julgamento.sessao.status == Sessao.ENCERRADA
        and julgamento.decisao != quorum.PENDENTE
    )
    final = julgamento.decisao if julgado else chamado.decisao
    return {
        **_candidato(chamado.inscricao),
        "chamado": chamado,
        "preliminar": ROTULOS_DAS_DECISOES[chamado.decisao],
        "placar": placar(chamado),
        "recurso": recurso,
        "situacao_do_recurso": _situacao_do_recurso(recurso, julgamento, julgado),
        "recurso_pendente": recurso is not None and not julgado,
        "final": ROTULOS_DAS_DECISOES[final],
    }


def _situacao_do_recurso(recurso, julgamento: Chamado | None, julgado: bool) -> str:
    if recurso is None:
        return "não"
    if julgado:
        provido = julgamento.decisao == quorum.CONFIRMADO
        return f"sim — {'provido' if provido else 'não provido'} ({placar(julgamento)})"
    if julgamento is None:
        return "sim — aguardando pauta da comissão recursal"
    if julgamento.sessao.status == Sessao.ENCERRADA:
        return "sim — sem quórum na comissão recursal; aguardando nova pauta"
    return f"sim — em pauta na sessão de {_data(julgamento.sessao.inicio)}"


def _exigir_recursos_julgados(comissao: Comissao, linhas: list[dict]) -> None:
    """O resultado definitivo só sai sem recurso pendente e sem prazo de recurso aberto."""
    pendentes = [linha["numero"] for linha in linhas if linha["recurso_pendente"]]
    if pendentes:
        raise ValidationError(
            f"Há recurso ainda não julgado (inscrições {', '.join(pendentes)}): o resultado definitivo sai "
            "depois do julgamento pela comissão recursal."
        )
    hoje = timezone.localdate()
    abertos = []
    for linha in linhas:
        chamado = linha["chamado"]
        if chamado.decisao == quorum.NAO_CONFIRMADO and linha["recurso"] is None:
            fim = consultas.prazo_de_recurso(chamado)[1]
            if fim >= hoje:
                abertos.append(f"{linha['numero']} (até {fim:%d/%m/%Y})")
    if abertos:
        raise ValidationError(f"O prazo de recurso ainda está aberto para as inscrições {', '.join(abertos)}.")


def _prazos(comissao: Comissao) -> list[str]:
    """O prazo de recurso de cada sessão encerrada da comissão, para o resultado preliminar."""
    prazos = []
    for sessao in comissao.sessoes.filter(status=Sessao.ENCERRADA).order_by("encerrada_em", "id"):
        encerramento = consultas.data_do_encerramento(sessao)
        fim = encerramento + timedelta(days=comissao.prazo_de_recurso_dias)
        prazos.append(
            f"Sessão de {_data(sessao.inicio)}, encerrada em {encerramento:%d/%m/%Y}: recurso até {fim:%d/%m/%Y}."
        )
    return prazos


# ----------------------------------------------------------------------------------------------
# Pareceres do candidato


def parecer_do_candidato_pdf(chamado: Chamado) -> bytes:
    return renderizar("heteroidentificacao/pdf/parecer_do_candidato.html", contexto_do_parecer(chamado))


def contexto_do_parecer(chamado: Chamado) -> dict:
    """Os pareceres sobre o candidato, numerados pela ordem de registro, sem o nome de quem os deu."""
    sessao = chamado.sessao
    if sessao.status != Sessao.ENCERRADA:
        raise ValidationError("Os pareceres só são entregues ao candidato depois do encerramento da sessão.")
    comissao = sessao.comissao
    pareceres = chamado.pareceres.order_by("registrado_em", "id")
    return {
        **_cabecalho(comissao.edital, "Pareceres da comissão de heteroidentificação"),
        "comissao": comissao,
        "grupo": rotulo_do_grupo(comissao.grupo),
        "sessao": _sessao(sessao),
        "candidato": _candidato(chamado.inscricao),
        "decisao": ROTULOS_DAS_DECISOES[chamado.decisao],
        "placar": placar(chamado),
        "motivo": chamado.motivo_da_decisao,
        "pareceres": [
            {"membro": f"Membro {i}", "voto": parecer.get_voto_display(), "fundamentacao": parecer.fundamentacao}
            for i, parecer in enumerate(pareceres, start=1)
        ],
        "recurso": _cabimento_do_recurso(chamado),
    }


def _cabimento_do_recurso(chamado: Chamado) -> str:
    comissao = chamado.sessao.comissao
    if comissao.tipo == Comissao.RECURSAL:
        if chamado.decisao == quorum.PENDENTE:
            return "Recurso sem quórum na comissão recursal: vale a decisão recorrida até novo julgamento."
        return "Decisão da comissão recursal: não cabe novo recurso."
    if chamado.decisao == quorum.NAO_CONFIRMADO:
        inicio, fim = consultas.prazo_de_recurso(chamado)
        return (
            f"Cabe recurso à comissão recursal no prazo de {comissao.prazo_de_recurso_dias} dia(s) corrido(s), "
            f"de {inicio:%d/%m/%Y} a {fim:%d/%m/%Y}. A não confirmação, sem constatação de má-fé, não elimina do "
            "concurso: o candidato permanece na lista de ampla concorrência, de acordo com a sua classificação "
            "(Art. 2º, §2º)."
        )
    if chamado.decisao == quorum.CONFIRMADO:
        return "Autodeclaração confirmada: não há recurso a apresentar."
    if chamado.decisao == quorum.AUSENTE:
        return "O candidato não compareceu ao procedimento; a ausência não é juízo sobre o fenótipo e tem o efeito previsto no edital."
    return "Sem quórum: o candidato será chamado a uma nova sessão."


# ----------------------------------------------------------------------------------------------
# Ofício ao Ministério Público Estadual (Art. 2º, §1º)


def oficio_ministerio_publico_pdf(processo: ProcessoDeApuracao, numero_do_oficio: str = "") -> bytes:
    return renderizar("heteroidentificacao/pdf/oficio.html", contexto_do_oficio(processo, numero_do_oficio))


def contexto_do_oficio(processo: ProcessoDeApuracao, numero_do_oficio: str = "") -> dict:
    if processo.decisao != ProcessoDeApuracao.PROCEDENTE:
        raise ValidationError(
            "O ofício ao Ministério Público só é gerado quando a declaração falsa foi constatada (processo "
            f"procedente); o processo {processo.numero} está: {processo.get_decisao_display().lower()}."
        )
    inscricao = processo.inscricao
    candidato = inscricao.candidato
    return {
        **_cabecalho(inscricao.edital, "Ofício ao Ministério Público do Estado do Espírito Santo"),
        "numero_do_oficio": numero_do_oficio,
        "processo": processo,
        "inscricao": inscricao,
        "candidato": _candidato(inscricao),
        # O nome civil só aparece aqui, e só quando difere do nome social: o ofício instrui a ação penal.
        "nome_civil": candidato.nome if candidato.nome_social else "",
        "datas": {
            "instaurado_em": _data(processo.instaurado_em),
            "notificado_em": _data(processo.notificado_em),
            "prazo_de_defesa": _data(processo.prazo_de_defesa),
            "defesa_apresentada_em": _data(processo.defesa_apresentada_em),
            "decidido_em": _data(processo.decidido_em),
        },
        "anexos": _anexos(processo),
    }


def _anexos(processo: ProcessoDeApuracao) -> list[str]:
    inscricao = processo.inscricao
    anexos = [
        f"Cópia da autodeclaração étnico-racial apresentada na inscrição nº {inscricao.numero} e dos demais "
        "documentos tidos como falsos.",
        f"Cópia da portaria de instauração do processo nº {processo.numero} ({_data(processo.instaurado_em)}).",
        f"Cópia da notificação do candidato ({_data(processo.notificado_em)}).",
    ]
    if processo.defesa_apresentada_em:
        anexos.append(f"Cópia da defesa apresentada pelo candidato ({_data(processo.defesa_apresentada_em)}).")
    anexos.append(f"Cópia da decisão e da sua fundamentação ({_data(processo.decidido_em)}).")
    sessoes = Sessao.objects.filter(status=Sessao.ENCERRADA, chamados__inscricao=inscricao).order_by("inicio")
    anexos += [f"Cópia da ata da sessão de heteroidentificação de {_data(s.inicio)}." for s in sessoes.distinct()]
    return anexos


# ----------------------------------------------------------------------------------------------
# Formatos comuns


def descrever_regra(regra: dict) -> str:
    """A regra de quórum congelada na comissão, em português."""
    return (
        f"{regra['membros']} membros titulares; quórum de {regra['quorum']} votantes; a autodeclaração é "
        f"confirmada pela maioria dos votantes, com ao menos {regra['minimo_para_confirmar']} votos de confirmação"
    )


def placar(chamado: Chamado) -> str:
    """ "3 a 2" (confirmação a não confirmação); "—" antes do encerramento e para o ausente."""
    if chamado.sessao.status != Sessao.ENCERRADA or chamado.decisao == quorum.AUSENTE:
        return "—"
    return f"{chamado.votos_confirma} a {chamado.votos_nao_confirma}"


def rotulo_do_grupo(grupo: str) -> str:
    texto = grupo.replace("_", " ")
    return texto[:1].upper() + texto[1:]


def agora() -> datetime:
    return timezone.now().astimezone(FUSO)


def _cabecalho(edital: Edital, titulo: str) -> dict:
    return {
        "titulo_do_documento": f"{titulo} — {edital.identificacao}",
        "titulo": titulo,
        "orgao": ORGAO,
        "edital": edital,
        "gerado_em": agora().strftime("%d/%m/%Y"),
    }


def _sessao(sessao: Sessao) -> dict:
    inicio = sessao.inicio.astimezone(FUSO)
    encerrada = sessao.encerrada_em.astimezone(FUSO) if sessao.encerrada_em else None
    return {
        "data": inicio.strftime("%d/%m/%Y"),
        "hora": inicio.strftime("%H:%M"),
        "local": sessao.local,
        "link": sessao.link,
        "gravacao": sessao.gravacao,
        "encerrada_em": encerrada.strftime("%d/%m/%Y %H:%M") if encerrada else "",
    }


def _candidato(inscricao) -> dict:
    return {
        "numero": inscricao.numero,
        "nome": inscricao.candidato.nome_de_uso,
        "cpf": inscricao.candidato.cpf_mascarado,
        "cargo": f"{inscricao.cargo.codigo} — {inscricao.cargo.nome}",
    }


def _nome(usuario) -> str:
    return (usuario.get_full_name() or usuario.get_username()) if usuario else "—"


def _sim_ou_nao(valor) -> str:
    return "—" if valor is None else ("Sim" if valor else "Não")


def _data(valor) -> str:
    if valor is None:
        return "—"
    if isinstance(valor, datetime):
        valor = valor.astimezone(FUSO)
    return valor.strftime("%d/%m/%Y")
