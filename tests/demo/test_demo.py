"""Dados de demonstração (``carregar_demo``): idempotentes, fiéis aos editais e cobrindo os casos
que o sistema precisa mostrar (pendências, empates, idosos, Art. 5º).

A demonstração é carregada uma vez para os testes que a conferem (``demo_do_modulo``, em
``tests/conftest.py``), e cada um a recebe como o comando a deixa; os que conferem o próprio
carregamento (a saída do comando, a segunda carga) partem do banco vazio e o chamam."""

from collections import Counter
from datetime import date
from decimal import Decimal
from io import StringIO

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.models import Group, Permission
from django.contrib.auth.password_validation import validate_password
from django.core.management import call_command
from django.test import RequestFactory
from django.utils import timezone

from comum.cpf import validar_cpf
from concursos.models import (
    AtoDeVerificacao,
    Candidato,
    Cargo,
    Edital,
    Evento,
    Inscricao,
    OpcaoDeGrupo,
    Resultado,
)
from concursos.papeis import VIGIAM_O_RH
from demo.plano import plano
from demo.usuarios import USUARIOS
from heteroidentificacao import services as servicos_da_comissao
from heteroidentificacao.models import Chamado, Comissao, Membro, Sessao

pytestmark = pytest.mark.django_db

EDITAIS_E_CARGOS = {
    ("1/2025", "Guarda Municipal", 35),
    ("1/2025", "Professor PEB II – Matemática", 13),
    ("1/2025", "Agente Administrativo", 8),
    ("1/2025", "Médico Clínico Geral", 5),
    ("1/2025", "Engenheiro Civil", 3),
    ("1/2025", "Procurador Municipal", 2),
    ("1/2025", "Arquiteto", 1),
    ("2/2023", "Agente Comunitário de Saúde", 20),
    ("3/2020", "Guarda Municipal", 50),
    ("1/2019", "Vigia", 3),
}


def requisicao_de_login():
    """O django-axes conta tentativas por usuário e IP: a autenticação precisa da requisição."""
    return RequestFactory().post("/contas/entrar/")


def carregar_demo() -> str:
    saida = StringIO()
    call_command("carregar_demo", stdout=saida)
    return saida.getvalue()


def contagens() -> dict:
    modelos = (Edital, Cargo, Candidato, Inscricao, OpcaoDeGrupo, Resultado, Evento, Group, get_user_model())
    modelos += (Comissao, Membro, Sessao, Chamado)
    contagem = {modelo.__name__: modelo.objects.count() for modelo in modelos}
    contagem["permissoes dos grupos"] = Group.permissions.through.objects.count()
    contagem["grupos dos usuarios"] = get_user_model().groups.through.objects.count()
    return contagem


def ultimo(edital: str, codigo: str) -> Resultado:
    numero, ano = edital.split("/")
    return Resultado.objects.filter(cargo__edital__numero=numero, cargo__edital__ano=ano, cargo__codigo=codigo).first()


def test_carregar_demo_duas_vezes_nao_cria_nem_altera_nada():
    carregar_demo()
    antes = contagens()
    senhas = dict(get_user_model().objects.values_list("username", "password"))
    saida = carregar_demo()
    assert contagens() == antes
    assert dict(get_user_model().objects.values_list("username", "password")) == senhas
    assert "nada foi alterado" in saida


def test_demo_tem_exatamente_os_editais_cargos_e_vagas_do_enunciado(demo_do_modulo):
    cargos = {(str(c.edital), c.nome, c.vagas) for c in Cargo.objects.select_related("edital")}
    assert cargos == EDITAIS_E_CARGOS
    quadro_geral = Edital.objects.get(numero=1, ano=2025)
    assert (quadro_geral.publicado_em, quadro_geral.regime, quadro_geral.tipo) == (
        date(2025, 3, 10),
        "cariacica-2023",
        "concurso_publico",
    )
    assert Edital.objects.get(numero=2, ano=2023).tipo == "processo_seletivo_acs_ace"
    assert Edital.objects.get(numero=3, ano=2020).regime_congelado().grupo("pcd").percentual == Decimal("10")


def test_cerca_de_600_inscricoes_e_mais_candidatos_que_vagas_em_todo_cargo(demo_do_modulo):
    assert 550 <= Inscricao.objects.count() <= 650
    for cargo in Cargo.objects.all():
        assert cargo.inscricoes.count() >= 2 * cargo.vagas + 4, cargo


def test_todo_cpf_da_demo_e_valido_e_unico(demo_do_modulo):
    cpfs = list(Candidato.objects.values_list("cpf", flat=True))
    assert len(cpfs) == len(set(cpfs))
    for cpf in cpfs:
        validar_cpf(cpf)


