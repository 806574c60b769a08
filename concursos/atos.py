"""O ato que fundamenta um registro do concurso e o que se confere nele antes de registrá-lo
(docs/REGRAS.md §§ 8 e 9), sem gravar nada.

- ``Ato``: o documento, a data do ato, a publicação no Diário Oficial (texto livre), o processo
  judicial e se a decisão é sub judice, um valor só do formulário ao modelo e ao cenário do motor;
  ``Ato.conferido`` é a conferência de todos os serviços que registram um ato.
- A data do ato: nem antes da publicação do edital, nem no futuro, nem depois da validade do
  concurso (ou da sua prorrogação, uma só, por igual período: CF art. 37, III).
- A revisão sobre as entradas vigentes do cargo (o cenário que a próxima versão usará): a
  verificação de um grupo pelo qual o candidato optou e que muda alguma coisa; a nota que é número.
- A referência da publicação de um resultado no Diário Oficial (``conferir_diario_oficial``):
  edição, data e página, a data nem anterior à geração da versão nem no futuro.
- A origem de um ato de verificação: quem pode decidir a verificação de cada grupo
  (``conferir_origem``; docs/HETEROIDENTIFICACAO.md, “Atos de verificação”).

As mensagens dizem o campo e o valor, em português, com as datas em dd/mm/aaaa. Quem grava é
``concursos.services``; o motor confere o resto (quem já saiu, quem não está convocado).
"""

from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.utils import timezone

from comum import relogio
from comum.exibicao import data
from comum.validacao import validar_texto
from comum.validadores import tem_caracteres_de_controle
from cotas.modelo import AVALIACAO_PCD, DECLARACAO_FALSA, DOCUMENTAL, HETEROIDENTIFICACAO, NOTA, PENDENTE, VERIFICACAO
from cotas.regimes import grupos_verificados_por, rotulo_do_grupo, verificacao_implicita

from .diario_oficial import DiarioOficial
from .models import SITUACOES_DE_VERIFICACAO, AtoDeVerificacao, Edital, Evento, Resultado

ROTULOS_DAS_SITUACOES = dict(SITUACOES_DE_VERIFICACAO)
TAMANHO_DA_REFERENCIA = Resultado._meta.get_field("diario_oficial_edicao").max_length
TAMANHO_DO_DOCUMENTO = Evento._meta.get_field("documento").max_length
TAMANHO_DO_DIARIO_OFICIAL = Evento._meta.get_field("diario_oficial").max_length
TAMANHO_DO_PROCESSO = Evento._meta.get_field("processo").max_length
SEM_DOCUMENTO = "Informe o número do documento que fundamenta o evento."
SEM_PROCESSO = "Informe o número do processo judicial da decisão sub judice."
SEM_DOCUMENTO_DA_PRORROGACAO = "Informe o documento que prorroga a validade (decreto, portaria)."
TAMANHO_DA_PRORROGACAO = Edital._meta.get_field("prorrogacao_documento").max_length
# Os campos do ato nos formulários e nos modelos (``Evento``; ``AtoDeVerificacao`` sem o Diário Oficial).
CAMPOS_DO_ATO = ("documento", "data_do_ato", "diario_oficial", "sub_judice", "processo")


