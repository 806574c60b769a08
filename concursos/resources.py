"""Importação e exportação de inscrições (django-import-export 4.4).

Contrato usado por ``admin.py``: ``InscricaoResource``, ``FORMATOS_DE_IMPORTACAO``,
``FORMATOS_DE_EXPORTACAO``, ``ImportacaoDeInscricoesForm`` e ``ConfirmacaoDeImportacaoForm``.
Para as telas públicas: ``exportar_lista(resultado, formato)``.

Importação — sempre para UM edital, escolhido pelo servidor (``InscricaoResource(edital=...)``):

- uma linha por inscrição; colunas obrigatórias ``inscricao``, ``cpf``, ``nome``, ``cargo`` (código
  do cargo no edital) e ``nota``; opcionais ``nome_social``, ``nascimento``, ``email``,
  ``cor_raca``, uma coluna sim/não por grupo do regime congelado do edital (``negros``, ``pcd``;
  ``pretos_pardos``, ``indigenas``… no regime federal de 2025), ``nota_<campo>`` (notas
  parciais), ``jurado``, ``situacao`` e ``sorteio``. Maiúsculas e acentos no cabeçalho não importam.
  Coluna desconhecida é erro: uma coluna ``negro`` ignorada em silêncio tiraria a reserva de todos.
- o candidato é criado ou atualizado pelo CPF; a inscrição, pelo número dentro do edital; as opções
  por grupo seguem as colunas sim/não presentes no arquivo (opção nova começa ``pendente``; opção
  mantida conserva a sua verificação; opção já verificada não pode ser retirada por importação).
- coluna ausente não muda nada numa inscrição existente; célula vazia de dado pessoal opcional
  (nome social, nascimento, e-mail) não apaga o que o candidato já tem.
- cada erro diz a linha (o cabeçalho é a linha 1), a coluna e o valor; com qualquer linha inválida
  nada é gravado (transação desfeita, inclusive fora do admin).
"""

import re
from datetime import timedelta
from decimal import Decimal, InvalidOperation

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils import timezone
from import_export import fields, resources
from import_export.exceptions import ImportError as ErroDeImportacao
from import_export.forms import ConfirmImportForm, ImportForm
from import_export.results import InvalidRow, Result, RowResult

import cotas
from comum.cpf import formatar_cpf, mascarar_cpf
from cotas.modelo import PENDENTE

from . import formatos as f
from .adapters import listas_em_ordem
from .models import CORES_IBGE, Candidato, Edital, Inscricao, OpcaoDeGrupo, Resultado

FORMATOS_DE_IMPORTACAO = [f.CSVBrasil, f.XLSXBrasil]
FORMATOS_DE_EXPORTACAO = [f.XLSXBrasil, f.CSVBrasil]

OBRIGATORIAS = ("inscricao", "cpf", "nome", "cargo", "nota")
FIXAS = (*OBRIGATORIAS, "nome_social", "nascimento", "email", "cor_raca", "jurado", "situacao", "sorteio")
APELIDOS = {
    "numero_de_inscricao": "inscricao",
    "numero_da_inscricao": "inscricao",
    "n_inscricao": "inscricao",
    "no_inscricao": "inscricao",
    "data_de_nascimento": "nascimento",
    "data_nascimento": "nascimento",
    "e_mail": "email",
    "cor": "cor_raca",
    "raca_cor": "cor_raca",
    "cor_ou_raca": "cor_raca",
    "codigo_do_cargo": "cargo",
    "nota_final": "nota",
    "situacao_do_candidato": "situacao",
}
GRUPOS_CONHECIDOS = {g for regime in cotas.REGIMES.values() for g in regime.nomes_dos_grupos}


class Coluna(fields.Field):
    """Coluna da planilha; ``valor(inscricao)`` dá o valor nativo (número, data, texto).

    A importação não passa pelos widgets (é feita em ``InscricaoResource.import_instance``); a
    coluna serve à prévia do admin (``export``, em texto) e à exportação (valor nativo)."""

    def __init__(self, nome, valor):
        super().__init__(attribute=nome, column_name=nome, readonly=True)
        self.valor = valor

    def get_value(self, instance):
        return self.valor(instance)

    def export(self, instance, **kwargs):
        return f.celula_em_texto(self.get_value(instance))


def _candidato(inscricao):
    return getattr(inscricao, "candidato", None)  # RelatedObjectDoesNotExist é um AttributeError


def _do_candidato(atributo):
    return lambda inscricao: getattr(_candidato(inscricao), atributo, None)


