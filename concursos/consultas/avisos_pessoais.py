"""A situação dos avisos pessoais (issue 28) para a página do cargo e a tela da posse: por pessoa e
por ato, avisada (e-mail aceito pelo servidor, ou outro meio registrado), ciente (pelo link), na fila
ou falhou. Só lê."""

from dataclasses import dataclass

from ..models import AvisoPessoal, EnvioDoAviso

CIENTE, AVISADO, NA_FILA, FALHOU = "ciente", "avisado", "na fila", "falhou"


@dataclass(frozen=True)
class SituacaoDoAviso:
    aviso: AvisoPessoal
    situacao: str
    envios: list[EnvioDoAviso]

    @property
    def pode_reenviar(self) -> bool:
        return self.situacao != CIENTE and all(e.situacao != EnvioDoAviso.NA_FILA for e in self.envios)

    @property
    def ultimo(self) -> EnvioDoAviso | None:
        return self.envios[-1] if self.envios else None


def situacao(aviso: AvisoPessoal) -> SituacaoDoAviso:
    envios = list(aviso.envios.all())
    situacoes = {envio.situacao for envio in envios}
    if aviso.ciente_em is not None:
        resumo = CIENTE
    elif situacoes & {EnvioDoAviso.ENVIADO, EnvioDoAviso.REGISTRADO}:
        resumo = AVISADO
    elif EnvioDoAviso.NA_FILA in situacoes:
        resumo = NA_FILA
    else:
        resumo = FALHOU
    return SituacaoDoAviso(aviso, resumo, envios)


def _avisos():
    return AvisoPessoal.objects.select_related("inscricao__candidato").prefetch_related("envios__registrado_por")


def avisos_do_cargo(cargo) -> list[SituacaoDoAviso]:
    """Os avisos do cargo, do ato mais recente para o mais antigo; três consultas para qualquer tamanho."""
    avisos = _avisos().filter(inscricao__cargo=cargo).order_by("-data_do_ato", "-id")
    return [situacao(aviso) for aviso in avisos]


def avisos_da_inscricao(inscricao) -> list[SituacaoDoAviso]:
    """Os avisos de uma pessoa (convocação e nomeação), para a tela da posse."""
    return [situacao(aviso) for aviso in _avisos().filter(inscricao=inscricao).order_by("-data_do_ato", "-id")]
