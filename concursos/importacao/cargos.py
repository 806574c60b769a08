"""O cargo de uma linha da planilha: pelo código ("ASG") ou pelo nome ("Auxiliar de Serviços
Gerais"), sem diferença de acentos, maiúsculas e espaços, entre os cargos do edital.

A banca costuma mandar o cargo pelo nome. Dois cargos com o mesmo nome (o mesmo cargo em dois
turnos, por exemplo) tornam o nome ambíguo: a linha é recusada pedindo o código. Cargo que não
existe no edital é recusado sugerindo o mais parecido (``difflib``). A mensagem depende só do valor
da célula, para que o mesmo erro em 300 linhas seja UM grupo na tabela de erros (``erros.agrupar``).
"""

import difflib
import re

from comum.planilhas import texto

from .leitores import sem_acentos

SEMELHANCA_MINIMA = 0.6


def chave(valor) -> str:
    """``' Auxiliar de  SERVIÇOS gerais '`` → ``'auxiliar de servicos gerais'``."""
    return re.sub(r"\s+", " ", sem_acentos(texto(valor)).casefold()).strip()


class CargosDoEdital:
    """Os cargos do edital, achados pelo código ou pelo nome (o resultado de cada valor é guardado:
    um arquivo de 100 mil linhas tem poucos valores diferentes)."""

    def __init__(self, cargos):
        self.por_codigo = {c.codigo: c for c in cargos}
        self._por_chave: dict[str, list] = {}
        for cargo in self.por_codigo.values():
            self._por_chave.setdefault(chave(cargo.codigo), []).append(cargo)
        for cargo in self.por_codigo.values():
            mesmo_nome = self._por_chave.setdefault(chave(cargo.nome), [])
            if cargo not in mesmo_nome and not any(chave(c.codigo) == chave(cargo.nome) for c in mesmo_nome):
                mesmo_nome.append(cargo)
        self._achados: dict = {}
        self._motivos: dict[str, str] = {}

    def __iter__(self):
        return iter(self.por_codigo.values())

    def achar(self, valor):
        """O cargo do valor (código exato, código ou nome sem acentos e maiúsculas), ou ``None``
        quando não há nenhum ou há mais de um com esse nome."""
        valor = texto(valor)
        if valor in self.por_codigo:
            return self.por_codigo[valor]
        if valor not in self._achados:
            candidatos = self._por_chave.get(chave(valor), [])
            self._achados[valor] = candidatos[0] if len(candidatos) == 1 else None
        return self._achados[valor]

    def motivo(self, valor) -> str:
        """Por que o valor não dá um cargo: vazio, nome de mais de um cargo ou cargo inexistente
        (com a sugestão do mais parecido, quando há)."""
        valor = texto(valor)
        if valor not in self._motivos:
            self._motivos[valor] = self._motivo(valor)
        return self._motivos[valor]

    def _motivo(self, valor: str) -> str:
        if not valor:
            return f"preenchimento obrigatório (cargos do edital: {self.codigos()})"
        candidatos = self._por_chave.get(chave(valor), [])
        if len(candidatos) > 1:
            codigos = " e ".join(sorted(c.codigo for c in candidatos))
            return f"“{valor}” é o nome de mais de um cargo deste edital ({codigos}); informe o código"
        parecido = self.parecido(valor)
        if parecido is not None:
            return f"cargo “{valor}” não existe neste edital — quis dizer {parecido.codigo} ({parecido.nome})?"
        return f"cargo desconhecido neste edital (cargos do edital: {self.codigos()})"

    def parecido(self, valor):
        """O cargo de código ou nome mais parecido com o valor, ou ``None`` se nenhum é parecido."""
        escolhas = {}
        for cargo in sorted(self.por_codigo.values(), key=lambda c: c.codigo):
            escolhas.setdefault(chave(cargo.nome), cargo)
            escolhas.setdefault(chave(cargo.codigo), cargo)
        achados = difflib.get_close_matches(chave(valor), list(escolhas), n=1, cutoff=SEMELHANCA_MINIMA)
        return escolhas[achados[0]] if achados else None

    def codigos(self) -> str:
        return ", ".join(sorted(self.por_codigo)) or "nenhum cadastrado"
