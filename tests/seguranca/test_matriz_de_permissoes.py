"""Matriz de permissões: cada papel passa por cada tela — admin (lista, inclusão, ficha, gravação,
histórico, exclusão e ações), telas do RH, PDFs, importação e exportação, telas da comissão — e o
desfecho tem de ser o da tabela (``docs/PAPEIS.md``).

Desfechos: ``ok`` (200, ou redirecionamento que não é ao login), ``login`` (redirecionamento ao
login), ``403`` e ``404`` (quem não é da comissão nem fica sabendo que a sessão existe). Nenhuma tela
pode dar 500, para papel nenhum.

Um teste só percorre a tabela inteira e junta todas as divergências numa mensagem: montar o
cenário custa mais do que as requisições. Cada requisição roda numa transação desfeita, para que a
abertura de uma sessão ou a publicação de um resultado não mudem o que as seguintes encontram.

As telas são enumeradas a partir do admin e das URLs: um modelo registrado no admin sem linha na
tabela, ou uma URL com nome dos apps sem caso, faz o teste falhar — toda tela nova precisa dizer
quem entra.
"""

from dataclasses import dataclass, field
from datetime import date, timedelta
from types import SimpleNamespace

import pytest
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.conf import settings
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core import signing
from django.core.files.base import ContentFile
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone
from django_otp.plugins.otp_static.models import StaticDevice
from django_tasks_db.models import DBTaskResult

from comum import relogio
from comum.convites import codigos
from comum.convites.models import CodigoDeCadastro
from comum.dois_fatores import gerar_codigos_de_recuperacao
from concursos import services as servicos_de_concursos
from concursos.atos import Ato
from concursos.importacao.tela import SAL_DA_FICHA
from concursos.importacao.temporarios import armazenamento_temporario
from concursos.models import (
    AtoDeConvocacao,
    AtoPublicado,
    AvisoPessoal,
    EnvioDoAviso,
    Instituicao,
    LeiauteDeImportacao,
    Processamento,
    TermoDeEliminacao,
)
from concursos.papeis import AUDITOR, MEMBRO, PRESIDENTE, RECURSAL, RH, configurar_papeis
from concursos.segundo_plano import pedidos, produtos
from concursos.services import avisos_pessoais, provimentos
from heteroidentificacao import services
from heteroidentificacao.models import Comissao, Feriado, RegistroDeAuditoria
from tests.concursos.fabricas import edital, inscricao
from tests.conftest import autenticador_confirmado, entrar_so_com_a_senha
from tests.heteroidentificacao import fabricas
from tests.heteroidentificacao.fabricas import FUNDAMENTACAO, chamar, encerrar, sessao_aberta, votar

DATA_DO_ATO = date(2025, 6, 2)  # dentro da validade e depois da publicação dos editais de teste

pytestmark = pytest.mark.django_db

ANONIMO, DO_RH, MEMBRO_C1, PRESIDENTE_C1 = "anonimo", "rh", "membro", "presidente"
DA_RECURSAL, DO_AUDITOR, SUPERUSUARIO, DE_OUTRA = "recursal", "auditor", "superusuario", "membro_de_outra"
PAPEIS = (ANONIMO, DO_RH, MEMBRO_C1, PRESIDENTE_C1, DA_RECURSAL, DO_AUDITOR, SUPERUSUARIO, DE_OUTRA)
EQUIPE = (DO_RH, DO_AUDITOR, SUPERUSUARIO)  # is_staff: entram no admin
LOGINS = ("/contas/entrar/", "/admin/login/")
SEGUNDO_FATOR = "/contas/dois-fatores/"
PDF, XLSX = "application/pdf", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


# ---------------------------------------------------------------- a tabela: admin

TUDO = "lista incluir ficha gravar historico excluir"
SEM_EXCLUIR = "lista incluir ficha gravar historico"  # trilha do procedimento: não se apaga
SEM_INCLUIR = "lista ficha gravar historico excluir"  # registros que nascem sozinhos (login)
LEITURA = "lista ficha historico"
UNICO = "lista ficha gravar historico"  # registro único, já incluído: só se altera, nunca se apaga

# Modelo → papel → telas permitidas (as demais: 403). Fora da equipe, sempre o login.
ADMIN = {
    "auth.group": {SUPERUSUARIO: TUDO, DO_AUDITOR: LEITURA},
    "auth.user": {SUPERUSUARIO: TUDO, DO_RH: LEITURA, DO_AUDITOR: LEITURA},
    "axes.accessattempt": {SUPERUSUARIO: SEM_INCLUIR},
    "axes.accesslog": {SUPERUSUARIO: SEM_INCLUIR, DO_AUDITOR: LEITURA},
    "axes.accessfailurelog": {SUPERUSUARIO: SEM_INCLUIR, DO_AUDITOR: LEITURA},
    # O segundo fator de cada pessoa: só o superusuário remove o autenticador de quem perdeu o celular.
    "otp_totp.totpdevice": {SUPERUSUARIO: TUDO},
    "otp_static.staticdevice": {SUPERUSUARIO: TUDO},
    # Os códigos de cadastro do segundo fator emitidos (só o hash, quem emitiu, quando, quando foi usado).
    "convites.codigodecadastro": {SUPERUSUARIO: LEITURA},
    "concursos.edital": {SUPERUSUARIO: TUDO, DO_RH: TUDO, DO_AUDITOR: LEITURA},
    "concursos.cargo": {SUPERUSUARIO: TUDO, DO_RH: TUDO, DO_AUDITOR: LEITURA},
    "concursos.candidato": {SUPERUSUARIO: TUDO, DO_RH: TUDO, DO_AUDITOR: LEITURA},
    "concursos.inscricao": {SUPERUSUARIO: TUDO, DO_RH: TUDO, DO_AUDITOR: LEITURA},
    "concursos.evento": {SUPERUSUARIO: LEITURA, DO_RH: LEITURA, DO_AUDITOR: LEITURA},
    "concursos.resultado": {SUPERUSUARIO: LEITURA, DO_RH: LEITURA, DO_AUDITOR: LEITURA},
    # Nomeação, posse e exercício e os atos de convocação: gravados pelos serviços; o admin só mostra.
    "concursos.provimento": {SUPERUSUARIO: LEITURA, DO_RH: LEITURA, DO_AUDITOR: LEITURA},
    "concursos.atodeconvocacao": {SUPERUSUARIO: LEITURA, DO_RH: LEITURA, DO_AUDITOR: LEITURA},
    # O registro dos atos publicados: nasce pelos serviços; o Diário Oficial se acrescenta por uma tela própria.
    "concursos.atopublicado": {SUPERUSUARIO: LEITURA, DO_RH: LEITURA, DO_AUDITOR: LEITURA},
    # O cabeçalho dos anexos (órgão, brasão, local da assinatura): o RH altera, o auditor vê.
    "concursos.instituicao": {SUPERUSUARIO: UNICO, DO_RH: UNICO, DO_AUDITOR: LEITURA},
    "heteroidentificacao.comissao": {SUPERUSUARIO: SEM_EXCLUIR, DO_RH: SEM_EXCLUIR, DO_AUDITOR: LEITURA},
    "heteroidentificacao.sessao": {SUPERUSUARIO: SEM_EXCLUIR, DO_RH: SEM_EXCLUIR, DO_AUDITOR: LEITURA},
    "heteroidentificacao.recurso": {SUPERUSUARIO: SEM_EXCLUIR, DO_RH: SEM_EXCLUIR, DO_AUDITOR: LEITURA},
    "heteroidentificacao.processodeapuracao": {SUPERUSUARIO: SEM_EXCLUIR, DO_RH: SEM_EXCLUIR, DO_AUDITOR: LEITURA},
    "heteroidentificacao.feriado": {SUPERUSUARIO: SEM_EXCLUIR, DO_RH: SEM_EXCLUIR, DO_AUDITOR: LEITURA},
    # Pareceres: só o auditor (e o superusuário) leem; o RH nem abre a lista.
    "heteroidentificacao.parecer": {SUPERUSUARIO: LEITURA, DO_AUDITOR: LEITURA},
    "heteroidentificacao.registrodeauditoria": {SUPERUSUARIO: LEITURA, DO_RH: LEITURA, DO_AUDITOR: LEITURA},
    # Quem acessou dados sensíveis: vigia o próprio RH; só o auditor lê.
    "concursos.acessoadadossensiveis": {SUPERUSUARIO: LEITURA, DO_AUDITOR: LEITURA},
    # Os termos de eliminação dos dados pessoais: gravados pelo comando; o RH não os vê (docs/PAPEIS.md).
    "concursos.termodeeliminacao": {SUPERUSUARIO: LEITURA, DO_AUDITOR: LEITURA},
    # Pedidos em segundo plano: nascem das telas do edital e da importação; o admin só mostra.
    "concursos.processamento": {SUPERUSUARIO: LEITURA, DO_RH: LEITURA, DO_AUDITOR: LEITURA},
    # Os mapeamentos salvos das colunas de cada banca: do RH; o auditor só lê.
    "concursos.leiautedeimportacao": {SUPERUSUARIO: TUDO, DO_RH: TUDO, DO_AUDITOR: LEITURA},
    # A fila do django-tasks (com os tracebacks das falhas): só o superusuário, que opera o servidor.
    "django_tasks_database.dbtaskresult": {SUPERUSUARIO: LEITURA},
}

