"""Os tipos de evento posteriores ao primeiro resultado (docs/REGRAS.md §5): a tabela única.

Cada tipo diz o seu efeito sobre as entradas do motor e como as telas o mostram. Daqui derivam as
escolhas do modelo ``concursos.Evento``, a explicação do formulário de registrar evento, o campo
de quantidade, o motivo das chamadas que substituem quem saiu (``convocacao.py``) e a descrição de
quem saiu nas diferenças entre versões. Um tipo novo é uma entrada aqui e, se o efeito for novo,
o seu ramo em ``convocacao.py``; um teste percorre cada tipo em cada lugar derivado.
"""

from dataclasses import dataclass

from .modelo import ANULACAO, DESISTENCIA, FINAL_DE_LISTA, NAO_POSSE, NOTA, VAGAS_ADICIONAIS, VERIFICACAO

# Efeito do evento sobre as entradas do motor.
MAIS_VAGAS = "mais_vagas"  # N cresce com a quantidade do evento
SAI_DAS_LISTAS = "sai_das_listas"  # o candidato sai de todas as listas; a vaga continua contada
VAI_AO_FINAL = "vai_ao_final"  # sai das listas de grupo e vai para o fim da lista geral
# Revisões (docs/REGRAS.md §8): mudam uma entrada do candidato a partir do evento.
REVISA_VERIFICACAO = "revisa_verificacao"  # a situação da opção por um grupo
REVISA_NOTA = "revisa_nota"  # a nota final (e as parciais informadas)
EFEITOS = (MAIS_VAGAS, SAI_DAS_LISTAS, VAI_AO_FINAL, REVISA_VERIFICACAO, REVISA_NOTA)


@dataclass(frozen=True)
class TipoDeEvento:
    """Um tipo de evento: efeito no motor e textos das telas."""

    tipo: str
    # Escolha do modelo ``Evento`` e título das telas ("Registrar desistência").
    rotulo: str
    # Mostrada no formulário de registrar o evento.
    explicacao: str
    efeito: str
    # Quem saiu, no motivo da chamada que o substitui: "substitui a inscrição 1043, desistente".
    motivo_da_saida: str = ""
    # Quem saiu, nas diferenças entre versões do resultado: "desistente".
    situacao_de_quem_saiu: str = ""
    # Só um convocado pode sofrê-lo (não posse, final de lista: docs/REGRAS.md §5).
    exige_convocado: bool = False
    # Elimina o candidato de todas as listas (anulação da nomeação por declaração falsa).
    elimina: bool = False

    @property
    def carrega_quantidade(self) -> bool:
        """O evento traz uma quantidade de vagas, não uma inscrição."""
        return self.efeito == MAIS_VAGAS

    @property
    def tira_alguem(self) -> bool:
        """O evento tira um candidato da convocação (e há quem o substitua)."""
        return self.efeito in (SAI_DAS_LISTAS, VAI_AO_FINAL)

    @property
    def revisao(self) -> bool:
        """Revisão de uma entrada depois do primeiro resultado (docs/REGRAS.md §8): quem ela faz
        vencer é chamado na hora, mesmo além de N, e quem ela deixa de fora é mantido."""
        return self.efeito in (REVISA_VERIFICACAO, REVISA_NOTA)


_TIPOS = (
    TipoDeEvento(
        VAGAS_ADICIONAIS,
        rotulo="Vagas adicionais",
        explicacao="Vagas que surgiram na validade do concurso (Art. 1º, §3º). Os novos vencedores são "
        "convocados pela alternância e proporcionalidade (Art. 4º).",
        efeito=MAIS_VAGAS,
    ),
    TipoDeEvento(
        DESISTENCIA,
        rotulo="Desistência",
        explicacao="O candidato sai de todas as listas; a vaga continua contada e vai a quem a recomputação "
        "indicar — numa vaga reservada, o próximo candidato do mesmo grupo (Art. 3º, §2º).",
        efeito=SAI_DAS_LISTAS,
        motivo_da_saida="desistente",
        situacao_de_quem_saiu="desistente",
    ),
    TipoDeEvento(
        NAO_POSSE,
        rotulo="Não posse",
        explicacao="Nomeado que não tomou posse no prazo legal: mesmo efeito da desistência.",
        efeito=SAI_DAS_LISTAS,
        motivo_da_saida="sem posse no prazo legal",
        situacao_de_quem_saiu="sem posse",
        exige_convocado=True,
    ),
    TipoDeEvento(
        FINAL_DE_LISTA,
        rotulo="Final de lista",
        explicacao="O candidato renuncia a esta convocação: sai das listas reservadas e vai para o final da "
        "lista geral, onde pode ser convocado de novo mais tarde, na ampla concorrência.",
        efeito=VAI_AO_FINAL,
        motivo_da_saida="que pediu reposicionamento para o final da lista",
        situacao_de_quem_saiu="aguardando no final da lista",
        exige_convocado=True,
    ),
    TipoDeEvento(
        ANULACAO,
        rotulo="Anulação (declaração falsa)",
        explicacao="Declaração falsa apurada em processo administrativo com contraditório e ampla defesa "
        "(Art. 2º, §1º): o candidato é eliminado e a nomeação, anulada.",
        efeito=SAI_DAS_LISTAS,
        motivo_da_saida="com nomeação anulada por declaração falsa",
        situacao_de_quem_saiu="nomeação anulada",
        elimina=True,
    ),
    TipoDeEvento(
        VERIFICACAO,
        rotulo="Revisão de verificação",
        explicacao="Decisão posterior sobre a opção do candidato por um grupo — recurso julgado, "
        "heteroidentificação ou avaliação PcD refeita, decisão judicial: vale a partir deste evento, sem "
        "reescrever o resultado já publicado. Quem já foi convocado não sai por causa dela (é mantido); "
        "quem ela faz vencer é convocado na hora (Ajuda › Regras, §8).",
        efeito=REVISA_VERIFICACAO,
        motivo_da_saida="cuja verificação foi revista",
        situacao_de_quem_saiu="verificação revista",
    ),
    TipoDeEvento(
        NOTA,
        rotulo="Correção de nota",
        explicacao="Nota corrigida pela banca ou por decisão judicial: o candidato passa à nova posição em "
        "todas as listas a partir deste evento. Quem já foi convocado não sai por causa dela (é mantido); "
        "quem ela faz vencer é convocado na hora (Ajuda › Regras, §8).",
        efeito=REVISA_NOTA,
        motivo_da_saida="cuja nota foi corrigida",
        situacao_de_quem_saiu="nota corrigida",
    ),
)

TIPOS_DE_EVENTO: dict[str, TipoDeEvento] = {t.tipo: t for t in _TIPOS}


def tipo_de_evento(tipo) -> TipoDeEvento | None:
    """O tipo de evento pelo nome; ``None`` para um nome desconhecido (ou que nem é texto, vindo do JSON)."""
    return TIPOS_DE_EVENTO.get(tipo) if isinstance(tipo, str) else None
