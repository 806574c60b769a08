"""Dados de demonstração, a metade que grava: papéis, usuários, editais, candidatos e inscrições.

``carregar()`` grava o plano de ``demo/plano.py`` pelas chaves naturais (edital número/ano, cargo
código, CPF, número de inscrição, usuário), só o que falta: rodar duas vezes não muda nada nem
duplica nada. Tudo passa pelos serviços de ``concursos``, como faria o RH, e cada ato datado entra no
dia dele (``no_expediente``: os serviços recebem o momento do ato, ``em=``): o edital no dia da
publicação, cada verificação no dia do ato, e a
história da Guarda de 2020 — a publicação no Diário Oficial e os atos depois dela — nas suas datas.
"""

from collections import Counter
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from comum import relogio
from concursos import services
from concursos.atos import PCD, Ato
from concursos.diario_oficial import DiarioOficial
from concursos.models import (
    AtoDeVerificacao,
    Candidato,
    Cargo,
    Edital,
    Inscricao,
    OpcaoDeGrupo,
    Provimento,
    Resultado,
)
from concursos.papeis import configurar_papeis
from concursos.services.convocacoes import publicar_ato_de_convocacao
from concursos.services.provimentos import registrar_nomeacao
from cotas.modelo import AMPLA, CONFIRMADO, DESISTENCIA, NAO_CONFIRMADO, NAO_POSSE, PENDENTE, VAGAS_ADICIONAIS

from .plano import EDITAIS, SEMENTE, InscricaoDemo, PessoaDemo, plano
from .usuarios import criar_usuarios

LOTE = 500
GUARDA_2020 = ("3/2020", "GM")
# O primeiro resultado da Guarda de 2020, gerado e publicado no Diário Oficial (edição 1.873, p. 12)
# depois das verificações (05/04/2020) e antes da desistência (04/05/2020).
PUBLICACAO_DA_GUARDA_2020 = date(2020, 4, 17)
# O concurso vencido do Vigia de 2019: publicado no Diário Oficial (edição 1.512, p. 9) e os três
# convocados nomeados; os demais saem com ``eliminar_dados_pessoais`` (a guarda terminou em 2026).
VIGIA_2019 = ("1/2019", "VIG")
PUBLICACAO_DO_VIGIA_2019 = date(2019, 5, 6)
CONVOCACAO_DO_VIGIA_2019 = date(2019, 5, 20)
NOMEACAO_DO_VIGIA_2019 = date(2019, 6, 3)
PUBLICACOES_ANTIGAS = {GUARDA_2020: PUBLICACAO_DA_GUARDA_2020, VIGIA_2019: PUBLICACAO_DO_VIGIA_2019}
HORA_DO_EXPEDIENTE = time(10, 0)


def no_expediente(dia: date) -> datetime:
    """O momento em que a demonstração registra um ato do ``dia``: às 10h, hora de Brasília (se ``dia``
    é hoje e ainda não são 10h, agora). Os serviços gravam o ato nesse momento e conferem as datas
    como no dia dele (``em=``): a história de 2020 é registrada como o RH a teria registrado."""
    return min(timezone.make_aware(datetime.combine(dia, HORA_DO_EXPEDIENTE)), relogio.agora())


@dataclass
class Resumo:
    criados: Counter
    usuarios: dict


@transaction.atomic
def carregar(editais=EDITAIS, semente: int = SEMENTE) -> Resumo:
    """Grava papéis, usuários, editais, candidatos e inscrições que faltam e gera o primeiro
    resultado de cada cargo que ainda não tem nenhum. Idempotente."""
    criados = Counter()
    usuarios = criar_usuarios(configurar_papeis())
    admin = usuarios["admin"]
    cargos = _editais_e_cargos(editais, admin, criados)
    dados = plano(editais, semente)
    candidatos = _candidatos(dados.pessoas, criados)
    _inscricoes(dados.inscricoes, cargos, candidatos, criados)
    _verificacoes(dados.inscricoes, cargos, admin, criados)
    for chave, cargo in cargos.items():
        if not cargo.resultados.exists():
            em = no_expediente(PUBLICACOES_ANTIGAS[chave]) if chave in PUBLICACOES_ANTIGAS else None
            services.gerar_resultado(cargo, por=admin, motivo="Primeiro resultado (dados de demonstração)", em=em)
            criados["resultados"] += 1
    guarda_2020 = cargos.get(GUARDA_2020)
    if guarda_2020 is not None and not guarda_2020.eventos.exists():
        criados["eventos"] += _historico_da_guarda_2020(guarda_2020, admin)
    vigia_2019 = cargos.get(VIGIA_2019)
    if vigia_2019 is not None and not Provimento.objects.filter(inscricao__cargo=vigia_2019).exists():
        criados["nomeacoes"] += _nomeacoes_do_vigia_2019(vigia_2019, admin)
    return Resumo(criados, usuarios)


