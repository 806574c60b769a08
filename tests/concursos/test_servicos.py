"""Serviços do RH: edital com parâmetros congelados, resultado versionado, publicação e eventos."""

from datetime import date

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

import cotas
from concursos import services
from concursos.adapters import cenario_do_cargo, hash_do_cenario
from concursos.atos import Ato
from concursos.models import AtoPublicado, Evento, Resultado
from concursos.saida_do_motor import listas_em_ordem

from .fabricas import cargo_do_exemplo_da_alternancia, edital, inscricao, pode_publicar, usuario

DATA_DO_ATO = date(2025, 6, 2)  # dentro da validade e depois da publicação dos editais de teste

pytestmark = pytest.mark.django_db


def ordem(resultado):
    return [(c["inscricao"], c["vaga"]) for c in resultado.saida["convocacoes"] if c["evento"] == 0]


def test_edital_congela_os_parametros_do_regime_com_o_percentual_pcd_do_edital():
    criado = edital(percentual_pcd="10")
    pcd = next(g for g in criado.parametros_do_regime["grupos"] if g["grupo"] == "pcd")
    assert pcd["percentual"] == "10"
    assert criado.regime_congelado().grupo("negros").percentual == 20


def test_percentual_pcd_fora_de_5_a_20_e_recusado():
    with pytest.raises(ValidationError, match="entre 5% e 20%"):
        edital(percentual_pcd="25")


def test_parametros_congelados_nao_mudam_quando_o_regime_do_codigo_muda(monkeypatch):
    criado = edital()
    alterado, _ = cotas.com_parametros(cotas.REGIMES["cariacica-2023"], {"negros": {"percentual": "30"}})
    monkeypatch.setitem(cotas.REGIMES, "cariacica-2023", alterado)
    criado.refresh_from_db()
    assert criado.cargos.get().quadro_de_vagas().reservadas_do("negros") == 1


def test_quadro_do_cargo_segue_o_edital():
    cargo = edital(percentual_pcd="10", cargos=(("GM", "Guarda", 50),)).cargos.get()
    quadro = cargo.quadro_de_vagas()
    assert (quadro.ampla, quadro.reservadas_do("negros"), quadro.reservadas_do("pcd")) == (35, 10, 5)


def test_gerar_resultado_aplica_a_alternancia_e_guarda_entradas_e_hash():
    cargo = cargo_do_exemplo_da_alternancia()
    resultado = services.gerar_resultado(cargo, por=usuario("clerk"))
    assert ordem(resultado) == [("A", "ampla"), ("B", "ampla"), ("Z", "negros"), ("Y", "ampla"), ("P", "pcd")]
    assert resultado.versao == 1 and resultado.status == Resultado.FINAL
    assert resultado.cenario == cenario_do_cargo(cargo)
    assert len(resultado.hash_das_entradas) == 64


def test_resultado_reproduz_pelo_cenario_exportado():
    cargo = cargo_do_exemplo_da_alternancia()
    resultado = services.gerar_resultado(cargo, por=usuario("clerk"))
    refeito = cotas.simular(cotas.ler_cenario(resultado.cenario))
    assert [list(p) for p in refeito.nomeados] == resultado.saida["nomeados"]


def test_verificacao_pendente_torna_o_resultado_previa_e_impede_publicar():
    cargo = cargo_do_exemplo_da_alternancia()
    inscricao(cargo, "W", 50, grupos={"negros": "pendente"})
    resultado = services.gerar_resultado(cargo, por=usuario("clerk"))
    assert resultado.status == Resultado.PREVIA and resultado.saida["pendencias"] == ["W"]
    with pytest.raises(ValidationError, match="provisório.*W"):
        services.publicar_resultado(resultado, por=pode_publicar(usuario("chefe")))


def test_publicar_resultado_final_registra_quem_publicou():
    cargo = cargo_do_exemplo_da_alternancia()
    chefe = pode_publicar(usuario("chefe"))
    publicado = services.publicar_resultado(services.gerar_resultado(cargo, por=chefe), por=chefe)
    assert publicado.status == Resultado.PUBLICADO and publicado.publicado_por == chefe


def test_o_servico_recusa_publicar_por_quem_nao_tem_a_permissao_e_nada_muda():
    """A permissão é conferida no serviço, não só nas telas: o comando e qualquer outro caminho também."""
    cargo = cargo_do_exemplo_da_alternancia()
    resultado = services.gerar_resultado(cargo, por=usuario("clerk"))
    with pytest.raises(PermissionDenied, match="publicar resultados"):
        services.publicar_resultado(resultado, por=usuario("estagiario"))
    resultado.refresh_from_db()
    assert resultado.status == Resultado.FINAL and not AtoPublicado.objects.filter(resultado=resultado).exists()


