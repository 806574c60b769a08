"""Gerar e publicar o resultado: cada versão nova numa transação, com as entradas, o hash, o que
mudou desde a anterior e quem a gerou; a publicação com a referência no Diário Oficial.

As regras estão em ``cotas``; aqui só se carregam as linhas, chama-se o motor e grava-se a saída.
Se o motor recusa a entrada (``cotas.ErroDeCotas``), a transação é desfeita e nada fica gravado.
"""

import json

from django.core.exceptions import PermissionDenied, ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.db.models import Max

import cotas
from comum import relogio
from comum.coleta import sem_coleta_de_ciclos

from ..adapters import CandidatosDoEdital, cenario_do_cargo, cenario_para_gravar
from ..atos import conferir_diario_oficial
from ..consultas.sujeitos_a_recurso import sujeitos_a_recurso
from ..diario_oficial import DiarioOficial
from ..diferencas import diferencas
from ..fases import fase
from ..models import Cargo, Edital, Evento, PosicaoVigente, PublicacaoNoDiario, Resultado
from ..pdf.resultado import secao_do_cargo
from ..tipos_de_ato import RESULTADO_PUBLICADO
from .atos import registrar_ato


@transaction.atomic
def gerar_resultado(
    cargo: Cargo, *, por, motivo: str = "", evento: Evento | None = None, processamento=None, em=None
) -> Resultado:
    """Nova versão do resultado do cargo, com as entradas, o hash e o que mudou desde a anterior;
    ``processamento`` liga a versão ao pedido em segundo plano que a gerou.

    Dois "Gerar resultado" ao mesmo tempo (dois cliques, duas abas, a tela e o trabalhador): a trava
    do cargo põe um atrás do outro, e o segundo, se a versão que o primeiro acabou de gravar tem as
    mesmas entradas e a mesma saída, devolve essa versão (com ``sem_mudanca``) em vez de uma cópia."""
    vista = _ultimas_versoes([cargo.pk]).get(cargo.pk)  # antes da trava: o que já estava gravado
    cargo = Cargo.objects.select_for_update().select_related("edital").get(pk=cargo.pk)
    with sem_coleta_de_ciclos():
        return _gerar(cargo, por=por, motivo=motivo, evento=evento, processamento=processamento, vista=vista, em=em)


def _ultimas_versoes(cargos) -> dict[int, int]:
    """cargo → id da última versão gravada (confirmada), lida sem trava (as versões crescem com o id)."""
    ultimas = Resultado.objects.filter(cargo__in=cargos).values("cargo").annotate(ultima=Max("pk"))
    return {linha["cargo"]: linha["ultima"] for linha in ultimas.order_by()}


def _gerar(
    cargo: Cargo, *, por, motivo: str, evento: Evento | None, processamento, vista=None, em=None, candidatos=None
) -> Resultado:
    """O corpo de ``gerar_resultado``, com o cargo já travado (``select_for_update``) pela transação;
    ``vista``: a última versão que havia antes da trava (outra mais nova foi gravada enquanto se esperava);
    ``candidatos``: quem lê os candidatos do cargo (``cenario_do_cargo``)."""
    with fase("leitura"):
        cenario = cenario_do_cargo(cargo, candidatos=candidatos)
        # Só a saída e o número da versão anterior: as entradas dela (o maior campo) não interessam.
        anteriores = Resultado.objects.filter(cargo=cargo).order_by("-versao")
        ultima = anteriores.values_list("versao", "saida", "hash_das_entradas", "pk").first()
        versao, anterior, hash_anterior, pk_anterior = ultima or (0, None, None, None)
    with fase("motor"):
        do_motor = cotas.simular(modelo := cotas.ler_cenario(cenario))
        saida = cotas.resultado_para_dict(do_motor, modelo)
    with fase("gravação"):
        entradas, hash_das_entradas = cenario_para_gravar(cenario)
        recem_gravada = pk_anterior is not None and pk_anterior != vista
        if evento is None and recem_gravada and hash_das_entradas == hash_anterior and _mesma_saida(saida, anterior):
            repetida = Resultado.objects.select_related("cargo").get(pk=pk_anterior)
            repetida.sem_mudanca = True
            return repetida
        resultado = Resultado.objects.create(
            cargo=cargo,
            versao=versao + 1,
            status=Resultado.PREVIA if saida["provisorio"] else Resultado.FINAL,
            cenario=entradas,
            saida=saida,
            hash_das_entradas=hash_das_entradas,
            diferencas=diferencas(None if anterior is None else cotas.resultado_de_dict(anterior), do_motor),
            provisorio=saida["provisorio"],
            motivo=motivo[:200],
            evento=evento,
            processamento=processamento,
            gerado_por=por,
            gerado_em=em or relogio.agora(),
        )
        gravar_posicoes_vigentes(cargo, resultado, do_motor.ordem_vigente)
    resultado.cenario = cenario  # quem recebe a versão vê o dicionário, não a expressão do INSERT
    resultado.sem_mudanca = False
    return resultado


