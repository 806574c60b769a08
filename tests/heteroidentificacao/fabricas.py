"""Fábricas da heteroidentificação, com personas nomeadas.

Comissão ordinária: Ana (presidente), Bruno, Carla, Davi e Elisa, titulares; Fábio e Gil, suplentes.
Comissão recursal: Helena (presidente), Igor e Joana. O RH (superusuário) cria comissões e
registra recursos. Editais e inscrições vêm das fábricas de ``tests/concursos``; os usuários são
criados sem senha, para não pagar o hash de senha a cada membro.
"""

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from heteroidentificacao import services
from heteroidentificacao.models import Comissao
from tests.concursos.fabricas import edital, inscricao

ORDINARIOS = ("ana", "bruno", "carla", "davi", "elisa")
SUPLENTES = ("fabio", "gil")
RECURSAIS = ("helena", "igor", "joana")
FUNDAMENTACAO = "Características fenotípicas observadas (cor da pele, textura do cabelo, traços faciais)."


def pessoa(nome: str, **extra):
    modelo = get_user_model()
    return modelo.objects.filter(username=nome).first() or modelo.objects.create_user(
        nome, f"{nome}@cariacica.test", first_name=nome.capitalize(), **extra
    )


def rh():
    return pessoa("rh", is_staff=True, is_superuser=True)


def comissao(edital_, *, tipo=Comissao.ORDINARIA, titulares=None, suplentes=(), **campos) -> Comissao:
    """Comissão com os membros das personas; o primeiro titular preside."""
    if titulares is None:
        titulares = RECURSAIS if tipo == Comissao.RECURSAL else ORDINARIOS
    criada = services.criar_comissao(edital_, tipo=tipo, por=rh(), **campos)
    for i, nome in enumerate(titulares):
        services.adicionar_membro(criada, pessoa(nome), presidente=i == 0, por=rh())
    for nome in suplentes:
        services.adicionar_membro(criada, pessoa(nome), papel="suplente", por=rh())
    return criada


def presidente(comissao_):
    return comissao_.membros.ativos().get(presidente=True).usuario


def membro(comissao_, nome):
    return comissao_.membros.ativos().get(usuario__username=nome)


SHA256_DA_GRAVACAO = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
GRAVACAO = "SEMAD-2026-0042 video da sessao"


def sessao_aberta(comissao_, *, inicio=None, ausentes=(), substitutos=None, gravada=True):
    """Sessão marcada para uma hora atrás e aberta pelo presidente; ``ausentes`` (titulares) e
    ``substitutos`` (titular ausente → suplente) pelos nomes das personas. ``gravada``: o presidente
    já registrou a gravação (referência e SHA-256), sem a qual não se encerra (docs/REGRAS.md §10)."""
    sessao = services.criar_sessao(comissao_, inicio=inicio or timezone.now() - timedelta(hours=1), por=rh())
    sessao = services.abrir_sessao(
        sessao,
        por=presidente(comissao_),
        ausentes=[membro(comissao_, nome) for nome in ausentes],
        substitutos={membro(comissao_, t): membro(comissao_, s) for t, s in (substitutos or {}).items()},
    )
    return gravar(sessao) if gravada and comissao_.tipo == Comissao.ORDINARIA else sessao


def gravar(sessao, referencia=GRAVACAO, sha256=SHA256_DA_GRAVACAO):
    """O presidente registra a gravação da sessão (a referência e o SHA-256 do arquivo)."""
    return services.registrar_gravacao(sessao, referencia=referencia, sha256=sha256, por=presidente(sessao.comissao))


def cargo_com_cotistas(**campos_do_edital):
    """Cinco vagas (1 negros, 1 PcD): A, B, C, D na ampla; N1 (85) e N2 (80) optaram por negros,
    com verificação pendente; E (84) na ampla; P (70) PcD confirmado."""
    cargo = edital(criado_por=rh(), **campos_do_edital).cargos.get()
    for numero, nota in (("A", 95), ("B", 94), ("C", 93), ("D", 92), ("E", 84)):
        inscricao(cargo, numero, nota)
    inscricao(cargo, "N1", 85, grupos={"negros": "pendente"})
    inscricao(cargo, "N2", 80, grupos={"negros": "pendente"})
    inscricao(cargo, "P", 70, grupos={"pcd": "confirmado"})
    return cargo


