"""A eliminação dos dados pessoais na demonstração (``carregar_demo``). Com o prazo de guarda padrão
(5 anos) nenhum concurso da demonstração venceu: o mais antigo, a Guarda 3/2020, vale até 30/06/2024
(prorrogado) e fica guardado até 30/06/2029. Com 1 ano de guarda, ele vence — e 12 dos candidatos
dele voltaram a concorrer no 1/2025, que segue guardado."""

import io

import pytest
from django.core.management import call_command
from django.test import override_settings

from concursos.models import Candidato, Resultado, TermoDeEliminacao
from concursos.services.eliminacao import MOTIVOS_PARA_MANTER, OUTRO_CONCURSO
from tests.concursos.dados_pessoais import achados, de_quem_fica, retrato

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("demo_do_modulo")]


def test_com_a_guarda_padrao_nenhum_concurso_da_demo_venceu():
    saida = io.StringIO()
    call_command("eliminar_dados_pessoais", stdout=saida)
    assert "Nenhum concurso com a validade e o prazo de guarda vencidos." in saida.getvalue()


@override_settings(PRAZO_DE_GUARDA_EM_ANOS=1)
def test_a_guarda_de_2020_vencida_nao_deixa_dado_de_quem_sai_e_o_resultado_publicado_fica():
    saem = Candidato.objects.filter(inscricoes__edital__ano=2020).exclude(inscricoes__edital__ano=2025)
    ficam = Candidato.objects.exclude(pk__in=saem)
    marcas, mantidos = retrato(saem), de_quem_fica(ficam)
    publicados = dict(Resultado.objects.filter(status=Resultado.PUBLICADO).values_list("pk", "hash_das_entradas"))
    saida = io.StringIO()
    call_command("eliminar_dados_pessoais", "--executar", stdout=saida)
    assert "Edital 3/2020" in saida.getvalue()
    assert achados(marcas, mantidos) == []
    assert dict(Resultado.objects.filter(pk__in=publicados).values_list("pk", "hash_das_entradas")) == publicados
    termo = TermoDeEliminacao.objects.get()
    assert termo.anonimizadas == len(marcas)
    assert {m["motivo"] for m in termo.mantidas} == {MOTIVOS_PARA_MANTER[OUTRO_CONCURSO]}
    assert {r["hash_original"] for r in termo.registros_congelados} >= {
        h for pk, h in publicados.items() if Resultado.objects.get(pk=pk).cargo.edital.ano == 2020
    }
