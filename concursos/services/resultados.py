"""Ações do RH sobre editais, resultados e eventos: cada uma numa transação, registrando quem agiu.

As regras estão em ``cotas``; aqui só se carregam as linhas, chama-se o motor e grava-se a saída.
Se o motor recusa a entrada (``cotas.ErroDeCotas``), a transação é desfeita e nada fica gravado.
O que se confere num ato antes de gravá-lo (datas, validade, revisões) está em ``atos.py``.
"""

import json
from dataclasses import dataclass
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

import cotas
from comum.coleta import sem_coleta_de_ciclos
from comum.validacao import validar_texto
from cotas.eventos import SAI_DAS_LISTAS, TIPOS_DE_EVENTO
from cotas.modelo import DESISTENCIA, NOTA, VERIFICACAO

from ..adapters import cenario_do_cargo, cenario_para_gravar, evento_do_cenario
from ..atos import (
    conferir_data_do_ato,
    conferir_diario_oficial,
    conferir_nota,
    conferir_origem,
    conferir_prorrogacao,
    conferir_revisao,
    situacao_no_cenario,
)
from ..diario_oficial import DiarioOficial
from ..diferencas import diferencas
from ..fases import fase
from ..models import (
    COMO_MUDAR_A_VERIFICACAO,
    AtoDeVerificacao,
    Cargo,
    Edital,
    Evento,
    Inscricao,
    OpcaoDeGrupo,
    Resultado,
)


def congelar_parametros(edital: Edital, *, percentual_pcd: Decimal | None = None) -> None:
    """Copia no edital os parâmetros do regime escolhido (docs/REGRAS.md §1), com o que a lei deixa ao
    edital: o percentual PcD (de 5% a 20%). Só na criação: o edital nunca muda depois."""
    if edital.parametros_do_regime:
        raise ValidationError("Os parâmetros do regime deste edital já foram congelados.")
    regime = cotas.regime_pre_definido(edital.regime)
    pcd = regime.grupo_de_percentual_do_edital
    if percentual_pcd is not None and pcd is not None:
        minimo, maximo = pcd.faixa_do_edital
        if not minimo <= Decimal(percentual_pcd) <= maximo:
            raise ValidationError({"percentual_pcd": f"O percentual PcD deve ficar entre {minimo}% e {maximo}%."})
        regime, _ = cotas.com_parametros(regime, {pcd.grupo: {"percentual": str(percentual_pcd)}})
    edital.parametros_do_regime = cotas.regime_para_dict(regime)


@transaction.atomic
def criar_edital(*, criado_por, percentual_pcd: Decimal | None = None, cargos=(), **campos) -> Edital:
    """Cria o edital com os parâmetros do regime congelados e, opcionalmente, seus cargos."""
    edital = Edital(criado_por=criado_por, **campos)
    congelar_parametros(edital, percentual_pcd=percentual_pcd)
    edital.full_clean()
    edital.save()
    for codigo, nome, vagas in cargos:
        Cargo.objects.create(edital=edital, codigo=codigo, nome=nome, vagas=vagas)
    return edital


def quadro_do_cargo(cargo: Cargo) -> cotas.Quadro:
    """Quadro de vagas do cargo pelos parâmetros congelados do edital (Art. 1º, §4º)."""
    edital = cargo.edital
    regime = edital.regime_congelado()
    return cotas.quadro_de_vagas(cargo.vagas, regime, cotas.grupos_aplicaveis(regime, edital.edital_do_motor()))


@transaction.atomic
def gerar_resultado(
    cargo: Cargo, *, gerado_por, motivo: str = "", evento: Evento | None = None, processamento=None
) -> Resultado:
    """Nova versão do resultado do cargo, com as entradas, o hash e o que mudou desde a anterior;
    ``processamento`` liga a versão ao pedido em segundo plano que a gerou.

    Dois "Gerar resultado" ao mesmo tempo (dois cliques, duas abas, a tela e o trabalhador): a trava
    do cargo põe um atrás do outro, e o segundo, se a versão que o primeiro acabou de gravar tem as
    mesmas entradas e a mesma saída, devolve essa versão (com ``sem_mudanca``) em vez de uma cópia."""
    vista = _ultimas_versoes([cargo.pk]).get(cargo.pk)  # antes da trava: o que já estava gravado
    cargo = Cargo.objects.select_for_update().select_related("edital").get(pk=cargo.pk)
    with sem_coleta_de_ciclos():
        return _gerar(
            cargo, gerado_por=gerado_por, motivo=motivo, evento=evento, processamento=processamento, vista=vista
        )


