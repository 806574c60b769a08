"""A publicação da versão pública do relatório de prestação de contas (docs/PRESTACAO-DE-CONTAS.md):
um ato do registro dos atos publicados (docs/ATOS-PUBLICADOS.md), guardado como saiu, com o código
de verificação em cada página, e no portal da transparência. Só a versão pública (1 a 4 pessoas:
"< 5"; a supressão complementar: "X") se publica; cada nova publicação retifica a anterior."""

from django.db import transaction

from concursos.models import AtoPublicado, Edital
from concursos.services.atos import registrar_ato
from concursos.tipos_de_ato import PRESTACAO_DE_CONTAS

from ..pdf import _cabecalho
from ..prestacao_de_contas import em_data_uri, graficos, prestacao_de_contas, tabelas
from .auditoria import auditar


def contexto_do_pdf(edital: Edital, publica: bool) -> dict:
    """O contexto do PDF do relatório (``heteroidentificacao/pdf/prestacao_de_contas.html``)."""
    prestacao = prestacao_de_contas(edital)
    return {
        **_cabecalho(edital, "Relatório de prestação de contas das reservas de vagas"),
        "publica": publica,
        "tabelas": tabelas(prestacao, publica),
        "graficos": [em_data_uri(svg) for svg in graficos(prestacao, publica)],
    }


@transaction.atomic
def publicar_prestacao_de_contas(edital: Edital, *, por) -> AtoPublicado:
    """Registra a versão pública do relatório como está hoje; a anterior, se houver, fica retificada."""
    edital = Edital.objects.select_for_update().get(pk=edital.pk)
    anterior = edital.atos_publicados.filter(tipo=PRESTACAO_DE_CONTAS).order_by("-confirmado_em", "-id").first()
    ato = registrar_ato(
        PRESTACAO_DE_CONTAS,
        titulo=f"Relatório de prestação de contas (versão pública) — {edital.identificacao}",
        contexto=contexto_do_pdf(edital, True),
        edital=edital,
        por=por,
        retifica=anterior,
    )
    auditar(
        por,
        "prestacao_de_contas_publicada",
        f"edital #{edital.pk}: {edital}",
        depois={"registro": ato.numero_no_ano, "codigo": ato.codigo, "sha256": ato.hash_sha256},
    )
    return ato
