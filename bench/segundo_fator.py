"""O segundo fator dos usuários dos benchmarks: o aplicativo autenticador (TOTP) de cada um, como o
de uma pessoa, e nada desligado no sistema.

Todo usuário entra com a senha e o código de 6 dígitos do aplicativo (README, "Segurança";
``comum/dois_fatores/``). Os benchmarks passam pela mesma barreira:

- ``aplicativo_de(usuario)`` cadastra o autenticador pelo caminho de verdade — o dispositivo em
  cadastro (``dois_fatores.autenticador_em_cadastro``) confirmado com o primeiro código
  (``dois_fatores.confirmar_cadastro``, que gera também os códigos de recuperação) — e devolve o
  ``Aplicativo``: a chave que a pessoa leria do QR code e o passo cujo código já foi usado. Se o
  usuário já tem autenticador confirmado (um banco reaproveitado), a chave vem dele;
- ``Aplicativo.codigo()`` é o que o celular mostra agora (``django_otp.oath``). O django-otp recusa
  o código de um passo já aceito (``last_t``): se o de agora já foi usado, a pessoa espera o código
  seguinte, e ``codigo()`` também (até 30 s). Sem erro de propósito: cada código errado conta na
  espera do django-otp (1, 2, 4… segundos) e seria uma tentativa a mais na conta do usuário;
- ``entrar_no_cliente(cliente, usuario)`` deixa um ``django.test.Client`` como o de quem entrou: o
  atalho ``force_login`` para a senha e o código informado na tela — a de cadastro no primeiro login
  (que confirma o aplicativo e já verifica a sessão), a do código depois.

Este arquivo só importa a biblioteca padrão e ``django_otp.oath`` no topo: o ``locustfile.py`` o
usa sem configurar o Django. As chaves são de usuários de teste em bancos descartáveis, como as
senhas da carga.
"""

import time
from dataclasses import asdict, dataclass

from django_otp.oath import TOTP

TELA_DO_CODIGO = "/contas/dois-fatores/verificar/"


@dataclass
class Aplicativo:
    """O aplicativo autenticador de um usuário: a chave (hex) e os parâmetros do TOTP, e o último
    passo cujo código o sistema já aceitou (``usado``)."""

    chave: str
    passo: int = 30
    t0: int = 0
    digitos: int = 6
    usado: int = -1

    def _totp(self) -> TOTP:
        # O celular conta o tempo pelo próprio relógio: sem a "deriva" que o servidor estima.
        return TOTP(bytes.fromhex(self.chave), self.passo, self.t0, self.digitos)

    def espera(self) -> float:
        """Segundos até aparecer um código ainda não usado (0 se o de agora serve)."""
        if self._totp().t() > self.usado:
            return 0.0
        return self.t0 + (self.usado + 1) * self.passo - time.time() + 0.05

    def codigo(self) -> str:
        """O código que o aplicativo mostra agora; se o deste passo já foi usado, espera o próximo
        (``time.sleep``: no Locust, o gevent o troca por uma pausa só deste usuário simulado)."""
        while (segundos := self.espera()) > 0:
            time.sleep(segundos)
        totp = self._totp()
        self.usado = totp.t()
        return f"{totp.token():0{self.digitos}d}"

    def como_dicionario(self) -> dict:
        return asdict(self)


def aplicativo_de(usuario) -> Aplicativo:
    """O aplicativo do usuário, cadastrado agora pelas telas de verdade (os serviços delas) se ele
    ainda não tem um autenticador confirmado."""
    from django_otp.plugins.otp_totp.models import TOTPDevice

    from comum import dois_fatores

    existente = TOTPDevice.objects.filter(user=usuario, confirmed=True).order_by("pk").first()
    if existente is not None:
        return _do_dispositivo(existente)
    aplicativo = _do_dispositivo(dois_fatores.autenticador_em_cadastro(usuario))
    dispositivo, _codigos_de_recuperacao = dois_fatores.confirmar_cadastro(usuario, aplicativo.codigo())
    aplicativo.usado = dispositivo.last_t
    return aplicativo


def _do_dispositivo(dispositivo) -> Aplicativo:
    return Aplicativo(
        chave=dispositivo.key,
        passo=dispositivo.step,
        t0=dispositivo.t0,
        digitos=dispositivo.digits,
        usado=dispositivo.last_t,
    )


def entrar_no_cliente(cliente, usuario, *, destino: str = "/admin/") -> None:
    """A senha (o atalho ``force_login``) e o código do aplicativo na tela, como a pessoa: no primeiro
    login, a tela de cadastro (o código de cadastro que o administrador emitiria, a chave que o QR
    code mostra e o primeiro código, que confirma o aplicativo e já dá a sessão por verificada);
    depois, a tela do código. Falha alto se a tela não
    aceitar, para que nenhum benchmark meça a barreira no lugar da página."""
    from django.urls import reverse
    from django_otp import DEVICE_ID_SESSION_KEY
    from django_otp.plugins.otp_totp.models import TOTPDevice

    cliente.force_login(usuario)
    if TOTPDevice.objects.filter(user=usuario, confirmed=True).exists():
        tela = reverse("dois_fatores:verificar")
        aplicativo = aplicativo_de(usuario)
        if (segundos := aplicativo.espera()) > 1:
            print(f"{usuario}: o código do aplicativo de agora já foi usado; esperando o próximo ({segundos:.0f} s)")
    else:
        from comum.convites import codigos

        tela = reverse("dois_fatores:cadastrar")
        # O código de cadastro que o administrador entregaria à pessoa; sem ele a tela não mostra a chave.
        liberado = cliente.post(tela, {"codigo_de_cadastro": codigos.emitir(usuario), "next": destino})
        if liberado.status_code != 302:
            raise RuntimeError(f"{usuario}: a tela de cadastro ({tela}) recusou o código de cadastro.")
        pagina = cliente.get(tela, {"next": destino})  # a tela cria o dispositivo em cadastro e mostra a chave
        dispositivo = TOTPDevice.objects.filter(user=usuario, confirmed=False).order_by("pk").first()
        if pagina.status_code != 200 or dispositivo is None:
            raise RuntimeError(
                f"{usuario}: a tela de cadastro do aplicativo ({tela}) não abriu (HTTP {pagina.status_code})."
            )
        aplicativo = _do_dispositivo(dispositivo)
    resposta = cliente.post(tela, {"codigo": aplicativo.codigo(), "next": destino})
    if resposta.status_code >= 400 or not cliente.session.get(DEVICE_ID_SESSION_KEY):
        raise RuntimeError(
            f"{usuario}: a tela do segundo fator ({tela}) não aceitou o código do aplicativo "
            f"(HTTP {resposta.status_code}); o benchmark mediria a barreira, não a página."
        )