def _ultimas_versoes(cargos) -> dict[int, int]:
    """cargo → id da última versão gravada (confirmada), lida sem trava (as versões crescem com o id)."""
    ultimas = Resultado.objects.filter(cargo__in=cargos).values("cargo").annotate(ultima=Max("pk"))
    return {linha["cargo"]: linha["ultima"] for linha in ultimas.order_by()}


def _gerar(cargo: Cargo, *, gerado_por, motivo: str, evento: Evento | None, processamento, vista=None) -> Resultado:
    """O corpo de ``gerar_resultado``, com o cargo já travado (``select_for_update``) pela transação;
    ``vista``: a última versão que havia antes da trava (outra mais nova foi gravada enquanto se esperava)."""
    with fase("leitura"):
        cenario = cenario_do_cargo(cargo)
        # Só a saída e o número da versão anterior: as entradas dela (o maior campo) não interessam.
        anteriores = Resultado.objects.filter(cargo=cargo).order_by("-versao")
        ultima = anteriores.values_list("versao", "saida", "hash_das_entradas", "pk").first()
        versao, anterior, hash_anterior, pk_anterior = ultima or (0, None, None, None)
    with fase("motor"):
        do_motor = cotas.simular(modelo := cotas.ler_cenario(cenario))
        saida = cotas.resultado_para_dict(do_motor, modelo)
    with fase("gravação"):
        entradas, hash_das_entradas = cenario_para_gravar(cenario)
        recem_gravada = pk_anterior is not None and pk_anterior != vista
        if evento is None and recem_gravada and hash_das_entradas == hash_anterior and _mesma_saida(saida, anterior):
            repetida = Resultado.objects.select_related("cargo").get(pk=pk_anterior)
            repetida.sem_mudanca = True
            return repetida
        resultado = Resultado.objects.create(
            cargo=cargo,
            versao=versao + 1,
            status=Resultado.PREVIA if saida["provisorio"] else Resultado.FINAL,
            cenario=entradas,
            saida=saida,
            hash_das_entradas=hash_das_entradas,
            diferencas=diferencas(None if anterior is None else cotas.resultado_de_dict(anterior), do_motor),
            provisorio=saida["provisorio"],
            motivo=motivo[:200],
            evento=evento,
            processamento=processamento,
            gerado_por=gerado_por,
        )
    resultado.cenario = cenario  # quem recebe a versão vê o dicionário, não a expressão do INSERT
    resultado.sem_mudanca = False
    return resultado


def _mesma_saida(saida: dict, gravada: dict | None) -> bool:
    """A saída do motor é a gravada? Comparada como JSON (tuplas viram listas, a ordem das chaves não conta)."""
    return gravada is not None and json.loads(json.dumps(saida, cls=DjangoJSONEncoder)) == gravada


def gerar_resultados_do_edital(edital: Edital, *, gerado_por, motivo: str = "") -> list[Resultado]:
    """Gera todos os cargos numa só transação: ou todos, ou nenhum.

    Devolve as versões sem as entradas, a saída e as diferenças (carregadas do banco só se alguém
    as pedir): num edital grande, guardar tudo de todos os cargos na memória até o fim passaria
    de 1 GiB."""
    with transaction.atomic():
        vistas = _ultimas_versoes(Cargo.objects.filter(edital=edital).values("pk"))  # antes da trava
        # Trava todos os cargos numa consulta (em ordem de código, como antes um a um).
        cargos = Cargo.objects.select_for_update().filter(edital=edital).select_related("edital").order_by("codigo")
        with sem_coleta_de_ciclos():
            gerados = [
                (r.pk, r.sem_mudanca)
                for r in (
                    _gerar(
                        cargo,
                        gerado_por=gerado_por,
                        motivo=motivo,
                        evento=None,
                        processamento=None,
                        vista=vistas.get(cargo.pk),
                    )
                    for cargo in cargos
                )
            ]
        por_id = Resultado.objects.defer("cenario", "saida", "diferencas").select_related("cargo")
        por_id = por_id.in_bulk([pk for pk, _ in gerados])
        for pk, sem_mudanca in gerados:
            por_id[pk].sem_mudanca = sem_mudanca
        return [por_id[pk] for pk, _ in gerados]


