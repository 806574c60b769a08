"""Os atos do RH sobre o edital: criá-lo com os parâmetros do regime congelados, registrar a
prorrogação da validade (uma só, por igual período: CF art. 37, III) e registrar o Anexo I (quadro de
vagas) no registro dos atos publicados (docs/ATOS-PUBLICADOS.md)."""

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction

import cotas
from comum import relogio

from ..atos import Ato, conferir_prorrogacao
from ..models import Cargo, Edital
from ..pdf.quadro_de_vagas import codigo_do_quadro, contexto_do_quadro
from ..tipos_de_ato import ANEXO_I
from .atos import registrar_ato


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
def criar_edital(*, por, percentual_pcd: Decimal | None = None, cargos=(), em=None, **campos) -> Edital:
    """Cria o edital com os parâmetros do regime congelados e, opcionalmente, seus cargos; ``em``: o
    momento da criação (sem ele, o do relógio)."""
    edital = Edital(criado_por=por, criado_em=em or relogio.agora(), **campos)
    congelar_parametros(edital, percentual_pcd=percentual_pcd)
    edital.full_clean()
    edital.save()
    for codigo, nome, vagas in cargos:
        Cargo.objects.create(edital=edital, codigo=codigo, nome=nome, vagas=vagas)
    return edital


@transaction.atomic
def prorrogar_validade(edital: Edital, *, ate, ato: Ato, por, em=None) -> Edital:
    """Registra a prorrogação da validade do concurso: uma só, por até o mesmo período, com o ``ato``
    que a decide (o documento e a data; CF art. 37, III; ``atos.conferir_prorrogacao``)."""
    edital = Edital.objects.select_for_update().get(pk=edital.pk)
    ato = conferir_prorrogacao(edital, ate, ato, hoje=relogio.dia_de(em))
    edital.prorrogada_ate = ate
    for campo, valor in ato.campos_da_prorrogacao().items():
        setattr(edital, campo, valor)
    edital.prorrogacao_registrada_por = por
    edital.save()
    return edital


def ultimo_anexo_i(edital: Edital):
    """O último Anexo I registrado do edital (sem os bytes), ou nenhum: é o publicado, até o que o retifica."""
    return (
        edital.atos_publicados.filter(tipo=ANEXO_I)
        .defer("conteudo", "editavel")
        .order_by("-confirmado_em", "-id")
        .first()
    )


def anexo_i_vigente(edital: Edital):
    """O último Anexo I registrado do edital, se os dados do quadro ainda são os dele; senão, nenhum."""

    ultimo = ultimo_anexo_i(edital)
    if ultimo is None or ultimo.hash_dos_dados != codigo_do_quadro(edital):
        return None
    return ultimo


@transaction.atomic
def registrar_anexo_i(edital: Edital, *, por, conferido: str | None = None):
    """Registra o Anexo I (quadro de vagas) como está: um ato novo só se os dados mudaram desde o
    último, e então ele retifica o anterior (``services.atos.registrar_ato``). ``conferido``: os
    dados do quadro que a tela de conferência mostrou (``codigo_do_quadro``); se o quadro mudou
    depois, nada se registra — quem confirma confirmou outro quadro."""

    edital = Edital.objects.select_for_update().get(pk=edital.pk)
    if conferido is not None and conferido != codigo_do_quadro(edital):
        raise ValidationError(
            "O quadro de vagas mudou depois da conferência (alguém alterou as vagas de um cargo): "
            "nada foi registrado. Confira o quadro de novo antes de confirmar."
        )
    if (vigente := anexo_i_vigente(edital)) is not None:
        return vigente
    anterior = edital.atos_publicados.filter(tipo=ANEXO_I).order_by("-confirmado_em", "-id").first()
    return registrar_ato(
        ANEXO_I,
        titulo=f"Anexo I — Quadro de vagas — {edital.identificacao}",
        contexto=contexto_do_quadro(edital),
        edital=edital,
        por=por,
        retifica=anterior,
        hash_dos_dados=codigo_do_quadro(edital),
    )
