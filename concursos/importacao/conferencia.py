"""A leitura e a conferência das linhas de uma planilha de inscrições, para UM edital.

``Conferencia`` carrega de uma vez os cargos, as inscrições, as opções e os candidatos do edital
(sem consulta por linha), acha as repetições entre linhas (número de inscrição; CPF no mesmo cargo;
o mesmo CPF com outro nome) e lê cada linha célula a célula. Só uma linha sem erro nenhum altera a
inscrição (em memória: quem grava é ``gravacao.Gravador``). Cada erro diz a linha (o cabeçalho é a
linha 1), a coluna e o valor.

Regras de uma linha: o candidato é achado pelo CPF; a inscrição, pelo número dentro do edital; as
opções por grupo seguem as colunas sim/não presentes no arquivo (opção nova começa ``pendente``;
opção mantida conserva a sua verificação; opção já verificada não pode ser retirada por
importação); coluna ausente não muda nada numa inscrição existente; célula vazia de dado pessoal
opcional (nome social, nascimento, e-mail) não apaga o que o candidato já tem. Num cargo com
resultado publicado, valem ainda as regras de ``publicados`` (a nota que muda vira evento).
"""

import re

from django.core.exceptions import ValidationError

from comum.planilhas import decimal_em_texto, texto
from cotas.modelo import PENDENTE

from ..models import CORES_IBGE, Candidato, Inscricao, OpcaoDeGrupo
from . import colunas
from .cabecalho import ler_cabecalho
from .cargos import CargosDoEdital
from .erros import ErroDaPlanilha
from .leitores import ValorInvalido, ler_cpf, ler_decimal, ler_sim_nao, sem_acentos
from .previa import Variantes
from .publicados import CargosPublicados


