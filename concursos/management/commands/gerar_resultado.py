"""``gerar_resultado EDITAL [--json] [--publicar --diario-oficial "EDIÇÃO;DATA;PÁGINA"] [--usuario U]
[--tempos]``: nova versão do resultado de cada cargo do edital, numa só transação
(``services.gerar_resultados_do_edital``).

Com ``--tempos``, escreve na saída de erro quanto tempo levaram a leitura do banco, o motor, a
gravação e a confirmação da transação (usado por ``bench/bench_gerar_resultado.py``).

Com ``--publicar`` é tudo ou nada: se algum cargo sai provisório (verificações pendentes ou empates
sem sorteio), nenhum é publicado e nem as novas versões ficam gravadas; a mensagem, na saída de
erro, nomeia cada cargo com as pendências e os empates, e o comando sai com código 1. Publicar pede
onde saiu, como na tela: ``--diario-oficial "2.345;05/06/2025;7"`` (edição, data e página do Diário
Oficial do Município; a data nem anterior à geração, isto é, hoje, nem futura).
"""

import itertools
import json
import re
import time
from contextlib import nullcontext
from datetime import datetime

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

import cotas
from concursos import services
from concursos.diario_oficial import DiarioOficial
from concursos.fases import medir_fases
from concursos.management.usuarios import usuario_do_comando
from concursos.models import Edital, Resultado

FORMATO_DO_EDITAL = re.compile(r"^\s*(\d+)\s*/\s*(\d{4})\s*$")


class Command(BaseCommand):
    help = "Gera uma nova versão do resultado de todos os cargos de um edital (e, com --publicar, publica)."

    def add_arguments(self, parser):
        parser.add_argument("edital", help='número/ano do edital, por exemplo "1/2025"')
        parser.add_argument("--json", action="store_true", help="imprime só o JSON dos resultados na saída padrão")
        parser.add_argument("--publicar", action="store_true", help="publica todos (recusa se algum for provisório)")
        parser.add_argument(
            "--diario-oficial",
            metavar="EDIÇÃO;DATA;PÁGINA",
            help='com --publicar, onde saiu: edição, data (dd/mm/aaaa) e página, por exemplo "2.345;05/06/2025;7"',
        )
        parser.add_argument("--usuario", help="quem gera/publica (padrão: o primeiro superusuário)")
        parser.add_argument("--tempos", action="store_true", help="escreve na saída de erro o tempo de cada fase")

    def handle(self, *args, **options):
        edital = buscar_edital(options["edital"])
        usuario = _usuario(options["usuario"], publicar=options["publicar"])
        diario_oficial = _diario_oficial(options["diario_oficial"]) if options["publicar"] else None
        if not edital.cargos.exists():
            raise CommandError(f"O edital {edital} não tem cargos.")
        inicio = time.perf_counter()
        with medir_fases() if options["tempos"] else nullcontext() as tempos:
            with transaction.atomic():
                try:
                    resultados = services.gerar_resultados_do_edital(
                        edital, por=usuario, motivo="Comando gerar_resultado"
                    )
                except (cotas.ErroDeCotas, ValidationError) as erro:
                    raise CommandError(f"Resultado do edital {edital} não gerado: {_texto(erro)}") from erro
                if options["publicar"]:
                    resultados = _publicar_todos(edital, resultados, usuario, diario_oficial)
                marcas = [inicio, time.perf_counter()]
        marcas.append(time.perf_counter())
        if options["json"]:
            saida = {
                "edital": str(edital),
                "cargos": [{"cargo": r.cargo.nome, "resultado": r.saida} for r in resultados],
            }
            self.stdout.write(json.dumps(saida, ensure_ascii=False, indent=2))
        else:
            self._resumo(edital, resultados, usuario)
        if tempos is not None:
            self._tempos(
                tempos, *(depois - antes for antes, depois in itertools.pairwise(marcas + [time.perf_counter()]))
            )

    def _tempos(self, fases, gerar: float, confirmar: float, resumir: float) -> None:
        """Uma linha na saída de erro: as fases do serviço (parede e CPU) e o que ficou fora delas."""
        partes = [f"{nome} {fases.parede[nome]:.3f} s (CPU {fases.cpu[nome]:.3f} s)" for nome in fases.parede]
        partes += [f"outros {gerar - sum(fases.parede.values()):.3f} s", f"confirmação {confirmar:.3f} s"]
        partes.append(f"resumo {resumir:.3f} s")
        self.stderr.write("Tempos: " + "; ".join(partes))

    def _resumo(self, edital, resultados, usuario):
        self.stdout.write(f"{edital.identificacao} — resultados gerados por {usuario.get_username()}")
        ordem = [grupo["grupo"] for grupo in edital.parametros_do_regime.get("grupos", [])]
        resumos = _resumos(resultados)
        for resultado in resultados:
            quadro, pendencias, empates = resumos[resultado.pk]
            reservadas = _reservadas(quadro["reservadas"], ordem)
            situacao = "PROVISÓRIO" if resultado.provisorio else resultado.get_status_display().lower()
            self.stdout.write(
                f"  {resultado.cargo.codigo} — {resultado.cargo.nome}: versão {resultado.versao}, {situacao}; "
                f"{quadro['vagas']} {'vaga' if quadro['vagas'] == 1 else 'vagas'} (ampla {quadro['ampla']}, {reservadas}); "
                f"pendências: {_lista(pendencias, 'nenhuma')}; empates: {_empates(empates)}"
            )


