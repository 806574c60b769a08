"""Os atos do RH sobre o edital: criá-lo com os parâmetros do regime congelados e registrar a
prorrogação da validade (uma só, por igual período: CF art. 37, III)."""

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction

import cotas
from comum import relogio

from ..atos import Ato, conferir_prorrogacao
from ..models import Cargo, Edital


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
