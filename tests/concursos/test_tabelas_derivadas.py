"""Cada tipo de evento e cada regime das tabelas de ``cotas`` chega a todo lugar que deriva delas:
escolhas do modelo (e da migração), formulário de registrar evento, campo de quantidade, descrição
de quem saiu nas diferenças, escolhas de regime e citação do quadro. Um tipo ou regime novo
esquecido em algum desses lugares faz um destes testes falhar."""

from datetime import date

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.urls import reverse

import cotas
from concursos import adapters, apresentacao, services
from concursos.atos import Ato
from concursos.forms import SimuladorQuadroForm
from concursos.models import Edital, Evento
from concursos.pdf.quadro_de_vagas import contexto_do_quadro
from cotas.eventos import TIPOS_DE_EVENTO

from .fabricas import edital, pode_publicar, usuario
from .test_admin import com_permissoes, texto

DATA_DO_ATO = date(2025, 6, 2)  # dentro da validade e depois da publicação dos editais de teste

pytestmark = pytest.mark.django_db

TIPOS = list(TIPOS_DE_EVENTO.values())
# A revisão de verificação não tem formulário de evento: vem de um ato de verificação (issue 12).
TIPOS_DIGITADOS = [t for t in TIPOS if t.tipo != "verificacao"]
REGIMES = list(cotas.REGIMES.values())
QUADRO = "Total de vagas reservadas por cargo publicado no edital"


def escolhas_na_ultima_migracao(modelo, campo: str) -> list[tuple]:
    estado = MigrationLoader(connection).project_state()
    return list(estado.models["concursos", modelo].fields[campo].choices)


def test_escolhas_do_tipo_de_evento_sao_a_tabela_do_motor_mais_a_reversao():
    esperadas = [(t.tipo, t.rotulo) for t in TIPOS] + [("reversao", "Reversão de evento registrado por engano")]
    assert Evento.TIPOS == esperadas
    assert escolhas_na_ultima_migracao("evento", "tipo") == esperadas
    assert apresentacao.TIPOS_DE_EVENTO == {t.tipo: t.rotulo for t in TIPOS}


@pytest.mark.parametrize("tipo", TIPOS_DIGITADOS, ids=lambda t: t.tipo)
def test_formulario_de_registrar_cada_tipo_abre_com_a_explicacao_e_o_campo_certo(client, cargo_com_resultado, tipo):
    client.force_login(com_permissoes("rh", "registrar_evento"))
    resposta = client.get(reverse("concursos:registrar_evento", args=[cargo_com_resultado.pk, tipo.tipo]))
    assert resposta.status_code == 200
    pagina = texto(resposta)
    assert f"Registrar {tipo.rotulo.lower()}" in pagina and tipo.explicacao in pagina
    campos = set(resposta.context["form"].fields)
    assert ("quantidade" in campos) == tipo.carrega_quantidade
    assert ("inscricao" in campos) != tipo.carrega_quantidade


# Revisões (docs/REGRAS.md §8): Z, negra da 3ª vaga, não confirmada em recurso; A com a nota corrigida
# para baixo. A revisão tira da convocação o próprio candidato que deixa de vencer.
REVISOES = {
    "verificacao": ("Z", {"grupo": "negros", "situacao": "nao_confirmado"}),
    "nota": ("A", {"nota": "1.000"}),
}


@pytest.mark.parametrize("tipo", TIPOS, ids=lambda t: t.tipo)
def test_cada_tipo_registrado_chega_ao_motor_e_as_diferencas_descrevem_quem_saiu(cargo_com_resultado, tipo):
    cargo = cargo_com_resultado
    numero, revisao = REVISOES.get(tipo.tipo, ("A", {}))
    alvo = {"quantidade": 1} if tipo.carrega_quantidade else {"inscricao": cargo.inscricoes.get(numero=numero)}
    if tipo.tipo == "verificacao":  # vem de um ato (aqui, o recurso), que vira evento depois da publicação
        rh = pode_publicar(usuario("rh"))
        services.publicar_resultado(cargo.resultados.get(), por=rh)
        registrado = services.registrar_verificacao(
            alvo["inscricao"], origem="recurso", por=rh, ato=Ato(documento="Of. 1", data_do_ato=DATA_DO_ATO),
            **revisao,
        ).evento  # fmt: skip
    else:
        registrado = services.registrar_evento(
            cargo,
            tipo=tipo.tipo,
            por=usuario("rh"),
            ato=Ato(documento="Of. 1", data_do_ato=DATA_DO_ATO),
            **alvo,
            **revisao,
        )
    evento = adapters.eventos_do_cargo(cargo)[-1]
    esperado = (
        {"tipo": tipo.tipo, "quantidade": 1} if tipo.carrega_quantidade else {"tipo": tipo.tipo, "inscricao": numero}
    )
    esperado.update(revisao)
    if tipo.revisao:
        esperado["sub_judice"] = False
    assert evento == {**esperado, "documento": "Of. 1", "data": "2025-06-02"}
    mudancas = {d["inscricao"]: d["depois"] for d in registrado.resultado.diferencas}
    if tipo.carrega_quantidade:
        assert mudancas[""] == "6 vagas"
    else:
        assert mudancas[numero] == tipo.situacao_de_quem_saiu


def test_escolhas_de_regime_sao_os_regimes_do_motor_com_os_seus_titulos():
    esperadas = [(r.nome, r.titulo) for r in REGIMES]
    assert Edital._meta.get_field("regime").choices == esperadas
    assert escolhas_na_ultima_migracao("edital", "regime") == esperadas
    assert SimuladorQuadroForm().fields["regime"].choices == esperadas


@pytest.mark.parametrize("regime", REGIMES, ids=lambda r: r.nome)
def test_quadro_de_cada_regime_cita_a_regra_do_quadro_da_sua_lei(regime):
    criado = edital(regime=regime.nome, cargos=(("ADM", "Assistente", 10),))
    contexto = contexto_do_quadro(criado)
    citacao = dict(regime.citacoes)["quadro"]
    assert contexto["referencia_do_quadro"] == citacao
    assert (QUADRO, citacao) in dict(contexto["fundamentacao"])["Regras comuns"]
