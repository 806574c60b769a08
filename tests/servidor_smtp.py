"""Um servidor SMTP de verdade no loopback para os testes do aviso pessoal (issue 28), com o aiosmtpd:
o Django fala SMTP com ele como falaria com o servidor da Prefeitura. Recebe as mensagens numa lista;
recusa para sempre (550) os endereços de ``recusados`` e, por um tempo, (451) os de ``adiados``."""

import email
import socket
from email import policy

from aiosmtpd.controller import Controller


class Caixa:
    """O ``handler`` do aiosmtpd: decide cada destinatário (RCPT TO) e guarda cada mensagem (DATA)."""

    def __init__(self):
        self.mensagens = []
        self.recusados = set()
        self.adiados = set()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.recusados:
            return "550 5.1.1 Caixa postal inexistente"
        if address in self.adiados:
            return "451 4.3.0 Tente mais tarde"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        mensagem = email.message_from_bytes(envelope.content, policy=policy.default)
        self.mensagens.append(mensagem)
        return "250 Mensagem aceita"

    def para(self, endereco: str) -> list:
        return [m for m in self.mensagens if endereco in m["To"]]


def porta_livre() -> int:
    with socket.socket() as tomada:
        tomada.bind(("127.0.0.1", 0))
        return tomada.getsockname()[1]


def iniciar() -> tuple[Controller, Caixa]:
    caixa = Caixa()
    controle = Controller(caixa, hostname="127.0.0.1", port=porta_livre())
    controle.start()
    return controle, caixa
