"""``simular_cotas``: lê um cenário, escreve o resultado (docs/FORMATO-CENARIO.md). Sem Django, sem banco.

Saída 0 com o JSON no stdout; entrada inválida: mensagem em português no stderr, nada no stdout,
saída 2.
"""

import gc
import os
import sys

from .cenario import decodificar_json, formatar_json, ler_cenario, resultado_para_dict
from .erros import ErroDeCotas
from .motor import simular

USO = "uso: python manage.py simular_cotas ARQUIVO.json  (ou - para a entrada padrão)"


def executar(caminho: str, entrada=None, saida=None, erros=None, *, terminar=None) -> int:
    """Lê, simula e escreve; devolve o código de saída. ``terminar(codigo)``, se dado, é chamado
    no fim com os objetos da simulação ainda vivos (``main``: encerrar o processo sem desmontá-los)."""
    # Um edital nacional cria centenas de milhares de objetos que vivem até o fim: o coletor de
    # ciclos só atrasaria (nada aqui forma ciclos que precisem ser coletados durante a execução).
    gc.disable()
    try:
        return _executar(caminho, entrada, saida, erros, terminar)
    finally:
        gc.enable()


def _executar(caminho: str, entrada, saida, erros, terminar) -> int:
    entrada = entrada or sys.stdin
    saida = saida or sys.stdout
    erros = erros or sys.stderr
    dados = cenario = resultado = None
    try:
        texto = _ler(caminho, entrada)
        dados = decodificar_json(texto)
        cenario = ler_cenario(dados)
        resultado = simular(cenario)
        texto_saida = formatar_json(resultado_para_dict(resultado, cenario))
    except ErroDeCotas as erro:
        erros.write(f"Erro no cenário: {erro}\n")
        codigo = 2
    else:
        saida.write(texto_saida)
        codigo = 0
    if terminar is not None:
        terminar(codigo)  # ``dados``, ``cenario`` e ``resultado`` ainda vivos até aqui
    return codigo


def encerrar_sem_desmontar(codigo: int) -> None:
    """Encerra o processo do comando com ``codigo``, sem desalocar um a um os objetos da simulação.

    Num edital nacional, o JSON lido, os 100 mil candidatos e o resultado são centenas de milhares
    de objetos: desalocá-los na saída do Python custa ~50 ms de CPU, e o sistema operacional
    devolve a memória do processo de uma vez. A saída já foi escrita: esvaziam-se os buffers e o
    processo termina (``os._exit``). Se esvaziar falha (a saída padrão fechada), volta-se à saída
    normal do Python, que trata o erro como antes."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:
        return
    os._exit(codigo)


def _ler(caminho: str, entrada) -> bytes | str:
    if caminho == "-":
        buffer = getattr(entrada, "buffer", None)
        return buffer.read() if buffer is not None else entrada.read()
    try:
        with open(caminho, "rb") as arquivo:
            return arquivo.read()
    except OSError as erro:
        raise ErroDeCotas(f"Não foi possível ler o arquivo {caminho!r}: {erro.strerror}.") from None


def main(argv=None, *, terminar=None) -> int:
    """O comando: ``terminar`` como em ``executar`` (o processo do comando passa
    ``encerrar_sem_desmontar``)."""
    argumentos = sys.argv[1:] if argv is None else argv
    if argumentos and argumentos[0] in ("-h", "--help"):
        sys.stdout.write(USO + "\n\nSimula a reserva de vagas de um cargo (cotas-cenario/1 → cotas-resultado/1).\n")
        return 0
    if len(argumentos) != 1:
        sys.stderr.write(USO + "\n")
        return 2
    return executar(argumentos[0], terminar=terminar)


if __name__ == "__main__":
    raise SystemExit(main(terminar=encerrar_sem_desmontar))