@dataclass(frozen=True, kw_only=True)
class Ato:
    """O ato que fundamenta um registro (docs/REGRAS.md §9): o documento (ofício, portaria,
    requerimento, ata, laudo, decisão), a data do ato, a publicação no Diário Oficial (texto livre,
    “DOM nº 1234, 02/05/2025, p. 7”) e, na decisão judicial não definitiva, ``sub_judice`` com o
    ``processo``. O motivo não é do ato: é de quem o registra.

    Construir não confere nada (um formulário incompleto ainda é um ``Ato``); quem registra chama
    ``conferido``, que recusa com as mensagens de sempre, cada uma no seu campo."""

    documento: str
    data_do_ato: date | None
    diario_oficial: str = ""
    processo: str = ""
    sub_judice: bool = False

    @classmethod
    def do_formulario(cls, dados: dict) -> "Ato":
        """O ato dos campos de um formulário (``cleaned_data``); o que o formulário não tem fica vazio."""
        return cls(
            documento=dados.get("documento") or "",
            data_do_ato=dados.get("data_do_ato"),
            diario_oficial=dados.get("diario_oficial") or "",
            processo=dados.get("processo") or "",
            sub_judice=bool(dados.get("sub_judice")),
        )

    @classmethod
    def do_registro(cls, registro) -> "Ato":
        """O ato gravado num ``Evento`` ou num ``AtoDeVerificacao`` (este sem o Diário Oficial)."""
        return cls(
            documento=registro.documento,
            data_do_ato=registro.data_do_ato,
            diario_oficial=getattr(registro, "diario_oficial", ""),
            processo=registro.processo,
            sub_judice=registro.sub_judice,
        )

    def conferido(
        self,
        edital: Edital,
        *,
        hoje: date | None = None,
        sem_documento: str = SEM_DOCUMENTO,
        limite: int = TAMANHO_DO_DOCUMENTO,
    ) -> "Ato":
        """O ato com os textos aparados, se passar: o documento exigido (``sem_documento``, a mensagem
        de quem registra) e curto (até ``limite``), a data (``conferir_data_do_ato``, com ``hoje``), os
        textos sem caracteres de controle (``validar_texto``) e o processo quando a decisão é sub judice
        (``exigir_processo``). Senão, ``ValidationError`` no campo."""
        documento = (self.documento or "").strip()
        if not documento:
            raise ValidationError({"documento": sem_documento})
        validar_texto(documento, rotulo="documento", campo="documento", limite=limite)
        conferir_data_do_ato(edital, self.data_do_ato, hoje=hoje)
        diario_oficial = validar_texto(
            (self.diario_oficial or "").strip(),
            rotulo="publicação no Diário Oficial",
            campo="diario_oficial",
            limite=TAMANHO_DO_DIARIO_OFICIAL,
        )
        processo = validar_texto(
            (self.processo or "").strip(), rotulo="processo", campo="processo", limite=TAMANHO_DO_PROCESSO
        )
        ato = replace(
            self,
            documento=documento,
            diario_oficial=diario_oficial,
            processo=processo,
            sub_judice=bool(self.sub_judice),
        )
        ato.exigir_processo()
        return ato

    def exigir_processo(self) -> None:
        """Decisão sub judice precisa do número do processo (o modelo ``Evento`` também o exige)."""
        if self.sub_judice and not (self.processo or "").strip():
            raise ValidationError({"processo": SEM_PROCESSO})

    def sem_decisao_judicial(self) -> "Ato":
        """O ato de um evento que não é revisão: sub judice e processo não se aplicam (ficam de fora)."""
        return replace(self, sub_judice=False, processo="")

    def campos_do_evento(self) -> dict:
        """Os campos de ``Evento`` em que o ato se grava."""
        return {
            "documento": self.documento,
            "data_do_ato": self.data_do_ato,
            "diario_oficial": self.diario_oficial,
            "sub_judice": self.sub_judice,
            "processo": self.processo,
        }

    def campos_do_ato_de_verificacao(self) -> dict:
        """Os campos de ``AtoDeVerificacao`` em que o ato se grava (a publicação fica no evento)."""
        return {
            "documento": self.documento,
            "data_do_ato": self.data_do_ato,
            "sub_judice": self.sub_judice,
            "processo": self.processo,
        }

    def campos_da_prorrogacao(self) -> dict:
        """Os campos de ``Edital`` em que o ato da prorrogação da validade se grava."""
        return {"prorrogacao_documento": self.documento, "prorrogacao_data": self.data_do_ato}

    def no_cenario(self, *, revisao: bool) -> dict:
        """O ato como o evento do cenário o escreve (``cotas-cenario/1``): ``sub_judice`` nas revisões;
        o documento e a data (em ISO), quando há, passam ao registro de chamadas sem entrar no cálculo."""
        campos = {"sub_judice": bool(self.sub_judice)} if revisao else {}
        if self.documento:
            campos["documento"] = self.documento
        if self.data_do_ato is not None:
            campos["data"] = self.data_do_ato.isoformat()
        return campos


def sem_o_ato(dados: dict) -> dict:
    """Os campos de um formulário que não são do ato (``CAMPOS_DO_ATO``): o motivo, a inscrição…"""
    return {campo: valor for campo, valor in dados.items() if campo not in CAMPOS_DO_ATO}


