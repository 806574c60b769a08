"""O relatório do titular (LGPD, art. 18): tudo o que o sistema guarda sobre uma pessoa, achada pelo
CPF, para o encarregado pelo tratamento de dados responder ao pedido dela. Só leitura; quem o emite
fica no registro de acesso a dados sensíveis (``services.acessos.registrar_acesso_fora_da_tela``).

As tabelas da heteroidentificação são lidas pelo registro de apps (``concursos`` não importa a
``heteroidentificacao``, docs/ESTILO.md), como na eliminação."""

from django.apps import apps
from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db.models import Q

from comum.cpf import formatar_cpf, normalizar_cpf

from ..models import AcessoADadosSensiveis, Candidato, Inscricao


def candidato_do_cpf(cpf: str) -> Candidato | None:
    return Candidato.objects.filter(cpf=normalizar_cpf(cpf)).first()


def relatorio_do_titular(candidato: Candidato) -> dict:
    """Seções → linhas (dicionários de rótulo → valor), na ordem em que o relatório as imprime."""
    inscricoes = list(candidato.inscricoes.select_related("edital", "cargo").order_by("edital__ano", "numero"))
    ids = [i.pk for i in inscricoes]
    return {
        "Cadastro": [
            {
                "nome": candidato.nome,
                "nome social": candidato.nome_social,
                "CPF": formatar_cpf(candidato.cpf),
                "nascimento": candidato.nascimento,
                "e-mail": candidato.email,
            }
        ],
        "Inscrições": [_inscricao(i) for i in inscricoes],
        "Opções por grupo reservado": _linhas("concursos", "OpcaoDeGrupo", ids, "grupo", "situacao"),
        "Atos de verificação": _linhas(
            "concursos", "AtoDeVerificacao", ids, "grupo", "situacao", "origem", "documento", "data_do_ato", "motivo"
        ),
        "Eventos": _linhas("concursos", "Evento", ids, "tipo", "documento", "data_do_ato", "motivo", "processo"),
        "Nomeação, posse e exercício": _linhas(
            "concursos", "Provimento", ids, "portaria", "data_da_nomeacao", "data_da_posse", "data_do_exercicio"
        ),
        "Avisos pessoais": _linhas("concursos", "AvisoPessoal", ids, "ato", "data_do_ato", "prazo", "ciente_em"),
        "Envios dos avisos": _linhas(
            "concursos",
            "EnvioDoAviso",
            ids,
            "meio",
            "endereco",
            "situacao",
            "enviado_em",
            "erro",
            campo="aviso__inscricao",
        ),
        "Heteroidentificação: chamados": _linhas(
            "heteroidentificacao", "Chamado", ids, "sessao_id", "decisao", "motivo_da_decisao", "parecer_da_comissao"
        ),
        "Heteroidentificação: recursos": _linhas(
            "heteroidentificacao",
            "Recurso",
            ids,
            "texto",
            "apresentado_em",
            "julgamento_id",
            campo="chamado__inscricao",
        ),
        "Processos de apuração": _linhas(
            "heteroidentificacao", "ProcessoDeApuracao", ids, "numero", "fatos", "instaurado_em", "defesa", "decisao"
        ),
        "Histórico das inscrições": list(
            Inscricao.history.filter(id__in=ids)
            .order_by("history_date")
            .values("numero", "cor_raca", "situacao", "history_date", "history_type")
        ),
        "Alterações no admin": list(
            LogEntry.objects.filter(
                content_type=ContentType.objects.get_for_model(Inscricao), object_id__in=[str(i) for i in ids]
            ).values("action_time", "user__username", "object_repr", "change_message")
        ),
        "Registro de acessos": list(
            AcessoADadosSensiveis.objects.filter(_acessos(candidato, ids)).values(
                "quando", "usuario__username", "o_que", "objeto", "caminho"
            )
        ),
    }


def _inscricao(inscricao: Inscricao) -> dict:
    return {
        "edital": str(inscricao.edital),
        "cargo": inscricao.cargo.nome,
        "número": inscricao.numero,
        "cor/raça": inscricao.get_cor_raca_display(),
        "nota": inscricao.nota,
        "notas parciais": inscricao.notas_parciais,
        "situação": inscricao.get_situacao_display(),
    }


def _linhas(app: str, modelo: str, inscricoes: list[int], *campos, campo: str = "inscricao") -> list[dict]:
    return list(apps.get_model(app, modelo).objects.filter(**{f"{campo}__in": inscricoes}).values(*campos))


def _acessos(candidato: Candidato, inscricoes: list[int]) -> Q:
    """Os acessos que nomeiam uma inscrição da pessoa (``inscrição #12``) ou o próprio cadastro. As
    exportações e listas registram só a quantidade de linhas: não se sabe se a pessoa estava nelas."""
    alvos = [f"inscrição #{pk}" for pk in inscricoes] + [f"candidato #{candidato.pk}"]
    filtro = Q(pk__in=[])
    for alvo in alvos:
        filtro |= Q(objeto=alvo) | Q(objeto__startswith=f"{alvo}:")
    return filtro