def _grupos(inscricao) -> frozenset:
    if hasattr(inscricao, "_grupos"):
        return inscricao._grupos
    return frozenset(o.grupo for o in inscricao.opcoes.all()) if inscricao.pk else frozenset()


def _sim_nao(sim: bool) -> str:
    return "sim" if sim else "não"


def coluna_de_grupo(grupo: str) -> Coluna:
    return Coluna(grupo, lambda inscricao: _sim_nao(grupo in _grupos(inscricao)))


def coluna_de_verificacao(grupo: str) -> Coluna:
    def situacao(inscricao):
        opcao = next((o for o in inscricao.opcoes.all() if o.grupo == grupo), None)
        return opcao.get_situacao_display() if opcao else ""

    return Coluna(f"verificacao_{grupo}", situacao)


def coluna_de_nota(campo: str) -> Coluna:
    def nota(inscricao):
        try:
            return Decimal(str((inscricao.notas_parciais or {})[campo]))
        except (KeyError, InvalidOperation):
            return None

    return Coluna(f"nota_{campo}", nota)


class ResultadoDaImportacao(Result):
    """Erros de gravação numerados pela linha da planilha (a biblioteca conta só os válidos)."""

    def row_errors(self):
        return [(linha.number, linha.errors) for linha in self.error_rows]


def _curto(texto: str, tamanho: int = 60) -> str:
    """Texto para mensagem: um cabeçalho de 100 mil caracteres não vira uma página de erro gigante."""
    return texto if len(texto) <= tamanho else texto[:tamanho] + "…"


