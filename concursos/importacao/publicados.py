"""A importação nos cargos cujo resultado já foi publicado (docs/REGRAS.md §9: entradas congeladas).

Num cargo sem resultado publicado, nada muda: a linha corrige a inscrição como sempre. Num cargo
publicado, a linha é comparada com as entradas vigentes (as da primeira publicação mais as correções
de nota já registradas, ``revisoes_de_nota.notas_vigentes``):

- a nota ou a nota parcial que mudou NÃO é gravada na inscrição: vira uma ``MudancaDeNota``, que a
  confirmação da importação registra como evento ``nota`` (um por candidato) com o documento e a
  data do ato, e uma versão nova do resultado; a prévia mostra, antes, quem muda e o efeito;
- a linha igual ao que vale não muda nada;
- inscrição nova, troca de cargo, cor/raça, opção por grupo, eliminação ou nota parcial apagada são
  recusadas com a linha, o cargo, a inscrição e o caminho certo (o evento na ficha da inscrição ou do
  cargo). Os dados pessoais do candidato (nome, e-mail…), o júri e o sorteio seguem como antes.
"""

from decimal import Decimal

from comum.planilhas import decimal_em_texto
from cotas.regimes import rotulo_do_grupo

from ..adapters import cenario_do_cargo
from ..models import Inscricao, Resultado
from ..services.revisoes_de_nota import MudancaDeNota, notas_vigentes

COMO_REVISAR = (
    "depois da publicação, isso só muda por evento, com documento e data do ato: a verificação, por um ato de "
    "verificação (a decisão da comissão, do recurso ou da apuração, ou, na ficha da inscrição, “Registrar "
    "avaliação PcD” e “Registrar decisão judicial”), que vira a revisão; para eliminar, o evento de anulação "
    "na ficha do cargo"
)


class CargosPublicados:
    """Os cargos do edital com resultado publicado, as notas vigentes de cada um (lidas só quando uma
    linha do cargo aparece) e as mudanças de nota achadas nas linhas (cargo → lista)."""

    def __init__(self, cargos):
        ids = set(
            Resultado.objects.filter(cargo__in=list(cargos), status=Resultado.PUBLICADO).values_list(
                "cargo_id", flat=True
            )
        )
        self.cargos = {cargo.pk: cargo for cargo in cargos if cargo.pk in ids}
        self.cenarios, self._vigentes = {}, {}
        self.mudancas, self.tocados = {}, set()

    def __bool__(self):
        return bool(self.cargos)

    def cenario(self, cargo) -> dict:
        if cargo.pk not in self.cenarios:
            self.cenarios[cargo.pk] = cenario_do_cargo(cargo)
            self._vigentes[cargo.pk] = notas_vigentes(self.cenarios[cargo.pk])
        return self.cenarios[cargo.pk]

    def vigente(self, cargo, numero: str):
        self.cenario(cargo)
        return self._vigentes[cargo.pk].get(numero)

    def conferir(self, conferencia, instance, row, lidos: dict, cargo, linha: int, erros: dict) -> None:
        """Antes de a linha alterar a inscrição (``Conferencia._aplicar``): recusa o que não pode
        mudar num cargo publicado e guarda em ``instance._mudanca_de_nota`` a correção de nota."""
        anterior = instance.cargo_id if instance.pk else None
        if cargo.pk not in self.cargos and anterior not in self.cargos:
            return
        numero = lidos["inscricao"]

        def recusar(coluna, motivo):
            erros[coluna] = conferencia.mensagem(linha, coluna, row.get(coluna), motivo)

        if instance.pk is None:
            return recusar(
                "inscricao",
                f"inscrição nova no cargo {cargo.codigo} ({cargo.nome}), cujo resultado já foi publicado: a inscrição "
                f"{numero} não estava na classificação publicada e não entra por importação",
            )
        if anterior != cargo.pk:
            publicado = instance.cargo if anterior in self.cargos else cargo
            return recusar(
                "cargo",
                f"a inscrição {numero} é do cargo {instance.cargo.codigo} e o resultado do cargo {publicado.codigo} "
                "já foi publicado: a inscrição não muda de cargo",
            )
        vigente = self.vigente(cargo, numero)
        if vigente is None:  # inscrição gravada depois da publicação (não deveria haver)
            return recusar(
                "inscricao",
                f"a inscrição {numero} não está na classificação publicada do cargo {cargo.codigo}; "
                "não é alterada por importação",
            )
        publicado = f"no cargo {cargo.codigo}, cujo resultado já foi publicado"
        if "cor_raca" in lidos and lidos["cor_raca"] != instance.cor_raca:
            recusar("cor_raca", f"a cor/raça da inscrição {numero} {publicado}, não muda por importação")
        for grupo in conferencia.grupos:
            if grupo in lidos and bool(lidos[grupo]) != (grupo in instance._grupos):
                acao = "incluída" if lidos[grupo] else "retirada"
                recusar(
                    grupo,
                    f"a opção da inscrição {numero} por {rotulo_do_grupo(grupo)} {publicado}, não pode ser {acao} por "
                    f"importação; {COMO_REVISAR}",
                )
        if "situacao" in lidos and lidos["situacao"] != instance.situacao:
            recusar(
                "situacao", f"a situação da inscrição {numero} {publicado}, não muda por importação; {COMO_REVISAR}"
            )
        self._nota(conferencia, instance, row, lidos, vigente, linha, recusar)

    def _nota(self, conferencia, instance, row, lidos, vigente, linha, recusar) -> None:
        nota_vigente, parciais_vigentes = vigente
        nota = lidos.get("nota", nota_vigente)
        parciais = {}
        for campo in conferencia.campos_de_nota:
            valor = lidos[f"nota_{campo}"]
            if valor is None:
                if campo in parciais_vigentes:
                    recusar(
                        f"nota_{campo}",
                        f"a nota parcial {campo} da inscrição {instance.numero} foi publicada "
                        f"({decimal_em_texto(parciais_vigentes[campo])}) e não pode ser apagada por importação",
                    )
            elif Decimal(valor) != parciais_vigentes.get(campo):
                parciais[campo] = decimal_em_texto(valor)
        instance._mudanca_de_nota = None
        if Decimal(nota) != nota_vigente or parciais:
            instance._mudanca_de_nota = MudancaDeNota(
                inscricao=instance,
                nota_anterior=nota_vigente,
                nota=Decimal(nota),
                parciais_anteriores={c: decimal_em_texto(v) for c, v in parciais_vigentes.items()},
                parciais=parciais,
                linha=linha,
            )

    def depois_de_aplicar(self, instance, antes: tuple) -> None:
        """A linha já aplicada: a nota e as parciais voltam às gravadas (num cargo publicado, elas só
        mudam por evento) e a correção fica guardada para a confirmação."""
        if instance.cargo_id not in self.cargos:
            return
        self.tocados.add(instance.cargo_id)
        instance.nota, instance.notas_parciais = antes
        mudanca = getattr(instance, "_mudanca_de_nota", None)
        instance._congelada = True
        if mudanca is not None:
            self.mudancas.setdefault(instance.cargo_id, []).append(mudanca)

    @staticmethod
    def notas_gravadas(instance: Inscricao) -> tuple:
        return instance.nota, dict(instance.notas_parciais or {})