def test_cerca_de_30_por_cento_optam_por_negros_e_8_por_cento_por_pcd(demo_do_modulo):
    total = Inscricao.objects.count()
    opcoes = Counter(OpcaoDeGrupo.objects.values_list("grupo", flat=True))
    assert 0.25 <= opcoes["negros"] / total <= 0.35
    assert 0.05 <= opcoes["pcd"] / total <= 0.11
    assert not Inscricao.objects.filter(opcoes__grupo="negros").exclude(cor_raca__in=["preta", "parda"]).exists()


def test_ha_verificacao_pendente_e_o_resultado_do_cargo_sai_provisorio(demo_do_modulo):
    assert OpcaoDeGrupo.objects.filter(situacao="pendente").exists()
    guarda = ultimo("1/2025", "GM")
    assert guarda.provisorio and guarda.status == Resultado.PREVIA
    assert guarda.saida["pendencias"]
    assert Resultado.objects.filter(provisorio=False).exists()


def test_verificacoes_sao_quase_todas_confirmadas_com_alguns_nao_confirmados_e_ausentes(demo_do_modulo):
    situacoes = Counter(OpcaoDeGrupo.objects.values_list("situacao", flat=True))
    assert situacoes["confirmado"] > sum(situacoes.values()) * 0.7
    assert situacoes["nao_confirmado"] and situacoes["ausente"] and situacoes["pendente"]


def test_empate_sem_solucao_deixa_o_professor_de_matematica_provisorio(demo_do_modulo):
    professor = ultimo("1/2025", "PEB-MAT")
    assert professor.provisorio and len(professor.saida["empates"]) == 1
    assert not professor.saida["pendencias"]


def test_empates_de_nota_com_idades_diferentes_vao_para_o_mais_velho_inclusive_idosos(demo_do_modulo):
    pares, com_idoso = 0, 0
    for resultado in Resultado.objects.filter(versao=1).select_related("cargo__edital"):
        geral = resultado.saida["listas"]["geral"]
        for mais_velho, mais_novo in _empates_de_nota(resultado.cargo):
            if mais_velho.candidato.nascimento != mais_novo.candidato.nascimento:
                assert geral.index(mais_velho.numero) < geral.index(mais_novo.numero)
                pares += 1
                referencia = resultado.cargo.edital.data_referencia_idade
                com_idoso += mais_velho.candidato.nascimento <= referencia.replace(year=referencia.year - 60)
    assert pares >= 5 and com_idoso >= 2


def test_empates_de_mesma_idade_saem_pelo_jurado_e_pelo_sorteio(demo_do_modulo):
    criterios = Counter()
    for cargo in Cargo.objects.all():
        for primeiro, segundo in _empates_de_nota(cargo):
            if primeiro.candidato.nascimento == segundo.candidato.nascimento:
                criterios[
                    "jurado" if primeiro.jurado != segundo.jurado else "sorteio" if primeiro.sorteio else "nada"
                ] += 1
    assert criterios["jurado"] >= 1 and criterios["sorteio"] >= 1 and criterios["nada"] == 1


def _empates_de_nota(cargo):
    """Pares de inscrições do cargo com a mesma nota, a de candidato mais velho primeiro."""
    por_nota = {}
    for inscricao in cargo.inscricoes.select_related("candidato").order_by("candidato__nascimento", "numero"):
        por_nota.setdefault(inscricao.nota, []).append(inscricao)
    return [tuple(grupo) for grupo in por_nota.values() if len(grupo) == 2]


def test_processo_seletivo_de_acs_anterior_a_lei_nao_reserva_vagas_a_negros(demo_do_modulo):
    acs = ultimo("2/2023", "ACS")
    assert acs.saida["quadro"]["reservadas"]["negros"] == 0
    assert acs.saida["listas"]["negros"] == []
    assert acs.cargo.inscricoes.filter(opcoes__grupo="negros").exists()


def test_guarda_de_2020_tem_resultado_publicado_e_eventos_depois_dele(demo_do_modulo):
    cargo = Cargo.objects.get(edital__ano=2020, codigo="GM")
    publicado = cargo.resultados.get(versao=1)
    assert publicado.status == Resultado.PUBLICADO
    assert str(publicado.diario_oficial).startswith("Publicado no Diário Oficial do Município, edição 1.873, de ")
    assert list(cargo.eventos.values_list("tipo", flat=True)) == [
        "desistencia", "nao_posse", "vagas_adicionais", "verificacao"
    ]  # fmt: skip
    assert not ultimo("3/2020", "GM").provisorio
    assert all(e.data_do_ato and e.documento for e in cargo.eventos.all())