class Conferencia:
    """O estado da leitura de um arquivo: o que o edital já tem e o que as linhas já disseram."""

    def __init__(self, edital, regime):
        self.edital = edital
        self.regime = regime
        self.grupos = regime.nomes_dos_grupos  # a propriedade monta a tupla a cada uso
        self.campos_de_nota = ()
        self.rotulos = {}
        self.linhas = None
        self.erros_registrados = {}  # mensagem → ``erros.ErroDaPlanilha``, para a tabela de erros
        self.variantes = Variantes(self.grupos)  # as grafias lidas, para o "lido como" da prévia
        self.leitores = {c.nome: c.leitor for c in colunas.LIDAS} | {"cpf": self._ler_cpf}

    # ------------------------------------------------------------------ o arquivo

    def preparar(self, dataset) -> list[str]:
        """Normaliza o cabeçalho do conjunto (se ele serve) e devolve os problemas dele."""
        self.linhas = getattr(dataset, "linhas", None)
        cabecalho = ler_cabecalho(dataset, self.regime)
        self.rotulos = cabecalho.rotulos
        if not cabecalho.problemas:
            dataset.headers = cabecalho.nomes
            self.campos_de_nota = cabecalho.campos_de_nota
        return cabecalho.problemas

    def linha(self, indice: int) -> int:
        """Número na planilha da linha de dados ``indice`` (1 = primeira depois do cabeçalho)."""
        if self.linhas and 0 < indice <= len(self.linhas):
            return self.linhas[indice - 1]
        return indice + 1

    def carregar(self, dataset) -> None:
        """Carrega de uma vez cargos, inscrições, opções e candidatos (sem consulta por linha) e
        acha as repetições entre linhas (número de inscrição; CPF no mesmo cargo)."""
        self.cargos_do_edital = CargosDoEdital(self.edital.cargos.com_publicacao())
        self.cargos = self.cargos_do_edital.por_codigo
        por_id = {cargo.pk: cargo for cargo in self.cargos.values()}
        self.publicados = CargosPublicados(self.cargos.values())
        self.inscricoes = {}
        for existente in Inscricao.objects.filter(edital=self.edital).select_related("candidato"):
            if existente.cargo_id in por_id:
                existente.cargo = por_id[existente.cargo_id]  # o mesmo objeto, não uma cópia por inscrição
            self.inscricoes[existente.numero] = existente
        self.opcoes = {}
        for opcao in OpcaoDeGrupo.objects.filter(inscricao__edital=self.edital):
            self.opcoes.setdefault(opcao.inscricao_id, {})[opcao.grupo] = opcao
        self.no_cargo = {(i.cargo_id, i.candidato.cpf): i.numero for i in self.inscricoes.values()}
        self.candidatos = {i.candidato.cpf: i.candidato for i in self.inscricoes.values()}
        cpfs = self._procurar_repeticoes(dataset)
        faltam = sorted(cpfs - self.candidatos.keys())
        for inicio in range(0, len(faltam), 500):
            for candidato in Candidato.objects.filter(cpf__in=faltam[inicio : inicio + 500]):
                self.candidatos[candidato.cpf] = candidato

    def _procurar_repeticoes(self, dataset) -> set[str]:
        self.repeticoes = {}
        numeros, no_cargo, nomes, cpfs = {}, {}, {}, set()
        self.cpfs_lidos = {}
        linhas = (dict(zip(dataset.headers, valores, strict=True)) for valores in dataset)  # uma de cada vez
        for indice, row in enumerate(linhas, start=1):
            linha, erros = self.linha(indice), {}
            numero = texto(row.get("inscricao"))
            if numero in numeros:
                erros["inscricao"] = f"número de inscrição repetido no arquivo (já está na linha {numeros[numero]})"
            elif numero:
                numeros[numero] = linha
            try:
                cpf = ler_cpf(row.get("cpf"))
            except ValorInvalido:
                cpf = None
            if cpf and isinstance(row.get("cpf"), str):
                self.cpfs_lidos[row["cpf"]] = cpf
            if cpf:
                cpfs.add(cpf)
                cargo = self.cargo(row.get("cargo"))
                chave = (cargo.pk if cargo else texto(row.get("cargo")).casefold(), cpf)
                if chave in no_cargo:
                    erros["cpf"] = f"CPF repetido no mesmo cargo (já está na linha {no_cargo[chave]})"
                no_cargo.setdefault(chave, linha)
                nome = texto(row.get("nome"))
                anterior = nomes.setdefault(cpf, (linha, nome))
                if anterior[0] != linha and sem_acentos(anterior[1]).casefold() != sem_acentos(nome).casefold():
                    erros["nome"] = f"o mesmo CPF está na linha {anterior[0]} com o nome “{anterior[1]}”"
            if erros:
                self.repeticoes[indice] = erros
        self.numeros_do_arquivo = set(numeros)
        return cpfs

    def cargo(self, valor):
        """O cargo da célula, pelo código ou pelo nome (``cargos``); ``None`` se não há ou é ambíguo."""
        return self.cargos_do_edital.achar(valor)

    # ------------------------------------------------------------------ cada linha

    def inscricao(self, row) -> tuple[Inscricao, bool]:
        """A inscrição do número da linha (a já cadastrada no edital ou uma nova) e se é nova, com
        os grupos que ela tem hoje (``_grupos``)."""
        existente = self.inscricoes.get(texto(row.get("inscricao")))
        if existente is not None:
            existente._grupos = frozenset(self.opcoes.get(existente.pk, {}))
            return existente, False
        nova = Inscricao(edital=self.edital)
        nova._grupos = frozenset()
        return nova, True

    def mensagem(self, linha: int, coluna: str, valor, motivo: str) -> str:
        original, letra = self.rotulos.get(coluna, (coluna, "?"))
        conteudo = texto(valor)
        if len(conteudo) > 60:
            conteudo = conteudo[:60] + "…"
        erro = ErroDaPlanilha(linha, original, letra, conteudo, motivo)
        self.erros_registrados[erro.mensagem] = erro
        return erro.mensagem

    def ler(self, instance, row, indice: int) -> None:
        """Lê e confere a linha inteira; só depois, sem erro nenhum, altera a inscrição. Com erro,
        ``ValidationError`` com as mensagens por coluna."""
        linha, erros, lidos = self.linha(indice), {}, {}

        def ler(coluna, leitor):
            if coluna in row:
                try:
                    lidos[coluna] = leitor(row[coluna])
                    self.variantes.anotar(coluna, row[coluna], lidos[coluna])
                except ValorInvalido as erro:
                    erros[coluna] = self.mensagem(linha, coluna, row[coluna], str(erro))

        for coluna, leitor in self.leitores.items():
            ler(coluna, leitor)
        for grupo in self.grupos:
            ler(grupo, ler_sim_nao)
        for campo in self.campos_de_nota:
            if texto(row[f"nota_{campo}"]):
                ler(f"nota_{campo}", ler_decimal)
            else:
                lidos[f"nota_{campo}"] = None
        cargo = self.cargo(row["cargo"])
        if cargo is None:
            erros["cargo"] = self.mensagem(linha, "cargo", row["cargo"], self.cargos_do_edital.motivo(row["cargo"]))
        for coluna, motivo in self.repeticoes.get(indice, {}).items():
            erros.setdefault(coluna, self.mensagem(linha, coluna, row[coluna], motivo))
        if not erros:
            self._conferir_regras(instance, row, lidos, cargo, linha, erros)
            # Num cargo publicado, a mensagem da coluna diz por que não muda e como fazer.
            self.publicados.conferir(self, instance, row, lidos, cargo, linha, erros)
        if erros:
            raise ValidationError(erros)
        notas_gravadas = CargosPublicados.notas_gravadas(instance)
        self._aplicar(instance, lidos, cargo)
        self.publicados.depois_de_aplicar(instance, notas_gravadas)

    def _ler_cpf(self, valor) -> str:
        """``leitores.ler_cpf``, sem refazer a conta de um CPF já lido ao procurar repetições."""
        if isinstance(valor, str) and valor in self.cpfs_lidos:
            return self.cpfs_lidos[valor]
        return ler_cpf(valor)

    def _conferir_regras(self, instance, row, lidos, cargo, linha, erros):
        """Regras que cruzam colunas ou o banco: cor/raça do grupo (Art. 2º), opção já verificada,
        CPF já inscrito no cargo com outro número, linha de outro edital."""
        cor = lidos.get("cor_raca", instance.cor_raca)
        for grupo in self.grupos:
            opcao = self.opcoes.get(instance.pk, {}).get(grupo) if instance.pk else None
            if lidos.get(grupo):
                regra = self.regime.grupo(grupo)
                artigo = (regra.referencia("elegibilidade") or "Art. 2º").split(" (")[0]
                if regra.cores_admitidas and cor and cor not in regra.cores_admitidas:
                    erros[grupo] = self.mensagem(
                        linha,
                        grupo,
                        row[grupo],
                        f"quem se autodeclara {dict(CORES_IBGE)[cor].lower()} não pode optar por "
                        f"{regra.nome_legivel or grupo}: a opção exige autodeclaração "
                        f"{' ou '.join(regra.cores_admitidas)} ({artigo})",
                    )
            elif grupo in lidos and opcao is not None and opcao.situacao != PENDENTE:
                erros[grupo] = self.mensagem(
                    linha,
                    grupo,
                    row[grupo],
                    f"a opção por {grupo} já tem verificação “{opcao.get_situacao_display()}” e não pode ser "
                    "retirada por importação",
                )
        outro = self.no_cargo.get((cargo.pk, lidos["cpf"]))
        if outro and outro != lidos["inscricao"] and outro not in self.numeros_do_arquivo:
            erros["cpf"] = self.mensagem(linha, "cpf", row["cpf"], f"este CPF já tem a inscrição {outro} neste cargo")
        if "edital" in row and texto(row["edital"]):
            if re.findall(r"\d+", texto(row["edital"])) != [str(self.edital.numero), str(self.edital.ano)]:
                erros["edital"] = self.mensagem(
                    linha, "edital", row["edital"], f"a importação é para o edital {self.edital}"
                )

    def _aplicar(self, instance, lidos, cargo):
        """A linha lida na inscrição (em memória); os dados do candidato ficam em
        ``_candidato_importado`` e os grupos optados em ``_grupos``."""
        instance.numero, instance.cargo = lidos["inscricao"], cargo
        for coluna in colunas.DA_INSCRICAO:
            if coluna.nome in lidos:
                setattr(instance, coluna.atributo, lidos[coluna.nome])
        parciais = dict(instance.notas_parciais or {})
        for campo in self.campos_de_nota:
            valor = lidos[f"nota_{campo}"]
            if valor is None:
                parciais.pop(campo, None)
            else:
                parciais[campo] = decimal_em_texto(valor)
        instance.notas_parciais = parciais
        presentes = [g for g in self.grupos if g in lidos]
        instance._grupos_presentes = presentes
        instance._grupos = frozenset(g for g in instance._grupos if g not in presentes) | {
            g for g in presentes if lidos[g]
        }
        instance._candidato_importado = {
            c.atributo: lidos[c.nome] for c in colunas.DO_CANDIDATO if c.obrigatoria or lidos.get(c.nome)
        }

    # ------------------------------------------------------------------ o que a linha muda

    def candidato_do_arquivo(self, dados: dict) -> tuple[Candidato, list[str]]:
        """O candidato do CPF (o já cadastrado ou um novo, ainda sem gravar) com os dados da linha, e
        os campos que a linha mudou (um candidato pode ter inscrições em vários editais)."""
        candidato = self.candidatos.get(dados["cpf"]) or Candidato(cpf=dados["cpf"])
        mudaram = [campo for campo, valor in dados.items() if getattr(candidato, campo) != valor]
        for campo in mudaram:
            setattr(candidato, campo, dados[campo])
        self.candidatos[candidato.cpf] = candidato
        return candidato, mudaram

    def mudancas_de_opcoes(self, instance) -> tuple[list[str], list[OpcaoDeGrupo]]:
        """Os grupos das opções a criar (pendentes) e as opções a apagar; as mantidas não mudam."""
        atuais = self.opcoes.get(instance.pk, {}) if instance.pk else {}
        novas = [g for g in instance._grupos_presentes if g in instance._grupos and g not in atuais]
        retiradas = [atuais[g] for g in instance._grupos_presentes if g not in instance._grupos and g in atuais]
        return novas, retiradas
