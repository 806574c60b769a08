"""``importar_inscricoes EDITAL ARQUIVO [--layout NOME | --coluna "Cabeçalho=campo" …] [--confirmar]
[--usuario LOGIN]``: importa o arquivo da banca pelo mesmo caminho do segundo plano
(``importacao.massa``), com o mapeamento das colunas (``importacao.mapeamento``).

Sem ``--confirmar`` é um ensaio: confere tudo e diz quantas inscrições seriam novas, atualizadas e
sem mudança, sem gravar nada. Com ``--confirmar``, grava tudo numa transação, ou nada. Arquivo com
erro: a tabela dos erros (linhas, coluna com o cabeçalho e a letra, valor, mensagem), agrupados
como na tela (``erros.agrupar``), e o comando sai com código 1 sem gravar nada.

O mapeamento: ``--layout`` (um leiaute salvo, pelo nome ou por ``banca/nome``), completado pelas
sugestões para as colunas que ele não cita; ``--coluna`` escolhe o campo de uma coluna (ou
``ignorar``), por cima do leiaute e das sugestões. Sem os dois, um arquivo com os cabeçalhos aceitos
é importado como está; um com os cabeçalhos da banca é recusado com as sugestões em ``--coluna``.
Coluna sem leiaute, sem ``--coluna`` e sem sugestão não é ignorada em silêncio: é recusada.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from comum import planilhas
from concursos.importacao import mapeamento as mapa
from concursos.importacao.erros import agrupar
from concursos.importacao.leitores import normalizar_cabecalho
from concursos.importacao.massa import importar_conjunto
from concursos.importacao.resultado import ImportacaoRecusada
from concursos.management.usuarios import usuario_do_comando
from concursos.models import Edital, LeiauteDeImportacao

from .gerar_resultado import FORMATO_DO_EDITAL, buscar_edital

PERMISSAO = "concursos.import_inscricao"

LARGURA_DO_VALOR = 30


class Command(BaseCommand):
    help = "Importa as inscrições do arquivo da banca num edital (ensaio sem --confirmar)."

    def add_arguments(self, parser):
        parser.add_argument("edital", help='número/ano do edital ("1/2025") ou o seu identificador (pk)')
        parser.add_argument("arquivo", help="o arquivo da banca (.csv ou .xlsx)")
        parser.add_argument("--layout", help='leiaute salvo: o nome, ou "banca/nome" se o nome se repete')
        parser.add_argument(
            "--coluna",
            action="append",
            default=[],
            metavar='"CABEÇALHO=CAMPO"',
            help='o campo de uma coluna do arquivo, ou "ignorar" (pode repetir)',
        )
        parser.add_argument("--confirmar", action="store_true", help="grava (sem isto, só confere e conta)")
        parser.add_argument("--usuario", help="quem importa (padrão: o primeiro superusuário)")

    def handle(self, *args, **options):
        edital = _edital(options["edital"])
        usuario = usuario_do_comando(options["usuario"], [PERMISSAO]) if options["confirmar"] else None
        caminho = Path(options["arquivo"])
        try:
            conjunto = planilhas.ler_arquivo(caminho.name, caminho.read_bytes())
        except OSError as erro:
            raise CommandError(f"Não foi possível ler o arquivo {caminho}: {erro.strerror or erro}.") from None
        except planilhas.ArquivoInvalido as erro:
            raise CommandError(f"Arquivo {caminho.name} recusado: {erro}") from None
        mapeamento = self._mapeamento(conjunto, edital, options["layout"], options["coluna"])
        try:
            if mapeamento is not None and (problemas := mapa.mapear(conjunto, edital, mapeamento)):
                raise ImportacaoRecusada(problemas)
            resumo = importar_conjunto(edital, conjunto, caminho.name, por=usuario, ensaio=not options["confirmar"])
        except ImportacaoRecusada as recusa:
            self._tabela_de_erros(recusa)
            raise CommandError(
                f"Arquivo {caminho.name} recusado: {recusa.quantidade} "
                f"{'erro' if recusa.quantidade == 1 else 'erros'}; nada foi gravado."
            ) from None
        self._resumo(edital, resumo, confirmado=options["confirmar"])

    # ------------------------------------------------------------------ o mapeamento

    def _mapeamento(self, conjunto, edital, layout: str | None, colunas: list[str]) -> dict | None:
        if layout is None and not colunas:
            if mapa.precisa_mapear(conjunto, edital):
                raise CommandError(_sugerir(conjunto, edital))
            return None
        leiaute = _leiaute(layout).colunas if layout else {}
        escolhidas = _colunas_escolhidas(colunas, mapa.cabecalhos_do_arquivo(conjunto))
        return mapa.do_leiaute(conjunto, edital, leiaute, escolhidas)

    # ------------------------------------------------------------------ a saída

    def _resumo(self, edital, resumo, *, confirmado: bool) -> None:
        verbo = "importado" if confirmado else "conferido (ensaio: nada foi gravado; grave com --confirmar)"
        self.stdout.write(f"Edital {edital}: arquivo {resumo.arquivo} {verbo}.")
        self.stdout.write(
            f"  {resumo.linhas} linhas: {resumo.novas} novas, {resumo.atualizadas} atualizadas, "
            f"{resumo.sem_mudanca} sem mudança"
        )
        self.stdout.write(
            f"  candidatos: {resumo.candidatos_novos} novos, {resumo.candidatos_atualizados} atualizados; "
            f"opções por grupo: {resumo.opcoes_criadas} criadas, {resumo.opcoes_retiradas} retiradas"
        )

    def _tabela_de_erros(self, recusa: ImportacaoRecusada) -> None:
        grupos = agrupar(recusa.erros)
        linhas = [
            (
                g.linhas_em_texto,
                f"{g.coluna} ({g.letra})" if g.letra else g.coluna or "—",
                _curto(g.valor) if g.valor else ("—" if not g.coluna else "(vazio)"),
                g.motivo,
            )
            for g in grupos
        ]
        titulos = ("linha", "coluna", "valor", "mensagem")
        larguras = [max(len(t), *(len(linha[i]) for linha in linhas)) for i, t in enumerate(titulos[:3])]
        for linha in [titulos, *linhas]:
            inicio = "  ".join(celula.ljust(larguras[i]) for i, celula in enumerate(linha[:3]))
            self.stderr.write(f"{inicio}  {linha[3]}")


def _curto(valor: str) -> str:
    return valor if len(valor) <= LARGURA_DO_VALOR else valor[: LARGURA_DO_VALOR - 1] + "…"


def _sugerir(conjunto, edital) -> str:
    """A recusa do arquivo com cabeçalhos da banca: o comando com as sugestões e os leiautes."""
    colunas = mapa.colunas_do_arquivo(conjunto, edital)
    opcoes = " ".join(f'--coluna "{c.cabecalho}={c.sugestao}"' for c in colunas)
    partes = [
        "O arquivo não usa os cabeçalhos aceitos; diga para onde vai cada coluna. Sugestão (confira as "
        f"colunas marcadas “{mapa.IGNORAR}”):",
        f"  {opcoes}",
    ]
    sugeridos = mapa.leiautes_sugeridos(mapa.cabecalhos_do_arquivo(conjunto))
    if sugeridos:
        partes.append(
            "Ou use um leiaute salvo: " + ", ".join(f'--layout "{_nome(leiaute)}"' for leiaute in sugeridos[:5])
        )
    return "\n".join(partes)


def _colunas_escolhidas(escolhas: list[str], cabecalhos: list[str]) -> dict[str, str]:
    """``["Nome do Candidato=nome"]`` → ``{"Nome do Candidato": "nome"}``, com o cabeçalho como está
    no arquivo (achado sem diferença de acentos, maiúsculas e espaços)."""
    do_arquivo = {normalizar_cabecalho(c): c for c in cabecalhos}
    escolhidas = {}
    for escolha in escolhas:
        cabecalho, separador, campo = escolha.rpartition("=")
        if not separador or not cabecalho.strip() or not campo.strip():
            raise CommandError(
                f'--coluna "{escolha}": escreva "Cabeçalho=campo", por exemplo "Nome do Candidato=nome".'
            )
        original = do_arquivo.get(normalizar_cabecalho(cabecalho))
        if original is None:
            existentes = ", ".join(f"“{c}”" for c in cabecalhos)
            raise CommandError(
                f"--coluna: o arquivo não tem a coluna “{cabecalho.strip()}”; as colunas são: {existentes}."
            )
        escolhidas[original] = campo.strip()
    return escolhidas


def _leiaute(texto: str) -> LeiauteDeImportacao:
    banca, _, nome = texto.rpartition("/")
    achados = LeiauteDeImportacao.objects.filter(nome__iexact=nome.strip())
    if banca.strip():
        achados = achados.filter(banca__iexact=banca.strip())
    achados = list(achados[:2])
    if len(achados) == 1:
        return achados[0]
    salvos = ", ".join(f"“{_nome(leiaute)}”" for leiaute in LeiauteDeImportacao.objects.all()) or "nenhum"
    if achados:
        raise CommandError(f'Há leiautes “{nome.strip()}” de mais de uma banca; use --layout "banca/nome": {salvos}.')
    raise CommandError(f"Leiaute “{texto}” não encontrado. Leiautes salvos: {salvos}.")


def _nome(leiaute: LeiauteDeImportacao) -> str:
    return f"{leiaute.banca}/{leiaute.nome}"


def _edital(texto: str) -> Edital:
    """O edital por ``número/ano`` (``1/2025``) ou pelo identificador (pk)."""
    if FORMATO_DO_EDITAL.match(texto or ""):
        return buscar_edital(texto)
    if (texto or "").strip().isdigit():
        edital = Edital.objects.filter(pk=int(texto)).first()
        do_numero = list(Edital.objects.filter(numero=int(texto))[:2])
        if edital is None and len(do_numero) == 1:
            edital = do_numero[0]
        if edital is not None:
            return edital
    existentes = ", ".join(f"{e} (pk {e.pk})" for e in Edital.objects.order_by("ano", "numero")) or "nenhum"
    raise CommandError(f"Edital {texto!r} não encontrado. Escreva número/ano (1/2025) ou o pk. Editais: {existentes}.")