def _reservadas(reservadas: dict, ordem: list[str]) -> str:
    """``negros 4, pcd 2``: na ordem dos grupos do regime (o jsonb do PostgreSQL reordena as chaves)."""
    nomes = [grupo for grupo in ordem if grupo in reservadas] + sorted(set(reservadas) - set(ordem))
    return ", ".join(f"{grupo} {reservadas[grupo]}" for grupo in nomes)


def _resumos(resultados) -> dict:
    """Quadro, pendências e empates de cada versão, numa consulta só e sem carregar a saída
    inteira (as listas de um edital grande têm milhões de inscrições)."""
    return {
        pk: (quadro, pendencias, empates)
        for pk, quadro, pendencias, empates in Resultado.objects.filter(pk__in=[r.pk for r in resultados]).values_list(
            "pk", "saida__quadro", "saida__pendencias", "saida__empates"
        )
    }


def buscar_edital(texto: str) -> Edital:
    """O edital escrito como ``número/ano`` (``1/2025``)."""
    encontrado = FORMATO_DO_EDITAL.match(texto or "")
    if not encontrado:
        raise CommandError(f"Edital inválido: {texto!r}. Escreva número/ano, por exemplo 1/2025.")
    numero, ano = map(int, encontrado.groups())
    edital = Edital.objects.filter(numero=numero, ano=ano).first()
    if edital is None:
        existentes = ", ".join(str(e) for e in Edital.objects.all()) or "nenhum"
        raise CommandError(f"Edital {numero}/{ano} não encontrado. Editais cadastrados: {existentes}.")
    return edital


def _usuario(username: str | None, *, publicar: bool):
    return usuario_do_comando(
        username, ["concursos.gerar_resultado"] + (["concursos.publicar_resultado"] if publicar else [])
    )


def _diario_oficial(texto: str | None) -> DiarioOficial:
    """``EDIÇÃO;DD/MM/AAAA;PÁGINA``; o serviço confere o resto (a data contra a geração e hoje)."""
    partes = [parte.strip() for parte in (texto or "").split(";")]
    try:
        edicao, quando, pagina = partes
        dia = datetime.strptime(quando, "%d/%m/%Y").date()
    except ValueError:
        raise CommandError(
            'Publicar pede onde o resultado saiu: --diario-oficial "EDIÇÃO;DD/MM/AAAA;PÁGINA", '
            'por exemplo "2.345;05/06/2025;7".'
        ) from None
    return DiarioOficial(edicao, dia, pagina)


def _publicar_todos(edital, resultados, usuario, diario_oficial):
    """Publica todos ou nenhum: com um só provisório, desfaz a transação inteira."""
    provisorios = [r for r in resultados if r.provisorio]
    if provisorios:
        linhas = [
            f"  {r.cargo.codigo} — {r.cargo.nome}: pendências: {_lista(r.saida_do_motor.pendencias, 'nenhuma')}; "
            f"empates: {_empates(r.saida_do_motor.empates)}"
            for r in provisorios
        ]
        raise CommandError(
            f"Nada foi publicado nem gravado no edital {edital}: há resultado provisório, que não pode ser "
            "publicado até as verificações e os sorteios terminarem.\n" + "\n".join(linhas)
        )
    try:
        return [services.publicar_resultado(r, por=usuario, diario_oficial=diario_oficial) for r in resultados]
    except ValidationError as erro:
        raise CommandError(f"Nada foi publicado no edital {edital}: {_texto(erro)}") from erro


def _lista(itens, vazio: str) -> str:
    return ", ".join(itens) if itens else vazio


def _empates(empates: list) -> str:
    return "; ".join(" = ".join(grupo) for grupo in empates) or "nenhum"


def _texto(erro) -> str:
    return " ".join(erro.messages) if isinstance(erro, ValidationError) else str(erro)
