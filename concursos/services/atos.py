"""O registro dos atos publicados (docs/ATOS-PUBLICADOS.md): ``registrar_ato`` confere quem confirma,
emite o código de verificação, aloca o número do tipo no ano, desenha o documento com o código, o
endereço da verificação e o QR code em cada página, sela-o (PAdES, se houver certificado:
``comum.selo``) e guarda os bytes finais com o SHA-256, numa transação; ``acrescentar_diario_oficial``
anota onde o jornal o imprimiu.
"""

import hashlib
import secrets
from datetime import date

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from comum import relogio
from comum.pdf import renderizar
from comum.selo import selar
from comum.validacao import validar_texto

from ..atos import TAMANHO_DA_REFERENCIA
from ..consultas.portal import no_portal
from ..diario_oficial import DiarioOficial
from ..models import AtoPublicado, ContadorDeAtos, PublicacaoNoDiario, Resultado
from ..pdf.registro import contexto_do_registro
from ..tipos_de_ato import tipo_de_ato

# Base 32 de Crockford: sem I, L, O e U, que se confundem ao ler e ao digitar.
ALFABETO = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
BITS_DO_CODIGO = 80  # 16 caracteres de 5 bits
TROCAS_AO_DIGITAR = str.maketrans({"O": "0", "I": "1", "L": "1"})


