"""Ações do RH sobre editais, resultados e eventos: cada uma numa transação, registrando quem agiu.

As regras estão em ``cotas``; aqui só se carregam as linhas, chama-se o motor e grava-se a saída.
Se o motor recusa a entrada (``cotas.ErroDeCotas``), a transação é desfeita e nada fica gravado.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

import cotas
from comum.coleta import sem_coleta_de_ciclos
from cotas.modelo import DESISTENCIA

from .adapters import cenario_do_cargo, cenario_para_gravar
from .diferencas import diferencas
from .fases import fase
from .models import Cargo, Edital, Evento, Inscricao, OpcaoDeGrupo, Resultado


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
    ``processamento`` liga a versão ao pedido em segundo plano que a gerou."""
    cargo = Cargo.objects.select_for_update().select_related("edital").get(pk=cargo.pk)
    with sem_coleta_de_ciclos():
        return _gerar(cargo, gerado_por=gerado_por, motivo=motivo, evento=evento, processamento=processamento)


def _gerar(cargo: Cargo, *, gerado_por, motivo: str, evento: Evento | None, processamento) -> Resultado:
    """O corpo de ``gerar_resultado``, com o cargo já travado (``select_for_update``) pela transação."""
    with fase("leitura"):
        cenario = cenario_do_cargo(cargo)
        # Só a saída e o número da versão anterior: as entradas dela (o maior campo) não interessam.
        anteriores = Resultado.objects.filter(cargo=cargo).order_by("-versao")
        versao, anterior = anteriores.values_list("versao", "saida").first() or (0, None)
    with fase("motor"):
        do_motor = cotas.simular(modelo := cotas.ler_cenario(cenario))
        saida = cotas.resultado_para_dict(do_motor, modelo)
    with fase("gravação"):
        entradas, hash_das_entradas = cenario_para_gravar(cenario)
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
    return resultado


def gerar_resultados_do_edital(edital: Edital, *, gerado_por, motivo: str = "") -> list[Resultado]:
    """Gera todos os cargos numa só transação: ou todos, ou nenhum.

    Devolve as versões sem as entradas, a saída e as diferenças (carregadas do banco só se alguém
    as pedir): num edital grande, guardar tudo de todos os cargos na memória até o fim passaria
    de 1 GiB."""
    with transaction.atomic():
        # Trava todos os cargos numa consulta (em ordem de código, como antes um a um).
        cargos = Cargo.objects.select_for_update().filter(edital=edital).select_related("edital").order_by("codigo")
        with sem_coleta_de_ciclos():
            gerados = [
                _gerar(cargo, gerado_por=gerado_por, motivo=motivo, evento=None, processamento=None).pk
                for cargo in cargos
            ]
        por_id = Resultado.objects.defer("cenario", "saida", "diferencas").select_related("cargo").in_bulk(gerados)
        return [por_id[pk] for pk in gerados]


@transaction.atomic
def publicar_resultado(resultado: Resultado, *, publicado_por) -> Resultado:
    """Publica a versão; recusa resultado provisório (pendências ou empates) e versão superada."""
    resultado = Resultado.objects.select_for_update().get(pk=resultado.pk)
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
    Resultado.objects.filter(pk=resultado.pk).update(
        status=Resultado.PUBLICADO, publicado_por=publicado_por, publicado_em=timezone.now()
    )
    resultado.refresh_from_db()
    return resultado


@dataclass(frozen=True)
class EventoRegistrado:
    evento: Evento
    resultado: Resultado

    @property
    def numero(self) -> int | None:
        """Número do evento no cenário (o último); uma reversão não é evento do motor."""
        return None if self.evento.tipo == "reversao" else len(self.resultado.cenario["eventos"])

    @property
    def convocados_agora(self) -> list[dict]:
        """Quem o evento convoca, em ordem de posição, com o motivo na lei."""
        return [c for c in self.resultado.saida["convocacoes"] if c["evento"] == self.numero]

    @property
    def reclassificados_agora(self) -> list[dict]:
        return [r for r in self.resultado.saida["reclassificacoes"] if r["evento"] == self.numero]


@transaction.atomic
def registrar_evento(
    cargo: Cargo, *, tipo: str, registrado_por, documento: str, motivo: str = "", inscricao=None, quantidade=None
) -> EventoRegistrado:
    """Registra o evento e gera a nova versão do resultado; o motor valida o evento (por exemplo,
    não posse de quem não foi convocado) e, se recusar, nada é gravado."""
    if not documento or not documento.strip():
        raise ValidationError({"documento": "Informe o número do documento que fundamenta o evento."})
    if inscricao is not None and inscricao.cargo_id != cargo.pk:
        raise ValidationError({"inscricao": f"A inscrição {inscricao.numero} não é deste cargo."})
    evento = Evento(
        cargo=cargo,
        tipo=tipo,
        inscricao=inscricao,
        quantidade=quantidade,
        documento=documento.strip(),
        motivo=motivo,
        registrado_por=registrado_por,
    )
    evento.full_clean()
    evento.save()
    resultado = gerar_resultado(
        cargo, gerado_por=registrado_por, motivo=f"{evento.get_tipo_display()}: {evento}", evento=evento
    )
    return EventoRegistrado(evento, resultado)


def registrar_desistencia(
    inscricao: Inscricao, *, documento: str, motivo: str = "", registrada_por
) -> EventoRegistrado:
    """Desistência (Art. 3º, §2º): o candidato sai de todas as listas e o resultado é refeito."""
    return registrar_evento(
        inscricao.cargo,
        tipo=DESISTENCIA,
        inscricao=inscricao,
        documento=documento,
        motivo=motivo,
        registrado_por=registrada_por,
    )


@transaction.atomic
def reverter_evento(evento: Evento, *, documento: str, motivo: str, registrado_por) -> EventoRegistrado:
    """Desfaz um evento registrado por engano com um novo registro que diz por quê."""
    if not motivo or not motivo.strip():
        raise ValidationError({"motivo": "Diga por que o evento está sendo revertido."})
    if evento.tipo == "reversao" or Evento.objects.filter(reverte=evento).exists():
        raise ValidationError("Este evento já é uma reversão ou já foi revertido.")
    reversao = Evento(
        cargo=evento.cargo,
        tipo="reversao",
        reverte=evento,
        documento=(documento or "").strip() or "—",
        motivo=motivo.strip(),
        registrado_por=registrado_por,
    )
    reversao.save()
    resultado = gerar_resultado(evento.cargo, gerado_por=registrado_por, motivo=f"Reversão: {evento}", evento=reversao)
    return EventoRegistrado(reversao, resultado)


@transaction.atomic
def registrar_verificacao(inscricao: Inscricao, grupo: str, situacao: str, *, registrada_por) -> OpcaoDeGrupo:
    """Grava a situação da verificação da opção da inscrição por um grupo (ex.: avaliação PcD)."""
    opcao = OpcaoDeGrupo.objects.select_for_update().get(inscricao=inscricao, grupo=grupo)
    opcao.situacao = situacao
    opcao.full_clean()
    opcao.save(update_fields=["situacao"])
    return opcao
