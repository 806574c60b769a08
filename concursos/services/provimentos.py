"""Nomeação, posse e exercício de quem está convocado (docs/CONVOCACAO.md).

Convocado é quem está na ordem de convocação vigente do cargo (``consultas.provimentos.convocados``).
Cada passo é um registro datado, com quem o registrou, e só vale uma vez (docs/REGRAS.md §9):
nomeação (portaria e data da publicação), posse (não antes da nomeação) e exercício (não antes da posse).

A falta de posse no prazo **não** é registrada aqui nem sozinha: a página do cargo pede ao RH que
confirme o evento ``nao_posse`` (``registrar_evento``), que refaz a convocação.

As permissões são conferidas aqui, e não só nas telas: o auditor e a comissão são recusados.
"""

from datetime import date

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from comum import relogio
from comum.exibicao import data
from comum.validacao import validar_texto

from ..atos import conferir_data_do_ato
from ..consultas.provimentos import convocados
from ..models import Inscricao, Provimento
from ..segundo_plano.avisos_pessoais import agendar_avisos

PERMISSAO = "concursos.registrar_provimento"


def _conferir_permissao(usuario) -> None:
    if usuario is None or not usuario.has_perm(PERMISSAO):
        raise PermissionDenied("Só o RH registra nomeação, posse e exercício.")


def _conferir_convocado(inscricao: Inscricao) -> None:
    if all(c.inscricao.pk != inscricao.pk for c in convocados(inscricao.cargo)):
        raise ValidationError(
            f"A inscrição {inscricao.numero} não está convocada no cargo {inscricao.cargo.codigo}: só quem está na "
            "ordem de convocação vigente é nomeado, toma posse e entra em exercício."
        )


def _recusar_futura(valor: date, campo: str, rotulo: str) -> None:
    if not isinstance(valor, date):
        raise ValidationError({campo: f"Informe {rotulo} (dd/mm/aaaa)."})
    hoje = relogio.hoje()
    if valor > hoje:
        raise ValidationError({campo: f"A {rotulo} ({data(valor)}) está no futuro (hoje é {data(hoje)})."})


def _provimento_travado(inscricao: Inscricao) -> Provimento:
    provimento = Provimento.objects.select_for_update().filter(inscricao=inscricao).first()
    if provimento is None:
        raise ValidationError(f"A inscrição {inscricao.numero} ainda não foi nomeada: registre antes a nomeação.")
    return provimento


@transaction.atomic
def registrar_nomeacao(inscricao: Inscricao, *, portaria: str, data_da_nomeacao, por) -> Provimento:
    """A nomeação do convocado: a portaria e a data da publicação (dentro da validade do concurso)."""
    _conferir_permissao(por)
    inscricao = Inscricao.objects.select_for_update().select_related("cargo", "edital").get(pk=inscricao.pk)
    _conferir_convocado(inscricao)
    anterior = Provimento.objects.filter(inscricao=inscricao).first()
    if anterior is not None:
        raise ValidationError(
            f"A inscrição {inscricao.numero} já foi nomeada pela portaria {anterior.portaria}, publicada em "
            f"{data(anterior.data_da_nomeacao)}: uma nomeação não se registra duas vezes."
        )
    portaria = validar_texto((portaria or "").strip(), rotulo="portaria", campo="portaria", limite=120)
    if not portaria:
        raise ValidationError({"portaria": "Informe o número da portaria de nomeação."})
    conferir_data_do_ato(inscricao.edital, data_da_nomeacao, campo="data_da_nomeacao")
    provimento = Provimento(
        inscricao=inscricao, portaria=portaria, data_da_nomeacao=data_da_nomeacao, registrado_por=por
    )
    provimento._history_user = por
    provimento.save()
    agendar_avisos(provimento, por=por)  # o aviso pessoal ao nomeado, depois do commit (issue 28)
    return provimento


@transaction.atomic
def registrar_posse(inscricao: Inscricao, *, data_da_posse, por) -> Provimento:
    """A posse do nomeado, não antes da publicação da nomeação nem no futuro."""
    _conferir_permissao(por)
    provimento = _provimento_travado(inscricao)
    _conferir_convocado(inscricao)
    if provimento.data_da_posse is not None:
        raise ValidationError(
            f"A posse da inscrição {inscricao.numero} já foi registrada ({data(provimento.data_da_posse)})."
        )
    _recusar_futura(data_da_posse, "data_da_posse", "data da posse")
    if data_da_posse < provimento.data_da_nomeacao:
        raise ValidationError(
            {
                "data_da_posse": f"A posse ({data(data_da_posse)}) não pode ser anterior à publicação da nomeação "
                f"({data(provimento.data_da_nomeacao)})."
            }
        )
    provimento.data_da_posse, provimento.posse_registrada_por = data_da_posse, por
    provimento._history_user = por
    provimento.save(update_fields=["data_da_posse", "posse_registrada_por"])
    return provimento


@transaction.atomic
def registrar_exercicio(inscricao: Inscricao, *, data_do_exercicio, por) -> Provimento:
    """O início do exercício do empossado, não antes da posse nem no futuro."""
    _conferir_permissao(por)
    provimento = _provimento_travado(inscricao)
    if provimento.data_da_posse is None:
        raise ValidationError(f"A inscrição {inscricao.numero} ainda não tomou posse: registre antes a posse.")
    if provimento.data_do_exercicio is not None:
        raise ValidationError(
            f"O exercício da inscrição {inscricao.numero} já foi registrado ({data(provimento.data_do_exercicio)})."
        )
    _recusar_futura(data_do_exercicio, "data_do_exercicio", "data do início do exercício")
    if data_do_exercicio < provimento.data_da_posse:
        raise ValidationError(
            {
                "data_do_exercicio": f"O exercício ({data(data_do_exercicio)}) não pode começar antes da posse "
                f"({data(provimento.data_da_posse)})."
            }
        )
    provimento.data_do_exercicio, provimento.exercicio_registrado_por = data_do_exercicio, por
    provimento._history_user = por
    provimento.save(update_fields=["data_do_exercicio", "exercicio_registrado_por"])
    return provimento
