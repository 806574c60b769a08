"""Quem está convocado agora em cada cargo e onde cada um está na nomeação, na posse e no exercício,
com o prazo em curso, como a página do cargo os mostra (docs/CONVOCACAO.md). Só lê.

Convocado é quem está na ordem de convocação vigente do cargo (``posicoes.linhas_da_ordem``: a
última versão, depois do resultado publicado e dos eventos; docs/REGRAS.md §5).

Os prazos (``descrever_prazo``, ``vencido``) são funções puras: ``hoje`` vem de quem chama
(``comum.relogio.hoje()`` nas telas), para que os testes fixem a data. O prazo é o último dia: no
próprio dia ainda não venceu; no dia seguinte, venceu há 1 dia.
"""

from dataclasses import dataclass
from datetime import date

from comum import relogio
from comum.exibicao import data
from cotas.regimes import rotulo_do_grupo

from ..models import Cargo, Inscricao, Resultado


@dataclass(frozen=True)
class Convocado:
    """Um convocado ativo na ordem vigente: posição, vaga (ampla ou grupo) e a inscrição."""

    posicao: int
    vaga: str
    inscricao: Inscricao


def versao_vigente(cargo: Cargo) -> Resultado | None:
    """A última versão do resultado, se o cargo já tem resultado publicado (antes disso, nenhuma)."""
    if not cargo.resultados.filter(status=Resultado.PUBLICADO).exists():
        return None
    return cargo.resultados.order_by("-versao").first()


def convocados(cargo: Cargo) -> list[Convocado]:
    """Os convocados ativos agora, em ordem de posição; nenhum antes da primeira publicação."""
    ultimo = versao_vigente(cargo)
    if ultimo is None:
        return []
    ordem = [p for p in ultimo.saida_do_motor.ordem_vigente if p.inscricao]
    linhas = cargo.inscricoes.select_related("candidato", "edital", "provimento")
    inscricoes = {i.numero: i for i in linhas.filter(numero__in=[p.inscricao for p in ordem])}
    return [Convocado(p.posicao, p.vaga or "", inscricoes[p.inscricao]) for p in ordem if p.inscricao in inscricoes]


def com_vaga_alterada_desde_o_ultimo_ato(cargo: Cargo) -> list[Convocado]:
    """Os convocados agora cuja vaga (a posição ou o tipo) não é mais a que o último edital de
    convocação deles publicou: a versão que cada ato publica (``registro.resultado``; num ato
    anterior ao registro, a última versão gerada até ele) diz a vaga de então. O formulário do
    edital de convocação os traz já marcados, e o ato destaca a mudança (``pdf.convocacao``)."""
    vaga_no_ato: dict[str, tuple[int, str]] = {}
    ordens: dict[int, dict[str, tuple[int, str]]] = {}
    for ato in cargo.atos_de_convocacao.select_related("registro").order_by("registrado_em", "pk"):
        versao = ato.registro.resultado_id if ato.registro is not None else None
        if versao is None:
            anterior = cargo.resultados.filter(gerado_em__lte=ato.registrado_em).order_by("-versao").first()
            versao = anterior.pk if anterior is not None else None
        if versao is None:
            continue
        if versao not in ordens:
            saida = Resultado.objects.get(pk=versao).saida_do_motor
            ordens[versao] = {p.inscricao: (p.posicao, p.vaga or "") for p in saida.ordem_vigente if p.inscricao}
        vaga_no_ato.update({n: ordens[versao][n] for n in ato.inscricoes if n in ordens[versao]})
    return [
        c
        for c in convocados(cargo)
        if c.inscricao.numero in vaga_no_ato and vaga_no_ato[c.inscricao.numero] != (c.posicao, c.vaga)
    ]


def _dias(n: int) -> str:
    return "1 dia" if n == 1 else f"{n} dias"


def vencido(ate: date, hoje: date) -> bool:
    return hoje > ate


def descrever_prazo(o_que: str, ate: date, hoje: date) -> str:
    """ "posse até 02/07/2025 — faltam 3 dias", "… — vence hoje" ou "… — prazo vencido há 2 dias"."""
    restam = (ate - hoje).days
    inicio = f"{o_que} até {ate:%d/%m/%Y}"
    if restam > 0:
        return f"{inicio} — {'falta' if restam == 1 else 'faltam'} {_dias(restam)}"
    if restam == 0:
        return f"{inicio} — vence hoje"
    return f"{inicio} — prazo vencido há {_dias(-restam)}"


def situacao_do_convocado(convocado: Convocado, hoje: date) -> dict:
    """O que a página do cargo mostra de um convocado: a situação, o prazo em curso e se a não posse
    deve ser confirmada (nomeado, sem posse, prazo da posse vencido)."""
    inscricao = convocado.inscricao
    provimento = getattr(inscricao, "provimento", None)
    linha = {
        "posicao": convocado.posicao,
        "vaga": rotulo_do_grupo(convocado.vaga) if convocado.vaga else "—",
        "inscricao": inscricao,
        "nome": inscricao.candidato.nome_de_uso,
        "cpf": inscricao.candidato.cpf_mascarado,
        "provimento": provimento,
        "prazo": "",
        "confirmar_nao_posse": False,
    }
    if provimento is None:
        return {**linha, "situacao": "convocado, aguardando nomeação", "proximo_passo": "nomeação"}
    nomeado = f"nomeado pela portaria {provimento.portaria}, de {data(provimento.data_da_nomeacao)}"
    if provimento.data_da_posse is None:
        prazo = provimento.prazo_da_posse
        return {
            **linha,
            "situacao": nomeado,
            "prazo": descrever_prazo("posse", prazo, hoje),
            "confirmar_nao_posse": vencido(prazo, hoje),
            "proximo_passo": "posse",
        }
    empossado = f"{nomeado}; posse em {data(provimento.data_da_posse)}"
    if provimento.data_do_exercicio is None:
        prazo = descrever_prazo("exercício", provimento.prazo_do_exercicio, hoje)
        return {**linha, "situacao": empossado, "prazo": prazo, "proximo_passo": "exercício"}
    situacao = f"{empossado}; em exercício desde {data(provimento.data_do_exercicio)}"
    return {**linha, "situacao": situacao, "proximo_passo": None}


def situacao_dos_convocados(cargo: Cargo, hoje: date | None = None) -> list[dict]:
    hoje = hoje or relogio.hoje()
    return [situacao_do_convocado(c, hoje) for c in convocados(cargo)]