# Ações da lista (além de "delete_selected", que acompanha a exclusão): quem tem cada uma.
ACOES = {
    "concursos.edital": {"gerar_resultado": (DO_RH, SUPERUSUARIO)},
    "concursos.resultado": {"publicar": (DO_RH, SUPERUSUARIO)},
    "concursos.processamento": {"tentar_de_novo": (DO_RH, SUPERUSUARIO)},
    "heteroidentificacao.sessao": {"chamar_candidatos": (DO_RH, SUPERUSUARIO)},
    "heteroidentificacao.recurso": {"incluir_na_sessao_recursal": (DO_RH, SUPERUSUARIO)},
    "axes.accessattempt": {"cleanup_expired_attempts": (SUPERUSUARIO,)},
    "auth.user": {"emitir_codigo_de_cadastro": (SUPERUSUARIO,)},
    "concursos.termodeeliminacao": {"baixar_pdf": (SUPERUSUARIO,)},
}


# ---------------------------------------------------------------- a tabela: demais telas


def equipe(*permitidos, negado="403") -> dict:
    """Tela da equipe (admin ou ``staff_member_required``): quem não é da equipe vai ao login."""
    return {p: "ok" if p in permitidos else negado if p in EQUIPE else "login" for p in PAPEIS}


def da_comissao(**membros: bool) -> dict:
    """Tela da comissão: papel → se entra (``True``) ou, membro sem a função (presidir), recebe 403
    (``False``). Quem não é membro da comissão recebe 404; o anônimo vai ao login."""
    esperado = {p: "404" for p in PAPEIS} | {ANONIMO: "login"}
    return esperado | {papel: "ok" if entra else "403" for papel, entra in membros.items()}


@dataclass
class Caso:
    nome: str  # nome da URL
    url: str
    esperado: dict
    metodo: str = "get"
    dados: dict = field(default_factory=dict)
    arquivo: str = ""  # tipo do arquivo que quem pode recebe (PDF, planilha), em vez de uma página
    contem: dict = field(default_factory=dict)  # papel → texto que a página tem de mostrar
    nao_contem: dict = field(default_factory=dict)  # papel → texto que a página não pode mostrar


