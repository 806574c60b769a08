"""O que um evento registrado fez: a versão do resultado que ele gerou, quem ele convocou,
reclassificou e manteve. Só lê."""

from dataclasses import dataclass

from ..models import Evento, Resultado


@dataclass(frozen=True)
class EventoRegistrado:
    evento: Evento
    resultado: Resultado
    # Quantos eventos do mesmo lote vieram depois deste na versão (correções de nota de uma
    # reimportação geram uma versão só, ligada ao último evento do lote).
    depois_no_lote: int = 0

    @property
    def numero(self) -> int | None:
        """Número do evento no cenário; uma reversão não é evento do motor."""
        if self.evento.tipo == Evento.REVERSAO:
            return None
        return len(self.resultado.cenario["eventos"]) - self.depois_no_lote

    @property
    def convocados_agora(self) -> list[dict]:
        """Quem o evento convoca, em ordem de posição, com o motivo na lei."""
        return [c for c in self.resultado.saida["convocacoes"] if c["evento"] == self.numero]

    @property
    def reclassificados_agora(self) -> list[dict]:
        return [r for r in self.resultado.saida["reclassificacoes"] if r["evento"] == self.numero]

    @property
    def a_incluir_no_edital_de_convocacao(self) -> list[str]:
        """Os números de inscrição que o edital de convocação deste evento traz já marcados: quem o
        evento convocou e quem ele mudou de vaga (continua convocado, noutra vaga: o ato que o convocou
        antes não diz mais a vaga dele)."""
        numeros = [c["inscricao"] for c in self.convocados_agora]
        return numeros + [r["inscricao"] for r in self.reclassificados_agora if r["inscricao"] not in numeros]

    @property
    def mantidos_agora(self) -> list:
        """Convocados que a revisão deixou fora dos vencedores e que mantêm a vaga e a posição
        (docs/REGRAS.md §8), como ``cotas.modelo.Mantido``."""
        return [m for m in self.resultado.saida_do_motor.mantidos if m.evento == self.numero]


def evento_registrado(evento: Evento) -> EventoRegistrado | None:
    """O evento com a versão que ele gerou. Um lote (as correções de nota de uma reimportação) gera
    uma versão só, ligada ao último evento dele: os outros do lote a acham pelo número."""
    resultado = Resultado.objects.filter(evento=evento).first()
    if resultado is not None or evento.tipo == Evento.REVERSAO:
        return EventoRegistrado(evento, resultado) if resultado is not None else None
    resultado = Resultado.objects.filter(cargo=evento.cargo_id, evento__gt=evento.pk).order_by("versao").first()
    if resultado is None:
        return None
    depois = Evento.objects.filter(cargo=evento.cargo_id, pk__gt=evento.pk, pk__lte=resultado.evento_id)
    return EventoRegistrado(evento, resultado, depois.exclude(tipo=Evento.REVERSAO).count())
