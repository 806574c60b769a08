"""Os atos de convocação publicados (docs/CONVOCACAO.md §5): o RH escolhe, na página do cargo, os
convocados de um evento ou um lote deles; o ato ganha número, data, local e prazo (o da posse, por
padrão, e editável), o PDF é gerado e guardado como saiu no registro dos atos publicados
(``services.atos``: número por tipo e ano, código de verificação em cada página, SHA-256), e nunca
é apagado.

Em dois passos (docs/ATOS-PUBLICADOS.md, "Publicar, na ordem em que acontece"): ``conferir_convocacao``
monta, sem gravar nada, o que fica público (quem é convocado, em que vaga, de que versão do resultado)
e a impressão digital disso; ``publicar_ato_de_convocacao(conferido=...)`` só registra se o que
fica público ainda é o que foi conferido. O edital de convocação exige a versão de que convoca
publicada: com a última versão do cargo ainda não publicada, recusa e diz qual publicar antes.
"""

import hashlib
import json
from dataclasses import dataclass
from datetime import date, timedelta

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from comum.exibicao import data as em_data
from comum.validacao import validar_texto

from ..atos import conferir_data_do_ato
from ..consultas.provimentos import convocados, versao_vigente
from ..models import AtoDeConvocacao, Cargo, Resultado
from ..pdf.convocacao import contexto_da_convocacao
from ..segundo_plano.avisos_pessoais import agendar_avisos
from ..tipos_de_ato import EDITAL_DE_CONVOCACAO
from .atos import registrar_ato

PERMISSAO = "concursos.publicar_ato_de_convocacao"
MUDOU_DESDE_A_CONFERENCIA = (
    "O que fica público mudou desde a conferência (outro ato, evento ou versão do resultado foi registrado "
    "enquanto isso): nada foi publicado. Confira de novo."
)


@dataclass(frozen=True)
class ConvocacaoConferida:
    """O que fica público com o ato, antes de gravar: a versão de que convoca, os campos do ato, o
    contexto do documento (os convocados como o PDF os imprime) e a impressão digital de tudo isso."""

    versao: Resultado
    numero: str
    data: date
    local: str
    prazo: date
    convocados: list
    contexto: dict
    impressao: str


def prazo_padrao(edital, dia: date) -> date:
    """Até quando apresentar os documentos e tomar posse: a data do ato mais o prazo da posse do edital."""
    return dia + timedelta(days=edital.prazo_da_posse_em_dias)


def _texto(valor, campo: str, rotulo: str, limite: int) -> str:
    texto = validar_texto((valor or "").strip(), rotulo=rotulo, campo=campo, limite=limite)
    if not texto:
        raise ValidationError({campo: f"Informe {rotulo}."})
    return texto


def conferir_convocacao(cargo: Cargo, *, numero: str, data, local: str, inscricoes, por, prazo=None):
    """O primeiro passo: confere tudo o que a publicação confere e devolve o que ficaria público
    (``ConvocacaoConferida``), sem gravar nada."""
    if por is None or not por.has_perm(PERMISSAO):
        raise PermissionDenied("Só o RH publica atos de convocação.")
    numero = _texto(numero, "numero", "o número do ato", 40)
    local = _texto(local, "local", "onde apresentar os documentos e tomar posse", 2000)
    conferir_data_do_ato(cargo.edital, data, campo="data")
    prazo = prazo or prazo_padrao(cargo.edital, data)
    if prazo < data:
        raise ValidationError({"prazo": f"O prazo ({em_data(prazo)}) não pode ser anterior ao ato ({em_data(data)})."})
    if AtoDeConvocacao.objects.filter(cargo__edital=cargo.edital, numero=numero).exists():
        raise ValidationError({"numero": f"Já há um ato de convocação nº {numero} neste edital."})
    versao = versao_publicada_para_convocar(cargo)
    escolhidos = _escolhidos(cargo, inscricoes)
    contexto = contexto_da_convocacao(
        cargo, numero=numero, data=data, local=local, prazo=prazo, convocados=escolhidos, saida=versao.saida_do_motor
    )
    impressao = _impressao(versao, numero, data, local, prazo, contexto["convocados"])
    return ConvocacaoConferida(versao, numero, data, local, prazo, escolhidos, contexto, impressao)


def versao_publicada_para_convocar(cargo: Cargo) -> Resultado:
    """A versão de que o edital convoca: a última do cargo, que precisa estar publicada (o ato chama
    pela ordem que o município publicou; uma versão só gerada ainda não é pública)."""
    versao = versao_vigente(cargo)
    if versao is None:
        raise ValidationError(f"O resultado do cargo {cargo.codigo} ainda não foi publicado: não há quem convocar.")
    if versao.status != Resultado.PUBLICADO:
        raise ValidationError(
            f"A versão {versao.versao} do resultado do cargo {cargo.codigo} ainda não foi publicada: publique-a "
            "antes do edital de convocação, que convoca a partir dela.",
            code="versao_nao_publicada",
        )
    return versao


def _impressao(versao: Resultado, numero: str, data, local: str, prazo, convocados: list[dict]) -> str:
    """O SHA-256 do que fica público: a versão, os campos do ato e cada convocado como o documento o imprime."""
    dados = [versao.pk, versao.versao, numero, data.isoformat(), local, prazo.isoformat(), convocados]
    return hashlib.sha256(json.dumps(dados, ensure_ascii=False, sort_keys=True).encode()).hexdigest()


@transaction.atomic
def publicar_ato_de_convocacao(
    cargo: Cargo, *, numero: str, data, local: str, inscricoes, por, prazo=None, conferido: str | None = None
) -> AtoDeConvocacao:
    """Grava o ato com o PDF e o hash; ``inscricoes``: as escolhidas, todas convocadas agora.
    ``conferido``: a impressão digital mostrada na conferência (``conferir_convocacao``); as telas
    sempre a mandam, e se o que fica público mudou desde então, nada se grava."""
    cargo = Cargo.objects.select_for_update().select_related("edital").get(pk=cargo.pk)
    ato = conferir_convocacao(cargo, numero=numero, data=data, local=local, inscricoes=inscricoes, por=por, prazo=prazo)
    if conferido is not None and conferido != ato.impressao:
        raise ValidationError(MUDOU_DESDE_A_CONFERENCIA, code="mudou")
    registro = registrar_ato(
        EDITAL_DE_CONVOCACAO,
        titulo=f"Edital de convocação nº {ato.numero} — edital {cargo.edital}, cargo {cargo.codigo}",
        contexto=ato.contexto,
        edital=cargo.edital,
        cargo=cargo,
        resultado=ato.versao,
        por=por,
    )
    convocacao = AtoDeConvocacao.objects.create(
        cargo=cargo,
        numero=ato.numero,
        data=ato.data,
        local=ato.local,
        prazo=ato.prazo,
        inscricoes=[c.inscricao.numero for c in ato.convocados],
        pdf=registro.conteudo,
        hash_do_pdf=registro.hash_sha256,
        registrado_por=por,
        registro=registro,
    )
    agendar_avisos(convocacao, por=por)  # o aviso pessoal a cada convocado, depois do commit (issue 28)
    return convocacao


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
