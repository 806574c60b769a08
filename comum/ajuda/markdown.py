"""Markdown → HTML só para o que os documentos de ``docs/`` usam: títulos (com âncora; "## 9. …" vira
``#secao-9``, o "§9" das telas), parágrafos, listas, citações, tabelas de barras, blocos de código,
``código``, **negrito** e links. Todo texto é escapado antes; um link para outro documento da ajuda
vira link para a página dele, um link para um caminho do repositório fica só o texto."""

import re
import unicodedata

from django.utils.html import escape

from . import PAGINA_DO_ARQUIVO

_TITULO = re.compile(r"^(#{1,6})\s+(.*)$")
_ITEM = re.compile(r"^(\s*)(?:[-*]|\d+\.)\s+(.*)$")
_SECAO = re.compile(r"^(\d+)\.\s")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


def em_html(texto: str, *, url_da_pagina) -> str:
    """O documento em HTML; ``url_da_pagina(pagina)`` dá o endereço de outra página da ajuda."""
    blocos, linhas, i = [], texto.splitlines(), 0
    while i < len(linhas):
        linha = linhas[i]
        if not linha.strip():
            i += 1
        elif linha.startswith("```"):
            fim = next((j for j in range(i + 1, len(linhas)) if linhas[j].startswith("```")), len(linhas))
            blocos.append(f"<pre><code>{escape(chr(10).join(linhas[i + 1 : fim]))}</code></pre>")
            i = fim + 1
        elif casou := _TITULO.match(linha):
            nivel = min(len(casou[1]) + 1, 6)  # o h1 é o título da página
            blocos.append(f'<h{nivel} id="{ancora(casou[2])}">{_inline(casou[2], url_da_pagina)}</h{nivel}>')
            i += 1
        elif linha.lstrip().startswith("|"):
            fim = _fim(linhas, i, lambda x: x.lstrip().startswith("|"))
            blocos.append(_tabela(linhas[i:fim], url_da_pagina))
            i = fim
        elif linha.startswith(">"):
            fim = _fim(linhas, i, lambda x: x.startswith(">"))
            citacao = " ".join(x.lstrip("> ") for x in linhas[i:fim])
            blocos.append(f"<blockquote><p>{_inline(citacao, url_da_pagina)}</p></blockquote>")
            i = fim
        elif _ITEM.match(linha):
            fim = _fim(linhas, i, lambda x: bool(x.strip()) and (bool(_ITEM.match(x)) or x.startswith(" ")))
            blocos.append(_lista(linhas[i:fim], url_da_pagina))
            i = fim
        else:
            fim = _fim(linhas, i, lambda x: bool(x.strip()) and not _TITULO.match(x) and not x.startswith("```"))
            blocos.append(f"<p>{_inline(' '.join(linhas[i:fim]), url_da_pagina)}</p>")
            i = fim
    return "\n".join(blocos)


def ancora(titulo: str) -> str:
    """ "9. O que o sistema garante" → ``secao-9``; outro título → as palavras sem acento, com hífens."""
    if casou := _SECAO.match(titulo):
        return f"secao-{casou[1]}"
    simples = unicodedata.normalize("NFKD", titulo).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", simples).strip("-") or "secao"


def _fim(linhas, inicio, continua) -> int:
    fim = inicio + 1
    while fim < len(linhas) and continua(linhas[fim]):
        fim += 1
    return fim


def _tabela(linhas, url_da_pagina) -> str:
    celulas = [[c.strip() for c in linha.strip().strip("|").split("|")] for linha in linhas]
    cabecalho = celulas[0]
    corpo = [linha for linha in celulas[1:] if not all(set(c) <= set("-: ") for c in linha)]
    th = "".join(f'<th scope="col">{_inline(c, url_da_pagina)}</th>' for c in cabecalho)
    trs = "".join("<tr>" + "".join(f"<td>{_inline(c, url_da_pagina)}</td>" for c in linha) + "</tr>" for linha in corpo)
    return f'<div class="caixa-de-rolagem" tabindex="0"><table><thead><tr>{th}</tr></thead><tbody>{trs}</tbody></table></div>'


def _lista(linhas, url_da_pagina) -> str:
    ordenada = bool(re.match(r"^\s*\d+\.", linhas[0]))
    itens: list[str] = []
    for linha in linhas:
        casou = _ITEM.match(linha)
        if casou and len(casou[1]) < 2:
            itens.append(casou[2])
        elif itens:
            itens[-1] += " " + (f"— {casou[2]}" if casou else linha.strip())
    marca = "ol" if ordenada else "ul"
    return f"<{marca}>" + "".join(f"<li>{_inline(item, url_da_pagina)}</li>" for item in itens) + f"</{marca}>"


def _inline(texto: str, url_da_pagina) -> str:
    pedacos, inicio = [], 0
    for link in _LINK.finditer(texto):
        pedacos += [_simples(texto[inicio : link.start()]), _link(_simples(link[1]), link[2], url_da_pagina)]
        inicio = link.end()
    return "".join([*pedacos, _simples(texto[inicio:])])


def _simples(texto: str) -> str:
    """``código`` e **negrito**; o resto, escapado."""
    saida = []
    for parte in re.split(r"(`[^`]+`)", texto):
        if len(parte) > 1 and parte.startswith("`") and parte.endswith("`"):
            saida.append(f"<code>{escape(parte[1:-1])}</code>")
        else:
            saida.append(re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", str(escape(parte))))
    return "".join(saida)


def _link(rotulo: str, destino: str, url_da_pagina) -> str:
    arquivo, _, secao = destino.partition("#")
    if destino.startswith(("https://", "http://")):
        return f'<a href="{escape(destino)}">{rotulo}</a>'
    if (pagina := PAGINA_DO_ARQUIVO.get(arquivo.rsplit("/", 1)[-1])) is not None:
        return f'<a href="{url_da_pagina(pagina)}{"#" + escape(secao) if secao else ""}">{rotulo}</a>'
    return rotulo  # um caminho do repositório: só o texto
