"""O andarilho das portas do admin (issue 24): cada lista registrada × cada papel da equipe que a
abre × cada campo do modelo (e, um nível adiante, de cada relação) com as consultas de sempre —
``exact``, ``iexact``, ``icontains``, ``contains``, ``startswith``, ``in``, ``isnull``, ``gt``/``lt``,
as chaves dos JSON (``campo__chave``, ``campo__chave__icontains``) e as partes da data e da hora —,
com um valor tirado de uma linha de verdade, que filtraria se fosse aceito. Fora os filtros que a
página oferece àquele papel (os parâmetros dos seus ``list_filter`` e do drill-down de datas), nenhum
pode estreitar a lista: ou a lista recusa (``IncorrectLookupParameters``, ``?e=1``; ou 400), ou sai
igual. Nenhum pode dar erro 500.

As mesmas consultas passam pelas outras portas para os mesmos dados: a exportação de inscrições
(que refaz a lista), o autocompletar do admin (só ``term`` filtra) e a busca de inscrições em JSON
(só ``q`` filtra). E nenhuma busca (``search_fields``) de papel nenhum passa por campo sensível.

Para caber no CI nos dois bancos, a lista é montada como o admin a monta (``get_changelist_instance``,
que executa a contagem e a página), sem o resto da requisição; uma requisição de verdade por lista e
papel confere que a recusa chega ao navegador como a do Django.
"""

import time
from datetime import date, datetime

import pytest
from django.contrib import admin
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import SuspiciousOperation
from django.db import models
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone

from comum.admin import ListaConferida, ParametrosConferidos

pytestmark = pytest.mark.django_db

RECUSAS = (IncorrectLookupParameters, SuspiciousOperation)
CONSULTAS_DE_TEXTO = ("exact", "iexact", "icontains", "contains", "startswith", "in", "gt", "lt")
PARTES_DA_DATA = ("year", "month", "day")
PARTES_DA_HORA = ("hour", "minute", "second")
# Campos que nenhum papel busca, em lista nenhuma: o que as telas escondem de alguém (docs/PAPEIS.md).
SENSIVEIS = {"cor_raca", "voto", "fundamentacao", "antes", "depois", "nascimento", "registro", "password", "grupo"}


def pedido(usuario, parametros=None):
    requisicao = RequestFactory().get("/", parametros or {})
    requisicao.user = usuario or AnonymousUser()
    return requisicao


def papeis(cenario) -> dict:
    return {"RH": cenario.rh, "auditor": cenario.auditor, "superusuário": cenario.superusuario}


def lista(modelo_admin, usuario, parametros=None):
    """A lista como o admin a monta para o papel, com a contagem e a página executadas; as chaves."""
    cl = modelo_admin.get_changelist_instance(pedido(usuario, parametros))
    list(cl.result_list)
    return cl, set(cl.queryset.values_list("pk", flat=True))


def oferecidos(cl) -> set[str]:
    """Os parâmetros que a página oferece: os dos filtros e os do drill-down de datas."""
    nomes = set()
    for especificacao in cl.filter_specs:
        nomes |= set(especificacao.expected_parameters())
    if cl.date_hierarchy:
        nomes |= {f"{cl.date_hierarchy}__{parte}" for parte in PARTES_DA_DATA}
    return nomes


def como_texto(valor) -> str:
    if isinstance(valor, datetime):
        return timezone.localtime(valor).isoformat() if timezone.is_aware(valor) else valor.isoformat()
    if isinstance(valor, date):
        return valor.isoformat()
    if isinstance(valor, models.Model):
        return str(valor.pk)
    return str(valor)


def consultas_do_campo(caminho: str, campo, valor) -> list[tuple[str, str]]:
    """As consultas usuais de um campo, com o valor de uma linha de verdade."""
    if valor is None or valor == "" or valor == {} or valor == []:
        return [(f"{caminho}__isnull", "False")]
    consultas = [(f"{caminho}__isnull", "False")]
    if isinstance(campo, models.JSONField):
        texto = str(valor)
        consultas += [(f"{caminho}__icontains", texto[:6]), (f"{caminho}__contains", texto[:6])]
        if isinstance(valor, dict):
            for chave, dentro in list(valor.items())[:3]:
                consultas += [
                    (f"{caminho}__{chave}", como_texto(dentro)),
                    (f"{caminho}__{chave}__icontains", str(dentro)[:6]),
                ]
        return consultas
    texto = como_texto(valor)
    consultas += [(f"{caminho}__{consulta}", texto) for consulta in CONSULTAS_DE_TEXTO]
    consultas.append((caminho, texto))
    if isinstance(campo, models.DateTimeField):
        local = timezone.localtime(valor) if timezone.is_aware(valor) else valor
        consultas += [(f"{caminho}__{parte}", str(getattr(local, parte))) for parte in PARTES_DA_DATA + PARTES_DA_HORA]
    elif isinstance(campo, models.DateField):
        consultas += [(f"{caminho}__{parte}", str(getattr(valor, parte))) for parte in PARTES_DA_DATA]
    return consultas