def casos_das_telas(c) -> list[Caso]:
    """As telas fora dos cadastros do admin, com os objetos do cenário."""
    r = reverse
    todos_logados = {p: "ok" for p in PAPEIS} | {ANONIMO: "login"}
    return [
        # Pública: a conferência do código do Anexo I, sem login nem segundo fator, para qualquer um.
        Caso("concursos:verificar_documento", r("concursos:verificar_documento") + "?codigo=0000-0000-0000-0000",
             {p: "ok" for p in PAPEIS}),
        # concursos: telas do RH
        Caso("concursos:simulador", r("concursos:simulador"), equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO)),
        # A ajuda (as regras e os guias de docs/ como páginas): toda a equipe lê; os membros, não.
        Caso("ajuda:indice", r("ajuda:indice"), equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO)),
        Caso("ajuda:pagina", r("ajuda:pagina", args=["regras"]), equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO)),
        Caso("concursos:gerar_resultado", r("concursos:gerar_resultado", args=[c.e1.pk]),
             equipe(DO_RH, SUPERUSUARIO), "post"),
        Caso("concursos:prorrogar_validade", r("concursos:prorrogar_validade", args=[c.e1.pk]),
             equipe(DO_RH, SUPERUSUARIO)),
        Caso("concursos:registrar_anexo_i", r("concursos:registrar_anexo_i", args=[c.e1.pk]),
             equipe(DO_RH, SUPERUSUARIO)),
        Caso("concursos:quadro_de_vagas_pdf", r("concursos:quadro_de_vagas_pdf", args=[c.e1.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO), arquivo=PDF),
        Caso("concursos:resultado_pdf", r("concursos:resultado_pdf", args=[c.e1.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO), arquivo=PDF),
        Caso("concursos:registrar_evento", r("concursos:registrar_evento", args=[c.adm.pk, "desistencia"]),
             equipe(DO_RH, SUPERUSUARIO)),
        Caso("concursos:registrar_evento", r("concursos:registrar_evento", args=[c.adm.pk, "vagas_adicionais"]),
             equipe(DO_RH, SUPERUSUARIO), "post", {"quantidade": "1", "documento": "Decreto 2/2025"}),
        # As sugestões do campo de inscrição do formulário de evento: de quem registra eventos.
        Caso("concursos:buscar_inscricoes", r("concursos:buscar_inscricoes", args=[c.adm.pk]) + "?q=a",
             equipe(DO_RH, SUPERUSUARIO), arquivo="application/json"),
        Caso("concursos:evento", r("concursos:evento", args=[c.evento.pk]), equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO)),
        # Nomeação, posse e exercício de um convocado: o RH registra; o auditor não (o serviço também recusa).
        Caso("concursos:registrar_provimento", r("concursos:registrar_provimento", args=[c.x2.pk]),
             equipe(DO_RH, SUPERUSUARIO)),
        Caso("concursos:registrar_provimento", r("concursos:registrar_provimento", args=[c.x2.pk]),
             equipe(DO_RH, SUPERUSUARIO), "post", {"portaria": "Portaria 9/2025", "data_da_nomeacao": "02/06/2025"}),
        # O edital de convocação: o RH publica; quem vê resultados baixa o ato publicado (CPF mascarado).
        Caso("concursos:publicar_convocacao", r("concursos:publicar_convocacao", args=[c.adm.pk]),
             equipe(DO_RH, SUPERUSUARIO)),
        Caso("concursos:publicar_convocacao", r("concursos:publicar_convocacao", args=[c.adm.pk]),
             equipe(DO_RH, SUPERUSUARIO), "post",
             {"numero": "2/2025", "data": "02/06/2025", "local": "Prefeitura", "inscricoes": [str(c.x2.pk)]}),
        Caso("concursos:ato_de_convocacao_pdf", r("concursos:ato_de_convocacao_pdf", args=[c.ato.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO), arquivo=PDF),
        Caso("concursos:ato_de_convocacao_docx", r("concursos:ato_de_convocacao_docx", args=[c.ato.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO)),
        # O original de um ato publicado, pelo código impresso nele: público, como a verificação.
        Caso("concursos:original_do_ato", r("concursos:original_do_ato", args=[c.ato.registro.codigo]),
             {p: "ok" for p in PAPEIS}, arquivo=PDF),
        # O arquivo editável (DOCX) de qualquer ato: de quem lê o registro, como o original em PDF.
        Caso("concursos:editavel_do_ato", r("concursos:editavel_do_ato", args=[c.ato.registro.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO)),
        # A referência do Diário Oficial de um ato: o RH a acrescenta; o auditor só lê o ato.
        Caso("concursos:acrescentar_diario_oficial", r("concursos:acrescentar_diario_oficial", args=[c.ato.registro.pk]),
             equipe(DO_RH, SUPERUSUARIO)),
        # O aviso pessoal (issue 28): o link do e-mail é público (o token assinado é a chave); reenviar,
        # registrar outro meio e abrir a caixa de saída da demonstração são do RH, nunca da comissão.
        Caso("concursos:aviso_pessoal", c.link_do_aviso, {p: "ok" for p in PAPEIS}),
        Caso("concursos:reenviar_aviso", r("concursos:reenviar_aviso", args=[c.aviso.pk]),
             equipe(DO_RH, SUPERUSUARIO), "post"),
        Caso("concursos:aviso_por_outro_meio", r("concursos:aviso_por_outro_meio", args=[c.aviso.pk]),
             equipe(DO_RH, SUPERUSUARIO)),
        Caso("concursos:caixa_de_saida", r("concursos:caixa_de_saida"), equipe(DO_RH, SUPERUSUARIO)),
        # Atos de verificação que o RH registra (avaliação PcD, análise documental, decisão judicial): nunca a comissão nem o auditor.
        Caso("concursos:registrar_avaliacao_pcd", r("concursos:registrar_avaliacao_pcd", args=[c.pcd.pk]),
             equipe(DO_RH, SUPERUSUARIO)),
        Caso("concursos:registrar_decisao_judicial", r("concursos:registrar_decisao_judicial", args=[c.n1.pk]),
             equipe(DO_RH, SUPERUSUARIO)),
        # A análise documental (indígenas e quilombolas): o RH registra; a inscrição sem grupo documental
        # volta à ficha com a mensagem, e quem não é do RH fica no 403.
        Caso("concursos:registrar_analise_documental", r("concursos:registrar_analise_documental", args=[c.n1.pk]),
             equipe(DO_RH, SUPERUSUARIO)),
        # Avaliações PcD em lote: as mesmas permissões; pedido sem assinatura válida volta ao envio.
        Caso("concursos:importar_avaliacoes_pcd", r("concursos:importar_avaliacoes_pcd"), equipe(DO_RH, SUPERUSUARIO)),
        Caso("concursos:previa_das_avaliacoes_pcd", r("concursos:previa_das_avaliacoes_pcd") + "?t=falso",
             equipe(DO_RH, SUPERUSUARIO)),
        Caso("concursos:confirmar_avaliacoes_pcd", r("concursos:confirmar_avaliacoes_pcd"),
             equipe(DO_RH, SUPERUSUARIO), "post", {"t": "falso", "previa": "falsa"}),
        Caso("concursos:erros_das_avaliacoes_pcd", r("concursos:erros_das_avaliacoes_pcd") + "?t=falso",
             equipe(DO_RH, SUPERUSUARIO)),
        Caso("concursos:reverter_evento", r("concursos:reverter_evento", args=[c.evento.pk]),
             equipe(DO_RH, SUPERUSUARIO)),
        Caso("concursos:publicar_resultado", r("concursos:publicar_resultado", args=[c.previa.pk]),
             equipe(DO_RH, SUPERUSUARIO), "post"),
        # A lista publicada é o ato já publicado (CPF mascarado): quem vê resultados a baixa.
        Caso("concursos:lista_publicada", r("concursos:lista_publicada", args=[c.publicado.pk, "csv"]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO), arquivo="text/csv"),
        Caso("concursos:lista_publicada", r("concursos:lista_publicada", args=[c.publicado.pk, "xlsx"]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO), arquivo=XLSX),
        # trabalho em segundo plano: pedir, acompanhar e baixar o que saiu
        Caso("concursos:pedir_resultados", r("concursos:pedir_resultados", args=[c.e1.pk]),
             equipe(DO_RH, SUPERUSUARIO), "post"),
        Caso("concursos:pedir_pdfs", r("concursos:pedir_pdfs", args=[c.e1.pk]), equipe(DO_RH, SUPERUSUARIO), "post"),
        Caso("concursos:importar_em_segundo_plano", r("concursos:importar_em_segundo_plano"),
             equipe(DO_RH, SUPERUSUARIO)),
        Caso("concursos:progresso_do_processamento", r("concursos:progresso_do_processamento", args=[c.pdfs.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO), arquivo="application/json"),
        Caso("concursos:pdf_do_processamento",
             r("concursos:pdf_do_processamento", args=[c.pdfs.pk, c.adm.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO), arquivo=PDF),
        # importação e exportação de inscrições (dados pessoais): só com a permissão própria
        Caso("admin:concursos_inscricao_import", r("admin:concursos_inscricao_import"), equipe(DO_RH, SUPERUSUARIO)),
        Caso("admin:concursos_inscricao_process_import", r("admin:concursos_inscricao_process_import"),
             equipe(DO_RH, SUPERUSUARIO), "post"),
        # a tela de mapeamento e os erros de uma prévia, pela ficha assinada do arquivo guardado
        Caso("admin:concursos_inscricao_importar_mapeado", r("admin:concursos_inscricao_importar_mapeado") + c.ficha,
             equipe(DO_RH, SUPERUSUARIO)),
        Caso("admin:concursos_inscricao_importar_erros", r("admin:concursos_inscricao_importar_erros") + c.ficha,
             equipe(DO_RH, SUPERUSUARIO)),
        Caso("admin:concursos_inscricao_importar_erros_csv", r("admin:concursos_inscricao_importar_erros_csv") + c.ficha,
             equipe(DO_RH, SUPERUSUARIO), arquivo="text/csv"),
        # O modelo de planilha não tem dado pessoal, mas só serve a quem importa (menor privilégio).
        Caso("concursos:modelo_de_planilha", r("concursos:modelo_de_planilha", args=[c.e1.pk, "xlsx"]),
             equipe(DO_RH, SUPERUSUARIO), arquivo=XLSX),
        Caso("concursos:modelo_de_planilha", r("concursos:modelo_de_planilha", args=[c.e1.pk, "csv"]),
             equipe(DO_RH, SUPERUSUARIO), arquivo="text/csv"),
        Caso("admin:concursos_inscricao_export", r("admin:concursos_inscricao_export"), equipe(DO_RH, SUPERUSUARIO)),
        Caso("admin:concursos_inscricao_export", r("admin:concursos_inscricao_export"), equipe(DO_RH, SUPERUSUARIO),
             "post", {"format": "0", "resource": "0", "inscricaoresource_inscricao": "on"}, arquivo=XLSX),
        # o admin: entrada, apps e a busca dos campos de autocompletar
        Caso("admin:index", r("admin:index"), equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO)),
        Caso("admin:app_list", r("admin:app_list", args=["concursos"]), equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO)),
        Caso("admin:app_list", r("admin:app_list", args=["heteroidentificacao"]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO)),
        Caso("admin:app_list", r("admin:app_list", args=["auth"]), equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO)),
        Caso("admin:app_list", r("admin:app_list", args=["axes"]), equipe(DO_AUDITOR, SUPERUSUARIO, negado="404")),
        Caso("admin:autocomplete",
             r("admin:autocomplete") + "?app_label=concursos&model_name=inscricao&field_name=candidato&term=N",
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO)),
        Caso("admin:auth_user_password_change", r("admin:auth_user_password_change", args=[c.usuarios[MEMBRO_C1].pk]),
             equipe(SUPERUSUARIO)),
        # heteroidentificação no admin: resultado, PDFs e os passos da apuração
        Caso("admin:heteroidentificacao_comissao_resultado",
             r("admin:heteroidentificacao_comissao_resultado", args=[c.c1.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO), nao_contem={DO_RH: FUNDAMENTACAO}),
        Caso("admin:heteroidentificacao_comissao_resultado_pdf",
             r("admin:heteroidentificacao_comissao_resultado_pdf", args=[c.c1.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO), arquivo=PDF),
        # Publicar o definitivo (um ato do registro): o RH; o auditor confere, não publica.
        Caso("admin:heteroidentificacao_comissao_publicar_definitivo",
             r("admin:heteroidentificacao_comissao_publicar_definitivo", args=[c.c1.pk]),
             equipe(DO_RH, SUPERUSUARIO), "post"),
        Caso("admin:heteroidentificacao_sessao_convocacao_pdf",
             r("admin:heteroidentificacao_sessao_convocacao_pdf", args=[c.s1.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO), arquivo=PDF),
        Caso("admin:heteroidentificacao_sessao_ata_pdf", r("admin:heteroidentificacao_sessao_ata_pdf", args=[c.se.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO), arquivo=PDF),
        # A data da publicação do resultado preliminar (de que corre o prazo de recurso): quem conduz.
        Caso("admin:heteroidentificacao_sessao_publicar_resultado_preliminar",
             r("admin:heteroidentificacao_sessao_publicar_resultado_preliminar", args=[c.se.pk]),
             equipe(DO_RH, SUPERUSUARIO)),
        # Os pareceres entregues ao candidato (sem nomes, só depois do encerramento): o RH os entrega.
        Caso("admin:heteroidentificacao_chamado_parecer_pdf",
             r("admin:heteroidentificacao_chamado_parecer_pdf", args=[c.k2.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO), arquivo=PDF),
        *(
            Caso(f"admin:heteroidentificacao_processo_{passo}",
                 r(f"admin:heteroidentificacao_processo_{passo}", args=[c.p1.pk]), equipe(DO_RH, SUPERUSUARIO))
            for passo in ("notificar", "defesa", "decidir")
        ),
        # Desligar um membro da comissão (com motivo e data): quem conduz o procedimento, não o auditor.
        Caso("admin:heteroidentificacao_membro_desligar",
             r("admin:heteroidentificacao_membro_desligar", args=[c.c1.membros.get(usuario__username="elisa").pk]),
             equipe(DO_RH, SUPERUSUARIO)),
        Caso("admin:heteroidentificacao_processo_notificar",
             r("admin:heteroidentificacao_processo_notificar", args=[c.p1.pk]), equipe(DO_RH, SUPERUSUARIO), "post",
             {"notificado_em": timezone.localdate().isoformat(), "dias_para_defesa": "10"}),
        Caso("admin:heteroidentificacao_processo_oficio_pdf",
             r("admin:heteroidentificacao_processo_oficio_pdf", args=[c.p2.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO), arquivo=PDF),
        # O texto dos pareceres na trilha: o auditor o lê, o RH não.
        Caso("admin:heteroidentificacao_registrodeauditoria_change",
             r("admin:heteroidentificacao_registrodeauditoria_change", args=[c.registro_do_parecer.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO),
             contem={DO_AUDITOR: FUNDAMENTACAO}, nao_contem={DO_RH: FUNDAMENTACAO}),
        Caso("admin:heteroidentificacao_parecer_change",
             r("admin:heteroidentificacao_parecer_change", args=[c.parecer.pk]),
             equipe(DO_AUDITOR, SUPERUSUARIO), contem={DO_AUDITOR: FUNDAMENTACAO}),
        Caso("admin:heteroidentificacao_sessao_change", r("admin:heteroidentificacao_sessao_change", args=[c.s1.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO), nao_contem={DO_RH: FUNDAMENTACAO}),
        # Cor/raça e as opções por grupo (LGPD, art. 11): o RH vê, o auditor não.
        Caso("admin:concursos_inscricao_change", r("admin:concursos_inscricao_change", args=[c.n1.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO),
             contem={DO_RH: "field-cor_raca"}, nao_contem={DO_AUDITOR: "field-cor_raca"}),
        # Prestação de contas do edital (só contagens): o RH e o auditor, sem ver_dados_sensiveis.
        Caso("heteroidentificacao:prestacao_de_contas", r("heteroidentificacao:prestacao_de_contas", args=[c.e1.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO)),
        # Publicar a versão pública (um ato do registro): o RH, como o Anexo I.
        Caso("heteroidentificacao:publicar_prestacao_de_contas",
             r("heteroidentificacao:publicar_prestacao_de_contas", args=[c.e1.pk]), equipe(DO_RH, SUPERUSUARIO), "post"),
        Caso("heteroidentificacao:prestacao_de_contas_pdf",
             r("heteroidentificacao:prestacao_de_contas_pdf", args=[c.e1.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO), arquivo=PDF),
        Caso("heteroidentificacao:prestacao_de_contas_xlsx",
             r("heteroidentificacao:prestacao_de_contas_xlsx", args=[c.e1.pk]),
             equipe(DO_RH, DO_AUDITOR, SUPERUSUARIO), arquivo=XLSX),
        # telas da comissão
        Caso("heteroidentificacao:minhas_sessoes", r("heteroidentificacao:minhas_sessoes"), todos_logados,
             contem={MEMBRO_C1: c.link_de_s1, DE_OUTRA: c.link_de_s2},
             nao_contem={MEMBRO_C1: c.link_de_s2, DE_OUTRA: c.link_de_s1}),
        Caso("heteroidentificacao:sessao", r("heteroidentificacao:sessao", args=[c.s1.pk]),
             da_comissao(membro=True, presidente=True)),
        Caso("heteroidentificacao:sessao", r("heteroidentificacao:sessao", args=[c.sr.pk]), da_comissao(recursal=True)),
        Caso("heteroidentificacao:sessao", r("heteroidentificacao:sessao", args=[c.s2.pk]),
             da_comissao(membro_de_outra=True)),
        Caso("heteroidentificacao:abrir_sessao", r("heteroidentificacao:abrir_sessao", args=[c.s0.pk]),
             da_comissao(membro=False, presidente=True), "post"),
        Caso("heteroidentificacao:abrir_sessao", r("heteroidentificacao:abrir_sessao", args=[c.s2.pk]),
             da_comissao(membro_de_outra=False), "post"),
        Caso("heteroidentificacao:encerrar_sessao", r("heteroidentificacao:encerrar_sessao", args=[c.s1.pk]),
             da_comissao(membro=False, presidente=True)),
        Caso("heteroidentificacao:encerrar_sessao", r("heteroidentificacao:encerrar_sessao", args=[c.s1.pk]),
             da_comissao(membro=False, presidente=True), "post"),
        Caso("heteroidentificacao:encerrar_sessao", r("heteroidentificacao:encerrar_sessao", args=[c.sr.pk]),
             da_comissao(recursal=False), "post"),
        # Sessões em escala (issue 29): chamar pela regra e a presença em lote são do presidente.
        Caso("heteroidentificacao:chamar_candidatos", r("heteroidentificacao:chamar_candidatos", args=[c.s1.pk]),
             da_comissao(membro=False, presidente=True)),
        Caso("heteroidentificacao:chamar_candidatos", r("heteroidentificacao:chamar_candidatos", args=[c.s1.pk]),
             da_comissao(membro=False, presidente=True), "post", {"quantos": "0"}),
        Caso("heteroidentificacao:presenca_em_lote", r("heteroidentificacao:presenca_em_lote", args=[c.s1.pk]),
             da_comissao(membro=False, presidente=True)),
        Caso("heteroidentificacao:presenca_em_lote", r("heteroidentificacao:presenca_em_lote", args=[c.s1.pk]),
             da_comissao(membro=False, presidente=True), "post", {"acao": "confirmar"}),
        Caso("heteroidentificacao:registrar_gravacao", r("heteroidentificacao:registrar_gravacao", args=[c.s1.pk]),
             da_comissao(membro=False, presidente=True), "post",
             {"gravacao": "SEMAD-2026-0042", "hash_da_gravacao": "0" * 64}),
        Caso("heteroidentificacao:registrar_parecer_da_comissao",
             r("heteroidentificacao:registrar_parecer_da_comissao", args=[c.k1.pk]),
             da_comissao(membro=False, presidente=True), "post", {"parecer_da_comissao": "Pele clara."}),
        # O impedimento: o próprio membro (ou o presidente por ele); quem não é da comissão nem sabe do candidato.
        Caso("heteroidentificacao:declarar_impedimento",
             r("heteroidentificacao:declarar_impedimento", args=[c.k1.pk]),
             da_comissao(membro=True, presidente=True), "post", {"motivo": "Parente do candidato.", "suplente": ""}),
        # A transferência para outra sessão por impedimento: só o presidente.
        Caso("heteroidentificacao:transferir_por_impedimento",
             r("heteroidentificacao:transferir_por_impedimento", args=[c.k1.pk]),
             da_comissao(membro=False, presidente=True), "post", {"membro": "", "motivo": "Parente do candidato."}),
        Caso("heteroidentificacao:registrar_presenca", r("heteroidentificacao:registrar_presenca", args=[c.k1.pk]),
             da_comissao(membro=True, presidente=True), "post", {"presenca": "compareceu"}),
        Caso("heteroidentificacao:parecer", r("heteroidentificacao:parecer", args=[c.k1.pk]),
             da_comissao(membro=True, presidente=True)),
        Caso("heteroidentificacao:parecer", r("heteroidentificacao:parecer", args=[c.k1.pk]),
             da_comissao(membro=True, presidente=True), "post", {"voto": "confirma", "fundamentacao": ""}),
        Caso("heteroidentificacao:parecer", r("heteroidentificacao:parecer", args=[c.kr.pk]),
             da_comissao(recursal=True)),
        Caso("heteroidentificacao:parecer", r("heteroidentificacao:parecer", args=[c.kr.pk]),
             da_comissao(recursal=True), "post", {"voto": "confirma", "fundamentacao": ""}),
        Caso("heteroidentificacao:parecer", r("heteroidentificacao:parecer", args=[c.k3.pk]),
             da_comissao(membro_de_outra=True)),
    ]  # fmt: skip


def casos_do_admin(c) -> list[Caso]:
    """As seis telas de cada modelo registrado no admin, com um objeto do cenário."""
    casos = []
    for modelo in admin.site._registry:
        rotulo = modelo._meta.label_lower
        permitidas = ADMIN.get(rotulo)
        if permitidas is None:
            continue  # acusado em ``telas_fora_da_matriz``
        objeto = c.objetos.get(rotulo) or modelo._default_manager.order_by("pk").first()
        prefixo = f"admin:{modelo._meta.app_label}_{modelo._meta.model_name}"
        urls = {"lista": ("get", reverse(f"{prefixo}_changelist")), "incluir": ("get", reverse(f"{prefixo}_add"))}
        if objeto is not None:  # sem objeto de exemplo: acusado em ``telas_fora_da_matriz``
            urls |= {
                "ficha": ("get", reverse(f"{prefixo}_change", args=[objeto.pk])),
                "gravar": ("post", reverse(f"{prefixo}_change", args=[objeto.pk])),
                "historico": ("get", reverse(f"{prefixo}_history", args=[objeto.pk])),
                "excluir": ("get", reverse(f"{prefixo}_delete", args=[objeto.pk])),
            }
        for tela, (metodo, url) in urls.items():
            esperado = {p: "login" for p in PAPEIS} | {
                p: "ok" if tela in permitidas.get(p, "").split() else "403" for p in EQUIPE
            }
            casos.append(Caso(f"{rotulo} {tela}", url, esperado, metodo))
    return casos


# ---------------------------------------------------------------- o cenário


def usuarios_dos_papeis(grupos) -> dict:
    """Um usuário por papel, pelos grupos (nunca permissões avulsas). Sem senha: ``force_login``."""
    modelo = get_user_model()

    def criar(nome, grupo=None, **campos):
        usuario = modelo.objects.create_user(nome, f"{nome}@cariacica.test", **campos)
        if grupo:
            usuario.groups.add(grupos[grupo])
        return usuario

    return {
        DO_RH: criar("rita", RH, is_staff=True),
        MEMBRO_C1: criar("marcos", MEMBRO),
        PRESIDENTE_C1: criar("paula", PRESIDENTE),
        DA_RECURSAL: criar("otavio", RECURSAL),
        DO_AUDITOR: criar("celia", AUDITOR, is_staff=True),
        SUPERUSUARIO: criar("raiz", is_staff=True, is_superuser=True),
        DE_OUTRA: criar("sonia", MEMBRO),
    }


def montar_cenario():
    """Edital 1/2025 com a comissão C1 (Paula preside, Marcos é membro), a recursal (Otávio) e as
    sessões: encerrada com recurso (SE), aberta com um parecer de Marcos (S1) e planejada (S0); o
    edital 2/2025 com a comissão C2 de Sônia (S2). Um resultado publicado, um evento e a prévia
    seguinte; duas apurações, uma em andamento e uma procedente."""
    usuarios = usuarios_dos_papeis(configurar_papeis())
    rh, hoje, agora = fabricas.rh(), timezone.localdate(), timezone.now()
    e1 = edital(criado_por=rh, cargos=(("GM", "Guarda Municipal", 5), ("ADM", "Agente Administrativo", 2)))
    gm, adm = e1.cargos.get(codigo="GM"), e1.cargos.get(codigo="ADM")
    inscricao(gm, "A", 95)
    n1 = inscricao(gm, "N1", 85, grupos={"negros": "pendente"})
    n2 = inscricao(gm, "N2", 80, grupos={"negros": "pendente"})
    n3 = inscricao(gm, "N3", 78, grupos={"negros": "pendente"})
    n4 = inscricao(gm, "N4", 76, grupos={"negros": "pendente"})
    pcd = inscricao(gm, "P", 70, grupos={"pcd": "confirmado"})
    for numero, nota in (("X1", 95), ("X2", 90), ("X3", 85)):
        inscricao(adm, numero, nota)

    c1 = fabricas.comissao(e1, titulares=("paula", "marcos", "carla", "davi", "elisa"))
    recursal = fabricas.comissao(e1, tipo=Comissao.RECURSAL, titulares=("helena", "otavio", "joana"))
    se = sessao_aberta(c1, inicio=agora - timedelta(hours=3))
    k2 = chamar(se, n2)
    votar(k2, paula="confirma", marcos="confirma", carla="nao_confirma", davi="nao_confirma", elisa="nao_confirma")
    encerrar(se)
    recurso = services.registrar_recurso(k2, texto="Peço a revisão pela gravação.", por=rh)
    sr = sessao_aberta(recursal)
    kr = services.chamar_recurso(recurso, sr, por=rh)
    s1 = sessao_aberta(c1)
    k1 = chamar(s1, n1)
    votar(k1, marcos="nao_confirma")
    s0 = services.criar_sessao(c1, inicio=agora + timedelta(days=1), por=rh)

    e2 = edital(criado_por=rh, numero=2)
    m1 = inscricao(e2.cargos.get(), "M1", 80, grupos={"negros": "pendente"})
    c2 = fabricas.comissao(e2, titulares=("ana", "sonia", "bruno", "fabio", "gil"))
    s2 = sessao_aberta(c2, inicio=agora - timedelta(minutes=30))
    k3 = chamar(s2, m1)

    p1 = services.instaurar_apuracao(n3, numero="PA 1/2025", fatos="Denúncia com documentos.", por=rh)
    p2 = services.instaurar_apuracao(
        n4, numero="PA 2/2025", fatos="Denúncia.", instaurado_em=hoje - timedelta(days=30), por=rh
    )
    services.notificar(p2, notificado_em=hoje - timedelta(days=25), dias_para_defesa=10, por=rh)
    services.decidir_apuracao(p2, decisao="procedente", fundamentacao="Má-fé comprovada.", por=rh)

    publicado = servicos_de_concursos.gerar_resultado(adm, por=rh)
    servicos_de_concursos.publicar_resultado(publicado, por=rh)
    registrado = servicos_de_concursos.registrar_evento(
        adm,
        tipo="vagas_adicionais",
        quantidade=1,
        ato=Ato(documento="Decreto 1/2025", data_do_ato=DATA_DO_ATO),
        por=rh,
    )
    provimento = provimentos.registrar_nomeacao(
        adm.inscricoes.get(numero="X1"), portaria="Portaria 1/2025", data_da_nomeacao=DATA_DO_ATO, por=rh
    )
    registro = AtoPublicado.objects.create(
        tipo="edital_de_convocacao", ano=2025, numero=1, codigo="7K2M-Q9XD-0ABC-1DEF", titulo="Edital de convocação nº 1/2025",
        conteudo=b"%PDF-1.4\n", editavel=b"PK\x03\x04", hash_sha256="0" * 64, edital=adm.edital, cargo=adm, confirmado_por=rh,
        confirmado_em=relogio.agora(),
    )  # fmt: skip
    ato = AtoDeConvocacao.objects.create(
        cargo=adm, numero="1/2025", data=DATA_DO_ATO, local="Secretaria de Administração", prazo=DATA_DO_ATO,
        inscricoes=["X1"], pdf=b"%PDF-1.4\n", hash_do_pdf="0" * 64, registrado_por=rh, registro=registro,
    )  # fmt: skip
    # O aviso pessoal de X1 (sem e-mail: o envio nasce falho) e um e-mail enviado, com o link assinado.
    avisos_pessoais.criar_avisos(ato, por=rh)
    aviso = AvisoPessoal.objects.get(ato_de_convocacao=ato)
    enviado = EnvioDoAviso.objects.create(
        aviso=aviso, meio=EnvioDoAviso.EMAIL, endereco="x1@exemplo.com.br", situacao=EnvioDoAviso.ENVIADO
    )
    # Um pedido de resultados na fila e um de PDFs concluído, com o arquivo na pasta privada.
    pedido = pedidos.pedir_resultados(e1, por=rh)
    pdfs = Processamento.objects.create(
        tipo=Processamento.PDFS,
        edital=e1,
        estado=Processamento.CONCLUIDO,
        total=1,
        feitos=1,
        solicitado_por=rh,
        saida={"partes": {str(adm.pk): {"cargo": "ADM", "arquivo": "ADM-v1.pdf", "bytes": 9}}},
    )
    produtos.pasta_dos_pdfs(pdfs).mkdir(parents=True, exist_ok=True)
    (produtos.pasta_dos_pdfs(pdfs) / "ADM-v1.pdf").write_bytes(b"%PDF-1.4\n")
    # Uma visita do RH à ficha de N1, para que os registros de acesso a dados sensíveis tenham um exemplo.
    visita = Client()
    visita.force_login(usuarios[DO_RH])
    visita.get(reverse("admin:concursos_inscricao_change", args=[n1.pk]))
    parecer = k1.pareceres.get()
    # O do parecer de k1 (o membro também votou em k2, na sessão encerrada: todos votam).
    registro_do_parecer = RegistroDeAuditoria.objects.filter(
        acao="parecer_registrado", usuario=usuarios[MEMBRO_C1]
    ).latest("id")
    objetos = {
        "auth.group": Group.objects.get(name=RH),
        "auth.user": usuarios[MEMBRO_C1],
        "axes.accessattempt": AccessAttempt.objects.create(
            username="rita", ip_address="10.0.0.1", user_agent="teste", failures_since_start=1
        ),
        "axes.accesslog": AccessLog.objects.create(username="rita", ip_address="10.0.0.1", user_agent="teste"),
        "axes.accessfailurelog": AccessFailureLog.objects.create(
            username="rita", ip_address="10.0.0.1", user_agent="teste"
        ),
        "otp_totp.totpdevice": autenticador_confirmado(usuarios[MEMBRO_C1]),
        "convites.codigodecadastro": CodigoDeCadastro.objects.get(
            hash_do_codigo=codigos._hash(codigos.emitir(usuarios[MEMBRO_C1], por=usuarios[SUPERUSUARIO]))
        ),
        "otp_static.staticdevice": StaticDevice.objects.get(
            user=usuarios[MEMBRO_C1], token_set__token=gerar_codigos_de_recuperacao(usuarios[MEMBRO_C1])[0]
        ),
        "concursos.edital": e1,
        "concursos.inscricao": n1,
        "concursos.cargo": gm,
        "concursos.candidato": n1.candidato,
        "concursos.evento": registrado.evento,
        "concursos.resultado": publicado,
        "concursos.provimento": provimento,
        "concursos.atodeconvocacao": ato,
        "concursos.atopublicado": ato.registro,
        # Gravado pelo comando de eliminação (sem o comando aqui: o cenário não tem edital vencido).
        "concursos.termodeeliminacao": TermoDeEliminacao.objects.create(
            edital=e1,
            fim_da_guarda=DATA_DO_ATO,
            anonimizadas=0,
            inscricoes_anonimizadas=0,
            pdf=b"%PDF-1.4\n",
            hash_do_pdf="0" * 64,
            executado_por=usuarios[SUPERUSUARIO],
        ),  # fmt: skip
        "concursos.instituicao": Instituicao.objects.create(),
        "heteroidentificacao.comissao": c1,
        "heteroidentificacao.sessao": s1,
        "heteroidentificacao.recurso": recurso,
        "heteroidentificacao.processodeapuracao": p1,
        "heteroidentificacao.feriado": Feriado.objects.create(
            data=date(2025, 4, 28), descricao="Feriado local de teste"
        ),
        "heteroidentificacao.parecer": parecer,
        "heteroidentificacao.registrodeauditoria": registro_do_parecer,
        "concursos.processamento": pedido,
        "concursos.leiautedeimportacao": LeiauteDeImportacao.objects.create(
            banca="Instituto Exemplo", nome="inscrições", colunas={"nome_do_candidato": "nome"}
        ),
        "django_tasks_database.dbtaskresult": DBTaskResult.objects.order_by("enqueued_at").first(),
    }
    return SimpleNamespace(
        usuarios=usuarios, objetos=objetos, e1=e1, adm=adm, n1=n1, pcd=pcd, c1=c1, se=se, s0=s0, s1=s1, s2=s2, sr=sr,
        k1=k1, k2=k2, k3=k3, kr=kr, p1=p1, p2=p2, parecer=parecer, registro_do_parecer=registro_do_parecer,
        publicado=publicado, evento=registrado.evento, x2=adm.inscricoes.get(numero="X2"), ato=ato, aviso=aviso,
        link_do_aviso=avisos_pessoais.link_do_envio(enviado).removeprefix(settings.ENDERECO_DOS_AVISOS), previa=registrado.resultado, pdfs=pdfs,
        ficha=ficha_de_uma_previa(e1),
        link_de_s1=f'href="{reverse("heteroidentificacao:sessao", args=[s1.pk])}"',
        link_de_s2=f'href="{reverse("heteroidentificacao:sessao", args=[s2.pk])}"',
    )  # fmt: skip


def ficha_de_uma_previa(edital_) -> str:
    """``?ficha=`` de uma prévia: um arquivo da banca guardado entre a prévia e a confirmação."""
    armazenamento, pasta = armazenamento_temporario()
    nome = "0" * 31 + "1"
    conteudo = "Nome do Candidato;CPF;Nº de Inscrição;Cargo;Nota Final\r\nAna;529.982.247-25;1;ADM;70".encode("cp1252")
    armazenamento.save(f"{pasta}/{nome}", ContentFile(conteudo))
    ficha = {"arquivo": nome, "nome": "banca.csv", "formato": "0", "edital": edital_.pk, "mapeamento": {}}
    return "?ficha=" + signing.dumps(ficha, salt=SAL_DA_FICHA, compress=True)


# ---------------------------------------------------------------- o percurso


def desfecho(resposta) -> str:
    if resposta.status_code == 302:
        if resposta["Location"].startswith(SEGUNDO_FATOR):
            return "segundo fator"
        return "login" if resposta["Location"].startswith(LOGINS) else "ok"
    return "ok" if resposta.status_code == 200 else str(resposta.status_code)


def pedir(cliente: Client, caso: Caso):
    """A requisição numa transação desfeita: nada do que ela grava sobra para a seguinte."""
    with transaction.atomic():
        resposta = getattr(cliente, caso.metodo)(caso.url, caso.dados)
        transaction.set_rollback(True)
    return resposta


def conferir(caso: Caso, papel: str, resposta) -> list[str]:
    obtido = desfecho(resposta)
    onde = f"{papel:<16} {caso.metodo.upper():<4} {caso.url} ({caso.nome})"
    if resposta.status_code >= 500:
        return [
            f"{onde}: erro {resposta.status_code}: {getattr(resposta, 'exc_info', None) and resposta.exc_info[1]!r}"
        ]
    if obtido != caso.esperado[papel]:
        return [f"{onde}: esperado {caso.esperado[papel]}, obtido {obtido} ({resposta.status_code})"]
    falhas = []
    if caso.arquivo and obtido == "ok" and not resposta.get("Content-Type", "").startswith(caso.arquivo):
        veio = resposta.get("Location") or resposta.get("Content-Type")
        falhas.append(f"{onde}: esperado um arquivo {caso.arquivo}, veio {resposta.status_code} {veio}")
    texto = resposta.content.decode(errors="replace") if resposta.status_code == 200 and not caso.arquivo else ""
    if papel in caso.contem and caso.contem[papel] not in texto:
        falhas.append(f"{onde}: a página devia mostrar {caso.contem[papel][:40]!r}")
    if papel in caso.nao_contem and caso.nao_contem[papel] in texto:
        falhas.append(f"{onde}: a página NÃO devia mostrar {caso.nao_contem[papel][:40]!r}")
    return falhas


def conferir_acoes(caso: Caso, papel: str, resposta) -> list[str]:
    """Na lista do admin, as ações oferecidas são exatamente as do papel."""
    if not caso.nome.endswith(" lista") or resposta.status_code != 200:
        return []
    rotulo = caso.nome.split()[0]
    formulario = resposta.context.get("action_form")
    oferecidas = {nome for nome, _ in formulario.fields["action"].choices if nome} if formulario else set()
    esperadas = {acao for acao, papeis in ACOES.get(rotulo, {}).items() if papel in papeis}
    if "excluir" in ADMIN[rotulo].get(papel, "").split():
        esperadas.add("delete_selected")
    if oferecidas != esperadas:
        return [f"{papel:<16} {caso.url}: ações {sorted(oferecidas)}, esperadas {sorted(esperadas)}"]
    return []


def clientes(usuarios, entrar=None) -> dict[str, Client]:
    """Um cliente por papel; ``force_login`` passa também pelo segundo fator (``tests/conftest.py``)."""
    entrar = entrar or Client.force_login
    por_papel = {ANONIMO: Client(raise_request_exception=False)}
    for papel, usuario in usuarios.items():
        por_papel[papel] = Client(raise_request_exception=False)
        entrar(por_papel[papel], usuario)
    return por_papel


def nomes_de_url(padroes, namespace="") -> set[str]:
    """Os nomes de URL (com o namespace) de um conjunto de padrões, recursivamente."""
    nomes = set()
    for padrao in padroes:
        if isinstance(padrao, URLResolver):
            dentro = f"{namespace}:{padrao.namespace}".strip(":") if padrao.namespace else namespace
            nomes |= nomes_de_url(padrao.url_patterns, dentro)
        elif isinstance(padrao, URLPattern) and padrao.name:
            nomes.add(f"{namespace}:{padrao.name}")
    return nomes


def telas_fora_da_matriz(casos) -> list[str]:
    """Modelos do admin sem linha na tabela ou sem objeto de exemplo, e URLs com nome dos apps
    (ou próprias dos admins deles) que nenhum caso visita."""
    nomes = {caso.nome for caso in casos}
    rotulos = sorted(modelo._meta.label_lower for modelo in admin.site._registry)
    return (
        [f"modelo do admin sem linha na matriz: {rotulo}" for rotulo in rotulos if rotulo not in ADMIN]
        + [f"modelo do admin sem objeto no cenário: {r}" for r in rotulos if r in ADMIN and f"{r} ficha" not in nomes]
        + [f"tela sem caso na matriz: {nome}" for nome in sorted(urls_sem_caso(nomes))]
    )


def urls_sem_caso(visitadas: set[str]) -> set[str]:
    padrao_do_admin = ("changelist", "add", "change", "history", "delete")
    todas = {
        nome
        for nome in nomes_de_url(get_resolver().url_patterns)
        if nome.startswith(("concursos:", "heteroidentificacao:"))
        or (nome.startswith("admin:") and nome.split(":")[1].startswith(("concursos_", "heteroidentificacao_")))
    }
    proprias_do_admin = {n for n in todas if n.startswith("admin:") and not n.endswith(padrao_do_admin)}
    dos_apps = {n for n in todas if not n.startswith("admin:")}
    return (proprias_do_admin | dos_apps) - visitadas


def test_cada_papel_so_entra_onde_deve():
    c = montar_cenario()
    casos = casos_das_telas(c) + casos_do_admin(c)
    falhas = telas_fora_da_matriz(casos)
    por_papel = clientes(c.usuarios)
    for caso in casos:
        for papel in PAPEIS:
            resposta = pedir(por_papel[papel], caso)
            falhas += conferir(caso, papel, resposta) + conferir_acoes(caso, papel, resposta)
    assert not falhas, f"{len(falhas)} divergência(s) da matriz de permissões:\n" + "\n".join(falhas)


def test_sem_o_segundo_fator_nenhum_papel_passa_da_barreira():
    """Quem só digitou a senha (todo papel, o superusuário inclusive) é levado ao segundo fator em
    todas as telas da matriz, mesmo nas que lhe dariam 403: a barreira vem antes das permissões. Só
    as páginas públicas (as que o anônimo abre) ficam fora dela."""
    c = montar_cenario()
    casos = casos_das_telas(c) + casos_do_admin(c)
    por_papel = clientes(c.usuarios, entrar=entrar_so_com_a_senha)
    falhas = []
    for caso in casos:
        for papel in PAPEIS:
            obtido = desfecho(pedir(por_papel[papel], caso))
            esperado = "login" if papel == ANONIMO else "segundo fator"
            if caso.esperado[ANONIMO] == "ok":  # página pública: nenhuma barreira, para ninguém
                esperado = "ok"
            if obtido != esperado:
                falhas.append(f"{papel:<16} {caso.metodo.upper():<4} {caso.url}: esperado {esperado}, obtido {obtido}")
    assert not falhas, f"{len(falhas)} tela(s) sem a barreira do segundo fator:\n" + "\n".join(falhas)
