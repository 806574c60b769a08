"""Todo texto digitado tem limite e recusa caracteres de controle e invisíveis no próprio modelo
(issue 24, item 4): ``Cargo.requisitos`` guardava 2 milhões de caracteres e BEL, RLO e espaços de
largura zero, que chegavam ao Anexo I; motivos, local do ato de convocação, fundamentações, recurso,
fatos e defesa só tinham limite nos formulários. Agora o campo leva um ``ValidadorDeTexto`` e o
modelo o roda em todo ``save()`` (``comum.modelos.TextosDigitados``): o admin, os serviços, a
importação e os comandos seguem a mesma regra.

O andarilho percorre todos os modelos do projeto e falha se um ``CharField``/``TextField`` não é
nem de uma lista de valores (``choices``), nem limitado e conferido, nem um registro de máquina da
lista abaixo, com o motivo."""

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError
from django.db import models

from comum.modelos import TextosDigitados
from comum.validacao import LIMITE_DE_TEXTO, validadores_de_texto, validar_textos
from concursos.models import Cargo
from tests.concursos.fabricas import edital

APPS_DO_PROJETO = {"cotas", "concursos", "heteroidentificacao", "demo", "convites"}

# Registros de máquina: gravados pelo código, nunca digitados por alguém.
CAMPOS_DE_MAQUINA = {
    "concursos.AcessoADadosSensiveis.objeto": "modelo, chave e identificação, montados pelo registro de acesso",
    "concursos.AcessoADadosSensiveis.caminho": "o caminho da página pedida, gravado pelo registro de acesso",
    "concursos.Resultado.hash_das_entradas": "SHA-256 do JSON canônico das entradas",
    "concursos.Instituicao.brasao_tipo": "tipo MIME da imagem enviada, conferido pelo formulário do brasão",
    "concursos.Processamento.unidade": "palavra da tarefa de segundo plano (cargos, linhas, páginas)",
    "concursos.Processamento.etapa": "andamento escrito pela tarefa de segundo plano",
    "concursos.AtoDeConvocacao.hash_do_pdf": "SHA-256 do PDF gerado",
    "concursos.TermoDeEliminacao.hash_do_pdf": "SHA-256 do PDF do termo de eliminação gerado",
    "concursos.OpcaoDeGrupo.grupo": "chave de um grupo do regime (cotas), escolhida numa lista e conferida pelo serviço",
    "concursos.AtoDeVerificacao.grupo": "chave de um grupo do regime (cotas), copiada da opção",
    "concursos.Evento.grupo": "chave de um grupo do regime (cotas), copiada da opção",
    "heteroidentificacao.Comissao.grupo": "chave de um grupo do regime (cotas), escolhida numa lista",
    "heteroidentificacao.Sessao.hash_do_registro": "SHA-256 do registro congelado da sessão",
    "heteroidentificacao.Sessao.hash_da_gravacao": "SHA-256 do arquivo da gravação: 64 algarismos hexadecimais, "
    "conferidos por services.registrar_gravacao (o único que o grava; não editável no admin)",
    "heteroidentificacao.RegistroDeAuditoria.acao": "nome da ação, escrito pelo serviço que a registra",
    "heteroidentificacao.RegistroDeAuditoria.objeto": "identificação do registro, montada pelo serviço",
    "concursos.PosicaoVigente.inscricao": "número da inscrição, copiado da saída do motor ao gerar a versão",
    "concursos.PosicaoVigente.vaga": "rótulo da vaga (grupo), copiado da saída do motor ao gerar a versão",
    "concursos.Inscricao.nome_para_busca": "cópia do nome e do nome social já conferidos do candidato, sem acentos",
    "convites.CodigoDeCadastro.hash_do_codigo": "SHA-256 do código de cadastro do segundo fator, nunca o código",
    "concursos.AvisoPessoal.descricao_do_ato": "montada pelo serviço do aviso com o número e o cargo do ato já conferidos",
    "concursos.AvisoPessoal.codigo_de_verificacao": "copiado do ato: o início do SHA-256 do PDF ou o nº da portaria",
    "concursos.EnvioDoAviso.erro": "a resposta do servidor de e-mail, gravada pela tarefa de envio",
    "concursos.AtoPublicado.tipo": "chave da tabela dos tipos de ato, conferida pelo serviço que registra",
    "concursos.AtoPublicado.codigo": "código de verificação sorteado pelo serviço (secrets), nunca digitado",
    "concursos.AtoPublicado.titulo": "montado pelo serviço do tipo com o número e o cargo do ato já conferidos",
    "concursos.AtoPublicado.tipo_do_conteudo": "tipo MIME do documento gerado (application/pdf)",
    "concursos.AtoPublicado.hash_sha256": "SHA-256 dos bytes guardados",
    "concursos.AtoPublicado.hash_dos_dados": "SHA-256 dos dados publicados (o quadro do Anexo I)",
    "concursos.ContadorDeAtos.tipo": "chave da tabela dos tipos de ato, copiada do ato que se numera",
    "concursos.PublicacaoNoPortal.assinatura": "SHA-256 da forma do portal, derivada do resultado publicado",
    "concursos.PaginaDoPortal.lista": "chave da lista (geral, um grupo do regime, convocacao), copiada da saída do motor",
    "concursos.ArquivoDoPortal.nome": "nome fixo do arquivo de dados abertos (classificacao-geral.csv…)",
    "concursos.ArquivoDoPortal.hash": "SHA-256 do arquivo de dados abertos gerado",
}
# Textos montados pelo serviço a partir de um texto de várias linhas já conferido: têm limite e
# recusam controles, mas aceitam quebra de linha.
CAMPOS_DE_VARIAS_LINHAS = {"concursos.Resultado.motivo", "heteroidentificacao.Chamado.motivo_da_decisao"}