def test_historia_da_guarda_de_2020_fica_registrada_nas_datas_dos_atos(demo_do_modulo):
    """demo/relogio.py: o edital no dia da publicação, as verificações no dia do ato, o primeiro
    resultado gerado e publicado no Diário Oficial de 17/04/2020, e cada evento, com a versão que ele
    gera, no dia do ato — pelos serviços, com as conferências de data valendo naquele dia."""
    edital = Edital.objects.get(ano=2020)
    assert timezone.localdate(edital.criado_em) == edital.publicado_em == date(2020, 2, 3)
    primeiro = Resultado.objects.get(cargo__edital=edital, versao=1)
    dias = {timezone.localdate(primeiro.gerado_em), timezone.localdate(primeiro.publicado_em)}
    assert dias == {primeiro.diario_oficial_data} == {date(2020, 4, 17)}
    for evento in Evento.objects.filter(cargo__edital=edital).select_related("resultado"):
        assert timezone.localdate(evento.registrado_em) == evento.data_do_ato > primeiro.diario_oficial_data
        assert timezone.localdate(evento.resultado.gerado_em) == evento.data_do_ato
    atos = AtoDeVerificacao.objects.filter(inscricao__edital=edital)
    assert all(
        timezone.localdate(registrado) == dia for registrado, dia in atos.values_list("registrado_em", "data_do_ato")
    )


def test_recurso_deferido_depois_da_publicacao_entra_como_revisao_sem_reescrever_a_opcao(demo_do_modulo):
    """docs/REGRAS.md §8: o recurso julgado depois da convocação é um evento datado; a opção da inscrição e
    as entradas do primeiro resultado publicado continuam como foram publicadas."""
    cargo = Cargo.objects.get(edital__ano=2020, codigo="GM")
    revisao = cargo.eventos.get(tipo="verificacao")
    assert (revisao.grupo, revisao.situacao, revisao.data_do_ato) == ("negros", "confirmado", date(2021, 3, 15))
    assert revisao.inscricao.opcoes.get(grupo="negros").situacao == "nao_confirmado"
    publicado = cargo.resultados.get(versao=1).cenario
    (antes,) = [c for c in publicado["candidatos"] if c["inscricao"] == revisao.inscricao.numero]
    assert antes["verificacao"]["negros"] == "nao_confirmado"
    assert ultimo("3/2020", "GM").cenario["eventos"][-1] == {
        "tipo": "verificacao", "inscricao": revisao.inscricao.numero, "grupo": "negros", "situacao": "confirmado",
        "sub_judice": False, "documento": "Recurso nº 17/2021, deferido pela comissão recursal", "data": "2021-03-15",
    }  # fmt: skip


def test_guarda_de_2020_teve_a_validade_prorrogada_uma_vez_por_ato_registrado(demo_do_modulo):
    edital = Edital.objects.get(ano=2020)
    assert (edital.validade_ate, edital.prorrogada_ate) == (date(2022, 6, 30), date(2024, 6, 30))
    assert edital.prorrogacao_documento.startswith("Decreto nº 120/2022") and edital.prorrogacao_data == date(
        2022, 5, 20
    )


@pytest.mark.parametrize(
    ("username", "grupo", "staff"),
    [
        ("rh", "RH", True),
        ("membro1", "Membro de comissão", False),
        ("membro2", "Membro de comissão", False),
        ("membro3", "Membro de comissão", False),
        ("membro4", "Membro de comissão", False),
        ("presidente", "Presidente de comissão", False),
        ("recursal", "Comissão recursal", False),
        ("auditor", "Auditor", True),
    ],
)
def test_cada_usuario_de_demonstracao_entra_com_a_sua_senha_e_tem_o_seu_grupo(username, grupo, staff, demo_do_modulo):
    senha = next(u.senha for u in USUARIOS if u.username == username)
    usuario = authenticate(requisicao_de_login(), username=username, password=senha)
    assert usuario is not None
    assert list(usuario.groups.values_list("name", flat=True)) == [grupo]
    assert (usuario.is_staff, usuario.is_superuser) == (staff, False)


def test_admin_de_demonstracao_e_superusuario(demo_do_modulo):
    assert authenticate(requisicao_de_login(), username="admin", password="demo-admin-2025").is_superuser


