"""Quem entra nas telas da comissão: quem não é membro da comissão da sessão (ou, sendo suplente fora
da composição, não vota no candidato) recebe 404; o membro que tenta o que só o presidente faz, 403."""

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404

from .. import consultas
from ..models import Chamado, Membro, Sessao


def sessao_do_membro(request, pk) -> tuple[Sessao, Membro]:
    sessao = get_object_or_404(Sessao.objects.select_related("comissao__edital"), pk=pk)
    membro = consultas.membro_de(sessao.comissao, request.user)
    if membro is None:
        raise Http404("Sessão não encontrada.")
    return sessao, membro


def chamado_do_membro(request, pk) -> tuple[Chamado, Membro]:
    chamado = get_object_or_404(
        Chamado.objects.select_related("sessao__comissao__edital", "inscricao__candidato"), pk=pk
    )
    membro = consultas.membro_de(chamado.sessao.comissao, request.user)
    if membro is None or not consultas.ve_o_candidato(chamado, membro):
        # O suplente que só vota no lugar de um impedido não vê os outros candidatos (nem que existem).
        raise Http404("Candidato não encontrado.")
    return chamado, membro


def exigir_presidente(membro: Membro, acao: str) -> None:
    if not membro.presidente:
        raise PermissionDenied(f"Só o presidente da comissão pode {acao}.")