def _editais_e_cargos(editais, admin, criados: Counter) -> dict:
    cargos = {}
    for demo in editais:
        edital = Edital.objects.filter(numero=demo.numero, ano=demo.ano).first()
        if edital is None:
            edital = services.criar_edital(
                por=admin,
                em=no_expediente(demo.publicado_em),
                percentual_pcd=demo.percentual_pcd,
                numero=demo.numero,
                ano=demo.ano,
                titulo=demo.titulo,
                tipo=demo.tipo,
                publicado_em=demo.publicado_em,
                data_referencia_idade=demo.data_referencia_idade,
                validade_ate=demo.validade_ate,
                regime=demo.regime,
            )
            criados["editais"] += 1
        for cargo_demo in demo.cargos:
            cargo, criado = Cargo.objects.get_or_create(
                edital=edital, codigo=cargo_demo.codigo, defaults={"nome": cargo_demo.nome, "vagas": cargo_demo.vagas}
            )
            criados["cargos"] += criado
            cargos[(demo.chave, cargo_demo.codigo)] = cargo
    return cargos


def _candidatos(pessoas: list[PessoaDemo], criados: Counter) -> dict[str, int]:
    """CPF → id do candidato, criando em lote só os que faltam."""
    existentes = _existentes(Candidato.objects, "cpf", [p.cpf for p in pessoas])
    novos = [
        Candidato(cpf=p.cpf, nome=p.nome, nome_social=p.nome_social, nascimento=p.nascimento, email=p.email)
        for p in pessoas
        if p.cpf not in existentes
    ]
    Candidato.objects.bulk_create(novos, batch_size=LOTE)
    criados["candidatos"] += len(novos)
    return _existentes(Candidato.objects, "cpf", [p.cpf for p in pessoas])


def _inscricoes(inscricoes: list[InscricaoDemo], cargos: dict, candidatos: dict, criados: Counter) -> None:
    por_edital = {}
    for inscricao in inscricoes:
        por_edital.setdefault(inscricao.edital, []).append(inscricao)
    for chave, do_edital in por_edital.items():
        edital = cargos[(chave, do_edital[0].cargo)].edital
        numeros = [i.numero for i in do_edital]
        existentes = _existentes(edital.inscricoes, "numero", numeros)
        novas = [
            _registro(i, edital, cargos[(chave, i.cargo)], candidatos) for i in do_edital if i.numero not in existentes
        ]
        Inscricao.objects.bulk_create(novas, batch_size=LOTE)
        criados["inscricoes"] += len(novas)
        ids = _existentes(edital.inscricoes, "numero", numeros)
        ja_com_opcao = set(OpcaoDeGrupo.objects.filter(inscricao__edital=edital).values_list("inscricao_id", "grupo"))
        # As opções nascem pendentes, como na importação; a verificação vem dos atos (``_verificacoes``).
        opcoes = [
            OpcaoDeGrupo(inscricao_id=ids[i.numero], grupo=grupo)
            for i in do_edital
            for grupo in sorted(i.grupos)
            if (ids[i.numero], grupo) not in ja_com_opcao
        ]
        OpcaoDeGrupo.objects.bulk_create(opcoes, batch_size=LOTE)
        criados["opcoes"] += len(opcoes)