class InscricaoResource(resources.ModelResource):
    edital = Coluna("edital", lambda i: str(i.edital) if i.edital_id else "")
    inscricao = Coluna("inscricao", lambda i: i.numero)
    cpf = Coluna("cpf", lambda i: formatar_cpf(c.cpf) if (c := _candidato(i)) else None)
    nome = Coluna("nome", _do_candidato("nome"))
    nome_social = Coluna("nome_social", _do_candidato("nome_social"))
    nascimento = Coluna("nascimento", _do_candidato("nascimento"))
    email = Coluna("email", _do_candidato("email"))
    cargo = Coluna("cargo", lambda i: getattr(getattr(i, "cargo", None), "codigo", None))
    cor_raca = Coluna("cor_raca", lambda i: i.get_cor_raca_display())
    grupos = Coluna("grupos", lambda i: None)  # na exportação: uma coluna por grupo e a verificação
    nota = Coluna("nota", lambda i: i.nota)
    notas_parciais = Coluna("notas_parciais", lambda i: None)  # na exportação: nota_<campo>
    jurado = Coluna("jurado", lambda i: _sim_nao(i.jurado))
    situacao = Coluna("situacao", lambda i: i.situacao)
    sorteio = Coluna("sorteio", lambda i: i.sorteio)

    class Meta:
        model = Inscricao
        fields = (
            "edital",
            "inscricao",
            "cpf",
            "nome",
            "nome_social",
            "nascimento",
            "email",
            "cargo",
            "cor_raca",
            "grupos",
            "nota",
            "notas_parciais",
            "jurado",
            "situacao",
            "sorteio",
        )
        export_order = fields
        # A validação é feita célula a célula em import_instance, com linha, coluna e valor.
        clean_model_instances = False
        use_transactions = True
        report_skipped = False

    def __init__(self, edital: Edital | None = None, dados_sensiveis: bool = True, **kwargs):
        """``edital``: o que recebe a importação. ``dados_sensiveis``: a exportação traz cor/raça e
        as opções por grupo (com a verificação); o admin passa a permissão ``ver_dados_sensiveis``."""
        super().__init__(**kwargs)
        self.edital = edital
        self.dados_sensiveis = dados_sensiveis
        self.regime = edital.regime_congelado() if edital else cotas.regime_pre_definido(cotas.REGIME_PADRAO)
        self._grupos_do_regime = self.regime.nomes_dos_grupos  # a propriedade monta a tupla a cada uso
        self._campos_de_nota = ()
        self._rotulos = {}
        self._linhas = None
        self._colunas_exportadas = {"grupos": [], "notas_parciais": []}

    @classmethod
    def get_result_class(cls):
        return ResultadoDaImportacao

    def get_queryset(self):
        consulta = Inscricao.objects.all()
        return consulta.filter(edital=self.edital) if self.edital else consulta

    # ------------------------------------------------------------------ colunas

    def get_import_fields(self):
        campos = self.fields
        return [
            *(campos[n] for n in ("inscricao", "cpf", "nome", "nome_social", "nascimento", "email", "cargo")),
            campos["cor_raca"],
            *(coluna_de_grupo(g) for g in self.regime.nomes_dos_grupos),
            campos["nota"],
            *(coluna_de_nota(c) for c in self._campos_de_nota),
            *(campos[n] for n in ("jurado", "situacao", "sorteio")),
        ]

    def _conhecida(self, nome: str) -> bool:
        return (
            nome in FIXAS
            or nome == "edital"
            or nome in self.regime.nomes_dos_grupos
            or (nome.startswith("nota_") and len(nome) > 5)
            or nome.removeprefix("verificacao_") in self.regime.nomes_dos_grupos
        )

    def _preparar_cabecalho(self, dataset) -> list[str]:
        """Normaliza o cabeçalho (``'Data de Nascimento'`` → ``nascimento``) e lista os problemas."""
        problemas, vistos, normais, desconhecidas = [], {}, [], False
        grupos = ", ".join(self.regime.nomes_dos_grupos)
        for indice, original in enumerate(dataset.headers or []):
            letra = f.letra_da_coluna(indice)
            nome = f.normalizar_cabecalho(original)
            original = _curto(f.texto(original))
            nome = APELIDOS.get(nome, nome)
            if not nome:
                nome = f"_sem_nome_{letra}"
                if any(not f.linha_vazia([linha[indice]]) for linha in dataset):
                    problemas.append(f"a coluna {letra} tem valores, mas não tem nome no cabeçalho")
            elif nome in vistos:
                problemas.append(f"as colunas {vistos[nome]} e {letra} são ambas “{_curto(nome)}”; deixe só uma")
            elif nome in GRUPOS_CONHECIDOS and not self._conhecida(nome):
                problemas.append(
                    f"coluna {letra} “{original}”: “{nome}” não é grupo do regime deste edital "
                    f"({self.regime.nome}); os grupos são: {grupos}"
                )
            elif not self._conhecida(nome):
                problemas.append(f"coluna {letra} “{original}” desconhecida; apague-a ou corrija o nome")
                desconhecidas = True
            vistos.setdefault(nome, letra)
            self._rotulos[nome] = (original or nome, letra)
            normais.append(nome)
        if desconhecidas:
            problemas.append(
                f"as colunas aceitas são {', '.join(FIXAS)}, edital, uma sim/não por grupo do regime "
                f"({grupos}) e nota_<campo> para as notas parciais"
            )
        faltam = [c for c in OBRIGATORIAS if c not in vistos]
        if faltam:
            problemas.append(f"faltam as colunas obrigatórias: {', '.join(faltam)}")
        if not problemas:
            dataset.headers = normais
            self._campos_de_nota = tuple(n[5:] for n in normais if n.startswith("nota_") and len(n) > 5)
        return problemas

    # ------------------------------------------------------------------ importação

    def import_data(self, dataset, dry_run=False, raise_errors=False, use_transactions=None, **kwargs):
        """Sempre numa transação, desfeita se qualquer linha for inválida: nada é gravado pela metade.

        (A importação em massa, ``importacao.InscricaoEmMassaResource``, desliga a transação em
        ``Meta.use_transactions``: a leitura dela não grava nada, e a gravação tem a sua.)"""
        if self.edital is None:
            raise ValueError("Informe o edital: InscricaoResource(edital=...).")
        kwargs.pop("rollback_on_validation_errors", None)
        self._linhas = getattr(dataset, "linhas", None)
        linha_do_cabecalho = getattr(dataset, "linha_do_cabecalho", 1)
        problemas = self._preparar_cabecalho(dataset)
        if problemas:
            mensagens = [f"Linha {linha_do_cabecalho} (cabeçalho): {p}." for p in problemas]
            return self._resultado_invalido(dataset, linha_do_cabecalho, mensagens, raise_errors)
        resultado = super().import_data(
            dataset,
            dry_run=dry_run,
            raise_errors=raise_errors,
            use_transactions=bool(self._meta.use_transactions),
            rollback_on_validation_errors=True,
            **kwargs,
        )
        for linha in resultado.invalid_rows + resultado.error_rows:
            linha.number = self._linha(linha.number)
        return resultado

    def _resultado_invalido(self, dataset, linha, mensagens, raise_errors):
        erro = ValidationError(mensagens)
        if raise_errors:
            raise ErroDeImportacao(erro, number=linha)
        resultado = self.get_result_class()()
        resultado.diff_headers = self.get_diff_headers()
        resultado.total_rows = len(dataset)
        valores = tuple("" for _ in resultado.diff_headers)
        resultado.invalid_rows.append(InvalidRow(number=linha, validation_error=erro, values=valores))
        resultado.totals[RowResult.IMPORT_TYPE_INVALID] += 1
        return resultado

    def _linha(self, indice: int) -> int:
        """Número na planilha da linha de dados ``indice`` (1 = primeira depois do cabeçalho)."""
        if self._linhas and 0 < indice <= len(self._linhas):
            return self._linhas[indice - 1]
        return indice + 1

    def before_import(self, dataset, **kwargs):
        """Carrega de uma vez cargos, inscrições, opções e candidatos (sem consulta por linha) e
        acha as repetições entre linhas (número de inscrição; CPF no mesmo cargo)."""
        self._cargos = {c.codigo: c for c in self.edital.cargos.all()}
        self._cargos_sem_caixa = {codigo.casefold(): c for codigo, c in self._cargos.items()}
        por_id = {cargo.pk: cargo for cargo in self._cargos.values()}
        self._inscricoes = {}
        for existente in Inscricao.objects.filter(edital=self.edital).select_related("candidato"):
            if existente.cargo_id in por_id:
                existente.cargo = por_id[existente.cargo_id]  # o mesmo objeto, não uma cópia por inscrição
            self._inscricoes[existente.numero] = existente
        self._opcoes = {}
        for opcao in OpcaoDeGrupo.objects.filter(inscricao__edital=self.edital):
            self._opcoes.setdefault(opcao.inscricao_id, {})[opcao.grupo] = opcao
        self._no_cargo = {(i.cargo_id, i.candidato.cpf): i.numero for i in self._inscricoes.values()}
        self._candidatos = {i.candidato.cpf: i.candidato for i in self._inscricoes.values()}
        cpfs = self._procurar_repeticoes(dataset)
        faltam = sorted(cpfs - self._candidatos.keys())
        for inicio in range(0, len(faltam), 500):
            for candidato in Candidato.objects.filter(cpf__in=faltam[inicio : inicio + 500]):
                self._candidatos[candidato.cpf] = candidato

    def _procurar_repeticoes(self, dataset) -> set[str]:
        self._repeticoes = {}
        numeros, no_cargo, nomes, cpfs = {}, {}, {}, set()
        self._cpfs_lidos = {}
        linhas = (dict(zip(dataset.headers, valores, strict=True)) for valores in dataset)  # uma de cada vez
        for indice, row in enumerate(linhas, start=1):
            linha, erros = self._linha(indice), {}
            numero = f.texto(row.get("inscricao"))
            if numero in numeros:
                erros["inscricao"] = f"número de inscrição repetido no arquivo (já está na linha {numeros[numero]})"
            elif numero:
                numeros[numero] = linha
            try:
                cpf = f.ler_cpf(row.get("cpf"))
            except f.ValorInvalido:
                cpf = None
            if cpf and isinstance(row.get("cpf"), str):
                self._cpfs_lidos[row["cpf"]] = cpf
            if cpf:
                cpfs.add(cpf)
                cargo = self._cargo(row.get("cargo"))
                chave = (cargo.pk if cargo else f.texto(row.get("cargo")).casefold(), cpf)
                if chave in no_cargo:
                    erros["cpf"] = f"CPF repetido no mesmo cargo (já está na linha {no_cargo[chave]})"
                no_cargo.setdefault(chave, linha)
                nome = f.texto(row.get("nome"))
                anterior = nomes.setdefault(cpf, (linha, nome))
                if anterior[0] != linha and f.sem_acentos(anterior[1]).casefold() != f.sem_acentos(nome).casefold():
                    erros["nome"] = f"o mesmo CPF está na linha {anterior[0]} com o nome “{anterior[1]}”"
            if erros:
                self._repeticoes[indice] = erros
        self._numeros_do_arquivo = set(numeros)
        return cpfs

    def _cargo(self, valor):
        codigo = f.texto(valor)
        return self._cargos.get(codigo) or self._cargos_sem_caixa.get(codigo.casefold())

    def import_row(self, row, instance_loader, **kwargs):
        if f.linha_vazia(row.values()):
            pulada = self.get_row_result_class()()
            pulada.import_type = RowResult.IMPORT_TYPE_SKIP
            return pulada
        return super().import_row(row, instance_loader, **kwargs)

    def get_or_init_instance(self, instance_loader, row):
        existente = self._inscricoes.get(f.texto(row.get("inscricao")))
        if existente is not None:
            return existente, False
        return Inscricao(edital=self.edital), True

    def after_init_instance(self, instance, new, row, **kwargs):
        instance._grupos = frozenset() if new else frozenset(self._opcoes.get(instance.pk, {}))

    def _mensagem(self, linha: int, coluna: str, valor, motivo: str) -> str:
        original, letra = self._rotulos.get(coluna, (coluna, "?"))
        conteudo = f.texto(valor)
        if len(conteudo) > 60:
            conteudo = conteudo[:60] + "…"
        return (
            f"Linha {linha}, coluna “{original}” ({letra}), valor {f'“{conteudo}”' if conteudo else 'vazio'}: {motivo}."
        )

    def import_instance(self, instance, row, **kwargs):
        """Lê e confere a linha inteira; só depois, sem erro nenhum, altera a inscrição."""
        indice = kwargs["row_number"]
        linha, erros, lidos = self._linha(indice), {}, {}

        def ler(coluna, leitor, **opcoes):
            if coluna in row:
                try:
                    lidos[coluna] = leitor(row[coluna], **opcoes)
                except f.ValorInvalido as erro:
                    erros[coluna] = self._mensagem(linha, coluna, row[coluna], str(erro))

        ler("inscricao", f.ler_texto, maximo=20, obrigatorio=True)
        ler("cpf", self._ler_cpf)
        ler("nome", f.ler_nome, obrigatorio=True)
        ler("nome_social", f.ler_nome, obrigatorio=False)
        ler("nascimento", f.ler_data)
        ler("email", f.ler_email)
        ler("cor_raca", f.ler_cor_raca)
        ler("nota", f.ler_decimal)
        ler("jurado", f.ler_sim_nao)
        ler("situacao", f.ler_situacao)
        ler("sorteio", f.ler_inteiro_positivo)
        for grupo in self._grupos_do_regime:
            ler(grupo, f.ler_sim_nao)
        for campo in self._campos_de_nota:
            if f.texto(row[f"nota_{campo}"]):
                ler(f"nota_{campo}", f.ler_decimal)
            else:
                lidos[f"nota_{campo}"] = None
        cargo = self._cargo(row["cargo"])
        if cargo is None:
            cargos = ", ".join(sorted(self._cargos)) or "nenhum cadastrado"
            motivo = "preenchimento obrigatório" if not f.texto(row["cargo"]) else "cargo desconhecido neste edital"
            erros["cargo"] = self._mensagem(linha, "cargo", row["cargo"], f"{motivo} (cargos do edital: {cargos})")
        for coluna, motivo in self._repeticoes.get(indice, {}).items():
            erros.setdefault(coluna, self._mensagem(linha, coluna, row[coluna], motivo))
        if not erros:
            self._conferir_regras(instance, row, lidos, cargo, linha, erros)
        if erros:
            raise ValidationError(erros)
        self._aplicar(instance, lidos, cargo)

    def _ler_cpf(self, valor) -> str:
        """``formatos.ler_cpf``, sem refazer a conta de um CPF já lido ao procurar repetições."""
        if isinstance(valor, str) and valor in self._cpfs_lidos:
            return self._cpfs_lidos[valor]
        return f.ler_cpf(valor)

    def _conferir_regras(self, instance, row, lidos, cargo, linha, erros):
        """Regras que cruzam colunas ou o banco: cor/raça do grupo (Art. 2º), opção já verificada,
        CPF já inscrito no cargo com outro número, linha de outro edital."""
        cor = lidos.get("cor_raca", instance.cor_raca)
        for grupo in self._grupos_do_regime:
            opcao = self._opcoes.get(instance.pk, {}).get(grupo) if instance.pk else None
            if lidos.get(grupo):
                regra = self.regime.grupo(grupo)
                artigo = (regra.referencia("elegibilidade") or "Art. 2º").split(" (")[0]
                if regra.cores_admitidas and cor and cor not in regra.cores_admitidas:
                    erros[grupo] = self._mensagem(
                        linha,
                        grupo,
                        row[grupo],
                        f"quem se autodeclara {dict(CORES_IBGE)[cor].lower()} não pode optar por "
                        f"{regra.nome_legivel or grupo}: a opção exige autodeclaração "
                        f"{' ou '.join(regra.cores_admitidas)} ({artigo})",
                    )
            elif grupo in lidos and opcao is not None and opcao.situacao != PENDENTE:
                erros[grupo] = self._mensagem(
                    linha,
                    grupo,
                    row[grupo],
                    f"a opção por {grupo} já tem verificação “{opcao.get_situacao_display()}” e não pode ser "
                    "retirada por importação",
                )
        outro = self._no_cargo.get((cargo.pk, lidos["cpf"]))
        if outro and outro != lidos["inscricao"] and outro not in self._numeros_do_arquivo:
            erros["cpf"] = self._mensagem(linha, "cpf", row["cpf"], f"este CPF já tem a inscrição {outro} neste cargo")
        if "edital" in row and f.texto(row["edital"]):
            if re.findall(r"\d+", f.texto(row["edital"])) != [str(self.edital.numero), str(self.edital.ano)]:
                erros["edital"] = self._mensagem(
                    linha, "edital", row["edital"], f"a importação é para o edital {self.edital}"
                )

    def _aplicar(self, instance, lidos, cargo):
        instance.numero, instance.cargo, instance.nota = lidos["inscricao"], cargo, lidos["nota"]
        for campo in ("cor_raca", "jurado", "situacao", "sorteio"):
            if campo in lidos:
                setattr(instance, campo, lidos[campo])
        parciais = dict(instance.notas_parciais or {})
        for campo in self._campos_de_nota:
            valor = lidos[f"nota_{campo}"]
            if valor is None:
                parciais.pop(campo, None)
            else:
                parciais[campo] = f.decimal_em_texto(valor)
        instance.notas_parciais = parciais
        presentes = [g for g in self._grupos_do_regime if g in lidos]
        instance._grupos_presentes = presentes
        instance._grupos = frozenset(g for g in instance._grupos if g not in presentes) | {
            g for g in presentes if lidos[g]
        }
        pessoais = {c: lidos[c] for c in ("nome_social", "nascimento", "email") if lidos.get(c)}
        instance._candidato_importado = {"cpf": lidos["cpf"], "nome": lidos["nome"], **pessoais}

    def _candidato_do_arquivo(self, dados: dict) -> tuple[Candidato, list[str]]:
        """O candidato do CPF (o já cadastrado ou um novo, ainda sem gravar) com os dados da linha, e
        os campos que a linha mudou (um candidato pode ter inscrições em vários editais)."""
        candidato = self._candidatos.get(dados["cpf"]) or Candidato(cpf=dados["cpf"])
        mudaram = [campo for campo, valor in dados.items() if getattr(candidato, campo) != valor]
        for campo in mudaram:
            setattr(candidato, campo, dados[campo])
        self._candidatos[candidato.cpf] = candidato
        return candidato, mudaram

    def _mudancas_de_opcoes(self, instance) -> tuple[list[str], list[OpcaoDeGrupo]]:
        """Os grupos das opções a criar (pendentes) e as opções a apagar; as mantidas não mudam."""
        atuais = self._opcoes.get(instance.pk, {}) if instance.pk else {}
        novas = [g for g in instance._grupos_presentes if g in instance._grupos and g not in atuais]
        retiradas = [atuais[g] for g in instance._grupos_presentes if g not in instance._grupos and g in atuais]
        return novas, retiradas

    def before_save_instance(self, instance, row, **kwargs):
        """Cria ou atualiza o candidato pelo CPF."""
        candidato, mudaram = self._candidato_do_arquivo(instance._candidato_importado)
        if candidato.pk is None or mudaram:
            candidato.save()
        instance.candidato = candidato

    def after_save_instance(self, instance, row, **kwargs):
        """Cria as opções novas (pendentes) e apaga as retiradas; as mantidas não são tocadas."""
        novas, retiradas = self._mudancas_de_opcoes(instance)
        atuais = self._opcoes.setdefault(instance.pk, {})
        for grupo in novas:
            atuais[grupo] = OpcaoDeGrupo.objects.create(inscricao=instance, grupo=grupo)
        for opcao in retiradas:
            atuais.pop(opcao.grupo).delete()
        self._inscricoes[instance.numero] = instance

    def after_import(self, dataset, result, **kwargs):
        """Nada: o ``ModelResource`` acertaria a sequência das chaves (``setval`` com o maior id), o
        que só serve a quem importa ids da planilha; com outra importação em andamento, poderia
        fazer a sequência voltar e repetir chaves."""

    # ------------------------------------------------------------------ exportação

    def filter_export(self, queryset, **kwargs):
        return queryset.select_related("edital", "cargo", "candidato").prefetch_related("opcoes")

    def before_export(self, queryset, **kwargs):
        """Colunas que dependem dos dados: os grupos dos regimes dos editais e as notas parciais."""
        if queryset is None:
            queryset = self.get_queryset()
        if isinstance(queryset, QuerySet):
            editais = Edital.objects.filter(pk__in=queryset.values("edital_id"))
            parciais = queryset.values_list("notas_parciais", flat=True)
        else:
            editais = {i.edital for i in queryset}
            parciais = [i.notas_parciais for i in queryset]
        grupos = []
        for edital in editais:
            grupos += [g for g in edital.regime_congelado().nomes_dos_grupos if g not in grupos]
        campos = sorted({campo for notas in parciais for campo in (notas or {})})
        self._colunas_exportadas = {
            "grupos": [*map(coluna_de_grupo, grupos), *map(coluna_de_verificacao, grupos)],
            "notas_parciais": [coluna_de_nota(c) for c in campos],
        }

    def get_export_fields(self, selected_fields=None):
        exportadas = []
        for campo in super().get_export_fields(selected_fields):
            if not self.dados_sensiveis and campo.column_name in ("cor_raca", "grupos"):
                continue
            exportadas += self._colunas_exportadas.get(campo.column_name, [campo])
        return exportadas

    def export_field(self, field, instance, **kwargs):
        """Valor nativo (números e datas continuam números e datas) com o texto neutralizado."""
        return f.neutralizar(field.get_value(instance))