def test_versao_superada_nao_pode_ser_publicada():
    cargo = cargo_do_exemplo_da_alternancia()
    rh = pode_publicar(usuario("clerk"))
    primeira = services.gerar_resultado(cargo, por=rh)
    services.gerar_resultado(cargo, por=rh)
    with pytest.raises(ValidationError, match="versão mais nova"):
        services.publicar_resultado(primeira, por=rh)


def test_resultado_gerado_e_imutavel():
    resultado = services.gerar_resultado(cargo_do_exemplo_da_alternancia(), por=usuario("clerk"))
    resultado.motivo = "adulterado"
    with pytest.raises(ValidationError):
        resultado.save()


def test_desistencia_em_vaga_reservada_convoca_o_proximo_negro_e_mostra_a_diferenca():
    cargo = cargo_do_exemplo_da_alternancia()
    inscricao(cargo, "W", 50, grupos={"negros": "confirmado"})
    rh = usuario("clerk")
    services.gerar_resultado(cargo, por=rh)
    registrado = services.registrar_desistencia(
        cargo.inscricoes.get(numero="Z"), ato=Ato(documento="Req. 12/2025", data_do_ato=DATA_DO_ATO), por=rh
    )
    assert [(c["inscricao"], c["vaga"], c["posicao"]) for c in registrado.convocados_agora] == [("W", "negros", 3)]
    assert "Art. 3º, §2º" in registrado.convocados_agora[0]["motivo"]
    mudancas = {d["inscricao"]: (d["antes"], d["depois"]) for d in registrado.resultado.diferencas}
    assert mudancas["Z"] == ("convocado, negros, 3ª vaga", "desistente")
    assert mudancas["W"][1] == "convocado, negros, 3ª vaga"
    assert registrado.resultado.versao == 2 and registrado.evento.registrado_por == rh


def test_vaga_adicional_convoca_pela_compensacao_e_reclassifica():
    cargo = cargo_do_exemplo_da_alternancia(vagas=3)
    rh = usuario("clerk")
    registrado = services.registrar_evento(
        cargo, tipo="vagas_adicionais", quantidade=1, ato=Ato(documento="Of. 9", data_do_ato=DATA_DO_ATO), por=rh
    )
    assert [c["inscricao"] for c in registrado.convocados_agora] == ["Z"]
    assert [(r["inscricao"], r["de"], r["para"]) for r in registrado.reclassificados_agora] == [
        ("Y", "negros", "ampla")
    ]


def test_evento_recusado_pelo_motor_nao_grava_nada():
    cargo = cargo_do_exemplo_da_alternancia()
    with pytest.raises(ValidationError, match="não está convocada"):
        services.registrar_evento(
            cargo,
            tipo="nao_posse",
            inscricao=cargo.inscricoes.get(numero="Q"),
            ato=Ato(documento="x", data_do_ato=DATA_DO_ATO),
            por=usuario("clerk"),
        )
    assert not Evento.objects.exists() and not Resultado.objects.exists()


def test_evento_sem_documento_e_recusado():
    cargo = cargo_do_exemplo_da_alternancia()
    with pytest.raises(ValidationError, match="documento"):
        services.registrar_evento(
            cargo,
            tipo="vagas_adicionais",
            quantidade=1,
            ato=Ato(documento=" ", data_do_ato=DATA_DO_ATO),
            por=usuario("clerk"),
        )


def test_evento_nao_pode_ser_alterado_nem_apagado_e_se_corrige_por_reversao():
    cargo = cargo_do_exemplo_da_alternancia()
    rh = usuario("clerk")
    registrado = services.registrar_desistencia(
        cargo.inscricoes.get(numero="Z"), ato=Ato(documento="Req. 1", data_do_ato=DATA_DO_ATO), por=rh
    )
    with pytest.raises(ValidationError):
        registrado.evento.save()
    with pytest.raises(ValidationError):
        registrado.evento.delete()
    revertido = services.reverter_evento(
        registrado.evento,
        ato=Ato(documento="Desp. 2", data_do_ato=None),
        motivo="desistência de outro candidato",
        por=rh,
    )
    assert ordem(revertido.resultado) == [("A", "ampla"), ("B", "ampla"), ("Z", "negros"), ("Y", "ampla"), ("P", "pcd")]
    assert revertido.resultado.cenario["eventos"] == []
    with pytest.raises(ValidationError, match="já foi revertido"):
        services.reverter_evento(registrado.evento, ato=Ato(documento="x", data_do_ato=None), motivo="de novo", por=rh)


