"""O que muda o estado dos concursos: cada ação numa transação, registrando quem agiu. Um módulo por
tópico; este pacote reúne a API que as telas, o admin, os comandos, a heteroidentificação e os testes
chamam (``services.gerar_resultado(...)``). O que só lê mora em ``concursos.consultas``.

- ``editais``: criar o edital (parâmetros do regime congelados), prorrogar a validade, registrar o Anexo I;
- ``atos``: o registro dos atos publicados (número, código de verificação, original guardado);
- ``resultados``: gerar (um cargo, ou o edital inteiro numa transação) e publicar o resultado;
- ``eventos``: registrar, prever (sem gravar) e reverter eventos; a desistência;
- ``verificacoes``: o ato que decide a verificação de uma opção; a avaliação PcD e a decisão judicial;
- ``revisoes_de_nota``: as correções de nota em lote de um cargo publicado, uma versão só;
- ``provimentos``: nomeação, posse e exercício; ``convocacoes``: o edital de convocação publicado.

Quem troca uma peça num teste troca-a no módulo que a usa (``services.resultados._ultimas_versoes``).
"""

from ..consultas.eventos import EventoRegistrado, evento_registrado
from .editais import (
    anexo_i_vigente,
    congelar_parametros,
    criar_edital,
    prorrogar_validade,
    registrar_anexo_i,
    ultimo_anexo_i,
)
from .eventos import (
    CAMPOS_DO_EVENTO,
    JA_REVERTIDO,
    prever,
    prever_evento,
    registrar_desistencia,
    registrar_evento,
    reverter_evento,
)
from .resultados import gerar_resultado, gerar_resultados_do_edital, publicar_resultado, registrar_resultados_sem_ato
from .verificacoes import CAMPOS_DA_VERIFICACAO, VerificacaoRegistrada, registrar_verificacao

__all__ = [
    "CAMPOS_DA_VERIFICACAO",
    "CAMPOS_DO_EVENTO",
    "JA_REVERTIDO",
    "EventoRegistrado",
    "VerificacaoRegistrada",
    "anexo_i_vigente",
    "congelar_parametros",
    "criar_edital",
    "evento_registrado",
    "gerar_resultado",
    "gerar_resultados_do_edital",
    "prever",
    "prever_evento",
    "prorrogar_validade",
    "publicar_resultado",
    "registrar_resultados_sem_ato",
    "registrar_anexo_i",
    "ultimo_anexo_i",
    "registrar_desistencia",
    "registrar_evento",
    "registrar_verificacao",
    "reverter_evento",
]
