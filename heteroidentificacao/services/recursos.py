"""Recurso contra a não confirmação: a publicação do resultado preliminar (de que corre o prazo), o
registro do recurso (no prazo) e a pauta da comissão recursal."""

from datetime import timedelta

from django.core.exceptions import ValidationError
from django.db import transaction

from comum import relogio
from comum.mensagens import quantos
from comum.validacao import validar_data_de_ato, validar_texto
from cotas import prazos, quorum

from .. import consultas
from ..models import Chamado, Comissao, Feriado, Recurso, Sessao
from .auditoria import auditar, exigir_permissao, exigir_presidente_ou_permissao, obrigatorio
from .sessoes import SESSAO_ENCERRADA, travar_sessao


@transaction.atomic
def publicar_resultado_preliminar(sessao: Sessao, *, em, por) -> Sessao:
    """Registra a data em que o resultado preliminar da sessão foi publicado (quando o candidato pode
    ler o seu parecer) e calcula o último dia do prazo de recurso (docs/REGRAS.md §10): os dias da
    comissão, excluído o da publicação, e, se o último cai em dia sem expediente (fim de semana,
    feriado nacional, ``Feriado`` local), o primeiro dia útil seguinte (Lei 9.784/1999, art. 66). O
    último dia fica guardado: um feriado incluído depois não muda um prazo já publicado."""
    sessao = travar_sessao(sessao)
    comissao = sessao.comissao
    exigir_presidente_ou_permissao(
        comissao, por, "heteroidentificacao.change_sessao", "registrar a publicação do resultado preliminar"
    )
    if comissao.tipo != Comissao.ORDINARIA:
        raise ValidationError("A decisão da comissão recursal é a última: não abre prazo de recurso.")
    if sessao.status != Sessao.ENCERRADA:
        raise ValidationError("A sessão ainda não foi encerrada: não há resultado preliminar a publicar.")
    if sessao.resultado_preliminar_publicado_em is not None:
        raise ValidationError(
            f"O resultado preliminar desta sessão já foi publicado em {sessao.resultado_preliminar_publicado_em:%d/%m/%Y}"
            f" (recurso até {sessao.prazo_de_recurso_ate:%d/%m/%Y})."
        )
    if consultas.encerrada_pela_regra_anterior(sessao):
        raise ValidationError(
            "Sessão encerrada antes da regra do prazo contado da publicação: o prazo de recurso dela contou do "
            "encerramento, como era (docs/HETEROIDENTIFICACAO.md)."
        )
    em = validar_data_de_ato(em, rotulo="data da publicação", campo="em")
    if em > relogio.hoje():
        raise ValidationError({"em": "A data da publicação não pode ser futura."})
    if em < consultas.data_do_encerramento(sessao):
        raise ValidationError({"em": "O resultado preliminar não pode ser publicado antes do encerramento da sessão."})
    dias = comissao.prazo_de_recurso_dias
    sessao.resultado_preliminar_publicado_em, sessao.resultado_preliminar_publicado_por = em, por
    sessao.prazo_de_recurso_ate = prazos.fim_do_prazo(em, dias, feriados_locais(em, em + timedelta(days=dias + 31)))
    sessao.save(
        update_fields=[
            "resultado_preliminar_publicado_em",
            "resultado_preliminar_publicado_por",
            "prazo_de_recurso_ate",
        ]
    )
    auditar(
        por,
        "resultado_preliminar_publicado",
        f"sessão #{sessao.pk}: {sessao}",
        depois={"publicado_em": em.isoformat(), "prazo_de_recurso_ate": sessao.prazo_de_recurso_ate.isoformat()},
    )
    return sessao


def feriados_locais(de, ate) -> set:
    """Os feriados locais informados no admin entre as duas datas."""
    return set(Feriado.objects.filter(data__gte=de, data__lte=ate).values_list("data", flat=True))


@transaction.atomic
def registrar_recurso(chamado: Chamado, *, texto: str, por, apresentado_em=None) -> Recurso:
    """Recurso do candidato contra a não confirmação, dentro do prazo da comissão.

    Só cabe contra ``nao_confirmado``: a ausência não é juízo sobre o fenótipo (perde a reserva,
    docs/REGRAS.md §3) e a decisão da comissão recursal é a última."""
    exigir_permissao(por, "heteroidentificacao.add_recurso", "registrar recursos")
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
    texto = validar_texto(
        obrigatorio(texto, "texto", "Informe as razões do recurso."), rotulo="razões do recurso", campo="texto"
    )
    apresentado_em = validar_data_de_ato(
        apresentado_em or relogio.hoje(), rotulo="apresentado em", campo="apresentado_em"
    )
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
    """Recusa o recurso depois do último dia do prazo. Antes da publicação do resultado preliminar o
    prazo não começou, e o recurso apresentado antes dele é aceito (escolha: o candidato que já
    recebeu o parecer não perde o recurso por tê-lo apresentado cedo)."""
    if apresentado_em > relogio.hoje():
        raise ValidationError({"apresentado_em": "A data de apresentação não pode ser futura."})
    if apresentado_em < consultas.data_do_encerramento(chamado.sessao):
        raise ValidationError({"apresentado_em": "O recurso não pode ser anterior à decisão recorrida."})
    prazo = consultas.prazo_de_recurso(chamado)
    if prazo is not None and apresentado_em > prazo[1]:
        inicio, fim = prazo
        dias = quantos(chamado.sessao.comissao.prazo_de_recurso_dias, "dia", "dias")
        raise ValidationError(
            {
                "apresentado_em": f"Recurso fora do prazo: o prazo de {dias}, contado a partir de "
                f"{inicio:%d/%m/%Y}, terminou em {fim:%d/%m/%Y}."
            }
        )


@transaction.atomic
def chamar_recurso(recurso: Recurso, sessao_recursal: Sessao, *, por) -> Chamado:
    """Põe o recurso na pauta de uma sessão da comissão recursal do mesmo edital e grupo."""
    sessao = travar_sessao(sessao_recursal)
    comissao = sessao.comissao
    exigir_presidente_ou_permissao(comissao, por, "heteroidentificacao.change_recurso", "chamar recursos")
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