@transaction.atomic
def publicar_resultado(
    resultado: Resultado, *, publicado_por, diario_oficial: DiarioOficial | None = None
) -> Resultado:
    """Publica a versão com a referência no Diário Oficial (edição, data e página, conferidas por
    ``atos.conferir_diario_oficial``), gravada junto; recusa resultado provisório (pendências ou
    empates) e versão superada. As telas e o comando sempre exigem a referência; sem ela (``None``) só publicam
    os testes e os dados de carga, que não falam de Diário Oficial."""
    resultado = Resultado.objects.select_for_update().select_related("cargo").get(pk=resultado.pk)
    if resultado.provisorio:
        pendencias = ", ".join(resultado.saida_do_motor.pendencias) or "nenhuma"
        empates = "; ".join(", ".join(g) for g in resultado.saida_do_motor.empates) or "nenhum"
        raise ValidationError(
            f"O resultado de {resultado.cargo.nome} é provisório e não pode ser publicado. "
            f"Verificações pendentes: {pendencias}. Empates sem sorteio: {empates}."
        )
    if resultado.cargo.resultados.filter(versao__gt=resultado.versao).exists():
        raise ValidationError("Há uma versão mais nova deste resultado; publique a mais recente.")
    if resultado.status == Resultado.PUBLICADO:
        raise ValidationError("Esta versão já está publicada.")
    referencia = (
        {} if diario_oficial is None else conferir_diario_oficial(diario_oficial, resultado).campos_do_resultado()
    )
    Resultado.objects.filter(pk=resultado.pk).update(
        status=Resultado.PUBLICADO, publicado_por=publicado_por, publicado_em=timezone.now(), **referencia
    )
    resultado.refresh_from_db()
    return resultado


@dataclass(frozen=True)
class EventoRegistrado:
    evento: Evento
    resultado: Resultado
    # Quantos eventos do mesmo lote vieram depois deste na versão (correções de nota de uma
    # reimportação geram uma versão só, ligada ao último evento do lote).
    depois_no_lote: int = 0

    @property
    def numero(self) -> int | None:
        """Número do evento no cenário; uma reversão não é evento do motor."""
        if self.evento.tipo == "reversao":
            return None
        return len(self.resultado.cenario["eventos"]) - self.depois_no_lote

    @property
    def convocados_agora(self) -> list[dict]:
        """Quem o evento convoca, em ordem de posição, com o motivo na lei."""
        return [c for c in self.resultado.saida["convocacoes"] if c["evento"] == self.numero]

    @property
    def reclassificados_agora(self) -> list[dict]:
        return [r for r in self.resultado.saida["reclassificacoes"] if r["evento"] == self.numero]

    @property
    def mantidos_agora(self) -> list:
        """Convocados que a revisão deixou fora dos vencedores e que mantêm a vaga e a posição
        (docs/REGRAS.md §8), como ``cotas.modelo.Mantido``."""
        return [m for m in self.resultado.saida_do_motor.mantidos if m.evento == self.numero]


def evento_registrado(evento: Evento) -> EventoRegistrado | None:
    """O evento com a versão que ele gerou. Um lote (as correções de nota de uma reimportação) gera
    uma versão só, ligada ao último evento dele: os outros do lote a acham pelo número."""
    resultado = Resultado.objects.filter(evento=evento).first()
    if resultado is not None or evento.tipo == "reversao":
        return EventoRegistrado(evento, resultado) if resultado is not None else None
    resultado = Resultado.objects.filter(cargo=evento.cargo_id, evento__gt=evento.pk).order_by("versao").first()
    if resultado is None:
        return None
    depois = Evento.objects.filter(cargo=evento.cargo_id, pk__gt=evento.pk, pk__lte=resultado.evento_id)
    return EventoRegistrado(evento, resultado, depois.exclude(tipo="reversao").count())


