"""O JSON canônico de um valor e o seu SHA-256, escritos de um jeito só: chaves em ordem, sem espaços,
UTF-8 sem escapes. Resumem as entradas gravadas em cada versão do resultado, o código de verificação
do Anexo I e o registro congelado de uma sessão de heteroidentificação: o mesmo valor dá sempre o
mesmo texto e o mesmo código, em qualquer máquina."""

import hashlib
import json


def canonico_e_hash(valor) -> tuple[str, str]:
    """O texto canônico de ``valor`` e o SHA-256 dele (hexadecimal)."""
    texto = json.dumps(valor, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return texto, hashlib.sha256(texto.encode("utf-8")).hexdigest()