def test_reversao_mostra_o_desistente_voltando_e_liga_cada_versao_ao_seu_evento():
    cargo = cargo_do_exemplo_da_alternancia()
    inscricao(cargo, "W", 50, grupos={"negros": "confirmado"})
    rh = usuario("clerk")
    registrado = services.registrar_desistencia(
        cargo.inscricoes.get(numero="Z"), ato=Ato(documento="Req. 1", data_do_ato=DATA_DO_ATO), por=rh
    )
    revertido = services.reverter_evento(
        registrado.evento, ato=Ato(documento="Desp. 2", data_do_ato=None), motivo="pedido de outra pessoa", por=rh
    )
    mudancas = {d["inscricao"]: (d["antes"], d["depois"]) for d in revertido.resultado.diferencas}
    assert mudancas["Z"] == ("desistente", "convocado, negros, 3ª vaga")
    assert mudancas["W"] == ("convocado, negros, 3ª vaga", "classificado (geral, negros), não convocado")
    assert registrado.evento.resultado == registrado.resultado and revertido.evento.resultado == revertido.resultado
    assert str(revertido.evento) == "Reversão de Desistência (Z)"


@pytest.mark.parametrize(
    ("tipo", "saida"),
    [("nao_posse", "sem posse"), ("anulacao", "nomeação anulada"), ("final_de_lista", "aguardando no final da lista")],
)
def test_cada_evento_sobre_o_negro_da_vaga_reservada_chama_o_proximo_negro(tipo, saida):
    cargo = cargo_do_exemplo_da_alternancia()
    inscricao(cargo, "W", 50, grupos={"negros": "confirmado"})
    rh = usuario("clerk")
    services.gerar_resultado(cargo, por=rh)
    zeca = cargo.inscricoes.get(numero="Z")
    registrado = services.registrar_evento(
        cargo, tipo=tipo, inscricao=zeca, ato=Ato(documento="Of. 3", data_do_ato=DATA_DO_ATO), por=rh
    )
    assert [(c["inscricao"], c["vaga"]) for c in registrado.convocados_agora] == [("W", "negros")]
    mudancas = {d["inscricao"]: d["depois"] for d in registrado.resultado.diferencas}
    assert mudancas["Z"] == saida
    assert ("Z" in registrado.resultado.saida["eliminados"]) == (tipo == "anulacao")


def test_listas_saem_na_ordem_do_regime_mesmo_que_o_banco_reordene_as_chaves():
    """No PostgreSQL (jsonb) as chaves voltam ordenadas pelo tamanho: pcd, geral, negros."""
    resultado = services.gerar_resultado(cargo_do_exemplo_da_alternancia(), por=usuario("clerk"))
    saida = {**resultado.saida, "listas": dict(sorted(resultado.saida["listas"].items(), key=lambda kv: len(kv[0])))}
    assert [nome for nome, _ in listas_em_ordem(saida)] == ["geral", "negros", "pcd"]


# ── Escala: leitura em consultas constantes, memória e diferenças ────────────────────────────────


def _cargo_com(inscricoes: int):
    cargo = edital(numero=inscricoes, cargos=(("GM", "Guarda Municipal", 3),)).cargos.select_related("edital").get()
    for indice in range(inscricoes):
        grupos = {"negros": "confirmado", "pcd": "pendente"} if indice % 3 == 0 else {}
        inscricao(cargo, f"{indice:04d}", 90 - indice, grupos=grupos, notas_parciais={"especificos": "40.5"})
    return cargo


@pytest.mark.parametrize("inscricoes", [3, 30])
def test_ler_o_cenario_do_cargo_custa_as_mesmas_consultas_com_3_ou_30_inscricoes(inscricoes, django_assert_num_queries):
    cargo = _cargo_com(inscricoes)
    with django_assert_num_queries(3):  # versão publicada (nenhuma); inscrições com candidato e opções; eventos
        cenario = cenario_do_cargo(cargo)
    assert len(cenario["candidatos"]) == inscricoes


def test_cenario_lido_numa_consulta_traz_opcoes_em_ordem_de_grupo_e_eliminado_por_ultimo():
    cargo = _cargo_com(1)
    cargo.inscricoes.update(situacao="eliminado")
    (candidato,) = cenario_do_cargo(cargo)["candidatos"]
    assert list(candidato) == [
        "inscricao", "nota", "notas", "nascimento", "cor_raca", "grupos", "verificacao", "eliminado"
    ]  # fmt: skip
    assert candidato["grupos"] == ["negros", "pcd"]
    assert candidato["verificacao"] == {"negros": "confirmado", "pcd": "pendente"}
    assert candidato["notas"] == {"especificos": "40.5"}


