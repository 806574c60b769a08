"""``exportar_cenario EDITAL CARGO``: as entradas do cargo como cenário ``cotas-cenario/1``.

Com o arquivo, um auditor reproduz o resultado sem acesso ao banco:

    python manage.py exportar_cenario 1/2025 GM > gm.json
    python manage.py simular_cotas gm.json

Sem ``--versao`` saem as entradas atuais (as da próxima versão a ser gerada); com ``--versao N``,
as entradas gravadas na versão N do resultado (as de um resultado já publicado, por exemplo).
"""

import json

from django.core.management.base import BaseCommand, CommandError

from concursos.adapters import cenario_do_cargo
from concursos.models import Cargo

from .gerar_resultado import buscar_edital


class Command(BaseCommand):
    help = "Imprime as entradas de um cargo como cenário JSON (cotas-cenario/1), para o simular_cotas."

    def add_arguments(self, parser):
        parser.add_argument("edital", help='número/ano do edital, por exemplo "1/2025"')
        parser.add_argument("cargo", help="código do cargo (por exemplo GM) ou o nome exato")
        parser.add_argument("--versao", type=int, help="as entradas gravadas nesta versão do resultado")

    def handle(self, *args, **options):
        cargo = buscar_cargo(buscar_edital(options["edital"]), options["cargo"])
        if options["versao"] is None:
            cenario = cenario_do_cargo(cargo)
        else:
            resultado = cargo.resultados.filter(versao=options["versao"]).first()
            if resultado is None:
                raise CommandError(f"O cargo {cargo.nome} não tem a versão {options['versao']} do resultado.")
            cenario = resultado.cenario
        self.stdout.write(json.dumps(cenario, ensure_ascii=False, indent=2))


def buscar_cargo(edital, texto: str) -> Cargo:
    """O cargo pelo código ou, se nenhum tiver esse código, pelo nome exato."""
    cargo = edital.cargos.filter(codigo=texto).first()
    if cargo is not None:
        return cargo
    por_nome = list(edital.cargos.filter(nome=texto))
    if len(por_nome) == 1:
        return por_nome[0]
    if por_nome:
        codigos = ", ".join(c.codigo for c in por_nome)
        raise CommandError(f"Há mais de um cargo {texto!r} no edital {edital}; use o código ({codigos}).")
    disponiveis = "; ".join(f"{c.codigo} ({c.nome})" for c in edital.cargos.order_by("codigo"))
    raise CommandError(f"Cargo {texto!r} não encontrado no edital {edital}. Cargos: {disponiveis or 'nenhum'}.")