def mensagens_de_erro(resultado) -> list[str]:
    """Todas as mensagens de um resultado de importação, na ordem das linhas (para comandos e testes)."""
    mensagens = [str(erro.error) for erro in resultado.base_errors]
    for linha in sorted(resultado.invalid_rows, key=lambda r: r.number):
        for lista in linha.error_dict.values():
            mensagens += lista
    for numero, erros in resultado.row_errors():
        mensagens += [f"Linha {numero}: erro ao gravar ({erro.error})." for erro in erros]
    return mensagens


# ---------------------------------------------------------------------- formulários do admin


class ImportacaoDeInscricoesForm(ImportForm):
    """Formulário de importação do admin, com o edital que recebe as inscrições.

    O arquivo é conferido aqui, antes de a biblioteca gravá-lo no armazenamento temporário: só
    ``.csv`` e ``.xlsx``, até ``LIMITE_DE_IMPORTACAO_MB``, conteúdo do tipo que a extensão diz e
    legível inteiro (``formatos.conferir_arquivo``). O formato é o do conteúdo: a escolha da lista
    só vale se concordar com ele."""

    edital = forms.ModelChoiceField(
        queryset=Edital.objects.all(),
        label="Edital",
        help_text="As inscrições do arquivo entram neste edital; o cargo é o código do cargo dentro dele.",
    )
    field_order = ["edital", "resource", "import_file", "format"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].required = False
        self.fields[
            "import_file"
        ].help_text = f"Planilha .xlsx ou .csv, até {settings.LIMITE_DE_IMPORTACAO_MB} MB, com uma linha por inscrição."
        self.fields["import_file"].widget.attrs["accept"] = ".csv,.xlsx"

    def clean(self):
        dados = super().clean()
        arquivo = dados.get("import_file")
        if arquivo is None:
            return dados
        try:
            f.conferir_tamanho(arquivo.size)
            conteudo = arquivo.read()
            arquivo.seek(0)
            linhas = len(f.ler_arquivo(arquivo.name, conteudo))  # lido uma vez só
        except f.ArquivoInvalido as erro:
            self.add_error("import_file", str(erro))
            return dados
        dados["format"] = str(FORMATOS_DE_IMPORTACAO.index(f.formato_do_arquivo(arquivo.name)))
        self.errors.pop("format", None)
        if linhas > settings.LIMITE_DE_LINHAS_NA_TELA:
            # A prévia desenharia cada linha numa página só e a gravação prenderia a requisição.
            self.add_error(
                "import_file",
                f"O arquivo tem {linhas} linhas; acima de {settings.LIMITE_DE_LINHAS_NA_TELA} a importação é "
                "feita em segundo plano: use o link “Importar em segundo plano”, nesta página.",
            )
        return dados