def conferir_data_do_ato(edital: Edital, data_do_ato, *, campo: str = "data_do_ato", hoje: date | None = None) -> None:
    """Recusa a data ausente, a anterior à publicação do edital, a futura (depois de ``hoje``; sem ele,
    o dia do relógio) e a posterior à validade."""
    if not isinstance(data_do_ato, date):
        raise ValidationError(
            {campo: "Informe a data do ato (dd/mm/aaaa): a data da portaria, decisão ou requerimento."}
        )
    if data_do_ato < edital.publicado_em:
        raise ValidationError(
            {
                campo: f"A data do ato ({data(data_do_ato)}) é anterior à publicação do edital "
                f"{edital} ({data(edital.publicado_em)})."
            }
        )
    _recusar_futura(data_do_ato, campo=campo, rotulo="A data do ato", hoje=hoje)
    fim = edital.fim_da_validade
    if fim is not None and data_do_ato > fim:
        prorrogacao = (
            f", já com a prorrogação ({edital.prorrogacao_documento})"
            if edital.prorrogada_ate
            else ", sem prorrogação registrada"
        )
        raise ValidationError(
            {
                campo: f"O concurso valeu até {data(fim)}{prorrogacao}; um ato de {data(data_do_ato)} é posterior "
                "ao prazo de validade e não pode ser registrado neste concurso (CF, art. 37, III)."
            }
        )


def _recusar_futura(valor: date, *, campo: str, rotulo: str, hoje: date | None = None) -> None:
    hoje = hoje or relogio.hoje()
    if valor > hoje:
        raise ValidationError({campo: f"{rotulo} ({data(valor)}) está no futuro (hoje é {data(hoje)})."})


def conferir_diario_oficial(
    diario_oficial: DiarioOficial | None, resultado: Resultado, *, hoje: date | None = None
) -> DiarioOficial:
    """A referência da publicação do ``resultado``: edição, data e página, todas exigidas (textos
    curtos, sem caracteres de controle), e a data nem anterior à geração da versão (não se publica o
    que ainda não existia) nem no futuro, como a data de um ato (``conferir_data_do_ato``)."""
    if diario_oficial is None:
        raise ValidationError(
            "Informe a publicação no Diário Oficial do Município (edição, data e página) para publicar."
        )
    erros = {}
    for campo, rotulo in (("edicao", "edição"), ("pagina", "página")):
        valor = (getattr(diario_oficial, campo) or "").strip()
        if not valor:
            erros[campo] = f"Informe a {rotulo} do Diário Oficial."
        elif len(valor) > TAMANHO_DA_REFERENCIA or tem_caracteres_de_controle(valor):
            erros[campo] = (
                f"A {rotulo} do Diário Oficial deve ser um texto curto (até {TAMANHO_DA_REFERENCIA} caracteres)."
            )
    quando = diario_oficial.data
    if not isinstance(quando, date):
        erros["data"] = "Informe a data da edição do Diário Oficial (dd/mm/aaaa)."
    elif quando < (gerado := timezone.localdate(resultado.gerado_em)):
        erros["data"] = (
            f"A data do Diário Oficial ({data(quando)}) é anterior à geração da versão {resultado.versao} "
            f"do resultado de {resultado.cargo.nome} ({data(gerado)}): não se publica o que ainda não existia."
        )
    else:
        try:
            _recusar_futura(quando, campo="data", rotulo="A data do Diário Oficial", hoje=hoje)
        except ValidationError as erro:
            erros.update(erro.message_dict)
    if erros:
        raise ValidationError(erros)
    return DiarioOficial(diario_oficial.edicao.strip(), quando, diario_oficial.pagina.strip())


def conferir_prorrogacao(edital: Edital, ate, ato: Ato, *, hoje: date | None = None) -> Ato:
    """Uma só prorrogação, por até o mesmo período, decidida enquanto o concurso vale (CF art. 37, III),
    e o ``ato`` que a decide (``Ato.conferido``: o decreto ou a portaria, a data), que devolve conferido.

    O período original conta da publicação do edital até ``validade_ate`` (o sistema não guarda a
    data da homologação): a prorrogação não pode passar de ``validade_ate`` mais esse mesmo número
    de dias."""
    if edital.prorrogada_ate is not None:
        raise ValidationError(
            f"A validade do edital {edital} já foi prorrogada até {data(edital.prorrogada_ate)} "
            f"({edital.prorrogacao_documento}); a Constituição admite uma só prorrogação (art. 37, III)."
        )
    if edital.validade_ate is None:
        raise ValidationError(
            {"validade_ate": f"Informe o prazo de validade do edital {edital} antes de registrar a prorrogação."}
        )
    if not isinstance(ate, date):
        raise ValidationError({"ate": "Informe até quando a validade é prorrogada (dd/mm/aaaa)."})
    if ate <= edital.validade_ate:
        raise ValidationError(
            {
                "ate": f"A prorrogação ({data(ate)}) precisa terminar depois da validade atual ({data(edital.validade_ate)})."
            }
        )
    periodo = edital.validade_ate - edital.publicado_em
    maximo = edital.validade_ate + periodo
    if ate > maximo:
        raise ValidationError(
            {
                "ate": f"A prorrogação até {data(ate)} é mais longa que o período original "
                f"({data(edital.publicado_em)} a {data(edital.validade_ate)}, {periodo.days} dias): "
                f"a validade se prorroga uma vez, por igual período, isto é, até {data(maximo)} no máximo "
                "(CF, art. 37, III)."
            }
        )
    return ato.conferido(edital, hoje=hoje, sem_documento=SEM_DOCUMENTO_DA_PRORROGACAO, limite=TAMANHO_DA_PRORROGACAO)


