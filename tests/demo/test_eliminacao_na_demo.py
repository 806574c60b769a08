"""A eliminação dos dados pessoais na demonstração (``carregar_demo``). O Vigia 1/2019 é o concurso
vencido: validade até 31/03/2021, guarda de 5 anos até 31/03/2026; os três convocados foram nomeados
pela Portaria nº 210/2019, depois do edital de convocação nº 12/2019. A Guarda 3/2020 vale até
30/06/2024 (prorrogada) e fica guardada até 30/06/2029 — com um ano de guarda ela também vence, e 12
dos candidatos dela, que voltaram a concorrer no 1/2025, ficam."""

import hashlib
import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import override_settings

from comum import relogio
from concursos.models import AtoDeConvocacao, Candidato, Edital, Resultado, TermoDeEliminacao
from concursos.services.eliminacao import MOTIVOS_PARA_MANTER, NOMEADO, OUTRO_CONCURSO, eliminar_dados_pessoais
from tests.concursos.dados_pessoais import achados, de_quem_fica, retrato

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("demo_do_modulo")]


def test_o_vigia_de_2019_sai_sem_deixar_dado_de_nao_nomeado_e_os_atos_publicados_ainda_conferem():
    saem = Candidato.objects.filter(inscricoes__edital__ano=2019, inscricoes__provimento__isnull=True)
    marcas, mantidos = retrato(saem), de_quem_fica(Candidato.objects.exclude(pk__in=saem))
    publicado = Resultado.objects.get(cargo__edital__ano=2019, status=Resultado.PUBLICADO)
    saida = io.StringIO()
    call_command("eliminar_dados_pessoais", "--executar", stdout=saida)
    assert "Edital 1/2019 (guarda até 31/03/2026): 9 pessoa(s) anonimizadas" in saida.getvalue()
    assert achados(marcas, mantidos) == []
    assert Resultado.objects.get(pk=publicado.pk).hash_das_entradas == publicado.hash_das_entradas
    ato = AtoDeConvocacao.objects.get(cargo__edital__ano=2019)
    assert hashlib.sha256(bytes(ato.pdf)).hexdigest() == ato.hash_do_pdf
    termo = TermoDeEliminacao.objects.get()
    assert [m["motivo"] for m in termo.mantidas] == [MOTIVOS_PARA_MANTER[NOMEADO]] * 3
    assert [r["hash_original"] for r in termo.registros_congelados] == [publicado.hash_das_entradas]


@override_settings(PRAZO_DE_GUARDA_EM_ANOS=1)
def test_com_um_ano_de_guarda_a_guarda_de_2020_mantem_quem_concorre_no_1_2025():
    admin = get_user_model().objects.get(username="admin")
    relatorio = eliminar_dados_pessoais(Edital.objects.get(ano=2020), por=admin, hoje=relogio.hoje())
    assert {m["motivo"] for m in relatorio.mantidas} == {MOTIVOS_PARA_MANTER[OUTRO_CONCURSO]}
    assert len(relatorio.mantidas) == 12 and relatorio.termo is None
    assert not TermoDeEliminacao.objects.exists()