_NOME_TEMPORARIO = re.compile(r"[0-9a-f]{32}")


class ConfirmacaoDeImportacaoForm(ConfirmImportForm):
    """Confirmação da importação: leva adiante o edital escolhido na primeira etapa.

    Os campos escondidos voltam do navegador e podem ter sido alterados: o formato e o recurso têm
    de ser índices que existem, e o arquivo, um nome gerado pela prévia (32 dígitos hexadecimais)
    ainda presente no armazenamento privado."""

    edital = forms.ModelChoiceField(queryset=Edital.objects.all(), widget=forms.HiddenInput)

    def clean_import_file_name(self):
        nome = super().clean_import_file_name()
        if not _NOME_TEMPORARIO.fullmatch(nome) or not arquivo_temporario_existe(nome):
            raise ValidationError(
                "A prévia desta importação expirou ou já foi confirmada: envie o arquivo de novo.", code="expirada"
            )
        return nome

    def clean_format(self):
        formato = self.cleaned_data["format"]
        if formato not in {str(i) for i in range(len(FORMATOS_DE_IMPORTACAO))}:
            raise ValidationError("Formato de arquivo inválido: envie o arquivo de novo.", code="formato")
        return formato

    def clean_resource(self):
        recurso = self.cleaned_data.get("resource") or ""
        if recurso not in ("", "0"):
            raise ValidationError("Importação inválida: envie o arquivo de novo.", code="recurso")
        return recurso