@transaction.atomic
def registrar_evento(cargo: Cargo, *, tipo: str, registrado_por, **campos) -> EventoRegistrado:
    """Registra o evento e gera a nova versão do resultado, numa transação só.

    ``campos``: ``documento`` e ``data_do_ato`` (obrigatórios), ``motivo``, ``diario_oficial``,
    ``inscricao`` ou ``quantidade`` e, nas revisões (docs/REGRAS.md §8), ``grupo`` e ``situacao``
    (verificação) ou ``nota`` e ``notas_parciais`` (nota), com ``sub_judice`` e ``processo``.
    Aqui se conferem a data (``atos.conferir_data_do_ato``) e a revisão; o motor confere o resto (não
    posse de quem não foi convocado, revisão de quem já saiu). Qualquer recusa é ``ValidationError``
    e nada fica gravado: nem o evento, nem a versão.

    A revisão de verificação não se registra por aqui: vem de um ato (``registrar_verificacao``)."""
    if tipo == VERIFICACAO:
        raise ValidationError(
            {"tipo": f"A revisão de verificação não é um evento digitado: {COMO_MUDAR_A_VERIFICACAO}"}
        )
    return _registrar_evento(cargo, tipo, registrado_por, campos)


def _registrar_evento(cargo: Cargo, tipo: str, registrado_por, campos: dict) -> EventoRegistrado:
    # A trava do cargo vem antes da conferência: dois eventos simultâneos não conferem o mesmo cenário.
    cargo = Cargo.objects.select_for_update().select_related("edital").get(pk=cargo.pk)
    evento, _ = _evento_conferido(cargo, tipo, registrado_por, campos)
    evento.save()
    try:
        resultado = gerar_resultado(cargo, gerado_por=registrado_por, motivo=f"Evento: {evento}", evento=evento)
    except cotas.ErroDeCotas as erro:
        raise ValidationError(f"O motor de cotas recusou o evento: {erro}") from erro
    return EventoRegistrado(evento, resultado)


def prever_evento(cargo: Cargo, *, tipo: str, **campos) -> cotas.Resultado:
    """O resultado que o evento daria (o cenário vigente mais ele), sem gravar nada: a tela de
    confirmação mostra quem será convocado, quem muda, quem é mantido e quem sai."""
    return prever(cargo, tipo=tipo, **campos)[0]


def prever(cargo: Cargo, *, tipo: str, registrado_por=None, **campos) -> tuple[cotas.Resultado, int]:
    """``prever_evento`` e o número que o evento terá no cenário (o último)."""
    evento, cenario = _evento_conferido(cargo, tipo, registrado_por, campos, com_cenario=True)
    cenario["eventos"].append(_do_cenario(evento))
    try:
        return cotas.simular(cotas.ler_cenario(cenario)), len(cenario["eventos"])
    except cotas.ErroDeCotas as erro:
        raise ValidationError(f"O motor de cotas recusaria o evento: {erro}") from erro


def _do_cenario(evento: Evento) -> dict:
    return evento_do_cenario(
        evento.tipo,
        evento.quantidade,
        evento.inscricao.numero if evento.inscricao_id else None,
        evento.grupo,
        evento.situacao,
        evento.nota,
        evento.notas_parciais,
        evento.sub_judice,
        evento.documento,
        evento.data_do_ato,
    )