def historico(modelo) -> bool:
    """As tabelas do django-simple-history: cópia da linha já conferida, gravada pelo sinal."""
    return hasattr(modelo, "instance_type")


def campos_de_texto():
    for modelo in apps.get_models():
        if modelo._meta.app_label not in APPS_DO_PROJETO or historico(modelo):
            continue
        for campo in modelo._meta.concrete_fields:
            if isinstance(campo, (models.CharField, models.TextField)) and not campo.choices:
                yield f"{modelo._meta.app_label}.{modelo.__name__}.{campo.name}", modelo, campo


def digitados():
    return [(nome, modelo, campo) for nome, modelo, campo in campos_de_texto() if nome not in CAMPOS_DE_MAQUINA]


def test_todo_texto_de_todo_modelo_e_limitado_e_conferido_ou_e_de_maquina_com_o_motivo():
    problemas = []
    for nome, modelo, campo in digitados():
        validadores = validadores_de_texto(campo)
        if not validadores:
            problemas.append(f"{nome}: sem ValidadorDeTexto")
            continue
        (validador,) = validadores
        maximo = campo.max_length if isinstance(campo, models.CharField) else LIMITE_DE_TEXTO
        if validador.limite > maximo:
            problemas.append(f"{nome}: limite {validador.limite}, acima de {maximo}")
        de_uma_linha = isinstance(campo, models.CharField) and nome not in CAMPOS_DE_VARIAS_LINHAS
        if validador.multilinha == de_uma_linha:
            problemas.append(f"{nome}: multilinha={validador.multilinha}")
        if not issubclass(modelo, TextosDigitados):
            problemas.append(f"{nome}: {modelo.__name__} não confere os textos no save() (TextosDigitados)")
    assert problemas == []


def test_a_lista_de_campos_de_maquina_so_tem_campos_que_existem():
    existentes = {nome for nome, _, _ in campos_de_texto()}
    assert set(CAMPOS_DE_MAQUINA) - existentes == set()
    assert CAMPOS_DE_VARIAS_LINHAS - existentes == set()


@pytest.mark.parametrize(("nome", "modelo", "campo"), digitados(), ids=[nome for nome, _, _ in digitados()])
def test_cada_texto_digitado_recusa_o_longo_demais_e_os_invisiveis_no_modelo(nome, modelo, campo):
    (validador,) = validadores_de_texto(campo)
    for valor, trecho in (
        ("x" * (validador.limite + 1), "o limite é"),
        ("Ana\u202eSilva", "U+202E na posição 4"),
        ("Ana\u200bSilva", "U+200B na posição 4"),
        ("\ufeffAna", "U+FEFF na posição 1"),
        ("Ana\x07", "U+0007 na posição 4"),
    ):
        instancia = modelo(**{campo.attname: valor})
        with pytest.raises(ValidationError) as recusa:
            validar_textos(instancia, [campo.name])
        (mensagem,) = recusa.value.message_dict[campo.name]
        assert trecho in mensagem and f"O campo {validador.rotulo} " in mensagem, (nome, mensagem)


@pytest.mark.django_db
def test_requisitos_de_dois_milhoes_de_caracteres_sao_recusados_ao_gravar():
    cargo = edital().cargos.get()
    cargo.requisitos = "Ensino médio. " * 150_000
    with pytest.raises(ValidationError) as recusa:
        cargo.save()
    assert recusa.value.message_dict == {
        "requisitos": ["O campo requisitos tem 2.100.000 caracteres; o limite é 2.000."]
    }
    assert Cargo.objects.get().requisitos == ""


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("caractere", "descricao"), [("\x07", "U+0007"), ("\u202e", "U+202E"), ("\u200d", "U+200D"), ("\u2060", "U+2060")]
)
def test_requisitos_com_caractere_invisivel_sao_recusados_nomeando_a_posicao(caractere, descricao):
    cargo = edital().cargos.get()
    cargo.requisitos = f"Ensino médio{caractere} completo."
    with pytest.raises(ValidationError) as recusa:
        cargo.save()
    assert recusa.value.message_dict["requisitos"] == [
        f"O campo requisitos tem caracteres de controle ou invisíveis (copiados de outro sistema?): {descricao} "
        "na posição 13; só valem letras, números, pontuação, quebras de linha e tabulações."
    ]


@pytest.mark.django_db
def test_requisitos_de_varias_linhas_com_tabulacao_sao_aceitos():
    cargo = edital().cargos.get()
    cargo.requisitos = "Ensino médio completo;\n\tCNH categoria B."
    cargo.save()
    assert Cargo.objects.get().requisitos.count("\n") == 1


@pytest.mark.django_db
def test_nome_do_cargo_numa_linha_recusa_quebra_de_linha():
    cargo = edital().cargos.get()
    cargo.nome = "Guarda\nMunicipal"
    with pytest.raises(ValidationError) as recusa:
        cargo.save()
    assert "quebra de linha (U+000A) na posição 7" in recusa.value.message_dict["nome"][0]
    assert "numa linha só" in recusa.value.message_dict["nome"][0]
