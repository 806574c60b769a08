"""Fábricas de dados de teste com personas nomeadas. CPFs gerados pelo dígito verificador,
nunca de pessoas reais."""

import itertools
from datetime import date
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from comum.cpf import completar_cpf
from concursos import services
from concursos.atos import Ato
from concursos.models import AtoDeVerificacao, Candidato, Cargo, Inscricao, OpcaoDeGrupo
from cotas.modelo import DECLARACAO_FALSA, PENDENTE

_sequencia = itertools.count(100_000_001)


def cpf_valido() -> str:
    return completar_cpf(f"{next(_sequencia):09d}"[-9:])


def usuario(nome="rh", *, superusuario=False, **extra):
    modelo = get_user_model()
    if superusuario:
        return modelo.objects.create_superuser(nome, f"{nome}@cariacica.test", "senha-de-teste-1", **extra)
    return modelo.objects.create_user(nome, f"{nome}@cariacica.test", "senha-de-teste-1", is_staff=True, **extra)


def pode_publicar(quem):
    """``quem`` com a permissão de publicar resultados (``services.publicar_resultado`` a confere)."""
    quem.user_permissions.add(
        Permission.objects.get(codename="publicar_resultado", content_type__app_label="concursos")
    )
    return type(quem).objects.get(pk=quem.pk)  # sem o cache de permissões do objeto antigo


def edital(
    *, criado_por=None, numero=1, ano=2025, percentual_pcd=None, cargos=(("GM", "Guarda Municipal", 5),), **campos
):
    padrao = {
        "titulo": "Concurso público de teste",
        "tipo": "concurso_publico",
        "publicado_em": date(2025, 3, 10),
        "data_referencia_idade": date(2025, 4, 10),
        "regime": "cariacica-2023",
    }
    padrao.update(campos)
    return services.criar_edital(
        por=criado_por or usuario(f"autor{numero}{ano}"),
        numero=numero,
        ano=ano,
        percentual_pcd=percentual_pcd,
        cargos=cargos,
        **padrao,
    )


def inscricao(cargo: Cargo, numero: str, nota, *, nome=None, grupos=None, cor_raca="", nascimento=None, **campos):
    """Inscrição classificada; ``grupos`` é um dict grupo → situação da verificação (a opção nasce
    pendente e a situação vem de um ato, por ``verificar``)."""
    candidato = Candidato.objects.create(
        nome=nome or f"Candidato {numero}", cpf=cpf_valido(), nascimento=nascimento or date(1990, 1, 1)
    )
    registro = Inscricao.objects.create(
        edital=cargo.edital,
        cargo=cargo,
        candidato=candidato,
        numero=numero,
        nota=Decimal(str(nota)),
        cor_raca=cor_raca or ("parda" if grupos and "negros" in grupos else ""),
        **campos,
    )
    for grupo, situacao in (grupos or {}).items():
        OpcaoDeGrupo.objects.create(inscricao=registro, grupo=grupo)
        if situacao != PENDENTE:
            verificar(registro, grupo, situacao)
    return registro


def origem_de_teste(grupo: str, situacao: str) -> str:
    """A origem que cabe ao grupo e à situação: a apuração para a declaração falsa, a avaliação da
    equipe multiprofissional para a PcD, a comissão para os outros grupos."""
    if situacao == DECLARACAO_FALSA:
        return AtoDeVerificacao.APURACAO if grupo != "pcd" else AtoDeVerificacao.JUDICIAL
    return AtoDeVerificacao.AVALIACAO_PCD if grupo == "pcd" else AtoDeVerificacao.COMISSAO


def verificar(inscricao_: Inscricao, grupo: str, situacao: str, *, por=None, data_do_ato=None):
    """A verificação de teste, pelo caminho de verdade (``services.registrar_verificacao``), com um
    ato da origem que cabe ao grupo, datado da publicação do edital."""
    origem = origem_de_teste(grupo, situacao)
    return services.registrar_verificacao(
        inscricao_,
        grupo,
        situacao,
        origem=origem,
        por=por or inscricao_.edital.criado_por,
        ato=Ato(
            documento=f"Ato de teste ({origem})",
            data_do_ato=data_do_ato or inscricao_.edital.publicado_em,
            processo="0000000-00.2025.8.08.0012" if origem == AtoDeVerificacao.JUDICIAL else "",
        ),
        equipe="Equipe multiprofissional de teste" if origem == AtoDeVerificacao.AVALIACAO_PCD else "",
    )


def cargo_do_exemplo_da_alternancia(vagas=5):
    """O exemplo de docs/REGRAS.md §4: geral A, B, Y, C, D, Z, P, Q; negros Y, Z; pcd P, Q."""
    cargo = edital(cargos=(("GM", "Guarda Municipal", vagas),)).cargos.get()
    for numero, nota in (("A", 95), ("B", 94), ("C", 92), ("D", 91)):
        inscricao(cargo, numero, nota)
    inscricao(cargo, "Y", 93, grupos={"negros": "confirmado"})
    inscricao(cargo, "Z", 80, grupos={"negros": "confirmado"})
    inscricao(cargo, "P", 70, grupos={"pcd": "confirmado"})
    inscricao(cargo, "Q", 60, grupos={"pcd": "confirmado"})
    return cargo