def _verificacoes(inscricoes: list[InscricaoDemo], cargos: dict, admin, criados: Counter) -> None:
    """Cada verificação do plano entra por um ato, como entraria de verdade: a decisão da comissão de
    heteroidentificação para negros, a avaliação da equipe multiprofissional para PcD (registrada
    pelo RH), datadas de um mês depois do fim das inscrições. Só as opções ainda pendentes."""
    pendentes = set(
        OpcaoDeGrupo.objects.filter(
            situacao=PENDENTE, inscricao__edital__in={c.edital_id for c in cargos.values()}
        ).values_list("inscricao__edital_id", "inscricao__numero", "grupo")
    )
    registros = {}
    for i in inscricoes:
        edital = cargos[(i.edital, i.cargo)].edital
        for grupo, situacao in sorted(i.grupos.items()):
            if situacao == PENDENTE or (edital.pk, i.numero, grupo) not in pendentes:
                continue
            if (edital.pk, i.numero) not in registros:
                registros[(edital.pk, i.numero)] = edital.inscricoes.select_related("cargo", "edital").get(
                    numero=i.numero
                )
            registro = _ato_da_demo(edital, grupo)
            services.registrar_verificacao(
                registros[(edital.pk, i.numero)],
                grupo,
                situacao,
                por=admin,
                em=no_expediente(registro["ato"].data_do_ato),
                **registro,
            )
            criados["atos_de_verificacao"] += 1


def _ato_da_demo(edital: Edital, grupo: str) -> dict:
    """A origem, o ``ato`` e (na PcD) a equipe do ato de verificação da demonstração."""
    dia = min(edital.data_referencia_idade + timedelta(days=30), relogio.hoje(), edital.fim_da_validade or date.max)
    if grupo == PCD:
        return {
            "origem": AtoDeVerificacao.AVALIACAO_PCD,
            "ato": Ato(
                documento=f"Parecer da equipe multiprofissional — edital {edital} (demonstração)", data_do_ato=dia
            ),
            "equipe": "Equipe multiprofissional da SEMAD: médica do trabalho, psicóloga e assistente social",
        }
    return {
        "origem": AtoDeVerificacao.COMISSAO,
        "ato": Ato(
            documento=f"Ata da comissão de heteroidentificação — edital {edital} (demonstração)", data_do_ato=dia
        ),
    }


def _registro(inscricao: InscricaoDemo, edital: Edital, cargo: Cargo, candidatos: dict) -> Inscricao:
    return Inscricao(
        edital=edital,
        cargo=cargo,
        candidato_id=candidatos[inscricao.pessoa.cpf],
        numero=inscricao.numero,
        cor_raca=inscricao.cor_raca,
        nota=inscricao.nota,
        notas_parciais=inscricao.notas_parciais,
        jurado=inscricao.jurado,
        sorteio=inscricao.sorteio,
        situacao=Inscricao.ELIMINADO if inscricao.eliminado else Inscricao.CLASSIFICADO,
    )


def _existentes(manager, campo: str, valores: list[str]) -> dict[str, int]:
    """Valor da chave natural → id, consultando em lotes (o SQLite limita os parâmetros)."""
    encontrados = {}
    for inicio in range(0, len(valores), LOTE):
        lote = valores[inicio : inicio + LOTE]
        encontrados.update(manager.filter(**{f"{campo}__in": lote}).values_list(campo, "id"))
    return encontrados


