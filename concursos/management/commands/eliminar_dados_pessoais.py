"""``eliminar_dados_pessoais [EDITAL] [--executar] [--usuario U]``: anonimiza os dados pessoais dos
não nomeados de cada concurso cuja validade e prazo de guarda (``PRAZO_DE_GUARDA_EM_ANOS``, padrão 5
anos) terminaram (``services.eliminacao``). Sem ``--executar`` é uma **simulação**: relata o que
faria e não muda nada. Com ``--executar``, cada edital numa transação, com o termo de eliminação
guardado (e impresso em PDF no admin, *Termos de eliminação de dados pessoais*)."""

from django.core.management.base import BaseCommand, CommandError

from comum import relogio
from concursos.management.commands.gerar_resultado import buscar_edital
from concursos.management.usuarios import usuario_do_comando
from concursos.services.eliminacao import ErroDaEliminacao, editais_vencidos, eliminar_dados_pessoais


class Command(BaseCommand):
    help = (
        "Anonimiza os dados pessoais dos não nomeados dos concursos com a guarda vencida "
        "(simulação por padrão; --executar para valer)."
    )

    def add_arguments(self, parser):
        parser.add_argument("edital", nargs="?", help='só este edital, "número/ano" (padrão: todos os vencidos)')
        parser.add_argument("--executar", action="store_true", help="executa de fato (sem ele, só relata)")
        parser.add_argument("--usuario", help="quem executa (padrão: o primeiro superusuário)")

    def handle(self, *args, **options):
        usuario = usuario_do_comando(options["usuario"], ["concursos.eliminar_dados_pessoais"])
        hoje, executar = relogio.hoje(), options["executar"]
        editais = [buscar_edital(options["edital"])] if options["edital"] else editais_vencidos(hoje)
        if not editais:
            self.stdout.write("Nenhum concurso com a validade e o prazo de guarda vencidos.")
            return
        if not executar:
            self.stdout.write("SIMULAÇÃO: nada será alterado. Use --executar para eliminar de fato.")
        for edital in editais:
            try:
                relatorio = eliminar_dados_pessoais(edital, por=usuario, hoje=hoje, executar=executar)
            except ErroDaEliminacao as erro:
                raise CommandError(str(erro)) from erro
            self.stdout.write(self._resumo(relatorio))

    def _resumo(self, r) -> str:
        verbo = "anonimizadas" if r.executada else "seriam anonimizadas"
        linhas = [
            f"Edital {r.edital} (guarda até {r.fim_da_guarda:%d/%m/%Y}): {r.pessoas} pessoa(s) {verbo} "
            f"({r.inscricoes} inscrição(ões)); {len(r.mantidas)} inscrição(ões) mantida(s).",
            *(f"  mantida {m['inscricao']}: {m['motivo']}" for m in r.mantidas),
            *(f"  {h['registro']}: hash original {h['hash_original']}" for h in r.registros_congelados),
            *(f"  linhas em {tabela}: {n}" for tabela, n in sorted(r.linhas.items())),
            *(f"  arquivo privado apagado: {a}" for a in r.arquivos),
        ]
        if r.termo is not None:
            linhas.append(f"  Termo de eliminação nº {r.termo.pk} guardado (PDF, SHA-256 {r.termo.hash_do_pdf}).")
        return "\n".join(linhas)