def test_resultados_do_edital_vem_em_ordem_de_codigo_sem_entradas_na_memoria_e_com_a_saida_gravada():
    criado = edital(cargos=(("PROF", "Professor", 2), ("ADM", "Agente Administrativo", 1)))
    for cargo in criado.cargos.all():
        inscricao(cargo, f"{cargo.codigo}-1", 80)
    resultados = services.gerar_resultados_do_edital(criado, por=usuario("clerk"))
    assert [r.cargo.codigo for r in resultados] == ["ADM", "PROF"]
    assert all(r.get_deferred_fields() == {"cenario", "saida", "diferencas"} for r in resultados)
    assert resultados[0].saida == Resultado.objects.get(pk=resultados[0].pk).saida


def test_o_edital_inteiro_le_de_cada_cargo_as_mesmas_entradas_que_o_cargo_sozinho():
    """O edital lê os candidatos de todos os cargos numa consulta só; cada versão tem de trazer as
    entradas que o cargo gerado sozinho traria: com inscrições (duas opções, notas parciais, jurado,
    eliminado), sem nenhuma inscrição, e publicado (candidatos congelados na publicação, mesmo se o
    banco mudou depois), nesta mistura de ordem de código."""
    criado = edital(cargos=(("B-PUB", "Publicado", 2), ("A-VAZIO", "Sem inscrição", 1), ("C", "Com inscrições", 3)))
    publicado, vazio, com_inscricoes = (
        criado.cargos.select_related("edital").get(codigo=c) for c in ("B-PUB", "A-VAZIO", "C")
    )
    inscricao(publicado, "9", 70)
    rh = usuario("clerk")
    services.publicar_resultado(services.gerar_resultado(publicado, por=rh), por=pode_publicar(usuario("publica")))
    publicado.inscricoes.update(nota=99)  # depois da publicação: o cenário gravado é que vale
    inscricao(com_inscricoes, "2", 80, grupos={"negros": "confirmado", "pcd": "pendente"}, notas_parciais={"a": "40.5"})
    inscricao(com_inscricoes, "1", 75, jurado=True)
    inscricao(com_inscricoes, "3", 60, situacao="eliminado")
    sozinhos = {cargo.pk: cenario_do_cargo(cargo) for cargo in (publicado, vazio, com_inscricoes)}

    resultados = services.gerar_resultados_do_edital(criado, por=rh)

    assert [r.cargo.codigo for r in resultados] == ["A-VAZIO", "B-PUB", "C"]
    assert {r.cargo_id: Resultado.objects.get(pk=r.pk).cenario for r in resultados} == sozinhos
    assert sozinhos[vazio.pk]["candidatos"] == []
    assert [c["nota"] for c in sozinhos[publicado.pk]["candidatos"]] == ["70.000"]  # a nota de antes, não a 99
    assert [c["inscricao"] for c in sozinhos[com_inscricoes.pk]["candidatos"]] == ["1", "2", "3"]
    assert sozinhos[com_inscricoes.pk]["candidatos"][1]["grupos"] == ["negros", "pcd"]


def test_segunda_versao_aponta_so_quem_mudou_inclusive_eliminado_pela_banca():
    cargo = _cargo_com(6)
    rh = usuario("clerk")
    services.gerar_resultado(cargo, por=rh)
    cargo.inscricoes.filter(numero="0001").update(situacao="eliminado")
    segunda = services.gerar_resultado(cargo, por=rh)
    mudancas = {d["inscricao"]: (d["antes"], d["depois"]) for d in segunda.diferencas}
    assert segunda.versao == 2
    assert mudancas == {
        "0001": ("convocado, ampla, 2ª vaga", "eliminado"),
        "0002": ("classificado (geral), não convocado", "convocado, ampla, 2ª vaga"),
    }


def test_entradas_gravadas_sao_as_do_cargo_e_o_hash_confere_com_o_que_ficou_no_banco():
    cargo = _cargo_com(4)
    resultado = services.gerar_resultado(cargo, por=usuario("clerk"))
    gravado = Resultado.objects.get(pk=resultado.pk)
    assert resultado.cenario == gravado.cenario == cenario_do_cargo(cargo)
    assert gravado.hash_das_entradas == hash_do_cenario(gravado.cenario)
