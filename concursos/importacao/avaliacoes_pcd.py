"""As avaliações PcD em lote: a planilha com o que a equipe multiprofissional decidiu sobre cada
inscrição, lida, conferida inteira e só então registrada, um ato por linha, pelo mesmo caminho da
tela de uma inscrição (``verificacoes.registrar_avaliacao_pcd``), numa transação só
(docs/HETEROIDENTIFICACAO.md, “Avaliações PcD em lote”).

- Colunas: ``inscricao`` e ``situacao``, obrigatórias; ``equipe``, ``documento`` e ``data_do_ato``,
  que podem vir uma vez só no formulário (``Comuns``) para as linhas que não as trazem; ``motivo``
  e ``diario_oficial``, opcionais. Outras colunas (nome, CPF, cargo) são ignoradas.
- Cada erro leva a linha, a coluna (o cabeçalho e a letra), o valor e o motivo
  (``erros.ErroDaPlanilha``); com qualquer erro, nada é gravado.
- Cargo com resultado publicado: a linha é recusada e a tela aponta o formulário da inscrição, que
  mostra antes quem muda (o ato ali vira evento de revisão e nova versão do resultado).
- Linha igual a um ato já registrado (mesma situação, documento, data e equipe) é “já registrada”:
  não grava outro ato; reimportar o mesmo arquivo não duplica nada.
"""

import hashlib
import json
from dataclasses import dataclass, field, replace
from datetime import date

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

import cotas
from comum.mensagens import mensagem_de
from comum.planilhas import letra_da_coluna, texto
from cotas.modelo import AUSENTE, CONFIRMADO, DECLARACAO_FALSA, NAO_CONFIRMADO, PENDENTE

from ..atos import ROTULOS_DAS_SITUACOES, Ato, conferir_data_do_ato, grupos_da_avaliacao_pcd
from ..models import AtoDeVerificacao, Cargo, Edital, Inscricao
from ..services import verificacoes
from .erros import SEM_LINHA, ErroDaPlanilha
from .leitores import ValorInvalido, ler_dia, ler_texto, normalizar_cabecalho, sem_acentos


@dataclass(frozen=True)
class Coluna:
    nome: str
    apelidos: tuple[str, ...]
    maximo: int = 0  # texto: o tamanho do campo gravado
    comum: bool = False  # pode vir no formulário, para todas as linhas


COLUNAS = (
    Coluna("inscricao", ("inscricao", "numero", "numero_de_inscricao", "numero_da_inscricao", "n_inscricao"), 20),
    Coluna("situacao", ("situacao", "resultado", "resultado_da_avaliacao", "avaliacao", "conclusao"), 40),
    Coluna("equipe", ("equipe", "equipe_multiprofissional", "equipe_avaliadora"), 300, comum=True),
    Coluna("documento", ("documento", "laudo", "numero_do_parecer", "parecer_da_equipe"), 120, comum=True),
    Coluna("data_do_ato", ("data_do_ato", "data", "data_da_avaliacao", "data_do_parecer"), comum=True),
    Coluna("motivo", ("motivo", "observacao", "observacoes", "justificativa"), 20_000),
    Coluna("diario_oficial", ("diario_oficial", "publicacao", "dom"), 200),
)
POR_APELIDO = {apelido: coluna for coluna in COLUNAS for apelido in coluna.apelidos}
OBRIGATORIAS = ("inscricao", "situacao")

# A palavra da planilha (sem acentos, minúsculas, espaços simples) → a situação da verificação.
SITUACOES = {
    **dict.fromkeys(("confirmado", "confirmada", "deferido", "deferida", "apto", "apta"), CONFIRMADO),
    **dict.fromkeys(("enquadrado", "enquadrada", "pcd confirmada", "deficiencia confirmada"), CONFIRMADO),
    **dict.fromkeys(("nao confirmado", "nao confirmada", "indeferido", "indeferida", "inapto", "inapta"), NAO_CONFIRMADO),
    **dict.fromkeys(("nao enquadrado", "nao enquadrada", "deficiencia nao confirmada"), NAO_CONFIRMADO),
    **dict.fromkeys(("ausente", "faltou", "nao compareceu"), AUSENTE),
}  # fmt: skip
USE_ESTAS = "use confirmada (ou deferido, apto), não confirmada (ou indeferido, inapto) ou ausente"
RECUSADAS = {
    PENDENTE: "pendente não é resultado de avaliação: deixe a linha fora do arquivo até a equipe decidir",
    DECLARACAO_FALSA: "declaração falsa não vem da avaliação da equipe, só do processo de apuração ou da Justiça "
    "(“Registrar decisão judicial”, na ficha da inscrição)",
}