def _evento_conferido(cargo: Cargo, tipo: str, registrado_por, campos: dict, *, com_cenario=False):
    """O evento montado e conferido, ainda não gravado, e o cenário vigente (lido só se preciso)."""
    campos = dict(campos)
    desconhecidos = set(campos) - CAMPOS_DO_EVENTO
    if desconhecidos:
        raise TypeError(f"Campos desconhecidos no evento: {', '.join(sorted(desconhecidos))}")
    tipo_de_evento = TIPOS_DE_EVENTO.get(tipo)
    if tipo_de_evento is None:
        raise ValidationError({"tipo": f"Tipo de evento desconhecido: {tipo!r}."})
    documento = (campos.get("documento") or "").strip()
    if not documento:
        raise ValidationError({"documento": "Informe o número do documento que fundamenta o evento."})
    inscricao = campos.get("inscricao")
    if tipo_de_evento.carrega_quantidade and not campos.get("quantidade"):
        raise ValidationError({"quantidade": "Informe quantas vagas novas surgiram."})
    if not tipo_de_evento.carrega_quantidade and inscricao is None:
        raise ValidationError({"inscricao": f"Escolha a inscrição do evento ({tipo_de_evento.rotulo.lower()})."})
    if inscricao is not None and inscricao.cargo_id != cargo.pk:
        raise ValidationError({"inscricao": f"A inscrição {inscricao.numero} não é deste cargo."})
    conferir_data_do_ato(cargo.edital, campos.get("data_do_ato"))
    revisao = tipo_de_evento.revisao
    nota = conferir_nota(campos.get("nota")) if tipo == NOTA else None
    evento = Evento(
        cargo=cargo,
        tipo=tipo,
        inscricao=inscricao,
        quantidade=campos.get("quantidade"),
        documento=documento,
        motivo=validar_texto(campos.get("motivo") or "", rotulo="motivo", campo="motivo"),
        data_do_ato=campos["data_do_ato"],
        diario_oficial=(campos.get("diario_oficial") or "").strip(),
        grupo=(campos.get("grupo") or "") if tipo == VERIFICACAO else "",
        situacao=(campos.get("situacao") or "") if tipo == VERIFICACAO else "",
        nota=nota,
        notas_parciais=_notas_parciais(campos.get("notas_parciais")) if tipo == NOTA else {},
        sub_judice=bool(campos.get("sub_judice")) and revisao,
        processo=(campos.get("processo") or "").strip() if revisao else "",
        registrado_por=registrado_por,
    )
    evento.full_clean(exclude=["registrado_por"] if registrado_por is None else None)
    cenario = None
    if revisao or com_cenario:
        cenario = cenario_do_cargo(cargo)
        numero = inscricao.numero if inscricao is not None else None
        conferir_revisao(cenario, tipo, numero, grupo=evento.grupo, situacao=evento.situacao, nota=nota)
    return evento, cenario


CAMPOS_DO_EVENTO = {
    "documento",
    "data_do_ato",
    "motivo",
    "diario_oficial",
    "inscricao",
    "quantidade",
    "grupo",
    "situacao",
    "nota",
    "notas_parciais",
    "sub_judice",
    "processo",
}


def _notas_parciais(notas) -> dict:
    """Notas parciais corrigidas: um objeto campo → número; guardadas como texto."""
    if notas in (None, "", {}):
        return {}
    if not isinstance(notas, dict):
        raise ValidationError({"notas_parciais": 'Informe um objeto, por exemplo {"conhecimentos_especificos": "40"}.'})
    lidas = {}
    for campo, valor in notas.items():
        try:
            lidas[str(campo)] = str(conferir_nota(valor))
        except ValidationError:
            raise ValidationError(
                {"notas_parciais": f"Nota parcial {campo!r}: {str(valor)[:40]!r} não é um número."}
            ) from None
    return lidas


def registrar_desistencia(
    inscricao: Inscricao, *, documento: str, data_do_ato, motivo: str = "", registrada_por
) -> EventoRegistrado:
    """Desistência (Art. 3º, §2º): o candidato sai de todas as listas e o resultado é refeito."""
    return registrar_evento(
        inscricao.cargo,
        tipo=DESISTENCIA,
        inscricao=inscricao,
        documento=documento,
        data_do_ato=data_do_ato,
        motivo=motivo,
        registrado_por=registrada_por,
    )


JA_REVERTIDO = (
    "O evento já foi revertido ({evento}): não há o que reverter de novo; confira a lista de eventos do cargo."
)


