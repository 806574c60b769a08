"""Login em dois fatores: a senha e um código do aplicativo autenticador (TOTP, RFC 6238) ou um dos
códigos de recuperação, guardados pelo django-otp (``otp_totp`` e ``otp_static``).

Quem precisa: todo usuário com conta. Cada papel do sistema (RH, membros e presidentes de comissão,
comissão recursal, auditor, superusuário) vê dados pessoais sensíveis, e exigir de todos não depende
de uma lista de papéis que fique para trás (um membro de comissão não precisa estar no grupo do
papel para ser membro). A única exceção são os usuários da demonstração local, e só com
``DEBUG`` ligado (``settings.DOIS_FATORES_ISENTOS``; ver ``config/settings.py``).

As regras ficam aqui; as telas em ``views.py``, a barreira em ``middleware.py``. Código errado conta
no *throttling* do próprio django-otp (espera de 1, 2, 4, 8… segundos entre tentativas, por
dispositivo), e a contagem é gravada mesmo quando a tentativa é recusada.
"""

import re
from dataclasses import dataclass

import django_otp
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

QUANTIDADE_DE_CODIGOS = 10
NOME_DO_AUTENTICADOR = "Aplicativo autenticador"
NOME_DOS_CODIGOS = "Códigos de recuperação"
CODIGO_DO_APLICATIVO = re.compile(r"^\d{6}$")
# Os códigos de recuperação do django-otp: 8 caracteres de base32 em minúsculas (a-z, 2-7).
CODIGO_DE_RECUPERACAO = re.compile(r"^[a-z2-7]{8}$")


@dataclass(frozen=True)
class Verificacao:
    """O dispositivo que aceitou o código e, se foi um código de recuperação, quantos restam."""

    dispositivo: TOTPDevice | StaticDevice
    codigos_restantes: int | None = None


def exige_dois_fatores(usuario) -> bool:
    """Todo usuário que entrou, menos os da demonstração quando a isenção está ligada."""
    if not usuario.is_authenticated:
        return False
    return usuario.get_username() not in getattr(settings, "DOIS_FATORES_ISENTOS", ())


def verificado(usuario) -> bool:
    """Passou pelo segundo fator nesta sessão (o ``OTPMiddleware`` instala ``is_verified``; sem ele,
    ninguém conta como verificado)."""
    verificar = getattr(usuario, "is_verified", None)
    return bool(verificar and verificar())


def pendente(usuario) -> bool:
    return exige_dois_fatores(usuario) and not verificado(usuario)


def tem_autenticador(usuario) -> bool:
    return TOTPDevice.objects.filter(user=usuario, confirmed=True).exists()


def autenticador_em_cadastro(usuario) -> TOTPDevice:
    """O autenticador ainda não confirmado do usuário (o mesmo a cada visita, para que recarregar a
    página não troque a chave já lida pelo celular)."""
    if tem_autenticador(usuario):
        raise ValidationError("Você já tem um aplicativo autenticador cadastrado: informe o código dele.")
    existente = TOTPDevice.objects.filter(user=usuario, confirmed=False).order_by("pk").first()
    return existente or TOTPDevice.objects.create(user=usuario, name=NOME_DO_AUTENTICADOR, confirmed=False)


def chave_em_texto(dispositivo: TOTPDevice) -> str:
    """A chave em base32, em grupos de 4, para digitar no aplicativo quando não der para ler o QR."""
    from base64 import b32encode

    chave = b32encode(dispositivo.bin_key).decode().rstrip("=")
    return " ".join(chave[i : i + 4] for i in range(0, len(chave), 4))


def qr_code_svg(dispositivo: TOTPDevice) -> str:
    """O QR code do endereço ``otpauth://`` em SVG puro (sem imagem rasterizada, sem Pillow)."""
    import qrcode
    from qrcode.image.svg import SvgPathImage

    imagem = qrcode.make(dispositivo.config_url, image_factory=SvgPathImage, box_size=8, border=2)
    return imagem.to_string(encoding="unicode")


def normalizar(codigo: str) -> str:
    """Sem espaços nem hífens, em minúsculas: "123 456" e "ABCD-EFGH" valem como digitados juntos."""
    return re.sub(r"[\s-]", "", str(codigo or "")).lower()


def _recusa_por_espera(dispositivo) -> ValidationError | None:
    permitido, dados = dispositivo.verify_is_allowed()
    if permitido:
        return None
    dados = dados or {}
    ate = dados.get("locked_until")
    quando = f"até {timezone.localtime(ate):%H:%M:%S}" if ate else "alguns instantes"
    return ValidationError(
        f"{dados.get('failure_count', 'Várias')} tentativa(s) errada(s) seguida(s): por segurança, aguarde "
        f"{quando} antes de tentar de novo.",
        code="espera",
    )