def _historico_da_guarda_2020(cargo: Cargo, admin) -> int:
    """O edital de 2020 já andou: primeiro resultado publicado e depois uma desistência na vaga
    reservada a negros (Art. 3º, §2º), uma não posse, vagas adicionais, um recurso deferido depois
    da convocação (revisão de verificação, docs/REGRAS.md §8: quem era "não confirmado" passa a
    confirmado) e a prorrogação da validade, cada ato com o seu documento e registrado na sua data
    (``no_expediente``): a publicação vem antes de todos, e os dias da prestação de contas contam dela."""
    primeiro = cargo.resultados.get(versao=1)
    if primeiro.status != Resultado.PUBLICADO:
        # Nunca antes da geração da versão (uma carga antiga pode tê-la gerado com o relógio de hoje).
        dia = max(PUBLICACAO_DA_GUARDA_2020, timezone.localdate(primeiro.gerado_em))
        services.publicar_resultado(
            primeiro, por=admin, diario_oficial=DiarioOficial("1.873", dia, "12"), em=no_expediente(dia)
        )
    chamadas = [c for c in primeiro.saida_do_motor.convocacoes if c.evento == 0]
    negro = next(c.inscricao for c in chamadas if c.vaga == "negros")
    ampla = next(c.inscricao for c in chamadas if c.vaga == AMPLA)
    eventos = (
        (DESISTENCIA, negro, None, "Requerimento nº 4.127/2020", date(2020, 5, 4)),
        (NAO_POSSE, ampla, None, "Portaria SEMAD nº 311/2020", date(2020, 6, 15)),
        (VAGAS_ADICIONAIS, None, 5, "Decreto nº 98/2021", date(2021, 2, 1)),
    )
    for tipo, numero, quantidade, documento, data_do_ato in eventos:
        services.registrar_evento(
            cargo,
            tipo=tipo,
            inscricao=cargo.inscricoes.get(numero=numero) if numero else None,
            quantidade=quantidade,
            ato=Ato(
                documento=documento, data_do_ato=data_do_ato, diario_oficial=f"DOM de Cariacica, {data_do_ato:%d/%m/%Y}"
            ),
            por=admin,
            em=no_expediente(data_do_ato),
        )
    deferido_em, prorrogada_em = date(2021, 3, 15), date(2022, 5, 20)
    services.registrar_verificacao(
        _melhor_nao_confirmado(primeiro.cenario),
        "negros",
        CONFIRMADO,
        origem=AtoDeVerificacao.RECURSO,
        por=admin,
        em=no_expediente(deferido_em),
        ato=Ato(documento="Recurso nº 17/2021, deferido pela comissão recursal", data_do_ato=deferido_em),
        motivo="A comissão recursal reconheceu o fenótipo negro do candidato.",
    )
    services.prorrogar_validade(
        cargo.edital,
        ate=date(2024, 6, 30),
        ato=Ato(documento="Decreto nº 120/2022 (prorroga a validade do concurso)", data_do_ato=prorrogada_em),
        por=admin,
        em=no_expediente(prorrogada_em),
    )
    return len(eventos) + 1


def _nomeacoes_do_vigia_2019(cargo: Cargo, admin) -> int:
    """O primeiro resultado publicado no Diário Oficial, o edital de convocação nº 12/2019 e cada
    convocado nomeado (Portaria nº 210/2019)."""
    primeiro = cargo.resultados.get(versao=1)
    if primeiro.status != Resultado.PUBLICADO:
        dia = PUBLICACAO_DO_VIGIA_2019
        services.publicar_resultado(
            primeiro, por=admin, diario_oficial=DiarioOficial("1.512", dia, "9"), em=no_expediente(dia)
        )
    chamadas = [c for c in primeiro.saida_do_motor.convocacoes if c.evento == 0]
    convocados = [cargo.inscricoes.get(numero=c.inscricao) for c in chamadas]
    if not cargo.atos_de_convocacao.exists():
        publicar_ato_de_convocacao(
            cargo,
            numero="12/2019",
            data=CONVOCACAO_DO_VIGIA_2019,
            local="Secretaria Municipal de Administração, Cariacica/ES, das 9h às 16h.",
            inscricoes=convocados,
            por=admin,
        )
    for inscricao in convocados:
        registrar_nomeacao(
            inscricao,
            portaria="Portaria nº 210/2019",
            data_da_nomeacao=NOMEACAO_DO_VIGIA_2019,
            por=admin,
        )
    return len(convocados)


def _melhor_nao_confirmado(cenario: dict) -> Inscricao:
    """Quem optou por negros e não foi confirmado na primeira publicação, com a maior nota."""
    nao_confirmados = [
        c
        for c in cenario["candidatos"]
        if c.get("verificacao", {}).get("negros") == NAO_CONFIRMADO and not c.get("eliminado")
    ]
    melhor = max(nao_confirmados, key=lambda c: Decimal(c["nota"]))
    return Inscricao.objects.get(edital__ano=2020, numero=melhor["inscricao"])
