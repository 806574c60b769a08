"""PDFs da heteroidentificação (WeasyPrint, pelo ``renderizar`` e pelo buscador que nega por padrão
de ``concursos/pdf/``, com a mesma folha de impressão e as fontes DejaVu):

- ``lista_de_convocacao_pdf(sessao)``: quem a comissão ordinária chama, quando e onde;
- ``ata_pdf(sessao)``: ata da sessão encerrada, com os membros por papel, presença, filmagem,
  decisão, placar, motivo e as linhas de assinatura (documento interno: traz os nomes dos membros);
- ``resultado_pdf(comissao_ou_edital, definitivo=...)``: só a conclusão de cada candidato
  (publicado: nunca o texto dos pareceres, nunca o nome de um membro);
- ``parecer_do_candidato_pdf(chamado)``: os pareceres sobre o próprio candidato, para ele, numerados
  ("Parecer 1") pelo voto e pelo texto, sem nomes, sem hora e fora da ordem de registro, a decisão,
  o placar e o prazo de recurso;
- ``oficio_ministerio_publico_pdf(processo)``: remessa ao Ministério Público Estadual de uma
  declaração falsa constatada (Art. 2º, §1º).

CPF só mascarado (``***.456.789-**``). Recusas em português (``ValidationError``): ata de sessão não
encerrada, ofício de processo que não é procedente, resultado definitivo com candidato pendente, recurso
pendente ou prazo de recurso aberto.

Aqui só se monta e desenha: quem entra no resultado, a decisão depois do recurso, o placar, o
cabimento do recurso e quando o definitivo pode sair são de ``resultado.py``.
"""

from datetime import date, datetime

from django.core.exceptions import ValidationError

from comum import relogio
from comum.exibicao import FUSO, data, data_e_hora
from comum.pdf import renderizar
from concursos.models import SITUACOES_DE_VERIFICACAO, Edital
from cotas import quorum
from cotas.regimes import rotulo_do_grupo

from . import registro, resultado
from .models import DECISOES, Chamado, Comissao, Parecer, ProcessoDeApuracao, Sessao

ORGAO = "Prefeitura Municipal de Cariacica — Estado do Espírito Santo"
ROTULOS_DAS_DECISOES = dict(DECISOES)
ROTULOS_DOS_VOTOS = dict(Parecer.VOTOS)
# A coluna final do resultado: as decisões da comissão e a declaração falsa constatada em processo.
ROTULOS_FINAIS = dict(SITUACOES_DE_VERIFICACAO)
SESSAO_NAO_ENCERRADA = "A ata só é gerada depois do encerramento da sessão pelo presidente."


# ----------------------------------------------------------------------------------------------
# Lista de convocação


def lista_de_convocacao_pdf(sessao: Sessao) -> bytes:
    return renderizar("heteroidentificacao/pdf/convocacao.html", contexto_da_convocacao(sessao))


def contexto_da_convocacao(sessao: Sessao) -> dict:
    comissao = sessao.comissao
    if comissao.tipo == Comissao.RECURSAL:
        raise ValidationError(
            "A comissão recursal não convoca candidatos: o recurso é julgado pela gravação, pelos pareceres e "
            "pelas razões apresentadas."
        )
    chamados = sessao.chamados.select_related("inscricao__candidato", "inscricao__cargo")
    return {
        **_cabecalho(comissao.edital, "Convocação para o procedimento de heteroidentificação"),
        "comissao": comissao,
        "grupo": rotulo_do_grupo(comissao.grupo),
        "sessao": _sessao(sessao),
        "candidatos": [_candidato(c.inscricao) for c in chamados],
    }


# ----------------------------------------------------------------------------------------------
# Ata da sessão


def ata_pdf(sessao: Sessao) -> bytes:
    return renderizar("heteroidentificacao/pdf/ata.html", contexto_da_ata(sessao))


