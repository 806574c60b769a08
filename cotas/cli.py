"""``simular_cotas``: lê um cenário, escreve o resultado (docs/FORMATO-CENARIO.md). Sem Django, sem banco.

Saída 0 com o JSON no stdout; entrada inválida: mensagem em português no stderr, nada no stdout,
saída 2.
"""

import gc
import sys

from .cenario import formatar_json, ler_json, resultado_para_dict
from .erros import ErroDeCotas
from .motor import simular

USO = "uso: python manage.py simular_cotas ARQUIVO.json  (ou - para a entrada padrão)"


def executar(caminho: str, entrada=None, saida=None, erros=None) -> int:
    # Um edital nacional cria centenas de milhares de objetos que vivem até o fim: o coletor de
    # ciclos só atrasaria (nada aqui forma ciclos que precisem ser coletados durante a execução).
    gc.disable()
    try:
        return _executar(caminho, entrada, saida, erros)
    finally:
        gc.enable()


def _executar(caminho: str, entrada=None, saida=None, erros=None) -> int:
    entrada = entrada or sys.stdin
    saida = saida or sys.stdout
    erros = erros or sys.stderr
    try:
        texto = _ler(caminho, entrada)
        cenario = ler_json(texto)
        texto_saida = formatar_json(resultado_para_dict(simular(cenario), cenario))
    except ErroDeCotas as erro:
        erros.write(f"Erro no cenário: {erro}\n")
        return 2
    saida.write(texto_saida)
    return 0


def _ler(caminho: str, entrada) -> bytes | str:
    if caminho == "-":
        buffer = getattr(entrada, "buffer", None)
        return buffer.read() if buffer is not None else entrada.read()
    try:
        with open(caminho, "rb") as arquivo:
            return arquivo.read()
    except OSError as erro:
        raise ErroDeCotas(f"Não foi possível ler o arquivo {caminho!r}: {erro.strerror}.") from None


def main(argv=None) -> int:
    argumentos = sys.argv[1:] if argv is None else argv
    if argumentos and argumentos[0] in ("-h", "--help"):
        sys.stdout.write(USO + "\n\nSimula a reserva de vagas de um cargo (cotas-cenario/1 → cotas-resultado/1).\n")
        return 0
    if len(argumentos) != 1:
        sys.stderr.write(USO + "\n")
        return 2
    return executar(argumentos[0])


if __name__ == "__main__":
    raise SystemExit(main())