def conferir_revisao(cenario: dict, tipo: str, numero: str | None, *, grupo: str, situacao: str, nota) -> None:
    """A revisão (verificação ou nota) sobre as entradas vigentes do cargo, antes do motor."""
    if tipo not in (VERIFICACAO, NOTA):
        return
    candidato = next((c for c in cenario["candidatos"] if c["inscricao"] == numero), None)
    if candidato is None:
        raise ValidationError({"inscricao": f"A inscrição {numero} não está entre os candidatos deste cargo."})
    if tipo == NOTA:
        conferir_nota(nota)
        return
    if not grupo or grupo not in candidato.get("grupos", ()):
        opcoes = ", ".join(rotulo_do_grupo(g) for g in candidato.get("grupos", ())) or "nenhum"
        raise ValidationError(
            {"grupo": f"A inscrição {numero} não optou pelo grupo {grupo or '(vazio)'}; optou por: {opcoes}."}
        )
    if situacao not in ROTULOS_DAS_SITUACOES:
        raise ValidationError({"situacao": f"Situação de verificação desconhecida: {situacao!r}."})
    vigente = situacao_no_cenario(cenario, numero, grupo)
    if vigente == situacao:
        raise ValidationError(
            {
                "situacao": f"A verificação da inscrição {numero} para {rotulo_do_grupo(grupo)} já é "
                f"“{ROTULOS_DAS_SITUACOES[situacao]}”: a revisão não mudaria nada."
            }
        )


def conferir_nota(nota) -> Decimal:
    """A nota corrigida: um número finito (texto com vírgula ou ponto, ou Decimal)."""
    if isinstance(nota, bool) or nota is None or (isinstance(nota, str) and not nota.strip()):
        raise ValidationError({"nota": "Informe a nota corrigida."})
    try:
        valor = Decimal(nota.strip().replace(",", ".")) if isinstance(nota, str) else Decimal(nota)
    except (InvalidOperation, TypeError, ValueError):
        raise ValidationError({"nota": f"A nota corrigida {str(nota)[:40]!r} não é um número."}) from None
    if not valor.is_finite():
        raise ValidationError({"nota": f"A nota corrigida {str(nota)[:40]!r} não é um número."})
    return valor


def situacao_no_cenario(cenario: dict, numero: str, grupo: str) -> str:
    """A verificação vigente de uma opção: a das entradas (congeladas depois da publicação) e, por
    cima, a da última revisão de verificação do cenário."""
    candidato = next((c for c in cenario["candidatos"] if c["inscricao"] == numero), {})
    situacao = candidato.get("verificacao", {}).get(grupo, PENDENTE)
    for evento in cenario["eventos"]:
        if evento["tipo"] == VERIFICACAO and evento.get("inscricao") == numero and evento.get("grupo") == grupo:
            situacao = evento["situacao"]
    return situacao