# ---------------------------------------------------------------------- arquivos temporários


def armazenamento_temporario():
    """O armazenamento privado (nunca servido pela web) e a pasta onde a importação guarda o arquivo
    entre a prévia e a confirmação (``MediaStorage`` do django-import-export; docs/TECNICO.md §1.1)."""
    from import_export.tmp_storages import MediaStorage

    temporario = MediaStorage()
    return temporario._storage, temporario.MEDIA_FOLDER


def arquivo_temporario_existe(nome: str) -> bool:
    armazenamento, pasta = armazenamento_temporario()
    return armazenamento.exists(f"{pasta}/{nome}")


def limpar_importacoes_abandonadas(horas: float = 24, *, agora=None) -> list[str]:
    """Apaga os arquivos de importação guardados há mais de ``horas`` horas: prévias com erro ou nunca
    confirmadas (a biblioteca só apaga o arquivo na confirmação). Devolve os nomes apagados."""
    armazenamento, pasta = armazenamento_temporario()
    if not armazenamento.exists(pasta):
        return []
    limite = (agora or timezone.now()) - timedelta(hours=horas)
    apagados = []
    for nome in sorted(armazenamento.listdir(pasta)[1]):
        caminho = f"{pasta}/{nome}"
        if armazenamento.get_modified_time(caminho) < limite:
            armazenamento.delete(caminho)
            apagados.append(nome)
    return apagados