def campos_diretos(modelo):
    return [c for c in modelo._meta.get_fields() if c.concrete and not c.is_relation]


def relacoes(modelo):
    """Chaves estrangeiras (para a frente) e relações de volta (``inscricao.opcoes``), um nível."""
    return [c for c in modelo._meta.get_fields() if c.is_relation and (c.many_to_one or c.one_to_many or c.one_to_one)]


def valor_que_filtra(linhas, nome: str):
    """O valor do campo numa linha, de preferência um que nem todas as linhas têm (filtraria)."""
    valores = [getattr(linha, nome, None) for linha in linhas]
    presentes = [v for v in valores if v not in (None, "", {}, [])]
    if not presentes:
        return None
    diferentes = [v for v in presentes if valores.count(v) < len(valores)]
    return (diferentes or presentes)[0]


def consultas_da_lista(modelo_admin, usuario) -> list[tuple[str, str]]:
    """Todas as consultas que o andarilho tenta numa lista, com valores das linhas que o papel vê."""
    linhas = list(modelo_admin.get_queryset(pedido(usuario)).order_by("pk")[:50])
    if not linhas:
        return []
    consultas = []
    for campo in campos_diretos(modelo_admin.model):
        consultas += consultas_do_campo(campo.name, campo, valor_que_filtra(linhas, campo.attname))
    for relacao in relacoes(modelo_admin.model):
        relacionados = _relacionados(relacao, linhas)
        for campo in campos_diretos(relacao.related_model):
            valor = valor_que_filtra(relacionados, campo.attname)
            if valor is not None:
                caminho = f"{relacao.name}__{campo.name}"
                consultas += [(caminho, como_texto(valor)), (f"{caminho}__icontains", como_texto(valor)[:6])]
    return consultas


def _relacionados(relacao, linhas) -> list:
    if relacao.many_to_one or (relacao.one_to_one and relacao.concrete):
        return [r for r in (getattr(linha, relacao.name, None) for linha in linhas) if r is not None]
    modelo = relacao.related_model
    return list(modelo._default_manager.filter(**{f"{relacao.field.name}__in": linhas}).order_by("pk")[:50])


def andar(modelo_admin, usuario, consultas, base: set, permitidos: set) -> list[str]:
    problemas = []
    for chave, valor in consultas:
        if chave in permitidos:
            continue
        try:
            _, achadas = lista(modelo_admin, usuario, {chave: valor})
        except RECUSAS:
            continue
        except Exception as erro:  # o admin responderia 500
            problemas.append(f"{chave}={valor!r}: erro {type(erro).__name__}: {str(erro)[:120]}")
            continue
        if achadas != base:
            problemas.append(f"{chave}={valor!r}: a lista filtrou ({len(achadas)} de {len(base)} linhas)")
    return problemas


def listas_abertas(cenario):
    """(modelo_admin, papel, usuário) de cada lista registrada que o papel abre."""
    for modelo, modelo_admin in admin.site._registry.items():
        for papel, usuario in papeis(cenario).items():
            if modelo_admin.has_view_or_change_permission(pedido(usuario)):
                yield modelo, modelo_admin, papel, usuario


def test_o_andarilho_nao_estreita_lista_nenhuma_por_filtro_que_a_pagina_nao_oferece(cenario_das_portas):
    inicio = time.monotonic()
    problemas, tentativas, sem_linhas = [], 0, []
    for modelo, modelo_admin, papel, usuario in listas_abertas(cenario_das_portas):
        cl, base = lista(modelo_admin, usuario)
        consultas = consultas_da_lista(modelo_admin, usuario)
        if len(base) < 2:
            sem_linhas.append(f"{modelo._meta.label_lower} ({papel})")
        tentativas += len(consultas)
        rotulo = f"{modelo._meta.label_lower} ({papel})"
        problemas += [f"{rotulo} {p}" for p in andar(modelo_admin, usuario, consultas, base, oferecidos(cl))]
    assert not problemas, "\n".join(problemas)
    assert tentativas > 2000, tentativas  # o andarilho andou de verdade
    print(f"\n{tentativas} consultas em {time.monotonic() - inicio:.1f} s")
    # Numa lista vazia (ou de uma linha só) nada estreita: o andarilho só conferiria recusas e erros 500.
    assert not sem_linhas, f"listas com menos de duas linhas no cenário: {sorted(set(sem_linhas))}"


def test_a_recusa_chega_ao_navegador_como_a_do_django_e_nunca_como_erro_500(cenario_das_portas):
    problemas = []
    for modelo, modelo_admin, papel, usuario in listas_abertas(cenario_das_portas):
        consultas = [c for c in consultas_da_lista(modelo_admin, usuario) if c[0].endswith("__isnull")][:1]
        if not consultas:
            continue
        cliente = Client(raise_request_exception=False)
        cliente.force_login(usuario)
        url = reverse(f"admin:{modelo._meta.app_label}_{modelo._meta.model_name}_changelist")
        resposta = cliente.get(url, dict(consultas))
        recusada = resposta.status_code == 400 or (resposta.status_code == 302 and resposta["Location"].endswith("e=1"))
        if not recusada:
            problemas.append(f"{url} ({papel}) {consultas}: {resposta.status_code}")
    assert not problemas, "\n".join(problemas)


