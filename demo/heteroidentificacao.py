"""Heteroidentificação de demonstração: a comissão do edital 1/2025 com os usuários de
demonstração (com a composição que o §10 manda registrar: gênero, cor autodeclarada, capacitação e
ato de designação), uma sessão planejada com os candidatos de verificação pendente e o feriado
estadual de Nossa Senhora da Penha no cadastro de feriados locais (que prorroga os prazos de recurso).

Idempotente: se a comissão já existe, nada muda. Tudo passa pelos serviços, como faria o RH.
"""

from datetime import datetime, time, timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from comum import relogio
from concursos.models import Edital
from cotas.prazos import pascoa
from heteroidentificacao import services
from heteroidentificacao.models import Comissao, Feriado, Membro

# A ordinária com os cinco titulares da sua regra (cotas/quorum.py), a presidente entre eles.
MEMBROS_DA_ORDINARIA = (
    ("presidente", True),
    ("membro1", False),
    ("membro2", False),
    ("membro3", False),
    ("membro4", False),
)
# A recursal com os três membros da sua regra (todos votam): com menos, nenhum recurso seria julgado.
MEMBROS_DA_RECURSAL = (("recursal", True), ("recursal2", False), ("recursal3", False))
# A composição de cada membro (fictícia): diversa em gênero e cor, todos capacitados e designados.
DESIGNACAO = "Portaria SEMAD nº 15/2025 (demonstração)"
COMPOSICAO = {
    "presidente": ("feminino", "preta"),
    "membro1": ("masculino", "parda"),
    "membro2": ("feminino", "branca"),
    "membro3": ("masculino", "preta"),
    "membro4": ("feminino", "parda"),
    "recursal": ("masculino", "preta"),
    "recursal2": ("feminino", "parda"),
    "recursal3": ("masculino", "branca"),
}


def carregar(admin) -> int:
    """Cria a comissão ordinária e a recursal (três membros) do edital 1/2025 e a primeira sessão,
    marcada para hoje; devolve quantos candidatos foram chamados (0 se já estava carregado)."""
    edital = Edital.objects.filter(numero=1, ano=2025).first()
    if edital is None or Comissao.objects.filter(edital=edital).exists():
        return 0
    usuarios = {
        u.username: u
        for u in get_user_model().objects.filter(
            username__in=[nome for nome, _ in (*MEMBROS_DA_ORDINARIA, *MEMBROS_DA_RECURSAL)]
        )
    }
    _feriados_locais()
    capacitacao = min(edital.publicado_em, relogio.hoje())  # capacitados antes de o edital sair
    ordinaria = services.criar_comissao(edital, por=admin)
    for nome, presidente in MEMBROS_DA_ORDINARIA:
        if nome in usuarios:
            services.adicionar_membro(
                ordinaria, usuarios[nome], por=admin, presidente=presidente, **_composicao(nome, capacitacao)
            )
    recursal = services.criar_comissao(edital, por=admin, tipo=Comissao.RECURSAL)
    for nome, presidente in MEMBROS_DA_RECURSAL:
        if nome in usuarios:
            services.adicionar_membro(
                recursal,
                usuarios[nome],
                por=admin,
                presidente=presidente,
                papel=Membro.TITULAR,
                **_composicao(nome, capacitacao),
            )
    sessao = services.criar_sessao(
        ordinaria, inicio=_hoje_mais_cedo(), por=admin, local="Sala de reuniões da SEMAD, 2º andar"
    )
    return len(services.chamar_candidatos(sessao, por=admin))


def _composicao(nome: str, capacitacao) -> dict:
    genero, cor = COMPOSICAO[nome]
    return {
        "genero": genero,
        "cor_autodeclarada": cor,
        "capacitado_em": capacitacao,
        "ato_de_designacao": DESIGNACAO,
    }


def _feriados_locais() -> None:
    """Nossa Senhora da Penha, padroeira do Espírito Santo: a segunda-feira oito dias depois da Páscoa."""
    ano = relogio.hoje().year
    for cada in (ano, ano + 1):
        Feriado.objects.get_or_create(
            data=pascoa(cada) + timedelta(days=8),
            defaults={"descricao": "Nossa Senhora da Penha (feriado estadual do Espírito Santo)"},
        )


def _hoje_mais_cedo():
    """Hoje às 8h (ou alguns minutos atrás, antes das 8h): a sessão não abre antes do horário
    marcado, e o presidente da demonstração a abre assim que entra."""
    agora = relogio.agora().replace(second=0, microsecond=0)
    oito_horas = timezone.make_aware(datetime.combine(agora.date(), time(8, 0)))
    return oito_horas if agora >= oito_horas else agora - timedelta(minutes=5)