# ---------------------------------------------------------------------- lista para publicação


def exportar_lista(resultado: Resultado, formato: str) -> bytes:
    """Listas de um resultado publicado, para publicação: classificação, inscrição, nome de uso,
    CPF mascarado (``***.456.789-**``), nota, posição em cada lista reservada e na convocação.

    Nunca traz o CPF inteiro nem a data de nascimento. As notas são as do resultado (a entrada
    gravada na versão), não as atuais do banco."""
    if resultado.status != Resultado.PUBLICADO:
        raise ValidationError("Só um resultado publicado pode ser exportado para publicação.")
    cabecalho, linhas = _lista_para_publicacao(resultado)
    formato = formato.lower().lstrip(".")
    if formato == "xlsx":
        return f.escrever_xlsx(cabecalho, linhas, titulo=f"Resultado {resultado.cargo.codigo}")
    if formato == "csv":
        return f.escrever_csv(cabecalho, linhas)
    raise ValueError(f"Formato desconhecido: {formato!r} (use xlsx ou csv).")


def _lista_para_publicacao(resultado: Resultado):
    saida = resultado.saida
    regime = cotas.regime_inline(resultado.cenario["regime"])
    legivel = {"ampla": "ampla concorrência", **{g.grupo: g.nome_legivel or g.grupo for g in regime.grupos}}
    listas = dict(listas_em_ordem(saida))  # no PostgreSQL (jsonb) as chaves não guardam a ordem
    reservadas = [nome for nome in listas if nome != "geral"]
    ordem = list(listas.get("geral", []))
    ordem += [n for nome in reservadas for n in listas[nome] if n not in ordem]
    posicoes = {nome: {n: p for p, n in enumerate(lista, start=1)} for nome, lista in listas.items()}
    notas = {c["inscricao"]: Decimal(c["nota"]) for c in resultado.cenario["candidatos"]}
    convocacao = {c["inscricao"]: c for c in saida.get("ordem_vigente", [])}
    pessoas = {
        numero: (social or nome, cpf)
        for numero, social, nome, cpf in Inscricao.objects.filter(cargo=resultado.cargo, numero__in=ordem).values_list(
            "numero", "candidato__nome_social", "candidato__nome", "candidato__cpf"
        )
    }
    cabecalho = [
        "Classificação geral",
        "Inscrição",
        "Nome",
        "CPF",
        "Nota",
        *(f"Posição na lista de {legivel.get(n, n)}" for n in reservadas),
        "Posição na convocação",
        "Vaga",
    ]
    linhas = []
    for numero in ordem:
        nome, cpf = pessoas.get(numero, ("", ""))
        chamada = convocacao.get(numero, {})
        linhas.append(
            [
                posicoes.get("geral", {}).get(numero),
                numero,
                nome,
                mascarar_cpf(cpf) if cpf else "",
                notas.get(numero),
                *(posicoes[n].get(numero) for n in reservadas),
                chamada.get("posicao"),
                legivel.get(chamada.get("vaga"), chamada.get("vaga") or ""),
            ]
        )
    return cabecalho, linhas