def test_a_exportacao_de_inscricoes_so_filtra_pelo_que_a_lista_oferece(cenario_das_portas):
    modelo_admin = admin.site._registry[cenario_das_portas.cargo.inscricoes.model]
    problemas = []
    for papel, usuario in papeis(cenario_das_portas).items():
        if not modelo_admin.has_export_permission(pedido(usuario)):
            continue
        base = set(modelo_admin.get_export_queryset(pedido(usuario)).values_list("pk", flat=True))
        permitidos = oferecidos(lista(modelo_admin, usuario)[0])
        for chave, valor in consultas_da_lista(modelo_admin, usuario):
            if chave in permitidos:
                continue
            try:
                achadas = set(
                    modelo_admin.get_export_queryset(pedido(usuario, {chave: valor})).values_list("pk", flat=True)
                )
            except RECUSAS:
                continue
            if achadas != base:
                problemas.append(f"exportação ({papel}) {chave}={valor!r}: filtrou")
    assert not problemas, "\n".join(problemas)


def test_o_autocompletar_so_filtra_pelo_termo(cenario_das_portas):
    """Cada chave estrangeira de um modelo registrado para outro com busca: outros parâmetros na URL
    não mudam as sugestões."""
    problemas, clientes, consultas = [], {}, {}
    for papel, usuario in papeis(cenario_das_portas).items():
        clientes[papel] = Client(raise_request_exception=False)
        clientes[papel].force_login(usuario)
    for modelo in admin.site._registry:
        for campo in modelo._meta.get_fields():
            alvo = admin.site._registry.get(getattr(campo, "related_model", None))
            if not (campo.many_to_one and campo.concrete) or alvo is None:
                continue
            for papel, usuario in papeis(cenario_das_portas).items():
                if not alvo.get_search_fields(pedido(usuario)) or not alvo.has_view_permission(pedido(usuario)):
                    continue
                # Todas as consultas (uma em cada cinco) no primeiro campo que leva ao alvo; nos outros,
                # que só mudam o ``limit_choices_to``, uma.
                primeiro = (alvo, papel) not in consultas
                if primeiro:
                    consultas[alvo, papel] = consultas_da_lista(alvo, usuario)[::5]
                origem = {"app_label": modelo._meta.app_label, "model_name": modelo._meta.model_name}
                origem |= {"field_name": campo.name, "term": ""}
                base = clientes[papel].get(reverse("admin:autocomplete"), origem)
                for chave, valor in consultas[alvo, papel] if primeiro else consultas[alvo, papel][:1]:
                    resposta = clientes[papel].get(reverse("admin:autocomplete"), {**origem, chave: valor})
                    if resposta.status_code != base.status_code or resposta.content != base.content:
                        problemas.append(f"autocompletar {modelo._meta.label_lower}.{campo.name} ({papel}) {chave}")
    assert not problemas, "\n".join(problemas)


def test_nenhuma_busca_passa_por_campo_sensivel(cenario_das_portas):
    problemas = []
    for modelo, modelo_admin, papel, usuario in listas_abertas(cenario_das_portas):
        for busca in modelo_admin.get_search_fields(pedido(usuario)):
            partes = set(busca.lstrip("=^@").split("__"))
            if partes & SENSIVEIS:
                problemas.append(f"{modelo._meta.label_lower} ({papel}): busca por {busca}")
    assert not problemas, "\n".join(problemas)


def test_a_busca_de_inscricoes_em_json_so_filtra_por_q(cenario_das_portas):
    cargo = cenario_das_portas.cargo
    url = reverse("concursos:buscar_inscricoes", args=[cargo.pk])
    cliente = Client(raise_request_exception=False)
    cliente.force_login(cenario_das_portas.rh)
    base = cliente.get(url, {"q": "Candidato"}).json()
    assert base["resultados"]
    modelo_admin = admin.site._registry[cargo.inscricoes.model]
    problemas = []
    for chave, valor in consultas_da_lista(modelo_admin, cenario_das_portas.rh):
        resposta = cliente.get(url, {"q": "Candidato", chave: valor})
        if resposta.status_code != 200 or resposta.json() != base:
            problemas.append(f"{chave}={valor!r}")
    for sensivel in ("parda", "preta", "negros", "pcd", "nao_confirma"):  # cor/raça, grupo, voto
        if cliente.get(url, {"q": sensivel}).json()["resultados"]:
            problemas.append(f"q={sensivel} achou inscrições")
    assert not problemas, "\n".join(problemas)


def test_todo_admin_registrado_usa_a_lista_conferida_e_nao_mostra_contagem_por_filtro(cenario_das_portas):
    fora = [
        modelo._meta.label_lower
        for modelo, modelo_admin in admin.site._registry.items()
        if not isinstance(modelo_admin, ParametrosConferidos)
        or not issubclass(modelo_admin.get_changelist(pedido(cenario_das_portas.superusuario)), ListaConferida)
        or modelo_admin.show_facets != admin.ShowFacets.NEVER
    ]
    assert fora == []