def chamar(sessao, inscricao_, *, compareceu=True):
    """Chama a inscrição à sessão aberta e registra a presença pelo presidente."""
    (chamado,) = services.chamar_candidatos(sessao, [inscricao_], por=rh())
    return services.registrar_presenca(chamado, compareceu=compareceu, por=presidente(sessao.comissao))


def votar(chamado, **votos):
    """``votar(chamado, ana="confirma", bruno="nao_confirma")``; não confirmação com fundamentação."""
    for nome, voto in votos.items():
        if voto is None:  # quem ainda não votou
            continue
        fundamentacao = FUNDAMENTACAO if voto == "nao_confirma" else ""
        services.registrar_parecer(chamado, por=pessoa(nome), voto=voto, fundamentacao=fundamentacao)
    if "nao_confirma" in votos.values():  # a não confirmação exige o parecer motivado (docs/REGRAS.md §10)
        motivar(chamado)


PARECER_DA_COMISSAO = "A comissão observou pele clara, cabelo liso e traços faciais finos."


def motivar(chamado, texto=PARECER_DA_COMISSAO):
    """O presidente registra o parecer motivado da comissão sobre o candidato."""
    comissao_ = Comissao.objects.get(sessoes__chamados=chamado)
    return services.registrar_parecer_da_comissao(chamado, texto=texto, por=presidente(comissao_))


def todos(voto="confirma", **excecoes) -> dict:
    """O voto de cada um dos cinco titulares da ordinária (todos votam, docs/REGRAS.md §10), com as
    exceções: ``todos(davi="nao_confirma")`` são 4 a 1."""
    return {nome: excecoes.get(nome, voto) for nome in ORDINARIOS}


def todos_na_recursal(voto="confirma", **excecoes) -> dict:
    return {nome: excecoes.get(nome, voto) for nome in RECURSAIS}


def julgar(sessao, inscricao_, **votos):
    """Chama, vota e devolve o chamado (a sessão continua aberta)."""
    chamado = chamar(sessao, inscricao_)
    votar(chamado, **votos)
    return chamado


def encerrar(sessao):
    return services.encerrar_sessao(sessao, por=presidente(sessao.comissao))


def tudo_em_uso(chefe) -> dict:
    """Um pouco de cada tela: edital com resultado publicado (exemplo de docs/REGRAS.md §4), feito por
    ``chefe`` (o RH), e comissão presidida por Ana (``presidente``: quem organiza não julga), com
    sessão aberta e um candidato presente aguardando parecer."""
    from concursos import services as servicos_de_concursos
    from tests.concursos.fabricas import cargo_do_exemplo_da_alternancia

    cargo = cargo_do_exemplo_da_alternancia()
    resultado = servicos_de_concursos.publicar_resultado(
        servicos_de_concursos.gerar_resultado(cargo, por=chefe), por=chefe
    )
    com_cotistas = cargo_com_cotistas(numero=2)
    comissao_ = services.criar_comissao(com_cotistas.edital, por=chefe)
    ana = pessoa("ana")
    services.adicionar_membro(comissao_, ana, presidente=True, por=chefe)
    for nome in ("bruno", "carla", "davi", "elisa"):
        services.adicionar_membro(comissao_, pessoa(nome), por=chefe)
    sessao = services.criar_sessao(comissao_, inicio=timezone.now() - timedelta(hours=1), por=chefe)
    sessao = services.abrir_sessao(sessao, por=ana)
    (chamado,) = services.chamar_candidatos(sessao, [com_cotistas.inscricoes.get(numero="N1")], por=chefe)
    return {
        "presidente": ana,
        "edital": cargo.edital,
        "cargo": cargo,
        "inscricao": cargo.inscricoes.get(numero="A"),
        "resultado": resultado,
        "comissao": comissao_,
        "sessao": sessao,
        "chamado": services.registrar_presenca(chamado, compareceu=True, por=ana),
    }