def gravar_posicoes_vigentes(cargo: Cargo, resultado: Resultado, ordem_vigente) -> None:
    """Troca as ``PosicaoVigente`` do cargo pelas da versão que acabou de ser gravada (a ordem vigente
    da saída do motor): a busca do formulário de evento lê daqui quem está convocado e onde."""
    PosicaoVigente.objects.filter(cargo=cargo).delete()
    PosicaoVigente.objects.bulk_create(
        [
            PosicaoVigente(
                cargo=cargo, resultado=resultado, inscricao=p.inscricao, posicao=p.posicao, vaga=p.vaga or ""
            )
            for p in ordem_vigente
            if p.inscricao
        ],
        batch_size=2000,
    )


def _mesma_saida(saida: dict, gravada: dict | None) -> bool:
    """A saída do motor é a gravada? Comparada como JSON (tuplas viram listas, a ordem das chaves não conta)."""
    return gravada is not None and json.loads(json.dumps(saida, cls=DjangoJSONEncoder)) == gravada


def gerar_resultados_do_edital(edital: Edital, *, por, motivo: str = "") -> list[Resultado]:
    """Gera todos os cargos numa só transação: ou todos, ou nenhum.

    Devolve as versões sem as entradas, a saída e as diferenças (carregadas do banco só se alguém
    as pedir): num edital grande, guardar tudo de todos os cargos na memória até o fim passaria
    de 1 GiB."""
    with transaction.atomic():
        vistas = _ultimas_versoes(Cargo.objects.filter(edital=edital).values("pk"))  # antes da trava
        # Trava todos os cargos numa consulta (em ordem de código, como antes um a um).
        cargos = list(
            Cargo.objects.select_for_update().filter(edital=edital).select_related("edital").order_by("codigo")
        )
        publicados = set(
            Resultado.objects.filter(cargo__edital=edital, status=Resultado.PUBLICADO).values_list("cargo", flat=True)
        )
        # Os candidatos dos cargos nunca publicados numa consulta só (os dos publicados estão congelados).
        candidatos = CandidatosDoEdital(cargo for cargo in cargos if cargo.pk not in publicados).do_cargo
        with sem_coleta_de_ciclos():
            gerados = [
                (r.pk, r.sem_mudanca)
                for r in (
                    _gerar(
                        cargo,
                        por=por,
                        motivo=motivo,
                        evento=None,
                        processamento=None,
                        vista=vistas.get(cargo.pk),
                        candidatos=candidatos,
                    )
                    for cargo in cargos
                )
            ]
        por_id = Resultado.objects.defer("cenario", "saida", "diferencas").select_related("cargo")
        por_id = por_id.in_bulk([pk for pk, _ in gerados])
        for pk, sem_mudanca in gerados:
            por_id[pk].sem_mudanca = sem_mudanca
        return [por_id[pk] for pk, _ in gerados]