@dataclass(frozen=True)
class Comuns:
    """Os valores dados uma vez no formulário, para as linhas que não os trazem."""

    equipe: str = ""
    documento: str = ""
    data_do_ato: date | None = None


@dataclass(frozen=True)
class Avaliacao:
    """Uma linha conferida: o ato que ela registrará (ou, se já registrado, nada)."""

    linha: int
    inscricao: Inscricao
    situacao: str
    escrita: str  # a situação como veio no arquivo
    equipe: str
    documento: str
    data_do_ato: date
    motivo: str = ""
    diario_oficial: str = ""
    ja_registrada: bool = False

    @property
    def lida_como(self) -> str:
        return ROTULOS_DAS_SITUACOES[self.situacao]

    @property
    def ato(self) -> Ato:
        return Ato(documento=self.documento, data_do_ato=self.data_do_ato, diario_oficial=self.diario_oficial)

    @property
    def chave(self) -> tuple:
        return (self.inscricao.pk, self.situacao, self.documento, self.data_do_ato, self.equipe)


@dataclass
class Conferida:
    avaliacoes: list[Avaliacao] = field(default_factory=list)
    erros: list[ErroDaPlanilha] = field(default_factory=list)

    @property
    def novas(self) -> list[Avaliacao]:
        return [a for a in self.avaliacoes if not a.ja_registrada]

    @property
    def ja_registradas(self) -> list[Avaliacao]:
        return [a for a in self.avaliacoes if a.ja_registrada]

    @property
    def assinatura(self) -> str:
        """O resumo do que a prévia mostra (e a confirmação gravará): muda se o arquivo, os valores
        comuns, as inscrições ou os atos já registrados mudarem."""
        linhas = [
            [a.linha, a.inscricao.pk, a.situacao, a.equipe, a.documento, a.data_do_ato.isoformat(), a.motivo,
             a.diario_oficial, a.ja_registrada]
            for a in self.avaliacoes
        ]  # fmt: skip
        erros = [[e.linha, e.letra, e.valor, e.motivo] for e in self.erros]
        conteudo = json.dumps([linhas, erros], ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(conteudo.encode()).hexdigest()


class Recusadas(Exception):
    """Nada foi gravado: ``erros`` diz por quê (da conferência, ou do serviço numa linha)."""

    def __init__(self, erros: list[ErroDaPlanilha]):
        super().__init__(f"{len(erros)} erro(s) na planilha de avaliações PcD.")
        self.erros = erros


class PreviaDesatualizada(Exception):
    """O que a confirmação gravaria não é mais o que a prévia mostrou."""


# ---------------------------------------------------------------- conferir


def conferir(edital: Edital, conjunto, comuns: Comuns | None = None) -> Conferida:
    """Lê e confere todas as linhas do conjunto (``comum.planilhas.ler_arquivo``), sem gravar nada."""
    return _Conferencia(edital, conjunto, comuns or Comuns()).conferir()


class _Conferencia:
    def __init__(self, edital, conjunto, comuns):
        self.edital, self.conjunto, self.comuns = edital, conjunto, comuns
        self.resultado = Conferida()
        self.linhas = getattr(conjunto, "linhas", None) or list(range(2, len(conjunto) + 2))
        self.indices, self.rotulos = {}, {}  # nome → índice; nome → (cabeçalho, letra)

    def conferir(self) -> Conferida:
        if self._cabecalho():
            linhas = [
                (numero, dict(self._lidas(valores))) for numero, valores in zip(self.linhas, self.conjunto, strict=True)
            ]
            self._carregar([lidos.get("inscricao") for _, lidos in linhas])
            for numero, lidos in linhas:
                self._linha(numero, lidos)
        return self.resultado

    def erro(self, linha: int, nome: str, valor, motivo: str) -> None:
        cabecalho, letra = self.rotulos.get(nome, (nome, ""))
        conteudo = texto(valor)
        conteudo = conteudo[:60] + "…" if len(conteudo) > 60 else conteudo
        self.resultado.erros.append(ErroDaPlanilha(linha, cabecalho, letra, conteudo, motivo))

    def _cabecalho(self) -> bool:
        linha = getattr(self.conjunto, "linha_do_cabecalho", 1)
        for indice, original in enumerate(self.conjunto.headers or ()):
            coluna = POR_APELIDO.get(normalizar_cabecalho(original))
            if coluna is None:
                continue
            if coluna.nome in self.indices:
                primeira = self.rotulos[coluna.nome][0]
                self._do_cabecalho(linha, f"a coluna “{original}” repete “{primeira}” ({coluna.nome}); deixe uma só")
                continue
            self.indices[coluna.nome] = indice
            self.rotulos[coluna.nome] = (original, letra_da_coluna(indice))
        for coluna in COLUNAS:
            if coluna.nome in self.indices or (coluna.comum and getattr(self.comuns, coluna.nome)):
                continue
            if coluna.nome in OBRIGATORIAS:
                self._do_cabecalho(linha, f"falta a coluna “{coluna.nome}”")
            elif coluna.comum:
                self._do_cabecalho(
                    linha, f"falta a coluna “{coluna.nome}”; ou informe-a no formulário, para todas as linhas"
                )
        return not self.resultado.erros

    def _do_cabecalho(self, linha: int, motivo: str) -> None:
        self.resultado.erros.append(ErroDaPlanilha(linha or SEM_LINHA, "(cabeçalho)", "", "", motivo))

    def _lidas(self, valores):
        """(nome, valor bruto) de cada coluna conhecida presente no arquivo."""
        for nome, indice in self.indices.items():
            bruto = valores[indice] if indice < len(valores) else None
            yield nome, bruto

    def _carregar(self, numeros) -> None:
        """As inscrições do arquivo (uma consulta), os cargos publicados e os atos já registrados."""
        textos = [texto(n) for n in numeros]
        self.contagem = {}
        for numero in textos:
            self.contagem[numero] = self.contagem.get(numero, 0) + 1
        inscricoes = Inscricao.objects.filter(edital=self.edital, numero__in=set(textos) - {""})
        self.inscricoes = {i.numero: i for i in inscricoes.select_related("edital", "cargo", "candidato")}
        cargos = Cargo.objects.filter(pk__in={i.cargo_id for i in self.inscricoes.values()}).com_publicacao()
        self.publicados = {c.pk for c in cargos if c.publicado}
        # O grupo da avaliação PcD é o da tabela do regime do edital, qualquer que seja o nome.
        grupos = grupos_da_avaliacao_pcd(self.edital)
        com_pcd = Inscricao.objects.filter(pk__in=[i.pk for i in self.inscricoes.values()], opcoes__grupo__in=grupos)
        self.com_pcd = set(com_pcd.values_list("pk", flat=True))
        atos = AtoDeVerificacao.objects.filter(
            inscricao__in=self.com_pcd, grupo__in=grupos, origem=AtoDeVerificacao.AVALIACAO_PCD
        ).values_list("inscricao_id", "situacao", "documento", "data_do_ato", "equipe")
        self.registrados = set(atos)

    def _linha(self, linha: int, brutos: dict) -> None:
        antes = len(self.resultado.erros)
        lidos = {coluna.nome: self._celula(linha, coluna, brutos) for coluna in COLUNAS}
        inscricao = self._inscricao(linha, lidos["inscricao"], brutos.get("inscricao"))
        if len(self.resultado.erros) > antes or inscricao is None:
            return
        situacao, escrita = lidos["situacao"]
        avaliacao = Avaliacao(
            linha=linha,
            inscricao=inscricao,
            situacao=situacao,
            escrita=escrita,
            equipe=lidos["equipe"],
            documento=lidos["documento"],
            data_do_ato=lidos["data_do_ato"],
            motivo=lidos["motivo"],
            diario_oficial=lidos["diario_oficial"],
        )
        if avaliacao.chave in self.registrados:
            avaliacao = replace(avaliacao, ja_registrada=True)
        elif inscricao.cargo_id in self.publicados:
            self.erro(linha, "inscricao", brutos.get("inscricao"), _publicado(inscricao))
            return
        self.resultado.avaliacoes.append(avaliacao)

    def _celula(self, linha: int, coluna: Coluna, brutos: dict):
        bruto = brutos.get(coluna.nome)
        try:
            valor = _LEITORES.get(coluna.nome, _ler_texto)(coluna, bruto)
            if coluna.comum and valor in ("", None):
                valor = getattr(self.comuns, coluna.nome)
                if not valor:
                    raise ValorInvalido(f"preencha aqui ou no formulário ({_FALTA[coluna.nome]})")
            elif coluna.nome == "data_do_ato":
                _conferir_data(self.edital, valor)
            return valor
        except ValorInvalido as erro:
            self.erro(linha, coluna.nome, bruto, str(erro))
            return None

    def _inscricao(self, linha: int, numero, bruto) -> Inscricao | None:
        if not numero:
            return None
        inscricao = self.inscricoes.get(numero)
        if inscricao is None:
            motivo = f"não há inscrição com este número no edital {self.edital}"
        elif self.contagem.get(numero, 0) > 1:
            motivo = "inscrição repetida no arquivo: deixe uma linha só por inscrição"
        elif inscricao.pk not in self.com_pcd:
            motivo = "a inscrição não optou pelas vagas de PcD"
        else:
            return inscricao
        self.erro(linha, "inscricao", bruto, motivo)
        return None


_FALTA = {"equipe": "a equipe que avaliou", "documento": "o parecer ou laudo", "data_do_ato": "a data do ato"}


def _ler_texto(coluna: Coluna, bruto) -> str:
    return ler_texto(bruto, maximo=coluna.maximo, obrigatorio=coluna.nome in OBRIGATORIAS)


def _ler_situacao(coluna: Coluna, bruto) -> tuple[str, str]:
    escrita = _ler_texto(coluna, bruto)
    palavra = " ".join(sem_acentos(escrita).lower().replace("_", " ").replace("-", " ").split())
    if palavra in SITUACOES:
        return SITUACOES[palavra], escrita
    recusada = (
        PENDENTE if palavra == "pendente" else DECLARACAO_FALSA if palavra.startswith("declaracao falsa") else None
    )
    raise ValorInvalido(RECUSADAS[recusada] if recusada else USE_ESTAS)


def _ler_data(coluna: Coluna, bruto) -> date | None:
    return ler_dia(bruto)


_LEITORES = {"situacao": _ler_situacao, "data_do_ato": _ler_data}


def _conferir_data(edital: Edital, data_do_ato: date) -> None:
    try:
        conferir_data_do_ato(edital, data_do_ato)
    except ValidationError as erro:
        raise ValorInvalido(mensagem_de(erro).rstrip(".")) from None


def _publicado(inscricao: Inscricao) -> str:
    return (
        f"o resultado do cargo {inscricao.cargo.codigo} já foi publicado: ali a avaliação vira evento de revisão "
        "e nova versão do resultado; registre-a pela ficha da inscrição (“Registrar avaliação PcD”), que "
        "mostra antes quem muda"
    )


# ---------------------------------------------------------------- registrar


def registrar(edital: Edital, conjunto, comuns: Comuns, *, por, assinatura: str) -> Conferida:
    """Confere de novo, dentro da transação e com os cargos travados, e grava um ato por linha nova;
    ``PreviaDesatualizada`` se o resultado não é mais o da prévia (``assinatura``), ``Recusadas``
    com os erros se alguma linha não passa. Qualquer recusa desfaz tudo."""
    verificacoes.exigir_permissao(por)
    with transaction.atomic():
        list(Cargo.objects.select_for_update().filter(edital=edital).values_list("pk", flat=True))
        conferida = conferir(edital, conjunto, comuns)
        if conferida.assinatura != assinatura:
            raise PreviaDesatualizada
        if conferida.erros:
            raise Recusadas(conferida.erros)
        for avaliacao in conferida.novas:
            _registrar_linha(avaliacao, por)
    return conferida


def _registrar_linha(avaliacao: Avaliacao, por) -> None:
    try:
        verificacoes.registrar_avaliacao_pcd(
            avaliacao.inscricao,
            avaliacao.situacao,
            equipe=avaliacao.equipe,
            ato=avaliacao.ato,
            motivo=avaliacao.motivo,
            por=por,
        )
    except (ValidationError, PermissionDenied, cotas.ErroDeCotas) as erro:
        numero = avaliacao.inscricao.numero
        motivo = f"inscrição {numero}: {mensagem_de(erro).rstrip('.')}"
        raise Recusadas([ErroDaPlanilha(avaliacao.linha, "", "", "", motivo)]) from erro