def contexto_da_ata(sessao: Sessao) -> dict:
    """A ata desenhada do registro congelado no encerramento (``registro.py``), nunca dos dados de
    hoje: membros incluídos depois não aparecem, os horários são os de fato."""
    if sessao.status != Sessao.ENCERRADA:
        raise ValidationError(SESSAO_NAO_ENCERRADA)
    feito = registro.registro_da_sessao(sessao)
    dados = feito["sessao"]
    recursal = dados["recursal"]
    return {
        **_cabecalho(sessao.comissao.edital, f"Ata da sessão da comissão {dados['comissao'].lower()}"),
        "comissao": dados["comissao"].lower(),
        "grupo": rotulo_do_grupo(dados["grupo"]),
        "regra": descrever_regra(dados["regra_de_quorum"]),
        "sessao": {
            "data": data(_momento(dados["marcada_para"])),
            "hora": _hora(dados["marcada_para"]),
            "local": dados["local"],
            "link": dados["link"],
            "gravacao": dados["gravacao"],
            # Registros congelados antes da gravação com SHA-256 (migração 0006) não têm a chave.
            "hash_da_gravacao": dados.get("hash_da_gravacao", ""),
            "aberta_em": _data_e_hora(dados["aberta_em"]),
            "aberta_por": dados["aberta_por"],
            "encerrada_em": _data_e_hora(dados["encerrada_em"]),
        },
        "encerrada_por": dados["encerrada_por"] or "—",
        "presenca_em_lote": _presenca_em_lote(dados.get("presenca_em_lote")),
        "gravacao_posterior": sessao.gravacao if sessao.gravacao != dados["gravacao"] else "",
        "recursal": recursal,
        "membros": [_membro_da_ata(m) for m in feito["membros"]],
        "votantes": sum(1 for m in feito["membros"] if m["votante"]),
        # Registros congelados antes da versão 3 não têm a composição: a ata diz que a regra vale depois.
        "composicao_registrada": feito.get("versao", 1) >= 3,
        "avisos_da_composicao": feito.get("avisos_da_composicao", []),
        "candidatos": [_linha_da_ata(c, recursal) for c in feito["candidatos"]],
        "codigo": "" if feito.get("reconstituido") else sessao.hash_do_registro,
        "reconstituido": bool(feito.get("reconstituido")),
    }


def _presenca_em_lote(lote: dict | None) -> str:
    """Como a presença dos candidatos foi registrada, quando foi em lote (registros congelados antes
    da presença em lote não têm a chave: presença candidato a candidato)."""
    if not lote:
        return ""
    return (
        f"registrada em lote em {_data_e_hora(lote['em'])}, por {lote['por']}: marcados os ausentes, "
        "os demais candidatos chamados registrados como presentes"
    )


def _membro_da_ata(membro: dict) -> dict:
    papel = f"{membro['papel']}{' — presidente' if membro['presidente'] else ''}"
    if membro["substitui"]:
        presenca = f"Presente, no lugar de {membro['substitui']}"
    elif membro["presente"]:
        presenca = "Presente"
    else:
        presenca = "Ausente" if membro["papel"] == "Titular" else "Não convocado"
    capacitado_em = membro.get("capacitado_em")
    capacitacao = (
        f"capacitação em {date.fromisoformat(capacitado_em):%d/%m/%Y}"
        if capacitado_em
        else "sem capacitação registrada"
    )
    designacao = membro.get("ato_de_designacao") or "sem ato de designação registrado"
    return {**membro, "papel": papel, "presenca": presenca, "designacao": f"{designacao}; {capacitacao}"}


def _impedimento_na_ata(impedimento: dict) -> str:
    declarou = f"{impedimento['membro']} declarou impedimento ({impedimento['motivo']})"
    if impedimento["suplente"] is None:
        return f"{declarou}; sem suplente no lugar, o candidato foi transferido para outra sessão"
    return f"{declarou}; votou no lugar dele(a) o suplente {impedimento['suplente']}"


def _linha_da_ata(candidato: dict, recursal: bool) -> dict:
    linha = {
        **{campo: candidato[campo] for campo in ("numero", "nome", "cpf", "cargo", "motivo")},
        # Registros congelados antes do parecer motivado (migração 0007) não têm a chave.
        "parecer_da_comissao": candidato.get("parecer_da_comissao", ""),
        # Registros congelados antes da versão 3 não têm a chave.
        "impedimentos": [_impedimento_na_ata(i) for i in candidato.get("impedimentos", [])],
        "compareceu": "—" if recursal else _sim_ou_nao(candidato["compareceu"]),
        "recusou_filmagem": "—" if recursal else _sim_ou_nao(candidato["recusou_filmagem"]),
        "decisao": ROTULOS_DAS_DECISOES[candidato["decisao"]],
        "placar": _placar_registrado(candidato),
    }
    if recursal:
        recorrida = candidato.get("recorrida")
        linha["recorrida"] = (
            f"{ROTULOS_DAS_DECISOES[recorrida['decisao']]} ({_placar_registrado(recorrida)})" if recorrida else "—"
        )
    return linha


def _placar_registrado(decisao: dict) -> str:
    """O placar de uma decisão do registro congelado, escrito como ``quorum.Decisao`` o escreve."""
    if decisao["decisao"] == quorum.AUSENTE:
        return "—"
    return quorum.Decisao(decisao["decisao"], decisao["votos_confirma"], decisao["votos_nao_confirma"], "").placar


