"""O que a prévia da importação mostra ao RH antes de confirmar, numa tela de 1366 px:

- as contagens exatas (novas, atualizadas, sem mudança), as mesmas que a confirmação vai gravar;
- o "lido como": cada grafia das colunas de valores fixos (cor/raça, os sim/não dos grupos e do
  júri, a situação) com o que a importação entendeu dela e em quantas linhas ("PRETA" → preta,
  "N" → não, vazio → não). Uma grafia lida errado tira ou dá a reserva a alguém: o RH confere aqui,
  uma vez por grafia, e não linha a linha;
- as linhas que mudam alguma coisa (as primeiras ``LINHAS_MOSTRADAS``), com o que muda em cada uma,
  em vez da tabela larga da biblioteca com todas as colunas.

Quem anota é o resource (``recurso``) durante a leitura; nada aqui consulta o banco.
"""

from collections import Counter
from dataclasses import dataclass

from comum.planilhas import texto

from ..models import CORES_IBGE

NOVA, ATUALIZADA, SEM_MUDANCA = "nova", "atualizada", "sem_mudanca"
ROTULOS_DOS_TIPOS = {NOVA: "Nova", ATUALIZADA: "Atualizada", SEM_MUDANCA: "Sem mudança"}
LINHAS_MOSTRADAS = 100
GRAFIAS_POR_COLUNA = 30  # uma coluna de valores fixos com mais grafias que isso é lixo: o resto é contado

# O nome legível de cada campo gravado, para "o que muda" (as colunas ausentes do arquivo não mudam).
ROTULOS_DOS_CAMPOS = {
    "candidato": "candidato",
    "nome": "nome",
    "nome_social": "nome social",
    "nascimento": "nascimento",
    "email": "e-mail",
    "cargo_id": "cargo",
    "cor_raca": "cor/raça",
    "nota": "nota",
    "notas_parciais": "notas parciais",
    "jurado": "júri",
    "situacao": "situação",
    "sorteio": "sorteio",
}


@dataclass(frozen=True)
class GrafiaLida:
    """Uma grafia de uma coluna de valores fixos e o que ela quer dizer para a importação."""

    coluna: str  # o cabeçalho como está no arquivo
    letra: str
    valor: str  # "" é a célula vazia
    lido_como: str
    linhas: int

    @property
    def igual(self) -> bool:
        """A grafia já é a do modelo de planilha (nada a conferir)."""
        return self.valor == self.lido_como


def _em_texto(lido) -> str:
    if isinstance(lido, bool):
        return "sim" if lido else "não"
    if lido in dict(CORES_IBGE):
        return dict(CORES_IBGE)[lido].lower()
    return str(lido) if lido else "(não informada)"


class Variantes:
    """As grafias lidas das colunas de valores fixos: (coluna, grafia) → (lido como, linhas)."""

    def __init__(self, grupos):
        self.colunas = {"cor_raca", "jurado", "situacao", *grupos}
        self.contagem: Counter = Counter()
        self.lido: dict[tuple[str, str], str] = {}
        self.grafias: Counter = Counter()  # por coluna, para o limite

    def anotar(self, coluna: str, valor, lido) -> None:
        if coluna not in self.colunas:
            return
        chave = (coluna, texto(valor))
        if chave not in self.lido:
            if self.grafias[coluna] >= GRAFIAS_POR_COLUNA:
                chave = (coluna, "(outras grafias)")
            self.grafias[coluna] += 1
            self.lido.setdefault(chave, _em_texto(lido))
        self.contagem[chave] += 1

    def tabela(self, rotulos: dict[str, tuple[str, str]]) -> list[GrafiaLida]:
        """Por coluna (na ordem do arquivo), as grafias da mais frequente para a menos."""
        ordem = {nome: indice for indice, nome in enumerate(rotulos)}
        chaves = sorted(self.contagem, key=lambda c: (ordem.get(c[0], len(ordem)), -self.contagem[c], c[1]))
        return [
            GrafiaLida(
                *rotulos.get(coluna, (coluna, "")), valor, self.lido[(coluna, valor)], self.contagem[(coluna, valor)]
            )
            for coluna, valor in chaves
        ]


@dataclass(frozen=True)
class LinhaDaPrevia:
    linha: int
    tipo: str
    inscricao: str
    nome: str
    cargo: str
    muda: str  # o que muda, legível ("nota, cor/raça, opção por negros")

    @property
    def rotulo_do_tipo(self) -> str:
        return ROTULOS_DOS_TIPOS[self.tipo]


class Previa:
    """O que a leitura de cada linha mudaria, anotado pelo resource na prévia."""

    def __init__(self):
        self.contagens: Counter = Counter()
        self.linhas: list[LinhaDaPrevia] = []

    def anotar(self, linha: int, instance, antes: tuple | None, depois: tuple, atributos: tuple) -> None:
        if antes is None:
            tipo, muda = NOVA, "inscrição nova"
        elif not instance._mudou:
            tipo, muda = SEM_MUDANCA, ""
        else:
            tipo = ATUALIZADA
            campos = [a for a, velho, novo in zip(atributos, antes, depois, strict=True) if velho != novo]
            campos += getattr(instance, "_candidato_mudou", [])
            partes = list(dict.fromkeys(ROTULOS_DOS_CAMPOS.get(c, c) for c in campos if c != "candidato"))
            partes += [f"nova opção por {g}" for g in instance._opcoes_novas]
            partes += [f"retirada a opção por {o.grupo}" for o in instance._opcoes_retiradas]
            muda = ", ".join(partes) or "dados do candidato"
        self.contagens[tipo] += 1
        if tipo != SEM_MUDANCA and len(self.linhas) < LINHAS_MOSTRADAS:
            nome = instance.candidato.nome_social or instance.candidato.nome
            self.linhas.append(LinhaDaPrevia(linha, tipo, instance.numero, nome, instance.cargo.codigo, muda))

    @property
    def mudam(self) -> int:
        return self.contagens[NOVA] + self.contagens[ATUALIZADA]