# O grupo PcD dos regimes pré-definidos (telas e demonstração); quem verifica um grupo vem da tabela
# do regime (``verificacao_do_grupo``), nunca deste nome.
PCD = "pcd"
ROTULOS_DAS_ORIGENS = dict(AtoDeVerificacao.ORIGENS)
# Quem decide a verificação de cada modo (``cotas.modelo.VERIFICACOES_DE_GRUPO``). Heteroidentificação
# (negros, pretos e pardos): a comissão, a recursal, o processo de apuração ou a Justiça (Art. 2º,
# §1º); nunca o RH. Avaliação PcD: a equipe multiprofissional (Decreto 9.508/2018, art. 5º) ou a
# Justiça. Documental (indígenas, quilombolas): o fenótipo não se aplica, e nenhuma comissão de
# heteroidentificação os julga; a análise dos documentos (Lei 15.142/2025, art. 2º: reconhecimento
# coletivo do indígena, autoatribuição do quilombola atestada pela comunidade), o processo de
# apuração ou a Justiça. Nenhuma: só a Justiça.
ORIGENS_DA_HETEROIDENTIFICACAO = (
    AtoDeVerificacao.COMISSAO,
    AtoDeVerificacao.RECURSO,
    AtoDeVerificacao.APURACAO,
    AtoDeVerificacao.JUDICIAL,
)
ORIGENS_DA_PCD = (AtoDeVerificacao.AVALIACAO_PCD, AtoDeVerificacao.JUDICIAL)
ORIGENS_POR_VERIFICACAO = {
    HETEROIDENTIFICACAO: ORIGENS_DA_HETEROIDENTIFICACAO,
    AVALIACAO_PCD: ORIGENS_DA_PCD,
    DOCUMENTAL: (AtoDeVerificacao.ANALISE_DOCUMENTAL, AtoDeVerificacao.APURACAO, AtoDeVerificacao.JUDICIAL),
}
# Declaração falsa só se declara em processo com defesa (Art. 2º, §1º) ou pela Justiça.
ORIGENS_DA_DECLARACAO_FALSA = (AtoDeVerificacao.APURACAO, AtoDeVerificacao.JUDICIAL)


def verificacao_do_grupo(edital: Edital, grupo: str) -> str:
    """Como o edital verifica a opção pelo grupo: a verificação do grupo na tabela do regime
    congelado (``cotas.modelo.Grupo.verificacao``); cópias congeladas antigas a trazem implícita."""
    if edital.parametros_do_regime:
        for do_regime in edital.regime_congelado().grupos:
            if do_regime.grupo == grupo:
                return do_regime.verificacao
    return verificacao_implicita(grupo)


def grupos_da_avaliacao_pcd(edital: Edital) -> tuple[str, ...]:
    """Os grupos do edital verificados pela avaliação multiprofissional da deficiência."""
    if not edital.parametros_do_regime:
        return (PCD,)
    return grupos_verificados_por(edital.regime_congelado(), AVALIACAO_PCD)


def grupos_da_analise_documental(edital: Edital) -> tuple[str, ...]:
    """Os grupos do edital verificados por documentos (indígenas e quilombolas na Lei 15.142/2025)."""
    if not edital.parametros_do_regime:
        return ()
    return grupos_verificados_por(edital.regime_congelado(), DOCUMENTAL)


def origens_admitidas(verificacao: str) -> tuple[str, ...]:
    """As origens de ato que podem decidir uma verificação do modo ``verificacao``."""
    return ORIGENS_POR_VERIFICACAO.get(verificacao, (AtoDeVerificacao.JUDICIAL,))


def conferir_origem(grupo: str, situacao: str, origem: str, *, verificacao: str) -> None:
    """Recusa a origem desconhecida, a que não cabe à verificação do grupo (``verificacao_do_grupo``)
    e a declaração falsa fora do processo."""
    if origem not in ROTULOS_DAS_ORIGENS:
        conhecidas = ", ".join(ROTULOS_DAS_ORIGENS)
        raise ValidationError({"origem": f"Origem do ato desconhecida: {origem!r}; use uma de: {conhecidas}."})
    admitidas = origens_admitidas(verificacao)
    if origem not in admitidas:
        quem = "; ".join(ROTULOS_DAS_ORIGENS[o].lower() for o in admitidas)
        raise ValidationError(
            {
                "origem": f"A verificação de {rotulo_do_grupo(grupo)} não vem de "
                f"“{ROTULOS_DAS_ORIGENS[origem].lower()}”; vem de: {quem}."
            }
        )
    if situacao == DECLARACAO_FALSA and origem not in ORIGENS_DA_DECLARACAO_FALSA:
        raise ValidationError(
            {
                "situacao": "Declaração falsa só se declara no processo de apuração, com direito de defesa "
                "(Art. 2º, §1º), ou por decisão judicial; não por "
                f"“{ROTULOS_DAS_ORIGENS[origem].lower()}”."
            }
        )
