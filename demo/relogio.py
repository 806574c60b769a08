"""O relógio da demonstração: cada ato datado entra no dia dele.

O edital de 2020 da demonstração já tem história (o primeiro resultado publicado no Diário Oficial,
a desistência, a não posse, as vagas adicionais, o recurso deferido, a prorrogação). Registrada com o
relógio de hoje, ela sairia incoerente: a versão gerada hoje só pode ser publicada com a data de hoje
(``atos.conferir_diario_oficial`` recusa a data anterior à geração), e os atos de 2020 ficariam
"antes" da publicação — a prestação de contas contaria dias negativos até cada chamada.

Em vez de contornar os serviços (gravar as datas por fora), a demonstração os chama como o RH os
teria chamado no dia de cada ato: ``no_dia`` faz ``django.utils.timezone.now`` devolver esse dia. É
de onde saem os ``auto_now_add`` (gerado, publicado, registrado em) e o "hoje" das conferências
(data futura, Diário Oficial anterior à geração): as mesmas regras valem, no dia do ato.

Só para o comando da demonstração, que roda sozinho no seu processo: a troca vale para o processo
inteiro enquanto dura, e nunca deve ser usada numa requisição.
"""

from contextlib import contextmanager
from datetime import date, datetime, time, timedelta
from itertools import count
from unittest import mock

from django.utils import timezone

HORA_DO_EXPEDIENTE = time(10, 0)


@contextmanager
def no_dia(dia: date):
    """Os serviços rodam como se hoje fosse ``dia``, às 10h (hora de Brasília; se ``dia`` é hoje e
    ainda não são 10h, agora). Cada leitura do relógio anda um microssegundo, para que os registros
    do dia fiquem na ordem em que foram feitos."""
    inicio = min(timezone.make_aware(datetime.combine(dia, HORA_DO_EXPEDIENTE)), timezone.now())
    passos = count()
    with mock.patch.object(timezone, "now", side_effect=lambda: inicio + timedelta(microseconds=next(passos))):
        yield
