"""A varredura dos testes da eliminação (``services.eliminacao``): procura, em TODAS as tabelas
(``apps.get_models()``, os históricos do django-simple-history incluídos), cada texto, JSON e
arquivo, um dado pessoal das pessoas que deviam ter sido anonimizadas. Escrita à parte do serviço:
não usa a expressão dele.

O que pode continuar a citar essas pessoas, e por quê, está em ``MANTIDO_E_POR_QUE``."""

import json
import re

from django.apps import apps
from django.db import models

from comum.busca import para_busca
from comum.cpf import formatar_cpf, mascarar_cpf
from concursos.models import AtoDeConvocacao, AtoPublicado

MANTIDO_E_POR_QUE = {
    AtoDeConvocacao: "ato publicado (o edital de convocação): registro público, fica como saiu",
    AtoPublicado: "registro dos atos publicados: imutável, o documento e o hash como saíram",
}


def retrato(pessoas) -> dict:
    """O que se procura de cada pessoa (lido antes da eliminação): nome, nome social, CPF (dígitos,
    formatado, mascarado), e-mail, nascimento (ISO e dd/mm/aaaa)."""
    marcas = {}
    for c in pessoas:
        textos = {c.nome, para_busca(c.nome), c.cpf, formatar_cpf(c.cpf), mascarar_cpf(c.cpf)}
        textos |= {c.nome_social, para_busca(c.nome_social), c.email} - {""}
        if c.nascimento:
            textos |= {c.nascimento.isoformat(), c.nascimento.strftime("%d/%m/%Y")}
        marcas[c.pk] = {t.lower() for t in textos if t.strip()}
    return marcas


def textos_de_todas_as_tabelas() -> dict[str, str]:
    """Rótulo da tabela → todo o texto dela (campos de texto, JSON e arquivos), em minúsculas."""
    tabelas = {}
    for modelo in apps.get_models():
        if modelo in MANTIDO_E_POR_QUE:
            continue
        campos = [
            f.attname
            for f in modelo._meta.concrete_fields
            if isinstance(f, (models.CharField, models.TextField, models.JSONField, models.FileField))
        ]
        if not campos:
            continue
        partes = []
        for linha in modelo._base_manager.values_list(*campos):
            for valor in linha:
                partes.append(valor if isinstance(valor, str) else json.dumps(valor, ensure_ascii=False))
        tabelas[modelo._meta.label] = "\n".join(partes).lower()
    return tabelas


def achados(marcas: dict, de_quem_fica: str) -> list[str]:
    """Cada (tabela, dado) de uma pessoa anonimizada ainda guardado. Fora o que também é de quem fica
    (um nome que é parte do nome de outra pessoa mantida, o mesmo nascimento): o texto não diz de quem é."""
    tabelas = textos_de_todas_as_tabelas()
    encontrados = []
    for textos in marcas.values():
        for texto in textos:
            expressao = re.compile(r"(?<![\w@.])" + re.escape(texto) + r"(?![\w@])")
            if expressao.search(de_quem_fica.lower()):
                continue
            encontrados += [f"{tabela}: {texto}" for tabela, tudo in tabelas.items() if expressao.search(tudo)]
    return encontrados


def de_quem_fica(mantidos) -> str:
    partes = []
    for c in mantidos:
        partes += [c.nome, para_busca(c.nome), c.nome_social, para_busca(c.nome_social)]
        if c.nascimento:
            partes += [c.nascimento.isoformat(), c.nascimento.strftime("%d/%m/%Y")]
    return "\n".join(partes)
