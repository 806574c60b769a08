"""O arquivo que a importação pelo admin (e a das avaliações PcD em lote, ``tela_das_avaliacoes``)
guarda entre a prévia e a confirmação, e a limpeza dos abandonados (``manage.py limpar_importacoes``)."""

from datetime import timedelta

from comum import relogio


def armazenamento_temporario():
    """O armazenamento privado (nunca servido pela web) e a pasta onde a importação guarda o arquivo
    entre a prévia e a confirmação (``MediaStorage`` do django-import-export; docs/TECNICO.md §1.1)."""
    from import_export.tmp_storages import MediaStorage

    temporario = MediaStorage()
    return temporario._storage, temporario.MEDIA_FOLDER


def arquivo_temporario_existe(nome: str) -> bool:
    armazenamento, pasta = armazenamento_temporario()
    return armazenamento.exists(f"{pasta}/{nome}")


def limpar_importacoes_abandonadas(horas: float = 24, *, agora=None) -> list[str]:
    """Apaga os arquivos de importação guardados há mais de ``horas`` horas: prévias com erro ou nunca
    confirmadas (a biblioteca só apaga o arquivo na confirmação). Devolve os nomes apagados."""
    armazenamento, pasta = armazenamento_temporario()
    if not armazenamento.exists(pasta):
        return []
    limite = (agora or relogio.agora()) - timedelta(hours=horas)
    apagados = []
    for nome in sorted(armazenamento.listdir(pasta)[1]):
        caminho = f"{pasta}/{nome}"
        if armazenamento.get_modified_time(caminho) < limite:
            armazenamento.delete(caminho)
            apagados.append(nome)
    return apagados