def _momento(iso: str | None):
    return datetime.fromisoformat(iso).astimezone(FUSO) if iso else None


def _hora(iso: str | None) -> str:
    return _momento(iso).strftime("%H:%M") if iso else ""


def _data_e_hora(iso: str | None) -> str:
    return data_e_hora(_momento(iso)) if iso else "—"


# ----------------------------------------------------------------------------------------------
# Resultado (preliminar e definitivo)


def resultado_pdf(alvo: Comissao | Edital, definitivo: bool) -> bytes:
    return renderizar("heteroidentificacao/pdf/resultado.html", contexto_do_resultado(alvo, definitivo))


def contexto_do_resultado(alvo: Comissao | Edital, definitivo: bool) -> dict:
    comissoes = resultado.comissoes_ordinarias(alvo)
    secoes = []
    for comissao in comissoes:
        linhas = resultado.linhas_do_resultado(comissao)
        if definitivo:
            resultado.exigir_resultado_definitivo(comissao, linhas)
        secoes.append(
            {
                "grupo": rotulo_do_grupo(comissao.grupo),
                "linhas": [linha_do_resultado(linha) for linha in linhas],
                "prazos": _prazos(comissao),
            }
        )
    edital = comissoes[0].edital
    titulo = "Resultado definitivo" if definitivo else "Resultado preliminar"
    return {
        **_cabecalho(edital, f"{titulo} do procedimento de heteroidentificação"),
        "definitivo": definitivo,
        "secoes": secoes,
    }


def linha_do_resultado(linha: resultado.LinhaDoResultado) -> dict:
    """A linha como o resultado a escreve (o PDF e a tela de resultado do admin)."""
    chamado = linha.chamado
    return {
        **_candidato(linha.inscricao),
        "preliminar": ROTULOS_DAS_DECISOES[chamado.decisao] if chamado else "—",
        "placar": resultado.placar(chamado) if chamado else "—",
        "situacao_do_recurso": linha.situacao_do_recurso,
        "final": ROTULOS_FINAIS[linha.decisao_final],
    }


def _prazos(comissao: Comissao) -> list[str]:
    """O prazo de recurso de cada sessão encerrada da comissão, para o resultado preliminar."""
    return resultado.prazos_de_recurso(comissao)


# ----------------------------------------------------------------------------------------------
# Pareceres do candidato


def parecer_do_candidato_pdf(chamado: Chamado) -> bytes:
    return renderizar("heteroidentificacao/pdf/parecer_do_candidato.html", contexto_do_parecer(chamado))


def contexto_do_parecer(chamado: Chamado) -> dict:
    """Os pareceres sobre o candidato, do registro congelado no encerramento (``registro.py``), sem o
    nome de quem os deu e numa ordem que não é a de registro nem a dos membros (pelo voto e pelo
    texto): pela ordem de registro, "Parecer 2" seria o segundo "parecer_registrado" da trilha de
    auditoria, que o RH lê com o nome do usuário."""
    sessao = chamado.sessao
    if sessao.status != Sessao.ENCERRADA:
        raise ValidationError("Os pareceres só são entregues ao candidato depois do encerramento da sessão.")
    comissao = sessao.comissao
    feito = registro.registro_da_sessao(sessao)
    do_candidato = next(c for c in feito["candidatos"] if c["numero"] == chamado.inscricao.numero)
    pareceres = [
        {"voto": ROTULOS_DOS_VOTOS[p["voto"]], "fundamentacao": p["fundamentacao"]} for p in do_candidato["pareceres"]
    ]
    return {
        **_cabecalho(comissao.edital, "Pareceres da comissão de heteroidentificação"),
        "comissao": comissao,
        "grupo": rotulo_do_grupo(comissao.grupo),
        "sessao": _sessao(sessao),
        "candidato": _candidato(chamado.inscricao),
        "decisao": ROTULOS_DAS_DECISOES[do_candidato["decisao"]],
        "placar": _placar_registrado(do_candidato),
        "motivo": do_candidato["motivo"],
        "parecer_da_comissao": do_candidato.get("parecer_da_comissao", ""),
        "pareceres": [{"membro": f"Parecer {i}", **parecer} for i, parecer in enumerate(pareceres, start=1)],
        "recurso": resultado.cabimento_do_recurso(chamado),
    }


# ----------------------------------------------------------------------------------------------
# Ofício ao Ministério Público Estadual (Art. 2º, §1º)


def oficio_ministerio_publico_pdf(processo: ProcessoDeApuracao, numero_do_oficio: str = "") -> bytes:
    return renderizar("heteroidentificacao/pdf/oficio.html", contexto_do_oficio(processo, numero_do_oficio))


