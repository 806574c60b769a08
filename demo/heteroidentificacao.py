"""Heteroidentificação de demonstração: a comissão do edital 1/2025 com os usuários de
demonstração e uma sessão planejada com os candidatos de verificação pendente.

Idempotente: se a comissão já existe, nada muda. Tudo passa pelos serviços, como faria o RH.
"""

from datetime import datetime, time, timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from concursos.models import Edital
from heteroidentificacao import services
from heteroidentificacao.models import Comissao, Membro

MEMBROS_DA_ORDINARIA = (("presidente", True), ("membro1", False), ("membro2", False), ("membro3", False))


def carregar(admin) -> int:
    """Cria a comissão ordinária e a recursal do edital 1/2025 e a primeira sessão; devolve quantos
    candidatos foram chamados (0 se já estava carregado)."""
    edital = Edital.objects.filter(numero=1, ano=2025).first()
    if edital is None or Comissao.objects.filter(edital=edital).exists():
        return 0
    usuarios = {
        u.username: u
        for u in get_user_model().objects.filter(
            username__in=["presidente", "membro1", "membro2", "membro3", "recursal"]
        )
    }
    ordinaria = services.criar_comissao(edital, por=admin)
    for nome, presidente in MEMBROS_DA_ORDINARIA:
        if nome in usuarios:
            services.adicionar_membro(ordinaria, usuarios[nome], por=admin, presidente=presidente)
    recursal = services.criar_comissao(edital, por=admin, tipo=Comissao.RECURSAL)
    if "recursal" in usuarios:
        services.adicionar_membro(recursal, usuarios["recursal"], por=admin, presidente=True, papel=Membro.TITULAR)
    amanha = timezone.localdate() + timedelta(days=1)
    inicio = timezone.make_aware(datetime.combine(amanha, time(9, 0)))
    sessao = services.criar_sessao(ordinaria, inicio=inicio, por=admin, local="Sala de reuniões da SEMAD, 2º andar")
    return len(services.chamar_candidatos(sessao, por=admin))