@transaction.atomic
def reverter_evento(
    evento: Evento, *, documento: str, motivo: str, registrado_por, data_do_ato=None
) -> EventoRegistrado:
    """Desfaz um evento registrado por engano com um novo registro que diz por quê (a data do ato,
    se não informada, é a do registro: corrigir um engano não é um ato do concurso)."""
    if not motivo or not motivo.strip():
        raise ValidationError({"motivo": "Diga por que o evento está sendo revertido."})
    validar_texto(motivo, rotulo="motivo", campo="motivo")
    # A trava do cargo vem antes da conferência: a segunda reversão simultânea espera a primeira e a vê.
    Cargo.objects.select_for_update().filter(pk=evento.cargo_id).first()
    if evento.tipo == "reversao":
        raise ValidationError("Este evento já é uma reversão: não se reverte uma reversão.")
    if Evento.objects.filter(reverte=evento).exists():
        raise ValidationError(JA_REVERTIDO.format(evento=evento))
    reversao = Evento(
        cargo=evento.cargo,
        tipo="reversao",
        reverte=evento,
        documento=(documento or "").strip() or "—",
        motivo=motivo.strip(),
        data_do_ato=data_do_ato or timezone.localdate(),
        registrado_por=registrado_por,
    )
    try:
        with transaction.atomic():  # ponto de salvamento: a transação de fora continua utilizável
            reversao.save()
    except IntegrityError:
        # Outra reversão do mesmo evento gravou entre a conferência e esta (Evento.reverte é único).
        raise ValidationError(JA_REVERTIDO.format(evento=evento)) from None
    resultado = gerar_resultado(evento.cargo, gerado_por=registrado_por, motivo=f"Reversão: {evento}", evento=reversao)
    return EventoRegistrado(reversao, resultado)


@dataclass(frozen=True)
class VerificacaoRegistrada:
    """A verificação antes e depois e o ato gravado; ``evento`` quando o cargo já publicado a recebeu
    como revisão."""

    antes: str
    depois: str
    evento: EventoRegistrado | None = None
    # Por que a decisão não virou evento, quando não virou (o candidato já saiu do concurso).
    sem_efeito: str = ""
    ato: AtoDeVerificacao | None = None


CAMPOS_DO_ATO = {"motivo", "diario_oficial", "sub_judice", "processo", "equipe"}


@transaction.atomic
def registrar_verificacao(
    inscricao: Inscricao,
    grupo: str,
    situacao: str,
    *,
    origem: str,
    registrada_por,
    documento: str,
    data_do_ato,
    **campos,
) -> VerificacaoRegistrada:
    """Registra o ato que decide a verificação da opção da inscrição por um grupo: o único caminho
    pelo qual a situação de uma opção muda (``OpcaoDeGrupo.save`` recusa as outras).

    ``origem`` (``AtoDeVerificacao.ORIGENS``) diz quem decidiu e tem de caber ao grupo
    (``atos.conferir_origem``: heteroidentificação pela comissão, recursal, apuração ou Justiça; PcD
    pela equipe multiprofissional ou Justiça; declaração falsa só pela apuração ou Justiça). O ato é
    gravado sempre, com o documento e a data do ato (``atos.conferir_data_do_ato``); ``campos``:
    ``motivo``, ``equipe`` (avaliação PcD), ``processo`` e ``sub_judice`` (Justiça), ``diario_oficial``.

    Antes da primeira publicação do cargo, a opção recebe a situação (a próxima versão é calculada do
    zero). Depois dela, as entradas estão congeladas (docs/REGRAS.md §9): o ato vira um evento de
    revisão ``verificacao`` e a nova versão do resultado é gerada. Uma decisão igual à verificação
    vigente, ou sobre quem já saiu do concurso, fica só no ato, sem evento."""
    if desconhecidos := set(campos) - CAMPOS_DO_ATO:
        raise TypeError(f"Campos desconhecidos no ato de verificação: {', '.join(sorted(desconhecidos))}")
    conferir_origem(grupo, situacao, origem)
    conferir_data_do_ato(inscricao.edital, data_do_ato)
    opcao = OpcaoDeGrupo.objects.select_for_update().filter(inscricao=inscricao, grupo=grupo).first()
    if opcao is None:
        raise ValidationError({"grupo": f"A inscrição {inscricao.numero} não optou pelo grupo {grupo or '(vazio)'}."})
    ato = _ato(inscricao, grupo, situacao, origem, registrada_por, documento, data_do_ato, campos)
    cargo = inscricao.cargo
    if not cargo.publicado:
        ato.situacao_anterior = opcao.situacao
        _gravar(ato)
        opcao.situacao = situacao
        opcao._ato_de_verificacao = ato
        opcao.full_clean()
        opcao.save(update_fields=["situacao"])
        return VerificacaoRegistrada(ato.situacao_anterior, situacao, ato=ato)
    ato.situacao_anterior = antes = situacao_vigente(inscricao, grupo)
    if antes == situacao:
        ato.sem_efeito = "a verificação vigente já era esta"
        return VerificacaoRegistrada(antes, antes, ato=_gravar(ato))
    if saida := saida_do_concurso(inscricao):
        # Quem já saiu (desistência, não posse, anulação) não volta por uma revisão (docs/REGRAS.md
        # §8): a decisão fica no ato, e o resultado não muda. Recusar aqui faria falhar o
        # encerramento da sessão inteira por um candidato que não está mais no concurso.
        ato.sem_efeito = f"a inscrição {inscricao.numero} já saiu ({saida})"
        return VerificacaoRegistrada(antes, antes, sem_efeito=ato.sem_efeito, ato=_gravar(ato))
    ato.full_clean(exclude=["evento"])
    do_evento = {c: campos[c] for c in ("motivo", "diario_oficial", "sub_judice", "processo") if c in campos}
    registrado = _registrar_evento(
        cargo,
        VERIFICACAO,
        registrada_por,
        dict(inscricao=inscricao, grupo=grupo, situacao=situacao, documento=ato.documento, data_do_ato=data_do_ato)
        | do_evento,
    )
    ato.evento = registrado.evento
    return VerificacaoRegistrada(antes, situacao, registrado, ato=_gravar(ato))


