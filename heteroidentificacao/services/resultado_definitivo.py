"""A publicação do resultado definitivo da heteroidentificação de uma comissão ordinária (edital e
grupo) como ato do registro dos atos publicados (docs/ATOS-PUBLICADOS.md): guardado como saiu, com o
código de verificação em cada página, e no portal da transparência.

O documento publicado traz só o número de inscrição, o cargo e a conclusão: nem o nome, nem o placar,
nem a conclusão de uma apuração de declaração falsa — quem a teve aparece como "Não confirmado", que
é o que a comissão decidiu da autodeclaração (docs/PORTAL.md). Só sai quando o definitivo pode sair
(sem recurso pendente nem prazo de recurso aberto: ``resultado.exigir_resultado_definitivo``); uma
nova publicação da mesma comissão retifica a anterior."""

from django.db import transaction

from concursos.models import AtoPublicado
from concursos.services.atos import registrar_ato
from concursos.tipos_de_ato import RESULTADO_DA_HETEROIDENTIFICACAO
from cotas.modelo import DECLARACAO_FALSA, NAO_CONFIRMADO

from ..models import Comissao
from ..pdf import ROTULOS_FINAIS, contexto_do_resultado
from .auditoria import auditar


def contexto_publicado(comissao: Comissao) -> dict:
    """O contexto do definitivo só com o que se publica (recusa, em português, se ainda não pode sair)."""
    contexto = contexto_do_resultado(comissao, definitivo=True)
    nao_confirmado = ROTULOS_FINAIS[NAO_CONFIRMADO]
    secoes = [
        {
            "grupo": secao["grupo"],
            "linhas": [
                {
                    "numero": linha["numero"],
                    "cargo": linha["cargo"],
                    "final": nao_confirmado if linha["final"] == ROTULOS_FINAIS[DECLARACAO_FALSA] else linha["final"],
                }
                for linha in secao["linhas"]
            ],
        }
        for secao in contexto["secoes"]
    ]
    return {**contexto, "secoes": secoes}


@transaction.atomic
def publicar_resultado_definitivo(comissao: Comissao, *, por) -> AtoPublicado:
    comissao = Comissao.objects.select_for_update().select_related("edital").get(pk=comissao.pk)
    contexto = contexto_publicado(comissao)
    titulo = f"Resultado definitivo da heteroidentificação ({contexto['secoes'][0]['grupo']}) — {comissao.edital.identificacao}"
    anterior = (
        comissao.edital.atos_publicados.filter(tipo=RESULTADO_DA_HETEROIDENTIFICACAO, titulo=titulo[:300])
        .order_by("-confirmado_em", "-id")
        .first()
    )
    ato = registrar_ato(
        RESULTADO_DA_HETEROIDENTIFICACAO,
        titulo=titulo,
        contexto=contexto,
        edital=comissao.edital,
        por=por,
        retifica=anterior,
    )
    auditar(por, "resultado_definitivo_publicado", f"comissão #{comissao.pk}: {comissao}", depois=_no_registro(ato))
    return ato


def _no_registro(ato: AtoPublicado) -> dict:
    return {"registro": ato.numero_no_ano, "codigo": ato.codigo, "sha256": ato.hash_sha256}