@transaction.atomic
def publicar_resultado(resultado: Resultado, *, por, diario_oficial: DiarioOficial | None = None, em=None) -> Resultado:
    """Publica a versão com a referência no Diário Oficial (edição, data e página, conferidas por
    ``atos.conferir_diario_oficial``), gravada junto; recusa resultado provisório (pendências ou
    empates) e versão superada. Sem a referência (``None``: o jornal ainda não saiu), publica e registra
    o ato do mesmo jeito; a referência se acrescenta depois, no ato (``atos.acrescentar_diario_oficial``,
    que a dá também à versão)."""
    _exigir_a_permissao_de_publicar(por)
    resultado = Resultado.objects.select_for_update().select_related("cargo").get(pk=resultado.pk)
    if resultado.provisorio:
        pendencias = ", ".join(resultado.saida_do_motor.pendencias) or "nenhuma"
        empates = "; ".join(", ".join(g) for g in resultado.saida_do_motor.empates) or "nenhum"
        raise ValidationError(
            f"O resultado de {resultado.cargo.nome} é provisório e não pode ser publicado. "
            f"Verificações pendentes: {pendencias}. Empates sem sorteio: {empates}."
        )
    if resultado.cargo.resultados.filter(versao__gt=resultado.versao).exists():
        raise ValidationError("Há uma versão mais nova deste resultado; publique a mais recente.")
    if resultado.status == Resultado.PUBLICADO:
        raise ValidationError("Esta versão já está publicada.")
    referencia = (
        {}
        if diario_oficial is None
        else conferir_diario_oficial(diario_oficial, resultado, hoje=relogio.dia_de(em)).campos_do_resultado()
    )
    # Com o prazo de recurso da verificação de alguém do cargo aberto, publica-se sujeito a recurso
    # quanto a ele (docs/REGRAS.md §10); o recurso provido depois entra como revisão (§8).
    campos = {
        "status": Resultado.PUBLICADO,
        "publicado_por": por,
        "publicado_em": em or relogio.agora(),
        "sujeito_a_recurso": sujeitos_a_recurso(resultado.cargo, relogio.dia_de(em)),
        **referencia,
    }
    for campo, valor in campos.items():
        setattr(resultado, campo, valor)
    # Pelo modelo, não por update(): o histórico registra quem publicou e quando.
    resultado._history_user = por
    resultado.save(publicando=True, update_fields=list(campos))
    _registrar_o_ato(resultado, por=por, diario_oficial=diario_oficial)
    return resultado


@transaction.atomic
def registrar_resultados_sem_ato(*, por) -> list:
    """As versões publicadas antes de o registro dos atos existir, que não têm o seu ato: cada uma
    entra no registro agora (numa transação só: todas ou nenhuma), com o PDF desenhado da saída
    guardada na versão — as mesmas listas e a mesma ordem que se publicaram —, a data de hoje como a
    do registro (é quando ele acontece) e a referência do Diário Oficial gravada na versão, se houver.
    Quem registra precisa poder publicar resultados. Devolve os atos registrados, na ordem da publicação."""
    _exigir_a_permissao_de_publicar(por)
    sem_ato = (
        Resultado.objects.filter(status=Resultado.PUBLICADO)
        .exclude(atos_publicados__tipo=RESULTADO_PUBLICADO)
        .select_related("cargo__edital")
        .order_by("publicado_em", "pk")
    )
    return [_registrar_o_ato(r, por=por, diario_oficial=r.diario_oficial) for r in sem_ato]


def _exigir_a_permissao_de_publicar(por) -> None:
    """O serviço confere a permissão, não só a tela: o comando e qualquer outro caminho também."""
    if por is None or not por.has_perm("concursos.publicar_resultado"):
        raise PermissionDenied("Sem permissão para publicar resultados (concursos.publicar_resultado).")


def _registrar_o_ato(resultado: Resultado, *, por, diario_oficial: DiarioOficial | None):
    """A versão publicada entra no registro dos atos publicados (docs/ATOS-PUBLICADOS.md), na mesma
    transação: o PDF das listas e da ordem, com o código em cada página, guardado como saiu; a
    referência do Diário Oficial já informada vira a primeira publicação do ato no jornal."""
    cargo = resultado.cargo
    ato = registrar_ato(
        RESULTADO_PUBLICADO,
        titulo=f"Resultado — versão {resultado.versao} — edital {cargo.edital}, cargo {cargo.codigo}",
        contexto={"resultado": resultado, "secao": secao_do_cargo(resultado)},  # as linhas, uma vez: PDF e DOCX
        edital=cargo.edital,
        cargo=cargo,
        resultado=resultado,
        por=por,
    )
    if diario_oficial is not None:
        PublicacaoNoDiario.objects.create(
            ato=ato,
            edicao=diario_oficial.edicao,
            data=diario_oficial.data,
            pagina=diario_oficial.pagina,
            registrado_por=por,
        )
    return ato
