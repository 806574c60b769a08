"""O ciclo de vida dos dados pessoais (LGPD, arts. 15 e 16): terminados a validade do concurso (com a
prorrogação) e o prazo de guarda (``settings.PRAZO_DE_GUARDA_EM_ANOS``, padrão 5 anos — Decreto
20.910/1932, art. 1º), os dados pessoais de quem não foi nomeado são anonimizados em todas as tabelas.

Quem fica, com o motivo (``MOTIVOS_PARA_MANTER``): o nomeado (a nomeação pode ser anulada depois por
declaração falsa, Art. 2º, §1º), quem tem recurso ainda não julgado, revisão sub judice, processo de
apuração ou ação judicial registrada, e quem ainda tem inscrição em concurso dentro do prazo de guarda
(o cadastro da pessoa é um só). Os atos publicados ficam como saíram (registro público). Os registros
congelados (as entradas do motor e as saídas de cada versão do resultado, o registro da sessão de
heteroidentificação que a ata imprime) passam à forma anonimizada; o hash original e o novo ficam no
``TermoDeEliminacao``, impresso em PDF.

A varredura é de todas as tabelas do projeto (``apps.get_models()``, os históricos incluídos): cada
texto, e-mail e JSON em que apareça o nome, o nome social, o CPF (com e sem pontuação, mascarado), o
e-mail ou a data de nascimento de uma pessoa anonimizada recebe ``ANONIMIZADO`` no lugar. O
``concursos`` não importa a ``heteroidentificacao`` (docs/ESTILO.md): as tabelas dela são lidas pelo
registro de apps, como as demais. Os arquivos privados (``MEDIA_ROOT``: a caixa de saída, planilhas
esquecidas) que citam uma pessoa anonimizada são apagados depois da confirmação da transação.

Tudo numa transação; a simulação (``executar=False``) faz o mesmo trabalho e desfaz no fim, para
relatar exatamente o que mudaria.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.db import models, transaction

from comum.busca import para_busca
from comum.canonico import canonico_e_hash
from comum.cpf import formatar_cpf, mascarar_cpf

from ..models import (
    AtoDeConvocacao,
    AtoDeVerificacao,
    AtoPublicado,
    Candidato,
    Edital,
    Evento,
    Inscricao,
    Instituicao,
    OpcaoDeGrupo,
    Resultado,
    TermoDeEliminacao,
)
from ..pdf.termo_de_eliminacao import termo_pdf

ANONIMIZADO = "[anonimizado]"
# Chaves das entradas do motor (``Resultado.cenario``) que são dado pessoal de quem é anonimizado.
CHAVES_PESSOAIS_DO_CENARIO = ("cor_raca", "nascimento", "grupos", "verificacao")

NOMEADO = "nomeado"
RECURSO_ABERTO = "recurso"
SUB_JUDICE = "sub_judice"
APURACAO = "apuracao"
ACAO_JUDICIAL = "acao_judicial"
OUTRO_CONCURSO = "outro_concurso"
MOTIVOS_PARA_MANTER = {
    NOMEADO: "nomeado: a nomeação pode ser anulada por declaração falsa (Lei, Art. 2º, §1º)",
    RECURSO_ABERTO: "recurso contra a heteroidentificação ainda não julgado",
    SUB_JUDICE: "revisão sub judice (decisão judicial não definitiva)",
    APURACAO: "processo de apuração de declaração falsa registrado",
    ACAO_JUDICIAL: "ação judicial registrada (número de processo)",
    OUTRO_CONCURSO: "inscrito em outro concurso ainda no prazo de guarda (o cadastro da pessoa é um só)",
}

# Tabelas que a varredura não altera, e por quê (o teste as confere contra a mesma lista).
MANTIDAS_COMO_ESTAO = {
    AtoDeConvocacao: "ato publicado: registro público, com o PDF e o hash como saíram",
    AtoPublicado: "registro dos atos publicados: imutável, o documento e o hash como saíram",
    TermoDeEliminacao: "o próprio termo: não guarda dado pessoal",
}


class ErroDaEliminacao(Exception):
    pass


@dataclass
class Relatorio:
    """O que a eliminação fez (ou faria, na simulação) num edital."""

    edital: Edital
    fim_da_guarda: date
    executada: bool = False
    pessoas: int = 0
    inscricoes: int = 0
    mantidas: list[dict] = field(default_factory=list)
    registros_congelados: list[dict] = field(default_factory=list)
    arquivos: list[str] = field(default_factory=list)
    linhas: dict[str, int] = field(default_factory=dict)
    termo: TermoDeEliminacao | None = None


class _Simulacao(Exception):
    """Desfaz a transação da simulação."""


def fim_da_guarda(edital: Edital, anos: int | None = None) -> date | None:
    """O último dia da guarda: o fim da validade (com a prorrogação) mais os anos de guarda."""
    fim = edital.fim_da_validade
    if fim is None:
        return None
    anos = settings.PRAZO_DE_GUARDA_EM_ANOS if anos is None else anos
    try:
        return fim.replace(year=fim.year + anos)
    except ValueError:  # 29 de fevereiro
        return fim.replace(year=fim.year + anos, day=28)


def editais_vencidos(hoje: date, anos: int | None = None) -> list[Edital]:
    """Os editais cuja guarda terminou antes de ``hoje``."""
    return [e for e in Edital.objects.order_by("ano", "numero") if (fim := fim_da_guarda(e, anos)) and fim < hoje]


def eliminar_dados_pessoais(edital: Edital, *, por, hoje: date, executar: bool = False, anos=None) -> Relatorio:
    """Anonimiza os dados pessoais dos não nomeados do edital vencido (ver o módulo). Sem
    ``executar``, só relata: faz tudo numa transação e a desfaz."""
    fim = fim_da_guarda(edital, anos)
    if fim is None or fim >= hoje:
        raise ErroDaEliminacao(
            f"O edital {edital} ainda está no prazo de guarda (até {fim:%d/%m/%Y})."
            if fim
            else f"O edital {edital} não tem o prazo de validade informado: não há como contar a guarda."
        )
    relatorio = Relatorio(edital=edital, fim_da_guarda=fim, executada=executar)
    try:
        with transaction.atomic():
            _eliminar(relatorio, editais_em_guarda=_editais_em_guarda(hoje, anos), por=por)
            if not executar:
                raise _Simulacao
    except _Simulacao:
        relatorio.termo = None
    return relatorio


def _editais_em_guarda(hoje: date, anos) -> set[int]:
    return {e.pk for e in Edital.objects.all() if not ((fim := fim_da_guarda(e, anos)) and fim < hoje)}


def _eliminar(relatorio: Relatorio, *, editais_em_guarda: set[int], por) -> None:
    edital = relatorio.edital
    mantidas = motivos_para_manter(edital, editais_em_guarda)
    inscricoes = list(edital.inscricoes.select_related("candidato").order_by("numero"))
    pessoas = {i.candidato_id: i.candidato for i in inscricoes if i.candidato_id not in mantidas}
    anonimizadas = [i for i in inscricoes if i.candidato_id in pessoas]
    relatorio.mantidas = [
        {"inscricao": i.numero, "motivo": MOTIVOS_PARA_MANTER[mantidas[i.candidato_id]]}
        for i in inscricoes
        if i.candidato_id in mantidas
    ]
    relatorio.pessoas, relatorio.inscricoes = len(pessoas), len(anonimizadas)
    if not pessoas:
        return
    marcas = marcas_de(pessoas.values(), _textos_de_quem_fica(pessoas))
    numeros = {i.numero for i in anonimizadas}
    relatorio.registros_congelados = _anonimizar_congelados(edital, numeros, marcas, relatorio.linhas)
    _anonimizar_dados_estruturados(pessoas, [i.pk for i in anonimizadas], relatorio.linhas)
    _varrer_todas_as_tabelas(marcas, relatorio.linhas)
    relatorio.arquivos = _arquivos_que_citam(marcas)
    relatorio.termo = _gravar_termo(relatorio, por)
    arquivos = [Path(settings.MEDIA_ROOT) / nome for nome in relatorio.arquivos]
    transaction.on_commit(lambda: [arquivo.unlink(missing_ok=True) for arquivo in arquivos])


def motivos_para_manter(edital: Edital, editais_em_guarda: set[int]) -> dict[int, str]:
    """Candidato (id) → o motivo para manter os dados dele (o primeiro de ``MOTIVOS_PARA_MANTER``)."""
    Recurso = apps.get_model("heteroidentificacao", "Recurso")
    ProcessoDeApuracao = apps.get_model("heteroidentificacao", "ProcessoDeApuracao")
    do_edital = Inscricao.objects.filter(edital=edital)
    candidatos = do_edital.values("candidato_id")
    consultas = {
        NOMEADO: do_edital.filter(provimento__isnull=False).values_list("candidato_id", flat=True),
        RECURSO_ABERTO: Recurso.objects.filter(
            chamado__inscricao__candidato__in=candidatos, julgamento__isnull=True
        ).values_list("chamado__inscricao__candidato_id", flat=True),
        SUB_JUDICE: _com(Evento, candidatos, sub_judice=True) | _com(AtoDeVerificacao, candidatos, sub_judice=True),
        APURACAO: ProcessoDeApuracao.objects.filter(inscricao__candidato__in=candidatos).values_list(
            "inscricao__candidato_id", flat=True
        ),
        ACAO_JUDICIAL: _com(Evento, candidatos, processo__gt="")
        | _com(AtoDeVerificacao, candidatos, processo__gt="")
        | _com(AtoDeVerificacao, candidatos, origem=AtoDeVerificacao.JUDICIAL),
        OUTRO_CONCURSO: Inscricao.objects.filter(candidato__in=candidatos)
        .exclude(edital=edital)
        .filter(edital__in=editais_em_guarda)
        .values_list("candidato_id", flat=True),
    }
    motivos: dict[int, str] = {}
    for motivo, consulta in consultas.items():
        for candidato in set(consulta):
            motivos.setdefault(candidato, motivo)
    return motivos


def _com(modelo, candidatos, **filtro) -> set[int]:
    return set(
        modelo.objects.filter(inscricao__candidato__in=candidatos, **filtro).values_list(
            "inscricao__candidato_id", flat=True
        )
    )


# ------------------------------------------------------------------ o que se procura


def marcas_de(candidatos, de_quem_fica: str = "") -> re.Pattern | None:
    """A expressão que acha, em qualquer texto, um dado pessoal destas pessoas: nome e nome social
    (com e sem acentos), CPF (só dígitos, formatado e mascarado), e-mail e data de nascimento.
    Fora o que também aparece em ``de_quem_fica`` (os nomes e nascimentos de quem não sai): um nome
    que é parte do nome de outra pessoa, um nascimento no mesmo dia. O cadastro e as entradas do motor
    de quem sai são limpos pela estrutura, não por esta expressão."""
    textos = set()
    for c in candidatos:
        if c.cpf.startswith("A"):  # já anonimizada numa eliminação anterior
            continue
        for nome in (c.nome, c.nome_social):
            if nome.strip():
                textos |= {nome.strip(), para_busca(nome).strip()}
        textos |= {c.cpf, formatar_cpf(c.cpf), mascarar_cpf(c.cpf)}
        if c.email.strip():
            textos.add(c.email.strip())
        if c.nascimento:
            textos |= {c.nascimento.isoformat(), c.nascimento.strftime("%d/%m/%Y")}
    textos = {t for t in textos if len(t) >= 3}
    while textos:
        expressao = _expressao(textos)
        comuns = {achado.lower() for achado in expressao.findall(de_quem_fica)}
        if not comuns:
            return expressao
        textos = {t for t in textos if t.lower() not in comuns}
    return None


def _expressao(textos) -> re.Pattern:
    ordem = sorted(textos, key=len, reverse=True)
    return re.compile(r"(?<![\w@.])(?:" + "|".join(map(re.escape, ordem)) + r")(?![\w@])", re.IGNORECASE)


def _textos_de_quem_fica(pessoas: dict[int, Candidato]) -> str:
    """Nomes (com e sem acentos) e datas de nascimento de quem não é anonimizado, um por linha."""
    textos = []
    for nome, social, nascimento in Candidato.objects.exclude(pk__in=pessoas).values_list(
        "nome", "nome_social", "nascimento"
    ):
        textos += [nome, para_busca(nome), social, para_busca(social)]
        if nascimento:
            textos += [nascimento.isoformat(), nascimento.strftime("%d/%m/%Y")]
    return "\n".join(textos)


def _trocar(valor, marcas: re.Pattern):
    """O valor (texto ou JSON) com cada dado pessoal trocado por ``ANONIMIZADO``; ``None`` se nada mudou."""
    if marcas is None:
        return None
    if isinstance(valor, str):
        novo = marcas.sub(ANONIMIZADO, valor)
        return novo if novo != valor else None
    if valor is None or isinstance(valor, (int, float, bool)):
        return None
    texto = json.dumps(valor, ensure_ascii=False)
    novo = marcas.sub(ANONIMIZADO, texto)
    return json.loads(novo) if novo != texto else None


# ------------------------------------------------------------------ as partes


def _anonimizar_congelados(edital: Edital, numeros: set[str], marcas, linhas: dict) -> list[dict]:
    """As entradas e saídas de cada versão do resultado e o registro de cada sessão do edital, na
    forma anonimizada: o hash original e o novo vão ao termo."""
    congelados = []
    for resultado in Resultado.objects.filter(cargo__edital=edital).order_by("cargo__codigo", "versao"):
        cenario = _cenario_anonimizado(resultado.cenario, numeros)
        cenario = _trocar(cenario, marcas) or cenario
        saida = _trocar(resultado.saida, marcas) or resultado.saida
        diferencas = _trocar(resultado.diferencas, marcas) or resultado.diferencas
        Resultado.objects.filter(pk=resultado.pk).update(cenario=cenario, saida=saida, diferencas=diferencas)
        congelados.append(
            {
                "registro": f"Resultado do cargo {resultado.cargo.codigo}, versão {resultado.versao} (entradas do motor)",
                "hash_original": resultado.hash_das_entradas,
                "hash_anonimizado": canonico_e_hash(cenario)[1],
            }
        )
    Sessao = apps.get_model("heteroidentificacao", "Sessao")
    for sessao in Sessao.objects.filter(comissao__edital=edital, registro__isnull=False).order_by("pk"):
        registro = _trocar(sessao.registro, marcas)
        if registro is None:
            continue
        novo = canonico_e_hash(registro)[1]
        Sessao.objects.filter(pk=sessao.pk).update(registro=registro, hash_do_registro=novo)
        congelados.append(
            {
                "registro": f"Registro da sessão de heteroidentificação nº {sessao.pk} (a ata)",
                "hash_original": sessao.hash_do_registro,
                "hash_anonimizado": novo,
            }
        )
    linhas["registros congelados"] = len(congelados)
    return congelados


def _cenario_anonimizado(cenario: dict, numeros: set[str]) -> dict:
    candidatos = [
        {k: v for k, v in c.items() if k not in CHAVES_PESSOAIS_DO_CENARIO} if c.get("inscricao") in numeros else c
        for c in cenario.get("candidatos", [])
    ]
    return {**cenario, "candidatos": candidatos}


def _anonimizar_dados_estruturados(pessoas: dict[int, Candidato], inscricoes: list[int], linhas: dict) -> None:
    """O cadastro (nome, CPF, nascimento, e-mail), a cor/raça e as opções por grupo (negros, PcD),
    com os seus históricos."""
    for candidato in pessoas.values():
        candidato.nome = f"Pessoa anonimizada nº {candidato.pk}"
        candidato.nome_social, candidato.email, candidato.nascimento = "", "", None
        candidato.cpf = f"A{candidato.pk:010d}"[:11]
    Candidato.objects.bulk_update(list(pessoas.values()), ["nome", "nome_social", "cpf", "nascimento", "email"])
    linhas["cadastros anonimizados"] = len(pessoas)
    linhas["inscrições sem a cor/raça"] = Inscricao.objects.filter(pk__in=inscricoes).update(cor_raca="")
    Inscricao.history.filter(id__in=inscricoes).update(cor_raca="")
    opcoes = OpcaoDeGrupo.objects.filter(inscricao__in=inscricoes)
    linhas["opções por grupo apagadas"] = opcoes.delete()[0]
    # Depois da exclusão: o histórico também guardou a exclusão, com o grupo.
    OpcaoDeGrupo.history.filter(inscricao_id__in=inscricoes).delete()


def _varrer_todas_as_tabelas(marcas: re.Pattern, linhas: dict) -> None:
    """Cada texto e JSON de cada tabela (históricos incluídos, fora ``MANTIDAS_COMO_ESTAO``)."""
    if marcas is None:
        return
    for modelo in apps.get_models():
        if modelo in MANTIDAS_COMO_ESTAO:
            continue
        campos = campos_de_texto(modelo)
        if not campos:
            continue
        alteradas = 0
        for pk, *valores in modelo._base_manager.values_list("pk", *campos).iterator():
            novos = {c: n for c, v in zip(campos, valores, strict=True) if (n := _trocar(v, marcas)) is not None}
            if novos:
                modelo._base_manager.filter(pk=pk).update(**novos)
                alteradas += 1
        if alteradas:
            linhas[str(modelo._meta.verbose_name_plural)] = (
                linhas.get(str(modelo._meta.verbose_name_plural), 0) + alteradas
            )


def campos_de_texto(modelo) -> list[str]:
    """Os campos em que cabe um dado pessoal digitado: textos livres (sem lista de opções) e JSON."""
    return [
        f.attname
        for f in modelo._meta.concrete_fields
        if isinstance(f, (models.CharField, models.TextField, models.JSONField)) and not f.choices and not f.primary_key
    ]


def _arquivos_que_citam(marcas: re.Pattern) -> list[str]:
    """Os arquivos privados (``MEDIA_ROOT``) em que aparece um dado pessoal de quem é anonimizado."""
    raiz = Path(settings.MEDIA_ROOT)
    if marcas is None or not raiz.is_dir():
        return []
    achados = []
    for arquivo in sorted(p for p in raiz.rglob("*") if p.is_file()):
        texto = arquivo.read_bytes().decode("utf-8", errors="ignore")
        if marcas.search(texto):
            achados.append(str(arquivo.relative_to(raiz)))
    return achados


def _gravar_termo(relatorio: Relatorio, por) -> TermoDeEliminacao:
    termo = TermoDeEliminacao(
        edital=relatorio.edital,
        fim_da_guarda=relatorio.fim_da_guarda,
        anonimizadas=relatorio.pessoas,
        inscricoes_anonimizadas=relatorio.inscricoes,
        mantidas=relatorio.mantidas,
        registros_congelados=relatorio.registros_congelados,
        arquivos_apagados=relatorio.arquivos,
        linhas_alteradas=relatorio.linhas,
        executado_por=por,
        pdf=b"",
    )
    termo.save()
    pdf = termo_pdf(termo, Instituicao.atual())
    TermoDeEliminacao.objects.filter(pk=termo.pk).update(pdf=pdf, hash_do_pdf=hashlib.sha256(pdf).hexdigest())
    termo.refresh_from_db()
    return termo