def contexto_do_oficio(processo: ProcessoDeApuracao, numero_do_oficio: str = "") -> dict:
    if processo.decisao != ProcessoDeApuracao.PROCEDENTE:
        raise ValidationError(
            "O ofício ao Ministério Público só é gerado quando a declaração falsa foi constatada (processo "
            f"procedente); o processo {processo.numero} está: {processo.get_decisao_display().lower()}."
        )
    inscricao = processo.inscricao
    candidato = inscricao.candidato
    return {
        **_cabecalho(inscricao.edital, "Ofício ao Ministério Público do Estado do Espírito Santo"),
        "numero_do_oficio": numero_do_oficio,
        "processo": processo,
        "inscricao": inscricao,
        "candidato": _candidato(inscricao),
        # O nome civil só aparece aqui, e só quando difere do nome social: o ofício instrui a ação penal.
        "nome_civil": candidato.nome if candidato.nome_social else "",
        "datas": {
            "instaurado_em": data(processo.instaurado_em),
            "notificado_em": data(processo.notificado_em),
            "prazo_de_defesa": data(processo.prazo_de_defesa),
            "defesa_apresentada_em": data(processo.defesa_apresentada_em),
            "decidido_em": data(processo.decidido_em),
        },
        "anexos": _anexos(processo),
    }


def _anexos(processo: ProcessoDeApuracao) -> list[str]:
    inscricao = processo.inscricao
    anexos = [
        f"Cópia da autodeclaração étnico-racial apresentada na inscrição nº {inscricao.numero} e dos demais "
        "documentos tidos como falsos.",
        f"Cópia da portaria de instauração do processo nº {processo.numero} ({data(processo.instaurado_em)}).",
        f"Cópia da notificação do candidato ({data(processo.notificado_em)}).",
    ]
    if processo.defesa_apresentada_em:
        anexos.append(f"Cópia da defesa apresentada pelo candidato ({data(processo.defesa_apresentada_em)}).")
    anexos.append(f"Cópia da decisão e da sua fundamentação ({data(processo.decidido_em)}).")
    sessoes = Sessao.objects.filter(status=Sessao.ENCERRADA, chamados__inscricao=inscricao).order_by("inicio")
    anexos += [f"Cópia da ata da sessão de heteroidentificação de {data(s.inicio)}." for s in sessoes.distinct()]
    return anexos


# ----------------------------------------------------------------------------------------------
# Formatos comuns


def descrever_regra(regra: dict) -> str:
    """A regra de decisão congelada na comissão, em português. A regra anterior (quórum de votantes,
    mínimo de confirmações) continua descrita como era nas atas das sessões encerradas com ela."""
    if "quorum" in regra and "maioria_para_nao_confirmar" not in regra:
        return (
            f"{regra['membros']} membros titulares; quórum de {regra['quorum']} votantes; a autodeclaração é "
            f"confirmada pela maioria dos votantes, com ao menos {regra['minimo_para_confirmar']} votos de "
            "confirmação (regra anterior a docs/REGRAS.md §10)"
        )
    regra = quorum.ler_regra(regra)
    return (
        f"{regra['membros']} membros, todos votam; a autodeclaração só não é confirmada com "
        f"{regra['maioria_para_nao_confirmar']} votos pela não confirmação (a maioria dos membros); "
        "qualquer outra contagem a confirma"
    )


def agora() -> datetime:
    return relogio.agora()


def _cabecalho(edital: Edital, titulo: str) -> dict:
    return {
        "titulo_do_documento": f"{titulo} — {edital.identificacao}",
        "titulo": titulo,
        "orgao": ORGAO,
        "edital": edital,
        "gerado_em": agora().strftime("%d/%m/%Y"),
    }


def _sessao(sessao: Sessao) -> dict:
    return {
        "data": data(sessao.inicio),
        "hora": sessao.inicio.astimezone(FUSO).strftime("%H:%M"),
        "local": sessao.local,
        "link": sessao.link,
        "gravacao": sessao.gravacao,
        "encerrada_em": data_e_hora(sessao.encerrada_em) if sessao.encerrada_em else "",
    }


def _candidato(inscricao) -> dict:
    return {
        "numero": inscricao.numero,
        "nome": inscricao.candidato.nome_de_uso,
        "cpf": inscricao.candidato.cpf_mascarado,
        "cargo": f"{inscricao.cargo.codigo} — {inscricao.cargo.nome}",
    }


def _nome(usuario) -> str:
    return (usuario.get_full_name() or usuario.get_username()) if usuario else "—"


def _sim_ou_nao(valor) -> str:
    return "—" if valor is None else ("Sim" if valor else "Não")
