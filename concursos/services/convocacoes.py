"""Os atos de convocação publicados (docs/CONVOCACAO.md §5): o RH escolhe, na página do cargo, os
convocados de um evento ou um lote deles; o ato ganha número, data, local e prazo (o da posse, por
padrão, e editável), o PDF é gerado e guardado como saiu no registro dos atos publicados
(``services.atos``: número por tipo e ano, código de verificação em cada página, SHA-256), e nunca
é apagado.
"""

from datetime import date, timedelta

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from comum.exibicao import data as em_data
from comum.validacao import validar_texto

from ..atos import conferir_data_do_ato
from ..consultas.provimentos import convocados, versao_vigente
from ..models import AtoDeConvocacao, Cargo
from ..pdf.convocacao import contexto_da_convocacao
from ..segundo_plano.avisos_pessoais import agendar_avisos
from ..tipos_de_ato import EDITAL_DE_CONVOCACAO
from .atos import registrar_ato

PERMISSAO = "concursos.publicar_ato_de_convocacao"


def prazo_padrao(edital, dia: date) -> date:
    """Até quando apresentar os documentos e tomar posse: a data do ato mais o prazo da posse do edital."""
    return dia + timedelta(days=edital.prazo_da_posse_em_dias)


def _texto(valor, campo: str, rotulo: str, limite: int) -> str:
    texto = validar_texto((valor or "").strip(), rotulo=rotulo, campo=campo, limite=limite)
    if not texto:
        raise ValidationError({campo: f"Informe {rotulo}."})
    return texto


@transaction.atomic
def publicar_ato_de_convocacao(
    cargo: Cargo, *, numero: str, data, local: str, inscricoes, por, prazo=None
) -> AtoDeConvocacao:
    """Grava o ato com o PDF e o hash; ``inscricoes``: as escolhidas, todas convocadas agora."""
    if por is None or not por.has_perm(PERMISSAO):
        raise PermissionDenied("Só o RH publica atos de convocação.")
    cargo = Cargo.objects.select_for_update().select_related("edital").get(pk=cargo.pk)
    numero = _texto(numero, "numero", "o número do ato", 40)
    local = _texto(local, "local", "onde apresentar os documentos e tomar posse", 2000)
    conferir_data_do_ato(cargo.edital, data, campo="data")
    prazo = prazo or prazo_padrao(cargo.edital, data)
    if prazo < data:
        raise ValidationError({"prazo": f"O prazo ({em_data(prazo)}) não pode ser anterior ao ato ({em_data(data)})."})
    if AtoDeConvocacao.objects.filter(cargo__edital=cargo.edital, numero=numero).exists():
        raise ValidationError({"numero": f"Já há um ato de convocação nº {numero} neste edital."})
    escolhidos = _escolhidos(cargo, inscricoes)
    vigente = versao_vigente(cargo)
    contexto = contexto_da_convocacao(
        cargo, numero=numero, data=data, local=local, prazo=prazo, convocados=escolhidos, saida=vigente.saida_do_motor
    )
    registro = registrar_ato(
        EDITAL_DE_CONVOCACAO,
        titulo=f"Edital de convocação nº {numero} — edital {cargo.edital}, cargo {cargo.codigo}",
        contexto=contexto,
        edital=cargo.edital,
        cargo=cargo,
        resultado=vigente,
        por=por,
    )
    ato = AtoDeConvocacao.objects.create(
        cargo=cargo,
        numero=numero,
        data=data,
        local=local,
        prazo=prazo,
        inscricoes=[c.inscricao.numero for c in escolhidos],
        pdf=registro.conteudo,
        hash_do_pdf=registro.hash_sha256,
        registrado_por=por,
        registro=registro,
    )
    agendar_avisos(ato, por=por)  # o aviso pessoal a cada convocado, depois do commit (issue 28)
    return ato


def _escolhidos(cargo: Cargo, inscricoes) -> list:
    """Os convocados escolhidos, em ordem de posição; recusa quem não está convocado agora."""
    pks = {inscricao.pk for inscricao in inscricoes}
    if not pks:
        raise ValidationError({"inscricoes": "Escolha ao menos um convocado."})
    vigentes = [c for c in convocados(cargo) if c.inscricao.pk in pks]
    fora = sorted(i.numero for i in inscricoes if i.pk not in {c.inscricao.pk for c in vigentes})
    if fora:
        raise ValidationError({"inscricoes": f"Não estão convocadas agora no cargo {cargo.codigo}: {', '.join(fora)}."})
    return vigentes