def novo_codigo() -> str:
    """Um código aleatório de 80 bits (``secrets``), em quatro grupos de quatro: ``7K2M-Q9XD-…``."""
    valor = secrets.randbits(BITS_DO_CODIGO)
    caracteres = "".join(ALFABETO[(valor >> (5 * i)) & 31] for i in range(BITS_DO_CODIGO // 5))
    return "-".join(caracteres[i : i + 4] for i in range(0, len(caracteres), 4))


def normalizar_codigo(digitado: str) -> str:
    """O código como se grava: sem espaços nem hífens, em maiúsculas, O→0 e I/L→1, em grupos de quatro."""
    limpo = "".join((digitado or "").split()).replace("-", "").replace(".", "").upper().translate(TROCAS_AO_DIGITAR)
    return "-".join(limpo[i : i + 4] for i in range(0, len(limpo), 4))


def _codigo_livre() -> str:
    while AtoPublicado.objects.filter(codigo=(codigo := novo_codigo())).exists():  # 2⁻⁸⁰: quase nunca
        pass
    return codigo


def _proximo_numero(tipo: str, ano: int) -> int:
    """O próximo número do tipo no ano, com a linha do contador travada até o fim da transação."""
    try:
        with transaction.atomic():  # a primeira do ano: duas ao mesmo tempo, uma cria e a outra segue
            ContadorDeAtos.objects.get_or_create(tipo=tipo, ano=ano)
    except IntegrityError:
        pass
    contador = ContadorDeAtos.objects.select_for_update().get(tipo=tipo, ano=ano)
    contador.ultimo += 1
    contador.save(update_fields=["ultimo"])
    return contador.ultimo


@transaction.atomic
def registrar_ato(
    chave: str,
    *,
    titulo: str,
    contexto: dict,
    edital,
    por,
    cargo=None,
    resultado=None,
    retifica=None,
    hash_dos_dados: str = "",
) -> AtoPublicado:
    """Registra o ato do tipo ``chave`` (``tipos_de_ato.TIPOS_DE_ATO``) confirmado por ``por``: o
    código é emitido antes do documento, que o imprime; o que se guarda são os bytes finais.
    ``hash_dos_dados``: o SHA-256 dos dados publicados, quando o tipo o calcula (o Anexo I). Quem
    confirma precisa da permissão do tipo, conferida aqui, qualquer que seja a tela ou o comando."""
    tipo = tipo_de_ato(chave)
    if por is None or not por.has_perm(tipo.permissao):
        raise PermissionDenied(f"Sem permissão para publicar: {tipo.nome}.")
    if retifica is not None and retifica.edital_id != edital.pk:
        raise ValidationError("Um ato só retifica outro do mesmo edital.")
    agora = relogio.agora()
    codigo = _codigo_livre()
    numero = _proximo_numero(chave, agora.year)
    registro = contexto_do_registro(tipo, codigo=codigo, numero=numero, ano=agora.year, retifica=retifica)
    contexto = {**contexto, "registro": registro}
    documento = tipo.desenhar(contexto) if tipo.desenhar else renderizar(tipo.modelo, contexto)
    conteudo = selar(documento, motivo=tipo.nome)
    editavel = tipo.editavel(contexto) if tipo.editavel else b""
    return AtoPublicado.objects.create(
        tipo=chave,
        ano=agora.year,
        numero=numero,
        codigo=codigo,
        titulo=titulo[:300],
        conteudo=conteudo,
        hash_sha256=hashlib.sha256(conteudo).hexdigest(),
        hash_dos_dados=hash_dos_dados,
        editavel=editavel,
        edital=edital,
        cargo=cargo,
        resultado=resultado,
        retifica=retifica,
        confirmado_por=por,
        confirmado_em=agora,
    )


def ato_do_codigo(digitado: str) -> AtoPublicado | None:
    """O ato do código impresso (digitado com ou sem hífens, em qualquer caixa)."""
    codigo = normalizar_codigo(digitado)
    if len(codigo) != 19:
        return None
    return AtoPublicado.objects.select_related("edital", "cargo").filter(codigo=codigo).first()


def original_disponivel(ato: AtoPublicado, *, hoje: date | None = None) -> bool:
    """Se a verificação pública ainda entrega o original: enquanto o edital está no portal, até
    ``PORTAL_DIAS_DEPOIS_DA_VALIDADE`` dias depois do fim da validade do concurso (sem validade
    informada, sempre). Depois, a página só confirma o ato e o SHA-256: os dados dos candidatos não
    ficam públicos depois do concurso."""
    return no_portal(ato.edital, hoje)


@transaction.atomic
def acrescentar_diario_oficial(ato: AtoPublicado, *, edicao: str, data, pagina: str, por) -> PublicacaoNoDiario:
    """Acrescenta onde o ato saiu no Diário Oficial (a data não antes da confirmação nem no futuro).
    O ato de um resultado publicado sem a referência (o jornal ainda não tinha saído) passa a dá-la
    também à versão que publica — a primeira referência, uma vez: as planilhas, o PDF de conferência
    e a prestação de contas a citam, e o histórico da versão registra quem a acrescentou."""
    if por is None or not por.has_perm("concursos.add_publicacaonodiario"):
        raise PermissionDenied("Sem permissão para registrar a publicação no Diário Oficial.")
    limite = TAMANHO_DA_REFERENCIA if ato.resultado_id else 40  # a versão guarda até 20 caracteres
    edicao = validar_texto((edicao or "").strip(), rotulo="edição", campo="edicao", limite=limite)
    pagina = validar_texto((pagina or "").strip(), rotulo="página", campo="pagina", limite=limite)
    erros = {campo: f"Informe a {rotulo}." for campo, rotulo, valor in (
        ("edicao", "edição", edicao), ("pagina", "página", pagina)) if not valor}  # fmt: skip
    if data is None:
        erros["data"] = "Informe a data da edição (dd/mm/aaaa)."
    elif data < relogio.dia_de(ato.confirmado_em) or data > relogio.hoje():
        erros["data"] = "A data da edição não pode ser anterior à confirmação do ato nem estar no futuro."
    if erros:
        raise ValidationError(erros)
    publicacao = PublicacaoNoDiario.objects.create(ato=ato, edicao=edicao, data=data, pagina=pagina, registrado_por=por)
    if ato.resultado_id:
        _dar_a_referencia_a_versao(ato.resultado_id, DiarioOficial(edicao, data, pagina), por)
    return publicacao


def _dar_a_referencia_a_versao(resultado_id: int, referencia: DiarioOficial, por) -> None:
    resultado = Resultado.objects.select_for_update().get(pk=resultado_id)
    if resultado.diario_oficial is not None:  # publicada já com a referência: a primeira fica
        return
    campos = referencia.campos_do_resultado()
    for campo, valor in campos.items():
        setattr(resultado, campo, valor)
    resultado._history_user = por
    resultado.save(publicando=True, update_fields=list(campos))