def test_rh_tem_todas_as_permissoes_de_concursos_e_o_auditor_so_as_de_ver(demo_do_modulo):
    rh = get_user_model().objects.get(username="rh")
    auditor = get_user_model().objects.get(username="auditor")
    for codigo in ("gerar_resultado", "publicar_resultado", "registrar_evento", "ver_dados_sensiveis",
                   "import_inscricao", "export_inscricao", "add_inscricao", "change_cargo"):  # fmt: skip
        assert rh.has_perm(f"concursos.{codigo}"), codigo
    # Menos o que vigia o próprio RH: o registro de quem acessou dados sensíveis e os termos de
    # eliminação, com o relatório do titular, que o mostra (concursos/papeis.py).
    de_concursos = Permission.objects.filter(content_type__app_label="concursos").exclude(
        content_type__model__in=VIGIAM_O_RH
    )
    assert set(de_concursos) <= set(Group.objects.get(name="RH").permissions.all())
    assert rh.has_perm("heteroidentificacao.add_sessao") and rh.has_perm("heteroidentificacao.add_membro")
    assert not rh.has_perm("heteroidentificacao.view_parecer"), "o RH não lê os pareceres da comissão"
    codigos_do_auditor = set(Group.objects.get(name="Auditor").permissions.values_list("codename", flat=True))
    assert all(codigo.startswith("view_") for codigo in codigos_do_auditor)
    assert {"view_inscricao", "view_parecer", "view_registrodeauditoria"} <= codigos_do_auditor
    assert not auditor.has_perm("concursos.ver_dados_sensiveis")


def test_demo_tem_comissao_com_presidente_e_sessao_com_os_pendentes_chamados(demo_do_modulo):
    comissao = Comissao.objects.get(edital__numero=1, edital__ano=2025, tipo=Comissao.ORDINARIA)
    assert comissao.membros.get(presidente=True).usuario.username == "presidente"
    membros = {m.usuario.username for m in comissao.membros.all()}
    assert membros == {"presidente", "membro1", "membro2", "membro3", "membro4"}
    assert len(membros) == comissao.regra_de_quorum["membros"]  # a ata diz "5 membros, todos votam": são cinco
    chamados = Chamado.objects.filter(sessao__comissao=comissao)
    assert (
        chamados.count()
        == OpcaoDeGrupo.objects.filter(grupo="negros", situacao="pendente", inscricao__edital=comissao.edital).count()
        > 0
    )
    # A recursal tem os três membros que a sua regra pede para julgar (todos votam).
    recursal = Comissao.objects.get(edital=comissao.edital, tipo=Comissao.RECURSAL)
    assert {m.usuario.username for m in recursal.membros.all()} == {"recursal", "recursal2", "recursal3"}
    assert recursal.membros.count() >= recursal.regra_de_quorum["membros"]
    assert recursal.membros.get(presidente=True).usuario.username == "recursal"


def test_presidente_da_demo_abre_a_sessao_da_demo_hoje(demo_do_modulo):
    """A sessão da demonstração é de hoje, a uma hora já passada: o presidente a abre ao entrar."""
    sessao = Sessao.objects.get(comissao__edital__numero=1, comissao__edital__ano=2025, status=Sessao.PLANEJADA)
    presidente = sessao.comissao.membros.get(presidente=True).usuario
    assert servicos_da_comissao.abrir_sessao(sessao, por=presidente).status == Sessao.ABERTA


def test_senhas_de_demonstracao_passam_nos_validadores_do_django():
    for dados in USUARIOS:
        validate_password(dados.senha, get_user_model()(username=dados.username, email=f"{dados.username}@x.test"))


def test_comando_imprime_usuarios_senhas_e_o_endereco_do_admin():
    saida = carregar_demo()
    assert "rh" in saida and "demo-rh-2025" in saida and "http://127.0.0.1:8000/admin/" in saida


def test_plano_e_sempre_o_mesmo_para_a_mesma_semente():
    primeiro, segundo = plano(), plano()
    assert [(i.numero, i.pessoa.cpf, i.nota, i.grupos) for i in primeiro.inscricoes] == [
        (i.numero, i.pessoa.cpf, i.nota, i.grupos) for i in segundo.inscricoes
    ]
    assert len(plano(semente=7).inscricoes) == len(primeiro.inscricoes)


def test_demo_registra_a_composicao_da_comissao_e_o_feriado_local(demo_do_modulo):
    """Gênero, cor, capacitação e designação de cada membro (docs/REGRAS.md §10), sem aviso de
    diversidade, e o feriado estadual que prorroga os prazos de recurso."""
    from heteroidentificacao import consultas
    from heteroidentificacao.models import Feriado

    ordinaria = Comissao.objects.get(edital__numero=1, edital__ano=2025, tipo=Comissao.ORDINARIA)
    titulares = ordinaria.membros.ativos().filter(papel=Membro.TITULAR).select_related("usuario")
    assert all(m.genero and m.cor_autodeclarada and m.capacitado_em and m.ato_de_designacao for m in titulares)
    assert consultas.avisos_da_composicao(titulares) == []
    assert Feriado.objects.filter(descricao__startswith="Nossa Senhora da Penha").count() == 2