INCORRETO = (
    "Código incorreto ou vencido. Digite o código de 6 dígitos que o aplicativo mostra agora "
    "(confira se a hora do celular está certa) ou um dos códigos de recuperação."
)
INCORRETO_NO_CADASTRO = (
    "Código incorreto ou vencido. Digite o código de 6 dígitos que o aplicativo mostra agora, depois "
    "de ler o QR code ou digitar a chave (confira se a hora do celular está certa)."
)


def _conferir(modelo, usuario, codigo: str, *, confirmado: bool):
    """Confere ``codigo`` no dispositivo do usuário, com a trava de linha e o throttling do
    django-otp. Devolve ``(dispositivo, recusa)``; a tentativa errada fica gravada (a recusa é
    levantada fora da transação, que não a desfaz)."""
    with transaction.atomic():
        dispositivo = (
            modelo.objects.select_for_update().filter(user=usuario, confirmed=confirmado).order_by("pk").first()
        )
        if dispositivo is None:
            return None, ValidationError("Nenhum dispositivo cadastrado para este código.", code="sem_dispositivo")
        recusa = _recusa_por_espera(dispositivo)
        if recusa is not None:
            return dispositivo, recusa
        if dispositivo.verify_token(codigo):
            return dispositivo, None
    return dispositivo, ValidationError(INCORRETO if confirmado else INCORRETO_NO_CADASTRO, code="incorreto")


def confirmar_cadastro(usuario, codigo: str) -> tuple[TOTPDevice, list[str]]:
    """Confirma o autenticador em cadastro com o primeiro código e gera os códigos de recuperação."""
    codigo = normalizar(codigo)
    if not CODIGO_DO_APLICATIVO.match(codigo):
        raise ValidationError(
            f"Código “{codigo[:12]}” inválido: digite os 6 dígitos que o aplicativo autenticador mostra.",
            code="formato",
        )
    if tem_autenticador(usuario):
        raise ValidationError("Você já tem um aplicativo autenticador cadastrado: informe o código dele.")
    dispositivo, recusa = _conferir(TOTPDevice, usuario, codigo, confirmado=False)
    if recusa is not None:
        raise recusa
    with transaction.atomic():
        dispositivo.confirmed = True
        dispositivo.save(update_fields=["confirmed"])
        TOTPDevice.objects.filter(user=usuario, confirmed=False).delete()
        codigos = gerar_codigos_de_recuperacao(usuario)
    return dispositivo, codigos


def verificar_codigo(usuario, codigo: str) -> Verificacao:
    """O código do aplicativo (6 dígitos) ou um código de recuperação (8 letras e números, vale uma
    vez só). Código errado: ``ValidationError`` em português, e a tentativa conta na espera."""
    codigo = normalizar(codigo)
    if CODIGO_DO_APLICATIVO.match(codigo):
        modelo = TOTPDevice
    elif CODIGO_DE_RECUPERACAO.match(codigo):
        modelo = StaticDevice
    else:
        raise ValidationError(
            f"Código “{codigo[:12]}” inválido: digite os 6 dígitos do aplicativo autenticador ou um código "
            "de recuperação (8 letras e números).",
            code="formato",
        )
    dispositivo, recusa = _conferir(modelo, usuario, codigo, confirmado=True)
    if recusa is not None:
        if recusa.code == "sem_dispositivo" and modelo is StaticDevice:
            raise ValidationError("Você não tem códigos de recuperação: use o código do aplicativo.")
        if recusa.code == "sem_dispositivo":
            raise ValidationError("Você ainda não cadastrou o aplicativo autenticador.")
        raise recusa
    restantes = dispositivo.token_set.count() if modelo is StaticDevice else None
    return Verificacao(dispositivo, restantes)


def gerar_codigos_de_recuperacao(usuario) -> list[str]:
    """Dez códigos novos; os anteriores deixam de valer. Mostrados uma vez só, a quem os gerou."""
    with transaction.atomic():
        StaticDevice.objects.filter(user=usuario).delete()
        dispositivo = StaticDevice.objects.create(user=usuario, name=NOME_DOS_CODIGOS, confirmed=True)
        codigos = []
        while len(codigos) < QUANTIDADE_DE_CODIGOS:
            codigo = StaticToken.random_token()
            if codigo not in codigos:
                codigos.append(codigo)
        StaticToken.objects.bulk_create(StaticToken(device=dispositivo, token=codigo) for codigo in codigos)
    return codigos


def entrar_com(request, dispositivo) -> None:
    """Marca a sessão como verificada pelo ``dispositivo`` (e troca a chave da sessão: o nível de
    acesso subiu)."""
    request.session.cycle_key()
    django_otp.login(request, dispositivo)