def _ato(inscricao, grupo, situacao, origem, registrado_por, documento, data_do_ato, campos) -> AtoDeVerificacao:
    return AtoDeVerificacao(
        inscricao=inscricao,
        grupo=grupo,
        situacao=situacao,
        origem=origem,
        documento=(documento or "").strip(),
        data_do_ato=data_do_ato,
        equipe=(campos.get("equipe") or "").strip(),
        processo=(campos.get("processo") or "").strip(),
        sub_judice=bool(campos.get("sub_judice")),
        motivo=(campos.get("motivo") or "").strip(),
        registrado_por=registrado_por,
    )


def _gravar(ato: AtoDeVerificacao) -> AtoDeVerificacao:
    ato.full_clean()
    ato.save()
    return ato


def saida_do_concurso(inscricao: Inscricao) -> str:
    """O evento vigente (não revertido) que tirou a inscrição de todas as listas, se houver."""
    tipos = [tipo for tipo, t in TIPOS_DE_EVENTO.items() if t.efeito == SAI_DAS_LISTAS]
    evento = (
        Evento.objects.filter(inscricao=inscricao, tipo__in=tipos, revertido_por__isnull=True).order_by("-id").first()
    )
    return evento.get_tipo_display().lower() if evento else ""


def situacao_vigente(inscricao: Inscricao, grupo: str) -> str:
    """A verificação que vale hoje para a opção: a da opção antes da publicação; depois, a das
    entradas congeladas com as revisões de verificação por cima."""
    if not inscricao.cargo.publicado:
        return OpcaoDeGrupo.objects.filter(inscricao=inscricao, grupo=grupo).values_list("situacao", flat=True).get()
    return situacao_no_cenario(cenario_do_cargo(inscricao.cargo), inscricao.numero, grupo)


@transaction.atomic
def prorrogar_validade(edital: Edital, *, ate, documento: str, data_do_ato, registrado_por) -> Edital:
    """Registra a prorrogação da validade do concurso: uma só, por até o mesmo período, com o
    documento e a data do ato (CF art. 37, III; ``atos.conferir_prorrogacao``)."""
    edital = Edital.objects.select_for_update().get(pk=edital.pk)
    if not documento or not documento.strip():
        raise ValidationError({"documento": "Informe o documento que prorroga a validade (decreto, portaria)."})
    conferir_prorrogacao(edital, ate, data_do_ato)
    edital.prorrogada_ate = ate
    edital.prorrogacao_documento = documento.strip()[:200]
    edital.prorrogacao_data = data_do_ato
    edital.prorrogacao_registrada_por = registrado_por
    edital.save()
    return edital
